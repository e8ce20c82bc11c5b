"""The card image route, at the site root: /cards/<pk>/image/<size>/ (thumb or normal)."""

from django.urls import path

from cards.image_views import card_image

urlpatterns = [
    path("cards/<int:pk>/image/<str:size>/", card_image, name="card-image"),
]
