"""The card catalogue of both games (RULES.md PAD-1, DGM-1).

One `Card` table holds every kind: the games share most of what users search (names,
number, set, text, image), and one table keeps search to a single indexed query. Kind-
specific columns are empty for the other kinds, which the check constraints enforce.
"""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator
from django.db import models
from django.db.models import Q

from cards import vocabulary as v
from cards.fields import FlagsField, masks_with_size
from cards.images import card_image_upload_to, validate_card_image


def natural_sort_key(number: str) -> str:
    return re.sub(r"\d+", lambda digits: digits.group().zfill(8), number.casefold())[:64]


ORB_MASKS = masks_with_size(len(v.ORB_COLOURS), range(v.ORB_MIN, v.ORB_MAX + 1))


class CardSet(models.Model):
    game = models.CharField(max_length=8, choices=v.GAMES)
    code = models.CharField(max_length=16, help_text="As printed in card numbers: B01, St …")
    name = models.CharField(max_length=100, blank=True)

    class Meta:
        ordering = ["game", "code"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "code"],
                name="cardset_unique_code",
                violation_error_message="This game already has a set with this code.",
            )
        ]

    def __str__(self) -> str:
        return f"{self.code} — {self.name}" if self.name else self.code


def _pad_only_fields_empty() -> Q:
    return Q(
        attribute="",
        sub_attribute="",
        cost__isnull=True,
        defense__isnull=True,
        pet_type="",
        pet_sub_type="",
        stage="",
        orbs=0,
        effect_types=0,
        ultimate_requirement="",
        skill_icon="",
    )


def _digimon_only_fields_empty() -> Q:
    return Q(
        level="",
        battle_type="",
        lost_iii__isnull=True,
        lost_iv__isnull=True,
        lost_perfect__isnull=True,
        lost_ultimate__isnull=True,
        species="",
        digimon_type="",
        field_code="",
        background="",
        special_keywords=0,
        evo_circles__isnull=True,
        evo_crosses__isnull=True,
        copy_limit__isnull=True,
        option_type="",
        timing="",
    )


