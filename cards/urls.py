from django.urls import path

from cards import corrections_views, views

app_name = "cards"

urlpatterns = [
    path("", views.home, name="home"),
    path("cards/", views.card_search, name="list"),
    path("cards/syntax/", views.syntax_help, name="syntax"),
    path("cards/<int:pk>/", views.card_detail, name="detail"),
    path(
        "cards/<int:pk>/corrections/new/",
        corrections_views.propose_correction,
        name="propose-correction",
    ),
    path("cards/corrections/", corrections_views.correction_queue, name="corrections"),
    path(
        "cards/corrections/<int:correction_id>/review/",
        corrections_views.review_correction,
        name="review-correction",
    ),
]
