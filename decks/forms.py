"""Forms of the deck pages: every builder action is a plain POST form (issue 5).

Each edit form carries the deck's `revision`, so an edit made from an outdated page is
refused by `decks.services.deck_update` instead of overwriting someone else's change. The
edit forms also know how to apply themselves to the deck's current entries (`apply`); the
views hand the result to the services, which check the cards and store the revision.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from cards import vocabulary as v
from cards.templatetags.card_tags import LABELS
from decks.decklist import MAX_BYTES
from decks.limits import MAX_CARD_QUANTITY, MAX_ID, MAX_REVISION
from decks.models import DECK, PRIVATE, PUBLIC, SIDE, TEAM, UNLISTED
from decks.rules import EntryInput
from decks.services import DeckError
from decks.tags import MAX_TAG_LENGTH, MAX_TAGS, TagError, normalise_tags, split_tags

VISIBILITY_CHOICES = [
    (PRIVATE, _("Private: only you")),
    (UNLISTED, _("Unlisted: anyone with the link")),
    (PUBLIC, _("Public: listed on the decks page")),
]
ZONE_CHOICES = [(DECK, _("Deck")), (TEAM, _("Team")), (SIDE, _("Sideboard / maybe"))]
MAX_LIST_CHARS = MAX_BYTES // 4  # a pasted list; the parser checks bytes and lines again


def game_choices() -> list[tuple[str, str]]:
    return [(game, LABELS["game"][game]) for game in v.values(v.GAMES)]


class RevisionForm(forms.Form):
    """The revision the page showed: the write is refused if the deck moved on since."""

    revision = forms.IntegerField(min_value=1, max_value=MAX_REVISION, widget=forms.HiddenInput)


def card_field() -> forms.IntegerField:
    """A card id: one past the database's integer range is a form error, not an overflow."""
    return forms.IntegerField(min_value=1, max_value=MAX_ID, widget=forms.HiddenInput)


# --- Creating and describing decks ----------------------------------------------------------


class NewDeckForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), choices=game_choices, widget=forms.RadioSelect)
    name = forms.CharField(label=_("Name"), max_length=100)
    visibility = forms.ChoiceField(
        label=_("Visibility"), choices=VISIBILITY_CHOICES, initial=PRIVATE, required=False
    )
    list = forms.CharField(
        label=_("Deck list (optional)"),
        required=False,
        max_length=MAX_LIST_CHARS,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false"}),
        help_text=_(
            "One card a line, such as “3 Red Dragon” or “2x St-2”; “Team:” and “Deck:” "
            "start the PAD team and the deck."
        ),
    )


