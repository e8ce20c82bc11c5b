"""Honest labels (issue 13): each card says how far it is checked, and shows what its
sources disagree on — through import/export, the API, the search and the card pages."""

from __future__ import annotations

import json

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.urls import reverse

from cards.models import Card
from tests.conftest import card_data, create_card

pytestmark = pytest.mark.django_db

# Two sources disagreeing on a stage, as the README of the PAD fan list describes B03-019.
STAGE_ISSUE = {
    "field": "stage",
    "values": [
        {"source": "fan card list", "value": "base"},
        {"source": "fan card list, evolves from", "value": "Ra"},
    ],
    "note": "A base pet cannot evolve from another.",
}


def write_json(path, cards):
    path.write_text(json.dumps(cards, ensure_ascii=False), encoding="utf-8")
    return path


def import_error(path) -> str:
    with pytest.raises(CommandError) as raised:
        call_command("import_cards", str(path), verbosity=0)
    return str(raised.value)


def contested_pet() -> Card:
    return create_card("pet", verification="inferred", data_issues=[STAGE_ISSUE])


def test_a_card_without_a_level_is_from_a_card_list_and_has_no_issues():
    card = create_card("skill")
    assert (card.verification, card.data_issues) == ("card_list", [])


def test_verification_and_data_issues_survive_export_and_reimport(tmp_path):
    contested_pet()
    create_card("skill", verification="scan")
    target = tmp_path / "export.json"
    call_command("export_cards", "-o", str(target))
    exported = {card["number"]: card for card in json.loads(target.read_text("utf-8"))}
    assert exported["B01-021"]["verification"] == "inferred"
    assert exported["B01-021"]["data_issues"] == [STAGE_ISSUE]
    assert exported["B01-104"] == {**exported["B01-104"], "verification": "scan", "data_issues": []}

    Card.objects.all().delete()
    call_command("import_cards", str(target), verbosity=0)
    again = tmp_path / "again.json"
    call_command("export_cards", "-o", str(again))
    assert again.read_text("utf-8") == target.read_text("utf-8")


@pytest.mark.parametrize(
    ("field", "value", "reason"),
    [
        ("verification", "certain", "'certain'"),
        ("data_issues", {"field": "stage"}, "must be a list"),
        ("data_issues", [{"field": "colour", "values": []}], "'colour' is not a field"),
        ("data_issues", [{"field": "stage", "values": []}], "lists no source values"),
        ("data_issues", [{"field": "stage", "values": [{"value": "base"}]}], "with a source"),
        ("data_issues", [{**STAGE_ISSUE, "severity": "high"}], "field, values and note"),
    ],
)
def test_a_bad_label_or_issue_rejects_the_whole_file_naming_the_field(
    tmp_path, field, value, reason
):
    good = card_data("skill")
    bad = card_data("pet", **{field: value})
    path = write_json(tmp_path / "cards.json", [good, bad])
    message = import_error(path)
    assert f"row 2, field {field!r}" in message
    assert reason in message
    assert Card.objects.count() == 0  # atomic: the good row is not kept either


def test_the_api_gives_each_card_its_level_and_issues_and_filters_by_level(client):
    contested_pet()
    create_card("skill", verification="scan")
    create_card("digimon")
    body = client.get("/api/cards/", {"verification": "inferred"}).json()
    assert [card["number"] for card in body["results"]] == ["B01-021"]
    assert body["results"][0]["data_issues"] == [STAGE_ISSUE]
    scanned = client.get("/api/cards/", {"verification": "scan"}).json()["results"]
    assert [(card["number"], card["data_issues"]) for card in scanned] == [("B01-104", [])]
    assert client.get("/api/cards/", {"verification": "certain"}).status_code == 400


def numbers_found(client, q: str) -> set[str]:
    response = client.get("/api/cards/", {"q": q, "page_size": 100})
    assert response.status_code == 200, response.content
    return {card["number"] for card in response.json()["results"]}


def test_search_finds_contested_cards_and_cards_by_level(client):
    contested_pet()
    create_card("skill", verification="scan")
    create_card("digimon", verification="rules")
    assert numbers_found(client, "is:conflict") == {"B01-021"}
    assert numbers_found(client, "-is:conflict") == {"B01-104", "St-2"}
    assert numbers_found(client, "verified:scan") == {"B01-104"}
    assert numbers_found(client, "verified:rules OR verified:inferred") == {"St-2", "B01-021"}
    assert numbers_found(client, "verified!=scan") == {"St-2", "B01-021"}


def test_an_unknown_is_or_verified_value_is_a_warning_not_a_match(client):
    create_card("skill")
    page = client.get(reverse("cards:list"), {"q": "-is:shiny"}).content.decode()
    # The term matches no card (its exclusion every card), with a warning naming the value.
    assert "shiny" in page and "B01-104" in page
    page = client.get(reverse("cards:list"), {"q": "verified:certain"}).content.decode()
    assert "certain" in page


def test_the_syntax_page_documents_is_conflict_and_verified(client):
    page = client.get(reverse("cards:syntax")).content.decode()
    assert "<code>is</code>" in page and "conflict" in page
    assert "<code>verified</code>" in page and "card_list" in page


def switch(client, language: str) -> None:
    client.post(reverse("set_language"), {"language": language, "next": "/"})


@pytest.mark.parametrize(
    ("language", "badge", "heading", "says"),
    [
        ("en", "inferred", "The sources disagree", "fan card list says base"),
        ("zh-hant", "推斷", "資料來源互相矛盾", "fan card list 記載為 base"),
        ("zh-hans", "推断", "资料来源互相矛盾", "fan card list 记载为 base"),
    ],
)
def test_the_card_page_shows_its_level_and_what_the_sources_say(
    client, language, badge, heading, says
):
    card = contested_pet()
    switch(client, language)
    page = client.get(reverse("cards:detail", args=[card.pk])).content.decode()
    assert 'verification-inferred" title=' in page and f">{badge}</span>" in page
    assert heading in page
    assert says in page
    assert "Ra" in page and "A base pet cannot evolve from another." in page


def test_a_card_without_issues_shows_no_disagreement(client):
    card = create_card("skill", verification="scan")
    page = client.get(reverse("cards:detail", args=[card.pk])).content.decode()
    assert ">scan-verified</span>" in page
    assert "The sources disagree" not in page


@pytest.mark.parametrize("view", ["list", "grid"])
def test_search_results_show_each_cards_level_without_extra_queries(
    client, django_assert_max_num_queries, view
):
    create_card("skill", verification="scan")
    create_card("digimon", verification="rules")
    contested_pet()
    # As the other search pages: a count and a page of cards; PostgreSQL also sets and restores
    # the search's statement_timeout inside the test's transaction (4 more statements).
    with django_assert_max_num_queries(3 + (4 if connection.vendor == "postgresql" else 0)):
        page = client.get(reverse("cards:list"), {"q": "game:pad OR game:digimon", "view": view})
    text = page.content.decode()
    for label in ("scan-verified", "named in the rules", "inferred"):
        assert label in text, label
