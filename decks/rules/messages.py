"""Error messages of the deck validator and the deck-list parser, in the site's three
languages.

A small table rather than gettext: every message is needed in all three languages at
once (`Violation.messages`), and the Chinese wording uses each game community's own terms
(牌組 / 隊伍 / 寵物 in Traditional, 卡组 / 成长期 / 究极体 in Simplified).
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import get_language

from cards.display_names import display_name
from cards.models import Card

EN, HANT, HANS = "en", "zh-hant", "zh-hans"
LANGUAGES = (EN, HANT, HANS)

# A parameter may be one value for every language or a {language: text} mapping.
Param = str | int | Mapping[str, str]

MESSAGES: dict[str, dict[str, str]] = {
    "deck_size": {
        EN: "The deck must have {min} to {max} cards; it has {count}.",
        HANT: "牌組須有 {min}–{max} 張卡，目前有 {count} 張。",
        HANS: "卡组须有 {min}–{max} 张卡，目前有 {count} 张。",
    },
    "deck_size_exact": {
        EN: "The deck must have exactly {min} cards; it has {count}.",
        HANT: "牌組必須剛好 {min} 張卡，目前有 {count} 張。",
        HANS: "卡组必须正好 {min} 张卡，目前有 {count} 张。",
    },
    "copy_limit": {
        EN: "At most {limit} copies of “{name}” may be in the deck; it has {count}.",
        HANT: "牌組中「{name}」最多只能放 {limit} 張，目前有 {count} 張。",
        HANS: "卡组中“{name}”最多只能放 {limit} 张，目前有 {count} 张。",
    },
    "team_size": {
        EN: "The team must have exactly {size} base pets; it has {count}.",
        HANT: "隊伍必須剛好有 {size} 隻初期寵物，目前有 {count} 隻。",
        HANS: "队伍必须正好有 {size} 只初期宠物，目前有 {count} 只。",
    },
    "team_not_pet": {
        EN: "“{name}” is not a pet: only base pets may be in the team.",
        HANT: "「{name}」不是寵物卡，隊伍只能放初期寵物。",
        HANS: "“{name}”不是宠物卡，队伍只能放初期宠物。",
    },
    "team_not_base": {
        EN: "“{name}” is an {stage} pet: only base pets may be in the team.",
        HANT: "「{name}」是{stage}寵物，隊伍只能放初期寵物。",
        HANS: "“{name}”是{stage}宠物，队伍只能放初期宠物。",
    },
    "ultimate_limit": {
        EN: "At most {limit} ultimate Digimon may be in the deck; it has {count}.",
        HANT: "牌組中究極體數碼寶貝最多 {limit} 張，目前有 {count} 張。",
        HANS: "卡组中究极体数码宝贝最多 {limit} 张，目前有 {count} 张。",
    },
    "no_level_three": {
        EN: "The deck needs at least one Level III Digimon.",
        HANT: "牌組至少需要 1 張成長期數碼寶貝。",
        HANS: "卡组至少需要 1 张成长期数码宝贝。",
    },
    "wrong_game": {
        EN: "“{name}” is a {card_game} card and cannot be in a {game} deck.",
        HANT: "「{name}」是{card_game}的卡，不能放進{game}牌組。",
        HANS: "“{name}”是{card_game}的卡，不能放进{game}卡组。",
    },
    "unknown_card": {
        EN: "Unknown card “{label}”.",
        HANT: "找不到卡片「{label}」。",
        HANS: "找不到卡牌“{label}”。",
    },
    "unknown_card_suggest": {
        EN: "Unknown card “{label}”. Did you mean: {close}?",
        HANT: "找不到卡片「{label}」。你要找的是不是：{close}？",
        HANS: "找不到卡牌“{label}”。你要找的是不是：{close}？",
    },
    "team_not_allowed": {
        EN: "“{name}” cannot be in a team: Digimon decks have no team.",
        HANT: "「{name}」不能放在隊伍：數碼寶貝牌組沒有隊伍。",
        HANS: "“{name}”不能放在队伍：数码宝贝卡组没有队伍。",
    },
    "team_header_not_allowed": {
        EN: "Digimon decks have no team: remove “{text}” and list every card under Deck:.",
        HANT: "數碼寶貝牌組沒有隊伍：請刪除「{text}」，把所有卡列在「卡組:」下。",
        HANS: "数码宝贝卡组没有队伍：请删除“{text}”，把所有卡列在“卡组:”下。",
    },
    "bad_zone": {
        EN: "“{name}” is in an unknown zone “{zone}”: use deck or team.",
        HANT: "「{name}」的位置「{zone}」無效，只能是牌組或隊伍。",
        HANS: "“{name}”的位置“{zone}”无效，只能是卡组或队伍。",
    },
    "bad_quantity": {
        EN: "“{name}”: the count must be at least 1, not {quantity}.",
        HANT: "「{name}」的張數至少要 1，不能是 {quantity}。",
        HANS: "“{name}”的张数至少要 1，不能是 {quantity}。",
    },
    "quantity_too_large": {
        EN: "“{name}”: {quantity} is too many; a line may have at most {max}.",
        HANT: "「{name}」的張數 {quantity} 太多，每行最多 {max} 張。",
        HANS: "“{name}”的张数 {quantity} 太多，每行最多 {max} 张。",
    },
    "malformed_line": {
        EN: "Cannot read “{text}”: write a count and a card name or number, "
        "such as “3 Red Dragon” or “2x B01-002”.",
        HANT: "看不懂「{text}」：請寫張數和卡名或卡號，例如「3 Red Dragon」或「2x B01-002」。",
        HANS: "看不懂“{text}”：请写张数和卡名或卡号，例如“3 Red Dragon”或“2x B01-002”。",
    },
    "ambiguous_card": {
        EN: "“{label}” matches several cards: {candidates}. Write the card number instead.",
        HANT: "「{label}」對應到多張卡：{candidates}。請改寫卡號。",
        HANS: "“{label}”对应到多张卡：{candidates}。请改写卡号。",
    },
    "list_too_large": {
        EN: "The list is too large: at most {max_lines} lines and {max_kb} KB.",
        HANT: "清單太長：最多 {max_lines} 行、{max_kb} KB。",
        HANS: "列表太长：最多 {max_lines} 行、{max_kb} KB。",
    },
}

GAME_NAMES = {
    "pad": {EN: "Puzzle & Dragons TCG", HANT: "龍族拼圖 TCG", HANS: "智龙迷城 TCG"},
    "digimon": {EN: "Digimon card game", HANT: "數碼寶貝卡片遊戲", HANS: "数码宝贝卡牌游戏"},
}

STAGE_NAMES = {
    "base": {EN: "base", HANT: "初期", HANS: "初期"},
    "evo1": {EN: "evo 1", HANT: "1進化", HANS: "1进化"},
    "evo2": {EN: "evo 2", HANT: "2進化", HANS: "2进化"},
    "evo3": {EN: "evo 3", HANT: "3進化", HANS: "3进化"},
    "ultimate": {EN: "ultimate", HANT: "究極進化", HANS: "究极进化"},
}

_LIST_SEPARATOR = {EN: ", ", HANT: "、", HANS: "、"}


def active_language() -> str:
    """The site language closest to the active Django language (zh-tw reads Traditional)."""
    language = (get_language() or EN).casefold()
    if not language.startswith("zh"):
        return EN
    if any(tag in language for tag in ("hant", "tw", "hk", "mo")):
        return HANT
    return HANS


def card_name(card: Card) -> dict[str, str]:
    """A card's name per language, by the fallback order of cards/display_names.py."""
    return {lang: display_name(card, lang) for lang in LANGUAGES}


def joined(items: list[str]) -> dict[str, str]:
    return {lang: _LIST_SEPARATOR[lang].join(items) for lang in LANGUAGES}


def render(key: str, **params: Param) -> tuple[str, dict[str, str]]:
    """(message in the active language, {language: message}) for a table entry."""
    templates = MESSAGES[key]
    messages = {}
    for lang in LANGUAGES:
        values = {
            name: value[lang] if isinstance(value, Mapping) else value
            for name, value in params.items()
        }
        messages[lang] = templates[lang].format(**values)
    return messages[active_language()], messages
