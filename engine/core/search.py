"""PLAY-2's `search` player, shared by both games: determinized Monte Carlo search with
greedy rollouts at each decision, within a budget of simulations (RULES.md PLAY-1/PLAY-2).

The engines are plain procedural code: a game runs from `play()` to its end and asks its
policies at each choice. A decision therefore cannot be resumed from a copy of the
objects; it is *replayed* instead (PLAY-1.1: seed + decks + actions taken replays a game
exactly). A searching policy keeps the journal of the choices it made; one simulation of
candidate `c` at decision D:

1. starts a fresh game from the same seed and decks (`Replay.fresh`), the searching seat
   answering from its journal (and a searching opponent from its own), every other
   policy choosing as it did (greedy and random are deterministic given the game);
2. at D, before `c` is applied, **determinizes** the copy (PLAY-1.3): the cards the
   searching player cannot see (its own deck and face-down life, the opponent's hand,
   deck, and face-down cards) are pooled per owner *from the live game*, put in a
   canonical order (so neither their real order nor which hidden zone held which card
   matters), shuffled by the search's own Random and dealt back into the hidden zones at
   their sizes; the game's Random is reseeded, so later shuffles and random effects are
   unknown too;
3. plays `c`, then both sides as greedy (the opponent as its own policy) to the end; the
   reward is 1 for a win, ½ for a draw, 0 for a loss (a goldfish: sooner wins more).

Every candidate is played in the same sampled worlds (common random numbers: the luck of
the shuffle cancels out of their differences), as many worlds as the budget divided by
the number of candidates (at least one); the best total wins, ties going to greedy's
choice, which is always candidate 0. The
search's Random is seeded from the game's seed, the seat and the decision's number, so a
search player is deterministic for a given seed. Simulations per decision are the level's
budget; a decision with one candidate costs nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import sqrt
from random import Random

from engine.core.result import DRAW, WIN


class Replay:
    """How a prepared game or match replays one of its games for a search (subclassed per
    game): `fresh()` a new game from the same seed, whose `play()` returns (outcome for
    seat 0, length); the seats' policies; the hidden zones of a seat's view."""

    def __init__(self, prepared, seed: int, going_first: bool, goldfish: bool):
        self.prepared, self.seed, self.going_first = prepared, seed, going_first
        self.goldfish = goldfish
        self.rank: dict[int, int] = {}  # id(card) → canonical position (determinization)

    def fresh(self):
        return self.prepared.start(Random(self.seed), self.going_first, None)

    @staticmethod
    def policies(game) -> Sequence:
        """The policies of seat 0 and (in a match) seat 1."""
        raise NotImplementedError

    def install(self, game, seat: int, policy) -> None:
        raise NotImplementedError

    def hidden(self, game, seat: int, owner: int) -> list[list]:
        """The zones of `owner` that `seat` cannot see, each a list changed in place."""
        raise NotImplementedError

    def label_parts(self, kind: str, option) -> tuple[str, dict]:
        """An option as (English template, values); games override it."""
        return "%(option)s", {"option": str(option)}

    def label(self, kind: str, option) -> str:
        """An option in English words (`label_parts` filled in; card lists joined)."""
        template, values = self.label_parts(kind, option)
        return template % {
            key: ", ".join(value) if isinstance(value, list) else value
            for key, value in values.items()
        }

    def after_determinization(self, game, rng: Random) -> None:
        """Reseed the copy's Random and drop what policies cached of the old state."""

    def reward(self, outcome: int, length: int, seat: int) -> float:
        if self.goldfish:  # it cannot lose: a win sooner is worth more
            return 1.0 - length / (self.prepared.turn_cap + 1) if outcome == WIN else 0.0
        if outcome == DRAW:
            return 0.5
        return 1.0 if (outcome == WIN) == (seat == 0) else 0.0

    def canonical(self, cards: list) -> list:
        rank = self.rank
        for card in cards:
            if id(card) not in rank:
                rank[id(card)] = len(rank)
        return sorted(cards, key=lambda card: (card.name, rank[id(card)]))

    def determinize(self, live, copy, seat: int, rng: Random) -> None:
        """Deal the cards `seat` cannot see in `live` into the same zones of `copy`."""
        for owner in (0, 1):
            zones = self.hidden(live, seat, owner)
            if not zones:
                continue
            pool = self.canonical([card for zone in zones for card in zone])
            rng.shuffle(pool)
            start = 0
            for zone in self.hidden(copy, seat, owner):
                size = len(zone)
                zone[:] = pool[start : start + size]
                start += size
        self.after_determinization(copy, rng)


