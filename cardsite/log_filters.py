"""Logging filters for the request loggers."""

from __future__ import annotations

import logging

from django.core.exceptions import PermissionDenied


class PermissionDeniedWithoutTraceback(logging.Filter):
    """A refused page (PermissionDenied, 403) is an everyday event, not a bug: keep the
    one warning line Django writes and drop the traceback that buries real errors."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and isinstance(record.exc_info[1], PermissionDenied):
            record.exc_info = None
            record.exc_text = None
        return True
