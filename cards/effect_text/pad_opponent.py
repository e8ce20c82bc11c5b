"""PAD actions on the opponent, the defence-side actions and the continuous effects, as
clauses (engine/pad/opponent.py says what each means and which decisions it takes: a
devolved card goes to its owner's discard pile, a lone base pet is never devolved,
defence changes last until the end of the turn, `guard_multiple` pets are not tapped by
blocking)."""

from __future__ import annotations

from django.utils.translation import npgettext, pgettext

from cards.effect_text import words as w
from cards.effect_text.pad_own import chosen, until_end_of_turn
from cards.effect_text.steps import Card, Step
from cards.effect_text.words import CTX, CannotWord


def _opponent_pets(step: Step, *, evolved: bool = False) -> str:
    """The opponent pets a step may pick, narrowed by `colour` (attribute or
    sub-attribute), `max_defense`, `max_total_defense` and `max_stage`."""
    noun = w.pets(step.get("colour") if step.has("colour") else None)
    if evolved:
        noun = w.evolved(noun)
    if step.has("max_defense"):
        noun = w.with_defence_at_most(noun, step.get("max_defense"))
    if step.has("max_total_defense"):
        noun = w.with_total_defence_at_most(noun, step.get("max_total_defense"))
    if step.has("max_stage"):
        noun = w.at_stage_or_below(noun, step.get("max_stage"))
    return noun


def _how_many(step: Step, noun: str) -> str:
    if step.get("scope") == "all":
        return w.each_opponents(noun)
    if step.has("scope"):
        raise CannotWord(f"scope {step.get('scope')!r}")
    return w.opponents_pets(step.amount, bool(step.get("up_to")), noun)


def opponent_tap(step: Step, card: Card) -> str:
    if step.get("target") == "attacker":  # on `guard`: the attacker just blocked
        if step.has("max_defense"):
            return pgettext(CTX, "tap the attacking pet if its defence is %(n)s or less") % {
                "n": w.number(step.get("max_defense"))
            }
        return pgettext(CTX, "tap the attacking pet")
    if step.has("target"):
        raise CannotWord(f"opponent_tap target {step.get('target')!r}")
    return pgettext(CTX, "tap %(pets)s") % {"pets": _how_many(step, _opponent_pets(step))}


def opponent_return_top(step: Step, card: Card) -> str:
    pets = _how_many(step, _opponent_pets(step, evolved=True))
    return pgettext(CTX, "return the top card of %(pets)s to your opponent's hand") % {"pets": pets}


def opponent_devolve(step: Step, card: Card) -> str:
    pets = _how_many(step, _opponent_pets(step, evolved=True))
    return pgettext(CTX, "put the top card of %(pets)s into your opponent's discard pile") % {
        "pets": pets
    }


def life_for_devolve(step: Step, card: Card) -> str:
    keep = w.number(step.get("keep_life", 0))
    if keep == 1:
        return pgettext(
            CTX,
            "discard all of your life cards but the bottom-most one; then put cards from the top "
            "of 1 of your opponent's evolved pets into their discard pile, as many as the life "
            "cards you discarded (never its base card)",
        )
    return pgettext(
        CTX,
        "discard all of your life cards but the bottom %(n)s; then put cards from the top of "
        "1 of your opponent's evolved pets into their discard pile, as many as the life cards "
        "you discarded (never its base card)",
    ) % {"n": keep}


def _defence_change(step: Step, who: str, plural: bool) -> str:
    if plural:
        template = pgettext(CTX, "%(who)s get %(n)s defence")
    else:
        template = pgettext(CTX, "%(who)s gets %(n)s defence")
    return until_end_of_turn(step, template % {"who": who, "n": w.signed(step.amount)})


def opponent_defense(step: Step, card: Card) -> str:
    noun = _opponent_pets(step)
    if step.get("scope") == "all":
        return _defence_change(step, w.all_opponents(noun), True)
    if step.has("scope"):
        raise CannotWord(f"scope {step.get('scope')!r}")
    effect = _defence_change(step, chosen(), False)
    return pgettext(CTX, "choose 1 of your opponent's %(pets)s: %(effect)s") % {
        "pets": noun,
        "effect": effect,
    }


def defense_bonus(step: Step, card: Card) -> str:
    if step.get("scope") == "all":
        return _defence_change(step, w.all_your(w.pets()), True)
    if step.has("scope"):
        raise CannotWord(f"scope {step.get('scope')!r}")
    effect = _defence_change(step, chosen(), False)
    return pgettext(CTX, "choose 1 of your %(pets)s: %(effect)s") % {
        "pets": w.pets(),
        "effect": effect,
    }


def opponent_attack(step: Step, card: Card) -> str:
    """B04-088: the attack being answered changes (the engine's decision: the pet chosen
    is the attacker)."""
    effect = pgettext(CTX, "%(who)s gets %(n)s attack") % {
        "who": pgettext(CTX, "the attacking pet"),
        "n": w.signed(step.amount),
    }
    return until_end_of_turn(step, effect)


def opponent_damage(step: Step, card: Card) -> str:
    if step.amount == "half":
        return pgettext(
            CTX,
            "deal damage to your opponent equal to half of their remaining life, rounded down",
        )
    return pgettext(CTX, "deal %(n)s damage to your opponent") % {"n": w.number(step.amount)}


