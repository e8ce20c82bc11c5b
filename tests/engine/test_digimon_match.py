"""DGM-6: two decks played in full, on constructed states and short real games.

Expected points come from the rules by hand: the loser loses from its own loss table at
the winner's level (DGM-4.5), a tie costs both 10, the winner attacks first next round
and a tie keeps the order (DGM-4.6).
"""

from __future__ import annotations

from random import Random

import pytest

from engine.core.cards import DeckSpec
from engine.core.errors import InvalidOptions
from engine.core.result import DRAW
from engine.digimon.cards import compile_deck
from engine.digimon.engine import DigimonEngine
from engine.digimon.policies import Policy
from engine.digimon.rules import LOST, TIED, WON, DigimonGame, Side
from tests.engine.digimon_factories import (
    AGUMON,
    ANDROMON,
    FILLER,
    GABUMON,
    GREYMON,
    digimon,
    option,
    step,
)

BIG_III = digimon(300, "Big III", "III", "B", (600, 600, 600), guard=None, lost=(10, 10, 10, 10))
BOOST = option(301, "Boost", timing="battle", effects=[step("play", "power_add", 100)])
HELPER = digimon(
    302, "Helper", "III", "A", (100, 100, 100), lost=(10, 10, 10, 10),
    effects=[step("support", "power_add", 50)],
)  # fmt: skip


class Plays(Policy):
    """Plays the named cards in the battle phase, one per turn, then passes."""

    def __init__(self, *names):
        super().__init__()
        self.names = list(names)

    def choose_battle_play(self, game):
        state = game.state
        while self.names:
            name = self.names.pop(0)
            for slot, card in enumerate(state.slots):
                if card is not None and card.name == name and not state.used[slot]:
                    return "option", slot
            for card in state.hand:
                if card.name == name:
                    return "support", card
        return None


def build_match(player: dict, rival: dict, *, policies=None, first=True) -> DigimonGame:
    """Both sides in the given position (zones as spec lists, bottom → top)."""
    compiled = []
    for zones in (player, rival):
        specs = [spec for zone in zones.values() for spec in zone if spec is not None]
        deck, cards = compile_deck(specs, 2, None)
        compiled.append(({card.spec: card for card in cards}, deck, cards))
    policies = policies or (Policy(), Policy())
    game = DigimonGame(
        compiled[0][1],
        Random(0),
        policies[0],
        Side(compiled[1][1], policies[1], compiled[1][2]),
        going_first=first,
        log={"events": [], "snapshots": []},
        cards=compiled[0][2],
    )
    for state, zones, (by_spec, _, _) in zip(game.sides, (player, rival), compiled, strict=True):
        for zone in ("box", "hand", "net_ocean", "dark_area"):
            setattr(state, zone, [by_spec[spec] for spec in zones.get(zone, ())])
        for index, spec in enumerate(zones.get("slots", ())):
            state.slots[index] = by_spec[spec]
        state.face_down = False
    game.round, game.phase = 1, "battle"
    return game


def fight(game: DigimonGame) -> DigimonGame:
    game.battle_phase()
    game.points_phase()
    return game


def mirror(card, copies=30) -> DeckSpec:
    return DeckSpec("digimon", (card,) * copies)


# --- DGM-6.1 / DGM-4.5: each side loses from its own table at the other's level -------
def test_dgm_6_1_the_player_loses_its_own_table_at_the_opponents_level():
    # Greymon (IV, letter A) attacks Big III with B 340; Big III attacks with A 600.
    game = fight(build_match({"box": [AGUMON, GREYMON]}, {"box": [BIG_III]}))
    assert game.outcome == LOST
    assert game.points == [100 - 20, 100]  # Greymon's own table at Level III: 20


def test_dgm_6_1_the_opponent_deck_loses_its_own_table_at_the_players_level():
    # Andromon (perfect, letter A; no printed table: a perfect's default 30/20/10/10)
    # attacks Big III with B 530 and loses to Big III's A 600: 30 at Level III.
    game = fight(build_match({"box": [BIG_III]}, {"box": [AGUMON, ANDROMON]}))
    assert game.outcome == WON
    assert game.points == [100, 100 - 30]


def test_dgm_6_1_a_tie_costs_both_decks_10():
    game = fight(build_match({"box": [AGUMON]}, {"box": [AGUMON]}))  # A 360 against A 360
    assert game.outcome == TIED and game.points == [90, 90]


# --- DGM-6.2 / DGM-4.6: the order of attack -------------------------------------------
@pytest.mark.parametrize("first", [True, False])
def test_dgm_6_2_the_winner_attacks_first_next_round(first):
    game = fight(build_match({"box": [AGUMON]}, {"box": [BIG_III]}, first=first))
    assert game.outcome == LOST and game.first is False
    assert game.order() == (1, 0)
    game = fight(build_match({"box": [BIG_III]}, {"box": [AGUMON]}, first=first))
    assert game.outcome == WON and game.first is True and game.order() == (0, 1)


@pytest.mark.parametrize("first", [True, False])
def test_dgm_6_2_a_tie_keeps_the_order(first):
    game = fight(build_match({"box": [AGUMON]}, {"box": [AGUMON]}, first=first))
    assert game.outcome == TIED and game.first is first


