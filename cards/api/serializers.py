"""The card as the API shows it: the import schema (cards.schema) plus id and image URLs.

The declared fields describe the response for the OpenAPI schema; the values come from
card_to_dict so the API and the import/export files never drift apart.
"""

from __future__ import annotations

from functools import lru_cache

from django.urls import reverse
from django.utils.translation import get_language
from rest_framework import serializers

from cards import vocabulary as v
from cards.api.labels import LabelsSerializer, display_fields
from cards.display_names import EN, display_name, name_language
from cards.images import image_urls
from cards.schema import card_to_dict

# The largest id a card can have (BigAutoField); a larger one cannot even be looked up
# (SQLite: OverflowError), so it is refused as invalid input.
MAX_ID = 2**63 - 1


@lru_cache(maxsize=16)
def _url_pattern(view_name: str) -> str:
    return reverse(view_name, args=[987654321]).replace("987654321", "{}")


def url_for(view_name: str, pk: int) -> str:
    """reverse() for a URL whose only argument is a pk, without re-resolving per card."""
    return _url_pattern(view_name).format(pk)


def _optional(field_class: type[serializers.Field], **kwargs) -> serializers.Field:
    # Passed to the constructor, not set afterwards: a serializer's fields are deep copies,
    # which DRF rebuilds from the constructor's arguments.
    return field_class(required=False, allow_null=True, **kwargs)


class NamesSerializer(serializers.Serializer):
    ja = serializers.CharField(required=False)
    zh_hant = serializers.CharField(required=False)
    zh_hans = serializers.CharField(required=False)
    en = serializers.CharField(required=False)


class AttackRowSerializer(serializers.Serializer):
    attack = serializers.IntegerField()
    bonus = serializers.IntegerField()


class DigimonAttackSerializer(serializers.Serializer):
    name = serializers.CharField(allow_null=True)
    power = serializers.IntegerField(allow_null=True)
    effect = serializers.CharField(allow_null=True)
    cancels = serializers.ChoiceField(choices=v.ATTACK_LETTERS, allow_null=True)


class AttacksSerializer(serializers.Serializer):
    A = DigimonAttackSerializer(required=False)
    B = DigimonAttackSerializer(required=False)
    C = DigimonAttackSerializer(required=False)


class LostPointsSerializer(serializers.Serializer):
    III = serializers.IntegerField(allow_null=True)
    IV = serializers.IntegerField(allow_null=True)
    perfect = serializers.IntegerField(allow_null=True)
    ultimate = serializers.IntegerField(allow_null=True)


class EvolutionSerializer(serializers.Serializer):
    circles = serializers.IntegerField(allow_null=True)
    crosses = serializers.IntegerField(allow_null=True)
    other = serializers.CharField(allow_null=True)


class ComponentSerializer(serializers.Serializer):
    name = serializers.CharField()
    quantity = serializers.IntegerField()
    card = serializers.IntegerField(allow_null=True, help_text="Id of the catalogued part.")


class DataIssueValueSerializer(serializers.Serializer):
    source = serializers.CharField()
    value = serializers.JSONField(allow_null=True)


class DataIssueSerializer(serializers.Serializer):
    field = serializers.CharField(help_text="The card-schema key the sources disagree on.")
    values = DataIssueValueSerializer(many=True)
    note = serializers.CharField(allow_blank=True)


class ScanCorrectionSerializer(serializers.Serializer):
    field = serializers.CharField(help_text="The card-schema key the print corrected.")
    list_value = serializers.JSONField(allow_null=True, help_text="What the fan list said.")
    printed_value = serializers.JSONField(allow_null=True, help_text="What the card prints.")
    scan = serializers.CharField(help_text="The scan file it was read from.")


class ScanCheckSerializer(serializers.Serializer):
    scan = serializers.CharField(
        help_text="The scan file (AustinGhigliotty/pad-tcg, cards/) the card was read from."
    )
    added = serializers.BooleanField(help_text="True when the fan list lacks the card.")
    unreadable = serializers.ListField(
        child=serializers.CharField(), help_text="Fields the scan could not be read for."
    )
    corrections = ScanCorrectionSerializer(many=True)


class ImageSerializer(serializers.Serializer):
    thumb = serializers.CharField()
    normal = serializers.CharField()
    proxy = serializers.BooleanField(help_text="True when drawn from the card's data.")


class CardSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    game = serializers.ChoiceField(choices=v.GAMES)
    kind = serializers.ChoiceField(choices=v.KINDS)
    name = serializers.CharField(
        help_text="The name in the language asked for (`lang`), else the nearest stored one."
    )
    names = NamesSerializer(help_text="Every stored name, by language.")
    number = serializers.CharField()
    set = serializers.CharField()
    set_name = serializers.CharField(allow_null=True)
    rarity = serializers.CharField(allow_null=True)
    provenance = serializers.ChoiceField(choices=v.PROVENANCES)
    verification = serializers.ChoiceField(
        choices=v.VERIFICATIONS, help_text="How far the card's details are checked."
    )
    data_issues = DataIssueSerializer(
        many=True, help_text="Fields the sources contradict, with what each source says."
    )
    scan_check = ScanCheckSerializer(
        allow_null=True,
        help_text="What a reading of the card's printed scan found (PAD); null if unchecked.",
    )
    text = serializers.CharField(allow_null=True)
    effect = serializers.JSONField(allow_null=True)
    effect_text = serializers.CharField(
        allow_null=True,
        help_text="The effect worded from `effect` in `lang` (en, zh-hant, zh-hans; ja: "
        "English): what the steps do, in the words of the card pages. null when the card has "
        "no steps or one step cannot be worded: read `text` (the printed text, in its own "
        "language) then.",
    )
    labels = LabelsSerializer(
        help_text="The card's vocabulary values (attribute, types, stage, effect types, orbs, "
        "level, species, type, field, …) as the card pages name them in `lang`; the codes "
        "stay in the fields themselves."
    )
    not_simulated_reason = serializers.CharField(
        allow_null=True,
        help_text='Why the printed effect has no structured steps ("needs: …"); null if '
        "none is stated.",
    )
    image = ImageSerializer()
    uri = serializers.CharField(help_text="This card in the API.")
    page = serializers.CharField(help_text="This card's web page.")
    # PAD
    attribute = _optional(serializers.ChoiceField, choices=v.ATTRIBUTES)
    sub_attribute = _optional(serializers.ChoiceField, choices=v.ATTRIBUTES)
    cost = _optional(serializers.IntegerField)
    defense = _optional(serializers.IntegerField)
    types = serializers.ListField(child=serializers.CharField(), required=False)
    stage = _optional(serializers.ChoiceField, choices=v.STAGES)
    evolves_from = _optional(serializers.CharField)
    ultimate_requirement = _optional(serializers.CharField)
    skill_icon = _optional(serializers.CharField)
    attack = AttackRowSerializer(many=True, required=False)
    effect_types = serializers.ListField(child=serializers.CharField(), required=False)
    orbs = serializers.ListField(child=serializers.CharField(), required=False)
    # Digimon
    level = _optional(serializers.ChoiceField, choices=v.LEVELS)
    battle_type = _optional(serializers.ChoiceField, choices=v.BATTLE_TYPES)
    attacks = AttacksSerializer(required=False)
    lost_points = LostPointsSerializer(required=False, allow_null=True)
    species = _optional(serializers.CharField)
    digimon_type = _optional(serializers.ChoiceField, choices=v.DIGIMON_TYPES)
    field = _optional(serializers.ChoiceField, choices=v.FIELDS)
    background = _optional(serializers.CharField)
    special_keywords = serializers.ListField(child=serializers.CharField(), required=False)
    special_ability = _optional(serializers.CharField)
    support = _optional(serializers.CharField)
    evolution = EvolutionSerializer(required=False, allow_null=True)
    copy_limit = _optional(serializers.IntegerField)
    # Options and combos
    option_type = _optional(serializers.ChoiceField, choices=v.OPTION_TYPES)
    timing = _optional(serializers.ChoiceField, choices=v.TIMINGS)
    duration = _optional(serializers.CharField)
    targets = serializers.ListField(child=serializers.CharField(), required=False)
    components = ComponentSerializer(many=True, required=False)
    incompatible = serializers.ListField(child=serializers.CharField(), required=False)
    bonus = _optional(serializers.CharField)

    def _absolute(self, path: str) -> str:
        # One build_absolute_uri per response, not four per card.
        if "_origin" not in self.context:
            request = self.context.get("request")
            self.context["_origin"] = request.build_absolute_uri("/")[:-1] if request else ""
        return self.context["_origin"] + path

    def to_representation(self, card):
        data = {"id": card.pk, **card_to_dict(card)}
        language = self.context.get("language")
        data["name"] = display_name(card, language)
        data.update(display_fields(card, data, language or name_language(get_language()) or EN))
        if "components" in data:
            links = [part.card_id for part in card.related_rows("components")]
            data["components"] = [
                {**part, "card": link} for part, link in zip(data["components"], links, strict=True)
            ]
        images = image_urls(card, self.context.get("language"))
        for size in ("thumb", "normal"):
            images[size] = self._absolute(images[size])
        data["image"] = images
        data["uri"] = self._absolute(url_for("api:card-detail", card.pk))
        data["page"] = self._absolute(url_for("cards:detail", card.pk))
        return data


class CollectionIdentifierSerializer(serializers.Serializer):
    id = serializers.IntegerField(required=False, min_value=1, max_value=MAX_ID)
    number = serializers.CharField(required=False, max_length=32)
    set = serializers.CharField(required=False, max_length=16)
    game = serializers.ChoiceField(choices=v.GAMES, required=False)
    name = serializers.CharField(required=False, max_length=200)

    def validate(self, attrs):
        keys = {"id", "number", "name"} & set(attrs)
        if len(keys) != 1:
            raise serializers.ValidationError("Give exactly one of id, number or name.")
        return attrs


class CollectionRequestSerializer(serializers.Serializer):
    identifiers = CollectionIdentifierSerializer(many=True, max_length=75, min_length=1)


class CollectionResponseSerializer(serializers.Serializer):
    data = CardSerializer(many=True)
    not_found = serializers.ListField(child=serializers.DictField())


class AutocompleteCardSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField(help_text="In `lang` (the nearest name when it has none).")
    matched = serializers.CharField(help_text="The name containing `q` when `name` is not it.")
    number = serializers.CharField()
    game = serializers.CharField()
    url = serializers.CharField(help_text="The card's page.")


class AutocompleteSerializer(serializers.Serializer):
    total_values = serializers.IntegerField()
    data = serializers.ListField(child=serializers.CharField())
    cards = AutocompleteCardSerializer(many=True)
