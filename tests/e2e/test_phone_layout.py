"""Every page on a phone (issue 15, item 5): at 390 × 844, in English, 繁體 and 简体, no page
scrolls sideways, the header leaves the first screen to the page, the links fold into a
menu, and a wide table scrolls inside its own box instead of being cut.

Each page is saved as a screenshot (`phone-<language>-NN-<page>.jpg`), like the rest of the
browser suite. The problems of every page are gathered and reported together, with the
elements that stick out, so one run shows all that is wrong.
"""

from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import expect

from cards.models import Card
from decks.services import deck_create, entries_from_text
from engine.ladder import load_measured_ladders
from engine.models import Job
from tests.decklists import digimon_list, pad_list
from tests.e2e.conftest import Visitor
from tests.jobs import workers as real

filesystem_queue = real.filesystem_queue

PHONE = {"width": 390, "height": 844}
# The header may take at most this share of the first screen (it took 45 % before).
HEADER_SHARE = 0.20
# The menu button, in each language.
LANGUAGES = {"en": "Menu", "zh-hant": "選單", "zh-hans": "菜单"}
PASSWORD = "pw-phone-123"
# One unbroken word: a name like this must wrap rather than widen the page.
LONG_NAME = "Firerush" + "x" * 50 + "Deck"
JOB_SYNC_GAMES = 50  # a run above this many games becomes a queued job (engine/jobs)

# Where the page is wider than the screen, and which elements stick out (those inside a box
# that clips or scrolls them are fine: that box is the one that must fit).
MEASURE = """(width) => {
  const inScrollBox = (element) => {
    for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== "visible") return true;
    }
    return false;
  };
  const describe = (element) => {
    const classes = typeof element.className === "string" && element.className.trim()
      ? "." + element.className.trim().split(/\\s+/).join(".") : "";
    return `${element.tagName.toLowerCase()}${classes} → ${Math.round(
      element.getBoundingClientRect().right)}px`;
  };
  const sticking = [...document.body.querySelectorAll("*")].filter((element) => {
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.right > width + 1 && !inScrollBox(element)
      && element.checkVisibility();
  });
  // Issue 29: a chart's text as rendered (an SVG scaled down shrinks its 12px text).
  const small = [];
  for (const svg of document.querySelectorAll(".chart svg")) {
    if (!svg.checkVisibility()) continue;
    const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
    for (const text of svg.querySelectorAll("text")) {
      const size = parseFloat(getComputedStyle(text).fontSize) * scale;
      if (size < 11.9) small.push(`${text.textContent} ${size.toFixed(1)}px`);
    }
  }
  for (const item of document.querySelectorAll(".chart-list li")) {
    const size = parseFloat(getComputedStyle(item).fontSize);
    if (item.checkVisibility() && size < 11.9) small.push(`${item.textContent} ${size}px`);
  }
  return {
    scrollWidth: document.documentElement.scrollWidth,
    header: document.querySelector(".site-header").getBoundingClientRect().height,
    sticking: sticking.slice(0, 8).map(describe),
    small: small.slice(0, 6),
    charts: document.querySelectorAll(".chart").length,
  };
}"""


class Phone(Visitor):
    """A visitor on a 390 × 844 phone who checks that each page fits the screen."""

    def __init__(self, *args):
        super().__init__(*args)
        self.charts_seen = 0  # charts on the pages checked (the chart text check ran on)
        self.misfits: list[str] = []

    def fits(self, name: str) -> None:
        self.page.wait_for_load_state("load")
        found = self.page.evaluate(MEASURE, PHONE["width"])
        self.shot(name)
        where = f"{name} ({self.page.url})"
        if found["scrollWidth"] > PHONE["width"]:
            self.misfits.append(
                f"{where} is {found['scrollWidth']} px wide: {', '.join(found['sticking'])}"
            )
        if found["header"] > HEADER_SHARE * PHONE["height"]:
            self.misfits.append(f"{where}: the header is {found['header']:.0f} px high")
        if found["small"]:
            self.misfits.append(f"{where}: chart text under 12 px: {', '.join(found['small'])}")
        self.charts_seen += found["charts"]


