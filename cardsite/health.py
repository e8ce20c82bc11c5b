"""GET /healthz: is this app server able to answer, and can it reach its database?"""

from __future__ import annotations

import time

from django.db import DatabaseError, connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe


@never_cache
@require_safe
def healthz(request):
    started = time.perf_counter()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except DatabaseError as error:
        return JsonResponse(
            {"status": "error", "database": "unreachable", "message": str(error).splitlines()[0]},
            status=503,
        )
    elapsed = round((time.perf_counter() - started) * 1000, 2)
    return JsonResponse({"status": "ok", "database": "ok", "database_ms": elapsed})
