"""The deck page's "Print and share" block (issue 16, items 1 and 2): a plain form to the
proxy sheets, which works without JavaScript, and a link to the deck picture."""

from __future__ import annotations

import pytest

from decks.models import PRIVATE, PUBLIC
from decks.services import deck_create, entries_from_text

pytestmark = pytest.mark.django_db


def plug_in_deck(owner, visibility=PUBLIC):
    entries = entries_from_text("digimon", "3 Agumon\n2 Greymon\n2 攻击组件A\n")
    return deck_create(
        owner=owner, game="digimon", name="Plug-ins", visibility=visibility, entries=entries
    )


def print_block(page: str) -> str:
    return page.split("data-print-panel")[1].split("</section>")[0]


def test_the_deck_page_offers_proxy_sheets_on_either_paper_and_the_picture(
    client, catalogue, owner
):
    deck = plug_in_deck(owner)
    block = print_block(client.get(f"/decks/{deck.pk}/").content.decode())
    assert f'<form method="get" action="/api/decks/{deck.pk}/proxies.pdf"' in block
    assert '<input type="hidden" name="lang" value="en">' in block
    assert '<input type="radio" name="paper" value="a4" checked> A4' in block
    assert '<input type="radio" name="paper" value="letter"> US Letter' in block
    assert "Print proxies" in block
    assert f'href="/api/decks/{deck.pk}/image.png?lang=en"' in block
    assert "Deck picture" in block


def test_the_block_speaks_the_readers_language(client, catalogue, owner):
    deck = plug_in_deck(owner)
    page = client.get(f"/decks/{deck.pk}/", HTTP_ACCEPT_LANGUAGE="zh-TW").content.decode()
    block = print_block(page)
    assert "列印代用卡" in block and "牌組圖片" in block and "紙張" in block
    assert '<input type="hidden" name="lang" value="zh-hant">' in block
    assert f'href="/api/decks/{deck.pk}/image.png?lang=zh-hant"' in block
    simplified = client.get(f"/decks/{deck.pk}/", HTTP_ACCEPT_LANGUAGE="zh-CN").content.decode()
    assert "打印代用卡" in print_block(simplified) and "卡组图片" in print_block(simplified)


def test_the_owner_of_a_private_deck_sees_it_too(client, catalogue, owner):
    deck = plug_in_deck(owner, PRIVATE)
    client.force_login(owner)
    assert "Print proxies" in print_block(client.get(f"/decks/{deck.pk}/").content.decode())
