from __future__ import annotations

import copy

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.cache import cache, caches
from django.core.management import call_command
from django.core.management.color import no_style
from django.db import connection, transaction

from cards.models import Card
from cards.services import import_cards
from decks.reference import load_reference_decks

VALID = {
    "pet": {
        "game": "pad",
        "kind": "pet",
        "set": "B01",
        "number": "B01-021",
        "names": {"ja": "ティラ", "en": "Tyrra"},
        "attribute": "fire",
        "cost": 0,
        "defense": 200,
        "types": ["dragon"],
        "stage": "base",
        "attack": [{"attack": a, "bonus": 0} for a in (0, 100, 200, 300, 400, 500)],
        "orbs": ["heart", "dark", "fire"],
        "effect_types": [],
    },
    "skill": {
        "game": "pad",
        "kind": "skill",
        "set": "B01",
        "number": "B01-104",
        "names": {"ja": "ルビリット", "en": "Rubylit"},
        "attribute": "fire",
        "cost": 0,
        "orbs": ["heart", "dark", "wood"],
        "effect_types": [],
    },
    "digimon": {
        "game": "digimon",
        "kind": "digimon",
        "set": "St",
        "number": "St-2",
        "names": {"ja": "グレイモン", "en": "Greymon"},
        "level": "IV",
        "battle_type": "A",
        "attacks": {
            "A": {"name": "Mega Flame", "power": 440},
            "B": {"name": "Great Antler", "power": 340},
            "C": {"name": "Guard", "power": 200, "cancels": "A"},
        },
        "lost_points": {"III": 20, "IV": 10, "perfect": 10, "ultimate": 10},
        "species": "Dinosaur",
        "digimon_type": "vaccine",
        "field": "NSp",
        "evolves_from": "アグモン",
        "evolution": {"circles": 2, "crosses": 0},
    },
    "option": {
        "game": "digimon",
        "kind": "option",
        "set": "St",
        "number": "St-49",
        "names": {"ja": "攻撃プラグインＡ", "zh_hans": "攻击组件A"},
        "option_type": "item",
    },
    "combo": {
        "game": "digimon",
        "kind": "combo",
        "set": "RULES",
        "number": "R-100",
        "names": {"zh_hans": "急速组合"},
        "components": [{"name": "高速组件H", "quantity": 2}],
        "bonus": "速度乘2倍",
    },
}


def card_data(template: str, **overrides) -> dict:
    """A valid card of the schema for this kind, with fields replaced by `overrides`."""
    data = copy.deepcopy(VALID[template])
    data.update(overrides)
    return data


def create_card(template: str, **overrides) -> Card:
    data = card_data(template, **overrides)
    import_cards([(1, data)], source="test")
    return Card.objects.get(card_set__code=data["set"], number=data["number"])


@pytest.fixture
def owner(db):
    """A player who owns the decks under test."""
    return User.objects.create_user("owner", password="pw-owner-123")


@pytest.fixture
def logged_in(client, owner):
    """The test client, logged in as `owner`."""
    client.force_login(owner)
    return client


@pytest.fixture
def other(db):
    """Another player, who does not own them."""
    return User.objects.create_user("other", password="pw-other-123")


# What `load_catalogue` writes for the cards (the tables it changes), read back after the
# first module ran the command: later modules insert the same rows in bulk, which is what
# the command would write again, in a fraction of its time.
_CATALOGUE_MODELS = (
    "CardSet",
    "Card",
    "AttackRow",
    "DigimonAttack",
    "ComboComponent",
    "HistoricalCard",
)
_catalogue_rows: list | None = None


def _load_catalogue_cards() -> None:
    global _catalogue_rows
    models = [apps.get_model("cards", name) for name in _CATALOGUE_MODELS]
    if _catalogue_rows is None:
        call_command("load_catalogue", verbosity=0, reference_decks=False)
        _catalogue_rows = [(model, list(model.objects.all())) for model in models]
        return
    for model, rows in _catalogue_rows:
        model.objects.bulk_create(rows)
    # Explicit primary keys leave PostgreSQL's sequences behind: move them past the rows,
    # as loaddata does, so the rows a test creates never take a catalogued id.
    with connection.cursor() as cursor:
        for statement in connection.ops.sequence_reset_sql(no_style(), models):
            cursor.execute(statement)


@pytest.fixture(scope="module")
def _module_catalogue(django_db_setup, django_db_blocker):
    """Load the starter catalogue once per test module, inside a transaction rolled back after.

    Each test still runs in its own savepoint, so tests cannot see each other's changes.
    """
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            # The cards only: tests count the decks they create; `gauntlet` adds the
            # reference decks where a test wants them.
            _load_catalogue_cards()
            yield
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture
def catalogue(_module_catalogue, db):
    """The real starter catalogue (fixtures/); use it in modules where every test can see it."""


@pytest.fixture
def gauntlet(catalogue):
    """The catalogue and its reference decks (fixtures/reference_decks.toml), as
    `manage.py load_catalogue` loads them."""
    load_reference_decks()


@pytest.fixture
def empty_cache():
    """Throttles, budgets and log-in limits count in the limits store (Redis, else a table
    that a transactional test's flush leaves alone): start and end with none."""
    for store in (cache, caches["limits"]):
        store.clear()
    yield
    for store in (cache, caches["limits"]):
        store.clear()


@pytest.fixture(autouse=True)
def _english_after_each_test(settings):
    """LocaleMiddleware activates a request's language for the whole thread: reset it so a
    test that browsed in Chinese does not change the language of the next one."""
    yield
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
