"""import_cards: each bad value is a row error, every bad row is reported, --dry-run (issue 11)."""

from __future__ import annotations

import csv
import json

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.db import transaction
from django.urls import reverse

from cards.models import Card
from cards.services import IMPORT_ERROR_CAP, CardImportError, import_cards
from tests.conftest import VALID, card_data, create_card

pytestmark = pytest.mark.django_db


def write_json(path, cards):
    path.write_text(json.dumps(cards, ensure_ascii=False), encoding="utf-8")
    return path


def import_error(*paths, **options) -> str:
    with pytest.raises(CommandError) as raised:
        call_command("import_cards", *map(str, paths), **options)
    return str(raised.value)


def numbered(template: str, index: int, **overrides) -> dict:
    """A distinct valid card: same template, its own number."""
    return card_data(template, number=f"X-{index}", **overrides)


@pytest.mark.parametrize(
    ("template", "field", "value", "bad"),
    [
        ("skill", "effect_types", ["defense"], "'defense'"),
        ("pet", "orbs", ["heart", "purple"], "'purple'"),
        ("digimon", "special_keywords", ["space"], "'space'"),
        ("skill", "effect_types", "evolve|teleport", "'teleport'"),
    ],
)
def test_an_unknown_value_in_a_list_field_is_a_row_error_naming_the_value(
    tmp_path, template, field, value, bad
):
    path = write_json(tmp_path / "cards.json", [card_data(template, **{field: value})])
    message = import_error(path)
    assert f"{path}, row 1, field {field!r}:" in message
    assert bad in message
    assert Card.objects.count() == 0


def test_an_unknown_list_value_in_a_csv_cell_is_a_row_error_with_the_csv_line(tmp_path):
    path = tmp_path / "cards.csv"
    row = {**card_data("skill"), "names": json.dumps({"en": "Rubylit"})}
    row["orbs"], row["effect_types"] = "heart|dark|wood", "activate|defense"
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=list(row))
        writer.writeheader()
        writer.writerow(row)
    message = import_error(path)
    assert f"{path}, row 2, field 'effect_types':" in message
    assert "'defense'" in message


def test_every_bad_row_of_a_file_is_reported_in_one_run(tmp_path):
    cards = [
        numbered("skill", 1),
        numbered("skill", 2, effect_types=["defense"]),
        numbered("skill", 3),
        numbered("skill", 4, cost=-1),
        numbered("pet", 5, orbs=["fire"]),
        numbered("skill", 6, game="mtg"),
    ]
    path = write_json(tmp_path / "cards.json", cards)
    message = import_error(path)
    assert "Nothing was imported" in message
    for row, field in [(2, "effect_types"), (4, "cost"), (5, "orbs"), (6, "game")]:
        assert f"{path}, row {row}, field {field!r}:" in message
    assert "row 1," not in message and "row 3," not in message
    assert Card.objects.count() == 0


def test_bad_rows_in_several_files_are_all_reported_and_none_of_the_files_is_imported(tmp_path):
    good = write_json(tmp_path / "good.json", [numbered("skill", 1)])
    bad = write_json(tmp_path / "bad.json", [numbered("skill", 2, orbs=["fire", "mud"])])
    worse = write_json(tmp_path / "worse.json", [numbered("skill", 3, cost="many")])
    message = import_error(good, bad, worse)
    assert f"{bad}, row 1, field 'orbs':" in message
    assert f"{worse}, row 1, field 'cost':" in message
    assert Card.objects.count() == 0


def test_a_file_with_many_bad_rows_lists_the_first_ones_then_says_how_many_more(tmp_path):
    extra = 7
    bad_rows = IMPORT_ERROR_CAP + extra
    cards = [numbered("skill", i, orbs=["heart", "dark", "mud"]) for i in range(bad_rows)]
    message = import_error(write_json(tmp_path / "cards.json", cards))
    assert f"{bad_rows} errors in {bad_rows} rows" in message
    assert message.count("field 'orbs'") == IMPORT_ERROR_CAP
    assert f"… and {extra} more" in message


def test_dry_run_validates_everything_says_what_would_change_and_writes_nothing(tmp_path, capsys):
    create_card("skill")
    path = write_json(
        tmp_path / "cards.json",
        [card_data("skill", text="Changed."), numbered("skill", 1), numbered("pet", 2)],
    )
    call_command("import_cards", str(path), "--dry-run")
    out = capsys.readouterr().out
    assert "2 would be created, 1 would be updated" in out
    assert "Dry run: nothing was written" in out
    assert Card.objects.count() == 1
    assert Card.objects.get().text == ""


def test_dry_run_reports_every_bad_row_too(tmp_path):
    cards = [numbered("skill", 1, effect_types=["defense"]), numbered("skill", 2, cost=-5)]
    message = import_error(write_json(tmp_path / "cards.json", cards), "--dry-run")
    assert "row 1, field 'effect_types'" in message and "row 2, field 'cost'" in message
    assert Card.objects.count() == 0


def test_a_card_with_an_unknown_list_value_fails_validation_instead_of_crashing_on_save():
    # The admin and the API save cards through full_clean: an unknown name is a field error.
    card = create_card("skill")
    card.effect_types = ["defense"]
    with pytest.raises(ValidationError) as raised:
        card.full_clean()
    assert "effect_types" in raised.value.message_dict
    assert "'defense'" in raised.value.message_dict["effect_types"][0]


def test_the_admin_form_refuses_an_unknown_list_value_with_a_message(admin_client):
    card = create_card("skill")
    url = reverse("admin:cards_skillcard_change", args=[card.pk])
    page = admin_client.get(url)
    assert page.status_code == 200
    form = page.context["adminform"].form
    data = {name: value for name, value in form.initial.items() if isinstance(value, str | int)}
    data.update({"orbs": ["heart", "dark", "wood"], "effect_types": ["defense"]})
    response = admin_client.post(url, data)
    assert response.status_code == 200
    assert "effect_types" in response.context["adminform"].form.errors
    card.refresh_from_db()
    assert card.effect_types == []


ODD_VALUES = [
    None,
    "",
    "x",
    "defense",
    -1,
    0,
    10**20,
    1.5,
    True,
    [],
    ["defense"],
    [1],
    {},
    {"a": 2},
]
SCHEMA_FIELDS = sorted(set().union(*(card_data(t) for t in VALID)) | {"types", "effect_types"})


@pytest.mark.parametrize("template", sorted(VALID))
def test_any_odd_value_in_any_field_is_imported_or_is_a_row_error_never_a_crash(template):
    for field in SCHEMA_FIELDS:
        for value in ODD_VALUES:
            data = card_data(template, **{field: value})
            try:
                with transaction.atomic():
                    import_cards([(1, data)], source="odd.json")
                    transaction.set_rollback(True)
            except CardImportError as error:
                assert all(str(e).startswith("odd.json, row 1, field ") for e in error.errors)
