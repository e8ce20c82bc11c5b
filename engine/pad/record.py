"""What a PAD game records of itself: the JSON log's events and snapshots, and the result
a summary tallies (a mixin of engine/pad/rules.PadGame, whose state it reads)."""

from __future__ import annotations

from engine.core.result import GameResult


class Recorder:
    __slots__ = ()

    # --- log ---------------------------------------------------------------------
    def event(self, action: str, cards: list[str], **details) -> None:
        events = self.log["events"]
        entry = {"n": len(events), "turn": self.turn}
        if self.seat is not None:
            entry["player"] = self.seat
        entry.update(phase=self.phase, step=self.step, action=action, cards=cards, **details)
        events.append(entry)

    def snapshot(self) -> None:
        if self.sides:  # a matchup: both boards, seat 0 first
            first, second = self.sides
            self.log["snapshots"].append(
                {
                    "after_event": len(self.log["events"]),
                    "turn": self.turn,
                    "player": self.seat,
                    "phase": self.phase,
                    "zones": [first.state.snapshot(), second.state.snapshot()],
                    "life": [len(first.state.life), len(second.state.life)],
                }
            )
            return
        self.log["snapshots"].append(
            {
                "after_event": len(self.log["events"]),
                "turn": self.turn,
                "phase": self.phase,
                "zones": self.state.snapshot(),
                "opponent_life": self.opponent.life,
            }
        )

    # --- result -------------------------------------------------------------------
    def result(self, won: bool, turns: int, seed: int) -> GameResult:
        """per_turn: combos, colours (bit per colour combo'd), damage (life removed) and
        attacks (with attack > 0) of each own turn; totals: heals, reshuffles; extra:
        evolutions [(turn, stage rank)], opening (bits: team pets whose next evolution
        was in the dealt hand, and in hand after the setup exchange)."""
        return GameResult(
            won=won,
            turns=turns,
            going_first=self.going_first,
            seed=seed,
            per_turn={
                "combos": self.turn_combos,
                "colours": self.turn_colours,
                "damage": self.turn_damage,
                "attacks": self.turn_attacks,
            },
            totals={"heals": self.heals, "reshuffles": self.state.reshuffles},
            extra={"evolutions": self.evolutions, "opening": self.opening},
        )
