"""import_cards on large and hostile files (issue 24): deep JSON is a clear error, files are
read as a stream, and a dry run says exactly what the import would do, writing nothing."""

from __future__ import annotations

import csv
import io
import json
import tracemalloc

import pytest
from django.core.management import CommandError, call_command, execute_from_command_line
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from cards.files import MAX_JSON_DEPTH, CardFile, write_cards_json
from cards.models import AttackRow, Card, CardSet, ComboComponent, DigimonAttack
from cards.services import IMPORT_BATCH, CardImporter, CardImportError
from tests.conftest import card_data, create_card

pytestmark = pytest.mark.django_db

DEEP = 100_000


def write_json(path, cards, *, indent=None):
    path.write_text(json.dumps(cards, ensure_ascii=False, indent=indent), encoding="utf-8")
    return path


def write_jsonl(path, cards, *, blank_lines=False):
    lines = [json.dumps(card, ensure_ascii=False) for card in cards]
    separator = "\n\n" if blank_lines else "\n"
    path.write_text(separator.join(lines) + "\n", encoding="utf-8")
    return path


def write_csv(path, cards):
    """CSV as the README describes it: nested fields as JSON in their cell."""
    columns = sorted({key for card in cards for key in card})
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.DictWriter(handle, fieldnames=columns)
        writer.writeheader()
        for card in cards:
            writer.writerow(
                {
                    key: json.dumps(value, ensure_ascii=False)
                    if isinstance(value, dict | list)
                    else value
                    for key, value in card.items()
                }
            )
    return path


def numbered(template: str, index: int, **overrides) -> dict:
    return card_data(template, number=f"X-{index}", **overrides)


def catalogue_state() -> tuple:
    """Everything an import can write, history included."""
    return (
        list(Card.objects.order_by("pk").values()),
        list(CardSet.objects.order_by("pk").values()),
        list(AttackRow.objects.order_by("pk").values()),
        list(DigimonAttack.objects.order_by("pk").values()),
        list(ComboComponent.objects.order_by("pk").values()),
        Card.history.count(),
    )


def run_command(*paths, dry_run: bool) -> tuple[str, str]:
    """("ok", what it printed) or ("error", its message), the dry run's words made the
    import's so that the two can be compared."""
    out = io.StringIO()
    options = ["--dry-run"] if dry_run else []
    try:
        call_command("import_cards", *map(str, paths), *options, "--quiet-progress", stdout=out)
    except CommandError as error:
        return "error", str(error)
    text = out.getvalue().replace("Dry run: nothing was written.\n", "")
    text = text.replace(" would be created", " created")
    return "ok", text.replace(" would be updated", " updated")


def run_importer(*paths, dry_run: bool) -> tuple[list, tuple | None]:
    """Each file's summary (with `unchanged`) and the error, in a transaction rolled back."""
    with transaction.atomic():
        importer = CardImporter(dry_run=dry_run)
        summaries = [importer.add_file(CardFile(p), source=str(p)) for p in paths]
        try:
            importer.finish()
            failure = None
        except CardImportError as error:
            failure = ([str(e) for e in error.errors], error.more, error.bad_rows)
        transaction.set_rollback(True)
    return summaries, failure


def assert_dry_run_is_the_import(*paths) -> tuple:
    """The dry run reports what the import does, and writes nothing; returns the outcome."""
    before = catalogue_state()
    dry_summaries, dry_failure = run_importer(*paths, dry_run=True)
    dry = run_command(*paths, dry_run=True)
    assert catalogue_state() == before
    real_summaries, real_failure = run_importer(*paths, dry_run=False)
    assert catalogue_state() == before  # rolled back
    assert dry_summaries == real_summaries
    assert dry_failure == real_failure
    real = run_command(*paths, dry_run=False)
    assert dry == real
    if real[0] == "error":
        assert catalogue_state() == before
    return real, real_summaries, real_failure


@pytest.fixture
def catalogue():
    """One catalogued card of every kind."""
    for template in ("pet", "skill", "digimon", "option", "combo"):
        create_card(template)