def opponent_hand_discard(step: Step, card: Card) -> str:
    amount = step.amount
    if amount == "all":
        return pgettext(CTX, "your opponent discards every card of their hand")
    n = w.number(amount)
    if step.get("random"):
        return npgettext(
            CTX,
            "discard %(n)s random card from your opponent's hand",
            "discard %(n)s random cards from your opponent's hand",
            n,
        ) % {"n": n}
    return npgettext(
        CTX,
        "your opponent discards %(n)s card of their choice from their hand",
        "your opponent discards %(n)s cards of their choice from their hand",
        n,
    ) % {"n": n}


def opponent_orb_discard(step: Step, card: Card) -> str:
    if w.number(step.amount) != 1:
        raise CannotWord("opponent_orb_discard of several cards")
    return pgettext(
        CTX,
        "discard the top card of one of your opponent's orb columns that holds 2 or more cards",
    )


def opponent_orb_trim(step: Step, card: Card) -> str:
    if step.amount == "all":
        return pgettext(
            CTX, "discard every card but the top one of each of your opponent's orb columns"
        )
    if w.number(step.amount) != 1:
        raise CannotWord("opponent_orb_trim of several columns")
    return pgettext(
        CTX,
        "choose one of your opponent's orb columns that holds 2 or more cards and discard "
        "every card of it but the top one",
    )


def opponent_orb_swap(step: Step, card: Card) -> str:
    if w.number(step.amount) != 1:
        raise CannotWord("opponent_orb_swap of several pairs")
    return pgettext(CTX, "you may swap 2 cards of different columns of your opponent's orb area")


def negate_damage(step: Step, card: Card) -> str:
    cost = w.number(step.get("discard_cost") or 1)
    return npgettext(
        CTX,
        "you may negate %(n)s damage for each %(cost)s card you discard from your hand",
        "you may negate %(n)s damage for each %(cost)s cards you discard from your hand",
        cost,
    ) % {"n": w.number(step.amount), "cost": cost}


# --- continuous -------------------------------------------------------------------------
def guard_multiple(step: Step, card: Card) -> str:
    return pgettext(CTX, "this pet can block any number of attacks: blocking does not tap it")


def unblockable(step: Step, card: Card) -> str:
    return pgettext(CTX, "your opponent's %(pets)s cannot block this pet") % {
        "pets": _opponent_pets(step)
    }


def damage_immunity(step: Step, card: Card) -> str:
    noun = w.pets()
    if step.get("tapped_only"):
        noun = pgettext(CTX, "tapped %(pets)s") % {"pets": noun}
    if step.has("max_attack"):
        noun = w.with_attack_at_most(noun, step.get("max_attack"))
    if step.has("max_stage"):
        noun = w.at_stage_or_below(noun, step.get("max_stage"))
    if noun == w.pets():
        raise CannotWord("damage_immunity from every attack")
    return pgettext(CTX, "you take no damage from attacks of %(pets)s") % {"pets": noun}


def guard_bonus(step: Step, card: Card) -> str:
    n = w.signed(step.amount)
    if not step.has("colour"):
        return pgettext(CTX, "when this pet blocks, it gets %(n)s defence for that block") % {
            "n": n
        }
    return pgettext(
        CTX,
        "when this pet blocks an attack of a %(colour)s pet, it gets %(n)s defence for that block",
    ) % {"colour": w.attribute(step.get("colour")), "n": n}


def life_to_discard(step: Step, card: Card) -> str:
    return pgettext(
        CTX,
        "the life cards this pet's attacks take go to your opponent's discard pile instead of "
        "their hand, so their damage effects cannot trigger",
    )


def no_opponent_untap(step: Step, card: Card) -> str:
    if step.get("phase") == "puzzle":
        return pgettext(
            CTX, "during your opponent's puzzle phase, their effects cannot untap their pets"
        )
    if step.has("phase"):
        raise CannotWord(f"phase {step.get('phase')!r}")
    return pgettext(CTX, "your opponent's effects cannot untap their pets")


def heal_to_damage(step: Step, card: Card) -> str:
    return pgettext(
        CTX,
        "when you make a %(heart)s combo, your recovery step recovers no life: instead this pet "
        "deals 1 damage to your opponent",
    ) % {"heart": w.colour("heart")}


def last_stand(step: Step, card: Card) -> str:
    return pgettext(
        CTX,
        "when damage takes your last life card, if this pet is evolved, put its top card face "
        "down into your life area: you have not lost",
    )


def cannot_attack_or_guard(step: Step, card: Card) -> str:
    return pgettext(CTX, "this pet cannot attack or block")


ACTIONS = {
    "opponent_tap": opponent_tap,
    "opponent_return_top": opponent_return_top,
    "opponent_devolve": opponent_devolve,
    "life_for_devolve": life_for_devolve,
    "opponent_defense": opponent_defense,
    "defense_bonus": defense_bonus,
    "opponent_attack": opponent_attack,
    "opponent_damage": opponent_damage,
    "opponent_hand_discard": opponent_hand_discard,
    "opponent_orb_discard": opponent_orb_discard,
    "opponent_orb_trim": opponent_orb_trim,
    "opponent_orb_swap": opponent_orb_swap,
    "negate_damage": negate_damage,
    "guard_multiple": guard_multiple,
    "unblockable": unblockable,
    "damage_immunity": damage_immunity,
    "guard_bonus": guard_bonus,
    "life_to_discard": life_to_discard,
    "no_opponent_untap": no_opponent_untap,
    "heal_to_damage": heal_to_damage,
    "last_stand": last_stand,
    "cannot_attack_or_guard": cannot_attack_or_guard,
}
