"""The Puzzle & Dragons TCG goldfish engine (RULES.md Part 1); registers as game `pad`.

state.py — zones and verbs; rules.py — the turn (PAD-4), combos (PAD-5), edge cases
(PAD-6); effects.py — the effect vocabulary; policies.py — decision makers;
report.py — batch tallies; engine.py — deck checks and one game.
"""

from engine.core.registry import register
from engine.pad.engine import PadEngine

ENGINE = register(PadEngine())
