"""Digimon rule fixes from the line-by-line audit of issue 12, on the web path: real cards
of the catalogue (fixtures/, `load_catalogue`) read by engine/convert.py, as the site and
the API hand them to the engine."""

from __future__ import annotations

import pytest

from cards.models import Card
from engine.convert import card_spec
from engine.digimon.cards import DigimonCard
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
