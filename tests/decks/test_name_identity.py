"""RULES.md Decision NAME-1: a name is the same card in every language, in the deck
validator, the builder's evolution chains and the engines fed from the catalogue.

Real cards of the starter catalogue (St-1 アグモン / Agumon, St-2 グレイモン evolving from
アグモン, B05-021 Artemis needing 神秘の仮面 / Mystic Mask) beside printings of the same
cards catalogued under one language only, as a curator importing another set would.
"""

from __future__ import annotations

import pytest

from cards.models import Card
from cards.names import card_keys
from decks.rules import EntryInput, validate_deck
from decks.stats import deck_statistics, evolution_chains
from engine.convert import deck_spec
from engine.digimon.cards import DigimonCard, link
from engine.digimon.cards import dummy_spec as digimon_dummy
from tests.conftest import create_card
from tests.engine.factories import build_game

from .conftest import card, codes, distinct_names, fill, pad_team

pytestmark = pytest.mark.django_db


def english_only_agumon():
    """Agumon printed in another set and catalogued with its English name only."""
    return create_card(
        "digimon",
        set="P",
        number="P-001",
        names={"en": "Agumon"},
        level="III",
        evolves_from=None,
        evolution=None,
        lost_points={"III": 10, "IV": 10, "perfect": 10, "ultimate": 10},
    )


def english_only_mystic_mask():
    """B02-101 神秘の仮面 reprinted in another set, catalogued as "Mystic Mask" only."""
    return create_card(
        "skill",
        set="P01",
        number="P01-007",
        names={"en": "Mystic Mask"},
        attribute="light",
        orbs=["dark", "wood", "fire"],
    )


def around(extra: list[EntryInput], game: str) -> list[EntryInput]:
    """A legal deck around `extra` (Digimon: 30 cards; PAD: 40 and a team) whose other
    cards share no name with it."""
    used = frozenset().union(*(card_keys(Card.objects.get(pk=e.card_id)) for e in extra))
    size = (30 if game == "digimon" else 40) - sum(entry.quantity for entry in extra)
    cards = Card.objects.filter(game=game).exclude(level="ultimate")
    pool = distinct_names(cards.filter(level="III")) if game == "digimon" else []
    pool += [c for c in distinct_names(cards) if c not in pool]
    others = fill([c for c in pool if not card_keys(c) & used], size)
    return (pad_team() if game == "pad" else []) + others + extra


def test_name_1_three_st1_agumon_and_three_english_only_agumon_break_the_copy_limit(catalogue):
    # DGM-2.2 with NAME-1: St-1 is アグモン, catalogued as Agumon in English too.
    agumon, reprint = card("St-1"), english_only_agumon()
    six = [EntryInput(agumon.pk, 3, "deck", line=1), EntryInput(reprint.pk, 3, "deck", line=2)]
    result = validate_deck("digimon", around(six, "digimon"))
    assert codes(result) == ["copy_limit"]
    assert result.errors[0].message == "At most 3 copies of “Agumon” may be in the deck; it has 6."


def test_name_1_two_and_one_across_languages_stay_within_the_copy_limit(catalogue):
    agumon, reprint = card("St-1"), english_only_agumon()
    three = [EntryInput(agumon.pk, 2, "deck"), EntryInput(reprint.pk, 1, "deck")]
    assert validate_deck("digimon", around(three, "digimon")).valid


def test_name_1_pad_copy_limit_folds_case_width_and_script(catalogue):
    # PAD-2.2 with NAME-1: B01-021 ティラ / Tyrra, and a reprint catalogued as full-width
    # upper-case "ＴＹＲＲＡ" and a Traditional Chinese name, counted as one card.
    tyrra = card("B01-021")
    reprint = create_card("pet", set="P01", number="P01-001", names={"en": "ＴＹＲＲＡ"})
    four = [EntryInput(tyrra.pk, 2, "deck", line=1), EntryInput(reprint.pk, 2, "deck", line=2)]
    result = validate_deck("pad", around(four, "pad"))
    assert codes(result) == ["copy_limit"]


def test_name_1_printings_linked_through_a_third_share_one_limit(catalogue):
    # "Shares a name" is closed over the deck: 火龍 (Traditional) = 火龙 (Simplified) is
    # also Fire Dragon, so one copy of each printing is three copies of one card.
    both = create_card(
        "pet", set="P01", number="P01-002", names={"en": "Fire Dragon", "zh_hans": "火龙"}
    )
    english = create_card("pet", set="P01", number="P01-003", names={"en": "fire dragon"})
    chinese = create_card("pet", set="P01", number="P01-004", names={"zh_hant": "火龍"})
    entries = [EntryInput(english.pk, 2, "deck"), EntryInput(chinese.pk, 1, "deck")]
    assert validate_deck("pad", around(entries, "pad")).valid  # each alone shares nothing
    entries.append(EntryInput(both.pk, 1, "deck"))
    result = validate_deck("pad", around(entries, "pad"))
    assert codes(result) == ["copy_limit"]
    assert "it has 4." in result.errors[0].message


