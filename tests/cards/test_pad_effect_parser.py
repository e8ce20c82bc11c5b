"""PAD card texts → effect steps (cards.conversion.pad_effects, issue 13), family by family.

Each text is a real card's text as the fan list prints it (card number in the test); the
expected steps are written by hand from the text and the vocabulary (docs/card-schema.md,
the issue-13 contract), never read back from the parser.
"""

from __future__ import annotations

import pytest

from cards.conversion.pad import convert_catalogue
from cards.conversion.pad_effects import RULES, parse, steps_for
from tests.cards.test_pad_conversion import pet

EVOLVE = "When you place this card to evolve one of your monsters, "
PET = {"kind": "pet", "attribute": "fire"}


def skill(attribute: str = "fire") -> dict:
    return {"kind": "skill", "attribute": attribute}


def read(text: str, card: dict = PET) -> list[dict]:
    steps, reason = steps_for(text, card)
    assert reason is None, text
    return steps


# --- evolve-trigger families -----------------------------------------------------------


def test_evolve_draw_and_drop_area_b01_002_b01_022():
    assert read(EVOLVE + "draw a card from your deck.") == [
        {"trigger": "evolve", "action": "draw", "amount": 1}
    ]
    assert read(EVOLVE + "take the top card of your deck and put it in your Drop Area.") == [
        {"trigger": "evolve", "action": "deck_to_orb", "amount": 1}
    ]


def test_evolve_heals_b01_044_b02_055_b03_022():
    assert read(EVOLVE + "if your life is less than 5, restore 1 life.") == [
        {"trigger": "evolve", "action": "heal", "amount": 1}
    ]
    # Each healed point needs less than 5 life (PAD-4.4.4), so 5 points stop at 5 HP.
    assert read(EVOLVE + "recover HP until you have 5 HP.") == [
        {"trigger": "evolve", "action": "heal", "amount": 5}
    ]
    assert read(EVOLVE + "recover 1 HP. Then, activate all of your monsters.") == [
        {"trigger": "evolve", "action": "heal", "amount": 1},
        {"trigger": "evolve", "action": "untap", "amount": 1, "scope": "all"},
    ]


def test_evolve_group_bonuses_b01_056_b02_003_b02_039():
    assert read(
        EVOLVE + "all of your Dragon type monsters get +1 damage until the end of your turn."
    ) == [{"trigger": "evolve", "action": "extra_damage", "amount": 1, "scope": "dragon"}]
    assert read(EVOLVE + "all of your Attacker type monsters get 1 extra combo.") == [
        {"trigger": "evolve", "action": "extra_combo", "amount": 1, "scope": "attacker"}
    ]
    assert read(
        EVOLVE + "all of your Balanced type monsters get +300 attack until the end of your turn."
    ) == [{"trigger": "evolve", "action": "attack_bonus", "amount": 300, "scope": "balanced"}]


def test_evolve_untaps_dragons_b01_059():
    assert read(EVOLVE + "activate all of your Dragon type monsters.") == [
        {"trigger": "evolve", "action": "untap", "amount": 1, "scope": "dragon"}
    ]


def test_devolve_families_b01_076_b01_089_b02_082_b03_027_b04_069():
    assert read(EVOLVE + "devolve one of your opponent's monsters with 600 or less defense.") == [
        {"trigger": "evolve", "action": "opponent_devolve", "amount": 1, "max_defense": 600}
    ]
    assert read(EVOLVE + "devolve one of your opponent's wood monsters.") == [
        {"trigger": "evolve", "action": "opponent_devolve", "amount": 1, "colour": "wood"}
    ]
    assert read(EVOLVE + "devolve 2 of your opponent's monsters.") == [
        {"trigger": "evolve", "action": "opponent_devolve", "amount": 2}
    ]
    assert read(EVOLVE + "devolve all of your opponent's monsters with 500 or less defense.") == [
        {
            "trigger": "evolve",
            "action": "opponent_devolve",
            "amount": 1,
            "scope": "all",
            "max_defense": 500,
        }
    ]
    assert read(EVOLVE + "devolve one of your opponent's Stage 1 monsters.") == [
        {"trigger": "evolve", "action": "opponent_devolve", "amount": 1, "max_stage": "evo1"}
    ]
    assert read("Devolve one of your monsters.", skill()) == [
        {"trigger": "play", "action": "devolve", "amount": 1}
    ]


