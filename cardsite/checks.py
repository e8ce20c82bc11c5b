"""System checks for a production set-up (`manage.py check --deploy`)."""

from __future__ import annotations

from django.conf import settings
from django.core.checks import Tags, Warning, register


@register(Tags.security, deploy=True)
def email_is_configured(app_configs, **kwargs):
    if settings.EMAIL_URL or settings.DEBUG:
        return []
    return [
        Warning(
            "EMAIL_URL is not set: password-reset mails are only written to the log.",
            hint="Set EMAIL_URL, e.g. smtp://user:password@mail.example:587/?tls=True.",
            id="cardsite.W001",
        )
    ]


@register(Tags.caches, deploy=True)
def limits_are_shared(app_configs, **kwargs):
    if settings.REDIS_URL or settings.DEBUG:
        return []
    return [
        Warning(
            "REDIS_URL is not set: limits (throttles, log-in failures, goldfish budgets) "
            "count in the database, a write per limited request, and the catalogue cache "
            "is off.",
            hint="Set REDIS_URL (e.g. redis://127.0.0.1:6379/0) for a site served by several "
            "processes or machines.",
            id="cardsite.W002",
        )
    ]
