"""Rule fixes of the line-by-line audit (issue 12), PAD.

The PAD-5.2 and PAD-4.3 tests failed on the code before the fix; the PAD-1.1 tests fail
when the engine stops moving the requirement card from hand to discard (either half).
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

from engine.core.cards import DeckSpec, spec_from_schema, specs_from_schema
from engine.pad import effects
from engine.pad.engine import PadDeck
from engine.pad.rules import PadGame
from tests.engine.factories import LIL_RED, Scripted, build_game, catalogue_entry, orb, real

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "pad.json"

FIRE_A = orb("fire", "water")
FIRE_B = orb("fire", "wood")
FIRE_C = orb("fire", "light")
OTHER = orb("dark", "heart")


def names(cards) -> list[str]:
    return [card.name for card in cards]


# --- PAD-5.2 (decision updated): every column of a counted colour is cleaned -----------


def test_pad_5_2_a_second_column_of_the_same_colour_is_cleaned_and_not_combo_again():
    game = build_game(
        [LIL_RED],
        deck=[OTHER, OTHER],
        columns=([FIRE_A, FIRE_B, FIRE_C], [FIRE_C, FIRE_B, FIRE_A], [OTHER]),
        policy=Scripted([2, 2]),
    )
    game.combo_step()
    assert game.combos == 1
    game.cleanup_phase()
    # PAD-4.6: both fire columns keep only their top (last placed) card
    assert [names(column) for column in game.state.columns] == [
        [FIRE_C.name],
        [FIRE_A.name],
        [OTHER.name, OTHER.name],
    ]
    # next turn, the second column has no free fire combo left
    game.turn += 1
    game.made_mask = game.combos = 0
    game.combo_step()
    assert game.combos == 0


def test_pad_5_2_a_chain_card_completing_a_colour_already_counted_cleans_its_column():
    # fire is counted in column 0; the chain card completes fire in column 1 too
    game = build_game(
        [LIL_RED],
        deck=[FIRE_B],
        columns=([FIRE_A, FIRE_B, FIRE_C], [FIRE_A, FIRE_C], [OTHER]),
        policy=Scripted([1]),
    )
    game.combo_step()
    assert game.combos == 1 and game.combo_columns == [True, True, False]
    game.cleanup_phase()
    assert [names(column) for column in game.state.columns] == [
        [FIRE_C.name],
        [FIRE_B.name],
        [OTHER.name],
    ]


# --- PAD-4.3: "evolve it for 1 less cost" evolves now ------------------------------------
# B01-061 Gigas → B01-062 Red Giant Gigas (fire, cost 1); B01-099 Heavy Metal Dragon →
# B01-100 Dragon Lord Zaerog (dark, cost 3); B01-104 Rubylit (fire) and B01-108 Amelit
# (dark): "Choose a <colour> monster from your hand and evolve it for 1 less cost."
GIGAS = real("B01-061")
RED_GIANT = real("B01-062")
HEAVY_METAL = real("B01-099")
ZAEROG = real("B01-100")
RUBYLIT = real("B01-104")
AMELIT = real("B01-108")
PAY_2 = ([OTHER, OTHER], [OTHER, OTHER], [OTHER])  # the orb area can pay 2 (PAD-4.3.1)


def test_pad_4_3_rubylit_evolves_the_fire_pet_at_once_for_1_less():
    game = build_game([GIGAS], hand=[RUBYLIT, RED_GIANT], columns=([OTHER], [OTHER], [OTHER]))
    game.play_skill(game.state.hand[0])
    assert game.state.pets[0].top.name == RED_GIANT.name  # cost 1 - 1: nothing paid
    assert game.state.hand == [] and names(game.state.discard) == [RUBYLIT.name]


def test_pad_4_3_the_reduction_is_not_a_discount_kept_for_the_rest_of_the_turn():
    # Zaerog costs 3: the first Amelit evolves it now for 2; the second has nothing left
    # to evolve and does not make a later evolution cheaper.
    game = build_game(
        [HEAVY_METAL], hand=[AMELIT, AMELIT, ZAEROG], columns=PAY_2, policy=Scripted()
    )
    game.play_skill(game.state.hand[0])
    assert game.state.pets[0].top.name == ZAEROG.name
    assert [len(column) for column in game.state.columns] == [1, 1, 1]  # paid 2
    game.play_skill(game.state.hand[0])
    assert game.state.pets[0].top.name == ZAEROG.name and game.state.hand == []
    assert names(game.state.discard) == [OTHER.name] * 2 + [AMELIT.name] * 2


def test_pad_4_3_two_reductions_do_not_stack_on_a_dual_attribute_pet():
    # Constructed: Zaerog with a fire sub-attribute (no catalogued pet with a cost has
    # one). Amelit then Rubylit used to make it cost 3 - 2 = 1; now Amelit evolves it at
    # once for 2, and Rubylit finds nothing to evolve.
    dual = replace(ZAEROG, sub_attribute="fire")
    game = build_game(
        [HEAVY_METAL, GIGAS], hand=[AMELIT, RUBYLIT, dual], columns=PAY_2, policy=Scripted()
    )
    game.play_skill(game.state.hand[0])
    assert game.state.pets[0].top.name == ZAEROG.name
    assert [len(column) for column in game.state.columns] == [1, 1, 1]  # paid 2, not 1
    game.play_skill(game.state.hand[0])  # Rubylit: no fire pet left in hand
    assert [stack.top.name for stack in game.state.pets] == [ZAEROG.name, GIGAS.name]


def test_pad_4_3_greedy_plays_the_reduction_skill_to_evolve_its_costliest_pet():
    game = build_game([HEAVY_METAL], hand=[AMELIT, ZAEROG], columns=PAY_2, policy=Scripted())
    game.main_phase()
    assert game.state.pets[0].top.name == ZAEROG.name
    assert names(game.state.discard) == [OTHER.name] * 2 + [AMELIT.name]


# --- PAD-1.1: ultimate evolution discards the requirement card (NAME-1 matching) --------
# B05-019 Artemis (on B01-103 Golden Egg) → B05-020 Hunting Deity Artemis (cost 1) →
# B05-021 Hunt God of the Holy Bow, Artemis (ultimate, needs 神秘の仮面 = B02-101 Mystic
# Mask). The English-only printing of the mask is the same card by NAME-1 once the deck
# also holds B02-101, which is catalogued under both names.
HUNTING = real("B05-020")
HUNT_GOD = real("B05-021")
MASK = real("B02-101")
ENGLISH_MASK = spec_from_schema(
    {**catalogue_entry("B02-101"), "number": "P-102", "name": "Mystic Mask (EN)"}
    | {"names": {"en": "Mystic Mask"}},
    id=102,
)


def test_pad_1_1_ultimate_evolution_moves_one_requirement_card_from_hand_to_discard():
    game = build_game([HUNTING], hand=[HUNT_GOD, ENGLISH_MASK, MASK], deck=[OTHER])
    ultimate = game.state.hand[0]
    game.evolve(0, ultimate)
    assert game.state.pets[0].top is ultimate
    # exactly one mask left the hand for the discard pile; the other stays in hand
    assert len(game.state.hand) == 1 and len(game.state.discard) == 1
    assert {game.state.hand[0].name, game.state.discard[0].name} == {
        ENGLISH_MASK.name,
        MASK.name,
    }


def test_pad_1_1_an_english_only_printing_of_the_requirement_is_spent_by_name_1():
    game = build_game([HUNTING], hand=[HUNT_GOD, ENGLISH_MASK], deck=[MASK])
    game.evolve(0, game.state.hand[0])
    assert game.state.hand == []
    assert names(game.state.discard) == [ENGLISH_MASK.name]
    assert names(game.state.deck) == [MASK.name]


class CheckedUltimates(PadGame):
    """Checks every ultimate evolution of a real game: the requirement leaves the hand
    for the discard pile, once (PAD-1.1)."""

    ultimates: list[str] = []

    def evolve(self, index, card, payment=None, reduction=0):
        if card.requirement is None:
            return super().evolve(index, card, payment, reduction)
        needs = card.needs
        in_hand = sum(c.identity == needs for c in self.state.hand)
        in_discard = sum(c.identity == needs for c in self.state.discard)
        hand = len(self.state.hand)
        # B05-021's own evolve effect may put hand cards in the orb area: it runs after
        # the checks of the evolution itself
        steps, card.evolve_steps = card.evolve_steps, ()
        try:
            super().evolve(index, card, payment, reduction)
        finally:
            card.evolve_steps = steps
        assert sum(c.identity == needs for c in self.state.hand) == in_hand - 1
        assert sum(c.identity == needs for c in self.state.discard) == in_discard + 1
        assert len(self.state.hand) == hand - 2  # the ultimate and its requirement
        CheckedUltimates.ultimates.append(card.name)
        for step in steps:
            effects.run(self, step, card, index)


def test_pad_1_1_greedy_games_ultimate_evolve_and_spend_the_requirement():
    catalogue = specs_from_schema(json.loads(FIXTURES.read_text(encoding="utf-8")))
    egg, artemis = catalogue["Golden Egg"], catalogue["Artemis"]
    hunting, god = catalogue["Hunting Deity Artemis"], catalogue[HUNT_GOD.name]
    mask = catalogue[MASK.name]
    english = replace(ENGLISH_MASK, id=max(s.id for s in catalogue.values()) + 1)
    fillers = [
        s for s in catalogue.values() if s.kind == "skill" and not s.effects and s.attribute
    ][:7]
    deck = [artemis, hunting, god] * 3 + [mask, mask, english] + fillers * 3 + [egg] * 3
    spec = DeckSpec("pad", tuple(deck[:40]), (egg,) * 5)
    prepared = PadDeck(spec, policy="greedy", turn_cap=12, options=None)
    prepared.game_class = CheckedUltimates
    CheckedUltimates.ultimates = []
    for seed in range(40):
        log = prepared.play(seed, going_first=bool(seed % 2), log=True).log
        owned = Counter(log["owned"])
        for snapshot in log["snapshots"]:  # no card created or lost
            zones = snapshot["zones"]
            cards = zones["deck"] + zones["hand"] + zones["life"] + zones["discard"]
            cards += sum(zones["orb_columns"], []) + sum(zones["pets"], [])
            cards += sum(zones["attack_area"], [])
            assert Counter(cards) == owned
    assert len(CheckedUltimates.ultimates) >= 1  # ultimate evolution is played (7 times)