def test_devolve_all_monsters_means_both_sides_b01_102():
    # Issue 13 decision: "all monsters" literally, the opponent's and the player's own.
    steps = read(EVOLVE + "devolve all monsters with 500 or less defense.")
    assert [(s["action"], s["scope"], s["max_defense"]) for s in steps] == [
        ("opponent_devolve", "all", 500),
        ("devolve", "all", 500),
    ]


def test_opponent_defense_loses_its_printed_sign_b02_044_b02_113():
    reading = parse(
        EVOLVE + "all of your opponent's monsters get 100 defense until the end of your turn.",
        PET,
    )
    assert reading.steps == [
        {"trigger": "evolve", "action": "opponent_defense", "amount": -100, "scope": "all"}
    ]
    [issue] = reading.issues
    assert issue["field"] == "text" and len(issue["values"]) == 2
    assert all(value["source"] for value in issue["values"])
    text = (
        "Choose 1 of your opponent's monsters. That monster loses 200 defense until the end "
        "of your turn."
    )
    assert read(text, skill()) == [
        {"trigger": "play", "action": "opponent_defense", "amount": -200}
    ]
    assert parse(text, skill()).issues == []


def test_opponent_side_effects_b01_085_b03_055_b01_087_b04_050_b01_053_b02_085():
    assert read(EVOLVE + "deal 1 damage to your opponent.") == [
        {"trigger": "evolve", "action": "opponent_damage", "amount": 1}
    ]
    assert read(
        EVOLVE + "deal damage to your opponent equal to half of their remaining HP (rounded down)."
    ) == [{"trigger": "evolve", "action": "opponent_damage", "amount": "half"}]
    trim = {"trigger": "evolve", "action": "opponent_orb_trim", "amount": 1}
    assert read(
        EVOLVE
        + "choose one of your opponent's drop areas with 2 or more cards and discard all but "
        "one card."
    ) == [trim]
    assert read(EVOLVE + "discard all but one card from one of the opponent's drop areas.") == [
        trim
    ]
    assert read(EVOLVE + "you can select and swap 2 cards in your opponent's drop yard.") == [
        {"trigger": "evolve", "action": "opponent_orb_swap", "amount": 1}
    ]
    assert read(EVOLVE + "your opponent discards all cards from their hand.") == [
        {"trigger": "evolve", "action": "opponent_hand_discard", "amount": "all"}
    ]


def test_hand_and_drop_area_moves_b02_057_b02_058_b05_020_b02_076():
    assert read(
        EVOLVE + "you can exchange as many cards between your hand and your drop area as you like."
    ) == [{"trigger": "evolve", "action": "swap_hand_orb", "amount": "any"}]
    assert read(EVOLVE + "you can add as many cards from your hand to your drop area.") == [
        {"trigger": "evolve", "action": "hand_to_orb", "amount": "any"}
    ]
    assert read(
        EVOLVE + "you can choose up to 2 cards from your hand and place them in your drop area."
    ) == [{"trigger": "evolve", "action": "hand_to_orb", "amount": 2, "up_to": True}]
    assert read(EVOLVE + "draw cards until you have 5 cards in your hand.") == [
        {"trigger": "evolve", "action": "draw_until", "amount": 5}
    ]


def test_discard_pile_searches_b04_003_b03_034_b01_117_b03_075_b03_077_b01_120():
    assert read(
        EVOLVE + "choose a Devil type monster from your discard pile and put it in your hand."
    ) == [{"trigger": "evolve", "action": "discard_to_hand", "amount": 1, "target": "devil"}]
    assert read(
        EVOLVE
        + "choose up to 2 cards from your discard pile. Put 1 card in your hand and 1 card in "
        "your drop area."
    ) == [
        {"trigger": "evolve", "action": "discard_to_hand", "amount": 1, "up_to": True},
        {"trigger": "evolve", "action": "discard_to_orb", "amount": 1, "up_to": True},
    ]
    search = {"trigger": "play", "action": "discard_to_hand", "amount": 1}
    assert read(
        "Take a Dragon type monster from your discard pile and put it in your hand.", skill()
    ) == [search | {"target": "dragon"}]
    assert read(
        "Search your discard pile for a monster card and put it in your hand.", skill()
    ) == [search | {"target": "pet"}]
    assert read(
        "Search your discard pile for a Fire monster and put it in your hand.", skill()
    ) == [search | {"target": "fire"}]
    assert read("Choose 1 card from your discard pile and put it in your hand.", skill()) == [
        search
    ]


