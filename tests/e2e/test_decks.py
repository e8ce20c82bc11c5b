"""Players' journeys in a real browser: sign up, build legal decks, share, fork, goldfish.

Deck rules: PAD-2.1–2.3 (a 40-card deck and a team of 5 base pets), DGM-2.1/2.2/2.4
(30 cards, copy limits, Level III). The lists come from the starter catalogue.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from decks.models import Deck
from tests.decklists import digimon_list, pad_list

PASSWORD = "a-long-Pass-phrase-42"


def sign_up(visitor, username: str) -> Page:
    page = visitor.open("/")
    page.get_by_role("link", name="Sign up").click()
    page.get_by_label("Username").fill(username)
    page.get_by_label(re.compile(r"^Password:?$")).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    visitor.shot("sign-up")
    page.get_by_role("button", name="Create my account").click()
    expect(page.get_by_role("button", name=f"Log out ({username})")).to_be_visible()
    return page


def new_deck(visitor, game_label: str, name: str, deck_list: str = "") -> Page:
    page = visitor.page
    page.get_by_role("link", name="New deck").click()
    page.get_by_label(game_label).check()
    page.get_by_label("Name").fill(name)
    if deck_list:
        page.locator("textarea[name=list]").fill(deck_list)
    visitor.shot("new-deck")
    page.get_by_role("button", name="Create the deck").click()
    expect(page.locator("[data-builder]")).to_be_visible()
    return page


def verdict(page: Page):
    return page.locator("[data-verdict]")


def builder_search(page: Page, query: str) -> None:
    box = page.locator("[data-card-search] input[name=q]")
    box.fill(query)
    box.press("Enter")


def test_build_share_fork_and_goldfish_a_pad_deck(visitor_factory):
    alice = visitor_factory("alice")
    page = sign_up(alice, "alice")
    page = new_deck(alice, "Puzzle & Dragons TCG", "Fire rush")
    expect(verdict(page)).to_have_attribute("data-verdict", "illegal")
    alice.shot("empty-builder")

    lines = pad_list().splitlines()
    team = [line.split(" ", 1)[1] for line in lines[1 : lines.index("Deck:")]]
    deck_part = "\n".join(lines[lines.index("Deck:") + 1 :])

    # The team: find each base pet with the query language and send it to the team.
    for number in team:
        builder_search(page, f"number:{number}")
        result = page.locator(f".result:has(small:text-is('{number}'))")
        expect(result).to_have_count(1)
        result.get_by_role("button", name=re.compile(r"to the team$")).click()
        expect(page.locator(f".zone-team .entry:has(small:text-is('{number}'))")).to_be_visible()
    expect(page.locator("[data-count=team]")).to_contain_text("5 of 5 base pets")
    alice.shot("team-built")

    # The deck: paste the list of 40.
    page.locator(".paste-panel textarea").fill(deck_part)
    page.get_by_role("button", name="Import the list").click()
    expect(verdict(page)).to_have_attribute("data-verdict", "legal", timeout=20_000)
    expect(page.locator("[data-count=deck]")).to_contain_text("40")
    alice.shot("legal-deck")

    # One copy too many turns the verdict red at once, and removing it turns it green.
    first_entry = page.locator(".zone-deck .entry").first
    first_entry.get_by_role("button", name=re.compile("^One copy more")).click()
    expect(verdict(page)).to_have_attribute("data-verdict", "illegal")
    alice.shot("one-too-many")
    page.locator(".zone-deck .entry").first.get_by_role(
        "button", name=re.compile("^One copy less")
    ).click()
    expect(verdict(page)).to_have_attribute("data-verdict", "legal")

    # Share: make it unlisted.
    page.get_by_text("Name, notes, tags and visibility").click()
    page.get_by_label("Visibility").select_option("unlisted")
    page.locator(".settings-panel").get_by_role("button", name="Save").click()
    expect(page.locator("[data-messages]")).to_contain_text("Deck settings saved.")
    deck = Deck.objects.get(owner__username="alice")
    assert deck.visibility == "unlisted"
    alice.open(f"/decks/{deck.pk}/")
    share_link = page.get_by_label("Link to this deck").input_value()
    assert share_link.endswith(f"/decks/{deck.pk}/")
    expect(verdict(page)).to_have_attribute("data-verdict", "legal")
    alice.shot("deck-page")

    # Unlisted: not in the public list, but the link opens for someone logged out.
    stranger = visitor_factory("stranger")
    listing = stranger.open("/decks/")
    expect(listing.get_by_text("Fire rush")).to_have_count(0)
    shared = stranger.page
    shared.goto(share_link)
    expect(shared.get_by_role("heading", level=1)).to_have_text("Fire rush")
    expect(shared.get_by_role("link", name="Log in to fork this deck")).to_be_visible()
    stranger.shot("shared-logged-out")

    # Another player forks it.
    bob = visitor_factory("bob")
    sign_up(bob, "bob")
    bob.page.goto(share_link)
    bob.page.get_by_role("button", name="Fork this deck").click()
    expect(bob.page).to_have_url(re.compile(rf"/decks/(?!{deck.pk}/)\w+/"))
    fork = Deck.objects.get(owner__username="bob")
    assert fork.forked_from_id == deck.pk
    assert sorted(fork.entries.values_list("card__number", "zone", "quantity")) == sorted(
        deck.entries.values_list("card__number", "zone", "quantity")
    )
    bob.open(f"/decks/{fork.pk}/")
    expect(bob.page.locator(".deck-meta")).to_contain_text("forked from Fire rush")
    expect(verdict(bob.page)).to_have_attribute("data-verdict", "legal")
    bob.shot("forked")

    # Goldfish the fork: a batch, then step through the sample game.
    goldfish(bob, games=40)


def goldfish(visitor, games: int) -> None:
    page = visitor.page
    page.locator("[data-goldfish-link]").first.click()
    expect(page.locator("#goldfish-form")).to_be_visible()
    page.get_by_label("Games", exact=True).fill(str(games))
    page.get_by_label("Seed", exact=True).fill("7")
    page.get_by_role("button", name="Run", exact=True).click()
    report = page.locator(".gf-report")
    expect(report).to_contain_text(str(games))
    visitor.shot("goldfish-report")

    replay = page.locator("[data-replay]")
    expect(replay).to_be_visible()
    steps = page.locator(".gf-step")
    total = steps.count()
    assert total > 3
    visible = page.locator(".gf-step:not([hidden])")
    expect(visible).to_have_count(1)
    start = int(visible.get_attribute("data-step"))
    visible.get_by_role("link", name=re.compile("^Next")).click()
    expect(page.locator(".gf-step:not([hidden])")).to_have_attribute("data-step", str(start + 1))
    visitor.shot("sample-step-next")
    page.keyboard.press("ArrowRight")
    expect(page.locator(".gf-step:not([hidden])")).to_have_attribute("data-step", str(start + 2))
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".gf-step:not([hidden])")).to_have_attribute("data-step", str(start + 1))
    last_turn = page.locator(".gf-turns a").last
    last_turn_start = last_turn.get_attribute("data-goto")
    last_turn.click()
    expect(page.locator(".gf-step:not([hidden])")).to_have_attribute("data-step", last_turn_start)
    visitor.shot("sample-last-turn")


def test_build_and_goldfish_a_digimon_deck(visitor_factory):
    player = visitor_factory("player")
    sign_up(player, "tamer")
    lines = digimon_list().splitlines()
    # Paste all but one copy of the first card: 29 cards are one short of legal (DGM-2.1).
    first_count, first_number = lines[0].split(" ", 1)
    short = "\n".join([f"{int(first_count) - 1} {first_number}", *lines[1:]])
    page = new_deck(player, "Digimon card game", "Tamer's starter", short)
    expect(verdict(page)).to_have_attribute("data-verdict", "illegal")
    expect(page.locator("[data-count=deck]")).to_contain_text("29")
    player.shot("one-short")

    entry = page.locator(f".entry:has(small:text-is('{first_number}'))")
    entry.get_by_role("button", name=re.compile("^One copy more")).click()
    expect(verdict(page)).to_have_attribute("data-verdict", "legal")
    expect(page.locator("[data-count=deck]")).to_contain_text("30")
    player.shot("legal")

    page.get_by_role("link", name="Sample hand").first.click()
    expect(page.locator("main")).to_contain_text(re.compile("hand", re.IGNORECASE))
    player.shot("sample-hand")
    page.go_back()
    goldfish(player, games=30)
