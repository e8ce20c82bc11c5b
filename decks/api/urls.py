from django.urls import path
from rest_framework.authtoken.views import obtain_auth_token
from rest_framework.routers import DefaultRouter

from decks.api.views import DeckViewSet, validate_view

router = DefaultRouter()
router.register("decks", DeckViewSet, basename="deck")

urlpatterns = [
    path("decks/validate/", validate_view, name="deck-validate"),
    path("auth/token/", obtain_auth_token, name="auth-token"),
    *router.urls,
]
