from __future__ import annotations

from collections.abc import Callable

from django.db import transaction
from django.db.models import Prefetch, Q
from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, permissions, status, viewsets
from rest_framework.decorators import action, api_view, permission_classes
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response

from cards import cache as catalogue_cache
from cards import vocabulary as v
from cards.api.language import LANG_PARAMETER, requested_name_language
from cards.display_names import NAME_FIELDS
from cardsite.api import ApiError, ErrorSerializer
from decks import render_budget
from decks.api.access import raise_deck_error, readable_deck
from decks.api.browse_parameters import BROWSE_PARAMETERS
from decks.api.serializers import (
    DeckSerializer,
    DeckWriteSerializer,
    DiffSerializer,
    RestoreSerializer,
    RevisionSerializer,
    ValidateRequestSerializer,
    ValidationSerializer,
)
from decks.browse import PUBLIC_DECKS_VERSION, browse, deck_owners
from decks.browse_form import DeckBrowseForm, first_error
from decks.decklist import export_deck_list, parse_deck_list
from decks.diff import DiffError, deck_diff, diff_sides
from decks.limits import DECK_TOO_LARGE, MAX_REVISION, TOO_MANY_COPIES
from decks.models import PUBLIC, Deck, DeckEntry
from decks.rules import validate_deck
from decks.services import (
    DeckError,
    check_caps,
    deck_create,
    deck_fork,
    deck_restore,
    deck_update,
    entries_from_items,
    entries_from_text,
)
from decks.verdicts import deck_verdict


def verdict_to_dict(verdict, list_errors=()) -> dict:
    errors = [
        {"code": e.code, "message": e.message, "card": e.card, "line": e.line}
        for e in verdict.errors
    ]
    errors = [
        *(
            {"code": e.code, "message": e.message, "card": None, "line": e.line}
            for e in list_errors
        ),
        *errors,
    ]
    return {"valid": verdict.valid and not list_errors, "errors": errors, "counts": verdict.counts}


@extend_schema(request=ValidateRequestSerializer, responses=ValidationSerializer)
@api_view(["POST"])
@permission_classes([permissions.AllowAny])
def validate_view(request):
    """Check a deck against its game's rules; nothing is saved."""
    payload = ValidateRequestSerializer(data=request.data)
    payload.is_valid(raise_exception=True)
    data = payload.validated_data
    # The verdict depends only on the catalogue and the deck asked about (and the
    # language of its messages): players and scripts validate the same lists again and again.
    asked = (data["game"], data.get("list"), repr(data.get("entries")))
    return Response(catalogue_cache.cached_answer("deck-validate", asked, lambda: _verdict(data)))


def _verdict(data: dict) -> dict:
    list_errors = []
    if "list" in data:
        parsed = parse_deck_list(data["list"], data["game"])
        entries, list_errors = parsed.entries, parsed.errors
        too_large = next((e for e in list_errors if e.code == "list_too_large"), None)
        if too_large is not None:
            raise ApiError("list_too_large", too_large.message)
        # Past the caps of decks.limits the list is refused, as a write would refuse it.
        over = next((e for e in list_errors if e.code in (TOO_MANY_COPIES, DECK_TOO_LARGE)), None)
        if over is not None:
            raise ApiError(over.code, f"Line {over.line}: {over.message}", line=over.line)
    else:
        entries = entries_from_items(data["entries"])
        try:
            check_caps(entries)
        except DeckError as error:
            raise_deck_error(error)
    return verdict_to_dict(validate_deck(data["game"], entries), list_errors)


_TRUE, _FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off")


def _flag(name: str, value: str) -> bool:
    """A yes/no filter: anything else is refused rather than read as one or the other."""
    if value.lower() in _TRUE:
        return True
    if value.lower() in _FALSE:
        return False
    raise ApiError("invalid_parameter", f"{name} is 1 or 0 (true or false).")


MAX_PAGE_SIZE = 50  # decks per page of GET /api/decks/ (`page_size` above it means this)


def deck_row_key(deck: Deck) -> tuple:
    """Every value of the deck's row and of its gauntlet standing: a write to the deck (its
    cards and tags are written with a save of the row: revision, updated_at), its key card
    or its standing changes one of them."""
    standing = getattr(deck, "gauntlet_standing", None)
    rows = [deck] + ([standing] if standing is not None else [])
    return tuple(
        (field.attname, getattr(row, field.attname))
        for row in rows
        for field in row._meta.concrete_fields
    )


