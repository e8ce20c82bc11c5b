"""Goldfish engine throughput for Digimon (the engine's benchmark; not a unit test).

    .venv/bin/python bench/goldfish_digimon.py [--games 20000] [--seed 1] [--policy greedy]

Builds a legal 30-card deck straight from fixtures/digimon.json (no Django; DGM-2: 30
cards, at least one Level III, at most 3 per name, at most 5 ultimates): the Agumon and
Gabumon lines with Kabuterimon, their perfects and ultimates, the three plug-ins of the
beginner combo with its combo card, and 紧急中止!. Plays the games against the DGM-5 dummy
on one process and on every core, and times a baseline that only derives the seeds,
shuffles and deals the same deck (DGM-3), then prints JSON with games/s, the speed-up and
the ratio to the baseline. Target: ≥ 5,000 games/s on all cores. The one-process and
all-core reports must be identical.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path
from random import Random

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from goldfish_common import arguments, speed_figures  # noqa: E402

from engine.core.cards import CardSpec, DeckSpec, spec_from_schema  # noqa: E402
from engine.core.seeds import game_seed, shuffle  # noqa: E402

DECK = (
    ("St-1", 3),  # Agumon, III
    ("St-5", 3),  # Gabumon, III
    ("St-2", 3),  # Greymon, IV (Agumon ○○)
    ("St-6", 3),  # Garurumon, IV
    ("St-8", 2),  # Kabuterimon, IV
    ("St-32", 2),  # Skull Greymon, perfect
    ("St-47", 2),  # Were Garurumon, perfect
    ("St-28", 2),  # Atlur Kabuterimon, perfect
    ("St-61", 2),  # War Greymon, ultimate
    ("St-34", 1),  # Saber Leomon, ultimate
    ("St-49", 2),  # Offense Plug-In A
    ("St-51", 2),  # High Speed Plug-In B
    ("St-50", 1),  # Defense Plug-In C
    ("R-055", 1),  # 初学者组合 (the beginner combo of the three plug-ins)
    ("R-026", 1),  # 紧急中止!
)


def catalogue(path: Path = ROOT / "fixtures" / "digimon.json") -> dict[str, CardSpec]:
    """Every card by number; ids in file order, `evolves_from` linked by name."""
    cards = json.loads(path.read_text(encoding="utf-8"))
    ids = {}
    for index, card in enumerate(cards, start=1):
        ids.setdefault(card["name"], index)
    return {
        card["number"]: spec_from_schema(
            card, id=index, evolves_from=ids.get(card.get("evolves_from") or "")
        )
        for index, card in enumerate(cards, start=1)
    }


def starter_deck() -> DeckSpec:
    specs = catalogue()
    deck = [specs[number] for number, copies in DECK for _ in range(copies)]
    names = Counter(card.name for card in deck)
    assert len(deck) == 30, "DGM-2.1"
    assert max(names.values()) <= 3, "DGM-2.2"
    assert sum(card.data.get("level") == "ultimate" for card in deck) <= 5, "DGM-2.3"
    assert any(card.data.get("level") == "III" for card in deck), "DGM-2.4"
    return DeckSpec(game="digimon", deck=tuple(deck))


def shuffle_and_deal(deck: DeckSpec, games: int, seed: int) -> None:
    """The baseline: what every game does before its first decision (DGM-3)."""
    cards = list(deck.deck)
    for index in range(games):
        rng = Random(game_seed(seed, index))
        order = cards[1:]
        shuffle(rng, order)
        gauge = order.pop()
        hand = [order.pop() for _ in range(6)]
        del gauge, hand


def main() -> None:
    args = arguments(__doc__.splitlines()[0], games=20_000)
    deck = starter_deck()
    figures, one = speed_figures(deck, args, shuffle_and_deal)
    report = {
        "deck": {"cards": len(deck.deck), "distinct": len(set(deck.deck))},
        **figures,
        "rounds_played_per_game": round(one["rounds_played"] / args.games, 2),
        "turns_to_win": one["turns_to_win"],
        "level_first_reached": {
            level: block["share_of_games"] for level, block in one["level_first_reached"].items()
        },
        "combos_per_turn_mean": one["combos_per_turn"]["mean"],
        "not_simulated": one["not_simulated"],
    }
    print(json.dumps(report, ensure_ascii=False, indent=2))


if __name__ == "__main__":
    main()
