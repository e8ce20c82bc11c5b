"""The card query language shared by the pages and the API (see docs and /cards/syntax/)."""

from cards.search.compiler import SearchResult, search_cards
from cards.search.syntax import QuerySyntaxError
from cards.search.time_limit import SearchTimeout, search_time_limit

__all__ = ["QuerySyntaxError", "SearchResult", "SearchTimeout", "search_cards", "search_time_limit"]
