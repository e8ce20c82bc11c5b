from __future__ import annotations

from pathlib import Path

from cards.conversion.digimon import CardListError, convert_catalogue
from cards.management.conversion_command import ConversionCommand


class Command(ConversionCommand):
    help = (
        "Convert the Digimon starter card list (digimon-starter-cards.json) into the card "
        "schema, with the curated facts and RULES cards of "
        "fixtures/curated/digimon_overrides.json winning, and write "
        "fixtures/digimon.json. --check writes nothing and fails if the committed fixture "
        "differs from what the conversion gives."
    )
    command_name = "convert_digimon_list"
    list_name = "The Digimon starter card list"
    default_out = Path("fixtures") / "digimon.json"
    default_overrides = Path("fixtures") / "curated" / "digimon_overrides.json"
    list_error = CardListError

    def convert(self, card_list, overrides):
        return convert_catalogue(card_list, overrides)
