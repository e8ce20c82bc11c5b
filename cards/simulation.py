"""Whether and how the simulator runs a card's printed effect, in words (issue 13).

`describe_effect(card)` says what the card page shows: "Simulated" with the steps in words
("When it evolves: draw 1 card"), "Not simulated — needs: …", "No text known" or "Prints
no effect". The verdict is the engines' own (`compile_steps` / `supported` /
`not_simulated` of engine/pad/effects.py and engine/digimon/effects.py, fed the same
`CardSpec` as a game), so the page says what a game really runs. `verdict(spec)` is the
same without words, for the catalogue report.

Every string is translatable; a trigger or action the words below do not know yet is
shown by its schema name, never an error.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from engine.core.cards import CardSpec

SIMULATED = "simulated"
NOT_SIMULATED = "not_simulated"
NO_TEXT = "no_text"
NO_EFFECT = "no_effect"

NO_TEXT_REASON = "no text known"  # the engines' reason when a card's text is unknown
NEEDS = "needs: "

# The engines' fixed reasons, as the reports and pages show them.
REASON_TEXTS = {
    NO_TEXT_REASON: gettext_lazy("no text known"),
    "acts on the opponent": gettext_lazy("acts on the opponent"),
    "works only when the opponent attacks": gettext_lazy("works only when the opponent attacks"),
    "needs: steps for its text": gettext_lazy("needs: structured steps for its printed text"),
    "needs: structured steps for its printed text": gettext_lazy(
        "needs: structured steps for its printed text"
    ),
}


def reason_text(reason: str | None) -> str:
    """An engine's reason ("no text known", "needs: <what>") in the reader's language; the
    <what> is the engine's own note and stays as it is."""
    if not reason:
        return ""
    if reason in REASON_TEXTS:
        return str(REASON_TEXTS[reason])
    if reason.startswith(NEEDS):
        return _("needs: %(what)s") % {"what": reason[len(NEEDS) :]}
    return reason


def reason_rows(entries) -> list[dict[str, str]]:
    """The engines' card lists (`not_simulated`, `no_effect_against_goldfish`: [{"name",
    "reason"}]) as rows to show, the reason in the reader's language."""
    rows = []
    for entry in entries or ():
        if isinstance(entry, str):  # a report saved before issue 13 lists names only
            entry = {"name": entry}
        rows.append({"name": entry["name"], "reason": reason_text(entry.get("reason"))})
    return rows


def _engine_effects(game: str):
    return import_module(f"engine.{game}.effects")


@dataclass(frozen=True)
class Verdict:
    """The engine's view of one card's effect."""

    status: str  # SIMULATED, NOT_SIMULATED, NO_TEXT or NO_EFFECT
    reason: str | None = None  # the engine's reason when not simulated
    goldfish_reason: str | None = None  # simulated, but idle against the passive goldfish


def verdict(spec: CardSpec) -> Verdict:
    """Simulated, or not and why, as the game's engine decides for `spec` on its own."""
    effects = _engine_effects(spec.game)
    listed = effects.not_simulated([spec])
    reason = listed[0]["reason"] if listed else None
    if spec.game == "digimon":
        # Its list also names cards whose attribute-scoped steps no Digimon of the deck can
        # meet: a matter of the deck, not of the card.
        _steps, simulated = effects.compile_steps(spec)
        if simulated:
            reason = None
    if reason == NO_TEXT_REASON:
        return Verdict(NO_TEXT, reason)
    if reason is not None:
        return Verdict(NOT_SIMULATED, reason)
    if not spec.effects:
        return Verdict(NO_EFFECT)
    idle = getattr(effects, "no_effect_against_goldfish", lambda specs: [])([spec])
    return Verdict(SIMULATED, goldfish_reason=idle[0]["reason"] if idle else None)


# --- steps in words ------------------------------------------------------------------

COLOURS = {
    "fire": gettext_lazy("Fire"),
    "water": gettext_lazy("Water"),
    "wood": gettext_lazy("Wood"),
    "light": gettext_lazy("Light"),
    "dark": gettext_lazy("Dark"),
    "heart": gettext_lazy("Heart"),
}

TRIGGERS = {
    "pad": {
        "evolve": gettext_lazy("When it evolves"),
        "play": gettext_lazy("When used"),
        "damage": gettext_lazy("When drawn from life by damage"),
        "defence": gettext_lazy("When it defends"),
        "combo": gettext_lazy("After the combo step"),
        "activate": gettext_lazy("After the combo step"),
        "turn_start": gettext_lazy("At the start of your turn"),
        "main_end": gettext_lazy("At the end of your main phase"),
        "orb_start": gettext_lazy("After the orb-start card"),
        "attack_start": gettext_lazy("At the start of the attack phase"),
        "continuous": gettext_lazy("While on top of its stack"),
        "damaged": gettext_lazy("When it takes damage"),
        "guard": gettext_lazy("When it guards"),
        "guard_declaration": gettext_lazy("When a guard is declared"),
        "opponent_damaged": gettext_lazy("When the opponent takes damage"),
    },
    "digimon": {
        "play": gettext_lazy("When used"),
        "combo": gettext_lazy("When the combo completes"),
        "battle": gettext_lazy("In battle"),
        "continuous": gettext_lazy("Always"),
        "support": gettext_lazy("As a support"),
        "evolve": gettext_lazy("When evolved into"),
    },
}


