"""The matchup page, /goldfish/deck/<id>/matchup/ ("Test against…"): win rates with their
95 % intervals drawn as SVG error bars, game length, the per-card table and a sample game
with both boards (PAD-7, DGM-6, MATCH-1)."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from decks.reference import reference_decks
from engine.core.intervals import wilson
from engine.matchup_services import MatchupRequest, match_deck, matchup_sample
from engine.models import StoredRun
from tests.goldfish.saved_decks import SLOT_QUERIES, make_deck

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]

GAMES = 40  # against each opponent: enough to draw the page, quick to play
WIDTH = 320  # px of a 100 % win-rate bar (the SVG's viewBox)


def matchup(client, deck, **params):
    return client.get(reverse("engine:matchup", args=[deck.pk]), params)


def run(client, deck, **params):
    return matchup(client, deck, **{"run": "1", "games": GAMES, **params})


def opponent_rows(content: str) -> list[dict]:
    """Each opponent's row: its name, counts and the SVG bar's interval."""
    table = re.search(r"<table [^>]*data-opponents>.*?</table>", content, re.S)[0]
    rows = []
    for row in re.findall(r"<tr data-opponent=.*?</tr>", table, re.S):
        cells = re.findall(r'<td class="num">(\d+)</td>', row)
        svg = re.search(r'<svg class="mu-bar"[^>]*>', row)[0]
        interval = re.search(r'data-x-low="([\d.]+)" data-x-high="([\d.]+)"', row)
        rows.append(
            {
                "name": html.unescape(re.search(r'<th scope="row">([^<]*)', row)[1]).strip(),
                "wins": int(cells[0]),
                "losses": int(cells[1]),
                "draws": int(cells[2]),
                "low": float(re.search(r'data-low="([\d.]+)"', svg)[1]),
                "high": float(re.search(r'data-high="([\d.]+)"', svg)[1]),
                "x_low": float(interval[1]),
                "x_high": float(interval[2]),
                "title": html.unescape(re.search(r"<title>([^<]*)</title>", row)[1]),
            }
        )
    return rows


def visible_step(content: str) -> tuple[int, str]:
    """The one step shown without JavaScript (the others carry `hidden`)."""
    chunks = re.split(r'(?=<div class="gf-step" )', content)[1:]
    shown = [chunk for chunk in chunks if " hidden>" not in chunk.split(">", 1)[0] + ">"]
    assert len(shown) == 1
    return int(re.match(r'<div class="gf-step" data-step="(\d+)"', shown[0])[1]), shown[0]


def sample_log(deck, opponent, *, seed: int) -> dict:
    """The sample game the page replays, played apart through the services."""
    request = MatchupRequest(
        game=deck.game,
        deck=match_deck(deck.game, deck=deck),
        opponents=[match_deck(deck.game, deck=opponent)],
        seed=seed,
    )
    return matchup_sample(request)


def percent(value: float) -> str:
    return f"{value * 100:.1f}%"


# --- Getting there ---------------------------------------------------------------------------


def test_the_deck_page_and_the_goldfish_page_link_to_test_against(client, owner, gauntlet):
    deck = make_deck(owner)
    matchup_url = reverse("engine:matchup", args=[deck.pk])
    compare_url = reverse("engine:compare", args=[deck.pk])
    detail = client.get(reverse("decks:detail", args=[deck.pk])).content.decode()
    assert matchup_url in detail and compare_url in detail
    goldfish = client.get(reverse("engine:deck", args=[deck.pk])).content.decode()
    assert matchup_url in goldfish


def test_the_form_offers_the_gauntlet_reference_own_and_public_decks(
    client, owner, gauntlet, django_assert_max_num_queries
):
    deck = make_deck(owner)
    mine = make_deck(owner, name="My other fire deck", visibility="private")
    stranger = User.objects.create_user("stranger", password="pw-stranger-123")
    public = make_deck(stranger, name="Someone's public deck")
    hidden = make_deck(stranger, name="Someone's private deck", visibility="private")
    digimon = make_deck(owner, game="digimon", name="A Digimon deck")
    client.force_login(owner)
    with django_assert_max_num_queries(8):
        response = matchup(client, deck)
    content = response.content.decode()
    assert response.status_code == 200
    assert '<option value="gauntlet" selected>' in content
    assert reference_decks("pad").count() >= 5  # one per attribute (issue 12)
    for reference in reference_decks("pad"):
        assert f'<option value="{reference.pk}">' in content
    assert f'<option value="{mine.pk}">' in content
    assert f'<option value="{public.pk}">' in content
    for absent in (hidden, digimon, deck):
        assert f'<option value="{absent.pk}"' not in content
    assert 'value="1000"' in content  # the default number of games
    assert "data-report" not in content and "data-replay" not in content


# --- The report ------------------------------------------------------------------------------


def selected_policy(content: str, select: str) -> list[str]:
    """The options the page marks as chosen in one policy select."""
    options = re.search(rf'<select name="{select}"[^>]*>(.*?)</select>', content, re.S)[1]
    return re.findall(r'<option value="([^"]+)"[^>]*\bselected>', options)


def test_the_form_keeps_the_policy_chosen_for_each_side_pad_7_3(client, owner, gauntlet):
    # A shared address must show the options its numbers were played with.
    response = run(client, make_deck(owner), policy="store", opponent_policy="random")
    content = response.content.decode()
    assert selected_policy(content, "policy") == ["store"]
    assert selected_policy(content, "opponent_policy") == ["random"]


def test_a_pad_deck_against_the_gauntlet(client, owner, gauntlet):
    deck = make_deck(owner)
    response = run(client, deck, seed=3)
    assert response.status_code == 200
    content = response.content.decode()

    # MATCH-1: one row per reference deck, each of the games asked for.
    rows = opponent_rows(content)
    assert [row["name"] for row in rows] == [d.name for d in reference_decks("pad")]
    for row in rows:
        assert row["wins"] + row["losses"] + row["draws"] == GAMES
        # The error bar is the 95 % Wilson interval of the row's own counts.
        low, high = wilson(row["wins"], GAMES)
        assert row["low"] == pytest.approx(low, abs=1e-4)
        assert row["high"] == pytest.approx(high, abs=1e-4)
        assert row["x_low"] == pytest.approx(low * WIDTH, abs=0.1)
        assert row["x_high"] == pytest.approx(high * WIDTH, abs=0.1)
        # …and says so to a screen reader (the report's figures have 4 places).
        assert percent(row["wins"] / GAMES) in row["title"]
        assert f"{percent(round(low, 4))}–{percent(round(high, 4))}" in row["title"]
        assert f"{row['wins']} wins in {GAMES} games" in row["title"]

    # The total is the sum of the rows, with its own interval.
    total = re.search(r"data-total>.*?</div>\s*</div>", content, re.S)[0]
    wins = sum(row["wins"] for row in rows)
    games = GAMES * len(rows)
    assert f'data-figure="wins">{wins}<' in total
    assert f'data-figure="draws">{sum(row["draws"] for row in rows)}<' in total
    low, high = wilson(wins, games)
    svg = re.search(r'<svg class="mu-bar"[^>]*>', total)[0]
    assert f'data-low="{round(low, 4)}"' in svg and f'data-high="{round(high, 4)}"' in svg
    assert 'data-figure="going_first"' in total and 'data-figure="going_second"' in total

    # Game length: mean, median, p10–p90 and a histogram of turns.
    assert 'data-chart="length"' in content
    assert re.search(r'data-figure="length_p10_p90">\d+–\d+<', content)

    # The per-card table: every card of the list, drawn and not drawn, with game counts.
    cards = re.search(r"<table [^>]*data-cards[^>]*>.*?</table>", content, re.S)[0]
    listed = {html.unescape(name) for name in re.findall(r'<tr data-card="([^"]*)"', cards)}
    assert listed >= {entry.card.name for entry in deck.entries.filter(zone="deck")}

    # Cards whose effects are not simulated, for both sides.
    section = re.search(r"data-not-simulated>.*?</div>", content, re.S)[0]
    assert "Mine" in section
    for row in rows:
        assert html.escape(row["name"]) in section


def test_too_few_games_are_shown_as_words_not_numbers(client, owner, gauntlet):
    """MATCH-1/MATCH-2: a rate behind fewer than 30 games shows "too few games"."""
    deck = make_deck(owner)
    reference = reference_decks("pad").first()
    content = run(client, deck, opponent=reference.pk, games=20).content.decode()
    cards = re.search(r"<table [^>]*data-cards[^>]*>.*?</table>", content, re.S)[0]
    rows = re.findall(r"<tr data-card=.*?</tr>", cards, re.S)
    assert rows
    for row in rows:
        cells = [html.unescape(c).strip() for c in re.findall(r"<td[^>]*>([^<]*)</td>", row)]
        *rates, in_hand = cells
        assert len(rates) == 6  # OH, GD, GIH, GNS, IWD, Played
        assert 0 <= int(in_hand) <= 20
        # GIH and GNS split 20 games: one side may reach 30 only with more games
        assert rates[2] == rates[3] == rates[4] == "too few games"


def test_card_statistics_table_reads_like_17lands(client, owner, gauntlet):
    """MATCH-2 on the page: OH, GD, GIH, GNS, IWD and Played columns, sortable, each
    figure coloured against the deck's win rate, with the correlation warning. The
    figures are the report's own (its JSON is on the page)."""
    deck = make_deck(owner)
    reference = reference_decks("pad").first()
    content = run(client, deck, opponent=reference.pk, games=200).content.decode()
    table = re.search(r"<table [^>]*data-cards[^>]*>.*?</table>", content, re.S)[0]
    assert "data-sortable" in table
    headings = [html.unescape(h) for h in re.findall(r'data-sort-column="\d+">([^<]*)<', table)]
    assert headings == ["OH WR", "GD WR", "GIH WR", "GNS WR", "IWD", "Played WR", "Games in hand"]
    report = json.loads(html.unescape(re.search(r"<pre>(.*?)</pre>", content, re.S)[1]))
    overall = report["win_rate"]["value"]
    rows = re.findall(r'<tr data-card="([^"]*)">(.*?)</tr>', table, re.S)
    by_name = {card["name"]: card for card in report["cards"]}
    checked = 0
    for name, row in rows:
        card = by_name.get(html.unescape(name))
        if card is None:  # the page names cards in the reader's language
            continue
        cells = re.findall(r'<td class="([^"]*)" title="[^"]*" data-sort="([^"]*)">', row)
        gih_class, gih_sort = cells[2]
        rate = card["in_hand_win_rate"]
        if rate == "too few games":
            assert gih_sort == "" and "help" in gih_class
            continue
        assert float(gih_sort) == rate["value"]
        # nine steps, 2.5 points apart, saturating at ±10 points from the deck's win rate
        difference = max(-0.10, min(0.10, rate["value"] - overall))
        assert f"wr-{round(difference / 0.025) + 5}" in gih_class.split()
        iwd_sort = cells[4][1]
        if card["iwd"] != "too few games":
            assert float(iwd_sort) == card["iwd"]["value"]
        checked += 1
    assert checked >= 5
    assert "data-correlation" in content and "deck doctor" in content


