"""The API's renderers, which also send answers kept already rendered (issue 30).

A catalogue answer read from the shared cache (a search, a card, a verdict) is the same
bytes for every client asking it: it is kept as the JSON that JSONRenderer wrote the first
time (`PrerenderedJSON`) and sent as it is, instead of unpickling the data and encoding it
again at every request. Where the client asks for something else (an indented answer, the
browsable API's HTML page) the data are read back from those bytes and rendered as usual.
"""

from __future__ import annotations

import json

from rest_framework import renderers


class PrerenderedJSON:
    """An API answer as JSONRenderer's bytes; `data()` reads it back."""

    __slots__ = ("body",)

    def __init__(self, body: bytes):
        self.body = body

    @classmethod
    def of(cls, data) -> PrerenderedJSON:
        return cls(JSONRenderer().render(data))

    def data(self):
        return json.loads(self.body)


class JSONRenderer(renderers.JSONRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        if isinstance(data, PrerenderedJSON):
            if self.get_indent(accepted_media_type, renderer_context or {}) is None:
                return data.body
            data = data.data()
        return super().render(data, accepted_media_type, renderer_context)


class BrowsableAPIRenderer(renderers.BrowsableAPIRenderer):
    def render(self, data, accepted_media_type=None, renderer_context=None):
        if isinstance(data, PrerenderedJSON):
            data = data.data()
        return super().render(data, accepted_media_type, renderer_context)