def _count(step: dict) -> tuple[int, str]:
    """(number for plural forms, words) of a step's `amount` (1 when left out)."""
    amount = step.get("amount", 1)
    if amount == "any":
        return 2, _("any number of")
    if amount == "all":
        return 2, _("all")
    if amount == "half":
        return 2, _("half")
    if isinstance(amount, int | float) and not isinstance(amount, bool):
        return int(amount), f"{amount:g}"
    return 1, str(amount)


def _colour(step: dict) -> str:
    colour = step.get("colour") or step.get("target")
    if isinstance(colour, str) and colour in COLOURS:
        return str(COLOURS[colour]) + " "
    return ""


def _pad_action(step: dict) -> str | None:
    n, amount = _count(step)
    values = {"n": amount, "colour": _colour(step)}
    phrases = {
        "draw": ngettext("draw %(n)s card", "draw %(n)s cards", n),
        "draw_until": _("draw until you hold %(n)s cards"),
        "heal": ngettext("recover %(n)s life card", "recover %(n)s life cards", n),
        "deck_to_orb": ngettext(
            "put the top %(n)s card of your deck into your orb area",
            "put the top %(n)s cards of your deck into your orb area",
            n,
        ),
        "hand_to_orb": ngettext(
            "put %(n)s card from your hand into your orb area",
            "put %(n)s cards from your hand into your orb area",
            n,
        ),
        "deck_to_discard": ngettext(
            "discard the top %(n)s card of your deck",
            "discard the top %(n)s cards of your deck",
            n,
        ),
        "hand_to_discard": ngettext(
            "discard %(n)s card from your hand", "discard %(n)s cards from your hand", n
        ),
        "discard_to_hand": ngettext(
            "take %(n)s %(colour)scard from your discard pile into your hand",
            "take %(n)s %(colour)scards from your discard pile into your hand",
            n,
        ),
        "discard_to_orb": ngettext(
            "put %(n)s card from your discard pile into your orb area",
            "put %(n)s cards from your discard pile into your orb area",
            n,
        ),
        "reveal_top": _("reveal the top card of your deck"),
        "look_top": _("look at the top %(n)s cards of your deck and order them"),
        "swap_hand_orb": ngettext(
            "swap %(n)s hand card with an orb card", "swap %(n)s hand cards with orb cards", n
        ),
        "refill_column": _("refill an orb column from your deck"),
        "extra_damage": _("+%(n)s damage"),
        "extra_combo": ngettext("+%(n)s combo", "+%(n)s combos", n),
        "attack_bonus": _("+%(n)s attack"),
        "extra_attack": ngettext("attack %(n)s more time", "attack %(n)s more times", n),
        "untap": _("make %(n)s of your %(colour)spets active"),
        "discard_for_combo": _("discard cards from your hand for extra combos"),
        "devolve": _("devolve one of your pets"),
        "evolve_self": _("evolve a pet with this card"),
        "self_to_orb": _("put this card into your orb area"),
        "cost_reduction": _("evolve for %(n)s less"),
        "opponent_tap": _("roll %(n)s of the opponent's %(colour)spets"),
        "opponent_return_top": _("return the top card of an opponent's pet to their hand"),
        "opponent_devolve": _("devolve one of the opponent's pets"),
        "life_for_devolve": _(
            "discard your life cards but the bottom-most to devolve an opponent's pet by as many"
        ),
        "opponent_defense": _("change the defence of the opponent's pets by %(n)s"),
        "opponent_attack": _("change the attack of the attacking pet by %(n)s"),
        "opponent_damage": _("deal %(n)s damage to the opponent"),
        "opponent_hand_discard": ngettext(
            "the opponent discards %(n)s card from their hand",
            "the opponent discards %(n)s cards from their hand",
            n,
        ),
        "opponent_orb_discard": ngettext(
            "discard %(n)s card from the opponent's orb area",
            "discard %(n)s cards from the opponent's orb area",
            n,
        ),
        "negate_damage": _("negate the damage"),
        "defense_bonus": _("+%(n)s defence"),
    }
    if step.get("cards") == "any":  # "a Fire card … use it" (B02-102): a skill too
        phrases["cost_reduction"] = _("use a %(colour)scard for %(n)s less")
    phrase = phrases.get(step.get("action"))
    return phrase % values if phrase else None


