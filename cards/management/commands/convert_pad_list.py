from __future__ import annotations

from pathlib import Path

from django.conf import settings

from cards.conversion.pad import FanListError, convert_catalogue
from cards.management.conversion_command import ConversionCommand, read_json

SCANS = Path("fixtures") / "curated" / "pad_scans"


def read_scan_readings(folder: Path) -> list[dict]:
    """Every record of the folder's reading-*.json files, file by file, in name order."""
    records = []
    for path in sorted(folder.glob("reading-*.json")):
        records += read_json(path, "The scan reading").get("cards", [])
    return records


class Command(ConversionCommand):
    help = (
        "Convert the PAD fan card list (pad-tcg-cardlist.json) into the card schema, with the "
        "cards read from their scans (fixtures/curated/pad_scans/reading-*.json) then the "
        "curated facts of fixtures/curated/pad_overrides.json laid over it, and write "
        "fixtures/pad.json. --check writes nothing and fails if the committed fixture "
        "differs from what the conversion gives."
    )
    command_name = "convert_pad_list"
    list_name = "The fan card list"
    default_out = Path("fixtures") / "pad.json"
    default_overrides = Path("fixtures") / "curated" / "pad_overrides.json"
    list_error = FanListError
    scans: Path | None = None

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument(
            "--scans",
            type=Path,
            default=None,
            help=f"The folder of scan readings ({SCANS}); an empty folder reads none.",
        )

    def handle(self, *args, scans=None, **options):
        self.scans = scans or settings.BASE_DIR / SCANS
        super().handle(*args, **options)

    def convert(self, card_list, overrides):
        readings = read_scan_readings(self.scans) if self.scans else []
        return convert_catalogue(card_list, overrides.get("cards", {}), readings)
