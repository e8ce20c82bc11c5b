from django.apps import AppConfig
from django.contrib.admin.apps import AdminConfig


class CardsiteConfig(AppConfig):
    """The project itself: its system checks."""

    name = "cardsite"

    def ready(self):
        from cardsite import checks  # noqa: F401  (registers the checks)


class CardsiteAdminConfig(AdminConfig):
    """The admin app, with a site whose log-in counts failures like every other log-in."""

    default_site = "cardsite.admin_site.CardsiteAdminSite"
