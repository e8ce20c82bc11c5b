"""Corrections from players, reviewed by curators, and the history of every card change.

A player proposes new values for fields of a card (in the card schema's keys, see
docs/card-schema.md) with a source: a scan, validated like card images, or a link. The card
is not touched until a curator accepts; accepting writes the card through the importer, so
a correction is checked exactly like a catalogue row. Every save of a card — import, admin
edit, accepted correction — is recorded by django-simple-history with who, when and the
source (`history_change_reason`).
"""

from __future__ import annotations

import contextvars
import json
import secrets
from contextlib import contextmanager

from django.conf import settings
from django.db import models, transaction
from django.db.models.signals import post_delete, post_save
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from simple_history import register
from simple_history.models import HistoricalRecords
from simple_history.signals import pre_create_historical_record

from cards import cache as catalogue_cache
from cards import vocabulary as v
from cards.images import sniffed_extension, validate_card_image
from cards.models import KIND_MODELS, Card
from cardsite.parsers import json_depth_exceeds

CURATOR_GROUP = "curator"
SCAN_DIR = "corrections"

# Schema keys a correction may not change: they say which card it is, or how well the
# catalogue knows it (set by curators, never proposed).
NOT_CORRECTABLE = {
    "game",
    "kind",
    "set",
    "set_name",
    "number",
    "provenance",
    "verification",
    "data_issues",
}

# An error about unknown fields names this many, then says how many more: one error line per
# key made a 4.5 MB answer for 20,000 unknown keys (issue 24).
UNKNOWN_FIELDS_SHOWN = 10

# Columns that are derived from others: a change there is never news in the history.
HISTORY_EXCLUDED = ["search_names", "search_text", "number_sort", "updated_at"]


class _CardHistory(HistoricalRecords):
    """Card's history; remembers itself so the kind proxies can feed it too."""

    card_records: HistoricalRecords | None = None

    def finalize(self, sender, **kwargs):
        super().finalize(sender, **kwargs)
        _CardHistory.card_records = self


register(Card, app="cards", records_class=_CardHistory, excluded_fields=HISTORY_EXCLUDED)
# The admin edits cards through one proxy model per kind: their saves are Card saves.
for _proxy in KIND_MODELS.values():
    post_save.connect(_CardHistory.card_records.post_save, sender=_proxy, weak=False)
    post_delete.connect(_CardHistory.card_records.post_delete, sender=_proxy, weak=False)


class CorrectionStatus(models.TextChoices):
    PENDING = "pending", _("pending")
    ACCEPTED = "accepted", _("accepted")
    REJECTED = "rejected", _("rejected")


def correction_source_upload_to(correction, filename: str) -> str:
    """A random name with the extension of the scan's real format: the uploader's file name
    (`evil.html`, `x.svg`) is never stored (issue 24, finding 4)."""
    extension = sniffed_extension(correction.source_scan)
    return f"{SCAN_DIR}/{timezone.now():%Y/%m}/{secrets.token_hex(16)}.{extension}"


class CardCorrection(models.Model):
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="corrections")
    proposer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        on_delete=models.SET_NULL,
        related_name="card_corrections",
    )
    changes = models.JSONField(help_text="New values by card-schema key: {field: value}.")
    source_scan = models.ImageField(
        upload_to=correction_source_upload_to, blank=True, validators=[validate_card_image]
    )
    source_url = models.URLField(max_length=500, blank=True)
    note = models.TextField(blank=True)
    status = models.CharField(
        max_length=10, choices=CorrectionStatus.choices, default=CorrectionStatus.PENDING
    )
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="reviewed_card_corrections",
    )
    reason = models.TextField(blank=True, help_text="Why it was rejected (or a curator's note).")
    created_at = models.DateTimeField(auto_now_add=True)
    reviewed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["status", "created_at"], name="correction_status_idx")]

    def __str__(self) -> str:
        return f"Correction #{self.pk} of {self.card_id}: {', '.join(sorted(self.changes))}"

    @property
    def source_label(self) -> str:
        return "scan" if self.source_scan else self.source_url


# --- Who and what: the source of each history entry -------------------------------------

_history_source: contextvars.ContextVar[str] = contextvars.ContextVar("history_source", default="")


@contextmanager
def recorded_as(source: str):
    """Card saves inside this block are recorded in the history with this source."""
    token = _history_source.set(source[:100])
    try:
        yield
    finally:
        _history_source.reset(token)


def _set_history_source(sender, history_instance, **kwargs) -> None:
    if history_instance.history_change_reason:
        return
    source = _history_source.get()
    if not source:
        request = getattr(HistoricalRecords.context, "request", None)
        if request is None:
            source = "import"
        elif request.path.startswith("/admin/"):
            source = "admin edit"
        else:
            source = "edit"
    history_instance.history_change_reason = source


