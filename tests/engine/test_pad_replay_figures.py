"""Issue 29 item 5: the PAD replay shows what a reader needs at each step — both players
as they are at the first step (the first board waits for both setups, PAD-3), each pet's
current DEF, and the attack of each attacking pet at the turn's combo count (PAD-4.5.1) —
and a tapped pet stays marked while another pet attacks. Matches of real cards
(fixtures/pad.json); expected values come from the cards' printed tables."""

from __future__ import annotations

from engine.core.cards import DeckSpec
from engine.pad import ENGINE
from engine.replay.boards import card_map, pad_board
from tests.engine.factories import orb, real

LIL_RED, LIL_BLUE, LIL_GREEN = (real(n) for n in ("B01-001", "B01-005", "B01-009"))
RED = real("B01-002", evolves_from=LIL_RED.id)
TEAM = (LIL_RED, LIL_BLUE, LIL_GREEN, LIL_RED, LIL_BLUE)
ORBS = [orb("fire", "water", "heart")] * 20 + [orb("wood", "fire")] * 17
DECK = DeckSpec("pad", tuple([RED] * 3 + ORBS), TEAM)
CARDS = card_map(DECK.cards())
PRINTED = {spec.name: spec for spec in DECK.cards()}  # attack rows: (attack, bonus) at 1 … 6


def match_log(seed: int = 3) -> dict:
    match = ENGINE.prepare_match(DECK, DECK, policy="greedy", opponent_policy="greedy")
    return match.play(seed, going_first=True, log=True).log


def test_the_first_board_shows_both_players_dealt():
    """PAD-3.2 … 3.4 for both before the first step: 5 life, 5 cards in hand, one card in
    each orb column, 40 − 5 − 5 − 3 = 27 in the deck (the setup exchange keeps counts)."""
    first = match_log()["snapshots"][0]
    for zones in first["zones"]:
        assert len(zones["life"]) == 5 and len(zones["hand"]) == 5
        assert [len(column) for column in zones["orb_columns"]] == [1, 1, 1]
        assert len(zones["deck"]) == 27
    assert first["life"] == [5, 5]


def test_every_pet_shows_its_def_and_attacking_pets_their_attack_at_the_combo_count():
    """The board of each step: DEF = the top card's printed defence (no effect in these
    decks changes it); after the combo step of a turn, each pet of a colour combo'd that
    turn shows the attack row of its table for the combos made."""
    log = match_log()
    checked_attacks = 0
    for snapshot in log["snapshots"]:
        for seat, zones in enumerate(snapshot["zones"]):
            board = pad_board({"zones": zones, "opponent_life": None}, CARDS)
            for pet in board["pets"] + board["attack_area"]:
                top = pet["top"] if isinstance(pet["top"], str) else pet["top"]["name"]
                printed = PRINTED[top]
                assert pet["defense"] == printed.defense
                if pet["attack"] is not None:
                    assert seat == snapshot["player"] and snapshot["phase"] in (
                        "puzzle",
                        "attack",
                        "cleanup",
                    )
                    combos = min(board["combos"], 6)
                    expected = printed.attack[combos - 1][0] if combos else 0
                    assert pet["attack"] == expected
                    checked_attacks += 1
    assert checked_attacks > 10


def test_a_tapped_pet_stays_marked_while_another_attacks():
    """The pet area lists only pets not attacking; its tapped flags are aligned with it, so
    a pet tapped by a block is still drawn tapped while the other pets attack."""
    for snapshot in match_log(5)["snapshots"]:
        for zones in snapshot["zones"]:
            assert len(zones["tapped"]) == len(zones["pets"])
            assert len(zones["figures"]["pets"]) == len(zones["pets"])
            assert len(zones["figures"]["attack_area"]) == len(zones["attack_area"])
