"""The goldfish page: /goldfish/deck/<id>/ and /goldfish/ (a batch report as SVG charts and a
sample game step by step; PAD-3 … PAD-6 drive the boards shown)."""

from __future__ import annotations

import html
import re

import pytest
from django.core.cache import cache
from django.urls import reverse

from cards.models import Card
from engine.convert import deck_spec
from engine.core import api as engine
from engine.services import GoldfishRequest, entries_for, goldfish_report, goldfish_sample
from tests.decklists import pad_list
from tests.goldfish.saved_decks import SLOT_QUERIES, make_deck

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]

GAMES = 300


def page(client, deck, **params):
    return client.get(reverse("engine:deck", args=[deck.pk]), params)


def run(client, deck, **params):
    return page(client, deck, **{"run": "1", "games": GAMES, **params})


def goldfish(deck, **options) -> GoldfishRequest:
    return GoldfishRequest(
        game=deck.game, entries=entries_for(deck.game, deck=deck), games=GAMES, **options
    )


def chart_bars(content: str, slug: str) -> list[dict]:
    chart = re.search(rf'<figure [^>]*data-chart="{slug}".*?</figure>', content, re.S)
    assert chart, f"no {slug} chart"
    assert "<svg" in chart[0]
    return [
        {"label": html.unescape(label), "value": float(value), "count": count}
        for label, value, count in re.findall(
            r'<g class="bar" data-label="([^"]*)" data-value="([^"]*)"(?: data-count="(\d+)")?',
            chart[0],
        )
    ]


def visible_step(content: str) -> tuple[int, str]:
    """The one step shown without JavaScript (the others carry `hidden`)."""
    chunks = re.split(r'(?=<div class="gf-step" )', content)[1:]
    shown = [chunk for chunk in chunks if " hidden>" not in chunk.split(">", 1)[0] + ">"]
    assert len(shown) == 1
    return int(re.match(r'<div class="gf-step" data-step="(\d+)"', shown[0])[1]), shown[0]


# --- The report -----------------------------------------------------------------------------


def test_the_report_of_a_legal_pad_deck(client, owner, catalogue):
    deck = make_deck(owner)
    response = run(client, deck, seed=5)
    assert response.status_code == 200
    content = response.content.decode()
    assert "Damage per turn (life cards taken)" in content  # issue 29: with its unit
    report = goldfish_report(goldfish(deck, seed=5))

    # The kill-turn histogram: one SVG bar per turn from 1 to the last turn won.
    histogram = report["turns_to_win"]["histogram"]
    bars = chart_bars(content, "kill-turn")
    turns = [bar for bar in bars if bar["label"].isdigit()]
    assert [bar["label"] for bar in turns] == [
        str(t) for t in range(1, max(map(int, histogram)) + 1)
    ]
    assert {b["label"]: int(b["count"]) for b in turns if int(b["count"])} == histogram
    for bar in turns:
        assert bar["value"] == pytest.approx(int(bar["count"]) / GAMES, abs=1e-6)
    assert len(bars) == len(turns) + (1 if report["turns_to_win"]["not_won"] else 0)

    # Combos 0–6 and the per-colour bars in the orb colours.
    assert [bar["label"] for bar in chart_bars(content, "combos")] == [str(n) for n in range(7)]
    colours = re.search(r'data-chart="colours".*?</figure>', content, re.S)[0]
    for colour in ("fire", "water", "wood", "light", "dark", "heart"):
        assert f'class="fill-{colour}"' in colours
    for slug in ("damage", "attacks"):
        chart_bars(content, slug)
    assert 'data-figure="mean"' in content and "data-by-order" in content
    assert "data-opening" in content

    # Cards whose effects the engine does not run are named, with the reason; cards that
    # run but can do nothing against the passive goldfish (DGM-5) are listed apart.
    section = re.search(r"data-not-simulated.*?</div>", content, re.S)[0]
    for entry in report["not_simulated"]:
        shown = f'<span class="gf-name">{html.escape(entry["name"])}</span>'
        assert f'{shown} <small class="gf-reason">— {html.escape(entry["reason"])}</small>' in (
            section
        )
    idle = re.search(r"data-no-effect-against-goldfish.*?</div>", content, re.S)[0]
    assert "Firedragon Tyrannos" in {
        entry["name"] for entry in report["no_effect_against_goldfish"]
    }
    for entry in report["no_effect_against_goldfish"]:
        assert entry["name"] not in {row["name"] for row in report["not_simulated"]}
        shown = f'<span class="gf-name">{html.escape(entry["name"])}</span>'
        assert f'{shown} <small class="gf-reason">— {html.escape(entry["reason"])}</small>' in idle

    # The policies, with their descriptions.
    for name in engine.POLICIES["pad"]:
        assert f'<option value="{name}"' in content
    assert "Stores orbs" in content


