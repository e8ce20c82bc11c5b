"""The query language against the starter catalogue: every field, negation, OR, Chinese."""

from __future__ import annotations

import contextlib

import pytest

from cards.models import Card
from cards.search import QuerySyntaxError, search_cards

pytestmark = pytest.mark.django_db


def numbers(query: str) -> set[str]:
    result = search_cards(query)
    assert result.warnings == [], result.warnings
    return set(result.cards.values_list("number", flat=True))


def test_free_words_match_names_in_every_language(catalogue):
    # The printed Japanese names holding ティラ: ティラ, ティラン, ティラノス (issue 26).
    assert numbers("ティラ") == {"B01-021", "B01-022", "B01-023"}
    assert numbers("name:ティラン") == {"B01-022"}
    assert numbers("tyrra") == {"B01-021"}
    assert "St-1" in numbers("agumon")


def test_free_words_match_effect_text(catalogue):
    assert "B01-002" in numbers("draw")


def test_traditional_and_simplified_chinese_find_each_other(catalogue):
    assert numbers("風嘯草原") == numbers("风啸草原") != set()
    assert numbers("龍王") == numbers("龙王") == {"B01-100"}


def test_latin_search_is_case_insensitive(catalogue):
    assert numbers("RED DRAGON") == numbers("red dragon")


def test_full_width_letters_match(catalogue):
    assert numbers("ＴＹＲＲＡ") == {"B01-021"}


def test_exact_name(catalogue):
    assert numbers('!"Red Dragon"') == {"B01-002"}
    assert numbers('!"red drag"') == set()


def test_quoted_phrase(catalogue):
    phrase = numbers('"draw a card"')
    assert phrase and phrase <= numbers("draw")


@pytest.mark.parametrize(
    ("query", "check"),
    [
        ("game:digimon", lambda c: c.game == "digimon"),
        ("kind:skill", lambda c: c.kind == "skill"),
        ("attr:fire", lambda c: "fire" in (c.attribute, c.sub_attribute)),
        ("orb:heart", lambda c: "heart" in c.orbs),
        ("orb:心", lambda c: "heart" in c.orbs),
        ("type:dragon", lambda c: "dragon" in c.types),
        ("type:vaccine", lambda c: c.digimon_type == "vaccine"),
        ("stage:evo2", lambda c: c.stage == "evo2"),
        ("cost>=2", lambda c: c.cost is not None and c.cost >= 2),
        ("cost<1", lambda c: c.cost == 0),
        ("def>600", lambda c: (c.defense or 0) > 600),
        ("effect:evolve", lambda c: "evolve" in c.effect_types),
        ("level:perfect", lambda c: c.level == "perfect"),
        ("level>=perfect", lambda c: c.level in ("perfect", "ultimate")),
        ("level<iv", lambda c: c.level == "III"),
        ("bt:c", lambda c: c.battle_type == "C"),
        ("battle:b", lambda c: c.battle_type == "B"),
        ("field:nso", lambda c: c.field_code == "NSo"),
        ("species:dinosaur", lambda c: c.species == "Dinosaur"),
        ("option:crest", lambda c: c.option_type == "crest"),
        ("set:st", lambda c: c.card_set.code == "St"),
        ("number:/^B01-02/", lambda c: c.number.startswith("B01-02")),
        ("cn:St-2", lambda c: c.number == "St-2"),
        ("cn:021", lambda c: c.number.endswith("-021")),
        ("cn:21", lambda c: c.number.split("-")[-1].lstrip("0") == "21"),
        ("lost3>=20", lambda c: (c.lost_iii or 0) >= 20),
        ("provenance:rules_text", lambda c: c.provenance == "rules_text"),
        ("cost!=0", lambda c: c.cost != 0),
    ],
)
def test_each_field_selects_exactly_the_matching_cards(catalogue, query, check):
    matched = numbers(query)
    assert matched, query
    for card in Card.objects.select_related("card_set"):
        assert (card.number in matched) == check(card), (query, card.number)


def test_attack_at_a_combo_count(catalogue):
    assert "B01-100" in numbers("atk6>=1000")
    assert "B01-100" in numbers("atk5=800")
    assert "B01-100" not in numbers("atk1>100")


def test_digimon_attack_power_by_letter(catalogue):
    assert "St-2" in numbers("a=440 b=340 c=200")
    assert "St-2" not in numbers("a>440")


def test_negation_and_or(catalogue):
    fire_or_water = numbers("attr:fire OR attr:water")
    assert fire_or_water == numbers("attr:fire") | numbers("attr:water")
    assert numbers("game:pad -kind:pet") == numbers("kind:skill")


def test_parentheses_change_the_meaning(catalogue):
    grouped = numbers("game:digimon (level:iii OR level:iv)")
    assert grouped == numbers("level:iii") | numbers("level:iv")


