"""Digimon log events as sentences in the page's language (RULES.md DGM-3 … DGM-5).

A `Narrator` reads one game's events in order: the battle's sentence at point calculation
says whose attack beat whose and who lost how many points (DGM-4.4, DGM-4.5), so it
remembers the round's attack. Each sentence is one gettext message with named
placeholders, so a translation can put the names where its word order wants them.

`sides` names the two sides in a matchup (the decks); a goldfish (DGM-5) speaks of "you"
and "the opponent" (the dummy or a named Digimon).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from cards.templatetags.card_tags import LABELS
from engine.charts import FAILURE_REASONS
from engine.reader_names import ReaderNames

PLAYER, OPPONENT = 0, 1

# Effect steps of engine/digimon/effects.py, as the sentence "<card>: <effect>" says them.
EFFECTS = {
    "power_add": gettext_lazy("attack power %(amount)s"),
    "power_percent": gettext_lazy("attack power %(amount)s%%"),
    "power_multiply": gettext_lazy("attack power ×%(amount)s"),
    "add_attack_power": gettext_lazy("adds the power of another attack"),
    "attack_with": gettext_lazy("attacks with another letter"),
    "opponent_power_zero": gettext_lazy("turns the opponent's attack to 0"),
    "ignore_guard": gettext_lazy("ignores the opponent's guard"),
    "speed_percent": gettext_lazy("speed %(amount)s%%"),
    "speed_multiply": gettext_lazy("speed ×%(amount)s"),
    "stop_attacks": gettext_lazy("stops every attack this round"),
    "points_add": gettext_lazy("points %(amount)s"),
    "cannot_act": gettext_lazy("the opponent's Digimon cannot act"),
    "evolve": gettext_lazy("evolves the Digimon at once"),
}


def _signed(amount) -> str:
    if isinstance(amount, int | float) and amount > 0:
        return f"+{amount:g}"
    return f"{amount:g}" if isinstance(amount, int | float) else str(amount or "")


def _level(level) -> str:
    return str(LABELS["level"].get(level, level or ""))


def _list(names: list[str]) -> str:
    return pgettext("list of cards", ", ").join(names) if names else "–"


class Narrator:
    """One game's events as sentences; `describe` them in the log's order."""

    def __init__(self, names: ReaderNames, sides: tuple[str, str] | None = None):
        self.names = names
        self.sides = sides
        self.attack: dict | None = None  # this round's attacks (DGM-4.4)
        self.final: list | None = None  # the powers compared, after the effects
        self.points: dict | None = None  # after the last point calculation

    # --- who ---------------------------------------------------------------------------
    def loses(self, side: int, points) -> str:
        """DGM-4.5: `side` loses `points` points."""
        if self.sides is not None:
            return _("%(name)s loses %(points)s points") % {
                "name": self.sides[side],
                "points": points,
            }
        if side == PLAYER:
            return _("you lose %(points)s points") % {"points": points}
        return _("the opponent loses %(points)s points") % {"points": points}

    # --- events --------------------------------------------------------------------------
    def describe(self, event: dict) -> str:
        action = event.get("action")
        names = self.names.many(event.get("cards"))
        card = names[0] if names else ""
        method = getattr(self, f"on_{action}", None)
        if method is not None:
            return method(event, card, names)
        return f"{action}: {_list(names)}" if names else str(action)

    def on_level_iii(self, event, card, names) -> str:
        return _("Put %(card)s face down in the Digimon box as the Level III.") % {"card": card}

    def on_point_gauge(self, event, card, names) -> str:
        return _("Put the top card face down on the point gauge: %(points)s points.") % {
            "points": event.get("points", 100)
        }

    def on_deal_hand(self, event, card, names) -> str:
        return _("Drew the opening hand: %(cards)s.") % {"cards": _list(names)}

    def on_discard(self, event, card, names) -> str:
        if isinstance(event.get("slot"), int):
            return _("Discarded %(card)s from option slot %(slot)s to the Dark Area.") % {
                "card": card,
                "slot": event["slot"] + 1,
            }
        return _("Discarded %(cards)s from the hand to the Dark Area.") % {"cards": _list(names)}

    def on_draw(self, event, card, names) -> str:
        if not names:
            return _("Drew no card.")
        return _("Drew %(cards)s from the Net Ocean.") % {"cards": _list(names)}

    def on_rest(self, event, card, names) -> str:
        return _("%(card)s rests this round: no evolution.") % {"card": card}

    def on_swap_level_iii(self, event, card, names) -> str:
        return _(
            "Replaced the Level III %(old)s with %(card)s from the hand; %(old)s goes to the "
            "Dark Area."
        ) % {"card": card, "old": names[1] if len(names) > 1 else ""}

    def on_choose_evolution(self, event, card, names) -> str:
        requirement = self.names.many(event.get("requirement"))
        if requirement:
            text = _("Chose to evolve into %(card)s, with %(cards)s in the requirement box.") % {
                "card": card,
                "cards": _list(requirement),
            }
        else:
            text = _("Chose to evolve into %(card)s.") % {"card": card}
        if event.get("short"):
            reason = FAILURE_REASONS.get(event["short"], event["short"])
            text += " " + _("It will fail: %(reason)s.") % {"reason": reason}
        return text

    def on_set_option(self, event, card, names) -> str:
        return _("Set %(card)s in option slot %(slot)s.") % {
            "card": card,
            "slot": (event.get("slot") or 0) + 1,
        }

    def on_unused_options(self, event, card, names) -> str:
        return _("Not used in the evolution phase, %(cards)s go to the Dark Area.") % {
            "cards": _list(names)
        }

    def on_turn_up(self, event, card, names) -> str:
        return _("Turned up the Level III %(card)s.") % {"card": card}

    def on_evolve(self, event, card, names) -> str:
        values = {"card": card, "level": _level(event.get("level"))}
        if event.get("option"):
            values["option"] = self.names(event["option"])
            text = _("Evolved into %(card)s (%(level)s) with %(option)s.") % values
        else:
            text = _("Evolved into %(card)s (%(level)s).") % values
        discarded = self.names.many(event.get("discarded"))
        if discarded:
            text += " " + _("%(cards)s goes to the Dark Area.") % {"cards": _list(discarded)}
        requirement = self.names.many(event.get("requirement"))
        if requirement:
            text += " " + _("Requirement cards to the Dark Area: %(cards)s.") % {
                "cards": _list(requirement)
            }
        return text

    def on_evolution_failed(self, event, card, names) -> str:
        reason = FAILURE_REASONS.get(event.get("reason"), event.get("reason", ""))
        return _(
            "The evolution into %(card)s failed (%(reason)s): it goes to the Dark Area with "
            "its requirement cards."
        ) % {"card": card, "reason": reason}

    def on_effect(self, event, card, names) -> str:
        effect = EFFECTS.get(event.get("effect"))
        if effect is None:
            text = str(event.get("effect", "")).replace("_", " ")
        else:
            text = str(effect) % {"amount": _signed(event.get("amount"))}
        if event.get("effect") == "evolve" and "target" in event and event["target"] is None:
            text = _("no Digimon in hand to evolve into")
        return _("%(card)s: %(effect)s.") % {"card": card, "effect": text}

    def on_use_option(self, event, card, names) -> str:
        return _("Used %(card)s from option slot %(slot)s.") % {
            "card": card,
            "slot": (event.get("slot") or 0) + 1,
        }

    def on_combo(self, event, card, names) -> str:
        return _("Completed the combo %(card)s with %(cards)s.") % {
            "card": card,
            "cards": _list(self.names.many(event.get("parts"))),
        }

    def on_support(self, event, card, names) -> str:
        return _("Played %(card)s from the hand into the support box.") % {"card": card}

    def attack_text(self, name: str, letter, power) -> str:
        if letter is None:
            return _("%(card)s has no attack to use (0)") % {"card": name}
        return _("%(card)s's %(letter)s attack, %(power)s") % {
            "card": name,
            "letter": letter,
            "power": power,
        }

    def on_attack(self, event, card, names) -> str:
        """DGM-4.4: each attacks with its attack of the other's battle letter."""
        other = names[1] if len(names) > 1 else ""
        letters = list(event.get("letters") or [None, None])
        power = list(event.get("power") or [0, 0])
        zero = list(event.get("turned_to_zero") or [False, False])
        self.attack = {"names": [card, other], "letters": letters, "power": power}
        self.final = None
        text = _("Battle: %(mine)s, against %(theirs)s.") % {
            "mine": self.attack_text(card, letters[0], power[0]),
            "theirs": self.attack_text(other, letters[1], power[1]),
        }
        for side, guarded in enumerate(zero[:2]):
            if guarded:
                text += " " + _("%(guard)s guards: %(card)s's %(letter)s attack counts 0.") % {
                    "guard": [other, card][side],
                    "card": [card, other][side],
                    "letter": letters[side],
                }
        return text

    def on_compare(self, event, card, names) -> str:
        self.final = list(event.get("power") or [0, 0])
        if event.get("stopped"):
            return _("The attacks are stopped: nobody loses points this round.")
        attack = self.attack or {"names": ["", ""], "power": [None, None]}
        if self.final == attack["power"]:
            return _("No effect changes the powers.")
        return _("After the effects: %(card)s %(power)s against %(other)s %(other_power)s.") % {
            "card": attack["names"][0],
            "power": self.final[0],
            "other": attack["names"][1],
            "other_power": self.final[1],
        }

    def on_pass(self, event, card, names) -> str:
        if self.sides is None and event.get("side") == "opponent":
            return _("The opponent passes.")
        return _("Passed: no more option, combo or support to play.")

    def on_points(self, event, card, names) -> str:
        """DGM-4.5: the lower power loses points by its own table at the winner's level; a
        tie costs both 10."""
        outcome = event.get("outcome")
        if isinstance(event.get("points"), dict):
            self.points = event["points"]
        attack = self.attack or {"names": ["", ""], "letters": [None, None], "power": [0, 0]}
        power = self.final or attack["power"]
        if outcome == "stopped":
            return _("Nobody loses points: the attacks were stopped.")
        if outcome == "tied":
            return _("%(card)s's %(power)s ties with %(other)s's %(other_power)s: %(loss)s.") % {
                "card": attack["names"][0],
                "power": power[0],
                "other": attack["names"][1],
                "other_power": power[1],
                "loss": _("both lose %(points)s points") % {"points": event.get("lost", 0)},
            }
        winner = PLAYER if outcome == "won" else OPPONENT
        loser = 1 - winner
        lost = event.get("dealt") if winner == PLAYER else event.get("lost")
        values = {
            "card": attack["names"][winner],
            "power": power[winner],
            "loser": attack["names"][loser],
            "loser_power": power[loser],
        }
        if power == attack["power"]:  # as printed: say which attack it was
            values["attack"] = self.attack_text(
                attack["names"][winner], attack["letters"][winner], power[winner]
            )
            beats = _("%(attack)s, beats %(loser)s's %(loser_power)s") % values
        else:  # effects changed the powers (and maybe the attack used)
            beats = _("%(card)s's %(power)s beats %(loser)s's %(loser_power)s") % values
        return _("%(battle)s: %(loss)s.") % {"battle": beats, "loss": self.loses(loser, lost)}

    def on_to_dark_area(self, event, card, names) -> str:
        return _("To the Dark Area after the battle: %(cards)s.") % {"cards": _list(names)}

    def on_lifespan_end(self, event, card, names) -> str:
        return _(
            "The Net Ocean is empty: the lifespan ends. The Dark Area is shuffled into a new "
            "Net Ocean of %(count)s cards."
        ) % {"count": event.get("net_ocean", 0)}

    def on_game_over(self, event, card, names) -> str:
        """DGM-4.7: a side at 0 points loses; both at 0 in one round is a draw."""
        left = self.points or {}
        if left.get("player") == 0 and left.get("opponent") == 0:
            return _("A draw: both sides are at 0 points.")
        if self.sides is None:
            if event.get("won"):
                return _("Won: the opponent is at 0 points.")
            return _("Lost: you are at 0 points.")
        winner = PLAYER if event.get("won") else OPPONENT
        return _("%(winner)s wins: %(loser)s is at 0 points.") % {
            "winner": self.sides[winner],
            "loser": self.sides[1 - winner],
        }