# --- (a) Deeply nested JSON: a clear error, no traceback, nothing imported ----------------


def deep_files(tmp_path):
    good = card_data("skill")
    opened, closed = "[" * DEEP, "[" * DEEP + "]" * DEEP
    yield "list, unclosed", tmp_path / "a.json", json.dumps([good])[:-1] + ", " + opened
    yield "list, closed", tmp_path / "b.json", json.dumps([good])[:-1] + ", " + closed + "]"
    yield "first line", tmp_path / "c.json", closed
    yield "one card", tmp_path / "d.json", '[{"effect": ' + closed + "}]"
    yield "cards object", tmp_path / "e.json", '{"cards": [' + json.dumps(good) + ", " + closed
    yield "other key", tmp_path / "f.json", '{"notes": ' + closed + ', "cards": []}'
    yield "objects", tmp_path / "g.json", '[{"a": ' * DEEP
    lines = json.dumps(good) + "\n" + closed + "\n"
    yield "json lines", tmp_path / "h.jsonl", lines
    yield "json lines, unclosed", tmp_path / "i.jsonl", json.dumps(good) + "\n" + opened + "\n"
    yield "json lines, in a card", tmp_path / "j.jsonl", '{"effect": ' + closed + "}\n"


@pytest.mark.parametrize("case", range(10))
def test_deeply_nested_json_is_a_clear_error_and_nothing_is_imported(tmp_path, case):
    name, path, text = list(deep_files(tmp_path))[case]
    path.write_text(text, encoding="utf-8")
    good = write_json(tmp_path / "good.json", [numbered("pet", 1)])
    for dry_run in (False, True):
        outcome, message = run_command(good, path, dry_run=dry_run)
        assert outcome == "error", name
        assert f"nested deeper than {MAX_JSON_DEPTH} levels is refused" in message, name
        assert str(path) in message
        assert not Card.objects.exists()


def test_json_text_in_a_csv_cell_or_a_json_string_is_held_to_the_same_depth(tmp_path):
    # The schema decodes a text value that looks like JSON (a CSV cell always is text).
    deep = "[" * DEEP  # closed, it would be past csv's field size limit: not valid CSV
    paths = [
        write_csv(tmp_path / "cell.csv", [numbered("skill", 1), numbered("skill", 2, effect=deep)]),
        write_json(tmp_path / "text.json", [numbered("skill", 1, effect=deep)]),
        write_jsonl(tmp_path / "text.jsonl", [numbered("skill", 1, orbs="{" * DEEP)]),
    ]
    places = ["line 3, field 'effect'", "row 1, field 'effect'", "line 1, field 'orbs'"]
    for path, place in zip(paths, places, strict=True):
        for dry_run in (False, True):
            outcome, message = run_command(path, dry_run=dry_run)
            assert outcome == "error"
            assert f"{path}, {place}: JSON nested deeper than {MAX_JSON_DEPTH}" in message
    assert not Card.objects.exists()


def test_the_command_line_prints_the_error_and_no_traceback(tmp_path, capsys):
    path = tmp_path / "deep.json"
    path.write_text("[" * DEEP + "]" * DEEP, encoding="utf-8")
    with pytest.raises(SystemExit) as exited:
        execute_from_command_line(["manage.py", "import_cards", str(path)])
    assert exited.value.code == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and "RecursionError" not in err
    assert f"CommandError: {path}, line 1: JSON nested deeper than {MAX_JSON_DEPTH}" in err


def test_json_as_deep_as_the_limit_is_read_and_the_row_judged(tmp_path):
    # A list of cards, a card, then an effect nested to the limit exactly.
    inner = MAX_JSON_DEPTH - 2
    text = '[{"game": "pad", "effect": ' + "[" * inner + "]" * inner + "}]"
    for name in ("limit.json", "limit.jsonl"):
        path = tmp_path / name
        path.write_text(text if name.endswith(".json") else text[1:-1] + "\n", encoding="utf-8")
        outcome, message = run_command(path, dry_run=True)
        assert "nested deeper" not in message
        assert f"{path}, row 1, field" in message  # a row error: the file was read


# --- (b) Files are read as a stream -------------------------------------------------------


