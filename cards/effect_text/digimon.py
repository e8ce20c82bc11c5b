"""Digimon card game effects (options and combos) as sentences; engine/digimon/effects.py
says what each action means: power is a Digimon's attack power in this round's battle
(DGM-4.4), speed decides a tie of powers (DGM-4.5), an `evolve` option evolves the box
Digimon at once from hand without requirement cards (DGM-1.2)."""

from __future__ import annotations

from django.utils.translation import npgettext, pgettext

from cards.effect_text import words as w
from cards.effect_text.steps import Card, Step
from cards.effect_text.words import CTX, CannotWord


def _background(colour) -> str:
    colours = {
        "green": pgettext(CTX + ": Digimon background", "green"),
        "earth": pgettext(CTX + ": Digimon background", "earth-coloured"),
    }
    if colour not in colours:
        raise CannotWord(f"background {colour!r}")
    return colours[colour]


def _who(step: Step) -> tuple[str, bool]:
    """(the Digimon a step acts on, whether the phrase is plural) for its `scope`."""
    scope = step.get("scope")
    if scope in (None, "self"):
        return pgettext(CTX, "your Digimon"), False
    if scope == "opponent":
        return pgettext(CTX, "your opponent's Digimon"), False
    if scope == "all":
        return pgettext(CTX, "both Digimon"), True
    kind, _, value = str(scope).partition(":")
    if kind == "background":
        return pgettext(CTX, "each Digimon whose background is %(colour)s") % {
            "colour": _background(value)
        }, False
    if kind == "field":
        return pgettext(CTX, "each Digimon of the %(field)s family") % {
            "field": w.vocabulary("field", value)
        }, False
    raise CannotWord(f"scope {scope!r}")


def _letter(step: Step) -> str:
    letter = step.get("letter")
    if letter not in ("A", "B", "C"):
        raise CannotWord(f"letter {letter!r}")
    return letter


def _change(step: Step, singular: str, plural: str, n: str) -> str:
    who, many = _who(step)
    return (plural if many else singular) % {"who": who, "n": n}


def power_add(step: Step, card: Card) -> str:
    return _change(
        step,
        pgettext(CTX, "%(who)s gets %(n)s power"),
        pgettext(CTX, "%(who)s get %(n)s power"),
        w.signed(step.get("amount", 0)),
    )


def power_percent(step: Step, card: Card) -> str:
    return _change(
        step,
        pgettext(CTX, "%(who)s gets %(n)s%% power"),
        pgettext(CTX, "%(who)s get %(n)s%% power"),
        w.signed(step.get("amount", 0)),
    )


def power_multiply(step: Step, card: Card) -> str:
    who, _many = _who(step)
    return pgettext(CTX, "the power of %(who)s is multiplied by %(n)s") % {
        "who": who,
        "n": w.number(step.get("amount", 1)),
    }


def add_attack_power(step: Step, card: Card) -> str:
    return _change(
        step,
        pgettext(CTX, "%(who)s adds the power of its %(n)s attack to its power"),
        pgettext(CTX, "%(who)s add the power of their %(n)s attack to their power"),
        _letter(step),
    )


def _own_only(step: Step) -> None:
    """The engine runs these on the user's side whatever the scope: only that is worded."""
    if step.get("scope") not in (None, "self"):
        raise CannotWord(f"{step.action} scope {step.get('scope')!r}")


def attack_with(step: Step, card: Card) -> str:
    _own_only(step)
    return pgettext(CTX, "your Digimon attacks with its %(letter)s attack") % {
        "letter": _letter(step)
    }


def opponent_power_zero(step: Step, card: Card) -> str:
    _own_only(step)
    return pgettext(CTX, "the power of your opponent's Digimon becomes 0")


def ignore_guard(step: Step, card: Card) -> str:
    _own_only(step)
    return pgettext(
        CTX,
        "your opponent's guard does not turn your attack to 0, unless their Digimon has the "
        "%(sky)s ability",
    ) % {"sky": w.vocabulary("keyword", "sky")}


def speed_percent(step: Step, card: Card) -> str:
    return _change(
        step,
        pgettext(CTX, "%(who)s gets %(n)s%% speed (the faster side wins a tie)"),
        pgettext(CTX, "%(who)s get %(n)s%% speed (the faster side wins a tie)"),
        w.signed(step.get("amount", 0)),
    )


def speed_multiply(step: Step, card: Card) -> str:
    who, _many = _who(step)
    return pgettext(
        CTX, "the speed of %(who)s is multiplied by %(n)s (the faster side wins a tie)"
    ) % {"who": who, "n": w.number(step.get("amount", 1))}


def stop_attacks(step: Step, card: Card) -> str:
    _own_only(step)
    return pgettext(CTX, "no Digimon attacks this round, and the round still ends")


def points_add(step: Step, card: Card) -> str:
    scope = step.get("scope")
    players = {
        None: pgettext(CTX, "you get %(n)s points"),
        "self": pgettext(CTX, "you get %(n)s points"),
        "opponent": pgettext(CTX, "your opponent gets %(n)s points"),
        "all": pgettext(CTX, "both players get %(n)s points"),
    }
    if scope not in players:
        raise CannotWord(f"points_add scope {scope!r}")
    return players[scope] % {"n": w.signed(step.get("amount", 0))}


