"""The sample hand (engine.sample_hand and /goldfish/deck/<id>/sample-hand/): PAD-3.1 … PAD-3.4
and PAD-4.2 draws; DGM-3.1 … DGM-3.3 and one DGM-4.1 redraw per round."""

from __future__ import annotations

import html
import re
from collections import Counter

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import translation

from cards.models import Card
from decks.services import deck_create, entries_from_text
from engine.convert import deck_spec
from engine.core.cards import CardSpec, DeckSpec
from engine.sample_hand import digimon_sample_hand, pad_sample_hand, sample_hand
from engine.services import entries_for
from tests.decklists import digimon_list, pad_list


def pad_card(number: int, **extra) -> CardSpec:
    return CardSpec(
        id=number,
        name=f"P{number}",
        kind="pet",
        game="pad",
        orbs=frozenset({"fire", "heart"}),
        **extra,
    )


def digimon_card(number: int, level: str) -> CardSpec:
    return CardSpec(
        id=number, name=f"D{number}", kind="digimon", game="digimon", data={"level": level}
    )


def pad_deck(size: int = 40) -> DeckSpec:
    team = tuple(pad_card(100 + i, stage="base") for i in range(5))
    return DeckSpec(game="pad", deck=tuple(pad_card(i % 14) for i in range(size)), team=team)


def digimon_deck(level_threes: int = 4) -> DeckSpec:
    cards = [digimon_card(i, "III" if i < level_threes else "IV") for i in range(30)]
    return DeckSpec(game="digimon", deck=tuple(cards))


def ids(cards) -> Counter:
    return Counter(card.id for card in cards)


# --- The functions ----------------------------------------------------------------------------


def test_pad_setup_deals_life_hand_and_orbs():  # PAD-3.1 … PAD-3.4
    deck = pad_deck()
    sample = pad_sample_hand(deck, seed=3)
    zones = sample.zones
    assert len(zones["team"]) == 5 and len(zones["life"]) == 5
    assert len(zones["hand"]) == 5 and len(zones["orbs"]) == 3
    assert sample.draws == [] and len(sample.library) == 40 - 13
    assert sample.max_turn == 27
    assert ids(sample.all_cards()) == ids(deck.cards())


def test_the_same_seed_deals_the_same_cards_and_another_seed_others():
    deck = pad_deck()
    one, two = pad_sample_hand(deck, seed=8, turn=4), pad_sample_hand(deck, seed=8, turn=4)
    assert one == two
    others = [pad_sample_hand(deck, seed=s, turn=4).all_cards() for s in range(9, 14)]
    assert any(cards != one.all_cards() for cards in others)


@pytest.mark.parametrize("turn", [0, 1, 5, 27])
def test_each_turn_draws_one_card_from_the_top(turn):  # PAD-4.2
    deck = pad_deck()
    start = pad_sample_hand(deck, seed=1)
    sample = pad_sample_hand(deck, seed=1, turn=turn)
    assert sample.turn == turn and len(sample.draws) == turn
    assert sample.draws == start.library[:turn]  # the same deal, drawn on
    assert sample.zones == start.zones
    assert len(sample.hand_now) == 5 + turn
    assert ids(sample.all_cards()) == ids(deck.cards())


def test_drawing_stops_when_the_deck_is_empty():
    sample = pad_sample_hand(pad_deck(), seed=2, turn=500)
    assert sample.turn == sample.max_turn == 27 and sample.library == []
    assert pad_sample_hand(pad_deck(), seed=2, turn=-3).turn == 0


def test_a_tiny_illegal_deck_still_deals_what_it_has():
    deck = pad_deck(size=7)
    sample = pad_sample_hand(deck, seed=0, turn=3)
    assert [len(sample.zones[z]) for z in ("life", "hand", "orbs")] == [5, 2, 0]
    assert sample.turn == 0 and ids(sample.all_cards()) == ids(deck.cards())


def test_digimon_setup_puts_one_level_three_in_the_box():  # DGM-3.1 … DGM-3.3
    deck = digimon_deck()
    for seed in range(20):
        sample = digimon_sample_hand(deck, seed=seed, turn=2)
        box = sample.zones["box"]
        assert len(box) == 1 and box[0].data["level"] == "III"
        assert len(sample.zones["gauge"]) == 1 and len(sample.zones["hand"]) == 6
        assert len(sample.draws) == 2 and len(sample.library) == 30 - 1 - 1 - 6 - 2
        assert ids(sample.all_cards()) == ids(deck.cards())


def test_the_box_takes_the_first_level_three_of_the_shuffle():  # DGM-3.1 (documented choice)
    deck = digimon_deck(level_threes=1)
    sample = digimon_sample_hand(deck, seed=5)
    assert sample.zones["box"][0].id == 0
    assert all(card.data["level"] == "IV" for card in sample.all_cards()[1:])