def test_a_digimon_deck_against_a_reference_deck(client, owner, gauntlet):
    deck = make_deck(owner, game="digimon")
    reference = reference_decks("digimon").first()
    response = run(client, deck, opponent=reference.pk, seed=2)
    assert response.status_code == 200
    content = response.content.decode()
    [row] = opponent_rows(content)
    assert row["name"] == reference.name
    assert row["wins"] + row["losses"] + row["draws"] == GAMES
    low, high = wilson(row["wins"], GAMES)
    assert (row["low"], row["high"]) == (round(low, 4), round(high, 4))
    assert "round cap" in content and "Game length in rounds" in content


def test_the_same_address_gives_the_same_numbers(client, owner, gauntlet):
    deck = make_deck(owner)

    def report():
        StoredRun.objects.all().delete()  # played again, not read back
        content = run(client, deck, seed=9, order="first").content.decode()
        return re.search(r"<section [^>]*data-report>.*?</section>", content, re.S)[0]

    first = report()
    assert first == report()
    rows = re.search(r"data-figure=\"going_second\">([^<]*)<", first)[1]
    assert rows == "–"  # PAD-7.3: every game going first


# --- The sample game ---------------------------------------------------------------------------


def test_the_replay_shows_both_boards_and_who_acted(client, owner, gauntlet):
    deck = make_deck(owner, name="Fire test deck")
    reference = reference_decks("pad").first()
    content = run(client, deck, opponent=reference.pk, sample=4).content.decode()
    replay = re.search(r"<section [^>]*data-replay.*?</section>\s*</article>", content, re.S)[0]
    steps = re.split(r'(?=<div class="gf-step" )', replay)[1:]
    assert len(steps) > 2
    log = sample_log(deck, reference, seed=4)
    assert len(steps) == len(log["snapshots"])
    for step, snapshot in zip(steps, log["snapshots"], strict=True):
        # the opponent's board above, the player's below, each with its life (PAD-3.2)
        sides = re.findall(r'data-side="(\w+)"', step)
        assert sides == ["opponent", "player"]
        lives = [int(n) for n in re.findall(r'data-side-life="(\d+)"', step)]
        assert lives == [len(snapshot["zones"][1]["life"]), len(snapshot["zones"][0]["life"])]
        assert step.count("data-board") == 2
    # Both players act in a game, and each event says who.
    assert 'data-player="0"' in replay and 'data-player="1"' in replay
    assert f"<strong>{html.escape(reference.name)}</strong>:" in replay
    assert "<strong>Fire test deck</strong>:" in replay
    assert re.search(r"data-outcome>Fire test deck (won|lost)|data-outcome>A draw", replay)


