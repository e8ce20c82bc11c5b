"""The deck pages: public and own deck lists, the deck page, the builder, revisions (issue 5).

Every write is a plain POST form that works without JavaScript (Post/Redirect/Get, with
the messages framework for feedback). static/js/deckbuilder.js sends the same forms with
`X-Requested-With: fetch`; the same views then answer with JSON holding the re-rendered
panels and the new revision, so the page updates without a reload.

Business rules stay in `decks.services` (writes, revision checks) and `decks.rules`
(validation); the views only turn forms into entry lists and render the results.
"""

from __future__ import annotations

import functools
import re

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.db import DatabaseError
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from cards import cache as catalogue_cache
from cards import vocabulary as v
from cards.models import Card
from cards.search import QuerySyntaxError, SearchTimeout, search_cards, search_time_limit
from cardsite.throttles import throttle_page
from decks.decklist import export_deck_list
from decks.forms import (
    AddCardForm,
    DeckSearchForm,
    DeckSettingsForm,
    MoveCardForm,
    NewDeckForm,
    PasteListForm,
    RestoreForm,
    SetQuantityForm,
)
from decks.limits import DECK_TOO_LARGE, MAX_ENTRIES, TOO_MANY_COPIES
from decks.models import DECK, PRIVATE, PUBLIC, TEAM, Deck, DeckRevision
from decks.odds import OPENING_HANDS
from decks.rules import EntryInput, rules_for
from decks.rules.pad import TEAM_SIZE
from decks.services import (
    DeckError,
    DeckNotFound,
    StaleRevision,
    deck_create,
    deck_fork,
    deck_restore,
    deck_update,
    entries_from_text,
)
from decks.stats import deck_statistics
from decks.templatetags.deck_tags import deck_charts, longest_chains

DECKS_PER_PAGE = 30
REVISIONS_PER_PAGE = 30
SEARCH_RESULTS = 24
DEFAULT_TURN, MAX_TURN = 3, 20
FETCH_HEADER = "fetch"


def is_fetch(request) -> bool:
    return request.headers.get("X-Requested-With") == FETCH_HEADER


# --- Loading decks --------------------------------------------------------------------------


def _deck_or_404(request, deck_id: str) -> Deck:
    """A deck the user may read; someone else's private deck does not exist (as in the API)."""
    deck = Deck.objects.select_related("owner", "forked_from").filter(pk=deck_id).first()
    if deck is None or not deck.is_readable_by(request.user):
        raise Http404(_("No deck has this id."))
    return deck


def readable_deck(view):
    @functools.wraps(view)
    def wrapper(request, deck_id, *args, **kwargs):
        return view(request, _deck_or_404(request, deck_id), *args, **kwargs)

    return wrapper


def owned_deck(view):
    """Only the owner edits: 404 for others when private (readable_deck), 403 otherwise."""

    @functools.wraps(view)
    def wrapper(request, deck_id, *args, **kwargs):
        deck = _deck_or_404(request, deck_id)
        if not deck.is_owned_by(request.user):
            if not request.user.is_authenticated and not is_fetch(request):
                return redirect_to_login(request.get_full_path())
            raise PermissionDenied(_("Only the owner of this deck can change it."))
        return view(request, deck, *args, **kwargs)

    return wrapper


def _param(request, name: str) -> str:
    """A page parameter, from the address or kept through a builder form."""
    return (request.GET.get(name) or request.POST.get(name) or "").replace("\x00", "")[:500]


def _turn(request) -> int:
    try:
        turn = int(_param(request, "turn") or DEFAULT_TURN)
    except ValueError:
        return DEFAULT_TURN
    return max(1, min(turn, MAX_TURN))


# --- What the deck panels show --------------------------------------------------------------


