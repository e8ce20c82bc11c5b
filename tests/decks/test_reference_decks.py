"""The gauntlet's reference decks (issue 12): legal, sensible, owned by the site, and
loaded from fixtures/reference_decks.toml exactly as written."""

from __future__ import annotations

from collections import Counter

import pytest

from cards.search.text import fold
from decks.models import PUBLIC, TEAM, Deck
from decks.reference import (
    REFERENCE_FILE,
    SYSTEM_USERNAME,
    read_reference_lists,
    reference_decks,
)
from decks.rules import EntryInput, validate_deck

pytestmark = pytest.mark.usefixtures("gauntlet")

PAD_NAMES = [  # name order, as reference_decks() gives them
    "Reference: Dark",
    "Reference: Fire",
    "Reference: Fire and Wood",
    "Reference: Five Dragons",
    "Reference: Light",
    "Reference: Water",
    "Reference: Wood",
]
DIGIMON_NAMES = [
    "Reference: Agumon line",
    "Reference: Gabumon line",
    "Reference: Gomamon line",
    "Reference: Palmon line",
    "Reference: Patamon line",
    "Reference: Piyomon line",
    "Reference: Tentomon line",
    "Reference: Vaccine Heroes",
    "Reference: Virus Nightmares",
]
ATTRIBUTES = ["fire", "water", "wood", "light", "dark"]
# The partner lines of the starter set: the deck's Level III and the forms it evolves into.
LINES = {
    "Agumon": ["Greymon", "Skull Greymon", "War Greymon"],
    "Gabumon": ["Garurumon", "Were Garurumon"],
    "Piyomon": ["Birdramon"],
    "Tentomon": ["Kabuterimon", "Atlur Kabuterimon", "Herakle Kabuterimon"],
    "Palmon": ["Togemon"],
    "Gomamon": ["Ikkakumon", "Zudomon", "Plesiomon"],
    "Patamon": ["Angemon"],
}


def _english(deck: Deck, zone: str = "deck") -> dict[str, int]:
    copies: Counter = Counter()
    for entry in deck.entries.all():
        if entry.zone == zone:
            copies[entry.card.name_en or entry.card.name] += entry.quantity
    return dict(copies)


def test_the_gauntlet_has_five_attribute_and_two_mixed_pad_decks():
    assert [deck.name for deck in reference_decks("pad")] == PAD_NAMES


def test_the_gauntlet_has_a_deck_per_partner_line_and_two_mixed_digimon_decks():
    assert [deck.name for deck in reference_decks("digimon")] == DIGIMON_NAMES


@pytest.mark.parametrize("game", ["pad", "digimon"])
def test_every_reference_deck_is_legal_by_the_sites_validator(game):
    for deck in reference_decks(game):
        entries = [EntryInput(e.card_id, e.quantity, e.zone) for e in deck.entries.all()]
        verdict = validate_deck(game, entries)
        assert verdict.valid, (deck.name, [error.message for error in verdict.errors])
        assert deck.is_valid


def test_pad_reference_decks_keep_pad_2_counted_by_hand():
    for deck in reference_decks("pad"):
        entries = list(deck.entries.all())
        deck_cards = sum(e.quantity for e in entries if e.zone == "deck")
        team = [e for e in entries if e.zone == TEAM]
        assert 40 <= deck_cards <= 60, deck.name  # PAD-2.1
        # PAD-2.3: exactly five pets of the base stage.
        assert sum(e.quantity for e in team) == 5, deck.name
        assert {(e.card.kind, e.card.stage) for e in team} == {("pet", "base")}, deck.name
        per_name = Counter()
        for entry in entries:
            if entry.zone == "deck":  # PAD-2.5: the team does not count
                per_name[fold(entry.card.name)] += entry.quantity
        assert max(per_name.values()) <= 3, deck.name  # PAD-2.2


def test_digimon_reference_decks_keep_dgm_2_counted_by_hand():
    for deck in reference_decks("digimon"):
        entries = list(deck.entries.all())
        assert sum(e.quantity for e in entries) == 30, deck.name  # DGM-2.1
        per_name = Counter()
        for entry in entries:
            per_name[fold(entry.card.name)] += entry.quantity
        assert max(per_name.values()) <= 3, deck.name  # DGM-2.2
        levels = Counter()
        for entry in entries:
            levels[entry.card.level] += entry.quantity
        assert levels["ultimate"] <= 5, deck.name  # DGM-2.3
        assert levels["III"] >= 1, deck.name  # DGM-2.4


