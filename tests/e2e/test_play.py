"""Issue 28 in a real browser: a PAD game against the search AI on a phone (390 px, no
sideways scroll, in English, 繁體 and 简体), its decisions taken with the keyboard and one
undone; a Digimon game against a friend on two devices, where a move made on one shows
up on the other within 2 seconds without reloading by hand."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from engine.models import PlayedGame
from tests.e2e.test_phone_layout import LANGUAGES

PASSWORD = "pw-play-123"
MOVE_SHOWS_WITHIN_MS = 2_000
AGUMON = "Reference: Agumon line"
UNDO = {"en": "Undo my last decision", "zh-hant": "撤回我上一個決定", "zh-hans": "撤回我上一个决定"}


def start_game(visitor, game: str, deck: str, opponent: str):
    """The /play/ form filled and sent: `deck` by its label, `opponent` by its value
    ("ai:search", "invite", "goldfish" …); the page of the new game."""
    page = visitor.open(f"/play/?game={game}")
    page.select_option("select[name=deck]", label=deck)
    page.select_option("select[name=opponent]", value=opponent)
    page.locator("[data-play-start] button[type=submit]").click()
    return page


def take_first_decision(page) -> None:
    """The first legal action, with the keyboard: focus its button, press Enter."""
    button = page.locator("[data-actions] button").first
    button.focus()
    with page.expect_navigation():
        page.keyboard.press("Enter")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_pad_game_against_the_search_ai_on_a_phone(phone_factory, language):
    phone = phone_factory(language)
    page = start_game(phone, "pad", "Reference: Light", "ai:search")
    expect(page.locator("[data-table]")).to_be_visible()
    phone.fits("table")
    moves = 0
    while moves < 6 and page.locator("[data-actions] button").count():
        take_first_decision(page)
        moves += 1
    assert moves == 6
    row = PlayedGame.objects.get()
    taken = [entry for entry in row.history if entry[0] == 0]
    with page.expect_navigation():
        page.get_by_role("button", name=UNDO[language]).click()
    row.refresh_from_db()
    assert [entry for entry in row.history if entry[0] == 0] == taken[:-1]
    phone.fits("after-undo")
    assert not phone.misfits, "\n".join(phone.misfits)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_digimon_battle_sheets_fit_a_phone(phone_factory, language):
    """DGM-3's sheets for both players, live, at 390 px: no sideways scroll, before and
    after a few decisions (the opponent's hidden cards drawn as backs)."""
    phone = phone_factory(language)
    page = start_game(phone, "digimon", "Reference: Agumon line", "ai:greedy")
    expect(page.locator("[data-sheet]")).to_have_count(2)
    phone.fits("digimon-sheets")
    for _move in range(4):
        if page.locator("[data-actions] button").count():
            take_first_decision(page)
    expect(page.locator("[data-side=opponent] [data-face-down]").first).to_be_visible()
    phone.fits("digimon-sheets-later")
    assert not phone.misfits, "\n".join(phone.misfits)


def test_a_digimon_game_against_a_friend_on_two_devices(visitor_factory):
    for name in ("host", "friend"):
        User.objects.create_user(name, password=PASSWORD)
    host, friend = visitor_factory("host"), visitor_factory("friend")
    host.log_in("host", PASSWORD)
    page = start_game(host, "digimon", "Reference: Agumon line", "invite")
    expect(page.locator("[data-invite]")).to_be_visible()
    address = page.url
    friend.log_in("friend", PASSWORD)
    other = friend.page
    other.goto(address)
    other.select_option("select[name=deck]", label="Reference: Gabumon line")
    other.locator("[data-play-join] button[type=submit]").click()
    expect(other.locator("[data-table]")).to_be_visible()
    # the host's page saw the friend join by itself
    expect(page.locator("[data-table]")).to_be_visible(timeout=MOVE_SHOWS_WITHIN_MS + 1_000)
    streams = []  # the event streams both pages opened (server-sent events)
    for browser_page in (page, other):
        browser_page.on(
            "request", lambda request: "/events/" in request.url and streams.append(request.url)
        )
    for _turn in range(3):
        mover, watcher = (page, other) if page.locator("[data-actions]").count() else (other, page)
        expect(mover.locator("[data-actions] button").first).to_be_visible()
        before = watcher.locator(".play-log li").count()
        watcher.evaluate("window.notReloaded = true")  # a reload would forget it
        take_first_decision(mover)
        expect(watcher.locator(".play-log li")).not_to_have_count(
            before, timeout=MOVE_SHOWS_WITHIN_MS
        )
        assert watcher.evaluate("window.notReloaded === true")  # redrawn in place
    assert streams
    host.shot("host")
    friend.shot("friend")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("game", "deck"), [("pad", "Reference: Light"), ("digimon", "Reference: Agumon line")]
)
def test_a_goldfish_game_played_by_hand_on_a_phone(phone_factory, language, game, deck):
    """DGM-5's passive opponent: the player takes every decision of its own deck, by
    keyboard, at 390 px; the log tells what happened."""
    phone = phone_factory(language)
    page = start_game(phone, game, deck, "goldfish")
    expect(page.locator("[data-table]")).to_be_visible()
    phone.fits(f"goldfish-{game}")
    logged = page.locator(".play-log li").count()
    for _move in range(4):
        take_first_decision(page)
    assert page.locator(".play-log li").count() > logged
    assert PlayedGame.objects.get().opponent_kind == "goldfish"
    assert len([seat for seat, _action in PlayedGame.objects.get().history if seat == 0]) >= 4
    phone.fits(f"goldfish-{game}-later")
    assert not phone.misfits, "\n".join(phone.misfits)


