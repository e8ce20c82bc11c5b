"""Goldfish page helpers: bar charts with percentage labels, drawn on the server as SVG.

`{% goldfish_chart chart %}` reuses the geometry of the deck pages' `bar_chart` (one slot
per bar, wide enough for its label) and writes each bar's `display` text (a percentage)
above it instead of the raw value, with `data-count` when the bar stands for a count.
"""

from __future__ import annotations

from django import template

from decks.templatetags.deck_tags import bar_chart

register = template.Library()


@register.inclusion_tag("engine/_chart.html")
def goldfish_chart(chart: dict) -> dict:
    return bar_chart(chart)


@register.filter
def share(value) -> str:
    """0.1234 → "12.3%" (None → "–")."""
    if value is None:
        return "–"
    if value <= 0:
        return "0%"
    if value >= 1:
        return "100%"
    return f"{value * 100:.1f}%"


@register.filter
def figure(value, places: int = 2) -> str:
    """A mean or a count: integers as they are, other numbers rounded (None → "–")."""
    if value is None:
        return "–"
    if isinstance(value, int) or float(value).is_integer():
        return str(int(value))
    return f"{value:.{places}f}"


@register.filter
def policy_label(name) -> str:
    """A policy's name as people read it, in the page's language (`greedy` → Greedy)."""
    from engine.policy_texts import POLICY_LABELS

    return str(POLICY_LABELS.get(name, name)) if name else ""


@register.filter
def deck_label(name) -> str:
    """A deck's name in a report (stored as text): a reference deck's words in the page's
    language (decks/reference_names.py), any other name as it is."""
    from decks.reference_names import reference_display_name

    return reference_display_name(name)
