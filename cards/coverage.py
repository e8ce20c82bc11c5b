"""How complete the catalogue is, and how much of what it prints the simulator runs (issue
13): the figures of `manage.py catalogue_report` and of the README.

Per game: the cards by set and kind, by verification level, how many carry data issues;
the effects the engine simulates — PAD: cards that print an effect (its text known or
not); Digimon: options and combos, and Digimon whose special or support ability, whose
text is known — and, for Digimon, how many have their lost points and evolution
requirement known. "Simulated" is the engine's own verdict (`cards.simulation.verdict`:
every step supported), so the figures move with the engines.
"""

from __future__ import annotations

from collections import Counter

from cards import vocabulary as v
from cards.models import Card
from cards.selectors import load_children
from cards.simulation import NO_EFFECT, NO_TEXT, SIMULATED, verdict


def _percent(part: int, whole: int) -> float:
    return round(100 * part / whole, 1) if whole else 0.0


def _effects(rows: list[tuple[Card, object]]) -> dict:
    simulated = [card for card, found in rows if found.status == SIMULATED]
    return {
        "cards": len(rows),
        "simulated": len(simulated),
        "percent": _percent(len(simulated), len(rows)),
    }


def _counted(cards: list[Card]) -> dict:
    by_set: dict[str, Counter] = {}
    for card in cards:
        by_set.setdefault(card.card_set.code, Counter())[card.kind] += 1
    return {
        "cards": len(cards),
        "by_set": {code: dict(sorted(kinds.items())) for code, kinds in sorted(by_set.items())},
        "by_verification": {
            level: count
            for level in v.values(v.VERIFICATIONS)
            if (count := sum(card.verification == level for card in cards))
        },
        "data_issues": sum(bool(card.data_issues) for card in cards),
    }


def _not_simulated(rows) -> list[dict]:
    return [
        {"number": card.number, "name": card.name, "reason": found.reason}
        for card, found in rows
        if found.status != SIMULATED
    ]


def game_report(game: str) -> dict:
    """The figures of one game (see the module docstring)."""
    from engine.convert import card_spec

    cards = load_children(list(Card.objects.filter(game=game).select_related("card_set")))
    report = _counted(cards)
    judged = [(card, verdict(card_spec(card))) for card in cards]
    if game == v.PAD:
        printing = [(card, found) for card, found in judged if found.status != NO_EFFECT]
        report["effects"] = _effects(printing)
        report["not_simulated"] = _not_simulated(printing)
        return report
    texts = [
        (card, found)
        for card, found in judged
        if card.kind in (v.OPTION, v.COMBO) and found.status not in (NO_TEXT, NO_EFFECT)
    ]
    abilities = [
        (card, found)
        for card, found in judged
        if card.kind == v.DIGIMON_CARD and (card.special_ability or card.support)
    ]
    digimon = [card for card in cards if card.kind == v.DIGIMON_CARD]
    evolving = [card for card in digimon if card.level != "III"]  # DGM-4.3: III needs none
    report["effects"] = {
        "options_and_combos": _effects(texts),
        "abilities": _effects(abilities),
        "total": _effects(texts + abilities),
        "options_and_combos_without_text": sum(
            card.kind in (v.OPTION, v.COMBO) and found.status == NO_TEXT for card, found in judged
        ),
    }
    report["digimon"] = {
        "cards": len(digimon),
        "lost_points_known": sum(
            any(value is not None for value in card.lost_points.values()) for card in digimon
        ),
        "above_level_iii": len(evolving),
        "requirement_known": sum(
            card.evo_circles is not None or card.evo_crosses is not None or bool(card.evo_other)
            for card in evolving
        ),
    }
    report["not_simulated"] = _not_simulated(
        [(card, found) for card, found in judged if found.status not in (NO_EFFECT,)]
    )
    return report


def catalogue_report() -> dict:
    return {game: game_report(game) for game in v.values(v.GAMES)}


def report_lines(report: dict, *, verbose: bool = False) -> list[str]:
    """The report as text, one figure a line."""
    lines = []
    for game, figures in report.items():
        lines.append(f"{game}: {figures['cards']} cards, {figures['data_issues']} with data issues")
        for code, kinds in figures["by_set"].items():
            lines.append(f"  {code}: " + ", ".join(f"{n} {kind}" for kind, n in kinds.items()))
        levels = ", ".join(f"{n} {level}" for level, n in figures["by_verification"].items())
        lines.append(f"  verification: {levels}")
        effects = figures["effects"]
        if game == v.PAD:
            lines.append(
                f"  effects: {effects['simulated']} of the {effects['cards']} cards that print "
                f"an effect simulated ({effects['percent']} %)"
            )
        else:
            for key, what in (
                ("options_and_combos", "options and combos whose text is known"),
                ("abilities", "Digimon with a special or support ability"),
                ("total", "of both"),
            ):
                part = effects[key]
                if not part["cards"]:
                    lines.append(f"  effects: no {what} known")
                    continue
                lines.append(
                    f"  effects: {part['simulated']} of the {part['cards']} {what} simulated "
                    f"({part['percent']} %)"
                )
            lines.append(
                f"  options and combos without known text: "
                f"{effects['options_and_combos_without_text']}"
            )
            known = figures["digimon"]
            lines.append(
                f"  Digimon: {known['lost_points_known']} of {known['cards']} with lost points "
                f"known; {known['requirement_known']} of the {known['above_level_iii']} above "
                f"Level III with their evolution requirement known"
            )
        lines.append(f"  not simulated: {len(figures['not_simulated'])}")
        if verbose:
            for row in figures["not_simulated"]:
                lines.append(f"    {row['number']} {row['name']} — {row['reason']}")
    return lines