@pytest.fixture
def phone_factory(browser, site, artifacts_dir, request):
    phones: list[Phone] = []

    def make(language: str) -> Phone:
        context = browser.new_context(
            viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=1
        )
        context.add_cookies([{"name": "django_language", "value": language, "url": site}])
        context.set_default_timeout(20_000)
        phone = Phone(context.new_page(), site, artifacts_dir, f"phone-{language}")
        phones.append(phone)
        return phone

    yield make
    for phone in phones:
        if getattr(request.node, "e2e_failed", False):
            phone.shot("FAILED")
        phone.page.context.close()
    problems = [problem for phone in phones for problem in phone.problems]
    assert not problems, "the browser reported problems:\n" + "\n".join(problems)


def run(phone: Phone, form: str, games: int) -> None:
    """Fill a goldfish or matchup form and run it."""
    page = phone.page
    page.locator(f"{form} input[name=games]").fill(str(games))
    page.locator(f"{form} input[name=seed]").fill("7")
    page.locator(f"{form} button[name=run]").click()


def finished_doctor(player, deck) -> Job:
    """A done doctor job of `deck` with a report of the contract's shape (long card names,
    a measurable swap, a three-card combination), to lay out; its figures are made up."""
    cards = [(e.card_id, e.card.name) for e in deck.entries.select_related("card")][:4]

    def swap(cuts, adds, gain, measurable):
        return {
            "cuts": [{"card": c, "name": n} for c, n in cuts],
            "adds": [{"card": c, "name": n} for c, n in adds],
            "gain": {
                "value": gain,
                "low": gain - 0.03,
                "high": gain + 0.03,
                "measurable": measurable,
            },  # fmt: skip
            "win_rate": {"value": 0.55, "low": 0.53, "high": 0.57},
            "games": 2800,
        }

    swaps = [
        swap(cards[:3], cards[1:4], 0.071, True),
        swap(cards[:1], cards[3:4], 0.041, True),
        swap(cards[1:2], cards[2:3], -0.004, False),
    ]
    report = {
        "baseline": {"win_rate": {"value": 0.52, "low": 0.5, "high": 0.54}, "games": 2800},
        "swaps": swaps,
        "card_values": [
            {
                **s["cuts"][0],
                "value": {"value": -s["gain"]["value"], "low": -0.1, "high": 0.0},
                "best_swap": {"cuts": s["cuts"], "adds": s["adds"]},
            }
            for s in swaps[1:]
        ],  # fmt: skip
        "screened": 1145,
        "pruned": {"its attribute matches no team pet": 5600},
        "confirmed": 20,
        "text": "",
        "games": 2800,
    }
    now = timezone.now()
    job = Job.objects.create(
        kind="doctor",
        game=deck.game,
        state="done",
        owner=player,
        parameters={
            "policy": "greedy",
            "seed": 0,
            "candidates": "catalogue",
            "max_swaps": 3,
            "deck": {"name": deck.name, "deck": deck.pk},
            "opponents": [{"name": f"Reference {n}", "reference": True} for n in range(7)],
        },  # fmt: skip
        games_total=60000,
        games_done=60000,
        plan=b"",
        report=json.dumps(report),
        moved=now,
        expires=now + timedelta(days=1),
    )
    job.decks.set([deck])
    return job


def check_the_menu(phone: Phone, label: str) -> None:
    """On a phone the links are in a menu: closed at first, one tap opens it."""
    page = phone.open("/")
    decks_link = page.locator(".site-header a[href='/decks/']")
    expect(decks_link).to_be_hidden()
    menu = page.locator(".site-header summary")
    expect(menu).to_have_text(label)
    menu.click()
    expect(decks_link).to_be_visible()
    phone.fits("menu-open")
    decks_link.click()
    expect(page).to_have_url(re.compile(r"/decks/$"))


