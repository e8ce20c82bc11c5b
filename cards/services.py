"""Writes to the catalogue: importing cards (atomically) and linking cards by name."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import cache
from itertools import islice

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Q

from cards import attack_columns
from cards import vocabulary as v
from cards.attack_columns import set_from_record
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


# A Digimon's attack as `CardRecord.attacks` holds it, by letter.
_ATTACK_FIELDS = ("name", "power", "effect", "cancels")

# A run with thousands of bad rows lists this many, then says how many more there were.
IMPORT_ERROR_CAP = 50
# Rows read, and catalogued cards loaded, at a time: memory stays the same for any file size.
IMPORT_BATCH = 500


def _batches(rows: Iterable, size: int) -> Iterator[list]:
    iterator = iter(rows)
    while batch := list(islice(iterator, size)):
        yield batch


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

    With `dry_run` every row gets the same checks (full_clean explains every constraint of
    the table, see Card.validate_constraints) but nothing is written: writing each card and
    its history row only to roll them back made a 60,000-row dry run take minutes (issue 24).
    The catalogued cards a batch of rows matches are read with the batch, and dropped after
    it: memory depends neither on the size of the file nor on the catalogue's. Between
    batches only each file's card keys are kept (to find repeats), and in a dry run followed
    by more files a digest of each card it would have written, which a later file's row for
    that card is compared with, as the import would compare it with the table.
    """

    def __init__(self, cap: int = IMPORT_ERROR_CAP, *, dry_run: bool = False):
        self.cap = cap
        self.dry_run = dry_run
        self.errors: list[RowError] = []
        self.error_count = 0
        self.bad_rows = 0
        # Dry run: (game, set, number) → `_fingerprint` of a card it would have written.
        self._planned: dict[tuple[str, str, str], bytes] = {}
        self._sets: dict[tuple[str, str], CardSet] = {}
        self._touched_games: set[str] = set()
        self._remember = dry_run

    def add_file(
        self,
        rows: Iterable[tuple[int, dict]],
        *,
        source: str = "input",
        progress: Callable[[int], None] | None = None,
        more_files: bool = True,
    ) -> ImportSummary:
        """Create or update the cards of one file; `rows` yields (row number, card dict).

        `more_files=False` says no other file of this import follows: a dry run then keeps
        nothing of the cards it would write (only a later file's rows are compared with it).
        """
        summary = ImportSummary()
        seen: dict[tuple[str, str, str], int] = {}
        self._remember = self.dry_run and more_files
        count = 0
        for batch in _batches(rows, IMPORT_BATCH):
            records = [(row, self._record_of(data, source, row)) for row, data in batch]
            catalogued = self._catalogued(records)
            for row, record in records:
                count += 1
                try:
                    if isinstance(record, _RowFailed):
                        raise record
                    created, written = self._add_row(record, source, row, seen, catalogued)
                except _RowFailed as failed:
                    self._record(failed.errors)
                else:
                    summary.created += created
                    summary.updated += not created
                    summary.unchanged += not written
                if progress:
                    progress(count)
        return summary

    @staticmethod
    def _record_of(data, source: str, row: int) -> CardRecord | _RowFailed:
        try:
            return record_from_dict(data)
        except CardDataError as error:
            return _RowFailed([RowError(source, row, error.field, error.message)])

    def _catalogued(self, records) -> dict[tuple[str, str, str], tuple[Card, tuple]]:
        """The catalogued cards of a batch of rows by key, each with its children as
        `_children_of` reads them, in five queries and one per set not met yet (one query
        per row, or Django's prefetching, made a 60,000-row dry run take minutes)."""
        numbers: dict[tuple[str, str], set[str]] = {}
        for _, record in records:
            if isinstance(record, CardRecord):
                numbers.setdefault((record.game, record.set_code), set()).add(record.number)
        if not numbers:
            return {}
        matching = Q()
        for (game, code), in_set in numbers.items():
            card_set = self._sets.get((game, code))
            if card_set is None:  # not cached: _card_set() may yet make or rename it
                card_set = CardSet.objects.filter(game=game, code=code).first()
            if card_set is not None and card_set.pk is not None:
                # By set id: the (set, number) index finds each card (by code, SQLite
                # walked every card of the game).
                matching |= Q(card_set_id=card_set.pk, game=game, number__in=sorted(in_set))
        if not matching:
            return {}
        keys = {
            pk: (game, code, number)
            for game, code, number, pk in Card.objects.filter(matching)
            .order_by()
            .values_list("game", "card_set__code", "number", "id")
        }
        ids = sorted(keys)
        if not ids:
            return {}
        rows: dict[int, list] = {}
        for card_id, attack, bonus in (
            AttackRow.objects.filter(card_id__in=ids)
            .order_by("card_id", "combos")
            .values_list("card_id", "attack", "bonus")
        ):
            rows.setdefault(card_id, []).append((attack, bonus))
        attacks: dict[int, dict] = {}
        for card_id, letter, *fields in DigimonAttack.objects.filter(card_id__in=ids).values_list(
            "card_id", "letter", "name", "power", "effect", "cancels"
        ):
            attacks.setdefault(card_id, {})[letter] = dict(zip(_ATTACK_FIELDS, fields, strict=True))
        parts: dict[int, list] = {}
        for card_id, name, quantity in (
            ComboComponent.objects.filter(combo_id__in=ids)
            .order_by("combo_id", "position")
            .values_list("combo_id", "name", "quantity")
        ):
            parts.setdefault(card_id, []).append((name, quantity))
        return {
            keys[pk]: (card, (rows.get(pk, []), attacks.get(pk, {}), parts.get(pk, [])))
            for pk, card in Card.objects.in_bulk(ids).items()
        }

    def finish(self) -> None:
        if self.error_count:
            raise CardImportError(
                self.errors, more=self.error_count - len(self.errors), bad_rows=self.bad_rows
            )
        if self.dry_run:
            return  # links by name only point cards at each other: nothing to check
        for game in sorted(self._touched_games):
            link_cards_by_name(game)
        if v.PAD in self._touched_games:
            from cards.consistency import flag_pad_chains

            flag_pad_chains()  # a contradicting stage or requirement is a data issue (issue 26)

    def _record(self, errors: list[RowError]) -> None:
        self.bad_rows += 1
        self.error_count += len(errors)
        self.errors.extend(errors[: max(self.cap - len(self.errors), 0)])

    def _add_row(
        self, record: CardRecord, source: str, row: int, seen: dict, catalogued: dict
    ) -> tuple[bool, bool]:
        """(created, written): an existing card the row does not change is not saved."""
        if record.key in seen:
            reason = f"repeats the card of row {seen[record.key]}."
            raise _RowFailed([RowError(source, row, "number", reason)])
        seen[record.key] = row
        found = catalogued.get(record.key)
        planned = self._planned.get(record.key)
        if planned is not None:
            # An earlier file of this dry run would have written this card: the import would
            # update that card, the catalogued one (or a new one) with every field of the
            # schema set by the earlier row, and write it unless this row leaves it as is.
            card = Card() if found is None else found[0]
            _check_card(card, self._card_set(record), record, source, row)
            state = _fingerprint(card, record)
            if self._remember:
                self._planned[record.key] = state
            return False, state != planned
        created = found is None
        card, children = (Card(), None) if created else found
        written = _write_card(
            card, children, self._card_set(record), record, source, row, dry_run=self.dry_run
        )
        if self._remember and written:  # a later file's row is compared with this
            self._planned[record.key] = _fingerprint(card, record)
        self._touched_games.add(record.game)
        return created, written

    def _card_set(self, record: CardRecord) -> CardSet:
        key = (record.game, record.set_code)
        if key not in self._sets and self.dry_run:
            known = CardSet.objects.filter(game=record.game, code=record.set_code).first()
            self._sets[key] = known or CardSet(game=record.game, code=record.set_code)
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
    every row is checked and counted exactly as in a real import, and nothing is written.
    """
    with transaction.atomic():
        importer = CardImporter(dry_run=dry_run)
        summary = importer.add_file(rows, source=source, progress=progress, more_files=False)
        importer.finish()
        if dry_run:
            transaction.set_rollback(True)
    return summary


def _fingerprint(card: Card, record: CardRecord) -> bytes:
    """A digest of what `_write_card` compares (the card's columns and its children), equal
    for two cards exactly when `==` finds them equal: keys in any order, 1 and 1.0 alike."""
    state = (_stored(card, record.attrs), _record_children(card, record))
    return hashlib.blake2b(repr(_canonical(state)).encode(), digest_size=16).digest()


def _canonical(value):
    if isinstance(value, dict):
        return sorted((str(key), _canonical(item)) for key, item in value.items())
    if isinstance(value, list | tuple):
        return [_canonical(item) for item in value]
    if isinstance(value, bool) or (isinstance(value, float) and value.is_integer()):
        return int(value)
    return value


@cache
def _field(attr: str):
    return Card._meta.get_field(attr)


def _stored(card: Card, attrs) -> dict:
    """The card's columns as the database holds them (flags as masks, …), for comparing."""
    return {attr: _field(attr).get_prep_value(getattr(card, attr)) for attr in attrs}


def _children_of(kind: str, children: tuple) -> tuple:
    """A card's attack table, attacks and combo parts (as `_catalogued` reads them), as
    `CardRecord` holds them; only its kind's (the schema gives no other kind any)."""
    rows, attacks, parts = children
    if kind == v.PET:
        return rows or None, {}, []
    if kind == v.DIGIMON_CARD:
        return None, attacks, []
    if kind == v.COMBO:
        return None, {}, parts
    return None, {}, []


def _record_children(card: Card, record: CardRecord) -> tuple:
    return record.attack_rows or None, record.attacks, record.components


def _write_card(
    loaded: Card,
    children: tuple | None,
    card_set: CardSet,
    record: CardRecord,
    source: str,
    row: int,
    *,
    dry_run=False,
) -> bool:
    """Whether the card was written (or would be, in a dry run): a catalogued card the
    record leaves as it is is not saved, so a reload writes no history row for it.
    `children`: the catalogued card's, as `_catalogued` reads them."""
    before = None if loaded.pk is None else (_stored(loaded, record.attrs), loaded.card_set_id)
    _check_card(loaded, card_set, record, source, row)
    if before is not None:
        same_columns = before == (_stored(loaded, record.attrs), loaded.card_set_id)
        same_children = _children_of(loaded.kind, children) == _record_children(loaded, record)
        if same_columns and same_children:
            return False
    if dry_run:
        return True
    created = loaded.pk is None
    set_from_record(loaded, record.attack_rows, record.attacks)
    loaded.save()
    _replace_children(loaded, record, created=created)
    return True


def _check_card(loaded: Card, card_set: CardSet, record: CardRecord, source: str, row: int):
    """Set the record's values on the card and check it as the importer does; raises
    _RowFailed with every problem."""
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
    if not created:  # deleting the old rows cleared the copies (cards/attack_columns.py)
        Card.objects.filter(pk=card.pk).update(**attack_columns.values_of(card))
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
