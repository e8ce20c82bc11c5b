"""engine/matchup_services.py (issue 12): the same matchup gives the same report on any
number of processes (MATCH-1 determinism), and costs what the budget says."""

from __future__ import annotations

import pytest

from engine.core.batch import CHUNK
from engine.matchup_services import MatchupRequest, match_deck, matchup_report
from tests.decklists import digimon_list, pad_list

pytestmark = pytest.mark.django_db


def request_for(game: str, games: int, *, compare: bool = False) -> MatchupRequest:
    if game == "pad":
        mine, theirs = pad_list("fire"), [pad_list("water"), pad_list("wood")]
    else:
        mine, theirs = digimon_list(0), [digimon_list(3), digimon_list(5)]
    return MatchupRequest(
        game=game,
        deck=match_deck(game, text=mine, name="mine"),
        opponents=[match_deck(game, text=text, name=f"rival {n}") for n, text in enumerate(theirs)],
        other=match_deck(game, text=mine, name="B") if compare else None,
        games=games,
        seed=11,
    )


@pytest.mark.parametrize("game", ["pad", "digimon"])
def test_one_process_and_two_give_the_same_report(catalogue, game):
    # More games than one chunk, so that two processes really share the work.
    request = request_for(game, games=CHUNK + 100)
    assert matchup_report(request, processes=1) == matchup_report(request, processes=2)


def test_a_matchup_costs_games_times_opponents_and_a_comparison_twice_that(catalogue):
    assert request_for("pad", games=50).cost == 50 * 2
    assert request_for("pad", games=50, compare=True).cost == 50 * 2 * 2


def test_progress_counts_every_game_against_every_opponent(catalogue):
    seen = []
    matchup_report(request_for("pad", games=20), progress=lambda done, total: seen.append(total))
    assert seen and set(seen) == {40}
