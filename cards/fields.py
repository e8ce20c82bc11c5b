"""A set of names from a fixed vocabulary, stored as one integer bit mask.

Portable across SQLite and PostgreSQL, cheap to index and to constrain: orbs, effect types
and Digimon special keywords all use it. `card.orbs` reads and writes a list of names.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from django import forms
from django.core.exceptions import ValidationError
from django.db import models


class FlagsField(models.PositiveIntegerField):
    description = "A set of names from a fixed vocabulary"

    def __init__(self, *args, flags: Iterable[str] = (), **kwargs):
        self.flags = tuple(flags)
        kwargs.setdefault("default", list)
        kwargs.setdefault("blank", True)
        super().__init__(*args, **kwargs)

    def deconstruct(self):
        name, path, args, kwargs = super().deconstruct()
        kwargs["flags"] = self.flags
        if kwargs.get("default") is list:
            del kwargs["default"]
        kwargs.pop("blank", None)
        return name, path, args, kwargs

    @property
    def validators(self):
        # The integer range validators of the parent class do not apply to a list of names.
        return list(self._validators)

    def mask_of(self, names: Iterable[str]) -> int:
        mask = 0
        for name in names:
            if name not in self.flags:
                raise ValidationError(
                    "%(value)s is not one of %(choices)s.%(hint)s",
                    code="invalid_choice",
                    params={
                        "value": repr(name),
                        "choices": ", ".join(self.flags),
                        "hint": self._hint(name),
                    },
                )
            mask |= 1 << self.flags.index(name)
        return mask

    def _hint(self, name) -> str:
        # "defense" for "defence" is the usual slip: name the flag that was probably meant.
        close = difflib.get_close_matches(str(name), self.flags, n=1)
        return f" Did you mean {close[0]!r}?" if close else ""

    def names_of(self, mask: int) -> list[str]:
        return [flag for bit, flag in enumerate(self.flags) if mask & (1 << bit)]

    def from_db_value(self, value, expression, connection):
        return None if value is None else self.names_of(value)

    def to_python(self, value):
        if value is None:
            return value
        if isinstance(value, list):
            # Checked here so that full_clean (admin, API, importer) reports an unknown name
            # as a field error instead of get_prep_value failing later, on save.
            if not all(isinstance(name, str) for name in value):
                raise ValidationError("Give a list of names.", code="invalid")
            self.mask_of(value)
            return value
        if isinstance(value, int):
            return self.names_of(value)
        if isinstance(value, str):
            value = [part.strip() for part in value.replace("|", ",").split(",") if part.strip()]
        names = list(value)
        self.mask_of(names)  # raises on an unknown name
        return [flag for flag in self.flags if flag in names]

    def get_prep_value(self, value):
        if value is None or isinstance(value, int):
            return value
        return self.mask_of(value)

    def value_to_string(self, obj):
        return ",".join(self.value_from_object(obj) or [])

    def validate(self, value, model_instance):
        if value is not None and len(set(value)) != len(value):
            raise ValidationError("A value is listed twice.", code="duplicate")

    def formfield(self, **kwargs):
        return forms.TypedMultipleChoiceField(
            choices=[(flag, flag) for flag in self.flags],
            widget=forms.CheckboxSelectMultiple,
            required=not self.blank,
            label=self.verbose_name.capitalize(),
            help_text=self.help_text,
        )


@FlagsField.register_lookup
class HasFlag(models.Lookup):
    """`orbs__has="fire"`: the set contains this name."""

    lookup_name = "has"
    prepare_rhs = False

    def get_prep_lookup(self):
        return self.lhs.output_field.mask_of([self.rhs])

    def as_sql(self, compiler, connection):
        lhs, lhs_params = self.process_lhs(compiler, connection)
        rhs, rhs_params = self.process_rhs(compiler, connection)
        return f"({lhs} & {rhs}) <> 0", [*lhs_params, *rhs_params]


def masks_with_size(flag_count: int, sizes: Iterable[int]) -> list[int]:
    """Every mask over `flag_count` flags whose number of set bits is one of `sizes`."""
    wanted = set(sizes)
    return [mask for mask in range(1 << flag_count) if bin(mask).count("1") in wanted]
