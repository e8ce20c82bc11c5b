"""The goldfish pages: a batch report, a sample game step by step, and the sample hand.

- /goldfish/deck/<id>/ (engine:deck) and /goldfish/ (engine:list, a pasted list): a GET
  form, so the address of a run is shareable and gives the same numbers. A submitted form
  runs `goldfish_report` (shown as server-side SVG charts) and plays one sample game whose
  log is rendered as a board per snapshot. Without JavaScript the page shows one snapshot
  (`?step=N`, with previous / next links); static/js/goldfish.js switches between the
  pre-rendered snapshots in place.
- /goldfish/deck/<id>/sample-hand/ (engine:sample_hand): `engine.sample_hand`.

The pages need no engine for a game to render: a game without one (no entry in
`engine.core.api.POLICIES`) says so instead of running.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections import Counter
from dataclasses import replace

from django import forms
from django.conf import settings
from django.core.cache import cache
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from cards import vocabulary as v
from cards.templatetags.card_tags import LABELS
from decks.forms import MAX_LIST_CHARS, game_choices
from decks.models import Deck
from decks.rules import EntryInput
from decks.views import _deck_or_404, error_messages
from engine import budget
from engine.convert import deck_spec
from engine.core import api as engine
from engine.core.cards import CardSpec
from engine.sample_hand import sample_hand
from engine.services import (
    DEFAULT_TURN_CAP,
    GoldfishError,
    GoldfishRequest,
    TimeLimitExceeded,
    entries_for,
    goldfish_report,
    goldfish_sample,
)

PAGE_MAX_GAMES = 20_000
DEFAULT_GAMES = 1000
MAX_SEED = 2**63 - 1
MAX_TURN_CAP = 100
REPORT_CACHE_SECONDS = 600  # the step links of a no-JS replay reload the page
NEW_SEED_BELOW = 1_000_000_000
ORDERS = {"both": None, "first": True, "second": False}
SLOTS = v.ORB_COLOURS  # PAD-1.1: heart, dark, light, wood, water, fire, left to right
COLOURS = ("fire", "water", "wood", "light", "dark", "heart")  # the report's order

# The engine's policy descriptions, in the page's language (unknown ones as the engine says).
POLICY_TEXTS = {
    ("pad", "greedy"): gettext_lazy(
        "Deals damage as soon as possible: completes a combo of its pets' colours every turn "
        "it can, evolves every pet it can (paying a cost only for a stronger pet), keeps "
        "evolutions in hand and spends other cards as orbs."
    ),
    ("pad", "store"): gettext_lazy(
        "Stores orbs: avoids completing combos until 4 colours have two orbs in a column or "
        "3 turns passed without a combo, then completes as many as possible so the chain "
        "makes a large combo."
    ),
}

PHASES = {
    "setup": gettext_lazy("Setup"),
    "opponent": gettext_lazy("Opponent's turn"),
    "reset": gettext_lazy("Reset phase"),
    "draw": gettext_lazy("Draw phase"),
    "main": gettext_lazy("Main phase"),
    "puzzle": gettext_lazy("Puzzle phase"),
    "attack": gettext_lazy("Attack phase"),
    "cleanup": gettext_lazy("Cleanup phase"),
    "preparation": gettext_lazy("Preparation phase"),
    "evolution": gettext_lazy("Evolution phase"),
    "battle": gettext_lazy("Battle phase"),
    "points": gettext_lazy("Point calculation"),
}

EFFECTS = {
    "draw": gettext_lazy("draw"),
    "heal": gettext_lazy("heal"),
    "deck_to_orb": gettext_lazy("deck card to the orbs"),
    "hand_to_orb": gettext_lazy("hand card to the orbs"),
    "deck_to_discard": gettext_lazy("deck card to the discard pile"),
    "hand_to_discard": gettext_lazy("hand card to the discard pile"),
    "discard_to_hand": gettext_lazy("discard pile card to the hand"),
    "extra_damage": gettext_lazy("extra damage"),
    "extra_combo": gettext_lazy("extra combo"),
    "untap": gettext_lazy("untap"),
    "cost_reduction": gettext_lazy("cost reduction"),
}

# Zone names of logs the page has no dedicated board for (the Digimon engine's).
ZONE_LABELS = {
    "deck": gettext_lazy("Deck"),
    "hand": gettext_lazy("Hand"),
    "discard": gettext_lazy("Discard pile"),
    "net_ocean": gettext_lazy("Net Ocean"),
    "dark_area": gettext_lazy("Dark Area"),
    "digimon_box": gettext_lazy("Digimon box"),
    "evolving_box": gettext_lazy("Evolving box"),
    "requirement_box": gettext_lazy("Requirement box"),
    "support_box": gettext_lazy("Support box"),
    "option_slots": gettext_lazy("Option slots"),
    "point_gauge": gettext_lazy("Point gauge"),
    "points": gettext_lazy("Points"),
    "opponent_points": gettext_lazy("Opponent's points"),
}


# --- The form -------------------------------------------------------------------------------


class GoldfishForm(forms.Form):
    """The run options; every field has a default, so a partial address still runs."""

    games = forms.IntegerField(
        label=gettext_lazy("Games"), min_value=1, max_value=PAGE_MAX_GAMES, required=False
    )
    seed = forms.IntegerField(
        label=gettext_lazy("Seed"), min_value=0, max_value=MAX_SEED, required=False
    )
    policy = forms.ChoiceField(label=gettext_lazy("Policy"), required=False)
    order = forms.ChoiceField(
        label=gettext_lazy("Going"),
        required=False,
        choices=[
            ("both", gettext_lazy("Both (half the games each)")),
            ("first", pgettext_lazy("going", "First")),
            ("second", pgettext_lazy("going", "Second")),
        ],
    )
    turn_cap = forms.IntegerField(
        label=gettext_lazy("Turn cap"), min_value=1, max_value=MAX_TURN_CAP, required=False
    )
    allow_invalid = forms.BooleanField(label=gettext_lazy("Allow an illegal deck"), required=False)
    sample = forms.IntegerField(
        label=gettext_lazy("Sample game seed"), min_value=0, max_value=MAX_SEED, required=False
    )

    DEFAULTS = {
        "games": DEFAULT_GAMES,
        "seed": 0,
        "order": "both",
        "turn_cap": DEFAULT_TURN_CAP,
        "sample": 1,
    }

    def __init__(self, policies: dict[str, str], *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["policy"].choices = [(name, name) for name in policies]
        self.default_policy = self.pick_policy(policies)
        for name, value in {**self.DEFAULTS, "policy": self.default_policy}.items():
            self.fields[name].initial = value

    @staticmethod
    def pick_policy(policies) -> str:
        return "greedy" if "greedy" in policies else next(iter(policies), "")

    def clean(self):
        data = super().clean()
        for name, value in {**self.DEFAULTS, "policy": self.default_policy}.items():
            if data.get(name) in (None, ""):
                data[name] = value
        return data


class ListForm(forms.Form):
    game = forms.ChoiceField(label=gettext_lazy("Game"), choices=game_choices, initial=v.PAD)
    list = forms.CharField(
        label=gettext_lazy("Deck list"),
        max_length=MAX_LIST_CHARS,
        strip=False,
        widget=forms.Textarea(attrs={"rows": 12, "spellcheck": "false"}),
    )


# --- Pages ----------------------------------------------------------------------------------


def goldfish_list(request):
    """/goldfish/: goldfish a pasted list, no saved deck needed."""
    list_form = ListForm(request.GET if "list" in request.GET else None)
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
    submitted = "run" in request.GET
    form = GoldfishForm(policies, _with_defaults(request.GET, policies) if submitted else None)
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
        "errors": [],
    }
    status = 200
    list_ok = list_form is None or (list_form.is_bound and list_form.is_valid())
    if submitted and policies and list_ok and form.is_valid():
        try:
            _run(request, context, game, deck, list_form, form.cleaned_data)
        except budget.BudgetExceeded as error:
            context["errors"] = [_budget_text(error, request.user.is_authenticated)]
            response = render(request, "engine/goldfish.html", context, status=429)
            response["Retry-After"] = str(error.retry_after)
            return response
        except GoldfishError as error:
            if error.code == "invalid_deck":
                context["invalid"] = [e["message"] for e in error.extra.get("errors", [])]
            else:
                context["errors"] = _error_texts(error)
                status = error.status  # 503 past the time limit
    elif submitted and (form.errors or (list_form is not None and list_form.errors)):
        status = 400
    return render(request, "engine/goldfish.html", context, status=status)


def _with_defaults(params, policies: dict):
    """The address's options, the missing ones at their defaults (shown in the form)."""
    data = params.copy()
    defaults = {**GoldfishForm.DEFAULTS, "policy": GoldfishForm.pick_policy(policies)}
    for name, value in defaults.items():
        if not data.get(name):
            data[name] = str(value)
    return data