# The history table's model, read once: `Card.history` builds a new manager class at each
# access (simple_history's descriptor), about a third of a millisecond.
HistoricalCard = Card.history.model

pre_create_historical_record.connect(
    _set_history_source, sender=HistoricalCard, dispatch_uid="card-history-source"
)


# --- Proposing, validating, reviewing ------------------------------------------------------


class CorrectionError(Exception):
    """A proposal or review that cannot be made; `errors` maps a field to its messages."""

    def __init__(self, code: str, message: str, errors: dict[str, list[str]] | None = None):
        super().__init__(message)
        self.code, self.message, self.errors = code, message, errors or {}


class JsonTooDeep(ValueError):
    """JSON text nested past API_MAX_JSON_DEPTH, refused before json.loads recurses into it."""

    code = "parse_error"


def read_json_text(text: str | bytes):
    """A JSON value sent as text (a form field), with the API's nesting limit for JSON bodies:
    json.loads recurses once per level, so `changes=` and 3,000 `[` was a RecursionError, a
    500 (issue 24). Raises JsonTooDeep, or ValueError for text that is not JSON."""
    limit = settings.API_MAX_JSON_DEPTH
    if json_depth_exceeds(text.encode() if isinstance(text, str) else text, limit):
        raise JsonTooDeep(f"JSON nested deeper than {limit} levels is refused.")
    return json.loads(text)


def is_curator(user) -> bool:
    if not user.is_authenticated:
        return False
    return user.is_staff or user.groups.filter(name=CURATOR_GROUP).exists()


def current_values(card: Card) -> dict:
    """The card in the card schema, as the importer reads and writes it."""
    from cards.schema import card_to_dict
    from cards.selectors import cards_with_details

    return card_to_dict(cards_with_details().get(pk=card.pk))


def correctable_fields(card: Card) -> list[str]:
    return [key for key in current_values(card) if key not in NOT_CORRECTABLE]


def validate_changes(card: Card, changes) -> dict:
    """The changes, checked field by field with the importer's own checks.

    The card with the changes applied is read and cleaned as one catalogue row would be, in a
    transaction rolled back afterwards: a correction is valid exactly when the importer would
    take the corrected card.
    """
    from cards.services import CardImportError, import_cards

    if not isinstance(changes, dict) or not changes:
        raise CorrectionError("invalid", "Propose a new value for at least one field.")
    current = current_values(card)
    allowed = [key for key in current if key not in NOT_CORRECTABLE]
    unknown = [key for key in changes if key not in allowed]
    if unknown:
        errors = {
            key[:100]: [f"is not a field of this card; one of: {', '.join(allowed)}."]
            for key in unknown[:UNKNOWN_FIELDS_SHOWN]
        }
        more = len(unknown) - UNKNOWN_FIELDS_SHOWN
        if more > 0:
            errors["changes"] = [f"… and {more} more fields that are not fields of this card."]
        raise CorrectionError("invalid", "These fields cannot be corrected.", errors)
    unchanged = [key for key, value in changes.items() if current.get(key) == value]
    if len(unchanged) == len(changes):
        raise CorrectionError(
            "unchanged", "The card already says this.", {key: ["is unchanged."] for key in changes}
        )
    try:
        with transaction.atomic():
            import_cards([(1, {**current, **changes})], source="correction", dry_run=True)
    except CardImportError as error:
        found: dict[str, list[str]] = {}
        for row_error in error.errors:
            found.setdefault(row_error.field, []).append(row_error.reason)
        raise CorrectionError("invalid", "The corrected card would not be valid.", found) from None
    return {key: value for key, value in changes.items() if key not in unchanged}


def propose(card: Card, proposer, changes, *, scan=None, url: str = "", note: str = ""):
    """Record a pending correction; the card itself is not changed."""
    from django.core.exceptions import ValidationError
    from django.core.validators import URLValidator

    if not scan and not url:
        raise CorrectionError(
            "source_required",
            "Give a source: a scan of the card or a link.",
            {"source": ["a scan upload or a link is required."]},
        )
    checks = {"scan": (scan, validate_card_image), "url": (url, URLValidator(["http", "https"]))}
    for field, (given, check) in checks.items():
        try:
            if given:
                check(given)
        except ValidationError as error:
            message = error.messages[0]
            raise CorrectionError("invalid_source", message, {field: error.messages}) from None
    cleaned = validate_changes(card, changes)
    return CardCorrection.objects.create(
        card=card,
        proposer=proposer,
        changes=cleaned,
        source_scan=scan or "",
        source_url=url,
        note=note,
    )


