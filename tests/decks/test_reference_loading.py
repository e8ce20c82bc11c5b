"""`manage.py load_catalogue` loads the reference decks: idempotent, refreshing a changed
list as a new revision, and all or nothing when the file is wrong (issue 12)."""

from __future__ import annotations

from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError

from decks.models import Deck
from decks.reference import REFERENCE_FILE, REFRESH_NOTE, SYSTEM_USERNAME, load_reference_decks

pytestmark = pytest.mark.usefixtures("catalogue")

REFERENCE_DECKS = 16  # 7 PAD (5 attributes, 2 mixed) + 9 Digimon (7 lines, 2 mixed)
FIRE_LINE = "3 Intimidation\n"


def load(**options) -> str:
    out = StringIO()
    call_command("load_catalogue", stdout=out, **options)
    return out.getvalue()


def edited(tmp_path: Path, old: str, new: str) -> Path:
    """The reference file with one piece of text replaced."""
    text = REFERENCE_FILE.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / "reference_decks.toml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def fire_edited(tmp_path: Path) -> Path:
    """The Fire list with one Intimidation swapped for a second Meteor Volcano Dragon."""
    path = edited(tmp_path, FIRE_LINE, "2 Intimidation\n")
    text = path.read_text(encoding="utf-8")
    path.write_text(
        text.replace("1 Meteor Volcano Dragon\n3 Tyran", "2 Meteor Volcano Dragon\n3 Tyran", 1),
        encoding="utf-8",
    )
    return path


def snapshot() -> dict:
    return {
        deck.name: (
            deck.revision,
            deck.updated_at,
            sorted((e.card_id, e.zone, e.quantity) for e in deck.entries.all()),
        )
        for deck in Deck.objects.filter(reference=True).prefetch_related("entries")
    }


def test_load_catalogue_says_how_many_reference_decks_it_created():
    output = load()
    assert "Reference decks: 16 created, 0 updated, 0 unchanged, 0 removed." in output
    assert Deck.objects.filter(reference=True).count() == REFERENCE_DECKS


def test_loading_twice_changes_nothing():
    load()
    before = snapshot()
    output = load()
    assert "Reference decks: 0 created, 0 updated, 16 unchanged, 0 removed." in output
    assert snapshot() == before
    assert User.objects.filter(username=SYSTEM_USERNAME).count() == 1


def test_a_changed_list_refreshes_its_deck_as_a_new_revision(tmp_path):
    load()
    before = snapshot()
    path = fire_edited(tmp_path)
    output = load(references=path)
    assert "Reference decks: 0 created, 1 updated, 15 unchanged, 0 removed." in output
    fire = Deck.objects.get(reference=True, name="Reference: Fire")
    assert fire.revision == 2
    copies = {e.card.name: e.quantity for e in fire.entries.select_related("card")}
    assert copies["Intimidation"] == 2
    assert copies["Meteor Volcano Dragon"] == 2
    assert fire.revisions.get(number=2).note == REFRESH_NOTE
    # The history keeps the list as it was.
    assert fire.revisions.filter(number=1).exists()
    after = snapshot()
    del before["Reference: Fire"], after["Reference: Fire"]
    assert after == before


def test_a_changed_description_refreshes_its_deck(tmp_path):
    load()
    path = edited(tmp_path, "Virus Digimon: Pico Devimon", "Viruses: Pico Devimon")
    load(references=path)
    deck = Deck.objects.get(reference=True, name="Reference: Virus Nightmares")
    assert deck.description.startswith("Viruses: Pico Devimon")
    assert deck.revision == 2


def test_a_deck_removed_from_the_file_leaves_the_site(tmp_path):
    load()
    text = REFERENCE_FILE.read_text(encoding="utf-8")
    start = text.index('[[deck]]\ngame = "digimon"\nname = "Virus Nightmares"')
    path = tmp_path / "reference_decks.toml"
    path.write_text(text[:start], encoding="utf-8")
    output = load(references=path)
    assert "0 created, 0 updated, 15 unchanged, 1 removed" in output
    assert not Deck.objects.filter(name="Reference: Virus Nightmares").exists()


def test_an_unknown_card_stops_the_load_with_its_deck_and_line_and_loads_nothing(tmp_path):
    path = edited(tmp_path, "1 Pukumon\n", "1 Pukumon\n1 Omegamon\n")
    with pytest.raises(CommandError, match=r"Virus Nightmares.*Line 12.*Omegamon"):
        load(references=path)
    assert not Deck.objects.exists()
    assert not User.objects.filter(username=SYSTEM_USERNAME).exists()


def test_a_broken_file_leaves_the_loaded_decks_as_they_were(tmp_path):
    load()
    before = snapshot()
    # The first deck's list changes, a later one names no card: neither is applied.
    path = fire_edited(tmp_path)
    path.write_text(
        path.read_text(encoding="utf-8").replace("1 Pukumon\n", "1 Pukumon\n1 Omegamon\n"),
        encoding="utf-8",
    )
    with pytest.raises(CommandError, match="Omegamon"):
        load(references=path)
    assert snapshot() == before


def test_an_illegal_list_is_refused_with_the_rule_it_breaks(tmp_path):
    # 31 cards: DGM-2.1 wants exactly 30.
    path = edited(tmp_path, "1 Pukumon\n", "2 Pukumon\n")
    with pytest.raises(CommandError, match=r"Virus Nightmares.*not a legal deck.*30"):
        load(references=path)
    assert not Deck.objects.exists()


def test_two_decks_of_one_name_are_refused(tmp_path):
    path = edited(tmp_path, 'name = "Five Dragons"', 'name = "Fire"')
    with pytest.raises(CommandError, match="two pad decks are named 'Fire'"):
        load(references=path)


def test_a_deck_without_a_list_is_refused(tmp_path):
    path = tmp_path / "reference_decks.toml"
    path.write_text('[[deck]]\ngame = "pad"\nname = "Empty"\ndescription = "x"\n')
    with pytest.raises(CommandError, match="deck 1 needs list"):
        load(references=path)


def test_a_person_named_like_the_system_account_is_not_taken_over():
    User.objects.create_user(SYSTEM_USERNAME, password="a-real-person-1")
    with pytest.raises(CommandError, match="belongs to a person"):
        load()
    assert not Deck.objects.exists()


def test_the_cards_alone_load_without_reference_decks():
    output = load(reference_decks=False)
    assert "Reference decks" not in output
    assert not Deck.objects.exists()


def test_the_loader_function_reports_what_it_did():
    summary = load_reference_decks()
    assert (summary.created, summary.updated, summary.unchanged, summary.removed) == (16, 0, 0, 0)