def test_the_form_alone_runs_nothing(client, owner, catalogue, django_assert_max_num_queries):
    deck = make_deck(owner)
    with django_assert_max_num_queries(3):
        response = page(client, deck)
    content = response.content.decode()
    assert response.status_code == 200
    assert 'name="games"' in content and 'value="1000"' in content
    assert 'max="100000"' in content  # as the API: above 5,000 games the run is a job
    assert "data-report" not in content and "data-replay" not in content


def test_the_shared_address_gives_the_same_numbers(client, owner, catalogue):
    deck = make_deck(owner)
    params = {"seed": 11, "policy": "store", "order": "first", "turn_cap": 12}

    def report_html():
        cache.clear()
        content = run(client, deck, **params).content.decode()
        return re.search(r"<section [^>]*data-report>.*?</section>", content, re.S)[0]

    first = report_html()
    assert first == report_html()
    assert "policy Store orbs" in first and "turn cap 12" in first
    assert "data-by-order" not in first  # one order only
    other_seed = run(client, deck, **{**params, "seed": 12}).content.decode()
    assert 'data-chart="kill-turn"' in other_seed


def test_bad_options_are_refused(client, owner, catalogue):
    deck = make_deck(owner)
    response = page(client, deck, run="1", games=100_001)
    assert response.status_code == 400
    assert "data-report" not in response.content.decode()
    assert page(client, deck, run="1", policy="nope").status_code == 400


def test_an_illegal_deck_shows_the_errors_and_can_be_allowed(client, owner, catalogue):
    text = pad_list().rsplit("\n", 3)[0]  # a few cards short of 40 (PAD-2.1)
    deck = make_deck(owner, text=text)
    content = run(client, deck, seed=1).content.decode()
    assert "data-invalid" in content and "data-report" not in content
    assert "40" in re.search(r"data-invalid.*?</section>", content, re.S)[0]
    assert 'name="allow_invalid"' in content

    allowed = run(client, deck, seed=1, allow_invalid="on").content.decode()
    assert "data-invalid" not in allowed
    assert 'data-chart="kill-turn"' in allowed and "data-replay" in allowed
    assert re.search(r'name="allow_invalid" value="on" checked', allowed)


@pytest.mark.parametrize(
    ("visibility", "reader", "status"),
    [("private", "other", 404), ("private", "anonymous", 404), ("private", "owner", 200)],
)
def test_only_readable_decks_are_goldfished(
    client, owner, other, catalogue, visibility, reader, status
):
    deck = make_deck(owner, visibility=visibility)
    if reader != "anonymous":
        client.force_login({"owner": owner, "other": other}[reader])
    assert page(client, deck).status_code == status
    assert run(client, deck).status_code == status
    sample = reverse("engine:sample_hand", args=[deck.pk])
    assert client.get(sample, {"seed": 1}).status_code == status


def test_an_unknown_deck_is_404(client, catalogue):
    assert client.get("/goldfish/deck/NoSuchDeck/").status_code == 404


# --- The sample game ------------------------------------------------------------------------


def orb_cards(column_html: str) -> list[tuple[str, list[str]]]:
    cards = []
    for item in re.findall(r'<li class="gf-orb-card".*?</li>', column_html, re.S):
        name = html.unescape(re.search(r'data-name="([^"]*)"', item)[1])
        cards.append((name, re.findall(r'class="gf-orb orb-(\w+) lit"', item)))
    return cards


