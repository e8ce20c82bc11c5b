"""A player proposes a correction of a card and a curator accepts it, in a real browser
(issue 13). The card is the starter catalogue's Lil' Red Dragon (B01-001, a PAD pet,
PAD-1.1)."""

from __future__ import annotations

import re

from django.contrib.auth.models import Group, User
from playwright.sync_api import expect

from cards.corrections import CURATOR_GROUP
from cards.models import Card

PASSWORD = "a-long-Pass-phrase-42"
SOURCE = "https://example.org/scans/B01-001.jpg"


def log_in(visitor, username: str):
    page = visitor.open("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label(re.compile(r"^Password:?$")).fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("button", name=f"Log out ({username})")).to_be_visible()
    return page


def test_a_player_proposes_a_correction_and_a_curator_accepts_it(visitor_factory):
    User.objects.create_user("player", password=PASSWORD)
    curator = User.objects.create_user("curator", password=PASSWORD)
    curator.groups.add(Group.objects.get_or_create(name=CURATOR_GROUP)[0])
    dragon = Card.objects.get(game="pad", number="B01-001")
    # A different defence than printed, a multiple of 100 within PAD-1.1's limit.
    proposed = 1200 if dragon.defense != 1200 else 1100

    player = visitor_factory("player")
    page = log_in(player, "player")
    page.goto(f"{player.site}/cards/{dragon.pk}/")
    page.get_by_role("link", name="Propose a correction").click()
    page.get_by_label("defense", exact=True).fill(str(proposed))
    page.get_by_label("Or a link to where it is printed").fill(SOURCE)
    player.shot("proposal")
    page.get_by_role("button", name="Send the correction").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(dragon.name)
    # Nothing changes before a curator accepts.
    assert Card.objects.get(pk=dragon.pk).defense == dragon.defense

    reviewer = visitor_factory("curator")
    page = log_in(reviewer, "curator")
    page.goto(f"{reviewer.site}/cards/corrections/")
    diff = page.locator("table.diff")
    expect(diff.locator(".diff-proposed")).to_have_text(str(proposed))
    reviewer.shot("queue")
    page.get_by_role("button", name="Accept").click()
    expect(page.get_by_text("accepted: the card is updated")).to_be_visible()
    expect(page.get_by_text("No corrections are waiting.")).to_be_visible()

    assert Card.objects.get(pk=dragon.pk).defense == proposed
    page.goto(f"{reviewer.site}/cards/{dragon.pk}/")
    expect(page.locator("[data-card-history]")).to_contain_text("accepted correction #")
    reviewer.shot("history")
