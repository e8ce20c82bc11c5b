from __future__ import annotations

import pytest
from django.core.management import call_command

from cards.models import Card

pytestmark = pytest.mark.django_db


def test_generate_cards_creates_n_valid_synthetic_cards_of_both_games(capsys):
    call_command("generate_cards", "120", "--seed", "7")
    assert "120 synthetic cards created" in capsys.readouterr().out
    cards = Card.objects.all()
    assert cards.count() == 120
    assert set(cards.values_list("provenance", flat=True)) == {"synthetic"}
    assert set(cards.values_list("game", flat=True)) == {"pad", "digimon"}
    for card in cards:
        card.full_clean()
        if card.kind == "pet":
            assert card.attack_rows.count() == 6
    assert cards.filter(evolves_from__isnull=False).exists()


def test_generating_again_adds_more_without_clashing_numbers():
    call_command("generate_cards", "30")
    call_command("generate_cards", "30")
    assert Card.objects.count() == 60
