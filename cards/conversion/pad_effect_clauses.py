"""The rule tables of the PAD effect parser, part 2: effect clauses, what follows the
trigger (the whole clause must match one rule; cards/conversion/pad_effects.py reads texts
with them and documents the decisions)."""

from __future__ import annotations

from typing import Any

from cards.conversion.pad_effect_rules import (
    COL,
    NUM,
    READING_SOURCE,
    STAGE_NUMBERS,
    TYPE,
    Rule,
    number,
    rule,
    step,
)

# --- 4. Effect clauses (what follows the trigger; the whole clause must match) ---------


@rule("draw", r"draw (a|\d+) cards?(?: from your deck)?", "B01-002 B01-075 B02-099")
def _draw(m, card):
    return [step("draw", number(m.group(1)))]


@rule("draw_until", r"draw cards until you have (\d+) cards in your hand", "B02-076")
def _draw_until(m, card):
    return [step("draw_until", int(m.group(1)))]


@rule(
    "deck_to_orb",
    r"take the top card of your deck and put it in your drop area"
    r"|reveal (?:a|1) card from the top of (?:your|the) deck and place it in (?:your |the )?"
    r"drop (?:area|zone)",
    "B01-022 B01-071 B01-082 B02-087 B04-056",
)
def _deck_to_orb(m, card):
    return [step("deck_to_orb")]


@rule(
    "reveal_top",
    rf"(?:take the top card of your deck|reveal (?:a|1) card from the top of your deck)\. "
    rf"if that card is an? ({COL}) type card, put it in your (hand|drop area)"
    r"(?:\. if not,|, otherwise) (?:put it in your (hand|drop area)|(discard) it)",
    "B01-109 B04-045 B04-066 B04-067",
)
def _reveal_top(m, card):
    where = {"hand": "hand", "drop area": "orb", "discard": "discard"}
    colour, matched, otherwise, discard = (g and g.lower() for g in m.groups())
    return [
        step(
            "reveal_top",
            colour=colour,
            if_match=where[matched],
            otherwise=where[otherwise or discard],
        )
    ]


@rule(
    "reveal_top_orbs",
    rf"reveal the top card of your deck\. if it has an? ({COL}) (?:orb|drop), put it in your "
    r"(hand|drop area)(?:\.|;) (?:if not, put it in your (hand|drop area)|otherwise (discard) it)",
    "B01-109 B01-110 B01-112 B04-045",
)
def _reveal_top_orbs(m, card):
    """The printed Orb Change skills and Awoken Hera-Beorc test the revealed card's orbs,
    not its attribute."""
    where = {"hand": "hand", "drop area": "orb", "discard": "discard"}
    colour, matched, otherwise, discard = (g and g.lower() for g in m.groups())
    otherwise = otherwise or discard
    return [
        step(
            "reveal_top",
            colour=colour,
            test="orbs",
            if_match=where[matched],
            otherwise=where[otherwise],
        )
    ]


@rule(
    "look_top",
    r"look at the top (\d+) cards of your deck\. choose 1 card and put it in your "
    r"hand, and discard the others",
    "B02-101",
)
def _look_top(m, card):
    return [step("look_top", int(m.group(1)))]


@rule(
    "hand_to_orb",
    r"(you can )?choose (a|1|up to \d+) cards? from your hand and (?:put it|place them) in "
    r"(?:your|the) drop area",
    "B01-121 B01-080 B02-079 B05-020",
)
def _hand_to_orb(m, card):
    optional, count = m.group(1), m.group(2).lower()
    up_to = bool(optional) or count.startswith("up to")
    amount = int(count.split()[-1]) if count.startswith("up to") else number(count)
    return [step("hand_to_orb", amount, **({"up_to": True} if up_to else {}))]


@rule(
    "hand_to_orb_monster",
    rf"choose (?:a|1) ({COL}) monster card from your hand and put it in your drop area",
    "B04-093 B04-097",
)
def _hand_to_orb_monster(m, card):
    return [step("hand_to_orb", target=m.group(1).lower())]


@rule(
    "hand_to_orb_by_orb",
    rf"choose a card with an? (heart|{COL}) orb from your hand and put it in your drop area",
    "B04-098",
)
def _hand_to_orb_by_orb(m, card):
    return [step("hand_to_orb", colour=m.group(1).lower(), test="orbs")]


