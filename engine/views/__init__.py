"""The goldfish pages, one module per page."""

from engine.views.goldfish import goldfish_deck, goldfish_list
from engine.views.sample_hand import sample_hand_view

__all__ = ["goldfish_deck", "goldfish_list", "sample_hand_view"]
