"""The saved deck the goldfish, matchup and compare pages are opened on."""

from __future__ import annotations

from decks.services import deck_create, entries_from_text
from tests.decklists import digimon_list, pad_list

# Queries a batch played in a request spends on its simulation slots (engine/concurrency.py)
# in the limits table, signed in (two slots: address and account): take each in a savepoint
# (a DELETE of an expired row, the cull count, a SELECT, an INSERT), read and delete it after.
SLOT_QUERIES = 20


def make_deck(owner, game="pad", text=None, name="Mine", visibility="public"):
    """A deck of `owner`'s, by default the legal starter list of its game (PAD-2, DGM-2)."""
    text = text if text is not None else (pad_list() if game == "pad" else digimon_list())
    return deck_create(
        owner=owner,
        game=game,
        name=name,
        visibility=visibility,
        entries=entries_from_text(game, text),
    )
