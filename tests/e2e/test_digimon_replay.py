"""The Digimon replay in a real browser (issue 15, items 3 and 1): a battle sheet per step.

A player goldfishes a Digimon deck and watches the sample game, then tests it against a
reference deck and watches that game, in English, 繁體 and 简体, on a desktop and on a
390 px phone. Each step draws the battle sheet of DGM-3 — point gauge, Digimon box,
evolving and requirement boxes, support box, option slots, Net Ocean, Dark Area, hand —
with its labels in the page's language; the events read as sentences ("Greymon's A
attack, 440, beats Goldfish dummy's 0: the opponent loses 20 points", DGM-4.4, DGM-4.5)
with the cards' names in that language, never a dump of the log ("box face down True",
"digimon_box") and never the stored Japanese name (アグモン) on these pages.
"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import expect

from decks.reference import reference_decks
from decks.services import deck_create, entries_from_text

# A legal deck (DGM-2) of printed starter cards, with the plug-in option St-49, whose
# Simplified name 攻击组件A is catalogued beside its Japanese one.
DECK = """3 St-1
3 St-3
3 St-5
3 St-7
3 St-2
3 St-4
3 St-6
3 St-8
3 St-21
3 St-49
"""
GAMES = 20
PHONE = {"width": 390, "height": 844}
KATAKANA = re.compile(r"[\u30a0-\u30ff]")
DUMPS = ("True", "False", "digimon_box", "box face down", "turned_to_zero", "None")

# Per language: the sheet's zone labels (DGM-3), a battle sentence (DGM-4.5), the plug-in.
LANGUAGES = {
    "en": {
        "zones": {
            "point_gauge": "Point gauge",
            "digimon_box": "Digimon box",
            "evolving_box": "Evolving box",
            "requirement_box": "Requirement box",
            "support_box": "Support box",
            "option_slots": "Option slots",
            "net_ocean": "Net Ocean",
            "dark_area": "Dark Area",
            "hand": "Hand",
        },
        "beats": re.compile(
            r"^(?P<winner>.+)'s [ABC] attack, \d+, beats Goldfish dummy's 0: "
            r"the opponent loses (?P<points>\d+) points\.$"
        ),
        "match_loss": re.compile(r"beats .+: (?P<deck>.+) loses \d+ points\.$"),
        "plug_in": "Offense Plug-In A",
        "run": "Run",
    },
    "zh-hant": {
        "zones": {
            "point_gauge": "點數計",
            "digimon_box": "數碼寶貝區",
            "evolving_box": "進化區",
            "requirement_box": "進化條件區",
            "support_box": "救援區",
            "option_slots": "戰術卡欄",
            "net_ocean": "網路海洋",
            "dark_area": "暗黑區",
            "hand": "手牌",
        },
        "beats": re.compile(
            r"^(?P<winner>.+) 的 [ABC] 招式（\d+） 擊敗 練習假人 的 0："
            r"對手失去 (?P<points>\d+) 點。$"
        ),
        "match_loss": re.compile(r"擊敗 .+：(?P<deck>.+) 失去 \d+ 點。$"),
        "plug_in": "攻擊組件A",
    },
    "zh-hans": {
        "zones": {
            "point_gauge": "点数计",
            "digimon_box": "数码宝贝区",
            "evolving_box": "进化区",
            "requirement_box": "进化条件区",
            "support_box": "救援区",
            "option_slots": "战术卡栏",
            "net_ocean": "网络海洋",
            "dark_area": "暗黑区",
            "hand": "手牌",
        },
        "beats": re.compile(
            r"^(?P<winner>.+) 的 [ABC] 招式（\d+） 击败 练习假人 的 0："
            r"对手失去 (?P<points>\d+) 点。$"
        ),
        "match_loss": re.compile(r"击败 .+：(?P<deck>.+) 失去 \d+ 点。$"),
        "plug_in": "攻击组件A",
    },
}

# DGM-5: the dummy's loss table, by the level of the Digimon that beats it.
DUMMY_LOSES = {"Level III": 30, "Level IV": 20, "Perfect": 10, "Ultimate": 10}
LEVEL_WORDS = {  # the level as the sheet labels it, per language
    "en": {"Level III": "Level III", "Level IV": "Level IV", "Perfect": "Perfect"},
    "zh-hant": {"Level III": "成長期", "Level IV": "成熟期", "Perfect": "完全體"},
    "zh-hans": {"Level III": "成长期", "Level IV": "成熟期", "Perfect": "完全体"},
}

OVERFLOW = "() => document.documentElement.scrollWidth"


def open_in(browser, site, language: str, viewport: dict):
    context = browser.new_context(viewport=viewport)
    context.add_cookies([{"name": "django_language", "value": language, "url": site}])
    context.set_default_timeout(20_000)
    return context


def run_form(page, form: str) -> None:
    page.locator(f"{form} input[name=games]").fill(str(GAMES))
    page.locator(f"{form} input[name=seed]").fill("3")
    page.locator(f"{form} button[name=run]").click()


def visible_step(page):
    return page.locator(".gf-step:not([hidden])")


def step_to(page, phase: str) -> None:
    """Step with the arrow key to the first step of this phase."""
    for _ in range(12):
        if visible_step(page).get_attribute("data-phase") == phase:
            return
        page.keyboard.press("ArrowRight")
    raise AssertionError(f"no {phase} phase in the first steps")


def check_sheet(side, labels: dict[str, str]) -> None:
    """Every zone of the battle sheet (DGM-3), labelled in the page's language."""
    for zone, label in labels.items():
        heading = side.locator(f"[data-sheet] [data-zone={zone}] h4")
        expect(heading).to_have_count(1)
        expect(heading).to_contain_text(label)
    expect(side.locator("[data-zone=option_slots] .dg-slot")).to_have_count(3)