def cannot_act(step: Step, card: Card) -> str:
    """网络密码!: every Digimon of `scope` but those of `except_type` has its attack turned
    to 0 for `rounds` rounds."""
    rounds = w.number(step.get("rounds") or 1)
    if step.get("scope") == "all":  # "全场": one sentence for each Digimon, not "both"
        who = pgettext(CTX, "every Digimon in play")
    else:
        who, _many = _who(step)
    if step.has("except_type"):
        who = pgettext(CTX, "%(who)s, except %(type)s Digimon,") % {
            "who": who,
            "type": w.vocabulary("digimon_type", str(step.get("except_type")).lower()),
        }
    return npgettext(
        CTX,
        "%(who)s cannot act for %(n)s round: its attack counts as 0",
        "%(who)s cannot act for %(n)s rounds: its attack counts as 0",
        rounds,
    ) % {"who": who, "n": rounds}


def _level(value) -> str:
    return w.vocabulary("level", value)


def _a_digimon_of(level) -> str:
    """ "a Perfect Digimon", "an Ultimate Digimon" (English needs the article per level)."""
    found = {
        "III": pgettext(CTX, "a Level III Digimon"),
        "IV": pgettext(CTX, "a Level IV Digimon"),
        "perfect": pgettext(CTX, "a Perfect Digimon"),
        "ultimate": pgettext(CTX, "an Ultimate Digimon"),
    }
    if level not in found:
        raise CannotWord(f"level {level!r}")
    return found[level]


def evolve(step: Step, card: Card) -> str:
    """An evolution option: into which Digimon of the hand, at once, with no requirement
    cards; then the fusion partners, the rest and the loss of control."""
    _own_only(step)
    to_level = step.get("to_level")
    into = _a_digimon_of(to_level) if to_level else pgettext(CTX, "a Digimon of the next level")
    names = step.get("names")
    if names:
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise CannotWord(f"names {names!r}")
        into = pgettext(CTX, "%(digimon)s among %(names)s") % {
            "digimon": into,
            "names": w.either([card.name_of(name) for name in names]),
        }
    if step.get("line") == "any":
        into = pgettext(CTX, "%(digimon)s from your hand, whatever it evolves from") % {
            "digimon": into
        }
    elif step.has("line"):
        raise CannotWord(f"line {step.get('line')!r}")
    else:
        into = pgettext(CTX, "%(digimon)s from your hand that evolves from it") % {"digimon": into}
    from_level = step.get("from_level")
    box = (
        pgettext(CTX, "your %(level)s Digimon") % {"level": _level(from_level)}
        if from_level
        else pgettext(CTX, "your Digimon")
    )
    parts = [
        pgettext(
            CTX,
            "in the evolution phase, %(box)s evolves at once into %(digimon)s, with no "
            "requirement cards",
        )
        % {"box": box, "digimon": into}
    ]
    if step.has("partner"):
        n = w.number(step.get("partner"))
        parts.append(
            npgettext(
                CTX,
                "%(n)s other Digimon of its level from your hand goes to the Dark Area with it",
                "%(n)s other Digimon of its level from your hand go to the Dark Area with it",
                n,
            )
            % {"n": n}
        )
    if step.has("rest"):
        n = w.number(step.get("rest"))
        if n == 1:
            parts.append(pgettext(CTX, "you cannot evolve in the next round"))
        else:
            parts.append(pgettext(CTX, "you cannot evolve in the next %(n)s rounds") % {"n": n})
    if step.get("out_of_control"):
        parts.append(
            pgettext(
                CTX,
                "the evolved Digimon is out of control: you make no option, combo or support "
                "play in this round's battle",
            )
        )
    separator = pgettext(CTX + ": between clauses", "; ")
    return separator.join(parts)


ACTIONS = {
    "power_add": power_add,
    "power_percent": power_percent,
    "power_multiply": power_multiply,
    "add_attack_power": add_attack_power,
    "attack_with": attack_with,
    "opponent_power_zero": opponent_power_zero,
    "ignore_guard": ignore_guard,
    "speed_percent": speed_percent,
    "speed_multiply": speed_multiply,
    "stop_attacks": stop_attacks,
    "points_add": points_add,
    "cannot_act": cannot_act,
    "evolve": evolve,
}


_FRAMES = {
    "play": lambda: pgettext(CTX, "%(effect)s."),
    "continuous": lambda: pgettext(CTX, "%(effect)s."),
    "combo": lambda: pgettext(CTX, "When this combo is complete, %(effect)s."),
    "battle": lambda: pgettext(CTX, "In the battle phase, %(effect)s."),
    "support": lambda: pgettext(CTX, "When this card supports your Digimon, %(effect)s."),
    "evolve": lambda: pgettext(CTX, "When your Digimon evolves into this card, %(effect)s."),
}


def frame(step: Step) -> str:
    if step.trigger not in _FRAMES:
        raise CannotWord(f"trigger {step.trigger!r}")
    return _FRAMES[step.trigger]()


def condition(step: Step, clause: str) -> str:
    found = step.get("condition")
    if found is None:
        return clause
    if found != "opponent_lower_level":
        raise CannotWord(f"condition {found!r}")
    return pgettext(
        CTX, "if your opponent's Digimon is of a lower level than yours, %(effect)s"
    ) % {"effect": clause}


def joiner(step: Step) -> str:
    return pgettext(CTX, "%(first)s, then %(next)s")
