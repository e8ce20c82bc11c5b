"""First impressions in a real browser (issue 15, item 7), with DEBUG off as in production.

A newcomer's first pages: the home page shows the builder, the goldfish and matchups with
links that open real reference decks (fixtures/reference_decks.toml); only staff see the
Admin link; signing up leads to a first-deck step; the account forms are laid out by the
site's stylesheet and translated; the link to a private deck, an unknown address and a bug
show styled, translated error pages with a way on. Every page is saved as a screenshot in
English, 繁體 and 简体, and on a 390 px phone, where none may scroll sideways.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from decks.models import PRIVATE, Deck
from tests.e2e import test_phone_layout as phone_layout
from tests.test_first_impressions import (
    LOG_IN_TO_OPEN,
    NO_SUCH_PAGE,
    NOT_A_VISIBLE_DECK,
    SERVER_ERROR,
    TOUR_TITLE,
    reference_names,
)

phone_factory = phone_layout.phone_factory
PASSWORD = "a-long-Pass-phrase-42"
LANGUAGES = tuple(TOUR_TITLE)
WHITE = "rgb(255, 255, 255)"
RUN_TIMEOUT = 60_000  # a goldfish or matchup of the default size, on a loaded CI machine


def in_language(visitor, language: str):
    visitor.page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": visitor.site}]
    )
    return visitor


def style(locator, prop: str) -> str:
    return locator.evaluate("(element, prop) => getComputedStyle(element)[prop]", prop)


def expect_a_panel(locator) -> None:
    """Laid out by site.css: a white panel with rounded corners, not the browser's default."""
    assert style(locator, "backgroundColor") == WHITE
    assert style(locator, "borderTopLeftRadius") != "0px"