def test_a_digimon_deck_without_a_level_three_has_an_empty_box():
    deck = digimon_deck(level_threes=0)
    sample = sample_hand(deck, seed=1, turn=1)
    assert sample.zones["box"] == [] and len(sample.zones["hand"]) == 6
    assert ids(sample.all_cards()) == ids(deck.cards())


# --- The page ---------------------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _language_reset():
    """A request in Chinese leaves its language active in this thread: reset it."""
    yield
    translation.deactivate()


@pytest.fixture
def owner(db):
    return User.objects.create_user("hand-owner", password="pw-owner-123")


def make_deck(owner, game="pad"):
    text = pad_list() if game == "pad" else digimon_list()
    return deck_create(
        owner=owner,
        game=game,
        name="Sample",
        visibility="unlisted",
        entries=entries_from_text(game, text),
    )


def url(deck) -> str:
    return reverse("engine:sample_hand", args=[deck.pk])


def zone(content: str, name: str) -> str:
    return re.search(rf'<section [^>]*data-zone="{name}".*?</section>', content, re.S)[0]


def tile_names(chunk: str) -> list[str]:
    return [
        html.unescape(n) for n in re.findall(r'class="sh-card[^"]*"[^>]*data-name="([^"]*)"', chunk)
    ]


@pytest.mark.django_db
def test_the_pad_page_deals_and_draws(client, owner, catalogue, django_assert_max_num_queries):
    deck = make_deck(owner)
    with django_assert_max_num_queries(7):  # one of them: the cards' names in English
        response = client.get(url(deck), {"seed": 42, "turn": 3})
    assert response.status_code == 200
    content = response.content.decode()
    spec = deck_spec("pad", entries_for("pad", deck=deck))
    sample = pad_sample_hand(spec, seed=42, turn=3)
    # The page names cards in its language: English, stored beside the first name.
    english = {
        c.pk: c.name_en or c.name for c in Card.objects.filter(pk__in=[c.id for c in spec.cards()])
    }

    def names(cards) -> list[str]:
        return [english[card.id] for card in cards]

    assert zone(content, "life").count('class="sh-back"') == 5  # face down: a count only
    for card in sample.zones["life"]:
        assert f'data-name="{html.escape(card.name)}"' not in zone(content, "life")
    assert tile_names(zone(content, "hand")) == names(sample.zones["hand"])
    assert tile_names(zone(content, "orbs")) == names(sample.zones["orbs"])
    assert tile_names(zone(content, "team")) == names(spec.team)
    drawn = zone(content, "draws")
    assert drawn.count('class="sh-drawn"') == 3
    assert tile_names(drawn) == names(sample.draws)
    # The orb cards show their orbs.
    first_orb = sample.zones["orbs"][0]
    orbs = re.search(r'class="sh-card.*?</a>', zone(content, "orbs"), re.S)[0]
    assert len(re.findall(r"gf-orb orb-\w+ lit", orbs)) == len(first_orb.orbs)
    assert f'data-library="{len(sample.library)}"' in content
    # Links: draw on, undo, a new random hand.
    assert "seed=42&amp;turn=4" in content and "seed=42&amp;turn=2" in content
    assert "data-new-hand" in content

    again = client.get(url(deck), {"seed": 42, "turn": 3}).content.decode()
    assert tile_names(zone(again, "hand")) == tile_names(zone(content, "hand"))


@pytest.mark.django_db
def test_without_a_seed_the_page_picks_one(client, owner, catalogue):
    deck = make_deck(owner)
    response = client.get(url(deck))
    assert response.status_code == 302
    assert re.match(rf"{url(deck)}\?seed=\d+$", response["Location"])
    followed = client.get(response["Location"])
    assert followed.status_code == 200
    assert client.get(url(deck), {"seed": "x", "turn": 2}).status_code == 302


@pytest.mark.django_db
def test_the_digimon_page_deals_a_level_three_and_six_cards(client, owner, catalogue):
    deck = make_deck(owner, "digimon")
    content = client.get(url(deck), {"seed": 9, "turn": 2}).content.decode()
    box = zone(content, "box")
    assert len(tile_names(box)) == 1 and "Level III" in box
    assert zone(content, "gauge").count('class="sh-back"') == 1
    assert len(tile_names(zone(content, "hand"))) == 6
    assert zone(content, "draws").count('class="sh-drawn"') == 2
    assert 'data-library="20"' in content


@pytest.mark.django_db
def test_the_sample_hand_page_is_translated(client, owner, catalogue):
    deck = make_deck(owner)
    client.post(reverse("set_language"), {"language": "zh-hans", "next": "/"})
    content = client.get(url(deck), {"seed": 1}).content.decode()
    assert "试抽" in content and "生命" in content
