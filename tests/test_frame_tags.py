"""The page frame's language-only parts, rendered once per language and process
(cardsite/templatetags/frame_tags.py): each language still gets its own words, and what
belongs to the reader (menu, search box, next address) stays the reader's."""

from __future__ import annotations

import pytest
from django.template import Context, Template, TemplateSyntaxError
from django.test import Client
from django.utils import translation

pytestmark = pytest.mark.django_db


def test_each_language_gets_its_own_copy():
    template = Template(
        '{% load i18n frame_tags %}{% per_language %}{% translate "Decks" %}{% end_per_language %}'
    )
    with translation.override("en"):
        assert template.render(Context()) == "Decks"
    with translation.override("zh-hant"):
        chinese = template.render(Context())
    assert chinese != "Decks"
    with translation.override("en"):
        assert template.render(Context()) == "Decks"


def test_a_changed_setting_drops_the_copies(settings):
    template = Template(
        "{% load static frame_tags %}"
        "{% per_language %}{% static 'css/site.css' %}{% end_per_language %}"
    )
    settings.STATIC_URL = "/first/"
    assert template.render(Context()).startswith("/first/")
    settings.STATIC_URL = "/second/"
    assert template.render(Context()).startswith("/second/")


def test_the_frame_around_the_copies_is_the_readers_own(client, owner, other):
    first = client.get("/cards/", {"q": "dragon"}).content.decode()
    assert 'value="dragon"' in first and "Log in" in first
    assert "next=/cards/%3Fq%3Ddragon" in first
    second = client.get("/cards/", {"q": "agumon"}).content.decode()
    assert 'value="agumon"' in second and 'value="dragon"' not in second
    mine = Client()
    mine.force_login(owner)
    page = mine.get("/").content.decode()
    assert f"Log out ({owner.username})" in page and "My decks" in page and "Log in" not in page
    theirs = Client()
    theirs.force_login(other)
    assert f"Log out ({other.username})" in theirs.get("/").content.decode()
    chinese = client.get("/", HTTP_ACCEPT_LANGUAGE="zh-hant").content.decode()
    assert '<html lang="zh-hant">' in chinese and '<option value="zh-hant" selected>' in chinese
    assert '<option value="en" selected>' in client.get("/").content.decode()


def test_only_staff_see_the_admin_link(owner, other):
    owner.is_staff = True
    owner.save(update_fields=["is_staff"])
    staff, player = Client(), Client()
    staff.force_login(owner)
    player.force_login(other)
    assert 'href="/admin/"' in staff.get("/").content.decode()
    assert 'href="/admin/"' not in player.get("/").content.decode()


def test_a_block_inside_a_language_only_part_is_refused():
    """A block is filled by the page extending the frame: rendered once per language, one
    page's content would be shown on every other page."""
    with pytest.raises(TemplateSyntaxError, match="cannot hold"):
        Template(
            "{% load frame_tags %}{% per_language %}{% block title %}x{% endblock %}"
            "{% end_per_language %}"
        )


def test_pages_extending_the_frame_still_fill_its_blocks(client):
    """The frame's blocks sit between its language-only parts: a page's title and content
    still reach it."""
    page = client.get("/cards/syntax/").content.decode()
    assert "<title>" in page and "</main>" in page
    title = page.split("<title>", 1)[1].split("</title>", 1)[0]
    main = page.split("<main>", 1)[1].split("</main>", 1)[0]
    assert title != "Cardsite · Cardsite" and main.strip()