class DeckSettingsForm(RevisionForm):
    name = forms.CharField(label=_("Name"), max_length=100)
    description = forms.CharField(
        label=_("Description"),
        required=False,
        max_length=5000,
        widget=forms.Textarea(attrs={"rows": 3}),
    )
    visibility = forms.ChoiceField(label=_("Visibility"), choices=VISIBILITY_CHOICES)
    notes = forms.CharField(
        label=pgettext_lazy("deck notes", "Notes"),
        required=False,
        max_length=20000,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_("Markdown: **bold**, *italics*, lists, # headings, [links](https://…)."),
    )
    tags = forms.CharField(
        label=pgettext_lazy("deck notes", "Tags"),
        required=False,
        max_length=MAX_TAGS * (MAX_TAG_LENGTH + 2),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Formatted here, in the reader's language: a lazy text formatted at import is not.
        self.fields["tags"].help_text = _(
            "Up to %(count)s, separated by commas, such as “aggro, budget”."
        ) % {"count": MAX_TAGS}

    def clean_tags(self) -> list[str]:
        try:
            return normalise_tags(split_tags(self.cleaned_data["tags"]))
        except TagError:
            raise forms.ValidationError(
                _(
                    "Up to %(count)s tags of at most %(length)s letters, digits or hyphens "
                    "each, separated by commas."
                )
                % {"count": MAX_TAGS, "length": MAX_TAG_LENGTH}
            ) from None


# --- Builder edits --------------------------------------------------------------------------


def _current(entries: list[EntryInput], card: int, zone: str) -> int:
    return sum(e.quantity for e in entries if e.card_id == card and e.zone == zone)


def _with_quantity(entries: list[EntryInput], card: int, zone: str, quantity: int) -> list:
    """The entries with (card, zone) set to `quantity` (removed at 0), order kept."""
    kept = [e for e in entries if not (e.card_id == card and e.zone == zone)]
    if quantity > 0:
        kept.append(EntryInput(card_id=card, quantity=quantity, zone=zone))
    return kept


class AddCardForm(RevisionForm):
    card = card_field()
    quantity = forms.IntegerField(
        label=_("Copies"), min_value=1, max_value=MAX_CARD_QUANTITY, initial=1, required=False
    )
    zone = forms.ChoiceField(choices=ZONE_CHOICES, initial=DECK, required=False)

    def apply(self, entries: list[EntryInput]) -> list[EntryInput]:
        data = self.cleaned_data
        card, zone, quantity = data["card"], data["zone"] or DECK, data["quantity"] or 1
        # Past the copies cap, decks.services refuses the write and says so (no silent cap).
        return _with_quantity(entries, card, zone, _current(entries, card, zone) + quantity)


class SetQuantityForm(RevisionForm):
    """A count typed in, one more or one less (`delta`), or `remove`."""

    card = card_field()
    zone = forms.ChoiceField(choices=ZONE_CHOICES, widget=forms.HiddenInput)
    quantity = forms.IntegerField(
        label=_("Copies"), min_value=0, max_value=MAX_CARD_QUANTITY, required=False
    )
    delta = forms.IntegerField(min_value=-1, max_value=1, required=False)
    remove = forms.BooleanField(required=False)

    def clean(self):
        data = super().clean()
        if not data.get("remove") and data.get("delta") is None and data.get("quantity") is None:
            raise forms.ValidationError(_("Give a number of copies."))
        return data

    def apply(self, entries: list[EntryInput]) -> list[EntryInput]:
        data = self.cleaned_data
        card, zone = data["card"], data["zone"]
        if data["remove"]:
            quantity = 0
        elif data["delta"] is not None:
            # The revision check guarantees the count is the one the page showed.
            quantity = _current(entries, card, zone) + data["delta"]
        else:
            quantity = data["quantity"]
        return _with_quantity(entries, card, zone, max(0, quantity))


class MoveCardForm(RevisionForm):
    """Move one copy between the deck, the PAD team and the sideboard / maybe zone."""

    card = card_field()
    zone = forms.ChoiceField(choices=ZONE_CHOICES, widget=forms.HiddenInput)
    to = forms.ChoiceField(choices=ZONE_CHOICES, widget=forms.HiddenInput)

    def apply(self, entries: list[EntryInput]) -> list[EntryInput]:
        data = self.cleaned_data
        card, source, target = data["card"], data["zone"], data["to"]
        have = _current(entries, card, source)
        # Refused rather than saved unchanged: a move that moves nothing adds no revision.
        if source == target:
            raise DeckError("same_zone", str(_("This card is already there.")))
        if have == 0:
            raise DeckError("not_in_deck", str(_("This card is not in this part of the deck.")))
        entries = _with_quantity(entries, card, source, have - 1)
        return _with_quantity(entries, card, target, _current(entries, card, target) + 1)


REPLACE, ADD = "replace", "add"


class PasteListForm(RevisionForm):
    list = forms.CharField(
        label=_("Paste a deck list"),
        max_length=MAX_LIST_CHARS,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
    )
    mode = forms.ChoiceField(
        label=_("What to do with it"),
        choices=[(ADD, _("Add to the deck")), (REPLACE, _("Replace the deck"))],
        initial=ADD,
        widget=forms.RadioSelect,
    )

    def apply(self, entries: list[EntryInput], pasted: list[EntryInput]) -> list[EntryInput]:
        return list(pasted) if self.cleaned_data["mode"] == REPLACE else [*entries, *pasted]


class ResolveLineForm(RevisionForm):
    """Add a card suggested for a line of a pasted list (decks.paste)."""

    key = forms.CharField(max_length=32, widget=forms.HiddenInput)
    card = card_field()


class DismissLineForm(forms.Form):
    """Forget a line of a pasted list: no card changes, so no revision is needed."""

    key = forms.CharField(max_length=32, widget=forms.HiddenInput)


class RestoreForm(RevisionForm):
    pass
