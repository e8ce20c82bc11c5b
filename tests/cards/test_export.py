"""export_cards on the starter catalogue: the API's field names, exact round trips."""

from __future__ import annotations

import json

import pytest
from django.core.management import call_command

from cards.models import Card

pytestmark = pytest.mark.django_db


def export(tmp_path, name="export.json", *args):
    target = tmp_path / name
    call_command("export_cards", "-o", str(target), *args)
    return target


def test_export_then_import_round_trips_exactly(catalogue, tmp_path):
    first = export(tmp_path, "first.json")
    Card.objects.all().delete()
    call_command("import_cards", str(first), verbosity=0)
    second = export(tmp_path, "second.json")
    assert second.read_text(encoding="utf-8") == first.read_text(encoding="utf-8")


def test_export_uses_the_api_field_names(catalogue, tmp_path):
    cards = {card["number"]: card for card in json.loads(export(tmp_path).read_text())}
    zaerog, greymon = cards["B01-100"], cards["St-2"]
    assert zaerog["attack"][4] == {"attack": 800, "bonus": 1}
    assert zaerog["evolves_from"] == "ヘビーメタルドラゴン"
    assert set(zaerog["orbs"]) == {"water", "light", "dark"}
    assert greymon["attacks"]["C"]["cancels"] == "A"
    assert greymon["lost_points"] == {"III": 20, "IV": 10, "perfect": 10, "ultimate": 10}


def test_export_keeps_a_plug_ins_printed_bonus(catalogue, tmp_path):
    # St-49 攻撃プラグインＡ prints "30" (the starter list's printed_bonus); no effect text.
    plug_in = {card["number"]: card for card in json.loads(export(tmp_path).read_text())}["St-49"]
    assert plug_in["bonus"] == "30"
    assert plug_in.get("text") in (None, "")


def test_export_can_be_limited_to_one_game(catalogue, tmp_path):
    cards = json.loads(export(tmp_path, "pad.json", "--game", "pad").read_text())
    assert cards and {card["game"] for card in cards} == {"pad"}
