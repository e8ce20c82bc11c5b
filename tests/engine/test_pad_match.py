"""PAD-7: two decks played in full, rule by rule, on constructed positions of real cards
(fixtures/pad.json, by number), effect steps included: the fixture is the source of truth.

Expected values come from the printed cards: Lil' Red Dragon (B01-001) attacks 100 at 2
combos and 200 at 3; Lil' Black Dragon (B01-017) defends 200; Lil' Blue Dragon (B01-005)
500; Blue Dragon (B01-006) 600, Aurora Dragon (B01-007) 800.
"""

from __future__ import annotations

import json

import pytest

from engine.core.errors import IllegalAction, InvalidDeck, UnknownPolicy
from engine.core.result import DRAW, LOSS, WIN
from engine.pad import ENGINE
from engine.pad.cards import FIRE, PadCard, link_lines
from engine.pad.policies import GreedyPolicy, Policy
from engine.pad.random_policy import RandomPolicy
from tests.engine.factories import build_game, face, orb, real, skill, step

LIL_RED, LIL_BLUE, LIL_BLACK, LIL_GREEN = (
    real(n) for n in ("B01-001", "B01-005", "B01-017", "B01-009")
)
BLUE = real("B01-006", evolves_from=LIL_BLUE.id)
AURORA = real("B01-007", evolves_from=BLUE.id)
DEFENSIVE_STANCE = real("B01-115")
BLIZZARD = real("B01-116")
POISON_MIST = real("B02-116")
CURE = real("B01-118")
TYRRA = real("B01-021")
TYRANNOS_LINE = [real("B01-022", evolves_from=TYRRA.id)]
TYRANNOS_LINE.append(real("B01-023", evolves_from=TYRANNOS_LINE[0].id))
TYRANNOS = real("B01-024", evolves_from=TYRANNOS_LINE[1].id)
NAGA = real("B01-039")
ECHIDNA = real("B01-040", evolves_from=NAGA.id)
EMPRESS = real("B01-041", evolves_from=ECHIDNA.id)
PLAIN = orb("light", "dark")


def names(cards):
    return [card.name for card in cards]


def attacking(player, colour: int, combos: int) -> None:
    """The player's attack phase after a puzzle that made `combos` combos of `colour`."""
    player.made_mask, player.combos = 1 << colour, combos
    player.attack_phase()


def duel(attacker_team, defender_team, *, defender_policy=None, **defender):
    player = build_game(attacker_team, policy=GreedyPolicy(), phase="attack")
    opponent = build_game(defender_team, policy=defender_policy or GreedyPolicy(), **defender)
    face(player, opponent)
    return player, opponent


def test_pad_4_5_2_a_block_needs_total_defence_strictly_greater_than_the_attack():
    player, opponent = duel([LIL_RED], [LIL_BLACK])
    attacking(player, FIRE, 2)  # attack 100 against defence 200: blocked
    assert opponent.state.pets[0].tapped and len(opponent.state.life) == 5
    player, opponent = duel([LIL_RED], [LIL_BLACK])
    attacking(player, FIRE, 3)  # attack 200 against defence 200: not strictly greater
    assert not opponent.state.pets[0].tapped and len(opponent.state.life) == 4
    assert player.turn_damage == [1]


def test_pad_4_1_a_tapped_pet_cannot_block():
    player, opponent = duel([LIL_RED], [LIL_BLACK])
    opponent.state.pets[0].tapped = True
    attacking(player, FIRE, 2)
    assert len(opponent.state.life) == 4

    class TappedBlocker(Policy):
        def choose_blockers(self, game, attack):
            return [0]

    player, opponent = duel([LIL_RED], [LIL_BLACK], defender_policy=TappedBlocker())
    opponent.state.pets[0].tapped = True
    with pytest.raises(IllegalAction, match="active"):
        attacking(player, FIRE, 2)


def test_pad_4_5_2_greedy_blocks_with_the_weakest_pet_that_suffices_alone():
    player, opponent = duel([LIL_RED], [LIL_BLUE, LIL_BLACK])  # defences 500 and 200
    attacking(player, FIRE, 2)  # 100: Lil' Black Dragon is enough, Lil' Blue stays ready
    assert [stack.tapped for stack in opponent.state.pets] == [False, True]


