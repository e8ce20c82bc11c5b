"""Integer tallies of a matchup batch and the report rows derived from them (MATCH-1).

Workers only add integers (per order of play: games, wins, losses, draws, a histogram of
lengths, and per card of the player's deck the games and wins in which it was drawn, in
the opening hand, and played: MATCH-2), so
merging chunks in any grouping gives the same report, whatever the number of processes.
A draw (PAD-7.4, DGM-6.3: the cap was reached) is neither a win nor a loss: every rate's
denominator is all games played.
"""

from __future__ import annotations

from collections import Counter

from engine.core.intervals import MIN_GAMES, TOO_FEW_GAMES, difference, rate, rate_or_too_few
from engine.core.result import DRAW, WIN, MatchResult
from engine.core.stats import histogram_json, histogram_mean, median, percentile


def _count_bits(bits: int, games: list[int], wins: list[int], won: bool) -> None:
    index = 0
    while bits:
        if bits & 1:
            games[index] += 1
            wins[index] += won
        bits >>= 1
        index += 1


class MatchTally:
    __slots__ = (
        "games",
        "wins",
        "draws",
        "lengths",
        "drawn_games",
        "drawn_wins",
        "opening_games",
        "opening_wins",
        "played_games",
        "played_wins",
    )
    PER_CARD = (
        "drawn_games",
        "drawn_wins",
        "opening_games",
        "opening_wins",
        "played_games",
        "played_wins",
    )

    def __init__(self, cards: int):
        self.games = self.wins = self.draws = 0
        self.lengths: Counter = Counter()
        for name in self.PER_CARD:
            setattr(self, name, [0] * cards)

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.draws

    def add(self, result: MatchResult) -> None:
        won = result.outcome == WIN
        self.games += 1
        self.wins += won
        self.draws += result.outcome == DRAW
        self.lengths[result.length] += 1
        _count_bits(result.drawn, self.drawn_games, self.drawn_wins, won)
        if result.opening:
            _count_bits(result.opening, self.opening_games, self.opening_wins, won)
        if result.played:
            _count_bits(result.played, self.played_games, self.played_wins, won)

    def merge(self, other: MatchTally) -> None:
        self.games += other.games
        self.wins += other.wins
        self.draws += other.draws
        self.lengths.update(other.lengths)
        for name in self.PER_CARD:
            mine, theirs = getattr(self, name), getattr(other, name)
            for index, count in enumerate(theirs):
                mine[index] += count

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
        """Per card, the way limited-format players read a card (MATCH-1, MATCH-2): the win
        rate of the games it was in the opening hand (OH), drawn later (GD), in hand at any
        point (GIH, kept as `drawn_*`), never seen (GNS), played or not, and the
        improvement when drawn (IWD = GIH − GNS, Newcombe interval); each rate is "too few
        games" under 30 games. Correlations, not causes: long games see more cards."""
        rows = []
        games, wins = self.games, self.wins
        for index, name in enumerate(names):
            drawn, drawn_wins = self.drawn_games[index], self.drawn_wins[index]
            opening, opening_wins = self.opening_games[index], self.opening_wins[index]
            played, played_wins = self.played_games[index], self.played_wins[index]
            later, later_wins = drawn - opening, drawn_wins - opening_wins
            unseen, unseen_wins = games - drawn, wins - drawn_wins
            rows.append(
                {
                    "name": name,
                    "drawn_games": drawn,
                    "drawn_win_rate": rate_or_too_few(drawn_wins, drawn),
                    "not_drawn_games": unseen,
                    "not_drawn_win_rate": rate_or_too_few(unseen_wins, unseen),
                    "opening_hand_games": opening,
                    "opening_hand_win_rate": rate_or_too_few(opening_wins, opening),
                    "drawn_later_games": later,
                    "drawn_later_win_rate": rate_or_too_few(later_wins, later),
                    "in_hand_games": drawn,
                    "in_hand_win_rate": rate_or_too_few(drawn_wins, drawn),
                    "not_seen_games": unseen,
                    "not_seen_win_rate": rate_or_too_few(unseen_wins, unseen),
                    "played_games": played,
                    "played_win_rate": rate_or_too_few(played_wins, played),
                    "not_played_games": games - played,
                    "not_played_win_rate": rate_or_too_few(wins - played_wins, games - played),
                    "iwd": improvement_when_drawn(drawn_wins, drawn, unseen_wins, unseen),
                }
            )
        return rows


def improvement_when_drawn(
    drawn_wins: int, drawn: int, unseen_wins: int, unseen: int
) -> dict | str:
    """MATCH-2's IWD: GIH WR − GNS WR with its 95 % Newcombe interval, or "too few games"
    when either side has fewer than 30 games."""
    if drawn < MIN_GAMES or unseen < MIN_GAMES:
        return TOO_FEW_GAMES
    measured = difference(drawn_wins, drawn, unseen_wins, unseen)
    return {key: measured[key] for key in ("value", "low", "high")}


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
        # seed → won, so two decks' games on the same seeds pair up (DOCTOR-1)
        self.won: dict[int, bool] = {}

    def add(self, result: MatchResult) -> None:
        self.orders[result.going_first].add(result)
        if result.stopped:
            self.stopped[result.stopped] += 1
        self.won[result.seed] = result.outcome == WIN

    def merge(self, other: MatchSummary) -> None:
        for order, tally in other.orders.items():
            self.orders[order].merge(tally)
        self.stopped.update(other.stopped)
        self.won.update(getattr(other, "won", {}))

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
