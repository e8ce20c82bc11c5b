"""The deck pages: public and own deck lists, the deck page, the builder, revisions (issue 5).

Every write is a plain POST form that works without JavaScript (Post/Redirect/Get, with
the messages framework for feedback). static/js/deckbuilder.js sends the same forms with
`X-Requested-With: fetch`; the same views then answer with JSON holding the re-rendered
panels and the new revision, so the page updates without a reload.

Business rules stay in `decks.services` (writes, revision checks) and `decks.rules`
(validation); the views only turn forms into entry lists and render the results.

One module per page group: common (loading decks, parameters, error texts), panels (what
the deck panels show), lists, detail (the deck page), builder, revisions. decks/urls.py
and the engine's pages (`from decks.views import _deck_or_404`) import from here.
"""

from __future__ import annotations

from decks.views.builder import (
    builder_add,
    builder_context,
    builder_move,
    builder_paste,
    builder_quantity,
    builder_settings,
    deck_builder,
    render_panels,
    search_context,
)
from decks.views.common import (
    _deck_or_404,
    error_messages,
    is_fetch,
    owned_deck,
    readable_deck,
)
from decks.views.detail import deck_delete, deck_detail, deck_export, deck_fork_view
from decks.views.diff import deck_diff_view
from decks.views.lists import deck_list, deck_new, my_decks
from decks.views.panels import deck_panels_context
from decks.views.revisions import deck_restore_view, deck_revisions
from decks.views.unresolved import builder_dismiss, builder_resolve

__all__ = [
    "_deck_or_404",
    "builder_add",
    "builder_context",
    "builder_dismiss",
    "builder_move",
    "builder_paste",
    "builder_quantity",
    "builder_resolve",
    "builder_settings",
    "deck_builder",
    "deck_delete",
    "deck_diff_view",
    "deck_detail",
    "deck_export",
    "deck_fork_view",
    "deck_list",
    "deck_new",
    "deck_panels_context",
    "deck_restore_view",
    "deck_revisions",
    "error_messages",
    "is_fetch",
    "my_decks",
    "owned_deck",
    "readable_deck",
    "render_panels",
    "search_context",
]
