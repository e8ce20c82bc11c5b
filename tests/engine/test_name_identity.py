"""RULES.md Decision NAME-1 in the engines, database-free: a card is the same card under any
of its catalogued names, after case, width (NFKC) and — when the app supplies the keys —
Traditional→Simplified folding; sharing a name is closed over the cards of the deck.

Cards are real ones from fixtures/ read through the card schema, next to printings of the
same cards catalogued under one language only.
"""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path

from engine.core.api import run_batch
from engine.core.cards import CardSpec, DeckSpec, spec_from_schema
from engine.core.names import group_by_name
from engine.pad.cards import PadCard, link_lines
from tests.engine import digimon_factories as dg
from tests.engine.factories import build_game

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


@cache
def fixture(number: str) -> dict:
    for game in ("pad", "digimon"):
        for card in json.loads((FIXTURES / f"{game}.json").read_text(encoding="utf-8")):
            if card["number"] == number:
                return card
    raise LookupError(number)


def printed(number: str, id: int, evolves_from: int | None = None) -> CardSpec:
    return spec_from_schema(fixture(number), id=id, evolves_from=evolves_from)


def reprint(number: str, id: int, names: dict[str, str], **fields) -> CardSpec:
    """The card `number` under another number, catalogued with `names` only."""
    data = {**fixture(number), "number": f"P-{id}", "names": names, **fields}
    data["name"] = next(iter(names.values()))
    return spec_from_schema(data, id=id)


# --- the identity itself ---------------------------------------------------------------


def test_name_1_sharing_a_name_is_closed_over_the_cards_at_hand():
    # A and C share no name, but both share one with B: one card, or a deck could hold
    # three copies of each printing of it.
    a = {"アグモン", "agumon"}
    b = {"agumon", "亚古兽"}
    c = {"亚古兽"}
    d = {"gabumon"}
    assert group_by_name([a, d, c, b], sorted) == [[a, c, b], [d]]
    assert group_by_name([a, d, c], sorted) == [[a], [d], [c]]


# --- PAD --------------------------------------------------------------------------------


def artemis_line() -> tuple[CardSpec, CardSpec]:
    """B05-020 Hunting Deity Artemis on the team, B05-021 (needs 神秘の仮面) evolving on it."""
    return printed("B05-020", 20), printed("B05-021", 21, evolves_from=20)


def test_name_1_pad_ultimate_requirement_in_japanese_is_met_by_the_english_display_name():
    # PAD-1.1: B05-021 needs "神秘の仮面" in hand. A printing shown as "Mystic Mask" with the
    # Japanese name catalogued beside it is that card.
    hunting, artemis = artemis_line()
    mask = reprint("B02-101", 101, {"en": "Mystic Mask", "ja": "神秘の仮面"})
    assert mask.name == "Mystic Mask"
    game = build_game([hunting], hand=[artemis, mask])
    ultimate = game.state.hand[0]
    assert game.can_evolve(0, ultimate)
    game.evolve(0, ultimate)
    assert game.state.pets[0].top is ultimate
    assert [card.name for card in game.state.discard] == ["Mystic Mask"]


def test_name_1_pad_ultimate_requirement_is_met_by_a_printing_linked_through_the_deck():
    # The English-only printing shares "Mystic Mask" with B02-101 神秘の仮面 in the deck.
    hunting, artemis = artemis_line()
    mask = printed("B02-101", 101)
    english = reprint("B02-101", 102, {"en": "MYSTIC MASK"})
    game = build_game([hunting], hand=[artemis, english], deck=[mask])
    assert game.requirement_card(game.state.hand[0]) is game.state.hand[1]


def test_name_1_pad_engine_compares_the_keys_the_app_folded():
    # Traditional→Simplified folding needs OpenCC, so the app does it (engine/convert.py):
    # a requirement printed in Traditional Chinese, 神祕面具 (祕: Traditional 秘), and a
    # skill catalogued as 神秘の仮面 and, in Simplified Chinese, 神秘面具 share the key
    # 神秘面具; the engine compares those keys, never the printed texts.
    hunting, artemis = artemis_line()
    needs = _with_keys(
        replace(artemis, ultimate_requirement="神祕面具"), requirement_keys={"神秘面具"}
    )
    mask = _with_keys(printed("B02-101", 101), name_keys={"神秘の仮面", "mystic mask", "神秘面具"})
    game = build_game([hunting], hand=[needs, mask])
    assert game.can_evolve(0, game.state.hand[0])


