"""The deck doctor's glue (DOCTOR-1, issue 27): from a deck's entries and where
candidates come from to the legal single swaps the pure doctor (engine/core/doctor.py)
measures, with what was pruned and why.

A swap cuts one copy of a card of the deck zone and adds one copy of a candidate, or (PAD)
cuts one team pet and adds a base-stage pet to the team (DOCTOR-1 "from the deck or
team"); it is kept only when the new deck passes the game's deck rules (PAD-2, DGM-2).
Hopeless adds are pruned before any game: PAD — a deck card whose attribute no team pet
has (a skill cannot be used, a pet cannot be played on a team pet of its colour, PAD-4.3);
Digimon — a Digimon that names the card it evolves from when the deck holds no copy of it.
Synthetic cards are never candidates. Each cut and add of a report names its `zone`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.conf import settings as django_settings

from cards import vocabulary as v
from cards.models import Card
from decks.models import CollectionCard
from decks.rules import validate_deck
from decks.rules.base import rules_for
from decks.rules.types import EntryInput
from engine.convert import DeckSpecs, deck_spec
from engine.core.api import POLICIES
from engine.core.cards import DeckSpec
from engine.core.doctor import Diagnosis, DoctorPlan, Settings, Variant, diagnose
from engine.core.registry import policy_cost
from engine.jobs.submission import Submission
from engine.matchup_services import MAX_OPPONENTS, MatchDeck
from engine.services import GoldfishError

DECK_ZONE = "deck"
TEAM_ZONE = "team"
MAX_SWAPS = 3


def candidate_cards(game: str, source, user=None) -> list[Card]:
    """ "catalogue": every real card of the game; "owned": the user's collection; or a
    list of card ids."""
    cards = Card.objects.filter(game=game).exclude(provenance=v.SYNTHETIC)
    if source == "catalogue":
        return list(cards.select_related("evolves_from"))
    if source == "owned":
        if user is None:
            return []
        owned = CollectionCard.objects.filter(collection__owner=user).values("card_id")
        return list(cards.filter(pk__in=owned).select_related("evolves_from"))
    return list(cards.filter(pk__in=list(source)).select_related("evolves_from"))


def hopeless(game: str, card: Card, deck_cards: list[Card], team: list[Card]) -> str | None:
    if game == "pad":
        colours = {pet.attribute for pet in team} | {pet.sub_attribute for pet in team}
        if card.attribute and card.attribute not in colours:
            return "its attribute matches no team pet"
        return None
    # DGM-4.3: a Digimon evolves from the card its requirement names, which the deck must
    # hold; one whose requirement names no catalogued card cannot be judged here: kept.
    parents = {c.pk for c in deck_cards}
    if card.kind == "digimon" and card.evolves_from_id and card.evolves_from_id not in parents:
        return "no Digimon of the deck evolves into it"
    return None


def aligned(base: DeckSpec, new: DeckSpec) -> DeckSpec:
    """`new` in `base`'s order: every card keeps its slot and an added card takes a cut
    card's, so one seed deals both decks the same cards but the swapped ones — the common
    random numbers that make a paired gain's interval narrow (DOCTOR-1). The team too."""
    return DeckSpec(
        game=new.game, deck=_aligned(base.deck, new.deck), team=_aligned(base.team, new.team)
    )


def _aligned(base: tuple, new: tuple) -> tuple:
    left = Counter(spec.id for spec in new)
    by_id = {spec.id: spec for spec in new}
    slots: list = []
    free: list[int] = []
    for spec in base:
        if left[spec.id] > 0:
            left[spec.id] -= 1
            slots.append(by_id[spec.id])
        else:
            free.append(len(slots))
            slots.append(None)
    added = [by_id[card] for card, count in sorted(left.items()) for _ in range(count)]
    for slot, spec in zip(free, added, strict=False):
        slots[slot] = spec
    return tuple(spec for spec in slots if spec is not None) + tuple(added[len(free) :])


def _entries(quantities: Counter) -> list[EntryInput]:
    return [
        EntryInput(card_id=card, quantity=count, zone=zone)
        for (card, zone), count in sorted(quantities.items())
        if count > 0
    ]


