"""Template helpers for the card pages: translated vocabulary labels, image URLs, links."""

from __future__ import annotations

import json
from functools import lru_cache
from html import escape

from django import template
from django.urls import reverse
from django.utils import translation
from django.utils.formats import localize
from django.utils.safestring import mark_safe
from django.utils.text import Truncator
from django.utils.translation import get_language, gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from cards.display_names import display_name
from cards.images import image_urls

register = template.Library()

# The closed vocabularies of cards.vocabulary, as the pages show them in each language.
LABELS = {
    "game": {"pad": _("Puzzle & Dragons TCG"), "digimon": _("Digimon card game")},
    "kind": {
        "pet": _("Pet"),
        "skill": _("Skill"),
        "digimon": _("Digimon"),
        "option": _("Option"),
        "combo": _("Combo"),
    },
    "attribute": {
        "fire": _("Fire"),
        "water": _("Water"),
        "wood": _("Wood"),
        "light": _("Light"),
        "dark": _("Dark"),
    },
    "orb": {
        "heart": _("Heart"),
        "dark": _("Dark"),
        "light": _("Light"),
        "wood": _("Wood"),
        "water": _("Water"),
        "fire": _("Fire"),
    },
    "pet_type": {
        "god": _("God"),
        "dragon": _("Dragon"),
        "healer": _("Healer"),
        "attacker": _("Attacker"),
        "devil": _("Devil"),
        "balanced": _("Balanced"),
        "physical": _("Physical"),
        "machine": _("Machine"),
    },
    "effect_type": {
        "evolve": pgettext_lazy("effect type", "Evolve"),
        "activate": _("Activate"),
        "continuous": _("Continuous"),
        "damage": _("Damage"),
        "defence": _("Defence"),
        "ultimate": pgettext_lazy("effect type", "Ultimate"),
        "awaken": _("Awaken"),
    },
    "stage": {
        "base": _("Base"),
        "evo1": _("Evo 1"),
        "evo2": _("Evo 2"),
        "evo3": _("Evo 3"),
        "ultimate": pgettext_lazy("PAD stage", "Ultimate evolution"),
    },
    "level": {
        "III": _("Level III"),
        "IV": _("Level IV"),
        "perfect": _("Perfect"),
        "ultimate": pgettext_lazy("Digimon level", "Ultimate"),
    },
    "digimon_type": {"vaccine": _("Vaccine"), "data": _("Data"), "virus": _("Virus")},
    "field": {
        "DR": _("Dragon's Roar"),
        "ME": _("Metal Empire"),
        "NSp": _("Nature Spirits"),
        "VB": _("Virus Busters"),
        "DS": _("Deep Savers"),
        "JT": _("Jungle Troopers"),
        "NSo": _("Nightmare Soldiers"),
        "WG": _("Wind Guardians"),
        "UK": _("Unknown family"),
    },
    "keyword": {"sky": _("Sky"), "underwater": _("Underwater"), "underground": _("Underground")},
    "option_type": {
        "crest": _("Crest"),
        "armor": _("Armor digi-egg"),
        "evolution": _("Evolution option"),
        "program": _("Program"),
        "scene": _("Scene"),
        "item": _("Item (plug-in, chip)"),
    },
    "timing": {"evolution": _("Evolution phase"), "battle": _("Battle phase")},
    "provenance": {
        "printed": _("Printed card"),
        "rules_text": _("Named in the rules text"),
        "synthetic": _("Synthetic"),
    },
    "verification": {
        "scan": _("scan-verified"),
        "card_list": _("from a card list"),
        "rules": _("named in the rules"),
        "inferred": _("inferred"),
    },
    # Digimon species (families) as the catalogue stores them (English words, issue 29)
    "species": {
        "Insect": pgettext_lazy("digimon species", "Insect"),
        "Mutant": pgettext_lazy("digimon species", "Mutant"),
        "Beast Man": pgettext_lazy("digimon species", "Beast Man"),
        "Beast": pgettext_lazy("digimon species", "Beast"),
        "Marine Animal": pgettext_lazy("digimon species", "Marine Animal"),
        "Flame": pgettext_lazy("digimon species", "Flame"),
        "Reptile": pgettext_lazy("digimon species", "Reptile"),
        "Plant": pgettext_lazy("digimon species", "Plant"),
        "Angel": pgettext_lazy("digimon species", "Angel"),
        "Demon Man": pgettext_lazy("digimon species", "Demon Man"),
        "Demon Beast": pgettext_lazy("digimon species", "Demon Beast"),
        "Machine": pgettext_lazy("digimon species", "Machine"),
        "Cyborg": pgettext_lazy("digimon species", "Cyborg"),
        "Dinosaur": pgettext_lazy("digimon species", "Dinosaur"),
        "Giant Bird": pgettext_lazy("digimon species", "Giant Bird"),
        "Larva": pgettext_lazy("digimon species", "Larva"),
        "Ore": pgettext_lazy("digimon species", "Ore"),
        "Amphibian": pgettext_lazy("digimon species", "Amphibian"),
        "Ancient Beast": pgettext_lazy("digimon species", "Ancient Beast"),
        "Aquatic Mammal": pgettext_lazy("digimon species", "Aquatic Mammal"),
        "Aquatic Beast Man": pgettext_lazy("digimon species", "Aquatic Beast Man"),
        "Fallen Angel": pgettext_lazy("digimon species", "Fallen Angel"),
        "Chick": pgettext_lazy("digimon species", "Chick"),
        "Mammal": pgettext_lazy("digimon species", "Mammal"),
        "Composite": pgettext_lazy("digimon species", "Composite"),
        "Rock": pgettext_lazy("digimon species", "Rock"),
        "Ceratopsian": pgettext_lazy("digimon species", "Ceratopsian"),
        "Fairy": pgettext_lazy("digimon species", "Fairy"),
        "Skeleton": pgettext_lazy("digimon species", "Skeleton"),
        "Ancient Fish": pgettext_lazy("digimon species", "Ancient Fish"),
        "Mollusk": pgettext_lazy("digimon species", "Mollusk"),
        "Small Devil": pgettext_lazy("digimon species", "Small Devil"),
        "Ghost": pgettext_lazy("digimon species", "Ghost"),
        "Dragon Man": pgettext_lazy("digimon species", "Dragon Man"),
        "Mythical Beast": pgettext_lazy("digimon species", "Mythical Beast"),
        "Puppet": pgettext_lazy("digimon species", "Puppet"),
        "Plesiosaur": pgettext_lazy("digimon species", "Plesiosaur"),
        "Oni": pgettext_lazy("digimon species", "Oni"),
        "Rare Animal": pgettext_lazy("digimon species", "Rare Animal"),
        "Aquatic": pgettext_lazy("digimon species", "Aquatic"),
    },
    "language": {
        "ja": _("Japanese"),
        "zh_hant": _("Traditional Chinese"),
        "zh_hans": _("Simplified Chinese"),
        "en": _("English"),
    },
}


