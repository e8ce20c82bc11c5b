"""The shipped catalogue's verification levels tell the truth about its sources (issue 13)."""

from __future__ import annotations

import pytest

from cards.models import Card

pytestmark = pytest.mark.django_db


def levels(**filters) -> set[str]:
    return set(Card.objects.filter(**filters).values_list("verification", flat=True))


def test_crests_and_digi_eggs_are_inferred_because_the_rules_give_only_their_counts(catalogue):
    # DGM-1.2 says "crest 徽章 (9 of them), armor 装甲 (11 digi-eggs)" and names none of them.
    crests_and_eggs = Card.objects.filter(
        card_set__code="RULES", option_type__in=["crest", "armor"]
    )
    assert crests_and_eggs.count() == 20
    assert levels(pk__in=crests_and_eggs) == {"inferred"}


@pytest.mark.parametrize("name", ["融合进化", "究极进化!!", "风啸草原", "初学者组合", "冰冻组合"])
def test_options_and_combos_the_rules_name_are_named_in_the_rules(catalogue, name):
    # DGM-1.2 and DGM-1.3 name these cards; their printed details are unknown.
    assert Card.objects.get(card_set__code="RULES", name=name).verification == "rules"


def test_starter_digimon_come_from_a_card_list(catalogue):
    assert levels(game="digimon", card_set__code="St") == {"card_list"}


def test_only_the_pad_cards_a_scan_checked_are_scan_verified(catalogue):
    scanned = Card.objects.filter(verification="scan").values_list("number", flat=True)
    assert set(scanned) == {"B01-021", "B01-100", "B01-104", "B05-021"}
