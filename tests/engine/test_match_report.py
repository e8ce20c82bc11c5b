"""MATCH-1 report tallies, from constructed game results (no engine involved)."""

from types import SimpleNamespace

from engine.core.intervals import TOO_FEW_GAMES, wilson
from engine.core.match_summary import MatchSummary
from engine.core.result import DRAW, LOSS, WIN, MatchResult


def prepared(names=("Tyrra", "Fire Dragon")):
    return SimpleNamespace(
        card_names=names,
        not_simulated=[],
        opponent_not_simulated=["Poison Mist"],
        report_header=lambda: {},
    )


def result(outcome, *, first=True, length=5, drawn=0):
    return MatchResult(outcome=outcome, length=length, going_first=first, seed=0, drawn=drawn)


def test_match1_draws_are_neither_wins_nor_losses_and_rates_use_every_game():
    summary = MatchSummary(prepared())
    for outcome in (WIN, WIN, WIN, LOSS, DRAW):
        summary.add(result(outcome))
    row = summary.row()
    assert (row["games"], row["wins"], row["losses"], row["draws"]) == (5, 3, 1, 1)
    low, high = wilson(3, 5)
    assert row["win_rate"] == {"value": 0.6, "low": round(low, 4), "high": round(high, 4)}
    assert row["draw_rate"]["value"] == 0.2


def test_match1_going_first_and_second_are_reported_apart():
    summary = MatchSummary(prepared())
    summary.add(result(WIN, first=True))
    summary.add(result(WIN, first=True))
    summary.add(result(LOSS, first=False))
    row = summary.row()
    assert row["going_first"]["wins"] == 2 and row["going_first"]["games"] == 2
    assert row["going_second"]["losses"] == 1 and row["going_second"]["wins"] == 0


def test_match1_length_statistics_by_hand():
    summary = MatchSummary(prepared())
    for length in (2, 4, 4, 6, 30):
        summary.add(result(WIN, length=length))
    length = summary.row()["length"]
    assert length["mean"] == 9.2  # (2+4+4+6+30) / 5
    assert length["median"] == 4
    assert length["p10"] == 2 and length["p90"] == 30
    assert length["histogram"] == {"2": 1, "4": 2, "6": 1, "30": 1}


def test_match1_card_win_rate_when_drawn_and_not_drawn():
    summary = MatchSummary(prepared())
    # 40 games with Tyrra drawn (bit 0): 30 won; 20 without it: 5 won. Fire Dragon (bit 1)
    # is drawn in 10 games only.
    for index in range(40):
        drawn = 0b01 | (0b10 if index < 10 else 0)
        summary.add(result(WIN if index < 30 else LOSS, drawn=drawn))
    for index in range(20):
        summary.add(result(WIN if index < 5 else LOSS))
    tally = summary.both()
    tyrra, dragon = tally.cards(summary.card_names)
    assert tyrra["drawn_games"] == 40 and tyrra["drawn_win_rate"]["value"] == 0.75
    assert tyrra["not_drawn_games"] == 20
    assert tyrra["not_drawn_win_rate"] == TOO_FEW_GAMES  # under 30 games, never a number
    assert dragon["drawn_games"] == 10 and dragon["drawn_win_rate"] == TOO_FEW_GAMES
    assert dragon["not_drawn_games"] == 50
    assert dragon["not_drawn_win_rate"]["value"] == 0.5  # 35 − 10 wins of 50 games


def test_match1_merging_chunks_in_any_grouping_gives_the_same_report():
    outcomes = [WIN, LOSS, DRAW, WIN, WIN, LOSS] * 10
    whole = MatchSummary(prepared())
    for index, outcome in enumerate(outcomes):
        whole.add(result(outcome, first=index % 2 == 0, length=index % 7, drawn=index % 4))
    merged = MatchSummary(prepared())
    for start in range(0, len(outcomes), 7):
        part = MatchSummary(prepared())
        for index in range(start, min(start + 7, len(outcomes))):
            part.add(
                result(outcomes[index], first=index % 2 == 0, length=index % 7, drawn=index % 4)
            )
        merged.merge(part)
    assert merged.row() == whole.row()
    assert merged.both().cards(("a", "b")) == whole.both().cards(("a", "b"))
