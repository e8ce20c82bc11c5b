"""The catalogue pages: home, card search (Scryfall style), syntax help and card detail."""

from __future__ import annotations

import unicodedata
from urllib.parse import urlencode

from django import forms
from django.core.paginator import Paginator
from django.db import DatabaseError
from django.db.models import Case, F, When
from django.http import HttpResponseRedirect
from django.shortcuts import render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from cards import cache
from cards import vocabulary as v
from cards.display_names import NAME_FIELDS, localized_ordering
from cards.models import Card, CardSet
from cards.page_cache import anonymous_page
from cards.search import QuerySyntaxError, SearchTimeout, search_cards, search_time_limit
from cards.search.order import SET_AND_NUMBER
from cards.search.sharing import shared_key
from cards.search.suggest import suggest_query
from cards.search.syntax import quote_value
from cards.selectors import catalogue_summary
from cards.templatetags.card_tags import LABELS
from cards.views_detail import card_detail  # noqa: F401  (cards/urls.py routes it from here)
from cardsite.throttles import throttle_page
from decks.browse import PUBLIC_DECKS_VERSION
from decks.showcase import showcase

CARDS_PER_PAGE = 60
VIEWS = ("grid", "list")
# The columns each view of the results shows: a whole card row has some seventy, five of
# them JSON decoded card by card, and a page reads sixty.
_TILE_COLUMNS = ("id", *NAME_FIELDS, "number", "provenance", "verification", "image", "updated_at")
_ROW_COLUMNS = (
    *_TILE_COLUMNS,
    *("game", "kind", "text", "effect", "attribute", "level", "cost", "card_set__code"),
)

_LEVEL_RANK = Case(*(When(level=level, then=rank) for rank, level in enumerate(v.LEVEL_VALUES)))
_BY_NUMBER = ("game", "card_set__code", "number_sort", "id")
ORDERS = {
    "number": (_("Set and number"), SET_AND_NUMBER),
    "name": (_("Name"), ("name", *_BY_NUMBER)),
    "cost": (_("Cost: low to high"), (F("cost").asc(nulls_last=True), "name", *_BY_NUMBER)),
    "-cost": (_("Cost: high to low"), (F("cost").desc(nulls_last=True), "name", *_BY_NUMBER)),
    "level": (_("Level: low to high"), (_LEVEL_RANK.asc(nulls_last=True), "name", *_BY_NUMBER)),
    "-level": (
        _("Level: high to low"),
        (_LEVEL_RANK.desc(nulls_last=True), "name", *_BY_NUMBER),
    ),
    "updated": (_("Recently updated"), ("-updated_at", *_BY_NUMBER)),
}
DEFAULT_ORDER = "number"

# Example searches: each is a link to the search page (the syntax page shows them all; a test
# checks every one parses and most find cards in the starter catalogue).
EXAMPLES = {
    "pad": [
        ("ティラ", _("A name in any language: Japanese, Chinese or English")),
        ("game:pad attr:fire stage:base", _("Fire pets of the base stage")),
        (
            "orb:heart orb:fire cost<=1",
            _("Cards lighting both the heart and fire orbs, cost 1 or less"),
        ),
        ("type:dragon def>=500", _("Dragon pets with a defence of 500 or more")),
        ("atk6>=1000", _("Pets attacking for 1000 or more at six combos")),
        ("(attr:fire OR attr:water) stage:ultimate", _("Fire or water ultimate evolutions")),
        ('kind:skill o:"draw"', _("Skills whose text says “draw”")),
        ("e:damage kind:skill", _("Skills that trigger when drawn from life by damage")),
        ('!"Golden Egg"', _("Exactly the card named Golden Egg")),
        ("name:/^Lil'/", _("Names starting with Lil' (a regular expression)")),
        ("stage:base game:pad -attr:fire", _("Base pets that are not fire")),
        ("verified:scan game:pad", _("PAD cards checked against their printed scan")),
        ("r:sr stage:ultimate", _("Super rare (SR) ultimate evolutions")),
    ],
    "digimon": [
        ("level:perfect", _("Digimon of the perfect level (完全体)")),
        ("level>=perfect field:NSp", _("Perfect or ultimate Digimon of Nature Spirits")),
        ("lv:3 bt:c", _("Level III Digimon of battle type C")),
        ("a>=500", _("Digimon whose A attack has 500 power or more")),
        ("lost3>=20", _("Digimon losing 20 points or more to a Level III")),
        ("species:dinosaur", _("Digimon of the Dinosaur species")),
        ("ガブモン OR パルモン", _("Either of two names")),
        ("/dramon$/", _("Names ending in “dramon” (a regular expression)")),
        ("option:crest", _("Crest option cards")),
        ("kind:combo", _("Every combo card")),
        ("攻擊組件", _("Traditional Chinese finds the Simplified name 攻击组件A")),
        ("kind:option -set:RULES", _("Option cards with a printed number")),
        ("verified:inferred", _("Cards whose names neither a card list nor the rules give")),
    ],
}
HOME_EXAMPLES = (
    "ティラ",
    "game:pad attr:fire stage:base",
    "atk6>=1000",
    "level:perfect",
    "攻擊組件",
)