def check_the_odds_table_scrolls_in_its_box(phone: Phone, deck_url: str) -> None:
    """The odds table is wider than a phone: its box scrolls to the last column."""
    page = phone.open(deck_url)
    box = page.locator(".table-scroll:has(.odds-table)")
    expect(box).to_be_visible()
    sizes = box.evaluate("box => [box.scrollWidth, box.clientWidth]")
    assert sizes[0] > sizes[1], "the odds table fits: this check would prove nothing"
    assert box.bounding_box()["x"] + box.bounding_box()["width"] <= PHONE["width"]
    box.evaluate("box => { box.scrollLeft = box.scrollWidth; }")
    last = page.locator(".odds-table tbody tr").first.locator("td").last
    right = last.bounding_box()["x"] + last.bounding_box()["width"]
    assert right <= PHONE["width"] + 1, f"the last column ends at {right:.0f} px"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_fits_a_phone_without_scrolling_sideways(
    phone_factory, language, settings, filesystem_queue
):
    settings.JOB_SYNC_GAMES = JOB_SYNC_GAMES
    player = User.objects.create_user(f"phone-{language}", password=PASSWORD)
    pad_deck = deck_create(
        owner=player,
        game="pad",
        name=LONG_NAME,
        visibility="public",
        entries=entries_from_text("pad", pad_list()),
    )
    digimon_deck = deck_create(
        owner=player,
        game="digimon",
        name="亞古獸的起始卡組",
        visibility="public",
        entries=entries_from_text("digimon", digimon_list()),
    )
    pet = Card.objects.get(game="pad", number="B01-021")
    digimon = Card.objects.get(game="digimon", number="St-1")
    load_measured_ladders(settings.BASE_DIR / "fixtures" / "ladders")
    phone = phone_factory(language)

    check_the_menu(phone, LANGUAGES[language])
    check_the_odds_table_scrolls_in_its_box(phone, f"/decks/{pad_deck.pk}/")

    for name, path in [
        ("home", "/"),
        ("search", "/cards/?q=game%3Apad"),
        ("search-digimon-list", "/cards/?q=game%3Adigimon&view=list"),
        ("search-pad-list", "/cards/?q=game%3Apad&view=list&order=cost"),
        ("query-error", "/cards/?q=" + "cost%3C%3D+attr%3Afire+%22an+unfinished+phrase"),
        ("pet-page", f"/cards/{pet.pk}/"),
        ("digimon-page", f"/cards/{digimon.pk}/"),
        ("syntax", "/cards/syntax/"),
        ("public-decks", "/decks/"),
        ("pad-deck", f"/decks/{pad_deck.pk}/"),
        ("digimon-deck", f"/decks/{digimon_deck.pk}/"),
        ("sample-hand", f"/goldfish/deck/{pad_deck.pk}/sample-hand/"),
        ("doctor-form", f"/goldfish/deck/{pad_deck.pk}/doctor/"),
        ("ladder-pad", "/goldfish/ladder/?game=pad"),
        ("ladder-digimon", "/goldfish/ladder/?game=digimon"),
        ("log-in", "/accounts/login/"),
        ("sign-up", "/accounts/signup/"),
    ]:
        phone.open(path)
        phone.fits(name)

    page = phone.open(f"/goldfish/deck/{pad_deck.pk}/")
    phone.fits("goldfish-form")
    run(phone, "#goldfish-form", 20)
    expect(page.locator(".gf-report")).to_be_visible()
    phone.fits("goldfish-report")

    page = phone.open(f"/goldfish/deck/{digimon_deck.pk}/")
    run(phone, "#goldfish-form", 20)
    expect(page.locator(".gf-report")).to_be_visible()
    phone.fits("digimon-goldfish-report")

    page = phone.open(f"/goldfish/deck/{pad_deck.pk}/matchup/")
    phone.fits("matchup-form")
    run(phone, "#matchup-form", 6)
    expect(page.locator("[data-opponents]")).to_be_visible()
    phone.fits("matchup-report")

    # Signed in: the builder, the player's decks, a new deck, and a queued job's page.
    page = phone.open("/accounts/login/")
    page.locator("input[name=username]").fill(player.username)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("main form [type=submit]").click()
    expect(page.locator(".site-header form.logout")).to_have_count(1)
    for name, path in [
        ("builder", f"/decks/{pad_deck.pk}/edit/?q=attr%3Afire"),
        ("digimon-builder", f"/decks/{digimon_deck.pk}/edit/?q=level%3AIII"),
        ("my-decks", "/decks/mine/"),
        ("new-deck", "/decks/new/"),
        ("revisions", f"/decks/{pad_deck.pk}/revisions/"),
        ("doctor-report", f"/goldfish/jobs/{finished_doctor(player, pad_deck).pk}/"),
    ]:
        phone.open(path)
        phone.fits(name)

    page = phone.open(f"/goldfish/deck/{pad_deck.pk}/")
    run(phone, "#goldfish-form", JOB_SYNC_GAMES + 10)
    expect(page).to_have_url(re.compile(r"/goldfish/jobs/[^/]+/$"))
    phone.fits("job-queued")

    assert phone.charts_seen > 10  # the reports and deck pages drew their charts
    assert not phone.misfits, "pages that do not fit a 390 px phone:\n" + "\n".join(phone.misfits)