# --- activate-trigger families --------------------------------------------------------


def test_combo_count_conditions_read_as_at_least_b01_024_b01_035_b01_068_b04_045():
    assert read(
        "During your Puzzle Phase, if you match 6 combos, roll one of your opponent's Wood "
        "monsters."
    ) == [
        {
            "trigger": "activate",
            "action": "opponent_tap",
            "amount": 1,
            "colour": "wood",
            "min_combos": 6,
        }
    ]
    # "Whenever you make 4 combos" = at least 4 (issue 13).
    assert read(
        "Whenever you make 4 combos in your Puzzle Phase, activate one of your Light monsters."
    ) == [
        {"trigger": "activate", "action": "untap", "amount": 1, "target": "light", "min_combos": 4}
    ]
    assert read(
        "Whenever you make 5 or more combos in your Puzzle Phase, activate 2 of your monsters."
    ) == [{"trigger": "activate", "action": "untap", "amount": 2, "min_combos": 5}]
    assert read(
        "Whenever you make 4 or more combos in your Puzzle Phase, activate 2 of your Fire or "
        "Wood monsters."
    ) == [
        {
            "trigger": "activate",
            "action": "untap",
            "amount": 2,
            "target": ["fire", "wood"],
            "min_combos": 4,
        }
    ]


def test_refresh_phase_timing_waits_for_cleanup_b01_071_b01_074_b04_045():
    assert read(
        "Whenever you make 6 combos in your Puzzle Phase, at the end of your Refresh Phase, "
        "take the top card of your deck and put it in your drop area."
    ) == [
        {
            "trigger": "activate",
            "action": "deck_to_orb",
            "amount": 1,
            "min_combos": 6,
            "when": "cleanup",
        }
    ]
    assert read(
        "Whenever you make 5 or more combos in your Puzzle Phase, at the end of your Refresh "
        "Phase, you can choose 1 card from your hand and swap it with a card from your drop area."
    ) == [
        {
            "trigger": "activate",
            "action": "swap_hand_orb",
            "amount": 1,
            "up_to": True,
            "min_combos": 5,
            "when": "cleanup",
        }
    ]
    assert read(
        "During your Puzzle Phase, if you complete 5 or more combos, reveal a card from the top "
        "of your deck at the end of the refresh phase. If that card is a wood type card, put it "
        "in your drop area. If not, discard it."
    ) == [
        {
            "trigger": "activate",
            "action": "reveal_top",
            "amount": 1,
            "colour": "wood",
            "min_combos": 5,
            "if_match": "orb",
            "otherwise": "discard",
            "when": "cleanup",
        }
    ]


def test_colour_conditions_b01_075_b03_043_b03_061_b03_054():
    assert read("During your Puzzle Phase, if you match a fire combo, draw a card.") == [
        {"trigger": "activate", "action": "draw", "amount": 1, "colour": "fire"}
    ]
    assert read(
        "During your Puzzle phase, if you make a Fire, Wood, and Light combo, all of your "
        "monsters get 1 extra combo until the end of your turn."
    ) == [
        {
            "trigger": "activate",
            "action": "extra_combo",
            "amount": 1,
            "scope": "all",
            "colours": ["fire", "wood", "light"],
        }
    ]
    # Heal is the heart orb; the draw at the end of the puzzle phase is the activate trigger.
    assert read(
        "During your Puzzle phase, if you make a Fire and Heal combo, draw a card at the end of "
        "your Puzzle Phase."
    ) == [{"trigger": "activate", "action": "draw", "amount": 1, "colours": ["fire", "heart"]}]
    assert read(
        "During your Puzzle phase, if you make a Fire, Water, Wood, and Light combo, this "
        "monster gets +1 damage until the end of your turn."
    ) == [
        {
            "trigger": "activate",
            "action": "extra_damage",
            "amount": 1,
            "scope": "self",
            "colours": ["fire", "water", "wood", "light"],
        }
    ]


