"""The Digimon effect data, computed from the committed fixture (issue 13): every option,
combo and ability with known text has steps or a stated reason, and at least 90 % of them
run as printed in the engine (engine/digimon/effects.py)."""

from __future__ import annotations

import json
from pathlib import Path

from engine.core.cards import spec_from_schema
from engine.digimon.effects import compile_steps, not_simulated

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "digimon.json"


def effect_cards() -> list[dict]:
    """Options and combos whose text (or printed bonus) is known, and Digimon printing a
    special or support ability text."""
    cards = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return [
        card
        for card in cards
        if (card["kind"] in ("option", "combo") and (card.get("text") or card.get("bonus")))
        or card.get("special_ability")
        or card.get("support")
    ]


def spec(card: dict):
    return spec_from_schema(card, id=1)


def test_every_card_with_known_text_has_steps_or_a_stated_reason():
    missing = [
        card["number"]
        for card in effect_cards()
        if not card.get("effect") and not card.get("not_simulated_reason")
    ]
    assert missing == []


def test_at_least_90_percent_of_the_known_effects_run_as_printed():
    cards = effect_cards()
    simulated = [card["number"] for card in cards if compile_steps(spec(card))[1]]
    assert len(cards) >= 20
    assert len(simulated) / len(cards) >= 0.9, sorted({c["number"] for c in cards} - set(simulated))


def test_the_two_left_say_what_they_need():
    reasons = {entry["name"]: entry["reason"] for entry in not_simulated(map(spec, effect_cards()))}
    assert set(reasons) >= {"数码宝贝大暴走!!", "极组组合"}
    assert all(reason.startswith("needs: ") for reason in reasons.values())


def test_the_ice_combo_names_a_catalogued_digimon_not_a_type():
    cards = {card["number"]: card for card in json.loads(FIXTURE.read_text(encoding="utf-8"))}
    parts = [part["name"] for part in cards["R-059"]["components"]]
    assert parts == ["冷冻尖冰", "冰恶魔兽"] and cards["St-80"]["names"]["zh_hans"] == "冰恶魔兽"
    assert "R-045" not in cards and cards["R-058"]["bonus"] == "高速移动"
    assert all(not cards[n].get("text") for n in ("St-49", "St-50", "St-51"))
