"""Real cards' effects as a reader of each language reads them (issue 29, item 1).

The expected sentences are written by hand from the card's steps (fixtures/), the
engines' reading of them (engine/pad/effects.py, engine/digimon/effects.py) and the
site's words (寵物, 寶珠區, 棄牌區, 橫置 / 重置, 轉珠階段, 結束階段, Combo).
"""

from __future__ import annotations

import pytest

from cards.effect_text import effect_text
from cards.models import Card

pytestmark = pytest.mark.django_db


def worded(number: str, language: str) -> str | None:
    return effect_text(Card.objects.get(number=number), language)


# (number, language, expected)
SENTENCES = [
    # PAD-1.3 evolve: the brief's own example.
    ("B01-002", "en", "When you evolve a pet with this card, draw 1 card."),
    ("B01-002", "zh-hant", "以此卡進化寵物時，抽 1 張卡。"),
    ("B01-002", "zh-hans", "以此卡进化宠物时，抽 1 张卡。"),
    # PAD-5.2: six combos is the most a turn makes, so "6 or more" reads "6 combos".
    (
        "B01-100",
        "en",
        "When you make 6 combos in your puzzle phase, all of your Dragon-type pets get +1 "
        "bonus damage until the end of the turn.",
    ),
    (
        "B01-100",
        "zh-hant",
        "在轉珠階段達成 6 Combo 時，直到回合結束，自己所有的龍類型寵物追加傷害 +1。",
    ),
    # PAD-1.2 / PAD-4.3.1: a Fire skill; `cards: "any"` lets a skill be used for less too.
    (
        "B02-102",
        "en",
        "Evolve one of your pets with a Fire pet card from your hand, or use a Fire skill card "
        "from your hand, for 1 less cost.",
    ),
    (
        "B02-102",
        "zh-hant",
        "以手牌中的 1 張火屬性寵物卡進化自己的寵物，或使用手牌中的 1 張火屬性技能卡，費用減少 1。",
    ),
    # PAD-4.5.3: a skill drawn from life by damage is paid for; its two steps in order.
    (
        "B01-118",
        "en",
        "When damage draws this card from your life, you may pay this card's cost: discard 2 "
        "cards from your hand, then recover 1 life.",
    ),
    (
        "B01-118",
        "zh-hant",
        "因受到傷害而從生命區抽到此卡時，可以支付此卡的費用：從手牌丟棄 2 張卡，"
        "然後回復 1 點生命。",
    ),
    # Two continuous steps under one condition hold at once ("and", not "then").
    (
        "B03-071",
        "en",
        "While you have 3 or fewer life cards, this pet gets +300 attack, and this pet gets "
        "+1 bonus damage.",
    ),
    ("B03-071", "zh-hans", "自己的生命卡在 3 张以下时，此宠物攻击力 +300，并且此宠物追加伤害 +1。"),
    # `when: "puzzle"` with `min_combos`, `up_to` and `max_total_defense` (B04-106).
    (
        "B04-106",
        "en",
        "If you make 5 or more combos in your next puzzle phase, tap up to 2 of your "
        "opponent's pets with a total defence of 900 or less.",
    ),
    (
        "B04-106",
        "zh-hant",
        "若在下一次轉珠階段達成 5 Combo 以上，將對手至多 2 隻防禦力合計 900 以下的寵物橫置。",
    ),
    # PAD-4.6: `when: "cleanup"`; reveal_top tests the orbs and names both destinations.
    (
        "B04-066",
        "en",
        "When this pet's attack deals damage, at the end of this turn's cleanup phase, reveal "
        "the top card of your deck: if it has a Dark orb, put it into your orb area; otherwise "
        "put it into your discard pile.",
    ),
    (
        "B04-066",
        "zh-hant",
        "此寵物的攻擊造成傷害時，在本回合的結束階段結束時，翻開牌組最上方的卡："
        "若它有闇寶珠，將它放到寶珠區；否則將它放到棄牌區。",
    ),
    # negate_damage happens before the damage is taken.
    (
        "B02-049",
        "en",
        "When an opponent's attack would deal damage to you, you may negate 1 damage for each "
        "2 cards you discard from your hand.",
    ),
    (
        "B02-049",
        "zh-hant",
        "對手的攻擊將對自己造成傷害時，每從手牌丟棄 2 張卡，可以使 1 點傷害無效。",
    ),
    # PAD-1.3 defence type at the defence declaration (PAD-4.5.2), then PAD-4.1's untap.
    (
        "B04-038",
        "en",
        "At your defence declaration in your opponent's turn, you may pay this card's cost: "
        "evolve one of your pets into this card. At the start of your turn, untap this pet.",
    ),
    (
        "B04-038",
        "zh-hant",
        "在對手回合的防禦宣言時，可以支付此卡的費用：以此卡進化自己的 1 隻寵物。"
        "自己的回合開始時，重置此寵物。",
    ),
    # `up_to` 1: the player may decline each of the two steps.
    (
        "B03-034",
        "en",
        "When you evolve a pet with this card, you may put 1 card from your discard pile into "
        "your hand, then you may put 1 card from your discard pile into your orb area.",
    ),
    (
        "B03-034",
        "zh-hans",
        "以此卡进化宠物时，可以从弃牌区将 1 张卡加入手牌，然后可以从弃牌区将 1 张卡放到宝珠区。",
    ),
    # A stage keeps the pages' spelling (1進化) inside a sentence.
    ("B04-039", "en", "Your opponent's pets at Evo 1 or below cannot block this pet."),
    ("B04-039", "zh-hant", "對手的 1進化以下的寵物無法防守此寵物。"),
    (
        "B01-109",
        "en",
        "Reveal the top card of your deck: if it has a Fire orb, put it into your orb area; "
        "otherwise put it into your hand.",
    ),
    # DGM-1.3 combo: attack, defence (the opponent's power) and speed +25 %.
    (
        "R-055",
        "en",
        "When this combo is complete, your Digimon gets +25% power, then your opponent's "
        "Digimon gets -25% power, then your Digimon gets +25% speed (the faster side wins a "
        "tie).",
    ),
    (
        "R-055",
        "zh-hans",
        "组合完成时，自己的数码宝贝攻击力 +25%，然后对手的数码宝贝攻击力 -25%，"
        "然后自己的数码宝贝速度 +25%（平手时速度较快的一方获胜）。",
    ),
    # DGM-1.2 网络密码!: all but data-type Digimon cannot act for 3 rounds.
    (
        "R-028",
        "en",
        "Every Digimon in play, except Data Digimon, cannot act for 3 rounds: its attack "
        "counts as 0.",
    ),
    (
        "R-028",
        "zh-hant",
        "場上所有的數碼寶貝（資料種數碼寶貝除外）在 3 回合內無法行動：攻擊力計為 0。",
    ),
    # DGM-1.2 绝对服从!
    (
        "R-029",
        "en",
        "If your opponent's Digimon is of a lower level than yours, the power of your "
        "opponent's Digimon becomes 0.",
    ),
    # DGM-1.1 plug-in: the attack letter it selects, then its bonus.
    ("St-49", "en", "Your Digimon attacks with its A attack, then your Digimon gets +30 power."),
    ("St-49", "zh-hant", "自己的數碼寶貝改用 A 招式攻擊，然後自己的數碼寶貝攻擊力 +30。"),
]


