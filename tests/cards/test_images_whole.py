"""A drawn picture (a proxy, an upload's rendition) is stored whole or not at all: another
request that finds its name reads it at once (the deck picture and the page's thumbnails
draw the same proxies side by side; a file written in place was read half-written)."""

from __future__ import annotations

import os

from django.core.files.storage import default_storage

from cards import images


def test_a_drawn_picture_appears_under_its_name_only_once_whole(media, monkeypatch):
    name = "proxies/7-token-thumb-en.png"
    data = bytes(range(256)) * 400
    renames = []
    rename = os.replace

    def watched(source, target):
        # the moment the name appears: before it nothing is there, and the bytes are all in
        renames.append((default_storage.exists(name), os.path.getsize(source)))
        rename(source, target)

    monkeypatch.setattr(os, "replace", watched)
    assert images._store_once(name, data) == name
    assert renames == [(False, len(data))]
    with default_storage.open(name, "rb") as stored:
        assert stored.read() == data
    # drawn again by a request that raced this one: the same bytes, one file, no leftovers
    images._store_once(name, data)
    assert os.listdir(os.path.dirname(default_storage.path(name))) == ["7-token-thumb-en.png"]
