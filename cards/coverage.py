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
from cards.consistency import pad_chain_findings
from cards.conversion.pad_chain import is_check_issue
from cards.conversion.pad_effect_rules import READING_SOURCE
from cards.conversion.pad_scans import UNREADABLE_NOTE
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
        "data_issues_by_kind": _issue_kinds(cards),
        "data_issues_by_field": dict(
            sorted(Counter(i["field"] for card in cards for i in card.data_issues or []).items())
        ),
    }


# How a data issue came about, for the report (issue 26).
ISSUE_KINDS = (
    ("evolution contradiction", "a stage, link or ultimate requirement contradicts the chain"),
    ("unreadable on the scan", "a field the scan could not be read for keeps the list's value"),
    ("effect reading", "the effect parser read the text against its wording"),
    ("sources disagree", "two sources say different things"),
)


def issue_kind(issue: dict) -> str:
    if is_check_issue(issue):
        return "evolution contradiction"
    if UNREADABLE_NOTE in (issue.get("note") or ""):
        return "unreadable on the scan"
    if any(value.get("source") == READING_SOURCE for value in issue.get("values", [])):
        return "effect reading"
    return "sources disagree"


def _issue_kinds(cards: list[Card]) -> dict[str, int]:
    found = Counter(issue_kind(issue) for card in cards for issue in card.data_issues or [])
    return {kind: found[kind] for kind, _ in ISSUE_KINDS if found[kind]}


def _scan_figures(cards: list[Card]) -> dict:
    """What the readings of the printed scans did to the catalogue (issue 26)."""
    checked = [card for card in cards if card.scan_check]
    corrections = [c for card in checked for c in card.scan_check.get("corrections") or []]
    return {
        "checked": len(checked),
        "added": sum(bool(card.scan_check.get("added")) for card in checked),
        "cards_corrected": sum(bool(card.scan_check.get("corrections")) for card in checked),
        "corrections": len(corrections),
        "corrections_by_field": dict(
            sorted(Counter(correction["field"] for correction in corrections).items())
        ),
        "with_unreadable_fields": sum(bool(card.scan_check.get("unreadable")) for card in checked),
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
        report["scans"] = _scan_figures(cards)
        findings = pad_chain_findings()
        flagged = {
            card.pk
            for card in cards
            if any(is_check_issue(issue) for issue in card.data_issues or [])
        }
        report["evolution_contradictions"] = {
            "cards": len(findings),
            "not_flagged": sorted(
                card.number for card in cards if card.pk in set(findings) - flagged
            ),
        }
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


def _scan_lines(figures: dict) -> list[str]:
    scans = figures["scans"]
    lines = [
        f"  scans: {scans['checked']} cards read from their printed scans, "
        f"{scans['added']} of them added (the fan list lacks them), "
        f"{scans['with_unreadable_fields']} with a field that could not be read"
    ]
    by_field = ", ".join(f"{n} {field}" for field, n in scans["corrections_by_field"].items())
    lines.append(
        f"  fields corrected by the scans: {scans['corrections']} on {scans['cards_corrected']} "
        f"cards" + (f" ({by_field})" if by_field else "")
    )
    contradictions = figures["evolution_contradictions"]
    unflagged = contradictions["not_flagged"]
    lines.append(
        f"  evolution contradictions: {contradictions['cards']} pets"
        + (f", not flagged as data issues: {', '.join(unflagged)}" if unflagged else "")
    )
    return lines


def report_lines(report: dict, *, verbose: bool = False) -> list[str]:
    """The report as text, one figure a line."""
    lines = []
    for game, figures in report.items():
        lines.append(f"{game}: {figures['cards']} cards, {figures['data_issues']} with data issues")
        for code, kinds in figures["by_set"].items():
            lines.append(f"  {code}: " + ", ".join(f"{n} {kind}" for kind, n in kinds.items()))
        levels = ", ".join(f"{n} {level}" for level, n in figures["by_verification"].items())
        lines.append(f"  verification: {levels}")
        if figures["data_issues_by_kind"]:
            kinds = ", ".join(f"{n} {kind}" for kind, n in figures["data_issues_by_kind"].items())
            lines.append(f"  data issues by kind: {kinds}")
        if game == v.PAD:
            lines += _scan_lines(figures)
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