def test_name_1_pad_a_requirement_naming_no_card_at_hand_is_never_met():
    hunting, artemis = artemis_line()
    game = build_game([hunting], hand=[artemis, printed("B02-099", 99)])  # Mythlit
    assert game.requirement_card(game.state.hand[0]) is None
    assert not game.can_evolve(0, game.state.hand[0])


def test_name_1_pad_evolves_on_a_reprint_of_its_pre_evolution():
    # B05-021 evolves from Hunting Deity Artemis (PAD-1.1). The team holds that pet under
    # another number (id 120, not the linked id 20), its name catalogued in capitals.
    artemis = printed("B05-021", 21, evolves_from=20)
    team_reprint = reprint("B05-020", 120, {"en": "HUNTING DEITY ARTEMIS"})
    mask = printed("B02-101", 101)
    game = build_game([team_reprint], hand=[artemis, mask])
    assert game.can_evolve(0, game.state.hand[0])
    assert game.next_evolution_in_hand() == 0b1


def test_name_1_pad_lines_of_reprints_share_one_root():
    base, evo = printed("B05-019", 19), printed("B05-020", 20, evolves_from=19)
    base_reprint = reprint("B05-019", 119, {"ja": "アルテミス", "en": "artemis"})
    cards = [PadCard(spec) for spec in (base, evo, base_reprint)]
    link_lines(cards)
    assert cards[0].identity == cards[2].identity == 19
    assert {card.root for card in cards} == {19}


# --- Digimon ----------------------------------------------------------------------------


def agumon_and_greymon() -> tuple[CardSpec, CardSpec, CardSpec]:
    """St-1 アグモン (Agumon), an English-only Agumon, and St-2 グレイモン evolving from
    "アグモン" (DGM-4.3), linked by name only."""
    return printed("St-1", 1), reprint("St-1", 301, {"en": "Agumon"}), printed("St-2", 2)


def test_name_1_greymon_evolves_from_an_english_only_agumon_of_the_deck():
    st1, english, greymon = agumon_and_greymon()
    cards, _ = dg.compile_cards([st1, english, greymon])
    assert cards[greymon].evolves_from(cards[english])
    assert cards[english].children == frozenset({cards[greymon]})


def test_name_1_digimon_evolves_from_name_folds_case_and_width():
    agumon = printed("St-1", 1)
    shouting = spec_from_schema({**fixture("St-2"), "evolves_from": "ＡＧＵＭＯＮ"}, id=2)
    cards, _ = dg.compile_cards([agumon, shouting])
    assert cards[shouting].evolves_from(cards[agumon])


def test_name_1_other_requirements_name_a_card_in_any_case_or_language():
    st1, english, _ = agumon_and_greymon()
    needs = dg.digimon(
        40,
        "Needs",
        "IV",
        "A",
        (400, 300, 200),
        evolves_from=1,
        circles=0,
        crosses=0,
        other="AGUMON",
    )
    cards, _ = dg.compile_cards([st1, needs])
    assert cards[needs].other == (("card", "AGUMON"),)
    assert not cards[needs].assumed_requirement


def test_name_1_combo_parts_are_found_under_any_catalogued_name():
    # DGM-1.3: a combo asking for two "agumon" finds St-1 アグモン in hand and the
    # English-only Agumon in the Digimon box.
    st1, english, _ = agumon_and_greymon()
    combo = dg.combo(50, "Agumon Combo", (("agumon", 2),))
    game = dg.build_game(box=(english,), hand=[st1], slots=(combo,))
    assert game.combo_parts(0) == [("hand", game.state.hand[0]), ("box", game.state.top)]


def test_name_1_a_whole_digimon_deck_evolves_greymon_on_an_english_only_agumon():
    # The deck's only Agumon is the English-only printing. Greymon evolves from "アグモン"
    # (DGM-4.3), and the app, which sees the catalogue (St-1 アグモン is Agumon), hands
    # the engine both keys of that name: real games evolve to Level IV on it (DGM-4.1).
    _, english, greymon = agumon_and_greymon()
    greymon = _with_keys(greymon, evolves_from_keys={"アグモン", "agumon"})
    others = [s for s in dg.catalogue() if s.data.get("level") == "III" and s.name != "アグモン"]
    deck = DeckSpec("digimon", tuple([english] * 3 + [greymon] * 3 + others[:8] * 3))
    report = run_batch(deck, games=40, seed=1, processes=1)
    assert report["evolutions"]["by_level"]["IV"] > 0


def _with_keys(spec: CardSpec, **keys) -> CardSpec:
    return replace(spec, **{name: frozenset(value) for name, value in keys.items()})