def check_no_dump(replay) -> None:
    text = replay.text_content()
    for dump in DUMPS:
        assert dump not in text, f"the replay shows the log's {dump!r}"
    assert not KATAKANA.search(text), "a stored Japanese name on a page in another language"


@pytest.fixture
def digimon_deck(site):
    owner = User.objects.create_user("digimon-watcher", password="pw-watcher-123")
    return deck_create(
        owner=owner,
        game="digimon",
        name="Plug-in line",
        visibility="public",
        entries=entries_from_text("digimon", DECK),
    )


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_digimon_replays_draw_the_battle_sheet_and_tell_the_battle(
    browser, site, artifacts_dir, digimon_deck, language
):
    words = LANGUAGES[language]
    reference = reference_decks("digimon").first()
    problems: list[str] = []
    context = open_in(browser, site, language, {"width": 1280, "height": 900})
    page = context.new_page()
    page.on("pageerror", lambda error: problems.append(str(error)))

    def shot(name: str) -> None:
        path = artifacts_dir / f"digimon-replay-{language}-{name}.png"
        page.screenshot(path=path, full_page=True)

    # The goldfish: from the deck page, run, and step to the first battle's points.
    page.goto(f"{site}/decks/{digimon_deck.pk}/")
    page.locator("[data-goldfish-link]").click()
    run_form(page, "#goldfish-form")
    replay = page.locator("[data-replay]")
    expect(replay).to_be_visible()
    step = visible_step(page)
    expect(step.locator("[data-side]")).to_have_count(2)
    check_sheet(step.locator("[data-side=player]"), words["zones"])
    # The dummy (DGM-5) has only its Digimon box and points: no deck, hand or options.
    dummy = step.locator("[data-side=opponent]")
    expect(dummy.locator("[data-zone=digimon_box]")).to_have_count(1)
    expect(dummy.locator("[data-zone=hand]")).to_have_count(0)
    expect(dummy.locator("[data-zone=point_gauge] [data-points]")).to_have_attribute(
        "data-points", "100"
    )
    # The battle phase (DGM-4.4): the Digimon on top of the player's box, and its level.
    step_to(page, "battle")
    top = visible_step(page).locator("[data-side=player] [data-zone=digimon_box] .dg-top")
    winner = top.locator(".dg-card-name").text_content()
    level = top.locator(".dg-card-meta").text_content()
    # Point calculation (DGM-4.5): the dummy loses its DGM-5 table's points at that level.
    page.keyboard.press("ArrowRight")
    step = visible_step(page)
    expect(step).to_have_attribute("data-phase", "points")
    sentences = [text.strip() for text in step.locator(".gf-events li").all_text_contents()]
    battle = [m for m in map(words["beats"].match, sentences) if m]
    assert battle, f"no battle sentence among {sentences}"
    assert battle[0]["winner"] == winner
    expected = next(
        points
        for name, points in DUMMY_LOSES.items()
        if LEVEL_WORDS[language].get(name, "~") in level
    )
    assert int(battle[0]["points"]) == expected
    after = step.locator("[data-side=opponent] [data-zone=point_gauge] [data-points]")
    expect(after).to_have_attribute("data-points", str(100 - expected))
    assert words["plug_in"] in replay.text_content()  # its name in the page's language
    check_no_dump(replay)
    shot("goldfish")
    goldfish_url = page.url

    # The matchup against a reference deck: both sheets, and who lost the points.
    page.goto(f"{site}/goldfish/deck/{digimon_deck.pk}/matchup/")
    page.locator("#matchup-form select[name=opponent]").select_option(str(reference.pk))
    run_form(page, "#matchup-form")
    expect(page.locator("[data-opponents]")).to_be_visible()
    replay = page.locator("[data-replay]")
    step = visible_step(page)
    for side in ("opponent", "player"):
        check_sheet(step.locator(f"[data-side={side}]"), words["zones"])
    found = []
    for _ in range(40):
        texts = visible_step(page).locator(".gf-events li").all_text_contents()
        found = [m for m in map(words["match_loss"].search, texts) if m]
        if found:
            break
        page.keyboard.press("ArrowRight")
    assert found, "no battle sentence in the matchup's first rounds"
    assert found[0]["deck"] in (digimon_deck.name, reference.name)
    check_no_dump(replay)
    shot("matchup")

    # On a 390 px phone: both replays, no sideways scrolling.
    phone = open_in(browser, site, language, PHONE)
    small = phone.new_page()
    small.on("pageerror", lambda error: problems.append(str(error)))
    for name, url in (("goldfish", goldfish_url), ("matchup", page.url)):
        small.goto(url)
        expect(small.locator("[data-replay] [data-sheet]").first).to_be_attached()
        small.locator("[data-replay]").scroll_into_view_if_needed()
        path = artifacts_dir / f"digimon-replay-{language}-{name}-phone.png"
        small.screenshot(path=path, full_page=True)
        width = small.evaluate(OVERFLOW)
        assert width <= PHONE["width"], f"the {name} replay is {width} px wide on a phone"
    phone.close()
    context.close()
    assert not problems, problems
