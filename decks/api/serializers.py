from __future__ import annotations

from rest_framework import serializers

from cards import vocabulary as v
from cards.display_names import display_name
from decks.limits import MAX_CARD_QUANTITY, MAX_ENTRIES, MAX_ID, MAX_REVISION
from decks.models import VISIBILITIES, ZONES, Deck, DeckRevision

MAX_LIST_CHARS = 200_000


class EntryItemSerializer(serializers.Serializer):
    card = serializers.IntegerField(min_value=1, max_value=MAX_ID)
    quantity = serializers.IntegerField(min_value=1, max_value=MAX_CARD_QUANTITY)
    zone = serializers.ChoiceField(
        choices=ZONES,
        default="deck",
        help_text="deck, team (PAD) or side: the sideboard / maybe zone, which the rules and "
        "the simulator ignore.",
    )


class CardsInputMixin(serializers.Serializer):
    entries = EntryItemSerializer(many=True, required=False, max_length=MAX_ENTRIES)
    list = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=MAX_LIST_CHARS,
        trim_whitespace=False,
        help_text="The deck list text format (Team: / Deck: / Sideboard: sections, "
        "`3 Red Dragon` lines).",
    )

    def validate(self, attrs):
        if "entries" in attrs and "list" in attrs:
            raise serializers.ValidationError("Give the cards as entries or as list, not both.")
        return attrs


class ValidateRequestSerializer(CardsInputMixin):
    game = serializers.ChoiceField(choices=v.GAMES)

    def validate(self, attrs):
        attrs = super().validate(attrs)
        if "entries" not in attrs and "list" not in attrs:
            raise serializers.ValidationError("Give the cards as entries or as list.")
        return attrs


class ViolationSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()
    card = serializers.IntegerField(allow_null=True)
    line = serializers.IntegerField(allow_null=True)


class ValidationSerializer(serializers.Serializer):
    valid = serializers.BooleanField()
    errors = ViolationSerializer(many=True)
    counts = serializers.DictField(child=serializers.IntegerField())


class DeckWriteSerializer(CardsInputMixin):
    game = serializers.ChoiceField(choices=v.GAMES, required=False)
    name = serializers.CharField(max_length=100, required=False)
    description = serializers.CharField(max_length=5000, required=False, allow_blank=True)
    visibility = serializers.ChoiceField(choices=VISIBILITIES, required=False)
    revision = serializers.IntegerField(
        min_value=1,
        max_value=MAX_REVISION,
        required=False,
        help_text="The revision this edit was made from (updates).",
    )


class DeckEntryOutSerializer(serializers.Serializer):
    card = serializers.IntegerField()
    quantity = serializers.IntegerField()
    zone = serializers.ChoiceField(choices=ZONES)
    name = serializers.CharField()
    number = serializers.CharField()


class DeckSerializer(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.username")
    entries = serializers.SerializerMethodField()
    validation = serializers.SerializerMethodField()
    forked_from = serializers.SerializerMethodField(
        help_text="The deck this one was forked from, when you may read that deck."
    )

    class Meta:
        model = Deck
        fields = [
            "id",
            "game",
            "name",
            "description",
            "owner",
            "visibility",
            "revision",
            "forked_from",
            "reference",
            "entries",
            "validation",
            "created_at",
            "updated_at",
        ]

    def get_entries(self, deck) -> list[dict]:
        return [
            {
                "card": e.card_id,
                "quantity": e.quantity,
                "zone": e.zone,
                # The request's language (Accept-Language), as the deck pages show it.
                "name": display_name(e.card),
                "number": e.card.number,
            }
            for e in deck.entries.all()
        ]

    def get_forked_from(self, deck) -> str | None:
        request = self.context.get("request")
        if request is None or deck.forked_from_id is None:
            return None
        original = deck.forked_from_readable_by(request.user)
        return original.pk if original is not None else None

    def get_validation(self, deck) -> dict:
        verdict = self.context.get("validations", {}).get(deck.pk)
        if verdict is not None:
            return verdict
        # Lists show the verdict stored at the last write; one deck is validated afresh.
        return {
            "valid": deck.is_valid,
            "errors": [],
            "counts": {"deck": deck.deck_count, "team": deck.team_count},
        }


class RevisionSerializer(serializers.ModelSerializer):
    author = serializers.CharField(source="author.username", allow_null=True, default=None)

    class Meta:
        model = DeckRevision
        fields = [
            "number",
            "name",
            "description",
            "visibility",
            "entries",
            "author",
            "note",
            "created_at",
        ]


class RestoreSerializer(serializers.Serializer):
    revision = serializers.IntegerField(min_value=1, max_value=MAX_REVISION)