@rule("hand_to_orb_any", r"you can add as many cards from your hand to your drop area", "B02-058")
def _hand_to_orb_any(m, card):
    return [step("hand_to_orb", "any")]


@rule(
    "swap_hand_orb",
    r"(you can )?choose (?:a|1) card from your hand and swap it with a card from your drop area",
    "B01-119 B01-074",
)
def _swap_hand_orb(m, card):
    return [step("swap_hand_orb", **({"up_to": True} if m.group(1) else {}))]


@rule(
    "swap_hand_orb_any",
    r"you can exchange as many cards between your hand and your drop area as you like",
    "B02-057",
)
def _swap_hand_orb_any(m, card):
    return [step("swap_hand_orb", "any")]


@rule(
    "discard_to_hand",
    rf"(?:choose|take) (?:a|an|1) (?:({TYPE}) type monster|(card)) from your discard pile and "
    r"put it in your hand"
    rf"|search your discard pile for an? (?:({COL}) monster|(monster) card) and put it in your "
    r"hand",
    "B01-117 B01-120 B03-075 B03-077 B04-003",
)
def _discard_to_hand(m, card):
    pet_type, _any, colour, monster = m.groups()
    target = (pet_type or colour or "").lower() or ("pet" if monster else None)
    return [step("discard_to_hand", **({"target": target} if target else {}))]


@rule(
    "discard_split",
    r"choose up to 2 cards from your discard pile\. put 1 card in your hand and 1 card in "
    r"your drop area",
    "B03-034",
)
def _discard_split(m, card):
    return [step("discard_to_hand", up_to=True), step("discard_to_orb", up_to=True)]


@rule(
    "refill_column",
    r"choose one of your drop areas and discard all cards from that drop area\. then, reveal "
    r"the same number of cards that you discarded from the top of your deck and place them in "
    r"the selected drop area",
    "B03-089",
)
def _refill_column(m, card):
    return [step("refill_column")]


@rule(
    "heal",
    r"(?:if (?:your life is less than 5|you have less than 5 hp), )?(?:restore|recover|heal) "
    r"(\d+) (?:life|hp)",
    "B01-044 B02-054 B03-022",
)
def _heal(m, card):
    # "if below 5" is what every heal already checks (PAD-4.4.4, PAD-6.3).
    return [step("heal", int(m.group(1)))]


@rule("heal_to_five", r"recover hp until you have 5 hp", "B02-055")
def _heal_to_five(m, card):
    return [step("heal", 5)]


@rule("discard_and_heal", r"you can discard (\d+) cards and heal (\d+) hp", "B01-118")
def _discard_and_heal(m, card):
    return [step("hand_to_discard", int(m.group(1))), step("heal", int(m.group(2)))]


@rule(
    "cost_reduction",
    rf"choose an? ({COL}) (monster from|card in) your hand and (?:evolve|use) it for (\d+) "
    r"less cost",
    "B01-104 B02-102",
)
def _cost_reduction(m, card):
    colour, which, amount = m.groups()
    colour = colour.lower()
    # The engine reads a missing colour as the skill's own attribute (B01-104 … B01-108).
    fields: dict[str, Any] = {} if colour == card.get("attribute") else {"colour": colour}
    if which.lower() == "card in":
        # "a Fire card … use it" (B02-102 … B02-106): a skill of that colour too, not only
        # a monster to evolve (B01-104 … B01-108 "monster … evolve it" stays monsters only).
        fields["cards"] = "any"
    return [step("cost_reduction", int(amount), **fields)]


@rule(
    "untap_chosen",
    rf"activate ({NUM}) of your (?:({COL})(?: or ({COL}))? )?monsters"
    r"|(?:you can pay for it and use it\. )?you choose (\d+) monsters and activate them",
    "B01-035 B01-068 B02-062 B01-115 B03-090",
)
def _untap_chosen(m, card):
    count, first, second, chosen = m.groups()
    colours = [c.lower() for c in (first, second) if c]
    fields: dict[str, Any] = {}
    if colours:
        fields["target"] = colours[0] if len(colours) == 1 else colours
    return [step("untap", number(count or chosen), **fields)]


@rule(
    "untap_all",
    rf"activate all of your (?:({TYPE}) type )?monsters",
    "B01-059 B03-022",
)
def _untap_all(m, card):
    return [step("untap", scope=(m.group(1) or "all").lower())]


@rule("untap_self", r"this monster becomes active|activate this monster", "B01-064 B03-044")
def _untap_self(m, card):
    return [step("untap", scope="self")]


