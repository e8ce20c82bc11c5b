"""The card page: one card, its evolution line, other printings, combos and history.

The page's article is rendered once per card, language and catalogue version and kept in
the shared cache (cards/cache.py); only the frame around it (header, messages, the user's
menu) is rendered per request, and for an anonymous reader not even that
(cards/page_cache.py). Any catalogue write bumps the version, so an edited card
shows its new values at once.
"""

from __future__ import annotations

from django.db.models import Count, Prefetch, Q, prefetch_related_objects
from django.shortcuts import render
from django.template.loader import render_to_string

from cards import cache
from cards import vocabulary as v
from cards.by_pk import card_or_404
from cards.display_names import NAME_FIELDS, display_name
from cards.models import Card, ComboComponent
from cards.page_cache import anonymous_page
from cards.selectors import CHILD_RELATIONS, load_children
from cards.simulation import describe_effect
from decks.browse import PUBLIC_DECKS_VERSION, decks_using_context

# Evolution chains are short (PAD: base → evo1 → evo2 → evo3 → ultimate; Digimon: III → IV →
# perfect → ultimate); the walk stops after this many levels each way, whatever the data says.
MAX_CHAIN_DEPTH = 8
_BY_NUMBER = ("game", "card_set__code", "number_sort", "id")


_CHAIN_FIELDS = ("id", "evolves_from_id", "evolves_from_name", *NAME_FIELDS, "number")
_ANCESTORS_PER_QUERY = 4
EVOLVING_KINDS = (v.PET, v.DIGIMON_CARD)


def _ancestors(card: Card) -> list[dict]:
    """From the base down to the card's parent: one query reads four levels up at a time."""
    paths = ["evolves_from__" * depth for depth in range(_ANCESTORS_PER_QUERY)]
    columns = [path + field for path in paths for field in _CHAIN_FIELDS]
    line, seen, parent_id = [], {card.pk}, card.evolves_from_id
    while parent_id is not None and parent_id not in seen and len(line) < MAX_CHAIN_DEPTH:
        row = Card.objects.filter(pk=parent_id).values(*columns).first()
        if row is None:
            break
        for path in paths:
            ancestor = {field: row[path + field] for field in _CHAIN_FIELDS}
            if ancestor["id"] is None or ancestor["id"] in seen:
                parent_id = None
                break
            seen.add(ancestor["id"])
            line.append(ancestor)
            parent_id = ancestor["evolves_from_id"]
    line.reverse()
    return line


def _descendants(card: Card) -> list[dict]:
    """Every card evolving from this one, recursively, as a tree: one query per level."""
    nodes = {card.pk: {"children": []}}
    frontier = [card.pk]
    for _level in range(MAX_CHAIN_DEPTH):
        if not frontier:
            break
        rows = (
            Card.objects.filter(evolves_from_id__in=frontier)
            .exclude(pk__in=nodes)
            .order_by("number_sort", "id")
            .values(*_CHAIN_FIELDS)
        )
        frontier = []
        for row in rows:
            node = {**row, "children": []}
            nodes[row["id"]] = node
            nodes[row["evolves_from_id"]]["children"].append(node)
            frontier.append(row["id"])
    return nodes[card.pk]["children"]


def _evolution_links() -> tuple[dict[int, int], dict[int, tuple[int, ...]]]:
    """({card: the card it evolves from}, {card: the cards evolving from it}): ids only."""
    parent_of = dict(
        Card.objects.exclude(evolves_from=None).order_by().values_list("id", "evolves_from_id")
    )
    children_of: dict[int, list[int]] = {}
    for child, parent in parent_of.items():
        children_of.setdefault(parent, []).append(child)
    return parent_of, {parent: tuple(children) for parent, children in children_of.items()}


def _evolution_line(card: Card) -> tuple[list[dict], list[dict]] | None:
    """(ancestors, descendants' tree) as `_ancestors` and `_descendants` give them, in one
    query: the links are walked in this process's copy for the catalogue version
    (cards.cache.per_process), then the cards on the line are read at once. None without
    the shared cache."""
    links = cache.per_process("evolution-links", _evolution_links)
    if links is None:
        return None
    parent_of, children_of = links
    up, seen, parent_id = [], {card.pk}, card.evolves_from_id
    while parent_id is not None and parent_id not in seen and len(up) < MAX_CHAIN_DEPTH:
        up.append(parent_id)
        seen.add(parent_id)
        parent_id = parent_of.get(parent_id)
    levels, frontier, placed = [], [card.pk] if card.kind in EVOLVING_KINDS else [], {card.pk}
    for _level in range(MAX_CHAIN_DEPTH):
        level = [c for p in frontier for c in children_of.get(p, ()) if c not in placed]
        if not level:
            break
        placed.update(level)
        levels.append(level)
        frontier = level
    ids = [*up, *(pk for level in levels for pk in level)]
    found = Card.objects.filter(pk__in=ids).values(*_CHAIN_FIELDS, "number_sort") if ids else ()
    rows = {row["id"]: row for row in found}
    ancestors = [rows[pk] for pk in reversed(up) if pk in rows]
    nodes = {card.pk: {"children": []}}
    for level in levels:  # each level by number, as _descendants reads it
        for pk in sorted(level, key=lambda pk: (rows[pk]["number_sort"], pk) if pk in rows else ()):
            parent = nodes.get(rows[pk]["evolves_from_id"]) if pk in rows else None
            if parent is None:  # gone since this process read the links
                continue
            nodes[pk] = {**rows[pk], "children": []}
            parent["children"].append(nodes[pk])
    return ancestors, nodes[card.pk]["children"]


