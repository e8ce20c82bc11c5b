"""PAD actions on the acting player's own side, as clauses (engine/pad/own_effects.py is
what they mean; its docstring's decisions are worded here: a buff without scope or
target is the pet's own, or a skill's pet of its attribute; `untap` picks tapped pets;
the "Drop Area" is the orb area)."""

from __future__ import annotations

from django.utils.translation import npgettext, pgettext

from cards.effect_text import words as w
from cards.effect_text.steps import Card, Step
from cards.effect_text.words import CTX, CannotWord

BUFFS = ("attack_bonus", "extra_damage", "extra_combo", "extra_attack")


def this_pet() -> str:
    return pgettext(CTX, "this pet")


def _buff_template(action: str, n: int, plural: bool) -> str:
    """What a buff gives, with `%(who)s` (singular or plural) and `%(n)s`."""
    if action == "attack_bonus":
        if plural:
            return pgettext(CTX, "%(who)s get %(n)s attack")
        return pgettext(CTX, "%(who)s gets %(n)s attack")
    if action == "extra_damage":
        if plural:
            return pgettext(CTX, "%(who)s get %(n)s bonus damage")
        return pgettext(CTX, "%(who)s gets %(n)s bonus damage")
    if action == "extra_combo":
        if plural:
            return npgettext(
                CTX + ": plural subject",
                "%(who)s get %(n)s extra combo",
                "%(who)s get %(n)s extra combos",
                n,
            )
        return npgettext(
            CTX, "%(who)s gets %(n)s extra combo", "%(who)s gets %(n)s extra combos", n
        )
    if plural:
        return npgettext(
            CTX + ": plural subject",
            "%(who)s attack %(n)s more time this turn",
            "%(who)s attack %(n)s more times this turn",
            n,
        )
    return npgettext(
        CTX,
        "%(who)s attacks %(n)s more time this turn",
        "%(who)s attacks %(n)s more times this turn",
        n,
    )


def until_end_of_turn(step: Step, effect: str) -> str:
    """A change made by a triggered step lasts this turn; a continuous one while it holds."""
    if step.trigger == "continuous":
        return effect
    return pgettext(CTX, "%(effect)s until the end of the turn") % {"effect": effect}


def choose_one(noun: str, effect: str) -> str:
    return pgettext(CTX, "choose 1 of your %(pets)s: %(effect)s") % {"pets": noun, "effect": effect}


def chosen() -> str:
    return pgettext(CTX + ": the chosen pet", "it")


def _group(scope) -> str:
    return w.all_your(w.pets(None if scope == "all" else scope))


def buff(step: Step, card: Card) -> str:
    """+attack, +bonus damage, extra combos, extra attacks: to every pet of `scope`, to one
    chosen pet of `target`, else to this pet (a skill: to one pet of its attribute)."""
    action = step.action
    n = w.number(step.amount)
    shown = str(n) if action in ("extra_combo", "extra_attack") else w.signed(n)
    pick = None
    if step.has("scope"):
        scope = step.get("scope")
        who, plural = (this_pet(), False) if scope == "self" else (_group(scope), True)
    elif step.has("target"):
        pick, who, plural = w.pets(step.get("target")), chosen(), False
    elif card.kind == "skill":
        pick, who, plural = w.pets(_skill_attribute(card)), chosen(), False
    else:
        who, plural = this_pet(), False
    effect = _buff_template(action, n, plural) % {"who": who, "n": shown}
    if action != "extra_attack":  # its words say "this turn" already
        effect = until_end_of_turn(step, effect)
    return choose_one(pick, effect) if pick is not None else effect


def _skill_attribute(card: Card) -> str:
    if card.attribute is None:
        raise CannotWord("a skill buff without the skill's attribute")
    return card.attribute


def untap(step: Step, card: Card) -> str:
    scope = step.get("scope")
    if scope == "self":
        pets = this_pet()
    elif scope is not None:
        pets = _group(scope)
    else:
        pets = w.your_pets(step.amount, bool(step.get("up_to")), w.pets(step.get("target")))
    return pgettext(CTX, "untap %(pets)s") % {"pets": pets}


