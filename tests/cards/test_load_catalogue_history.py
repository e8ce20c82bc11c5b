"""Reloading the catalogue writes only what changed (issue 13): an unchanged card is not
saved, so it gets no new history row — a reload stays fast and the history says only what
really happened."""

from __future__ import annotations

import json
import shutil

import pytest
from django.conf import settings
from django.core.management import call_command

from cards.models import Card

pytestmark = pytest.mark.django_db

History = Card.history.model


def snapshot() -> dict:
    return {
        card.pk: (card.updated_at, card.text, card.search_text, card.effect)
        for card in Card.objects.all()
    }


def test_a_second_load_writes_no_history_and_changes_nothing(catalogue, capsys):
    rows, cards = History.objects.count(), snapshot()
    call_command("load_catalogue", reference_decks=False)
    assert History.objects.count() == rows
    assert snapshot() == cards
    out = capsys.readouterr().out
    pad = json.loads((settings.BASE_DIR / "fixtures" / "pad.json").read_text("utf-8"))
    assert f"pad.json: 0 created, 0 updated, {len(pad)} unchanged." in out


def test_a_changed_fixture_value_writes_exactly_one_history_row(catalogue, settings, tmp_path):
    fixtures = tmp_path / "fixtures"
    fixtures.mkdir()
    shutil.copy(settings.BASE_DIR / "fixtures" / "digimon.json", fixtures / "digimon.json")
    pad = json.loads((settings.BASE_DIR / "fixtures" / "pad.json").read_text("utf-8"))
    changed = next(card for card in pad if card["number"] == "B01-002")
    changed["text"] = "Synthetic text for this test."
    (fixtures / "pad.json").write_text(json.dumps(pad, ensure_ascii=False), "utf-8")
    settings.BASE_DIR = tmp_path
    rows = History.objects.count()

    call_command("load_catalogue", reference_decks=False, verbosity=0)

    assert History.objects.count() == rows + 1
    latest = History.objects.latest("history_id")
    assert (latest.number, latest.text) == ("B01-002", "Synthetic text for this test.")
    assert Card.objects.get(number="B01-002").text == "Synthetic text for this test."


def test_a_changed_attack_row_alone_is_written(catalogue, settings, tmp_path):
    fixtures = tmp_path / "fixtures"
    fixtures.mkdir()
    shutil.copy(settings.BASE_DIR / "fixtures" / "digimon.json", fixtures / "digimon.json")
    pad = json.loads((settings.BASE_DIR / "fixtures" / "pad.json").read_text("utf-8"))
    changed = next(card for card in pad if card["number"] == "B01-002")
    changed["attack"][5] = {"attack": changed["attack"][5]["attack"] + 100, "bonus": 0}
    (fixtures / "pad.json").write_text(json.dumps(pad, ensure_ascii=False), "utf-8")
    settings.BASE_DIR = tmp_path
    rows = History.objects.count()

    call_command("load_catalogue", reference_decks=False, verbosity=0)

    assert History.objects.count() == rows + 1
    card = Card.objects.get(number="B01-002")
    assert card.attack_rows.get(combos=6).attack == changed["attack"][5]["attack"]
