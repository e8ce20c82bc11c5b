"""The card query language shared by the pages and the API (see docs and /cards/syntax/)."""

from cards.search.compiler import SearchResult, search_cards
from cards.search.syntax import QuerySyntaxError

__all__ = ["QuerySyntaxError", "SearchResult", "search_cards"]
