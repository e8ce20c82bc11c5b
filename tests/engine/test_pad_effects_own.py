"""Own-side effects of issue 13 on real cards (fixtures/pad.json, steps written by the
card-text converter): the new triggers, actions and fields of engine/pad/own_effects.py.
Expected values are worked out by hand from each card's printed text and stats."""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest

from engine.core.api import run_batch
from engine.core.cards import DeckSpec
from engine.pad import effects
from engine.pad.engine import PadDeck
from engine.pad.policies import GreedyPolicy
from tests.engine.factories import (
    LIFE,
    LIL_RED,
    VOLCANO,
    as_listed,
    build_game,
    orb,
    real,
    stack_on,
)
from tests.engine.test_invariants import CheckedGame, catalogue, random_deck

# The fan list's Fire Orb Change: a fire card → hand, else → drop area. Its scan prints an
# orb test the engine does not run (issue 26); reveal_top still reads the attribute.
FIRE_ORB_CHANGE = as_listed("B01-109")
SIEGFRIED = real("B01-064")  # water: "at the beginning of your turn, becomes Active"
FLARE_DRALL = real("B02-062")  # fire/wood, 4+ combos: activate 2 Fire or Wood monsters
CHAOS_KNIGHT = real("B01-059")  # evolve: activate all Dragon type monsters
DARK_KNIGHT = real("B01-058")  # its pre-evolution, a balanced pet
ATTACK_BOOST = real("B02-107")  # fire skill, cost 1: Attacker types +200 attack
FALCON_HORUS = real("B03-017")  # fire: +1 damage while Active; attack 0,0,0,400,500,800
ZEUS_VULCAN = real("B03-070")  # fire: +1 damage at 3 life or less
FREYR = real("B02-073")  # fire: 5+ combos, attacks twice; attack 100 … 800
IDUNN = real("B02-076")  # evolve: draw until 5 cards in hand
MASK = real("B02-101")  # light: look at the top 3, keep 1, discard the others
WORLD = real("B01-119")  # light: swap a hand card with a drop-area card
KING_RUBY = real("B03-077")  # fire: a Fire monster from the discard pile to hand
ANUBIS = real("B03-034")  # evolve: up to 1 discard card to hand and 1 to the drop area
INFERNO_HORUS = real("B03-018")  # attack start: discard fire-drop cards for extra combos
DROP_REFRESH = real("B03-089")  # wood: refill one drop area from the deck
DUB_MYTHLIT = real("B02-100")  # dark, cost 1: devolve one of your monsters
METEOR = real("B01-004")  # damage: evolve a monster into this monster
MARS_CARBUNKLE = real("B03-003")  # damage: put this card in your drop area
FREYJA = real("B02-079")  # end of main phase: a hand card to the drop area (optional)
SONIA = real("B02-087")  # orb start card lights fire and dark: a deck card to drop area
VALKYRIE = real("B01-071")  # 6 combos: at the end of the cleanup, a deck card to drop area
LEILAN = real("B03-043")  # fire, wood and light combos: all pets 1 extra combo
MINOTAUR = real("B03-061")  # fire and heal combos: draw a card
VAMPIRE_DUKE = real("B04-071")  # continuous: Dark type monsters +100 attack
LIL_BLACK = real("B01-017")
LIL_WHITE = real("B01-013")  # light  # dark dragon, attack 0/100/200/200/400/600

FW = orb("fire", "water")
WL = orb("wood", "light")
DL = orb("dark", "light")
FD = orb("fire", "dark")


def names(cards) -> list[str]:
    return [card.name for card in cards]


def attacks(game) -> list[tuple[str, int, int]]:
    return [
        (event["cards"][0], event["attack"], event["damage"])
        for event in game.log["events"]
        if event["action"] == "attack"
    ]


# --- triggers -------------------------------------------------------------------------
def test_turn_start_untaps_this_pet_and_the_reset_untap_goes_to_another():
    # PAD-4.1: "At the beginning of your turn, this monster becomes Active" (B01-064),
    # then the reset phase untaps one more tapped pet
    game = build_game([LIL_RED, SIEGFRIED, LIL_BLACK], policy=GreedyPolicy())
    for stack in game.state.pets:
        stack.tapped = True
    game.reset_phase()
    assert [stack.tapped for stack in game.state.pets].count(False) == 2
    assert not game.state.pets[1].tapped


