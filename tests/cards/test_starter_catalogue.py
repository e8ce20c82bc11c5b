"""The curated starter catalogue loads, is valid, and can build legal decks (issue 2)."""

from __future__ import annotations

from collections import Counter

import pytest
from django.core.management import call_command

from cards.models import Card
from cards.schema import card_to_dict
from cards.selectors import cards_with_details

pytestmark = pytest.mark.django_db


def test_every_starter_card_passes_model_validation(catalogue):
    for card in Card.objects.all():
        card.full_clean()


def test_loading_twice_leaves_the_same_cards(catalogue):
    before = [card_to_dict(card) for card in cards_with_details().order_by("id")]
    call_command("load_catalogue", verbosity=0)
    after = [card_to_dict(card) for card in cards_with_details().order_by("id")]
    assert after == before


def test_pad_catalogue_has_pets_of_every_attribute_and_enough_skills(catalogue):
    pad = Card.objects.filter(game="pad")
    assert pad.count() >= 80
    assert pad.filter(kind="skill").count() >= 15
    attributes = set(pad.filter(kind="pet").values_list("attribute", flat=True))
    assert {"fire", "water", "wood", "light", "dark"} <= attributes


def test_pad_evolution_chains_are_complete(catalogue):
    evolved = Card.objects.filter(kind="pet").exclude(stage="base")
    assert evolved.filter(evolves_from__isnull=True).count() == 0
    stages = set(evolved.values_list("stage", flat=True))
    assert {"evo1", "evo2", "evo3", "ultimate"} <= stages


def test_verified_pad_cards_match_the_reference(catalogue):
    tyrra = Card.objects.get(number="B01-021")
    assert (tyrra.name_ja, tyrra.stage, tyrra.attribute, tyrra.defense) == (
        "ティラ",
        "base",
        "fire",
        200,
    )
    assert [row.attack for row in tyrra.attack_rows.all()] == [0, 100, 200, 300, 400, 500]
    assert sorted(tyrra.orbs) == ["dark", "fire", "heart"]
    zaerog = Card.objects.get(number="B01-100")
    assert [(r.attack, r.bonus) for r in zaerog.attack_rows.all()] == [
        (100, 0),
        (200, 0),
        (400, 0),
        (600, 0),
        (800, 1),
        (1000, 1),
    ]
    assert zaerog.evolves_from.name == "ヘビーメタルドラゴン"
    assert Card.objects.get(number="B01-104").kind == "skill"


@pytest.mark.parametrize("attribute", ["fire", "water"])
def test_a_legal_pad_deck_and_team_can_be_built_pad_2(catalogue, attribute):
    cards = Card.objects.filter(game="pad").filter(attribute=attribute)
    base_pets = cards.filter(kind="pet", stage="base")
    assert base_pets.count() >= 5  # PAD-2.3: a team of five base pets
    assert cards.values("name").distinct().count() * 3 >= 40  # PAD-2.1/2.2


def test_digimon_catalogue_has_every_level_with_evolution_lines(catalogue):
    digimon = Card.objects.filter(game="digimon")
    assert digimon.count() >= 60
    levels = Counter(digimon.filter(kind="digimon").values_list("level", flat=True))
    assert set(levels) == {"III", "IV", "perfect", "ultimate"}
    greymon = Card.objects.get(number="St-2")
    assert greymon.evolves_from.number == "St-1"
    assert greymon.evolution_requirement == "アグモン ○○"


def test_every_option_named_by_the_rules_text_is_catalogued_dgm_1_2(catalogue):
    options = Counter(Card.objects.filter(kind="option").values_list("option_type", flat=True))
    assert options["crest"] == 9
    assert options["armor"] == 11
    assert options["evolution"] == 5
    assert options["program"] >= 5
    names = set(Card.objects.filter(game="digimon").values_list("name", flat=True))
    assert {"紧急中止!", "究极进化!!", "网络密码!", "绝对服从!", "数码宝贝大暴走!!"} <= names
    assert {"风啸草原", "钢铁矿山"} <= names


def test_all_seven_combos_are_catalogued_with_linked_parts_dgm_1_3(catalogue):
    combos = Card.objects.filter(kind="combo")
    assert combos.count() == 7
    beginner = combos.get(name="初学者组合")
    parts = list(beginner.components.all())
    assert [part.card.number for part in parts] == ["St-49", "St-51", "St-50"]
    rapid = combos.get(name="急速组合").components.get()
    assert (rapid.name, rapid.quantity) == ("高速组件H", 2)


def test_a_legal_digimon_deck_can_be_built_dgm_2(catalogue):
    digimon = Card.objects.filter(game="digimon")
    assert digimon.filter(level="III").exists()  # DGM-2.4
    non_ultimate_names = digimon.exclude(level="ultimate").values("name").distinct().count()
    assert non_ultimate_names * 3 >= 30  # DGM-2.1/2.2


def test_rules_text_cards_are_marked_as_such(catalogue):
    rules = Card.objects.filter(card_set__code="RULES")
    assert rules.exists()
    assert set(rules.values_list("provenance", flat=True)) == {"rules_text"}
    assert not Card.objects.filter(provenance="synthetic").exists()
