"""tests/stored_rows.py: a loader's rows written again must be the rows the loader writes,
and a test's own rows that hold one of their keys must get the real loader, not an error."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.management.color import no_style
from django.db import connection, transaction

from tests.stored_rows import RowsReplay

pytestmark = pytest.mark.django_db


class Loader:
    """Two accounts, the first one found or made by name (as the reference decks' system
    account is); counts its real runs."""

    def __init__(self):
        self.runs = 0

    def __call__(self):
        self.runs += 1
        User.objects.get_or_create(username="replayed-system", defaults={"email": "s@x.org"})
        User.objects.create_user("replayed-other", email="o@x.org")


def first_load_rolled_back() -> tuple[Loader, RowsReplay, dict]:
    loader = Loader()
    replay = RowsReplay(loader)
    with transaction.atomic():
        replay()
        rows = {user.username: (user.pk, user.email) for user in User.objects.all()}
        transaction.set_rollback(True)
    assert not User.objects.exists()
    return loader, replay, rows


def test_a_replay_writes_the_loaders_rows_without_running_it():
    loader, replay, rows = first_load_rolled_back()
    # as after a flush that restarted the keys (PostgreSQL's sequences are not rolled back)
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_by_name_sql(
            no_style(), [{"table": User._meta.db_table, "column": "id"}]
        ):
            cursor.execute(sql)
    replay()
    assert loader.runs == 1
    assert {user.username: (user.pk, user.email) for user in User.objects.all()} == rows
    # the sequences moved past the rows: a new row takes a fresh key
    assert User.objects.create_user("after").pk > max(pk for pk, _ in rows.values())


def test_a_row_of_the_tests_own_holding_a_replayed_key_gets_the_real_loader():
    loader, replay, rows = first_load_rolled_back()
    User.objects.create(pk=rows["replayed-other"][0], username="the-tests-own")
    replay()
    assert loader.runs == 2
    assert set(User.objects.values_list("username", flat=True)) == {
        "the-tests-own",
        "replayed-system",
        "replayed-other",
    }


def test_a_unique_value_of_the_tests_own_gets_the_real_loader():
    loader, replay, rows = first_load_rolled_back()
    outside = max(pk for pk, _ in rows.values()) + 1000
    User.objects.create(pk=outside, username="replayed-system")
    replay()
    assert loader.runs == 2
    assert User.objects.get(username="replayed-system").pk == outside
    assert User.objects.filter(username="replayed-other").exists()
