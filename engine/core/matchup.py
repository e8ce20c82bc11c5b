"""Public, game-neutral entry points of matchups: two decks, both played (PAD-7, DGM-6).

    from engine.core.matchup import Opponent, play_match, run_matchup, compare_decks

`run_matchup` plays `games` games of the deck against each opponent (game i seeded
`game_seed(seed, i)`, the same seeds for every opponent) and returns the MATCH-1 report:
one row per opponent and the total. `compare_decks` runs two decks against the same
opponents with the same seeds and reports the difference of their win rates with its 95 %
interval. Games are deterministic: the same decks, seed and options give the same report,
byte for byte, on any number of processes.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from engine.core.cards import DeckSpec
from engine.core.errors import InvalidDeck, InvalidOptions
from engine.core.intervals import difference, paired
from engine.core.match_summary import MatchSummary, MatchTally, row_of
from engine.core.plan import Plan
from engine.core.recipes import MatchRecipe
from engine.core.registry import discover, get_engine
from engine.core.result import MatchResult

NO_MEASURABLE_DIFFERENCE = "no measurable difference"


@dataclass(frozen=True)
class Opponent:
    """An opponent deck and how reports name it (`label`: JSON-ready, e.g. name and id)."""

    deck: DeckSpec
    label: Mapping = field(default_factory=dict)


def default_turn_cap(game: str) -> int:
    """PAD-7.4: 30 turns each; DGM-6.3: 60 rounds."""
    return get_engine(game).default_match_cap


def play_match(
    deck: DeckSpec,
    opponent: DeckSpec,
    *,
    seed: int,
    policy: str = "greedy",
    opponent_policy: str = "greedy",
    going_first: bool = True,
    turn_cap: int | None = None,
    log: bool = False,
    options: Mapping | None = None,
    opponent_options: Mapping | None = None,
) -> MatchResult:
    """One game of `deck` against `opponent`; `result.log` is its JSON log when asked."""
    recipe = _recipe(deck, opponent, policy, opponent_policy, turn_cap, options, opponent_options)
    return recipe.prepare().play(seed, going_first, log)


def run_matchup(
    deck: DeckSpec,
    opponents: Sequence[Opponent],
    *,
    processes: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    time_limit: float | None = None,
    **settings,
) -> dict:
    """The MATCH-1 report of `games` games against each opponent (`label` names the deck
    in the report, as `Opponent.label` names an opponent; see `matchup_plan`).

    first None alternates (even-numbered games first, PAD-7.3 / DGM-6.2), True or False
    fixes the deck's order; progress(done, total) counts games over all opponents.
    """
    plan = matchup_plan(deck, opponents, **settings)
    return plan.run(processes=processes, progress=progress, deadline=_deadline(time_limit))


def compare_decks(
    decks: Sequence[DeckSpec],
    opponents: Sequence[Opponent],
    *,
    processes: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    time_limit: float | None = None,
    **settings,
) -> dict:
    """Decks A and B against the same opponents with the same seeds (MATCH-1): both
    reports and the difference of win rates A − B, overall and per opponent."""
    plan = compare_plan(decks, opponents, **settings)
    return plan.run(processes=processes, progress=progress, deadline=_deadline(time_limit))


def matchup_plan(
    deck: DeckSpec,
    opponents: Sequence[Opponent],
    *,
    games: int,
    seed: int,
    policy: str = "greedy",
    opponent_policy: str = "greedy",
    first: bool | None = None,
    turn_cap: int | None = None,
    options: Mapping | None = None,
    opponent_options: Mapping | None = None,
    label: Mapping | None = None,
    card_ids: bool = False,
) -> Plan:
    """The plan of `run_matchup`: one recipe per opponent. `card_ids` gives each card row
    "card", the id of the deck's card of that name (the first by zone and id)."""
    if games < 1:
        raise InvalidOptions("games must be at least 1.")
    if not opponents:
        raise InvalidOptions("A matchup needs at least one opponent.")
    recipes = tuple(
        _recipe(deck, opponent.deck, policy, opponent_policy, turn_cap, options, opponent_options)
        for opponent in opponents
    )
    assembly = _matchup_assembly(
        deck, opponents, games, seed, policy, opponent_policy, first, turn_cap, label, card_ids
    )
    return Plan(recipes, games, seed, first, assembly)


def compare_plan(
    decks: Sequence[DeckSpec],
    opponents: Sequence[Opponent],
    *,
    labels: Sequence[Mapping] | None = None,
    card_ids: bool = False,
    **settings,
) -> Plan:
    """The plan of `compare_decks`: deck A's recipes, then deck B's. `labels` name the
    decks in their reports (over anything the engine puts there)."""
    if len(decks) != 2:
        raise InvalidOptions("A comparison takes exactly two decks.")
    plans = [
        matchup_plan(deck, opponents, label=label, card_ids=card_ids, **settings)
        for deck, label in zip(decks, labels or ({}, {}), strict=True)
    ]
    a, b = plans
    assembly = CompareAssembly(a.assembly, b.assembly, labels is not None)
    return Plan(a.recipes + b.recipes, a.games, a.seed, a.going_first, assembly)