def draw(step: Step, card: Card) -> str:
    n = w.number(step.amount)
    return npgettext(CTX, "draw %(n)s card", "draw %(n)s cards", n) % {"n": n}


def draw_until(step: Step, card: Card) -> str:
    n = w.number(step.amount)
    return pgettext(CTX, "draw cards until you have %(n)s cards in your hand") % {"n": n}


def heal(step: Step, card: Card) -> str:
    return pgettext(CTX, "recover %(n)s life") % {"n": w.number(step.amount)}


def deck_to_orb(step: Step, card: Card) -> str:
    n = w.number(step.amount)
    if n == 1:
        return pgettext(CTX, "put the top card of your deck into your orb area")
    return pgettext(CTX, "put the top %(n)s cards of your deck into your orb area") % {"n": n}


def deck_to_discard(step: Step, card: Card) -> str:
    n = w.number(step.amount)
    if n == 1:
        return pgettext(CTX, "discard the top card of your deck")
    return pgettext(CTX, "discard the top %(n)s cards of your deck") % {"n": n}


def _moved(step: Step, template: str) -> str:
    """`template` ("put %(cards)s from your hand …") with how many of which cards the step
    moves: `target` (pet cards) or, with `test: "orbs"`, cards lighting `colour`."""
    target = step.get("target")
    up_to = bool(step.get("up_to"))
    if step.get("test") == "orbs":
        orb = step.get("colour")
        if target is not None:
            raise CannotWord("target with an orb test")
        cards, optional = w.count_cards(step.amount, up_to, lambda n: w.cards_with_orb(orb, n))
    else:
        cards, optional = w.count_cards(step.amount, up_to, lambda n: w.pet_cards(target, n))
    return w.may(optional, template % {"cards": cards})


def hand_to_orb(step: Step, card: Card) -> str:
    return _moved(step, pgettext(CTX, "put %(cards)s from your hand into your orb area"))


def hand_to_discard(step: Step, card: Card) -> str:
    return _moved(step, pgettext(CTX, "discard %(cards)s from your hand"))


def discard_to_hand(step: Step, card: Card) -> str:
    return _moved(step, pgettext(CTX, "put %(cards)s from your discard pile into your hand"))


def discard_to_orb(step: Step, card: Card) -> str:
    return _moved(step, pgettext(CTX, "put %(cards)s from your discard pile into your orb area"))


_PLACES = {
    "hand": lambda: pgettext(CTX, "put it into your hand"),
    "orb": lambda: pgettext(CTX, "put it into your orb area"),
    "discard": lambda: pgettext(CTX, "put it into your discard pile"),
}


def _put_it(place) -> str:
    if place not in _PLACES:
        raise CannotWord(f"destination {place!r}")
    return _PLACES[place]()


def reveal_top(step: Step, card: Card) -> str:
    """The top card goes to `if_match` when it is of `colour` (its attribute or
    sub-attribute, or with `test: "orbs"` one of its orbs), else to `otherwise`."""
    if w.number(step.amount) != 1:
        raise CannotWord("reveal_top of several cards")
    match = _put_it(step.get("if_match") or "hand")
    if not step.has("colour"):
        return pgettext(CTX, "reveal the top card of your deck and %(then)s") % {"then": match}
    other = _put_it(step.get("otherwise") or "discard")
    values = {"match": match, "other": other}
    if step.get("test") == "orbs":
        values["colour"] = w.colour(step.get("colour"))
        template = pgettext(
            CTX,
            "reveal the top card of your deck: if it has a %(colour)s orb, %(match)s; "
            "otherwise %(other)s",
        )
    else:
        values["colour"] = w.attribute(step.get("colour"))
        template = pgettext(
            CTX,
            "reveal the top card of your deck: if it is a %(colour)s card, %(match)s; "
            "otherwise %(other)s",
        )
    return template % values