def test_pad_4_5_3_the_defender_draws_its_life_card_into_hand():
    player, opponent = duel([LIL_RED], [LIL_BLACK], life=[PLAIN, CURE, LIL_BLUE])
    opponent.state.pets[0].tapped = True
    attacking(player, FIRE, 3)
    assert names(opponent.state.hand) == [LIL_BLUE.name]
    assert opponent.state.seen == 0  # only the player's deck cards carry drawn bits


def test_pad_4_5_3_a_damage_trigger_runs_on_the_defender():
    # Cure (B01-118): "discard 2 cards and heal 1 HP" instead of going to hand
    player, opponent = duel(
        [LIL_RED], [LIL_GREEN], life=[PLAIN, CURE], hand=[PLAIN, PLAIN], deck=[LIL_BLUE]
    )
    opponent.state.pets[0].tapped = True
    attacking(player, FIRE, 3)
    assert opponent.state.hand == []
    assert names(opponent.state.discard) == [PLAIN.name, PLAIN.name, CURE.name]
    assert names(opponent.state.life) == [LIL_BLUE.name, PLAIN.name]


def test_pad_6_1_the_last_life_card_may_still_heal():
    player, opponent = duel([LIL_RED], [LIL_GREEN], life=[CURE], hand=[PLAIN] * 2, deck=[PLAIN])
    opponent.state.pets[0].tapped = True
    attacking(player, FIRE, 3)
    assert len(opponent.state.life) == 1 and not opponent.lost
    assert player.turn_damage == [1]


def test_pad_6_1_a_defender_whose_life_is_empty_after_an_attack_loses():
    player, opponent = duel([LIL_RED, LIL_RED], [LIL_BLACK], life=[PLAIN], log=False)
    opponent.state.pets[0].tapped = True
    attacking(player, FIRE, 3)  # the first attack takes the last life card
    assert opponent.lost and opponent.state.life == []
    assert player.turn_attacks == [1]  # the second attacker returns without attacking
    assert player.state.attack_area == []


def test_pad_7_2_blizzard_breath_taps_an_opponent_pet_with_600_or_less_defence():
    # Cost 1 as printed (issue 26; the fan list said 0): a column of two pays it.
    player = build_game(
        [LIL_BLUE], hand=[BLIZZARD], columns=((PLAIN, PLAIN), (), ()), policy=GreedyPolicy()
    )
    opponent = build_game([AURORA, LIL_BLUE], policy=GreedyPolicy())  # 800, 500
    face(player, opponent)
    player.main_phase()  # greedy plays it: there is a target
    assert [stack.tapped for stack in opponent.state.pets] == [False, True]
    assert names(player.state.discard) == [PLAIN.name, BLIZZARD.name]


def test_pad_7_2_poison_mist_makes_the_opponent_discard_a_card_of_its_choice():
    player = build_game([LIL_BLACK], hand=[POISON_MIST], policy=GreedyPolicy())
    opponent = build_game([LIL_BLUE], hand=[BLUE, PLAIN], policy=GreedyPolicy())
    face(player, opponent)
    player.play_skill(player.state.hand[0])
    assert names(opponent.state.hand) == [BLUE.name]  # greedy keeps its next evolution
    assert names(opponent.state.discard) == [PLAIN.name]


def stack_up(game, index: int, *specs) -> None:
    """Evolve pet `index` of a constructed game through `specs` (bottom → top)."""
    stack = game.state.pets[index]
    stack.cards += [PadCard(spec) for spec in specs]
    link_lines(stack.cards)
    stack.top = stack.cards[-1]


def test_pad_7_2_echidna_returns_the_top_card_of_an_evo2_or_lower_pet():
    player = build_game([ECHIDNA], hand=[EMPRESS], policy=GreedyPolicy())
    opponent = build_game([LIL_BLUE, LIL_BLACK], policy=GreedyPolicy())
    stack_up(opponent, 0, BLUE, AURORA)
    face(player, opponent)
    player.evolve(0, player.state.hand[0])
    blue = opponent.state.pets[0]
    assert names(blue.cards) == [LIL_BLUE.name, BLUE.name]  # Aurora (evo2) went back
    assert names(opponent.state.hand) == [AURORA.name]
    assert names(opponent.state.pets[1].cards) == [LIL_BLACK.name]  # a base pet stays


