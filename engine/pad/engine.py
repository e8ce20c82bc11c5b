"""The PAD engine behind `engine.core.api` and `engine.core.matchup`: deck checks,
compilation, one goldfish game (`PadDeck`) and matchups (`prepare_match`, PAD-7)."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random

from engine.core.cards import CardSpec, DeckSpec
from engine.core.errors import InvalidDeck, InvalidOptions, UnknownPolicy
from engine.core.result import WIN, GameResult
from engine.core.ruleset import RuleSet
from engine.pad import effects
from engine.pad.cards import PadCard, link_lines
from engine.pad.match import PadMatch, Side
from engine.pad.policies import GreedyPolicy, Policy, StoreOrbsPolicy
from engine.pad.random_policy import RandomPolicy
from engine.pad.report import PadSummary
from engine.pad.rules import LIFE_DEALT, OPENING_HAND, PadGame
from engine.pad.state import COLUMNS

GAME = "pad"
POLICY_CLASSES: dict[str, type[Policy]] = {
    GreedyPolicy.name: GreedyPolicy,
    StoreOrbsPolicy.name: StoreOrbsPolicy,
    RandomPolicy.name: RandomPolicy,
}
MAX_TEAM = 5  # PAD-2.3
SETUP_CARDS = LIFE_DEALT + OPENING_HAND + COLUMNS  # PAD-3.2 … PAD-3.4


def check_deck(deck: DeckSpec) -> None:
    """What the engine needs to play, not the deck-construction rules (PAD-2: the deck
    validator's job, so drafts can be goldfished): PAD cards, a team of 1–5 pets, and
    enough cards to set up."""
    if deck.game != GAME:
        raise InvalidDeck(f"Not a PAD deck: {deck.game!r}.")
    wrong = sorted({card.name for card in deck.cards() if card.game != GAME})
    if wrong:
        raise InvalidDeck(f"PAD-2.6: not PAD cards: {', '.join(wrong)}.")
    if not 1 <= len(deck.team) <= MAX_TEAM or any(card.kind != "pet" for card in deck.team):
        raise InvalidDeck("PAD-2.3: the team must be one to five pets.")
    many = sorted({card.name for card in deck.cards() if len(card.orbs) > 3})
    if many:
        raise InvalidDeck(f"PAD-1.1: a card lights 2 or 3 orb colours: {', '.join(many)}.")
    if len(deck.deck) < SETUP_CARDS:
        raise InvalidDeck(f"PAD-3: setting up needs at least {SETUP_CARDS} deck cards.")


def policy_options(policy: str, options: Mapping | None) -> tuple[type[Policy], dict]:
    try:
        cls = POLICY_CLASSES[policy]
    except KeyError:
        raise UnknownPolicy(f"No PAD policy {policy!r}: {', '.join(POLICY_CLASSES)}.") from None
    values = dict(options or {})
    unknown = sorted(set(values) - set(cls.options))
    if unknown:
        raise InvalidOptions(f"Unknown option(s) for {policy}: {', '.join(unknown)}.")
    for key, value in values.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise InvalidOptions(f"{key} must be a whole number ≥ 1.")
    return cls, values


class PadDeck:
    """A deck compiled for one policy: plays games from seeds (`Prepared`)."""

    game_class = PadGame

    def __init__(self, deck: DeckSpec, *, policy: str, turn_cap: int, options: Mapping | None):
        check_deck(deck)
        if turn_cap < 1:
            raise InvalidOptions("turn_cap must be at least 1.")
        self.policy_class, self.policy_options = policy_options(policy, options)
        self.policy = policy
        self.turn_cap = turn_cap
        compiled: dict[CardSpec, PadCard] = {}
        self.team = [compiled.setdefault(spec, PadCard(spec)) for spec in deck.team]
        self.deck = [compiled.setdefault(spec, PadCard(spec)) for spec in deck.deck]
        link_lines(compiled.values())
        self.team_names = [card.name for card in self.team]
        self.owned = [card.name for card in self.team + self.deck]
        self.not_simulated = effects.not_simulated(deck.cards())
        self.has_continuous = any(card.continuous_steps for card in compiled.values())
        self.has_combo_steps = any(card.combo_steps for card in compiled.values())

    def play(self, seed: int, going_first: bool = True, log: bool = False) -> GameResult:
        record = self.log_header(seed, going_first) if log else None
        game = self.game_class(
            self.team,
            self.deck,
            Random(seed),
            self.policy_class(**self.policy_options),
            going_first=going_first,
            turn_cap=self.turn_cap,
            log=record,
            has_continuous=self.has_continuous,
            has_combo_steps=self.has_combo_steps,
        )
        outcome, turns = game.play()
        won = outcome == WIN  # the goldfish never attacks: the player never loses
        result = game.result(won, turns, seed)
        if record is not None:
            record["result"] = {"won": won, "turns": turns, "opponent_life": game.opponent.life}
            result.log = record
        return result

    def log_header(self, seed: int, going_first: bool) -> dict:
        return {
            "game": GAME,
            "seed": seed,
            "policy": self.policy,
            "going_first": going_first,
            "turn_cap": self.turn_cap,
            "team": self.team_names,
            "owned": self.owned,
            "not_simulated": self.not_simulated,
            "events": [],
            "snapshots": [],
        }


class PadEngine(RuleSet):
    game = GAME
    deck_class = PadDeck
    summary_class = PadSummary
    policy_classes = POLICY_CLASSES
    unsimulated_cards = staticmethod(effects.not_simulated)
    default_match_cap = 30  # PAD-7.4: 30 turns each

    def prepare_match(
        self,
        deck: DeckSpec,
        opponent: DeckSpec,
        *,
        policy: str,
        opponent_policy: str,
        turn_cap: int | None = None,
        options: Mapping | None = None,
        opponent_options: Mapping | None = None,
    ) -> PadMatch:
        """Both decks checked as the goldfish's (InvalidDeck), their policies and options
        too (UnknownPolicy, InvalidOptions); PAD-7.4's cap unless `turn_cap` is given."""
        sides = []
        for spec, name, values in (
            (deck, policy, options),
            (opponent, opponent_policy, opponent_options),
        ):
            check_deck(spec)
            cls, checked = policy_options(name, values)
            sides.append(Side(spec, name, cls, checked))
        cap = self.default_match_cap if turn_cap is None else turn_cap
        return PadMatch(*sides, turn_cap=cap)
