"""Issue 24, low item: an /api/ address over 4 KB got gunicorn's HTML 400. Addresses under
/api/ longer than API_MAX_URL_BYTES are refused by the site with JSON 414 `uri_too_long`,
in the reader's language; shorter ones, and long page addresses, go through as before.
The real gunicorn's part (its request-line limit) is tests/test_long_urls_gunicorn.py."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db

LIMIT = 4096


def search(client, size: int, **headers):
    """An /api/cards/ search, padded by a parameter it ignores to `size` bytes of address."""
    head = "/api/cards/?q=dragon&padding="
    return client.get(head + "a" * (size - len(head)), **headers)


def test_an_api_address_past_the_limit_is_a_json_414(client, settings):
    assert settings.API_MAX_URL_BYTES == LIMIT
    response = search(client, LIMIT + 1)
    assert response.status_code == 414
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["code"] == "uri_too_long" and body["limit"] == LIMIT
    assert f"{LIMIT} bytes" in body["message"] and str(LIMIT + 1) in body["message"]


def test_an_api_address_at_the_limit_is_answered(client, catalogue):
    assert search(client, LIMIT).status_code == 200


@pytest.mark.parametrize(
    "language, words", [("zh-hant", "位元組"), ("zh-hans", "字节"), ("en", "bytes")]
)
def test_the_message_is_in_the_readers_language(client, language, words):
    response = search(client, LIMIT + 500, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 414 and words in response.json()["message"]


def test_a_long_page_address_is_no_api_address(client, catalogue):
    response = client.get("/cards/?q=dragon&padding=" + "a" * LIMIT)
    assert response.status_code == 200


def test_the_limit_is_a_setting(client, settings):
    settings.API_MAX_URL_BYTES = 100
    assert search(client, 101).status_code == 414
    assert search(client, 100).status_code != 414


def test_every_operation_documents_the_414(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            assert "414" in operation["responses"], (method, path)
