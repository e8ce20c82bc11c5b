"""The scan readers' wordings of PAD effect texts → the fan list's, and the texts the engine
has no vocabulary for (issue 26; cards/conversion/pad_effects.py applies both first).

The English texts read from the printed cards (`text_en` of fixtures/curated/pad_scans/)
say the same effects as the list in other words ("When this card evolves, " for "When you
place this card to evolve one of your monsters, "), so `canonical(text)` rewrites each known
wording into the list's, one row per wording family naming its cards, and the rules of
pad_effect_rules / pad_effect_clauses read the result. The list's own texts pass unchanged.
Decisions taken here:
- "reveal the top card … and put it in your Drop Area" is the list's "take the top card …":
  the revealed card is seen by both players, which changes nothing the engine plays.
- "draw a card from the top of your deck at the end of the Puzzle Phase" is "draw a card":
  the activate trigger already runs after the combo step (pad_effects' timing words).
- "discard the top card of" an opponent's evolved monster is the list's "devolve" (the
  schema's `opponent_devolve`: a lone base pet keeps its card). "choose one of your
  opponent's drop areas with 2 or more cards and discard a card from it" is
  `opponent_orb_discard` (a column keeps at least one card).
- B01-102 prints "discard the top card of every evolved monster with 500 or less defense,
  except this monster": read as the list's "devolve all monsters with 500 or less defense"
  (both sides, issue 13); the engine's own-side devolve picks one evolved pet, never the one
  just evolved by its policy's choice alone — the exception is not expressible as a step.
- "During your opponent's turn, … pay the cost to evolve into this card … Guard Declaration
  Step" is the defence effect type of a pet (PAD-1.3): a `defence` / `evolve_self` step, a
  part of its own (" / ") before the card's other effect (engine/pad/defence.py runs it).

`NEEDS` names the texts whose effect has no step in the schema's vocabulary; they get that
reason instead of steps, never a guessed reading.
"""

from __future__ import annotations

import re

_COL = r"(fire|water|wood|light|dark)"


def _row(pattern: str, replacement: str, examples: str) -> tuple[re.Pattern[str], str, str]:
    return re.compile(pattern, re.IGNORECASE), replacement, examples


