"""Proxies ready before a page asks (issue 15, item 6): `manage.py draw_proxies` draws the
missing ones, a second run draws none, and imports can draw or queue them."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from cards import images
from cards.images import image_urls
from cards.models import Card
from cards.predraw import predraw_proxies
from tests.cards.proxy_store import stored

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media")]

ST_CARDS = 111  # cards of set St in fixtures/digimon.json
CATALOGUE_CARDS = 431 + 171  # fixtures/pad.json (400 listed, 31 from scans) + digimon.json


def run(*args) -> str:
    out = io.StringIO()
    call_command("draw_proxies", *args, stdout=out)
    return out.getvalue()


def test_draw_proxies_draws_the_missing_ones_and_then_none(catalogue, media):
    first = run("--set", "St", "--language", "zh-hans", "--size", "thumb")
    assert first.startswith(f"Drew {ST_CARDS} proxies (0 already drawn)")
    names = stored(media)
    assert len(names) == ST_CARDS and all(n.endswith("-thumb-zh-hans.png") for n in names)

    second = run("--set", "St", "--language", "zh-hans", "--size", "thumb")
    assert second.startswith(f"Drew 0 proxies ({ST_CARDS} already drawn)")
    assert stored(media) == names


def test_a_lost_or_outdated_proxy_is_drawn_again(catalogue, media):
    cards = list(Card.objects.filter(number__in=["St-1", "St-2"]).order_by("pk"))
    ids = [card.pk for card in cards]
    assert predraw_proxies(ids).drawn == 2 * 3 * 2  # cards × page languages × sizes
    (media / images.proxy_name(cards[0], "thumb", "zh-hant")).unlink()
    cards[1].save()  # a changed card gets new pictures

    again = predraw_proxies(ids)
    assert (again.drawn, again.present) == (1 + 6, 5)


def test_a_predrawn_proxy_is_served_without_drawing(catalogue, client, monkeypatch):
    card = Card.objects.get(number="St-49")
    predraw_proxies([card.pk], languages=["zh-hans"], sizes=["thumb"])

    def no_drawing(*args):
        raise AssertionError("drawn on request")

    monkeypatch.setattr(images, "render_proxy", no_drawing)
    response = client.get(image_urls(card, "zh-hans")["thumb"])
    assert response.status_code == 200 and response["Content-Type"] == "image/png"


def test_background_queues_the_catalogue_in_batches(catalogue, monkeypatch):
    from cards import tasks

    queued = []
    monkeypatch.setattr(tasks.draw_proxies, "apply_async", lambda args, **kw: queued.append(args))
    assert run("--background").startswith("Queued 7 proxy drawing tasks")
    ids = [card_id for (batch,) in queued for card_id in batch]
    assert len(queued) == 7  # 602 cards, 100 a task
    assert sorted(ids) == sorted(Card.objects.values_list("pk", flat=True))
    assert len(ids) == CATALOGUE_CARDS
