"""/goldfish/deck/<id>/doctor/ (engine:doctor): "Improve this deck" — the deck doctor
(DOCTOR-1) started from a deck: the opponents, the policy and where the candidate cards come
from; the run is always a job (engine/doctor.py), whose page (engine:job) follows it and
draws the swaps, each with a button that applies it (engine:doctor_apply): a new revision
of the reader's own deck, or a fork of someone else's with the swap applied."""

from __future__ import annotations

import json

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from decks.models import Deck
from decks.services import DeckError, deck_fork, deck_update
from decks.views import _deck_or_404
from engine import budget
from engine.concurrency import Busy
from engine.core import api as engine
from engine.doctor import (
    MAX_SWAPS,
    DoctorRequest,
    SwapNotApplicable,
    doctor_submission,
    swap_note,
    swapped_entries,
)
from engine.forms import GAUNTLET
from engine.jobs import services
from engine.jobs.services import JobRefused
from engine.matchup_services import match_deck
from engine.models import DONE, Job
from engine.services import GoldfishError, entries_for
from engine.views.goldfish import POLICY_TEXTS, _error_texts, refusal_429_text
from engine.views.job_runs import start_job
from engine.views.opponents import chosen_decks, deck_choices

TEMPLATE = "engine/doctor.html"


class DoctorForm(forms.Form):
    opponent = forms.ChoiceField(label=gettext_lazy("Opponents"))
    policy = forms.ChoiceField(label=gettext_lazy("Policy (both players)"))
    candidates = forms.ChoiceField(
        label=gettext_lazy("Cards to try"),
        choices=[
            ("catalogue", gettext_lazy("Every card of the game")),
            ("owned", gettext_lazy("The cards of my collection")),
        ],
    )
    max_swaps = forms.TypedChoiceField(
        label=gettext_lazy("Cards swapped at most"),
        coerce=int,
        choices=[(n, str(n)) for n in range(1, MAX_SWAPS + 1)],
    )
    seed = forms.IntegerField(label=gettext_lazy("Seed"), min_value=0, max_value=2**63 - 1)

    DEFAULTS = {
        "opponent": GAUNTLET,
        "policy": "greedy",
        "candidates": "catalogue",
        "max_swaps": MAX_SWAPS,
        "seed": 0,
    }

    def __init__(self, policies: dict, opponents: list, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["opponent"].choices = opponents
        self.fields["policy"].choices = [(name, name) for name in policies]


def doctor_deck(request, deck_id: str):
    deck = _deck_or_404(request, deck_id)
    policies = engine.POLICIES.get(deck.game, {})
    chosen = request.POST.get("opponent") if request.method == "POST" else None
    choices = deck_choices(request.user, deck, with_gauntlet=True, chosen=chosen)
    if request.method == "POST":
        form = DoctorForm(policies, choices, request.POST)
    else:
        form = DoctorForm(policies, choices, initial=DoctorForm.DEFAULTS)
    context = {
        "deck": deck,
        "game": deck.game,
        "form": form,
        "available": bool(policies),
        "policies": [
            {"name": name, "text": POLICY_TEXTS.get((deck.game, name), text)}
            for name, text in policies.items()
        ],
        "errors": [],
    }
    if request.method != "POST" or not policies:
        return render(request, TEMPLATE, context)
    if not form.is_valid():
        return render(request, TEMPLATE, context, status=400)
    data = form.cleaned_data
    opponents = chosen_decks(request.user, deck.game, data["opponent"])
    if not opponents:
        context["errors"] = [_("This opponent deck does not exist or is not visible to you.")]
        return render(request, TEMPLATE, context, status=400)
    signed_in = request.user.is_authenticated
    if data["candidates"] == "owned" and not signed_in:
        context["errors"] = [_("Sign in to try the cards of your collection.")]
        return render(request, TEMPLATE, context, status=400)
    doctor = DoctorRequest(
        game=deck.game,
        deck=match_deck(deck.game, deck=deck),
        opponents=opponents,
        policy=data["policy"],
        candidates=data["candidates"],
        max_swaps=data["max_swaps"],
        seed=data["seed"],
        user=request.user if signed_in else None,
    )
    try:
        return start_job(request, doctor_submission(doctor))
    except (budget.BudgetExceeded, Busy) as error:
        context["errors"] = [refusal_429_text(error, signed_in)]
        return render(request, TEMPLATE, context, status=429)
    except (GoldfishError, JobRefused) as error:
        context["errors"] = _doctor_error_texts(error)
        return render(request, TEMPLATE, context, status=getattr(error, "status", 400))


def _doctor_error_texts(error) -> list[str]:
    if error.code == "no_swaps":
        return [_("No card to try makes a legal swap for this deck (an empty collection?).")]
    if error.code == "invalid_deck":
        return [_("The deck is not legal: the doctor only tries swaps that keep it legal.")]
    return _error_texts(error)


@require_POST
def doctor_apply(request, job_id: str):
    """Apply swap number `swap` of a finished doctor job to its deck: a new revision when
    the reader owns the deck, else a fork of it (signed in) with the swap applied."""
    job = Job.objects.filter(pk=job_id, kind="doctor", state=DONE).first()
    if job is None or not services.readable_by(job, request.user, request.session.session_key):
        raise Http404("No finished doctor job has this id.")
    if not request.user.is_authenticated:
        raise PermissionDenied("Sign in to apply a swap.")
    swaps = json.loads(job.report)["swaps"]
    try:
        swap = swaps[int(request.POST.get("swap", ""))]
    except (ValueError, IndexError):
        raise Http404("No such swap.") from None
    deck_id = job.parameters.get("deck", {}).get("deck")
    deck = Deck.objects.filter(pk=deck_id).first() if deck_id else None
    if deck is None or not deck.is_readable_by(request.user):
        raise Http404("The deck of this job no longer exists.")
    try:
        entries = swapped_entries(entries_for(deck.game, deck=deck), swap)
        with transaction.atomic():
            target = deck
            if deck.owner_id != request.user.pk:
                target = deck_fork(deck=deck, owner=request.user)
            deck_update(
                deck=target,
                author=request.user,
                revision=target.revision,
                entries=entries,
                note=swap_note(swap),
                burst=False,
            )
    except SwapNotApplicable as missing:
        messages.error(
            request,
            _("The deck no longer has a copy of %(card)s to cut: the swap was not applied.")
            % {"card": missing.message},
        )
        return redirect("decks:detail", deck.pk)
    except DeckError as error:
        messages.error(request, error.message)
        return redirect("decks:detail", deck.pk)
    if target is deck:
        messages.success(request, _("Swap applied: a new revision of your deck."))
    else:
        messages.success(request, _("Swap applied to your fork of the deck."))
    return redirect("decks:detail", target.pk)


def _points(value: float) -> str:
    return f"{value * 100:+.1f}".replace("-", "−")


def _interval(figure: dict) -> dict:
    return {
        "value": _points(figure["value"]),
        "low": _points(figure["low"]),
        "high": _points(figure["high"]),
    }


def _percent(rate: dict | None) -> str:
    return f"{rate['value'] * 100:.1f}%" if rate else "—"


def doctor_context(report: dict, *, can_apply: bool) -> dict:
    """The finished doctor's report as the job page draws it: gains in points with their
    Holm-corrected intervals, the measurable swaps first, and the card-value table."""
    swaps = []
    for index, swap in enumerate(report["swaps"]):
        gain = swap["gain"]
        swaps.append(
            {
                "index": index,
                "cuts": swap["cuts"],
                "adds": swap["adds"],
                "gain": _interval(gain),
                "measurable": gain["measurable"] and gain["value"] > 0,
                "win_rate": _percent(swap["win_rate"]),
                "games": swap["games"],
            }
        )
    values = [
        {
            "card": row["card"],
            "name": row["name"],
            "zone": row.get("zone", "deck"),
            "value": _interval(row["value"]),
            "best_swap": row["best_swap"],
        }
        for row in report["card_values"]
    ]
    return {
        "baseline": _percent(report["baseline"]["win_rate"]),
        "games": report["baseline"]["games"],
        "helps": [swap for swap in swaps if swap["measurable"]],
        "others": [swap for swap in swaps if not swap["measurable"]],
        "values": values,
        "screened": report["screened"],
        "confirmed": report["confirmed"],
        "pruned": sum(report["pruned"].values()),
        "pruned_reasons": [
            {"why": PRUNED_TEXTS.get(why, why), "count": count}
            for why, count in report["pruned"].items()
        ],
        "none_helps": bool(report["text"]),
        "can_apply": can_apply,
    }


PRUNED_TEXTS = {
    "its attribute matches no team pet": gettext_lazy("its attribute matches no team pet"),
    "no Digimon of the deck evolves into it": gettext_lazy(
        "no Digimon of the deck evolves into it"
    ),
    "the deck would break its deck rules": gettext_lazy("the deck would break its deck rules"),
}
