"""Query parameters of GET /api/cards/: `q` (the query language) and plain field filters."""

from __future__ import annotations

import django_filters
from django_filters.rest_framework import DjangoFilterBackend
from rest_framework.filters import BaseFilterBackend, OrderingFilter

from cards import vocabulary as v
from cards.display_names import localized_ordering
from cards.models import Card
from cards.search import QuerySyntaxError, search_cards
from cardsite.api import ApiError


class QueryLanguageFilter(BaseFilterBackend):
    """`?q=` in the card query language; warnings are kept on the request for the response."""

    def filter_queryset(self, request, queryset, view):
        query = request.query_params.get("q", "")
        try:
            result = search_cards(query, queryset, user=request.user)
        except QuerySyntaxError as error:
            raise ApiError("invalid_query", error.message, position=error.position) from None
        request.search_warnings = result.warnings
        return result.cards

    def get_schema_operation_parameters(self, view):
        return [
            {
                "name": "q",
                "required": False,
                "in": "query",
                "description": "A query in the card query language: `attr:fire cost<=2 -o:draw`.",
                "schema": {"type": "string", "maxLength": 1000},
            }
        ]


class CardFilter(django_filters.FilterSet):
    game = django_filters.ChoiceFilter(choices=v.GAMES)
    kind = django_filters.ChoiceFilter(choices=v.KINDS)
    set = django_filters.CharFilter(field_name="card_set__code", lookup_expr="iexact")
    number = django_filters.CharFilter(lookup_expr="iexact")
    attribute = django_filters.ChoiceFilter(choices=v.ATTRIBUTES)
    sub_attribute = django_filters.ChoiceFilter(choices=v.ATTRIBUTES)
    stage = django_filters.ChoiceFilter(choices=v.STAGES)
    cost = django_filters.NumberFilter()
    cost_min = django_filters.NumberFilter(field_name="cost", lookup_expr="gte")
    cost_max = django_filters.NumberFilter(field_name="cost", lookup_expr="lte")
    defense_min = django_filters.NumberFilter(field_name="defense", lookup_expr="gte")
    defense_max = django_filters.NumberFilter(field_name="defense", lookup_expr="lte")
    level = django_filters.ChoiceFilter(choices=v.LEVELS)
    battle_type = django_filters.ChoiceFilter(choices=v.BATTLE_TYPES)
    digimon_type = django_filters.ChoiceFilter(choices=v.DIGIMON_TYPES)
    field = django_filters.ChoiceFilter(field_name="field_code", choices=v.FIELDS)
    option_type = django_filters.ChoiceFilter(choices=v.OPTION_TYPES)
    rarity = django_filters.ChoiceFilter(choices=v.PAD_RARITIES)
    provenance = django_filters.ChoiceFilter(choices=v.PROVENANCES)
    verification = django_filters.ChoiceFilter(choices=v.VERIFICATIONS)

    class Meta:
        model = Card
        fields = []


class CardFilterBackend(DjangoFilterBackend):
    """django-filter builds a form per request (a few ms): skip it when no filter is given."""

    def filter_queryset(self, request, queryset, view):
        if not set(request.query_params) & set(CardFilter.base_filters):
            return queryset
        return super().filter_queryset(request, queryset, view)


class CardOrdering(OrderingFilter):
    ordering_fields = [
        ("name", "name"),
        ("number_sort", "number"),
        ("cost", "cost"),
        ("defense", "defense"),
        ("level", "level"),
        ("game", "game"),
        ("id", "id"),
        ("updated_at", "updated"),
    ]
    ordering_fields_map = {public: column for column, public in ordering_fields}

    def get_valid_fields(self, queryset, view, context=None):
        return [(public, public) for _, public in self.ordering_fields]

    def get_ordering(self, request, queryset, view):
        ordering = super().get_ordering(request, queryset, view)
        if not ordering:
            return ["game", "number_sort"]
        mapped = []
        for term in ordering:
            descending = term.startswith("-")
            column = self.ordering_fields_map[term.lstrip("-")]
            mapped.append(f"-{column}" if descending else column)
        # "name" sorts by the name `name` shows (the request's language, or ?lang=).
        language = view.name_language() if hasattr(view, "name_language") else None
        return [*localized_ordering(mapped, language), "id"]
