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
def site_deck(numbers: dict[str, int]) -> DigimonDeck:
    entries = [EntryInput(catalogued(n).pk, quantity) for n, quantity in numbers.items()]
    spec = deck_spec("digimon", entries)
    return DigimonDeck(spec, policy="greedy", turn_cap=30, options=None)


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