@pytest.mark.parametrize("attribute", ATTRIBUTES)
def test_an_attribute_deck_plays_that_attribute_and_its_evolutions(attribute):
    deck = Deck.objects.get(reference=True, name=f"Reference: {attribute.capitalize()}")
    team = [e.card for e in deck.entries.all() if e.zone == TEAM]
    assert {card.attribute for card in team} == {attribute}
    cards = [e.card for e in deck.entries.all() if e.zone == "deck"]
    assert {card.attribute for card in cards} == {attribute}
    # Every team pet has its first evolution in the deck, so the team can grow.
    evolves_from = {card.evolves_from_id for card in cards if card.kind == "pet"}
    assert {card.pk for card in team} <= evolves_from


def test_the_fire_deck_is_the_list_written_in_the_file():
    deck = Deck.objects.get(reference=True, game="pad", name="Reference: Fire")
    assert _english(deck, TEAM) == {
        "Lil' Red Dragon": 1,
        "Tyrra": 1,
        "Drall": 1,
        "Mystic Flame Knight": 1,
        "Flamie": 1,
    }
    deck_cards = _english(deck)
    assert deck_cards["Red Dragon"] == 3
    assert deck_cards["Meteor Volcano Dragon"] == 1
    assert deck_cards["Intimidation"] == 3
    assert sum(deck_cards.values()) == 40


@pytest.mark.parametrize("partner", sorted(LINES))
def test_a_line_deck_holds_its_partner_and_every_catalogued_evolution(partner):
    deck = Deck.objects.get(reference=True, name=f"Reference: {partner} line")
    copies = _english(deck)
    assert copies[partner] == 3
    for evolution in LINES[partner]:
        assert copies.get(evolution, 0) >= 2, (partner, evolution)


def test_every_reference_card_is_a_printed_card_of_the_catalogue():
    decks = Deck.objects.filter(reference=True).prefetch_related("entries__card")
    provenances = {e.card.provenance for deck in decks for e in deck.entries.all()}
    assert provenances == {"printed"}


def test_the_reference_decks_belong_to_the_site_and_are_public():
    decks = Deck.objects.filter(reference=True).select_related("owner")
    assert decks.count() == len(PAD_NAMES) + len(DIGIMON_NAMES)
    assert {deck.owner.username for deck in decks} == {SYSTEM_USERNAME}
    assert {deck.visibility for deck in decks} == {PUBLIC}
    owner = decks.first().owner
    # Nobody can log in as the system account, and it has no rights over the site.
    assert not owner.has_usable_password()
    assert not owner.is_staff and not owner.is_superuser


def test_every_reference_deck_has_its_description_from_the_file():
    written = {(item.game, item.deck_name): item.description for item in read_reference_lists()}
    stored = {(d.game, d.name): d.description for d in Deck.objects.filter(reference=True)}
    assert stored == written
    assert all(len(description) > 20 for description in stored.values())


def test_the_gauntlet_of_a_game_holds_none_of_the_other_game():
    assert {deck.game for deck in reference_decks("digimon")} == {"digimon"}


def test_a_players_public_deck_is_never_in_the_gauntlet(owner):
    from decks.services import deck_create

    deck_create(owner=owner, game="pad", name="Reference: Fire", visibility=PUBLIC, entries=[])
    assert [deck.name for deck in reference_decks("pad")] == PAD_NAMES
    assert {deck.owner.username for deck in reference_decks("pad")} == {SYSTEM_USERNAME}


def test_the_gauntlet_loads_its_cards_in_a_bounded_number_of_queries(
    django_assert_max_num_queries,
):
    with django_assert_max_num_queries(3):
        decks = list(reference_decks("pad"))
        names = {e.card.name for deck in decks for e in deck.entries.all()}
    assert "Red Dragon" in names


def test_the_reference_file_is_where_the_loader_reads():
    assert REFERENCE_FILE.name == "reference_decks.toml"
    assert REFERENCE_FILE.parent.name == "fixtures"
