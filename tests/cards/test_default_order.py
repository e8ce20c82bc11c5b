"""Printed cards first (issue 15, item 2): "Digimon cards" opens on cards one can hold, and
a card known only from the rules text says so on its page, in the reader's language."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from cards.models import Card
from decks.models import Deck

pytestmark = pytest.mark.django_db

DIGIMON_CARDS = "/cards/?q=game%3Adigimon"  # the header's "Digimon cards" link


def listed_numbers(client, url: str) -> list[str]:
    """Every card number the search lists, page after page, in the order shown."""
    numbers, page = [], 1
    while True:
        response = client.get(f"{url}&page={page}")
        assert response.status_code == 200
        numbers += [card.number for card in response.context["page"].object_list]
        if not response.context["page"].has_next():
            return numbers
        page += 1


def test_digimon_cards_open_on_printed_cards_and_list_the_rules_text_ones_last(client, catalogue):
    digimon = Card.objects.filter(game="digimon")
    printed = set(digimon.filter(provenance="printed").values_list("number", flat=True))
    rules_text = set(digimon.filter(provenance="rules_text").values_list("number", flat=True))
    assert printed and rules_text

    numbers = listed_numbers(client, DIGIMON_CARDS)
    assert len(numbers) == len(printed) + len(rules_text)
    assert set(numbers[: len(printed)]) == printed
    assert set(numbers[len(printed) :]) == rules_text

    first_page = client.get(DIGIMON_CARDS).context["page"].object_list
    assert all(card.provenance == "printed" for card in first_page)
    # Within the printed cards the numbers still run naturally: St-2 before St-10.
    assert numbers.index("St-2") < numbers.index("St-10")
    assert numbers.index("R-002") < numbers.index("R-010")


def test_an_order_the_reader_chooses_is_not_regrouped(client, catalogue):
    shown = listed_numbers(client, DIGIMON_CARDS + "&order=name")
    digimon = Card.objects.filter(game="digimon")
    provenance = dict(digimon.values_list("number", "provenance"))
    kinds = [provenance[number] for number in shown]
    # By name, the cards known from the rules text fall among the printed ones.
    assert "printed" in kinds[kinds.index("rules_text") :]


def test_the_builders_search_lists_printed_cards_first(client, owner, catalogue):
    client.force_login(owner)
    deck = Deck.objects.create(owner=owner, game="digimon", name="Options")
    page = client.get(f"/decks/{deck.pk}/edit/", {"q": "kind:option"}).content.decode()
    shown = [int(pk) for pk in re.findall(r'<li class="result" data-card="(\d+)">', page)]
    assert shown
    provenances = [Card.objects.get(pk=pk).provenance for pk in shown]
    printed_options = Card.objects.filter(game="digimon", kind="option", provenance="printed")
    assert provenances == ["printed"] * min(len(shown), printed_options.count()) + [
        "rules_text"
    ] * max(0, len(shown) - printed_options.count())


@pytest.mark.parametrize(
    ("language", "notice"),
    [
        ("en", "Known only from the rules text"),
        ("zh-hant", "僅從規則文字得知此卡"),
        ("zh-hans", "仅从规则文字得知此卡"),
    ],
)
def test_a_card_known_only_from_the_rules_text_says_so(client, catalogue, language, notice):
    client.cookies["django_language"] = language
    rules_card = Card.objects.get(number="R-001")
    printed_card = Card.objects.get(game="digimon", number="St-1")
    page = client.get(reverse("cards:detail", args=[rules_card.pk])).content.decode()
    assert notice in page
    page = client.get(reverse("cards:detail", args=[printed_card.pk])).content.decode()
    assert notice not in page
