"""The Digimon engine behind `engine.core.api`: deck checks, options, compilation, one game.

Options (`play_game(..., options=...)`, `run_batch(..., options=...)`):
- `opponent`: a `CardSpec` (or a card-schema dict) of a catalogued Digimon to battle
  instead of the DGM-5 dummy. It sits in its box from the start, never evolves, plays no
  options and has 100 points; its unknown lost points and C effect take the defaults of
  engine/digimon/cards.py (`lost_points_assumed`, `guard_assumed`). Default: the dummy
  (Level III, battle letter A, attack power 0, loss table III 30 / IV 20 / perfect 10 /
  ultimate 10).
- `assumed_circles`: the ○ count (0–10) assumed for a Digimon whose requirement prints
  no ○/× count (default 2, as St-2 Greymon's `Agumon ○○`).

A matchup (`DigimonEngine.prepare_match`, engine/digimon/match.py) takes
`assumed_circles` for each deck; `opponent` is the goldfish's and is refused there.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random

from engine.core.cards import CardSpec, DeckSpec, spec_from_schema
from engine.core.checks import check_cards_of, policy_class
from engine.core.errors import InvalidDeck, InvalidOptions
from engine.core.ruleset import PreparedDeck, RuleSet
from engine.digimon import effects
from engine.digimon.cards import (
    DEFAULT_CIRCLES,
    GAME,
    III,
    LETTERS,
    LEVELS,
    NO_LETTER,
    DigimonCard,
    assumed,
    compile_deck,
    dummy_spec,
)
from engine.digimon.policies import GreedyPolicy, Policy, RushPolicy
from engine.digimon.random_policy import RandomPolicy
from engine.digimon.report import DigimonSummary
from engine.digimon.rules import DigimonGame
from engine.digimon.search import DigimonReplay, DigimonSearch, DigimonSearchStrong
from engine.digimon.state import HAND_SIZE

POLICY_CLASSES: dict[str, type[Policy]] = {
    GreedyPolicy.name: GreedyPolicy,
    RushPolicy.name: RushPolicy,
    RandomPolicy.name: RandomPolicy,
    DigimonSearch.name: DigimonSearch,
    DigimonSearchStrong.name: DigimonSearchStrong,
}
SETUP_CARDS = 1 + 1 + HAND_SIZE  # DGM-3.1 … DGM-3.3: the Level III, the gauge, the hand
OPTIONS = ("opponent", "assumed_circles")


def check_deck(deck: DeckSpec) -> None:
    """What the engine needs to play, not the deck-construction rules (DGM-2: the deck
    validator's job, so drafts can be goldfished): Digimon cards, no team, a Level III,
    and enough cards to set up."""
    check_cards_of(deck, GAME, "Digimon", "DGM-2.5")
    if deck.team:
        raise InvalidDeck("A Digimon deck has no team.")
    if not any(card.kind == "digimon" and card.data.get("level") == "III" for card in deck.deck):
        raise InvalidDeck("DGM-2.4/3.1: the deck needs a Level III Digimon.")
    if len(deck.deck) < SETUP_CARDS:
        raise InvalidDeck(f"DGM-3: setting up needs at least {SETUP_CARDS} cards.")


def read_options(options: Mapping | None) -> tuple[CardSpec, int]:
    values = dict(options or {})
    unknown = sorted(set(values) - set(OPTIONS))
    if unknown:
        raise InvalidOptions(f"Unknown Digimon option(s): {', '.join(unknown)}.")
    opponent = values.get("opponent")
    if opponent is None:
        opponent = dummy_spec()
    elif isinstance(opponent, Mapping):
        try:
            opponent = spec_from_schema(opponent, id=0)
        except KeyError as error:
            raise InvalidOptions(f"opponent: missing {error.args[0]!r}.") from None
    if not isinstance(opponent, CardSpec):
        raise InvalidOptions("opponent must be a Digimon CardSpec.")
    if opponent.game != GAME or opponent.kind != "digimon":
        raise InvalidOptions(f"DGM-5: the opponent must be a Digimon card: {opponent.name}.")
    if opponent.data.get("level") not in LEVELS:
        raise InvalidOptions(f"DGM-5: the opponent {opponent.name} has no level.")
    return opponent, read_circles(values)


def read_circles(values: Mapping) -> int:
    circles = values.get("assumed_circles", DEFAULT_CIRCLES)
    if not isinstance(circles, int) or isinstance(circles, bool) or not 0 <= circles <= 10:
        raise InvalidOptions("assumed_circles must be a whole number from 0 to 10.")
    return circles


def find_policy(policy: str) -> type[Policy]:
    return policy_class(POLICY_CLASSES, policy, "Digimon")


class DigimonDeck(PreparedDeck):
    """A deck compiled for one policy and options: plays games from seeds (`Prepared`)."""

    game = GAME
    replay_class = DigimonReplay
    game_class = DigimonGame

    def __init__(self, deck: DeckSpec, *, policy: str, turn_cap: int, options: Mapping | None):
        check_deck(deck)
        super().__init__(turn_cap)
        cls = find_policy(policy)
        opponent_spec, circles = read_options(options)
        self.policy_name = policy
        self.policy = cls()  # stateless but for caches keyed on the deck: shared by games
        self.opponent = DigimonCard(opponent_spec, circles)
        self.deck, self.cards = compile_deck(deck.deck, circles, self.opponent)
        self.owned = [card.name for card in self.deck]
        # DGM-5: cards that can change nothing against the passive dummy say so apart
        # (a named dummy that attacks or guards is met by them all)
        passive = not any(self.opponent.power) and all(c < 0 for c in self.opponent.cancels)
        self.no_effect_against_goldfish = (
            effects.no_effect_against_goldfish(deck.deck) if passive else []
        )
        idle = {entry["name"] for entry in self.no_effect_against_goldfish}
        self.not_simulated = [
            entry for entry in effects.not_simulated(deck.deck) if entry["name"] not in idle
        ]
        facts = assumed(self.cards)
        self.assumed_requirements = facts["assumed_requirements"]
        self.assumed_lost_points = facts["assumed_lost_points"]
        self.assumed_guards = facts["assumed_guards"]  # DGM-4.9
        self.assumed_speed = facts["assumed_speed"]
        self.has_effects = any(card.steps or card.is_combo for card in self.cards)
        self.level_iii = self._level_iii()

    def _level_iii(self) -> str | None:
        """The Level III the policy puts in the box (the same in every game)."""
        game = self.game_class(
            self.deck, Random(0), self.policy, self.opponent, cards=self.cards, turn_cap=1
        )
        candidates = list(dict.fromkeys(c for c in self.deck if c.level == III))
        return self.policy.choose_level_iii(game, candidates).name

    def describe_opponent(self) -> dict:
        opponent = self.opponent
        return {
            "name": opponent.name,
            "level": LEVELS[opponent.level],
            "battle_type": LETTERS[opponent.letter] if opponent.letter != NO_LETTER else None,
            "power": dict(zip(LETTERS, opponent.power, strict=True)),
            "lost_points": dict(zip(LEVELS, opponent.lost, strict=True)),
            "lost_points_assumed": opponent.assumed_lost,
            "guard_assumed": opponent.assumed_guard,  # DGM-4.9
        }

    def report_header(self) -> dict:
        return {
            "opponent": self.describe_opponent(),
            "level_iii": self.level_iii,
            "assumed_requirements": self.assumed_requirements,
            "assumed_lost_points": self.assumed_lost_points,
            "assumed_guards": self.assumed_guards,
            "assumed_speed": self.assumed_speed,
            "no_effect_against_goldfish": self.no_effect_against_goldfish,
        }

    def start(self, rng: Random, going_first: bool, record: dict | None) -> DigimonGame:
        return self.game_class(
            self.deck,
            rng,
            self.policy,
            self.opponent,
            going_first=going_first,
            turn_cap=self.turn_cap,
            log=record,
            has_effects=self.has_effects,
            cards=self.cards,
        )

    def log_facts(self) -> dict:
        return {"owned": self.owned, "not_simulated": self.not_simulated, **self.report_header()}

    def result_facts(self, game: DigimonGame, length: int) -> dict:
        return {
            "rounds": length,
            "points": {"player": game.points[0], "opponent": game.points[1]},
        }


class DigimonEngine(RuleSet):
    game = GAME
    deck_class = DigimonDeck
    summary_class = DigimonSummary
    policy_classes = POLICY_CLASSES
    unsimulated_cards = staticmethod(effects.not_simulated)
    default_match_cap = 60  # DGM-6.3: rounds

    @property
    def match_class(self) -> type:
        from engine.digimon.match import DigimonMatch  # match.py builds on this module

        return DigimonMatch
