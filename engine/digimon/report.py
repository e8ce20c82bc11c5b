"""Batch tallies and the report JSON of a Digimon batch.

Keys, in order — the ones shared with PAD first: `game`, `games`, `seed`, `policy`,
`turns_to_win` {mean, median, p10, p90, histogram, not_won} (**rounds** to win: the round
after which the opponent is at 0 points), `combos_per_turn` {mean, histogram (rounds with
0, 1, … combo cards completed), per_colour: {} (PAD's orb colours; kept so clients can
rely on the key)}, `not_simulated`; then `going_first` ("first" | "second" | "both"),
`turn_cap` (rounds), `opponent` {name, level, battle_type, power, lost_points,
lost_points_assumed, guard_assumed}, `level_iii` (the card the policy puts in the box,
DGM-3.1), `assumed_requirements`, `assumed_lost_points` and `assumed_guards` (deck cards
played with the defaults of engine/digimon/cards.py; DGM-4.9 for the guards),
`rounds_played`, `level_first_reached` {IV, perfect, ultimate: {share_of_games (reached
at all), mean, median, p10, p90 (over those games), histogram (games per round)}},
`evolutions` {per_game, per_round, by_level {IV, perfect, ultimate: per game}},
`evolution_failures` {per_game, by_reason {net_ocean, requirement, no_base, gave_up:
counts}}, `battles` {won, lost, tied, stopped (counts of rounds), shares {same, over
rounds played}}, `points_lost_per_round` {player, opponent: {mean, histogram}},
`lifespan_reshuffles` {per_game, share_of_games}, `opening` {second_level_iii,
usable_evolution: share of opening hands (DGM-3.3) with another Level III, and with a
Digimon that evolves from the box's Level III}, and with both orders `by_order` {first,
second} with the same blocks.

Histograms are counts; means and shares are rounded to 4 places.
"""

from __future__ import annotations

from collections import Counter

from engine.core import stats
from engine.core.summary import OrderedSummary
from engine.digimon.cards import LEVELS
from engine.digimon.rules import FAILURES, OUTCOMES

COMBO_BUCKETS = 4  # 0 … 3 completed combos: the three option slots


class Tally:
    __slots__ = (
        "games",
        "rounds",
        "won",
        "combos",
        "lost",
        "dealt",
        "outcomes",
        "reached",
        "evolutions",
        "failures",
        "reshuffles",
        "reshuffle_games",
        "second",
        "usable",
    )

    def __init__(self):
        self.games = self.rounds = 0
        self.won: Counter = Counter()
        self.combos: Counter = Counter()
        self.lost: Counter = Counter()
        self.dealt: Counter = Counter()
        self.outcomes = [0, 0, 0, 0]
        self.reached = [Counter() for _ in LEVELS]  # round first reached, per level
        self.evolutions = [0, 0, 0, 0]
        self.failures = [0, 0, 0, 0]
        self.reshuffles = self.reshuffle_games = 0
        self.second = self.usable = 0

    def add(self, result) -> None:
        self.games += 1
        if result.won:
            self.won[result.turns] += 1
        per_turn, extra = result.per_turn, result.extra
        self.rounds += len(per_turn["lost"])
        self.combos.update(per_turn["combos"])
        self.lost.update(per_turn["lost"])
        self.dealt.update(per_turn["dealt"])
        for index, count in enumerate(extra["outcomes"]):
            self.outcomes[index] += count
        for level, first in enumerate(extra["first_reached"]):
            if first:
                self.reached[level][first] += 1
        for index, count in enumerate(extra["evolutions"]):
            self.evolutions[index] += count
        for index, count in enumerate(extra["failures"]):
            self.failures[index] += count
        reshuffles = result.totals["reshuffles"]
        self.reshuffles += reshuffles
        self.reshuffle_games += reshuffles > 0
        opening = extra["opening"]
        self.second += opening & 1
        self.usable += opening >> 1 & 1

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.rounds += other.rounds
        for name in ("won", "combos", "lost", "dealt"):
            getattr(self, name).update(getattr(other, name))
        for name in ("outcomes", "evolutions", "failures"):
            mine = getattr(self, name)
            for index, count in enumerate(getattr(other, name)):
                mine[index] += count
        for mine, theirs in zip(self.reached, other.reached, strict=True):
            mine.update(theirs)
        self.reshuffles += other.reshuffles
        self.reshuffle_games += other.reshuffle_games
        self.second += other.second
        self.usable += other.usable


class DigimonSummary(OrderedSummary):
    """Tallies per order (attacking first / second in round 1); a `Summary`."""

    game = "digimon"

    def __init__(self, prepared):
        self.header = prepared.report_header()
        super().__init__(prepared, prepared.policy_name)

    def new_tally(self) -> Tally:
        return Tally()

    def blocks(self, tally: Tally) -> dict:
        games, rounds = tally.games, tally.rounds
        top = max([COMBO_BUCKETS - 1, *tally.combos])
        return {
            "turns_to_win": stats.turns_to_win(tally.won, games),
            "combos_per_turn": {
                "mean": stats.share(sum(k * n for k, n in tally.combos.items()), rounds),
                "histogram": stats.histogram_json(tally.combos, range(top + 1)),
                "per_colour": {},
            },
            "rounds_played": rounds,
            "level_first_reached": {
                LEVELS[level]: stats.first_reached(tally.reached[level], games)
                for level in (1, 2, 3)
            },
            "evolutions": {
                "per_game": stats.share(sum(tally.evolutions), games),
                "per_round": stats.share(sum(tally.evolutions), rounds),
                "by_level": {
                    LEVELS[level]: stats.share(tally.evolutions[level], games)
                    for level in (1, 2, 3)
                },
            },
            "evolution_failures": {
                "per_game": stats.share(sum(tally.failures), games),
                "by_reason": dict(zip(FAILURES, tally.failures, strict=True)),
            },
            "battles": {
                **dict(zip(OUTCOMES, tally.outcomes, strict=True)),
                "shares": {
                    name: stats.share(count, rounds)
                    for name, count in zip(OUTCOMES, tally.outcomes, strict=True)
                },
            },
            "points_lost_per_round": {
                "player": _per_round(tally.lost),
                "opponent": _per_round(tally.dealt),
            },
            "lifespan_reshuffles": {
                "per_game": stats.share(tally.reshuffles, games),
                "share_of_games": stats.share(tally.reshuffle_games, games),
            },
            "opening": {
                "second_level_iii": stats.share(tally.second, games),
                "usable_evolution": stats.share(tally.usable, games),
            },
        }


def _per_round(hist: Counter) -> dict:
    return {"mean": stats.histogram_mean(hist), "histogram": stats.histogram_json(hist)}
