"""Issue 24, low item: a job owned by an anonymous browser session was cancelled by its
session cookie alone, with no CSRF token, so any site the visitor opened could cancel it."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from engine.models import Job
from tests.clients import api
from tests.decklists import pad_list

pytestmark = pytest.mark.django_db

BODY = {"kind": "goldfish", "game": "pad", "list": None, "games": 10}


@pytest.fixture
def browser():
    """A browser that sends Django's CSRF checks as a real one meets them."""
    return Client(enforce_csrf_checks=True)


def queue_job(browser) -> str:
    created = browser.post("/api/jobs/", {**BODY, "list": pad_list()}, "application/json")
    assert created.status_code == 202, created.json()
    return created.json()["url"]


def test_cancelling_a_sessions_job_needs_the_csrf_token(catalogue, browser):
    url = queue_job(browser)
    refused = browser.delete(url)
    assert refused.status_code == 403
    assert refused.json()["code"] == "csrf_failed"
    assert Job.objects.get().state == "queued"

    browser.get(reverse("engine:list"))  # a page with a form hands out the token
    token = browser.cookies["csrftoken"].value
    cancelled = browser.delete(url, headers={"X-CSRFToken": token})
    assert cancelled.status_code == 200
    assert cancelled.json()["state"] == "cancelled"


def test_a_script_signed_in_to_an_account_cancels_without_csrf(catalogue, owner):
    client = api(owner)
    created = client.post("/api/jobs/", {**BODY, "list": pad_list()}, format="json")
    assert client.delete(created.json()["url"]).json()["state"] == "cancelled"
