"""What both games' prepared matches share (PAD-7, DGM-6, MATCH-1): the turn-cap check,
the numbering of deck A's cards for the drawn-card figures, the JSON log's header and
result, and the one-seed game loop. A game's match class says how to start a game from a
`Random(seed)`, which cards deck A drew and what else its log's result reports."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from random import Random
from typing import ClassVar

from engine.core.checks import check_turn_cap
from engine.core.result import OUTCOME_NAMES, MatchResult, log_header
from engine.core.search import start_searches


def number_cards(
    deck: Sequence, carriers: Iterable, key: Callable[[object], Hashable]
) -> tuple[str, ...]:
    """MATCH-1's card names: one entry per distinct `key` of deck A's cards, in the order
    they first appear in `deck`; every card of `carriers` gets its entry's `bit` (0 when
    the deck has none, as a PAD team pet), so a game ORs the bits of what it draws."""
    names: list[str] = []
    bits: dict[Hashable, int] = {}
    for card in deck:
        found = key(card)
        if found not in bits:
            bits[found] = 1 << len(names)
            names.append(card.name)
    for card in carriers:
        card.bit = bits.get(key(card), 0)
    return tuple(names)


class PreparedMatch:
    """Two checked decks compiled once, playing games from seeds (`Prepared`): one
    `Random(seed)` drives a whole game, so it depends on the decks, policies, options,
    seed and order of play only."""

    game: ClassVar[str] = ""
    replay_class: ClassVar[type | None] = None  # how a search replays its games
    card_names: tuple[str, ...] = ()
    not_simulated: list[dict[str, str]]  # [{"name", "reason"}], as api.not_simulated
    opponent_not_simulated: list[dict[str, str]]

    def __init__(self, turn_cap: int):
        check_turn_cap(turn_cap)
        self.turn_cap = turn_cap

    def report_header(self) -> dict:
        return {}

    def players(self) -> list[dict]:
        """The log's description of deck A's side and the opponent's."""
        raise NotImplementedError

    def start(self, rng: Random, going_first: bool, record: dict | None):
        """A game ready to `play()` to (outcome, length) for deck A."""
        raise NotImplementedError

    def drawn(self, game) -> int:
        """The bits of `card_names` deck A had in hand during `game`."""
        raise NotImplementedError

    def opening(self, game) -> int:
        """The bits of `card_names` in deck A's opening hand (MATCH-2)."""
        raise NotImplementedError

    def played(self, game) -> int:
        """The bits of `card_names` deck A played (MATCH-2's Played WR)."""
        raise NotImplementedError

    def result_facts(self, game) -> dict:
        """What a game's log reports at its end besides the outcome and length."""
        return {}

    def play(self, seed: int, going_first: bool = True, log: bool = False) -> MatchResult:
        record = self.log_header(seed, going_first) if log else None
        game = self.start(Random(seed), going_first, record)
        start_searches(self, game, seed, going_first, goldfish=False)
        outcome, length = game.play()
        stopped = game.stopped
        result = MatchResult(
            outcome,
            length,
            going_first,
            seed,
            self.drawn(game),
            None,
            stopped,
            self.opening(game),
            self.played(game),
        )
        if record is not None:
            record["result"] = {
                "outcome": OUTCOME_NAMES[outcome],
                "length": length,
                **self.result_facts(game),
            }
            if stopped:
                record["result"]["stopped"] = stopped
            result.log = record
        return result

    def log_header(self, seed: int, going_first: bool) -> dict:
        return log_header(self.game, seed, going_first, self.turn_cap, players=self.players())
