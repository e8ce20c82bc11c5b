from __future__ import annotations

import json

from django.core.exceptions import EmptyResultSet
from django.core.paginator import InvalidPage
from django.db import connections
from django.http import Http404, StreamingHttpResponse
from django.utils import translation
from django.utils.translation import gettext as _
from drf_spectacular.plumbing import build_array_type, build_basic_type
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import viewsets
from rest_framework.decorators import action
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response

from cards import cache
from cards import vocabulary as v
from cards.api.filters import CardFilter, CardFilterBackend, CardOrdering, QueryLanguageFilter
from cards.api.language import LANG_PARAMETER, requested_name_language
from cards.api.serializers import (
    AutocompleteSerializer,
    CardSerializer,
    CollectionRequestSerializer,
    CollectionResponseSerializer,
)
from cards.by_pk import card_by_pk, card_or_404
from cards.display_names import LANGUAGE_CODES, NAME_FIELDS
from cards.files import exported_cards
from cards.lookups import (
    AmbiguousName,
    NameNotFound,
    autocomplete,
    card_named_exactly,
    card_named_fuzzily,
    cards_for_identifiers,
)
from cards.models import Card
from cards.search import SearchTimeout, search_time_limit
from cards.search.sharing import shared_key
from cards.search.suggest import autocomplete_cards, suggest_query
from cards.selectors import cards_with_details, load_children
from cardsite.api import ApiError, ErrorSerializer


def _matching_ids(queryset) -> list[int]:
    """The ids of every matching card, in order, straight from the database cursor: on
    SQLite the ORM's per-row iteration added up to a fifth to a search finding 20,000 cards
    (issue 24, finding 9)."""
    sql_query = queryset.values_list("pk", flat=True).query
    try:
        sql, params = sql_query.get_compiler(using=queryset.db).as_sql()
    except EmptyResultSet:  # a condition that can match nothing (`pk__in=[]`): no statement
        return []
    with connections[queryset.db].cursor() as cursor:
        cursor.execute(sql, params)
        return [row[0] for row in cursor.fetchall()]


class CardPagination(PageNumberPagination):
    page_size = 60
    page_size_query_param = "page_size"
    max_page_size = 200

    def paginate_queryset(self, queryset, request, view=None):
        """One scan for the count and the page: read the matching ids in order, then load
        only the page's cards (COUNT plus LIMIT would scan the table twice)."""
        self.request = request
        ids = _matching_ids(queryset)
        paginator = self.django_paginator_class(ids, self.get_page_size(request))
        number = request.query_params.get(self.page_query_param) or 1
        try:
            self.page = paginator.page(number)
        except InvalidPage:
            raise ApiError(
                "not_found", _("There is no page %(number)s.") % {"number": number}, 404
            ) from None
        page_ids = list(self.page.object_list)
        # The page is fetched by primary key alone: repeating the search's conditions here
        # would re-run its subqueries for nothing.
        base = view.get_queryset() if view is not None else queryset.model.objects.all()
        cards = {card.pk: card for card in base.order_by().filter(pk__in=page_ids)}
        self.page.object_list = [cards[pk] for pk in page_ids]
        return list(self.page.object_list)

    def get_paginated_response(self, data):
        response = super().get_paginated_response(data)
        response.data["warnings"] = getattr(self.request, "search_warnings", [])
        return response

    def get_paginated_response_schema(self, schema):
        schema = super().get_paginated_response_schema(schema)
        schema["properties"]["suggestions"] = {
            "type": "array",
            "description": "For a query that found nothing: corrected queries that find cards.",
            "items": {
                "type": "object",
                "properties": {
                    "query": {"type": "string"},
                    "replacements": {
                        "type": "array",
                        "items": {
                            "type": "object",
                            "properties": {"from": {"type": "string"}, "to": {"type": "string"}},
                        },
                    },
                },
            },
        }
        schema["properties"]["warnings"] = {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "code": {"type": "string"},
                    "message": {"type": "string"},
                    "position": {"type": "integer"},
                },
            },
        }
        return schema


# A card read by id with only these parameters skips the filter backends (they filter nothing).
_NO_FILTER_PARAMS = {"lang", "format"}


