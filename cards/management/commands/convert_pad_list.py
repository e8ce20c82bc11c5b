from __future__ import annotations

from pathlib import Path

from cards.conversion.pad import FanListError, convert_catalogue
from cards.management.conversion_command import ConversionCommand


class Command(ConversionCommand):
    help = (
        "Convert the PAD fan card list (pad-tcg-cardlist.json) into the card schema, with the "
        "curated facts of fixtures/curated/pad_overrides.json winning, and write "
        "fixtures/pad.json. --check writes nothing and fails if the committed fixture "
        "differs from what the conversion gives."
    )
    command_name = "convert_pad_list"
    list_name = "The fan card list"
    default_out = Path("fixtures") / "pad.json"
    default_overrides = Path("fixtures") / "curated" / "pad_overrides.json"
    list_error = FanListError

    def convert(self, card_list, overrides):
        return convert_catalogue(card_list, overrides.get("cards", {}))