def test_main_end_puts_a_spare_hand_card_in_the_drop_area():
    # B02-079 at the end of the main phase (PAD-4.3): the spare orb card, not the skill
    game = build_game([FREYJA], hand=[FW], policy=GreedyPolicy())
    game.main_phase()
    assert game.state.hand == [] and names(game.state.columns[0] + game.state.columns[1] +
                                           game.state.columns[2]) == [FW.name]  # fmt: skip


def test_orb_start_card_lighting_fire_and_dark_adds_one_more_card():
    # B02-087, PAD-4.4.1: the orb-start card (top of the deck) lights fire and dark
    game = build_game([SONIA], deck=[WL, FD], turn=2)
    game.puzzle_phase()  # the base policy places both on column 0; no combo
    assert names(game.state.columns[0]) == [FD.name, WL.name] and game.state.deck == []
    game = build_game([SONIA], deck=[WL, FW], turn=2)  # fire without dark: nothing more
    game.puzzle_phase()
    assert names(game.state.deck) == [WL.name]


def test_activate_with_colours_needs_every_one_of_them():
    # B03-061: "if you make a Fire and Heal combo, draw a card"
    fire = [orb("fire", "heart"), orb("fire", "heart"), orb("fire", "heart")]
    game = build_game([MINOTAUR], deck=[WL, DL, DL], columns=(fire, [], []), life=[LIFE] * 5)
    game.puzzle_phase()  # fire and heart combos: two chain cards, then the draw
    assert names(game.state.hand) == [WL.name]
    only_fire = [orb("fire", "water"), orb("fire", "water"), orb("fire", "water")]
    game = build_game([MINOTAUR], deck=[WL, WL, DL, DL], columns=(only_fire, [], []))
    game.puzzle_phase()  # fire and water combos: two chain cards, no heal combo: no draw
    assert game.state.hand == [] and names(game.state.deck) == [WL.name, WL.name]


def test_activate_colours_give_every_pet_an_extra_combo():
    # B03-043: fire, wood and light combos → all of your monsters get 1 extra combo
    fire = [FW, FW, FW]
    wood = [WL, WL, WL]
    game = build_game([LEILAN, LIL_BLACK], deck=[DL] * 4, columns=(fire, wood, []))
    game.puzzle_phase()
    assert [stack.extra_combo for stack in game.state.pets] == [1, 1]


def test_when_cleanup_waits_for_the_end_of_the_cleanup():
    # B01-071: 6 combos → "at the end of your Refresh Phase" a deck card to the drop area
    game = build_game([VALKYRIE], deck=[WL, FW])
    game.made_mask, game.combos = 0b111111, 6
    game.combo_effects()
    assert len(game.state.deck) == 2  # nothing yet
    game.cleanup_phase()
    assert names(game.state.deck) == [WL.name] and FW.name in names(game.state.columns[0])


# --- pets: untap, buffs, extra attacks ---------------------------------------------------
def test_untap_target_picks_fire_or_wood_pets_only():
    # B02-062 with 4 combos: "activate 2 of your Fire or Wood monsters"
    game = build_game([FLARE_DRALL, LIL_BLACK, LIL_RED], policy=GreedyPolicy())
    for stack in game.state.pets:
        stack.tapped = True
    game.made_mask, game.combos = 0b1111, 4
    game.combo_effects()
    assert [stack.tapped for stack in game.state.pets] == [False, True, False]


def test_untap_scope_dragon_on_evolving():
    # B01-059 evolves Dark Dragon Knight: every tapped Dragon type becomes active
    game = build_game(
        [DARK_KNIGHT, LIL_RED, SIEGFRIED], hand=[CHAOS_KNIGHT], columns=([FW, FW], [], [])
    )  # it costs 1
    for stack in game.state.pets:
        stack.tapped = True
    game.evolve(0, game.state.hand[0])
    # the evolved pet is active anyway (PAD-4.3); Lil' Red is a dragon, Siegfried is not
    assert [stack.tapped for stack in game.state.pets] == [False, False, True]


