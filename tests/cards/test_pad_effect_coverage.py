"""The committed PAD fixture as data (issue 13): every effect text has steps or says why not,
the steps say what the text says, and the fixture's steps are the parser's reading.

Reads fixtures/pad.json and fixtures/curated/pad_overrides.json only (no ../shared): `make
check-fixtures` proves the fixture is the conversion of the fan list; these tests prove the
conversion's effect half holds for every card, whatever cards a later list adds.
"""

from __future__ import annotations

import json
import re

import pytest
from django.conf import settings

from cards.conversion.pad_effects import UNREAD, parse
from cards.effects import effect_errors

FIXTURE = settings.BASE_DIR / "fixtures" / "pad.json"
OVERRIDES = settings.BASE_DIR / "fixtures" / "curated" / "pad_overrides.json"
ORB_AREA_ACTIONS = {
    "deck_to_orb",
    "hand_to_orb",
    "swap_hand_orb",
    "discard_to_orb",
    "refill_column",
    "reveal_top",
    "self_to_orb",
    "opponent_orb_discard",
    "opponent_orb_trim",
    "opponent_orb_swap",
}

# A text matching the pattern must have a step of one of these actions (case-insensitive).
WORDS_TO_ACTIONS = [
    (r"\bdraw (?:a card|cards)\b", {"draw", "draw_until"}),
    (r"becomes active|\bactivate\b", {"untap"}),
    (r"\bdrop (?:area|zone|yard)", ORB_AREA_ACTIONS),
    (r"\bdevolve\b", {"devolve", "opponent_devolve"}),
    (r"\broll\b", {"opponent_tap"}),
    (r"discard pile", {"discard_to_hand", "discard_to_orb"}),
    (r"extra combo", {"extra_combo", "discard_for_combo"}),
    (r"\+\d+ attack", {"attack_bonus"}),
    (r"\+\d+ damage", {"extra_damage"}),
    (r"deal (?:\d+ )?damage to your opponent", {"opponent_damage", "heal_to_damage"}),
    (r"from (?:your opponent's|their) hand", {"opponent_hand_discard"}),
    (r"(?:restore|recover|heal) (?:\d+ )?(?:life|hp)", {"heal"}),
    (r"less cost", {"cost_reduction"}),
    (r"loses \d+ defense|opponent's monsters get \d+ defense", {"opponent_defense"}),
    (r"cannot guard against this monster", {"unblockable"}),
    (r"guard against multiple", {"guard_multiple"}),
    (r"you don't take damage", {"damage_immunity"}),
    (
        # "draw a card from the top of your deck" (the scans' wording) is a draw.
        r"top card of (?:the|your) deck|(?<!draw a card )from the top of (?:the|your) deck",
        ORB_AREA_ACTIONS | {"look_top"},
    ),
]
# A text opening with these words has every step on this trigger.
OPENINGS_TO_TRIGGERS = [
    (r"when you place this card to evolve", "evolve"),
    (r"during your puzzle phase, if you match|whenever you make \d+", "activate"),
    (r"if you draw this card from your hp", "damage"),
    (r"at the beginning of your turn", "turn_start"),
    (r"when you take damage|if you were damaged|if you take damage", "damaged"),
    (r"until the end of the turn, whenever your opponent takes damage", "opponent_damaged"),
]


@pytest.fixture(scope="module")
def pad_cards() -> list[dict]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def texts(pad_cards) -> list[dict]:
    return [card for card in pad_cards if card.get("text")]


def test_every_card_with_a_text_has_steps_or_says_what_is_needed(texts):
    silent = [
        card["number"]
        for card in texts
        if not card.get("effect") and not (card.get("not_simulated_reason") or "").strip()
    ]
    assert silent == []
    reasons = [card["not_simulated_reason"] for card in texts if card.get("not_simulated_reason")]
    assert all(reason.startswith("needs: ") for reason in reasons)
    # Steps and a reason exclude each other.
    assert not [
        card["number"] for card in texts if card.get("effect") and card.get("not_simulated_reason")
    ]


def test_every_text_is_read_and_nine_in_ten_have_steps(texts):
    # Issue 13 read 95 % of the fan list's texts into steps. The printed texts (issue 26)
    # are read whole: the parser reads every one of them, and a text without steps is one
    # whose effect has no step in the engine's vocabulary yet (a pet's own attack as a
    # trigger, a revealed card's orbs, an effect waiting for the next puzzle phase …),
    # each with its own "needs: …" reason (cards/conversion/pad_effect_phrasing.py).
    with_steps = sum(1 for card in texts if card.get("effect"))
    assert len(texts) >= 340  # the 347 printed texts, not a filtered handful
    assert with_steps / len(texts) >= 0.9
    unread = [card["number"] for card in texts if card.get("not_simulated_reason") == UNREAD]
    assert unread == []


