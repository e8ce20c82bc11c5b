"""The nouns and small phrases effect sentences are built from, in the active language.

The vocabulary words (colours, attributes, pet types, stages, levels, families) are the
card pages' own labels (cards/templatetags/card_tags.py LABELS), so a sentence says 火 or
龍 exactly where the page's fields do. Everything else is a `pgettext` phrase of the
context "effect text" with named placeholders, so a translation may put the parts in any
order ("all of your %(pets)s" → "自己所有的%(pets)s").

A value these words do not know raises `CannotWord`: the caller shows no sentence rather
than a wrong one.
"""

from __future__ import annotations

from django.utils.translation import npgettext, pgettext

from cards.templatetags.card_tags import LABELS

CTX = "effect text"
ATTRIBUTES = tuple(LABELS["attribute"])
PET_TYPES = tuple(LABELS["pet_type"])


class CannotWord(Exception):
    """A step (or a value in it) the sentences do not cover."""


def vocabulary(kind: str, value) -> str:
    """A label of the pages' vocabularies (LABELS[kind][value]), else CannotWord."""
    if not isinstance(value, str) or value not in LABELS[kind]:
        raise CannotWord(f"{kind} {value!r}")
    return str(LABELS[kind][value])


def colour(value) -> str:
    return vocabulary("orb", value)


def attribute(value) -> str:
    return vocabulary("attribute", value)


def stage(value) -> str:
    return vocabulary("stage", value)


def number(value) -> int:
    """A whole number of a step (amounts, thresholds), else CannotWord."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise CannotWord(f"number {value!r}")
    return value


def signed(value) -> str:
    """+100, -200: a change as the card prints it."""
    return f"{number(value):+d}"


# --- lists ----------------------------------------------------------------------------
def _join(items: list[str], template: str) -> str:
    if not items:
        raise CannotWord("an empty list")
    if len(items) == 1:
        return items[0]
    separator = pgettext(CTX + ": list separator", ", ")
    return template % {"first": separator.join(items[:-1]), "last": items[-1]}


def either(items: list[str]) -> str:
    """Fire or Water; Fire, Water or Wood."""
    return _join(items, pgettext(CTX, "%(first)s or %(last)s"))


def both(items: list[str]) -> str:
    """Fire and Heart; Fire, Water and Dark."""
    return _join(items, pgettext(CTX, "%(first)s and %(last)s"))


def colours(values) -> str:
    """`colours` of a step (a list of orb colours), joined with "and"."""
    if not isinstance(values, list):
        raise CannotWord(f"colours {values!r}")
    return both([colour(value) for value in values])


# --- pets -----------------------------------------------------------------------------
def pets(target=None) -> str:
    """The pets a `target` (or `scope`) names, as a plural noun: "pets", "Fire or Water
    pets", "Dragon-type pets", "ultimate-evolved pets"."""
    if target in (None, "pet"):
        return pgettext(CTX, "pets")
    if target == "ultimate":
        return pgettext(CTX, "ultimate-evolved pets")
    names = [target] if isinstance(target, str) else target
    if not isinstance(names, list) or not names:
        raise CannotWord(f"target {target!r}")
    if all(name in ATTRIBUTES for name in names):
        words = either([attribute(name) for name in names])
        return pgettext(CTX, "%(attributes)s pets") % {"attributes": words}
    if len(names) == 1 and names[0] in PET_TYPES:
        return pgettext(CTX, "%(type)s-type pets") % {"type": vocabulary("pet_type", names[0])}
    raise CannotWord(f"target {target!r}")


