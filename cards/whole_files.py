"""Drawn files (card proxies, renditions, deck pictures and sheets) stored whole or not at
all: requests that find a name (`exists`, `open`) read it at once, and a file written in
place was seen half-written — a deck picture drawing a proxy while the page fetched the
same thumbnail read a "broken PNG file"; a stored sheet could be served cut short.
"""

from __future__ import annotations

import contextlib
import os
import tempfile

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage


def store_whole(name: str, data: bytes) -> str:
    """Keep `data` under `name`. On the local disk the bytes go to a temporary file of the
    same folder, renamed over the name (atomic; a concurrent drawing of the same file
    writes the same bytes); another storage saves the usual way, one copy kept."""
    try:
        final = default_storage.path(name)
    except NotImplementedError:
        saved = default_storage.save(name, ContentFile(data))
        if saved != name:  # another request wrote it meanwhile: keep a single copy
            default_storage.delete(saved)
        return name
    folder = os.path.dirname(final)
    os.makedirs(folder, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".drawing-")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, getattr(default_storage, "file_permissions_mode", None) or 0o644)
        os.replace(temporary, final)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
    return name