def _zone_groups(game: str, entries: list) -> list[dict]:
    """Entries by zone (the PAD team first), then by kind, each with its count."""
    zones = [TEAM, DECK] if game == v.PAD else [DECK]
    zones += sorted({e.zone for e in entries} - set(zones))  # a team in a Digimon deck shows
    groups = []
    for zone in zones:
        rows = [e for e in entries if e.zone == zone]
        kinds = []
        for kind in v.KINDS_BY_GAME[game]:
            of_kind = [e for e in rows if e.card.kind == kind]
            if of_kind:
                kinds.append({"kind": kind, "entries": of_kind, "count": _total(of_kind)})
        others = [e for e in rows if e.card.kind not in v.KINDS_BY_GAME[game]]
        if others:
            kinds.append({"kind": "", "entries": others, "count": _total(others)})
        groups.append({"zone": zone, "kinds": kinds, "count": _total(rows)})
    return groups


def _total(entries) -> int:
    return sum(e.quantity for e in entries)


def _targets(game: str) -> dict:
    rules = rules_for(game)
    return {
        "deck_min": rules.deck_min,
        "deck_max": rules.deck_max,
        "team": TEAM_SIZE if game == v.PAD else None,
    }


def _odds_rows(stats: dict, turn: int) -> list[dict]:
    rows = []
    for item in stats["draw_odds"]:
        by_turn = item["odds"]["by_turn"]
        rows.append(
            {
                **item,
                "opening": item["odds"]["opening"],
                "by_turn": by_turn[turn - 1]["at_least"] if len(by_turn) >= turn else None,
                "seen": by_turn[turn - 1]["seen"] if len(by_turn) >= turn else None,
            }
        )
    return rows


def deck_panels_context(deck: Deck, turn: int = DEFAULT_TURN) -> dict:
    """The entries, validation, statistics and odds of a deck, in a bounded number of
    queries: one for the entries and their cards, at most one more inside the statistics."""
    entries = list(
        deck.entries.select_related("card", "card__evolves_from").order_by(
            "card__number_sort", "card_id", "zone"
        )
    )
    cards = {e.card_id: e.card for e in entries}
    inputs = [EntryInput(card_id=e.card_id, quantity=e.quantity, zone=e.zone) for e in entries]
    verdict = rules_for(deck.game)(cards).validate(inputs)
    stats = deck_statistics(deck.game, entries, turns=turn)
    quantities = {(e.card_id, e.zone): e.quantity for e in entries}
    return {
        "deck": deck,
        "entries": entries,
        "groups": _zone_groups(deck.game, entries),
        "quantities": quantities,
        "verdict": verdict,
        "targets": _targets(deck.game),
        "stats": stats,
        "charts": deck_charts(stats),
        "chains": longest_chains(stats["evolution"]),
        "turn": turn,
        "turns": range(1, 11),
        "odds": _odds_rows(stats, turn),
        "opening_hand": OPENING_HANDS[deck.game],
        "export_text": export_deck_list(entries, deck.game) if entries else "",
        "is_pad": deck.game == v.PAD,
    }


# --- Lists of decks -------------------------------------------------------------------------


def _page(request, decks):
    page = Paginator(decks, DECKS_PER_PAGE).get_page(request.GET.get("page"))
    page.object_list = list(page.object_list)
    return page


def deck_list(request):
    """/decks/: public decks, searchable by game and name."""
    form = DeckSearchForm(request.GET or None)
    decks = Deck.objects.filter(visibility=PUBLIC).select_related("owner")
    if form.is_valid():
        if form.cleaned_data["game"]:
            decks = decks.filter(game=form.cleaned_data["game"])
        if form.cleaned_data["name"].strip():
            decks = decks.filter(name__icontains=form.cleaned_data["name"].strip())
    page = _page(request, decks.order_by("-updated_at", "pk"))
    return render(request, "decks/deck_list.html", {"form": form, "page": page})


@login_required
def my_decks(request):
    decks = Deck.objects.filter(owner=request.user).select_related("owner")
    page = _page(request, decks.order_by("-updated_at", "pk"))
    return render(request, "decks/my_decks.html", {"page": page})