def test_pad_7_2_echidna_never_returns_a_base_pet_or_an_evo3():
    player = build_game([ECHIDNA], hand=[EMPRESS], policy=GreedyPolicy())
    opponent = build_game([TYRRA, LIL_BLACK], policy=GreedyPolicy())
    stack_up(opponent, 0, *TYRANNOS_LINE, TYRANNOS)  # Firedragon Tyrannos is evo3
    face(player, opponent)
    player.evolve(0, player.state.hand[0])
    assert [len(stack.cards) for stack in opponent.state.pets] == [4, 1]
    assert opponent.state.hand == []


def test_pad_7_2_tyrannos_rolls_a_wood_pet_only_at_6_combos():
    for combos, tapped in ((5, False), (6, True)):
        player = build_game([TYRRA], policy=GreedyPolicy())
        stack_up(player, 0, *TYRANNOS_LINE, TYRANNOS)
        opponent = build_game([LIL_GREEN, LIL_BLUE], policy=GreedyPolicy())
        face(player, opponent)
        player.made_mask, player.combos = (1 << 6) - 1, combos
        player.combo_effects()
        assert [s.tapped for s in opponent.state.pets] == [tapped, False]


def test_pad_7_2_against_the_goldfish_opponent_steps_move_nothing():
    game = build_game(
        [LIL_BLUE],
        hand=[BLIZZARD, POISON_MIST],
        columns=((PLAIN, PLAIN), (), ()),  # Blizzard Breath costs 1 as printed (issue 26)
        policy=GreedyPolicy(),
    )
    game.main_phase()  # nothing to hit: greedy keeps them as orb cards
    assert names(game.state.hand) == [BLIZZARD.name, POISON_MIST.name]
    game.play_skill(game.state.hand[0])
    assert game.opponent.life == 5
    assert names(game.state.discard) == [PLAIN.name, BLIZZARD.name]


def test_pad_1_2_a_defence_skill_needs_a_pet_of_its_attribute_and_is_paid():
    # no catalogued defence skill costs anything: a synthetic one at cost 1 shows the payment
    paid = skill(
        8001,
        "Synthetic paid untap",
        "water",
        ("light",),
        cost=1,
        effects=[step("defence", "untap")],
    )
    game = build_game([LIL_RED], hand=[DEFENSIVE_STANCE], policy=GreedyPolicy())
    assert not game.can_use_defence_skill(game.state.hand[0])  # a water skill, no water pet
    with pytest.raises(IllegalAction, match="PAD-1.2"):
        game.play_defence_skill(game.state.hand[0])
    game = build_game(
        [LIL_BLUE], hand=[paid], columns=([PLAIN, LIL_RED], [PLAIN], [PLAIN]), policy=Policy()
    )
    game.state.pets[0].tapped = True
    game.play_defence_skill(game.state.hand[0])
    assert not game.state.pets[0].tapped
    assert names(game.state.discard) == [LIL_RED.name, paid.name]


def test_pad_4_5_2_greedy_uses_defensive_stance_when_it_makes_a_block_possible():
    player, opponent = duel([LIL_RED], [LIL_BLUE], hand=[DEFENSIVE_STANCE])
    opponent.state.pets[0].tapped = True
    attacking(player, FIRE, 2)  # untap Lil' Blue Dragon (500), then block the 100
    assert opponent.state.pets[0].tapped and len(opponent.state.life) == 5
    assert names(opponent.state.discard) == [DEFENSIVE_STANCE.name]


def starter(team, deck_cards):
    from engine.core.cards import DeckSpec

    return DeckSpec("pad", tuple(deck_cards), tuple(team))