class Swaps:
    """Builds the deck after some swaps (cut one copy of the deck zone, add one copy),
    or None when that deck breaks its game's deck rules. It pickles (the card ids only),
    so a doctor job can combine swaps on a worker; the cards load again there."""

    def __init__(self, game: str, entries: list[EntryInput], candidates: list[Card]):
        self.game = game
        self.quantities: Counter = Counter()
        for entry in entries:
            self.quantities[(entry.card_id, entry.zone)] += entry.quantity
        self.candidate_ids = sorted({card.pk for card in candidates})
        self._load(candidates)

    def _load(self, candidates: list[Card] = ()) -> None:
        ids = {card for card, _zone in self.quantities} | set(self.candidate_ids)
        known = {card.pk: card for card in candidates}
        missing = ids - known.keys()
        known.update(
            {
                card.pk: card
                for card in Card.objects.filter(pk__in=missing).select_related("evolves_from")
            }
        )
        self.known = known
        self.rules = rules_for(self.game)(known)
        self.specs = DeckSpecs(self.game, known.values())
        self.base = self.specs.deck_spec(_entries(self.quantities))

    def __getstate__(self):
        return {
            "game": self.game,
            "quantities": self.quantities,
            "candidate_ids": self.candidate_ids,
        }

    def __setstate__(self, state):
        self.__dict__.update(state)
        self.known = None

    def deck(self) -> Variant:
        return Variant((), (), self.base)

    def build(self, cuts: list[tuple[int, str]], adds: list[tuple[int, str]]) -> Variant | None:
        """The deck with one copy of each cut (card id, zone) out and each add in."""
        if self.known is None:
            self._load()
        changed = Counter(self.quantities)
        for card, zone in cuts:
            changed[(card, zone)] -= 1
        for card, zone in adds:
            changed[(card, zone)] += 1
        if any(count < 0 for count in changed.values()):
            return None
        new = _entries(changed)
        if not self.rules.validate(new).valid:
            return None
        named = tuple((card, self.known[card].name, zone) for card, zone in cuts)
        added = tuple((card, self.known[card].name, zone) for card, zone in adds)
        return Variant(named, added, aligned(self.base, self.specs.deck_spec(new)))

    def __call__(self, parts: list[Variant]) -> Variant | None:
        """The combination of single swaps `parts` (None: a card cut twice, or illegal)."""
        cuts = [(card, zone) for part in parts for card, _name, zone in part.cuts]
        adds = [(card, zone) for part in parts for card, _name, zone in part.adds]
        if len(set(cuts)) != len(cuts):
            return None
        return self.build(cuts, adds)


def single_swaps(game: str, entries: list[EntryInput], candidates: list[Card]):
    """(variants with the deck itself first, pruned {reason: count}, combine: a Swaps)."""
    swaps = Swaps(game, entries, candidates)
    known = swaps.known
    deck_cards = [known[card] for card, zone in swaps.quantities if zone == DECK_ZONE]
    team = [known[card] for card, zone in swaps.quantities if zone == "team"]
    pruned: Counter = Counter()
    variants = [swaps.deck()]
    for cut in sorted({card.pk for card in deck_cards}):
        for card in candidates:
            if card.pk == cut:
                continue
            reason = hopeless(game, card, deck_cards, team)
            if reason:
                pruned[reason] += 1
                continue
            variant = swaps.build([(cut, DECK_ZONE)], [(card.pk, DECK_ZONE)])
            if variant is None:
                pruned["the deck would break its deck rules"] += 1
                continue
            variants.append(variant)
    # PAD-2.3: a team pet for another base-stage pet (the only cards a team may hold)
    pets = [card for card in candidates if card.kind == v.PET and card.stage == "base"]
    for cut in sorted({card.pk for card in team}):
        for card in pets:
            if card.pk == cut:
                continue
            variant = swaps.build([(cut, TEAM_ZONE)], [(card.pk, TEAM_ZONE)])
            if variant is None:
                pruned["the team would break its deck rules"] += 1
                continue
            variants.append(variant)
    return variants, dict(pruned), swaps


@dataclass
class DoctorRequest:
    """What `POST /api/doctor/`, the "Improve this deck" page and `manage.py doctor` ask."""

    game: str
    deck: MatchDeck
    opponents: list[MatchDeck]
    policy: str = "greedy"
    candidates: str | list[int] = "catalogue"
    max_swaps: int = 3
    seed: int = 0
    user: object = None  # whose collection "owned" reads
    processes: int = 1  # played here (the command line): its processes
    first_games: int | None = None  # per opponent, the screening's first round
    confirm_games: int | None = None  # per opponent, on fresh seeds (None: the settings')

    def settings(self, opponents: tuple) -> Settings:
        return Settings(
            first_games=self.first_games or django_settings.DOCTOR_FIRST_GAMES,
            confirm_games=self.confirm_games or django_settings.DOCTOR_CONFIRM_GAMES,
            game=self.game,
            opponents=opponents,
            policy=self.policy,
            opponent_policy=self.policy,
            seed=self.seed,
            max_swaps=self.max_swaps,
            processes=max(1, self.processes),
        )