def test_attack_bonus_skill_raises_the_attack_of_attacker_types():
    # B02-107 (+200 attack to Attacker types), paid 1 from the orb area; Freyr is one
    game = build_game([FREYR, LIL_RED], hand=[ATTACK_BOOST], columns=([FW, FW], [], []), log=True)
    game.play_skill(game.state.hand[0])
    game.made_mask, game.combos = 1, 2  # a fire combo, 2 combos: row 2
    game.attack_phase()
    assert attacks(game) == [(FREYR.name, 200 + 200, 1), (LIL_RED.name, 100, 1)]


def test_continuous_attack_bonus_on_dark_types():
    # B04-071: all of your Dark type monsters get +100 attack (it is water/dark itself)
    game = build_game([VAMPIRE_DUKE, LIL_BLACK], log=True)
    game.made_mask, game.combos = 1 << 4, 2  # a dark combo, row 2: 200 and 100
    game.attack_phase()
    assert attacks(game) == [(VAMPIRE_DUKE.name, 300, 1), (LIL_BLACK.name, 200, 1)]


def test_while_active_extra_damage_only_untapped():
    # B03-017 "If this monster is Active, it gets +1 damage"; 4 combos: attack 400
    game = build_game([FALCON_HORUS])
    game.made_mask, game.combos = 1, 4
    game.attack_phase()
    assert game.turn_damage == [2]
    game = build_game([FALCON_HORUS])
    game.state.pets[0].tapped = True
    game.made_mask, game.combos = 1, 4
    game.attack_phase()
    assert game.turn_damage == [1]


def test_max_life_extra_damage_at_3_life_or_less():
    # B03-070 "If your remaining HP is 3 or less, this monster gets +1 damage"
    for life, damage in ((4, 1), (3, 2)):
        game = build_game([ZEUS_VULCAN], life=[LIFE] * life)
        game.made_mask, game.combos = 1, 1
        game.attack_phase()
        assert game.turn_damage == [damage]


def test_extra_attack_attacks_twice():
    # B02-073 with 5 combos: "this monster attacks twice"; row 5 attack 600, bonus 0
    game = build_game([FREYR], log=True)
    game.made_mask, game.combos = 0b11111, 5
    game.combo_effects()
    game.attack_phase()
    assert attacks(game) == [(FREYR.name, 600, 1), (FREYR.name, 600, 1)]
    assert game.turn_attacks == [2] and game.opponent.life == 3


def test_discard_for_combo_at_attack_start():
    # B03-018: discard spare cards with fire drops → 1 extra combo each; 3 combos + 2
    game = build_game([INFERNO_HORUS], hand=[FW, FD, WL], policy=GreedyPolicy(), log=True)
    game.made_mask, game.combos = 1, 3
    game.attack_phase()
    assert names(game.state.hand) == [WL.name] and game.state.pets[0].extra_combo == 2
    assert attacks(game) == [(INFERNO_HORUS.name, 700, 2)]  # row 5: 700, +1 damage


def test_devolve_own_pet_sends_the_top_card_to_the_discard_pile():
    # B02-100: "Devolve one of your monsters" (cost 1); a base pet alone cannot be
    game = build_game([DARK_KNIGHT, LIL_RED], hand=[CHAOS_KNIGHT, DUB_MYTHLIT],
                      columns=([FW, FW, FW], [], []))  # fmt: skip
    game.evolve(0, game.state.hand[0], [0])
    game.play_skill(game.state.hand[0], [0])
    assert names(game.state.pets[0].cards) == [DARK_KNIGHT.name]
    assert names(game.state.discard) == [FW.name, FW.name, CHAOS_KNIGHT.name, DUB_MYTHLIT.name]


# --- cards between zones ----------------------------------------------------------------
def test_reveal_top_fire_card_to_hand_else_to_drop_area():
    # B01-109 Fire Orb Change
    game = build_game([LIL_RED], hand=[FIRE_ORB_CHANGE], deck=[WL, KING_RUBY])
    game.play_skill(game.state.hand[0])
    assert names(game.state.hand) == [KING_RUBY.name]  # a fire card
    game = build_game([LIL_RED], hand=[FIRE_ORB_CHANGE], deck=[KING_RUBY, WL])
    game.play_skill(game.state.hand[0])
    assert game.state.hand == [] and names(game.state.columns[0]) == [WL.name]


