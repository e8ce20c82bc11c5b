"""Request body parsers that refuse what would exhaust the server before parsing it."""

from __future__ import annotations

import io
import re

from django.conf import settings
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

# Strings may hold any bracket; they are skipped whole so only structural brackets count.
_STRING_OR_BRACKET = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)
_OPENING = frozenset(b"[{")


def json_depth_exceeds(body: bytes, limit: int) -> bool:
    """Whether the JSON text nests arrays and objects deeper than `limit`.

    Python's json module recurses once per level, so 50,000 `[` raise RecursionError
    (a 500) instead of a clear refusal; this scan is iterative and linear.
    """
    depth = 0
    for match in _STRING_OR_BRACKET.finditer(body):
        token = match.group()
        if len(token) != 1:
            continue
        if token[0] in _OPENING:
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


class DepthLimitedJSONParser(JSONParser):
    """DRF's JSON parser, with bodies nested deeper than API_MAX_JSON_DEPTH refused (400)."""

    def parse(self, stream, media_type=None, parser_context=None):
        body = stream.read() if stream is not None else b""
        limit = settings.API_MAX_JSON_DEPTH
        if json_depth_exceeds(body, limit):
            raise ParseError(f"JSON nested deeper than {limit} levels is refused.")
        return super().parse(io.BytesIO(body), media_type, parser_context)
