"""Issue 28, PLAY-1.3: at every step of whole games of both games against the AI, the
player's page (HTML) and API answer (JSON) hold no card of the opponent's hidden zones
(hand, deck; Digimon: the Net Ocean, the face-down evolving and Digimon boxes, the
requirement box) that the player cannot see anywhere else. The decks differ, so most of
the opponent's cards are nowhere on the player's side."""

from __future__ import annotations

import json

import pytest
from django.utils.html import escape

from decks.models import Deck
from engine import play
from engine.models import PlayedGame
from engine.reader_names import reader_names

pytestmark = pytest.mark.django_db

GAMES = {
    "pad": ("Reference: Light", "Reference: Dark"),
    "digimon": ("Reference: Agumon line", "Reference: Gabumon line"),
}


def _zones(world, game: str, seat: int) -> tuple[set[str], set[str]]:
    """(names hidden from `seat`, names it sees) in the live game."""
    sides = world.sides
    me, them = (getattr(side, "state", side) for side in (sides[seat], sides[1 - seat]))

    def names(cards):
        return {card.name for card in cards if card is not None}

    if game == "pad":
        seen = names(me.hand) | names(me.discard) | names(them.discard)
        for state in (me, them):
            seen |= {card.name for column in state.columns for card in column}
            seen |= {card.name for stack in state.pets for card in stack.cards}
        hidden = names(them.hand) | names(them.deck) | names(them.life) | names(me.deck)
        return hidden, seen
    seen = names(me.hand) | names(me.box) | names(me.evolving) | names(me.dark_area)
    seen |= names(me.slots) | names(them.dark_area) | names(them.slots)
    if not them.face_down:
        seen |= names(them.box)
    hidden = names(them.hand) | names(them.net_ocean) | names(them.evolving)
    hidden |= {card.name for group in them.requirements for card in group}
    if them.face_down:
        hidden |= names(them.box)
    return hidden, seen


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_hidden_card_reaches_the_players_page_or_json(client, gauntlet, game):
    mine, theirs = (Deck.objects.get(name=name) for name in GAMES[game])
    body = {
        "game": game,
        "deck": {"deck": mine.pk},
        "opponent": {"ai": "greedy", "deck": {"deck": theirs.pk}},
        "seed": 9,
    }
    view = client.post("/api/games/", body, content_type="application/json").json()
    checked = 0
    for step in range(300):
        row = PlayedGame.objects.get(pk=view["id"])
        state = play.state_of(row)
        hidden, seen = _zones(state.world, game, 0)
        if game == "pad":  # every PAD decision in the log is a public play (a skill, an evolution)
            seen |= {name for line in view["log"] for name in hidden if name in line["text"]}
        # a name inside a visible one ("Black Dragon" in "Lil' Black Dragon") proves nothing
        secret = {name for name in hidden - seen if not any(name in other for other in seen)}
        shown = reader_names(game, sorted(secret))  # as the pages and the log name them
        secret |= {shown(name) for name in secret}
        secret = {name for name in secret if not any(name in other for other in seen)}
        text = json.dumps(view, ensure_ascii=False)
        lines = " ".join(line["text"] for line in view["log"])
        html = client.get(f"/play/{view['id']}/").content.decode()
        for deck in (mine, theirs):  # the decks' names are public ("Reference: Gabumon line")
            html = html.replace(escape(deck.name), "")
        assert not [name for name in secret if f'"{name}"' in text or name in lines], step
        assert not [name for name in secret if escape(name) in html], step
        checked += bool(secret)
        if view["result"] is not None:
            break
        view = client.post(
            f"/api/games/{view['id']}/actions/",
            {"action": view["legal_actions"][step % len(view["legal_actions"])]["id"]},
            content_type="application/json",
        ).json()
    assert view["result"] is not None and checked > 10
