"""Writes to the catalogue: importing cards (atomically) and linking cards by name."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction

from cards import vocabulary as v
from cards.models import AttackRow, Card, CardSet, ComboComponent, DigimonAttack
from cards.schema import CardDataError, CardRecord, record_from_dict
from cards.validation import attack_table_errors

# A field error found by Card.full_clean is reported under the schema's name for it.
SCHEMA_NAME = {
    "card_set": "set",
    "evolves_from_name": "evolves_from",
    "field_code": "field",
    "pet_type": "types",
    "pet_sub_type": "types",
    "combo_bonus": "bonus",
    "evo_circles": "evolution",
    "evo_crosses": "evolution",
    "evo_other": "evolution",
    **{f"name_{lang}": "names" for lang in v.NAME_LANGUAGES},
    **{f"lost_{level.lower()}": "lost_points" for level in v.LEVEL_VALUES},
}


class CardImportError(Exception):
    """A bad row: the whole import is rolled back."""

    def __init__(self, source: str, row: int, field: str, reason: str):
        super().__init__(f"{source}, row {row}, field {field!r}: {reason}")
        self.source, self.row, self.field, self.reason = source, row, field, reason


@dataclass
class ImportSummary:
    created: int = 0
    updated: int = 0

    @property
    def total(self) -> int:
        return self.created + self.updated


def import_cards(
    rows: Iterable[tuple[int, dict]],
    *,
    source: str = "input",
    progress: Callable[[int], None] | None = None,
) -> ImportSummary:
    """Create or update cards matched by game + set + number; all or nothing.

    `rows` yields (row number as the user sees it, card dict in the schema).
    """
    summary = ImportSummary()
    with transaction.atomic():
        existing = _existing_cards()
        sets: dict[tuple[str, str], CardSet] = {}
        seen: dict[tuple[str, str, str], int] = {}
        touched_games = set()
        for count, (row, data) in enumerate(rows, start=1):
            try:
                record = record_from_dict(data)
            except CardDataError as error:
                raise CardImportError(source, row, error.field, error.message) from None
            if record.key in seen:
                raise CardImportError(
                    source, row, "number", f"repeats the card of row {seen[record.key]}."
                )
            seen[record.key] = row
            card_set = _card_set(sets, record)
            card = existing.get(record.key)
            created = card is None
            card = _write_card(card or Card(), card_set, record, source, row)
            existing[record.key] = card
            touched_games.add(record.game)
            summary.created += created
            summary.updated += not created
            if progress:
                progress(count)
        for game in touched_games:
            link_cards_by_name(game)
    return summary


def _existing_cards() -> dict[tuple[str, str, str], Card]:
    cards = Card.objects.select_related("card_set").only(
        "id", "game", "number", "card_set__code", "card_set__game"
    )
    return {(card.game, card.card_set.code, card.number): card for card in cards}


def _card_set(cache: dict, record: CardRecord) -> CardSet:
    key = (record.game, record.set_code)
    if key not in cache:
        card_set, _ = CardSet.objects.get_or_create(game=record.game, code=record.set_code)
        if record.set_name and card_set.name != record.set_name:
            card_set.name = record.set_name
            card_set.save(update_fields=["name"])
        cache[key] = card_set
    return cache[key]


def _write_card(card: Card, card_set: CardSet, record: CardRecord, source: str, row: int) -> Card:
    loaded = card if card.pk is None else Card.objects.get(pk=card.pk)
    for attr, value in record.attrs.items():
        setattr(loaded, attr, value)
    loaded.card_set = card_set
    if not loaded.name:
        loaded.name = next(iter(loaded.names.values()), "")
    if record.attack_rows is not None:
        problems = attack_table_errors(record.attack_rows)
        if problems:
            raise CardImportError(source, row, "attack", problems[0])
    try:
        # The set was just resolved, links are made afterwards, and the game+set+number
        # match above already guarantees the unique number: none of them needs a query.
        loaded.full_clean(exclude=["evolves_from", "card_set"], validate_constraints=False)
    except ValidationError as error:
        field, messages = next(iter(error.message_dict.items()))
        name = SCHEMA_NAME.get(field, field)
        field_name = "card" if name == "__all__" else name
        raise CardImportError(source, row, field_name, messages[0]) from None
    created = loaded.pk is None
    loaded.save()
    _replace_children(loaded, record, created=created)
    return loaded


def _replace_children(card: Card, record: CardRecord, *, created: bool) -> None:
    if not created:
        card.attack_rows.all().delete()
        card.attacks.all().delete()
        card.components.all().delete()
    if record.attack_rows:
        AttackRow.objects.bulk_create(
            AttackRow(card=card, combos=combos, attack=attack, bonus=bonus)
            for combos, (attack, bonus) in enumerate(record.attack_rows, start=1)
        )
    if record.attacks:
        DigimonAttack.objects.bulk_create(
            DigimonAttack(card=card, letter=letter, **fields)
            for letter, fields in sorted(record.attacks.items())
        )
    if record.components:
        ComboComponent.objects.bulk_create(
            ComboComponent(combo=card, position=position, name=name, quantity=quantity)
            for position, (name, quantity) in enumerate(record.components)
        )


def _cards_by_name(game: str) -> dict[str, list[Card]]:
    by_name: dict[str, list[Card]] = {}
    fields = ["name", *(f"name_{lang}" for lang in v.NAME_LANGUAGES)]
    for card in Card.objects.filter(game=game).only("id", "kind", "card_set_id", *fields):
        for name in {getattr(card, f) for f in fields} - {""}:
            by_name.setdefault(name.casefold(), []).append(card)
    return by_name


def _best_match(candidates: list[Card], card_set_id: int, prefer_kinds=None) -> Card | None:
    # The same name can be printed on several numbers (St-9 and St-111 Palmon): link the
    # printing from the same set, then the earliest catalogued.
    if prefer_kinds:
        candidates = [c for c in candidates if c.kind in prefer_kinds] or candidates
    return min(candidates, key=lambda c: (c.card_set_id != card_set_id, c.id), default=None)


def link_cards_by_name(game: str) -> None:
    """Point evolves-from and combo parts at the catalogued cards their names refer to."""
    by_name = _cards_by_name(game)
    evolving = Card.objects.filter(game=game).exclude(evolves_from_name="")
    changed = []
    for card in evolving.only("id", "card_set_id", "evolves_from_name", "evolves_from_id"):
        target = _best_match(
            by_name.get(card.evolves_from_name.casefold(), []),
            card.card_set_id,
            prefer_kinds=(v.PET, v.DIGIMON_CARD),
        )
        target_id = target.id if target and target.id != card.id else None
        if card.evolves_from_id != target_id:
            card.evolves_from_id = target_id
            changed.append(card)
    Card.objects.bulk_update(changed, ["evolves_from"], batch_size=500)

    parts = ComboComponent.objects.filter(combo__game=game).select_related("combo")
    changed_parts = []
    for part in parts.only("id", "name", "card_id", "combo__card_set_id"):
        target = _best_match(
            [c for c in by_name.get(part.name.casefold(), []) if c.kind != v.COMBO],
            part.combo.card_set_id,
        )
        target_id = target.id if target else None
        if part.card_id != target_id:
            part.card_id = target_id
            changed_parts.append(part)
    ComboComponent.objects.bulk_update(changed_parts, ["card"], batch_size=500)