def _flatten(tree: list[dict], depth: int = 0) -> list[dict]:
    rows = []
    for node in tree:
        rows.append({**node, "depth": depth})
        rows.extend(_flatten(node["children"], depth + 1))
    return rows


def _attack_table(card: Card) -> list[dict]:
    rows = {row.combos: row for row in card.related_rows("attack_rows")}
    return [{"combos": n, "row": rows.get(n)} for n in range(1, v.ATTACK_ROWS + 1)]


def _shared_names() -> frozenset[tuple[str, str, str]]:
    """(game, name column, name) for every name that more than one card of a game has in
    that column: only a card with one of them has other printings."""
    shared = set()
    for column in NAME_FIELDS:
        rows = (
            Card.objects.order_by()
            .values("game", column)
            .annotate(cards=Count("id"))
            .filter(cards__gt=1)
            .values_list("game", column)
        )
        shared.update((game, column, name) for game, name in rows)
    return frozenset(shared)


def _other_printings(card: Card) -> list[dict]:
    """The other cards of the game with one of this card's names (the columns shown: a
    whole card row has some sixty); no query for a card whose names no other card has."""
    own = [("name", card.name), *((f"name_{lang}", name) for lang, name in card.names.items())]
    shared = cache.per_process("shared-names", _shared_names)
    if shared is not None and not any((card.game, *pair) in shared for pair in own):
        return []
    same_name = Q(name=card.name)
    for lang, name in card.names.items():
        same_name |= Q(**{f"name_{lang}": name})
    return list(
        Card.objects.filter(same_name, game=card.game)
        .exclude(pk=card.pk)
        .order_by(*_BY_NUMBER)
        .values("id", "number", "card_set__code", *NAME_FIELDS)
    )


def _combo_parts() -> frozenset[int]:
    """Every catalogued card some combo names as a part."""
    parts = ComboComponent.objects.exclude(card=None).order_by().values_list("card_id", flat=True)
    return frozenset(parts.distinct())


def _combos_using(card: Card) -> list[dict]:
    """The combos naming the card as a part; no query for a card no combo names (most)."""
    parts = cache.per_process("combo-parts", _combo_parts)
    if parts is not None and card.pk not in parts:
        return []
    combos = Card.objects.filter(components__card=card).order_by("number_sort", "id")
    rows = combos.values("id", "number", *NAME_FIELDS)
    return list({row["id"]: row for row in rows}.values())  # a combo naming it twice: once


def _parent(card: Card, ancestors: list[dict]) -> dict | None:
    """The catalogued card this one evolves from (id, number, names): the last ancestor."""
    if card.evolves_from_id is None:
        return None
    if ancestors and ancestors[-1]["id"] == card.evolves_from_id:
        return ancestors[-1]
    # A line that loops back to the card itself: read the parent alone.
    return Card.objects.filter(pk=card.evolves_from_id).values(*_CHAIN_FIELDS).first()


@anonymous_page("card-page-whole", (PUBLIC_DECKS_VERSION,))
def card_detail(request, pk: int):
    page = cache.cached("card-page", (pk,), lambda: _card_page(pk))
    # Decks change far more often than the catalogue: listed per request, outside the cache.
    return render(request, "cards/card_detail.html", {**page, **decks_using_context(pk)})


def _card_page(pk: int) -> dict:
    """The title and the rendered article of the card page (the same for every reader)."""
    card = card_or_404(pk, with_set=True)
    if card.kind == v.COMBO:  # the template links each part: its card along
        parts = Prefetch("components", queryset=ComboComponent.objects.select_related("card"))
        prefetch_related_objects([card], parts)
        # As cards.selectors.load_children has them, for card_spec (the simulation section)
        card.__dict__["_children"] = {relation: [] for relation in CHILD_RELATIONS}
        card.__dict__["_children"]["components"] = list(card.components.all())
    else:  # the child rows this kind of card has, in one query (prefetch costs twice that)
        load_children([card])
    linkable = [*card.incompatible, *card.targets]
    named_cards = {}
    if linkable:
        for other in Card.objects.filter(game=card.game, name__in=linkable).order_by("id"):
            named_cards.setdefault(other.name, other)
    line = _evolution_line(card)
    if line is not None:
        ancestors, descendants = line
    else:  # no shared cache: level by level
        ancestors = _ancestors(card)
        descendants = _descendants(card) if card.kind in EVOLVING_KINDS else []
    context = {
        "card": card,
        "parent": _parent(card, ancestors),
        "ancestors": ancestors,
        "descendants": _flatten(descendants),
        "attack_table": _attack_table(card) if card.kind == v.PET else [],
        "orb_slots": [{"colour": c, "lit": c in card.orbs} for c in v.ORB_COLOURS],
        "attacks": card.related_rows("attacks"),
        "marks": "○" * (card.evo_circles or 0) + "×" * (card.evo_crosses or 0),
        "lost_points": [(level, card.lost_points[level]) for level in v.LEVEL_VALUES],
        "combos": _combos_using(card) if card.game == v.DIGIMON and card.kind != v.COMBO else [],
        "printings": _other_printings(card),
        "incompatible": [(name, named_cards.get(name)) for name in card.incompatible],
        "targets": [(name, named_cards.get(name)) for name in card.targets],
        "simulation": describe_effect(card),
    }
    return {
        "title": f"{display_name(card)} · {card.number}",
        "body": render_to_string("cards/_card_detail_body.html", context),
    }
