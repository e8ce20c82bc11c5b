"""Turn a parsed query into a Django filter, collecting warnings for terms it cannot read.

A term with an unknown field or value matches no card (`-term` then matches every card):
answering the whole catalogue for `colr:red` would look like a result. The warning says
which term it was and, when one is close, which field was meant.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from cards import vocabulary as v
from cards.models import Card
from cards.search.fields import (
    GAME_WORDS,
    UnknownValue,
    closest_field,
    field_game,
    handler_for,
    is_reader_specific,
    resolve,
    takes_regex,
)
from cards.search.regex import check_regex, regex_q
from cards.search.syntax import (
    And,
    ExactName,
    Free,
    Not,
    Or,
    QuerySyntaxError,
    Regex,
    Term,
    parse_query,
)
from cards.search.text import fold

MATCHES_NOTHING = Q(pk__in=[])
GAME_NAMES = {v.PAD: gettext_lazy("PAD"), v.DIGIMON: gettext_lazy("Digimon")}


@dataclass
class SearchResult:
    cards: QuerySet[Card]
    warnings: list[dict] = field(default_factory=list)


class Compiler:
    def __init__(self, user=None, game: str | None = None):
        self.warnings: list[dict] = []
        # Who searches: given only to the handlers marked reader_specific (`is:owned`).
        self.user = user
        self.game = game  # the one game the query asks for (`game:digimon`), if it does

    def warn(self, code: str, message: str, position: int) -> None:
        self.warnings.append({"code": code, "message": message, "position": position})

    def compile(self, node) -> Q | None:
        method = getattr(self, f"compile_{type(node).__name__.lower()}")
        return method(node)

    def compile_and(self, node: And) -> Q | None:
        parts = [q for q in map(self.compile, node.children) if q is not None]
        if not parts:
            return None
        combined = parts[0]
        for part in parts[1:]:
            combined &= part
        return combined

    def compile_or(self, node: Or) -> Q | None:
        parts = [q for q in map(self.compile, node.children) if q is not None]
        if not parts:
            return None
        combined = parts[0]
        for part in parts[1:]:
            combined |= part
        return combined

    def compile_not(self, node: Not) -> Q | None:
        inner = self.compile(node.child)
        return None if inner is None else ~inner

    def compile_free(self, node: Free) -> Q:
        value = fold(node.text)
        return Q(search_names__has_text=value) | Q(search_text__has_text=value)

    def compile_exactname(self, node: ExactName) -> Q:
        return Q(search_names__has_text=f"\n{fold(node.name)}\n")

    def compile_regex(self, node: Regex) -> Q:
        check_regex(node.pattern, node.position)
        return regex_q(node.pattern)

    def compile_term(self, node: Term) -> Q | None:
        handler = resolve(node)
        if handler is None:
            message = _("Unknown field %(field)r: no card matches this term.") % {
                "field": node.field
            }
            if meant := closest_field(node.field):
                message += " " + _("Did you mean %(field)s?") % {"field": f"{meant}{node.op}"}
            self.warn("unknown_field", message, node.position)
            return MATCHES_NOTHING
        if node.regex:
            # The regex starts after "field:" (or "field=" …): point there.
            position = node.position + len(node.field) + len(node.op)
            if not takes_regex(handler):
                raise QuerySyntaxError(
                    _("%(field)s does not take a /regular expression/") % {"field": node.field},
                    position,
                )
            check_regex(node.value, position)
        other = field_game(node)
        if self.game is not None and other is not None and other != self.game:
            message = _("%(term)s describes %(other)s cards only: no %(game)s card matches it.") % {
                "term": f"{node.field}{node.op}{node.value}",
                "other": GAME_NAMES[other],
                "game": GAME_NAMES[self.game],
            }
            self.warn("field_not_in_game", message, node.position)
        if is_reader_specific(handler) and (self.user is None or not self.user.is_authenticated):
            message = _("%(term)s: log in to search the cards you own; no card matches it.")
            self.warn(
                "login_required",
                message % {"term": f"{node.field}{node.op}{node.value}"},
                node.position,
            )
            return MATCHES_NOTHING
        try:
            if is_reader_specific(handler):
                return handler(node, self.user)
            return handler(node)
        except UnknownValue as error:
            message = _("%(problem)s: no card matches this term.") % {"problem": error}
            self.warn("unknown_value", message, node.position)
            return MATCHES_NOTHING


def _asked_game(tree) -> str | None:
    """The game a query keeps to: a `game:` term every card must match (at its top)."""
    terms = tree.children if isinstance(tree, And) else [tree]
    games = set()
    for term in terms:
        if isinstance(term, Term) and resolve(term) is handler_for("game") and term.op in ":=":
            games.add(GAME_WORDS.get(term.value.casefold()))
    return games.pop() if len(games) == 1 and None not in games else None


def search_cards(query: str, cards: QuerySet[Card] | None = None, *, user=None) -> SearchResult:
    """Cards matching `query`; raises QuerySyntaxError for a query that cannot be parsed.
    `user`: who searches, for `is:owned` (without one it matches nothing, with a warning)."""
    cards = Card.objects.all() if cards is None else cards
    tree = parse_query(query)
    compiler = Compiler(user, _asked_game(tree))
    condition = compiler.compile(tree)
    if condition is not None:
        cards = cards.filter(condition)
    return SearchResult(cards, compiler.warnings)
