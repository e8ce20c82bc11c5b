"""The deck browser (/decks/) cached in Redis: every deck or standing write shows at once,
each query string and language has its own copy, and the frame stays the reader's own."""

from __future__ import annotations

import io
import re

import pytest
from django.test import Client
from django.utils import timezone

from decks.models import GauntletStanding
from decks.services import deck_update
from tests.decks.browse_helpers import fire_rush, listed, water_wall

pytestmark = pytest.mark.django_db


def browser(client: Client, **params) -> str:
    response = client.get("/decks/", params)
    assert response.status_code == 200
    return response.content.decode()


def test_a_second_read_asks_the_database_nothing_new(catalogue, owner, django_assert_num_queries):
    fire_rush(owner)
    browser(Client())
    with django_assert_num_queries(0):
        browser(Client())


def test_a_deck_published_changed_or_withdrawn_shows_at_once(catalogue, owner):
    fire = fire_rush(owner)
    assert listed(browser(Client())) == [fire.pk]
    wall = water_wall(owner)
    assert listed(browser(Client())) == [wall.pk, fire.pk]
    deck_update(deck=fire, author=owner, revision=fire.revision, name="Fire rush, renamed")
    assert "Fire rush, renamed" in browser(Client())
    deck_update(deck=wall, author=owner, revision=wall.revision, visibility="private")
    assert listed(browser(Client())) == [fire.pk]


def test_a_new_gauntlet_standing_shows_at_once(catalogue, owner):
    fire = fire_rush(owner)
    fire.is_valid = True  # measured decks are legal ones: the standing is shown only for them
    fire.save(update_fields=["is_valid"])
    assert "62%" not in browser(Client())
    GauntletStanding.objects.create(
        deck=fire,
        revision=fire.revision,
        games=100,
        win_rate=0.62,
        interval_low=0.52,
        interval_high=0.71,
        measured_at=timezone.now(),
    )
    assert "62%" in browser(Client())


def test_each_query_string_and_language_has_its_own_copy(catalogue, owner):
    fire, wall = fire_rush(owner), water_wall(owner)
    assert listed(browser(Client(), name="fire")) == [fire.pk]
    assert listed(browser(Client(), name="wall")) == [wall.pk]
    english = browser(Client())
    chinese = browser(Client(headers={"accept-language": "zh-hant"}))
    assert "Public decks" in english and "Public decks" not in chinese
    assert re.search(r'<html lang="zh-hant"', chinese)


def test_the_frame_is_the_readers_own(catalogue, owner, other):
    fire_rush(owner)
    mine = Client()
    mine.force_login(owner)
    page = browser(mine)
    assert "New deck" in page and f"Log out ({owner.username})" in page
    anonymous = browser(Client())
    assert "New deck" not in anonymous and "Log out" not in anonymous
    theirs = Client()
    theirs.force_login(other)
    assert f"Log out ({other.username})" in browser(theirs)


def test_a_key_card_chosen_again_by_the_upkeep_command_shows_at_once(catalogue, owner):
    from django.core.management import call_command

    from decks.models import Deck

    fire = fire_rush(owner)
    Deck.objects.filter(pk=fire.pk).update(key_card=None)  # as a deck saved before issue 16
    assert "data-key-card" not in browser(Client())  # cached without it
    call_command("refresh_deck_browser", stdout=io.StringIO())
    assert "data-key-card" in browser(Client())
