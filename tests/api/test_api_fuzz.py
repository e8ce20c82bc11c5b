"""Property-based fuzzing of the whole REST API against its own OpenAPI schema (Schemathesis).

Every operation of /api/schema/ is called in-process through the WSGI application with
generated valid and invalid requests, as a token user who owns decks, on the real catalogue.
Each response must not be a 5xx and must match the schema: a documented status code, the
documented content type and a body that validates against the documented schema.

The run is bounded and reproducible: a fixed seed, derandomized generation, no example
database and fixed deck ids. Each operation gets Schemathesis' deterministic coverage cases
(boundary values, wrong types, other methods: 5 to 400 of them) and MAX_EXAMPLES fuzzed
requests (GOLDFISH_MAX_EXAMPLES for the goldfish simulations, which play whole games).
"""

from __future__ import annotations

import functools
import itertools
import os

import pytest
import schemathesis
import werkzeug.test
from django.contrib.auth.models import User
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)

from decks.models import Deck
from decks.services import deck_create, entries_from_text
from tests.decklists import digimon_list, pad_list

# Fuzzed requests per operation, after its deterministic coverage cases. 25 keeps the suite
# a contributor's loop (issue 29: the fuzzing was 4 of its worker-minutes at 100);
# FUZZ_EXAMPLES=500 make test … searches harder.
MAX_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))
# A goldfish run plays up to `games` whole games, a doctor builds every swap of the deck:
# keep these operations' examples few.
GOLDFISH_MAX_EXAMPLES = max(1, MAX_EXAMPLES // 4)
SEED = 20240611
# A fixed key (Token.key is 40 characters) so the header is part of the reproducible config.
TOKEN = "fuzz0000000000000000000000000000000token"

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]

CONFIG = schemathesis.Config.from_dict(
    {
        "seed": SEED,
        "generation": {
            "max-examples": MAX_EXAMPLES,
            "deterministic": True,
            "database": "none",
        },
        # Stateful links are not declared in the schema; each operation is fuzzed on its own.
        "phases": {"stateful": {"enabled": False}},
        "headers": {"Authorization": f"Token {TOKEN}"},
        "operations": [
            {
                "include-path-regex": "^/api/(goldfish|doctor)/",
                "generation": {"max-examples": GOLDFISH_MAX_EXAMPLES},
            }
        ],
    }
)


# Loaded once, at collection: one test per operation. Its requests run inside each test's
# transaction, so the data below is there and nothing a request writes outlives the test.
schema = schemathesis.openapi.from_wsgi(
    "/api/schema/",
    WSGIHandler(),
    config=CONFIG,
    headers={"Accept": "application/vnd.oai.openapi+json"},
)
# The decks the fixture makes, in order: (the token user's?, game, visibility).
DECKS = [
    (True, "pad", "public"),
    (True, "digimon", "unlisted"),
    (True, "pad", "private"),
    (False, "pad", "public"),
    (False, "pad", "private"),
]
DECK_IDS = [f"fuzz{n:06d}" for n in range(len(DECKS))]


@pytest.fixture
def _test_connection():
    """Keep the test's database connection, and so its transaction, open across requests.

    Django closes old connections at the start and end of each request; its test client turns
    that off while it runs a request, and so must this in-process WSGI transport."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.fixture
def _in_memory_multipart(monkeypatch):
    """Werkzeug's test client spools a multipart body over 500 KB to a temporary file that it
    never closes; the ResourceWarning, an error here, would fail whichever test the garbage
    collector happens to run in. Encode such bodies in memory instead (same bytes)."""
    monkeypatch.setattr(
        werkzeug.test,
        "stream_encode_multipart",
        functools.partial(werkzeug.test.stream_encode_multipart, use_tempfile=False),
    )


@pytest.fixture
def fuzz_decks(_test_connection, _in_memory_multipart, catalogue, monkeypatch):
    """The token user, with a deck of each visibility, and someone else's public and private
    decks; deck ids are sequential (DECK_IDS first) so that every run sends the same requests."""
    ids = iter(f"fuzz{n:06d}" for n in itertools.count())
    monkeypatch.setattr(Deck._meta.get_field("id"), "_get_default", lambda: next(ids))
    user = User.objects.create_user("fuzzer", password="pw-fuzzer-123")
    Token.objects.create(user=user, key=TOKEN)
    other = User.objects.create_user("someone-else", password="pw-other-123")
    entries = {
        "pad": entries_from_text("pad", pad_list()),
        "digimon": entries_from_text("digimon", digimon_list()),
    }
    decks = [
        deck_create(
            owner=user if mine else other,
            game=game,
            name=f"{game} {visibility}",
            visibility=visibility,
            entries=entries[game],
        )
        for mine, game, visibility in DECKS
    ]
    assert [deck.pk for deck in decks] == DECK_IDS


# Random ids and revisions almost never name a deck, and random decks are never legal: the
# hooks below also send, half of the time, the fixture's real deck ids, revisions and decks
# (fuzzing phase only). Such goldfish runs stay small: the API allows 100,000 games.
GOLDFISH_MAX_GAMES = 50


def _deck_operation(context) -> bool:
    return context.operation is not None and context.operation.path.startswith("/api/decks/{id}")


@schema.hook
def flatmap_path_parameters(context, path_parameters):
    if not _deck_operation(context):
        return st.just(path_parameters)
    real = {"id": st.sampled_from(DECK_IDS)}
    if "number" in path_parameters:
        real["number"] = st.sampled_from([1, 2])
    real = st.fixed_dictionaries(real).map(lambda values: {**path_parameters, **values})
    return st.one_of(st.just(path_parameters), real)


@schema.hook
def flatmap_body(context, body):
    if not isinstance(body, dict) or context.operation is None:
        return st.just(body)
    if _deck_operation(context) and context.operation.method.upper() in ("PUT", "PATCH"):
        # An edit of the current revision that keeps the cards (random lists are not legal).
        kept = {k: v for k, v in body.items() if k not in ("game", "list", "entries")}
        real = st.sampled_from([1, 2]).map(lambda revision: {**kept, "revision": revision})
    elif _deck_operation(context) and "revision" in body:
        real = st.sampled_from([1, 2]).map(lambda revision: {**body, "revision": revision})
    elif context.operation.path.startswith("/api/goldfish/"):
        saved = {k: v for k, v in body.items() if k not in ("list", "entries", "opponent")}
        if isinstance(saved.get("games"), int):  # a saved deck is legal: it would really play
            saved["games"] = max(1, min(saved["games"], GOLDFISH_MAX_GAMES))
        decks = [(game, deck_id) for (_, game, _), deck_id in zip(DECKS, DECK_IDS, strict=True)]
        real = st.sampled_from(decks).map(lambda deck: {**saved, "game": deck[0], "deck": deck[1]})
    else:
        return st.just(body)
    return st.one_of(st.just(body), real)


@schema.parametrize()
# The examples share the fixture's users and decks on purpose: they are what requests act on,
# and what one example writes (a renamed or deleted deck) is a state the API must handle too.
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_api_conforms_to_its_schema(case, fuzz_decks):
    case.call_and_validate(checks=CHECKS)
