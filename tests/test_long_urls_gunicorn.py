"""Issue 24, low item, end to end: the real gunicorn, started in the project folder as the
README starts it, answered an /api/ address over 4 KB with its own HTML 400 (its
`limit_request_line` was 4094 bytes). gunicorn.conf.py raises it to 8190, gunicorn's most:
such addresses reach the site, which answers JSON 414 `uri_too_long`."""

from __future__ import annotations

import json
import tempfile
import urllib.error
import urllib.request

import pytest

from tests.gunicorn_server import production_env, serving


def fetch(url: str) -> tuple[int, str, str]:
    """Status, Content-Type and body of a GET (an error status is an answer too)."""
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.headers["Content-Type"], response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.headers["Content-Type"] or "", error.read().decode()


@pytest.fixture(scope="module")
def site():
    """gunicorn cardsite.wsgi in the project folder (so it reads gunicorn.conf.py), DEBUG off.
    No database is needed: the answers under test come before any query."""
    folder = tempfile.TemporaryDirectory(prefix="cardsite-long-urls-")
    with folder as directory, serving(production_env(directory, "long-urls"), workers=1) as base:
        yield base


def address(base: str, size: int) -> str:
    """An /api/ address (path and query) of `size` bytes that names no endpoint."""
    head = "/api/no-such-endpoint/?padding="
    return base + head + "a" * (size - len(head))


@pytest.mark.parametrize("size", [5000, 8000])
def test_a_long_api_address_is_a_json_414_not_gunicorns_html_400(site, size):
    status, content_type, body = fetch(address(site, size))
    assert status == 414, body[:200]
    assert content_type == "application/json"
    assert json.loads(body)["code"] == "uri_too_long"


def test_an_api_address_within_the_limit_reaches_the_api(site):
    status, content_type, body = fetch(address(site, 4000))
    assert (status, content_type) == (404, "application/json")
    assert json.loads(body)["code"] == "not_found"
