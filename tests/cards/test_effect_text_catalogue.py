"""Every effect of the starter catalogue worded in the reader's language (issue 29, item 1).

Each card with structured steps (PAD and Digimon, fixtures/) gets a sentence in English,
Traditional and Simplified Chinese: no placeholder left, no English word in the Chinese
(the rulebooks' own "Combo" excepted: the Traditional PAD rules write 湊成Combo), and a
step the words do not cover leaves the whole card unworded rather than half-worded.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from django.utils import translation

from cards.effect_text import effect_text, steps_text
from cards.models import Card

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "zh-hant", "zh-hans")
# Latin words a Chinese sentence may hold: the rulebooks' "Combo" (PAD-5), the attack
# letters A/B/C (DGM-1.1) are single letters and never match.
RULEBOOK_WORDS = {"Combo"}
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
LEFT_OVER = re.compile(r"%\(|%s|%d|\{|\}")
HAN = re.compile(r"[\u4e00-\u9fff]")
# Characters written only in one script (to check each catalogue writes its own).
TRADITIONAL_ONLY = "寵寶進擊麼從對將張隻與戰術組數碼貝棄區時點無"
SIMPLIFIED_ONLY = "宠宝进击么从对将张只与战术组数码贝弃区时点无"


@pytest.fixture(scope="module")
def worded(_module_catalogue, django_db_blocker):
    """{language: {number: text}} for every catalogued card with steps."""
    with django_db_blocker.unblock():
        cards = list(Card.objects.exclude(effect=None).order_by("number"))
        return {
            language: {c.number: effect_text(c, language) for c in cards} for language in LANGUAGES
        }


def test_the_catalogue_has_the_effects_the_issue_counts(worded):
    # fixtures/pad.json: 347 PAD cards with steps; fixtures/digimon.json: 20 options/combos.
    numbers = worded["en"]
    assert sum(1 for n in numbers if n.startswith("B")) == 347
    assert sum(1 for n in numbers if not n.startswith("B")) == 20


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_card_with_steps_is_worded(worded, language):
    unworded = [number for number, text in worded[language].items() if not text]
    assert unworded == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_placeholder_is_left(worded, language):
    broken = {n: t for n, t in worded[language].items() if LEFT_OVER.search(t)}
    assert broken == {}


@pytest.mark.parametrize("language", ["zh-hant", "zh-hans"])
def test_the_chinese_sentences_hold_no_english_word(worded, language):
    english = {
        number: words
        for number, text in worded[language].items()
        if (words := set(LATIN_WORD.findall(text)) - RULEBOOK_WORDS)
    }
    assert english == {}


@pytest.mark.parametrize(
    ("language", "own", "other"),
    [
        ("zh-hant", TRADITIONAL_ONLY, SIMPLIFIED_ONLY),
        ("zh-hans", SIMPLIFIED_ONLY, TRADITIONAL_ONLY),
    ],
)
def test_each_chinese_sentence_is_written_in_its_own_script(worded, language, own, other):
    for number, text in worded[language].items():
        assert HAN.search(text), number
        assert text.endswith("。"), number
        assert not set(text) & set(other), (number, text)
    assert set("".join(worded[language].values())) & set(own)


def test_the_english_sentences_read_as_sentences(worded):
    for number, text in worded["en"].items():
        assert text[0].isupper() and text.endswith("."), number
        assert not HAN.search(text) or number == "R-024", number  # R-024 names 雪人亚古兽 …


# --- a step that cannot be worded --------------------------------------------------------

B01_002 = [{"trigger": "evolve", "action": "draw", "amount": 1}]


@pytest.mark.parametrize(
    "step",
    [
        {"trigger": "evolve", "action": "draw", "amount": 1, "colours": ["purple"]},
        {"trigger": "evolve", "action": "draw", "amount": 1, "mystery": 3},  # unknown key
        {"trigger": "evolve", "action": "teleport", "amount": 1},  # unknown action
        {"trigger": "someday", "action": "draw", "amount": 1},  # unknown trigger
        {"trigger": "activate", "action": "draw", "amount": 1},  # PAD: needs a condition
        {"trigger": "evolve", "action": "draw", "amount": "half"},  # the engine refuses it
        {"trigger": "evolve", "action": "draw", "amount": 1, "max_stage": "evo1"},  # unworded
        "draw a card",  # not a step
    ],
)
def test_one_step_it_cannot_word_leaves_the_whole_effect_unworded(step):
    assert steps_text(B01_002, "pad", kind="pet") is not None
    assert steps_text([*B01_002, step], "pad", kind="pet") is None
    assert steps_text([step, *B01_002], "pad", kind="pet", language="zh-hant") is None


def test_no_steps_is_no_sentence():
    assert steps_text([], "pad") is None
    assert steps_text(None, "digimon") is None
    assert steps_text(B01_002, "yugioh") is None


# --- every phrase is translated ----------------------------------------------------------

PACKAGE = Path(__file__).resolve().parents[2] / "cards" / "effect_text"


def _phrases() -> list[tuple[str, str]]:
    """(context, msgid) of every pgettext / npgettext call of cards/effect_text."""
    found = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") in (
                "pgettext",
                "npgettext",
            ):
                context = _literal(node.args[0])
                found.add((context, node.args[1].value))
    return sorted(found)


def _literal(node) -> str:
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name) and node.id == "CTX":
        return "effect text"
    return _literal(node.left) + _literal(node.right)


def test_the_phrases_are_found():
    assert len(_phrases()) > 150


@pytest.mark.parametrize("language", ["zh-hant", "zh-hans"])
def test_every_phrase_has_a_translation(language):
    untranslated = []
    with translation.override(language):
        for context, msgid in _phrases():
            if translation.pgettext(context, msgid) == msgid:
                untranslated.append((context, msgid))
    assert untranslated == []
