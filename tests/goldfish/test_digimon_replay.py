"""The Digimon replay as a reader sees it (issue 15, items 3 and 1).

Battle sentences are checked against the printed cards by hand: each Digimon attacks with
its attack of the other's battle letter (DGM-4.4), the lower power loses points by its own
table at the winner's level, a tie costs both 10 (DGM-4.5), and the goldfish dummy loses
III 30 / IV 20 / perfect 10 / ultimate 10 (DGM-5). Card names are picked when the page is
drawn, so one stored log or report reads "Agumon" in English and 攻击组件A in 简体.
"""

from __future__ import annotations

import json
import re

import pytest
from django.urls import reverse
from django.utils import translation

from cards.models import Card
from decks.reference import reference_decks
from engine.convert import deck_spec
from engine.matchup_services import MatchupRequest, match_deck, matchup_report
from engine.reader_names import reader_names, report_card_names
from engine.replay import card_map, replay_steps
from engine.services import GoldfishRequest, entries_for, goldfish_sample
from engine.views.match_report import matchup_context
from tests.decklists import digimon_list
from tests.goldfish.saved_decks import SLOT_QUERIES, make_deck

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("empty_cache")]

DUMMY_LOSES = {"III": 30, "IV": 20, "perfect": 10, "ultimate": 10}  # DGM-5
TIE_LOSS = 10  # DGM-4.5
PLUG_IN = "St-49"  # stored as 攻撃プラグインＡ, also 攻击组件A and Offense Plug-In A


def with_plug_in() -> str:
    """The starter list with its last perfect Digimon's copies swapped for the plug-in."""
    lines = digimon_list().splitlines()
    count = lines[-1].split()[0]
    return "\n".join([*lines[:-1], f"{count} {PLUG_IN}"])


KATAKANA = re.compile(r"[\u30a0-\u30ff]")


def sentences(log: dict, deck, language: str = "en") -> list[str]:
    """Every event of the log as the page says it, in the log's order."""
    specs = deck_spec("digimon", entries_for("digimon", deck=deck)).cards()
    with translation.override(language):
        names = reader_names("digimon", report_card_names(log), specs)
        steps = replay_steps(log, card_map(specs), names)
        return [text for step in steps for text in step["events"]]


def card(stored_name: str) -> Card:
    return Card.objects.filter(game="digimon", name=stored_name).order_by("pk").first()


def power(digimon: Card, letter: str) -> int:
    return digimon.attacks.get(letter=letter).power


def battles(log: dict):
    """(attack event, compare event, points event, index of the points event) per round."""
    attack = compare = None
    for index, event in enumerate(log["events"]):
        if event["action"] == "attack":
            attack = event
        elif event["action"] == "compare":
            compare = event
        elif event["action"] == "points":
            yield attack, compare, event, index


@pytest.mark.parametrize("seed", [1, 2])
def test_the_dummy_loses_its_dgm_5_points_in_the_battle_sentence(owner, catalogue, seed):
    deck = make_deck(owner, game="digimon")
    log = goldfish_sample(
        GoldfishRequest(game="digimon", entries=entries_for("digimon", deck=deck), seed=seed)
    )
    said = sentences(log, deck)
    checked, left = 0, 100  # the dummy's points (DGM-3.2)
    for attack, compare, _points, index in battles(log):
        if compare["power"] != attack["power"]:
            break  # an effect changed the powers: the printed figures no longer apply
        mine = card(attack["cards"][0])
        # The dummy's battle letter is A (DGM-5): the Digimon attacks with its A attack. Its
        # points never go below 0 (DGM-4.7): the last win takes what is left.
        loss = min(DUMMY_LOSES[mine.level], left)
        left -= loss
        expected = (
            f"{mine.name_en}'s A attack, {power(mine, 'A')}, beats Goldfish dummy's 0: "
            f"the opponent loses {loss} points."
        )
        assert said[index] == expected
        checked += 1
    assert checked >= 3
    assert "Won: the opponent is at 0 points." in said