PHRASES: tuple[tuple[re.Pattern[str], str, str], ...] = (
    # Parts: the defence-type evolution of a pet, then its other effect.
    _row(
        r"^during your opponent's turn, (?:in your guard declaration step, )?you (?:can|may) pay "
        r"(?:its|the) cost to evolve into this card(?: (?:during|at|in) your guard declaration "
        r"step)?\.\s*",
        "During your opponent's turn, you can pay its cost to evolve into this card in your "
        "Guard Declaration Step / ",
        "B04-038 B04-048 B04-051 B04-068 B04-083",
    ),
    _row(
        r"^\(if you draw this card from your hp when you take damage, you can pay its cost to use "
        r"it\.\) if you have less than 5 hp, you may discard 2 cards from your hand to heal 1 hp",
        "If you draw this card from your HP when you take damage, you can discard 2 cards and "
        "heal 1 HP",
        "B01-118",
    ),
    _row(
        r"^\(when this card comes to your hand from taking damage, you can pay its cost to evolve "
        r"into it\.?\)$",
        "If you draw this card from your HP when you take damage, you can evolve a monster into "
        "this monster",
        "B01-012",
    ),
    _row(
        r"^when this card comes to your hand by damage, you may reveal it and put it in your "
        r"drop area",
        "If you draw this card from your HP when you take damage, you can put this card in your "
        "drop area",
        "B03-012",
    ),
    # Triggers.
    _row(
        r"\bwhen this card evolves, ",
        "When you place this card to evolve one of your monsters, ",
        "B01-022 B02-050 B04-050",
    ),
    _row(r"\bat the start of your turn, ", "At the beginning of your turn, ", "B04-073 B04-083"),
    # B03-030: the activate trigger runs after the combo step, before the attack phase; the
    # defence change lasts the turn either way.
    _row(r"\bat the start of the attack phase,? ", "", "B03-030"),
    _row(
        r"^(?:during your puzzle phase, (?:if|when) you (?:match|make) (\d+)(?: or more)? combos"
        r"|(?:when|if) you make (\d+)(?: or more)? combos (?:in|during) your puzzle phase), ",
        r"Whenever you make \1\2 combos in your Puzzle Phase, ",
        "B01-100 B02-093 B03-030 B04-074 B04-084",
    ),
    _row(
        rf"^if you make an? {_COL} combo during your puzzle phase, ",
        r"During your Puzzle Phase, if you match a \1 combo, ",
        "B03-032",
    ),
    _row(
        r"^(?:when|if) you take damage from an attack of an opponent's monster, ",
        "If you take damage from an opponent's monster, ",
        "B03-044 B04-053",
    ),
    _row(
        r"^until the end of the turn, whenever your opponent takes damage from a monster's "
        r"attack, ",
        "Until the end of the turn, whenever your opponent takes damage, ",
        "B03-087 B03-088 B03-091",
    ),
    _row(
        r"^when your hp reaches 0 from damage, put this card from your monster area face-down "
        r"at the very bottom of your hp",
        "When your HP reaches 0, put this card in your HP (face-down)",
        "B02-048",
    ),
    _row(
        rf"^(?:when|if) this monster declares a guard against an attack (?:by|of) an? {_COL} "
        r"monster, (?:it|this monster) gets \+(\d+) defense until the end of the guard",
        r"If this monster guards against an opponent's \1 monster, this monster gets +\2 "
        r"defense until the end of their turn",
        "B03-036 B03-040",
    ),
    # Clauses.
    _row(
        r"\breveal the top card of your deck and put it in your drop area",
        "take the top card of your deck and put it in your Drop Area",
        "B01-022 B05-019",
    ),
    _row(
        r"\bdraw a card from the top of your deck(?: at the end of the (?:puzzle|attack) phase)?",
        "draw a card",
        "B02-072 B04-053 B04-074",
    ),
    _row(r"\bdraw a card from your deck\b", "draw a card", "B03-088"),
    _row(
        rf"\bchoose (?:one|1) of your {_COL} monsters and activate it",
        r"activate one of your \1 monsters",
        "B01-035",
    ),
    _row(
        r"\bchoose (?:one|1) of your opponent's drop areas with 2 or more cards and discard a "
        r"card from it|choose 1 card from one of your opponent's drop areas that holds 2 or more "
        r"cards and discard it",
        "discard a card from one of your opponent's drop areas",
        "B01-088 B01-114 B03-087",
    ),
    _row(
        r"\bdeal (\d+) damage to your opponent's life, and choose a card from your opponent's "
        r"drop area, if it holds 2 or more cards, and discard it",
        r"deal \1 damage to your opponent. Then, discard a card from one of your opponent's "
        r"drop areas",
        "B04-084",
    ),
    _row(
        r"\bfrom every one of your opponent's drop areas discard all cards except the frontmost "
        r"one",
        "discard all but one card from every one of the opponent's drop areas",
        "B04-050",
    ),
    _row(
        r"\bdiscard the top card of every evolved monster with (\d+) or less defense, except "
        r"this monster",
        r"devolve all monsters with \1 or less defense",
        "B01-102",
    ),
    _row(
        rf"\bchoose (?:one|1) of your opponent's evolved (?:{_COL} )?monsters with (\d+) "
        r"(?:or less defense|defense or less) and discard its top card",
        r"devolve one of your opponent's \1 monsters with \2 or less defense",
        "B02-093",
    ),
    _row(
        r"\bchoose up to (\d+) of your opponent's evolved monsters and discard the top card of "
        r"each",
        r"devolve \1 of your opponent's monsters",
        "B02-082",
    ),
    _row(
        rf"^choose an? {_COL} card in your hand[;.] you (?:may|can) evolve (?:with|into) it or "
        r"use it for (\d+) less cost",
        r"Choose a \1 card in your hand and use it for \2 less cost",
        "B02-102 B02-106",
    ),
    _row(
        r"^if you have less than 5 hp, recover (\d+) hp\.",
        r"recover \1 HP.",
        "B03-022",
    ),
    _row(
        r"\bchoose (?:one|1) of your opponent's monsters; it gets -(\d+) defense until the end "
        r"of the turn",
        r"choose one of your opponent's monsters. That monster loses \1 defense until the end "
        r"of your turn",
        "B03-030",
    ),
    _row(
        r"\ball of your opponent's monsters get -(\d+) defense until the end of the turn",
        r"all of your opponent's monsters lose \1 defense until the end of your turn",
        "B02-044 B02-045",
    ),
    _row(
        rf"\breveal the top card of your deck; if it has an? {_COL} drop, place it in your drop "
        r"area, otherwise put it into your hand",
        r"reveal the top card of your deck. If it has a \1 drop, put it in your drop area. If "
        r"not, put it in your hand",
        "B04-067",
    ),
    _row(
        r"\bthey choose a card from their hand and discard it",
        "they discard a card from their hand",
        "B03-091",
    ),
    _row(r"\b(\w+)-(?:type|attribute) monsters\b", r"\1 type monsters", "B01-100 B04-071"),
    _row(r"\bget \+(\d+) bonus damage until the end of the turn", r"get +\1 damage", "B01-100"),
    _row(
        r"^(?:search your discard pile for an?|choose 1) (\w+) type monster card (?:from your "
        r"discard pile )?and put it in your hand",
        r"Choose a \1 type monster from your discard pile and put it in your hand",
        "B04-099 B04-100",
    ),
)

NEEDS: tuple[tuple[re.Pattern[str], str, str], ...] = ()


def canonical(text: str) -> str:
    """The text with every known reader's wording replaced by the list's."""
    for pattern, replacement, _examples in PHRASES:
        text = pattern.sub(replacement, text)
    return text


def needs(text: str) -> str | None:
    """Why the engine cannot play this text ("needs: …"), when a NEEDS row names it."""
    for pattern, reason, _examples in NEEDS:
        if pattern.search(text):
            return reason
    return None