def test_draw_until_five():
    # B02-076 (ultimate: Dub-Mythlit discarded, PAD-1.1) leaves 1 card in hand: draws 4
    twin = real("B02-075")  # Idunn & Idunna, Twin Goddesses (its pre-evolution)
    game = build_game([twin], hand=[IDUNN, DUB_MYTHLIT, FW], deck=[WL] * 6)
    game.evolve(0, game.state.hand[0])
    assert len(game.state.hand) == 5 and len(game.state.deck) == 2


def test_look_top_keeps_one_and_discards_the_others():
    # B02-101 with Lil' Red in play: greedy keeps the evolution it needs (Red Dragon). It
    # costs 1 as printed (issue 26; the fan list said 0): a column of two pays it.
    red = real("B01-002")
    game = build_game(
        [LIL_RED, LIL_WHITE],
        hand=[MASK],
        deck=[FW, WL, red, DL],
        columns=((FW, DL), (), ()),
        policy=GreedyPolicy(),
    )
    game.play_skill(game.state.hand[0])
    assert names(game.state.hand) == [red.name]
    assert names(game.state.discard) == [DL.name, DL.name, WL.name, MASK.name]
    assert names(game.state.deck) == [FW.name]


def test_swap_hand_orb_swaps_with_a_columns_top():
    # B01-119: the needed evolution comes back to hand, a spare card takes its place
    red = real("B01-002")
    game = build_game(
        [LIL_RED, LIL_WHITE],
        hand=[WORLD, WL],
        columns=([red], [FW], [DL]),
        policy=GreedyPolicy(),
    )
    game.play_skill(game.state.hand[0])
    assert names(game.state.hand) == [red.name] and names(game.state.columns[0]) == [WL.name]


def test_discard_to_hand_with_a_fire_monster_target():
    # B03-077: only a Fire MONSTER comes back (not the fire skill, not the dark pet)
    game = build_game([LIL_RED], hand=[KING_RUBY], discard=[LIL_RED, FIRE_ORB_CHANGE, LIL_BLACK])
    game.play_skill(game.state.hand[0])
    assert names(game.state.hand) == [LIL_RED.name]


def test_discard_to_hand_and_to_orb_on_evolving():
    # B03-034: up to 1 card to hand, 1 to the drop area (greedy takes both)
    hell = real("B03-033")  # Hell Deity, Jackal Anubis
    game = build_game(
        [hell], hand=[ANUBIS, DUB_MYTHLIT], discard=[FW, VOLCANO], policy=GreedyPolicy()
    )
    game.evolve(0, game.state.hand[0])  # Dub-Mythlit, its requirement, is discarded first
    assert len(game.state.hand) == 1 and sum(map(len, game.state.columns)) == 1
    assert len(game.state.discard) == 1


def test_refill_column_discards_it_all_and_refills_as_many():
    # B03-089: a column of 2 is discarded, 2 deck cards take its place
    game = build_game(
        [real("B01-009")], hand=[DROP_REFRESH], deck=[DL, WL, FD], columns=([FW, FW], [], [])
    )
    game.play_skill(game.state.hand[0])
    assert names(game.state.columns[0]) == [FD.name, WL.name]
    assert names(game.state.discard) == [FW.name, FW.name, DROP_REFRESH.name]


# --- damage triggers (PAD-4.5.3) --------------------------------------------------------
def test_evolve_self_from_life_evolves_the_volcano_dragon():
    game = build_game([VOLCANO], life=[LIFE, METEOR], policy=GreedyPolicy())
    game.take_damage(1)
    assert names(game.state.pets[0].cards) == [VOLCANO.name, METEOR.name]
    assert game.state.hand == [] and game.state.discard == []


def test_evolve_self_without_its_pre_evolution_goes_to_hand():
    game = build_game([LIL_RED], life=[LIFE, METEOR], policy=GreedyPolicy())
    game.take_damage(1)
    assert names(game.state.hand) == [METEOR.name]


def test_self_to_orb_puts_the_drawn_card_in_the_drop_area():
    # B03-003 is not an evolution the team needs: greedy puts it in a drop area
    game = build_game([LIL_RED], life=[LIFE, MARS_CARBUNKLE], policy=GreedyPolicy())
    game.take_damage(1)
    assert game.state.hand == [] and game.state.discard == []
    assert MARS_CARBUNKLE.name in names(sum(game.state.columns, []))


