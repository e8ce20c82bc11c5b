"""Everything under /api/ answers JSON {code, message}, whatever failed (issue 11 item 12);
refused pages log one warning line, not a traceback."""

from __future__ import annotations

import logging

import pytest
from django.test import Client

from cards.api.views import CardViewSet
from decks.models import Deck

pytestmark = pytest.mark.django_db


def assert_json_error(response, status: int, code: str) -> None:
    assert response.status_code == status
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["code"] == code
    assert body["message"]


def test_an_unexpected_error_in_an_api_view_is_a_json_500(monkeypatch):
    def broken(self, request, *args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(CardViewSet, "list", broken)
    response = Client(raise_request_exception=False).get("/api/cards/")
    assert_json_error(response, 500, "server_error")
    assert "a bug" not in response.content.decode()


def test_an_unexpected_error_on_a_page_stays_an_html_page(monkeypatch):
    import cards.views

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(cards.views, "render", broken)
    response = Client(raise_request_exception=False).get("/cards/syntax/")
    assert response.status_code == 500
    assert not response["Content-Type"].startswith("application/json")


def test_a_host_not_allowed_is_a_json_400_under_the_api():
    response = Client().get("/api/cards/", HTTP_HOST="evil.example")
    assert_json_error(response, 400, "disallowed_host")


def test_a_host_not_allowed_on_a_page_is_the_plain_400_page():
    response = Client().get("/cards/syntax/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert not response["Content-Type"].startswith("application/json")


def test_a_worker_stopped_by_the_server_time_out_still_answers_json(monkeypatch):
    # gunicorn's SIGABRT handler raises SystemExit wherever the request happens to be.
    def stopped(self, request, *args, **kwargs):
        raise SystemExit(1)

    monkeypatch.setattr(CardViewSet, "list", stopped)
    response = Client().get("/api/cards/")
    assert_json_error(response, 503, "worker_timeout")


def test_a_refused_page_is_logged_as_one_warning_line(client, owner, other, caplog):
    deck = Deck.objects.create(owner=owner, game="pad", name="Mine", visibility="public")
    client.force_login(other)
    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = client.get(f"/decks/{deck.pk}/edit/")
    assert response.status_code == 403
    refused = [r for r in caplog.records if r.name == "django.request"]
    assert [r.levelno for r in refused] == [logging.WARNING]
    assert refused[0].exc_info is None
    assert "Traceback" not in caplog.text
