"""A game's actions (engine/core/interface.py) in the reader's language: the engine gives
an English template and its values, this translates the template and the card names.
The templates are in the catalogue of translations (locale/), listed in ACTION_TEMPLATES
so makemessages keeps them."""

from __future__ import annotations

from django.utils.translation import gettext, gettext_noop

ACTION_TEMPLATES = (
    gettext_noop("End the main phase"),
    gettext_noop("Use %(card)s"),
    gettext_noop("Evolve pet %(slot)s into %(card)s"),
    gettext_noop("Put the orb card in column %(column)s"),
    gettext_noop("Answer the attacker in slot %(slot)s first"),
    gettext_noop("Do not block"),
    gettext_noop("Block with pet %(pets)s"),
    gettext_noop("Start with %(card)s"),
    gettext_noop("Discard nothing"),
    gettext_noop("Discard %(cards)s"),
    gettext_noop("Discard %(cards)s and the options in slots %(slots)s"),
    gettext_noop("Keep the Level III"),
    gettext_noop("Swap in %(card)s"),
    gettext_noop("Do not evolve"),
    gettext_noop("Evolve into %(cards)s"),
    gettext_noop("Set no option"),
    gettext_noop("Set %(cards)s"),
    gettext_noop("Evolve"),
    gettext_noop("Give up this evolution"),
    gettext_noop("Pass"),
    gettext_noop("Use the support effect of %(card)s"),
    gettext_noop("Complete the combo in slot %(slot)s"),
    gettext_noop("Use the option in slot %(slot)s"),
)


def action_text(state, action: int, names=str) -> str:
    """`state`'s action in the active language; `names` gives a card's name for the
    reader (engine/reader_names.py's `ReaderNames`)."""
    return parts_text(*state.action_parts(action), names=names)


def parts_text(template: str, values: dict, names=str) -> str:
    """An action given as (English template, values) in the active language."""
    shown = {}
    for key, value in values.items():
        if key == "card":
            value = names(value)
        elif key == "cards":
            value = "、".join(map(names, value)) if _chinese() else ", ".join(map(names, value))
        shown[key] = value
    return gettext(template) % shown


def _chinese() -> bool:
    from django.utils.translation import get_language

    return (get_language() or "").startswith("zh")