def big_file_variants(tmp_path, cards):
    yield write_json(tmp_path / "lines.json", cards, indent=None)
    one_per_line = tmp_path / "export.json"
    with one_per_line.open("w", encoding="utf-8") as out:
        write_cards_json(out, cards)
    yield one_per_line
    yield write_json(tmp_path / "pretty.json", {"cards": cards}, indent=2)
    yield write_jsonl(tmp_path / "cards.jsonl", cards)
    yield write_csv(tmp_path / "cards.csv", cards)


def peak_memory(read) -> tuple:
    tracemalloc.start()
    try:
        result = read()
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_card_files_are_read_one_card_at_a_time(tmp_path):
    # 1,000 cards: the whole file takes 4.4 MB once parsed, a card-by-card read of any
    # layout at most 125 KB (35 times less; 90 at 3,000 cards, for three times the time)
    cards = [numbered("pet", i, text="x" * 200) for i in range(1000)]
    whole_file = write_json(tmp_path / "whole.json", cards)
    _, whole = peak_memory(lambda: json.loads(whole_file.read_text(encoding="utf-8")))
    for path in big_file_variants(tmp_path, cards):

        def read(path=path):
            card_file = CardFile(path)
            return len(card_file), sum(1 for _ in card_file)

        counts, peak = peak_memory(read)
        assert counts == (1000, 1000), path
        assert peak < whole / 10, (path.name, whole, peak)


def test_every_layout_gives_the_same_rows(tmp_path):
    cards = [numbered("digimon", i) for i in range(1, 40)] + [numbered("pet", 99)]
    expected = list(enumerate(cards, start=1))
    for path in list(big_file_variants(tmp_path, cards))[:3]:
        assert list(CardFile(path)) == expected, path.name


def test_a_dry_run_of_catalogued_cards_reads_them_in_batches_and_writes_nothing(tmp_path):
    cards = [numbered("skill", i) for i in range(IMPORT_BATCH + 100)]
    call_command("import_cards", str(write_json(tmp_path / "a.json", cards)), "--quiet-progress")
    changed = [{**card, "text": "Changed."} for card in cards]
    path = write_json(tmp_path / "b.json", changed)
    with CaptureQueriesContext(connection) as queries:
        call_command("import_cards", str(path), "--dry-run", stdout=io.StringIO())
    statements = [query["sql"].split()[0].upper() for query in queries]
    assert set(statements) <= {"SELECT", "SAVEPOINT", "RELEASE", "ROLLBACK", "BEGIN"}, statements
    assert len(queries) < 30  # a few per batch of IMPORT_BATCH rows, not one per row


# --- (c) A dry run says exactly what the import would do ----------------------------------


def mixed_rows() -> list:
    """Updates, unchanged cards, new cards, repeats and bad rows of every sort."""
    return [
        card_data("skill"),  # 1 catalogued, unchanged
        card_data("pet", defense=300),  # 2 catalogued, a column changes
        card_data(
            "digimon",
            attacks={
                "A": {"name": "Mega Flame", "power": 450},
                "B": {"name": "Great Antler", "power": 340},
                "C": {"name": "Guard", "power": 200, "cancels": "A"},
            },
        ),  # 3 catalogued, only an attack changes
        card_data("combo", components=[{"name": "高速组件H", "quantity": 3}]),  # 4 a part
        numbered("skill", 1),  # 5 new
        numbered("pet", 2, orbs=["fire"]),  # 6 bad: orbs (full_clean)
        numbered("skill", 1, text="Again."),  # 7 bad: repeats row 5
        card_data("skill", text="Again."),  # 8 bad: repeats row 1
        numbered("skill", 3, cost=-1),  # 9 bad: the schema refuses it
        numbered("pet", 4, attack=[{"attack": 100, "bonus": 0}] * 5),  # 10 bad: attack table
        "not a card",  # 11 bad: not an object
        card_data("option", set_name="Starter"),  # 12 catalogued, unchanged (set name only)
        numbered("digimon", 5, set="NEW"),  # 13 new, in a new set
        numbered("digimon", 6, level="V", orbs=["x"]),  # 14 bad, two fields
        card_data("pet", number="B01-021", set="B01", cost=-3),  # 15 repeats row 2, and bad
    ]


