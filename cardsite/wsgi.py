import os

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsite.settings")
application = get_wsgi_application()

MIN_SECRET_KEY_LENGTH = 32

if not settings.DEBUG:
    if not os.environ.get("SECRET_KEY"):
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    if len(settings.SECRET_KEY) < MIN_SECRET_KEY_LENGTH:
        # A short key can be guessed offline from any signed cookie or reset link.
        raise ImproperlyConfigured(
            f"SECRET_KEY must be at least {MIN_SECRET_KEY_LENGTH} characters when DEBUG is off."
        )
