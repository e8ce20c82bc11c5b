"""Which searches one cached answer may serve to every reader, and the key it is kept under
(issue 24, finding 3).

Both are read from the parsed query, never from the text: a check on the text saw
`is:own\\x00ed` as a card name while the search, after dropping the NUL, ran `is:owned`,
and Alice's cards were cached for Bob. Here the tree is the one the search runs
(`parse_query`), and a term is reader-specific when the handler that runs it is
(`cards.search.fields.reads_reader`): a field added later that needs the user gets it only
by being marked so, which also keeps it out of the cache.
"""

from __future__ import annotations

from collections.abc import Iterator

from cards.search.fields import reads_reader
from cards.search.syntax import And, Not, Or, QuerySyntaxError, Term, parse_query


def _terms(node) -> Iterator[Term]:
    if isinstance(node, Term):
        yield node
    elif isinstance(node, Not):
        yield from _terms(node.child)
    elif isinstance(node, And | Or):
        for child in node.children:
            yield from _terms(child)


def tree_depends_on_reader(tree) -> bool:
    return any(reads_reader(term) for term in _terms(tree))


def depends_on_reader(query: str) -> bool:
    """Whether the query's answer differs from one reader to another (`is:owned`…)."""
    try:
        return tree_depends_on_reader(parse_query(query))
    except QuerySyntaxError:  # a query that cannot be parsed answers everyone the same
        return False


def shared_key(query: str | None) -> str | None:
    """The query's part of a cache key when its answer is the same for every reader, else
    None: reader-specific, or unparsable (refused before the database is asked, so
    caching gains nothing).

    The key is the tree with its positions: the same cards, and the same warnings at the
    same characters, for every text that parses to it."""
    try:
        tree = parse_query(query)
    except QuerySyntaxError:
        return None
    if tree_depends_on_reader(tree):
        return None
    return repr(tree)
