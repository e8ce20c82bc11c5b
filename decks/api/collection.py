"""The collection API (issue 16): your collection, its text import and export, someone's
public collection, and how much of a deck you own.

Authentication as the deck API (token or session). Someone else's private collection,
like a private deck, does not exist for you (404).
"""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.response import Response

from cards.api.language import LANG_PARAMETER, requested_name_language
from cards.display_names import display_name
from cardsite.api import ApiError, ErrorSerializer
from decks.api.access import raise_deck_error, readable_deck
from decks.collection import (
    MODES,
    REPLACE,
    collection_of,
    deck_ownership,
    export_collection,
    import_collection,
    owned_cards,
    readable_collection,
    replace_cards,
)
from decks.collection_list import MAX_OWNED
from decks.limits import MAX_ID
from decks.models import PRIVATE, Deck
from decks.services import DeckError


class OwnedCardSerializer(serializers.Serializer):
    # Bounded as a deck's card ids are: an id past the database's range names no card.
    card = serializers.IntegerField(min_value=1, max_value=MAX_ID, help_text="The card's id.")
    quantity = serializers.IntegerField(min_value=0, max_value=MAX_OWNED)
    number = serializers.CharField(read_only=True)
    name = serializers.CharField(read_only=True, help_text="In `?lang=` or the request's.")
    game = serializers.CharField(read_only=True)


class CollectionSerializer(serializers.Serializer):
    owner = serializers.CharField(read_only=True)
    # Not a ChoiceField: its enum would clash in the schema with the decks' "visibility".
    visibility = serializers.CharField(
        required=False, help_text="`private` (the default) or `public`: readable by anyone."
    )
    updated_at = serializers.DateTimeField(read_only=True, allow_null=True)
    cards = OwnedCardSerializer(many=True)


class ImportSerializer(serializers.Serializer):
    text = serializers.CharField(allow_blank=True, trim_whitespace=False)
    mode = serializers.ChoiceField(choices=MODES, default=REPLACE)


class ImportResultSerializer(CollectionSerializer):
    imported_cards = serializers.IntegerField(help_text="Different cards the text named.")
    imported_copies = serializers.IntegerField(help_text="Copies it named in all.")


class MissingSerializer(serializers.Serializer):
    card = serializers.IntegerField()
    number = serializers.CharField()
    name = serializers.CharField()
    quantity = serializers.IntegerField(help_text="Copies the deck needs beyond those owned.")


class OwnershipSerializer(serializers.Serializer):
    owned = serializers.IntegerField(help_text="Cards of the deck and team you own.")
    needed = serializers.IntegerField(help_text="Cards in the deck and team (not the sideboard).")
    missing = MissingSerializer(many=True)


def _body(request, owner, collection) -> dict:
    language = requested_name_language(request)
    return {
        "owner": owner.get_username(),
        "visibility": collection.visibility if collection else PRIVATE,
        "updated_at": collection.updated_at if collection else None,
        "cards": [
            {
                "card": row.card_id,
                "quantity": row.quantity,
                "number": row.card.number,
                "name": display_name(row.card, language),
                "game": row.card.game,
            }
            for row in owned_cards(collection)
        ],
    }


@extend_schema(methods=["GET"], parameters=[LANG_PARAMETER], responses={200: CollectionSerializer})
@extend_schema(
    methods=["PUT"],
    request=CollectionSerializer,
    responses={200: CollectionSerializer, 400: ErrorSerializer},
    description="Replace your whole collection with `cards` (a 0 quantity is left out).",
)
@api_view(["GET", "PUT"])
@permission_classes([permissions.IsAuthenticated])
def my_collection(request):
    """Your collection: every card you own with its count (private unless you share it)."""
    if request.method == "PUT":
        payload = CollectionSerializer(data=request.data)
        payload.is_valid(raise_exception=True)
        counts: dict[int, int] = {}
        for item in payload.validated_data["cards"]:
            counts[item["card"]] = counts.get(item["card"], 0) + item["quantity"]
        try:
            replace_cards(
                owner=request.user,
                counts=counts,
                visibility=payload.validated_data.get("visibility"),
            )
        except DeckError as error:
            raise_deck_error(error)
    return Response(_body(request, request.user, collection_of(request.user)))


@extend_schema(
    request=ImportSerializer,
    responses={200: ImportResultSerializer, 400: ErrorSerializer},
)
@api_view(["POST"])
@permission_classes([permissions.IsAuthenticated])
def import_view(request):
    """Record the cards of a list in the deck-list text format (`# PAD` / `# Digimon`
    sections). `replace` makes them the whole collection, `add` adds to it. A list with any
    bad line changes nothing: 400 `invalid_list` with `errors` by line."""
    payload = ImportSerializer(data=request.data)
    payload.is_valid(raise_exception=True)
    try:
        result = import_collection(owner=request.user, **payload.validated_data)
    except DeckError as error:
        raise_deck_error(error)
    body = _body(request, request.user, collection_of(request.user))
    return Response({**body, "imported_cards": result.cards, "imported_copies": result.copies})


@extend_schema(
    parameters=[LANG_PARAMETER],
    responses={(200, "text/plain"): OpenApiResponse(str, description="The list as text.")},
)
@api_view(["GET"])
@permission_classes([permissions.IsAuthenticated])
def export_view(request):
    """Your collection in the deck-list text format, one section per game."""
    text = export_collection(collection_of(request.user), requested_name_language(request))
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="collection.txt"'
    return response


@extend_schema(
    parameters=[LANG_PARAMETER], responses={200: CollectionSerializer, 404: ErrorSerializer}
)
@api_view(["GET"])
@permission_classes([permissions.AllowAny])
def user_collection(request, username: str):
    """A player's collection, when they made it public (or it is yours)."""
    collection = readable_collection(username, request.user)
    if collection is None:
        raise ApiError("not_found", "No public collection has this username.", status_code=404)
    return Response(_body(request, collection.owner, collection))


@extend_schema(responses={200: OwnershipSerializer, 404: ErrorSerializer})
@api_view(["GET"])
@permission_classes([permissions.IsAuthenticated])
def deck_ownership_view(request, pk: str):
    """How many of a readable deck's cards you own, and the copies you miss (the deck and
    team count; the sideboard / maybe zone does not)."""
    deck = readable_deck(Deck.objects.all(), pk, request.user)
    language = requested_name_language(request)
    ownership = deck_ownership(deck, request.user)
    return Response(
        {
            "owned": ownership.owned,
            "needed": ownership.needed,
            "missing": [
                {
                    "card": row.card.pk,
                    "number": row.card.number,
                    "name": display_name(row.card, language),
                    "quantity": row.quantity,
                }
                for row in ownership.missing
            ],
        }
    )
