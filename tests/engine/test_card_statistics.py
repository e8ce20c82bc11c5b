"""MATCH-2: OH, GD, GIH, GNS, Played WR and IWD per card, from constructed game results
(tallies by hand), and the bits the engines record for them in real games."""

from __future__ import annotations

from math import sqrt

from engine.core.intervals import TOO_FEW_GAMES, wilson
from engine.core.match_summary import MatchSummary
from engine.core.result import LOSS, WIN, MatchResult
from engine.digimon.engine import DigimonEngine
from engine.pad.engine import PadEngine
from tests.engine.factories import rival_deck, starter_deck
from tests.engine.test_digimon_match_strength import reference_deck
from tests.engine.test_match_report import prepared

TYRRA, DRAGON = 0b01, 0b10


def _result(outcome, drawn=0, opening=0, played=0, first=True):
    return MatchResult(
        outcome=outcome,
        length=5,
        going_first=first,
        seed=0,
        drawn=drawn,
        opening=opening,
        played=played,
    )


def _summary():
    """100 games. Tyrra: in the opening hand in 40 (28 won), drawn later in 30 (15 won),
    never seen in 30 (9 won); played in 50 of the games it was seen (35 won). Fire Dragon:
    opening hand in 10 games only."""
    summary = MatchSummary(prepared())
    for index in range(40):
        played = TYRRA if index < 30 else 0  # 30 played: the 28 wins are indices 0…27
        summary.add(
            _result(
                WIN if index < 28 else LOSS,
                drawn=TYRRA | (DRAGON if index < 10 else 0),
                opening=TYRRA | (DRAGON if index < 10 else 0),
                played=played,
                first=index % 2 == 0,
            )
        )
    for index in range(30):
        # 20 of these played: 7 of the 15 wins (0…6) and 13 of the losses (15…27)
        played = TYRRA if index < 7 or 15 <= index < 28 else 0
        summary.add(_result(WIN if index < 15 else LOSS, drawn=TYRRA, played=played))
    for index in range(30):
        summary.add(_result(WIN if index < 9 else LOSS))
    return summary


def test_match2_each_rate_counts_its_own_games():
    tyrra, dragon = _summary().both().cards(("Tyrra", "Fire Dragon"))
    assert tyrra["opening_hand_games"] == 40 and tyrra["opening_hand_win_rate"]["value"] == 0.7
    assert tyrra["drawn_later_games"] == 30 and tyrra["drawn_later_win_rate"]["value"] == 0.5
    assert tyrra["in_hand_games"] == 70
    assert tyrra["in_hand_win_rate"]["value"] == round(43 / 70, 4)
    assert tyrra["not_seen_games"] == 30 and tyrra["not_seen_win_rate"]["value"] == 0.3
    # played: 28 + 7 = 35 wins of 30 + 20 = 50 games; not played: 8 wins of 50
    assert tyrra["played_games"] == 50 and tyrra["played_win_rate"]["value"] == 0.7
    assert tyrra["not_played_games"] == 50
    assert tyrra["not_played_win_rate"]["value"] == round((43 + 9 - 35) / 50, 4)
    # today's keys stay: drawn = in hand, not drawn = not seen
    assert tyrra["drawn_games"] == 70 and tyrra["not_drawn_games"] == 30
    assert dragon["opening_hand_games"] == 10
    assert dragon["opening_hand_win_rate"] == TOO_FEW_GAMES
    assert dragon["drawn_later_games"] == 0 and dragon["drawn_later_win_rate"] == TOO_FEW_GAMES


def test_match2_iwd_is_gih_minus_gns_with_newcombes_interval():
    tyrra, dragon = _summary().both().cards(("Tyrra", "Fire Dragon"))
    gih, gns = 43 / 70, 9 / 30
    low_a, high_a = wilson(43, 70)
    low_b, high_b = wilson(9, 30)
    low = gih - gns - sqrt((gih - low_a) ** 2 + (high_b - gns) ** 2)
    high = gih - gns + sqrt((high_a - gih) ** 2 + (gns - low_b) ** 2)
    assert tyrra["iwd"] == {
        "value": round(gih - gns, 4),
        "low": round(low, 4),
        "high": round(high, 4),
    }
    assert dragon["iwd"] == TOO_FEW_GAMES  # drawn in 10 games only


