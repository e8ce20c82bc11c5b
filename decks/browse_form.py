"""The deck browser's filters as a form: the page renders it (GET, works without
JavaScript) and the API reads its query parameters with it, so both accept the same values."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from cards import vocabulary as v
from cards.templatetags.card_tags import LABELS
from decks.browse import COLOUR_ATTRIBUTES, LEVEL_VALUES, ORDERINGS, BrowseFilters
from decks.forms import game_choices
from decks.limits import MAX_ID

MAX_NAME = 100  # a deck name's length: a longer search text is cut, not refused
TRUE, FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off")


class AttributeField(forms.ChoiceField):
    """A PAD attribute, or the colour that names it (red = fire …)."""

    def to_python(self, value):
        value = super().to_python(value).strip().lower()
        return COLOUR_ATTRIBUTES.get(value, value)


class RawCheckbox(forms.CheckboxInput):
    """A checkbox that hands the field the value sent (1 or 0 …), not a bool of it."""

    def value_from_datadict(self, data, files, name):
        return data.get(name, "")

    def format_value(self, value):
        return None  # the box always sends 1 (attrs); the value sent only checks it


class FlagField(forms.Field):
    """Yes (1, true …), no (0, false …) or unset; anything else is an error."""

    widget = RawCheckbox(attrs={"value": "1"}, check_test=lambda value: value in TRUE)

    def to_python(self, value):
        value = (value or "").strip().lower()
        if value == "":
            return None
        if value in TRUE:
            return True
        if value in FALSE:
            return False
        raise forms.ValidationError(_("Give 1 or 0."), code="invalid")


def _attribute_choices():
    return [
        ("", pgettext_lazy("filter", "Any")),
        *((value, LABELS["attribute"][value]) for value in v.values(v.ATTRIBUTES)),
    ]


def _level_choices():
    labels = {**LABELS["stage"], **LABELS["level"]}
    return [
        ("", pgettext_lazy("filter", "Any")),
        *((value, labels.get(value, value)) for value in LEVEL_VALUES),
    ]


def _game_choices():
    return [("", _("Both games")), *game_choices()]


class DeckBrowseForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), required=False, choices=_game_choices)
    name = forms.CharField(label=_("Name contains"), required=False)
    attribute = AttributeField(
        label=_("Attribute (PAD)"), required=False, choices=_attribute_choices
    )
    level = forms.ChoiceField(
        label=_("Level (Digimon) / stage (PAD)"), required=False, choices=_level_choices
    )
    author = forms.CharField(
        label=pgettext_lazy("deck browser", "Author"), required=False, max_length=150
    )
    tag = forms.CharField(label=pgettext_lazy("deck browser", "Tag"), required=False, max_length=30)
    legal = FlagField(label=_("Legal decks only"), required=False)
    card = forms.IntegerField(
        required=False, min_value=1, max_value=MAX_ID, widget=forms.HiddenInput
    )
    ordering = forms.ChoiceField(
        required=False,
        choices=[(o, o) for o in ORDERINGS],
        widget=forms.HiddenInput,
    )

    def clean_name(self):
        name = self.cleaned_data["name"].strip()[:MAX_NAME]
        # PostgreSQL cannot even compare a string with a NUL character.
        if "\x00" in name:
            raise forms.ValidationError(_("Null characters are not allowed."), code="null")
        return name

    def filters(self) -> BrowseFilters:
        """The valid fields' filters; a field that is not valid filters nothing."""
        data = {**self.cleaned_data} if hasattr(self, "cleaned_data") else {}
        values = {
            field: data.get(field)
            for field in BrowseFilters.__dataclass_fields__
            if data.get(field) not in (None, "")
        }
        return BrowseFilters(**values)


def first_error(form: DeckBrowseForm) -> str:
    """The first invalid parameter and why, for the API's 400."""
    field, errors = next(iter(form.errors.items()))
    return f"{field}: {errors[0]}"
