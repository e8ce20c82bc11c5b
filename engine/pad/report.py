"""Batch tallies and the report JSON of a PAD batch.

Keys, in order: `game`, `games`, `seed`, `policy`, `turns_to_win` {mean, median, p10,
p90 — over the games won within the turn cap —, histogram (games won per own turn),
not_won (share of games not won within the cap)}, `combos_per_turn` {mean,
histogram (turns with 0 … 6 combos), per_colour (share of turns with a combo of that
colour)}, `not_simulated` ([{name, reason}]: cards whose printed effect the engine does
not run), then `going_first` ("first" | "second" | "both"), `turn_cap`,
`no_effect_against_goldfish` ([{name, reason}]: simulated cards whose every step acts on
the opponent or waits for its attacks, so does nothing against the goldfish, DGM-5),
`turns_played`, `damage_per_turn` and `attacks_per_turn` {mean, histogram},
`stage_first_reached` {evo1, evo2, evo3, ultimate: {share_of_games (games in which a pet
evolved into that stage at all), mean, median, p10, p90 (of the own turn it first did,
over those games), histogram (games per own turn)}}, `evolutions` {per_game, by_stage
(per game), by_turn (per game), by_stage_and_turn (counts)}, `heals`
and `reshuffles` {per_game, share_of_games}, `opening_next_evolution` {team pet: {dealt:
share of opening hands holding its next evolution, kept: the same after the setup
exchange}}, and with both orders `by_order` {first, second} with the same blocks.

Per-turn figures are over every own turn played (up to the kill turn or the cap); turns
to win count the player's own turns. Histograms are counts; means and shares are rounded
to 4 places.
"""

from __future__ import annotations

from collections import Counter

from engine.core import stats
from engine.core.summary import OrderedSummary
from engine.pad.cards import COLOURS, STAGES

MAX_COMBOS = 6


class Tally:
    __slots__ = (
        "games",
        "won",
        "turns",
        "combos",
        "colours",
        "damage",
        "attacks",
        "evolutions",
        "reached",
        "heals",
        "heal_games",
        "reshuffles",
        "reshuffle_games",
        "dealt",
        "kept",
    )

    def __init__(self, team: int):
        self.games = self.turns = 0
        self.won: Counter = Counter()
        self.combos = [0] * (MAX_COMBOS + 1)
        self.colours = [0] * 6
        self.damage: Counter = Counter()
        self.attacks: Counter = Counter()
        self.evolutions: Counter = Counter()  # (stage rank, turn) → count
        self.reached = [Counter() for _ in STAGES]  # per stage rank: first own turn → games
        self.heals = self.heal_games = self.reshuffles = self.reshuffle_games = 0
        self.dealt = [0] * team
        self.kept = [0] * team

    def add(self, result) -> None:
        self.games += 1
        if result.won:
            self.won[result.turns] += 1
        per_turn = result.per_turn
        self.turns += len(per_turn["combos"])
        combos = self.combos
        for count in per_turn["combos"]:
            combos[count] += 1
        colours = self.colours
        for mask in per_turn["colours"]:
            while mask:
                low = mask & -mask
                colours[low.bit_length() - 1] += 1
                mask ^= low
        # plain loops: Counter.update's checks cost more than these few values (hot path)
        damage, attacks, evolutions = self.damage, self.attacks, self.evolutions
        for value in per_turn["damage"]:
            damage[value] = damage.get(value, 0) + 1
        for value in per_turn["attacks"]:
            attacks[value] = attacks.get(value, 0) + 1
        seen = 0  # bit per stage rank already reached this game
        for turn, stage in result.extra["evolutions"]:
            evolutions[stage, turn] = evolutions.get((stage, turn), 0) + 1
            # the list is in play order, so a stage's first entry is its earliest turn
            if not seen >> stage & 1:
                seen |= 1 << stage
                first = self.reached[stage]
                first[turn] = first.get(turn, 0) + 1
        heals, reshuffles = result.totals["heals"], result.totals["reshuffles"]
        self.heals += heals
        self.heal_games += heals > 0
        self.reshuffles += reshuffles
        self.reshuffle_games += reshuffles > 0
        dealt, kept = result.extra["opening"]
        for index in range(len(self.dealt)):
            self.dealt[index] += dealt >> index & 1
            self.kept[index] += kept >> index & 1

    def merge(self, other: Tally) -> None:
        self.games += other.games
        self.turns += other.turns
        self.won.update(other.won)
        self.combos = [a + b for a, b in zip(self.combos, other.combos, strict=True)]
        self.colours = [a + b for a, b in zip(self.colours, other.colours, strict=True)]
        self.damage.update(other.damage)
        self.attacks.update(other.attacks)
        self.evolutions.update(other.evolutions)
        for mine, theirs in zip(self.reached, other.reached, strict=True):
            mine.update(theirs)
        self.heals += other.heals
        self.heal_games += other.heal_games
        self.reshuffles += other.reshuffles
        self.reshuffle_games += other.reshuffle_games
        self.dealt = [a + b for a, b in zip(self.dealt, other.dealt, strict=True)]
        self.kept = [a + b for a, b in zip(self.kept, other.kept, strict=True)]


