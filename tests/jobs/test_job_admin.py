"""Jobs in the admin (issue 14): staff see them and can cancel unfinished ones."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from engine.models import Job
from tests.clients import api
from tests.decklists import pad_list

pytestmark = pytest.mark.django_db


def test_staff_cancel_an_unfinished_job_from_the_admin(catalogue, client, owner):
    body = {"kind": "goldfish", "game": "pad", "list": pad_list(), "games": 10}
    job_id = api(owner).post("/api/jobs/", body, format="json").json()["id"]
    admin = User.objects.create_superuser("boss", password="pw-boss-123")
    client.force_login(admin)
    listing = client.get("/admin/engine/job/")
    assert listing.status_code == 200 and job_id in listing.text
    assert client.get(f"/admin/engine/job/{job_id}/change/").status_code == 200
    client.post(
        "/admin/engine/job/",
        {"action": "cancel_jobs", "_selected_action": [job_id]},
    )
    assert Job.objects.get(pk=job_id).state == "cancelled"