# --- what the reports list ---------------------------------------------------------------
def test_not_simulated_gives_a_reason_per_card_name():
    battle = ({"trigger": "battle", "action": "draw"},)  # a Digimon trigger
    unknown = replace(LIL_RED, id=5001, name="Synthetic unknown step",
                      effects=battle, has_text=True)  # fmt: skip
    untexted = replace(LIL_RED, id=5002, name="Synthetic untexted defender",
                       effect_types=frozenset({"defence"}), has_text=False)  # fmt: skip
    ultimate = replace(LIL_RED, id=5003, name="Synthetic ultimate only",
                       effect_types=frozenset({"ultimate"}), has_text=False)  # fmt: skip
    rows = effects.not_simulated([untexted, unknown, unknown, ultimate, FIRE_ORB_CHANGE])
    assert rows == [
        {"name": "Synthetic unknown step", "reason": "needs: battle/draw"},
        {"name": "Synthetic untexted defender", "reason": "no text known"},
    ]


def test_no_effect_against_goldfish_lists_opponent_and_defence_only_cards():
    tyrannos = real("B01-024")  # 6 combos: roll an opponent's wood monster
    cure = real("B01-118")  # damage trigger: discard 2, heal 1
    rows = effects.no_effect_against_goldfish([tyrannos, cure, FIRE_ORB_CHANGE, METEOR])
    assert rows == sorted(
        [
            {"name": tyrannos.name, "reason": "acts on the opponent"},
            {"name": cure.name, "reason": "works only when the opponent attacks"},
            {"name": METEOR.name, "reason": "works only when the opponent attacks"},
        ],
        key=lambda row: row["name"],
    )


def test_goldfish_report_keeps_opponent_only_cards_out_of_not_simulated():
    tyrannos = real("B01-024")
    text_only = replace(LIL_RED, id=5004, name="Synthetic text-only pet", has_text=True)
    team = (LIL_RED, real("B01-021"))
    deck = DeckSpec("pad", (tyrannos, text_only) + (FW,) * 20, team)
    report = run_batch(deck, games=4, seed=1, policy="greedy")
    assert report["no_effect_against_goldfish"] == [
        {"name": tyrannos.name, "reason": "acts on the opponent"}
    ]
    assert report["not_simulated"] == [
        {"name": text_only.name, "reason": "needs: steps for its text"}
    ]


# --- invariants with the new effects ---------------------------------------------------
OWN_TRIGGERS = {"turn_start", "main_end", "orb_start", "attack_start"}


def own_effect_deck(rng: Random) -> DeckSpec:
    """A random deck (tests/engine/test_invariants.py) with every real card whose steps
    use a new own-side trigger or action added, up to 60 cards."""
    deck = random_deck(rng)
    new = [
        spec
        for spec in catalogue()
        if any(
            step["trigger"] in OWN_TRIGGERS
            or step["action"] in NEW_ACTIONS
            or step.get("when")
            or step.get("colours")
            for step in spec.effects
        )
    ]
    cards = list(deck.deck) + rng.sample(new, 12)
    return DeckSpec("pad", tuple(cards[-60:]), deck.team)


NEW_ACTIONS = {
    "evolve_self", "self_to_orb", "attack_bonus", "extra_attack", "draw_until", "reveal_top",
    "look_top", "swap_hand_orb", "discard_to_orb", "discard_for_combo", "refill_column",
    "devolve",
}  # fmt: skip


@pytest.mark.parametrize("policy", ["random", "greedy", "store"])
def test_invariants_hold_with_the_new_effects(policy):
    # card conservation, life 0–5, combos ≤ 6, hand limit after cleanup (CheckedGame)
    rng = Random(13)
    games = 0
    CheckedGame.checks = 0
    count = 2000 if policy == "random" else 300
    while games < count:
        prepared = PadDeck(own_effect_deck(rng), policy=policy, turn_cap=12, options=None)
        prepared.game_class = CheckedGame
        for _ in range(25):
            result = prepared.play(rng.getrandbits(64), going_first=rng.random() < 0.5)
            assert all(0 <= combos <= 6 for combos in result.per_turn["combos"])
            assert 0 <= sum(result.per_turn["damage"]) <= 5
            games += 1
    assert CheckedGame.checks > games * 6