def doctor_plan_for(request: DoctorRequest) -> DoctorPlan:
    """The doctor's staged plan; refusals are GoldfishErrors (the API's codes)."""
    game = request.game
    known = POLICIES.get(game, {})
    if request.policy not in known:
        raise GoldfishError("unknown_policy", f"policy is one of: {', '.join(known)}.")
    if not 1 <= request.max_swaps <= MAX_SWAPS:
        raise GoldfishError("invalid", f"max_swaps is 1 to {MAX_SWAPS}.")
    if not 1 <= len(request.opponents) <= MAX_OPPONENTS:
        raise GoldfishError("invalid", f"The doctor takes 1 to {MAX_OPPONENTS} opponents.")
    entries = list(request.deck.entries)
    verdict = validate_deck(game, entries)
    if not verdict.valid:
        raise GoldfishError(
            "invalid_deck",
            "The deck is not legal: the doctor only tries swaps that keep a legal deck legal.",
            errors=[error.as_dict() for error in verdict.errors],
        )
    candidates = candidate_cards(game, request.candidates, request.user)
    variants, pruned, swaps = single_swaps(game, entries, candidates)
    if len(variants) == 1:
        raise GoldfishError(
            "no_swaps",
            "No candidate card makes a legal swap for this deck"
            + (" (an empty collection?)." if request.candidates == "owned" else "."),
        )
    opponents = tuple(deck_spec(game, rival.entries) for rival in request.opponents)
    diagnosis = Diagnosis(variants, request.settings(opponents), swaps, pruned=pruned)
    return DoctorPlan(diagnosis)


def doctor_cost(request: DoctorRequest, plan: DoctorPlan) -> int:
    """Greedy games' worth charged to the goldfish budget: every game the doctor will play
    (estimated for the confirmation), both players at the chosen policy."""
    return plan.games_left() * (2 * policy_cost(request.game, request.policy) - 1)


def doctor_parameters(request: DoctorRequest, settings: Settings) -> dict:
    return {
        "policy": request.policy,
        "opponent_policy": request.policy,
        "seed": request.seed,
        "candidates": request.candidates,
        "max_swaps": request.max_swaps,
        "first_games": settings.first_games,
        "confirm_games": settings.confirm_games,
        "deck": dict(request.deck.label),
        "opponents": [dict(deck.label) for deck in request.opponents],
    }


def doctor_submission(request: DoctorRequest) -> Submission:
    """The doctor as a job: the plan is built here (its size is its cost)."""
    plan = doctor_plan_for(request)
    deck_ids = {
        label.get("deck") for label in [request.deck.label] + [d.label for d in request.opponents]
    }
    return Submission(
        "doctor",
        request.game,
        doctor_cost(request, plan),
        lambda: plan,
        tuple(sorted(deck for deck in deck_ids if deck)),
        doctor_parameters(request, plan.diagnosis.settings),
    )


def diagnose_here(request: DoctorRequest) -> dict:
    """The report played in this process (or its pool): the job's, for the same seed."""
    plan = doctor_plan_for(request)
    diagnosis = plan.diagnosis
    return diagnose(
        diagnosis.variants, diagnosis.settings, diagnosis.combine, pruned=diagnosis.pruned
    )


def swap_text(swap: dict) -> str:
    """ "− 1 × Topalit, + 1 × Fairlion: +4.1 points (+1.2 – +7.0)" for the command line."""
    gain = swap["gain"]
    cuts = ", ".join(f"− 1 × {_named(card)}" for card in swap["cuts"])
    adds = ", ".join(f"+ 1 × {_named(card)}" for card in swap["adds"])
    mark = "" if gain["measurable"] else " (not measurable)"
    return (
        f"{cuts}, {adds}: {gain['value'] * 100:+.1f} points "
        f"({gain['low'] * 100:+.1f} – {gain['high'] * 100:+.1f}){mark}"
    )


class SwapNotApplicable(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def swapped_entries(entries: list[EntryInput], swap: dict) -> list[EntryInput]:
    """The deck's entries after a reported swap: one copy of each cut card out of its zone
    (the deck unless it says `team`), one copy of each added card in."""
    quantities: Counter = Counter()
    for entry in entries:
        quantities[(entry.card_id, entry.zone)] += entry.quantity
    for card in swap["cuts"]:
        key = (card["card"], card.get("zone", DECK_ZONE))
        if quantities[key] < 1:
            raise SwapNotApplicable(card["name"])
        quantities[key] -= 1
    for card in swap["adds"]:
        quantities[(card["card"], card.get("zone", DECK_ZONE))] += 1
    return _entries(quantities)


def swap_note(swap: dict) -> str:
    """The revision's note: "Deck doctor: −1 Topalit, +1 Fairlion"."""
    cuts = [f"−1 {_named(card)}" for card in swap["cuts"]]
    adds = [f"+1 {_named(card)}" for card in swap["adds"]]
    return ("Deck doctor: " + ", ".join(cuts + adds))[:200]


def _named(card: dict) -> str:
    """A swapped card's name, marked when it is a team pet (PAD-2.3)."""
    return f"{card['name']} (team)" if card.get("zone") == TEAM_ZONE else card["name"]
