"""Proxies drawn after an import when CARD_PROXIES_AFTER_IMPORT asks (issue 15, item 6).

No catalogue in this module: the import's two cards are the only ones needing proxies.
"""

from __future__ import annotations

import json

import pytest
from django.conf import settings as django_settings
from django.core.management import call_command

from cards.models import Card
from tests.cards.proxy_store import stored

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media")]


def two_real_cards(tmp_path):
    rows = json.loads((django_settings.BASE_DIR / "fixtures" / "digimon.json").read_text())
    rows = rows["cards"] if isinstance(rows, dict) else rows
    path = tmp_path / "two.json"
    path.write_text(json.dumps([r for r in rows if r["number"] in ("St-1", "St-2")]))
    return path


@pytest.mark.parametrize(("mode", "files"), [("", 0), ("now", 2 * 3 * 2)])
def test_an_import_draws_its_proxies_when_asked(
    settings, tmp_path, media, django_capture_on_commit_callbacks, mode, files
):
    settings.CARD_PROXIES_AFTER_IMPORT = mode
    with django_capture_on_commit_callbacks(execute=True):
        call_command("import_cards", two_real_cards(tmp_path), "--quiet-progress", verbosity=0)
    assert len(stored(media)) == files


def test_an_import_queues_its_proxies_in_the_background(
    settings, tmp_path, media, django_capture_on_commit_callbacks, monkeypatch
):
    from cards import tasks

    settings.CARD_PROXIES_AFTER_IMPORT = "background"
    queued = []
    monkeypatch.setattr(tasks.draw_proxies, "apply_async", lambda args, **kw: queued.append(args))
    with django_capture_on_commit_callbacks(execute=True):
        call_command("import_cards", two_real_cards(tmp_path), "--quiet-progress", verbosity=0)

    assert [sorted(batch) for (batch,) in queued] == [
        sorted(Card.objects.values_list("pk", flat=True))
    ]
    assert stored(media) == []
    tasks.draw_proxies(*queued[0])  # what the worker runs
    assert len(stored(media)) == 2 * 3 * 2