def test_the_replay_steps_without_javascript(client, owner, gauntlet):
    deck = make_deck(owner)
    reference = reference_decks("pad").first()
    content = run(client, deck, opponent=reference.pk, sample=4, step=3).content.decode()
    shown, step = visible_step(content)
    assert shown == 3
    assert re.search(r'rel="next" href="[^"]*step=4#replay"', step)
    assert re.search(r'rel="prev" href="[^"]*step=2#replay"', step)
    assert "js/goldfish.js" in content  # steps in place when scripts run


def test_each_row_links_to_a_game_against_that_opponent(client, owner, gauntlet):
    deck = make_deck(owner)
    content = run(client, deck).content.decode()
    names = [d.name for d in reference_decks("pad")]
    links = re.findall(r'href="([^"]*vs=(\d+)#replay)" data-watch', content)
    assert [int(index) for _, index in links] == list(range(len(names)))
    second = html.unescape(links[1][0])
    replay = client.get(second).content.decode()
    heading = re.search(r"<section [^>]*data-replay[^>]*>\s*<h2>([^<]*)</h2>", replay)[1]
    assert html.unescape(heading).endswith(f"against {names[1]}")


def test_a_digimon_replay_shows_both_sides_points(client, owner, gauntlet):
    deck = make_deck(owner, game="digimon", name="Agumon test deck")
    reference = reference_decks("digimon").first()
    content = run(client, deck, opponent=reference.pk, sample=2).content.decode()
    replay = re.search(r"<section [^>]*data-replay.*?</section>\s*</article>", content, re.S)[0]
    steps = re.split(r'(?=<div class="gf-step" )', replay)[1:]
    assert len(steps) > 2
    log = sample_log(deck, reference, seed=2)
    assert len(steps) == len(log["snapshots"])
    for step, snapshot in zip(steps, log["snapshots"], strict=True):
        assert re.findall(r'data-side="(\w+)"', step) == ["opponent", "player"]
        points = [int(n) for n in re.findall(r'data-side-points="(\d+)"', step)]
        assert points == snapshot["points"][::-1]  # the opponent's above (DGM-3.2)
        assert step.count('data-zone="digimon_box"') == 2
    assert re.findall(r'data-side-points="(\d+)"', steps[0]) == ["100", "100"]
    assert 'data-player="0"' in replay and 'data-player="1"' in replay
    assert "Round 1" in replay


