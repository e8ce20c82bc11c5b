"""What the deck panels show (entries, validation, statistics, odds): shared by the deck
page and the builder.
"""

from __future__ import annotations

from cards import vocabulary as v
from decks.decklist import export_deck_list
from decks.models import DECK, SIDE, TEAM, Deck
from decks.odds import OPENING_HANDS
from decks.rules import EntryInput, rules_for
from decks.rules.pad import TEAM_SIZE
from decks.stats import deck_statistics
from decks.templatetags.deck_tags import deck_charts, longest_chains
from decks.views.common import DEFAULT_TURN


def _zone_groups(game: str, entries: list, *, side: bool = False) -> list[dict]:
    """Entries by zone (the PAD team first, the sideboard last), then by kind, each with
    its count. The sideboard shows when it holds cards, or always with `side` (builder)."""
    zones = [TEAM, DECK] if game == v.PAD else [DECK]
    zones += sorted({e.zone for e in entries} - {*zones, SIDE})  # a team in a Digimon deck shows
    if side or any(e.zone == SIDE for e in entries):
        zones.append(SIDE)
    groups = []
    for zone in zones:
        rows = [e for e in entries if e.zone == zone]
        kinds = []
        for kind in v.KINDS_BY_GAME[game]:
            of_kind = [e for e in rows if e.card.kind == kind]
            if of_kind:
                kinds.append({"kind": kind, "entries": of_kind, "count": _total(of_kind)})
        others = [e for e in rows if e.card.kind not in v.KINDS_BY_GAME[game]]
        if others:
            kinds.append({"kind": "", "entries": others, "count": _total(others)})
        groups.append({"zone": zone, "kinds": kinds, "count": _total(rows)})
    return groups


def _total(entries) -> int:
    return sum(e.quantity for e in entries)


def _targets(game: str) -> dict:
    rules = rules_for(game)
    return {
        "deck_min": rules.deck_min,
        "deck_max": rules.deck_max,
        "team": TEAM_SIZE if game == v.PAD else None,
    }


def _odds_rows(stats: dict, turn: int) -> list[dict]:
    rows = []
    for item in stats["draw_odds"]:
        by_turn = item["odds"]["by_turn"]
        rows.append(
            {
                **item,
                "opening": item["odds"]["opening"],
                "by_turn": by_turn[turn - 1]["at_least"] if len(by_turn) >= turn else None,
                "seen": by_turn[turn - 1]["seen"] if len(by_turn) >= turn else None,
            }
        )
    return rows


def deck_panels_context(deck: Deck, turn: int = DEFAULT_TURN, *, side: bool = False) -> dict:
    """The entries, validation, statistics and odds of a deck, in a bounded number of
    queries: one for the entries and their cards, at most one more inside the statistics."""
    entries = list(
        deck.entries.select_related("card", "card__evolves_from").order_by(
            "card__number_sort", "card_id", "zone"
        )
    )
    cards = {e.card_id: e.card for e in entries}
    inputs = [EntryInput(card_id=e.card_id, quantity=e.quantity, zone=e.zone) for e in entries]
    verdict = rules_for(deck.game)(cards).validate(inputs)
    stats = deck_statistics(deck.game, entries, turns=turn)
    quantities = {(e.card_id, e.zone): e.quantity for e in entries}
    return {
        "deck": deck,
        "entries": entries,
        "groups": _zone_groups(deck.game, entries, side=side),
        "quantities": quantities,
        "verdict": verdict,
        "targets": _targets(deck.game),
        "stats": stats,
        "charts": deck_charts(stats),
        "chains": longest_chains(stats["evolution"]),
        "turn": turn,
        "turns": range(1, 11),
        "odds": _odds_rows(stats, turn),
        "opening_hand": OPENING_HANDS[deck.game],
        "export_text": export_deck_list(entries, deck.game) if entries else "",
        "is_pad": deck.game == v.PAD,
    }
