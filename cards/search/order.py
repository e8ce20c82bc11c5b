"""The order cards are listed in when the reader has not chosen one (issue 15, item 2).

Set codes sort as text, so the Digimon set RULES (the 60 options known only from the rules
text, without number, picture or details) came before the printed St cards and a reader
opening "Digimon cards" saw a page of placeholders. Printed cards come first, then the
cards known only from the rules text, then synthetic benchmark cards; within each, by set
and number as before.
"""

from __future__ import annotations

from django.db.models import Case, IntegerField, Value, When

from cards import vocabulary as v

PRINTED_FIRST = Case(
    When(provenance=v.PRINTED, then=Value(0)),
    When(provenance=v.RULES_TEXT, then=Value(1)),
    default=Value(2),
    output_field=IntegerField(),
)
BY_NUMBER = ("game", "card_set__code", "number_sort", "id")
# Set and number, printed cards first: the search pages' default order.
SET_AND_NUMBER = (PRINTED_FIRST, *BY_NUMBER)
