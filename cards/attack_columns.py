"""Card.attack_1 … attack_6 and power_a … power_c: copies of the child tables a search
filters on (issue 24, finding 9). The child rows stay the truth; these columns follow them:
`set_from_record` before an import saves a card, `refresh` after bulk writes, and the
signals below after any single row is saved or deleted (the admin's inlines)."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import OuterRef, Subquery
from django.db.models.signals import post_delete, post_save

ATTACK_COLUMNS = tuple(f"attack_{combos}" for combos in range(1, 7))
POWER_COLUMNS = {"A": "power_a", "B": "power_b", "C": "power_c"}


def set_from_record(card, attack_rows, attacks) -> None:
    """The columns of `card` from an import record's rows ([(attack, bonus)] by combo
    count; {letter: {"power": …}})."""
    rows = list(attack_rows or ())
    for index, column in enumerate(ATTACK_COLUMNS):
        setattr(card, column, rows[index][0] if index < len(rows) else None)
    for letter, column in POWER_COLUMNS.items():
        fields = (attacks or {}).get(letter)
        setattr(card, column, fields.get("power") if fields else None)


def values_of(card) -> dict:
    """{column: value} of the copies as `card` holds them."""
    return {column: getattr(card, column) for column in (*ATTACK_COLUMNS, *POWER_COLUMNS.values())}


def refresh(card_ids: Iterable[int] | None = None) -> None:
    """Recompute the columns of the given cards (every card when None) from their rows."""
    from cards.models import AttackRow, Card, DigimonAttack

    cards = Card.objects.all() if card_ids is None else Card.objects.filter(pk__in=card_ids)
    values = {
        column: Subquery(
            AttackRow.objects.filter(card=OuterRef("pk"), combos=combos).values("attack")[:1]
        )
        for combos, column in enumerate(ATTACK_COLUMNS, start=1)
    }
    values |= {
        column: Subquery(
            DigimonAttack.objects.filter(card=OuterRef("pk"), letter=letter).values("power")[:1]
        )
        for letter, column in POWER_COLUMNS.items()
    }
    cards.update(**values)


def _row_changed(sender, instance, **kwargs) -> None:
    if kwargs.get("raw"):  # loaddata: the fixture holds the card's columns already
        return
    if _deleting_cards(kwargs.get("origin")):
        # The rows go with their cards (a cascade): there is nothing left to recompute, and
        # one UPDATE per row made deleting the catalogue take 30 s instead of 1.
        return
    refresh([instance.card_id])


def _deleting_cards(origin) -> bool:
    """Whether a deletion started from cards (one, or a queryset of them)."""
    from cards.models import Card

    model = getattr(origin, "model", None) or type(origin)
    return isinstance(model, type) and issubclass(model, Card)


def connect_signals() -> None:
    from cards.models import AttackRow, DigimonAttack

    for model in (AttackRow, DigimonAttack):
        for signal in (post_save, post_delete):
            signal.connect(
                _row_changed, sender=model, dispatch_uid=f"attack-columns-{signal}-{model.__name__}"
            )
