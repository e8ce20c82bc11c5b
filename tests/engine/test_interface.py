"""PLAY-1: one game interface for both engines (engine/core/interface.py), OpenSpiel's
State as the model: legal actions, apply, clone, terminal and returns, observations."""

from __future__ import annotations

from random import Random

import pytest

from engine.core.interface import TERMINAL, GameState
from tests.engine.test_search import CASES, PAD_LIGHT, PAD_WATER, _match


def _play_out(state: GameState, rng: Random, limit: int = 2000) -> list[str]:
    labels = []
    for _ in range(limit):
        if state.is_terminal():
            return labels
        actions = state.legal_actions()
        assert len(actions) >= 2  # a forced step is not an action (PLAY-1.2)
        action = rng.choice(actions)
        labels.append(state.action_label(action))
        state.apply_action(action)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("game", "deck", "opponent"), CASES, ids=["pad", "digimon"])
def test_play_1_a_game_is_played_to_its_end_through_legal_actions(gauntlet, game, deck, opponent):
    match = _match(game, deck, opponent, "greedy", "greedy")
    state = GameState(match, seed=11)
    assert state.current_player() in (0, 1) and not state.is_terminal()
    labels = _play_out(state, Random(5))
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])
    assert labels and all(isinstance(label, str) and label for label in labels)
    assert {seat for seat, _action in state.history()} == {0, 1}  # both sides decided


@pytest.mark.parametrize(("game", "deck", "opponent"), CASES, ids=["pad", "digimon"])
def test_play_1_1_seed_decks_and_actions_replay_the_game_and_a_clone_is_independent(
    gauntlet, game, deck, opponent
):
    match = _match(game, deck, opponent, "greedy", "greedy")
    state = GameState(match, seed=4)
    rng = Random(9)
    for _ in range(6):
        state.apply_action(rng.choice(state.legal_actions()))
    copy = state.clone()
    rebuilt = GameState(match, seed=4, history=state.history())
    assert rebuilt.observation(0) == state.observation(0)
    assert rebuilt.legal_actions() == state.legal_actions()
    seat = state.current_player()
    state.apply_action(state.legal_actions()[-1])
    assert copy.history() != state.history() and copy.current_player() == seat
    _play_out(state, Random(1))
    _play_out(copy, Random(1))
    with pytest.raises(ValueError):
        copy.apply_action(0)  # nothing is legal once the game is over


@pytest.mark.parametrize(("game", "deck", "opponent"), CASES, ids=["pad", "digimon"])
def test_play_1_3_an_observation_shows_the_own_hand_and_only_the_size_of_the_other(
    gauntlet, game, deck, opponent
):
    match = _match(game, deck, opponent, "greedy", "greedy")
    state = GameState(match, seed=2)
    seat = state.current_player()
    view = state.observation(seat)
    assert all(isinstance(name, str) for name in view["me"]["hand"])
    assert isinstance(view["opponent"]["hand"], int)
    with pytest.raises(ValueError):
        state.apply_action(len(state.legal_actions()))  # not an option


def test_play_1_1_an_action_reads_in_the_readers_language(gauntlet):
    from django.utils import translation

    from engine.action_texts import action_text

    match = _match("pad", PAD_LIGHT, PAD_WATER, "greedy", "greedy")
    state = GameState(match, seed=11)
    rng = Random(3)
    while state.decision() != "main_phase":
        state.apply_action(rng.choice(state.legal_actions()))
    end = next(a for a in state.legal_actions() if state.options()[a] == ("end",))
    assert state.action_label(end) == "End the main phase"
    with translation.override("zh-hant"):
        assert action_text(state, end) == "結束主要階段"
    with translation.override("zh-hans"):
        assert action_text(state, end) == "结束主要阶段"
    other = next(a for a in state.legal_actions() if a != end)
    template, values = state.action_parts(other)
    card = values["card"]
    with translation.override("zh-hant"):
        text = action_text(state, other, names=lambda name: f"«{name}»")
    assert f"«{card}»" in text and text != state.action_label(other)


@pytest.mark.parametrize(("game", "deck", "opponent"), CASES, ids=["pad", "digimon"])
def test_the_sites_ai_answers_for_its_seat_and_its_answers_are_recorded(
    gauntlet, game, deck, opponent
):
    """Issue 28: a seat the site plays decides as its player would, and its decisions join
    the history, so a replay of it never decides again: greedy's answers are the ones a
    person taking option 0 for that seat makes; a random player's differ; the same seed
    and actions give the same answers."""
    from engine.core.interface import GREEDY, UNIFORM

    match = _match(game, deck, opponent, "greedy", "greedy")

    def own_moves(state):
        return [action for seat, action in state.history() if seat == 0]

    def against(player):
        state = GameState(match, seed=8, ai={1: player})
        while not state.is_terminal() and len(own_moves(state)) < 12:
            assert state.current_player() == 0  # the AI never leaves a decision pending
            state.apply_action(state.legal_actions()[-1])
        return state

    greedy = against(GREEDY)
    by_hand = GameState(match, seed=8)
    while by_hand.history() != greedy.history():
        seat = by_hand.current_player()
        assert seat in (0, 1)
        by_hand.apply_action(0 if seat == 1 else by_hand.legal_actions()[-1])
    assert by_hand.observation(0) == greedy.observation(0)
    assert against(GREEDY).history() == greedy.history()
    random_answers = against(UNIFORM)
    assert random_answers.history() == against(UNIFORM).history()
    assert [a for s, a in random_answers.history() if s == 1] != [
        a for s, a in greedy.history() if s == 1
    ]
    rebuilt = GameState(match, seed=8, history=greedy.history(), ai={1: GREEDY})
    assert rebuilt.history() == greedy.history() and rebuilt.ai_moves == []
