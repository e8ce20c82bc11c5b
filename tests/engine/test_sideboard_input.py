"""The sideboard / maybe zone never reaches the engines (issue 16, item 5): the goldfish,
the sample hand and the matchups play the deck and the team only (RULES.md PAD-2.1,
PAD-2.3, DGM-2.1)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from cards.models import Card
from decks.services import entries_from_text
from engine.convert import deck_spec
from tests.decklists import digimon_list, pad_list

pytestmark = pytest.mark.django_db

PAD_SIDEBOARD = "\nSideboard:\n3 Blue Dragon\n3 B01-005\n"  # water: not in the fire list


def test_side_cards_are_not_in_the_pad_engine_input(catalogue):
    entries = entries_from_text("pad", pad_list() + PAD_SIDEBOARD)
    assert {e.zone for e in entries} == {"team", "deck", "side"}
    spec = deck_spec("pad", entries)
    assert (len(spec.deck), len(spec.team)) == (40, 5)
    side_ids = {Card.objects.get(number=number).pk for number in ("B01-006", "B01-005")}
    fire_deck = deck_spec("pad", entries_from_text("pad", pad_list()))
    assert spec == fire_deck
    assert side_ids.isdisjoint({c.id for c in spec.cards()})


def test_side_cards_are_not_in_the_digimon_engine_input(catalogue):
    text = digimon_list() + "\nSideboard:\n3 St-61\n"
    spec = deck_spec("digimon", entries_from_text("digimon", text))
    assert len(spec.deck) == 30
    assert Card.objects.get(number="St-61").pk not in {c.id for c in spec.cards()}


def test_a_goldfish_report_is_the_same_with_or_without_a_sideboard(catalogue):
    body = {"game": "pad", "list": pad_list(), "games": 60, "seed": 11}
    plain = APIClient().post("/api/goldfish/", body, format="json")
    with_side = APIClient().post(
        "/api/goldfish/", {**body, "list": pad_list() + PAD_SIDEBOARD}, format="json"
    )
    assert plain.status_code == with_side.status_code == 200, with_side.json()
    assert with_side.json() == plain.json()
