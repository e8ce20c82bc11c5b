"""Pages on an empty catalogue (a module of its own: the catalogue fixture is per module)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_home_page_on_an_empty_catalogue(client):
    assert "No cards yet." in client.get("/").content.decode()


def test_search_page_on_an_empty_catalogue(client):
    response = client.get("/cards/", {"q": "attr:fire"})
    assert response.status_code == 200
    assert "No cards match this query." in response.content.decode()