def test_a_pad_game_against_a_friend_on_two_phones(phone_factory):
    """Two phones, 繁體 and 简体: the friend joins from the link; each move shows up on
    the other phone by itself, the pages fitting 390 px."""
    for name in ("host", "friend"):
        User.objects.create_user(name, password=PASSWORD)
    host, friend = phone_factory("zh-hant"), phone_factory("zh-hans")
    host.log_in("host", PASSWORD)
    page = start_game(host, "pad", "Reference: Light", "invite")
    address = page.url
    friend.log_in("friend", PASSWORD)
    other = friend.open(address.replace(friend.site, ""))
    other.select_option("select[name=deck]", label="Reference: Dark")
    other.locator("[data-play-join] button[type=submit]").click()
    expect(page.locator("[data-table]")).to_be_visible(timeout=MOVE_SHOWS_WITHIN_MS + 1_000)
    for _turn in range(2):
        mover, watcher = (page, other) if page.locator("[data-actions]").count() else (other, page)
        expect(mover.locator("[data-actions] button").first).to_be_visible()
        before = watcher.locator(".play-log li").count()
        take_first_decision(mover)
        expect(watcher.locator(".play-log li")).not_to_have_count(
            before, timeout=MOVE_SHOWS_WITHIN_MS
        )
    host.fits("friend-host")
    friend.fits("friend-guest")
    assert not host.misfits + friend.misfits, "\n".join(host.misfits + friend.misfits)


def test_a_whole_pad_game_against_the_search_ai_on_a_phone_and_its_shared_replay(
    phone_factory,
    visitor_factory,
):
    """Issue 28's "done when", PAD half: on a phone, a whole game against the search AI,
    one decision undone on the way; the replay's address, opened by someone else,
    shows the game step by step."""
    phone = phone_factory("en")
    page = start_game(phone, "pad", "Reference: Light", "ai:search")
    take_first_decision(page)
    with page.expect_navigation():
        page.get_by_role("button", name=UNDO["en"]).click()
    for _move in range(400):
        if not page.locator("[data-actions] button").count():
            break
        take_first_decision(page)
    expect(page.locator("[data-result]")).to_be_visible()
    phone.fits("finished")
    replay = page.locator("[data-replay-link]").get_attribute("href")
    watcher = visitor_factory("watcher")
    shared = watcher.open(replay)
    expect(shared.locator("[data-replay]").first).to_be_visible()
    assert PlayedGame.objects.get().result["reason"] in ("won", "draw")
    assert not phone.misfits, "\n".join(phone.misfits)