@dataclass(frozen=True)
class MatchupAssembly:
    head: Mapping
    label: Mapping
    opponent_labels: tuple[Mapping, ...]
    card_ids: Mapping[str, int] | None = None

    def report(self, summaries: Sequence) -> dict:
        report = _report(dict(self.head), self.label, summaries, self.opponent_labels)
        if self.card_ids is not None:
            ids = self.card_ids
            report["cards"] = [{"card": ids.get(row["name"]), **row} for row in report["cards"]]
        return report


@dataclass(frozen=True)
class CompareAssembly:
    a: MatchupAssembly
    b: MatchupAssembly
    relabel: bool = False  # the labels win over the engine's own deck keys

    def report(self, summaries: Sequence) -> dict:
        half = len(summaries) // 2
        reports = [self.a.report(summaries[:half]), self.b.report(summaries[half:])]
        if self.relabel:
            for report, assembly in zip(reports, (self.a, self.b), strict=True):
                label = assembly.label
                report["deck"] = {**label, **report["deck"], **label}
        a, b = reports
        won_a = [getattr(summary, "won", {}) for summary in summaries[:half]]
        won_b = [getattr(summary, "won", {}) for summary in summaries[half:]]
        return {
            "game": a["game"],
            "games": a["games"],
            "seed": a["seed"],
            "decks": reports,
            "difference": _difference(a, b, _keyed(won_a), _keyed(won_b)),
            "opponents": [
                {"opponent": row_a["opponent"], "difference": _difference(row_a, row_b, x, y)}
                for row_a, row_b, x, y in zip(
                    a["opponents"], b["opponents"], won_a, won_b, strict=True
                )
            ],
        }


def _matchup_assembly(
    deck, opponents, games, seed, policy, opponent_policy, first, turn_cap, label, card_ids
) -> MatchupAssembly:
    cap = turn_cap if turn_cap is not None else default_turn_cap(deck.game)
    head = {"game": deck.game, "games": games, "seed": seed, "policy": policy}
    head.update(opponent_policy=opponent_policy, first=first, turn_cap=cap)
    ids = None
    if card_ids:
        ids = {}
        for card in (*deck.deck, *deck.team):
            ids.setdefault(card.name, card.id)
    labels = tuple(dict(opponent.label) for opponent in opponents)
    return MatchupAssembly(head, dict(label or {}), labels, ids)


def _deadline(time_limit: float | None) -> float | None:
    return None if time_limit is None else time.monotonic() + time_limit


def _keyed(won: Sequence[dict]) -> dict:
    """Every opponent's games in one dict: (opponent number, seed) → won."""
    return {
        (number, seed): value for number, games in enumerate(won) for seed, value in games.items()
    }


def _difference(a: Mapping, b: Mapping, won_a: dict | None = None, won_b: dict | None = None):
    """A − B: on paired games (DOCTOR-1) when both decks played the same seeds, else
    Newcombe's unpaired interval."""
    result = difference(a["wins"], a["games"], b["wins"], b["games"])
    if won_a and won_b and won_a.keys() == won_b.keys():
        result = paired(won_a, won_b, result)
    if not result["measurable"]:
        result["text"] = NO_MEASURABLE_DIFFERENCE
    return result


def _recipe(deck, opponent, policy, opponent_policy, turn_cap, options, opponent_options):
    discover()
    if opponent.game != deck.game:
        raise InvalidDeck(
            f"Both decks must be of one game: {deck.game!r} against {opponent.game!r}."
        )
    if turn_cap is not None and turn_cap < 1:
        raise InvalidOptions("turn_cap must be at least 1.")
    return MatchRecipe(
        deck,
        opponent,
        policy,
        opponent_policy,
        turn_cap,
        dict(options) if options else None,
        dict(opponent_options) if opponent_options else None,
    )


def _report(head: dict, label: Mapping, summaries: Sequence, opponent_labels: Sequence) -> dict:
    names = summaries[0].card_names
    total = MatchTally(len(names))
    orders = {True: MatchTally(len(names)), False: MatchTally(len(names))}
    rows = []
    for summary, opponent_label in zip(summaries, opponent_labels, strict=True):
        for order in (True, False):
            orders[order].merge(summary.orders[order])
            total.merge(summary.orders[order])
        rows.append(
            {
                "opponent": {
                    **opponent_label,
                    "not_simulated": summary.opponent_not_simulated,
                    **summary.header.get("opponent", {}),
                },
                **summary.row(),
            }
        )
    first: MatchSummary = summaries[0]
    return {
        **head,
        "deck": {**label, "not_simulated": first.not_simulated, **first.header.get("deck", {})},
        **row_of(total, orders[True], orders[False]),
        "cards": total.cards(names),
        "opponents": rows,
    }