@pytest.mark.parametrize("step", [0, 3, 5])
def test_the_replay_draws_the_board_of_a_snapshot(client, owner, catalogue, step):
    deck = make_deck(owner)
    log = goldfish_sample(goldfish(deck, seed=4))
    specs = deck_spec("pad", entries_for("pad", deck=deck)).cards()
    # the page names cards in its language (English here), the log by their stored name
    english = {
        c.name: c.name_en or c.name for c in Card.objects.filter(pk__in=[s.id for s in specs])
    }
    names = {english[card.name]: card for card in specs}
    snapshot = log["snapshots"][step]
    zones = snapshot["zones"]

    content = run(client, deck, sample=4, step=step).content.decode()
    shown, board = visible_step(content)
    assert shown == step
    assert board.count('class="gf-step"') == 1

    # PAD-3.4 / PAD-5.1: each orb column, its cards and their lit orbs in the fixed slots.
    columns = re.findall(r'<div class="gf-column".*?<div class="gf-tally"', board, re.S)
    assert len(columns) == 3
    for column_html, expected in zip(columns, zones["orb_columns"], strict=True):
        assert f'data-cards="{len(expected)}"' in column_html
        cards = orb_cards(column_html)
        assert [name for name, _ in cards] == [english[name] for name in expected]
        for name, lit in cards:
            order = ("heart", "dark", "light", "wood", "water", "fire")
            assert lit == [c for c in order if c in names[name].orbs]
            assert len(lit) in (2, 3)  # PAD-1.1

    tops = [
        html.unescape(t) for t in re.findall(r'<li class="gf-pet[^"]*" data-top="([^"]*)"', board)
    ]
    assert tops == [english[stack[-1]] for stack in zones["pets"]]
    hand = re.search(r'data-hand="(\d+)".*?</div>', board, re.S)
    assert int(hand[1]) == len(zones["hand"])
    hand_names = [html.unescape(n) for n in re.findall(r'<li data-name="([^"]*)"', hand[0])]
    assert hand_names == [english[name] for name in zones["hand"]]
    assert f'data-life="{len(zones["life"])}"' in board
    assert f'data-opponent-life="{snapshot["opponent_life"]}"' in board
    assert f'data-deck="{len(zones["deck"])}"' in board

    # issue 29: each tally count names its orb colour, each pet shows its DEF (printed:
    # the goldfish never changes one)
    for column_html in columns:
        tally = re.search(
            r'<div class="gf-tally".*?</div>', board[board.index(column_html) :], re.S
        )
        labels = re.findall(r'aria-label="([^":]+): (\d+)"', tally[0])
        assert [label for label, _count in labels] == [
            "Heart",
            "Dark",
            "Light",
            "Wood",
            "Water",
            "Fire",
        ]
    defs = [int(d) for d in re.findall(r"DEF (\d+)", board)]
    assert defs == [names[english[stack[-1]]].defense for stack in zones["pets"]]


def test_the_replay_events_and_links(client, owner, catalogue):
    deck = make_deck(owner)
    content = run(client, deck, sample=2, step=0).content.decode()
    _, board = visible_step(content)
    assert "Dealt 5 life cards face down." in board
    assert 'rel="next"' in board and "step=1#replay" in board
    assert 'data-goto="1"' in board
    assert "js/goldfish.js" in content
    steps = re.findall(r'<div class="gf-step" data-step="(\d+)"', content)
    log = goldfish_sample(goldfish(deck, seed=2))
    assert len(steps) == len(log["snapshots"])  # every board is rendered, all but one hidden


@pytest.mark.parametrize(("asked", "expected"), [("999", "last"), ("-4", 0), ("x", 0)])
def test_a_step_out_of_range_is_clamped(client, owner, catalogue, asked, expected):
    deck = make_deck(owner)
    content = run(client, deck, sample=1, step=asked).content.decode()
    count = len(re.findall(r'<div class="gf-step" ', content))
    shown, _ = visible_step(content)
    assert shown == (count - 1 if expected == "last" else expected)


# --- Digimon, the list page, links, languages, queries --------------------------------------


def test_a_digimon_deck_says_when_there_is_no_engine(client, owner, catalogue):
    deck = make_deck(owner, game="digimon")
    response = run(client, deck)
    assert response.status_code == 200
    content = response.content.decode()
    if "digimon" in engine.POLICIES:  # once the Digimon engine exists
        assert "data-report" in content or "data-invalid" in content
    else:
        assert "data-unavailable" in content and "not available yet" in content
        assert reverse("engine:sample_hand", args=[deck.pk]) in content


def test_a_game_without_an_engine_says_so(client, owner, catalogue, monkeypatch):
    monkeypatch.delitem(engine.POLICIES, "digimon", raising=False)
    deck = make_deck(owner, game="digimon")
    for response in (page(client, deck), run(client, deck)):
        assert response.status_code == 200
        content = response.content.decode()
        assert "data-unavailable" in content and "not available yet" in content
        assert "data-report" not in content and 'name="run"' not in content
        assert reverse("engine:sample_hand", args=[deck.pk]) in content


