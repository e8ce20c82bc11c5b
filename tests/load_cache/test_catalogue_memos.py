"""Sets of card ids kept per process for one catalogue version (cards.cache.per_process,
issue 30): the card page skips the history, descendants and combos queries for cards that
have none, and a catalogue write shows at once all the same."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from cards import cache
from cards.models import Card
from tests.conftest import create_card

pytestmark = pytest.mark.django_db


def page(card: Card) -> str:
    response = Client().get(reverse("cards:detail", args=[card.pk]))
    assert response.status_code == 200
    return response.content.decode()


def history(html: str) -> str:
    return html[html.index("data-card-history") :]


def test_a_card_generated_without_history_shows_its_first_change_at_once():
    bulk = Card(**{f.name: getattr(create_card("pet"), f.name) for f in Card._meta.concrete_fields})
    bulk.pk, bulk.number = None, "B01-960"
    (bulk,) = Card.objects.bulk_create([bulk])  # as the generator writes: no history row
    cache.bump_catalogue_version()
    assert "<li>" not in history(page(bulk))
    bulk.defense = 777
    bulk.save()  # the admin's save: a history row, and the catalogue version moves
    assert "<li>" in history(page(bulk))


def test_a_new_evolution_shows_on_its_parents_page_at_once():
    parent = create_card("pet", number="B01-961", names={"en": "Spark Pup"})
    assert "Evolves into" not in page(parent)
    child = create_card("pet", number="B01-962", names={"en": "Spark Hound"})
    child.evolves_from = parent
    child.save()
    html = page(parent)
    assert "Evolves into" in html and f'href="/cards/{child.pk}/"' in html


def test_a_bump_by_another_server_drops_this_processs_sets():
    parent = create_card("pet", number="B01-963", names={"en": "Moss Pup"})
    child = create_card("pet", number="B01-964", names={"en": "Moss Hound"})
    page(parent)  # the page and the sets are now kept for this version
    Card.objects.filter(pk=child.pk).update(evolves_from=parent)  # no signal: as raw SQL
    assert f'href="/cards/{child.pk}/"' not in page(parent)  # unseen until a bump, rightly
    cache._bump()  # another server's import bumps the shared version
    assert f'href="/cards/{child.pk}/"' in page(parent)


def test_a_new_printing_shows_on_the_first_ones_page_at_once():
    first = create_card("pet", number="B01-965", names={"en": "Lone Ember"})
    assert "Other printings" not in page(first)
    reprint = create_card("pet", number="B01-966", names={"en": "Lone Ember"})
    html = page(first)
    assert "Other printings" in html and f'href="/cards/{reprint.pk}/"' in html


def _without_sort_keys(value):
    if isinstance(value, list):
        return [_without_sort_keys(item) for item in value]
    if isinstance(value, dict):
        return {k: _without_sort_keys(v) for k, v in value.items() if k != "number_sort"}
    return value


def test_the_evolution_line_from_the_links_is_the_one_read_level_by_level(catalogue):
    from cards.views_detail import EVOLVING_KINDS, _ancestors, _descendants, _evolution_line

    looped = create_card("pet", number="B01-967", names={"en": "Loop Pup"})
    Card.objects.filter(pk=looped.pk).update(evolves_from=looped)
    links = [
        create_card("pet", number=f"B01-{n}", names={"en": f"Link {n}"}) for n in range(901, 912)
    ]
    for parent, child in zip(links, links[1:], strict=False):  # longer than MAX_CHAIN_DEPTH
        Card.objects.filter(pk=child.pk).update(evolves_from=parent)
    cache.bump_catalogue_version()
    cards = list(Card.objects.exclude(evolves_from=None)) + list(Card.objects.all()[:80])
    assert len(cards) > 100
    for card in cards:
        ancestors, descendants = _evolution_line(card)
        assert _without_sort_keys(ancestors) == _ancestors(card), card.number
        expected = _descendants(card) if card.kind in EVOLVING_KINDS else []
        assert _without_sort_keys(descendants) == expected, card.number


def test_a_single_entry_and_then_an_edit_show_as_before():
    card = create_card("pet", number="B01-968", names={"en": "Ledger Pup"})
    first = history(page(card))
    assert first.count("<li>") == 1 and "Created" in first
    card.defense = 650
    card.save()
    second = history(page(card))
    assert second.count("<li>") == 2 and "defense" in second


def test_a_card_no_combo_names_asks_nothing_about_combos_and_a_new_combo_shows_at_once(
    catalogue,
):
    """DGM-1.3: a combo's parts list it on their pages; most Digimon cards are no part."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from cards.models import ComboComponent

    named = set(ComboComponent.objects.exclude(card=None).values_list("card_id", flat=True))
    unnamed = Card.objects.filter(game="digimon", kind="digimon").exclude(pk__in=named)
    first, second = unnamed.order_by("id")[:2]
    page(first)  # the process's sets are now kept for this version
    with CaptureQueriesContext(connection) as read:
        html = page(second)
    assert "combocomponent" not in " ".join(q["sql"].lower() for q in read.captured_queries)
    assert 'class="combos"' not in html
    combo = Card.objects.get(number="R-055")
    ComboComponent.objects.create(combo=combo, card=second, name=second.name, position=9)
    assert f'href="/cards/{combo.pk}/"' in page(second)
