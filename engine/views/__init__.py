"""The simulator's pages, one module per page."""

from engine.views.compare import compare_deck
from engine.views.doctor import doctor_apply, doctor_deck
from engine.views.goldfish import goldfish_deck, goldfish_list
from engine.views.jobs import job_page
from engine.views.ladder import ladder_page
from engine.views.matchup import matchup_deck
from engine.views.sample_hand import sample_hand_view

__all__ = [
    "compare_deck",
    "goldfish_deck",
    "doctor_apply",
    "doctor_deck",
    "goldfish_list",
    "job_page",
    "ladder_page",
    "matchup_deck",
    "sample_hand_view",
]
