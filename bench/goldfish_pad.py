"""Goldfish engine throughput for PAD (the engine's benchmark; not a unit test).

    .venv/bin/python bench/goldfish_pad.py [--games 10000] [--seed 1] [--policy greedy]

Builds a 40-card dragon starter-like deck straight from fixtures/pad.json (no Django):
a team of the five Lil' dragons, for each colour 3 evo1, 2 evo2 and 1 evo3 of the line,
and 10 skills. Plays the games on one process and on every core, and times a baseline
that only derives the seeds, shuffles and deals the same deck (PAD-3), then prints JSON
with games/s, the speed-up and the ratio to the baseline. Target: ≥ 10,000 games/s on
all cores (issue 12: the goldfish keeps it while matchups arrive). The one-process and
all-core reports must be identical. The machine may be shared: compare variants back to
back, several runs each, by their medians.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from random import Random

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from goldfish_common import arguments, speed_figures  # noqa: E402

from engine.core.cards import DeckSpec, specs_from_schema  # noqa: E402
from engine.core.seeds import game_seed, shuffle  # noqa: E402

LINES = (
    ("Lil' Red Dragon", "Red Dragon", "Volcano Dragon", "Meteor Volcano Dragon"),
    ("Lil' Blue Dragon", "Blue Dragon", "Aurora Dragon", "Crystal Aurora Dragon"),
    ("Lil' Green Dragon", "Green Dragon", "Earth Dragon", "Graviton Earth Dragon"),
    ("Lil' White Dragon", "White Dragon", "Holy Dragon", "Lightning Holy Dragon"),
    ("Lil' Black Dragon", "Black Dragon", "Devil Dragon", "Chaos Devil Dragon"),
)
COPIES = (3, 2, 1)  # evo1, evo2, evo3
TARGET = 10_000  # goldfish games/s on all cores of the 2-core machine (issue 12)
SKILLS = (
    ("ルビリット", 1),
    ("Sapphilit", 1),
    ("Emelit", 1),
    ("Topalit", 1),
    ("Amelit", 1),
    ("Mythlit", 2),
    ("Quick Boost", 1),
    ("Light Of Mighty Healing", 1),
    ("Fire Orb Change", 1),
)


def starter_deck(path: Path = ROOT / "fixtures" / "pad.json") -> DeckSpec:
    specs = specs_from_schema(json.loads(path.read_text(encoding="utf-8")))
    team = tuple(specs[line[0]] for line in LINES)
    deck: list = []
    for line in LINES:
        for name, copies in zip(line[1:], COPIES, strict=True):
            deck += [specs[name]] * copies
    for name, copies in SKILLS:
        deck += [specs[name]] * copies
    return DeckSpec(game="pad", deck=tuple(deck), team=team)


def shuffle_and_deal(deck: DeckSpec, games: int, seed: int) -> None:
    """The baseline: what every game does before its first decision."""
    cards = list(deck.deck)
    for index in range(games):
        rng = Random(game_seed(seed, index))
        order = cards[:]
        shuffle(rng, order)
        life = [order.pop() for _ in range(5)]
        hand = [order.pop() for _ in range(5)]
        orbs = [[order.pop()] for _ in range(3)]
        del life, hand, orbs


def main() -> None:
    args = arguments(__doc__.splitlines()[0], games=10_000)
    deck = starter_deck()
    figures, one = speed_figures(deck, args, shuffle_and_deal)
    figures["target_games_per_s"] = TARGET
    figures["meets_target"] = figures["all_cores"]["games_per_s"] >= TARGET
    report = {
        "deck": {"cards": len(deck.deck), "team": [card.name for card in deck.team]},
        **figures,
        "turns_to_win": one["turns_to_win"],
        "combos_per_turn_mean": one["combos_per_turn"]["mean"],
        "not_simulated": one["not_simulated"],
    }
    print(json.dumps(report, ensure_ascii=False, indent=2))


if __name__ == "__main__":
    main()
