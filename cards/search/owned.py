"""`is:owned` and `owned>=N`: the cards the searching player owns (issue 16).

The handlers of cards.search.fields call these with the user the compiler was given; they
are marked `reader_specific` there, which is what keeps any query using them out of the
shared cache (cards.search.sharing).
"""

from __future__ import annotations

import operator

from django.apps import apps
from django.db.models import Q

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


def _owned_rows(user):
    # By name through the app registry: decks depends on cards, not the other way round.
    collection_card = apps.get_model("decks", "CollectionCard")
    return collection_card.objects.filter(collection__owner=user)


def is_owned_q(user, *, negated: bool = False) -> Q:
    """The cards `user` owns (`is:owned`), or does not (`is!=owned`)."""
    q = Q(pk__in=_owned_rows(user).values("card_id"))
    return ~q if negated else q


def owned_count_q(op: str, count: int, user) -> Q:
    """The cards `user` owns a number of copies of (`owned>=2`), where a card not owned has
    0 copies: `owned<2` finds it too."""
    holds = ~Q(quantity=count) if op == "!=" else Q(**{f"quantity__{_LOOKUPS[op]}": count})
    if _HOLDS[op](0, count):  # every card not owned matches: exclude the rows that fail
        return ~Q(pk__in=_owned_rows(user).exclude(holds).values("card_id"))
    return Q(pk__in=_owned_rows(user).filter(holds).values("card_id"))