@pytest.mark.parametrize(("number", "language", "expected"), SENTENCES)
def test_the_card_effect_reads(catalogue, number, language, expected):
    assert worded(number, language) == expected


def test_named_digimon_are_named_as_the_card_pages_name_them(catalogue):
    """冰封的记忆 (R-024) names five Digimon in Simplified Chinese; the catalogued one (St-80
    冰恶魔兽, Ice Devimon) reads as its page names it, the others keep the data's name, in
    the reader's script (NAME-1: no invented names)."""
    assert worded("R-024", "en") == (
        "In the evolution phase, your Digimon evolves at once into a Digimon of the next level "
        "among 雪人亚古兽, 雪人兽, Ice Devimon, 冰巫师兽 or 钢铁加鲁鲁 from your hand that "
        "evolves from it, with no requirement cards; you cannot evolve in the next round."
    )
    assert worded("R-024", "zh-hant") == (
        "在進化階段，自己的數碼寶貝不需進化條件卡，立即進化為手牌中由其進化而來的"
        "雪人亞古獸、雪人獸、冰惡魔獸、冰巫師獸或鋼鐵加魯魯之中的下一等級的數碼寶貝；"
        "下一回合不能進化。"
    )


def test_a_card_without_steps_has_no_worded_effect(catalogue):
    assert worded("B01-001", "en") is None  # Lil' Red Dragon: no effect
    assert worded("St-1", "zh-hant") is None  # Agumon: its attacks are no steps
