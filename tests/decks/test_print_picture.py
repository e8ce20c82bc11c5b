"""The deck picture (issue 16, item 2): the cards once each with their count, the team apart.

Worked out by hand from the reference deck "Fire" (fixtures/reference_decks.toml): a team
of 5 base pets and 16 different deck cards (40 copies). At ten thumbnails of 146 × 204 px a
row with 10 px between them and 20 px margins, the picture is 20 + 10 × 146 + 9 × 10 + 20 =
1590 px wide; the team is one row, the deck two (10 + 6).
"""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops

from cards.proxies import render_proxy
from decks.models import SIDE, Deck, DeckEntry
from decks.printing import picture
from decks.printing.sheet import printed_entries

from .conftest import card, fire_deck

pytestmark = pytest.mark.django_db

THUMB = (146, 204)


def drawn(deck: Deck, language: str = "en") -> Image.Image:
    png = picture.deck_picture(
        printed_entries(deck), title=deck.name, game=deck.game, language=language
    )
    return Image.open(io.BytesIO(png))


def thumb_at(image: Image.Image, row_top: int, column: int) -> Image.Image:
    left = picture.MARGIN + column * (THUMB[0] + picture.GAP)
    return image.crop((left, row_top, left + THUMB[0], row_top + THUMB[1])).convert("RGB")


def proxy_thumb(number: str, language: str = "en") -> Image.Image:
    return Image.open(io.BytesIO(render_proxy(card(number), "thumb", language))).convert("RGB")


def differs_only_in_the_badge_corner(a: Image.Image, b: Image.Image) -> bool:
    box = ImageChops.difference(a, b).getbbox()
    return box is None or (box[0] >= 88 and box[1] >= 160)  # grid.QUANTITY_CORNER


def test_the_team_has_its_own_row_above_the_deck(gauntlet, media):
    image = drawn(fire_deck())
    assert image.format == "PNG" and image.width == 1590 <= 1600
    team_top = picture.HEAD_HEIGHT + picture.SECTION_HEIGHT
    deck_top = team_top + THUMB[1] + picture.GAP + picture.SECTION_HEIGHT
    # The team, in number order: Tyrra (B01-021) is its first base pet after B01-001.
    team = [e.card.number for e in printed_entries(fire_deck()) if e.zone == "team"]
    assert len(team) == 5
    assert differs_only_in_the_badge_corner(thumb_at(image, team_top, 0), proxy_thumb(team[0]))
    deck = [e.card.number for e in printed_entries(fire_deck()) if e.zone == "deck"]
    assert len(deck) == 16
    assert differs_only_in_the_badge_corner(thumb_at(image, deck_top, 0), proxy_thumb(deck[0]))
    second_row = deck_top + THUMB[1] + picture.GAP
    assert differs_only_in_the_badge_corner(thumb_at(image, second_row, 5), proxy_thumb(deck[15]))
    # 1 team row and 2 deck rows under the title, then the bottom margin.
    assert image.height == second_row + THUMB[1] + picture.GAP + picture.MARGIN


def test_each_card_carries_its_count(gauntlet, media):
    image = drawn(fire_deck())
    deck_top = picture.HEAD_HEIGHT + 2 * picture.SECTION_HEIGHT + THUMB[1] + picture.GAP
    # Red Dragon ×3 and Meteor Volcano Dragon ×1: the badge is a dark patch in the corner.
    entries = [e for e in printed_entries(fire_deck()) if e.zone == "deck"]
    for column, entry in enumerate(entries[:10]):
        corner = thumb_at(image, deck_top, column).crop((88, 160, 146, 204))
        dark = sum(corner.convert("L").histogram()[:40])
        assert dark > 300, (entry.card.number, dark)
    three = [i for i, e in enumerate(entries[:10]) if e.quantity == 3]
    one = [i for i, e in enumerate(entries[:10]) if e.quantity == 1]
    assert three and one

    # "×3" and "×1" are different badges; every "×3" the same one.
    def badge(column: int) -> Image.Image:
        return thumb_at(image, deck_top, column).crop((88, 160, 146, 204))

    assert ImageChops.difference(badge(three[0]), badge(one[0])).getbbox() is not None
    for i in three[1:]:
        same_card_corner = proxy_thumb(entries[i].card.number).crop((88, 160, 146, 204))
        assert ImageChops.difference(badge(i), same_card_corner).getbbox() is not None


def test_the_sideboard_is_not_shown(gauntlet, media):
    deck = fire_deck()
    before = drawn(deck)
    DeckEntry.objects.create(deck=deck, card=card("B01-104"), quantity=3, zone=SIDE)
    after = drawn(deck)
    assert ImageChops.difference(before, after).getbbox() is None


def test_a_small_deck_is_narrower_and_has_no_team_section(catalogue, media, owner):
    from decks.services import deck_create, entries_from_text

    deck = deck_create(
        owner=owner,
        game="digimon",
        name="Plug-ins",
        entries=entries_from_text("digimon", "3 Agumon\n2 Greymon\n2 攻击组件A\n"),
    )
    image = drawn(deck, "zh-hans")
    # Five columns at least, for the title: 20 + 5 × 146 + 4 × 10 + 20.
    assert image.width == 810
    rows_top = picture.HEAD_HEIGHT + picture.SECTION_HEIGHT
    assert image.height == rows_top + THUMB[1] + picture.GAP + picture.MARGIN
    plug_in = thumb_at(image, rows_top, 2)
    assert differs_only_in_the_badge_corner(plug_in, proxy_thumb("St-49", "zh-hans"))
    assert not differs_only_in_the_badge_corner(plug_in, proxy_thumb("St-49", "en"))
