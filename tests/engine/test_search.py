"""PLAY-1/PLAY-2: the search players on the reference decks (fixtures/reference_decks.toml):
a game replays exactly from its seed and the actions taken, a search is deterministic for
a seed, and it decides from what its player may see (PLAY-1.3's fair information).

The budgets here are a few simulations per decision so the tests stay fast; the strength
of the real levels is measured by bench/search.py (README)."""

from __future__ import annotations

from random import Random

import pytest

from decks.models import Deck
from engine.convert import deck_spec
from engine.core.registry import get_engine
from engine.core.search import Searching, start_searches
from engine.digimon.search import DigimonSearch
from engine.pad.search import PadSearch
from engine.services import entries_for

PAD_LIGHT, PAD_WATER = "Reference: Light", "Reference: Water"
AGUMON, GABUMON = "Reference: Agumon line", "Reference: Gabumon line"


def _spec(game: str, name: str):
    return deck_spec(game, entries_for(game, deck=Deck.objects.get(name=name)))


@pytest.fixture
def cheap(monkeypatch):
    """Both games' search at 6 simulations per decision."""
    monkeypatch.setattr(PadSearch, "simulations", 6)
    monkeypatch.setattr(DigimonSearch, "simulations", 6)


def _match(game, deck, opponent, policy="search", opponent_policy="greedy"):
    return get_engine(game).prepare_match(
        _spec(game, deck),
        _spec(game, opponent),
        policy=policy,
        opponent_policy=opponent_policy,
        turn_cap=30,
    )


def _live(match, seed: int, going_first: bool = True):
    game = match.start(Random(seed), going_first, None)
    start_searches(match, game, seed, going_first, goldfish=False)
    return game


CASES = [("pad", PAD_LIGHT, PAD_WATER), ("digimon", AGUMON, GABUMON)]


@pytest.mark.parametrize(("game", "deck", "opponent"), CASES, ids=["pad", "digimon"])
def test_play_1_1_a_game_replays_exactly_from_its_seed_and_the_actions_taken(
    gauntlet, cheap, game, deck, opponent
):
    match = _match(game, deck, opponent, "search", "search")
    live = _live(match, 3)
    outcome = live.play()
    replay = match.replay_class(match, 3, True, False)
    policies = replay.policies(live)
    assert all(policy.journal for policy in policies)  # both sides took decisions
    copy = replay.fresh()
    for seat, policy in enumerate(policies):
        replay.install(copy, seat, policy.replica(list(policy.journal)))
    assert copy.play() == outcome
    assert _public(game, copy) == _public(game, live)


def _public(game: str, world) -> list:
    """What both players see at the end: the boxes or pets and the discard piles."""
    if game == "pad":
        return [
            ([stack.top.name for stack in side.state.pets], [c.name for c in side.state.discard])
            for side in world.sides
        ]
    return [([c.name for c in side.box], [c.name for c in side.dark_area]) for side in world.sides]


@pytest.mark.parametrize(("game", "deck", "opponent"), CASES, ids=["pad", "digimon"])
def test_play_2_a_search_player_is_deterministic_for_a_seed(gauntlet, cheap, game, deck, opponent):
    match = _match(game, deck, opponent)
    first = [match.play(seed, seed % 2 == 0) for seed in range(2)]
    again = [match.play(seed, seed % 2 == 0) for seed in range(2)]
    assert [(r.outcome, r.length, r.drawn, r.played) for r in first] == [
        (r.outcome, r.length, r.drawn, r.played) for r in again
    ]


class _Probe:
    """Stops a live game at its searching seat's `at`-th searched decision: searches it,
    changes what that player cannot see, and searches it again."""

    def __init__(self, at: int, perturb):
        self.at, self.perturb, self.results = at, perturb, []

    def install(self, policy: Searching) -> None:
        probe, search = self, policy.search

        def probing(game, options, share=1.0):
            if policy.decisions + 1 == probe.at:
                totals = []
                for _ in range(2):
                    choice = _traced(policy, search, game, options, share, totals)
                    probe.results.append((options.index(choice), list(totals)))
                    totals.clear()
                    probe.perturb(game)
                raise _Stop
            return search(game, options, share)

        policy.search = probing


class _Stop(Exception):
    pass


