from __future__ import annotations

import difflib
import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from cards.conversion.digimon import CardListError, convert_catalogue

DEFAULT_OUT = Path("fixtures") / "digimon.json"
DEFAULT_OVERRIDES = Path("fixtures") / "curated" / "digimon_overrides.json"


def _read_json(path: Path, what: str):
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CommandError(f"{what} {path} cannot be read ({error}).") from None


def fixture_text(cards: list[dict]) -> str:
    """The fixture file exactly as it is committed (two-space JSON, one final newline)."""
    return json.dumps(cards, ensure_ascii=False, indent=2) + "\n"


def converted_fixture(fan_list_path: Path, overrides_path: Path) -> str:
    fan_list = _read_json(fan_list_path, "The Digimon starter card list")
    overrides = _read_json(overrides_path, "The curated overlay")
    try:
        return fixture_text(convert_catalogue(fan_list, overrides))
    except CardListError as error:
        raise CommandError(f"{fan_list_path}: {error}.") from None


class Command(BaseCommand):
    help = (
        "Convert the Digimon starter card list (digimon-starter-cards.json) into the card "
        "schema, with the curated facts and RULES cards of "
        "fixtures/curated/digimon_overrides.json winning, and write "
        "fixtures/digimon.json. --check writes nothing and fails if the committed fixture "
        "differs from what the conversion gives."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", type=Path, help="The starter card list (JSON).")
        parser.add_argument(
            "--out", type=Path, default=None, help="The fixture to write (fixtures/digimon.json)."
        )
        parser.add_argument(
            "--overrides",
            type=Path,
            default=None,
            help="The curated overlay (fixtures/curated/digimon_overrides.json).",
        )
        parser.add_argument(
            "--check",
            action="store_true",
            help="Write nothing; exit non-zero if the fixture is not the conversion's output.",
        )

    def handle(self, *args, path: Path, out=None, overrides=None, check=False, **options):
        out = out or settings.BASE_DIR / DEFAULT_OUT
        overrides = overrides or settings.BASE_DIR / DEFAULT_OVERRIDES
        text = converted_fixture(path, overrides)
        count = len(json.loads(text))
        if check:
            current = out.read_text(encoding="utf-8") if out.exists() else ""
            if current != text:
                diff = difflib.unified_diff(
                    current.splitlines(),
                    text.splitlines(),
                    f"{out} (committed)",
                    f"{out} (converted)",
                    lineterm="",
                    n=1,
                )
                shown = list(diff)[:40]
                raise CommandError(
                    f"{out} is not the conversion's output; run "
                    f"`manage.py convert_digimon_list {path}` and commit it.\n" + "\n".join(shown)
                )
            self.stdout.write(f"{out}: up to date ({count} cards).")
            return
        out.write_text(text, encoding="utf-8")
        self.stdout.write(f"{out}: {count} cards written.")
