"""Writes to the catalogue: importing cards (atomically) and linking cards by name."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction

from cards import vocabulary as v
from cards.models import AttackRow, Card, CardSet, ComboComponent, DigimonAttack
from cards.schema import CardDataError, CardRecord, record_from_dict
from cards.search.text import fold
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


# A run with thousands of bad rows lists this many, then says how many more there were.
IMPORT_ERROR_CAP = 50


@dataclass(frozen=True)
class RowError:
    source: str
    row: int
    field: str
    reason: str

    def __str__(self) -> str:
        return f"{self.source}, row {self.row}, field {self.field!r}: {self.reason}"


class CardImportError(Exception):
    """Bad rows: the whole import is rolled back. Holds the first `IMPORT_ERROR_CAP` of them."""

    def __init__(self, errors: list[RowError], more: int = 0, bad_rows: int = 0):
        self.errors, self.more = errors, more
        self.bad_rows = bad_rows or len({(error.source, error.row) for error in errors})
        lines = [str(error) for error in errors]
        if more:
            lines.append(f"… and {more} more.")
        super().__init__("\n".join(lines))


class _RowFailed(Exception):
    """One row is bad: its errors are recorded and the import goes on to the next row."""

    def __init__(self, errors: list[RowError]):
        super().__init__(errors)
        self.errors = errors


@dataclass
class ImportSummary:
    created: int = 0
    updated: int = 0  # rows matching a catalogued card, written or not
    unchanged: int = 0  # of those, rows that changed nothing: not written, no history row

    @property
    def total(self) -> int:
        return self.created + self.updated


class CardImporter:
    """Imports any number of files as one unit; use inside `transaction.atomic()`.

    Every row is checked even after a bad one, so that one run reports every bad row (up to
    `cap`); `finish()` raises CardImportError if there was any, which rolls the unit back.
    """

    def __init__(self, cap: int = IMPORT_ERROR_CAP):
        self.cap = cap
        self.errors: list[RowError] = []
        self.error_count = 0
        self.bad_rows = 0
        self._existing = _existing_cards()
        self._sets: dict[tuple[str, str], CardSet] = {}
        self._touched_games: set[str] = set()

    def add_file(
        self,
        rows: Iterable[tuple[int, dict]],
        *,
        source: str = "input",
        progress: Callable[[int], None] | None = None,
    ) -> ImportSummary:
        """Create or update the cards of one file; `rows` yields (row number, card dict)."""
        summary = ImportSummary()
        seen: dict[tuple[str, str, str], int] = {}
        for count, (row, data) in enumerate(rows, start=1):
            try:
                created, written = self._add_row(data, source, row, seen)
            except _RowFailed as failed:
                self._record(failed.errors)
            else:
                summary.created += created
                summary.updated += not created
                summary.unchanged += not written
            if progress:
                progress(count)
        return summary

    def finish(self) -> None:
        if self.error_count:
            raise CardImportError(
                self.errors, more=self.error_count - len(self.errors), bad_rows=self.bad_rows
            )
        for game in sorted(self._touched_games):
            link_cards_by_name(game)

    def _record(self, errors: list[RowError]) -> None:
        self.bad_rows += 1
        self.error_count += len(errors)
        self.errors.extend(errors[: max(self.cap - len(self.errors), 0)])

    def _add_row(self, data, source: str, row: int, seen: dict) -> tuple[bool, bool]:
        """(created, written): an existing card the row does not change is not saved."""
        try:
            record = record_from_dict(data)
        except CardDataError as error:
            raise _RowFailed([RowError(source, row, error.field, error.message)]) from None
        if record.key in seen:
            reason = f"repeats the card of row {seen[record.key]}."
            raise _RowFailed([RowError(source, row, "number", reason)])
        seen[record.key] = row
        card = self._existing.get(record.key)
        created = card is None
        card, written = _write_card(card or Card(), self._card_set(record), record, source, row)
        self._existing[record.key] = card
        self._touched_games.add(record.game)
        return created, written

    def _card_set(self, record: CardRecord) -> CardSet:
        key = (record.game, record.set_code)
        if key not in self._sets:
            card_set, _ = CardSet.objects.get_or_create(game=record.game, code=record.set_code)
            if record.set_name and card_set.name != record.set_name:
                card_set.name = record.set_name
                card_set.save(update_fields=["name"])
            self._sets[key] = card_set
        return self._sets[key]


def import_cards(
    rows: Iterable[tuple[int, dict]],
    *,
    source: str = "input",
    progress: Callable[[int], None] | None = None,
    dry_run: bool = False,
) -> ImportSummary:
    """Create or update cards matched by game + set + number; all or nothing.

    `rows` yields (row number as the user sees it, card dict in the schema). With `dry_run`
    every row is checked and counted exactly as in a real import, then rolled back.
    """
    with transaction.atomic():
        importer = CardImporter()
        summary = importer.add_file(rows, source=source, progress=progress)
        importer.finish()
        if dry_run:
            transaction.set_rollback(True)
    return summary


def _existing_cards() -> dict[tuple[str, str, str], Card]:
    cards = Card.objects.select_related("card_set").only(
        "id", "game", "number", "card_set__code", "card_set__game"
    )
    return {(card.game, card.card_set.code, card.number): card for card in cards}


def _stored(card: Card, attrs) -> dict:
    """The card's columns as the database holds them (flags as masks, …), for comparing."""
    stored = {}
    for attr in attrs:
        field = Card._meta.get_field(attr)
        stored[attr] = field.get_prep_value(getattr(card, attr))
    return stored


