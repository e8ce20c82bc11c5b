"""What every game's batch summary shares: tallies per order, merged across processes,
and the report's common head (the keys both games' reports start with)."""

from __future__ import annotations

from collections import Counter

from engine.core.match_summary import stopped_json


class OrderedSummary:
    """Subclasses set `game` and give `new_tally()` and `blocks(tally)`; `header` holds
    game-specific keys placed after the common head."""

    game = ""

    def __init__(self, prepared, policy: str):
        self.policy = policy
        self.turn_cap = prepared.turn_cap
        self.not_simulated = prepared.not_simulated
        self.header: dict = getattr(self, "header", {})
        self.orders = {True: self.new_tally(), False: self.new_tally()}
        self.stopped: Counter = Counter()  # games stopped at an action bound, by reason

    def new_tally(self):
        raise NotImplementedError

    def blocks(self, tally) -> dict:
        raise NotImplementedError

    def add(self, result) -> None:
        self.orders[result.going_first].add(result)
        if result.stopped:
            self.stopped[result.stopped] += 1

    def merge(self, other: OrderedSummary) -> None:
        for order, tally in other.orders.items():
            self.orders[order].merge(tally)
        self.stopped.update(other.stopped)

    def report(self, *, seed: int, going_first: bool | None = None) -> dict:
        both = self.new_tally()
        for order in (True, False):
            both.merge(self.orders[order])
        order = "both" if going_first is None else "first" if going_first else "second"
        blocks = self.blocks(both)
        report = {
            "game": self.game,
            "games": both.games,
            "games_stopped": stopped_json(self.stopped),
            "seed": seed,
            "policy": self.policy,
            "turns_to_win": blocks.pop("turns_to_win"),
            "combos_per_turn": blocks.pop("combos_per_turn"),
            "not_simulated": list(self.not_simulated),
            "going_first": order,
            "turn_cap": self.turn_cap,
            **self.header,
            **blocks,
        }
        if going_first is None:
            report["by_order"] = {
                "first": {"games": self.orders[True].games, **self.blocks(self.orders[True])},
                "second": {"games": self.orders[False].games, **self.blocks(self.orders[False])},
            }
        return report