def _traced(policy, search, game, options, share, totals):
    simulate = policy.simulate

    def recording(live, option, world_seed):
        reward = simulate(live, option, world_seed)
        totals.append(reward)
        return reward

    policy.simulate = recording
    try:
        return search(game, options, share)
    finally:
        policy.simulate = simulate


def _hide_differently(game: str, seat: int):
    """PLAY-1.3: swap cards between the opponent's hand and deck, reverse both decks'
    orders (and the face-down life areas), keeping every zone's size and every visible card."""

    def perturb(world) -> None:
        sides = world.sides
        if game == "pad":
            mine, theirs = sides[seat].state, sides[1 - seat].state
            own_zones, their_deck = [mine.deck, mine.life], theirs.deck
            their_zones = [theirs.deck, theirs.life]
        else:
            mine, theirs = sides[seat], sides[1 - seat]
            own_zones, their_deck, their_zones = [mine.net_ocean], theirs.net_ocean, []
        for zone in own_zones + their_zones:
            zone.reverse()
        hand = theirs.hand
        for index in range(min(len(hand), len(their_deck))):
            hand[index], their_deck[index] = their_deck[index], hand[index]

    return perturb


@pytest.mark.parametrize(("game", "deck", "opponent"), CASES, ids=["pad", "digimon"])
@pytest.mark.parametrize("at", [2, 9])
def test_play_1_3_the_search_does_not_see_the_opponents_hand_or_either_decks_order(
    gauntlet, cheap, game, deck, opponent, at
):
    match = _match(game, deck, opponent)
    for seed in range(4):
        live = _live(match, seed)
        replay = match.replay_class(match, seed, True, False)
        policy = replay.policies(live)[0]
        policy.__dict__.pop("search", None)  # Digimon's policies serve every game of a match
        policy.decisions = 0
        probe = _Probe(at, _hide_differently(game, 0))
        probe.install(policy)
        with pytest.raises(_Stop):
            live.play()
        before, after = probe.results
        assert before[1], "the decision was searched"
        assert after == before  # the same rewards in the same worlds, the same choice


@pytest.mark.parametrize(("game", "deck", "opponent"), CASES, ids=["pad", "digimon"])
def test_play_1_3_a_determinization_deals_the_unseen_cards_anew(
    gauntlet, cheap, game, deck, opponent
):
    """The copy a simulation plays keeps every card its player saw and resamples the
    others: the opponent's hand changes in some sampled world, its size never does."""
    match = _match(game, deck, opponent)
    live = _live(match, 1)
    replay = match.replay_class(match, 1, True, False)
    seen = []

    def hands(world):
        side = world.sides[1]
        return sorted(card.name for card in (side.state.hand if game == "pad" else side.hand))

    class Watch:
        def __init__(self):
            self.calls = 0

    watch = Watch()
    policy = replay.policies(live)[0]
    determinize = policy.replay.determinize

    def watching(live_world, copy, seat, rng):
        before = hands(copy)
        determinize(live_world, copy, seat, rng)
        seen.append((before, hands(copy)))
        watch.calls += 1
        if watch.calls >= 40:
            raise _Stop

    policy.replay.determinize = watching
    with pytest.raises(_Stop):
        live.play()
    assert all(len(before) == len(after) for before, after in seen)
    assert any(before != after for before, after in seen if before)


def test_play_2_greedys_choice_stands_unless_another_leads_by_the_margin():
    """Candidates that tie in every sampled world leave greedy's choice (candidate 0); one
    that wins every world takes over."""
    from engine.core.search import Replay

    policy = PadSearch()
    policy.simulations = 12
    policy.replay = Replay(None, 1, True, False)
    policy.simulate = lambda live, option, seed: 0.5
    assert policy.search(None, ["greedy", "other", "third"]) == "greedy"
    # 4 worlds (12 simulations, 3 candidates): the lead needed is 0.5·√4 = 1 world's win;
    # "other" leads by 0.5 (a quarter of a win in two worlds): not enough
    calls = []

    def slightly_better(live, option, seed):
        if option == "other":
            calls.append(seed)
            return 0.75 if len(calls) <= 2 else 0.5
        return 0.5

    policy.simulate = slightly_better
    assert policy.search(None, ["greedy", "other", "third"]) == "greedy"
    policy.simulate = lambda live, option, seed: 1.0 if option == "third" else 0.0
    assert policy.search(None, ["greedy", "other", "third"]) == "third"
