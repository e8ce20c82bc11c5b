"""Site-wide request guards."""

from __future__ import annotations

from django.conf import settings
from django.http import JsonResponse


def api_body_limit(get_response):
    """Refuse an oversized API body with 413 before anything reads or parses it."""

    def middleware(request):
        if request.path.startswith("/api/"):
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                length = 0
            limit = settings.API_MAX_BODY_BYTES
            if length > limit:
                message = f"Request bodies are limited to {limit} bytes."
                return JsonResponse({"code": "payload_too_large", "message": message}, status=413)
        return get_response(request)

    return middleware
