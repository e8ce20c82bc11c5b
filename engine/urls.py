"""The simulator's pages (mounted at /goldfish/): goldfish, sample hand, matchup, compare,
the deck doctor."""

from django.urls import path

from engine import views

app_name = "engine"

DECK = "deck/<str:deck_id>"

urlpatterns = [
    path("", views.goldfish_list, name="list"),
    path(f"{DECK}/", views.goldfish_deck, name="deck"),
    path(f"{DECK}/sample-hand/", views.sample_hand_view, name="sample_hand"),
    path(f"{DECK}/matchup/", views.matchup_deck, name="matchup"),
    path(f"{DECK}/compare/", views.compare_deck, name="compare"),
    path(f"{DECK}/doctor/", views.doctor_deck, name="doctor"),
    path("jobs/<str:job_id>/", views.job_page, name="job"),
    path("jobs/<str:job_id>/apply/", views.doctor_apply, name="doctor_apply"),
    path("ladder/", views.ladder_page, name="ladder"),
]
