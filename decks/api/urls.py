from django.conf import settings
from django.urls import path, re_path
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.exceptions import Throttled
from rest_framework.routers import DefaultRouter
from rest_framework.throttling import ScopedRateThrottle

from cardsite import login_limits
from decks.api import collection
from decks.api.printing import deck_image_png, deck_proxies_pdf
from decks.api.views import DeckViewSet, validate_view


class ThrottledObtainAuthToken(ObtainAuthToken):
    """POST username and password for an API token; throttled against password guessing,
    and under the same failure limit as every log-in form (cardsite.login_limits)."""

    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "login"

    def post(self, request, *args, **kwargs):
        data = request.data if isinstance(request.data, dict) else {}
        username = str(data.get("username", ""))
        if not login_limits.begin_attempt(request, username):
            raise Throttled(
                wait=settings.LOGIN_FAILURE_WINDOW,
                detail="Too many failed log-ins for this account from your address.",
            )
        response = super().post(request, *args, **kwargs)  # a failure raises: it stays counted
        login_limits.forget_failures(request, username)
        return response


router = DefaultRouter()
router.register("decks", DeckViewSet, basename="deck")

urlpatterns = [
    path("decks/validate/", validate_view, name="deck-validate"),
    path("auth/token/", ThrottledObtainAuthToken.as_view(), name="auth-token"),
    path("collection/", collection.my_collection, name="collection"),
    path("collection/import/", collection.import_view, name="collection-import"),
    path("collection/export.txt", collection.export_view, name="collection-export"),
    # Only what a username or a deck id can hold reaches the database (never a NUL).
    re_path(
        r"^users/(?P<username>[\w.@+-]{1,150})/collection/$",
        collection.user_collection,
        name="user-collection",
    ),
    re_path(
        r"^decks/(?P<pk>[A-Za-z0-9]{1,16})/ownership/$",
        collection.deck_ownership_view,
        name="deck-ownership",
    ),
    re_path(
        r"^decks/(?P<id>[A-Za-z0-9]{1,16})/proxies\.pdf$", deck_proxies_pdf, name="deck-proxies-pdf"
    ),
    re_path(r"^decks/(?P<id>[A-Za-z0-9]{1,16})/image\.png$", deck_image_png, name="deck-image-png"),
    *router.urls,
]
