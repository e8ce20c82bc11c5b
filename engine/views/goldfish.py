"""The goldfish pages: a batch report and a sample game step by step.

- /goldfish/deck/<id>/ (engine:deck) and /goldfish/ (engine:list, a pasted list): a GET
  form, so the address of a run is shareable and gives the same numbers. A submitted form
  runs `goldfish_report` (shown as server-side SVG charts) and plays one sample game whose
  log is rendered as a board per snapshot. Without JavaScript the page shows one snapshot
  (`?step=N`, with previous / next links); static/js/goldfish.js switches between the
  pre-rendered snapshots in place.

The pages need no engine for a game to render: a game without one (no entry in
`engine.core.api.POLICIES`) says so instead of running.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace

from django.conf import settings
from django.core.cache import cache
from django.shortcuts import render
from django.utils.translation import gettext as _

from cards import vocabulary as v
from cards.simulation import reason_rows
from decks.models import Deck
from decks.views import _deck_or_404, error_messages
from engine import budget
from engine.charts import report_context
from engine.concurrency import Busy, simulation_slot
from engine.convert import deck_spec
from engine.core import api as engine
from engine.core.registry import policy_cost
from engine.forms import (
    ORDERS,
    PAGE_MAX_GAMES,
    GoldfishForm,
    ListForm,
    int_param,
    with_defaults,
)
from engine.jobs.services import JobRefused
from engine.jobs.submission import goldfish_submission
from engine.policy_texts import POLICY_TEXTS
from engine.reader_names import ReaderNames, reader_names, renamed_reasons, report_card_names
from engine.replay import card_map, replay_steps
from engine.services import (
    GoldfishError,
    GoldfishRequest,
    TimeLimitExceeded,
    entries_for,
    goldfish_report,
    goldfish_sample,
)
from engine.stopped_games import stopped_rows
from engine.views.job_runs import (
    refusal_text,
    run_params,
    runs_on_workers,
    start_job,
    sync_limit,
    to_run_address,
    workers_notice,
)

REPORT_CACHE_SECONDS = 600  # the step links of a no-JS replay reload the page


def goldfish_list(request):
    """/goldfish/: goldfish a pasted list, no saved deck needed."""
    source, _submitted = run_params(request)
    list_form = ListForm(source if "list" in source else None)
    game = v.PAD
    if list_form.is_bound and list_form.is_valid():
        game = list_form.cleaned_data["game"]
    elif request.GET.get("game") in dict(v.GAMES):
        game = request.GET["game"]
    return _goldfish_page(request, game=game, deck=None, list_form=list_form)


def goldfish_deck(request, deck_id: str):
    """/goldfish/deck/<id>/: goldfish a saved deck the user may read."""
    deck = _deck_or_404(request, deck_id)
    return _goldfish_page(request, game=deck.game, deck=deck, list_form=None)


def _goldfish_page(request, *, game: str, deck: Deck | None, list_form: ListForm | None):
    policies = engine.POLICIES.get(game, {})
    source, submitted = run_params(request)
    params = with_defaults(source, GoldfishForm.defaults_for(policies)) if submitted else None
    form = GoldfishForm(policies, params)
    context = {
        "deck": deck,
        "game": game,
        "list_form": list_form,
        "form": form,
        "available": bool(policies),
        "policies": [
            {"name": name, "text": POLICY_TEXTS.get((game, name), text)}
            for name, text in policies.items()
        ],
        "max_games": PAGE_MAX_GAMES,
        "sync_games": sync_limit(),
        "errors": [],
    }
    status = 200
    list_ok = list_form is None or (list_form.is_bound and list_form.is_valid())
    if submitted and policies and list_ok and form.is_valid():
        cost = form.cleaned_data["games"] * policy_cost(game, form.cleaned_data["policy"])
        large = runs_on_workers(cost)
        if request.method == "POST" and not large:
            return to_run_address(request)
        if large and request.method != "POST":
            context["notice"] = workers_notice(cost)
            return render(request, "engine/goldfish.html", context)
        try:
            if large:
                run = _goldfish_request(game, deck, list_form, form.cleaned_data)
                return start_job(request, goldfish_submission(run, deck))
            _run(request, context, game, deck, list_form, form.cleaned_data)
        except (budget.BudgetExceeded, Busy) as error:
            context["errors"] = [refusal_429_text(error, request.user.is_authenticated)]
            response = render(request, "engine/goldfish.html", context, status=429)
            response["Retry-After"] = str(error.retry_after)
            return response
        except (GoldfishError, JobRefused) as error:
            if error.code == "invalid_deck":
                context["invalid"] = [e["message"] for e in error.extra.get("errors", [])]
            else:
                context["errors"] = _error_texts(error)
                status = error.status  # 503 past the time limit
    elif submitted and (form.errors or (list_form is not None and list_form.errors)):
        status = 400
    return render(request, "engine/goldfish.html", context, status=status)


def _goldfish_request(game, deck, list_form, data) -> GoldfishRequest:
    if deck is not None:
        entries = entries_for(game, deck=deck)
    else:
        entries = entries_for(game, text=list_form.cleaned_data["list"])
    return GoldfishRequest(
        game=game,
        entries=entries,
        games=data["games"],
        seed=data["seed"],
        policy=data["policy"],
        going_first=ORDERS[data["order"]],
        turn_cap=data["turn_cap"],
        allow_invalid=data["allow_invalid"],
    )


def _run(request, context, game, deck, list_form, data) -> None:
    goldfish = _goldfish_request(game, deck, list_form, data)
    entries = goldfish.entries
    report, log = _charged_run(request, goldfish, sample_seed=data["sample"])
    specs = deck_spec(game, entries).cards()
    # one query for the reader's names of the report's and the sample game's cards
    names = reader_names(game, report_card_names(report) | report_card_names(log), specs)
    context["report"] = goldfish_report_context(report, names)
    steps = replay_steps(log, card_map(specs), names)
    result = log.get("result", {})
    context["replay"] = {
        **replay_frame(request, log, steps),
        "result": result,
        "turns_played": result.get("turns", result.get("rounds")),
    }


def goldfish_report_context(report: dict, names: ReaderNames | None = None) -> dict:
    """What templates/engine/_report.html draws of a goldfish report (also the job page's),
    cards by the reader's name (`names`, else looked up here: one query)."""
    if names is None:
        names = reader_names(report.get("game"), report_card_names(report))
    shown = report_context(report, names)
    shown["not_simulated"] = renamed_reasons(reason_rows(report.get("not_simulated")), names)
    shown["stopped"] = stopped_rows(report.get("games_stopped"))
    shown["no_effect_against_goldfish"] = renamed_reasons(
        reason_rows(report.get("no_effect_against_goldfish")), names
    )
    return shown


def _charged_run(request, goldfish: GoldfishRequest, *, sample_seed: int) -> tuple[dict, dict]:
    """The batch report and the sample game's log, charged to the client's goldfish budget
    (shared with the API); a report still in the cache costs only the sample game."""
    key = _report_key(goldfish)
    report = cache.get(key)
    cost = budget.SAMPLE_COST + (goldfish.cost if report is None else 0)
    spent = budget.charge(request, cost)
    try:
        if report is None:
            with simulation_slot(request):
                report = goldfish_report(goldfish, time_limit=settings.GOLDFISH_API_TIME_LIMIT)
            cache.set(key, report, REPORT_CACHE_SECONDS)
        log = goldfish_sample(replace(goldfish, seed=sample_seed, games=1))
    except (GoldfishError, Busy) as error:
        if not isinstance(error, TimeLimitExceeded):  # nothing ran: give the games back
            spent.refund()
        raise
    return report, log


def _report_key(goldfish: GoldfishRequest) -> str:
    """The same options give the same report (the engine is seeded): keep it a while, so
    stepping through the sample game without JavaScript does not replay the batch."""
    key_data = [
        goldfish.game,
        sorted((e.card_id or 0, e.quantity, e.zone) for e in goldfish.entries),
        goldfish.games,
        goldfish.seed,
        goldfish.policy,
        goldfish.going_first,
        goldfish.turn_cap,
        goldfish.allow_invalid,
    ]
    digest = hashlib.sha256(json.dumps(key_data).encode()).hexdigest()
    return f"goldfish-report:{digest}"


def refusal_429_text(error: budget.BudgetExceeded | Busy, signed_in: bool) -> str:
    """Why a run was refused with 429: the budget is spent, or the client's runs are all
    playing (engine/concurrency.py)."""
    if isinstance(error, Busy):
        return _(
            "You already have as many runs playing as one visitor may at once; try again "
            "in %(seconds)s seconds, when one has finished."
        ) % {"seconds": error.retry_after}
    return _budget_text(error, signed_in)


def _budget_text(error: budget.BudgetExceeded, signed_in: bool) -> str:
    values = {
        "games": error.games,
        "budget": error.budget,
        "window": budget.window(),
        "seconds": error.retry_after,
    }
    if error.games > error.budget:
        text = _(
            "A run of %(games)s games is more than the goldfish budget of %(budget)s games "
            "per %(window)s seconds; ask for fewer games."
        )
    else:
        text = _(
            "The goldfish budget of %(budget)s games per %(window)s seconds is spent; "
            "try again in %(seconds)s seconds."
        )
    text = text % values
    if not signed_in:
        text += " " + _("Signed-in players have a larger budget.")
    return text


def _error_texts(error: GoldfishError | JobRefused) -> list[str]:
    refusal = refusal_text(error)
    if refusal is not None:
        return [refusal]
    if error.code == "time_limit":
        return [
            _("The run took longer than %(seconds)s seconds; ask for fewer games.")
            % {"seconds": f"{settings.GOLDFISH_API_TIME_LIMIT:.0f}"}
        ]
    if error.code == "wrong_game":
        return [_("This deck is not a deck of this game.")]
    if error.code == "engine_error":
        return [
            _("The simulator could not play this deck: %(message)s") % {"message": error.message}
        ]
    return error_messages(error)


def _without(request, name: str) -> str:
    params = request.GET.copy()
    params.pop(name, None)
    return f"{request.path}?{params.urlencode()}"


def replay_frame(request, log: dict, steps: list[dict]) -> dict:
    """What every replay section draws from: the log, its steps, the step the address
    asks for, the turns' first steps and the page's address without `step`."""
    step = max(0, min(int_param(request.GET.get("step"), 0), len(steps) - 1))
    return {
        "log": log,
        "steps": steps,
        "step": step,
        "turns": _turn_starts(steps),
        "base_url": _without(request, "step"),
        "rounds": any("round" in snapshot for snapshot in log.get("snapshots", [])),
    }


def _turn_starts(steps: list[dict]) -> list[dict]:
    starts, seen = [], set()
    for step in steps:
        if step["turn"] not in seen:
            seen.add(step["turn"])
            starts.append({"turn": step["turn"], "index": step["index"]})
    return starts