def diff(correction: CardCorrection, current: dict | None = None) -> list[dict]:
    """Field by field: what the card says now and what the correction proposes."""
    current = current if current is not None else current_values(correction.card)
    return [
        {"field": key, "current": current.get(key), "proposed": value}
        for key, value in sorted(correction.changes.items())
    ]


def _lock_pending(correction: CardCorrection) -> CardCorrection:
    locked = CardCorrection.objects.select_for_update().get(pk=correction.pk)
    if locked.status != CorrectionStatus.PENDING:
        raise CorrectionError("already_reviewed", f"This correction was already {locked.status}.")
    return locked


def accept(correction: CardCorrection, reviewer, reason: str = "") -> CardCorrection:
    """Apply the correction to the card, all in one transaction, and record it in the history.

    The card is re-checked as it is now: another accepted correction may have changed it.
    """
    from cards.services import CardImportError, import_cards

    with transaction.atomic():
        correction = _lock_pending(correction)
        card = correction.card
        corrected = {**current_values(card), **correction.changes}
        if correction.source_scan:
            # A scan of the card is the best source there is.
            corrected["verification"] = v.SCAN
        source = f"correction #{correction.pk}"
        try:
            with recorded_as(f"accepted {source}"):
                import_cards([(1, corrected)], source=source)
        except CardImportError as error:
            found: dict[str, list[str]] = {}
            for row_error in error.errors:
                found.setdefault(row_error.field, []).append(row_error.reason)
            raise CorrectionError(
                "invalid", "The corrected card would no longer be valid.", found
            ) from None
        correction.status = CorrectionStatus.ACCEPTED
        correction.reviewer, correction.reason = reviewer, reason
        correction.reviewed_at = timezone.now()
        correction.save(update_fields=["status", "reviewer", "reason", "reviewed_at"])
    return correction


def reject(correction: CardCorrection, reviewer, reason: str) -> CardCorrection:
    if not reason.strip():
        raise CorrectionError(
            "reason_required", "Say why the correction is rejected.", {"reason": ["is required."]}
        )
    with transaction.atomic():
        correction = _lock_pending(correction)
        correction.status = CorrectionStatus.REJECTED
        correction.reviewer, correction.reason = reviewer, reason.strip()
        correction.reviewed_at = timezone.now()
        correction.save(update_fields=["status", "reviewer", "reason", "reviewed_at"])
    return correction


def corrected_values() -> dict[tuple[str, str, str], dict[str, tuple[int, object]]]:
    """For each card (game, set, number): field → (correction id, value) of the latest
    accepted correction that changed it. load_catalogue keeps these values."""
    kept: dict[tuple[str, str, str], dict[str, tuple[int, object]]] = {}
    accepted = (
        CardCorrection.objects.filter(status=CorrectionStatus.ACCEPTED)
        .select_related("card__card_set")
        .order_by("reviewed_at", "id")
    )
    for correction in accepted:
        card = correction.card
        fields = kept.setdefault((card.game, card.card_set.code, card.number), {})
        for key, value in correction.changes.items():
            fields[key] = (correction.pk, value)
        if correction.source_scan:
            fields["verification"] = (correction.pk, v.SCAN)
    return kept


def _history_counts() -> tuple[frozenset[int], frozenset[int]]:
    """(cards with any history, cards with more than one entry): most have one, their
    import, and one entry changed nothing to diff."""
    counts = (
        HistoricalCard.objects.order_by()
        .values_list("id")
        .annotate(entries=models.Count("history_id"))
    )
    once, several = set(), set()
    for card_id, entries in counts:
        (several if entries > 1 else once).add(card_id)
    return frozenset(once | several), frozenset(several)


# An entry as the card page shows it when there is nothing to diff it with.
_SHOWN_FIELDS = ("history_id", "history_date", "history_type", "history_change_reason", "id")


def history_entries(card: Card, limit: int | None = None) -> list:
    """The card's history, newest first, each entry with the fields it changed since the
    entry before it (one query: the entry before the last shown is read along; none for a
    card without history, such as those generated in bulk, and only the columns shown for a
    card with a single entry)."""
    counts = catalogue_cache.per_process("card-history-counts", _history_counts)
    if counts is not None and card.pk not in counts[0]:
        return []
    # The card's rows, as `card.history` reads them without building its manager class.
    records = (
        HistoricalCard.objects.filter(id=card.pk)
        .select_related("history_user")
        .order_by("-history_date", "-pk")
    )
    if counts is not None and card.pk not in counts[1]:
        records = records.only(*_SHOWN_FIELDS, "history_user__username")
    records = list(records[: limit + 1] if limit else records)
    for record in records:
        record.changed_fields = []
    for record, older in zip(records, records[1:], strict=False):
        record.changed_fields = record.diff_against(older).changed_fields
    return records[:limit] if limit else records
