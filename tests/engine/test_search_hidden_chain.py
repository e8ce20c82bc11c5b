"""PLAY-1.3 for Digimon's face-down evolving box: a search that decides after its opponent
set its evolution (DGM-4.1 step 3) does not see which Digimon lies face down there, nor the
○/× cards under it (DGM-4.3), and every world it samples holds a legal chain."""

from __future__ import annotations

import pytest

from engine.digimon.search import DigimonSearch
from tests.engine.test_search import AGUMON, GABUMON, _live, _match, _Stop, _traced


@pytest.fixture
def cheap(monkeypatch):
    monkeypatch.setattr(DigimonSearch, "simulations", 6)


def _alternative(rival):
    """A card of the opponent's hand or Net Ocean that could lie face down in place of its
    first evolving card (evolves from its top, the same ○/× count), if any."""
    real = rival.evolving[0]
    for zone in (rival.hand, rival.net_ocean):
        for index, card in enumerate(zone):
            if (
                card is not real
                and card.name != real.name
                and card in rival.top.children
                and card.need == real.need
                and not card.other
            ):
                return zone, index
    return None


def _swap_face_down(world, rival_seat: int) -> None:
    """Behind the searcher's back: another legal Digimon face down in the evolving box, and
    the ○/× cards swapped with Net Ocean cards; every zone keeps its size."""
    rival = world.sides[rival_seat]
    zone, index = _alternative(rival)
    zone[index], rival.evolving[0] = rival.evolving[0], zone[index]
    taken = rival.taken[0]
    group, ocean = rival.requirements[0], rival.net_ocean
    for position in range(min(taken, len(ocean))):
        group[position], ocean[position] = ocean[position], group[position]


def _probe_after_the_rival_set_its_evolution(policy, seat: int, results: list) -> None:
    search = policy.search

    def probing(game, options, share=1.0):
        rival = game.sides[1 - seat]
        if rival.evolving and not rival.face_down and _alternative(rival) is not None:
            for _ in range(2):
                totals: list = []
                choice = _traced(policy, search, game, options, share, totals)
                results.append((options.index(choice), totals))
                _swap_face_down(game, 1 - seat)
            raise _Stop
        return search(game, options, share)

    policy.search = probing


def test_play_1_3_the_search_does_not_see_the_opponents_face_down_evolution(gauntlet, cheap):
    match = _match("digimon", AGUMON, GABUMON)
    probed = 0
    for seed in range(40):
        # the searcher (seat 0) attacks second: it prepares after its opponent (DGM-4.1)
        live = _live(match, seed, going_first=False)
        policy = match.replay_class.policies(live)[0]
        policy.__dict__.pop("search", None)
        results: list = []
        _probe_after_the_rival_set_its_evolution(policy, 0, results)
        try:
            live.play()
        except _Stop:
            before, after = results
            assert before[1], "the decision was searched"
            assert after == before  # the same rewards in the same worlds, the same choice
            probed += 1
        finally:
            policy.__dict__.pop("search", None)
        if probed == 3:
            break
    assert probed == 3, "no decision came after a face-down evolution with another possible"


def test_play_1_3_sampled_worlds_hold_a_legal_face_down_chain(gauntlet, cheap):
    """Every dealt chain evolves from the box, card after card, with the real ○/× counts,
    and some world deals a different card than the real one."""
    match = _match("digimon", AGUMON, GABUMON)
    checked, differed = 0, 0
    for seed in range(30):
        live = _live(match, seed, going_first=False)
        policy = match.replay_class.policies(live)[0]
        replay = policy.replay
        determinize = type(replay).determinize

        def watching(live_world, copy, seat, rng, determinize=determinize, replay=replay):
            nonlocal checked, differed
            determinize(replay, live_world, copy, seat, rng)
            real, dealt = live_world.sides[1 - seat], copy.sides[1 - seat]
            if not real.evolving or real.face_down or any(c.other for c in real.evolving):
                return
            checked += 1
            assert [c.need for c in dealt.evolving] == [c.need for c in real.evolving]
            assert [len(g) for g in dealt.requirements] == [len(g) for g in real.requirements]
            top = dealt.top
            for card in dealt.evolving:
                assert card in top.children
                top = card
            differed += dealt.evolving != real.evolving
            total = len(dealt.hand) + len(dealt.net_ocean)
            assert total == len(real.hand) + len(real.net_ocean)

        replay.determinize = watching
        live.play()
        if checked >= 50:
            break
    assert checked >= 50
    assert differed > 0