@pytest.mark.parametrize(
    ("pattern", "actions"), WORDS_TO_ACTIONS, ids=[p for p, _ in WORDS_TO_ACTIONS]
)
def test_what_a_text_says_is_among_its_steps(texts, pattern, actions):
    # Cards without steps state what the engine needs instead (the test above).
    words = re.compile(pattern, re.IGNORECASE)
    matching = [card for card in texts if words.search(card["text"]) and card.get("effect")]
    assert matching, f"no card text says {pattern!r}: the table is stale"
    missing = [
        card["number"]
        for card in matching
        if not actions & {step["action"] for step in card.get("effect") or ()}
    ]
    assert missing == []


@pytest.mark.parametrize(("opening", "trigger"), OPENINGS_TO_TRIGGERS)
def test_the_opening_words_give_the_trigger(texts, opening, trigger):
    words = re.compile(opening, re.IGNORECASE)
    matching = [card for card in texts if words.match(card["text"])]
    assert matching
    wrong = [
        card["number"]
        for card in matching
        if not card.get("effect") or {step["trigger"] for step in card["effect"]} != {trigger}
    ]
    assert wrong == []


def test_the_refresh_phase_steps_wait_for_the_cleanup(texts):
    # "at the end of your Refresh Phase" is the end of PAD-4.6's cleanup (issue 13).
    matching = [
        card
        for card in texts
        if re.search(r"end of (?:your |the )?refresh phase", card["text"], re.I)
        and card.get("effect")
    ]
    assert len(matching) >= 2
    assert all(step.get("when") == "cleanup" for card in matching for step in card["effect"])


def test_only_the_card_for_less_texts_may_use_a_skill_for_less(texts):
    # "a <Colour> card in your hand and use it" (B02-102 … B02-106) → `cards: "any"`; "a
    # <colour> monster … evolve it" (B01-104 … B01-108) stays monsters only.
    by_field = {
        card["number"]
        for card in texts
        for step in card.get("effect") or ()
        if step["action"] == "cost_reduction" and step.get("cards") == "any"
    }
    assert by_field == {f"B02-{n}" for n in range(102, 107)}
    monsters_only = [
        card["number"]
        for card in texts
        if re.search(r"monster from your hand and evolve it for \d+ less cost", card["text"], re.I)
    ]
    assert sorted(monsters_only) == [f"B01-{n}" for n in range(104, 109)]


def test_every_step_is_in_the_catalogues_vocabulary(pad_cards):
    errors = {card["number"]: effect_errors(card.get("effect"), "pad") for card in pad_cards}
    assert {number: found for number, found in errors.items() if found} == {}


def test_the_fixtures_steps_are_the_parsers_reading_of_its_text(texts):
    # A curated effect (fixtures/curated/pad_overrides.json) wins; every other card's steps,
    # reason and sign issue are what reading its text gives, so no step was written by hand.
    curated = {
        number
        for number, facts in json.loads(OVERRIDES.read_text(encoding="utf-8"))["cards"].items()
        if "effect" in facts
    }
    differing = []
    for card in texts:
        if card["number"] in curated:
            continue
        reading = parse(card["text"], card)
        if (card.get("effect") or [], card.get("not_simulated_reason")) != (
            reading.steps,
            reading.reason,
        ):
            differing.append(card["number"])
        issues = card.get("data_issues") or []
        if not all(issue in issues for issue in reading.issues):
            differing.append(card["number"])
    assert differing == []


def test_reading_is_deterministic(texts):
    first = [parse(card["text"], card) for card in texts]
    second = [parse(card["text"], card) for card in reversed(texts)]
    assert first == list(reversed(second))


def test_the_defence_loss_of_b02_044_and_045_reads_as_printed(pad_cards):
    # Issue 13 read the list's unsigned "get 100 (200) defense" as a loss and flagged it;
    # the scans print "-100" / "-200" (issue 26): a loss, and nothing left to flag.
    by_number = {card["number"]: card for card in pad_cards}
    for number, amount in (("B02-044", -100), ("B02-045", -200)):
        card = by_number[number]
        assert f"-{-amount} defense" in card["text"]
        assert [step["amount"] for step in card["effect"]] == [amount]
        assert "text" not in [issue["field"] for issue in card.get("data_issues", [])]
