from __future__ import annotations

from rest_framework import serializers

from cards import vocabulary as v
from cards.display_names import display_name
from decks.api.browse_json import key_card_json, standing_json
from decks.gauntlet_standing import standing_view
from decks.limits import MAX_CARD_QUANTITY, MAX_ENTRIES, MAX_ID, MAX_REVISION
from decks.models import VISIBILITIES, ZONES, Deck, DeckRevision
from decks.tags import MAX_TAG_LENGTH, MAX_TAGS

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
    notes = serializers.CharField(
        max_length=20000,
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        help_text="Markdown; the deck page shows it sanitised (no raw HTML, no images).",
    )
    tags = serializers.ListField(
        child=serializers.CharField(allow_blank=True),
        required=False,
        max_length=100,
        help_text=f"Up to {MAX_TAGS} tags of at most {MAX_TAG_LENGTH} characters: trimmed, "
        "lower-cased, spaces become hyphens; letters, digits, hyphens and underscores "
        "(else 400 `invalid_tags`). Replaces the deck's tags.",
    )
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
        help_text="The deck this one was forked from, when it is public or yours; an unlisted "
        "original (readable by its link only) is named to the fork's owner alone."
    )
    tags = serializers.SerializerMethodField()
    key_card = serializers.SerializerMethodField(
        help_text="The card the deck browser shows for the deck: {id, name, number, thumb}."
    )
    gauntlet = serializers.SerializerMethodField(
        help_text="The win rate against the game's reference decks with its 95 % interval "
        "(state measured), or state measuring / none (decks/gauntlet_standing.py)."
    )

    class Meta:
        model = Deck
        fields = [
            "id",
            "game",
            "name",
            "description",
            "notes",
            "tags",
            "owner",
            "visibility",
            "revision",
            "forked_from",
            "reference",
            "entries",
            "validation",
            "key_card",
            "gauntlet",
            "created_at",
            "updated_at",
        ]

    def get_key_card(self, deck) -> dict | None:
        return key_card_json(deck.key_card)

    def get_gauntlet(self, deck) -> dict:
        return standing_json(standing_view(deck))

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

    def get_tags(self, deck) -> list[str]:
        return [tag.name for tag in deck.tags.all()]

    def get_forked_from(self, deck) -> str | None:
        request = self.context.get("request")
        if request is None or deck.forked_from_id is None:
            return None
        original = deck.forked_from_shown_to(request.user)
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
            "notes",
            "tags",
            "entries",
            "author",
            "note",
            "edits",
            "created_at",
            "updated_at",
        ]


class RestoreSerializer(serializers.Serializer):
    revision = serializers.IntegerField(min_value=1, max_value=MAX_REVISION)


class DiffSideSerializer(serializers.Serializer):
    deck = serializers.CharField()
    name = serializers.CharField()
    revision = serializers.IntegerField(
        help_text="The revision compared (the current one when `current`)."
    )
    current = serializers.BooleanField(help_text="The deck as it is now, not a stored revision.")


class DiffRowSerializer(serializers.Serializer):
    card = serializers.IntegerField()
    name = serializers.CharField(help_text="In the request's language.")
    zone = serializers.ChoiceField(choices=ZONES)
    a = serializers.IntegerField(help_text="Copies in A (0: not there).")
    b = serializers.IntegerField(help_text="Copies in B (0: not there).")
    change = serializers.IntegerField(help_text="b − a.")


class DiffSummarySerializer(serializers.Serializer):
    added = serializers.IntegerField(help_text="Copies added from A to B.")
    removed = serializers.IntegerField(help_text="Copies removed from A to B.")
    changed = serializers.IntegerField(help_text="Rows whose count changed.")
    unchanged = serializers.IntegerField()
    a_total = serializers.IntegerField()
    b_total = serializers.IntegerField()


class DiffSerializer(serializers.Serializer):
    a = DiffSideSerializer()
    b = DiffSideSerializer()
    rows = DiffRowSerializer(many=True, help_text="Every card of either side, zone by zone.")
    summary = DiffSummarySerializer()
