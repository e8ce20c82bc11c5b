"""What each `field:value` term of the query language means, as a Django Q object.

A handler gets the operator and the raw value and returns a Q, or raises
`UnknownValue` (the term is ignored with a warning) or `QuerySyntaxError`.

A handler whose answer depends on who searches (`is:owned`, `owned>=2`) is marked
`reader_specific`: only such a handler is given the user, and any query with one of its
terms is never served from the shared cache (cards.search.sharing, issue 24 finding 3).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable

from django.db.models import Q
from django.utils.translation import gettext as _

from cards import vocabulary as v
from cards.search.owned import OWNED_FIELD, is_owned_q, owned_count_q
from cards.search.regex import regex_q
from cards.search.syntax import QuerySyntaxError, Term
from cards.search.text import fold

COMPARISONS = {"<": "lt", "<=": "lte", ">": "gt", ">=": "gte", ":": "exact", "=": "exact"}
LEVEL_ORDER = v.LEVEL_VALUES
LEVEL_ALIASES = {
    "3": "III",
    "iii": "III",
    "4": "IV",
    "iv": "IV",
    "perfect": "perfect",
    "p": "perfect",
    "5": "perfect",
    "ultimate": "ultimate",
    "u": "ultimate",
    "6": "ultimate",
}


class UnknownValue(ValueError):
    """A value the field does not know: the term matches no card, with a warning."""

    def __init__(self, term: Term, hint: str = ""):
        message = _("%(field)s: unknown value %(value)r") % {
            "field": term.field,
            "value": term.value,
        }
        super().__init__(f"{message} {hint}".strip())


Handler = Callable[[Term], Q]


def accepts_regex(handler: Handler) -> Handler:
    """Mark a handler that reads `field:/regex/`; the compiler checks every such pattern
    (cards.search.regex.check_regex) before the handler sees it."""
    handler.takes_regex = True
    return handler


def takes_regex(handler: Handler) -> bool:
    return getattr(handler, "takes_regex", False)


def reader_specific(handler):
    """Mark a handler whose answer depends on who searches: the compiler calls it as
    `handler(term, user)` (a logged-in user), and no answer to a query using it is shared."""
    handler.reader_specific = True
    return handler


def is_reader_specific(handler) -> bool:
    return getattr(handler, "reader_specific", False)


def _number(term: Term) -> int:
    try:
        return int(term.value)
    except ValueError:
        raise QuerySyntaxError(
            _("%(field)s%(op)s needs a whole number, not %(value)r")
            % {"field": term.field, "op": term.op, "value": term.value},
            term.position,
        ) from None


def _compare(column: str, term: Term) -> Q:
    value = _number(term)
    if term.op == "!=":
        return ~Q(**{column: value})
    return Q(**{f"{column}__{COMPARISONS[term.op]}": value})


def numeric(column: str) -> Handler:
    return lambda term: _compare(column, term)


def _equality_only(term: Term) -> None:
    if term.op not in (":", "=", "!="):
        raise QuerySyntaxError(
            _("%(field)s cannot be compared with %(op)s") % {"field": term.field, "op": term.op},
            term.position,
        )


def choice(column: str, values: dict[str, str]) -> Handler:
    """A closed vocabulary; `values` maps what users may type (lower case) to the stored value."""

    def handler(term: Term) -> Q:
        _equality_only(term)
        stored = values.get(term.value.lower())
        if stored is None:
            raise UnknownValue(term)
        q = Q(**{column: stored})
        return ~q if term.op == "!=" else q

    return handler


def any_of(*handlers: Handler) -> Handler:
    """Several columns can hold the value (attribute or sub-attribute …)."""

    def handler(term: Term) -> Q:
        positive = Term(term.field, ":", term.value, term.position)
        q = Q()
        matched = False
        for inner in handlers:
            try:
                q |= inner(positive)
                matched = True
            except UnknownValue:
                continue
        if not matched:
            raise UnknownValue(term)
        return ~q if term.op == "!=" else q

    return handler


def text(column: str) -> Handler:
    @accepts_regex
    def handler(term: Term) -> Q:
        _equality_only(term)
        if term.regex:
            q = regex_q(term.value, fields=(column,))
        elif term.op == "=":
            q = Q(**{f"{column}__iexact": term.value})
        else:
            q = Q(**{f"{column}__icontains": term.value})
        return ~q if term.op == "!=" else q

    return handler


NUMBER_DIGITS = 4  # the longest number after a set's dash (B01-002, St-101)


def card_number(column: str) -> Handler:
    """`number:`/`cn:` matches whole printed numbers (issue 29: `cn:St-2` is St-2, not
    St-20 … St-29): the whole number (`cn:B01-021`), or the part after the set's dash
    (`cn:021` and `cn:21` find B01-021, B02-021 …). A regex (`cn:/^B01-02/`) searches within."""

    @accepts_regex
    def handler(term: Term) -> Q:
        _equality_only(term)
        if term.regex:
            q = regex_q(term.value, fields=(column,))
            return ~q if term.op == "!=" else q
        value = term.value.strip()
        q = Q(**{f"{column}__iexact": value})
        if value.isdigit() and len(value) <= NUMBER_DIGITS:
            for width in range(len(value), NUMBER_DIGITS + 1):
                q |= Q(**{f"{column}__iendswith": f"-{value.zfill(width)}"})
        elif value and "-" not in value:
            q |= Q(**{f"{column}__iendswith": f"-{value}"})
        return ~q if term.op == "!=" else q

    return handler


def folded(column: str, exact_delimiter: str = "") -> Handler:
    """Match the folded search columns: case and Traditional/Simplified blind."""

    @accepts_regex
    def handler(term: Term) -> Q:
        _equality_only(term)
        if term.regex:  # on the original columns: a pattern may care about case or script
            q = regex_q(term.value, fields=_REGEX_COLUMNS[column])
            return ~q if term.op == "!=" else q
        value = fold(term.value)
        if term.op == "=" and exact_delimiter:
            value = f"{exact_delimiter}{value}{exact_delimiter}"
        q = Q(**{f"{column}__has_text": value})
        return ~q if term.op == "!=" else q

    return handler


_REGEX_COLUMNS = {
    "search_names": ("name", "name_ja", "name_zh_hant", "name_zh_hans", "name_en"),
    "search_text": ("text",),
}


def _copied_value(kind: str, column: str) -> Handler:
    """A number of a child table (attack rows, Digimon attacks) through its copy on the
    card (cards/attack_columns.py): the covering index holds it, so no join and no sort
    of the matches (issue 24, finding 9). `!=` keeps the cards of that kind without it."""

    def handler(term: Term) -> Q:
        value = _number(term)
        if term.op == "!=":
            return Q(kind=kind) & ~Q(**{column: value})
        lookup = "exact" if term.op in (":", "=") else COMPARISONS[term.op]
        return Q(**{f"{column}__{lookup}": value})

    return handler


def attack_at(combos: int) -> Handler:
    return _copied_value(v.PET, f"attack_{combos}")


def digimon_attack(letter: str) -> Handler:
    return _copied_value(v.DIGIMON_CARD, f"power_{letter.lower()}")


def lost_points(*levels: str) -> Handler:
    columns = [f"lost_{level.lower()}" for level in levels]

    def handler(term: Term) -> Q:
        q = Q()
        for column in columns:
            q |= _compare(column, term) if term.op != "!=" else Q(**{column: _number(term)})
        return ~q if term.op == "!=" else q

    return handler


def level(term: Term) -> Q:
    stored = LEVEL_ALIASES.get(term.value.lower())
    if stored is None:
        raise UnknownValue(term, "(III, IV, perfect, ultimate)")
    rank = LEVEL_ORDER.index(stored)
    if term.op in (":", "="):
        return Q(level=stored)
    if term.op == "!=":
        return Q(kind=v.DIGIMON_CARD) & ~Q(level=stored)
    keep = {
        "<": LEVEL_ORDER[:rank],
        "<=": LEVEL_ORDER[: rank + 1],
        ">": LEVEL_ORDER[rank + 1 :],
        ">=": LEVEL_ORDER[rank:],
    }[term.op]
    return Q(level__in=keep)


def flag(column: str, flags: tuple[str, ...], aliases: dict[str, str] | None = None) -> Handler:
    def handler(term: Term) -> Q:
        _equality_only(term)
        value = (aliases or {}).get(term.value.lower(), term.value.lower())
        if value not in flags:
            raise UnknownValue(term)
        q = Q(**{f"{column}__has": value})
        return ~q if term.op == "!=" else q

    return handler


def set_code(term: Term) -> Q:
    _equality_only(term)
    q = Q(card_set__code__iexact=term.value)
    return ~q if term.op == "!=" else q


def is_conflict(term: Term) -> Q:
    """`is:conflict`: the card has at least one field its sources contradict (issue 13)."""
    _equality_only(term)
    # A first element exists exactly when the list of data issues is not empty.
    q = Q(data_issues__0__isnull=False)
    return ~q if term.op == "!=" else q


@reader_specific
def is_owned(term: Term, user) -> Q:
    _equality_only(term)
    return is_owned_q(user, negated=term.op == "!=")


@reader_specific
def owned(term: Term, user) -> Q:
    return owned_count_q(term.op, _number(term), user)


# `is:value`: each value is a handler of its own, so a reader-specific one is found the way
# a reader-specific field is (resolve()).
IS_VALUES: dict[str, Handler] = {"conflict": is_conflict, OWNED_FIELD: is_owned}


def is_term(term: Term) -> Q:
    """`is:` with a value it does not know (the known ones are resolved to IS_VALUES)."""
    _equality_only(term)
    raise UnknownValue(term)


is_term.values = IS_VALUES


def _lower_map(values, **aliases) -> dict[str, str]:
    mapping = {value.lower(): value for value in values}
    mapping.update(aliases)
    return mapping


ATTRIBUTE_NAMES = _lower_map(
    v.values(v.ATTRIBUTES),
    火="fire",
    水="water",
    木="wood",
    光="light",
    闇="dark",
    暗="dark",
    r="fire",
    b="water",
    g="wood",
    l="light",
    d="dark",
    # Scryfall habits (c:red): the colour a PAD card is drawn in is its attribute.
    red="fire",
    blue="water",
    green="wood",
    yellow="light",
    purple="dark",
    红="fire",
    紅="fire",
    蓝="water",
    藍="water",
    绿="wood",
    綠="wood",
    黄="light",
    黃="light",
    紫="dark",
)
ORB_ALIASES = {
    # The colour words, not the one-letter attributes (h is heart here, b is not blue).
    **{
        name: value
        for name, value in ATTRIBUTE_NAMES.items()
        if not (len(name) == 1 and name.isascii())
    },
    "pink": "heart",
    "粉": "heart",
    "火": "fire",
    "水": "water",
    "木": "wood",
    "光": "light",
    "闇": "dark",
    "暗": "dark",
    "心": "heart",
    "heal": "heart",
    "h": "heart",
}


def number_or(numbers: Handler, words: Handler) -> Handler:
    """A field that is a number for numbers and something else for words: `c>=300` is the
    Digimon C attack, `c:red` the colour, as Scryfall users type it."""

    def handler(term: Term) -> Q:
        if term.op in ("<", "<=", ">", ">=") or term.value.lstrip("-").isdigit():
            return numbers(term)
        return words(term)

    return handler


ATTRIBUTE = any_of(choice("attribute", ATTRIBUTE_NAMES), choice("sub_attribute", ATTRIBUTE_NAMES))

GAME_WORDS = _lower_map(v.values(v.GAMES), dgm="digimon", digi="digimon")
FIELDS: dict[str, Handler] = {
    "game": choice("game", GAME_WORDS),
    "kind": choice("kind", _lower_map(v.values(v.KINDS))),
    "name": folded("search_names", exact_delimiter="\n"),
    "text": folded("search_text"),
    "number": card_number("number"),
    "set": set_code,
    "attr": ATTRIBUTE,
    "orb": flag("orbs", v.ORB_COLOURS, ORB_ALIASES),
    "type": any_of(
        choice("pet_type", _lower_map(v.values(v.PET_TYPES))),
        choice("pet_sub_type", _lower_map(v.values(v.PET_TYPES))),
        choice("digimon_type", _lower_map(v.values(v.DIGIMON_TYPES))),
        # t:skill, t:option, t:crest: the kind of card and the option type are types too.
        choice("kind", _lower_map(v.values(v.KINDS))),
        choice("option_type", _lower_map(v.values(v.OPTION_TYPES))),
    ),
    "stage": choice("stage", _lower_map(v.values(v.STAGES), evo="evo1", ult="ultimate")),
    "cost": numeric("cost"),
    "def": numeric("defense"),
    **{f"atk{n}": attack_at(n) for n in range(1, v.ATTACK_ROWS + 1)},
    "effect": flag("effect_types", v.EFFECT_TYPES, {"defense": "defence", "awakening": "awaken"}),
    "level": level,
    "battle": choice("battle_type", {"a": "A", "b": "B", "c": "C"}),
    "a": digimon_attack("A"),
    "b": digimon_attack("B"),
    "c": number_or(digimon_attack("C"), ATTRIBUTE),
    "lost": lost_points(*v.LEVEL_VALUES),
    **{
        f"lost{alias}": lost_points(level)
        for alias, level in (
            ("iii", "III"),
            ("3", "III"),
            ("iv", "IV"),
            ("4", "IV"),
            ("perfect", "perfect"),
            ("p", "perfect"),
            ("ultimate", "ultimate"),
            ("u", "ultimate"),
        )
    },
    "field": choice("field_code", _lower_map(v.values(v.FIELDS))),
    "species": text("species"),
    "option": choice(
        "option_type",
        _lower_map(
            v.values(v.OPTION_TYPES), 徽章="crest", 装甲="armor", 程序="program", 场景="scene"
        ),
    ),
    "rarity": choice("rarity", _lower_map(v.values(v.PAD_RARITIES))),
    "provenance": choice("provenance", _lower_map(v.values(v.PROVENANCES))),
    "verified": choice(
        "verification",
        _lower_map(v.values(v.VERIFICATIONS), list="card_list", cardlist="card_list"),
    ),
    "is": is_term,
    OWNED_FIELD: owned,
}

ALIASES = {
    "o": "text",
    "oracle": "text",
    "n": "name",
    "no": "number",
    "num": "number",
    "attribute": "attr",
    "bt": "battle",
    "defense": "def",
    "defence": "def",
    "e": "effect",
    "lv": "level",
    "s": "set",
    "r": "rarity",
    "op": "option",
    # Scryfall's names for what this catalogue has (README, "Scryfall habits").
    "color": "attr",
    "colour": "attr",
    "t": "type",
    "mv": "cost",
    "cmc": "cost",
    "manavalue": "cost",
    "cn": "number",
    "edition": "set",
    "kw": "effect",
    "keyword": "effect",
    "id": "orb",
    "identity": "orb",
}


def handler_for(name: str) -> Handler | None:
    return FIELDS.get(ALIASES.get(name, name))


# Fields that only one game's cards have (issue 29: `game:digimon c:red` finding nothing
# says why). `c:` is the Digimon C attack when a number follows, else the PAD attribute.
_PAD_ONLY = {"attr", "orb", "stage", "cost", "def", "rarity"} | {
    f"atk{n}" for n in range(1, v.ATTACK_ROWS + 1)
}
_DIGIMON_ONLY = {"level", "battle", "a", "b", "field", "species", "option"}


def field_game(term: Term) -> str | None:
    """The one game whose cards `term`'s field describes, or None (both games' cards)."""
    name = ALIASES.get(term.field, term.field)
    if name == "c":  # as number_or reads it
        numeric = term.op in ("<", "<=", ">", ">=") or term.value.lstrip("-").isdigit()
        return v.DIGIMON if numeric else v.PAD
    if name in _PAD_ONLY:
        return v.PAD
    if name in _DIGIMON_ONLY or name.startswith("lost"):
        return v.DIGIMON
    return None


def resolve(term: Term) -> Handler | None:
    """The handler that answers `term`: its field's, or for a field with a table of values
    (`is:`) that value's. The compiler and the cache ask this same function, so whatever
    runs a term is what decides whether its answer may be shared."""
    handler = handler_for(term.field)
    values = getattr(handler, "values", None)
    if values is not None:
        return values.get(term.value.casefold(), handler)
    return handler


def reads_reader(term: Term) -> bool:
    """Whether the term's answer depends on who searches."""
    handler = resolve(term)
    return handler is not None and is_reader_specific(handler)


def closest_field(name: str) -> str | None:
    """The field or alias a mistyped field name most likely meant (`colr` → color)."""
    matches = difflib.get_close_matches(name, [*FIELDS, *ALIASES], n=1, cutoff=0.7)
    return matches[0] if matches else None
