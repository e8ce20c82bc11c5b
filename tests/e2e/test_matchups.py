"""A player's journey in a real browser: from a deck, "Test against…" the gauntlet, read the
win rates with their intervals, and step through a sample game with both boards (PAD-7,
MATCH-1)."""

from __future__ import annotations

import re

from django.contrib.auth.models import User
from playwright.sync_api import expect

from decks.reference import reference_decks
from decks.services import deck_create, entries_from_text
from tests.decklists import pad_list


def test_test_a_deck_against_the_gauntlet_and_step_the_replay(visitor):
    owner = User.objects.create_user("gauntlet-runner", password="pw-runner-123")
    deck = deck_create(
        owner=owner,
        game="pad",
        name="Fire rush",
        visibility="public",
        entries=entries_from_text("pad", pad_list()),
    )
    opponents = [d.name for d in reference_decks("pad")]

    page = visitor.open(f"/decks/{deck.pk}/")
    page.locator("[data-test-against-link]").click()
    expect(page.locator("#matchup-form")).to_be_visible()
    expect(page.get_by_label("Opponent", exact=True)).to_have_value("gauntlet")
    page.get_by_label("Games against each opponent").fill("30")
    page.get_by_label("Seed", exact=True).fill("7")
    visitor.shot("matchup-form")
    page.get_by_role("button", name="Run", exact=True).click()

    # One row per reference deck, each with its bar and the interval in words.
    rows = page.locator("[data-opponents] tbody tr")
    expect(rows).to_have_count(len(opponents))
    for index, name in enumerate(opponents):
        row = rows.nth(index)
        expect(row.locator("th")).to_contain_text(name)
        bar = row.get_by_role("img")
        expect(bar).to_have_attribute("aria-label", re.compile(r"95% interval .*in 30 games"))
    expect(page.locator("[data-total]")).to_contain_text("95% interval")
    visitor.shot("matchup-report")

    # The sample game: both boards, stepped by link and by keyboard.
    replay = page.locator("[data-replay]")
    replay.scroll_into_view_if_needed()
    visible = page.locator(".gf-step:not([hidden])")
    expect(visible).to_have_count(1)
    expect(visible.locator("[data-side]")).to_have_count(2)
    expect(visible.locator("[data-side=opponent]")).to_contain_text(opponents[0])
    expect(visible.locator("[data-side=player]")).to_contain_text("Fire rush")
    start = int(visible.get_attribute("data-step"))
    visible.get_by_role("link", name=re.compile("^Next")).click()
    expect(page.locator(".gf-step:not([hidden])")).to_have_attribute("data-step", str(start + 1))
    page.keyboard.press("ArrowRight")
    expect(page.locator(".gf-step:not([hidden])")).to_have_attribute("data-step", str(start + 2))
    expect(page).to_have_url(re.compile(rf"step={start + 2}"))
    visitor.shot("matchup-replay")

    # Another opponent's game, from its row.
    rows.nth(1).get_by_role("link", name="Watch a game").click()
    expect(replay.locator("h2")).to_contain_text(f"against {opponents[1]}")
