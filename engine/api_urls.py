from django.urls import path

from engine.api_views import GoldfishSampleView, GoldfishView
from engine.doctor_api import DoctorView
from engine.jobs.api import JobsView, JobView
from engine.matchup_api import MatchupCompareView, MatchupSampleView, MatchupView
from engine.policies_api import PoliciesView

urlpatterns = [
    path("goldfish/", GoldfishView.as_view(), name="goldfish"),
    path("goldfish/sample/", GoldfishSampleView.as_view(), name="goldfish-sample"),
    path("matchups/", MatchupView.as_view(), name="matchups"),
    path("matchups/compare/", MatchupCompareView.as_view(), name="matchups-compare"),
    path("matchups/sample/", MatchupSampleView.as_view(), name="matchups-sample"),
    path("doctor/", DoctorView.as_view(), name="doctor"),
    path("policies/", PoliciesView.as_view(), name="policies"),
    path("jobs/", JobsView.as_view(), name="jobs"),
    path("jobs/<str:job_id>/", JobView.as_view(), name="job"),
]
