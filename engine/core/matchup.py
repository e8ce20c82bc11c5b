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

from engine.core import batch
from engine.core.cards import DeckSpec
from engine.core.errors import InvalidDeck, InvalidOptions
from engine.core.intervals import difference
from engine.core.match_summary import MatchSummary, MatchTally, row_of
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
    games: int,
    seed: int,
    policy: str = "greedy",
    opponent_policy: str = "greedy",
    first: bool | None = None,
    turn_cap: int | None = None,
    processes: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    options: Mapping | None = None,
    opponent_options: Mapping | None = None,
    time_limit: float | None = None,
    label: Mapping | None = None,
) -> dict:
    """The MATCH-1 report of `games` games against each opponent (`label` names the deck
    in the report, as `Opponent.label` names an opponent).

    first None alternates (even-numbered games first, PAD-7.3 / DGM-6.2), True or False
    fixes the deck's order; progress(done, total) counts games over all opponents.
    """
    if games < 1:
        raise InvalidOptions("games must be at least 1.")
    if not opponents:
        raise InvalidOptions("A matchup needs at least one opponent.")
    deadline = None if time_limit is None else time.monotonic() + time_limit
    summaries = []
    for number, opponent in enumerate(opponents):
        recipe = _recipe(
            deck, opponent.deck, policy, opponent_policy, turn_cap, options, opponent_options
        )
        done = number * games

        def step(played: int, _total: int, done: int = done) -> None:
            if progress:
                progress(done + played, games * len(opponents))

        summaries.append(
            batch.run_recipe(
                recipe,
                games=games,
                seed=seed,
                going_first=first,
                processes=processes,
                progress=step,
                deadline=deadline,
            )
        )
    cap = turn_cap if turn_cap is not None else default_turn_cap(deck.game)
    head = {"game": deck.game, "games": games, "seed": seed, "policy": policy}
    head.update(opponent_policy=opponent_policy, first=first, turn_cap=cap)
    return _report(head, label or {}, summaries, opponents)


def compare_decks(decks: Sequence[DeckSpec], opponents: Sequence[Opponent], **kwargs) -> dict:
    """Decks A and B against the same opponents with the same seeds (MATCH-1): both
    reports and the difference of win rates A − B, overall and per opponent."""
    if len(decks) != 2:
        raise InvalidOptions("A comparison takes exactly two decks.")
    progress = kwargs.pop("progress", None)
    time_limit = kwargs.pop("time_limit", None)
    deadline = None if time_limit is None else time.monotonic() + time_limit
    reports = []
    for number, deck in enumerate(decks):

        def step(played: int, total: int, number: int = number) -> None:
            if progress:
                progress(number * total + played, 2 * total)

        left = None if deadline is None else max(0.001, deadline - time.monotonic())
        reports.append(run_matchup(deck, opponents, progress=step, time_limit=left, **kwargs))
    a, b = reports
    return {
        "game": a["game"],
        "games": a["games"],
        "seed": a["seed"],
        "decks": reports,
        "difference": _difference(a, b),
        "opponents": [
            {"opponent": row_a["opponent"], "difference": _difference(row_a, row_b)}
            for row_a, row_b in zip(a["opponents"], b["opponents"], strict=True)
        ],
    }


def _difference(a: Mapping, b: Mapping) -> dict:
    result = difference(a["wins"], a["games"], b["wins"], b["games"])
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


def _report(head: dict, label: Mapping, summaries: list, opponents: Sequence[Opponent]) -> dict:
    names = summaries[0].card_names
    total = MatchTally(len(names))
    orders = {True: MatchTally(len(names)), False: MatchTally(len(names))}
    rows = []
    for summary, opponent in zip(summaries, opponents, strict=True):
        for order in (True, False):
            orders[order].merge(summary.orders[order])
            total.merge(summary.orders[order])
        rows.append(
            {
                "opponent": {
                    **opponent.label,
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
