"""Two Digimon decks played against each other (RULES.md DGM-6): the prepared match that
`DigimonEngine.prepare_match` returns and the batch runner replays from seeds.

Both decks go through the goldfish's checks (`check_deck`) and policies, and through the
same round loop (rules.py): side 0 is deck A ("the deck", the player), side 1 the
opponent deck. Each deck's options take `assumed_circles` only. A game returns a
`MatchResult`: WIN / DRAW / LOSS for deck A, the rounds played (the cap when drawn,
DGM-6.3), and `drawn`, the bits of `card_names` that were in deck A's hand at some point
(the opening hand, DGM-3.3, and every draw, DGM-4.1).
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from random import Random

from engine.core.cards import DeckSpec
from engine.core.errors import InvalidOptions
from engine.core.match import PreparedMatch, number_cards
from engine.digimon import effects
from engine.digimon.cards import GAME, assumed, compile_deck, score_against_deck
from engine.digimon.engine import check_deck, find_policy, read_circles
from engine.digimon.rules import DigimonGame, Side
from engine.digimon.search import DigimonReplay

MATCH_OPTIONS = ("assumed_circles",)


def match_circles(options: Mapping | None, whose: str) -> int:
    values = dict(options or {})
    if "opponent" in values:
        raise InvalidOptions(
            f"{whose}: 'opponent' names the goldfish's dummy (DGM-5); a matchup plays a deck."
        )
    unknown = sorted(set(values) - set(MATCH_OPTIONS))
    if unknown:
        raise InvalidOptions(f"Unknown Digimon option(s) for {whose}: {', '.join(unknown)}.")
    return read_circles(values)


class DigimonMatch(PreparedMatch):
    """Deck A and an opponent deck compiled for their policies (`Prepared`)."""

    game = GAME
    replay_class = DigimonReplay

    def __init__(
        self,
        deck: DeckSpec,
        opponent: DeckSpec,
        *,
        policy: str,
        opponent_policy: str,
        turn_cap: int,
        options: Mapping | None = None,
        opponent_options: Mapping | None = None,
    ):
        check_deck(deck)
        check_deck(opponent)
        super().__init__(turn_cap)
        classes = find_policy(policy), find_policy(opponent_policy)
        circles = match_circles(options, "options")
        rival_circles = match_circles(opponent_options, "opponent_options")
        self.policy_names = (policy, opponent_policy)
        self.policies = (classes[0](), classes[1]())  # per side: caches are per deck
        self.deck, self.cards = compile_deck(deck.deck, circles, None)
        self.rival_deck, self.rival_cards = compile_deck(opponent.deck, rival_circles, None)
        # Each side judges its Digimon against the letters the other deck list will show
        # (a Level III by its mean attack chose blind to battle type; issue 25's audit).
        for cards, rivals in ((self.cards, self.rival_deck), (self.rival_cards, self.deck)):
            rival_digimon = [card for card in rivals if card.is_digimon]
            for card in cards:
                if card.is_digimon:
                    card.score = score_against_deck(card, rival_digimon)
        # MATCH-1: copies and NAME-1 namesakes of one name share a bit
        self.card_names = number_cards(self.deck, self.cards, attrgetter("name"))
        self.not_simulated = effects.not_simulated(deck.deck)
        self.opponent_not_simulated = effects.not_simulated(opponent.deck)
        self.has_effects = any(
            card.steps or card.is_combo for card in self.cards + self.rival_cards
        )

    def report_header(self) -> dict:
        return {"deck": assumed(self.cards), "opponent": assumed(self.rival_cards)}

    def start(self, rng: Random, going_first: bool, record: dict | None) -> DigimonGame:
        return DigimonGame(
            self.deck,
            rng,
            self.policies[0],
            Side(self.rival_deck, self.policies[1], self.rival_cards),
            going_first=going_first,
            turn_cap=self.turn_cap,
            log=record,
            has_effects=self.has_effects,
            cards=self.cards,
        )

    def drawn(self, game: DigimonGame) -> int:
        return game.sides[0].seen

    def opening(self, game: DigimonGame) -> int:
        return game.sides[0].opening_hand

    def played(self, game: DigimonGame) -> int:
        return game.sides[0].played

    def result_facts(self, game: DigimonGame) -> dict:
        return {"points": list(game.points)}

    def players(self) -> list[dict]:
        return [
            {
                "policy": policy,
                "owned": [card.name for card in deck],
                "not_simulated": unsimulated,
                **assumed(cards),
            }
            for policy, deck, cards, unsimulated in (
                (self.policy_names[0], self.deck, self.cards, self.not_simulated),
                (
                    self.policy_names[1],
                    self.rival_deck,
                    self.rival_cards,
                    self.opponent_not_simulated,
                ),
            )
        ]
