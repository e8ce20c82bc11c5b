"""/goldfish/deck/<id>/sample-hand/ (engine:sample_hand): `engine.sample_hand` as a page."""

from __future__ import annotations

import secrets

from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import urlencode

from cards import vocabulary as v
from decks.rules import EntryInput
from decks.views import _deck_or_404
from engine.convert import deck_spec
from engine.core.cards import CardSpec
from engine.forms import MAX_SEED, int_param
from engine.reader_names import ReaderNames, reader_names
from engine.replay.boards import SLOTS, orb_slots
from engine.sample_hand import sample_hand

NEW_SEED_BELOW = 1_000_000_000


def sample_hand_view(request, deck_id: str):
    """/goldfish/deck/<id>/sample-hand/?seed=S&turn=N: deal the setup and draw N cards."""
    deck = _deck_or_404(request, deck_id)
    seed = int_param(request.GET.get("seed"), -1)
    if not 0 <= seed <= MAX_SEED:
        params = {"seed": secrets.randbelow(NEW_SEED_BELOW)}
        if request.GET.get("turn"):
            params["turn"] = int_param(request.GET["turn"], 0)
        url = reverse("engine:sample_hand", args=[deck.pk])
        return redirect(f"{url}?{urlencode(params)}")
    entries = [
        EntryInput(card_id=e.card_id, quantity=e.quantity, zone=e.zone) for e in deck.entries.all()
    ]
    spec = deck_spec(deck.game, entries)
    sample = sample_hand(spec, seed=seed, turn=max(0, int_param(request.GET.get("turn"), 0)))
    names = reader_names(deck.game, specs=spec.cards())  # one query, whatever the deck

    def tile(card: CardSpec) -> dict:
        return _card_tile(card, names)

    url = reverse("engine:sample_hand", args=[deck.pk])

    def link(**params) -> str:
        return f"{url}?{urlencode({'seed': seed, **params})}"

    context = {
        "deck": deck,
        "sample": sample,
        "seed": seed,
        "zones": {name: [tile(c) for c in zone] for name, zone in sample.zones.items()},
        "draws": [
            {"turn": turn, "card": tile(card)} for turn, card in enumerate(sample.draws, start=1)
        ],
        "hand_now": len(sample.hand_now),
        "library": len(sample.library),
        "draw_url": link(turn=sample.turn + 1) if sample.turn < sample.max_turn else None,
        "back_url": link(turn=sample.turn - 1) if sample.turn > 0 else None,
        "restart_url": link() if sample.turn > 0 else None,
        "new_url": f"{url}?{urlencode({'seed': secrets.randbelow(NEW_SEED_BELOW)})}",
        "is_pad": deck.game == v.PAD,
        "total": len(spec.deck) + len(spec.team),
    }
    return render(request, "engine/sample_hand.html", context)


def _card_tile(card: CardSpec, names: ReaderNames) -> dict:
    return {
        "name": names(card.name),
        "id": card.id,
        "kind": card.kind,
        "stage": card.stage,
        "attribute": card.attribute,
        "cost": card.cost,
        "level": card.data.get("level") if card.data else None,
        "battle_type": card.data.get("battle_type") if card.data else None,
        "orbs": " ".join(c for c in SLOTS if c in card.orbs),
        "slots": orb_slots(card) if card.game == v.PAD else [],
    }