# --- DGM-4.4: options and supports alternate, the second attacker first ----------------
def test_dgm_4_4_plays_alternate_from_the_second_attacker_until_both_pass():
    game = build_match(
        {"box": [AGUMON], "hand": [HELPER], "slots": [BOOST]},
        {"box": [AGUMON], "slots": [BOOST]},
        policies=(Plays("Helper", "Boost"), Plays("Boost")),
        first=True,  # the player attacks first: the opponent deck plays first
    )
    game.battle_phase()
    plays = [
        (event["player"], event["action"], event["cards"])
        for event in game.log["events"]
        if event["action"] in ("use_option", "support", "pass")
    ]
    assert plays == [
        (1, "use_option", ["Boost"]),
        (0, "support", ["Helper"]),
        (1, "pass", []),
        (0, "use_option", ["Boost"]),
        (1, "pass", []),
        (0, "pass", []),
    ]
    assert game.battle.final() == (360 + 50 + 100, 360 + 100)


# --- DGM-4.8: each side's own lifespan ------------------------------------------------
def test_dgm_4_8_both_sides_end_their_own_lifespan():
    game = build_match(
        {"box": [AGUMON, GREYMON], "dark_area": [FILLER, GABUMON]},
        {"box": [AGUMON], "dark_area": [FILLER], "net_ocean": []},
    )
    fight(game)
    player, rival = game.sides
    assert [card.name for card in player.box] == ["Agumon"]
    assert sorted(card.name for card in player.net_ocean) == sorted(
        ["That Was a Good Time", "Gabumon", "Greymon"]
    )
    assert [card.name for card in rival.net_ocean] == ["That Was a Good Time"]
    assert player.dark_area == rival.dark_area == []
    assert (player.reshuffles, rival.reshuffles) == (1, 1)


def test_dgm_4_8_only_the_side_with_an_empty_net_ocean_ends_its_lifespan():
    game = build_match(
        {"box": [AGUMON], "net_ocean": [FILLER]}, {"box": [AGUMON], "dark_area": [GABUMON]}
    )
    fight(game)
    assert (game.sides[0].reshuffles, game.sides[1].reshuffles) == (0, 1)


# --- DGM-4.7 and DGM-6.3: the end of a game -------------------------------------------
def test_dgm_4_7_both_decks_at_0_in_the_same_round_is_a_draw():
    # Agumon against Agumon ties every round: 10 rounds of −10 each reach 0 together.
    match = DigimonEngine().prepare_match(
        mirror(AGUMON), mirror(AGUMON), policy="greedy", opponent_policy="greedy"
    )
    result = match.play(1, True, log=True)
    assert (result.outcome, result.length) == (DRAW, 10)
    assert result.log["result"] == {"outcome": "draw", "length": 10, "points": [0, 0]}


def test_dgm_6_3_a_game_still_going_at_the_round_cap_is_a_draw():
    match = DigimonEngine().prepare_match(
        mirror(AGUMON), mirror(AGUMON), policy="greedy", opponent_policy="random", turn_cap=3
    )
    result = match.play(2, False, log=True)
    assert (result.outcome, result.length) == (DRAW, 3)
    assert result.log["result"]["points"] == [70, 70]


def test_dgm_6_3_the_default_cap_is_60_rounds():
    assert DigimonEngine.default_match_cap == 60
    match = DigimonEngine().prepare_match(
        mirror(AGUMON), mirror(AGUMON), policy="greedy", opponent_policy="greedy"
    )
    assert match.turn_cap == 60


# --- the contract ------------------------------------------------------------------------
def test_the_goldfish_opponent_option_is_refused_in_a_matchup():
    with pytest.raises(InvalidOptions, match="opponent"):
        DigimonEngine().prepare_match(
            mirror(AGUMON),
            mirror(AGUMON),
            policy="greedy",
            opponent_policy="greedy",
            opponent_options={"opponent": GABUMON},
        )


def test_each_deck_takes_its_own_assumed_circles():
    deck = DeckSpec("digimon", (AGUMON,) * 20 + (GREYMON,) * 10)
    match = DigimonEngine().prepare_match(
        deck, deck, policy="greedy", opponent_policy="greedy",
        options={"assumed_circles": 0}, opponent_options={"assumed_circles": 3},
    )  # fmt: skip
    # Greymon prints its ○○: an assumed count never replaces a printed one
    assert {card.need for card in match.cards if card.name == "Greymon"} == {2}


def test_drawn_marks_the_names_that_were_in_the_players_hand():
    deck = DeckSpec("digimon", (AGUMON,) * 29 + (GABUMON,))
    match = DigimonEngine().prepare_match(  # one round: the deal counts, not only draws
        deck, mirror(AGUMON), policy="greedy", opponent_policy="greedy", turn_cap=1
    )
    assert match.card_names == ("Agumon", "Gabumon")
    for seed in range(100):
        result = match.play(seed, True, log=True)
        hands = {  # what the log says reached the player's hand: the deal and the draws
            name
            for event in result.log["events"]
            if event["player"] == 0 and event["action"] in ("deal_hand", "draw")
            for name in event["cards"]
        }
        expected = sum(1 << i for i, name in enumerate(match.card_names) if name in hands)
        assert result.drawn == expected
