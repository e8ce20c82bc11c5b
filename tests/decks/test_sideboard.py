"""The sideboard / maybe zone (issue 16, item 5): kept with the deck, in its lists, its API
and its revisions, and ignored by the deck rules (RULES.md PAD-2, DGM-2) and statistics."""

from __future__ import annotations

import pytest

from cards.models import Card
from decks.decklist import export_deck_list, parse_deck_list
from decks.models import Deck
from decks.rules import EntryInput, validate_deck
from decks.stats import deck_statistics
from tests.clients import api

from .conftest import card, codes, digimon_deck, pad_deck, pad_team

pytestmark = pytest.mark.django_db


def side(entries: list[EntryInput]) -> list[EntryInput]:
    return [EntryInput(e.card_id, e.quantity, "side") for e in entries]


# --- The validator ignores it -----------------------------------------------------------------


def test_pad_side_cards_count_toward_neither_deck_size_nor_copy_limits(catalogue):
    deck = pad_deck(40)
    first = deck[0]  # three copies in the deck already (PAD-2.2's limit)
    extra = [EntryInput(first.card_id, 3, "side"), *side(pad_deck(18, copies=2))]
    result = validate_deck("pad", [*pad_team(), *deck, *extra])
    # 40 + 21 would be 61 (PAD-2.1: 40–60) and 6 copies of one name (PAD-2.2: 3).
    assert result.valid, result.errors
    assert result.counts == {"deck": 40, "team": 5}


def test_the_same_cards_in_the_deck_break_pad_2_1_and_pad_2_2(catalogue):
    deck = pad_deck(40)
    extra = [EntryInput(deck[0].card_id, 3, "deck"), *pad_deck(18, copies=2)]
    result = validate_deck("pad", [*pad_team(), *deck, *extra])
    assert set(codes(result)) == {"deck_size", "copy_limit"}


def test_pad_side_pets_are_not_the_team(catalogue):
    # PAD-2.3: five base pets in the team; five in the sideboard leave the team empty.
    result = validate_deck("pad", [*side(pad_team()), *pad_deck(40)])
    assert codes(result) == ["team_size"]
    assert result.counts == {"deck": 40, "team": 0}


def test_digimon_side_ultimates_do_not_count_toward_dgm_2_3(catalogue):
    ultimates = [EntryInput(c.pk, 1, "side") for c in Card.objects.filter(level="ultimate")]
    assert len(ultimates) == 6  # St-33, St-34, St-40, St-61, St-87, St-97
    result = validate_deck("digimon", [*digimon_deck(30), *ultimates])
    assert result.valid, result.errors
    as_deck = [EntryInput(e.card_id, 1, "deck") for e in ultimates]
    assert "ultimate_limit" in codes(validate_deck("digimon", [*digimon_deck(30), *as_deck]))


def test_a_level_three_on_the_sideboard_does_not_satisfy_dgm_2_4(catalogue):
    no_three = Card.objects.filter(game="digimon", kind="digimon", level="IV")
    deck = [EntryInput(c.pk, 1, "deck") for c in no_three.order_by("number_sort")[:30]]
    agumon = EntryInput(card("St-1").pk, 1, "side")
    assert "no_level_three" in codes(validate_deck("digimon", [*deck, agumon]))


def test_statistics_leave_the_sideboard_out(catalogue):
    red_dragon, tyrra = card("B01-002"), card("B01-021")
    stats = deck_statistics("pad", [(red_dragon, 3, "deck"), (tyrra, 2, "side")])
    assert stats["counts"] == {"deck": 3, "team": 0}
    assert [row["name"] for row in stats["draw_odds"]] == ["Red Dragon"]


# --- The deck-list text format -----------------------------------------------------------------


@pytest.mark.parametrize("header", ["Sideboard:", "Side:", "Maybe:", "備牌：", "备牌:", "候補"])
def test_a_sideboard_header_starts_the_side_zone(catalogue, header):
    parsed = parse_deck_list(f"Deck:\n3 Red Dragon\n{header}\n2 B01-021", "pad")
    assert parsed.ok, parsed.errors
    assert [(e.card_id, e.quantity, e.zone) for e in parsed.entries] == [
        (card("B01-002").pk, 3, "deck"),
        (card("B01-021").pk, 2, "side"),
    ]


def test_a_digimon_list_keeps_its_sideboard(catalogue):
    parsed = parse_deck_list("3 Agumon\nSideboard:\n1 St-61", "digimon")
    assert parsed.ok and parsed.skipped == []
    assert [(e.quantity, e.zone) for e in parsed.entries] == [(3, "deck"), (1, "side")]


