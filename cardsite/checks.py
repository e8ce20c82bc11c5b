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