def pet_cards(target, n: int) -> str:
    """Cards of a hand or a discard pile that a `target` allows, agreeing with `n`: "card",
    "Fire pet cards", "Dragon-type pet card"."""
    if target is None:
        return npgettext(CTX, "card", "cards", n)
    if target == "pet":
        return npgettext(CTX, "pet card", "pet cards", n)
    names = [target] if isinstance(target, str) else target
    if isinstance(names, list) and names and all(name in ATTRIBUTES for name in names):
        words = either([attribute(name) for name in names])
        return npgettext(CTX, "%(attributes)s pet card", "%(attributes)s pet cards", n) % {
            "attributes": words
        }
    if isinstance(names, list) and len(names) == 1 and names[0] in PET_TYPES:
        kind = vocabulary("pet_type", names[0])
        return npgettext(CTX, "%(type)s-type pet card", "%(type)s-type pet cards", n) % {
            "type": kind
        }
    raise CannotWord(f"target {target!r}")


def cards_with_orb(orb, n: int) -> str:
    return npgettext(CTX, "card with a %(colour)s orb", "cards with a %(colour)s orb", n) % {
        "colour": colour(orb)
    }


def evolved(noun: str) -> str:
    return pgettext(CTX, "evolved %(pets)s") % {"pets": noun}


def with_defence_at_most(noun: str, most) -> str:
    return pgettext(CTX, "%(pets)s with %(n)s or less defence") % {
        "pets": noun,
        "n": number(most),
    }


def with_total_defence_at_most(noun: str, most) -> str:
    return pgettext(CTX, "%(pets)s with a total defence of %(n)s or less") % {
        "pets": noun,
        "n": number(most),
    }


def at_stage_or_below(noun: str, value) -> str:
    if value == "base":  # nothing is below the base stage
        return pgettext(CTX, "%(stage)s %(pets)s") % {"pets": noun, "stage": stage(value)}
    return pgettext(CTX, "%(pets)s at %(stage)s or below") % {"pets": noun, "stage": stage(value)}


def with_attack_at_most(noun: str, most) -> str:
    return pgettext(CTX, "%(pets)s with %(n)s or less attack") % {"pets": noun, "n": number(most)}


# --- how many -------------------------------------------------------------------------
def count_cards(amount, up_to: bool, noun) -> tuple[str, bool]:
    """A number of cards with its noun, and whether the player may decline: ("1 card",
    False), ("up to 2 cards", False), ("1 card", True) for "up to 1", ("any number of
    cards", False); `noun(n)` gives the noun agreeing with n."""
    if amount == "any":
        return pgettext(CTX, "any number of %(cards)s") % {"cards": noun(2)}, False
    n = number(amount)
    if up_to and n > 1:
        return pgettext(CTX, "up to %(n)s %(cards)s") % {"n": n, "cards": noun(n)}, False
    return pgettext(CTX, "%(n)s %(cards)s") % {"n": n, "cards": noun(n)}, up_to


def may(optional: bool, clause: str) -> str:
    """ "you may …" for a step the player may decline."""
    return pgettext(CTX, "you may %(effect)s") % {"effect": clause} if optional else clause


def your_pets(amount, up_to: bool, noun: str) -> str:
    """ "1 of your Fire pets", "up to 2 of your pets"."""
    n = number(amount)
    if up_to:
        return pgettext(CTX, "up to %(n)s of your %(pets)s") % {"n": n, "pets": noun}
    return pgettext(CTX, "%(n)s of your %(pets)s") % {"n": n, "pets": noun}


def opponents_pets(amount, up_to: bool, noun: str) -> str:
    """ "1 of your opponent's Fire pets", "up to 2 of …"."""
    n = number(amount)
    if up_to:
        return pgettext(CTX, "up to %(n)s of your opponent's %(pets)s") % {"n": n, "pets": noun}
    return pgettext(CTX, "%(n)s of your opponent's %(pets)s") % {"n": n, "pets": noun}


def all_your(noun: str) -> str:
    return pgettext(CTX, "all of your %(pets)s") % {"pets": noun}


def each_opponents(noun: str) -> str:
    return pgettext(CTX, "each of your opponent's %(pets)s") % {"pets": noun}


def all_opponents(noun: str) -> str:
    return pgettext(CTX, "all of your opponent's %(pets)s") % {"pets": noun}
