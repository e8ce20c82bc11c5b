"""Whole pages kept for anonymous readers (cards/page_cache.py, issue 30): a second reader
gets the page without a query, with a CSRF token of their own that works; signed-in readers,
readers with a message and pages that are not plain 200 HTML are drawn for the reader; what
changes (a card, a public deck) shows at once."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages import constants
from django.contrib.messages.storage.base import Message
from django.contrib.messages.storage.cookie import CookieStorage
from django.http import HttpResponse, HttpResponseNotFound, HttpResponseRedirect, JsonResponse
from django.test import Client, RequestFactory

from cards.models import Card
from cards.page_cache import anonymous_page
from decks.models import Deck
from tests.decks.test_page_builder import legal_pad_list, new_deck

pytestmark = pytest.mark.django_db

TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def a_card() -> Card:
    return Card.objects.get(number="B01-001")  # Lil' Red Dragon


def pages() -> list[str]:
    return ["/", f"/cards/{a_card().pk}/", "/cards/?q=dragon&order=name", "/decks/"]


def without_token(html: str) -> str:
    return TOKEN.sub("", html)


def test_a_second_anonymous_reader_gets_the_same_page_without_a_query(
    catalogue, django_assert_num_queries
):
    for url in pages():
        first = Client().get(url)
        assert first.status_code == 200

        with django_assert_num_queries(0):
            second = Client().get(url)

        assert second.status_code == 200 and second["Content-Type"] == first["Content-Type"]
        assert without_token(second.content.decode()) == without_token(first.content.decode())


def test_each_reader_gets_a_csrf_token_of_their_own_that_works(catalogue):
    """The language form posts to Django's set_language, which checks the token."""
    url = f"/cards/{a_card().pk}/"
    first = Client(enforce_csrf_checks=True)
    first_token = TOKEN.search(first.get(url).content.decode())[1]
    second = Client(enforce_csrf_checks=True)
    page = second.get(url).content.decode()
    tokens = TOKEN.findall(page)

    assert tokens and first_token not in tokens
    answer = second.post(
        "/i18n/setlang/",
        {"language": "zh-hant", "next": url, "csrfmiddlewaretoken": tokens[0]},
    )
    assert answer.status_code == 302
    assert second.cookies["django_language"].value == "zh-hant"
    # and without the token, refused as before
    refused = Client(enforce_csrf_checks=True).post("/i18n/setlang/", {"language": "zh-hant"})
    assert refused.status_code == 403


def test_a_signed_in_reader_gets_their_own_menu(catalogue, owner):
    for url in pages():
        assert "Log in" in Client().get(url).content.decode()
        reader = Client()
        reader.force_login(owner)

        page = reader.get(url).content.decode()

        assert f"Log out ({owner.username})" in page and ">Log in<" not in page


def test_a_reader_with_a_message_sees_it_and_only_they_do(catalogue):
    url = f"/cards/{a_card().pk}/"
    Client().get(url)  # kept for anonymous readers
    storage = CookieStorage(RequestFactory().get("/"))
    reader = Client()
    reader.cookies[CookieStorage.cookie_name] = storage._encode(
        [Message(constants.SUCCESS, "A message for this reader only")]
    )

    assert "A message for this reader only" in reader.get(url).content.decode()
    assert "A message for this reader only" not in Client().get(url).content.decode()


def test_a_card_renamed_shows_at_once(catalogue):
    card = a_card()
    url = f"/cards/{card.pk}/"
    assert "Renamed For The Test" not in Client().get(url).content.decode()
    card.name = card.name_en = "Renamed For The Test"
    card.save()

    assert "Renamed For The Test" in unescape(Client().get(url).content.decode())


def test_a_public_deck_playing_the_card_shows_at_once(catalogue, owner):
    writer = Client()
    writer.force_login(owner)
    deck = new_deck(writer, text=legal_pad_list(), name="Shown At Once", visibility="public")
    card = Deck.objects.get(pk=deck.pk).entries.first().card
    url = f"/cards/{card.pk}/"
    Deck.objects.filter(pk=deck.pk).delete()  # signals bump the public decks' version
    assert "Shown At Once" not in Client().get(url).content.decode()
    assert "Shown At Once" not in Client().get("/decks/").content.decode()

    new_deck(writer, text=legal_pad_list(), name="Shown At Once", visibility="public")

    assert "Shown At Once" in Client().get(url).content.decode()
    assert "Shown At Once" in Client().get("/decks/").content.decode()


def test_the_search_box_shows_each_readers_own_words(catalogue):
    """Two spellings of one search share their results, not their page."""
    assert 'value="dragon"' in Client().get("/cards/", {"q": "dragon"}).content.decode()

    page = Client().get("/cards/", {"q": "DRAGON"}).content.decode()

    assert 'value="DRAGON"' in page and 'value="dragon"' not in page


def plain_page() -> HttpResponse:
    return HttpResponse("<p>the same for everyone</p>")


def with_cookie() -> HttpResponse:
    response = plain_page()
    response.set_cookie("chosen", "yes")
    return response


@pytest.mark.parametrize(
    ("answer", "kept"),
    [
        (plain_page, True),
        (lambda: HttpResponseNotFound("<p>no such page</p>"), False),
        (lambda: HttpResponseRedirect("/elsewhere/"), False),
        (lambda: JsonResponse({"a": 1}), False),
        (with_cookie, False),
    ],
)
def test_only_plain_html_pages_are_kept(answer, kept):
    calls = []

    @anonymous_page("test-page")
    def view(request):
        calls.append(request)
        return answer()

    def anonymous_get():
        request = RequestFactory().get("/a-page/")
        request.user = AnonymousUser()
        return view(request)

    first, second = anonymous_get(), anonymous_get()

    assert len(calls) == (1 if kept else 2)
    assert second.status_code == first.status_code and second.content == first.content


def test_a_signed_in_reader_is_never_served_a_kept_page(owner):
    """Signed in without a session cookie (another authentication): still their own page."""
    calls = []

    @anonymous_page("test-page")
    def view(request):
        calls.append(request.user)
        return plain_page()

    request = RequestFactory().get("/a-page/")
    request.user = AnonymousUser()
    view(request)
    request = RequestFactory().get("/a-page/")
    request.user = owner

    view(request)

    assert calls == [AnonymousUser(), owner]


def test_a_page_that_writes_the_session_is_not_kept():
    from django.contrib.sessions.backends.db import SessionStore

    calls = []

    @anonymous_page("test-page")
    def view(request):
        calls.append(request)
        request.session["seen"] = True
        return plain_page()

    for _ in range(2):
        request = RequestFactory().get("/a-page/")
        request.user, request.session = AnonymousUser(), SessionStore()
        view(request)

    assert len(calls) == 2