@login_required
@require_http_methods(["GET", "POST"])
def deck_new(request):
    """Pick the game and a name, optionally paste a list: the deck opens in the builder."""
    form = NewDeckForm(request.POST or None, initial={"game": request.GET.get("game")})
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            entries = entries_from_text(data["game"], data["list"]) if data["list"] else []
            deck = deck_create(
                owner=request.user,
                game=data["game"],
                name=data["name"],
                visibility=data["visibility"] or PRIVATE,
                entries=entries,
            )
        except DeckError as error:
            for message in error_messages(error):
                form.add_error("list", message)
        else:
            messages.success(request, _("Deck created."))
            return redirect("decks:edit", deck.pk)
    status = 400 if form.errors else 200
    return render(request, "decks/deck_new.html", {"form": form}, status=status)


# --- The deck page --------------------------------------------------------------------------


DETAIL_PANELS = {
    "entries": "decks/_entries_read.html",
    "validation": "decks/_validation.html",
    "stats": "decks/_stats.html",
    "odds": "decks/_odds.html",
}


def _detail_panels(deck: Deck, turn: int) -> dict[str, str]:
    """The deck page's panels, rendered: they show the deck and its cards, nothing of the
    reader, so one copy serves everyone who may read the deck."""
    context = deck_panels_context(deck, turn)
    panels = {name: render_to_string(template, context) for name, template in DETAIL_PANELS.items()}
    panels["export_text"] = context["export_text"]
    return panels


@readable_deck
def deck_detail(request, deck):
    turn = _turn(request)
    # Access is checked first (readable_deck: someone else's private deck is a 404), then
    # the shared cache is asked. The key holds the deck's revision and last write (any
    # change of the deck misses it) and catalogue_cache adds the catalogue version (card
    # names and rules) and the language.
    panels = catalogue_cache.cached(
        "deck-panels",
        (deck.pk, deck.revision, deck.updated_at.isoformat(), turn),
        lambda: _detail_panels(deck, turn),
    )
    context = {
        "deck": deck,
        "turn": turn,
        "panels": panels,
        "is_owner": deck.is_owned_by(request.user),
        "share_url": request.build_absolute_uri(reverse("decks:detail", args=[deck.pk])),
        "forked_from": deck.forked_from_readable_by(request.user),
    }
    return render(request, "decks/deck_detail.html", context)


@readable_deck
def deck_export(request, deck):
    entries = deck.entries.select_related("card")
    text = export_deck_list(entries, deck.game)
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    filename = re.sub(r"[^A-Za-z0-9._-]+", "-", deck.name).strip("-") or deck.pk
    response["Content-Disposition"] = f'attachment; filename="{filename[:60]}.txt"'
    return response


@require_POST
@readable_deck
def deck_fork_view(request, deck):
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("decks:detail", args=[deck.pk]))
    try:
        fork = deck_fork(deck=deck, owner=request.user)
    except DeckError as error:  # a deck stored before today's caps cannot be copied as is
        for text in error_messages(error):
            messages.error(request, text)
        return redirect("decks:detail", deck.pk)
    messages.success(request, _("This copy is yours: it is private until you share it."))
    return redirect("decks:edit", fork.pk)


@require_http_methods(["GET", "POST"])
@owned_deck
def deck_delete(request, deck):
    if request.method == "POST":
        deck.delete()
        messages.success(request, _("Deck “%(name)s” deleted.") % {"name": deck.name})
        return redirect("decks:mine")
    return render(request, "decks/deck_delete.html", {"deck": deck})


# --- The builder ----------------------------------------------------------------------------


def _search(deck: Deck, q: str) -> dict:
    """The builder's card search: the query language, restricted to the deck's game."""
    result = {"q": q, "results": [], "more": False, "search_error": None}
    if not q:
        return result
    try:
        with search_time_limit():
            found = search_cards(q, Card.objects.filter(game=deck.game))
            cards = list(found.cards.order_by("number_sort", "id")[: SEARCH_RESULTS + 1])
    except SearchTimeout:
        result["search_error"] = _("This search took too long and was stopped: narrow it.")
    except QuerySyntaxError as error:
        result["search_error"] = error.message
    except DatabaseError:
        result["search_error"] = _("The database could not run this query.")
    else:
        result["results"] = cards[:SEARCH_RESULTS]
        result["more"] = len(cards) > SEARCH_RESULTS
    return result