class IsOwnerOrReadOnly(permissions.BasePermission):
    def has_object_permission(self, request, view, deck):
        if request.method in permissions.SAFE_METHODS or view.action == "fork":
            return True
        return deck.is_owned_by(request.user)


class DeckPagination(PageNumberPagination):
    """Every listed deck carries all its cards: a page of 200 decks at the caps of
    decks/limits.py (500 entries each) weighed 9 MB and took 3 to 7 s (issue 24, finding 5).
    Pages hold at most MAX_PAGE_SIZE decks (2.2 MB at the caps, about 100 KB for 50 legal
    decks), and each page is charged to the render budget by its entries."""

    page_size = MAX_PAGE_SIZE
    page_size_query_param = "page_size"
    max_page_size = MAX_PAGE_SIZE


class DeckViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.DestroyModelMixin,
    viewsets.GenericViewSet,
):
    """Decks: public ones and your own are listed; unlisted ones are readable by link."""

    serializer_class = DeckSerializer
    pagination_class = DeckPagination
    permission_classes = [permissions.IsAuthenticatedOrReadOnly, IsOwnerOrReadOnly]
    lookup_value_regex = "[A-Za-z0-9]{1,16}"

    def get_queryset(self):
        entries = DeckEntry.objects.select_related("card").only(
            "deck_id",
            "card_id",
            "quantity",
            "zone",
            *(f"card__{field}" for field in NAME_FIELDS),
            "card__number",
            "card__number_sort",
        )
        # The original's owner and visibility decide whether a fork names it.
        decks = Deck.objects.select_related(
            "owner", "forked_from", "key_card", "gauntlet_standing"
        ).prefetch_related(Prefetch("entries", queryset=entries), "tags")
        if self.action == "list":
            user = self.request.user
            visible = Q(visibility=PUBLIC)
            if user.is_authenticated:
                visible |= Q(owner=user)
            decks = decks.filter(visible)
            params = self.request.query_params
            form = DeckBrowseForm(params)
            if not form.is_valid():
                raise ApiError("invalid_parameter", first_error(form))
            decks = browse(decks, form.filters())
            mine = params.get("mine", "").lower() not in ("", "0", "false", "no", "off")
            if mine and user.is_authenticated:
                decks = decks.filter(owner=user)
            reference = params.get("reference", "")
            if reference:
                decks = decks.filter(reference=_flag("reference", reference))
        return decks

    def get_object(self):
        # Readability first: a private deck of someone else does not exist for you (404),
        # whatever you wanted to do with it (not 403, which would confirm the id).
        deck = readable_deck(self.get_queryset(), self.kwargs["pk"], self.request.user)
        self.check_object_permissions(self.request, deck)
        return deck

    @extend_schema(
        parameters=[
            OpenApiParameter("game", str, enum=[game for game, _ in v.GAMES]),
            OpenApiParameter("name", str, description="Part of the deck's name."),
            OpenApiParameter("mine", bool, description="Only your own decks."),
            OpenApiParameter(
                "reference",
                bool,
                description="1: only the reference decks (the gauntlet); 0: none of them.",
            ),
            *BROWSE_PARAMETERS,
        ]
    )
    def list(self, request, *args, **kwargs):
        # A page is the same for every reader who owns no deck (signed in or not: `mine`
        # reads differently); an owner's own. Kept in the shared cache under the address,
        # that reader, the public decks' and catalogue versions and the language (issue 30).
        # The render budget is charged at every request, before serialising on a miss.
        charged = []

        def page() -> tuple[int, dict]:
            decks = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
            # The page is read (its decks' entries prefetched); serialising is the heavy part.
            entries = sum(len(deck.entries.all()) for deck in decks)
            charged.append(render_budget.charge(request, render_budget.list_cost(entries)))
            data = list(self.get_serializer(decks, many=True).data)
            return entries, dict(self.get_paginated_response(data).data)

        parts = (
            *catalogue_cache.request_parts(request),
            self._reader_key(),
            catalogue_cache.counter(PUBLIC_DECKS_VERSION),
        )
        entries, body = catalogue_cache.cached("deck-list-api", parts, page)
        if not charged:
            render_budget.charge(request, render_budget.list_cost(entries))
        return Response(body)

    def _reader_key(self):
        user = self.request.user
        if not user.is_authenticated:
            return "anonymous"
        return user.pk if user.pk in deck_owners() else "signed-in, no deck"

    def _readable_row(self) -> Deck:
        """The deck's own row and standing, once access is granted (someone else's private
        deck is a 404): what the cached answers below are keyed on."""
        decks = Deck.objects.select_related("gauntlet_standing")
        row = readable_deck(decks, self.kwargs["pk"], self.request.user)
        self.check_object_permissions(self.request, row)
        return row

    def retrieve(self, request, *args, **kwargs):
        # The answer is the same for every reader but for `forked_from`: kept in the shared
        # cache under every value of the deck's row and standing (any write changes one),
        # the catalogue version and the language (issue 30).
        row = self._readable_row()
        body = catalogue_cache.cached(
            "deck-api", deck_row_key(row), lambda: self._detail(self.get_object())
        )
        original = row.forked_from_shown_to(request.user) if row.forked_from_id else None
        return Response({**body, "forked_from": original.pk if original is not None else None})

    def _detail(self, deck: Deck) -> dict:
        entries = entries_from_items(
            {"card": e.card_id, "quantity": e.quantity, "zone": e.zone} for e in deck.entries.all()
        )
        verdict = verdict_to_dict(deck_verdict(deck.game, entries))
        context = {"validations": {deck.pk: verdict}, "request": self.request}
        return DeckSerializer(deck, context=context).data

    def _entries(self, game: str, data: dict):
        try:
            if "list" in data:
                return entries_from_text(game, data["list"])
            if "entries" in data:
                return entries_from_items(data["entries"])
        except DeckError as error:
            raise_deck_error(error)
        return None

    def _reload(self, deck: Deck) -> Deck:
        return self.get_queryset().get(pk=deck.pk)

    def _write(self, write: Callable[[], Deck]) -> Deck:
        """The deck as `write()` left it: read back in the write's own transaction, so the
        answer holds this write's revision, never that of a writer who came just after
        (a client sending that revision back would overwrite an edit it never saw)."""
        try:
            with transaction.atomic():
                return self._reload(write())
        except DeckError as error:
            raise_deck_error(error)

    @extend_schema(request=DeckWriteSerializer, responses={201: DeckSerializer})
    def create(self, request):
        payload = DeckWriteSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        for required in ("game", "name"):
            if required not in data:
                raise ApiError("invalid", f"{required}: This field is required.")
        entries = self._entries(data["game"], data) or []
        deck = self._write(
            lambda: deck_create(
                owner=request.user,
                game=data["game"],
                name=data["name"],
                description=data.get("description", ""),
                visibility=data.get("visibility", "private"),
                entries=entries,
                notes=data.get("notes", ""),
                tags=data.get("tags"),
            )
        )
        return Response(self._detail(deck), status=status.HTTP_201_CREATED)

    @extend_schema(
        request=DeckWriteSerializer, responses={200: DeckSerializer, 409: ErrorSerializer}
    )
    def partial_update(self, request, *args, **kwargs):
        deck = self.get_object()
        payload = DeckWriteSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        data = payload.validated_data
        if "revision" not in data:
            raise ApiError(
                "revision_required", "Send the revision this edit was made from (`revision`)."
            )
        if "game" in data and data["game"] != deck.game:
            raise ApiError("invalid", "game: a deck's game cannot change.")
        entries = self._entries(deck.game, data)
        deck = self._write(
            lambda: deck_update(
                deck=deck,
                author=request.user,
                revision=data["revision"],
                name=data.get("name"),
                description=data.get("description"),
                visibility=data.get("visibility"),
                entries=entries,
                notes=data.get("notes"),
                tags=data.get("tags"),
            )
        )
        return Response(self._detail(deck))

    @extend_schema(
        request=DeckWriteSerializer, responses={200: DeckSerializer, 409: ErrorSerializer}
    )
    def update(self, request, *args, **kwargs):
        return self.partial_update(request, *args, **kwargs)

    @extend_schema(request=None, responses={201: DeckSerializer})
    @action(detail=True, methods=["post"], permission_classes=[permissions.IsAuthenticated])
    def fork(self, request, pk=None):
        """Copy a readable deck into your own decks (private, with a link to the original)."""
        original = self.get_object()
        deck = self._write(lambda: deck_fork(deck=original, owner=request.user))
        return Response(self._detail(deck), status=status.HTTP_201_CREATED)

    @extend_schema(responses=RevisionSerializer(many=True))
    @action(detail=True, methods=["get"], pagination_class=None)
    def revisions(self, request, pk=None):
        """Every revision you may read, newest first: those made while the deck was private
        are its owner's only."""
        deck = self.get_object()
        revisions = list(deck.revisions_readable_by(request.user).select_related("author"))
        # Every revision carries its cards: a long history is a large list, charged as one.
        entries = sum(len(revision.entries) for revision in revisions)
        render_budget.charge(request, render_budget.list_cost(entries))
        return Response(RevisionSerializer(revisions, many=True).data)

    @extend_schema(
        request=RestoreSerializer,
        responses={200: DeckSerializer, 404: ErrorSerializer, 409: ErrorSerializer},
    )
    @action(detail=True, methods=["post"], url_path=r"revisions/(?P<number>\d+)/restore")
    def restore(self, request, pk=None, number=None):
        """Make an old revision current again (as a new revision; history is kept)."""
        deck = self.get_object()
        payload = RestoreSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        # A number past any revision (even one too long for int()) names none: 404.
        if len(number) > len(str(MAX_REVISION)):
            message = f"This deck has no revision {number[:20]}…."
            raise ApiError("not_found", message, status_code=404)
        deck = self._write(
            lambda: deck_restore(
                deck=deck,
                author=request.user,
                revision=payload.validated_data["revision"],
                number=int(number),
            )
        )
        return Response(self._detail(deck))

    @extend_schema(
        parameters=[OpenApiParameter("format", str, enum=["text", "json"]), LANG_PARAMETER],
        responses={
            (200, "text/plain"): str,
            (200, "application/json"): dict,
            400: ErrorSerializer,
        },
    )
    @action(detail=True, methods=["get"])
    def export(self, request, pk=None):
        """The deck as the text list format or JSON (card ids)."""
        row = self._readable_row()
        fmt = request.query_params.get("format", "text")
        if fmt not in ("text", "json"):
            raise ApiError("invalid_parameter", "format is text or json.")
        language = requested_name_language(request) if fmt == "text" else None
        exported = catalogue_cache.cached(
            "deck-export", (*deck_row_key(row), fmt, language), lambda: self._export(fmt, language)
        )
        if fmt == "json":
            return Response(exported)
        return HttpResponse(exported, content_type="text/plain; charset=utf-8")

    def _export(self, fmt: str, language: str | None) -> dict | str:
        deck = self.get_object()
        entries = list(deck.entries.all())
        if fmt == "json":
            return {
                "game": deck.game,
                "name": deck.name,
                "entries": [
                    {"card": e.card_id, "quantity": e.quantity, "zone": e.zone} for e in entries
                ],
            }
        lines = [(e.card, e.quantity, e.zone) for e in entries]
        return export_deck_list(lines, deck.game, language)

    @extend_schema(
        parameters=[
            OpenApiParameter("against", str, description="Compare with this deck (A), same game."),
            OpenApiParameter("from", int, description="A: this revision of the deck."),
            OpenApiParameter("to", int, description="B: this revision (default: the deck now)."),
        ],
        responses={200: DiffSerializer, 400: ErrorSerializer, 404: ErrorSerializer},
    )
    @action(detail=True, methods=["get"])
    def diff(self, request, pk=None):
        """Two decks (`against`: A that deck, B this one) or two revisions of this deck
        (`from`, `to`) card by card; revisions and decks you may not read are 404."""
        deck = Deck.objects.filter(pk=pk).first()
        if deck is None or not deck.is_readable_by(request.user):
            raise ApiError("not_found", "No deck has this id.", status_code=404)
        try:
            diff = deck_diff(*diff_sides(deck, request.user, request.query_params))
        except DiffError as error:
            raise ApiError(error.code, error.message, status_code=error.status) from None
        return Response({**diff, "rows": [row.as_dict() for row in diff["rows"]]})