def test_chosen_pet_bonuses_b04_016_b04_064_b03_082_b02_073():
    assert read(
        "Whenever you make 5 or more combos in your Puzzle Phase, choose 1 of your Fire "
        "monsters. That monster gets +100 attack until the end of your turn."
    ) == [
        {
            "trigger": "activate",
            "action": "attack_bonus",
            "amount": 100,
            "target": "fire",
            "min_combos": 5,
        }
    ]
    assert read(
        "Whenever you make 5 or more combos in your Puzzle Phase, choose 1 of your Attacker "
        "type monsters. That monster gets +1 damage until the end of your turn."
    ) == [
        {
            "trigger": "activate",
            "action": "extra_damage",
            "amount": 1,
            "target": "attacker",
            "min_combos": 5,
        }
    ]
    assert read("Choose 1 of your Water monsters. That monster gets 1 extra combo.", skill()) == [
        {"trigger": "play", "action": "extra_combo", "amount": 1, "target": "water"}
    ]
    assert read(
        "During your Puzzle Phase, if you match 5 or more combos, this monster attacks twice "
        "in your Attack Phase."
    ) == [{"trigger": "activate", "action": "extra_attack", "amount": 1, "min_combos": 5}]


# --- other triggers -------------------------------------------------------------------


def test_turn_start_main_end_attack_start_b01_064_b02_079_b03_018():
    assert read("At the beginning of your turn, this monster becomes Active.") == [
        {"trigger": "turn_start", "action": "untap", "amount": 1, "scope": "self"}
    ]
    assert read(
        "At the end of your main phase, you can choose a card from your hand and put it in the "
        "drop area."
    ) == [{"trigger": "main_end", "action": "hand_to_orb", "amount": 1, "up_to": True}]
    assert read(
        "At the beginning of your attack phase, you can discard any number of cards with fire "
        "drops from your hand. If you do, this monster gets 1 extra combo for each card "
        "discarded until the end of the turn."
    ) == [
        {
            "trigger": "attack_start",
            "action": "discard_for_combo",
            "amount": "any",
            "colour": "fire",
        }
    ]


def test_drawn_from_life_b01_004_b03_003_b01_118_b03_090():
    drawn = "If you draw this card from your HP when you take damage, "
    assert read(drawn + "you can evolve a monster into this monster") == [
        {"trigger": "damage", "action": "evolve_self", "amount": 1}
    ]
    assert read(drawn + "you can put this card in your drop area") == [
        {"trigger": "damage", "action": "self_to_orb", "amount": 1}
    ]
    assert read(drawn + "you can discard 2 cards and heal 1 HP", skill()) == [
        {"trigger": "damage", "action": "hand_to_discard", "amount": 2},
        {"trigger": "damage", "action": "heal", "amount": 1},
    ]
    assert read(
        drawn + "you can pay for it and use it. You choose 2 monsters and activate them.", skill()
    ) == [{"trigger": "damage", "action": "untap", "amount": 2}]


def test_damaged_and_guard_triggers_b01_082_b01_084_b02_049_b04_060_b04_067():
    assert read(
        "If you were damaged by an opponent's attack, reveal a card from the top of your deck at "
        "the end of the attack phase and place it in your drop area."
    ) == [{"trigger": "damaged", "action": "deck_to_orb", "amount": 1}]
    assert read(
        "When you take damage, choose a random card from your opponent's hand and discard it."
    ) == [{"trigger": "damaged", "action": "opponent_hand_discard", "amount": 1, "random": True}]
    assert read("When you take damage, you can negate 1 damage each time you discard 2 cards.") == [
        {"trigger": "damaged", "action": "negate_damage", "amount": 1, "discard_cost": 2}
    ]
    assert read(
        "When this monster guards an attack, if the attacking monster has 600 or less defense, "
        "roll that monster."
    ) == [
        {
            "trigger": "guard",
            "action": "opponent_tap",
            "amount": 1,
            "target": "attacker",
            "max_defense": 600,
        }
    ]
    assert read(
        "If you were damaged by an opponent's attack, at the end of the refresh phase, reveal 1 "
        "card from the top of your deck. If that card is a Dark type card, put it in your drop "
        "area, otherwise put it in your hand."
    ) == [
        {
            "trigger": "damaged",
            "action": "reveal_top",
            "amount": 1,
            "colour": "dark",
            "if_match": "orb",
            "otherwise": "hand",
            "when": "cleanup",
        }
    ]


