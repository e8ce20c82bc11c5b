"""The shared shape of the commands that convert a public card list into a committed
fixture (`convert_pad_list`, `convert_digimon_list`, issue 13): read the list and the
curated overlay, convert, then write the fixture or, with `--check`, prove the committed
fixture is exactly the conversion's output."""

from __future__ import annotations

import difflib
import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError


def read_json(path: Path, what: str):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CommandError(f"{what} {path} cannot be read ({error}).") from None


def fixture_text(cards: list[dict]) -> str:
    """The fixture file exactly as it is committed (two-space JSON, one final newline)."""
    return json.dumps(cards, ensure_ascii=False, indent=2) + "\n"


class ConversionCommand(BaseCommand):
    """Subclasses name the list, the fixture, the overlay and the conversion."""

    command_name: str
    list_name: str  # e.g. "The fan card list"
    default_out: Path
    default_overrides: Path
    list_error: type[Exception]

    def convert(self, card_list, overrides) -> list[dict]:
        raise NotImplementedError

    def add_arguments(self, parser):
        parser.add_argument("path", type=Path, help=f"{self.list_name} (JSON).")
        parser.add_argument(
            "--out", type=Path, default=None, help=f"The fixture to write ({self.default_out})."
        )
        parser.add_argument(
            "--overrides",
            type=Path,
            default=None,
            help=f"The curated overlay ({self.default_overrides}).",
        )
        parser.add_argument(
            "--check",
            action="store_true",
            help="Write nothing; exit non-zero if the fixture is not the conversion's output.",
        )

    def converted_fixture(self, list_path: Path, overrides_path: Path) -> str:
        card_list = read_json(list_path, self.list_name)
        overrides = read_json(overrides_path, "The curated overlay")
        try:
            return fixture_text(self.convert(card_list, overrides))
        except self.list_error as error:
            raise CommandError(f"{list_path}: {error}.") from None

    def handle(self, *args, path: Path, out=None, overrides=None, check=False, **options):
        out = out or settings.BASE_DIR / self.default_out
        overrides = overrides or settings.BASE_DIR / self.default_overrides
        text = self.converted_fixture(path, overrides)
        count = len(json.loads(text))
        if check:
            self._check(out, text, path)
            self.stdout.write(f"{out}: up to date ({count} cards).")
            return
        out.write_text(text, encoding="utf-8")
        self.stdout.write(f"{out}: {count} cards written.")

    def _check(self, out: Path, text: str, path: Path) -> None:
        current = out.read_text(encoding="utf-8") if out.exists() else ""
        if current == text:
            return
        diff = difflib.unified_diff(
            current.splitlines(),
            text.splitlines(),
            f"{out} (committed)",
            f"{out} (converted)",
            lineterm="",
            n=1,
        )
        raise CommandError(
            f"{out} is not the conversion's output; run "
            f"`manage.py {self.command_name} {path}` and commit it.\n" + "\n".join(list(diff)[:40])
        )