# --- Search ---------------------------------------------------------------------------------


def _choices(vocabulary: str, values, blank) -> list:
    return [("", blank), *((value, LABELS[vocabulary][value]) for value in values)]


class FilterForm(forms.Form):
    """The advanced filters. They build query-language terms (see `terms`): the URL keeps q."""

    game = forms.ChoiceField(label=_("Game"), required=False)
    kind = forms.ChoiceField(label=_("Kind"), required=False)
    set = forms.ChoiceField(label=_("Set"), required=False)
    attr = forms.ChoiceField(label=_("Attribute"), required=False)
    orb = forms.MultipleChoiceField(
        label=_("Orb colours"), required=False, widget=forms.CheckboxSelectMultiple
    )
    stage = forms.ChoiceField(label=_("Stage"), required=False)
    cost_min = forms.IntegerField(
        label=_("Cost at least"), required=False, min_value=0, max_value=v.PET_COST_MAX
    )
    cost_max = forms.IntegerField(
        label=_("Cost at most"), required=False, min_value=0, max_value=v.PET_COST_MAX
    )
    level = forms.ChoiceField(label=_("Level"), required=False)
    battle = forms.ChoiceField(label=_("Battle type"), required=False)
    option = forms.ChoiceField(label=_("Option type"), required=False)
    text = forms.CharField(label=_("Text contains"), required=False, max_length=200)

    # Each field and the query-language term it becomes (the value is appended).
    TERMS = {
        "game": "game:",
        "kind": "kind:",
        "set": "set:",
        "attr": "attr:",
        "orb": "orb:",
        "stage": "stage:",
        "cost_min": "cost>=",
        "cost_max": "cost<=",
        "level": "level:",
        "battle": "battle:",
        "option": "option:",
        "text": "o:",
    }

    def __init__(self, *args, set_codes=(), **kwargs):
        super().__init__(*args, **kwargs)
        any_ = pgettext_lazy("filter", "Any")
        self.fields["game"].choices = _choices("game", v.values(v.GAMES), any_)
        self.fields["kind"].choices = _choices("kind", v.values(v.KINDS), any_)
        self.fields["set"].choices = [("", any_), *((code, code) for code in set_codes)]
        self.fields["attr"].choices = _choices("attribute", v.values(v.ATTRIBUTES), any_)
        self.fields["orb"].choices = [(orb, LABELS["orb"][orb]) for orb in v.ORB_COLOURS]
        self.fields["stage"].choices = _choices("stage", v.values(v.STAGES), any_)
        self.fields["level"].choices = _choices("level", v.LEVEL_VALUES, any_)
        self.fields["battle"].choices = [("", any_), *v.BATTLE_TYPES]
        self.fields["option"].choices = _choices("option_type", v.values(v.OPTION_TYPES), any_)
        for name, field in self.fields.items():
            field.widget.attrs["data-term"] = self.TERMS[name]

    def clean(self):
        data = super().clean()
        low, high = data.get("cost_min"), data.get("cost_max")
        if low is not None and high is not None and low > high:
            self.add_error("cost_max", _("The highest cost is below the lowest."))
        return data

    def terms(self) -> list[str]:
        """The query-language terms the filled-in fields stand for, in form order."""
        data = self.cleaned_data
        terms = []
        for name, prefix in self.TERMS.items():
            value = data.get(name)
            if value in (None, "", []):
                continue
            if name == "cost_min" and value == data.get("cost_max"):
                terms.append(f"cost:{value}")
            elif name == "cost_max" and value == data.get("cost_min"):
                continue
            elif name == "orb":
                terms.extend(f"{prefix}{orb}" for orb in value)
            elif name == "text":
                terms.append(prefix + quote_value(value.strip()))
            else:
                terms.append(f"{prefix}{value}")
        return terms


def _set_codes() -> list[str]:
    return list(CardSet.objects.order_by("code").values_list("code", flat=True).distinct())


