from __future__ import annotations

import copy
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache, caches
from django.core.management import call_command
from django.db import connection, transaction

from cards.models import Card
from cards.services import import_cards
from decks.reference import load_reference_decks
from tests.stored_rows import RowsReplay

# --- which tests a run selects (Makefile: test, test-quick; .ci/run) ----------------------
# Fixtures through which a test reaches the database under test.
_DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_setup",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
}
# Modules that start real processes (gunicorn, Celery workers, `make run`, the benchmarks'
# own runs): the slow part of the suite, left out of `make test-quick`.
_PROCESS_MODULES = {
    "test_benchmarks.py",
    "test_run_command.py",
    "test_static_files.py",
    "test_limits_gunicorn.py",
    "test_long_urls_gunicorn.py",
    "test_limits_across_processes.py",
    "test_gunicorn_pool.py",
    "test_gunicorn_worker.py",
    "test_gunicorn_never_ending.py",
    "test_workers.py",
    "test_worker_leases.py",
    "test_fair_workers.py",
    "test_render_budget_processes.py",
    "test_pool_signals.py",
    "test_match_determinism.py",
    "test_browser_run_end.py",
}


def pytest_addoption(parser):
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        help="Only the tests that reach the database under test (a django_db mark or a "
        "database fixture): what a second database's run adds to the first (.ci/run).",
    )


def pytest_collection_modifyitems(config, items):
    for item in items:
        path = Path(str(item.path))
        if "e2e" in path.parts:
            item.add_marker("browser")
        if path.name in _PROCESS_MODULES:
            item.add_marker("processes")
    if config.getoption("--database-tests-only"):
        kept = [item for item in items if reaches_database(item)]
        config.hook.pytest_deselected(items=[item for item in items if not reaches_database(item)])
        items[:] = kept
    items[:] = spread_browser_modules(items)


def spread_browser_modules(items: list) -> list:
    """The process-starting tests first, then the browser test modules spread evenly among
    the others, whole modules between whole modules; each module keeps its order.

    The longest tests first: the parallel workers (pytest-xdist) then end together rather
    than one of them playing the benchmarks alone at the end.

    pytest-django runs the tests that flush the database (the browser tests among them)
    after the others, so the browser tests came as one block: last of all on PostgreSQL,
    where the workers then waited on Chromium and the live server with the cores a third
    idle. Spread out, a worker's browser test waits while the others' unit tests use the
    cores. Whole modules keep a module's catalogue (loaded in a transaction open across the
    module) apart from a browser test's flush; the tests after a flush find the data of
    migrations gone, as they would in Django's own order (the curator group is got or made
    where a test needs it)."""
    first = [item for item in items if item.get_closest_marker("processes")]
    rest = [item for item in items if not item.get_closest_marker("processes")]
    browser = _modules([item for item in rest if item.get_closest_marker("browser")])
    others = _modules([item for item in rest if not item.get_closest_marker("browser")])
    if not browser or not others:
        return first + rest
    total = sum(len(module) for module in others)
    spread, placed, seen = list(first), 0, 0
    for module in others:
        spread.extend(module)
        seen += len(module)
        # The browser modules that belong before this point of the others' tests.
        while placed < len(browser) and (placed + 0.5) * total / len(browser) <= seen:
            spread.extend(browser[placed])
            placed += 1
    for module in browser[placed:]:
        spread.extend(module)
    return spread


def _modules(items: list) -> list[list]:
    """Consecutive items of one module, as runs."""
    runs: list[list] = []
    for item in items:
        if runs and runs[-1][0].path == item.path:
            runs[-1].append(item)
        else:
            runs.append([item])
    return runs


def pytest_collection_finish(session):
    """A run of browser tests starts with none of the last run's screenshots (a run of the
    parallel workers clears them once, in the controller, below)."""
    if not hasattr(session.config, "workerinput") and any(
        item.get_closest_marker("browser") for item in session.items
    ):
        _clear_screenshots()


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_node_collection_finished(node, ids):
    # Before any worker runs a test: the scheduler waits for every worker's collection.
    if not _screenshots_cleared and any(nodeid.startswith("tests/e2e/") for nodeid in ids):
        _clear_screenshots()


_screenshots_cleared = False


def _clear_screenshots() -> None:
    global _screenshots_cleared
    from tests.e2e.artifacts import clear_artifacts

    clear_artifacts()
    _screenshots_cleared = True


def reaches_database(item) -> bool:
    """Whether a test can touch the database under test: pytest-django refuses any other
    test a connection, so the rest run the same on every database."""
    return item.get_closest_marker("django_db") is not None or bool(
        _DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))
    )


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


# The starter catalogue's cards as `load_catalogue` writes them (the command the first time
# in a process; its rows again after: tests/stored_rows.py).
load_catalogue_cards = RowsReplay(
    lambda: call_command("load_catalogue", verbosity=0, reference_decks=False)
)
# The reference decks, the same way (each load read the lists, checked every deck and saved
# it through the deck services: 0.27 s a test).
load_reference_deck_rows = RowsReplay(load_reference_decks)


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
            load_catalogue_cards()
            # The foreign keys are checked at commit, which never comes: every test's end
            # checked the whole catalogue's again (Django checks a test's constraints before
            # rolling it back, and the rollback of its savepoint brings the pending checks
            # back): 13-18 ms of PostgreSQL a test. Checked once here, they are done.
            connection.check_constraints()
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
    load_reference_deck_rows()


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
