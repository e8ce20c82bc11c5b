"""import_cards / export_cards: one schema, atomic imports, exact round trips (issue 2)."""

from __future__ import annotations

import csv
import json

import pytest
from django.core.management import CommandError, call_command

from cards.models import Card
from tests.conftest import card_data

pytestmark = pytest.mark.django_db


def write_json(path, cards):
    path.write_text(json.dumps(cards, ensure_ascii=False), encoding="utf-8")
    return path


def test_reimport_updates_cards_matched_by_game_set_and_number(tmp_path):
    call_command("import_cards", str(write_json(tmp_path / "a.json", [card_data("pet")])))
    changed = card_data("pet", defense=300, text="Updated.")
    call_command("import_cards", str(write_json(tmp_path / "b.json", [changed])))
    card = Card.objects.get()
    assert (card.defense, card.text) == (300, "Updated.")


def test_a_bad_row_aborts_the_whole_import_and_names_file_row_and_field(tmp_path):
    good = card_data("skill")
    bad = card_data("pet", orbs=["fire", "water", "wood", "light"])
    path = write_json(tmp_path / "cards.json", [good, bad])
    with pytest.raises(CommandError) as raised:
        call_command("import_cards", str(path))
    message = str(raised.value)
    assert "Nothing was imported" in message
    assert f"{path}, row 2, field 'orbs'" in message
    assert "2 or 3 distinct orb colours" in message
    assert Card.objects.count() == 0


def test_a_bad_row_leaves_existing_cards_unchanged(tmp_path):
    call_command("import_cards", str(write_json(tmp_path / "a.json", [card_data("pet")])))
    update = card_data("pet", defense=900)
    broken = card_data("digimon", level="V")
    with pytest.raises(CommandError, match="row 2, field 'level'"):
        call_command("import_cards", str(write_json(tmp_path / "b.json", [update, broken])))
    assert Card.objects.get().defense == 200


@pytest.mark.parametrize(
    ("change", "field", "reason"),
    [
        ({"attack": [{"attack": 100, "bonus": 0}] * 5}, "attack", "exactly 6 rows"),
        ({"cost": -1}, "cost", "cannot be negative"),
        ({"game": "mtg"}, "game", "must be pad or digimon"),
        ({"kind": "digimon"}, "kind", "a pad card is one of pet, skill"),
        ({"names": {}, "name": ""}, "names", "at least one language"),
        ({"colour": "red"}, "colour", "is not a field of the card schema"),
        ({"types": ["god", "dragon", "devil"]}, "types", "one or two type icons"),
        ({"attribute": "heart"}, "attribute", "not a valid choice"),
    ],
)
def test_each_bad_field_is_reported_by_name(tmp_path, change, field, reason):
    path = write_json(tmp_path / "bad.json", [card_data("pet", **change)])
    with pytest.raises(CommandError) as raised:
        call_command("import_cards", str(path))
    assert f"field {field!r}" in str(raised.value)
    assert reason in str(raised.value)


def test_the_same_card_twice_in_one_file_is_an_error(tmp_path):
    path = write_json(tmp_path / "twice.json", [card_data("pet"), card_data("pet")])
    with pytest.raises(CommandError, match="row 2, field 'number': repeats the card of row 1"):
        call_command("import_cards", str(path))


def test_invalid_json_is_reported_with_its_line(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('[\n{"game": "pad",\n', encoding="utf-8")
    with pytest.raises(CommandError, match="not valid JSON at line 3"):
        call_command("import_cards", str(path))


def test_csv_import_reads_every_kind(tmp_path):
    path = tmp_path / "cards.csv"
    columns = [
        "game",
        "kind",
        "set",
        "number",
        "names",
        "attribute",
        "cost",
        "defense",
        "types",
        "stage",
        "attack",
        "orbs",
        "level",
        "battle_type",
        "attacks",
        "lost_points",
        "option_type",
        "components",
    ]
    rows = [
        {
            "game": "pad",
            "kind": "pet",
            "set": "B01",
            "number": "B01-100",
            "names": '{"ja": "龍王・ゼローグ"}',
            "attribute": "dark",
            "cost": "3",
            "defense": "500",
            "types": "dragon",
            "stage": "evo2",
            "attack": "100/200/400/600/800+1/1000+1",
            "orbs": "water|light|dark",
        },
        {
            "game": "digimon",
            "kind": "digimon",
            "set": "St",
            "number": "St-1",
            "names": '{"ja": "アグモン", "en": "Agumon"}',
            "level": "III",
            "battle_type": "A",
            "attacks": '{"A": {"name": "Baby Flame", "power": 360}}',
            "lost_points": '{"III": 10, "IV": 10, "perfect": 10, "ultimate": 10}',
        },
        {
            "game": "digimon",
            "kind": "option",
            "set": "St",
            "number": "St-51",
            "names": '{"zh_hans": "高速组件B"}',
            "option_type": "item",
        },
        {
            "game": "digimon",
            "kind": "combo",
            "set": "RULES",
            "number": "R-1",
            "names": '{"zh_hans": "空袭战术"}',
            "components": '["高速组件B", "白色羽毛"]',
        },
    ]
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, columns)
        writer.writeheader()
        writer.writerows(rows)
    # An evolved pet whose base is not catalogued is kept, its link simply left empty.
    rows[0]["evolves_from"] = "ヘビーメタルドラゴン"
    with path.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, [*columns, "evolves_from"])
        writer.writeheader()
        writer.writerows(rows)
    call_command("import_cards", str(path), verbosity=0)
    zaerog = Card.objects.get(number="B01-100")
    assert [(r.attack, r.bonus) for r in zaerog.attack_rows.all()][-1] == (1000, 1)
    assert zaerog.evolves_from is None
    assert Card.objects.get(number="St-1").attacks.get().power == 360
    part = Card.objects.get(kind="combo").components.first()
    assert part.card.number == "St-51"


def test_csv_errors_name_the_line_of_the_file(tmp_path):
    path = tmp_path / "cards.csv"
    path.write_text(
        "game,kind,set,number,names,orbs\n"
        'pad,skill,B01,B01-104,"{""en"": ""Rubylit""}",heart|dark|wood\n'
        'pad,skill,B01,B01-105,"{""en"": ""X""}",heart\n',
        encoding="utf-8",
    )
    with pytest.raises(CommandError, match="row 3, field 'orbs'"):
        call_command("import_cards", str(path))
    assert not Card.objects.exists()


def test_large_imports_show_progress(tmp_path, capsys):
    cards = [card_data("skill", number=f"B09-{i:04d}", set="B09") for i in range(600)]
    call_command("import_cards", str(write_json(tmp_path / "big.json", cards)))
    captured = capsys.readouterr()
    assert "600/600 cards (100%)" in captured.err
    assert "600 created, 0 updated" in captured.out


def test_linking_happens_whichever_order_cards_arrive(tmp_path):
    agumon = card_data(
        "digimon",
        number="St-1",
        names={"ja": "アグモン"},
        level="III",
        evolves_from=None,
        evolution=None,
    )
    call_command("import_cards", str(write_json(tmp_path / "a.json", [card_data("digimon")])))
    assert Card.objects.get(number="St-2").evolves_from is None
    call_command("import_cards", str(write_json(tmp_path / "b.json", [agumon])))
    assert Card.objects.get(number="St-2").evolves_from.number == "St-1"
