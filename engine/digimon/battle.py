"""The battle's arithmetic (DGM-4.4, DGM-4.5) and the names of outcomes and evolution
failures, shared by the round, the policies and the reports."""

from __future__ import annotations

from engine.digimon.cards import III, NO_LETTER, DigimonCard

TIE_LOSS = 10  # DGM-4.5
WON, LOST, TIED, STOPPED = range(4)  # a battle, from side 0's view
OUTCOMES = ("won", "lost", "tied", "stopped")
FAILURES = ("net_ocean", "requirement", "no_base", "gave_up")  # evolution failure reasons
NET_OCEAN, REQUIREMENT, NO_BASE, GAVE_UP = range(4)


def attack_powers(me: DigimonCard, them: DigimonCard) -> tuple[int, int, bool, bool]:
    """DGM-4.4: (my power, their power, mine turned to 0, theirs turned to 0). Each
    attacks with its attack whose letter is the other's battle letter; an attack that
    `cancels` the letter the other attacks with turns that attack to 0."""
    mine = me.power[them.letter] if them.letter != NO_LETTER else 0
    theirs = them.power[me.letter] if me.letter != NO_LETTER else 0
    zero_mine = them.letter != NO_LETTER and me.letter != NO_LETTER
    zero_theirs = zero_mine and me.cancels[them.letter] == me.letter
    zero_mine = zero_mine and them.cancels[me.letter] == them.letter
    return mine, theirs, zero_mine, zero_theirs


def points_lost(loser: DigimonCard, winner: DigimonCard) -> int:
    """DGM-4.5: the loser's own loss table at the winner's level."""
    return loser.lost[winner.level if winner.level >= 0 else III]