class Card(models.Model):
    game = models.CharField(max_length=8, choices=v.GAMES)
    kind = models.CharField(max_length=8, choices=v.KINDS)
    card_set = models.ForeignKey(CardSet, on_delete=models.PROTECT, related_name="cards")
    number = models.CharField(max_length=32, help_text="As printed: B01-021, St-1 …")
    rarity = models.CharField(max_length=4, blank=True, choices=v.PAD_RARITIES)
    provenance = models.CharField(max_length=12, choices=v.PROVENANCES, default=v.PRINTED)
    verification = models.CharField(
        max_length=10, choices=v.VERIFICATIONS, default=v.CARD_LIST, db_index=True
    )
    # Fields the sources contradict, kept visible: [{"field", "values": [{"source",
    # "value"}], "note"}] (docs/card-schema.md).
    data_issues = models.JSONField(default=list, blank=True)
    # What a reading of the card's printed scan found (issue 26): {"scan": file name,
    # "added": the fan list lacks the card, "unreadable": [schema field, …], "corrections":
    # [{"field", "list_value", "printed_value", "scan"}]}; null for a card no scan checked.
    scan_check = models.JSONField(null=True, blank=True)

    name = models.CharField(max_length=200, help_text="Display name: one of the names below.")
    name_ja = models.CharField("Japanese name", max_length=200, blank=True)
    name_zh_hant = models.CharField("Traditional Chinese name", max_length=200, blank=True)
    name_zh_hans = models.CharField("Simplified Chinese name", max_length=200, blank=True)
    name_en = models.CharField("English name", max_length=200, blank=True)
    text = models.TextField("effect text", blank=True)
    effect = models.JSONField(
        null=True, blank=True, help_text="Machine-readable effect steps for the goldfish engine."
    )
    # Why a printed effect has no structured steps, e.g. "needs: choosing cards in the
    # opponent's orb area"; blank when it has steps or nobody has said yet.
    not_simulated_reason = models.TextField(
        "why not simulated",
        blank=True,
        help_text='Why the printed effect has no structured steps ("needs: …").',
    )
    image = models.ImageField(
        upload_to=card_image_upload_to, blank=True, validators=[validate_card_image]
    )
    # Folded (case, width, Traditional → Simplified) copies of the names and text that the
    # search matches against; kept up to date by save(). Names are newline-delimited so an
    # exact name is the substring "\n<name>\n".
    search_names = models.TextField(blank=True, editable=False, default="")
    # St-2 before St-10: the number with its digit runs zero-padded, for natural ordering.
    number_sort = models.CharField(max_length=64, blank=True, editable=False, default="")
    search_text = models.TextField(blank=True, editable=False, default="")

    # PAD pets and skills (PAD-1.1, PAD-1.2)
    attribute = models.CharField(max_length=8, blank=True, choices=v.ATTRIBUTES)
    sub_attribute = models.CharField(max_length=8, blank=True, choices=v.ATTRIBUTES)
    cost = models.PositiveSmallIntegerField(null=True, blank=True)
    defense = models.PositiveSmallIntegerField(
        "defence", null=True, blank=True, validators=[MaxValueValidator(v.DEFENSE_MAX)]
    )
    pet_type = models.CharField(max_length=10, blank=True, choices=v.PET_TYPES)
    pet_sub_type = models.CharField(max_length=10, blank=True, choices=v.PET_TYPES)
    effect_types = FlagsField(flags=v.EFFECT_TYPES)
    stage = models.CharField(max_length=8, blank=True, choices=v.STAGES)
    ultimate_requirement = models.CharField(max_length=200, blank=True)
    skill_icon = models.CharField(max_length=32, blank=True)
    orbs = FlagsField(flags=v.ORB_COLOURS)

    # Both games: the card this one evolves from, by printed name and linked when catalogued.
    evolves_from_name = models.CharField("evolves from", max_length=200, blank=True)
    evolves_from = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="evolutions",
        verbose_name="evolves from (catalogued card)",
    )

    # Copies of the attack table (PAD) and the three attack powers (Digimon), kept in step
    # with AttackRow / DigimonAttack by cards/attack_columns.py: `atk6>=1000` and `a>450`
    # filter them in the search's covering index instead of joining and sorting the child
    # table (issue 24, finding 9).
    attack_1 = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    attack_2 = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    attack_3 = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    attack_4 = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    attack_5 = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    attack_6 = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    power_a = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    power_b = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)
    power_c = models.PositiveSmallIntegerField(null=True, blank=True, editable=False)

    # Digimon (DGM-1.1)
    level = models.CharField(max_length=8, blank=True, choices=v.LEVELS)
    battle_type = models.CharField(max_length=1, blank=True, choices=v.BATTLE_TYPES)
    lost_iii = models.PositiveSmallIntegerField("lost to III", null=True, blank=True)
    lost_iv = models.PositiveSmallIntegerField("lost to IV", null=True, blank=True)
    lost_perfect = models.PositiveSmallIntegerField("lost to perfect", null=True, blank=True)
    lost_ultimate = models.PositiveSmallIntegerField("lost to ultimate", null=True, blank=True)
    species = models.CharField(max_length=64, blank=True)
    digimon_type = models.CharField(max_length=8, blank=True, choices=v.DIGIMON_TYPES)
    field_code = models.CharField("field", max_length=4, blank=True, choices=v.FIELDS)
    background = models.CharField(max_length=32, blank=True)
    special_keywords = FlagsField(flags=v.SPECIAL_KEYWORDS)
    special_ability = models.TextField(blank=True)
    support = models.TextField("support ability", blank=True)
    evo_circles = models.PositiveSmallIntegerField("requirement ○", null=True, blank=True)
    evo_crosses = models.PositiveSmallIntegerField("requirement ×", null=True, blank=True)
    evo_other = models.TextField("other requirements", blank=True)
    copy_limit = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Only when the special ability allows more than 3."
    )

    # Options (DGM-1.2)
    option_type = models.CharField(max_length=10, blank=True, choices=v.OPTION_TYPES)
    timing = models.CharField(max_length=10, blank=True, choices=v.TIMINGS)
    duration = models.CharField(max_length=100, blank=True)
    targets = models.JSONField(default=list, blank=True)

    # Combos (DGM-1.3)
    combo_bonus = models.TextField("bonus", blank=True)
    incompatible = models.JSONField(default=list, blank=True)

    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["game", "number_sort"]
        indexes = [
            models.Index(fields=["game", "number_sort"]),
            models.Index(fields=["game", "kind"]),
            models.Index(fields=["name"]),
            models.Index(fields=["number"]),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["card_set", "number"],
                name="card_unique_number_in_set",
                violation_error_message="A card with this number already exists in this set.",
            ),
            models.CheckConstraint(
                condition=Q(game=v.PAD, kind__in=v.KINDS_BY_GAME[v.PAD])
                | Q(game=v.DIGIMON, kind__in=v.KINDS_BY_GAME[v.DIGIMON]),
                name="card_kind_matches_game",
                violation_error_message="This kind of card does not exist in this game.",
            ),
            models.CheckConstraint(
                condition=Q(attribute__in=["", *v.values(v.ATTRIBUTES)])
                & Q(sub_attribute__in=["", *v.values(v.ATTRIBUTES)]),
                name="card_attribute_valid",
                violation_error_message="Attributes are fire, water, wood, light or dark.",
            ),
            models.CheckConstraint(
                condition=Q(game=v.DIGIMON) | Q(orbs__in=ORB_MASKS),
                name="card_pad_orbs_two_or_three",
                violation_error_message="A PAD card lights 2 or 3 distinct orb colours.",
            ),
            models.CheckConstraint(
                condition=Q(game=v.PAD) | _pad_only_fields_empty(),
                name="card_digimon_has_no_pad_fields",
                violation_error_message="A Digimon-game card has no PAD fields.",
            ),
            models.CheckConstraint(
                condition=Q(game=v.DIGIMON) | _digimon_only_fields_empty(),
                name="card_pad_has_no_digimon_fields",
                violation_error_message="A PAD card has no Digimon-game fields.",
            ),
            models.CheckConstraint(
                condition=~Q(kind=v.PET) | ~Q(stage=""),
                name="card_pet_has_stage",
                violation_error_message="A pet needs its evolution stage.",
            ),
            models.CheckConstraint(
                condition=~Q(kind=v.DIGIMON_CARD) | ~Q(level=""),
                name="card_digimon_has_level",
                violation_error_message="A Digimon needs its level.",
            ),
            models.CheckConstraint(
                condition=Q(kind=v.DIGIMON_CARD) | Q(level="", battle_type=""),
                name="card_level_only_on_digimon",
                violation_error_message="Only Digimon cards have a level and battle type.",
            ),
            models.CheckConstraint(
                condition=Q(kind=v.OPTION) | Q(option_type="", timing=""),
                name="card_option_fields_only_on_options",
                violation_error_message="Only option cards have an option type and timing.",
            ),
            models.CheckConstraint(
                condition=Q(cost__isnull=True) | Q(cost__lte=v.PET_COST_MAX),
                name="card_cost_range",
                violation_error_message="Cost is 0 to 3.",
            ),
            models.CheckConstraint(
                condition=Q(defense__isnull=True) | Q(defense__lte=v.DEFENSE_MAX),
                name="card_defense_range",
                violation_error_message="Defence is at most 1200.",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.name}"

    @property
    def names(self) -> dict[str, str]:
        return {
            lang: value for lang in v.NAME_LANGUAGES if (value := getattr(self, f"name_{lang}"))
        }

    @property
    def types(self) -> list[str]:
        return [t for t in (self.pet_type, self.pet_sub_type) if t]

    @property
    def lost_points(self) -> dict[str, int | None]:
        return {level: getattr(self, f"lost_{level.lower()}") for level in v.LEVEL_VALUES}

    @property
    def evolution_requirement(self) -> str:
        """DGM-4.3 as printed: `Agumon ○○`."""
        marks = "○" * (self.evo_circles or 0) + "×" * (self.evo_crosses or 0)
        return " ".join(part for part in (self.evolves_from_name, marks, self.evo_other) if part)

    def related_rows(self, relation: str) -> list:
        """attack_rows, attacks or components: batch-loaded by selectors.load_children
        when present (cheaper than prefetch_related on hot paths), else queried."""
        loaded = self.__dict__.get("_children")
        if loaded is not None:
            return loaded[relation]
        return list(getattr(self, relation).all())

    @property
    def is_synthetic(self) -> bool:
        return self.provenance == v.SYNTHETIC

    def refresh_search_fields(self) -> None:
        from cards.search.text import fold

        names = {fold(name) for name in (self.name, *self.names.values()) if name}
        self.search_names = "\n" + "\n".join(sorted(names)) + "\n"
        self.search_text = fold(self.text)
        self.number_sort = natural_sort_key(self.number)

    def save(self, *args, **kwargs):
        if not self.name:
            self.name = next(iter(self.names.values()), "")
        self.refresh_search_fields()
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, "search_names", "search_text", "number_sort"}
        super().save(*args, **kwargs)

    def clean(self) -> None:
        from cards.validation import card_errors

        errors = card_errors(self)
        if errors:
            raise ValidationError(errors)

    def validate_constraints(self, exclude=None) -> None:
        # clean() explains every check constraint per field; only uniqueness is left here,
        # so a bad card gets one precise message rather than the same fault twice.
        unique = [c for c in self._meta.constraints if isinstance(c, models.UniqueConstraint)]
        errors = {}
        for constraint in unique:
            try:
                constraint.validate(self.__class__, self, exclude=exclude)
            except ValidationError as error:
                errors.setdefault("number", []).extend(error.messages)
        if errors:
            raise ValidationError(errors)