def test_the_home_page_shows_what_the_site_does_with_real_reference_decks(visitor_factory):
    pad_deck, pad_opponent = reference_names("pad")[:2]
    digimon_deck, digimon_opponent = reference_names("digimon")[:2]
    for language in LANGUAGES:
        visitor = in_language(visitor_factory(language), language)
        page = visitor.open("/")
        expect(page.locator("#tour-title")).to_have_text(TOUR_TITLE[language])
        for step in ("search", "build", "goldfish", "matchup"):
            expect(page.locator(f"#tour-{step} h3")).to_be_visible()
        visitor.shot("home")

    # English: the deck, its goldfish and a matchup open and work.
    page = visitor_factory("en-journey").open("/")
    page.locator("#tour-build").get_by_role("link", name=pad_deck, exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(pad_deck)
    page.go_back()
    page.locator("#tour-goldfish").get_by_role("link", name=f"Goldfish {pad_deck}").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(f"Goldfish: {pad_deck}")
    expect(page.locator("[data-report]")).to_be_visible(timeout=RUN_TIMEOUT)
    page.go_back()
    matchup = f"{pad_deck} against {pad_opponent}"
    page.locator("#tour-matchup").get_by_role("link", name=matchup).click()
    rows = page.locator("[data-opponents] tbody tr")
    expect(rows).to_have_count(1, timeout=RUN_TIMEOUT)
    expect(rows.locator("th")).to_contain_text(pad_opponent)

    # 简体: the Digimon matchup, from its translated link; the reference decks' names read
    # in 简体 too (issue 29: "Reference: Agumon line" is 参考：Agumon 系列)
    def in_simplified(name: str) -> str:
        return "参考：" + name.removeprefix("Reference: ").removesuffix(" line") + " 系列"

    visitor = in_language(visitor_factory("zh-hans-digimon"), "zh-hans")
    page = visitor.open("/")
    page.locator("#tour-matchup").get_by_role(
        "link", name=f"{in_simplified(digimon_deck)} 对战 {in_simplified(digimon_opponent)}"
    ).click()
    rows = page.locator("[data-opponents] tbody tr")
    expect(rows).to_have_count(1, timeout=RUN_TIMEOUT)
    expect(rows.locator("th")).to_contain_text(in_simplified(digimon_opponent))
    visitor.shot("digimon-matchup")


def test_only_staff_see_the_admin_link(visitor_factory):
    User.objects.create_user("keeper", password=PASSWORD, is_staff=True)
    admin_link = ".site-header a[href='/admin/']"
    visitor = in_language(visitor_factory("zh-hans"), "zh-hans")
    page = visitor.open("/")
    expect(page.locator(admin_link)).to_have_count(0)

    page.get_by_role("link", name="登录").click()
    expect(page.locator(".account-form .field")).to_have_count(2)
    expect_a_panel(page.locator(".account-form"))
    page.get_by_label("用户名").fill("keeper")
    page.get_by_label("密码").fill(PASSWORD)
    visitor.shot("log-in")
    page.locator(".account-form").get_by_role("button", name="登录").click()
    expect(page.locator(admin_link)).to_have_count(1)
    expect(page.locator(admin_link)).to_have_text("管理")
    visitor.shot("staff")


def test_a_new_player_signs_up_and_starts_from_a_reference_deck(visitor_factory):
    first_pad_deck = reference_names("pad")[0]
    visitor = in_language(visitor_factory("zh-hant"), "zh-hant")
    page = visitor.open("/")
    page.locator(".site-header").get_by_role("link", name="註冊").click()

    # The form is the site's: a panel, full-width fields, help under them, errors in red.
    form = page.locator(".account-form")
    expect_a_panel(form)
    username = page.get_by_label("使用者名稱")
    assert username.bounding_box()["width"] > 0.8 * form.bounding_box()["width"]
    assert style(page.locator(".account-form .help").first, "color") != style(username, "color")
    username.fill("newcomer")
    page.get_by_label(re.compile("^密碼[:：]?$")).fill(PASSWORD)
    page.get_by_label("密碼確認").fill(PASSWORD + "x")
    page.get_by_role("button", name="建立我的帳號").click()
    expect(page.get_by_role("alert")).to_have_text("輸入的兩個密碼不一致。")
    assert style(page.get_by_role("alert"), "color") == "rgb(179, 38, 30)"
    visitor.shot("sign-up-error")

    page.get_by_label(re.compile("^密碼[:：]?$")).fill(PASSWORD)
    page.get_by_label("密碼確認").fill(PASSWORD)
    page.get_by_role("button", name="建立我的帳號").click()

    # The first-deck step: copy a reference deck into the builder.
    expect(page).to_have_url(re.compile(r"/accounts/welcome/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("歡迎，newcomer！")
    expect(page.get_by_role("link", name="打開組牌頁面")).to_have_attribute("href", "/decks/new/")
    visitor.shot("welcome")
    # the reference deck's name in 繁體 (issue 29): "Reference: Dark" is 參考：暗
    hant = {"Dark": "暗", "Fire": "火", "Light": "光", "Water": "水", "Wood": "木"}
    shown = "參考：" + hant[first_pad_deck.removeprefix("Reference: ")]
    page.get_by_role("button", name=f"複製 {shown}").click()
    expect(page.locator("[data-builder]")).to_be_visible()
    copy = Deck.objects.get(owner__username="newcomer")
    assert copy.forked_from.name == first_pad_deck and copy.visibility == PRIVATE
    expect(page).to_have_url(re.compile(rf"/decks/{copy.pk}/edit/$"))
    visitor.shot("builder")


def test_error_pages_are_styled_translated_and_offer_a_way_on(visitor_factory, monkeypatch):
    owner = User.objects.create_user("owner", password=PASSWORD)
    User.objects.create_user("other", password=PASSWORD)
    secret = Deck.objects.create(owner=owner, game="pad", name="Secret plan", visibility=PRIVATE)
    for language in LANGUAGES:
        visitor = in_language(visitor_factory(language), language)
        response = visitor.page.goto(f"{visitor.site}/decks/{secret.pk}/")
        assert response.status == 404
        page = visitor.page
        expect(page.get_by_role("heading", level=1)).to_have_text(NOT_A_VISIBLE_DECK[language])
        expect(page.locator("body")).not_to_contain_text("Secret plan")
        expect_a_panel(page.locator(".error-page"))
        visitor.shot("private-deck")
        response = page.goto(f"{visitor.site}/no-such-page/")
        assert response.status == 404
        expect(page.get_by_role("heading", level=1)).to_have_text(NO_SUCH_PAGE[language])
        visitor.shot("unknown-address")

    # The owner logs in from the 404 page and lands on the deck.
    page = visitor.page  # 简体
    page.goto(f"{visitor.site}/decks/{secret.pk}/")
    page.get_by_role("link", name=LOG_IN_TO_OPEN["zh-hans"]).click()
    page.get_by_label("用户名").fill("owner")
    page.get_by_label("密码").fill(PASSWORD)
    page.locator(".account-form").get_by_role("button", name="登录").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Secret plan")

    # Another player gets the 404 too, without the log-in offer.
    other = visitor_factory("other")
    other.open("/accounts/login/")
    other.page.get_by_label("Username").fill("other")
    other.page.get_by_label("Password").fill(PASSWORD)
    other.page.locator(".account-form").get_by_role("button", name="Log in").click()
    response = other.page.goto(f"{other.site}/decks/{secret.pk}/")
    assert response.status == 404
    expect(other.page.get_by_role("link", name=LOG_IN_TO_OPEN["en"])).to_have_count(0)
    expect(other.page.get_by_role("link", name="My decks").last).to_be_visible()
    other.shot("private-deck-other-player")

    # A bug: the 500 page, styled and translated, with a search box.
    import cards.views

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(cards.views, "render", broken)
    for language in LANGUAGES:
        visitor = in_language(visitor_factory(f"{language}-500"), language)
        response = visitor.page.goto(f"{visitor.site}/cards/syntax/")
        assert response.status == 500
        page = visitor.page
        expect(page.get_by_role("heading", level=1)).to_have_text(SERVER_ERROR[language])
        expect_a_panel(page.locator(".error-page"))
        expect(page.locator(".error-page input[name=q]")).to_be_visible()
        visitor.shot("server-error")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_first_pages_fit_a_phone(phone_factory, language):
    owner = User.objects.create_user("owner", password=PASSWORD)
    secret = Deck.objects.create(owner=owner, game="pad", name="Secret plan", visibility=PRIVATE)
    phone = phone_factory(language)
    phone.prefix = f"first-impressions-phone-{language}"  # beside test_phone_layout's shots
    for name, path in [
        ("home", "/"),
        ("private-deck", f"/decks/{secret.pk}/"),
        ("log-in", "/accounts/login/"),
        ("sign-up", "/accounts/signup/"),
    ]:
        phone.open(path)
        phone.fits(name)
    page = phone.page
    page.locator("input[name=username]").fill(f"phone-{language}")
    page.locator("input[name=password1]").fill(PASSWORD)
    page.locator("input[name=password2]").fill(PASSWORD)
    page.locator(".account-form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/accounts/welcome/$"))
    phone.fits("welcome")
    assert phone.misfits == []
