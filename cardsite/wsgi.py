import os

from django.conf import settings
from django.core.checks.security.base import (
    SECRET_KEY_INSECURE_PREFIX,
    SECRET_KEY_MIN_LENGTH,
    SECRET_KEY_MIN_UNIQUE_CHARACTERS,
)
from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsite.settings")
application = get_wsgi_application()

if not settings.DEBUG:
    if not os.environ.get("SECRET_KEY"):
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    key = settings.SECRET_KEY
    # A short key can be guessed offline from any signed cookie or reset link. The bar is
    # `check --deploy`'s (security.W009), so a key the server accepts passes that check too.
    if (
        len(key) < SECRET_KEY_MIN_LENGTH
        or len(set(key)) < SECRET_KEY_MIN_UNIQUE_CHARACTERS
        or key.startswith(SECRET_KEY_INSECURE_PREFIX)
    ):
        raise ImproperlyConfigured(
            f"SECRET_KEY must be at least {SECRET_KEY_MIN_LENGTH} characters with at least "
            f"{SECRET_KEY_MIN_UNIQUE_CHARACTERS} different ones, and not start with "
            f"{SECRET_KEY_INSECURE_PREFIX!r}, when DEBUG is off. Make one with: python -c "
            '"import secrets; print(secrets.token_urlsafe(50))"'
        )
