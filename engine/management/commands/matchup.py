from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from cards import vocabulary as v
from engine.jobs import cli
from engine.jobs.submission import matchup_submission
from engine.management.commands.goldfish import PROGRESS_FROM, card_reason_lines
from engine.matchup_services import (
    MatchDeck,
    MatchupRequest,
    gauntlet,
    match_deck,
    matchup_comparison,
    matchup_report,
    matchup_sample,
    saved_decks,
)
from engine.services import GoldfishError


class Command(BaseCommand):
    help = (
        "Play a deck against opponent decks, both played (PAD-7, DGM-6), and report its win "
        "rate with its 95 % interval; --compare tells whether a second deck does better. "
        + cli.JOB_OPTIONS_HELP
    )

    def add_arguments(self, parser):
        source = parser.add_mutually_exclusive_group(required=True)
        source.add_argument("--list", type=Path, help="The deck's list file (text format).")
        source.add_argument("--deck", help="The id of a saved deck.")
        rivals = parser.add_mutually_exclusive_group(required=True)
        rivals.add_argument(
            "--opponent", type=Path, action="append", help="An opponent's list file (repeatable)."
        )
        rivals.add_argument(
            "--opponent-deck", action="append", help="A saved opponent deck's id (repeatable)."
        )
        rivals.add_argument("--gauntlet", action="store_true", help="The reference decks.")
        other = parser.add_mutually_exclusive_group()
        other.add_argument("--compare", type=Path, help="Deck B's list file: an A/B comparison.")
        other.add_argument("--compare-deck", help="The id of a saved deck B.")
        parser.add_argument("--game", choices=[g for g, _ in v.GAMES])
        parser.add_argument("--games", type=int, default=1000, help="Games per opponent.")
        parser.add_argument("--seed", type=int, default=0)
        order = parser.add_mutually_exclusive_group()
        order.add_argument("--first", action="store_true", default=None)
        order.add_argument("--second", dest="first", action="store_false")
        parser.add_argument("--policy", default="greedy")
        parser.add_argument("--opponent-policy", default="greedy")
        parser.add_argument("--turn-cap", type=int, help="Default: 30 turns (PAD), 60 rounds.")
        parser.add_argument("--processes", type=int, help="Default: all cores for large runs.")
        parser.add_argument("--allow-invalid", action="store_true")
        parser.add_argument("--json", action="store_true", help="Print the report as JSON.")
        parser.add_argument("--log", action="store_true", help="Print one game's JSON log.")
        cli.add_job_arguments(parser)

    def handle(self, *args, **options):
        cli.check_job_options(options)
        try:
            matchup = self._request(options)
            if options["log"]:
                self.stdout.write(json.dumps(matchup_sample(matchup), ensure_ascii=False))
                return
            if options["submit"]:
                report = cli.run_submitted(matchup_submission(matchup), options, self.stdout)
                if report is None:
                    return  # --no-wait: the job's whereabouts are printed
            else:
                run = matchup_comparison if matchup.other is not None else matchup_report
                bar = cli.ProgressBar() if matchup.cost >= PROGRESS_FROM else None
                report = run(matchup, processes=options["processes"], progress=bar)
        except GoldfishError as error:
            details = "".join(f"\n  - {e['message']}" for e in error.extra.get("errors", []))
            raise CommandError(f"{error.message}{details}") from None
        if options["json"]:
            self.stdout.write(json.dumps(report, ensure_ascii=False, indent=2))
        elif matchup.other is not None:
            self.stdout.write(comparison_text(report))
        else:
            self.stdout.write(report_text(report))

    def _request(self, options) -> MatchupRequest:
        ids = [options["deck"], options["compare_deck"], *(options["opponent_deck"] or [])]
        saved = saved_decks(deck_id for deck_id in ids if deck_id)
        game = options["game"] or (saved[options["deck"]].game if options["deck"] else None)
        if game is None:
            raise CommandError("--game pad|digimon is needed with --list.")

        def deck(path: Path | None, deck_id: str | None) -> MatchDeck:
            if deck_id:
                return match_deck(game, deck=saved[deck_id])
            return match_deck(game, text=_read(path), name=path.stem)

        if options["gauntlet"]:
            opponents = gauntlet(game)
        else:
            paths, ids = options["opponent"] or [], options["opponent_deck"] or []
            opponents = [deck(path, None) for path in paths] + [deck(None, i) for i in ids]
        other = None
        if options["compare"] or options["compare_deck"]:
            other = deck(options["compare"], options["compare_deck"])
        return MatchupRequest(
            game=game,
            deck=deck(options["list"], options["deck"]),
            opponents=opponents,
            other=other,
            games=options["games"],
            seed=options["seed"],
            policy=options["policy"],
            opponent_policy=options["opponent_policy"],
            first=options["first"],
            turn_cap=options["turn_cap"],
            allow_invalid=options["allow_invalid"],
        )


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError as error:
        raise CommandError(f"{path}: {error.strerror}") from None