GOOD_ROWS = [1, 2, 3, 4, 5, 12, 13]


def test_with_bad_rows_the_dry_run_reports_the_errors_the_import_reports(tmp_path, catalogue):
    path = write_json(tmp_path / "mixed.json", mixed_rows(), indent=1)
    (outcome, message), summaries, failure = assert_dry_run_is_the_import(path)
    assert outcome == "error"
    assert "Nothing was imported" in message
    bad_rows = {int(line.split(", row ")[1].split(",")[0]) for line in failure[0]}
    assert bad_rows == {6, 7, 8, 9, 10, 11, 14, 15}
    assert f"{path}, row 7, field 'number': repeats the card of row 5." in message
    assert f"{path}, row 8, field 'number': repeats the card of row 1." in message


def test_without_bad_rows_the_dry_run_counts_what_the_import_writes(tmp_path, catalogue):
    rows = mixed_rows()
    path = write_json(tmp_path / "good.json", [rows[i - 1] for i in GOOD_ROWS])
    (outcome, printed), summaries, failure = assert_dry_run_is_the_import(path)
    assert (outcome, failure) == ("ok", None)
    assert printed == f"{path}: 2 created, 5 updated.\n"
    summary = summaries[0]
    assert (summary.created, summary.updated, summary.unchanged) == (2, 5, 2)
    assert Card.objects.count() == 7  # the real import ran last
    assert Card.objects.get(number="B01-021").defense == 300


@pytest.mark.parametrize("layout", ["csv", "jsonl"])
def test_csv_and_json_lines_keep_their_line_numbers_in_both(tmp_path, catalogue, layout):
    rows = [row for row in mixed_rows() if isinstance(row, dict)]  # 14 rows
    rows[0] = {**rows[0], "text": "Two\nlines."}  # in CSV, a quoted cell over two lines
    if layout == "csv":
        path = write_csv(tmp_path / "mixed.csv", rows)
        # A header, then row 1 over two lines: a CSV row is numbered by the line it ends on.
        line = {k: k + 2 for k in range(1, 15)}
    else:
        path = write_jsonl(tmp_path / "mixed.jsonl", rows, blank_lines=True)
        line = {k: 2 * k - 1 for k in range(1, 15)}  # a blank line after each
    (outcome, message), _, failure = assert_dry_run_is_the_import(path)
    assert outcome == "error"
    assert f"{path}, row {line[6]}, field 'orbs'" in message
    assert f"{path}, row {line[7]}, field 'number': repeats the card of row {line[5]}." in message
    assert f"{path}, row {line[8]}, field 'number': repeats the card of row {line[1]}." in message
    assert f"{path}, row {line[13]}, field 'level'" in message
    assert len(failure[0]) >= 7


def test_several_files_a_card_of_an_earlier_file_is_updated_or_unchanged_alike(tmp_path, catalogue):
    effect = [{"trigger": "play", "action": "draw", "amount": 1}]
    first = write_json(
        tmp_path / "first.json",
        [
            numbered("skill", 1),
            numbered("skill", 2),
            numbered("skill", 3, effect=effect),
            card_data("pet", defense=300),
        ],
    )
    second = write_json(
        tmp_path / "second.json",
        [
            numbered("skill", 1),  # created by the first file, unchanged
            numbered("skill", 2, text="Changed."),  # created by the first file, updated
            numbered("skill", 3, effect=[dict(reversed(step.items())) for step in effect]),
            card_data("pet", defense=300),  # updated by the first file, unchanged
            numbered("skill", 4),  # new
        ],
    )
    (outcome, printed), summaries, failure = assert_dry_run_is_the_import(first, second)
    assert (outcome, failure) == ("ok", None)
    counts = [(s.created, s.updated, s.unchanged) for s in summaries]
    assert counts == [(3, 1, 0), (1, 4, 3)]
    assert printed == f"{first}: 3 created, 1 updated.\n{second}: 1 created, 4 updated.\n"


