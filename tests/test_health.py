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
    assert line["cpu_ms"] >= 0


def test_the_request_log_says_the_cpu_a_request_spent(client, caplog, catalogue):
    """Issue 30: CPU time per request, which moves less than latency from machine to
    machine; a goldfish run of 300 games spends well over a millisecond of it."""
    import json
    import logging

    from tests.decklists import pad_list

    body = {"game": "pad", "list": pad_list(), "games": 300, "seed": 1}
    with caplog.at_level(logging.INFO, logger="cardsite.requests"):
        response = client.post("/api/goldfish/", body, content_type="application/json")
    assert response.status_code == 200
    [record] = [r for r in caplog.records if r.name == "cardsite.requests"]
    line = json.loads(record.getMessage())
    assert line["cpu_ms"] > 1
    assert line["cpu_ms"] <= line["ms"] + 1  # one thread serves the request


def test_pages_allow_only_the_sites_own_scripts_and_styles(client):
    policy = client.get("/")["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src 'self';" in policy
    assert "unsafe-inline" not in policy and "frame-ancestors 'none'" in policy


def test_templates_carry_no_inline_script_or_style():
    import re

    from django.conf import settings

    inline = re.compile(r"<script>|<script(?![^>]*\bsrc=)[^>]*>|<style|\sstyle=\"|\son[a-z]+=\"")
    offenders = [
        str(path.relative_to(settings.BASE_DIR))
        for path in (settings.BASE_DIR / "templates").rglob("*.html")
        if inline.search(path.read_text(encoding="utf-8"))
    ]
    assert offenders == []