def test_regex_on_name_and_text(catalogue):
    assert numbers("/^red dragon$/") == {"B01-002"}
    assert "B01-100" in numbers("name:/ゼローグ$/")


@pytest.mark.parametrize("pattern", ["/(a+)+b/", "/(?=x)/", r"/(a)\1/", "/[/", "name:/(x*)*/"])
def test_unsafe_or_invalid_regexes_are_syntax_errors(catalogue, pattern):
    with pytest.raises(QuerySyntaxError):
        search_cards(pattern)


def test_an_unknown_field_is_a_warning_and_matches_no_card(catalogue):
    # Answering the whole catalogue for a mistyped field would look like a result.
    result = search_cards("colr:red tyrra")
    assert not result.cards.exists()
    assert result.warnings[0]["code"] == "unknown_field"
    assert result.warnings[0]["position"] == 0
    assert "Did you mean color:?" in result.warnings[0]["message"]
    # Excluding what no card has excludes nothing: the rest of the query applies.
    excluded = search_cards("-colr:red tyrra")
    assert set(excluded.cards.values_list("number", flat=True)) == {"B01-021"}


def test_an_unknown_value_is_a_warning_and_matches_no_card(catalogue):
    result = search_cards("attr:plaid")
    assert result.warnings[0]["code"] == "unknown_value"
    assert "plaid" in result.warnings[0]["message"]
    assert not result.cards.exists()


@pytest.mark.parametrize("query", ["cost>=two", "name<3", "atk9>1", "level>=9"])
def test_bad_values_are_errors_or_warnings_never_crashes(catalogue, query):
    try:
        result = search_cards(query)
    except QuerySyntaxError as error:
        assert error.position >= 0
    else:
        assert result.warnings
        list(result.cards[:1])


def test_sql_metacharacters_are_plain_text(catalogue):
    for query in ["%", "_", "' OR 1=1 --", '"; DROP TABLE cards_card; --', "\\"]:
        # A clear syntax error is as good as a plain-text match here.
        with contextlib.suppress(QuerySyntaxError):
            list(search_cards(query).cards)
    assert Card.objects.count() > 300
    with_percent = {c.number for c in Card.objects.all() if "%" in c.search_names + c.search_text}
    assert numbers("%") == with_percent


@pytest.mark.parametrize("pattern", ["/a{,3}b/", r"/\Aword/", "/[[:alpha:]]x/", "/a{2,1}/"])
def test_regexes_either_work_or_are_syntax_errors_on_this_database(catalogue, pattern):
    try:
        result = search_cards(pattern)
    except QuerySyntaxError as error:
        assert error.message.startswith(("Invalid regular expression", "Regular expressions"))
    else:
        list(result.cards[:5])


def test_sqlite_searches_scan_the_covering_index(catalogue):
    """Later migrations that rebuild cards_card on SQLite must keep the search index (text
    phrases are narrowed by the trigram index instead: test_search_trigram_index.py)."""
    from django.db import connection

    if connection.vendor != "sqlite":
        assert search_cards("dragon").cards.exists()
        return
    query = search_cards("attr:fire cost<=2").cards.values("pk")
    sql, params = query.query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN QUERY PLAN {sql}", params)
        plan = " ".join(str(row) for row in cursor.fetchall())
    assert "cards_card_search_cover" in plan


def test_postgresql_searches_can_use_the_trigram_indexes(catalogue):
    """On PostgreSQL, name and text matching is LIKE over trigram GIN indexes (migration
    0005), so a search need not read every card; SQLite has no such index."""
    from django.db import connection

    query = search_cards("dragon").cards.values("pk")
    sql, params = query.query.sql_with_params()
    with connection.cursor() as cursor:
        if connection.vendor != "postgresql":
            cursor.execute("SELECT name FROM sqlite_master WHERE name LIKE '%trgm%'")
            assert cursor.fetchall() == []
            return
        # The starter catalogue is small enough for a scan (or a walk of the ordering's
        # index): forbid both, to see whether the trigram indexes can answer.
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("SET LOCAL enable_indexscan = off")
        cursor.execute(f"EXPLAIN {sql}", params)
        plan = " ".join(row[0] for row in cursor.fetchall())
    assert "cards_card_search_names_trgm" in plan
    assert "cards_card_search_text_trgm" in plan


@pytest.mark.parametrize(
    ("query", "expected"),
    [('"50% off"', {"T-001"}), ('"a_b"', {"T-003"}), ('"c\\\\d"', {"T-005"})],
)
def test_like_wildcards_in_a_search_are_plain_characters(query, expected):
    from tests.conftest import create_card

    for number, name in [
        ("T-001", "50% off"),
        ("T-002", "50 xoff"),
        ("T-003", "a_b"),
        ("T-004", "axb"),
        ("T-005", "c\\d"),
        ("T-006", "cd"),
    ]:
        create_card("skill", set="T", number=number, names={"en": name})
    assert numbers(query) == expected
