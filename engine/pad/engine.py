"""The PAD engine behind `engine.core.api` and `engine.core.matchup`: deck checks,
compilation, one goldfish game (`PadDeck`) and matchups (`prepare_match`, PAD-7)."""

from __future__ import annotations

from collections.abc import Mapping
from random import Random

from engine.core.cards import CardSpec, DeckSpec
from engine.core.checks import check_cards_of, policy_class
from engine.core.errors import InvalidDeck, InvalidOptions
from engine.core.ruleset import PreparedDeck, RuleSet
from engine.pad import effects
from engine.pad.cards import PadCard, link_lines
from engine.pad.policies import GreedyPolicy, Policy, StoreOrbsPolicy
from engine.pad.random_policy import RandomPolicy
from engine.pad.report import PadSummary
from engine.pad.rules import LIFE_DEALT, OPENING_HAND, PadGame
from engine.pad.search import PadReplay, PadSearch, PadSearchStrong
from engine.pad.state import COLUMNS

GAME = "pad"
POLICY_CLASSES: dict[str, type[Policy]] = {
    GreedyPolicy.name: GreedyPolicy,
    StoreOrbsPolicy.name: StoreOrbsPolicy,
    RandomPolicy.name: RandomPolicy,
    PadSearch.name: PadSearch,
    PadSearchStrong.name: PadSearchStrong,
}
MAX_TEAM = 5  # PAD-2.3
SETUP_CARDS = LIFE_DEALT + OPENING_HAND + COLUMNS  # PAD-3.2 … PAD-3.4


def check_deck(deck: DeckSpec) -> None:
    """What the engine needs to play, not the deck-construction rules (PAD-2: the deck
    validator's job, so drafts can be goldfished): PAD cards, a team of 1–5 pets, and
    enough cards to set up."""
    check_cards_of(deck, GAME, "PAD", "PAD-2.6")
    if not 1 <= len(deck.team) <= MAX_TEAM or any(card.kind != "pet" for card in deck.team):
        raise InvalidDeck("PAD-2.3: the team must be one to five pets.")
    many = sorted({card.name for card in deck.cards() if len(card.orbs) > 3})
    if many:
        raise InvalidDeck(f"PAD-1.1: a card lights 2 or 3 orb colours: {', '.join(many)}.")
    if len(deck.deck) < SETUP_CARDS:
        raise InvalidDeck(f"PAD-3: setting up needs at least {SETUP_CARDS} deck cards.")


def policy_options(policy: str, options: Mapping | None) -> tuple[type[Policy], dict]:
    """The policy class and its options, each a whole number ≥ 1 it declares."""
    cls = policy_class(POLICY_CLASSES, policy, "PAD")
    values = dict(options or {})
    unknown = sorted(set(values) - set(cls.options))
    if unknown:
        raise InvalidOptions(f"Unknown option(s) for {policy}: {', '.join(unknown)}.")
    for key, value in values.items():
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise InvalidOptions(f"{key} must be a whole number ≥ 1.")
    return cls, values


class CompiledDeck:
    """One checked PAD deck compiled for one policy and its checked options, for the
    goldfish (`PadDeck`) or one seat of a match (engine/pad/match.py); `game_class` plays
    it (a rule variant or a checked subclass in tests)."""

    game_class = PadGame

    def __init__(self, deck: DeckSpec, policy: str, policy_class: type, options: Mapping):
        self.policy_class, self.policy_options = policy_class, dict(options)
        self.policy = policy
        compiled: dict[CardSpec, PadCard] = {}
        self.team = [compiled.setdefault(spec, PadCard(spec)) for spec in deck.team]
        self.deck = [compiled.setdefault(spec, PadCard(spec)) for spec in deck.deck]
        link_lines(compiled.values())
        self.team_names = [card.name for card in self.team]
        self.owned = [card.name for card in self.team + self.deck]
        # [{"name", "reason"}]: cards whose printed effect the engine does not run
        self.not_simulated = effects.not_simulated(deck.cards())
        self.has_continuous = any(card.continuous_steps for card in compiled.values())
        self.has_combo_steps = any(card.combo_steps for card in compiled.values())
        self.triggers = frozenset(
            step.trigger for card in compiled.values() for step in card.steps
        )  # the per-phase triggers a game looks for

    def new_game(
        self,
        rng: Random,
        going_first: bool,
        cap: int,
        log: dict | None,
        opponent: PadGame | None = None,
        seat: int | None = None,
    ) -> PadGame:
        """A game of this deck; a match seat faces the `opponent` seat's game."""
        return self.game_class(
            self.team,
            self.deck,
            rng,
            self.policy_class(**self.policy_options),
            going_first=going_first,
            turn_cap=cap,
            log=log,
            has_continuous=self.has_continuous,
            has_combo_steps=self.has_combo_steps,
            triggers=self.triggers,
            opponent=opponent,
            seat=seat,
        )

    def log_facts(self) -> dict:
        """What a game's log says of this deck (a goldfish's at its top, a seat's under
        "players")."""
        return {"team": self.team_names, "owned": self.owned, "not_simulated": self.not_simulated}


class PadDeck(CompiledDeck, PreparedDeck):
    """A deck compiled for one policy: plays games from seeds (`Prepared`)."""

    game = GAME
    replay_class = PadReplay

    def __init__(self, deck: DeckSpec, *, policy: str, turn_cap: int, options: Mapping | None):
        check_deck(deck)
        PreparedDeck.__init__(self, turn_cap)
        CompiledDeck.__init__(self, deck, policy, *policy_options(policy, options))
        self.policy_name = policy
        # DGM-5: against the passive goldfish, cards whose every step acts on the
        # opponent or waits for its attacks are listed apart (they run, so they are
        # never in `not_simulated`)
        self.no_effect_against_goldfish = effects.no_effect_against_goldfish(deck.cards())

    def start(self, rng: Random, going_first: bool, record: dict | None) -> PadGame:
        return self.new_game(rng, going_first, self.turn_cap, record)

    def result_facts(self, game: PadGame, length: int) -> dict:
        return {"turns": length, "opponent_life": game.opponent.life}


class PadEngine(RuleSet):
    game = GAME
    deck_class = PadDeck
    summary_class = PadSummary
    policy_classes = POLICY_CLASSES
    unsimulated_cards = staticmethod(effects.not_simulated)
    default_match_cap = 30  # PAD-7.4: 30 turns each

    @property
    def match_class(self) -> type:
        from engine.pad.match import PadMatch  # match.py builds on this module's checks

        return PadMatch