def test_pad_7_4_a_game_nobody_wins_by_the_cap_is_a_draw():
    egg = real("B01-103")  # Golden Egg: attack 0 on every row, no attribute
    eggs = starter([egg] * 5, [egg] * 3 + [PLAIN] * 20)
    match = ENGINE.prepare_match(eggs, eggs, policy="greedy", opponent_policy="random")
    result = match.play(7, going_first=True)
    assert (result.outcome, result.length) == (DRAW, 30)
    assert ENGINE.default_match_cap == 30
    short = ENGINE.prepare_match(eggs, eggs, policy="greedy", opponent_policy="greedy", turn_cap=3)
    assert short.play(7, True).length == 3


def test_pad_7_1_decks_policies_are_checked_like_the_goldfish():
    egg = real("B01-103")
    eggs = starter([egg] * 5, [egg] * 3 + [PLAIN] * 20)
    with pytest.raises(InvalidDeck):
        ENGINE.prepare_match(
            eggs, starter([egg], [PLAIN]), policy="greedy", opponent_policy="greedy"
        )
    with pytest.raises(UnknownPolicy):
        ENGINE.prepare_match(eggs, eggs, policy="greedy", opponent_policy="nobody")


def test_match_1_drawn_bits_name_the_player_deck_cards_in_hand():
    egg = real("B01-103")
    deck = starter([LIL_BLUE] * 5, [BLUE] * 3 + [egg] * 3 + [PLAIN] * 20)
    match = ENGINE.prepare_match(deck, deck, policy="greedy", opponent_policy="greedy")
    assert match.card_names == (BLUE.name, egg.name, PLAIN.name)
    result = match.play(3, True, log=True)
    in_hand = set()
    for snapshot in result.log["snapshots"]:
        in_hand |= set(snapshot["zones"][0]["hand"])
    for event in result.log["events"]:  # a card drawn and spent before the next snapshot
        if event["player"] == 0 and event["action"] in ("draw", "deal_hand", "life_to_hand"):
            in_hand |= set(event["cards"])
    expected = sum(1 << i for i, name in enumerate(match.card_names) if name in in_hand)
    assert result.drawn == expected


def test_pad_7_3_the_log_holds_both_boards_and_both_sides_decisions():
    egg = real("B01-103")
    deck = starter([LIL_RED, LIL_BLUE, LIL_BLACK, LIL_GREEN, TYRRA], [BLUE] * 3 + [egg] * 20)
    match = ENGINE.prepare_match(deck, deck, policy="greedy", opponent_policy="random")
    log = match.play(11, going_first=False, log=True).log
    assert [p["policy"] for p in log["players"]] == ["greedy", "random"]
    assert {e["player"] for e in log["events"]} == {0, 1}
    assert all(len(s["zones"]) == 2 and len(s["life"]) == 2 for s in log["snapshots"])
    assert log["result"]["outcome"] in ("win", "loss", "draw")
    assert json.loads(json.dumps(log)) == log  # JSON-ready
    assert log == match.play(11, going_first=False, log=True).log  # deterministic


def test_pad_7_3_the_random_policy_is_seeded_from_the_game():
    game = build_game([LIL_RED], hand=[PLAIN] * 3, policy=RandomPolicy())
    picks = [game.policy.choose_column(game, game.state.hand[0]) for _ in range(20)]
    again = build_game([LIL_RED], hand=[PLAIN] * 3, policy=RandomPolicy())
    assert picks == [again.policy.choose_column(again, again.state.hand[0]) for _ in range(20)]
    assert set(picks) == {0, 1, 2}


def test_outcomes_are_seen_from_the_player_seat():
    egg = real("B01-103")
    eggs = starter([egg] * 5, [egg] * 3 + [PLAIN] * 20)
    strong = starter(
        [LIL_RED] * 5,
        [real("B01-002", evolves_from=LIL_RED.id)] * 3 + [orb("fire", "heart", "water")] * 30,
    )
    assert (
        ENGINE.prepare_match(strong, eggs, policy="greedy", opponent_policy="greedy")
        .play(1, True)
        .outcome
        == WIN
    )
    assert (
        ENGINE.prepare_match(eggs, strong, policy="greedy", opponent_policy="greedy")
        .play(1, True)
        .outcome
        == LOSS
    )
