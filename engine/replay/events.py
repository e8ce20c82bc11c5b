"""Log events as sentences in the page's language."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cards.templatetags.card_tags import LABELS
from engine.reader_names import ReaderNames
from engine.replay.boards import plain

EFFECTS = {
    "draw": gettext_lazy("draw"),
    "heal": gettext_lazy("heal"),
    "deck_to_orb": gettext_lazy("deck card to the orbs"),
    "hand_to_orb": gettext_lazy("hand card to the orbs"),
    "deck_to_discard": gettext_lazy("deck card to the discard pile"),
    "hand_to_discard": gettext_lazy("hand card to the discard pile"),
    "discard_to_hand": gettext_lazy("discard pile card to the hand"),
    "extra_damage": gettext_lazy("extra damage"),
    "extra_combo": gettext_lazy("extra combo"),
    "untap": gettext_lazy("untap"),
    "cost_reduction": gettext_lazy("cost reduction"),
}

EVENT_KEYS = {"n", "turn", "round", "phase", "step", "action", "cards"}


def generic_event(event: dict) -> str:
    """An event of a game without dedicated sentences: its action, cards and details."""
    parts = [str(event.get("action", "")).replace("_", " ")]
    if event.get("cards"):
        parts.append(plain(event["cards"]))
    details = [f"{key}: {plain(value)}" for key, value in event.items() if key not in EVENT_KEYS]
    text = ": ".join(parts)
    return f"{text} ({'; '.join(details)})" if details else text


def _colours(names) -> str:
    return ", ".join(str(LABELS["orb"].get(name, name)) for name in names or ())


def describe_event(event: dict, reader: ReaderNames | None = None) -> str:
    """One PAD log event as a sentence in the page's language, cards by the reader's name."""
    reader = reader or ReaderNames()
    action, cards = event.get("action"), reader.many(event.get("cards"))
    names = ", ".join(cards)
    card = cards[0] if cards else ""
    column = event["column"] + 1 if isinstance(event.get("column"), int) else ""
    pet = event["pet"] + 1 if isinstance(event.get("pet"), int) else ""
    if action == "deal_life":
        return _("Dealt %(count)s life cards face down.") % {"count": len(cards)}
    if action == "deal_hand":
        return _("Drew the opening hand: %(cards)s.") % {"cards": names}
    if action == "deal_orbs":
        return _("Dealt one card to each orb column: %(cards)s.") % {"cards": names}
    if action == "exchange":
        return _("Exchanged %(card)s from the hand with %(old)s of column %(column)s.") % {
            "card": card,
            "old": cards[1] if len(cards) > 1 else "",
            "column": column,
        }
    if action == "opponent_turn":
        return _("The opponent's turn: the goldfish does nothing.")
    if action == "untap":
        return _("Untapped %(card)s.") % {"card": card}
    if action == "draw":
        return _("Drew %(card)s.") % {"card": card} if card else _("No card left to draw.")
    if action == "evolve":
        text = _("Pet %(pet)s evolved into %(card)s.") % {"pet": pet, "card": card}
        if event.get("paid"):
            text += " " + _("Paid: %(cards)s.") % {"cards": ", ".join(reader.many(event["paid"]))}
        return text
    if action == "skill":
        return _("Used the skill %(card)s.") % {"card": card}
    if action == "effect":
        effect = EFFECTS.get(event.get("effect"), event.get("effect", ""))
        text = _("%(card)s: %(effect)s ×%(amount)s.") % {
            "card": card,
            "effect": effect,
            "amount": event.get("amount", 1),
        }
        if event.get("moved"):
            text += " " + _("Moved: %(cards)s.") % {"cards": ", ".join(reader.many(event["moved"]))}
        return text
    if action == "orb_start":
        return _("Orb start: %(card)s from the deck on column %(column)s.") % {
            "card": card,
            "column": column,
        }
    if action == "orb_add":
        return _("Orb add: %(card)s from the hand on column %(column)s.") % {
            "card": card,
            "column": column,
        }
    if action == "combos":
        return _("Combos: %(colours)s (%(count)s).") % {
            "colours": _colours(event.get("colours")),
            "count": event.get("combos", 0),
        }
    if action == "chain":
        text = _("Chain: %(card)s from the deck on column %(column)s.") % {
            "card": card,
            "column": column,
        }
        if event.get("new"):
            text += " " + _("New combo: %(colours)s.") % {"colours": _colours(event["new"])}
        return text
    if action == "recover":
        return _("Recovered 1 life.")
    if action == "attack":
        return _("%(card)s attacks with %(attack)s: %(damage)s damage.") % {
            "card": card,
            "attack": event.get("attack", 0),
            "damage": event.get("damage", 0),
        }
    if action == "attack_declared":
        return _("%(card)s declares an attack of %(attack)s.") % {
            "card": card,
            "attack": event.get("attack", 0),
        }
    if action == "defence_skill":
        return _("Used the defence skill %(card)s.") % {"card": card}
    if action == "block":
        return _("Blocked the attack of %(attack)s with %(cards)s.") % {
            "attack": event.get("attack", 0),
            "cards": names,
        }
    if action == "life_to_hand":
        return _("Took 1 damage: the life card %(card)s goes to the hand.") % {"card": card}
    if action == "damage_effect":
        return _("Took 1 damage: the life card %(card)s plays its damage effect.") % {"card": card}
    if action == "win":
        return _("Won: the opponent has no life left.")
    if action == "clean_column":
        return _("Cleanup of column %(column)s: discarded %(cards)s.") % {
            "column": column,
            "cards": names,
        }
    if action == "hand_limit":
        return _("Discarded %(card)s (hand limit).") % {"card": card}
    return f"{action}: {names}" if names else str(action)
