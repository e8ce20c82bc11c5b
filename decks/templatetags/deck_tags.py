"""Deck page helpers: SVG bar charts drawn on the server, percentages, chart data.

`{% bar_chart chart %}` draws one chart as inline SVG (no JavaScript): a rect per bar
whose height is proportional to its value, the value above it, its label below and a
<title> tooltip. `deck_charts(stats)` turns `decks.stats.deck_statistics` output into the
charts each game's players look at.
"""

from __future__ import annotations

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from cards import vocabulary as v
from cards.templatetags.card_tags import LABELS
from cards.views import display_width

register = template.Library()

BAR_WIDTH, BAR_GAP, PLOT_HEIGHT = 34, 10, 110
TOP, BOTTOM, SIDE = 18, 22, 8  # room for the values above and the labels below
CHARACTER_WIDTH = 7.1  # of the 12px label font; CJK characters count twice
# Wider than this, a chart would be scaled down on a 390 px phone (its text below 12 px):
# there the page shows the chart as a list instead (site.css, issue 29).
PHONE_WIDTH = 340


@register.inclusion_tag("decks/_bar_chart.html")
def bar_chart(chart: dict) -> dict:
    """Geometry of one chart: {"title", "bars": [{"label", "value", "tooltip", "css"}]}."""
    bars = chart["bars"]
    highest = max((bar["value"] for bar in bars), default=0) or 1
    # Each bar gets a slot wide enough for its own label, so long labels never overlap.
    baseline = TOP + PLOT_HEIGHT
    drawn, x = [], SIDE
    for bar in bars:
        slot = max(BAR_WIDTH, round(display_width(bar["label"]) * CHARACTER_WIDTH))
        height = round(PLOT_HEIGHT * bar["value"] / highest, 1)
        centre = x + slot / 2
        drawn.append(
            {
                **bar,
                "x": centre - BAR_WIDTH / 2,
                "y": round(baseline - height, 1),
                "height": height,
                "centre": centre,
                "value_y": round(baseline - height - 4, 1),
            }
        )
        x += slot + BAR_GAP
    width = x - BAR_GAP + SIDE
    return {
        "chart": chart,
        "bars": drawn,
        "width": width,
        "height": baseline + BOTTOM,
        "bar_width": BAR_WIDTH,
        "baseline": baseline,
        "label_y": baseline + 15,
        "slug": chart["slug"],
        "wide": width > PHONE_WIDTH,
        "highest": highest,
    }


@register.filter
def percent(probability) -> str:
    """0.1234 → "12.3%"; exact 0 and 1 without decimals."""
    if probability is None:
        return ""
    if probability <= 0:
        return "0%"
    if probability >= 1:
        return "100%"
    return f"{probability * 100:.1f}%"


def _cards(count: int) -> str:
    return ngettext("%(count)s card", "%(count)s cards", count) % {"count": count}


def _bars(counts: dict, labels: dict, css: str = "", tooltip: str = "%(label)s: %(cards)s"):
    return [
        {
            "label": str(labels.get(key, key)),
            "value": value,
            "css": f"{css}{key}" if css else "",
            "tooltip": tooltip % {"label": labels.get(key, key), "cards": _cards(value)},
        }
        for key, value in counts.items()
    ]


def deck_charts(stats: dict) -> list[dict]:
    """The charts of a deck's statistics, in the active language."""
    if stats["game"] == v.PAD:
        attribute_labels = {**LABELS["attribute"], "none": _("None")}
        return [
            {
                "slug": "cost",
                "title": _("Cost curve"),
                "bars": _bars(
                    stats["cost_curve"],
                    {cost: str(cost) for cost in stats["cost_curve"]},
                    tooltip=_("Cost %(label)s: %(cards)s"),
                ),
            },
            {
                "slug": "attribute",
                "title": _("Attributes"),
                "bars": _bars(stats["attributes"]["deck"], attribute_labels, "fill-"),
            },
            {
                "slug": "orb",
                "title": _("Orb colours"),
                "bars": _bars(
                    stats["orbs"],
                    LABELS["orb"],
                    "fill-",
                    tooltip=_("%(label)s orb: lit by %(cards)s"),
                ),
            },
            {
                "slug": "stage",
                "title": _("Pet stages"),
                "bars": _bars(stats["stages"], LABELS["stage"]),
            },
        ]
    return [
        {
            "slug": "level",
            "title": _("Levels"),
            "bars": _bars(stats["levels"], LABELS["level"]),
        },
        {
            "slug": "battle",
            "title": _("Battle types"),
            "bars": _bars(
                stats["battle_types"],
                {letter: letter for letter in v.ATTACK_LETTERS},
                "fill-",
                tooltip=_("Battle type %(label)s: %(cards)s"),
            ),
        },
        {
            "slug": "kind",
            "title": _("Kinds"),
            "bars": _bars(stats["kinds"], LABELS["kind"]),
        },
    ]


def longest_chains(chains: list[dict]) -> list[dict]:
    """The evolution chains no other chain continues: Tyrra → Tyrannos hides Tyrra alone."""
    inner = {link["card"] for chain in chains for link in chain["chain"][:-1] if link["card"]}
    return [chain for chain in chains if chain["card"] not in inner]