# Greedy games one simulation counts for in the goldfish budget and the job routing: a
# simulation replays a game, and a game searches some 20–60 decisions; counted at the
# low end so a signed-in player can still run a 200-game search matchup in one budget
# window (README).
SIMULATION_COST = 20


class Searching:
    """Mixed into a game's greedy policy: the hooks that are decisions call `decide`.
    `simulations` is the level's budget per decision (0: plays as greedy)."""

    simulations = 0
    searched = 0  # decisions searched in this process, by every level (bench/search.py)
    margin = 0.5  # the lead over greedy's choice, in √worlds, a candidate needs

    def __init__(self, **options):
        super().__init__(**options)
        self.given_options = options
        self.replay: Replay | None = None
        self.seat = 0
        self.journal: list = []
        self.script: list | None = None  # a copy's: the journal to replay
        self.cursor = 0
        self.at_root: Callable | None = None
        self.decisions = 0  # searched decisions (bench/search.py)

    @property
    def searches(self) -> bool:
        return bool(self.simulations) and self.script is None

    def start_game(self, replay: Replay, seat: int) -> None:
        self.replay, self.seat = replay, seat
        self.journal = []

    def replica(self, script: list, at_root: Callable | None = None) -> Searching:
        """The policy of this seat in a simulation: its journal, then greedy."""
        copy = type(self)(**self.given_options)
        copy.script, copy.at_root = script, at_root
        return copy

    def decide(
        self,
        game,
        candidates: Callable[[], list],
        greedy: Callable[[], object],
        share: float = 1.0,
    ):
        """One decision: `candidates()` lists the legal actions (greedy's first, each
        once); `greedy()` is greedy's choice, all a rollout needs; `share` scales the
        level's simulations for this kind of decision."""
        script = self.script
        if script is not None:
            cursor = self.cursor
            if cursor < len(script):
                self.cursor = cursor + 1
                if cursor + 1 == len(script) and self.at_root is not None:
                    self.at_root(game)
                return script[cursor]
            return greedy()
        if not self.simulations or self.replay is None:
            return greedy()
        options = candidates()
        choice = options[0] if len(options) == 1 else self.search(game, options, share)
        self.journal.append(choice)
        return choice

    def search(self, game, options: list, share: float = 1.0):
        """Common random numbers: each sampled world (one determinization and one future
        of the game's Random) plays every candidate, so the luck of the shuffle cancels
        out of their differences; a candidate replaces greedy's only by doing better
        in the same worlds."""
        self.decisions += 1
        Searching.searched += 1
        replay = self.replay
        rng = Random(f"{replay.seed}:{self.seat}:{len(self.journal)}")
        count = len(options)
        totals = [0.0] * count
        worlds = max(1, round(self.simulations * share) // count)
        # the best of several noisy totals is flattered by its luck (the winner's curse):
        # greedy's choice gives way only to a lead of about one standard error
        needed = self.margin * sqrt(worlds)
        for played in range(1, worlds + 1):
            world_seed = rng.getrandbits(64)
            for index, option in enumerate(options):
                totals[index] += self.simulate(game, option, world_seed)
            # stop once no candidate can reach the lead it needs in the worlds left (after
            # the last world: none has it)
            if max(totals[1:]) - totals[0] + (worlds - played) < needed:
                return options[0]
        return options[max(range(count), key=lambda i: (totals[i], -i))]

    def simulate(self, live, option, world_seed: int) -> float:
        replay, seat = self.replay, self.seat
        world = replay.fresh()
        live_policies = replay.policies(live)

        def determinize(copy) -> None:
            replay.determinize(live, copy, seat, Random(world_seed))

        for other, policy in enumerate(live_policies):
            if other == seat:
                replay.install(world, seat, self.replica([*self.journal, option], determinize))
            elif isinstance(policy, Searching) and policy.searches:
                replay.install(world, other, policy.replica(list(policy.journal)))
        outcome, length = world.play()
        return replay.reward(outcome, length, seat)


def start_searches(prepared, game, seed: int, going_first: bool, goldfish: bool) -> None:
    """Give every searching policy of a new game the way to replay it."""
    if getattr(prepared, "searches", None) is False:
        return  # the common case, decided at the first game: no searching seat
    replay_class = prepared.replay_class
    if replay_class is None:
        return
    policies = replay_class.policies(game)
    prepared.searches = any(isinstance(policy, Searching) for policy in policies)
    replay = None
    for seat, policy in enumerate(policies):
        if isinstance(policy, Searching) and policy.searches:
            if replay is None:
                replay = replay_class(prepared, seed, going_first, goldfish)
            policy.start_game(replay, seat)
