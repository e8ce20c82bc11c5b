"""Site-wide REST API conventions: every error is JSON with `code` and `message`."""

from __future__ import annotations

from django.core.exceptions import DisallowedHost
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404, JsonResponse
from django.views import defaults
from drf_spectacular.openapi import AutoSchema
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import SAFE_METHODS
from rest_framework.views import exception_handler as drf_exception_handler


class ApiError(exceptions.APIException):
    """An error with a stable code; extra keyword arguments are added to the body."""

    def __init__(self, code: str, message: str, status_code: int = 400, **extra):
        super().__init__(detail=message, code=code)
        self.status_code = status_code
        self.code = code
        self.message = message
        self.extra = extra


DRF_CODES = {
    exceptions.NotFound: "not_found",
    exceptions.ParseError: "parse_error",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.AuthenticationFailed: "authentication_failed",
    exceptions.PermissionDenied: "permission_denied",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.NotAcceptable: "not_acceptable",
    exceptions.UnsupportedMediaType: "unsupported_media_type",
    exceptions.Throttled: "throttled",
}


def _first_message(detail) -> str:
    if isinstance(detail, dict):
        for key, value in detail.items():
            message = _first_message(value)
            return message if key == "non_field_errors" else f"{key}: {message}"
    if isinstance(detail, list) and detail:
        return _first_message(detail[0])
    return str(detail)


def exception_handler(exc, context):
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, ApiError):
        body = {"code": exc.code, "message": exc.message, **exc.extra}
    elif isinstance(exc, exceptions.ValidationError):
        body = {"code": "invalid", "message": _first_message(exc.detail), "errors": exc.detail}
    else:
        code = next((c for cls, c in DRF_CODES.items() if isinstance(exc, cls)), "error")
        body = {"code": code, "message": _first_message(response.data.get("detail", exc.detail))}
    response.data = body
    return response


class ErrorSerializer(serializers.Serializer):
    """An API error. Some codes add details beside these two, e.g. `errors`."""

    code = serializers.CharField(help_text="Stable and machine-readable: `invalid`, `not_found`…")
    message = serializers.CharField(help_text="For people.")


ERROR_DESCRIPTIONS = {
    400: "The request is invalid (`invalid` with the field `errors`, or a more precise code).",
    401: "The token is wrong (`authentication_failed`) or missing (`not_authenticated`).",
    403: "Not allowed (`permission_denied`): not your deck, or a session without CSRF token.",
    404: "No such object or page (`not_found`).",
    409: "A conflicting change was made first.",
    413: "The body is over the size limit (`payload_too_large`).",
    414: "The address (path and query) is over API_MAX_URL_BYTES (`uri_too_long`).",
    415: "The body's Content-Type is not supported (`unsupported_media_type`).",
    429: "Too many requests (`throttled`); retry later.",
    503: "The server cannot do this now.",
}


class ApiSchema(AutoSchema):
    """An operation's schema with the error responses every operation of its kind can give.

    An operation adds the errors peculiar to it (409, 503…) with @extend_schema responses.
    """

    def get_operation(self, *args, **kwargs):
        operation = super().get_operation(*args, **kwargs)
        if operation is None:
            return None
        error = self.resolve_serializer(ErrorSerializer, "response").ref
        responses = operation["responses"]
        for code in self._error_codes(operation):
            responses.setdefault(str(code), {"content": {"application/json": {"schema": error}}})
        for code, response in responses.items():
            if not response.get("description") and int(code) in ERROR_DESCRIPTIONS:
                response["description"] = ERROR_DESCRIPTIONS[int(code)]
        operation["responses"] = dict(sorted(responses.items()))
        return operation

    def _error_codes(self, operation) -> set[int]:
        where = {parameter["in"] for parameter in operation.get("parameters", [])}
        names = {parameter["name"] for parameter in operation.get("parameters", [])}
        # A wrong token is refused whatever the operation, and so is an over-long address
        # (414: cardsite.middleware.api_url_limit).
        codes = {401, 414}
        if "requestBody" in operation or "query" in where:
            codes.add(400)
        if "requestBody" in operation:
            codes.update((413, 415))  # 413: cardsite.middleware.api_body_limit
        if self.method not in SAFE_METHODS:
            codes.add(403)
        if "path" in where or "page" in names:
            codes.add(404)
        if self.view.throttle_classes:
            codes.add(429)
        return codes


def api_not_found(request, exception=None):
    return JsonResponse(
        {"code": "not_found", "message": f"No API endpoint at {request.path}."},
        status=status.HTTP_404_NOT_FOUND,
    )


def not_found(request, exception=None):
    """handler404: JSON under /api/, the normal page elsewhere."""
    if request.path.startswith("/api/"):
        return api_not_found(request, exception)
    return defaults.page_not_found(request, exception)


def _api_error(code: str, message: str, status_code: int) -> JsonResponse:
    return JsonResponse({"code": code, "message": message}, status=status_code)


def bad_request(request, exception=None):
    """handler400 (SuspiciousOperation, e.g. a Host header not in ALLOWED_HOSTS)."""
    if request.path.startswith("/api/"):
        if isinstance(exception, DisallowedHost):
            return _api_error("disallowed_host", "This site does not answer to that Host.", 400)
        return _api_error("bad_request", "The request is malformed.", 400)
    return defaults.bad_request(request, exception)


def permission_denied(request, exception=None):
    if request.path.startswith("/api/"):
        return _api_error("permission_denied", "You may not do this.", 403)
    return defaults.permission_denied(request, exception)


def server_error(request):
    if request.path.startswith("/api/"):
        return _api_error("server_error", "Something went wrong on our side; it is logged.", 500)
    return defaults.server_error(request)