def test_a_named_digimon_wins_loses_and_ties_by_dgm_4_5(owner, catalogue):
    """Against St-1 Agumon (battle type A, A 360): whoever has the higher power wins, and
    the loser's own table at the winner's level says the points lost."""
    deck = make_deck(owner, game="digimon")
    agumon = Card.objects.get(game="digimon", number="St-1")
    outcomes = set()
    for seed in range(1, 6):
        run = GoldfishRequest(
            game="digimon", entries=entries_for("digimon", deck=deck), seed=seed, opponent="St-1"
        )
        log = goldfish_sample(run)
        said = sentences(log, deck)
        left = {"you": 100, "it": 100}  # DGM-3.2; never below 0 (DGM-4.7)
        for attack, compare, _points, index in battles(log):
            mine = card(attack["cards"][0])
            if compare["power"] != attack["power"] or mine.battle_type == "C":
                break  # effects, or Agumon's C guard (DGM-4.4): not the printed figures
            my_power, its_power = power(mine, "A"), power(agumon, mine.battle_type)
            if my_power > its_power:
                outcomes.add("won")
                loss = min(agumon.lost_points[mine.level], left["it"])
                left["it"] -= loss
                expected = (
                    f"{mine.name_en}'s A attack, {my_power}, beats Agumon's {its_power}: "
                    f"the opponent loses {loss} points."
                )
            elif my_power < its_power:
                outcomes.add("lost")
                loss = min(mine.lost_points["III"], left["you"])
                left["you"] -= loss
                expected = (
                    f"Agumon's {mine.battle_type} attack, {its_power}, beats "
                    f"{mine.name_en}'s {my_power}: you lose {loss} points."
                )
            else:
                outcomes.add("tied")
                left = {side: max(0, points - TIE_LOSS) for side, points in left.items()}
                expected = (
                    f"{mine.name_en}'s {my_power} ties with Agumon's {its_power}: "
                    f"both lose {TIE_LOSS} points."
                )
            assert said[index] == expected
    assert {"won", "tied"} <= outcomes


def test_no_sentence_dumps_the_log(owner, catalogue):
    deck = make_deck(owner, game="digimon", text=with_plug_in())
    log = goldfish_sample(
        GoldfishRequest(game="digimon", entries=entries_for("digimon", deck=deck), seed=3)
    )
    for language in ("en", "zh-hant", "zh-hans"):
        for text in sentences(log, deck, language):
            assert not re.search(r"True|False|None|_|\{|\[", text), text
            assert not KATAKANA.search(text), text


def test_one_stored_log_shows_each_reader_their_names(owner, catalogue):
    """The log is stored with the cards' first names (Japanese); the sheet and the events
    name them in the page's language when drawn."""
    deck = make_deck(owner, game="digimon", text=with_plug_in())
    log = json.loads(
        json.dumps(
            goldfish_sample(
                GoldfishRequest(game="digimon", entries=entries_for("digimon", deck=deck), seed=3)
            )
        )
    )
    plug_in = Card.objects.get(game="digimon", number=PLUG_IN)
    assert plug_in.name == "攻撃プラグインＡ" and plug_in.name in json.dumps(
        log, ensure_ascii=False
    )
    specs = deck_spec("digimon", entries_for("digimon", deck=deck)).cards()
    shown = {}
    for language in ("en", "zh-hant", "zh-hans"):
        with translation.override(language):
            names = reader_names("digimon", report_card_names(log), specs)
            steps = replay_steps(log, card_map(specs), names)
        chips = [
            chip["name"]
            for step in steps
            for side in step["sheets"]
            for zone in ("hand", "dark_area", "box")
            for chip in side["sheet"][zone]
        ]
        shown[language] = set(chips)
    assert {"Agumon", "Offense Plug-In A"} <= shown["en"]
    assert {"Agumon", "攻擊組件A"} <= shown["zh-hant"]  # 攻击组件A in Traditional (OpenCC)
    assert {"Agumon", "攻击组件A"} <= shown["zh-hans"]
    for names in shown.values():
        assert "アグモン" not in names and plug_in.name not in names


def test_a_stored_matchup_report_names_cards_by_the_readers_language(owner, gauntlet):
    """A report kept as JSON (a job's) shows its per-card rows in each reader's language."""
    deck = make_deck(owner, game="digimon", text=with_plug_in())
    opponent = reference_decks("digimon").first()
    run = MatchupRequest(
        game="digimon",
        deck=match_deck("digimon", deck=deck),
        opponents=[match_deck("digimon", deck=opponent)],
        games=4,
    )
    report = json.loads(json.dumps(matchup_report(run)))
    rows = {}
    for language in ("en", "zh-hans"):
        with translation.override(language):
            rows[language] = {row["name"] for row in matchup_context(report)["card_table"]["rows"]}
    assert {"Agumon", "Offense Plug-In A"} <= rows["en"]
    assert {"Agumon", "攻击组件A"} <= rows["zh-hans"]
    assert not any(KATAKANA.search(name) for names in rows.values() for name in names)


def test_the_digimon_pages_query_a_bounded_number_of_times(
    client, owner, gauntlet, django_assert_max_num_queries
):
    """The names of every card of the report and the sample game cost one query, whatever
    the number of games or steps."""
    deck = make_deck(owner, game="digimon", text=with_plug_in())
    opponent = reference_decks("digimon").first()
    goldfish = reverse("engine:deck", args=[deck.pk])
    matchup = reverse("engine:matchup", args=[deck.pk])
    for games in (10, 40):
        with django_assert_max_num_queries(14 + SLOT_QUERIES):
            response = client.get(goldfish, {"run": "1", "games": games, "sample": games})
        assert response.status_code == 200 and b"data-sheet" in response.content
        with django_assert_max_num_queries(30 + SLOT_QUERIES):
            response = client.get(
                matchup, {"run": "1", "games": games, "opponent": opponent.pk, "sample": games}
            )
        assert response.status_code == 200 and response.content.count(b"data-sheet") > 2
