"""The shipped catalogue's verification levels tell the truth about its sources (issue 13)."""

from __future__ import annotations

import pytest
from django.conf import settings

from cards.models import Card
from tests.cards.test_pad_conversion import scan_readings

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


def test_only_the_pad_cards_a_scan_read_whole_are_scan_verified(catalogue):
    # Issue 26: every field read from its scan, or a card the list lacks (its scan is its
    # only source); no Digimon card has been checked against a scan.
    expected = {r["number"] for r in scan_readings() if not r["unreadable"] or not r["list_key"]}
    scanned = Card.objects.filter(verification="scan").values_list("number", flat=True)
    assert set(scanned) == expected


RULES_TEXTS = (
    settings.BASE_DIR.parent / "shared" / "RULES.md",
    settings.BASE_DIR.parent / "shared" / "seeds" / "003_0b4c430d73ad23cf.txt",
)


@pytest.mark.parametrize("name", ["白色羽毛", "高速组件D", "高速组件T", "空袭战术", "极组组合"])
def test_parts_and_combos_the_original_rules_text_names_are_named_in_the_rules(catalogue, name):
    # Issue 26: the seed text lists 空袭战术:高速组件B+白色羽毛 and 极组组合:高速组件B+高速组件D+…
    assert Card.objects.get(card_set__code="RULES", name=name).verification == "rules"


@pytest.mark.skipif(not all(p.exists() for p in RULES_TEXTS), reason="needs ../shared")
def test_a_rules_card_is_named_in_the_rules_exactly_when_the_rules_text_names_it(catalogue):
    text = "".join(path.read_text(encoding="utf-8") for path in RULES_TEXTS)
    wrong = [
        (card.number, card.name, card.verification)
        for card in Card.objects.filter(card_set__code="RULES")
        if (card.verification == "rules") != (card.name in text)
    ]
    assert wrong == []


def test_gekomon_level_iii_attack_far_above_the_others_is_a_data_issue(catalogue):
    level_iii = Card.objects.filter(game="digimon", level="III")
    strongest = {
        card.number: max((a.power or 0) for a in card.attacks.all())
        for card in level_iii.prefetch_related("attacks")
    }
    gekomon = strongest.pop("St-27")
    assert gekomon > max(strongest.values()) + 50  # 450 against at most 360
    issues = Card.objects.get(number="St-27").data_issues
    assert [issue["field"] for issue in issues] == ["attacks"]
    # No other Level III is flagged for its attack.
    others = level_iii.exclude(number="St-27")
    assert not [c.number for c in others if any(i["field"] == "attacks" for i in c.data_issues)]


@pytest.mark.parametrize(("number", "bonus"), [("St-49", 30), ("St-50", 50), ("St-51", 30)])
def test_the_plug_ins_say_their_bonus_reading_is_assumed(client, catalogue, number, bonus):
    card = Card.objects.get(number=number)
    [issue] = card.data_issues
    assert issue["field"] == "effect" and "assumed" in issue["note"]
    assert str(bonus) in [value["value"] for value in issue["values"]]
    # The engine plays that reading: +bonus power on the attack the plug-in selects.
    assert {"trigger": "play", "action": "power_add", "amount": bonus} in card.effect
    page = client.get(f"/cards/{card.pk}/").content.decode()
    assert "assumed" in page
