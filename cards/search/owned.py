"""`is:owned` and `owned>=N`: the cards the searching player owns (issue 16).

The only terms whose answer depends on who searches: the compiler gets the user from
`search_cards(…, user=)`, and the pages and API that share one cached answer among all
readers ask `depends_on_reader` first.
"""

from __future__ import annotations

import operator

from django.apps import apps
from django.db.models import Q

from cards.search.fields import _number
from cards.search.syntax import And, Not, Or, QuerySyntaxError, Term, parse

OWNED_FIELD = "owned"
_HOLDS = {
    ":": operator.eq,
    "=": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
}
_LOOKUPS = {":": "exact", "=": "exact", "<": "lt", "<=": "lte", ">": "gt", ">=": "gte"}


def is_owned_term(term: Term) -> bool:
    return term.field.casefold() == OWNED_FIELD or (
        term.field.casefold() == "is" and term.value.casefold() == OWNED_FIELD
    )


def _owned_rows(user):
    # By name through the app registry: decks depends on cards, not the other way round.
    collection_card = apps.get_model("decks", "CollectionCard")
    return collection_card.objects.filter(collection__owner=user)


def owned_q(term: Term, user) -> Q:
    """The cards `user` owns (`is:owned`), or owns a number of copies of (`owned>=2`,
    where a card not owned has 0 copies: `owned<2` finds it too)."""
    if term.field.casefold() == "is":
        q = Q(pk__in=_owned_rows(user).values("card_id"))
        return ~q if term.op == "!=" else q
    count = _number(term)
    if term.op == "!=":
        holds = ~Q(quantity=count)
    else:
        holds = Q(**{f"quantity__{_LOOKUPS[term.op]}": count})
    if _HOLDS[term.op](0, count):  # every card not owned matches: exclude the rows that fail
        return ~Q(pk__in=_owned_rows(user).exclude(holds).values("card_id"))
    return Q(pk__in=_owned_rows(user).filter(holds).values("card_id"))


def _terms(node):
    if isinstance(node, Term):
        yield node
    elif isinstance(node, Not):
        yield from _terms(node.child)
    elif isinstance(node, And | Or):
        for child in node.children:
            yield from _terms(child)


def depends_on_reader(query: str) -> bool:
    """Whether the query's answer differs from one reader to another (it names owned cards)."""
    if OWNED_FIELD not in (query or "").casefold():
        return False
    try:
        return any(is_owned_term(term) for term in _terms(parse(query.replace("\x00", ""))))
    except QuerySyntaxError:  # a query that cannot be parsed answers everyone the same
        return False