@register.filter
def label(value, vocabulary: str):
    """`{{ card.attribute|label:"attribute" }}`: the translated label, or the value as is."""
    if value in (None, ""):
        return ""
    return LABELS.get(vocabulary, {}).get(value, value)


@register.filter
def labels(values, vocabulary: str) -> list:
    """A list of values (types, effect types …) as their translated labels."""
    return [label(value, vocabulary) for value in values or ()]


@register.filter
def card_name(card) -> str:
    """The card's name in the page's language (cards/display_names.py)."""
    return display_name(card)


@register.simple_tag
def card_image(card) -> dict:
    """`{% card_image card as image %}`: {"thumb", "normal", "proxy"} (no SQL query)."""
    return image_urls(card)


@lru_cache(maxsize=1)
def _detail_url_pattern() -> str:
    # Resolved once, as cards.images resolves the picture's: a page lists sixty cards.
    return reverse("cards:detail", args=[987654321]).replace("987654321", "{}")


@lru_cache(maxsize=1024)
def _escaped_label(value: str, vocabulary: str, language: str) -> str:
    """A vocabulary label in `language`, escaped: looked up once, not once per card."""
    with translation.override(language):
        return escape(str(label(value, vocabulary)))


@lru_cache(maxsize=64)
def _escaped_text(message: str, language: str) -> str:
    with translation.override(language):
        return escape(gettext(message))


def _rules_text_badge(card, language: str) -> str:
    if card.provenance != "rules_text":
        return ""
    badge = _escaped_text("Rules text only", language)
    return f' <small class="badge rules-text-badge">{badge}</small>'


