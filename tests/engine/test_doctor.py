"""DOCTOR-1's deck doctor: the legal swaps and what is pruned, Holm's correction by hand,
and the command's report on a small candidate list."""

from __future__ import annotations

import json
from io import StringIO
from statistics import NormalDist

from django.core.management import call_command

from cards.models import Card
from decks.models import Deck
from engine.core.doctor import NO_SWAP_HELPS, holm
from engine.doctor import candidate_cards, hopeless, single_swaps, swapped_entries
from engine.services import entries_for


def test_holm_by_hand():
    # three gains with standard error 0.01: z = 3.0, 1.0, 2.4 → p ≈ 0.0027, 0.317, 0.0164;
    # Holm compares the smallest with 0.05/3, the next with 0.05/2, the last with 0.05
    rows = holm([(0.03, 0.01), (0.01, 0.01), (0.024, 0.01)])
    assert [row["measurable"] for row in rows] == [True, False, True]
    half = NormalDist().inv_cdf(1 - 0.05 / 3 / 2) * 0.01  # the first at level 0.05/3
    assert rows[0]["low"] == round(0.03 - half, 4) and rows[0]["high"] == round(0.03 + half, 4)
    # step-down: p ≈ 0.030 fails its level 0.05/2, so p ≈ 0.040 is not rejected either,
    # though alone it would pass its own level 0.05
    rows = holm([(0.0217, 0.01), (0.02054, 0.01)])
    assert [row["measurable"] for row in rows] == [False, False]


def _light():
    deck = Deck.objects.get(name="Reference: Light")
    return entries_for("pad", deck=deck)


def test_swaps_keep_the_deck_legal_and_say_what_was_pruned(gauntlet):
    fire = Card.objects.get(game="pad", number="B01-001")  # Lil' Red Dragon: no fire pet
    dragon = Card.objects.get(game="pad", name="Lightning Holy Dragon")  # one in the deck
    variants, pruned, combine = single_swaps("pad", _light(), [fire, dragon])
    assert variants[0].cuts == ()  # the deck itself first
    assert pruned["its attribute matches no team pet"] == len(
        {entry.card_id for entry in _light() if entry.zone == "deck"}
    )
    in_deck = [variant for variant in variants[1:] if variant.cuts[0][2] == "deck"]
    adds = {variant.adds for variant in in_deck}
    assert adds == {((dragon.pk, "Lightning Holy Dragon", "deck"),)}
    cuts = {variant.cuts[0][1] for variant in in_deck}
    assert "Lightning Holy Dragon" not in cuts  # a card is not swapped for itself
    for variant in in_deck:
        assert len(variant.deck.deck) == len(variants[0].deck.deck)  # one out, one in
        names = [card.name for card in variant.deck.deck]
        assert names.count("Lightning Holy Dragon") == 2
    both = combine(in_deck[0:2])
    assert both is not None and len(both.cuts) == 2
    assert [c.name for c in both.deck.deck].count("Lightning Holy Dragon") == 3
    assert combine(in_deck[0:4]) is None  # a fourth copy breaks PAD-2's limit of 3


