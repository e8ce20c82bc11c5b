"""Public decks, my decks, the header's account links and the translated deck pages."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from decks.models import Deck
from decks.services import deck_create

from .conftest import pad_deck, pad_team
from .test_page_builder import new_deck

pytestmark = pytest.mark.django_db


def deck(owner, name, game="pad", visibility="public", entries=()) -> Deck:
    return deck_create(
        owner=owner, game=game, name=name, visibility=visibility, entries=list(entries)
    )


def listed(page: str) -> list[str]:
    return re.findall(r'<tr data-deck="([A-Za-z0-9]+)">', page)


def test_public_decks_lists_only_public_decks(client, owner, other, catalogue):
    fire = deck(owner, "Fire burn", entries=[*pad_team(), *pad_deck(40)])
    water = deck(other, "Water control")
    hidden = deck(owner, "Fire secret", visibility="private")
    unlisted = deck(owner, "Fire unlisted", visibility="unlisted")
    page = client.get("/decks/").content.decode()
    assert set(listed(page)) == {fire.pk, water.pk}
    assert hidden.pk not in page and unlisted.pk not in page
    row = page.split(f'data-deck="{fire.pk}"')[1].split("</tr>")[0]
    assert "owner" in row and "40 + 5" in row and "Legal" in row
    assert "2 decks" in page


def test_public_decks_search_by_game_and_name(client, owner, catalogue):
    fire = deck(owner, "Fire burn")
    water = deck(owner, "Water control")
    digi = deck(owner, "Agumon fire rush", game="digimon")
    assert set(listed(client.get("/decks/", {"game": "pad"}).content.decode())) == {
        fire.pk,
        water.pk,
    }
    assert set(listed(client.get("/decks/", {"name": "FIRE"}).content.decode())) == {
        fire.pk,
        digi.pk,
    }
    found = client.get("/decks/", {"game": "digimon", "name": "fire"}).content.decode()
    assert listed(found) == [digi.pk]
    assert "No public deck matches." in client.get("/decks/", {"name": "zzz"}).content.decode()
    # A game that does not exist is a form error, not a crash.
    assert client.get("/decks/", {"game": "chess"}).status_code == 200


def test_public_decks_are_paginated(client, owner, catalogue, django_assert_max_num_queries):
    for number in range(35):
        deck(owner, f"Deck {number}")
    with django_assert_max_num_queries(2):
        page = client.get("/decks/").content.decode()
    assert len(listed(page)) == 30 and "Page 1 of 2" in page
    second = client.get("/decks/", {"page": 2}).content.decode()
    assert len(listed(second)) == 5


def test_my_decks_needs_a_login_and_shows_every_own_deck(
    client, owner, other, catalogue, django_assert_max_num_queries
):
    response = client.get("/decks/mine/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    mine = {deck(owner, name, visibility=v).pk for name, v in [("A", "public"), ("B", "private")]}
    deck(other, "Not mine")
    client.force_login(owner)
    with django_assert_max_num_queries(4):
        page = client.get("/decks/mine/").content.decode()
    assert set(listed(page)) == mine
    assert "Private" in page and "/edit/" in page


def test_my_decks_when_there_are_none(client, owner, catalogue):
    client.force_login(owner)
    page = client.get("/decks/mine/").content.decode()
    assert "You have no deck yet." in page and 'href="/decks/new/"' in page


def test_deleting_a_deck(client, owner, other, catalogue):
    doomed = deck(owner, "Doomed")
    client.force_login(other)
    assert client.post(f"/decks/{doomed.pk}/delete/").status_code == 403
    client.force_login(owner)
    assert "Delete the deck" in client.get(f"/decks/{doomed.pk}/delete/").content.decode()
    response = client.post(f"/decks/{doomed.pk}/delete/", follow=True)
    assert "Deck “Doomed” deleted." in response.content.decode()
    assert not Deck.objects.filter(pk=doomed.pk).exists()


# --- Header ---------------------------------------------------------------------------------


def header(client, url="/") -> str:
    page = client.get(url).content.decode()
    return re.search(r'<header class="site-header">(.*?)</header>', page, re.S).group(1)


def test_header_links_for_anonymous_users(client, catalogue):
    links = header(client, "/decks/")
    assert 'href="/decks/"' in links
    assert 'href="/accounts/login/?next=/decks/"' in links
    assert 'href="/accounts/signup/?next=/decks/"' in links
    assert "/decks/mine/" not in links and "/accounts/logout/" not in links
    assert 'class="header-search"' in links and 'name="language"' in links


def test_header_links_for_logged_in_users(client, owner, catalogue):
    client.force_login(owner)
    links = header(client)
    assert 'href="/decks/"' in links and 'href="/decks/mine/"' in links
    assert 'href="/decks/new/"' in links
    assert re.search(r'<form class="logout" action="/accounts/logout/" method="post">', links)
    assert "Log out (owner)" in links
    assert "/accounts/login/" not in links
    assert 'class="header-search"' in links and 'name="language"' in links
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert "/accounts/login/" in header(client)


# --- Languages ------------------------------------------------------------------------------


@pytest.fixture
def switch():
    """Switch the client's language; the active language is reset for the next tests."""

    def switch_to(client, language: str) -> None:
        client.post(reverse("set_language"), {"language": language, "next": "/"})

    yield switch_to
    translation.activate(settings.LANGUAGE_CODE)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "zh-hant",
            ["牌組規則", "統計", "抽牌機率", "費用曲線", "加入卡片", "牌組須有 40–60 張卡"],
        ),
        (
            "zh-hans",
            ["卡组规则", "统计", "抽牌概率", "费用曲线", "添加卡牌", "卡组须有 40–60 张卡"],
        ),
    ],
)
def test_the_builder_is_translated(client, owner, catalogue, switch, language, words):
    client.force_login(owner)
    built = new_deck(client, text="3 B01-002")
    switch(client, language)
    page = client.get(f"/decks/{built.pk}/edit/").content.decode()
    for word in words:
        assert word in page, word
    for english in ("Deck rules", "Statistics", "Draw odds", "Cost curve", "Add cards"):
        assert english not in page, english


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("zh-hant", ["公開牌組", "我的牌組", "建立牌組", "登出"]),
        ("zh-hans", ["公开卡组", "我的卡组", "新建卡组", "退出登录"]),
    ],
)
def test_the_deck_lists_and_header_are_translated(
    client, owner, catalogue, switch, language, words
):
    client.force_login(owner)
    switch(client, language)
    page = client.get("/decks/").content.decode()
    for word in words:
        assert word in page, word