@register.simple_tag
def card_tile(card) -> str:
    """One card of the search grid: its picture, name, number and verification. Written in
    Python: a sixty-card page spent most of its rendering in the template's per-card tags
    (issue 30); the markup is the one the template wrote, each value escaped as the
    template escaped it (html.escape is what django.utils.html.escape calls; format_html's
    per-argument checks were half the tile's time)."""
    language = get_language()
    name = escape(display_name(card, language))
    rules_text = _rules_text_badge(card, language)
    verification = escape(card.verification)
    verification_label = _escaped_label(card.verification, "verification", language)
    return mark_safe(  # noqa: S308 - every value above is escaped
        f'<li><a href="{_detail_url_pattern().format(card.pk)}">'
        f'<img src="{escape(image_urls(card, language)["thumb"])}" alt="{name}" loading="lazy" '
        f'width="146" height="204"><span class="caption">{name} <small>'
        f'{escape(card.number)}</small> <small class="badge verification-badge '
        f'verification-{verification}">{verification_label}'
        f"</small>{rules_text}</span></a></li>"
    )


def _truncated(text: str, length: int = 180) -> str:
    return escape(Truncator(text).chars(length))


@register.simple_tag
def card_row(card) -> str:
    """One card of the search list, in Python for the reason the tile is (card_tile): the
    markup the template wrote (effect rendered, else the printed text labelled with its
    language; attribute for PAD, level for Digimon; "—" for an unknown)."""
    # cards.effect_text words effects with this module's LABELS: imported when first used
    from cards.templatetags.effect_tags import card_effect

    language = get_language()
    rules_text = _rules_text_badge(card, language)
    effect = card_effect(card)
    line = ""
    if effect["text"]:
        line = f'<small class="effect-line">{_truncated(effect["text"])}</small>'
    elif card.text:
        lang = f' lang="{escape(effect["printed_lang"])}"' if effect["printed_lang"] else ""
        line = f'<small class="effect-line"{lang}>{_truncated(card.text)}</small>'
    if card.game == "pad":
        shown = "—"
        if card.attribute:
            attribute = escape(card.attribute)
            shown = (
                f'<span class="orb-dot orb-{attribute}" aria-hidden="true"></span> '
                f"{_escaped_label(card.attribute, 'attribute', language)}"
            )
    else:
        shown = _escaped_label(card.level, "level", language) if card.level else "—"
    cost = "—" if card.cost is None else escape(str(localize(card.cost)))
    verification = escape(card.verification)
    cells = (
        f'<td class="number">{escape(card.number)}</td>',
        f'<td><a href="{_detail_url_pattern().format(card.pk)}">'
        f"{escape(display_name(card, language))}</a>{rules_text}{line}</td>",
        f"<td>{_escaped_label(card.kind, 'kind', language)}</td>",
        f"<td>{shown}</td>",
        f'<td class="num">{cost}</td>',
        f"<td>{escape(card.card_set.code)}</td>",
        f'<td><span class="badge verification-badge verification-{verification}">'
        f"{_escaped_label(card.verification, 'verification', language)}</span></td>",
    )
    return mark_safe(  # noqa: S308 - every value above is escaped
        "<tr>\n        " + "\n        ".join(cells) + "\n      </tr>"
    )


@register.simple_tag(takes_context=True)
def url_with(context, **changes) -> str:
    """The current page's query string with some parameters replaced (None removes one).

    Pagination and view toggles keep the query: `{% url_with page=2 %}` → `?q=…&page=2`.
    """
    params = context["request"].GET.copy()
    for key, value in changes.items():
        if value in (None, ""):
            params.pop(key, None)
        else:
            params[key] = value
    encoded = params.urlencode()
    return f"?{encoded}" if encoded else "?"


def _is_attack_row(value) -> bool:
    return isinstance(value, dict) and set(value) == {"attack", "bonus"}


@register.filter
def issue_value(value) -> str:
    """What one source says about a contested field, readable: lists joined, null as "—"."""
    if value is None or value == "":
        return "—"
    if isinstance(value, list | tuple) and value and all(_is_attack_row(row) for row in value):
        return "/".join(issue_value(row) for row in value)  # a PAD attack table
    if isinstance(value, list | tuple):
        return ", ".join(issue_value(item) for item in value)
    if _is_attack_row(value):
        return f"{value['attack']}+{value['bonus']}" if value["bonus"] else str(value["attack"])
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False)
    return str(value)