def _digimon_action(step: dict) -> str | None:
    _n, amount = _count(step)
    values = {"n": amount, "letter": step.get("letter") or "?"}
    phrases = {
        "power_add": _("+%(n)s power"),
        "power_percent": _("%(n)s %% power"),
        "power_multiply": _("power × %(n)s"),
        "add_attack_power": _("add the power of the %(letter)s attack"),
        "attack_with": _("attack with the %(letter)s attack"),
        "opponent_power_zero": _("the opponent's attack becomes 0"),
        "ignore_guard": _("the opponent's guard does not stop this attack"),
        "speed_percent": _("%(n)s %% speed"),
        "speed_multiply": _("speed × %(n)s"),
        "stop_attacks": _("no side attacks this round"),
        "points_add": _("+%(n)s points"),
        "cannot_act": _("the Digimon cannot act"),
        "evolve": _("evolve at once, without requirement cards"),
    }
    if step.get("action") in ("power_percent", "speed_percent") and isinstance(
        step.get("amount"), int | float
    ):
        values["n"] = f"{step['amount']:+g}"
    phrase = phrases.get(step.get("action"))
    return phrase % values if phrase else None


def _pad_condition(step: dict) -> str:
    parts = []
    if step.get("min_combos"):
        parts.append(_("at %(n)s combos or more") % {"n": step["min_combos"]})
    colours = step.get("colours")
    if isinstance(colours, list) and colours:
        names = ", ".join(str(COLOURS.get(c, c)) for c in colours)
        parts.append(_("if you matched %(colours)s combos this turn") % {"colours": names})
    elif (
        step.get("trigger") == "activate"
        and step.get("colour") in COLOURS
        # a colour the action targets ("roll one of the opponent's Wood pets") is no condition
        and step.get("action") not in getattr(_engine_effects("pad"), "COLOUR_PARAMETER", ())
    ):
        parts.append(_("if you matched a %(colour)s combo") % {"colour": COLOURS[step["colour"]]})
    return ", ".join(parts)


def _scope(step: dict) -> str:
    scope = step.get("scope")
    if scope == "opponent":
        return _("on the opponent")
    if scope == "all":
        return _("on both sides")
    if isinstance(scope, str) and ":" in scope:
        return _("on each side whose Digimon has %(what)s") % {"what": scope.partition(":")[2]}
    return ""


def describe_step(step: Any, game: str) -> str:
    """One step in words: "When it evolves: draw 1 card". Unknown words: the schema's
    trigger and action names."""
    if not isinstance(step, dict):
        return str(step)
    trigger = step.get("trigger")
    action = step.get("action")
    when = TRIGGERS.get(game, {}).get(trigger)
    when = str(when) if when else str(trigger or "?")
    condition = _pad_condition(step) if game == "pad" else ""
    if condition:
        when = _("%(when)s, %(condition)s") % {"when": when, "condition": condition}
    words = (_pad_action if game == "pad" else _digimon_action)(step)
    if words is None:
        n, amount = _count(step)
        words = str(action or "?").replace("_", " ")
        if "amount" in step:
            words = f"{words} {amount}"
    scope = _scope(step) if game == "digimon" else ""
    if scope:
        words = f"{words} ({scope})"
    return _("%(when)s: %(what)s") % {"when": when, "what": words}


@dataclass(frozen=True)
class StepText:
    text: str
    runs: bool  # the engine runs this step


@dataclass(frozen=True)
class Simulation:
    status: str
    headline: str
    reason: str = ""  # in the reader's language
    goldfish: str = ""  # "does nothing against the passive goldfish: …", when so
    steps: list[StepText] = field(default_factory=list)


def describe(spec: CardSpec) -> Simulation:
    """The card page's "Simulation" section for the engine's view of a card."""
    found = verdict(spec)
    supported = _engine_effects(spec.game).supported
    steps = [StepText(describe_step(step, spec.game), supported(step)) for step in spec.effects]
    reason = reason_text(found.reason)
    headline = {
        SIMULATED: _("Simulated"),
        NOT_SIMULATED: _("Not simulated — %(reason)s") % {"reason": reason},
        NO_TEXT: _("No text known"),
        NO_EFFECT: _("Prints no effect to simulate"),
    }[found.status]
    goldfish = ""
    if found.goldfish_reason:
        goldfish = _("Does nothing against a passive opponent (goldfish): %(reason)s") % {
            "reason": reason_text(found.goldfish_reason)
        }
    return Simulation(found.status, headline, reason, goldfish, steps)


def describe_effect(card) -> Simulation:
    """`describe` for a catalogued card (its child rows loaded, or one query each)."""
    from engine.convert import card_spec

    return describe(card_spec(card))