@pytest.mark.parametrize("language", ["zh-hant", "en"])
def test_the_comparison_shows_its_difference_on_a_phone(phone_factory, language):
    """Issue 29 item 2: in "Against each opponent" the difference — the figure the table
    exists for — stands next to the opponent's name, inside the phone's screen, with no
    sideways scrolling; wider columns follow."""
    player = User.objects.create_user(f"compare-{language}", password=PASSWORD)
    deck = deck_create(
        owner=player,
        game="pad",
        name=LONG_NAME,
        visibility="public",
        entries=entries_from_text("pad", pad_list()),
    )
    phone = phone_factory(language)
    page = phone.open(f"/goldfish/deck/{deck.pk}/compare/")
    page.select_option("#matchup-form select[name=other]", index=1)
    run(phone, "#matchup-form", 4)
    table = page.locator("[data-compare-opponents]")
    expect(table).to_be_visible()
    first_row = table.locator("tbody tr").first
    for cell in (first_row.locator("th"), first_row.locator("td").first):
        box = cell.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    assert first_row.locator("td").first.locator("svg.mu-difference").count() == 1
    phone.fits("compare-report")
    assert not phone.misfits, "\n".join(phone.misfits)


@pytest.mark.parametrize("game", ["pad", "digimon"])
def test_a_replay_step_tells_what_happened_right_under_its_buttons(phone_factory, game):
    """Issue 29 item 2: on a phone a replay step shows "What happened" directly below
    Previous / Next, on the first screen, and the boards after it (before: three screens
    down, below the boards)."""
    player = User.objects.create_user(f"replay-{game}", password=PASSWORD)
    deck = deck_create(
        owner=player,
        game=game,
        name=f"{game} replay",
        visibility="public",
        entries=entries_from_text(game, pad_list() if game == "pad" else digimon_list()),
    )
    phone = phone_factory("en")
    page = phone.open(f"/goldfish/deck/{deck.pk}/?run=1&games=20&seed=5&sample=3&step=3")
    step = page.locator(".gf-step:not([hidden])")
    expect(step).to_be_visible()
    step.scroll_into_view_if_needed()
    nav = step.locator(".gf-step-nav").bounding_box()
    events = step.locator(".gf-events").bounding_box()
    board = step.locator("[data-board], [data-sheet]").first.bounding_box()
    assert nav["y"] < events["y"] < board["y"]
    assert events["y"] - (nav["y"] + nav["height"]) < 40  # right under the buttons
    phone.fits(f"replay-{game}")
    assert not phone.misfits, "\n".join(phone.misfits)
