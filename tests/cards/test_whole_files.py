"""A drawn file (a proxy, an upload's rendition, a deck picture or sheet) is stored whole
or not at all: another request that finds its name reads it at once (the deck picture and
the page's thumbnails draw the same proxies side by side; a file written in place was read
half-written: "broken PNG file", CI)."""

from __future__ import annotations

import os

import pytest
from django.core.files.storage import default_storage

from cards.whole_files import store_whole
from decks.printing import stored


@pytest.mark.parametrize(
    ("keep", "name"),
    [
        (store_whole, "proxies/7-token-thumb-en.png"),
        (stored.store, "renders/deck7/r1-0123abcd.png"),
    ],
    ids=["card proxy", "deck picture"],
)
def test_a_drawn_file_appears_under_its_name_only_once_whole(media, monkeypatch, keep, name):
    data = bytes(range(256)) * 400
    renames = []
    rename = os.replace

    def watched(source, target):
        # the moment the name appears: before it nothing is there, and the bytes are all in
        renames.append((default_storage.exists(name), os.path.getsize(source)))
        rename(source, target)

    monkeypatch.setattr(os, "replace", watched)
    keep(name, data)
    assert renames == [(False, len(data))]
    with default_storage.open(name, "rb") as stored:
        assert stored.read() == data
    # drawn again by a request that raced this one: the same bytes, one file, no leftovers
    keep(name, data)
    folder = os.path.dirname(default_storage.path(name))
    assert os.listdir(folder) == [os.path.basename(name)]
