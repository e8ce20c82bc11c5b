from django.urls import path

from engine.api_views import GoldfishSampleView, GoldfishView

urlpatterns = [
    path("goldfish/", GoldfishView.as_view(), name="goldfish"),
    path("goldfish/sample/", GoldfishSampleView.as_view(), name="goldfish-sample"),
]