def test_name_1_greymon_evolves_from_an_english_only_agumon_in_the_builder(catalogue):
    # St-2 Greymon evolves from "アグモン" (DGM-4.3); the deck's Agumon is catalogued only
    # in English, yet it is that card, so the chain is complete.
    reprint = english_only_agumon()
    greymon = Card.objects.select_related("evolves_from").get(number="St-2")  # as the builder
    [chain] = evolution_chains([greymon, reprint])
    assert chain["complete"] and chain["missing"] is None
    assert [link["card"] for link in chain["chain"]] == [reprint.pk, greymon.pk]


def test_name_1_digimon_engine_evolves_greymon_on_an_english_only_agumon(catalogue):
    greymon, reprint = card("St-2"), english_only_agumon()
    spec = deck_spec("digimon", [EntryInput(greymon.pk, 1), EntryInput(reprint.pk, 1)])
    cards = {c.id: DigimonCard(c) for c in spec.deck}
    link(list(cards.values()), DigimonCard(digimon_dummy()))
    assert cards[greymon.pk].evolves_from(cards[reprint.pk])
    assert cards[reprint.pk].children == frozenset({cards[greymon.pk]})


def test_name_1_artemis_needs_mystic_mask_and_an_english_only_printing_meets_it(catalogue):
    # B05-021 needs "神秘の仮面" in hand (PAD-1.1); a printing catalogued only as
    # "Mystic Mask" is that card.
    artemis, hunting, mask = card("B05-021"), card("B05-020"), english_only_mystic_mask()
    entries = [EntryInput(c.pk, 1) for c in (artemis, hunting, mask)]
    specs = {spec.id: spec for spec in deck_spec("pad", entries).deck}
    game = build_game([specs[hunting.pk]], hand=[specs[artemis.pk], specs[mask.pk]])
    ultimate = game.state.hand[0]
    assert game.requirement_card(ultimate) is game.state.hand[1]
    assert game.can_evolve(0, ultimate)
    game.evolve(0, ultimate)
    assert game.state.pets[0].top is ultimate
    assert [c.name for c in game.state.discard] == ["Mystic Mask"]


def test_name_1_pad_engine_links_evolutions_by_any_printing(catalogue):
    # B05-021 evolves from Hunting Deity Artemis (B05-020, PAD-1.1); a reprint of it under
    # another number, its name catalogued in lower case, carries the line as well.
    artemis = card("B05-021")
    reprint = create_card(
        "pet",
        set="P01",
        number="P01-005",
        names={"en": "hunting deity artemis"},
        stage="evo2",
        evolves_from="Artemis",
    )
    mask = card("B02-101")
    entries = [EntryInput(c.pk, 1) for c in (artemis, reprint, mask)]
    specs = {spec.id: spec for spec in deck_spec("pad", entries).deck}
    game = build_game([specs[reprint.pk]], hand=[specs[artemis.pk], specs[mask.pk]])
    assert game.can_evolve(0, game.state.hand[0])


def test_name_1_a_requirement_in_traditional_chinese_is_met_by_a_simplified_printing(catalogue):
    # NAME-1 folds Traditional to Simplified: "needs 神祕面具" (祕, Traditional) is met by a
    # skill catalogued as 神秘面具 in Simplified Chinese only.
    hunting = card("B05-020")
    ultimate = create_card(
        "pet",
        set="P01",
        number="P01-006",
        names={"zh_hant": "狩獵之神阿爾忒彌斯"},
        stage="ultimate",
        evolves_from="Hunting Deity Artemis",
        ultimate_requirement="神祕面具",
    )
    mask = create_card("skill", set="P01", number="P01-008", names={"zh_hans": "神秘面具"})
    entries = [EntryInput(c.pk, 1) for c in (hunting, ultimate, mask)]
    specs = {spec.id: spec for spec in deck_spec("pad", entries).deck}
    game = build_game([specs[hunting.pk]], hand=[specs[ultimate.pk], specs[mask.pk]])
    assert game.can_evolve(0, game.state.hand[0])


def test_name_1_an_imported_evolves_from_name_links_in_any_width_or_script(catalogue):
    # The catalogue links a card to the one it evolves from by name (DGM-4.3): "ＡＧＵＭＯＮ"
    # in full-width capitals is St-1 アグモン / Agumon.
    greymon = create_card("digimon", set="P", number="P-002", evolves_from="ＡＧＵＭＯＮ")
    assert greymon.evolves_from_id == card("St-1").pk


def test_name_1_draw_odds_count_printings_in_two_languages_as_one_card(catalogue):
    # The builder's odds per name count copies as the copy limit does.
    agumon, reprint = card("St-1"), english_only_agumon()
    stats = deck_statistics("digimon", [(agumon, 2, "deck"), (reprint, 1, "deck")])
    [odds] = stats["draw_odds"]
    assert odds["copies"] == 3 and odds["cards"] == sorted([agumon.pk, reprint.pk])
