from django.apps import AppConfig
from django.contrib.admin.apps import AdminConfig


class CardsiteConfig(AppConfig):
    """The project itself: its system checks."""

    name = "cardsite"

    def ready(self):
        from rest_framework.throttling import SimpleRateThrottle

        from cardsite import checks  # noqa: F401  (registers the checks)
        from cardsite.gc_freeze import freeze_after_the_first_request
        from cardsite.limits_cache import limits

        # Every DRF throttle, whichever app declares it (and the pages' throttles, which
        # are DRF's), counts where all processes see the same counts, not in the default
        # cache, which without Redis is each process's own memory.
        SimpleRateThrottle.cache = limits
        freeze_after_the_first_request()  # short collector pauses (issue 24, finding 9)


class CardsiteAdminConfig(AdminConfig):
    """The admin app, with a site whose log-in counts failures like every other log-in."""

    default_site = "cardsite.admin_site.CardsiteAdminSite"
