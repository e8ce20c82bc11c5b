"""Field rules for a single card, by game and kind (RULES.md PAD-1, DGM-1).

Returns messages keyed by field so the admin, the importer and the API can point at the
exact field. The database check constraints in models.py back the same rules up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cards import vocabulary as v
from cards.effects import effect_errors

if TYPE_CHECKING:
    from cards.models import Card

PAD_ONLY = {
    "attribute": "attribute",
    "sub_attribute": "sub-attribute",
    "cost": "cost",
    "defense": "defence",
    "pet_type": "pet type",
    "pet_sub_type": "pet type",
    "stage": "evolution stage",
    "orbs": "orbs",
    "effect_types": "PAD effect types",
    "ultimate_requirement": "ultimate requirement",
    "skill_icon": "skill icon",
}
DIGIMON_ONLY = {
    "level": "Digimon level",
    "battle_type": "battle type",
    "lost_iii": "lost points",
    "lost_iv": "lost points",
    "lost_perfect": "lost points",
    "lost_ultimate": "lost points",
    "species": "species",
    "digimon_type": "Digimon type",
    "field_code": "field",
    "background": "background colour",
    "special_keywords": "special ability keywords",
    "evo_circles": "○ requirements",
    "evo_crosses": "× requirements",
    "copy_limit": "copy-limit override",
    "option_type": "option type",
    "timing": "timing",
}
PET_ONLY = ("defense", "pet_type", "pet_sub_type", "stage", "ultimate_requirement")
DIGIMON_CARD_ONLY = (
    "level",
    "battle_type",
    "species",
    "digimon_type",
    "field_code",
    "special_keywords",
    "copy_limit",
    "evo_circles",
    "evo_crosses",
)
OPTION_ONLY = ("option_type", "timing")
GAME_LABEL = {v.PAD: "A PAD card", v.DIGIMON: "A Digimon-game card"}


def _is_set(value) -> bool:
    return value not in (None, "", [], {})


def card_errors(card: Card) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}

    def add(field: str, message: str) -> None:
        errors.setdefault(field, []).append(message)

    if card.kind not in v.KINDS_BY_GAME.get(card.game, ()):
        add("kind", f"A {card.kind} card does not exist in the game {card.game!r}.")
        return errors
    if card.card_set_id and card.card_set.game != card.game:
        add("card_set", "The set belongs to the other game.")
    if not card.names:
        add("name_en", "A card needs a name in at least one language.")
    elif card.name and card.name not in card.names.values():
        add("name", "The display name must be one of the card's names.")

    other_game_fields = DIGIMON_ONLY if card.game == v.PAD else PAD_ONLY
    for field, what in other_game_fields.items():
        if _is_set(getattr(card, field)):
            add(field, f"{GAME_LABEL[card.game]} has no {what}.")

    if card.game == v.PAD:
        _check_pad(card, add)
    else:
        _check_digimon(card, add)
    for message in effect_errors(card.effect, card.game):
        add("effect", message)
    if card.evolves_from_id and card.pk and card.evolves_from_id == card.pk:
        add("evolves_from", "A card cannot evolve from itself.")
    return errors


def _check_pad(card: Card, add) -> None:
    if "heart" in (card.attribute, card.sub_attribute):
        add("attribute", "Heart is an orb colour, never an attribute.")
    orbs = card.orbs or []
    if not v.ORB_MIN <= len(set(orbs)) <= v.ORB_MAX:
        add("orbs", f"A PAD card lights 2 or 3 distinct orb colours, not {len(set(orbs))}.")
    cost_max = v.PET_COST_MAX if card.kind == v.PET else v.SKILL_COST_MAX
    if card.cost is not None and card.cost > cost_max:
        add("cost", f"A {card.kind}'s cost is 0 to {cost_max}.")
    if card.rarity and card.rarity not in v.values(v.PAD_RARITIES):
        add("rarity", "PAD rarities are C, R, SR and UR.")
    if card.kind == v.PET:
        _check_pet(card, add)
    else:
        for field in (*PET_ONLY, "evolves_from_name"):
            if _is_set(getattr(card, field)):
                add(field, f"A skill has no {field.replace('_', ' ')}.")


def _check_pet(card: Card, add) -> None:
    if not card.stage:
        add("stage", "A pet needs its evolution stage.")
    if card.defense is not None and card.defense % v.DEFENSE_STEP:
        add("defense", "Defence is printed in steps of 100.")
    if card.pet_sub_type and card.pet_sub_type == card.pet_type:
        add("pet_sub_type", "The second type icon repeats the first.")
    if card.pet_sub_type and not card.pet_type:
        add("pet_type", "The first type icon is missing.")
    if card.stage == "base" and card.evolves_from_name:
        add("evolves_from_name", "A base pet does not evolve from another pet.")
    if card.stage and card.stage != "base" and not card.evolves_from_name:
        add("evolves_from_name", "An evolved pet names the pet it evolves from.")
    if card.skill_icon:
        add("skill_icon", "Only skills have a skill icon.")


def _check_digimon(card: Card, add) -> None:
    if card.kind != v.DIGIMON_CARD:
        for field in DIGIMON_CARD_ONLY:
            if _is_set(getattr(card, field)):
                add(field, f"Only Digimon cards have {DIGIMON_ONLY[field]}.")
        if any(_is_set(value) for value in card.lost_points.values()):
            add("lost_iii", "Only Digimon cards have lost points.")
    elif not card.level:
        add("level", "A Digimon needs its level.")
    if card.kind != v.OPTION:
        for field in OPTION_ONLY:
            if _is_set(getattr(card, field)):
                add(field, f"Only option cards have {DIGIMON_ONLY[field]}.")
    if card.copy_limit is not None and card.copy_limit <= 3:
        add("copy_limit", "A copy-limit override allows more than 3 copies.")
    # a plug-in option prints its bonus too (St-49 … St-51, issue 13)
    if card.kind not in (v.COMBO, v.OPTION) and card.combo_bonus:
        add("combo_bonus", "Only combo and option cards have a bonus.")
    if card.kind != v.COMBO and card.incompatible:
        add("combo_bonus", "Only combo cards have a bonus and incompatible parts.")
    for field in ("targets", "incompatible"):
        value = getattr(card, field)
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            add(field, "Give a list of names.")


def attack_table_errors(rows: list[tuple[int, int]]) -> list[str]:
    """PAD-1.1: a pet's attack table has exactly six rows of (attack, bonus)."""
    if len(rows) != v.ATTACK_ROWS:
        return [f"The attack table has exactly 6 rows (one per combo count), not {len(rows)}."]
    errors = []
    for combos, (attack, bonus) in enumerate(rows, start=1):
        if attack < 0 or bonus < 0:
            errors.append(f"Row {combos}: attack and bonus cannot be negative.")
    return errors