def test_match2_merging_keeps_every_per_card_count():
    whole = _summary()
    halves = MatchSummary(prepared()), MatchSummary(prepared())
    source = _summary()
    for order, tally in source.orders.items():
        halves[0 if order else 1].orders[order].merge(tally)
    halves[0].merge(halves[1])
    names = ("Tyrra", "Fire Dragon")
    assert halves[0].both().cards(names) == whole.both().cards(names)


def _first_game(engine, deck, opponent):
    match = engine.prepare_match(
        deck, opponent, policy="greedy", opponent_policy="greedy", turn_cap=30
    )
    return match, match.play(7, going_first=True, log=True)


def _bits(match, names) -> int:
    return sum(1 << index for index, name in enumerate(match.card_names) if name in names)


def test_match2_pad_opening_hand_and_played_bits_follow_the_log():
    """The log says which cards were evolved or used: the result's bits say the same."""
    match, result = _first_game(PadEngine(), starter_deck(), rival_deck())
    events = result.log["events"]
    mine = [e for e in events if e.get("player") == 0]
    used = {
        e["cards"][0]
        for e in mine
        if e["action"] in ("evolve", "skill", "defence_skill", "damage_effect")
    }
    assert used, "the greedy player evolves or uses something in a 30-turn game"
    assert result.played & _bits(match, used) == _bits(match, used)
    assert result.opening & ~result.drawn == 0  # the opening hand was in hand
    assert bin(result.opening).count("1") >= 1


def test_match2_digimon_played_bits_are_what_the_log_shows_played():
    """Played (MATCH-2, Digimon): entered the Digimon box (the Level III, a swap, an
    evolution), used as an option or combo, or met a requirement: exactly the cards the
    log names in those events, over several games."""
    deck, opponent = reference_deck("Agumon line"), reference_deck("Gabumon line")
    match = DigimonEngine().prepare_match(
        deck, opponent, policy="greedy", opponent_policy="greedy", turn_cap=60
    )
    for seed in range(5):
        result = match.play(seed, going_first=bool(seed % 2), log=True)
        named = set()
        for event in result.log["events"]:
            if event.get("player") != 0:
                continue
            action = event["action"]
            if action in ("level_iii", "evolve", "use_option", "complete_combo"):
                named.add(event["cards"][0])
                if action == "evolve" and "option" not in event:
                    named.update(event.get("requirement") or [])
            elif action == "swap_level_iii":
                named.add(event["cards"][0])
        assert result.played == _bits(match, named), seed
        assert result.opening & ~result.drawn == 0


def test_match2_digimon_each_way_of_playing_a_card_sets_its_bit():
    """An evolution, an option used and a requirement met each mark their card."""
    from tests.engine.digimon_factories import (
        AGUMON,
        FILLER,
        GREYMON,
        PLUG_C,
        build_game,
    )

    game = build_game(
        box=(AGUMON,),
        hand=(GREYMON,),
        slots=(PLUG_C,),
        net_ocean=[FILLER] * 4,
        phase="evolution",
    )
    state = game.state
    cards = {card.name: card for card in (*state.box, *state.hand, *state.net_ocean)}
    cards[PLUG_C.name] = state.slots[0]
    for bit, name in enumerate((GREYMON.name, PLUG_C.name, FILLER.name)):
        cards[name].bit = 1 << bit
    state.face_down = False
    greymon = state.hand[0]
    state.hand.remove(greymon)
    state.evolving, state.requirements = [greymon], [[state.net_ocean.pop()]]
    state.shortfalls, state.taken = [None], [1]
    game.phase = "evolution"
    game.evolve_all()
    assert state.top.name == GREYMON.name
    assert state.played == 0b101  # Greymon entered the box; the ○ card met its requirement
    game.phase = "battle"
    game.battle_phase()
    game.use_option(0)
    assert state.played == 0b111


def test_digimon_reports_list_speed_cards_as_assumed():
    """Issue 25: the rules text never says what speed does; the engine's decision (speed
    decides a tie of powers) makes every speed card a card played on an assumption,
    listed like DGM-4.9's assumed values."""
    from engine.digimon.match import DigimonMatch
    from tests.engine.digimon_factories import real

    deck = reference_deck("Agumon line")
    rush = real("R-057")  # 急速组合: speed × 2
    cards = (*deck.deck[:-1], rush)
    with_speed = type(deck)(game="digimon", deck=cards)
    match = DigimonMatch(with_speed, deck, policy="greedy", opponent_policy="greedy", turn_cap=60)
    header = match.report_header()
    assert header["deck"]["assumed_speed"] == [rush.name]
    assert header["opponent"]["assumed_speed"] == []