class PadSummary(OrderedSummary):
    """Tallies per order (going first / second); a `Summary` for the batch runner."""

    game = "pad"

    def __init__(self, prepared):
        self.team = prepared.team_names
        self.header = {
            "no_effect_against_goldfish": list(getattr(prepared, "no_effect_against_goldfish", []))
        }
        super().__init__(prepared, prepared.policy)

    def new_tally(self) -> Tally:
        return Tally(len(self.team))

    def blocks(self, tally: Tally) -> dict:
        games, turns = tally.games, tally.turns
        return {
            "turns_to_win": stats.turns_to_win(tally.won, games),
            "combos_per_turn": {
                "mean": stats.histogram_mean(dict(enumerate(tally.combos))),
                "histogram": {str(n): count for n, count in enumerate(tally.combos)},
                "per_colour": {
                    name: stats.share(tally.colours[i], turns) for i, name in enumerate(COLOURS)
                },
            },
            "turns_played": turns,
            "damage_per_turn": _per_turn(tally.damage),
            "attacks_per_turn": _per_turn(tally.attacks),
            "stage_first_reached": {
                STAGES[rank]: stats.first_reached(tally.reached[rank], games)
                for rank in range(1, len(STAGES))  # a pet starts at base: never "reached"
            },
            "evolutions": self.evolutions(tally),
            "heals": {
                "per_game": stats.share(tally.heals, games),
                "share_of_games": stats.share(tally.heal_games, games),
            },
            "reshuffles": {
                "per_game": stats.share(tally.reshuffles, games),
                "share_of_games": stats.share(tally.reshuffle_games, games),
            },
            "opening_next_evolution": {
                name: {
                    "dealt": stats.share(tally.dealt[i], games),
                    "kept": stats.share(tally.kept[i], games),
                }
                for i, name in enumerate(self.team)
            },
        }

    def evolutions(self, tally: Tally) -> dict:
        games = tally.games
        by_stage: Counter = Counter()
        by_turn: Counter = Counter()
        table: dict[str, dict[str, int]] = {}
        for (stage, turn), count in sorted(tally.evolutions.items()):
            by_stage[stage] += count
            by_turn[turn] += count
            table.setdefault(STAGES[stage], {})[str(turn)] = count
        return {
            "per_game": stats.share(sum(by_stage.values()), games),
            "by_stage": {STAGES[s]: stats.share(n, games) for s, n in sorted(by_stage.items())},
            "by_turn": {str(t): stats.share(n, games) for t, n in sorted(by_turn.items())},
            "by_stage_and_turn": table,
        }


def _per_turn(hist: Counter) -> dict:
    return {"mean": stats.histogram_mean(hist), "histogram": stats.histogram_json(hist)}
