"""The card page (/cards/<pk>/): every field as printed, the evolution chain, combos, names."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.urls import reverse

from cards.models import Card
from tests.conftest import create_card

pytestmark = pytest.mark.django_db


def url(card: Card) -> str:
    return reverse("cards:detail", args=[card.pk])


def card(number: str) -> Card:
    return Card.objects.get(number=number)


def page_of(client, number: str) -> str:
    response = client.get(url(card(number)))
    assert response.status_code == 200
    return response.content.decode()


INLINE_TAG = re.compile(r"</?(a|span|small|strong|mark|code|abbr)\b[^>]*>")


def text(html: str) -> str:
    """The page as a reader sees it: inline tags dropped, block tags as spaces."""
    html = re.sub(r"<[^>]+>", " ", INLINE_TAG.sub("", html))
    return " ".join(unescape(html).split())


def section(html: str, css_class: str) -> str:
    match = re.search(rf'<(table|section|div) class="{css_class}"[^>]*>(.*?)</\1>', html, re.S)
    assert match, f"the page has a {css_class}"
    return match.group(2)


def link(target: Card) -> str:
    return f'href="{url(target)}"'


# --- PAD -------------------------------------------------------------------------------------


def test_pet_page_shows_the_printed_fields(client, catalogue):
    html = page_of(client, "B01-100")
    shown = text(html)
    assert "龍王・ゼローグ" in shown
    for label, value in [
        ("Stage", "Evo 2"),
        ("Defence", "500"),
        ("Types", "Dragon"),
        ("Effect types", "Activate"),
        ("Rarity", "UR"),  # printed bottom right (its scan, issue 26)
        ("Evolves from", "Heavy Metal Dragon"),
    ]:
        assert f"{label} {value}" in shown
    head = text(re.search(r'<header class="sheet-head attr-dark">(.*?)</header>', html, re.S)[1])
    assert head == "Dark Dragon Lord Zaerog Cost 3"


def test_pet_attack_table_has_six_rows_with_bonus_damage(client, catalogue):
    table = text(section(page_of(client, "B01-100"), "attack-table"))
    assert "Combos 1 2 3 4 5 6" in table
    assert "Attack 100 200 400 600 800+1 1000+1" in table


def test_orb_bar_has_six_slots_in_printed_order_three_lit(client, catalogue):
    bar = section(page_of(client, "B01-100"), "orb-bar")
    slots = re.findall(r'class="orb-slot orb-(\w+)( lit)?"', bar)
    assert [colour for colour, _ in slots] == ["heart", "dark", "light", "wood", "water", "fire"]
    assert [colour for colour, lit in slots if lit] == ["dark", "light", "water"]


def test_skill_page_has_orbs_but_no_attack_table(client, catalogue):
    html = page_of(client, "B01-104")
    shown = text(html)
    assert "ルビリット" in shown and "Skill" in shown and "Cost 0" in shown
    assert "evolve it for 1 less cost" in shown
    assert "Skill icon unknown" in shown
    assert 'class="attack-table"' not in html
    lit = re.findall(r'class="orb-slot orb-(\w+) lit"', section(html, "orb-bar"))
    assert lit == ["heart", "dark", "wood"]


def test_the_card_image_is_shown_and_marked_as_a_proxy(client, catalogue):
    target = card("B01-100")
    html = page_of(client, "B01-100")
    image = re.search(r'<img src="([^"]+)" alt="Dragon Lord Zaerog"', html)
    assert image and image.group(1).startswith(f"/cards/{target.pk}/image/normal/")
    assert "No scan yet: a proxy drawn from the card's data." in text(html)


def test_evolution_line_from_the_base_to_the_card(client, catalogue):
    html = page_of(client, "B01-100")
    chain = section(html, "evolution")
    egg, metal = card("B01-103"), card("B01-099")
    assert chain.index(link(egg)) < chain.index(link(metal)) < chain.index("Dragon Lord Zaerog")


def test_evolution_descendants_are_listed_recursively(client, catalogue):
    chain = section(page_of(client, "B01-103"), "evolution")  # Golden Egg
    for number in ("B01-099", "B01-100", "B03-016", "B03-017", "B03-018", "B03-019"):
        assert link(card(number)) in chain
    # Grandchildren are indented under their parent.
    assert re.search(rf'depth-1">↳ <a {link(card("B01-100"))}', chain)
    assert re.search(rf'depth-2">↳ <a {link(card("B03-019"))}', chain)


# --- Digimon ---------------------------------------------------------------------------------


def test_digimon_page_shows_attacks_lost_points_and_requirement(client, catalogue):
    html = page_of(client, "St-2")
    shown = text(html)
    for label, value in [
        ("Level", "Level IV"),
        ("Battle type", "A"),
        ("Species", "Dinosaur"),
        ("Type", "Vaccine"),
        ("Field", "NSp · Nature Spirits"),
        ("Evolution requirement", "Agumon ○○"),  # St-1 as this English page names it
    ]:
        assert f"{label} {value}" in shown
    attacks = text(section(html, "attacks-table"))
    assert "A Mega Flame 440" in attacks and "B Great Antler 340" in attacks
    assert "C Guard 200 Turns the opponent's A attack to 0." in attacks
    lost = text(section(html, "lost-points"))
    caption = "Points lost to an opponent of each level"
    assert lost == f"{caption} Level III Level IV Perfect Ultimate 20 10 10 10"


def test_digimon_chain_links_to_what_it_evolves_from(client, catalogue):
    html = page_of(client, "St-2")
    agumon = card("St-1")
    assert link(agumon) in section(html, "evolution")
    requirement = re.search(r'<dd class="requirement">(.*?)</dd>', html).group(1)
    assert link(agumon) in requirement
    assert link(card("St-2")) in section(page_of(client, "St-1"), "evolution")


def test_other_printings_of_the_same_name(client, catalogue):
    printings = section(page_of(client, "St-2"), "printings")
    assert link(card("St-91")) in printings
    assert link(card("St-2")) not in printings
    assert "Other printings" not in page_of(client, "St-1")


def test_unknown_values_are_shown_as_unknown(client, catalogue):
    lost = text(section(page_of(client, "St-4"), "lost-points"))  # not transcribed
    assert lost.endswith("unknown unknown unknown unknown")


# --- Options and combos ----------------------------------------------------------------------


def test_option_page(client, catalogue):
    shown = text(page_of(client, "St-49"))
    assert "Option type Item (plug-in, chip)" in shown
    assert "Timing unknown" in shown and "Duration unknown" in shown
    assert "Simplified Chinese 攻击组件A" in shown and "English Offense Plug-In A" in shown


def test_combo_links_to_its_parts_and_parts_list_their_combo(client, catalogue):
    combo = card("R-055")  # 初学者组合
    html = page_of(client, "R-055")
    shown = text(html)
    assert "Bonus 攻,速,防各+20%组合各+25%" in shown
    parts = combo.components.exclude(card=None)
    assert {part.card.number for part in parts} == {"St-49", "St-50", "St-51"}
    for part in parts:
        assert link(part.card) in html
        assert link(combo) in section(page_of(client, part.card.number), "combos")


def test_combo_incompatible_parts_are_listed_and_linked(client, catalogue):
    html = page_of(client, "R-059")  # 冰冻组合
    shown = text(html)
    assert "Cannot combine with 灼热燃烧, 圣光, 暗眼" in shown
    assert link(card("R-052")) in html
    # The ice-line part is the catalogued ice Digimon (DGM-1.3: 冷冻尖冰 + 冰恶魔兽), linked
    # both ways; the old "冰系数码宝贝" placeholder names no card.
    ice_devimon = card("St-80")
    assert link(ice_devimon) in html
    assert "冰系数码宝贝" not in shown
    assert link(card("R-059")) in section(page_of(client, "St-80"), "combos")


# --- Notices ---------------------------------------------------------------------------------


def test_rules_text_cards_carry_a_notice(client, catalogue):
    assert "Known only from the rules text" in page_of(client, "R-001")
    assert "Known only from the rules text" not in page_of(client, "St-1")


def test_synthetic_cards_carry_a_notice(client):
    synthetic = create_card("pet", provenance="synthetic", number="B01-990")
    html = client.get(url(synthetic)).content.decode()
    assert "Synthetic card generated for benchmarks: not a real card." in html


def test_a_missing_card_is_404(client, catalogue):
    assert client.get(reverse("cards:detail", args=[999999])).status_code == 404


# --- Bounded queries -------------------------------------------------------------------------


@pytest.mark.parametrize(
    "number",
    # B01-098: corrections from its scan; B04-088: added from its scan (issue 26)
    ["B01-021", "B01-098", "B01-100", "B01-103", "B01-104", "B04-088", "St-2", "St-49", "R-055"]
    + ["R-059"],
)
def test_card_pages_use_a_bounded_number_of_queries(
    client, catalogue, django_assert_max_num_queries, number
):
    target = card(number)
    # The card's article, plus 1 for "Decks using this card" (issue 16, never cached).
    with django_assert_max_num_queries(8 + 1):
        response = client.get(url(target))
    assert response.status_code == 200


def test_a_long_chain_costs_one_query_per_level_at_most(client, django_assert_max_num_queries):
    # Longer than any printed line (data could still link it so): one query per level.
    links = [
        create_card("pet", number=f"B01-{n}", names={"en": f"Link {n}"}) for n in range(901, 911)
    ]
    for parent, child in zip(links, links[1:], strict=False):
        Card.objects.filter(pk=child.pk).update(evolves_from=parent)
    with django_assert_max_num_queries(11 + 1):  # + "Decks using this card"
        html = client.get(url(links[4])).content.decode()
    chain = section(html, "evolution")
    ancestors, descendants = chain.split('aria-current="page"')
    assert all(link(card) in ancestors for card in links[:4])
    assert all(link(card) in descendants for card in links[5:])


@pytest.mark.parametrize("language", ["en", "zh-hant"])
def test_the_evolution_requirement_names_the_card_as_the_page_names_it(client, catalogue, language):
    """Issue 29 item 1: St-2 Greymon's requirement `アグモン ○○` names Agumon by the name
    this page gives it (its link's text), not the raw printed name."""
    agumon = card("St-1")
    client.cookies["django_language"] = language
    page = client.get(f"/cards/{card('St-2').pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    requirement = page.split('<dd class="requirement">', 1)[1].split("</dd>", 1)[0]
    link = re.search(rf'<a href="/cards/{agumon.pk}/">([^<]+)</a>', requirement)[1]
    own = client.get(f"/cards/{agumon.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert link == re.search(r"<h1>([^<]+)</h1>", own)[1]
    if language == "en":
        assert link == "Agumon"


def test_every_catalogued_species_has_a_label_in_the_readers_language(catalogue):
    """Issue 29 item 1: the Digimon species (families) the catalogue holds each have a
    label of their own in 繁體 and 简体 (a new one would be shown in English)."""
    from django.utils import translation

    from cards.templatetags.card_tags import LABELS

    species = set(Card.objects.exclude(species="").values_list("species", flat=True))
    assert species and species <= set(LABELS["species"])
    for language in ("zh-hant", "zh-hans"):
        with translation.override(language):
            untranslated = [s for s in species if str(LABELS["species"][s]) == s]
        assert untranslated == [], language


@pytest.mark.parametrize(("language", "shown"), [("zh-hant", "爬蟲類型"), ("zh-hans", "爬虫类型")])
def test_the_card_page_shows_the_species_in_the_readers_language(
    client, catalogue, language, shown
):
    reptile = Card.objects.filter(species="Reptile").order_by("pk").first()
    client.cookies["django_language"] = language
    page = client.get(f"/cards/{reptile.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert shown in page and ">Reptile<" not in page
