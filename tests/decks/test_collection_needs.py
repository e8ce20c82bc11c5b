"""What a deck still needs (issue 29): pick a deck, see every card it holds more copies of
than the collection owns, with the copies missing, and download that list as a deck list
the builder's paste reads.

Real cards of fixtures/: B01-001 Lil' Red Dragon (a base pet: team or deck), B01-002 Red
Dragon, B01-003 Volcano Dragon, B01-006 Blue Dragon. A deck counts its team and deck, not
the sideboard (PAD-2.3: the team is five base pets beside the deck).
"""

from __future__ import annotations

import html
import re

import pytest

from decks.collection import import_collection
from decks.decklist import parse_deck_list
from decks.models import Deck, DeckEntry

from .conftest import card

pytestmark = pytest.mark.django_db

# Needed: Lil' Red Dragon 1 (team) + 2 (deck) = 3, Red Dragon 3, Volcano Dragon 2: 8 cards;
# the 4 Blue Dragon of the sideboard are never needed.
DECK = [
    ("B01-001", 1, "team"),
    ("B01-001", 2, "deck"),
    ("B01-002", 3, "deck"),
    ("B01-003", 2, "deck"),
    ("B01-006", 4, "side"),
]
# Owned: Lil' Red Dragon 2 of 3 (1 missing), Red Dragon 1 of 3 (2 missing), Volcano Dragon
# 5 of 2 (none missing; counts 2), no Blue Dragon (not needed). 2 + 1 + 2 = 5 of 8 owned.
OWNED = "2 Lil' Red Dragon\n1 Red Dragon\n5 Volcano Dragon\n4 Agumon\n"


def make_deck(owner, rows=DECK, visibility="private", name="Fire") -> Deck:
    deck = Deck.objects.create(owner=owner, game="pad", name=name, visibility=visibility)
    for number, quantity, zone in rows:
        DeckEntry.objects.create(deck=deck, card=card(number), quantity=quantity, zone=zone)
    return deck


def text_of(fragment: str) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", fragment))).strip()


def needs_part(response) -> str:
    page = response.content.decode()
    return re.search(r'<section class="panel collection-needs".*?</section>', page, re.S)[0]


def listed(response) -> list[str]:
    """The missing cards as the list reads: "2 × Red Dragon B01-002 owned 1 of 3"."""
    items = re.findall(r'<li class="need".*?</li>', needs_part(response), re.S)
    return [text_of(item) for item in items]


def summary(response) -> str:
    return text_of(re.search(r"<p class=\"needs-summary\".*?</p>", needs_part(response), re.S)[0])


@pytest.fixture
def fire(owner, catalogue) -> Deck:
    import_collection(owner=owner, text=OWNED)
    return make_deck(owner)


def test_the_list_names_every_card_missing_with_the_copies_missing(client, owner, fire):
    client.force_login(owner)

    response = client.get("/decks/collection/", {"deck": fire.pk})

    assert summary(response) == "Fire : You own 5 of 8 cards; missing: 3 copies"
    assert listed(response) == [
        "2 × Red Dragon B01-002 owned 1 of 3",
        "1 × Lil' Red Dragon B01-001 owned 2 of 3",
    ]


def test_the_missing_cards_download_as_a_deck_list_the_parser_reads(client, owner, fire):
    client.force_login(owner)
    page = client.get("/decks/collection/", {"deck": fire.pk}).content.decode()
    export = re.search(r'<p class="needs-export"><a class="button" href="([^"]+)"', page)
    link = html.unescape(export[1])

    response = client.get(f"{link}&lang=en")

    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response["Content-Disposition"] == f'attachment; filename="needs-{fire.pk}.txt"'
    # The owned Lil' Red Dragons fill the team first: the one missing is a deck copy.
    text = response.content.decode()
    assert text == "Deck:\n1 Lil' Red Dragon\n2 Red Dragon\n"
    parsed = parse_deck_list(text, "pad")
    assert parsed.ok
    assert [(e.card_id, e.quantity, e.zone) for e in parsed.entries] == [
        (card("B01-001").pk, 1, "deck"),
        (card("B01-002").pk, 2, "deck"),
    ]


def test_team_copies_missing_stay_in_the_team(client, owner, catalogue):
    deck = make_deck(owner)  # nothing owned: every counted copy is missing
    client.force_login(owner)

    text = client.get("/decks/collection/needs.txt", {"deck": deck.pk, "lang": "ja"})
    text = text.content.decode()

    assert text == (
        "Team:\n1 レッドコドラ\n\nDeck:\n2 レッドコドラ\n3 レッドドラゴン\n2 ボルケーノドラゴン\n"
    )
    parsed = parse_deck_list(text, "pad")
    assert parsed.ok
    assert sorted((e.card_id, e.quantity, e.zone) for e in parsed.entries) == sorted(
        [
            (card("B01-001").pk, 1, "team"),
            (card("B01-001").pk, 2, "deck"),
            (card("B01-002").pk, 3, "deck"),
            (card("B01-003").pk, 2, "deck"),
        ]
    )


def test_the_builder_pastes_the_download_into_a_deck(client, owner, catalogue):
    deck = make_deck(owner)  # nothing owned: the whole team and deck are missing
    wants = Deck.objects.create(owner=owner, game="pad", name="Wants")
    client.force_login(owner)
    text = client.get("/decks/collection/needs.txt", {"deck": deck.pk}).content.decode()

    client.post(
        f"/decks/{wants.pk}/edit/paste/",
        {"list": text, "mode": "replace", "revision": wants.revision},
    )

    held = {(e.card.number, e.quantity, e.zone) for e in wants.entries.select_related("card")}
    assert held == {
        ("B01-001", 1, "team"),
        ("B01-001", 2, "deck"),
        ("B01-002", 3, "deck"),
        ("B01-003", 2, "deck"),
    }