class CardViewSet(viewsets.ReadOnlyModelViewSet):
    """Every card of both games, searchable with the query language (`q`)."""

    serializer_class = CardSerializer
    pagination_class = CardPagination
    filter_backends = [QueryLanguageFilter, CardFilterBackend, CardOrdering]
    filterset_class = CardFilter

    def get_serializer_context(self):
        # `name` in the language asked for (?lang=, else the request's); `names` keeps all.
        return {**super().get_serializer_context(), "language": self.name_language()}

    def name_language(self) -> str:
        if not hasattr(self, "_name_language"):
            self._name_language = requested_name_language(self.request)
        return self._name_language

    def get_queryset(self):
        if self.action in ("list", "retrieve"):
            return Card.objects.select_related("card_set")
        return cards_with_details()

    @extend_schema(
        parameters=[LANG_PARAMETER],
        responses={200: CardSerializer(many=True), 400: ErrorSerializer, 503: ErrorSerializer},
    )
    def list(self, request, *args, **kwargs):
        """Cards matching `q` and the filters. A search past the time limit is stopped:
        503 `search_timeout` (narrow the query)."""
        parent = super()

        def search():
            try:
                with search_time_limit():
                    data = parent.list(request, *args, **kwargs).data
                    data["suggestions"] = self._suggestions(request, data)
                    return data
            except SearchTimeout as error:
                message = _(
                    "The search took longer than %(limit)s ms and was stopped. Narrow the query."
                ) % {"limit": error.limit_ms}
                raise ApiError("search_timeout", message, 503) from None

        key = shared_key(request.query_params.get("q", ""))
        if key is None:  # `is:owned` (this reader's cards), or a query that cannot be read
            return Response(search())
        parts = cache.request_parts(request, search=key)
        return Response(cache.cached_answer("search-api", parts, search))

    def _suggestions(self, request, data) -> list[dict]:
        """ "Did you mean …" for a query that found nothing (cards.search.suggest)."""
        query = request.query_params.get("q", "").replace("\x00", "")
        if data.get("count") or not query.strip():
            return []
        suggestion = suggest_query(query.strip(), Card.objects.all())
        return [] if suggestion is None else [suggestion.as_json()]

    @extend_schema(
        parameters=[LANG_PARAMETER],
        responses={200: CardSerializer, 400: ErrorSerializer, 404: ErrorSerializer},
    )
    def retrieve(self, request, *args, **kwargs):
        parent = super()
        return _cached(request, "card-api", lambda: parent.retrieve(request, *args, **kwargs).data)

    def paginate_queryset(self, queryset):
        page = super().paginate_queryset(queryset)
        return None if page is None else load_children(list(page))

    def get_object(self):
        if self.action == "retrieve" and set(self.request.query_params) <= _NO_FILTER_PARAMS:
            # No filter narrows the look-up: the card by id, its statement compiled once.
            try:
                pk = int(self.kwargs["pk"])
            except ValueError:
                raise Http404 from None
            card = card_or_404(pk, with_set=True)
            self.check_object_permissions(self.request, card)
        else:
            card = super().get_object()
        return load_children([card])[0]

    @extend_schema(
        parameters=[
            OpenApiParameter("exact", str, description="The whole name, in any language."),
            OpenApiParameter("fuzzy", str, description="Part of a name, or a misspelling."),
            LANG_PARAMETER,
        ],
        responses={200: CardSerializer, 400: ErrorSerializer, 404: ErrorSerializer},
    )
    @action(detail=False, filter_backends=[])
    def named(self, request):
        """One card by name; an ambiguous name answers 404 with the candidates."""
        return _cached(request, "named-api", lambda: self._named(request))

    def _named(self, request) -> dict:
        exact, fuzzy = request.query_params.get("exact"), request.query_params.get("fuzzy")
        if not (exact or fuzzy):
            raise ApiError("missing_parameter", _("Give ?exact= or ?fuzzy= with a card name."))
        try:
            # The candidates of an ambiguous name are named in `lang`, like `name`.
            with translation.override(LANGUAGE_CODES[self.name_language()]):
                # Candidates are read with their names only; the card found, whole, by id.
                candidates = Card.objects.only("id", "number", *NAME_FIELDS)
                if exact:
                    found = card_named_exactly(exact, candidates)
                else:
                    found = card_named_fuzzily(fuzzy, candidates)
                card = card_by_pk(found.pk, with_set=True)
                if card is None:  # deleted since it was found
                    raise NameNotFound
        except AmbiguousName as error:
            raise ApiError(
                "ambiguous_name",
                _("%(count)s cards match %(name)r; be more specific.")
                % {"count": len(error.candidates), "name": exact or fuzzy},
                status_code=404,
                candidates=error.candidates,
            ) from None
        except NameNotFound:
            raise ApiError(
                "not_found", _("No card is named %(name)r.") % {"name": exact or fuzzy}, 404
            ) from None
        return self.get_serializer(load_children([card])[0]).data

    @extend_schema(
        parameters=[
            OpenApiParameter("q", str, description="The start or part of a name."),
            OpenApiParameter("game", str, enum=[g for g, _ in v.GAMES], description="One game."),
            LANG_PARAMETER,
        ],
        responses=AutocompleteSerializer,
    )
    @action(detail=False, filter_backends=[], pagination_class=None)
    def autocomplete(self, request):
        """Up to 20 card names containing `q`, best first (`data`), and up to 10 of the
        cards bearing them (`cards`), each named in `lang`, for the search boxes."""

        game = request.query_params.get("game") or None
        if game is not None and game not in dict(v.GAMES):
            raise ApiError("invalid_parameter", _("game is pad or digimon."))
        cards = Card.objects.all() if game is None else Card.objects.filter(game=game)

        def names() -> dict:
            query = request.query_params.get("q", "")[:200]
            found = autocomplete(query, cards)
            language = self.name_language()
            chosen = autocomplete_cards(query, cards, language, names=found)
            return {"total_values": len(found), "data": found, "cards": chosen}

        return _cached(request, "autocomplete-api", names)

    @extend_schema(
        parameters=[LANG_PARAMETER],
        request=CollectionRequestSerializer,
        responses=CollectionResponseSerializer,
    )
    @action(detail=False, methods=["post"], filter_backends=[], pagination_class=None)
    def collection(self, request):
        """Up to 75 cards by id, number (optionally with set and game) or name."""
        payload = CollectionRequestSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        identifiers = payload.validated_data["identifiers"]
        found, not_found = cards_for_identifiers(identifiers, self.get_queryset())
        return Response(
            {"data": self.get_serializer(found, many=True).data, "not_found": not_found}
        )

    @extend_schema(
        parameters=[
            OpenApiParameter("game", str, enum=[g for g, _ in v.GAMES]),
            OpenApiParameter("format", str, enum=["json", "jsonl"], description="Default jsonl."),
        ],
        responses={
            (200, "application/x-ndjson"): OpenApiResponse(
                OpenApiTypes.STR, description="jsonl: one card (a JSON object) per line."
            ),
            (200, "application/json"): build_array_type(build_basic_type(OpenApiTypes.OBJECT)),
        },
    )
    @action(detail=False, filter_backends=[], pagination_class=None, url_path="export")
    def export(self, request):
        """The whole catalogue in the import schema, streamed (JSON lines or one JSON list)."""
        game = request.query_params.get("game") or None
        if game is not None and game not in dict(v.GAMES):
            raise ApiError("invalid_parameter", _("game is pad or digimon."))
        fmt = request.query_params.get("format", "jsonl")
        if fmt not in ("json", "jsonl"):
            raise ApiError("invalid_parameter", "format is json or jsonl.")
        lines = (json.dumps(card, ensure_ascii=False) for card in exported_cards(game))
        if fmt == "jsonl":
            body = (line + "\n" for line in lines)
            content_type = "application/x-ndjson"
        else:
            body = _json_list(lines)
            content_type = "application/json"
        response = StreamingHttpResponse(body, content_type=f"{content_type}; charset=utf-8")
        name = f"cards-{game or 'all'}.{fmt}"
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        return response


def _cached(request, kind: str, compute) -> Response:
    """A read of the catalogue: the same JSON for every client asking this address in this
    language, kept in the shared cache as its bytes until the catalogue changes
    (cards/cache.py, cardsite/renderers.py). Errors
    (ApiError, 404) are raised by `compute` and never stored; throttles and authentication
    ran before, as for any request."""
    return Response(cache.cached_answer(kind, cache.request_parts(request), compute))


def _json_list(lines):
    yield "["
    for index, line in enumerate(lines):
        yield ("," if index else "") + "\n" + line
    yield "\n]\n"
