"""Integer tallies of a matchup batch and the report rows derived from them (MATCH-1).

Workers only add integers (per order of play: games, wins, losses, draws, a histogram of
lengths, and per card of the player's deck the games and wins in which it was drawn), so
merging chunks in any grouping gives the same report, whatever the number of processes.
A draw (PAD-7.4, DGM-6.3: the cap was reached) is neither a win nor a loss: every rate's
denominator is all games played.
"""

from __future__ import annotations

from collections import Counter

from engine.core.intervals import rate, rate_or_too_few
from engine.core.result import DRAW, WIN, MatchResult
from engine.core.stats import histogram_json, histogram_mean, median, percentile


class MatchTally:
    __slots__ = ("games", "wins", "draws", "lengths", "drawn_games", "drawn_wins")

    def __init__(self, cards: int):
        self.games = self.wins = self.draws = 0
        self.lengths: Counter = Counter()
        self.drawn_games = [0] * cards
        self.drawn_wins = [0] * cards

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws

    def add(self, result: MatchResult) -> None:
        won = result.outcome == WIN
        self.games += 1
        self.wins += won
        self.draws += result.outcome == DRAW
        self.lengths[result.length] += 1
        drawn, index = result.drawn, 0
        while drawn:
            if drawn & 1:
                self.drawn_games[index] += 1
                self.drawn_wins[index] += won
            drawn >>= 1
            index += 1

    def merge(self, other: MatchTally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.draws += other.draws
        self.lengths.update(other.lengths)
        for index, count in enumerate(other.drawn_games):
            self.drawn_games[index] += count
            self.drawn_wins[index] += other.drawn_wins[index]

    def results(self) -> dict:
        """wins, losses, draws and their rates with 95 % Wilson intervals (MATCH-1)."""
        return {
            "games": self.games,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "win_rate": rate(self.wins, self.games),
            "loss_rate": rate(self.losses, self.games),
            "draw_rate": rate(self.draws, self.games),
        }

    def length(self) -> dict:
        lengths = self.lengths
        return {
            "mean": histogram_mean(lengths) if self.games else None,
            "median": median(lengths),
            "p10": percentile(lengths, 10),
            "p90": percentile(lengths, 90),
            "histogram": histogram_json(lengths),
        }

    def cards(self, names: tuple[str, ...]) -> list[dict]:
        """Per card: the win rate of games in which it was drawn against the games in which
        it was not (the games-in-hand win rate), "too few games" under 30 (MATCH-1)."""
        rows = []
        for index, name in enumerate(names):
            drawn, drawn_wins = self.drawn_games[index], self.drawn_wins[index]
            not_drawn, not_drawn_wins = self.games - drawn, self.wins - drawn_wins
            rows.append(
                {
                    "name": name,
                    "drawn_games": drawn,
                    "drawn_win_rate": rate_or_too_few(drawn_wins, drawn),
                    "not_drawn_games": not_drawn,
                    "not_drawn_win_rate": rate_or_too_few(not_drawn_wins, not_drawn),
                }
            )
        return rows


class MatchSummary:
    """The batch summary of one deck against one opponent, split by order of play."""

    def __init__(self, prepared):
        self.card_names = tuple(prepared.card_names)
        self.not_simulated = list(prepared.not_simulated)
        self.opponent_not_simulated = list(prepared.opponent_not_simulated)
        self.header = dict(prepared.report_header())
        self.orders = {
            True: MatchTally(len(self.card_names)),
            False: MatchTally(len(self.card_names)),
        }
        self.stopped: Counter = Counter()  # games stopped at an action bound, by reason

    def add(self, result: MatchResult) -> None:
        self.orders[result.going_first].add(result)
        if result.stopped:
            self.stopped[result.stopped] += 1

    def merge(self, other: MatchSummary) -> None:
        for order, tally in other.orders.items():
            self.orders[order].merge(tally)
        self.stopped.update(other.stopped)

    def both(self) -> MatchTally:
        total = MatchTally(len(self.card_names))
        for order in (True, False):
            total.merge(self.orders[order])
        return total

    def row(self) -> dict:
        """One opponent's row: results overall and by order of play, and game length."""
        row = row_of(self.both(), self.orders[True], self.orders[False])
        row["games_stopped"] = stopped_json(self.stopped)
        return row


def stopped_json(stopped: Counter) -> dict[str, int]:
    """The games stopped at an action bound (counted as draws), by reason, sorted."""
    return {reason: stopped[reason] for reason in sorted(stopped)}


def row_of(total: MatchTally, first: MatchTally, second: MatchTally) -> dict:
    return {
        **total.results(),
        "going_first": first.results(),
        "going_second": second.results(),
        "length": total.length(),
    }