def test_several_files_with_bad_rows_in_each_report_the_same(tmp_path, catalogue):
    first = write_json(tmp_path / "first.json", [numbered("skill", 1), numbered("pet", 2, cost=-1)])
    second = write_jsonl(
        tmp_path / "second.jsonl",
        [numbered("skill", 1, orbs=["mud"]), numbered("skill", 1), card_data("skill")],
    )
    (outcome, message), _, failure = assert_dry_run_is_the_import(first, second)
    assert outcome == "error"
    assert f"{first}, row 2, field 'cost'" in message
    assert f"{second}, row 1, field 'orbs'" in message
    assert f"{second}, row 2, field 'number': repeats the card of row 1." in message


# --- (d) Atomic, however large ------------------------------------------------------------


def test_a_bad_row_in_the_last_batch_of_a_large_file_writes_nothing(tmp_path, catalogue):
    rows = [numbered("skill", i) for i in range(2 * IMPORT_BATCH + 1)]
    rows.append(numbered("skill", 0, text="Again."))  # repeats row 1, in the third batch
    path = write_json(tmp_path / "large.json", rows)
    (outcome, message), summaries, _ = assert_dry_run_is_the_import(path)
    assert outcome == "error"
    assert message.endswith(f"{path}, row {len(rows)}, field 'number': repeats the card of row 1.")
    assert summaries[0].created == len(rows) - 1
    assert Card.objects.count() == 5


def test_a_file_that_breaks_during_the_import_writes_nothing(tmp_path, catalogue, monkeypatch):
    from cards.management.commands import import_cards as command

    good = write_json(tmp_path / "good.json", [numbered("skill", 1), card_data("pet", cost=2)])
    later = write_json(tmp_path / "later.json", [numbered("skill", 2)])

    class ChangedOnDisk(CardFile):
        def __init__(self, path):
            super().__init__(path)
            if path == later:  # read through fine, then changed before it is read again
                path.write_text('[{"game": "pad"', encoding="utf-8")

    monkeypatch.setattr(command, "CardFile", ChangedOnDisk)
    before = catalogue_state()
    outcome, message = run_command(good, later, dry_run=False)
    assert outcome == "error"
    assert message.startswith(f"Nothing was imported: {later}: not valid JSON at line 1")
    assert catalogue_state() == before


def test_unreadable_or_broken_files_are_errors_naming_the_line(tmp_path):
    cases = {
        "broken.json": ('[\n{"game": "pad"},\n{"game": "pad" "kind": 1}\n]', "line 3"),
        "trailing.json": ('[{"game": "pad"}]\n[]', "line 2"),
        "empty.json": ("", "line 1"),
        "huge.json": ('[\n{"cost": 123456789012345678901234567890}]', "line 2"),
        "notalist.json": ('{"cards": {}}', "expected a list of cards"),
        "broken.jsonl": ('{"game": "pad"}\n\n{"game": \n', "line 3"),
    }
    for name, (text, expected) in cases.items():
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        outcome, message = run_command(path, dry_run=True)
        assert outcome == "error", name
        assert str(path) in message and expected in message, (name, message)
    path = tmp_path / "bytes.json"
    path.write_bytes(b'[{"game": "\xff"}]')
    assert "not valid JSON at line 1" in run_command(path, dry_run=True)[1]
    path = tmp_path / "bytes.csv"
    path.write_bytes(b"game,kind\npad,\xff\n")
    assert "cannot be read" in run_command(path, dry_run=True)[1]
    path = tmp_path / "wide.csv"
    path.write_text("game,text\npad," + "x" * 200_000 + "\n", encoding="utf-8")
    assert f"{path}, line 2: not valid CSV" in run_command(path, dry_run=True)[1]
    assert not Card.objects.exists()


def test_a_byte_order_mark_is_skipped(tmp_path):
    path = tmp_path / "bom.json"
    path.write_text("\ufeff" + json.dumps([numbered("skill", 1)]), encoding="utf-8")
    assert run_command(path, dry_run=False) == ("ok", f"{path}: 1 created, 0 updated.\n")
