"""Regular expressions in searches: one check for every `/regex/`, and a linear-time engine.

Every field that takes a `/regex/` (the bare form, name:, text:, number:, species:) goes
through `check_regex`, so a pattern either runs the same way on both databases or is a
syntax error pointing at it. On SQLite the REGEXP function is RE2 (`use_re2_for_regexp`),
which runs in time linear in the text: no pattern can backtrack and stall a worker. On
PostgreSQL the database's own engine runs, after the same check and its own dialect check.
"""

from __future__ import annotations

import re
import warnings
from functools import lru_cache
from re import _parser as regex_parser  # Python ≥ 3.11 (pyproject requires it)

import re2
from django.db import DatabaseError, connection, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from cards.search.syntax import QuerySyntaxError

MAX_REGEX_LENGTH = 200
NAME_COLUMNS = ("name", "name_ja", "name_zh_hant", "name_zh_hans", "name_en")
REPEATS = {regex_parser.MAX_REPEAT, regex_parser.MIN_REPEAT}
# Django's SQLite backend writes `x__iregex=p` as `x REGEXP '(?i)' || p`.
CASE_BLIND = "(?i)"


def _re2_options() -> re2.Options:
    options = re2.Options()
    options.log_errors = False  # a refused pattern is the client's error, not a log line
    return options


_OPTIONS = _re2_options()


@lru_cache(maxsize=256)
def compile_re2(pattern: str):
    """RE2's compiled pattern; raises re2.error for what RE2 cannot run (\\1, (?=…) …)."""
    return re2.compile(pattern, _OPTIONS)


def sqlite_regexp(pattern: str | None, string) -> bool | None:
    """SQLite's REGEXP (`string REGEXP pattern`), with Django's NULL and non-text handling."""
    if pattern is None or string is None:
        return None
    if not isinstance(string, str):
        string = str(string)
    return compile_re2(pattern).search(string) is not None


def use_re2_for_regexp(sender, connection, **kwargs) -> None:
    """connection_created: replace Django's REGEXP (Python's backtracking re) with RE2."""
    if connection.vendor == "sqlite":
        connection.connection.create_function("REGEXP", 2, sqlite_regexp, deterministic=True)


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


def _invalid(reason: str, position: int) -> QuerySyntaxError:
    # The reason comes from the regex engine, in English.
    return QuerySyntaxError(
        _("Invalid regular expression: %(reason)s") % {"reason": reason}, position
    )


def _check_python_dialect(pattern: str, position: int) -> None:
    """Refuse what Python's parser reads differently from the databases (the common subset)."""
    try:
        with warnings.catch_warnings():
            # Python warns about constructs whose meaning will change ([[:alpha:]] …):
            # the two databases may read those differently, so refuse them too.
            warnings.simplefilter("error")
            parsed = regex_parser.parse(pattern)
    except re.error as error:
        raise _invalid(error.msg, position) from None
    except (Warning, RecursionError) as error:
        raise _invalid(str(error) or "nested too deeply", position) from None
    if _nested_repeat(parsed):
        raise QuerySyntaxError(
            _("Regular expressions may not repeat a repeated group, e.g. (a+)+"), position
        )


def _check_re2(pattern: str, position: int) -> None:
    """SQLite runs RE2: a pattern it cannot compile is the client's error, never a 500."""
    try:
        compile_re2(CASE_BLIND + pattern)
    except re2.error as error:
        reason = error.args[0] if error.args else "RE2 cannot run it"
        if isinstance(reason, bytes):
            reason = reason.decode("utf-8", "replace")
        raise _invalid(str(reason), position) from None


def _check_with_database(pattern: str, position: int) -> None:
    """PostgreSQL's regex dialect differs from Python's in corners: ask it before searching."""
    if connection.vendor != "postgresql":
        return  # SQLite runs RE2, which _check_re2 already asked
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SELECT '' ~* %s", [pattern])
    except DatabaseError as error:
        raise _invalid(str(error).splitlines()[0], position) from None


def check_regex(pattern: str, position: int) -> None:
    """The one check of every /regex/ of a query: accept only patterns both databases read
    alike and run in linear time; anything else is a QuerySyntaxError at `position`."""
    if len(pattern) > MAX_REGEX_LENGTH:
        raise QuerySyntaxError(
            _("Regular expressions are limited to %(limit)s characters")
            % {"limit": MAX_REGEX_LENGTH},
            position,
        )
    if not pattern:
        raise QuerySyntaxError(_("Empty regular expression"), position)
    if "(?" in pattern or re.search(r"\\[1-9]", pattern):
        raise QuerySyntaxError(
            _("Regular expressions may not use (?…) groups or back-references"), position
        )
    _check_python_dialect(pattern, position)
    _check_re2(pattern, position)
    _check_with_database(pattern, position)


def regex_q(pattern: str, fields=(*NAME_COLUMNS, "text")) -> Q:
    """Any of `fields` matches the (already checked) pattern, case-blind."""
    q = Q()
    for column in fields:
        q |= Q(**{f"{column}__iregex": pattern})
    return q
