"""Decks, their cards and every past revision (issue 4)."""

from __future__ import annotations

import secrets
import string

from django.conf import settings
from django.db import models
from django.db.models import Q

from cards import vocabulary as v
from decks.reference_names import reference_display_name

DECK, TEAM, SIDE = "deck", "team", "side"
# The sideboard / maybe zone holds cards a player is considering: the validator, the
# simulator and the proxy sheets ignore it (issue 16).
ZONES = [(DECK, "Deck"), (TEAM, "Team"), (SIDE, "Sideboard / maybe")]
PUBLIC, UNLISTED, PRIVATE = "public", "unlisted", "private"
VISIBILITIES = [
    (PUBLIC, "Public: listed and readable by anyone"),
    (UNLISTED, "Unlisted: readable by anyone with the link"),
    (PRIVATE, "Private: only you"),
]
ID_ALPHABET = string.ascii_letters + string.digits
ID_LENGTH = 10


def new_deck_id() -> str:
    """A short id that cannot be guessed: unlisted decks rely on it (62^10 ≈ 8·10^17)."""
    return "".join(secrets.choice(ID_ALPHABET) for _ in range(ID_LENGTH))


class Deck(models.Model):
    id = models.CharField(primary_key=True, max_length=16, default=new_deck_id, editable=False)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks"
    )
    game = models.CharField(max_length=8, choices=v.GAMES)
    name = models.CharField(max_length=100)
    description = models.TextField(blank=True, max_length=5000)
    # Longer notes in Markdown (primer, mulligan advice), rendered sanitised on the deck page.
    notes = models.TextField(blank=True, max_length=20000)
    visibility = models.CharField(max_length=8, choices=VISIBILITIES, default=PRIVATE)
    revision = models.PositiveIntegerField(default=1)
    forked_from = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="forks"
    )
    # A reference deck of the gauntlet (decks.reference): the site's own, loaded from
    # fixtures/reference_decks.toml, and the default opponent of matchups.
    reference = models.BooleanField(default=False)
    # The validator's verdict at the last write, so deck lists need no re-validation.
    is_valid = models.BooleanField(default=False)
    deck_count = models.PositiveIntegerField(default=0)
    team_count = models.PositiveIntegerField(default=0)
    # Lines of a pasted list that named no card of this game (decks.paste): they wait here,
    # with the cards they may have meant, until the owner adds one or dismisses the line.
    unresolved_lines = models.JSONField(default=list, blank=True)
    # The card the deck browser shows as its thumbnail, chosen at every write.
    key_card = models.ForeignKey(
        "cards.Card", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-updated_at"]
        indexes = [
            models.Index(fields=["visibility", "game", "-updated_at"]),
            # The gauntlet is read by game, in name order, among every deck of the site.
            models.Index(
                fields=["game", "name"], condition=Q(reference=True), name="deck_reference"
            ),
        ]

    @property
    def display_name(self) -> str:
        """The name as the page's language reads it (a reference deck's words translated,
        decks/reference_names.py); a player's deck as its player named it."""
        return reference_display_name(self.name) if self.reference else self.name

    def __str__(self) -> str:
        return self.name

    def is_readable_by(self, user) -> bool:
        return self.visibility != PRIVATE or (user.is_authenticated and user.pk == self.owner_id)

    def is_owned_by(self, user) -> bool:
        return user.is_authenticated and user.pk == self.owner_id

    def revisions_readable_by(self, user) -> models.QuerySet[DeckRevision]:
        """The history `user` may read: a revision made while the deck was private (its
        name, description and cards then) stays the owner's, even once the deck is shared."""
        revisions = self.revisions.all()
        if self.is_owned_by(user):
            return revisions
        return revisions.exclude(visibility=PRIVATE)

    def forked_from_shown_to(self, user) -> Deck | None:
        """The original of a fork, for a reader who could reach it without this fork: a
        public original, or the reader's own. An unlisted original is read by its link only,
        so a fork shown to others must not hand out its id (issue 24): it is named to the
        fork's owner, who had the link to fork it, and to the original's owner."""
        original = self.forked_from
        if original is None or not original.is_readable_by(user):
            return None
        if original.visibility == PUBLIC or original.is_owned_by(user) or self.is_owned_by(user):
            return original
        return None


class DeckTag(models.Model):
    """A free label a deck's owner gives it ("aggro", "budget"); the browser filters by it."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="tags")
    name = models.CharField(max_length=30)

    class Meta:
        ordering = ["deck_id", "name"]
        constraints = [models.UniqueConstraint(fields=["deck", "name"], name="decktag_unique")]
        indexes = [models.Index(fields=["name"])]

    def __str__(self) -> str:
        return self.name


class GauntletStanding(models.Model):
    """How a deck fared against its game's reference decks, measured by a background job
    when the deck was published or changed: the browser sorts by it."""

    deck = models.OneToOneField(
        Deck, primary_key=True, on_delete=models.CASCADE, related_name="gauntlet_standing"
    )
    revision = models.PositiveIntegerField()  # the deck revision measured
    games = models.PositiveIntegerField(default=0)
    win_rate = models.FloatField(null=True)  # None until measured
    interval_low = models.FloatField(null=True)
    interval_high = models.FloatField(null=True)
    measured_at = models.DateTimeField(null=True)

    class Meta:
        indexes = [models.Index(fields=["-win_rate"])]

    def __str__(self) -> str:
        return f"{self.deck_id} r{self.revision}: {self.win_rate}"


class DeckEntry(models.Model):
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="entries")
    card = models.ForeignKey("cards.Card", on_delete=models.PROTECT, related_name="deck_entries")
    quantity = models.PositiveSmallIntegerField()
    zone = models.CharField(max_length=4, choices=ZONES, default=DECK)

    class Meta:
        ordering = ["deck_id", "zone", "card__number_sort"]
        constraints = [
            models.UniqueConstraint(fields=["deck", "card", "zone"], name="deckentry_unique_card"),
            models.CheckConstraint(
                condition=Q(quantity__gte=1), name="deckentry_quantity_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.quantity} × {self.card_id} ({self.zone})"


class DeckRevision(models.Model):
    """A snapshot of a deck after a write; any can be restored (as a new revision)."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    name = models.CharField(max_length=100)
    description = models.TextField(blank=True)
    visibility = models.CharField(max_length=8, choices=VISIBILITIES)
    notes = models.TextField(blank=True)
    tags = models.JSONField(default=list)
    entries = models.JSONField(default=list)  # [{"card": id, "quantity": n, "zone": …}]
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    note = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    # A burst of edits by one author within a few minutes updates one revision in place
    # (issue 16): when it last did, and how many edits it holds.
    updated_at = models.DateTimeField(null=True, blank=True)
    edits = models.PositiveIntegerField(default=1)

    class Meta:
        ordering = ["deck_id", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["deck", "number"], name="deckrevision_unique_number")
        ]

    def __str__(self) -> str:
        return f"{self.deck_id} r{self.number}"


class Collection(models.Model):
    """The cards a player owns, private unless they share it (issue 16)."""

    owner = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        primary_key=True,
        on_delete=models.CASCADE,
        related_name="collection",
    )
    visibility = models.CharField(
        max_length=8, choices=[(PUBLIC, "Public"), (PRIVATE, "Private")], default=PRIVATE
    )
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"collection of {self.owner_id}"


class CollectionCard(models.Model):
    collection = models.ForeignKey(Collection, on_delete=models.CASCADE, related_name="cards")
    card = models.ForeignKey("cards.Card", on_delete=models.CASCADE, related_name="+")
    quantity = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["collection_id", "card__number_sort"]
        constraints = [
            models.UniqueConstraint(fields=["collection", "card"], name="collectioncard_unique"),
            models.CheckConstraint(
                condition=Q(quantity__gte=1), name="collectioncard_quantity_positive"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.quantity} × {self.card_id}"