def _mark_copies(results: list[Card], quantities: dict) -> None:
    """Each result says how many copies the deck and the team already hold."""
    for card in results:
        card.in_deck = quantities.get((card.pk, DECK), 0)
        card.in_team = quantities.get((card.pk, TEAM), 0)


def search_context(request, deck: Deck) -> dict:
    """Only what the search results need: for the search as you type."""
    context = {"deck": deck, "is_pad": deck.game == v.PAD, "turn": _turn(request)}
    context.update(_search(deck, _param(request, "q").strip()))
    rows = deck.entries.values_list("card_id", "zone", "quantity")
    _mark_copies(context["results"], {(card, zone): qty for card, zone, qty in rows})
    return context


def builder_context(request, deck: Deck, **forms) -> dict:
    context = deck_panels_context(deck, _turn(request))
    context.update(_search(deck, _param(request, "q").strip()))
    _mark_copies(context["results"], context["quantities"])
    context["settings_form"] = forms.get("settings_form") or DeckSettingsForm(
        initial={
            "name": deck.name,
            "description": deck.description,
            "visibility": deck.visibility,
            "revision": deck.revision,
        }
    )
    context["paste_form"] = forms.get("paste_form") or PasteListForm(
        initial={"revision": deck.revision}
    )
    return context


PANELS = {
    "summary": "decks/_builder_summary.html",
    "results": "decks/_search_results.html",
    "entries": "decks/_builder_entries.html",
    "validation": "decks/_validation.html",
    "stats": "decks/_stats.html",
    "odds": "decks/_odds.html",
}


def render_panels(request, context: dict, names=PANELS) -> dict[str, str]:
    return {name: render_to_string(PANELS[name], context, request) for name in names}


@throttle_page("search_page")  # the search as you type: throttled like the card search
@owned_deck
def deck_builder(request, deck):
    if is_fetch(request):  # the search as you type
        context = search_context(request, deck)
        html = render_to_string("decks/_search_results.html", context, request)
        return JsonResponse({"revision": deck.revision, "panels": {"results": html}})
    return render(request, "decks/deck_builder.html", builder_context(request, deck))


def _builder_url(deck: Deck, request) -> str:
    url = reverse("decks:edit", args=[deck.pk])
    params = {key: _param(request, key) for key in ("q", "turn") if _param(request, key)}
    return f"{url}?{urlencode(params)}" if params else url


def error_messages(error: DeckError) -> list[str]:
    """A refused write, told in the active language."""
    if isinstance(error, StaleRevision):
        return [
            _(
                "This deck was changed elsewhere (another tab or device) since this page was "
                "loaded: nothing was changed. The latest version is shown now; apply your "
                "change again."
            )
        ]
    if error.code == "invalid_list":
        return [
            _("Line %(line)s: %(message)s") % {"line": e["line"], "message": e["message"]}
            if e.get("line")
            else e["message"]
            for e in error.extra.get("errors", [])
        ] or [error.message]
    if error.code == "unknown_card":
        return [_("This card is not a card of this game.")]
    if error.code in (TOO_MANY_COPIES, DECK_TOO_LARGE):
        # A pasted list's line is worth naming; the position among the deck's entries is not.
        line = error.extra.get("line")
        return [
            _("Line %(line)s: %(message)s") % {"line": line, "message": error.detail}
            if line
            else error.detail
        ]
    if error.code == "too_many_entries":
        return [_("A deck holds at most %(count)s different cards.") % {"count": MAX_ENTRIES}]
    return [error.message]


def _respond(request, deck, level: int, texts: list[str], status: int = 200):
    """After a builder write: JSON panels for fetch, else a message and a redirect."""
    if is_fetch(request):
        deck.refresh_from_db()
        context = builder_context(request, deck)
        return JsonResponse(
            {
                "ok": status < 400,
                "revision": deck.revision,
                "messages": [
                    {"level": messages.DEFAULT_TAGS[level], "text": text} for text in texts
                ],
                "panels": render_panels(request, context),
            },
            status=status,
        )
    for text in texts:
        messages.add_message(request, level, text)
    return redirect(_builder_url(deck, request))


