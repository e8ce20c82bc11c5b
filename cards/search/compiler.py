"""Turn a parsed query into a Django filter, collecting warnings for ignored terms."""

from __future__ import annotations

import re
import warnings
from dataclasses import dataclass, field

from django.db import DatabaseError, connection, transaction
from django.db.models import Q, QuerySet

from cards.models import Card
from cards.search.fields import UnknownValue, handler_for
from cards.search.syntax import (
    And,
    ExactName,
    Free,
    Not,
    Or,
    QuerySyntaxError,
    Regex,
    Term,
    parse,
)
from cards.search.text import fold

try:  # Python ≥ 3.11 keeps the regex parser here
    from re import _parser as regex_parser
except ImportError:  # pragma: no cover
    import sre_parse as regex_parser

MAX_REGEX_LENGTH = 200
NAME_COLUMNS = ("name", "name_ja", "name_zh_hant", "name_zh_hans", "name_en")
REPEATS = {regex_parser.MAX_REPEAT, regex_parser.MIN_REPEAT}


@dataclass
class SearchResult:
    cards: QuerySet[Card]
    warnings: list[dict] = field(default_factory=list)


def _has_repeat(pattern) -> bool:
    for op, arg in pattern:
        if op in REPEATS and arg[1] > 1:
            return True
        if op == regex_parser.SUBPATTERN and _has_repeat(arg[-1]):
            return True
        if op == regex_parser.BRANCH and any(_has_repeat(branch) for branch in arg[1]):
            return True
    return False


def _nested_repeat(pattern) -> bool:
    for op, arg in pattern:
        if op in REPEATS and arg[1] > 1 and _has_repeat(arg[2]):
            return True
        children = []
        if op in REPEATS:
            children = [arg[2]]
        elif op == regex_parser.SUBPATTERN:
            children = [arg[-1]]
        elif op == regex_parser.BRANCH:
            children = arg[1]
        if any(_nested_repeat(child) for child in children):
            return True
    return False


def check_regex(pattern: str, position: int) -> None:
    """Accept only regular expressions both databases read alike and run in linear time."""
    if len(pattern) > MAX_REGEX_LENGTH:
        raise QuerySyntaxError(
            f"Regular expressions are limited to {MAX_REGEX_LENGTH} characters", position
        )
    if not pattern:
        raise QuerySyntaxError("Empty regular expression", position)
    if "(?" in pattern or re.search(r"\\[1-9]", pattern):
        raise QuerySyntaxError(
            "Regular expressions may not use (?…) groups or back-references", position
        )
    try:
        with warnings.catch_warnings():
            # Python warns about constructs whose meaning will change ([[:alpha:]] …):
            # the two databases may read those differently, so refuse them too.
            warnings.simplefilter("error")
            parsed = regex_parser.parse(pattern)
    except re.error as error:
        raise QuerySyntaxError(f"Invalid regular expression: {error.msg}", position) from None
    except Warning as warning:
        raise QuerySyntaxError(f"Invalid regular expression: {warning}", position) from None
    if _nested_repeat(parsed):
        raise QuerySyntaxError(
            "Regular expressions may not repeat a repeated group, e.g. (a+)+", position
        )
    _check_with_database(pattern, position)


def _check_with_database(pattern: str, position: int) -> None:
    """PostgreSQL's regex dialect differs from Python's in corners: ask it before searching."""
    if connection.vendor != "postgresql":
        return  # SQLite runs Python's own re, which already accepted the pattern
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SELECT '' ~* %s", [pattern])
    except DatabaseError as error:
        message = str(error).splitlines()[0]
        raise QuerySyntaxError(f"Invalid regular expression: {message}", position) from None


def regex_q(pattern: str, position: int, fields=(*NAME_COLUMNS, "text")) -> Q:
    check_regex(pattern, position)
    q = Q()
    for column in fields:
        q |= Q(**{f"{column}__iregex": pattern})
    return q


class Compiler:
    def __init__(self):
        self.warnings: list[dict] = []

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
        return regex_q(node.pattern, node.position)

    def compile_term(self, node: Term) -> Q | None:
        handler = handler_for(node.field)
        if handler is None:
            self.warn(
                "unknown_field",
                f"Unknown field {node.field!r}: the term was ignored",
                node.position,
            )
            return None
        try:
            return handler(node)
        except UnknownValue as error:
            self.warn("unknown_value", f"{error}: the term was ignored", node.position)
            return None


def search_cards(query: str, cards: QuerySet[Card] | None = None) -> SearchResult:
    """Cards matching `query`; raises QuerySyntaxError for a query that cannot be parsed."""
    cards = Card.objects.all() if cards is None else cards
    compiler = Compiler()
    # NUL cannot reach PostgreSQL (psycopg refuses it); it has no meaning in a query anyway.
    condition = compiler.compile(parse((query or "").replace("\x00", "")))
    if condition is not None:
        cards = cards.filter(condition)
    return SearchResult(cards, compiler.warnings)
