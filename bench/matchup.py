"""Matchup throughput for both games: two decks, both played (PAD-7, DGM-6; not a unit test).

    .venv/bin/python bench/matchup.py [--games 20000] [--seed 1] [--game pad|digimon]
        [--policy greedy] [--opponent-policy greedy] [--smoke]

Builds real reference-style decks straight from fixtures/ (no Django): for PAD the five
dragon lines of the goldfish benchmark against a mono-fire list (five base fire pets as the
team, then every fire card three at a time up to 40, as decks/starter_lists.pad_list does);
for Digimon the goldfish benchmark's Agumon/Gabumon deck against a list of four Level III,
four Level IV and two perfect Digimon (decks/starter_lists.digimon_list). Plays the games on
one process and on every core and times the floor of any matchup in the same run: deriving
each game's seed and shuffling and dealing both decks. Prints JSON per game with games/s,
the speed-up and the ratio to the floor. Target: ≥ 2,000 matchup games/s per game on all
cores and at most 25× the floor; the one-process and all-core reports must be identical.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import goldfish_digimon  # noqa: E402
import goldfish_pad  # noqa: E402
from goldfish_common import argument_parser, parse, timed  # noqa: E402

from engine.core.batch import CHUNK, cpu_count  # noqa: E402
from engine.core.cards import DeckSpec, spec_from_schema  # noqa: E402
from engine.core.matchup import Opponent, run_matchup  # noqa: E402

TARGET = 2000  # matchup games/s per game with all cores (issue 12)
MAX_FLOOR_RATIO = 25  # a matchup may cost at most this many two-deck shuffles and deals
PAD_DECK, PAD_TEAM, COPIES = 40, 5, 3  # PAD-2.1, PAD-2.3; three of each card


def _fixture(game: str) -> list[dict]:
    return json.loads((ROOT / "fixtures" / f"{game}.json").read_text(encoding="utf-8"))


def mono_fire() -> DeckSpec:
    """Five base fire pets as the team, every other fire card three at a time up to 40."""
    cards = _fixture("pad")
    ids = {}
    for index, card in enumerate(cards, start=1):
        ids.setdefault(card["name"], index)
    fire = sorted(
        (
            (
                card["number"],
                spec_from_schema(
                    card, id=index, evolves_from=ids.get(card.get("evolves_from") or "")
                ),
            )
            for index, card in enumerate(cards, start=1)
            if card.get("attribute") == "fire" and card.get("provenance") != "synthetic"
        ),
        key=lambda pair: pair[0],
    )
    specs = [spec for _, spec in fire]
    team = [spec for spec in specs if spec.kind == "pet" and spec.stage == "base"][:PAD_TEAM]
    deck: list = []
    for spec in (spec for spec in specs if spec not in team):
        deck += [spec] * min(COPIES, PAD_DECK - len(deck))
    assert len(deck) == PAD_DECK and len(team) == PAD_TEAM, "PAD-2.1, PAD-2.3"
    return DeckSpec(game="pad", deck=tuple(deck), team=tuple(team))


def digimon_line_up() -> DeckSpec:
    """Four Level III, four Level IV and two perfect Digimon of the starter set, three each."""
    specs = goldfish_digimon.catalogue()
    starter = sorted(
        (spec for number, spec in specs.items() if number.startswith("St-")),
        key=lambda spec: int(spec.number.split("-")[1]),
    )
    deck: list = []
    for level, wanted in (("III", 4), ("IV", 4), ("perfect", 2)):
        names: list[str] = []
        for spec in starter:
            wanted_here = spec.kind == "digimon" and spec.data.get("level") == level
            if wanted_here and spec.name not in names and len(names) < wanted:
                names.append(spec.name)
                deck += [spec] * COPIES
    assert len(deck) == 30, "DGM-2.1"
    return DeckSpec(game="digimon", deck=tuple(deck))


GAMES = {
    "pad": (goldfish_pad.starter_deck, mono_fire, goldfish_pad.shuffle_and_deal),
    "digimon": (goldfish_digimon.starter_deck, digimon_line_up, goldfish_digimon.shuffle_and_deal),
}


def arguments() -> argparse.Namespace:
    parser = argument_parser(__doc__.splitlines()[0], games=20_000)
    parser.add_argument("--game", choices=sorted(GAMES), action="append")
    parser.add_argument("--opponent-policy", default="greedy")
    args = parse(parser)
    args.game = args.game or sorted(GAMES)
    return args


def floor(deal, deck: DeckSpec, opponent: DeckSpec, games: int, seed: int) -> None:
    """What every matchup does before its first decision: both decks shuffled and dealt."""
    deal(deck, games, seed)
    deal(opponent, games, seed)


def figures(game: str, args: argparse.Namespace) -> dict:
    build_deck, build_opponent, deal = GAMES[game]
    deck, opponent = build_deck(), build_opponent()
    run = {
        "games": args.games,
        "seed": args.seed,
        "policy": args.policy,
        "opponent_policy": args.opponent_policy,
    }
    rivals = [Opponent(opponent, {"name": build_opponent.__name__})]
    cores = max(1, min(cpu_count(), -(-args.games // CHUNK)))  # a pool takes whole chunks
    one_s, one = timed(run_matchup, deck, rivals, processes=1, **run)
    all_s, every = timed(run_matchup, deck, rivals, processes=cores, **run)
    floor_s, _ = timed(floor, deal, deck, opponent, args.games, args.seed)
    rate = {"one": args.games / one_s, "all": args.games / all_s, "floor": args.games / floor_s}
    return {
        "decks": [build_deck.__module__ + ".starter_deck", build_opponent.__name__],
        "games": args.games,
        "one_process": {"seconds": round(one_s, 3), "games_per_s": round(rate["one"])},
        "all_cores": {
            "processes": cores,
            "seconds": round(all_s, 3),
            "games_per_s": round(rate["all"]),
        },
        "speedup": round(rate["all"] / rate["one"], 2),
        "floor_shuffle_deal_both": {
            "seconds": round(floor_s, 3),
            "games_per_s": round(rate["floor"]),
        },
        "times_the_floor": {
            "one_process": round(rate["floor"] / rate["one"], 1),
            "all_cores": round(rate["floor"] / rate["all"], 1),
        },
        "meets_target": rate["all"] >= TARGET and rate["floor"] / rate["all"] <= MAX_FLOOR_RATIO,
        "same_report": one == every,
        "win_rate": one["win_rate"],
        "draws": one["draws"],
        "length_mean": one["length"]["mean"],
    }


def main() -> None:
    args = arguments()
    report = {
        "policy": args.policy,
        "opponent_policy": args.opponent_policy,
        "target_games_per_s": TARGET,
        "max_times_the_floor": MAX_FLOOR_RATIO,
        **{game: figures(game, args) for game in args.game},
    }
    print(json.dumps(report, ensure_ascii=False, indent=2))


if __name__ == "__main__":
    main()
