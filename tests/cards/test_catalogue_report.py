"""manage.py catalogue_report (issue 13): the catalogue's figures, checked against counts
made here from the fixture files with plain json (and, for "simulated", the engines' own
verdict on the schema's cards), not from the database."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from django.conf import settings
from django.core.management import call_command

from engine.core.cards import spec_from_schema
from engine.digimon import effects as digimon_effects
from engine.pad import effects as pad_effects

pytestmark = pytest.mark.django_db


def fixture(name: str) -> list[dict]:
    data = json.loads((settings.BASE_DIR / "fixtures" / name).read_text("utf-8"))
    return data["cards"] if isinstance(data, dict) else data


def report(capsys, *args) -> dict:
    call_command("catalogue_report", "--json", *args)
    return json.loads(capsys.readouterr().out)


def test_cards_by_set_kind_verification_and_issues(catalogue, capsys):
    figures = report(capsys)
    for game, file in (("pad", "pad.json"), ("digimon", "digimon.json")):
        cards = fixture(file)
        by_set = Counter((card["set"], card["kind"]) for card in cards)
        assert figures[game]["cards"] == len(cards)
        assert {
            (code, kind): n
            for code, kinds in figures[game]["by_set"].items()
            for kind, n in kinds.items()
        } == dict(by_set)
        levels = Counter(card.get("verification") or "card_list" for card in cards)
        assert figures[game]["by_verification"] == dict(levels)
        assert figures[game]["data_issues"] == sum(bool(card.get("data_issues")) for card in cards)


def test_pad_effect_coverage_is_the_engines_verdict(catalogue, capsys):
    cards = fixture("pad.json")
    specs = [spec_from_schema(card, id=n) for n, card in enumerate(cards, start=1)]
    printing = [
        spec
        for spec in specs
        if spec.has_text or spec.effects or spec.effect_types - {"ultimate", "awaken"}
    ]
    unsimulated = {row["name"] for row in pad_effects.not_simulated(printing)}
    simulated = [spec for spec in printing if spec.name not in unsimulated]
    effects = report(capsys)["pad"]["effects"]
    assert (effects["cards"], effects["simulated"]) == (len(printing), len(simulated))
    assert effects["percent"] == round(100 * len(simulated) / len(printing), 1)


def test_digimon_figures(catalogue, capsys):
    cards = fixture("digimon.json")
    digimon = [card for card in cards if card["kind"] == "digimon"]
    evolving = [card for card in digimon if card["level"] != "III"]
    parts = [card for card in cards if card["kind"] in ("option", "combo")]
    with_text = [card for card in parts if card.get("text") or card.get("effect")]
    simulated = [
        card for card in with_text if digimon_effects.compile_steps(spec_from_schema(card, id=1))[1]
    ]
    figures = report(capsys)["digimon"]
    assert figures["digimon"] == {
        "cards": len(digimon),
        "lost_points_known": sum(
            any(value is not None for value in (card.get("lost_points") or {}).values())
            for card in digimon
        ),
        "above_level_iii": len(evolving),
        "requirement_known": sum(bool(card.get("evolution")) for card in evolving),
    }
    options = figures["effects"]["options_and_combos"]
    assert (options["cards"], options["simulated"]) == (len(with_text), len(simulated))
    assert figures["effects"]["options_and_combos_without_text"] == len(parts) - len(with_text)


def test_the_text_report_lists_the_not_simulated_cards_with_their_reasons(catalogue, capsys):
    call_command("catalogue_report", "--verbose")
    out = capsys.readouterr().out
    # R-030 数码宝贝大暴走!! carries its reason in the fixture.
    reason = next(c for c in fixture("digimon.json") if c["number"] == "R-030")
    assert f"    R-030 {reason['name']} — {reason['not_simulated_reason']}" in out
    assert "effects:" in out and "% )" not in out
    call_command("catalogue_report")
    assert "R-030" not in capsys.readouterr().out
