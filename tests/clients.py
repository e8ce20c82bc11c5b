"""Clients shared by the API tests."""

from __future__ import annotations

from rest_framework.test import APIClient


def api(user=None) -> APIClient:
    """An API client, signed in as `user` when one is given."""
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client
