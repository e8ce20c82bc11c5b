"""Deck statistics for the builder, on decks from the starter catalogue."""

from __future__ import annotations

import pytest

from cards.models import Card
from decks.odds import prob_at_least
from decks.stats import deck_statistics

from .conftest import card, digimon_deck, pad_deck, pad_team

pytestmark = pytest.mark.django_db


def with_cards(entries):
    cards = Card.objects.in_bulk([entry.card_id for entry in entries])
    return [(cards[entry.card_id], entry.quantity, entry.zone) for entry in entries]


def chain_of(stats, number: str) -> dict:
    pk = card(number).pk
    return next(chain for chain in stats["evolution"] if chain["card"] == pk)


def test_pad_distributions_add_up_to_the_deck(catalogue):
    rows = with_cards([*pad_team(), *pad_deck(40)])
    stats = deck_statistics("pad", rows)
    deck = [(c, q) for c, q, zone in rows if zone == "deck"]
    assert stats["counts"] == {"deck": 40, "team": 5}
    assert sum(stats["cost_curve"].values()) == 40
    assert list(stats["cost_curve"]) == [0, 1, 2, 3]
    assert sum(stats["attributes"]["deck"].values()) == 40
    assert sum(stats["attributes"]["team"].values()) == 5
    assert sum(stats["kinds"].values()) == 40
    assert sum(stats["stages"].values()) == stats["kinds"]["pet"]
    # PAD-1.1: every card lights 2 or 3 orbs; the orb count is per lit orb.
    assert sum(stats["orbs"].values()) == sum(len(c.orbs) * q for c, q in deck)
    assert stats["orbs"]["fire"] == sum(q for c, q in deck if "fire" in c.orbs)


def test_pad_evolution_chain_flags_a_missing_evolution(catalogue):
    # Volcano Dragon (evo 2) evolves from Red Dragon (evo 1), from Lil' Red Dragon (base).
    volcano = card("B01-003")
    stats = deck_statistics("pad", [(volcano, 3, "deck")])
    chain = chain_of(stats, "B01-003")
    assert chain["complete"] is False
    assert chain["missing"] == "Red Dragon"
    assert [link["name"] for link in chain["chain"]] == ["Red Dragon", "Volcano Dragon"]
    assert stats["missing_evolutions"] == ["Red Dragon"]


def test_pad_evolution_chain_through_deck_and_team(catalogue):
    rows = [
        (card("B01-001"), 1, "team"),
        (card("B01-002"), 3, "deck"),
        (card("B01-003"), 2, "deck"),
    ]
    stats = deck_statistics("pad", rows)
    chain = chain_of(stats, "B01-003")
    assert chain["complete"] is True
    assert [link["name"] for link in chain["chain"]] == [
        "Lil' Red Dragon",
        "Red Dragon",
        "Volcano Dragon",
    ]
    assert stats["missing_evolutions"] == []


def test_pad_an_evo_one_without_its_base_is_flagged(catalogue):
    stats = deck_statistics("pad", [(card("B01-002"), 3, "deck")])
    assert chain_of(stats, "B01-002")["missing"] == "Lil' Red Dragon"


def test_a_missing_link_known_only_by_id_is_named_in_one_query(
    catalogue, django_assert_num_queries
):
    Card.objects.filter(number="B01-002").update(evolves_from_name="")
    red_dragon = card("B01-002")
    with django_assert_num_queries(1):
        stats = deck_statistics("pad", [(red_dragon, 3, "deck")])
    assert chain_of(stats, "B01-002")["missing"] == "Lil' Red Dragon"


def test_digimon_levels_battle_types_and_evolution_lines(catalogue):
    greymon = card("St-2")  # evolves from アグモン (St-1)
    alone = deck_statistics("digimon", [(greymon, 3, "deck")])
    assert alone["levels"] == {"III": 0, "IV": 3, "perfect": 0, "ultimate": 0}
    assert alone["battle_types"][greymon.battle_type] == 3
    assert alone["missing_evolutions"] == ["アグモン"]
    together = deck_statistics("digimon", [(greymon, 3, "deck"), (card("St-1"), 3, "deck")])
    assert chain_of(together, "St-2")["complete"] is True


def test_every_digimon_line_of_the_deck_is_shown_an_unknown_requirement_as_unknown(catalogue):
    """Issue 29 item 8: a deck holding the Agumon and the Gabumon lines shows both. The
    catalogue knows Greymon (St-2) evolves from Agumon (the rules text's example, DGM-4.3)
    but not what Garurumon (St-6, Level IV) evolves from: its chain says so, and it is no
    missing card (DGM-4.9: nothing assumed)."""
    entries = [(card(number), 3, "deck") for number in ("St-1", "St-2", "St-5", "St-6")]
    stats = deck_statistics("digimon", entries)
    assert chain_of(stats, "St-2")["complete"] is True
    garurumon = chain_of(stats, "St-6")
    assert garurumon["unknown"] is True and garurumon["complete"] is False
    assert [link.get("unknown", False) for link in garurumon["chain"]] == [True, False]
    assert stats["missing_evolutions"] == []
    # a Level III is where a line starts: no chain of its own
    assert not [chain for chain in stats["evolution"] if chain["card"] == card("St-5").pk]


def test_digimon_full_deck(catalogue):
    stats = deck_statistics("digimon", with_cards(digimon_deck()))
    assert stats["counts"] == {"deck": 30, "team": 0}
    assert sum(stats["kinds"].values()) == 30
    assert sum(stats["levels"].values()) == stats["kinds"]["digimon"]
    assert stats["levels"]["III"] > 0


def test_draw_odds_per_name_count_reprints_together(catalogue):
    rows = [(card("St-9"), 2, "deck"), (card("St-111"), 1, "deck"), (card("St-1"), 27, "deck")]
    stats = deck_statistics("digimon", rows, turns=2)
    palmon = next(item for item in stats["draw_odds"] if item["card"] == card("St-9").pk)
    assert palmon["copies"] == 3
    assert palmon["cards"] == sorted([card("St-9").pk, card("St-111").pk])
    # DGM-3.3: a 6-card opening hand out of 30.
    assert palmon["odds"]["opening"][0] == pytest.approx(prob_at_least(1, 3, 30, 6))
    assert len(palmon["odds"]["by_turn"]) == 2


def test_pad_draw_odds_use_the_five_card_hand(catalogue):
    rows = with_cards(pad_deck(40))
    stats = deck_statistics("pad", rows)
    first = stats["draw_odds"][0]
    assert first["copies"] == 3
    assert first["odds"]["opening"][0] == pytest.approx(prob_at_least(1, 3, 40, 5))


def test_statistics_make_no_queries(catalogue, django_assert_num_queries):
    rows = with_cards([*pad_team(), *pad_deck(60)])
    with django_assert_num_queries(0):
        deck_statistics("pad", rows)