def look_top(step: Step, card: Card) -> str:
    n = w.number(step.amount)
    if n < 2:
        raise CannotWord("look_top of one card")
    return pgettext(
        CTX,
        "look at the top %(n)s cards of your deck, put 1 of them into your hand and discard "
        "the others",
    ) % {"n": n}


def swap_hand_orb(step: Step, card: Card) -> str:
    amount = step.amount
    if amount == "any":
        return pgettext(
            CTX,
            "swap any number of cards from your hand, one at a time, with the top card of "
            "one of your orb columns",
        )
    if w.number(amount) != 1:
        raise CannotWord("swap_hand_orb of several cards")
    swap = pgettext(CTX, "swap 1 card from your hand with the top card of one of your orb columns")
    return w.may(bool(step.get("up_to")), swap)


def refill_column(step: Step, card: Card) -> str:
    return pgettext(
        CTX,
        "discard every card of one of your orb columns, then put as many cards from the top "
        "of your deck into that column",
    )


def discard_for_combo(step: Step, card: Card) -> str:
    if step.amount != "any":
        raise CannotWord("discard_for_combo of a fixed number")
    return pgettext(
        CTX,
        "discard any number of cards with a %(colour)s orb from your hand: this pet gets 1 "
        "extra combo for each card discarded until the end of the turn",
    ) % {"colour": w.colour(step.get("colour"))}


def devolve(step: Step, card: Card) -> str:
    noun = w.evolved(w.pets())
    if step.has("max_defense"):
        noun = w.with_defence_at_most(noun, step.get("max_defense"))
    if step.get("scope") == "all":
        pets = pgettext(CTX, "each of your %(pets)s") % {"pets": noun}
    elif step.has("scope"):
        raise CannotWord(f"devolve scope {step.get('scope')!r}")
    else:
        pets = w.your_pets(step.amount, bool(step.get("up_to")), noun)
    return pgettext(CTX, "put the top card of %(pets)s into your discard pile") % {"pets": pets}


def evolve_self(step: Step, card: Card) -> str:
    return pgettext(CTX, "evolve one of your pets into this card")


def self_to_orb(step: Step, card: Card) -> str:
    return pgettext(CTX, "put this card into your orb area")


def cost_reduction(step: Step, card: Card) -> str:
    """B01-104: a pet of the colour (else the card's attribute) evolves for less; with
    `cards: "any"` (B02-102) a skill of that colour may be used for less instead."""
    colour = step.get("colour") or card.attribute
    values = {"attribute": w.attribute(colour), "n": w.number(step.amount)}
    if step.get("cards") == "any":
        return (
            pgettext(
                CTX,
                "evolve one of your pets with a %(attribute)s pet card from your hand, or use a "
                "%(attribute)s skill card from your hand, for %(n)s less cost",
            )
            % values
        )
    if step.has("cards"):
        raise CannotWord(f"cards {step.get('cards')!r}")
    return (
        pgettext(
            CTX,
            "evolve one of your pets with a %(attribute)s pet card from your hand for %(n)s less "
            "cost",
        )
        % values
    )


ACTIONS = {
    **dict.fromkeys(BUFFS, buff),
    "untap": untap,
    "draw": draw,
    "draw_until": draw_until,
    "heal": heal,
    "deck_to_orb": deck_to_orb,
    "deck_to_discard": deck_to_discard,
    "hand_to_orb": hand_to_orb,
    "hand_to_discard": hand_to_discard,
    "discard_to_hand": discard_to_hand,
    "discard_to_orb": discard_to_orb,
    "reveal_top": reveal_top,
    "look_top": look_top,
    "swap_hand_orb": swap_hand_orb,
    "refill_column": refill_column,
    "discard_for_combo": discard_for_combo,
    "devolve": devolve,
    "evolve_self": evolve_self,
    "self_to_orb": self_to_orb,
    "cost_reduction": cost_reduction,
}
