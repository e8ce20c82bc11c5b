"""First impressions (issue 15, item 7): the home page shows what the site does with real
reference decks, the Admin link is for staff, a new account lands on a first-deck step,
the account forms are laid out and translated, and the error pages (404, 403, 500, 400,
CSRF failure) are styled, translated and offer a way on.

The reference decks are those of fixtures/reference_decks.toml, named "Reference: <name>"
(the file's header); the home page features the first two of each game by name.
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.template import loader
from django.test import Client
from django.utils import translation

from decks.models import PRIVATE, PUBLIC, Deck

pytestmark = pytest.mark.django_db

REFERENCE_FILE = Path(settings.BASE_DIR) / "fixtures" / "reference_decks.toml"
PASSWORD = "a-long-Pass-phrase-42"
LANGUAGES = ("en", "zh-hant", "zh-hans")
# Strings of the pages under test, as a reader of each language sees them.
TOUR_TITLE = {
    "en": "What you can do here",
    "zh-hant": "在這裡你可以做什麼",
    "zh-hans": "在这里你可以做什么",
}
NOT_A_VISIBLE_DECK = {
    "en": "No deck here that you can see",
    "zh-hant": "這裡沒有你能查看的牌組",
    "zh-hans": "这里没有你能查看的卡组",
}
LOG_IN_TO_OPEN = {"en": "Log in to open it", "zh-hant": "登入後打開", "zh-hans": "登录后打开"}
NO_SUCH_PAGE = {
    "en": "This page does not exist",
    "zh-hant": "這個頁面不存在",
    "zh-hans": "这个页面不存在",
}
NOT_ALLOWED = {
    "en": "You may not do this",
    "zh-hant": "你不能進行這項操作",
    "zh-hans": "你不能进行这项操作",
}
SERVER_ERROR = {
    "en": "Something went wrong on our side",
    "zh-hant": "我們這邊出了問題",
    "zh-hans": "我们这边出了问题",
}
BAD_REQUEST = {
    "en": "This request cannot be read",
    "zh-hant": "無法讀取這個請求",
    "zh-hans": "无法读取这个请求",
}
FORM_REFUSED = {
    "en": "This form was refused to keep your account safe",
    "zh-hant": "為了保護你的帳號，這份表單已被拒絕",
    "zh-hans": "为了保护你的账号，这份表单已被拒绝",
}
# Django's own translations of the sign-up form (django/contrib/auth/locale).
USERNAME_LABEL = {"en": "Username", "zh-hant": "使用者名稱", "zh-hans": "用户名"}
PASSWORDS_DIFFER = {
    "en": "The two password fields didn’t match.",
    "zh-hant": "輸入的兩個密碼不一致。",
    "zh-hans": "输入的两个密码不一致。",
}


def reference_names(game: str) -> list[str]:
    """The reference decks of `game` as the file names them, in name order."""
    tables = tomllib.loads(REFERENCE_FILE.read_text(encoding="utf-8"))["deck"]
    return sorted(f"Reference: {t['name']}" for t in tables if t["game"] == game)


def reference_deck(name: str) -> Deck:
    return Deck.objects.get(reference=True, name=name)


def reader(language: str, **kwargs) -> Client:
    return Client(HTTP_ACCEPT_LANGUAGE=language, **kwargs)


def section(page: str, selector: str) -> str:
    return re.search(rf"<{selector}.*?</(?:section|header)>", page, re.S).group(0)


def header_links(page: str) -> str:
    return re.search(r'<header class="site-header">(.*?)</header>', page, re.S).group(1)


# --- Home page ------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["pad", "digimon"])
def test_the_home_page_links_a_deck_its_goldfish_and_a_matchup_of_each_game(client, gauntlet, game):
    first, second = reference_names(game)[:2]
    deck, opponent = reference_deck(first), reference_deck(second)
    tour = section(client.get("/").content.decode(), 'section class="tour"')
    assert f'<a href="/decks/{deck.pk}/">{first}</a>' in tour
    assert f'href="/goldfish/deck/{deck.pk}/?run=1"' in tour
    assert f'href="/goldfish/deck/{deck.pk}/matchup/?run=1&amp;opponent={opponent.pk}"' in tour
    assert f"{first} against {second}" in tour
    assert client.get(f"/decks/{deck.pk}/").status_code == 200


def test_the_home_page_tells_anonymous_visitors_how_to_get_an_account_and_players_how_to_start(
    client, gauntlet, owner
):
    tour = section(client.get("/").content.decode(), 'section class="tour"')
    assert 'href="/accounts/signup/"' in tour and 'href="/decks/new/"' not in tour
    client.force_login(owner)
    tour = section(client.get("/").content.decode(), 'section class="tour"')
    assert 'href="/decks/new/"' in tour and 'href="/accounts/signup/"' not in tour


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_home_page_tour_is_in_the_readers_language(gauntlet, language):
    page = reader(language).get("/").content.decode()
    assert f'<h2 id="tour-title">{TOUR_TITLE[language]}</h2>' in page


def test_without_reference_decks_the_home_page_still_offers_every_step(client, catalogue):
    tour = section(client.get("/").content.decode(), 'section class="tour"')
    assert "/matchup/" not in tour and "/goldfish/deck/" not in tour
    for href in ("/cards/syntax/", "/accounts/signup/", "/goldfish/", "/decks/"):
        assert f'href="{href}"' in tour


def test_the_home_page_costs_two_queries_with_the_tour(
    client, gauntlet, django_assert_max_num_queries
):
    with django_assert_max_num_queries(2):  # the catalogue summary and the reference decks
        client.get("/")


# --- Admin link -----------------------------------------------------------------------------


def test_the_admin_link_is_for_staff_only(client, catalogue, owner):
    assert "/admin/" not in header_links(client.get("/").content.decode())
    client.force_login(owner)
    assert "/admin/" not in header_links(client.get("/").content.decode())
    staff = User.objects.create_user("keeper", password=PASSWORD, is_staff=True)
    client.force_login(staff)
    assert 'href="/admin/"' in header_links(client.get("/").content.decode())


# --- Sign-up and the first-deck step --------------------------------------------------------


def sign_up(client, username: str, next_url: str | None):
    data = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    if next_url is not None:
        data["next"] = next_url
    return client.post("/accounts/signup/", data)


@pytest.mark.parametrize(
    ("next_url", "lands_on"),
    [
        (None, "/accounts/welcome/"),
        ("/", "/accounts/welcome/"),  # the header's link from the home page
        ("/accounts/login/", "/accounts/welcome/"),
        ("https://evil.example/decks/", "/accounts/welcome/"),
        ("/decks/mine/", "/decks/mine/"),  # a page that asked for an account
    ],
)
def test_sign_up_leads_to_the_first_deck_step_unless_a_page_asked_for_the_account(
    client, next_url, lands_on
):
    response = sign_up(client, "newcomer", next_url)
    assert response.status_code == 302
    assert response["Location"] == lands_on
    assert User.objects.get(username="newcomer").is_authenticated


def test_the_first_deck_step_offers_to_copy_each_reference_deck_or_paste_a_list(client, gauntlet):
    sign_up(client, "newcomer", None)
    page = client.get("/accounts/welcome/").content.decode()
    assert "Welcome, newcomer!" in page
    assert 'href="/decks/new/"' in page
    for game in ("pad", "digimon"):
        for name in reference_names(game):
            deck = reference_deck(name)
            assert f'action="/decks/{deck.pk}/fork/"' in page, name


def test_copying_a_reference_deck_from_the_first_deck_step_opens_a_private_copy_in_the_builder(
    client, gauntlet
):
    sign_up(client, "newcomer", None)
    original = reference_deck(reference_names("pad")[0])
    response = client.post(f"/decks/{original.pk}/fork/")
    copy = Deck.objects.get(owner__username="newcomer")
    assert response["Location"] == f"/decks/{copy.pk}/edit/"
    assert copy.visibility == PRIVATE and copy.forked_from_id == original.pk
    assert copy.entries.count() == original.entries.count()


def test_the_first_deck_step_needs_an_account(client):
    response = client.get("/accounts/welcome/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=/accounts/welcome/")


def test_the_first_deck_step_costs_a_bounded_number_of_queries(
    client, gauntlet, owner, django_assert_max_num_queries
):
    client.force_login(owner)
    with django_assert_max_num_queries(3):  # session, user, reference decks
        client.get("/accounts/welcome/")


# --- Account forms --------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_sign_up_form_is_laid_out_and_translated_with_its_errors(language):
    client = reader(language)
    page = client.get("/accounts/signup/").content.decode()
    assert re.search(
        rf'<div class="field">\s*<label for="id_username">{USERNAME_LABEL[language]}', page
    )
    assert '<div class="help" id="id_password1_helptext">' in page
    data = {"username": "newcomer", "password1": PASSWORD, "password2": PASSWORD + "x"}
    refused = client.post("/accounts/signup/", data)
    assert refused.status_code == 200
    invalid = [
        field
        for field in refused.content.decode().split('<div class="field')
        if field.startswith(' field-invalid">')
    ]
    assert len(invalid) == 1
    assert 'name="password2"' in invalid[0]
    assert (
        f'<ul class="errorlist" role="alert"><li>{PASSWORDS_DIFFER[language]}</li></ul>'
        in invalid[0]
    )
    assert not User.objects.exists()


def test_a_wrong_password_is_told_in_the_readers_language(empty_cache, owner):
    client = reader("zh-hant")
    refused = client.post("/accounts/login/", {"username": "owner", "password": "wrong"})
    # Django's message, with its own translation of "username".
    assert (
        '<div class="form-errors" role="alert"><p>輸入正確的 使用者名稱 和密碼。'
        in refused.content.decode()
    )


def test_the_password_reset_pages_are_the_sites_own_in_the_readers_language(empty_cache):
    client = reader("zh-hant")
    page = client.get("/accounts/password_reset/").content.decode()
    assert '<header class="site-header">' in page and "Django" not in page
    assert "<h1>重設密碼</h1>" in page  # Django's translation of its own title
    assert '<form method="post" class="account-form">' in page and 'name="email"' in page
    sent = client.post("/accounts/password_reset/", {"email": "nobody@example.org"}, follow=True)
    assert '<header class="site-header">' in sent.content.decode()
    invalid = client.get("/accounts/reset/MQ/set-password/").content.decode()
    assert "<h1>密碼重設失敗</h1>" in invalid and 'href="/accounts/password_reset/"' in invalid


# --- Error pages ----------------------------------------------------------------------------


@pytest.fixture
def private_deck(owner):
    return Deck.objects.create(owner=owner, game="pad", name="Secret", visibility=PRIVATE)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_private_decks_link_shows_an_anonymous_visitor_the_translated_404_with_a_log_in(
    private_deck, language
):
    response = reader(language).get(f"/decks/{private_deck.pk}/")
    assert response.status_code == 404
    page = response.content.decode()
    assert f"<h1>{NOT_A_VISIBLE_DECK[language]}</h1>" in page
    assert '<header class="site-header">' in page and "/static/css/site.css" in page
    login = f'href="/accounts/login/?next=/decks/{private_deck.pk}/">{LOG_IN_TO_OPEN[language]}'
    assert login in page
    assert "Secret" not in page


def test_a_private_decks_link_shows_another_player_the_404_without_a_log_in(
    client, private_deck, other
):
    client.force_login(other)
    response = client.get(f"/goldfish/deck/{private_deck.pk}/")
    assert response.status_code == 404
    page = response.content.decode()
    assert NOT_A_VISIBLE_DECK["en"] in page
    assert "Log in to open it" not in page and 'href="/decks/mine/"' in page


@pytest.mark.parametrize("language", LANGUAGES)
def test_an_unknown_address_is_the_translated_404_page(language):
    response = reader(language).get("/no-such-page/")
    assert response.status_code == 404
    assert f"<h1>{NO_SUCH_PAGE[language]}</h1>" in response.content.decode()
    assert '<form class="search" method="get" action="/cards/"' in response.content.decode()


@pytest.mark.parametrize("language", LANGUAGES)
def test_editing_someone_elses_deck_is_the_translated_403_page(owner, other, language):
    deck = Deck.objects.create(owner=owner, game="pad", name="Shared", visibility=PUBLIC)
    client = reader(language)
    client.force_login(other)
    response = client.get(f"/decks/{deck.pk}/edit/")
    assert response.status_code == 403
    page = response.content.decode()
    assert f"<h1>{NOT_ALLOWED[language]}</h1>" in page
    assert f'<a href="/decks/{deck.pk}/">' in page


@pytest.fixture
def broken_page(monkeypatch):
    """/cards/syntax/ raising a bug, as any page could."""
    import cards.views

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(cards.views, "render", broken)
    return "/cards/syntax/"


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bug_shows_the_translated_styled_500_page(broken_page, language):
    response = reader(language, raise_request_exception=False).get(broken_page)
    assert response.status_code == 500
    page = response.content.decode()
    assert f"<h1>{SERVER_ERROR[language]}</h1>" in page
    assert f'<html lang="{language}">' in page and "/static/css/site.css" in page
    assert "a bug" not in page


def test_the_500_page_needs_neither_a_request_nor_the_database(django_assert_num_queries):
    # Django renders it with an empty context: no request, no user, no context processors.
    with translation.override("zh-hans"), django_assert_num_queries(0):
        page = loader.get_template("500.html").render()
    assert SERVER_ERROR["zh-hans"] in page and 'href="/"' in page


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_host_not_allowed_is_the_translated_400_page(language):
    response = reader(language).get("/cards/syntax/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert f"<h1>{BAD_REQUEST[language]}</h1>" in response.content.decode()


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_form_without_its_csrf_token_is_the_translated_403_page(language):
    client = reader(language, enforce_csrf_checks=True)
    data = {"username": "x", "password1": PASSWORD, "password2": PASSWORD}
    response = client.post("/accounts/signup/", data)
    assert response.status_code == 403
    assert f"<h1>{FORM_REFUSED[language]}</h1>" in response.content.decode()
    assert not User.objects.exists()