def test_the_queries_do_not_grow_with_the_games(
    client, owner, gauntlet, django_assert_max_num_queries
):
    """A few queries per deck played (its cards, for the engine), none per game; storing
    the run (its key's card stamp, the look-up, the report and the sample game, each in a
    savepoint) takes at most ten more."""
    deck = make_deck(owner)
    client.force_login(owner)
    with django_assert_max_num_queries(60 + SLOT_QUERIES):
        assert run(client, deck, games=GAMES).status_code == 200
    with django_assert_max_num_queries(60 + SLOT_QUERIES):
        assert run(client, deck, games=4 * GAMES).status_code == 200


def test_a_digimon_report_lists_the_cards_played_on_assumed_values_first(client, owner, gauntlet):
    """Issue 25 (DGM-4.9): above the figures, per deck, how many cards play on assumed
    values and which. A Digimon whose loss table the catalogue does not hold plays the
    level's typical row: every such card of the deck is listed with "lost points"."""
    deck = make_deck(owner, game="digimon")
    reference = reference_decks("digimon").first()
    content = run(client, deck, opponent=reference.pk, seed=2).content.decode()
    block = re.search(r"data-assumed>.*?</div>", content, re.S)
    assert block and content.index("data-assumed>") < content.index("data-total>")
    mine = re.search(r'data-assumed-side="Mine">(.*?)</li>', block[0], re.S)[1]
    without_table = [
        entry.card
        for entry in deck.entries.select_related("card")
        if entry.card.kind == "digimon" and entry.card.lost_iii is None
    ]
    assert without_table, "the starter list holds Digimon with unknown loss tables"
    text = html.unescape(mine)
    for card in without_table:  # named in the reader's language (English here) or as stored
        shown = {card.name, card.name_en} - {None, ""}
        assert any(re.search(re.escape(n) + r" \([^)]*lost points", text) for n in shown), shown
    listed = int(re.search(r"(\d+) cards?", text)[1])
    assert listed >= len(without_table)
    assert f'data-assumed-side="{html.escape(reference.name)}"' in block[0]


def test_a_pad_report_has_no_assumed_values_block(client, owner, gauntlet):
    deck = make_deck(owner)
    reference = reference_decks("pad").first()
    content = run(client, deck, opponent=reference.pk, games=20).content.decode()
    assert "data-assumed>" not in content