@rule(
    "bonus_all",
    rf"all of your (?:({TYPE}|{COL}) type )?monsters get (?:\+(\d+) damage|(\d+) extra combos?"
    r"|\+(\d+) attack)(?: until the end of (?:your|the) turn)?",
    "B01-056 B01-100 B02-003 B02-039 B02-107 B03-043 B04-071",
)
def _bonus_all(m, card):
    scope, damage, combo, attack = m.groups()
    scope = (scope or "all").lower()
    if damage:
        return [step("extra_damage", int(damage), scope=scope)]
    if combo:
        return [step("extra_combo", int(combo), scope=scope)]
    return [step("attack_bonus", int(attack), scope=scope)]


@rule(
    "bonus_self",
    r"this monster gets \+(\d+) damage(?: until the end of your turn)?",
    "B03-054",
)
def _bonus_self(m, card):
    return [step("extra_damage", int(m.group(1)), scope="self")]


@rule(
    "bonus_chosen",
    rf"choose (?:1|one) of your (?:({COL})|({TYPE}) type) monsters\. that monster gets "
    r"(?:\+(\d+) attack|\+(\d+) damage|(\d+) extra combo)(?: until the end of your turn)?",
    "B03-082 B04-016 B04-064",
)
def _bonus_chosen(m, card):
    colour, pet_type, attack, damage, combo = m.groups()
    target = (colour or pet_type).lower()
    if attack:
        return [step("attack_bonus", int(attack), target=target)]
    if damage:
        return [step("extra_damage", int(damage), target=target)]
    return [step("extra_combo", int(combo), target=target)]


@rule(
    "bonus_ultimate",
    r"choose (?:1|one) of your ultimate-evolved monsters\. it gets "
    r"(?:\+(\d+) attack|\+(\d+) damage) until the end of the turn",
    "B04-090 B04-092",
)
def _bonus_ultimate(m, card):
    attack, damage = m.groups()
    if attack:
        return [step("attack_bonus", int(attack), target="ultimate")]
    return [step("extra_damage", int(damage), target="ultimate")]


@rule(
    "extra_attack",
    r"this monster attacks twice in your attack phase",
    "B02-073",
)
def _extra_attack(m, card):
    return [step("extra_attack")]


@rule(
    "discard_for_combo",
    rf"you can discard any number of cards with ({COL}) drops from your hand\. if you do, this "
    r"monster gets 1 extra combo for each card discarded until the end of the turn",
    "B03-018",
)
def _discard_for_combo(m, card):
    return [step("discard_for_combo", "any", colour=m.group(1).lower())]


@rule("evolve_self", r"you can evolve a monster into this monster", "B01-004 B02-092")
def _evolve_self(m, card):
    return [step("evolve_self")]


@rule("self_to_orb", r"you can put this card in your drop area", "B03-003")
def _self_to_orb(m, card):
    return [step("self_to_orb")]


@rule(
    "negate_damage",
    r"you can negate (\d+) damage each time you discard (\d+) cards",
    "B02-049",
)
def _negate_damage(m, card):
    return [step("negate_damage", int(m.group(1)), discard_cost=int(m.group(2)))]


@rule(
    "defense_bonus",
    r"choose 1 of your monsters and increase its defense by \+(\d+) until the end of the turn",
    "B04-047",
)
def _defense_bonus(m, card):
    return [step("defense_bonus", int(m.group(1)))]


@rule(
    "defense_bonus_all",
    r"all of your monsters get \+(\d+) defense until the end of the turn",
    "B04-089",
)
def _defense_bonus_all(m, card):
    return [step("defense_bonus", int(m.group(1)), scope="all")]


@rule(
    "untap_ultimate",
    r"choose (?:1|one) of your ultimate-evolved monsters and make it active",
    "B04-091",
)
def _untap_ultimate(m, card):
    return [step("untap", 1, target="ultimate")]


@rule(
    "opponent_attack",
    r"choose (?:1|one) of your opponent's monsters; it gets -(\d+) attack until the end of the "
    r"turn",
    "B04-088",
)
def _opponent_attack(m, card):
    # engine/pad/opponent.py: the monster chosen is the one attacking (a decision).
    return [step("opponent_attack", -int(m.group(1)))]


