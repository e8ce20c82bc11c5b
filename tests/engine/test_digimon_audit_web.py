"""Digimon rule fixes from the line-by-line audit of issue 12, on the web path: real cards
of the catalogue (fixtures/, `load_catalogue`) read by engine/convert.py, as the site and
the API hand them to the engine."""

from __future__ import annotations

import pytest

from cards.models import Card
from decks.rules import EntryInput
from engine.convert import card_spec, deck_spec
from engine.digimon.cards import DigimonCard
from engine.digimon.engine import DigimonDeck
from tests.engine.digimon_factories import FILLER, build_game

pytestmark = pytest.mark.django_db


def catalogued(number: str) -> Card:
    return Card.objects.get(game="digimon", number=number)


# --- DGM-1.2 / DGM-4.8: an option's duration reaches the engine ----------------------
def test_dgm_1_2_an_options_duration_survives_convert(catalogue):
    """R-028 網絡密碼! prints a duration ("3 rounds"); engine/convert.py dropped it."""
    spec = card_spec(catalogued("R-028"))
    assert spec.data["duration"] == "3 rounds"


def test_dgm_4_8_a_site_option_lasting_until_lifespan_end_lasts(catalogue):
    """R-032 钢铁矿山 (+200 to earth-background Digimon) edited on the site to last
    "until lifespan end": from the web path it stays in its slot and applies in the next
    battle too (DGM-4.8), as the directly-built test cards of test_digimon_round do."""
    mine = catalogued("R-032")
    mine.duration = "until lifespan end"
    mine.save()
    scene = card_spec(catalogued("R-032"))
    assert DigimonCard(scene).lifespan
    earth = catalogued("St-1")  # Agumon
    earth.background = "earth"
    earth.save()
    agumon = card_spec(catalogued("St-1"))
    game = build_game(box=[agumon], slots=[scene], net_ocean=[FILLER] * 5, phase="evolution")
    game.use_option(0)
    game.phase = "battle"
    game.battle_phase()
    assert game.battle.power[0] == 360 + 200
    game.points_phase()
    assert game.state.lasting == [True, False, False]
    game.evolution_phase()
    game.battle_phase()
    assert game.battle.power[0] == 360 + 200  # without using it again


# --- DGM-4.3 (unknown requirement): a blank evolves-from is unknown -------------------
def site_deck(numbers: dict[str, int], **options) -> DigimonDeck:
    entries = [EntryInput(catalogued(n).pk, quantity) for n, quantity in numbers.items()]
    spec = deck_spec("digimon", entries)
    return DigimonDeck(spec, policy="greedy", turn_cap=30, options=options or None)


BIRDRAMON_DECK = {"St-1": 3, "St-3": 3, "St-4": 3, "St-2": 3, "St-49": 3, "St-50": 3}
BIRDRAMON_DECK |= {"St-51": 3, "St-57": 3, "St-5": 3, "St-6": 3}


@pytest.mark.parametrize("blank", ["", " ", "\u3000"])
def test_dgm_4_3_a_blank_evolves_from_from_the_site_is_an_assumed_requirement(catalogue, blank):
    """St-4 バードラモン has no catalogued evolves-from: the site stores "" (an import
    that bypasses the form's stripping can store blanks). Given a printed ○ count, the
    blank name alone must still make it evolve from any Level III (the assumed
    requirement of engine/digimon/cards.py) and list it as assumed."""
    birdramon = catalogued("St-4")
    birdramon.evolves_from_name = blank
    birdramon.evo_circles, birdramon.evo_crosses = 1, 0
    birdramon.save()
    deck = site_deck(BIRDRAMON_DECK)
    assert "バードラモン" in deck.assumed_requirements
    assert "グレイモン" not in deck.assumed_requirements  # St-2 prints `アグモン ○○`
    compiled = {card.name: card for card in deck.cards}
    assert compiled["バードラモン"].evolves_from(compiled["アグモン"])
    assert compiled["バードラモン"].evolves_from(compiled["ピヨモン"])
    assert not compiled["グレイモン"].evolves_from(compiled["ピヨモン"])


# --- Decision DGM-4.9: an unknown C effect guards A, and is listed ------------------
def test_dgm_4_9_an_unknown_c_effect_guards_a_in_battle(catalogue):
    """St-12 イッカクモン (IV, battle letter A) prints no C effect in the catalogue. Against
    St-10 トゲモン (battle letter C) it attacks with its C (150) and Togemon with its A
    (380): played as a guard, its C turns Togemon's A to 0 and it wins the battle."""
    gomamon, ikkakumon, togemon = (card_spec(catalogued(n)) for n in ("St-11", "St-12", "St-10"))
    game = build_game(box=[gomamon, ikkakumon], opponent=togemon, phase="battle")
    assert game.state.top.assumed_guard and game.opponent.assumed_guard
    game.battle_phase()
    assert game.battle.final() == (150, 0)
    game.points_phase()
    assert game.points == [100, 90]  # Togemon's assumed IV row loses 10 to a IV


def test_dgm_4_9_printed_effect_text_without_a_cancel_is_no_guard(catalogue):
    ikkakumon = catalogued("St-12")
    ikkakumon.attacks.filter(letter="C").update(effect="Draw 1 card.")
    card = DigimonCard(card_spec(catalogued("St-12")))
    assert not card.assumed_guard and card.cancels[2] == -1
    printed = DigimonCard(card_spec(catalogued("St-11")))  # Gomamon: a printed guard
    assert not printed.assumed_guard and printed.cancels[2] == 0


def test_dgm_4_9_assumed_guards_are_listed_in_the_report(catalogue):
    deck = site_deck(BIRDRAMON_DECK)
    header = site_deck(BIRDRAMON_DECK, opponent=card_spec(catalogued("St-10"))).report_header()
    assert deck.report_header()["assumed_guards"] == ["ガルルモン", "バードラモン"]
    assert header["assumed_guards"] == ["ガルルモン", "バードラモン"]  # not the printed guards
    assert header["opponent"]["guard_assumed"] is True
    assert deck.report_header()["opponent"]["guard_assumed"] is False  # the DGM-5 dummy
    assert deck.log_header(1, True)["assumed_guards"] == ["ガルルモン", "バードラモン"]


def test_dgm_4_9_every_digimon_of_the_catalogue_guards_unless_its_c_is_known(catalogue):
    """71 of the 87 catalogued Digimon print no C effect: all of them now guard A."""
    cards = [DigimonCard(card_spec(card)) for card in Card.objects.filter(kind="digimon")]
    assumed = [card for card in cards if card.assumed_guard]
    assert (len(cards), len(assumed)) == (87, 71)
    assert all(card.cancels[2] == 0 for card in cards)
