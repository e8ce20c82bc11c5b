"""Synthetic, valid cards for benchmarks — marked `provenance=synthetic`, set `SYN`.

They let search and the engines be measured at catalogue sizes the real card lists do
not reach. They never enter the starter catalogue.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from django.db import transaction

from cards import attack_columns
from cards import vocabulary as v
from cards.cache import bump_catalogue_version
from cards.models import AttackRow, Card, CardSet, ComboComponent, DigimonAttack
from cards.services import link_cards_by_name

SET_CODE = "SYN"
SET_NAME = "Synthetic (benchmark data, not real cards)"
BATCH = 1000
PET_STAGES = ("base", "evo1", "evo2")
DIGIMON_LEVELS = ("III", "IV", "perfect", "ultimate")


class _Builder:
    def __init__(self, rng: random.Random, start: int):
        self.rng = rng
        self.serial = start
        self.cards: list[Card] = []
        self.attack_rows: dict[int, list[tuple[int, int]]] = {}
        self.attacks: dict[int, list[DigimonAttack]] = {}
        self.components: dict[int, list[tuple[str, int]]] = {}

    def _card(self, card_set: CardSet, kind: str, label: str, **fields) -> Card:
        self.serial += 1
        name = f"Synthetic {label} {self.serial:06d}"
        card = Card(
            game=card_set.game,
            kind=kind,
            card_set=card_set,
            number=f"SYN-{self.serial:06d}",
            name=name,
            name_en=name,
            provenance=v.SYNTHETIC,
            **fields,
        )
        card.refresh_search_fields()  # bulk_create skips save()
        self.cards.append(card)
        return card

    def _orbs(self) -> list[str]:
        return self.rng.sample(v.ORB_COLOURS, self.rng.choice((2, 3)))

    def pad_chain(self, card_set: CardSet) -> None:
        attribute = self.rng.choice(v.values(v.ATTRIBUTES))
        previous = ""
        for depth, stage in enumerate(PET_STAGES):
            pet = self._card(
                card_set,
                v.PET,
                f"{attribute} pet",
                attribute=attribute,
                cost=0 if stage == "base" else self.rng.randint(1, 3),
                defense=100 * self.rng.randint(1, 6 + depth * 2),
                stage=stage,
                pet_type=self.rng.choice(v.values(v.PET_TYPES)),
                evolves_from_name=previous,
                orbs=self._orbs(),
                effect_types=["evolve"] if stage != "base" and self.rng.random() < 0.5 else [],
            )
            attacks = sorted(self.rng.randrange(0, 10 + depth * 4) * 100 for _ in range(6))
            self.attack_rows[len(self.cards) - 1] = [
                (attack, 1 if combos >= 5 and self.rng.random() < 0.3 else 0)
                for combos, attack in enumerate(attacks, start=1)
            ]
            previous = pet.name

    def pad_skill(self, card_set: CardSet) -> None:
        self._card(
            card_set,
            v.SKILL,
            "skill",
            attribute=self.rng.choice(v.values(v.ATTRIBUTES)),
            cost=self.rng.randint(0, 2),
            orbs=self._orbs(),
            effect_types=["activate"],
            text="Draw 1 card.",
            effect=[{"trigger": "play", "action": "draw", "amount": 1}],
        )

    def digimon_line(self, card_set: CardSet) -> None:
        previous = ""
        for depth, level in enumerate(DIGIMON_LEVELS):
            digimon = self._card(
                card_set,
                v.DIGIMON_CARD,
                "Digimon",
                level=level,
                battle_type=self.rng.choice(v.ATTACK_LETTERS),
                lost_iii=10 * self.rng.randint(1, 4),
                lost_iv=10 * self.rng.randint(1, 3),
                lost_perfect=10 * self.rng.randint(1, 2),
                lost_ultimate=10,
                species="Synthetic",
                digimon_type=self.rng.choice(v.values(v.DIGIMON_TYPES)),
                field_code=self.rng.choice(v.values(v.FIELDS)),
                evolves_from_name=previous,
                evo_circles=depth and self.rng.randint(0, 2) or None,
                evo_crosses=depth and self.rng.randint(0, 1) or None,
            )
            base = 300 + 60 * depth
            self.attacks[len(self.cards) - 1] = [
                DigimonAttack(
                    letter="A", name="Strike", power=base + self.rng.randrange(0, 80, 10)
                ),
                DigimonAttack(
                    letter="B", name="Swipe", power=base - 100 + self.rng.randrange(0, 80, 10)
                ),
                DigimonAttack(
                    letter="C",
                    name="Guard",
                    power=base - 200,
                    cancels="A",
                    effect="Turns the opponent's A attack to 0.",
                ),
            ]
            previous = digimon.name

    def digimon_option(self, card_set: CardSet) -> Card:
        return self._card(
            card_set,
            v.OPTION,
            "option",
            option_type=self.rng.choice(v.values(v.OPTION_TYPES)),
            timing=self.rng.choice(v.values(v.TIMINGS)),
            text="Add 100 to your attack.",
            effect=[{"trigger": "play", "action": "power_add", "amount": 100}],
        )

    def digimon_combo(self, card_set: CardSet, parts: list[Card]) -> None:
        self._card(card_set, v.COMBO, "combo", combo_bonus="Attack +20%")
        chosen = self.rng.sample(parts, min(2, len(parts)))
        self.components[len(self.cards) - 1] = [(part.name, 1) for part in chosen]


def _plan(count: int, rng: random.Random) -> list[str]:
    """What to build, one step at a time, until `count` cards are planned."""
    steps, planned = [], 0
    sizes = {"pad_chain": 3, "digimon_line": 4}
    while planned < count:
        step = rng.choices(
            ("pad_chain", "pad_skill", "digimon_line", "digimon_option", "digimon_combo"),
            weights=(4, 3, 3, 3, 1),
        )[0]
        size = sizes.get(step, 1)
        if planned + size > count:
            step, size = "pad_skill", 1
        steps.append(step)
        planned += size
    return steps


def generate_cards(
    count: int, *, seed: int = 0, progress: Callable[[int], None] | None = None
) -> int:
    rng = random.Random(seed)
    with transaction.atomic():
        sets = {
            game: CardSet.objects.get_or_create(
                game=game, code=SET_CODE, defaults={"name": SET_NAME}
            )[0]
            for game in (v.PAD, v.DIGIMON)
        }
        start = Card.objects.filter(card_set__code=SET_CODE).count()
        builder = _Builder(rng, start)
        options: list[Card] = []
        for step in _plan(count, rng):
            if step == "pad_chain":
                builder.pad_chain(sets[v.PAD])
            elif step == "pad_skill":
                builder.pad_skill(sets[v.PAD])
            elif step == "digimon_line":
                builder.digimon_line(sets[v.DIGIMON])
            elif step == "digimon_option":
                options.append(builder.digimon_option(sets[v.DIGIMON]))
            elif options:
                builder.digimon_combo(sets[v.DIGIMON], options)
            else:
                options.append(builder.digimon_option(sets[v.DIGIMON]))
        _save(builder, progress)
        for game in (v.PAD, v.DIGIMON):
            link_cards_by_name(game)
        bump_catalogue_version()  # bulk inserts send no signal to the catalogue cache
    return len(builder.cards)


def _save(builder: _Builder, progress) -> None:
    for index, table in builder.attack_rows.items():
        attack_columns.set_from_record(builder.cards[index], table, None)
    for index, items in builder.attacks.items():
        powers = {attack.letter: {"power": attack.power} for attack in items}
        attack_columns.set_from_record(builder.cards[index], None, powers)
    for offset in range(0, len(builder.cards), BATCH):
        Card.objects.bulk_create(builder.cards[offset : offset + BATCH])
        if progress:
            progress(min(offset + BATCH, len(builder.cards)))
    rows = [
        AttackRow(card=builder.cards[index], combos=combos, attack=attack, bonus=bonus)
        for index, table in builder.attack_rows.items()
        for combos, (attack, bonus) in enumerate(table, start=1)
    ]
    AttackRow.objects.bulk_create(rows, batch_size=BATCH)
    attacks = []
    for index, items in builder.attacks.items():
        for attack in items:
            attack.card = builder.cards[index]
            attacks.append(attack)
    DigimonAttack.objects.bulk_create(attacks, batch_size=BATCH)
    ComboComponent.objects.bulk_create(
        [
            ComboComponent(combo=builder.cards[index], position=position, name=name, quantity=qty)
            for index, parts in builder.components.items()
            for position, (name, qty) in enumerate(parts)
        ],
        batch_size=BATCH,
    )