def percent(value: dict | str | None) -> str:
    """A rate with its interval, "52.0 % (48.9–55.1 %)"; "too few games" stays as it is."""
    if value is None:
        return "no games"
    if isinstance(value, str):
        return value
    low, high = value["low"] * 100, value["high"] * 100
    return f"{value['value'] * 100:.1f} % ({low:.1f}–{high:.1f} %)"


def name_of(label: dict) -> str:
    name = label.get("name") or "deck"
    return f"{name} (reference)" if label.get("reference") else name


def _results(row: dict, indent: str) -> list[str]:
    length = row["length"]
    return [
        f"{indent}win rate {percent(row['win_rate'])}: {row['wins']} won, "
        f"{row['losses']} lost, {row['draws']} drawn of {row['games']}",
        f"{indent}going first {percent(row['going_first']['win_rate'])}, "
        f"going second {percent(row['going_second']['win_rate'])}",
        f"{indent}length: mean {length['mean']}, median {length['median']}, "
        f"p10 {length['p10']}, p90 {length['p90']}",
    ]


def report_text(report: dict) -> str:
    """The human summary: per opponent the win rate with its interval, by order of play,
    draws and length; the total over several; then the per-card table (MATCH-1)."""
    order = {None: "alternating", True: "first", False: "second"}[report["first"]]
    per_opponent = report["opponents"][0]["games"]  # report["games"] counts them all
    lines = [
        f"{name_of(report['deck'])}: {per_opponent} games of {report['game']} against each "
        f"opponent, {report['policy']} against {report['opponent_policy']}, seed "
        f"{report['seed']}, going {order}, cap {report['turn_cap']}",
    ]
    for row in report["opponents"]:
        lines += [f"against {name_of(row['opponent'])}:", *_results(row, "  ")]
    if len(report["opponents"]) > 1:
        lines += ["against all of them:", *_results(report, "  ")]
    lines += card_lines(report["cards"])
    lines += card_reason_lines("not simulated", report["deck"].get("not_simulated"))
    return "\n".join(lines)


CARD_RATES = (
    ("OH", "opening_hand"),
    ("GD", "drawn_later"),
    ("GIH", "in_hand"),
    ("GNS", "not_seen"),
    ("Played", "played"),
    ("not played", "not_played"),
)


def card_lines(cards: list[dict]) -> list[str]:
    """MATCH-2 per card: each win rate with its games, and IWD in points. Correlations:
    the deck doctor measures what a swap changes."""
    lines = ["cards (win rate when … ; correlations, not causes: see the deck doctor):"]
    for row in cards:
        iwd = row["iwd"]
        if isinstance(iwd, dict):
            iwd = (
                f"{iwd['value'] * 100:+.1f} points "
                f"({iwd['low'] * 100:+.1f} to {iwd['high'] * 100:+.1f})"
            )
        lines.append(f"  {row['name']}: IWD {iwd}")
        lines += [
            f"    {label} in {row[f'{key}_games']}: {percent(row[f'{key}_win_rate'])}"
            for label, key in CARD_RATES
        ]
    return lines


def difference_text(difference: dict) -> str:
    if not difference["measurable"]:
        return difference["text"]
    low, high = difference["low"] * 100, difference["high"] * 100
    return f"{difference['value'] * 100:+.1f} points ({low:+.1f} to {high:+.1f})"


def comparison_text(result: dict) -> str:
    """Both decks' summaries, then A − B overall and per opponent, or "no measurable
    difference" when the interval holds 0 (MATCH-1)."""
    a, b = result["decks"]
    lines = [report_text(a), "", report_text(b), ""]
    lines.append(f"{name_of(a['deck'])} − {name_of(b['deck'])}, win rate:")
    for row in result["opponents"]:
        lines.append(f"  against {name_of(row['opponent'])}: {difference_text(row['difference'])}")
    lines.append(f"  overall: {difference_text(result['difference'])}")
    return "\n".join(lines)
