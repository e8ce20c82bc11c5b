"""Site-wide REST API conventions: every error is JSON with `code` and `message`."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.http import Http404, JsonResponse
from rest_framework import exceptions, status
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


def api_not_found(request, exception=None):
    return JsonResponse(
        {"code": "not_found", "message": f"No API endpoint at {request.path}."},
        status=status.HTTP_404_NOT_FOUND,
    )


def not_found(request, exception=None):
    """handler404: JSON under /api/, the normal page elsewhere."""
    if request.path.startswith("/api/"):
        return api_not_found(request, exception)
    from django.views.defaults import page_not_found

    return page_not_found(request, exception)
