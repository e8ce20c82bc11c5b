"""/goldfish/deck/<id>/matchup/ (engine:matchup): "Test against…" a deck or the gauntlet.

A GET form, so the address of a run is shareable and gives the same numbers (PAD-7,
DGM-6: seeded). A submitted form plays the MATCH-1 report, drawn as win-rate bars with
their 95 % intervals, and one sample game with both boards. Without JavaScript the page
shows one snapshot (`?step=N`, previous / next links); static/js/goldfish.js switches
between the pre-rendered snapshots in place. `?vs=N` picks the opponent of the sample.
"""

from __future__ import annotations

from django.shortcuts import render
from django.utils.translation import gettext as _

from decks.models import Deck
from decks.reference_names import reference_display_name
from decks.views import _deck_or_404
from engine import budget, stored_runs
from engine.concurrency import Busy
from engine.convert import deck_spec
from engine.core import api as engine
from engine.forms import ORDERS, PAGE_MAX_GAMES, MatchupForm, int_param, with_defaults
from engine.jobs.services import JobRefused
from engine.jobs.submission import matchup_submission
from engine.matchup_services import MatchDeck, MatchupRequest, match_deck
from engine.reader_names import reader_names, report_card_names
from engine.replay import card_map, match_replay_steps, outcome_text
from engine.services import GoldfishError
from engine.views.goldfish import (
    POLICY_TEXTS,
    _error_texts,
    refusal_429_text,
    replay_frame,
)
from engine.views.job_runs import (
    run_address,
    run_params,
    runs_on_workers,
    start_job,
    sync_limit,
    to_run_address,
    workers_notice,
)
from engine.views.match_report import matchup_context
from engine.views.match_runs import charged_run
from engine.views.opponents import chosen_decks, deck_choices


def matchup_deck(request, deck_id: str):
    deck = _deck_or_404(request, deck_id)
    policies = engine.POLICIES.get(deck.game, {})
    source, submitted = run_params(request)
    chosen = source.get("opponent") if submitted else None
    choices = deck_choices(request.user, deck, with_gauntlet=True, chosen=chosen)
    params = with_defaults(source, MatchupForm.defaults_for(policies)) if submitted else None
    form = MatchupForm(policies, choices, params)
    context = page_context(deck, form, policies)
    if not (submitted and policies):
        return render(request, "engine/matchup.html", context)
    run = form.is_valid() and build_run(request, form, deck)
    if not run:
        return render(request, "engine/matchup.html", context, status=400)
    return run_or_job(request, "engine/matchup.html", context, run, form.cleaned_data, _results)


def page_context(deck: Deck, form, policies: dict) -> dict:
    return {
        "deck": deck,
        "game": deck.game,
        "form": form,
        "available": bool(policies),
        "policies": [
            {"name": name, "text": POLICY_TEXTS.get((deck.game, name), text)}
            for name, text in policies.items()
        ],
        "max_games": PAGE_MAX_GAMES,
        "sync_games": sync_limit(matches=True),
        "errors": [],
    }


def build_run(request, form, deck: Deck, other: MatchDeck | None = None):
    """The run the valid form asks for, or None with the reason added to the form."""
    data = form.cleaned_data
    opponents = chosen_decks(request.user, deck.game, data["opponent"])
    if not opponents:
        form.add_error("opponent", _("There is no reference deck of this game yet."))
        return None
    run = MatchupRequest(
        game=deck.game,
        deck=match_deck(deck.game, deck=deck),
        opponents=opponents,
        games=data["games"],
        seed=data["seed"],
        policy=data["policy"],
        opponent_policy=data["opponent_policy"],
        first=ORDERS[data["order"]],
        allow_invalid=data["allow_invalid"],
        other=other,
    )
    return run


def run_or_job(request, template: str, context: dict, run: MatchupRequest, data: dict, results):
    """A posted run: 303 to its address, or to its job when it is neither stored nor small
    enough to play in the request; an address: the stored report, else the run played
    here, or above the page's synchronous size only the form and a notice."""
    key = stored_runs.run_key(run)
    stored = stored_runs.find(key)
    large = stored is None and runs_on_workers(run.cost, matches=True)
    if request.method == "POST":
        if not large:
            return to_run_address(request)
        try:
            return start_job(request, matchup_submission(run, page=run_address(request)))
        except (budget.BudgetExceeded, GoldfishError, JobRefused) as error:
            return refused_page(request, template, context, error)
    if large:
        context["notice"] = workers_notice(run.cost, matches=True)
        return render(request, template, context)
    return run_page(request, template, context, run, data, results, key=key, stored=stored)


def run_page(
    request, template: str, context: dict, run: MatchupRequest, data: dict, results, **stored
):
    """The run's report, read from its stored run or played here (charged to the budget),
    or why not; `results(request, run, report, log, vs)` is the context of what was played;
    `stored` passes charged_run the run's key and stored row when looked up already."""
    vs = max(0, min(int_param(request.GET.get("vs"), 0), len(run.opponents) - 1))
    try:
        report, log = charged_run(request, run, opponent=vs, sample_seed=data["sample"], **stored)
    except (budget.BudgetExceeded, Busy, GoldfishError) as error:
        return refused_page(request, template, context, error)
    context["run"] = run
    context.update(results(request, run, report, log, vs))
    return render(request, template, context)


def refused_page(request, template: str, context: dict, error):
    """The page saying why the run was refused: 429 past the budget, else the error's status."""
    if isinstance(error, (budget.BudgetExceeded, Busy)):
        context["errors"] = [refusal_429_text(error, request.user.is_authenticated)]
        response = render(request, template, context, status=429)
        response["Retry-After"] = str(error.retry_after)
        return response
    if error.code == "invalid_deck":
        context["invalid"] = {
            "deck": error.extra.get("deck", {}).get("name", ""),
            "messages": [e["message"] for e in error.extra.get("errors", [])],
        }
    else:
        context["errors"] = _error_texts(error)
    return render(request, template, context, status=error.status)


def _results(request, run: MatchupRequest, report: dict, log: dict, vs: int) -> dict:
    replay = replay_context(request, run, log, vs, report_card_names(report))
    shown = matchup_context(report, replay["reader_names"])
    watch = request.GET.copy()
    for name in ("step", "vs"):
        watch.pop(name, None)
    for row in shown["rows"]:
        row["watch_url"] = f"{request.path}?{watch.urlencode()}&vs={row['index']}#replay"
    return {"report": shown, "replay": replay}


def replay_context(request, run: MatchupRequest, log: dict, vs: int, more_names=()) -> dict:
    """The sample game's steps; `reader_names` (one query) also covers `more_names`, the
    report's cards, so the page looks names up once."""
    player, opponent = run.deck, run.opponents[vs]
    # A reference deck in the page's words ("Reference: Fire" → 參考：火) on the boards, the
    # events and the outcome alike.
    names = [reference_display_name(side.label["name"]) for side in (player, opponent)]
    specs = [deck_spec(run.game, side.entries) for side in (player, opponent)]
    cards = [*specs[0].cards(), *specs[1].cards()]
    reader = reader_names(run.game, set(more_names), cards)
    steps = match_replay_steps(log, card_map(cards), names, reader)
    return {
        **replay_frame(request, log, steps),
        "names": names,
        "vs": vs,
        "outcome": outcome_text(log, names),
        "reader_names": reader,
    }
