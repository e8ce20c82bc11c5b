"""Text searches narrowed by a trigram index (issue 24, finding 9): the same cards as
reading every card, whatever was written since (cards/search/sqlite_fts.py on SQLite,
migration 0005's GIN indexes on PostgreSQL)."""

from __future__ import annotations

import random

import pytest
from django.db import connection

from cards.models import Card
from cards.search import search_cards, sqlite_fts
from cards.search.text import fold
from tests.conftest import create_card

pytestmark = pytest.mark.django_db


def found(query: str) -> set[str]:
    result = search_cards(query)
    assert result.warnings == [], result.warnings
    return set(result.cards.values_list("number", flat=True))


def scanned(phrase: str) -> set[str]:
    """The cards a free word finds, by reading every card here in Python."""
    folded = fold(phrase)
    return {
        card.number
        for card in Card.objects.all()
        if folded in card.search_names or folded in card.search_text
    }


def phrases_from_the_catalogue(count: int) -> list[str]:
    """Three to eight characters cut from real names and texts, in any case."""
    pick = random.Random(24)
    cards = list(Card.objects.order_by("pk").values_list("name", "name_en", "text"))
    phrases = []
    while len(phrases) < count:
        source = pick.choice([value for value in pick.choice(cards) if value])
        words = source.split()
        if not words:
            continue
        word = pick.choice(words).strip("\"'()「」")
        if len(word) < 3:
            continue
        start = pick.randrange(0, max(1, len(word) - 2))
        piece = word[start : start + pick.randint(3, 8)]
        phrases.append(piece.upper() if pick.random() < 0.3 else piece)
    return phrases


def test_free_words_find_the_cards_a_full_read_finds(catalogue):
    phrases = phrases_from_the_catalogue(60)
    for phrase in phrases:
        if '"' in phrase or ":" in phrase or phrase.startswith(("-", "!", "/")):
            continue
        assert found(f'"{phrase}"') == scanned(phrase), phrase


def test_a_renamed_card_is_found_by_its_new_name_only(catalogue):
    card = Card.objects.get(number="B01-002")  # Red Dragon
    card.name = card.name_en = "Crimson Wyvern"
    card.save()
    assert "B01-002" in found("wyvern")
    assert "B01-002" not in found('!"red dragon"')


def test_cards_written_in_bulk_or_deleted_are_indexed(catalogue):
    new = create_card("skill", set="T", number="T-001", names={"en": "Quetzal Storm"})
    assert found("quetzal") == {"T-001"}
    Card.objects.filter(pk=new.pk).update(search_names="\nhoatzin gale\n")
    assert found("hoatzin") == {"T-001"}
    assert found("quetzal") == set()
    Card.objects.filter(pk=new.pk).delete()
    assert found("hoatzin") == set()


def test_quotes_and_query_words_in_a_phrase_are_plain_text(catalogue):
    create_card("skill", set="T", number="T-002", names={"en": 'Say "Near" OR Far'})
    names = Card.objects.filter(search_names__has_text='"near" or far')
    assert list(names.values_list("number", flat=True)) == ["T-002"]
    assert not Card.objects.filter(search_names__has_text='"near" or fa"').exists()


def explained(query: str) -> str:
    sql, params = search_cards(query).cards.values("pk").query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN QUERY PLAN {sql}", params)
        return " ".join(str(row) for row in cursor.fetchall())


def test_sqlite_reads_the_trigram_index_for_phrases_of_three_characters(catalogue):
    if connection.vendor != "sqlite":  # its GIN indexes: test_search.py
        assert sqlite_fts.TABLE not in str(search_cards("dragon").cards.query)
        return
    assert sqlite_fts.available(), "this Python's SQLite lacks FTS5's trigram tokenizer"
    assert sqlite_fts.TABLE in explained("dragon")
    assert sqlite_fts.TABLE in explained('o:"draw a card" attr:fire')
    # Two characters are below a trigram: those still read every card.
    assert sqlite_fts.TABLE not in explained("龍王")
