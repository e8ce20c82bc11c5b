"""The reference decks the home page and the welcome step point new players to.

The home page shows what the site does with real decks: a deck page, its goldfish and a
matchup between two decks of the same game. They are the reference decks of
fixtures/reference_decks.toml (decks.reference), the first ones by name, so the links stay
valid whatever lists the file holds; a game without reference decks is left out.

    showcase()  # [{"game": "pad", "label": "PAD TCG", "decks": [Deck, …]}, {"game": "digimon", …}]
"""

from __future__ import annotations

from itertools import groupby

from cards import vocabulary as v
from cards.templatetags.card_tags import LABELS
from decks.models import PUBLIC, Deck


def showcase() -> list[dict]:
    """Every public reference deck, grouped by game and ordered by name: one query."""
    decks = (
        Deck.objects.filter(reference=True, visibility=PUBLIC)
        .only("id", "game", "name", "reference")
        .order_by("game", "name", "pk")
    )
    groups = {game: list(group) for game, group in groupby(decks, key=lambda deck: deck.game)}
    return [
        {"game": game, "label": LABELS["game"][game], "decks": groups[game]}
        for game in v.values(v.GAMES)  # the games in the order the site lists them
        if game in groups
    ]
