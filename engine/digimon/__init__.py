"""The original Digimon card game's goldfish engine (RULES.md Part 2); registers as game
`digimon`.

cards.py — compiled cards and the defaults for unknown card data; state.py — the battle
sheet's zones and verbs; rules.py — the round (DGM-3 … DGM-5); effects.py — the effect
vocabulary; policies.py — decision makers; report.py — batch tallies; engine.py — deck
checks, options and one game.
"""

from engine.core.registry import register
from engine.digimon.engine import DigimonEngine

ENGINE = register(DigimonEngine())
