"""The deck page's notes, rendered from Markdown and sanitised (decks.notes)."""

from __future__ import annotations

from django import template

from decks.notes import render_notes

register = template.Library()


@register.filter
def markdown_notes(text: str):
    return render_notes(text or "")
