from django import template

from cards.corrections import history_entries

register = template.Library()

# The card page shows the latest changes; the API has them all.
HISTORY_SHOWN = 20


@register.inclusion_tag("cards/corrections/_history.html")
def card_history(card):
    """The card's "History" section and its "Propose a correction" link."""
    return {"card": card, "entries": history_entries(card, limit=HISTORY_SHOWN)}
