"""PAD-7 matchup invariants with the opponent vocabulary in play (engine/pad/opponent.py):
decks built around the real cards whose steps act on the opponent or defend (their whole
evolution lines and ultimate requirements included) play random-vs-greedy games; every
snapshot holds every card of both decks, life stays within 0–5, no tapped pet blocks
(PAD-4.1), and the effects do happen (each family is seen in the logs; the rarest ones are
tested in test_pad_opponent_effects_defence.py)."""

from __future__ import annotations

from collections import Counter
from random import Random

from engine.core.cards import DeckSpec
from engine.pad import ENGINE
from engine.pad.opponent import ACTIONS, CONTINUOUS, TRIGGERS
from engine.pad.state import MAX_LIFE
from tests.engine.test_invariants import catalogue
from tests.engine.test_pad_match_invariants import CheckedBlocks, check, zone_names


def uses_opponent_vocabulary(spec) -> bool:
    return any(
        step["trigger"] in TRIGGERS
        or step["action"] in ACTIONS
        or (step["trigger"] == "continuous" and step["action"] in CONTINUOUS)
        for step in spec.effects
    )


def opponent_deck(rng: Random) -> DeckSpec:
    """Five lines ending in cards of the opponent vocabulary, three of each card, their
    ultimate requirements, the skills of that vocabulary, then random cards up to 50."""
    cards = catalogue()
    by_id = {card.id: card for card in cards}
    by_name = {card.name: card for card in cards}
    chosen = [card for card in cards if uses_opponent_vocabulary(card)]
    pets = [card for card in chosen if card.kind == "pet"]
    deck: list = []
    team: list = []
    for card in rng.sample(pets, len(pets)):
        line = [card]
        while line[-1].evolves_from in by_id:
            line.append(by_id[line[-1].evolves_from])
        base = line[-1]
        if base.kind != "pet" or base.stage != "base" or base in team:
            continue
        team.append(base)
        for member in line[:-1]:
            deck += [member] * 3
            needed = by_name.get(member.ultimate_requirement or "")
            if needed is not None:
                deck += [needed] * 2
        if len(team) == 5:
            break
    deck += [card for card in chosen if card.kind == "skill"] * 2
    while len(deck) < 50:
        card = rng.choice(cards)
        if deck.count(card) < 3:
            deck.append(card)
    return DeckSpec(game="pad", deck=tuple(deck[:60]), team=tuple(team))


def test_pad_7_opponent_effects_keep_every_invariant_and_happen():
    rng = Random(13)
    seen: Counter = Counter()
    CheckedBlocks.blocks = 0
    for game in range(300):
        deck, opponent = opponent_deck(rng), opponent_deck(rng)
        policy, opponent_policy = ("random", "greedy") if game % 2 else ("greedy", "random")
        match = ENGINE.prepare_match(
            deck, opponent, policy=policy, opponent_policy=opponent_policy, turn_cap=15
        )
        check(match)  # PAD-4.1: no blocker was tapped when the blockers were chosen
        log = match.play(rng.getrandbits(64), going_first=bool(game % 2), log=True).log
        owned = [Counter(player["owned"]) for player in log["players"]]
        for snapshot in log["snapshots"]:
            for seat in (0, 1):
                assert Counter(zone_names(snapshot["zones"][seat])) == owned[seat]
            assert all(0 <= life <= MAX_LIFE for life in snapshot["life"])
        for event in log["events"]:
            seen[event.get("effect") or event["action"]] += 1
    families = {
        "opponent_devolve",
        "opponent_defense",
        "opponent_damage",
        "opponent_orb_trim",
        "opponent_orb_swap",
        "opponent_hand_discard",
        "watch_opponent_damage",
        "immune",
        "life_to_discard",
    }  # negate_damage, last_stand (an ultimate, an evo2) and defense_bonus (greedy needs
    # it only when no block is possible without it: 0–2 times in these games) are rarer:
    # unit-tested in test_pad_opponent_effects_defence.py
    assert {family for family in families if seen[family]} == families, seen
    assert CheckedBlocks.blocks > 100