def _form_error_texts(form) -> list[str]:
    texts = []
    for field, errors in form.errors.items():
        label = form.fields[field].label if field in form.fields else None
        texts += [f"{label}: {error}" if label else str(error) for error in errors]
    return texts


def _write(request, deck, form, changes, success: str):
    """Apply `changes(current entries) -> deck_update arguments` from the form's revision."""
    if not form.is_valid():
        return _respond(request, deck, messages.ERROR, _form_error_texts(form), status=400)
    current = [
        EntryInput(card_id=e.card_id, quantity=e.quantity, zone=e.zone) for e in deck.entries.all()
    ]
    try:
        deck_update(
            deck=deck,
            author=request.user,
            revision=form.cleaned_data["revision"],
            **changes(current),
        )
    except DeckNotFound:  # deleted meanwhile (another tab): there is no builder to show
        raise Http404(_("No deck has this id.")) from None
    except DeckError as error:
        return _respond(request, deck, messages.ERROR, error_messages(error), status=error.status)
    except ValidationError as error:
        return _respond(request, deck, messages.ERROR, error.messages, status=400)
    return _respond(request, deck, messages.SUCCESS, [success])


def _card_name(card_id: int) -> str:
    return Card.objects.filter(pk=card_id).values_list("name", flat=True).first() or "?"


@require_POST
@owned_deck
def builder_add(request, deck):
    form = AddCardForm(request.POST)
    if form.is_valid() and deck.game != v.PAD and form.cleaned_data["zone"] == TEAM:
        return _respond(
            request, deck, messages.ERROR, [_("Only PAD decks have a team.")], status=400
        )
    success = ""
    if form.is_valid():
        success = _("Added %(quantity)s × %(name)s.") % {
            "quantity": form.cleaned_data["quantity"] or 1,
            "name": _card_name(form.cleaned_data["card"]),
        }
    return _write(request, deck, form, lambda current: {"entries": form.apply(current)}, success)


@require_POST
@owned_deck
def builder_quantity(request, deck):
    form = SetQuantityForm(request.POST)
    return _write(
        request,
        deck,
        form,
        lambda current: {"entries": form.apply(current)},
        _("Deck updated."),
    )


@require_POST
@owned_deck
def builder_move(request, deck):
    form = MoveCardForm(request.POST)
    if form.is_valid() and deck.game != v.PAD and form.cleaned_data["to"] == TEAM:
        return _respond(
            request, deck, messages.ERROR, [_("Only PAD decks have a team.")], status=400
        )
    success = ""
    if form.is_valid():
        success = (
            _("Moved to the team.") if form.cleaned_data["to"] == TEAM else _("Moved to the deck.")
        )
    return _write(request, deck, form, lambda current: {"entries": form.apply(current)}, success)


@require_POST
@owned_deck
def builder_paste(request, deck):
    form = PasteListForm(request.POST)
    if not form.is_valid():
        return _paste_refused(request, deck, form, _form_error_texts(form))
    try:
        pasted = entries_from_text(deck.game, form.cleaned_data["list"])
    except DeckError as error:
        return _paste_refused(request, deck, form, error_messages(error))
    count = sum(entry.quantity for entry in pasted)
    success = (
        _("The deck now holds the pasted list (%(count)s cards).")
        if form.cleaned_data["mode"] == "replace"
        else _("Added %(count)s cards from the list.")
    ) % {"count": count}
    return _write(
        request, deck, form, lambda current: {"entries": form.apply(current, pasted)}, success
    )


def _paste_refused(request, deck, form, texts: list[str]):
    """A list that cannot be read: every problem by line, and the text is kept."""
    if is_fetch(request):
        return JsonResponse(
            {
                "ok": False,
                "revision": deck.revision,
                "messages": [{"level": "error", "text": text} for text in texts],
            },
            status=400,
        )
    for text in texts:
        form.add_error(None, text)
    context = builder_context(request, deck, paste_form=form)
    return render(request, "decks/deck_builder.html", context, status=400)