@rule(
    "opponent_tap_total_defense",
    r"choose up to (\d+) of your opponent's monsters with a total defense of (\d+) or less and "
    r"roll them",
    "B04-106",
)
def _opponent_tap_total_defense(m, card):
    count, total = int(m.group(1)), int(m.group(2))
    return [step("opponent_tap", count, up_to=True, max_total_defense=total)]


@rule(
    "opponent_tap",
    rf"roll one of your opponent's (?:({COL}) monsters|monsters(?: with (\d+) or less defense)?)",
    "B01-024 B01-065 B01-116 B02-095",
)
def _opponent_tap(m, card):
    colour, defense = m.groups()
    fields: dict[str, Any] = {}
    if colour:
        fields["colour"] = colour.lower()
    if defense:
        fields["max_defense"] = int(defense)
    return [step("opponent_tap", **fields)]


@rule(
    "opponent_tap_attacker",
    r"if the attacking monster has (\d+) or less defense, roll that monster",
    "B04-060",
)
def _opponent_tap_attacker(m, card):
    return [step("opponent_tap", target="attacker", max_defense=int(m.group(1)))]


@rule(
    "opponent_return_top",
    r"select an opponent's (\d)(?:st|nd|rd) stage or lower monster and return the top card to "
    r"your opponent's hand",
    "B01-041",
)
def _opponent_return_top(m, card):
    return [step("opponent_return_top", max_stage=STAGE_NUMBERS[m.group(1)])]


@rule(
    "opponent_devolve",
    rf"devolve (one|\d+|all) of your opponent's (?:({COL}) |stage (\d) )?monsters"
    r"(?: with (\d+) or less defense)?",
    "B01-076 B01-089 B02-082 B03-027 B04-069",
)
def _opponent_devolve(m, card):
    count, colour, stage, defense = m.groups()
    fields: dict[str, Any] = {}
    if count.lower() == "all":
        fields["scope"] = "all"
    if colour:
        fields["colour"] = colour.lower()
    if stage:
        # "Stage 1 monsters": a base pet cannot be devolved, so at most evo1 is exactly evo1.
        fields["max_stage"] = STAGE_NUMBERS[stage]
    if defense:
        fields["max_defense"] = int(defense)
    amount = 1 if count.lower() == "all" else number(count)
    return [step("opponent_devolve", amount, **fields)]


@rule(
    "opponent_discard_top",
    rf"choose (?:one|1) of your opponent's evolved ({COL}) monsters with "
    r"(?:(\d+) or less defense|(\d+) defense or less) and discard its top card",
    "B04-101 B04-103",
)
def _opponent_discard_top(m, card):
    """Discarding the top card of an evolved pet is devolving it (PAD-1.1: the card under
    it is on top again)."""
    colour, defense, defense_after = m.groups()
    return [
        step(
            "opponent_devolve",
            colour=colour.lower(),
            max_defense=int(defense or defense_after),
        )
    ]


@rule(
    "life_for_devolve",
    r"discard all of your life cards except the bottom-most (one|\d+)\. then choose (?:one|1) "
    r"of your opponent's evolved monsters and discard cards from the top of it, up to the "
    r"number of life cards you discarded\. \(the base monster is not discarded\.?\)",
    "B04-107",
)
def _life_for_devolve(m, card):
    """The life paid is the price (engine/pad/opponent.py): the pet loses a card per life
    card, its base card never; the reminder in brackets is what `opponent_devolve` does."""
    return [step("life_for_devolve", keep_life=number(m.group(1)))]


@rule("devolve_both_sides", r"devolve all monsters with (\d+) or less defense", "B01-102")
def _devolve_both_sides(m, card):
    # Issue 13: "all monsters", literally: the opponent's and the player's own.
    defense = int(m.group(1))
    return [
        step("opponent_devolve", scope="all", max_defense=defense),
        step("devolve", scope="all", max_defense=defense),
    ]


@rule("devolve_own", r"devolve one of your monsters", "B02-100")
def _devolve_own(m, card):
    return [step("devolve")]


@rule(
    "opponent_damage",
    r"deal (\d+) damage to your opponent"
    r"|deal damage to your opponent equal to (half) of their remaining hp \(rounded down\)",
    "B01-085 B01-086 B03-055",
)
def _opponent_damage(m, card):
    return [step("opponent_damage", "half" if m.group(2) else int(m.group(1)))]


