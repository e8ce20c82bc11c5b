"""The PAD evolution checks of cards.conversion.pad_chain on the catalogued cards (issue 26).

After every import (`CardImporter.finish`) each PAD pet's data issues are brought in line
with what the checks find, whatever file the card came from: a contradiction becomes a
data issue, one the data no longer shows is dropped. The converted fixture already holds the
same issues, so loading it writes nothing more. `catalogue_report` counts what the checks
find on the catalogue as it is.
"""

from __future__ import annotations

from cards import vocabulary as v
from cards.conversion.pad_chain import chain_issues, is_check_issue
from cards.models import Card
from cards.search.text import fold

_NAME_FIELDS = tuple(f"name_{lang}" for lang in v.NAME_LANGUAGES)
_FIELDS = ("number", "kind", "stage", "name", "evolves_from_name", "ultimate_requirement")


def _as_schema(card: Card) -> dict:
    return {
        "number": card.number,
        "kind": card.kind,
        "stage": card.stage or None,
        "name": card.name,
        "names": card.names,
        "evolves_from": card.evolves_from_name or None,
        "ultimate_requirement": card.ultimate_requirement or None,
    }


def pad_chain_findings(pets: list[Card] | None = None) -> dict[int, list[dict]]:
    """{catalogued PAD pet's id: the contradictions its evolution data shows}."""
    if pets is None:
        pets = list(Card.objects.filter(game=v.PAD, kind=v.PET).only(*_FIELDS, *_NAME_FIELDS))
    found = chain_issues([_as_schema(card) for card in pets], fold)
    return {card.pk: found[card.number] for card in pets if card.number in found}


def flag_pad_chains() -> int:
    """Write the checks' issues into the PAD pets' data issues; how many cards changed."""
    pets = list(
        Card.objects.filter(game=v.PAD, kind=v.PET).only(*_FIELDS, *_NAME_FIELDS, "data_issues")
    )
    findings = pad_chain_findings(pets)
    changed = 0
    for card in pets:
        kept = [issue for issue in card.data_issues or [] if not is_check_issue(issue)]
        wanted = kept + findings.get(card.pk, [])
        if wanted != (card.data_issues or []):
            card.data_issues = wanted
            card.save(update_fields=["data_issues"])
            changed += 1
    return changed
