"""The browser game's pages (mounted at /play/; issue 28)."""

from django.urls import path

from engine import play_events
from engine.views import play

app_name = "play"

urlpatterns = [
    path("", play.start_page, name="start"),
    path("mine/", play.mine_page, name="mine"),
    path("<str:game_id>/", play.game_page, name="game"),
    path("<str:game_id>/replay/", play.replay_page, name="replay"),
    path("<str:game_id>/events/", play_events.game_events, name="events"),
]
