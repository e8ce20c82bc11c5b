from django.urls import path
from rest_framework.routers import DefaultRouter

from cards.api.corrections import CardCorrectionsView, CardHistoryView, ReviewView
from cards.api.views import CardViewSet

router = DefaultRouter()
router.register("cards", CardViewSet, basename="card")

urlpatterns = [
    path("cards/<int:pk>/corrections/", CardCorrectionsView.as_view(), name="card-corrections"),
    path("cards/<int:pk>/history/", CardHistoryView.as_view(), name="card-history"),
    path(
        "corrections/<int:pk>/accept/",
        ReviewView.as_view(decision="accept"),
        name="correction-accept",
    ),
    path(
        "corrections/<int:pk>/reject/",
        ReviewView.as_view(decision="reject"),
        name="correction-reject",
    ),
    *router.urls,
]
