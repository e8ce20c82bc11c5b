"""Issue 28's pages: /play/ starts a game with a deck against the AI or the goldfish, and
the table shows the reader's decisions as buttons that work without JavaScript (each a
form), in the three languages."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils.html import escape

from decks.models import Deck
from engine.models import PlayedGame
from engine.reader_names import reader_names

pytestmark = pytest.mark.django_db


def started(client, game, deck_name, opponent):
    deck = Deck.objects.get(name=deck_name)
    reference = Deck.objects.filter(game=game, reference=True).order_by("name").first()
    response = client.post(
        f"/play/?game={game}",
        {"deck": deck.pk, "opponent": opponent, "opponent_deck": reference.pk},
    )
    assert response.status_code == 302
    return response["Location"]


@pytest.mark.parametrize(
    ("game", "deck_name"), [("pad", "Reference: Light"), ("digimon", "Reference: Agumon line")]
)
def test_start_a_game_against_the_ai_and_take_a_decision(client, gauntlet, game, deck_name):
    page = started(client, game, deck_name, "ai:greedy")
    row = PlayedGame.objects.get()
    assert page == f"/play/{row.pk}/" and row.opponent_kind == "ai"
    html = client.get(page).content.decode()
    assert 'name="action"' in html and "data-table" in html
    taken = len(row.history)
    response = client.post(page, {"action": "0"})
    assert response.status_code == 302
    row.refresh_from_db()
    assert len(row.history) > taken
    client.post(page, {"resign": "1"})
    row.refresh_from_db()
    assert row.result == {"winner": 1, "reason": "resigned"}
    assert "data-result" in client.get(page).content.decode()


def test_the_goldfish_game_and_the_page_in_chinese(client, gauntlet):
    page = started(client, "pad", "Reference: Light", "goldfish")
    client.cookies["django_language"] = "zh-hant"
    html = client.get(page, HTTP_ACCEPT_LANGUAGE="zh-hant").content.decode()
    assert "你的決定" in html and "結束主要階段" in html
    client.cookies["django_language"] = "zh-hans"
    html = client.get(page, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "你的决定" in html


def test_someone_elses_game_is_not_found(client, gauntlet, other):
    page = started(client, "pad", "Reference: Light", "ai:random")
    stranger = Client()  # another person: their own browser
    stranger.force_login(other)
    assert stranger.get(page).status_code == 404


def test_the_pad_table_shows_both_teams_and_the_hand_as_a_count_for_the_opponent(client, gauntlet):
    page = started(client, "pad", "Reference: Light", "ai:greedy")
    html = client.get(page).content.decode()
    assert 'data-side="opponent"' in html and 'data-side="me"' in html
    row = PlayedGame.objects.get()
    from engine import play

    state = play.state_of(row)
    mine = [card.name for card in state.world.sides[0].state.hand]
    # the reader's own hand, face up, each card by the name the pages give it (神秘の仮面,
    # stored by its Japanese name, shows its English one), escaped ("Lil' …": Lil&#x27;)
    shown = reader_names("pad", mine)
    assert [name for name in mine if escape(shown(name)) not in html] == []
    life = len(state.world.sides[0].state.life)  # the seed is random: the AI may have hit
    assert f"Life {life}" in html


def test_an_invited_friend_joins_from_the_page_and_the_list_shows_both_games(
    client, gauntlet, owner, other
):
    client.force_login(owner)
    deck = Deck.objects.get(name="Reference: Light")
    response = client.post("/play/?game=pad", {"deck": deck.pk, "opponent": "invite"})
    page = response["Location"]
    assert "data-invite" in client.get(page).content.decode()
    client.force_login(other)
    assert "data-play-join" in client.get(page).content.decode()
    client.post(page, {"deck": deck.pk})
    row = PlayedGame.objects.get()
    assert row.friend == other and len(row.decks) == 2
    html = client.get(page).content.decode()
    assert "data-table" in html and "Undo my last decision" not in html
    assert page in client.get("/play/mine/").content.decode()
    client.force_login(owner)
    assert page in client.get("/play/mine/").content.decode()


def test_a_pasted_list_plays_against_the_ai_with_a_chosen_deck(client, gauntlet):
    light = Deck.objects.get(name="Reference: Light")
    dark = Deck.objects.get(name="Reference: Dark")
    entries = list(light.entries.select_related("card"))
    lines = ["Team:"] + [f"{e.quantity} {e.card.name}" for e in entries if e.zone == "team"]
    lines += ["Deck:"] + [f"{e.quantity} {e.card.name}" for e in entries if e.zone != "team"]
    response = client.post(
        "/play/?game=pad",
        {
            "deck": "pasted",
            "pasted": "\n".join(lines),
            "opponent": "ai:random",
            "opponent_deck": dark.pk,
        },
    )
    assert response.status_code == 302
    row = PlayedGame.objects.get()
    assert row.ai_policy == "random" and row.decks[1]["name"] == "Reference: Dark"
    assert sum(quantity for _card, quantity, _zone in row.decks[0]["entries"]) == sum(
        e.quantity for e in entries
    )


@pytest.mark.parametrize(
    ("game", "deck_name", "opponent"),
    [
        ("pad", "Reference: Light", "ai:greedy"),
        ("digimon", "Reference: Agumon line", "ai:greedy"),
        ("pad", "Reference: Light", "goldfish"),
    ],
)
def test_a_finished_game_replays_step_by_step_and_can_be_shared(
    client, gauntlet, other, game, deck_name, opponent
):
    page = started(client, game, deck_name, opponent)
    row = PlayedGame.objects.get()
    assert client.get(f"{page}replay/").status_code == 404  # not while it runs
    while row.result is None:
        client.post(page, {"action": "0"})
        row.refresh_from_db()
    html = client.get(page).content.decode()
    assert "data-replay-link" in html
    client.force_login(other)  # anyone with the address
    replay = client.get(f"{page}replay/")
    assert replay.status_code == 200
    html = replay.content.decode()
    assert html.count("data-step=") > 5


def test_a_resigned_game_replays_up_to_the_resignation(client, gauntlet):
    page = started(client, "digimon", "Reference: Agumon line", "ai:greedy")
    client.post(page, {"action": "0"})
    client.post(page, {"resign": "1"})
    replay = client.get(f"{page}replay/")
    assert replay.status_code == 200 and "data-step=" in replay.content.decode()


def test_a_decks_page_leads_to_a_game_with_that_deck_chosen(client, gauntlet, owner):
    from decks.services import deck_create, entries_from_text
    from tests.decklists import pad_list

    client.force_login(owner)
    deck = deck_create(
        owner=owner, game="pad", name="My fire deck", entries=entries_from_text("pad", pad_list())
    )
    detail = client.get(f"/decks/{deck.pk}/").content.decode()
    assert f"/play/?game=pad&amp;deck={deck.pk}" in detail
    html = client.get(f"/play/?game=pad&deck={deck.pk}").content.decode()
    assert f'<option value="{deck.pk}" selected>' in html


def test_an_ai_move_draws_on_the_goldfish_budget(client, gauntlet, settings, empty_cache):
    page = started(client, "pad", "Reference: Light", "ai:search")
    row = PlayedGame.objects.get()
    settings.GOLDFISH_BUDGET_ANON = 1  # less than one search game
    taken = len(row.history)
    client.post(page, {"action": "0"})
    row.refresh_from_db()
    assert len(row.history) == taken  # refused: nothing changed


def test_a_game_started_signed_out_stays_yours_after_signing_in(client, gauntlet, owner):
    """Django renews the session's key at sign-in: the game is kept in the session's data,
    so it stays readable and listed."""
    page = started(client, "pad", "Reference: Light", "ai:greedy")
    client.post("/accounts/login/", {"username": "owner", "password": "pw-owner-123"})
    assert client.get(page).status_code == 200
    assert page in client.get("/play/mine/").content.decode()
