"""DOCTOR-1's paired comparison: two decks a swap apart, played on the same seeds against
the same opponent, give a much narrower interval than two independent samples would."""

from __future__ import annotations

import pytest

from decks.models import Deck
from engine.convert import deck_spec
from engine.core.intervals import paired_difference
from engine.core.matchup import Opponent, compare_decks
from engine.services import entries_for

GAMES = 400


def _spec(name: str):
    return deck_spec("pad", entries_for("pad", deck=Deck.objects.get(name=name)))


def _swapped(spec, cut: str, add: str):
    """One copy of `cut` out of the deck, one more copy of `add` in (DOCTOR-1's swap)."""
    cards = list(spec.deck)
    index = next(i for i, card in enumerate(cards) if card.name == cut)
    extra = next(card for card in cards if card.name == add)
    cards[index] = extra
    return type(spec)(game=spec.game, deck=tuple(cards), team=spec.team)


def test_doctor_1_a_swap_measured_on_paired_games_is_at_least_30_percent_narrower(gauntlet):
    light = _spec("Reference: Light")
    swapped = _swapped(light, "Topalit", "Fairlion")
    report = compare_decks(
        [light, swapped],
        [Opponent(_spec("Reference: Water"))],
        games=GAMES,
        seed=5,
        processes=1,
    )
    difference = report["difference"]
    a, b = report["decks"]
    assert difference["paired"] is True
    assert difference["value"] == pytest.approx((a["wins"] - b["wins"]) / GAMES, abs=1e-4)
    paired_width = difference["high"] - difference["low"]
    unpaired_width = difference["unpaired"]["high"] - difference["unpaired"]["low"]
    assert paired_width <= 0.7 * unpaired_width
    assert difference["narrower"] == pytest.approx(1 - paired_width / unpaired_width, abs=1e-3)


def test_paired_difference_by_hand():
    # four pairs: d = 1, 0, 0, −1 → mean 0, sample sd √(2/3), half-width 1.96·√(2/3)/2
    won_a = {1: True, 2: True, 3: False, 4: False}
    won_b = {1: False, 2: True, 3: False, 4: True}
    value, low, high, pairs = paired_difference(won_a, won_b)
    half = 1.959963984540054 * (2 / 3) ** 0.5 / 2
    assert (value, pairs) == (0.0, 4)
    assert low == pytest.approx(-half) and high == pytest.approx(half)