def _run(request, context, game, deck, list_form, data) -> None:
    if deck is not None:
        entries = entries_for(game, deck=deck)
    else:
        entries = entries_for(game, text=list_form.cleaned_data["list"])
    goldfish = GoldfishRequest(
        game=game,
        entries=entries,
        games=data["games"],
        seed=data["seed"],
        policy=data["policy"],
        going_first=ORDERS[data["order"]],
        turn_cap=data["turn_cap"],
        allow_invalid=data["allow_invalid"],
    )
    report, log = _charged_run(request, goldfish, sample_seed=data["sample"])
    context["report"] = report_context(report)
    cards = card_map(deck_spec(game, entries).cards())
    steps = replay_steps(log, cards)
    step = _int(request.GET.get("step"), 0)
    step = max(0, min(step, len(steps) - 1))
    result = log.get("result", {})
    context["replay"] = {
        "log": log,
        "steps": steps,
        "step": step,
        "turns": _turn_starts(steps),
        "base_url": _without(request, "step"),
        "result": result,
        "turns_played": result.get("turns", result.get("rounds")),
        "rounds": any("round" in snapshot for snapshot in log.get("snapshots", [])),
    }


def _charged_run(request, goldfish: GoldfishRequest, *, sample_seed: int) -> tuple[dict, dict]:
    """The batch report and the sample game's log, charged to the client's goldfish budget
    (shared with the API); a report still in the cache costs only the sample game."""
    key = _report_key(goldfish)
    report = cache.get(key)
    cost = budget.SAMPLE_COST + (goldfish.games if report is None else 0)
    spent = budget.charge(request, cost)
    try:
        if report is None:
            report = goldfish_report(goldfish, time_limit=settings.GOLDFISH_API_TIME_LIMIT)
            cache.set(key, report, REPORT_CACHE_SECONDS)
        log = goldfish_sample(replace(goldfish, seed=sample_seed, games=1))
    except GoldfishError as error:
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


