from django.urls import path

from engine.api_views import GoldfishSampleView, GoldfishView
from engine.doctor_api import DoctorView
from engine.jobs.api import JobsView, JobView
from engine.matchup_api import MatchupCompareView, MatchupSampleView, MatchupView
from engine.play_api import (
    GameActionView,
    GameJoinView,
    GameReplayView,
    GameResignView,
    GamesView,
    GameUndoView,
    GameView,
)
from engine.policies_api import PoliciesView

urlpatterns = [
    path("goldfish/", GoldfishView.as_view(), name="goldfish"),
    path("goldfish/sample/", GoldfishSampleView.as_view(), name="goldfish-sample"),
    path("matchups/", MatchupView.as_view(), name="matchups"),
    path("matchups/compare/", MatchupCompareView.as_view(), name="matchups-compare"),
    path("matchups/sample/", MatchupSampleView.as_view(), name="matchups-sample"),
    path("doctor/", DoctorView.as_view(), name="doctor"),
    path("policies/", PoliciesView.as_view(), name="policies"),
    path("games/", GamesView.as_view(), name="games"),
    path("games/<str:game_id>/", GameView.as_view(), name="game"),
    path("games/<str:game_id>/actions/", GameActionView.as_view(), name="game-actions"),
    path("games/<str:game_id>/undo/", GameUndoView.as_view(), name="game-undo"),
    path("games/<str:game_id>/resign/", GameResignView.as_view(), name="game-resign"),
    path("games/<str:game_id>/join/", GameJoinView.as_view(), name="game-join"),
    path("games/<str:game_id>/replay/", GameReplayView.as_view(), name="game-replay"),
    path("jobs/", JobsView.as_view(), name="jobs"),
    path("jobs/<str:job_id>/", JobView.as_view(), name="job"),
]