class AttackRow(models.Model):
    """PAD-1.1: one row of a pet's attack table — attack and bonus damage at N combos."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="attack_rows")
    combos = models.PositiveSmallIntegerField()
    attack = models.PositiveSmallIntegerField(validators=[MaxValueValidator(9999)])
    bonus = models.PositiveSmallIntegerField("bonus damage", default=0)

    class Meta:
        ordering = ["card_id", "combos"]
        constraints = [
            models.UniqueConstraint(
                fields=["card", "combos"],
                name="attackrow_one_per_combo_count",
                violation_error_message="The attack table has one row per combo count.",
            ),
            models.CheckConstraint(
                condition=Q(combos__gte=1, combos__lte=v.ATTACK_ROWS),
                name="attackrow_combos_1_to_6",
                violation_error_message="Attack rows are for 1 to 6 combos.",
            ),
        ]
        indexes = [models.Index(fields=["combos", "attack", "card"])]  # atk1…atk6 searches

    def __str__(self) -> str:
        bonus = f"+{self.bonus}" if self.bonus else ""
        return f"{self.combos}: {self.attack}{bonus}"


class DigimonAttack(models.Model):
    """DGM-1.1: one of a Digimon's three attacks."""

    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="attacks")
    letter = models.CharField(max_length=1, choices=v.BATTLE_TYPES)
    name = models.CharField(max_length=100, blank=True)
    power = models.PositiveSmallIntegerField(null=True, blank=True)
    effect = models.TextField(blank=True)
    cancels = models.CharField(
        max_length=1,
        blank=True,
        choices=v.BATTLE_TYPES,
        help_text="The opponent's attack this one turns to 0 (most C guards: A).",
    )

    class Meta:
        ordering = ["card_id", "letter"]
        constraints = [
            models.UniqueConstraint(
                fields=["card", "letter"],
                name="digimonattack_one_per_letter",
                violation_error_message="A Digimon has one attack per letter.",
            ),
            models.CheckConstraint(
                condition=Q(letter__in=v.ATTACK_LETTERS),
                name="digimonattack_letter_abc",
                violation_error_message="Attack letters are A, B and C.",
            ),
        ]
        indexes = [models.Index(fields=["letter", "power", "card"])]  # a/b/c searches

    def __str__(self) -> str:
        return f"{self.letter} {self.name} {self.power}"


