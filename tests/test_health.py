from __future__ import annotations

from unittest import mock

import pytest
from django.db import DatabaseError

pytestmark = pytest.mark.django_db


def test_healthz_reports_the_database(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "ok"
    assert "no-cache" in response["Cache-Control"]


def test_healthz_is_503_when_the_database_is_unreachable(client):
    with mock.patch("cardsite.health.connection.cursor", side_effect=DatabaseError("down\nmore")):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "unreachable", "message": "down"}


def test_each_request_is_logged_as_one_json_line(client, caplog):
    import json
    import logging

    with caplog.at_level(logging.INFO, logger="cardsite.requests"):
        client.get("/healthz")
    records = [r for r in caplog.records if r.name == "cardsite.requests"]
    assert len(records) == 1
    line = json.loads(records[0].getMessage())
    assert line["method"] == "GET" and line["path"] == "/healthz" and line["status"] == 200
    assert line["ms"] >= 0 and line["user"] is None