def test_doctor_1_a_team_pet_is_swapped_for_a_base_pet_in_its_slot(gauntlet):
    """DOCTOR-1 "from the deck or team": each team pet against each base-stage candidate
    pet (PAD-2.3), the deck untouched and the team in its order but the swapped slot."""
    entries = _light()
    team = [entry.card_id for entry in entries if entry.zone == "team"]
    red = Card.objects.get(game="pad", number="B01-001")  # Lil' Red Dragon, a base pet
    assert red.stage == "base" and red.pk not in team
    dragon = Card.objects.get(game="pad", name="Lightning Holy Dragon")  # not a base pet
    variants, pruned, combine = single_swaps("pad", entries, [red, dragon])
    base = variants[0].deck
    swapped = [variant for variant in variants[1:] if variant.cuts[0][2] == "team"]
    assert sorted(variant.cuts[0][0] for variant in swapped) == sorted(set(team))
    for variant in swapped:
        assert variant.adds == ((red.pk, red.name, "team"),)
        assert variant.deck.deck == base.deck  # the same deck, card for card
        cut = variant.cuts[0][0]
        slot = [spec.id for spec in base.team].index(cut)
        expected = [spec.id for spec in base.team]
        expected[slot] = red.pk
        assert [spec.id for spec in variant.deck.team] == expected
    # a deck swap and a team swap combine; two team swaps of the same pet do not
    in_deck = next(variant for variant in variants[1:] if variant.cuts[0][2] == "deck")
    both = combine([in_deck, swapped[0]])
    assert both is not None and {cut[2] for cut in both.cuts} == {"deck", "team"}
    report_swap = {
        "cuts": [{"card": c, "name": n, "zone": z} for c, n, z in swapped[0].cuts],
        "adds": [{"card": c, "name": n, "zone": z} for c, n, z in swapped[0].adds],
    }
    after = swapped_entries(entries, report_swap)
    team_after = sorted(e.card_id for e in after if e.zone == "team" for _ in range(e.quantity))
    expected_team = sorted(team)
    expected_team.remove(swapped[0].cuts[0][0])
    assert team_after == sorted([*expected_team, red.pk])
    deck_of = sorted((e.card_id, e.quantity) for e in entries if e.zone == "deck")
    assert sorted((e.card_id, e.quantity) for e in after if e.zone == "deck") == deck_of


def test_digimon_decks_have_no_team_swaps(gauntlet):
    deck = Deck.objects.get(name="Reference: Agumon line")
    entries = entries_for("digimon", deck=deck)
    variants, _pruned, _combine = single_swaps(
        "digimon", entries, list(Card.objects.filter(game="digimon")[:20])
    )
    assert all(variant.cuts[0][2] == "deck" for variant in variants[1:])


def test_the_doctor_command_prints_the_contract(gauntlet, settings):
    settings.DOCTOR_CONFIRM_GAMES = 30
    holy = Card.objects.get(game="pad", name="Holy Dragon")
    laphroaig = Card.objects.get(game="pad", name="Ancient Light Dragon, Laphroaig")
    deck = Deck.objects.get(name="Reference: Light")
    water = Deck.objects.get(name="Reference: Water")
    out = StringIO()
    call_command(
        "doctor", "--deck", deck.pk, "--game", "pad", "--opponent-deck", water.pk,
        "--candidates", f"{holy.pk},{laphroaig.pk}", "--max-swaps", "2", "--processes", "1",
        "--json", stdout=out,
    )  # fmt: skip
    report = json.loads(out.getvalue())
    assert set(report) >= {"baseline", "swaps", "card_values", "screened", "pruned", "text"}
    assert report["baseline"]["games"] == 30  # DOCTOR_CONFIRM_GAMES, one opponent
    for swap in report["swaps"]:
        assert set(swap) == {"cuts", "adds", "gain", "win_rate", "games"}
        assert set(swap["gain"]) == {"value", "low", "high", "measurable"}
        assert swap["games"] == 30
    values = [row["value"]["value"] for row in report["card_values"]]
    assert values == sorted(values, reverse=True)
    helps = [s for s in report["swaps"] if s["gain"]["measurable"] and s["gain"]["value"] > 0]
    assert (report["text"] == NO_SWAP_HELPS) == (not helps)


def test_owned_candidates_without_a_user_are_none(gauntlet):
    assert candidate_cards("pad", "owned") == []
    assert all(card.provenance != "synthetic" for card in candidate_cards("pad", "catalogue"))


def test_dgm_4_3_only_a_digimon_whose_named_predecessor_is_missing_is_pruned(gauntlet):
    deck = Deck.objects.get(name="Reference: Agumon line")
    entries = entries_for("digimon", deck=deck)
    cards = {card.pk: card for card in Card.objects.filter(game="digimon")}
    held = [cards[entry.card_id] for entry in entries]
    unnamed = next(c for c in cards.values() if c.level == "IV" and not c.evolves_from_id)
    greymon = next(c for c in held if c.evolves_from_id)  # its Agumon is in the deck
    assert hopeless("digimon", unnamed, held, []) is None
    assert hopeless("digimon", greymon, held, []) is None
    without_agumon = [card for card in held if card.pk != greymon.evolves_from_id]
    assert hopeless("digimon", greymon, without_agumon, []) == (
        "no Digimon of the deck evolves into it"
    )
