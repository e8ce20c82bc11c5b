"""The card page says whether and how the simulator runs the card's printed effect (issue
13): a "Simulation" section with the steps in words and the engine's verdict."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest
from django.conf import settings
from django.urls import reverse

from cards.models import Card
from cards.simulation import describe_step
from tests.conftest import create_card

pytestmark = pytest.mark.django_db


def fixture_card(file: str, number: str) -> dict:
    data = json.loads((settings.BASE_DIR / "fixtures" / file).read_text("utf-8"))
    cards = data["cards"] if isinstance(data, dict) else data
    return next(card for card in cards if card["number"] == number)


def simulation(client, number: str) -> tuple[str, str]:
    """(the verdict's status, the section as a reader sees it)."""
    card = Card.objects.get(number=number)
    response = client.get(reverse("cards:detail", args=[card.pk]))
    assert response.status_code == 200
    found = re.search(
        r'<section class="simulation[^"]*" data-simulation="([a-z_]+)">(.*?)</section>',
        response.content.decode(),
        re.S,
    )
    assert found, "the page has a Simulation section"
    words = " ".join(unescape(re.sub(r"<[^>]+>", " ", found.group(2))).split())
    return found.group(1), words


def test_a_simulated_evolution_draw_is_said_in_words(client, catalogue):
    # B01-002 Red Dragon: "When you place this card to evolve one of your monsters, draw a
    # card from your deck." (PAD-1.3)
    status, words = simulation(client, "B01-002")
    assert status == "simulated"
    assert "Simulated" in words
    assert "When it evolves: draw 1 card" in words
    assert "not run" not in words


def test_a_combo_condition_and_an_opponent_target_are_said(client, catalogue):
    # B01-024 Firedragon Tyrannos: with 6 combos, roll one of the opponent's Wood monsters
    # (PAD-7.2); against the passive goldfish it has nothing to roll (DGM-5).
    status, words = simulation(client, "B01-024")
    assert status == "simulated"
    assert "After the combo step, at 6 combos or more: roll 1 of the opponent's Wood pets" in (
        words
    )
    assert "Does nothing against a passive opponent (goldfish): acts on the opponent" in words


def test_a_card_with_effect_types_but_no_known_text_says_so(client, catalogue):
    # St-52, an option of the Digimon list, whose text no source gives. (B04-041 Hera-Is was
    # the PAD example until its scan gave its text, issue 26.)
    assert not fixture_card("digimon.json", "St-52").get("text")
    status, words = simulation(client, "St-52")
    assert (status, words) == ("no_text", "Simulation No text known")


def test_a_pet_without_any_effect_has_nothing_to_simulate(client, catalogue):
    # B01-001 Lil' Red Dragon: a base pet that prints no effect.
    status, words = simulation(client, "B01-001")
    assert (status, words) == ("no_effect", "Simulation Prints no effect to simulate")


def test_a_card_without_steps_gives_the_catalogue_reason(client, catalogue):
    reason = fixture_card("digimon.json", "R-030")["not_simulated_reason"]
    assert reason.startswith("needs: ")
    status, words = simulation(client, "R-030")
    assert status == "not_simulated"
    assert f"Not simulated — {reason}" in words


def test_an_option_without_text_is_not_simulated_for_want_of_text(client, catalogue):
    # St-52: an option whose printed text no source gives.
    assert not fixture_card("digimon.json", "St-52").get("text")
    status, words = simulation(client, "St-52")
    assert (status, words) == ("no_text", "Simulation No text known")


def test_digimon_plug_in_steps_are_said(client, catalogue):
    # St-49 Attack plug-in A: attacks with A, its printed bonus as +30 power.
    status, words = simulation(client, "St-49")
    assert status == "simulated"
    assert "When used: attack with the A attack" in words
    assert "When used: +30 power" in words


def test_a_step_the_engine_cannot_run_is_marked_and_the_card_is_not_simulated(client):
    # Synthetic: no real card prints a "teleport"; the action name is all the page can say.
    card = create_card(
        "skill",
        text="Synthetic text.",
        effect=[{"trigger": "play", "action": "draw", "amount": 2}],
    )
    Card.objects.filter(pk=card.pk).update(
        effect=[
            {"trigger": "play", "action": "draw", "amount": 2},
            {"trigger": "play", "action": "teleport_pet", "amount": 1},
        ]
    )
    status, words = simulation(client, "B01-104")
    assert status == "not_simulated"
    assert "Not simulated — needs: play/teleport_pet" in words
    assert "When used: draw 2 cards" in words
    assert "When used: teleport pet 1 (not run)" in words


def test_a_card_for_less_says_use_a_monster_for_less_says_evolve(client, catalogue):
    # B02-102 Ruby Dragon "Choose a Fire card in your hand and use it for 1 less cost" may
    # use a skill (`cards: "any"`); B01-104 Rubylit "… fire monster … evolve it" only evolves.
    status, words = simulation(client, "B02-102")
    assert status == "simulated"
    assert "When used: use a card for 1 less" in words
    status, words = simulation(client, "B01-104")
    assert "When used: evolve for 1 less" in words and "use a" not in words


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("zh-hant", "使用時：使用一張火 卡，費用減少 1"),
        ("zh-hans", "使用时：使用一张火 卡，费用减少 1"),
    ],
)
def test_a_card_for_less_in_the_readers_language(language, expected):
    from django.utils import translation

    step = {"trigger": "play", "action": "cost_reduction", "amount": 1}
    with translation.override(language):
        assert describe_step({**step, "colour": "fire", "cards": "any"}, "pad") == expected


@pytest.mark.parametrize(
    ("step", "game", "expected"),
    [
        ({"trigger": "moon_rise", "action": "howl"}, "pad", "moon_rise: howl"),
        ({"trigger": "battle", "action": "sing", "amount": 3}, "digimon", "In battle: sing 3"),
        ({"action": "draw"}, "pad", "?: draw 1 card"),
        ("not a step", "pad", "not a step"),
    ],
)
def test_unknown_words_fall_back_to_the_schema_names(step, game, expected):
    assert describe_step(step, game) == expected


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("zh-hant", ["模擬", "已模擬", "進化時：抽 1 張牌"]),
        ("zh-hans", ["模拟", "已模拟", "进化时：抽 1 张牌"]),
    ],
)
def test_the_section_speaks_the_readers_language(client, catalogue, language, expected):
    card = Card.objects.get(number="B01-002")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    content = client.get(reverse("cards:detail", args=[card.pk])).content.decode()
    for words in expected:
        assert words in content


@pytest.mark.parametrize("number", ["B01-002", "B01-104", "St-2", "St-49", "R-030", "R-058"])
def test_the_section_costs_a_bounded_number_of_queries(
    client, catalogue, django_assert_max_num_queries, number
):
    card = Card.objects.get(number=number)
    with django_assert_max_num_queries(9):
        assert client.get(reverse("cards:detail", args=[card.pk])).status_code == 200