@rule(
    "opponent_orb_trim",
    r"choose one of your opponent's drop areas with 2 or more cards and discard all but one "
    r"card|discard all but one card from (one|every one) of the opponent's drop areas",
    "B01-087 B04-050",
)
def _opponent_orb_trim(m, card):
    # Issue 26: B04-050 prints "from every one of your opponent's drop areas".
    every = (m.group(1) or "").lower() == "every one"
    return [step("opponent_orb_trim", "all" if every else 1)]


@rule(
    "opponent_orb_discard",
    r"discard a card from (?:one of )?your opponent's drop areas?",
    "B01-088 B01-114 B03-087",
)
def _opponent_orb_discard(m, card):
    return [step("opponent_orb_discard")]


@rule(
    "opponent_orb_swap",
    r"you can select and swap 2 cards in your opponent's drop yard",
    "B01-053",
)
def _opponent_orb_swap(m, card):
    return [step("opponent_orb_swap")]


def _sign_issue(m) -> dict[str, Any]:
    printed = int(m.group(1))
    return {
        "field": "text",
        "values": [
            {
                "source": "pad-tcg-cardlist.json (fan card list)",
                "value": f"all of your opponent's monsters get {printed} defense",
            },
            {
                "source": READING_SOURCE,
                "value": f"all of your opponent's monsters get -{printed} defense",
            },
        ],
        "note": (
            "The list prints no sign. Read as a loss: an effect of the own turn that made the "
            "opponent's guards stronger would only hurt its player, and the other cards of this "
            "kind say 'loses 200 defense' (B02-113, B03-030). Unverified until a card scan says "
            "which."
        ),
    }


@rule(
    "opponent_defense_all",
    r"all of your opponent's monsters get (\d+) defense until the end of your turn",
    "B02-044 B02-045",
    issue=_sign_issue,
)
def _opponent_defense_all(m, card):
    return [step("opponent_defense", -int(m.group(1)), scope="all")]


@rule(
    "opponent_defense_all_signed",
    r"all of your opponent's monsters lose (\d+) defense until the end of your turn",
    "B02-044 B02-045",
)
def _opponent_defense_all_signed(m, card):
    # Issue 26: the printed cards say "-100 defense": the loss issue 13 read from the list.
    return [step("opponent_defense", -int(m.group(1)), scope="all")]


@rule(
    "opponent_defense_one",
    r"choose (?:1|one) of your opponent's monsters\. that monster loses (\d+) defense until the "
    r"end of your turn",
    "B02-113 B03-030",
)
def _opponent_defense_one(m, card):
    return [step("opponent_defense", -int(m.group(1)))]


@rule(
    "opponent_hand_discard",
    r"(?:your opponent discards|they discard) (a card|all cards) from their hand"
    r"|choose a (random) card from your opponent's hand and discard it",
    "B02-115 B02-085 B03-091 B01-084 B02-097",
)
def _opponent_hand_discard(m, card):
    count, random = m.groups()
    if random:
        return [step("opponent_hand_discard", random=True)]
    return [step("opponent_hand_discard", "all" if count.lower() == "all cards" else 1)]


CLAUSES: tuple[Rule, ...] = (
    _draw,
    _draw_until,
    _deck_to_orb,
    _reveal_top_orbs,
    _reveal_top,
    _look_top,
    _hand_to_orb,
    _hand_to_orb_monster,
    _hand_to_orb_by_orb,
    _hand_to_orb_any,
    _swap_hand_orb,
    _swap_hand_orb_any,
    _discard_to_hand,
    _discard_split,
    _refill_column,
    _heal,
    _heal_to_five,
    _discard_and_heal,
    _cost_reduction,
    _untap_chosen,
    _untap_all,
    _untap_self,
    _untap_ultimate,
    _bonus_all,
    _bonus_self,
    _bonus_chosen,
    _bonus_ultimate,
    _extra_attack,
    _discard_for_combo,
    _evolve_self,
    _self_to_orb,
    _negate_damage,
    _defense_bonus,
    _defense_bonus_all,
    _opponent_attack,
    _opponent_tap_total_defense,
    _opponent_tap,
    _opponent_tap_attacker,
    _opponent_return_top,
    _opponent_devolve,
    _opponent_discard_top,
    _life_for_devolve,
    _devolve_both_sides,
    _devolve_own,
    _opponent_damage,
    _opponent_orb_trim,
    _opponent_orb_discard,
    _opponent_orb_swap,
    _opponent_defense_all,
    _opponent_defense_all_signed,
    _opponent_defense_one,
    _opponent_hand_discard,
)