def _children_of(card: Card) -> tuple:
    """The card's attack table, attacks and combo parts, as `CardRecord` holds them; only
    its kind's rows are read (the schema gives no other kind any)."""
    rows, attacks, parts = [], {}, []
    if card.kind == v.PET:
        rows = [(row.attack, row.bonus) for row in card.attack_rows.order_by("combos")]
    elif card.kind == v.DIGIMON_CARD:
        attacks = {
            a.letter: {"name": a.name, "power": a.power, "effect": a.effect, "cancels": a.cancels}
            for a in card.attacks.all()
        }
    elif card.kind == v.COMBO:
        parts = [(part.name, part.quantity) for part in card.components.order_by("position")]
    return rows or None, attacks, parts


def _record_children(card: Card, record: CardRecord) -> tuple:
    return record.attack_rows or None, record.attacks, record.components


def _write_card(
    card: Card, card_set: CardSet, record: CardRecord, source: str, row: int
) -> tuple[Card, bool]:
    """(the card, whether it was written): a catalogued card the record leaves as it is
    is not saved, so a reload writes no history row for it."""
    loaded = card if card.pk is None else Card.objects.get(pk=card.pk)
    before = None if loaded.pk is None else (_stored(loaded, record.attrs), loaded.card_set_id)
    for attr, value in record.attrs.items():
        setattr(loaded, attr, value)
    loaded.card_set = card_set
    if not loaded.name:
        loaded.name = next(iter(loaded.names.values()), "")
    errors: list[RowError] = []
    if record.attack_rows is not None:
        errors += [
            RowError(source, row, "attack", problem)
            for problem in attack_table_errors(record.attack_rows)
        ]
    try:
        # The set was just resolved, links are made afterwards, and the game+set+number
        # match above already guarantees the unique number: none of them needs a query.
        loaded.full_clean(exclude=["evolves_from", "card_set"], validate_constraints=False)
    except ValidationError as error:
        errors += _field_errors(error, source, row)
    if errors:
        raise _RowFailed(errors)
    same_columns = before == (_stored(loaded, record.attrs), loaded.card_set_id)
    if same_columns and _children_of(loaded) == _record_children(loaded, record):
        return loaded, False
    created = loaded.pk is None
    loaded.save()
    _replace_children(loaded, record, created=created)
    return loaded, True


def _field_errors(error: ValidationError, source: str, row: int) -> list[RowError]:
    """Every message of full_clean, under the schema's field names, each once."""
    found: dict[tuple[str, str], None] = {}
    for field, messages in error.message_dict.items():
        name = SCHEMA_NAME.get(field, field)
        for message in messages:
            found[("card" if name == "__all__" else name, message)] = None
    return [RowError(source, row, name, message) for name, message in found]


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
    # NAME-1: a name links in any case, width or Chinese script, as everywhere else.
    by_name: dict[str, list[Card]] = {}
    fields = ["name", *(f"name_{lang}" for lang in v.NAME_LANGUAGES)]
    for card in Card.objects.filter(game=game).only("id", "kind", "card_set_id", *fields):
        for name in {getattr(card, f) for f in fields} - {""}:
            by_name.setdefault(fold(name), []).append(card)
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
            by_name.get(fold(card.evolves_from_name), []),
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
            [c for c in by_name.get(fold(part.name), []) if c.kind != v.COMBO],
            part.combo.card_set_id,
        )
        target_id = target.id if target else None
        if part.card_id != target_id:
            part.card_id = target_id
            changed_parts.append(part)
    ComboComponent.objects.bulk_update(changed_parts, ["card"], batch_size=500)