@require_POST
@owned_deck
def builder_settings(request, deck):
    form = DeckSettingsForm(request.POST)
    if not form.is_valid() and not is_fetch(request):
        context = builder_context(request, deck, settings_form=form)
        return render(request, "decks/deck_builder.html", context, status=400)

    def changes(current):
        data = form.cleaned_data
        return {k: data[k] for k in ("name", "description", "visibility")}

    return _write(request, deck, form, changes, _("Deck settings saved."))


# --- Revisions ------------------------------------------------------------------------------


_RESTORED = re.compile(r"^Restored revision (\d+)$")
_FORKED = re.compile(r"^Forked from ([A-Za-z0-9]+)$")


def _note(note: str) -> str:
    """The notes the services write, in the active language (other notes as written)."""
    if match := _RESTORED.match(note):
        return _("Restored revision %(number)s") % {"number": match[1]}
    if match := _FORKED.match(note):
        return _("Forked from deck %(deck)s") % {"deck": match[1]}
    return note


def _entry_key(entry: dict) -> tuple:
    return (entry["card"], entry["zone"])


def _changes(newer: DeckRevision, older: DeckRevision | None, names: dict) -> list[dict]:
    """What a revision changed in the cards, as +n / −n per card."""
    before = {_entry_key(e): e["quantity"] for e in older.entries} if older else {}
    after = {_entry_key(e): e["quantity"] for e in newer.entries}
    changes = []
    for key in sorted(before.keys() | after.keys(), key=lambda k: (names.get(k[0], ""), k)):
        delta = after.get(key, 0) - before.get(key, 0)
        if delta:
            card, zone = key
            changes.append(
                {"card": card, "name": names.get(card, "?"), "zone": zone, "delta": delta}
            )
    return changes


@readable_deck
def deck_revisions(request, deck):
    readable = deck.revisions_readable_by(request.user)
    revisions = readable.select_related("author").order_by("-number")
    page = Paginator(revisions, REVISIONS_PER_PAGE).get_page(request.GET.get("page"))
    shown = list(page.object_list)
    # The revision before the last one shown, to tell what the last one changed (changes
    # are told against readable revisions only, so they reveal nothing private either).
    older = (
        readable.filter(number__lt=shown[-1].number).order_by("-number").first() if shown else None
    )
    ids = {e["card"] for r in [*shown, *([older] if older else [])] for e in r.entries}
    names = dict(Card.objects.filter(pk__in=ids).values_list("pk", "name")) if ids else {}
    rows = []
    for index, revision in enumerate(shown):
        previous = shown[index + 1] if index + 1 < len(shown) else older
        counts = {DECK: 0, TEAM: 0}
        for entry in revision.entries:
            counts[entry["zone"]] = counts.get(entry["zone"], 0) + entry["quantity"]
        rows.append(
            {
                "revision": revision,
                "counts": counts,
                "changes": _changes(revision, previous, names),
                "note": _note(revision.note),
                "renamed": previous is not None and previous.name != revision.name,
                "current": revision.number == deck.revision,
            }
        )
    context = {
        "deck": deck,
        "page": page,
        "rows": rows,
        "is_owner": deck.is_owned_by(request.user),
    }
    return render(request, "decks/revisions.html", context)


@require_POST
@owned_deck
def deck_restore_view(request, deck, number: int):
    form = RestoreForm(request.POST)
    url = reverse("decks:revisions", args=[deck.pk])
    if not form.is_valid():
        messages.error(request, " ".join(_form_error_texts(form)))
        return redirect(url)
    try:
        deck = deck_restore(
            deck=deck, author=request.user, revision=form.cleaned_data["revision"], number=number
        )
    except DeckError as error:
        if error.code == "not_found":
            raise Http404(_("This deck has no such revision.")) from None
        for text in error_messages(error):
            messages.error(request, text)
    else:
        messages.success(
            request,
            _("Revision %(number)s restored as revision %(revision)s.")
            % {"number": number, "revision": deck.revision},
        )
    return redirect(url)