def test_guard_declaration_b03_052_b04_047():
    assert read(
        "During your guard declaration step, you can discard 2 cards to activate this monster."
    ) == [
        {
            "trigger": "guard_declaration",
            "action": "untap",
            "amount": 1,
            "scope": "self",
            "discard_cost": 2,
        }
    ]
    assert read(
        "During your opponent's turn, you can discard a card from your hand in your guard "
        "declaration step. If you do, choose 1 of your monsters and increase its defense by "
        "+100 until the end of the turn."
    ) == [
        {
            "trigger": "guard_declaration",
            "action": "defense_bonus",
            "amount": 100,
            "discard_cost": 1,
        }
    ]


def test_orb_start_and_opponent_damaged_b02_087_b03_087_b03_091():
    assert read(
        "If your revealed card has a fire drop and a dark drop in your drop start step, reveal "
        "a card from the top of the deck and place it in the drop area at the end of the drop "
        "start step."
    ) == [
        {"trigger": "orb_start", "action": "deck_to_orb", "amount": 1, "colours": ["fire", "dark"]}
    ]
    assert read(
        "Until the end of the turn, whenever your opponent takes damage, discard a card from "
        "your opponent's drop area.",
        skill(),
    ) == [{"trigger": "opponent_damaged", "action": "opponent_orb_discard", "amount": 1}]
    assert read(
        "Until the end of the turn, whenever your opponent takes damage, they discard a card "
        "from their hand.",
        skill(),
    ) == [{"trigger": "opponent_damaged", "action": "opponent_hand_discard", "amount": 1}]


# --- skills -----------------------------------------------------------------------------


def test_skill_texts_are_played_b01_109_b02_101_b03_089_b01_119_b01_115():
    assert read(
        "Take the top card of your deck. If that card is a fire type card, put it in your "
        "hand. If not, put it in your drop area.",
        skill(),
    ) == [
        {
            "trigger": "play",
            "action": "reveal_top",
            "amount": 1,
            "colour": "fire",
            "if_match": "hand",
            "otherwise": "orb",
        }
    ]
    assert read(
        "Look at the top 3 cards of your deck. Choose 1 card and put it in your hand, and "
        "discard the others.",
        skill(),
    ) == [{"trigger": "play", "action": "look_top", "amount": 3}]
    assert read(
        "Choose one of your drop areas and discard all cards from that drop area. Then, reveal "
        "the same number of cards that you discarded from the top of your deck and place them "
        "in the selected drop area.",
        skill(),
    ) == [{"trigger": "play", "action": "refill_column", "amount": 1}]
    assert read(
        "Choose 1 card from your hand and swap it with a card from your drop area.", skill()
    ) == [{"trigger": "play", "action": "swap_hand_orb", "amount": 1}]
    assert read(
        "(You can use this card when defending against your opponent's attack) Activate one of "
        "your monsters.",
        skill(),
    ) == [{"trigger": "defence", "action": "untap", "amount": 1}]


def test_cost_reduction_names_a_colour_only_off_the_skills_own_b01_104_b02_102():
    text = "Choose a Fire card in your hand and use it for 1 less cost."
    assert read(text, skill("fire")) == [
        {"trigger": "play", "action": "cost_reduction", "amount": 1, "cards": "any"}
    ]
    assert read(text, skill("water")) == [
        {
            "trigger": "play",
            "action": "cost_reduction",
            "amount": 1,
            "colour": "fire",
            "cards": "any",
        }
    ]


def test_a_card_for_less_may_be_a_skill_a_monster_for_less_only_evolves_b02_102_b01_104():
    # B02-102 "a Fire card … use it": a skill of the colour too (`cards: "any"`); B01-104
    # "a fire monster … evolve it": monsters only, no `cards` field.
    assert read(
        "Choose a fire monster from your hand and evolve it for 1 less cost.", skill("fire")
    ) == [{"trigger": "play", "action": "cost_reduction", "amount": 1}]
    assert read("Choose a Dark card in your hand and use it for 1 less cost.", skill("dark")) == [
        {"trigger": "play", "action": "cost_reduction", "amount": 1, "cards": "any"}
    ]


