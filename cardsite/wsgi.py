import os

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardsite.settings")
application = get_wsgi_application()

if not os.environ.get("SECRET_KEY") and not settings.DEBUG:
    raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