def _error_texts(error: GoldfishError) -> list[str]:
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


def _int(value, default: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _without(request, name: str) -> str:
    params = request.GET.copy()
    params.pop(name, None)
    return f"{request.path}?{params.urlencode()}"


def _turn_starts(steps: list[dict]) -> list[dict]:
    starts, seen = [], set()
    for step in steps:
        if step["turn"] not in seen:
            seen.add(step["turn"])
            starts.append({"turn": step["turn"], "index": step["index"]})
    return starts


# --- The report -----------------------------------------------------------------------------


def _share(count: int | float, total: int | float) -> float:
    return count / total if total else 0.0


def _percent(value: float) -> str:
    if value <= 0:
        return "0%"
    if value >= 1:
        return "100%"
    return f"{value * 100:.1f}%"


def _bar(label, value: float, display: str, tooltip: str, css: str = "", count=None) -> dict:
    return {
        "label": str(label),
        "value": round(value, 6),
        "display": display,
        "tooltip": tooltip,
        "css": css,
        "count": count,
    }


def _histogram_bars(histogram: dict, total: int, tooltip: str, first: int | None = None):
    """One bar per value from `first` (or the lowest) to the highest, gaps shown as 0."""
    keys = [int(key) for key in histogram]
    if not keys:
        return []
    low = min(keys) if first is None else min(first, min(keys))
    bars = []
    for key in range(low, max(keys) + 1):
        count = histogram.get(str(key), 0)
        share = _share(count, total)
        text = tooltip % {"value": key, "share": _percent(share), "count": count}
        bars.append(_bar(key, share, _percent(share), text, count=count))
    return bars


def kill_turn_chart(turns: dict, games: int, slug: str = "kill-turn") -> dict:
    bars = _histogram_bars(
        turns["histogram"], games, _("Turn %(value)s: %(share)s of the games (%(count)s)"), 1
    )
    if turns.get("not_won"):
        share = turns["not_won"]
        bars.append(
            _bar(
                _("not won"),
                share,
                _percent(share),
                _("Not won by the turn cap: %(share)s of the games") % {"share": _percent(share)},
                css="fill-none",
                count=round(share * games),
            )
        )
    return {"slug": slug, "title": _("Kill turn (share of the games)"), "bars": bars}


def report_context(report: dict) -> dict:
    """The charts and tables of a report; blocks a game's report lacks are left out."""
    games = report["games"]
    turns_played = report.get("turns_played") or 0
    context = {
        "raw": report,
        "games": games,
        "turns": report["turns_to_win"],
        "kill_chart": kill_turn_chart(report["turns_to_win"], games),
        "not_simulated": report.get("not_simulated", []),
        "charts": [],
        "json": json.dumps(report, ensure_ascii=False, indent=1),
    }
    combos = report.get("combos_per_turn")
    if combos and combos.get("per_colour"):  # PAD's combos (PAD-5)
        context["combos"] = combos
        context["charts"].append(
            {
                "slug": "combos",
                "title": _("Combos per turn (share of the turns)"),
                "bars": _histogram_bars(
                    {str(n): combos["histogram"].get(str(n), 0) for n in range(7)},
                    turns_played,
                    _("%(value)s combos: %(share)s of the turns (%(count)s)"),
                ),
            }
        )
        per_colour = combos.get("per_colour", {})
        context["charts"].append(
            {
                "slug": "colours",
                "title": _("Turns with a combo of the colour"),
                "bars": [
                    _bar(
                        LABELS["orb"].get(colour, colour),
                        per_colour[colour],
                        _percent(per_colour[colour]),
                        _("%(colour)s: a combo in %(share)s of the turns")
                        % {
                            "colour": LABELS["orb"].get(colour, colour),
                            "share": _percent(per_colour[colour]),
                        },
                        css=f"fill-{colour}",
                    )
                    for colour in COLOURS
                    if colour in per_colour
                ],
            }
        )
    for key, slug, title, tooltip in (
        (
            "damage_per_turn",
            "damage",
            _("Damage per turn"),
            _("%(value)s damage: %(share)s of the turns (%(count)s)"),
        ),
        (
            "attacks_per_turn",
            "attacks",
            _("Attacks per turn"),
            _("%(value)s attacks: %(share)s of the turns (%(count)s)"),
        ),
    ):
        if report.get(key):
            context[slug] = report[key]
            bars = _histogram_bars(report[key]["histogram"], turns_played, tooltip, 0)
            context["charts"].append({"slug": slug, "title": title, "bars": bars})
    evolutions = report.get("evolutions")
    if evolutions:
        context["evolutions"] = {
            "per_game": evolutions["per_game"],
            "by_stage": [
                {"stage": LABELS["stage"].get(stage, stage), "per_game": value}
                for stage, value in evolutions.get("by_stage", {}).items()
            ],
            "by_turn": [
                {"turn": turn, "per_game": value}
                for turn, value in evolutions.get("by_turn", {}).items()
            ],
        }
    for key in ("heals", "reshuffles"):
        if key in report:
            context[key] = report[key]
    opening = report.get("opening_next_evolution")
    if opening:
        context["opening"] = [{"pet": name, **shares} for name, shares in opening.items()]
    if report.get("by_order"):
        context["by_order"] = by_order_rows(report["by_order"])
    return context


def by_order_rows(by_order: dict) -> list[dict]:
    first, second = by_order.get("first", {}), by_order.get("second", {})

    def row(label: str, get, kind: str = "number") -> dict:
        def value(block):
            try:
                return get(block)
            except (KeyError, TypeError):
                return None

        return {"label": label, "first": value(first), "second": value(second), "kind": kind}

    rows = [
        row(_("Games"), lambda b: b["games"], "int"),
        row(_("Mean kill turn"), lambda b: b["turns_to_win"]["mean"]),
        row(_("Median kill turn"), lambda b: b["turns_to_win"]["median"]),
        row(_("10th percentile"), lambda b: b["turns_to_win"]["p10"]),
        row(_("90th percentile"), lambda b: b["turns_to_win"]["p90"]),
        row(_("Not won"), lambda b: b["turns_to_win"]["not_won"], "share"),
        row(_("Combos per turn"), lambda b: b["combos_per_turn"]["mean"]),
        row(_("Damage per turn"), lambda b: b["damage_per_turn"]["mean"]),
        row(_("Attacks per turn"), lambda b: b["attacks_per_turn"]["mean"]),
        row(_("Evolutions per game"), lambda b: b["evolutions"]["per_game"]),
        row(_("Heals per game"), lambda b: b["heals"]["per_game"]),
    ]
    return [r for r in rows if r["first"] is not None or r["second"] is not None]


# --- The sample game ------------------------------------------------------------------------


def card_map(cards) -> dict[str, CardSpec]:
    """Card name → spec (the log names cards; copies share a spec)."""
    found: dict[str, CardSpec] = {}
    for card in cards:
        found.setdefault(card.name, card)
    return found


def orb_slots(card: CardSpec | None) -> list[dict]:
    """The six fixed slots of a card's orb bar (PAD-1.1), lit or not."""
    orbs = card.orbs if card is not None else frozenset()
    return [{"colour": colour, "lit": colour in orbs} for colour in SLOTS]


def _card(name: str, cards: dict[str, CardSpec]) -> dict:
    spec = cards.get(name)
    return {
        "name": name,
        "id": spec.id if spec else None,
        "stage": spec.stage if spec else None,
        "attribute": spec.attribute if spec else None,
        "kind": spec.kind if spec else None,
        "orbs": " ".join(c for c in SLOTS if spec and c in spec.orbs),
        "slots": orb_slots(spec),
    }


def pad_board(snapshot: dict, cards: dict[str, CardSpec]) -> dict:
    zones = snapshot["zones"]
    tapped = zones.get("tapped", [])
    stacks = zones.get("pets", [])
    aligned = len(tapped) == len(stacks)
    pets = []
    for index, stack in enumerate(stacks):
        cards_in = [_card(name, cards) for name in stack]
        pets.append(
            {
                "cards": cards_in,
                "top": cards_in[-1] if cards_in else None,
                "tapped": bool(aligned and tapped[index]),
            }
        )
    columns = []
    for column in zones.get("orb_columns", []):
        column_cards = [_card(name, cards) for name in column]
        tally = Counter(c for card in column_cards for c in card["orbs"].split())
        columns.append(
            {
                "cards": column_cards,
                "tally": [{"colour": c, "count": tally[c], "combo": tally[c] >= 3} for c in SLOTS],
            }
        )
    return {
        "pets": pets,
        "columns": columns,
        "attack_area": [
            {"cards": [_card(name, cards) for name in stack], "top": stack[-1] if stack else ""}
            for stack in zones.get("attack_area", [])
        ],
        "hand": [_card(name, cards) for name in zones.get("hand", [])],
        "life": len(zones.get("life", [])),
        "deck": len(zones.get("deck", [])),
        "discard": zones.get("discard", []),
        "opponent_life": snapshot.get("opponent_life"),
    }


def plain(value) -> str:
    """A log value as short text: lists joined, mappings as key: value, None as –."""
    if value is None:
        return "–"
    if isinstance(value, list | tuple):
        return ", ".join(plain(item) for item in value) or "–"
    if isinstance(value, dict):
        return "; ".join(f"{key}: {plain(item)}" for key, item in value.items()) or "–"
    return str(value)


def generic_board(snapshot: dict) -> list[dict]:
    """Any game's snapshot as labelled zones: names, stacks of names, or values."""
    zones = []
    items = {**snapshot.get("zones", {})}
    items.update({k: val for k, val in snapshot.items() if k not in SNAPSHOT_KEYS})
    for key, value in items.items():
        label = ZONE_LABELS.get(key, key.replace("_", " "))
        if isinstance(value, list) and value and all(isinstance(item, list) for item in value):
            zones.append({"key": key, "label": label, "stacks": value})
        elif isinstance(value, list) and all(isinstance(item, str) for item in value):
            zones.append({"key": key, "label": label, "names": value, "count": len(value)})
        else:
            zones.append({"key": key, "label": label, "value": plain(value)})
    return zones


SNAPSHOT_KEYS = {"after_event", "turn", "round", "phase", "zones"}
EVENT_KEYS = {"n", "turn", "round", "phase", "step", "action", "cards"}


def generic_event(event: dict) -> str:
    """An event of a game without dedicated sentences: its action, cards and details."""
    parts = [str(event.get("action", "")).replace("_", " ")]
    if event.get("cards"):
        parts.append(plain(event["cards"]))
    details = [f"{key}: {plain(value)}" for key, value in event.items() if key not in EVENT_KEYS]
    text = ": ".join(parts)
    return f"{text} ({'; '.join(details)})" if details else text


def _colours(names) -> str:
    return ", ".join(str(LABELS["orb"].get(name, name)) for name in names or ())


def describe_event(event: dict) -> str:
    """One log event as a sentence in the page's language."""
    action, cards = event.get("action"), event.get("cards") or []
    names = ", ".join(cards)
    card = cards[0] if cards else ""
    column = event["column"] + 1 if isinstance(event.get("column"), int) else ""
    pet = event["pet"] + 1 if isinstance(event.get("pet"), int) else ""
    if action == "deal_life":
        return _("Dealt %(count)s life cards face down.") % {"count": len(cards)}
    if action == "deal_hand":
        return _("Drew the opening hand: %(cards)s.") % {"cards": names}
    if action == "deal_orbs":
        return _("Dealt one card to each orb column: %(cards)s.") % {"cards": names}
    if action == "exchange":
        return _("Exchanged %(card)s from the hand with %(old)s of column %(column)s.") % {
            "card": card,
            "old": cards[1] if len(cards) > 1 else "",
            "column": column,
        }
    if action == "opponent_turn":
        return _("The opponent's turn: the goldfish does nothing.")
    if action == "untap":
        return _("Untapped %(card)s.") % {"card": card}
    if action == "draw":
        return _("Drew %(card)s.") % {"card": card} if card else _("No card left to draw.")
    if action == "evolve":
        text = _("Pet %(pet)s evolved into %(card)s.") % {"pet": pet, "card": card}
        if event.get("paid"):
            text += " " + _("Paid: %(cards)s.") % {"cards": ", ".join(event["paid"])}
        return text
    if action == "skill":
        return _("Used the skill %(card)s.") % {"card": card}
    if action == "effect":
        effect = EFFECTS.get(event.get("effect"), event.get("effect", ""))
        text = _("%(card)s: %(effect)s ×%(amount)s.") % {
            "card": card,
            "effect": effect,
            "amount": event.get("amount", 1),
        }
        if event.get("moved"):
            text += " " + _("Moved: %(cards)s.") % {"cards": ", ".join(event["moved"])}
        return text
    if action == "orb_start":
        return _("Orb start: %(card)s from the deck on column %(column)s.") % {
            "card": card,
            "column": column,
        }
    if action == "orb_add":
        return _("Orb add: %(card)s from the hand on column %(column)s.") % {
            "card": card,
            "column": column,
        }
    if action == "combos":
        return _("Combos: %(colours)s (%(count)s).") % {
            "colours": _colours(event.get("colours")),
            "count": event.get("combos", 0),
        }
    if action == "chain":
        text = _("Chain: %(card)s from the deck on column %(column)s.") % {
            "card": card,
            "column": column,
        }
        if event.get("new"):
            text += " " + _("New combo: %(colours)s.") % {"colours": _colours(event["new"])}
        return text
    if action == "recover":
        return _("Recovered 1 life.")
    if action == "attack":
        return _("%(card)s attacks with %(attack)s: %(damage)s damage.") % {
            "card": card,
            "attack": event.get("attack", 0),
            "damage": event.get("damage", 0),
        }
    if action == "win":
        return _("Won: the opponent has no life left.")
    if action == "clean_column":
        return _("Cleanup of column %(column)s: discarded %(cards)s.") % {
            "column": column,
            "cards": names,
        }
    if action == "hand_limit":
        return _("Discarded %(card)s (hand limit).") % {"card": card}
    return f"{action}: {names}" if names else str(action)


def replay_steps(log: dict, cards: dict[str, CardSpec]) -> list[dict]:
    """One step per snapshot, with the events that led to it (since the previous one)."""
    events = log.get("events", [])
    is_pad = log.get("game") == v.PAD
    describe = describe_event if is_pad else generic_event
    steps, start = [], 0
    for index, snapshot in enumerate(log.get("snapshots", [])):
        end = snapshot.get("after_event", start)
        phase = snapshot.get("phase", "")
        steps.append(
            {
                "index": index,
                "turn": snapshot.get("turn", snapshot.get("round", 0)),
                "phase": phase,
                "phase_label": PHASES.get(phase, phase),
                "events": [describe(event) for event in events[start:end]],
                "board": pad_board(snapshot, cards) if is_pad else None,
                "zones": None if is_pad else generic_board(snapshot),
            }
        )
        start = max(start, end)
    return steps


# --- The sample hand ------------------------------------------------------------------------


def sample_hand_view(request, deck_id: str):
    """/goldfish/deck/<id>/sample-hand/?seed=S&turn=N: deal the setup and draw N cards."""
    deck = _deck_or_404(request, deck_id)
    seed = _int(request.GET.get("seed"), -1)
    if not 0 <= seed <= MAX_SEED:
        params = {"seed": secrets.randbelow(NEW_SEED_BELOW)}
        if request.GET.get("turn"):
            params["turn"] = _int(request.GET["turn"], 0)
        url = reverse("engine:sample_hand", args=[deck.pk])
        return redirect(f"{url}?{urlencode(params)}")
    entries = [
        EntryInput(card_id=e.card_id, quantity=e.quantity, zone=e.zone) for e in deck.entries.all()
    ]
    spec = deck_spec(deck.game, entries)
    sample = sample_hand(spec, seed=seed, turn=max(0, _int(request.GET.get("turn"), 0)))
    url = reverse("engine:sample_hand", args=[deck.pk])

    def link(**params) -> str:
        return f"{url}?{urlencode({'seed': seed, **params})}"

    context = {
        "deck": deck,
        "sample": sample,
        "seed": seed,
        "zones": {name: [_card_tile(c) for c in zone] for name, zone in sample.zones.items()},
        "draws": [
            {"turn": turn, "card": _card_tile(card)}
            for turn, card in enumerate(sample.draws, start=1)
        ],
        "hand_now": len(sample.hand_now),
        "library": len(sample.library),
        "draw_url": link(turn=sample.turn + 1) if sample.turn < sample.max_turn else None,
        "back_url": link(turn=sample.turn - 1) if sample.turn > 0 else None,
        "restart_url": link() if sample.turn > 0 else None,
        "new_url": f"{url}?{urlencode({'seed': secrets.randbelow(NEW_SEED_BELOW)})}",
        "is_pad": deck.game == v.PAD,
        "total": len(spec.deck) + len(spec.team),
    }
    return render(request, "engine/sample_hand.html", context)


def _card_tile(card: CardSpec) -> dict:
    return {
        "name": card.name,
        "id": card.id,
        "kind": card.kind,
        "stage": card.stage,
        "attribute": card.attribute,
        "cost": card.cost,
        "level": card.data.get("level") if card.data else None,
        "battle_type": card.data.get("battle_type") if card.data else None,
        "orbs": " ".join(c for c in SLOTS if c in card.orbs),
        "slots": orb_slots(card) if card.game == v.PAD else [],
    }
