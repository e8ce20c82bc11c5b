"""Site-wide request guards."""

from __future__ import annotations

import json
import logging
import time

from django.conf import settings
from django.http import JsonResponse
from django.utils import translation
from django.utils.translation import gettext as _


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


def api_url_limit(get_response):
    """Refuse an /api/ address longer than API_MAX_URL_BYTES with JSON 414 `uri_too_long`.

    gunicorn answers a request line past its `limit_request_line` with an HTML 400 before
    the site sees it; gunicorn.conf.py raises that limit to gunicorn's most (8190 bytes) so
    that longer addresses reach the site, which answers them here as the API answers
    everything: JSON with a code and a message (issue 24, low item).
    """

    def middleware(request):
        if request.path.startswith("/api/"):
            length = len(request.get_full_path())
            limit = settings.API_MAX_URL_BYTES
            if length > limit:
                with translation.override(translation.get_language_from_request(request)):
                    message = _(
                        "Addresses under /api/ are limited to %(limit)s bytes; this one has "
                        "%(length)s."
                    ) % {"limit": limit, "length": length}
                body = {"code": "uri_too_long", "message": message, "limit": limit}
                return JsonResponse(body, status=414)
        return get_response(request)

    return middleware


logger = logging.getLogger("cardsite.requests")


def request_log(get_response):
    """One JSON line per request on the `cardsite.requests` logger (method, path, status,
    duration, the worker's CPU time, user), for log collectors; static files are left out as
    noise. `cpu_ms` is the serving process's CPU time across the request: a sync worker
    serves one request at a time, so it is that request's (issue 30)."""

    def middleware(request):
        started = time.perf_counter()
        cpu_started = time.process_time()
        response = get_response(request)
        if not request.path.startswith(("/static/", "/media/")):
            user = getattr(request, "user", None)
            logger.info(
                json.dumps(
                    {
                        "method": request.method,
                        "path": request.path,
                        "status": response.status_code,
                        "ms": round((time.perf_counter() - started) * 1000, 1),
                        "cpu_ms": round((time.process_time() - cpu_started) * 1000, 1),
                        "user": user.pk if user is not None and user.is_authenticated else None,
                        "bytes": len(response.content) if not response.streaming else None,
                    }
                )
            )
        return response

    return middleware


# Opened in a tab, a picture is shown in a page the browser writes itself, with inline
# styles: the site's policy would refuse them (and log errors). A picture holds nothing
# that could run, so its policy allows only those styles and the picture itself.
IMAGE_DOCUMENT_POLICY = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'"


def content_security_policy(get_response):
    """Only this site's own scripts, styles, images and forms (no inline script or style)."""

    def middleware(request):
        response = get_response(request)
        policy = settings.CONTENT_SECURITY_POLICY
        if response.get("Content-Type", "").startswith("image/"):
            policy = IMAGE_DOCUMENT_POLICY
        elif request.path.startswith("/api/docs/"):
            # Swagger UI sets inline styles as it renders; its scripts stay same-origin.
            policy = policy.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
        response.headers.setdefault("Content-Security-Policy", policy)
        return response

    return middleware


def api_worker_timeout(get_response):
    """Under /api/, a request cut short by the server's worker time-out still gets JSON.

    gunicorn stops a worker that overruns `--timeout` with SIGABRT, whose handler raises
    SystemExit in the middle of the request; answering 503 here lets the client read why
    (the worker then exits as gunicorn wants, since it already marked itself not alive).
    """

    def middleware(request):
        if not request.path.startswith("/api/"):
            return get_response(request)
        try:
            return get_response(request)
        except SystemExit:
            message = "The server stopped this request: it ran past the worker time limit."
            return JsonResponse({"code": "worker_timeout", "message": message}, status=503)

    return middleware