class ComboComponent(models.Model):
    """DGM-1.3: one part of a combo card, linked to the catalogued card when there is one."""

    combo = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="components")
    position = models.PositiveSmallIntegerField(default=0)
    name = models.CharField(max_length=200)
    quantity = models.PositiveSmallIntegerField(default=1)
    card = models.ForeignKey(
        Card, null=True, blank=True, on_delete=models.SET_NULL, related_name="combo_uses"
    )

    class Meta:
        ordering = ["combo_id", "position"]
        constraints = [
            models.CheckConstraint(
                condition=Q(quantity__gte=1),
                name="combocomponent_quantity_positive",
                violation_error_message="A component is needed at least once.",
            )
        ]

    def __str__(self) -> str:
        return f"{self.quantity}× {self.name}" if self.quantity > 1 else self.name


class KindManager(models.Manager):
    def get_queryset(self):
        return super().get_queryset().filter(kind=self.model.KIND)


class PetCard(Card):
    GAME, KIND = v.PAD, v.PET
    objects = KindManager()

    class Meta:
        proxy = True
        verbose_name = "PAD pet"


class SkillCard(Card):
    GAME, KIND = v.PAD, v.SKILL
    objects = KindManager()

    class Meta:
        proxy = True
        verbose_name = "PAD skill"


class DigimonCard(Card):
    GAME, KIND = v.DIGIMON, v.DIGIMON_CARD
    objects = KindManager()

    class Meta:
        proxy = True
        verbose_name = "Digimon"
        verbose_name_plural = "Digimon"


class OptionCard(Card):
    GAME, KIND = v.DIGIMON, v.OPTION
    objects = KindManager()

    class Meta:
        proxy = True
        verbose_name = "Digimon option card"


class ComboCard(Card):
    GAME, KIND = v.DIGIMON, v.COMBO
    objects = KindManager()

    class Meta:
        proxy = True
        verbose_name = "Digimon combo card"


KIND_MODELS = {
    model.KIND: model for model in (PetCard, SkillCard, DigimonCard, OptionCard, ComboCard)
}
from cards.corrections import CardCorrection  # noqa: E402,F401  (corrections and history)
