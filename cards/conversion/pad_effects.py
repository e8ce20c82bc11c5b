"""PAD card texts (the fan list's English) → effect steps, by an ordered table of rules.

`parse(text, card)` reads a printed text as the steps of docs/card-schema.md and the issue-13
vocabulary; `steps_for(text, card)` gives `(steps, not_simulated_reason)`. A text is read in
this order, and it is understood only if the WHOLE of it is consumed:

1. `WHOLE_TEXT` rules: texts that are one effect of their own (mostly continuous ones:
   "This monster can guard against multiple monsters.").
2. A `TRIGGERS` rule reads the opening words ("When you place this card to evolve one of
   your monsters, " → trigger `evolve`); a skill without one is `play`, a pet `continuous`.
3. `TIMINGS` take the timing words out of the rest ("at the end of your Refresh Phase"),
   then `CLAUSES` read what is left (one rule per clause family; "X. Then, Y" is X and Y).

Before all of them, cards.conversion.pad_effect_phrasing rewrites the wordings of the texts
read from the printed scans (issue 26) into the list's, and names the texts whose effect
has no step in the vocabulary (their reason is given instead of steps).

Anything else gets `not_simulated_reason` "needs: …" and no steps: a new text never gets
a guessed effect.

Decisions (issue 13), each one where the rule that makes it is:
- B02-044/045 "all of your opponent's monsters get 100 (200) defense until the end of your
  turn": read as −100 (−200). An effect played in the own turn that made the opponent's
  guards stronger would only hurt its player, and the same family of cards says "loses
  200 defense" (B02-113, B03-030); the list most likely dropped the minus sign. The card
  gets a `data_issues` entry on `text` saying so, rather than a silent change.
- "Whenever you make 4 combos" = at least 4 (`min_combos`, as "6 combos" always was).
- B01-102 "devolve all monsters with 500 or less defense": both sides, literally — one
  `opponent_devolve` and one own `devolve`, both `scope: "all"` with `max_defense`.
- "at the end of your Refresh Phase" (= the cleanup phase, PAD-4.6) → `when: "cleanup"`.
  Other timing words name the moment the trigger already happens at, or a moment with no
  effect on what the step does, and are dropped: "at the end of your Puzzle Phase" (the
  activate trigger runs after the combo step), "at the end of the attack phase" / "at the
  end of your opponent's Attack Phase" on damaged/guard triggers (it is the opponent's
  turn: nothing of the owner's moves between), "at the end of the drop start step".
- "you can …" on moves out of the own hand (B01-074, B01-080, B02-079) is optional:
  `up_to: true`, as "you can choose up to 2 cards" (B05-020) always was.
- "Choose a Fire card in your hand and use it for 1 less cost" (B02-102 …) is read as
  `cost_reduction` of that colour with `cards: "any"`: a card is a monster (evolved for
  less, as "evolve it for 1 less cost", B01-104) or a skill of that colour (used for
  less); B01-104's "monster … evolve it" has no `cards` and evolves only.
- A discard-pile search for "a Fire monster" has `target: "fire"`: on discard_to_hand the
  attribute target means a monster of it (every such text says monster).
- "recover HP until you have 5 HP" (B02-055) is `heal` 5: each point heals only below 5
  life (PAD-4.4.4, PAD-6.3), so five points stop at 5.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from cards.conversion.pad_effect_clauses import CLAUSES
from cards.conversion.pad_effect_phrasing import canonical, needs
from cards.conversion.pad_effect_rules import (
    STEP_KEYS,
    TIMINGS,
    TRIGGERS,
    WHOLE_TEXT,
    Rule,
)

UNREAD = "needs: a reading of this text (no parser rule matches it)"


@dataclass
class Reading:
    steps: list[dict[str, Any]] = field(default_factory=list)
    reason: str | None = None
    issues: list[dict[str, Any]] = field(default_factory=list)


RULES: tuple[Rule, ...] = WHOLE_TEXT + TRIGGERS + CLAUSES
THEN = re.compile(r"\. then, ", re.IGNORECASE)  # "X. Then, Y" (B03-022)


# --- Reading ---------------------------------------------------------------------------


def normalise(text: str) -> str:
    """One line, single spaces, no final full stop (the list is not consistent about it)."""
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"\s+([.,])", r"\1", text)
    return text.rstrip(". ").strip()


def ordered_step(raw: Mapping[str, Any]) -> dict[str, Any]:
    unknown = set(raw) - set(STEP_KEYS)
    if unknown:
        raise ValueError(f"step keys outside the vocabulary: {sorted(unknown)}")
    return {key: raw[key] for key in STEP_KEYS if key in raw}


def _clause(text: str, card: Mapping[str, Any], reading: Reading) -> list[dict] | None:
    for clause_rule in CLAUSES:
        found = clause_rule.pattern.fullmatch(text)
        if found:
            if clause_rule.issue:
                reading.issues.append(clause_rule.issue(found))
            return clause_rule.build(found, card)
    # "X. Then, Y" (B03-022): X, then Y.
    parts = THEN.split(text, maxsplit=1)
    if len(parts) == 2:
        head, tail = _clause(parts[0], card, reading), _clause(parts[1], card, reading)
        if head is not None and tail is not None:
            return head + tail
    return None


def _part(text: str, card: Mapping[str, Any], reading: Reading) -> list[dict] | None:
    for whole in WHOLE_TEXT:
        found = whole.pattern.fullmatch(text)
        if found:
            return [ordered_step(raw) for raw in whole.build(found, card)]
    trigger: dict[str, Any] = {"trigger": "play" if card.get("kind") == "skill" else "continuous"}
    rest = text
    for trigger_rule in TRIGGERS:
        found = trigger_rule.pattern.match(text)
        if found:
            trigger, rest = trigger_rule.build(found, card), text[found.end() :]
            break
    timing: dict[str, Any] = {}
    for pattern, fields in TIMINGS:
        if pattern.search(rest):
            rest, timing = normalise(pattern.sub(" ", rest)), timing | fields
    steps = _clause(normalise(rest), card, reading)
    if steps is None:
        return None
    return [ordered_step({**trigger, **raw, **timing}) for raw in steps]


def parse(text: str | None, card: Mapping[str, Any]) -> Reading:
    """The steps a printed text reads as, or why none (`card`: the card dict, for its kind
    and attribute). Two-part texts ("first / second") are read part by part."""
    if not text or not text.strip():
        return Reading()
    reason = needs(text)
    if reason:
        return Reading(reason=reason)
    text = canonical(normalise(text))
    reading = Reading()
    for part in text.split(" / "):
        steps = _part(normalise(part), card, reading)
        if steps is None:
            return Reading(reason=UNREAD)
        reading.steps.extend(steps)
    return reading


def steps_for(text: str | None, card: Mapping[str, Any]) -> tuple[list[dict], str | None]:
    """(the effect steps of `text`, None) or ([], "needs: …") when no rule reads it."""
    reading = parse(text, card)
    return reading.steps, reading.reason
