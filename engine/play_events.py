"""A browser game's "the other player moved" as server-sent events (issue 28, item 5):
`GET /play/<id>/events/?after=<moves>&joined=<0|1>` streams `text/event-stream` and sends
one `move` event — `{"moves", "joined", "finished"}` — as soon as the game's count of
decisions differs from `after` (what the page shows), whether the friend joined differs
from `joined`, or the game ends, then closes; a stream that sees
nothing closes after PLAY_EVENTS_SECONDS and the browser's EventSource opens the next
(`retry` 1 s). static/js/play.js then redraws the table in place.

Decision (README, "Play in the browser"): plain Django streaming, no Channels layer. The
site runs gunicorn's sync workers, which answer a worker time-out with SIGABRT (issue 24):
a stream holds its worker while it is open, so streams are short (15 s, well under the
time-out) and only a waiting player opens one — in a game against a friend; against the
AI or the goldfish the answer comes with the player's own move. The database is read four
times a second per open stream (one indexed row).
"""

from __future__ import annotations

import json
import time

from django.conf import settings
from django.http import Http404, StreamingHttpResponse
from django.views.decorators.http import require_GET

from engine.models import PlayedGame
from engine.play_api import reader_seat

CHECK_SECONDS = 0.25
KEEP_ALIVE_SECONDS = 5.0  # a comment line, so proxies keep a quiet stream open


def _state(game_id: str) -> tuple[int, bool, bool]:
    history, decks, result = (
        PlayedGame.objects.filter(pk=game_id).values_list("history", "decks", "result").get()
    )
    return len(history), len(decks) > 1, result is not None


def _stream(game_id: str, after: int, joined: bool, seconds: float):
    yield "retry: 1000\n\n"
    deadline = time.monotonic() + seconds
    quiet_since = time.monotonic()
    while True:
        moves, now_joined, finished = _state(game_id)
        if moves != after or now_joined != joined or finished:
            data = {"moves": moves, "joined": now_joined, "finished": finished}
            yield f"event: move\ndata: {json.dumps(data)}\n\n"
            return
        now = time.monotonic()
        if now >= deadline:
            return
        if now - quiet_since >= KEEP_ALIVE_SECONDS:
            quiet_since = now
            yield ": waiting\n\n"
        time.sleep(min(CHECK_SECONDS, max(0.0, deadline - now)))


@require_GET
def game_events(request, game_id):
    """The stream for a player of the game (404 for anyone else, as the game's page)."""
    row = PlayedGame.objects.filter(pk=game_id).first()
    if row is None or reader_seat(row, request) is None:
        raise Http404
    try:
        after = int(request.GET.get("after", len(row.history)))
    except ValueError:
        after = len(row.history)
    joined = request.GET.get("joined", "1" if len(row.decks) > 1 else "0") == "1"
    response = StreamingHttpResponse(
        _stream(row.pk, after, joined, settings.PLAY_EVENTS_SECONDS),
        content_type="text/event-stream",
    )
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response
