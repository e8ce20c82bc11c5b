"""The closed vocabularies of both games (RULES.md PAD-1, DGM-1), as (value, label) pairs."""

from __future__ import annotations

PAD = "pad"
DIGIMON = "digimon"
GAMES = [(PAD, "Puzzle & Dragons TCG"), (DIGIMON, "Digimon card game")]

PET, SKILL, DIGIMON_CARD, OPTION, COMBO = "pet", "skill", "digimon", "option", "combo"
KINDS = [
    (PET, "PAD pet"),
    (SKILL, "PAD skill"),
    (DIGIMON_CARD, "Digimon"),
    (OPTION, "Option"),
    (COMBO, "Combo"),
]
KINDS_BY_GAME = {PAD: (PET, SKILL), DIGIMON: (DIGIMON_CARD, OPTION, COMBO)}

# PAD-1: heart is an orb colour, never an attribute.
ATTRIBUTES = [
    ("fire", "Fire 火"),
    ("water", "Water 水"),
    ("wood", "Wood 木"),
    ("light", "Light 光"),
    ("dark", "Dark 闇"),
]
# PAD-1: the six fixed orb slots along a card's bottom edge, in printed order.
ORB_COLOURS = ("heart", "dark", "light", "wood", "water", "fire")
ORB_MIN, ORB_MAX = 2, 3

PET_TYPES = [
    (value, value.capitalize())
    for value in ("god", "dragon", "healer", "attacker", "devil", "balanced", "physical", "machine")
]
EFFECT_TYPES = ("evolve", "activate", "continuous", "damage", "defence", "ultimate", "awaken")
STAGES = [
    ("base", "Base 初期"),
    ("evo1", "Evo 1 1進化"),
    ("evo2", "Evo 2 2進化"),
    ("evo3", "Evo 3 3進化"),
    ("ultimate", "Ultimate 究極進化"),
]
PAD_RARITIES = [("C", "C"), ("R", "R"), ("SR", "SR"), ("UR", "UR")]
PET_COST_MAX, SKILL_COST_MAX = 3, 2
DEFENSE_MAX, DEFENSE_STEP = 1200, 100
ATTACK_ROWS = 6  # PAD-1.1: one row per combo count 1–6

LEVELS = [
    ("III", "Level III 成长期"),
    ("IV", "Level IV 成熟期"),
    ("perfect", "Perfect 完全体"),
    ("ultimate", "Ultimate 究极体"),
]
LEVEL_VALUES = tuple(value for value, _ in LEVELS)
BATTLE_TYPES = [("A", "A"), ("B", "B"), ("C", "C")]
ATTACK_LETTERS = ("A", "B", "C")
DIGIMON_TYPES = [("vaccine", "Vaccine"), ("data", "Data 资料种"), ("virus", "Virus")]
FIELDS = [
    ("DR", "Dragon's Roar 龙之怒吼"),
    ("ME", "Metal Empire 钢铁帝国"),
    ("NSp", "Nature Spirits 自然灵魂"),
    ("VB", "Virus Busters 病毒克星"),
    ("DS", "Deep Savers 深海救星"),
    ("JT", "Jungle Troopers 丛林骑兵"),
    ("NSo", "Nightmare Soldiers 噩梦兵团"),
    ("WG", "Wind Guardians 风之守卫"),
    ("UK", "Unknown"),
]
SPECIAL_KEYWORDS = ("sky", "underwater", "underground")
OPTION_TYPES = [
    ("crest", "Crest 徽章"),
    ("armor", "Armor digi-egg 装甲"),
    ("evolution", "Evolution option"),
    ("program", "Program 程序卡"),
    ("scene", "Scene 场景卡"),
    ("item", "Item (plug-in, chip: combo part)"),
]
TIMINGS = [("evolution", "Evolution phase"), ("battle", "Battle phase")]

PRINTED, RULES_TEXT, SYNTHETIC = "printed", "rules_text", "synthetic"
PROVENANCES = [
    (PRINTED, "Printed card, checked against a card list"),
    (RULES_TEXT, "Named in the rules text; printed details unknown"),
    (SYNTHETIC, "Synthetic (benchmark data, not a real card)"),
]

NAME_LANGUAGES = ("ja", "zh_hant", "zh_hans", "en")


# How far a card's printed details have been checked (issue 13), shown as a badge.
SCAN, CARD_LIST, RULES, INFERRED = "scan", "card_list", "rules", "inferred"
VERIFICATIONS = [
    (SCAN, "scan-verified"),
    (CARD_LIST, "from a card list"),
    (RULES, "named in the rules"),
    (INFERRED, "inferred"),
]


def values(choices) -> tuple[str, ...]:
    return tuple(value for value, _ in choices)