def test_the_list_page_goldfishes_a_pasted_list(client, catalogue):
    url = reverse("engine:list")
    form = client.get(url)
    assert form.status_code == 200 and 'name="list"' in form.content.decode()
    response = client.get(url, {"game": "pad", "list": pad_list(), "run": "1", "games": 200})
    assert response.status_code == 200
    content = response.content.decode()
    assert 'data-chart="kill-turn"' in content and "data-replay" in content

    bad = client.get(url, {"game": "pad", "list": "3 No Such Card", "run": "1", "games": 20})
    assert bad.status_code == 400
    assert "No Such Card" in bad.content.decode() and "data-report" not in bad.content.decode()


def test_the_deck_page_and_the_builder_link_here(client, owner, catalogue):
    deck = make_deck(owner)
    goldfish_url = reverse("engine:deck", args=[deck.pk])
    sample_url = reverse("engine:sample_hand", args=[deck.pk])
    content = client.get(reverse("decks:detail", args=[deck.pk])).content.decode()
    assert goldfish_url in content and sample_url in content
    client.force_login(owner)
    content = client.get(reverse("decks:edit", args=[deck.pk])).content.decode()
    assert goldfish_url in content and sample_url in content


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("zh-hant", ["單人試玩", "擊倒回合", "範例對局"]),
        ("zh-hans", ["单人试玩", "击倒回合", "示例对局"]),
    ],
)
def test_the_page_is_translated(client, owner, catalogue, language, words):
    deck = make_deck(owner)
    client.post(reverse("set_language"), {"language": language, "next": "/"})
    content = run(client, deck, games=200).content.decode()
    for word in words:
        assert word in content, word


def test_the_queries_are_bounded(client, owner, catalogue, django_assert_max_num_queries):
    deck = make_deck(owner)
    client.force_login(owner)
    # The fire starter deck holds pets evolving from the Golden Egg, which is not in it, so
    # each run looks that name up once (NAME-1): a fixed count whatever the deck's size.
    # One more query gives every card of the report and the sample game its reader's name.
    with django_assert_max_num_queries(16 + SLOT_QUERIES):
        assert run(client, deck, games=200).status_code == 200


def test_a_log_of_another_game_renders_its_zones():
    """The replay is game-neutral: a log without a dedicated board shows its zones by name
    (a game with neither PAD's board nor the Digimon battle sheet)."""
    from django.template.loader import render_to_string

    from engine.replay import replay_steps

    log = {
        "game": "another-game",
        "seed": 1,
        "going_first": True,
        "result": {"won": False, "turns": 1},
        "events": [
            {"n": 0, "round": 0, "phase": "setup", "action": "deal_hand", "cards": ["A"]},
            {
                "n": 1,
                "round": 1,
                "phase": "battle",
                "action": "attack",
                "cards": ["A"],
                "power": [3, 0],
            },
        ],
        "snapshots": [
            {
                "after_event": 2,
                "round": 1,
                "phase": "battle",
                "zones": {
                    "digimon_box": [["Agumon"]],
                    "hand": ["A", "B"],
                    "net_ocean": ["C", "D"],
                    "point_gauge": ["E"],
                },
                "points": {"player": 100, "opponent": 70},
                "option_slots": [None, "Crest", None],
            }
        ],
    }
    steps = replay_steps(log, {})
    assert steps[0]["turn"] == 1
    replay = {"log": log, "steps": steps, "step": 0, "turns": [], "base_url": "/?", "rounds": True}
    content = render_to_string("engine/_replay.html", {"replay": replay})
    assert 'data-zone="digimon_box"' in content and "Agumon" in content
    assert "player: 100; opponent: 70" in content and "–, Crest, –" in content
    assert "<li>deal hand: A</li>" in content and "attack: A (power: 3, 0)" in content
    assert "Digimon box" in content and "Net Ocean" in content and "Round 1" in content


@pytest.mark.parametrize(
    ("language", "shown"),
    [("zh-hant", "策略 貪婪"), ("zh-hans", "策略 贪婪"), ("en", "policy Greedy")],
)
def test_the_report_names_its_policy_in_the_readers_language(
    client, owner, catalogue, language, shown
):
    """Issue 29 item 1: the policy is a word of the reader's language, not the engine's
    name (`greedy`)."""
    deck = make_deck(owner)
    client.cookies["django_language"] = language
    content = run(client, deck, seed=5).content.decode()
    meta = re.search(r'<p class="gf-run-meta">(.*?)</p>', content, re.S)[1]
    assert shown in " ".join(meta.split())
    assert "greedy" not in meta
