"""Steps to sentences: each step is a clause (its action, with its own timing) inside a
frame (its trigger and conditions); consecutive steps sharing a frame share a sentence
("…, recover 1 life, then untap all of your pets.").

A step the engine of its game does not run has no agreed meaning, so it is not worded
either; nor is any step with a key or a value the phrases do not cover. One such step
leaves the whole effect unworded (None): the reader then sees the printed text alone,
never a sentence that says less, or something else, than the steps.
"""

from __future__ import annotations

import re
from functools import lru_cache

from django.utils.translation import get_language

from cards.effect_text import digimon, pad_frames, pad_opponent, pad_own
from cards.effect_text.steps import Card, Step
from cards.effect_text.words import CannotWord
from cards.templatetags.card_tags import LABELS
from engine.digimon import effects as digimon_engine
from engine.pad import effects as pad_engine

PAD_ACTIONS = {**pad_own.ACTIONS, **pad_opponent.ACTIONS}

_CJK = "\u3400-\u9fff\uf900-\ufaff"
_CJK_PUNCTUATION = "，。：；、（）！？"
_TIGHT = re.compile(
    rf"(?<=[{_CJK}{_CJK_PUNCTUATION}])\s+(?=[{_CJK}{_CJK_PUNCTUATION}])"
    rf"|(?<=[{_CJK_PUNCTUATION}])\s+|\s+(?=[{_CJK_PUNCTUATION}])"
)
_CJK_THEN_LATIN = re.compile(rf"([{_CJK}])([A-Za-z0-9+\-×])")
_LATIN_THEN_CJK = re.compile(rf"([A-Za-z0-9%])([{_CJK}])")


def _mixed_spaced(text: str) -> str:
    text = _CJK_THEN_LATIN.sub(r"\1 \2", text)
    return _LATIN_THEN_CJK.sub(r"\1 \2", text)


def _spaced(text: str) -> str:
    """Chinese sentences spaced as the site writes them ("抽 1 張卡", "6 Combo 時"): a space
    between Han characters and Latin letters or digits, none between Han characters or
    around full-width punctuation; the stage labels keep the pages' spelling (1進化). The
    translations need not get the spaces right."""
    text = _mixed_spaced(_TIGHT.sub("", text))
    for spaced, label in _stage_labels(get_language()):
        text = text.replace(spaced, label)
    return text


@lru_cache(maxsize=8)
def _stage_labels(language: str) -> tuple[tuple[str, str], ...]:
    """(as `_mixed_spaced` would space it, as the pages write it) of each stage label that
    the spacing would change, in `language` (the active one)."""
    labels = (str(value) for value in LABELS["stage"].values())
    return tuple((_mixed_spaced(label), label) for label in labels if _mixed_spaced(label) != label)


def _capitalised(sentence: str) -> str:
    return sentence[:1].upper() + sentence[1:]


def _pad_clause(step: Step, card: Card) -> tuple[str, str, str]:
    if pad_engine.unsupported(step.raw) is not None:
        raise CannotWord(f"not run by the engine: {pad_engine.unsupported(step.raw)}")
    action = PAD_ACTIONS.get(step.action)
    if action is None:
        raise CannotWord(f"action {step.action!r}")
    frame = pad_frames.frame(step)
    clause = pad_frames.timing(step, action(step, card))
    return frame, clause, pad_frames.joiner(step)


def _digimon_clause(step: Step, card: Card) -> tuple[str, str, str]:
    if digimon_engine.unsupported(step.raw) is not None:
        raise CannotWord(f"not run by the engine: {digimon_engine.unsupported(step.raw)}")
    action = digimon.ACTIONS.get(step.action)
    if action is None:
        raise CannotWord(f"action {step.action!r}")
    clause = digimon.condition(step, action(step, card))
    return digimon.frame(step), clause, digimon.joiner(step)


_CLAUSES = {"pad": _pad_clause, "digimon": _digimon_clause}


def sentences(steps, card: Card) -> list[str] | None:
    """The effect's sentences in the active language, or None when a step cannot be
    worded (or there are no steps)."""
    try:
        return _sentences(steps, card)
    except CannotWord:
        return None


def _sentences(steps, card: Card) -> list[str]:
    clause_of = _CLAUSES.get(card.game)
    if clause_of is None or not isinstance(steps, list) or not steps:
        raise CannotWord("no steps")
    groups: list[tuple[str, str, list[str]]] = []
    for raw in steps:
        step = Step(raw)
        frame, clause, joiner = clause_of(step, card)
        step.check_all_worded()
        if groups and groups[-1][0] == frame:
            groups[-1][2].append(clause)
        else:
            groups.append((frame, joiner, [clause]))
    chinese = (get_language() or "").lower().startswith("zh")
    result = []
    for frame, joiner, clauses in groups:
        effect = clauses[0]
        for clause in clauses[1:]:
            effect = joiner % {"first": effect, "next": clause}
        sentence = _capitalised(frame % {"effect": effect})
        result.append(_spaced(sentence) if chinese else sentence)
    return result


def joined(sentences_: list[str]) -> str:
    """Sentences as one paragraph: a space after a Latin full stop, none after 。."""
    text = ""
    for sentence in sentences_:
        if text and not text.endswith(tuple(_CJK_PUNCTUATION)):
            text += " "
        text += sentence
    return text
