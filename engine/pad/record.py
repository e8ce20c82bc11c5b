"""What a PAD game records of itself: the JSON log's events and snapshots, and the result
a summary tallies (a mixin of engine/pad/rules.PadGame, whose state it reads)."""

from __future__ import annotations

from engine.core.result import GameResult
from engine.pad.attack import ATTRIBUTE_BITS
from engine.pad.opponent import defence_of

# Phases of a turn whose combo count is made: a pet's attack at it is worth showing.
COMBOS_MADE = frozenset({"puzzle", "attack", "cleanup"})


def _figures(game, with_attack: bool) -> dict:
    """Each pet's current defence (printed + this turn's changes) and, for the side whose
    turn it is once its combos are made, the attack of each pet that attacks (its attribute
    combo'd, PAD-4.5.1) at this turn's combo count with its extra combos and bonuses:
    `pets` in pet-area order, `attack_area` too."""
    state = game.state
    made = game.made_mask & ATTRIBUTE_BITS if with_attack else 0
    buffs = game.continuous_buffs() if made and game.has_continuous else None

    def one(index: int) -> dict:
        stack = state.pets[index]
        figure = {"def": defence_of(stack)}
        if stack.top.attr_mask & made:
            attack, _points, bonus = game.declared_attack(index, buffs)
            figure["atk"] = attack + bonus if attack > 0 else 0
        return figure

    area = state.attack_area
    return {
        "pets": [one(i) for i in range(len(state.pets)) if i not in area],
        "attack_area": [one(i) for i in area],
        "combos": game.combos if with_attack else None,
    }


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
            zones = []
            for side in self.sides:
                side_zones = side.state.snapshot()
                side_zones["figures"] = _figures(side, side is self and self.phase in COMBOS_MADE)
                zones.append(side_zones)
            self.log["snapshots"].append(
                {
                    "after_event": len(self.log["events"]),
                    "turn": self.turn,
                    "player": self.seat,
                    "phase": self.phase,
                    "zones": zones,
                    "life": [len(first.state.life), len(second.state.life)],
                }
            )
            return
        zones = self.state.snapshot()
        zones["figures"] = _figures(self, self.phase in COMBOS_MADE)
        self.log["snapshots"].append(
            {
                "after_event": len(self.log["events"]),
                "turn": self.turn,
                "phase": self.phase,
                "zones": zones,
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