def test_a_deck_you_own_every_card_of_needs_nothing(client, owner, catalogue):
    import_collection(owner=owner, text="3 Lil' Red Dragon\n3 Red Dragon\n2 Volcano Dragon\n")
    deck = make_deck(owner)
    client.force_login(owner)

    response = client.get("/decks/collection/", {"deck": deck.pk})

    assert summary(response) == "Fire : You own all 8 cards of this deck."
    assert listed(response) == [] and "needs-export" not in needs_part(response)
    assert client.get("/decks/collection/needs.txt", {"deck": deck.pk}).content == b""


def test_an_empty_deck_says_so(client, owner, catalogue):
    deck = make_deck(owner, rows=[])
    client.force_login(owner)

    response = client.get("/decks/collection/", {"deck": deck.pk})

    assert summary(response) == "Fire : this deck holds no card yet."


def options(response) -> dict[str, list[str]]:
    """The deck chooser: {group label: [option texts]}."""
    part = needs_part(response)
    groups = re.findall(r'<optgroup label="([^"]+)">(.*?)</optgroup>', part, re.S)
    return {
        html.unescape(label): [text_of(o) for o in re.findall(r"<option[^>]*>.*?</option>", body)]
        for label, body in groups
    }


def test_the_chooser_offers_your_decks_and_the_reference_decks(client, owner, other, gauntlet):
    make_deck(owner, name="Mine")
    make_deck(other, name="Theirs", visibility="public")
    client.force_login(owner)

    choices = options(client.get("/decks/collection/"))

    assert choices["Your decks"] == ["Mine (PAD)"]
    # fixtures/reference_decks.toml: 7 PAD and 9 Digimon decks, PAD first.
    assert len(choices["Reference decks"]) == 16
    assert choices["Reference decks"][0] == "Reference: Dark (PAD)"
    assert choices["Reference decks"][-1] == "Reference: Virus Nightmares (Digimon)"
    assert "Theirs" not in needs_part(client.get("/decks/collection/"))


def test_any_deck_you_can_read_can_be_checked(client, owner, other, fire):
    theirs = make_deck(other, name="Unlisted fire", visibility="unlisted")
    client.force_login(owner)

    response = client.get("/decks/collection/", {"deck": theirs.pk})

    assert summary(response) == "Unlisted fire : You own 5 of 8 cards; missing: 3 copies"
    assert f'<option value="{theirs.pk}" selected>Unlisted fire (PAD)</option>' in needs_part(
        response
    )


def test_someone_elses_private_deck_is_answered_as_no_deck(client, owner, other, fire):
    private = make_deck(other, name="Secret plan")
    client.force_login(owner)

    response = client.get("/decks/collection/", {"deck": private.pk})

    assert "No deck you can read has this id." in text_of(needs_part(response))
    assert "Secret plan" not in response.content.decode()
    assert client.get("/decks/collection/needs.txt", {"deck": private.pk}).status_code == 404


def test_a_shared_collection_shows_what_its_owner_still_needs(client, owner, other, fire):
    owner.collection.visibility = "public"
    owner.collection.save()
    fire.visibility = "public"
    fire.save()
    make_deck(owner, name="Hidden", visibility="unlisted")
    client.force_login(other)

    response = client.get("/decks/collection/of/owner/", {"deck": fire.pk})

    assert summary(response) == "Fire : owner owns 5 of 8 cards; missing: 3 copies"
    assert options(response)["Decks of owner"] == ["Fire (PAD)"]  # not the unlisted one
    text = client.get("/decks/collection/of/owner/needs.txt", {"deck": fire.pk, "lang": "en"})
    assert text.content.decode() == "Deck:\n1 Lil' Red Dragon\n2 Red Dragon\n"


def test_a_private_collection_stays_private(client, owner, other, fire):
    fire.visibility = "public"
    fire.save()
    paths = [
        "/decks/collection/of/owner/",
        f"/decks/collection/of/owner/?deck={fire.pk}",
        "/decks/collection/of/owner/?q=owned>=1",
        f"/decks/collection/of/owner/needs.txt?deck={fire.pk}",
    ]
    for reader in (None, other):
        if reader is not None:
            client.force_login(reader)
        for path in paths:
            response = client.get(path)
            assert response.status_code == 404, (reader, path)
            assert "Red Dragon" not in response.content.decode()
    client.logout()
    assert client.get(f"/decks/collection/needs.txt?deck={fire.pk}").status_code == 302  # log in


def test_the_list_is_translated(client, owner, fire):
    client.force_login(owner)

    hant = client.get("/decks/collection/", {"deck": fire.pk}, HTTP_ACCEPT_LANGUAGE="zh-hant")
    hans = client.get("/decks/collection/", {"deck": fire.pk}, HTTP_ACCEPT_LANGUAGE="zh-hans")

    assert summary(hant) == "Fire ：你擁有 8 張中的 5 張；缺少：3 張"
    assert "下載缺少的卡（.txt）" in needs_part(hant)
    assert summary(hans) == "Fire ：你拥有 8 张中的 5 张；缺少：3 张"
    assert "牌組還缺哪些卡" in needs_part(hant) and "卡组还缺哪些卡" in needs_part(hans)
