"""The OpenAPI schema is complete and valid: clients and fuzzers are generated from it."""

from __future__ import annotations

import pytest
import yaml
from django.core.management import call_command


def test_schema_is_valid_openapi_without_warnings(tmp_path):
    target = tmp_path / "schema.yml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(target))
    schema = yaml.safe_load(target.read_text(encoding="utf-8"))
    paths = set(schema["paths"])
    for path in (
        "/api/cards/",
        "/api/cards/{id}/",
        "/api/cards/named/",
        "/api/cards/autocomplete/",
        "/api/cards/collection/",
        "/api/cards/export/",
        "/api/decks/",
        "/api/decks/{id}/",
        "/api/decks/validate/",
        "/api/goldfish/",
        "/api/goldfish/sample/",
        "/api/matchups/",
        "/api/matchups/compare/",
        "/api/matchups/sample/",
        "/api/auth/token/",
    ):
        assert path in paths, path


@pytest.mark.django_db
def test_every_documented_list_parameter_exists(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    names = {p["name"] for p in schema["paths"]["/api/cards/"]["get"]["parameters"]}
    assert {"q", "page", "page_size", "ordering", "game", "kind", "level"} <= names
