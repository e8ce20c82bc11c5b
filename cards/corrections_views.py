"""Pages: a player proposes a correction of a card; curators review the queue (issue 13).

Plain HTML forms, no script needed: each field of the card has an input holding what the card
says now; the fields a player changes become the proposal.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from cards import corrections as c
from cards.models import Card
from cards.schema import INT_ATTRS, JSON_FIELDS, LIST_FIELDS, card_to_dict
from cards.selectors import cards_with_details

# Schema keys holding a number; the others are text, or JSON for lists and objects.
NUMBER_KEYS = INT_ATTRS
STRUCTURED_KEYS = LIST_FIELDS | JSON_FIELDS


def shown(value) -> str:
    """A value as the form and the diff show it: text as is, anything else as JSON."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def _read(key: str, text: str):
    """The value a player typed for this field; raises ValueError naming what was expected."""
    text = text.strip()
    if key in STRUCTURED_KEYS:
        if not text:
            return None
        try:
            return c.read_json_text(text)
        except c.JsonTooDeep:
            raise
        except ValueError:
            raise ValueError(_('Write this field as JSON, e.g. ["fire"].')) from None
    if key in NUMBER_KEYS:
        if not text:
            return None
        try:
            return int(text)
        except ValueError:
            raise ValueError(_("Write a whole number.")) from None
    return text or None


def _changes_from_form(current: dict, post) -> tuple[dict, dict]:
    changes, errors = {}, {}
    for key in current:
        if key in c.NOT_CORRECTABLE or f"field-{key}" not in post:
            continue
        if post[f"field-{key}"].strip() == shown(current[key]).strip():
            continue
        try:
            changes[key] = _read(key, post[f"field-{key}"])
        except ValueError as error:
            errors[key] = [str(error)]
    return changes, errors


@login_required
def propose_correction(request, pk: int):
    card = get_object_or_404(Card.objects.select_related("card_set"), pk=pk)
    current = c.current_values(card)
    errors: dict[str, list[str]] = {}
    message = ""
    values = {key: shown(value) for key, value in current.items()}
    if request.method == "POST":
        values.update({key[6:]: text for key, text in request.POST.items() if key[:6] == "field-"})
        changes, errors = _changes_from_form(current, request.POST)
        if not errors:
            try:
                c.propose(
                    card,
                    request.user,
                    changes,
                    scan=request.FILES.get("source_scan"),
                    url=request.POST.get("source_url", "").strip(),
                    note=request.POST.get("note", "").strip(),
                )
            except c.CorrectionError as error:
                message, errors = error.message, error.errors
            else:
                messages.success(request, _("Thank you: a curator will review your correction."))
                return redirect("cards:detail", pk=card.pk)
        else:
            message = _("Some values could not be read.")
    fields = [
        {"key": key, "value": values[key], "errors": errors.get(key, [])}
        for key in current
        if key not in c.NOT_CORRECTABLE
    ]
    context = {
        "card": card,
        "fields": fields,
        "message": message,
        "source_errors": [
            *errors.get("source", []),
            *errors.get("scan", []),
            *errors.get("url", []),
        ],
        "source_url": request.POST.get("source_url", ""),
        "note": request.POST.get("note", ""),
    }
    return render(
        request,
        "cards/corrections/propose.html",
        context,
        status=400 if request.method == "POST" else 200,
    )


def _require_curator(request) -> None:
    if not c.is_curator(request.user):
        raise PermissionDenied


@login_required
def correction_queue(request):
    """Pending corrections, oldest first, each with its field-by-field diff."""
    _require_curator(request)
    pending = list(
        c.CardCorrection.objects.filter(status=c.CorrectionStatus.PENDING)
        .select_related("card__card_set", "proposer")
        .order_by("created_at", "id")[:100]
    )
    # One read of every card in the queue, with its children, for all the diffs.
    cards = cards_with_details().filter(pk__in={correction.card_id for correction in pending})
    current = {card.pk: card_to_dict(card) for card in cards}
    rows = [
        {
            "correction": correction,
            "diff": [
                {**line, "current": shown(line["current"]), "proposed": shown(line["proposed"])}
                for line in c.diff(correction, current[correction.card_id])
            ],
        }
        for correction in pending
    ]
    return render(request, "cards/corrections/queue.html", {"rows": rows})


@login_required
@require_POST
def review_correction(request, correction_id: int):
    _require_curator(request)
    correction = get_object_or_404(c.CardCorrection, pk=correction_id)
    reason = request.POST.get("reason", "")
    try:
        if request.POST.get("decision") == "accept":
            c.accept(correction, request.user, reason)
            done = _("Correction #%(id)s accepted: the card is updated.")
            messages.success(request, done % {"id": correction.pk})
        else:
            c.reject(correction, request.user, reason)
            messages.success(request, _("Correction #%(id)s rejected.") % {"id": correction.pk})
    except c.CorrectionError as error:
        messages.error(request, f"#{correction.pk}: {error.message}")
    return redirect("cards:corrections")