def test_export_writes_the_sideboard_last_and_reads_back_the_same(catalogue):
    rows = [
        (card("B01-002"), 3, "deck"),
        (card("B01-001"), 2, "side"),
        (card("B01-021"), 1, "team"),
    ]
    text = export_deck_list(rows, "pad", "en")
    assert text == "Team:\n1 Tyrra\n\nDeck:\n3 Red Dragon\n\nSideboard:\n2 Lil' Red Dragon\n"
    parsed = parse_deck_list(text, "pad")
    assert {(e.card_id, e.quantity, e.zone) for e in parsed.entries} == {
        (c.pk, quantity, zone) for c, quantity, zone in rows
    }


def test_export_without_a_sideboard_has_no_sideboard_header(catalogue):
    assert "Sideboard" not in export_deck_list([(card("B01-002"), 3, "deck")], "pad", "en")


# --- The API -----------------------------------------------------------------------------------


def test_api_creates_a_deck_with_side_entries_and_returns_them(catalogue, owner):
    tyrra = card("B01-021")
    entries = [
        {"card": e.card_id, "quantity": e.quantity, "zone": e.zone}
        for e in [*pad_team(), *pad_deck(40)]
    ]
    body = {
        "game": "pad",
        "name": "Side",
        "entries": [*entries, {"card": tyrra.pk, "quantity": 3, "zone": "side"}],
    }
    response = api(owner).post("/api/decks/", body, format="json")
    assert response.status_code == 201, response.json()
    deck = response.json()
    assert {
        "card": tyrra.pk,
        "quantity": 3,
        "zone": "side",
        "name": "Tyrra",
        "number": "B01-021",
    } in deck["entries"]
    assert deck["validation"]["valid"] is True
    assert deck["validation"]["counts"] == {"deck": 40, "team": 5}
    stored = Deck.objects.get(pk=deck["id"])
    assert (stored.deck_count, stored.team_count, stored.is_valid) == (40, 5, True)
    revision = stored.revisions.get()
    assert {"card": tyrra.pk, "quantity": 3, "zone": "side"} in revision.entries


def test_api_reads_a_sideboard_section_and_exports_it(catalogue, owner):
    body = {"game": "pad", "name": "S", "list": "Deck:\n3 Red Dragon\nSideboard:\n2 B01-021"}
    deck = api(owner).post("/api/decks/", body, format="json").json()
    assert sorted((e["number"], e["quantity"], e["zone"]) for e in deck["entries"]) == [
        ("B01-002", 3, "deck"),
        ("B01-021", 2, "side"),
    ]
    text = api(owner).get(f"/api/decks/{deck['id']}/export/?format=text&lang=en").content.decode()
    assert text == "Deck:\n3 Red Dragon\n\nSideboard:\n2 Tyrra\n"


def test_api_validate_ignores_side_entries(catalogue):
    red_dragon = card("B01-002").pk
    body = {"game": "pad", "entries": [{"card": red_dragon, "quantity": 9, "zone": "side"}]}
    result = api().post("/api/decks/validate/", body, format="json").json()
    # Nothing in the deck: only PAD-2.1 and PAD-2.3 speak, not the 9 copies (PAD-2.2).
    assert {e["code"] for e in result["errors"]} == {"deck_size", "team_size"}
    assert result["counts"] == {"deck": 0, "team": 0}


def test_api_still_refuses_an_unknown_zone(catalogue, owner):
    body = {
        "game": "pad",
        "name": "X",
        "entries": [{"card": card("B01-002").pk, "quantity": 1, "zone": "maybe"}],
    }
    response = api(owner).post("/api/decks/", body, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"


def test_the_history_names_a_move_to_the_sideboard(client, catalogue, owner, settings):
    settings.DECK_REVISION_BURST_SECONDS = 0  # one revision per write, to read each change
    tyrra = card("B01-021").pk
    body = {"game": "pad", "name": "S", "entries": [{"card": tyrra, "quantity": 2}]}
    deck = api(owner).post("/api/decks/", body, format="json").json()
    moved = {"revision": 1, "entries": [{"card": tyrra, "quantity": 2, "zone": "side"}]}
    assert api(owner).patch(f"/api/decks/{deck['id']}/", moved, format="json").status_code == 200
    client.force_login(owner)
    page = client.get(f"/decks/{deck['id']}/revisions/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    # Revision 2 took both copies out of the deck and put them on the sideboard.
    assert "+2 <a" in page and "(sideboard)" in page
