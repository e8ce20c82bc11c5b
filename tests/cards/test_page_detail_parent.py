"""The card page's "Evolves from" link (issue 30: read with the evolution line, not with a
second whole card row)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from cards.models import Card
from tests.conftest import create_card

pytestmark = pytest.mark.django_db


def evolves_from(client, card: Card) -> str:
    html = client.get(reverse("cards:detail", args=[card.pk])).content.decode()
    label = html.index("Evolves from</dt>")
    return html[label : html.index("</dd>", label)]


def test_the_parent_is_linked_by_the_name_the_page_gives_it(client):
    base = create_card("pet", number="B01-951", names={"en": "Ember Pup", "ja": "エンバー"})
    child = create_card("pet", number="B01-952", names={"en": "Ember Hound"})
    Card.objects.filter(pk=child.pk).update(evolves_from=base)
    child.refresh_from_db()
    assert f'<a href="/cards/{base.pk}/">Ember Pup</a>' in evolves_from(client, child)


def test_a_card_that_names_itself_as_its_parent_still_links_it(client):
    loop = create_card("pet", number="B01-953", names={"en": "Ouroboros Pup"})
    Card.objects.filter(pk=loop.pk).update(evolves_from=loop)
    loop.refresh_from_db()
    assert f'<a href="/cards/{loop.pk}/">Ouroboros Pup</a>' in evolves_from(client, loop)