def _search_url(q: str, view: str = "grid", order: str = DEFAULT_ORDER) -> str:
    params = {"q": q}
    if view != "grid":
        params["view"] = view
    if order != DEFAULT_ORDER:
        params["order"] = order
    return f"{reverse('cards:list')}?{urlencode(params)}"


def display_width(text: str) -> int:
    """Columns `text` takes in a monospace font: CJK characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def _syntax_error(q: str, error: QuerySyntaxError) -> dict:
    position = max(0, min(error.position, len(q)))
    return {
        "message": error.message,
        "column": position + 1,
        "before": q[:position],
        "at": q[position : position + 1] or " ",
        "after": q[position + 1 :],
        "caret": " " * display_width(q[:position]) + "^",
    }


def _search_text(request) -> str:
    return request.GET.get("q", "").replace("\x00", "").strip()  # PostgreSQL refuses NUL


def _search_page_is_shared(request) -> bool:
    """A search whose page is the same for every anonymous reader: one without filter
    fields (those redirect) whose results are shared (not `is:owned`, readable)."""
    if any(request.GET.get(name) for name in FilterForm.TERMS):
        return False
    return shared_key(_search_text(request)) is not None


@throttle_page("search_page")
@anonymous_page("search-page-whole", applies=_search_page_is_shared)
def card_search(request):
    """/cards/?q=…: the query language, the filter form that writes it, grid or list.

    Throttled per client like the API; a search past SEARCH_TIME_LIMIT_MS is stopped and
    answered 503 with a message."""
    params = request.GET
    q = _search_text(request)
    view = params.get("view") if params.get("view") in VIEWS else "grid"
    order = params.get("order") if params.get("order") in ORDERS else DEFAULT_ORDER
    status = 200

    context = {"q": q, "view": view, "order": order}
    if any(params.get(name) for name in FilterForm.TERMS):
        form = FilterForm(params, set_codes=cache.cached("set-codes", (), _set_codes))
        if form.is_valid():
            built = " ".join([q, *form.terms()]).strip()
            return HttpResponseRedirect(_search_url(built, view, order))
        status = 400
        # a filled-in form with errors: shown as the reader filled it
        context["form"] = form
        context["filters"] = render_to_string("cards/_search_filters.html", context)
    else:  # the empty filter form is the same on every search page of a language
        context["filters"] = cache.cached("search-filters", (), _empty_filters)
    # The results are the same for everyone asking this search in this language: kept in
    # the shared cache until the catalogue changes (a timeout is not kept: it may pass).
    key = shared_key(q)
    if key is None:  # `is:owned` (this reader's cards), or a query that cannot be read
        results_status, results = _search_results(request, context)
    else:
        results_status, results = cache.cached(
            "search-page",
            cache.request_parts(request, search=key),
            lambda: _search_results(request, context),
            store=lambda value: value[0] != 503,
        )
    context["results"] = results
    status = results_status if results_status != 200 else status
    return render(request, "cards/card_search.html", context, status=status)


def _empty_filters() -> str:
    """The filter form as a search page without filters shows it (built only when the
    shared cache has no copy for this language and catalogue)."""
    form = FilterForm(set_codes=cache.cached("set-codes", (), _set_codes))
    return render_to_string("cards/_search_filters.html", {"form": form})


def _search_results(request, context: dict) -> tuple[int, str]:
    """(status, the rendered results section) of a search page."""
    q, order = context["q"], context["order"]
    context = {
        **context,
        "orders": [(key, label) for key, (label, _ordering) in ORDERS.items()],
        "page": None,
        "warnings": [],
        "error": None,
        "timeout": False,
        "suggestion": None,
    }
    status = 200
    try:
        with search_time_limit():
            if context["view"] == "list":
                shown = Card.objects.select_related("card_set").only(*_ROW_COLUMNS)
            else:
                shown = Card.objects.only(*_TILE_COLUMNS)
            result = search_cards(q, shown, user=request.user)
            cards = result.cards.order_by(*localized_ordering(ORDERS[order][1]))
            page = Paginator(cards, CARDS_PER_PAGE).get_page(request.GET.get("page"))
            page.object_list = list(page.object_list)
            if not page.object_list and q:  # "did you mean …": only when nothing was found
                suggestion = suggest_query(q, Card.objects.all())
                if suggestion is not None:
                    context["suggestion"] = {
                        "query": suggestion.query,
                        "url": _search_url(suggestion.query, context["view"], order),
                    }
    except SearchTimeout:
        context["timeout"] = True
        status = 503
    except QuerySyntaxError as error:
        context["error"] = _syntax_error(q, error)
        status = 400
    except DatabaseError:
        # A regular expression the database refuses: say so rather than fail.
        context["error"] = {"message": _("The database could not run this query."), "column": 0}
        status = 400
    else:
        context["page"] = page
        context["warnings"] = [
            {**warning, "column": warning["position"] + 1} for warning in result.warnings
        ]
    return status, render_to_string("cards/_search_results.html", context, request=request)


# --- Syntax help ----------------------------------------------------------------------------

# (names: the field then its aliases; values; meaning). A test checks every field and alias of
# cards.search.fields is listed here, so the page cannot fall behind the language.
FIELD_DOCS = [
    (
        _("Both games"),
        [
            (["game"], "pad, digimon (dgm, digi)", _("The game.")),
            (["kind"], "pet, skill, digimon, option, combo", _("The kind of card.")),
            (
                ["name", "n"],
                _("text, or /regex/"),
                _(
                    "Any of the card's names (Japanese, Chinese, English) contains this; "
                    "name= needs the whole name."
                ),
            ),
            (
                ["text", "o", "oracle"],
                _("text, or /regex/"),
                _("The effect text contains this."),
            ),
            (
                ["number", "no", "num", "cn"],
                "B01-021, St-2, 21 …",
                _(
                    "The whole card number (St-2 is not St-20), or the number after the set's "
                    "dash (21 finds B01-021 and St-21); /regex/ searches within."
                ),
            ),
            (["set", "s", "edition"], "B01 … B05, St, RULES, SYN", _("The set code.")),
            (["rarity", "r"], "C, R, SR, UR", _("The printed rarity (PAD).")),
            (
                ["provenance"],
                "printed, rules_text, synthetic",
                _(
                    "Where the card comes from: a printed card list, the rules text, "
                    "or benchmark data."
                ),
            ),
            (
                ["verified"],
                "scan, card_list (list), rules, inferred",
                _(
                    "How far the card's details are checked: against a scan, from a card "
                    "list, only named in the rules, or inferred."
                ),
            ),
            (
                ["is"],
                "conflict, owned",
                _("is:conflict finds cards whose sources disagree on a field."),
            ),
            (
                ["owned"],
                _("a number"),
                _(
                    "Cards you own at least 2 copies of; owned<3 also finds the cards you do "
                    "not own (0 copies)."
                ),
            ),
        ],
    ),
    (
        _("Puzzle & Dragons TCG"),
        [
            (
                ["attr", "attribute", "color", "colour"],
                "fire, water, wood, light, dark (火 水 木 光 闇/暗; r b g l d); "
                "red, blue, green, yellow, purple (红 蓝 绿 黄 紫)",
                _(
                    "The attribute or the sub-attribute: the colour of a PAD card, so "
                    "c:red finds fire cards as on Scryfall."
                ),
            ),
            (
                ["orb", "id", "identity"],
                "heart, dark, light, wood, water, fire (心 h heal pink, 火 水 木 光 闇/暗, "
                "red blue green yellow purple)",
                _("The card lights this orb colour; repeat the field for several colours."),
            ),
            (
                ["type", "t"],
                "god, dragon, healer, attacker, devil, balanced, physical, machine; "
                "vaccine, data, virus; pet, skill, digimon, option, combo; crest, armor …",
                _("A pet type, a Digimon's type, the kind of card or the type of an option."),
            ),
            (
                ["stage"],
                "base, evo1 (evo), evo2, evo3, ultimate (ult)",
                _("The evolution stage of a pet."),
            ),
            (["cost", "mv", "cmc", "manavalue"], _("a number"), _("The cost (0–3).")),
            (["def", "defense", "defence"], _("a number"), _("The defence of a pet.")),
            (
                ["atk1", "atk2", "atk3", "atk4", "atk5", "atk6"],
                _("a number"),
                _("The attack of a pet at 1 to 6 combos (the row of its attack table)."),
            ),
            (
                ["effect", "e", "kw", "keyword"],
                "evolve, activate, continuous, damage, defence (defense), ultimate, awaken",
                _("An effect type of the card."),
            ),
        ],
    ),
    (
        _("Digimon card game"),
        [
            (
                ["level", "lv"],
                "III (3), IV (4), perfect (p, 5), ultimate (u, 6)",
                _("The level; < and > compare levels (III < IV < perfect < ultimate)."),
            ),
            (["battle", "bt"], "A, B, C", _("The battle type (the letter in the top-left).")),
            (["a"], _("a number"), _("The power of the A attack.")),
            (["b"], _("a number"), _("The power of the B attack.")),
            (
                ["c"],
                _("a number"),
                _("The power of the C attack (c: with a colour word is the colour)."),
            ),
            (["lost"], _("a number"), _("Points lost to an opponent of any level.")),
            (["lostiii", "lost3"], _("a number"), _("Points lost to a Level III.")),
            (["lostiv", "lost4"], _("a number"), _("Points lost to a Level IV.")),
            (["lostperfect", "lostp"], _("a number"), _("Points lost to a perfect Digimon.")),
            (["lostultimate", "lostu"], _("a number"), _("Points lost to an ultimate Digimon.")),
            (["field"], "DR, ME, NSp, VB, DS, JT, NSo, WG, UK", _("The field (family).")),
            (["species"], _("text"), _("The species contains this (Reptile, Dinosaur …).")),
            (
                ["option", "op"],
                "crest (徽章), armor (装甲), evolution, program (程序), scene (场景), item",
                _("The type of an option card."),
            ),
        ],
    ),
]

OPERATOR_DOCS = [
    ("ゼローグ dragon", _("Free words: each must appear in a name or the text (every language).")),
    ('"draw a card"', _("A quoted phrase is one word, spaces included.")),
    ("attr:fire", _("field:value — the field has (or contains) this value.")),
    ("name=Greymon", _("field=value — the field is exactly this value.")),
    ("cost>=2 cost<3 def!=500", _("Numbers and levels compare with < <= > >= = and != (is not).")),
    ("-orb:heart", _("A minus sign excludes what follows: a term, a word or a group.")),
    ("attr:fire OR attr:water", _("OR matches either side; terms side by side must all match.")),
    ("(attr:fire OR attr:water) stage:base", _("Parentheses group terms.")),
    ('!"Golden Egg"', _("An exclamation mark finds one exact card name (in any language).")),
    (
        "/dramon$/",
        _("/regular expression/ on the names and text; name:/…/ and o:/…/ on one of them."),
    ),
    (
        "龍之怒吼",
        _("Chinese is matched Traditional/Simplified-blind: 龍之怒吼 finds 龙之怒吼 and back."),
    ),
    ("ＧＲＥＹＭＯＮ", _("Case and full-width letters are ignored.")),
    (
        "c:red t:dragon",
        _("Scryfall habits work: c: and color: (the attribute), t:, mv:, o:, r:, s:."),
    ),
    (
        "colr:red",
        _(
            "An unknown field or value matches no card; a warning above the results names "
            "it and the field you may have meant."
        ),
    ),
]


def syntax_help(request):
    sections = [
        {
            "title": title,
            "fields": [{"names": n, "values": vals, "meaning": m} for n, vals, m in rows],
        }
        for title, rows in FIELD_DOCS
    ]
    examples = [
        {"game": LABELS["game"][game], "examples": [{"q": q, "meaning": m} for q, m in items]}
        for game, items in EXAMPLES.items()
    ]
    return render(
        request,
        "cards/syntax.html",
        {"sections": sections, "operators": OPERATOR_DOCS, "example_groups": examples},
    )


# --- Home -----------------------------------------------------------------------------------


@anonymous_page("home-page", (PUBLIC_DECKS_VERSION,))
def home(request):
    """The catalogue's counts, query examples and the tour of the reference decks: the same
    for every reader of a language, signed in or not (the tour's last link differs), kept in
    the shared cache under the catalogue and public decks' versions (issue 30)."""
    parts = (request.user.is_authenticated, cache.counter(PUBLIC_DECKS_VERSION))
    body = cache.cached("home", parts, lambda: _home_body(request))
    return render(request, "cards/home.html", {"body": body})


def _home_body(request) -> str:
    counts = cache.cached("summary", (), catalogue_summary)  # a count over every card
    games = []
    for game in v.values(v.GAMES):
        kinds = [
            {"kind": row["kind"], "label": LABELS["kind"][row["kind"]], "count": row["count"]}
            for row in counts
            if row["game"] == game
        ]
        games.append(
            {
                "game": game,
                "label": LABELS["game"][game],
                "kinds": kinds,
                "total": sum(k["count"] for k in kinds),
            }
        )
    all_examples = {q: meaning for items in EXAMPLES.values() for q, meaning in items}
    examples = [{"q": q, "meaning": all_examples[q]} for q in HOME_EXAMPLES]
    context = {"games": games, "examples": examples, "showcase": showcase()}
    return render_to_string("cards/_home_body.html", context, request=request)