# --- continuous texts -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("This monster can guard against multiple monsters.", {"action": "guard_multiple"}),
        (
            "Your opponent's Wood monsters cannot guard against this monster.",
            {"action": "unblockable", "colour": "wood"},
        ),
        (
            "Your opponent's stage 1 or less monsters cannot guard against this monster.",
            {"action": "unblockable", "max_stage": "evo1"},
        ),
        (
            "Your opponent's monsters with 500 or less Defense cannot guard against this monster.",
            {"action": "unblockable", "max_defense": 500},
        ),
        (
            "Your opponent's monsters cannot be activated by activation effects during their "
            "Puzzle Phase.",
            {"action": "no_opponent_untap", "phase": "puzzle"},
        ),
        (
            "You don't take damage from rolled monsters with 500 or less attack.",
            {"action": "damage_immunity", "max_attack": 500, "tapped_only": True},
        ),
        (
            "You don't take damage from monsters with 200 or less attack.",
            {"action": "damage_immunity", "max_attack": 200},
        ),
        (
            "If this monster is Active, it gets +1 damage.",
            {"action": "extra_damage", "scope": "self", "while_active": True},
        ),
        (
            "If this monster guards against an opponent's Light monster, this monster gets +500 "
            "defense until the end of their turn",
            {"action": "guard_bonus", "amount": 500, "colour": "light"},
        ),
        (
            "All of your Dark type monsters get +100 attack.",
            {"action": "attack_bonus", "amount": 100, "scope": "dark"},
        ),
        ("When your HP reaches 0, put this card in your HP (face-down)", {"action": "last_stand"}),
        (
            "If this monster deals damage to the opponent, they discard cards from their HP "
            "instead of putting them in their hand.",
            {"action": "life_to_discard"},
        ),
        (
            "If you make a Heal combo in the puzzle phase, you do not heal in the recovery step. "
            "Instead, deal 1 damage to your opponent.",
            {"action": "heal_to_damage"},
        ),
    ],
)
def test_continuous_texts_b01_062_b04_024_b04_039_b04_040_b04_042_b03_046(text, expected):
    assert read(text) == [{"trigger": "continuous", "amount": 1} | expected]


def test_low_life_gives_both_bonuses_b03_071():
    steps = read("If your remaining HP is 3 or less, this monster gets +300 attack and +1 damage.")
    assert steps == [
        {
            "trigger": "continuous",
            "action": "attack_bonus",
            "amount": 300,
            "scope": "self",
            "max_life": 3,
        },
        {
            "trigger": "continuous",
            "action": "extra_damage",
            "amount": 1,
            "scope": "self",
            "max_life": 3,
        },
    ]


# --- what is not read -------------------------------------------------------------------


def test_an_unread_text_gets_a_needs_reason_and_no_steps():
    steps, reason = steps_for("Swap the attack of two monsters.", PET)
    assert steps == [] and reason.startswith("needs: ")
    # A known clause with words left over is not read either: the whole text must match.
    steps, reason = steps_for(EVOLVE + "draw a card, then shuffle your deck.", PET)
    assert steps == [] and reason.startswith("needs: ")


def test_no_text_gives_neither_steps_nor_reason():
    assert steps_for(None, PET) == ([], None)
    assert steps_for("  ", PET) == ([], None)


def test_every_rule_names_the_cards_it_was_written_for():
    for rule in RULES:
        assert rule.examples, rule.name
        assert all(example[:3] in {"B01", "B02", "B03", "B04", "B05"} for example in rule.examples)


# --- conversion --------------------------------------------------------------------------


def test_conversion_writes_steps_reasons_and_lets_curated_steps_win():
    records = [
        pet(cardNumber="B09-001", skillDesc=EVOLVE + "draw a card."),
        pet(cardNumber="B09-002", skillDesc="Swap the attack of two monsters."),
        pet(cardNumber="B09-003", skillDesc=EVOLVE + "draw a card."),
    ]
    curated = [{"trigger": "evolve", "action": "draw", "amount": 2}]
    cards = convert_catalogue(records, {"B09-003": {"effect": curated}})
    first, second, third = cards
    assert first["effect"] == [{"trigger": "evolve", "action": "draw", "amount": 1}]
    assert "not_simulated_reason" not in first
    assert "effect" not in second and second["not_simulated_reason"].startswith("needs: ")
    assert third["effect"] == curated and "not_simulated_reason" not in third


def test_conversion_records_the_sign_reading_as_a_data_issue():
    text = EVOLVE + "all of your opponent's monsters get 200 defense until the end of your turn."
    [card] = convert_catalogue([pet(skillDesc=text)], {})
    assert card["effect"][0]["amount"] == -200
    assert [issue["field"] for issue in card["data_issues"]] == ["text"]
