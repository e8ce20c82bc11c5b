"""Issue 24, finding 1: every game ends, and every run stops on time.

The deck of the finding — Tyran and 40 Fire Orb Change — never left its first main phase:
the free skill's reveal finds a fire card (itself, the empty deck reshuffling the discard
pile) and puts it back in hand. Games now count their actions (engine/core/limits.py):
past a bound the game is a draw whose result names the reason, and the run's deadline is
watched from inside the games.
"""

from __future__ import annotations

import signal
import time

import pytest

from engine.core import limits
from engine.core.api import play_game, run_batch
from engine.core.batch import TimeLimit
from engine.core.limits import Stopped, watching
from engine.core.matchup import Opponent, play_match, run_matchup
from engine.core.result import DRAW
from tests.engine import digimon_factories
from tests.engine.factories import DeckSpec, as_listed, real, starter_deck

# Fire Orb Change as the fan list read it (a fire *card* back to hand): its scan prints an
# orb test the engine does not run (issue 26), but the loop of the finding is the point.
TYRAN, FIRE_ORB_CHANGE = real("B01-022"), as_listed("B01-109")


def never_ending_deck() -> DeckSpec:
    return DeckSpec(game="pad", deck=(FIRE_ORB_CHANGE,) * 40, team=(TYRAN,))


@pytest.fixture(autouse=True)
def no_hang():
    """A run that does not stop fails its test after 10 s instead of hanging the suite."""

    def give_up(*_):
        raise AssertionError("the run did not stop within 10 s")

    previous = signal.signal(signal.SIGALRM, give_up)
    signal.alarm(10)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


def test_the_never_ending_deck_stops_in_its_first_turn_as_a_game_not_won():
    result = play_game(never_ending_deck(), seed=1, log=True)
    assert result.stopped == limits.TURN_ACTIONS
    assert result.won is False
    assert result.log["result"]["stopped"] == "turn_actions"


def test_a_batch_of_the_never_ending_deck_reports_every_game_stopped():
    started = time.monotonic()
    report = run_batch(never_ending_deck(), games=20, seed=0, processes=1)
    assert time.monotonic() - started < 5  # each game: 501 actions, a few ms
    assert report["games_stopped"] == {"turn_actions": 20}
    assert report["turns_to_win"]["not_won"] == 1.0  # the share of games not won


def test_a_legal_deck_is_never_stopped():
    report = run_batch(starter_deck(), games=200, seed=5, processes=1)
    assert report["games_stopped"] == {}


def test_a_game_past_its_game_bound_is_stopped_with_that_reason(monkeypatch):
    # Seed 3's goldfish evolves eight times on its way to a turn-3 win: past a bound of 2.
    monkeypatch.setattr(limits, "ACTIONS_PER_GAME", 2)
    result = play_game(starter_deck(), seed=3)
    assert result.stopped == limits.GAME_ACTIONS
    assert result.won is False


def test_a_matchup_game_past_a_bound_is_a_draw_counted_in_games_stopped():
    rival = Opponent(deck=never_ending_deck(), label={"name": "loop"})
    result = play_match(starter_deck(), rival.deck, seed=3, going_first=False, log=True)
    assert (result.outcome, result.stopped) == (DRAW, limits.TURN_ACTIONS)
    assert result.log["result"]["outcome"] == "draw"
    assert result.log["result"]["stopped"] == "turn_actions"
    report = run_matchup(starter_deck(), [rival], games=10, seed=0, processes=1)
    row = report["opponents"][0]
    # The looping side stalls in its first turn: whoever goes first, no one can win.
    assert row["games_stopped"] == {"turn_actions": 10}
    assert row["draws"] == 10


def test_dgm_a_round_past_its_bound_stops_the_game_as_a_draw(monkeypatch):
    monkeypatch.setattr(limits, "ACTIONS_PER_TURN", 1)
    deck = digimon_factories.starter_deck()
    result = play_game(deck, seed=4)
    assert result.stopped == limits.TURN_ACTIONS
    report = run_batch(deck, games=6, seed=0, processes=1)
    assert report["games_stopped"] == {"turn_actions": 6}


def test_the_deadline_is_watched_inside_a_game(monkeypatch):
    """With the bounds out of the way, the never-ending game only stops at the deadline:
    within milliseconds of it, not at the end of a batch of games."""
    monkeypatch.setattr(limits, "ACTIONS_PER_TURN", 10**12)
    monkeypatch.setattr(limits, "ACTIONS_PER_GAME", 10**12)
    started = time.monotonic()
    with pytest.raises(TimeLimit):
        run_batch(never_ending_deck(), games=1, seed=0, processes=1, time_limit=0.3)
    assert time.monotonic() - started < 1.5


def test_a_run_asked_to_stop_stops_inside_its_game(monkeypatch):
    monkeypatch.setattr(limits, "ACTIONS_PER_TURN", 10**12)
    monkeypatch.setattr(limits, "ACTIONS_PER_GAME", 10**12)
    asked_at = time.monotonic() + 0.2
    started = time.monotonic()
    stop_asked = watching(should_stop=lambda: time.monotonic() > asked_at, ask_every=0.05)
    with stop_asked, pytest.raises(Stopped):
        play_game(never_ending_deck(), seed=0)
    assert time.monotonic() - started < 1.5


def test_an_inner_watch_keeps_the_earlier_deadline():
    soon = time.monotonic() + 1
    with watching(deadline=soon) as outer, watching(deadline=soon + 100) as inner:
        assert inner.deadline == outer.deadline == soon
