"""DGM-6 on the catalogue's real cards: a real evolving deck beats decks of Level IIIs
that cannot evolve, and the greedy policy's battle-aware evolution choices behind it.

Why the first pass lost: battles follow the letter triangle of DGM-4.4. Against a Level
III of letter C the evolved Digimon attacks with its C attack (150–250) while the Level
III answers with the B or C attack the evolved Digimon's letter names (Gekomon: B 390,
C 200), so a perfect of letter B or C loses and its owner loses 30 (DGM-4.5), while
Agumon (letter A) wins: its C guard turns Gekomon's A attack (450) to 0 (DGM-4.9). The
greedy policy now evolves only as far as the battle against the visible opponent is won.
"""

from __future__ import annotations

import json
import tomllib
from functools import cache
from pathlib import Path

import pytest

from engine.core.cards import CardSpec, DeckSpec, spec_from_schema
from engine.core.intervals import wilson
from engine.core.result import WIN
from engine.digimon.engine import DigimonEngine
from engine.digimon.policies import GreedyPolicy, expected_opponent
from tests.engine.digimon_factories import build_game

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
GAMES = 2_000


@cache
def by_number() -> dict[str, CardSpec]:
    """Every card of fixtures/digimon.json by number; `evolves_from` linked by name."""
    cards = json.loads((FIXTURES / "digimon.json").read_text(encoding="utf-8"))
    ids: dict[str, int] = {}
    for index, card in enumerate(cards, start=1):
        ids.setdefault(card["name"], index)
    return {
        card["number"]: spec_from_schema(
            card, id=index, evolves_from=ids.get(card.get("evolves_from") or "")
        )
        for index, card in enumerate(cards, start=1)
    }


def reference_deck(name: str) -> DeckSpec:
    """A Digimon reference deck of fixtures/reference_decks.toml; an English name is the
    earliest printing of that name, as the site's list import resolves it."""
    cards = json.loads((FIXTURES / "digimon.json").read_text(encoding="utf-8"))
    first: dict[str, str] = {}
    for card in cards:
        first.setdefault(card["names"].get("en") or card["name"], card["number"])
    decks = tomllib.loads((FIXTURES / "reference_decks.toml").read_text(encoding="utf-8"))
    (entry,) = [d for d in decks["deck"] if d["game"] == "digimon" and d["name"] == name]
    specs = []
    for line in entry["list"].strip().splitlines():
        count, card_name = line.split(" ", 1)
        specs += [by_number()[first[card_name.strip()]]] * int(count)
    return DeckSpec(game="digimon", deck=tuple(specs))


def level_iii_deck(numbers: tuple[str, ...]) -> DeckSpec:
    """Three of each listed Level III (DGM-2: 30 cards, at most 3 per name)."""
    return DeckSpec(game="digimon", deck=tuple(by_number()[n] for n in numbers for _ in range(3)))


# Gekomon (St-27, C: A 450 / B 390 / C 200) has the highest printed attacks of any Level
# III: the greedy opponent puts it in its box (DGM-3.1). The starter-set Level IIIs
# without it: the opponent fields Patamon (St-13, B: A 360 / B 250 / C 150).
WITH_GEKOMON = ("St-27", "St-1", "St-3", "St-5", "St-7", "St-9", "St-11", "St-13", "St-18", "St-23")
STARTER_IIIS = ("St-1", "St-3", "St-5", "St-7", "St-9", "St-11", "St-13", "St-18", "St-23", "St-24")


@pytest.mark.parametrize("level_iiis", [WITH_GEKOMON, STARTER_IIIS], ids=["gekomon", "starter"])
def test_dgm_6_the_agumon_line_beats_unevolvable_level_iiis_in_95_percent_of_games(level_iiis):
    match = DigimonEngine().prepare_match(
        reference_deck("Agumon line"),
        level_iii_deck(level_iiis),
        policy="greedy",
        opponent_policy="greedy",
    )
    wins = sum(match.play(seed, seed % 2 == 0).outcome == WIN for seed in range(GAMES))
    low, _ = wilson(wins, GAMES)
    assert low >= 0.95, (wins, low)


def test_greedy_stops_the_chain_where_the_battle_against_the_visible_level_iii_is_won():
    cards = by_number()
    agumon, greymon, skull, gekomon = cards["St-1"], cards["St-2"], cards["St-32"], cards["St-27"]
    game = build_game(
        box=[agumon],
        hand=[greymon, skull],
        net_ocean=[cards["St-57"]] * 10,
        policy=GreedyPolicy(),
        opponent=gekomon,
    )
    game.policy.plan_evolution(game)
    # Skull Greymon (C) would attack with C 150 against Gekomon's C 200 and lose 30;
    # Greymon (A) attacks with C 200 and its guard turns Gekomon's A 450 to 0: a win.
    assert [card.name for card in game.state.evolving] == [greymon.name]


def test_greedy_still_evolves_as_far_as_it_can_when_the_whole_chain_wins():
    cards = by_number()
    agumon, greymon, skull, patamon = cards["St-1"], cards["St-2"], cards["St-32"], cards["St-13"]
    game = build_game(
        box=[agumon],
        hand=[greymon, skull],
        net_ocean=[cards["St-57"]] * 10,
        policy=GreedyPolicy(),
        opponent=patamon,
    )
    game.policy.plan_evolution(game)
    # Skull Greymon attacks with B 430 against Patamon's C 150 (its guard cancels A only).
    assert [card.name for card in game.state.evolving] == [greymon.name, skull.name]


def test_greedy_gives_up_a_link_that_loses_once_the_opponent_is_seen():
    cards = by_number()
    agumon, greymon, skull, gekomon = cards["St-1"], cards["St-2"], cards["St-32"], cards["St-27"]
    filler = cards["St-57"]
    game = build_game(
        box=[agumon],
        evolving=[(greymon, [filler, filler]), (skull, [filler, filler])],
        policy=GreedyPolicy(),
        opponent=gekomon,
        phase="evolution",
    )
    game.evolution_phase()
    assert [card.name for card in game.state.box] == [agumon.name, greymon.name]
    assert game.failures == [0, 0, 0, 1]  # Skull Greymon given up (DGM-4.2)


def test_the_greedy_policy_does_not_read_a_face_down_level_iii():
    cards = by_number()
    game = build_game(box=[cards["St-1"]], opponent=cards["St-27"], policy=GreedyPolicy())
    game.sides[1].face_down = True
    assert expected_opponent(game) is None
    game.sides[1].face_down = False
    assert expected_opponent(game).name == cards["St-27"].name
