"""The attack columns on the card (cards/attack_columns.py) follow the attack rows on every
write path, and the atkN / a: searches read them without the child tables (issue 24,
finding 9)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cards.models import AttackRow, Card, DigimonAttack
from cards.search import search_cards
from cards.services import import_cards
from tests.conftest import card_data, create_card

pytestmark = pytest.mark.django_db


def _columns(card: Card) -> tuple:
    card.refresh_from_db()
    return (
        tuple(getattr(card, f"attack_{n}") for n in range(1, 7)),
        (card.power_a, card.power_b, card.power_c),
    )


def _from_rows(card: Card) -> tuple:
    rows = {row.combos: row.attack for row in AttackRow.objects.filter(card=card)}
    powers = {a.letter: a.power for a in DigimonAttack.objects.filter(card=card)}
    return tuple(rows.get(n) for n in range(1, 7)), tuple(powers.get(x) for x in "ABC")


def test_every_catalogue_card_carries_its_own_rows(catalogue):
    checked = 0
    for card in Card.objects.prefetch_related("attack_rows", "attacks"):
        rows = {row.combos: row.attack for row in card.attack_rows.all()}
        powers = {attack.letter: attack.power for attack in card.attacks.all()}
        assert tuple(getattr(card, f"attack_{n}") for n in range(1, 7)) == tuple(
            rows.get(n) for n in range(1, 7)
        ), card.number
        assert (card.power_a, card.power_b, card.power_c) == tuple(powers.get(x) for x in "ABC"), (
            card.number
        )
        checked += bool(rows or powers)
    assert checked > 400


def test_an_import_that_changes_a_row_changes_the_column():
    card = create_card("pet")
    data = card_data("pet")
    data["attack"] = [{"attack": 100 * n, "bonus": 0} for n in range(1, 7)]
    import_cards([(1, data)], source="test")
    assert _columns(card)[0] == (100, 200, 300, 400, 500, 600)


def test_a_row_saved_or_deleted_alone_updates_the_card():
    """What the admin's inline does: one row at a time."""
    card = create_card("pet")
    row = AttackRow.objects.get(card=card, combos=6)
    row.attack = 1700
    row.save()
    assert _columns(card)[0][5] == 1700
    row.delete()
    assert _columns(card)[0][5] is None
    assert _columns(card) == _from_rows(card)
    digimon = create_card("digimon")
    attack = DigimonAttack.objects.get(card=digimon, letter="B")
    attack.power = 777
    attack.save()
    assert _columns(digimon)[1][1] == 777


def test_attack_searches_read_the_cards_columns_only(catalogue):
    expected = {row.card_id for row in AttackRow.objects.filter(combos=6, attack__gte=1000)}
    with CaptureQueriesContext(connection) as queries:
        found = set(search_cards("atk6>=1000").cards.values_list("pk", flat=True))
    assert found == expected and found
    assert not any("cards_attackrow" in q["sql"] for q in queries.captured_queries)
    expected = {a.card_id for a in DigimonAttack.objects.filter(letter="A", power__gt=450)}
    assert set(search_cards("a>450").cards.values_list("pk", flat=True)) == expected
    # `!=` keeps the pets without that value, those with no row at 6 combos included
    pets = set(Card.objects.filter(kind="pet").values_list("pk", flat=True))
    exact = {r.card_id for r in AttackRow.objects.filter(combos=6, attack=600)}
    assert set(search_cards("atk6!=600").cards.values_list("pk", flat=True)) == pets - exact


def test_deleting_cards_takes_their_rows_without_recomputing_them_row_by_row(
    django_assert_max_num_queries,
):
    """A card's rows go with it: recomputing the columns of a card being deleted, one UPDATE
    per row, made deleting the catalogue (5,000 rows) take 30 s. The queries of a deletion
    depend on the tables a card has, not on how many rows they hold."""
    pets = [create_card("pet", number=f"B01-{n:03d}") for n in range(21, 26)]
    greymon = create_card("digimon")
    doomed = [card.pk for card in (*pets, greymon)]
    assert AttackRow.objects.filter(card__in=doomed).count() == 30  # 6 a pet
    with django_assert_max_num_queries(20):
        Card.objects.filter(pk__in=doomed[1:]).delete()
    with django_assert_max_num_queries(20):
        pets[0].delete()
    assert not Card.objects.filter(pk__in=doomed).exists()
    assert not AttackRow.objects.filter(card__in=doomed).exists()
    assert not DigimonAttack.objects.filter(card__in=doomed).exists()


def test_rows_deleted_from_a_card_that_stays_update_it():
    card = create_card("pet")
    AttackRow.objects.filter(card=card, combos__gte=5).delete()
    assert _columns(card)[0] == (0, 100, 200, 300, None, None)
