"""DGM-2 (what the engine refuses), DGM-3 setup, DGM-5 opponent and the engine's options."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from engine.core.api import POLICIES, play_game, run_batch
from engine.core.cards import DeckSpec
from engine.core.errors import InvalidDeck, InvalidOptions, UnknownPolicy
from engine.digimon.cards import DUMMY_LOST, DUMMY_NAME
from engine.digimon.engine import DigimonDeck
from tests.engine.digimon_factories import (
    AGUMON,
    GABUMON,
    GREYMON,
    PLUG_A,
    WAR_GREYMON,
    starter_deck,
)
from tests.engine.factories import LIL_RED


def prepared(deck=None, policy="greedy", **options) -> DigimonDeck:
    return DigimonDeck(deck or starter_deck(), policy=policy, turn_cap=30, options=options)


def test_digimon_registers_greedy_rush_and_random_policies():
    assert set(POLICIES["digimon"]) == {"greedy", "rush", "random", "search", "search-strong"}
    assert POLICIES["digimon"]["random"] == "plays uniformly at random among legal actions"


def test_dgm_3_setup_puts_a_level_iii_in_the_box_one_card_on_the_gauge_and_deals_6():
    log = play_game(starter_deck(), seed=5, log=True, turn_cap=1).log
    setup = log["snapshots"][0]
    assert setup["phase"] == "setup" and setup["round"] == 0
    zones = setup["zones"]
    assert zones["digimon_box"] == [log["level_iii"]] and zones["box_face_down"]  # DGM-3.1
    assert len(zones["point_gauge"]) == 1  # DGM-3.2
    assert len(zones["hand"]) == 6 and len(zones["net_ocean"]) == 22  # DGM-3.3
    assert setup["points"] == {"player": 100, "opponent": 100}
    names = zones["hand"] + zones["net_ocean"] + zones["point_gauge"] + zones["digimon_box"]
    assert Counter(names) == Counter(card.name for card in starter_deck().deck)


def test_dgm_3_1_greedy_boxes_the_level_iii_with_the_most_evolutions():
    # Greymon names Agumon (○○); Garurumon's requirement is unknown: any Level III
    assert prepared().level_iii == "Agumon"
    assert prepared(policy="rush").level_iii == "Agumon"


def test_dgm_3_1_the_level_iii_turns_up_in_the_first_evolution_phase():
    log = play_game(starter_deck(), seed=5, log=True, turn_cap=1).log
    first = [s for s in log["snapshots"] if s["phase"] == "evolution"][0]
    assert not first["zones"]["box_face_down"]
    assert any(e["action"] == "turn_up" for e in log["events"] if e["phase"] == "evolution")


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (DeckSpec("digimon", (GREYMON,) * 30), "DGM-2.4"),
        (DeckSpec("digimon", (AGUMON,) * 29 + (LIL_RED,)), "DGM-2.5"),
        (DeckSpec("digimon", (AGUMON,) * 7), "DGM-3"),
        (DeckSpec("digimon", (AGUMON,) * 30, (AGUMON,)), "team"),
        (DeckSpec("pad", (AGUMON,) * 30), "Not a Digimon deck"),
    ],
)
def test_decks_the_engine_cannot_play_are_refused(deck, message):
    with pytest.raises(InvalidDeck, match=message):
        prepared(deck)


def test_drafts_that_break_only_deck_construction_rules_still_play():
    # DGM-2.1/2.2/2.3 are the validator's: 12 cards, 6 copies, 6 ultimates still play
    draft = DeckSpec("digimon", (AGUMON,) * 6 + (WAR_GREYMON,) * 6)
    assert play_game(draft, seed=1).turns >= 1


def test_dgm_5_the_default_opponent_is_the_passive_dummy():
    header = prepared().report_header()["opponent"]
    assert header["name"] == DUMMY_NAME
    assert (header["level"], header["battle_type"]) == ("III", "A")
    assert set(header["power"].values()) == {0}
    assert tuple(header["lost_points"].values()) == DUMMY_LOST == (30, 20, 10, 10)


def test_dgm_5_a_named_catalogued_opponent_sits_in_the_box():
    result = play_game(starter_deck(), seed=3, log=True, options={"opponent": GABUMON})
    log = result.log
    assert log["opponent"]["name"] == "Gabumon" and log["opponent"]["battle_type"] == "B"
    assert {tuple(s["opponent"]["digimon_box"]) for s in log["snapshots"]} == {("Gabumon",)}
    assert all(e["cards"][1] == "Gabumon" for e in log["events"] if e["action"] == "attack")


def test_a_schema_dict_is_accepted_as_opponent():
    schema = {
        "game": "digimon",
        "kind": "digimon",
        "name": "Andromon",
        "level": "perfect",
        "battle_type": "A",
        "attacks": {"A": {"power": 490}, "B": {"power": 530}, "C": {"power": 190}},
    }
    report = run_batch(starter_deck(), games=20, seed=1, options={"opponent": schema})
    assert report["opponent"]["name"] == "Andromon"
    assert report["opponent"]["lost_points"] == {"III": 30, "IV": 20, "perfect": 10, "ultimate": 10}
    assert report["opponent"]["lost_points_assumed"] is True


@pytest.mark.parametrize(
    "options",
    [
        {"store_target": 3},
        {"opponent": PLUG_A},
        {"opponent": LIL_RED},
        {"opponent": "Agumon"},
        {"opponent": dataclasses.replace(AGUMON, data={"battle_type": "A"})},
        {"assumed_circles": -1},
        {"assumed_circles": 11},
        {"assumed_circles": True},
    ],
)
def test_bad_options_are_refused(options):
    with pytest.raises(InvalidOptions):
        prepared(**options)


def test_unknown_policy_and_turn_cap_are_refused():
    with pytest.raises(UnknownPolicy):
        prepared(policy="store")
    with pytest.raises(InvalidOptions):
        DigimonDeck(starter_deck(), policy="greedy", turn_cap=0, options=None)


def test_assumed_circles_sets_the_unknown_requirement_count():
    free = prepared(assumed_circles=0)
    costly = prepared(assumed_circles=3)
    by_name = {card.name: card for card in free.cards}
    assert by_name["Garurumon"].need == 0 and by_name["Greymon"].need == 2  # printed ○○
    assert {card.name: card.need for card in costly.cards}["Garurumon"] == 3
