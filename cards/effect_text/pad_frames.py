"""When a PAD step happens, as the frame of its sentence ("When you evolve a pet with this
card, %(effect)s."), and the timing words around one step's clause (`when`,
`discard_cost`).

The frames follow the engine's reading of the triggers (engine/pad/effects.py,
engine/pad/opponent.py) and RULES.md's words: the orb area, life cards, the defence
declaration (PAD-4.5.2), tapping and untapping (PAD-4.1), the cleanup phase (PAD-4.6).
A step drawn from life by damage, or used at the defence declaration, is paid for
(engine/pad/defence.py): its frame says so.
"""

from __future__ import annotations

from django.utils.translation import npgettext, pgettext

from cards.effect_text import words as w
from cards.effect_text.steps import Step
from cards.effect_text.words import CTX, CannotWord
from engine.pad.effects import COLOUR_PARAMETER

MAX_COMBOS = 6  # PAD-5.2: a turn makes at most six combos
EFFECT = "%(effect)s"


def _keep(template: str, **values) -> str:
    """`template` with `values` filled in and its `%(effect)s` kept for the clause."""
    return template % {**values, "effect": EFFECT}


# Each frame is translated only when used (a dict of every phrase would look up all 13).
_PLAIN = {
    "evolve": lambda: pgettext(CTX, "When you evolve a pet with this card, %(effect)s."),
    "play": lambda: pgettext(CTX, "%(effect)s."),
    "damage": lambda: pgettext(
        CTX,
        "When damage draws this card from your life, you may pay this card's cost: %(effect)s.",
    ),
    "defence": lambda: pgettext(
        CTX,
        "At your defence declaration in your opponent's turn, you may pay this card's "
        "cost: %(effect)s.",
    ),
    "turn_start": lambda: pgettext(CTX, "At the start of your turn, %(effect)s."),
    "main_end": lambda: pgettext(CTX, "At the end of your main phase, %(effect)s."),
    "attack_start": lambda: pgettext(CTX, "At the start of your attack phase, %(effect)s."),
    "damaged": lambda: pgettext(CTX, "When an opponent's attack deals damage to you, %(effect)s."),
    "guard": lambda: pgettext(CTX, "When this pet blocks an attack, %(effect)s."),
    "guard_declaration": lambda: pgettext(
        CTX, "At your defence declaration in your opponent's turn, %(effect)s."
    ),
    "opponent_damaged": lambda: pgettext(
        CTX, "Until the end of the turn, each time your opponent takes damage, %(effect)s."
    ),
    "attack_damage": lambda: pgettext(CTX, "When this pet's attack deals damage, %(effect)s."),
    "attack_guarded": lambda: pgettext(CTX, "When this pet's attack is blocked, %(effect)s."),
}


def _plain(trigger: str) -> str | None:
    found = _PLAIN.get(trigger)
    return found() if found else None


def _combos_made(step: Step) -> str | None:
    """The puzzle-phase condition of an `activate` / `combo` step, as a frame, else None.
    `colour` is a condition only on an action it is no parameter of, and only alone (as
    engine/pad/effects.py compile_step reads it)."""
    least = step.get("min_combos")
    colours = step.get("colours")
    if least:
        if colours:
            raise CannotWord("min_combos with colours")
        if w.number(least) >= MAX_COMBOS:
            return pgettext(CTX, "When you make 6 combos in your puzzle phase, %(effect)s.")
        template = pgettext(
            CTX, "When you make %(n)s or more combos in your puzzle phase, %(effect)s."
        )
        return _keep(template, n=w.number(least))
    if colours:
        template = pgettext(
            CTX, "When you make %(colours)s combos in your puzzle phase, %(effect)s."
        )
        return _keep(template, colours=w.colours(colours))
    if step.action not in COLOUR_PARAMETER and step.has("colour"):
        template = pgettext(
            CTX, "When you make a %(colour)s combo in your puzzle phase, %(effect)s."
        )
        return _keep(template, colour=w.colour(step.get("colour")))
    return None


def _continuous(step: Step) -> str:
    inner = EFFECT
    if step.get("while_active"):
        inner = pgettext(CTX, "while this pet is untapped, %(effect)s") % {"effect": inner}
    most = step.get("max_life")
    if most is not None:
        template = pgettext(CTX, "while you have %(n)s or fewer life cards, %(effect)s")
        inner = template % {"n": w.number(most), "effect": inner}
    return pgettext(CTX, "%(effect)s.") % {"effect": inner}


def frame(step: Step) -> str:
    """The sentence around the step's clause: a template with one `%(effect)s`."""
    trigger = step.trigger
    if trigger in ("activate", "combo"):
        found = _combos_made(step)
        if found is not None:
            return found
        if trigger == "combo":
            return pgettext(CTX, "After your combo step, %(effect)s.")
        raise CannotWord("activate without a condition")
    if trigger == "play" and step.get("when") == "puzzle":
        least = w.number(step.get("min_combos") or 0)
        if not least:
            raise CannotWord("when puzzle without min_combos")
        template = pgettext(
            CTX, "If you make %(n)s or more combos in your next puzzle phase, %(effect)s."
        )
        return _keep(template, n=least)
    if trigger == "orb_start":
        lit = step.get("colours")
        if lit:
            template = pgettext(CTX, "When your orb-start card has %(colours)s orbs, %(effect)s.")
            return _keep(template, colours=w.colours(lit))
        return pgettext(CTX, "After your orb-start step, %(effect)s.")
    if trigger == "continuous":
        return _continuous(step)
    if trigger == "damaged" and step.action == "negate_damage":
        return pgettext(CTX, "When an opponent's attack would deal damage to you, %(effect)s.")
    found = _plain(trigger)
    if found is None:
        raise CannotWord(f"trigger {trigger!r}")
    return found


def timing(step: Step, clause: str) -> str:
    """The clause with the step's own timing and price: `when: "cleanup"` and
    `discard_cost` (unless its action worded the price itself)."""
    if step.trigger != "play" or step.raw.get("when") != "puzzle":
        when = step.get("when")
        if when == "cleanup":
            clause = pgettext(CTX, "at the end of this turn's cleanup phase, %(effect)s") % {
                "effect": clause
            }
        elif when is not None:
            raise CannotWord(f"when {when!r}")
    if step.action != "negate_damage" and step.has("discard_cost"):
        cost = w.number(step.get("discard_cost"))
        clause = npgettext(
            CTX,
            "you may discard %(n)s card from your hand; if you do, %(effect)s",
            "you may discard %(n)s cards from your hand; if you do, %(effect)s",
            cost,
        ) % {"n": cost, "effect": clause}
    return clause


def joiner(step: Step) -> str:
    """How two clauses of one frame are joined: in order ("then"), or at once ("and")."""
    if step.trigger == "continuous":
        return pgettext(CTX, "%(first)s, and %(next)s")
    return pgettext(CTX, "%(first)s, then %(next)s")
