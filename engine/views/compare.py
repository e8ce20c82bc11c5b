"""/goldfish/deck/<id>/compare/ (engine:compare): A/B compare of two decks (MATCH-1).

Both decks play the same opponents with the same seeds; the page shows both win rates
with their 95 % intervals and the difference A − B with its interval, or says "no
measurable difference" when that interval holds 0.
"""

from __future__ import annotations

from django.shortcuts import render
from django.utils.translation import gettext as _

from decks.views import _deck_or_404
from engine.core import api as engine
from engine.forms import CompareForm, with_defaults
from engine.views.job_runs import run_params
from engine.views.match_report import compare_context
from engine.views.matchup import build_run, page_context, run_or_job
from engine.views.opponents import chosen_decks, deck_choices

TEMPLATE = "engine/compare.html"


def compare_deck(request, deck_id: str):
    deck = _deck_or_404(request, deck_id)
    policies = engine.POLICIES.get(deck.game, {})
    source, submitted = run_params(request)
    asked = source if submitted else {}
    opponents = deck_choices(request.user, deck, with_gauntlet=True, chosen=asked.get("opponent"))
    others = deck_choices(request.user, deck, with_gauntlet=False, chosen=asked.get("other"))
    params = with_defaults(source, CompareForm.defaults_for(policies)) if submitted else None
    form = CompareForm(policies, opponents, others, params)
    context = page_context(deck, form, policies)
    if not (submitted and policies):
        return render(request, TEMPLATE, context)
    other = form.is_valid() and chosen_decks(request.user, deck.game, form.cleaned_data["other"])
    run = other and build_run(request, form, deck, other[0])
    if not run:
        return render(request, TEMPLATE, context, status=400)
    return run_or_job(request, TEMPLATE, context, run, form.cleaned_data, _results)


def _results(request, run, comparison: dict, log: dict, vs: int) -> dict:
    return {"comparison": compare_context(comparison, side_names(run.deck.label, run.other.label))}


def side_names(a: dict, b: dict) -> list[str]:
    """Decks A and B as the report names them; two decks of one name get (A) and (B)."""
    names = [a["name"], b["name"]]
    if names[0] == names[1]:
        names = [_("%(name)s (A)") % {"name": names[0]}, _("%(name)s (B)") % {"name": names[1]}]
    return names