# Issue 26: the printed Orb Change skills test the revealed card's orbs ("if it has a fire
# drop"), not its attribute, as the fan list's reading did (FIRE_ORB_CHANGE above).
PRINTED_FIRE_ORB_CHANGE = real("B01-109")
AURORA_DRAGON = real("B01-007")  # a water pet with a fire orb
RUBYLIT = real("B01-104")  # a fire card without a fire orb (heart, dark, wood)


def test_printed_orb_change_sends_a_card_with_a_fire_orb_to_the_drop_area():
    game = build_game([LIL_RED], hand=[PRINTED_FIRE_ORB_CHANGE], deck=[WL, AURORA_DRAGON])
    game.play_skill(game.state.hand[0])
    assert game.state.hand == []
    assert AURORA_DRAGON.name in [card.name for column in game.state.columns for card in column]


def test_printed_orb_change_sends_a_fire_card_without_a_fire_orb_to_the_hand():
    game = build_game([LIL_RED], hand=[PRINTED_FIRE_ORB_CHANGE], deck=[WL, RUBYLIT])
    game.play_skill(game.state.hand[0])
    assert names(game.state.hand) == [RUBYLIT.name]


# --- B04-093 … B04-098: a hand card of an attribute, or with an orb, to the drop area ------
FIRE_AWAKENING = real("B04-093")  # fire skill, cost 0: a fire MONSTER card from hand
HEALING_MIRACLE = real("B04-098")  # light skill, cost 0: a card with a heart orb from hand


def test_a_fire_awakening_places_only_a_fire_monster_from_the_hand():
    """Of a fire skill, a dark pet and a fire pet in hand, only the fire pet (Lil' Red
    Dragon) may go to the drop area; the others stay in hand."""
    game = build_game(
        [LIL_RED], hand=[FIRE_AWAKENING, FIRE_ORB_CHANGE, LIL_BLACK, LIL_RED],
        policy=GreedyPolicy(),
    )  # fmt: skip
    game.play_skill(game.state.hand[0])
    assert names(game.state.hand) == [FIRE_ORB_CHANGE.name, LIL_BLACK.name]
    placed = [card.name for column in game.state.columns for card in column]
    assert placed == [LIL_RED.name]


def test_a_fire_awakening_without_a_fire_monster_in_hand_places_nothing():
    game = build_game([LIL_RED], hand=[FIRE_AWAKENING, LIL_BLACK], policy=GreedyPolicy())
    game.play_skill(game.state.hand[0])
    assert names(game.state.hand) == [LIL_BLACK.name]
    assert all(column == [] for column in game.state.columns)


def test_a_healing_miracle_places_only_a_card_lighting_a_heart_orb():
    """FW (fire, water) has no heart orb; Lil' Black Dragon (heart, dark, light) has."""
    game = build_game([LIL_WHITE], hand=[HEALING_MIRACLE, FW, LIL_BLACK], policy=GreedyPolicy())
    game.play_skill(game.state.hand[0])
    assert names(game.state.hand) == [FW.name]
    placed = [card.name for column in game.state.columns for card in column]
    assert placed == [LIL_BLACK.name]


FIRE_JEWEL = real("B04-090")  # fire skill, cost 0: an ultimate-evolved monster +500 attack
DARK_JEWEL = real("B04-092")  # dark skill, cost 0: an ultimate-evolved monster +1 damage


def test_a_jewel_buffs_only_an_ultimate_evolved_pet():
    """Pet 1 has Scorched Claw Dragon, Flare Drall (an ultimate card) on top: it gets the
    +500; Lil' Red Dragon (base) does not."""
    game = build_game([LIL_RED, LIL_RED], hand=[FIRE_JEWEL], policy=GreedyPolicy())
    stack_on(game, 1, FLARE_DRALL)
    game.play_skill(game.state.hand[0])
    assert [stack.attack_bonus for stack in game.state.pets] == [0, 500]


def test_a_jewel_without_an_ultimate_evolved_pet_does_nothing():
    game = build_game([LIL_BLACK, LIL_RED], hand=[DARK_JEWEL], policy=GreedyPolicy())
    stack_on(game, 1, real("B01-002"))  # Red Dragon, an evo1: evolved, not ultimate
    game.play_skill(game.state.hand[0])
    assert [stack.extra_damage for stack in game.state.pets] == [0, 0]
