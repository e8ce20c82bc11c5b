from django.urls import path
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.routers import DefaultRouter
from rest_framework.throttling import ScopedRateThrottle

from decks.api.views import DeckViewSet, validate_view


class ThrottledObtainAuthToken(ObtainAuthToken):
    """POST username and password for an API token; throttled against password guessing."""

    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "login"


router = DefaultRouter()
router.register("decks", DeckViewSet, basename="deck")

urlpatterns = [
    path("decks/validate/", validate_view, name="deck-validate"),
    path("auth/token/", ThrottledObtainAuthToken.as_view(), name="auth-token"),
    *router.urls,
]
