"""`{% per_language %}…{% end_per_language %}`: a part of a template that depends on nothing
but the active language, the code and the settings (links, labels, static file addresses),
rendered once per language by each process instead of at every request (issue 30).

Never put anything of the request, the user or the data inside: it would be shown to every
other reader. The copies are dropped when a setting changes (tests override them).
"""

from __future__ import annotations

from django import template
from django.core.signals import setting_changed
from django.template.loader_tags import BlockNode
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

register = template.Library()

_generation = 0  # bumped by any setting change: every node's copies are stale


def _settings_changed(**kwargs) -> None:
    global _generation
    _generation += 1


setting_changed.connect(_settings_changed, dispatch_uid="frame-tags-settings")


class PerLanguageNode(template.Node):
    # `{% extends %}` looks for the parent's blocks through every node's child nodelists
    # at each render; a part rendered once holds none (per_language refuses them), so it
    # is not searched.
    child_nodelists = ()

    def __init__(self, nodelist):
        self.nodelist = nodelist
        self.copies: tuple[int, dict[str, str]] = (_generation, {})

    def render(self, context) -> str:
        generation, copies = self.copies
        if generation != _generation:
            generation, copies = _generation, {}
            self.copies = (generation, copies)
        language = get_language()
        rendered = copies.get(language)
        if rendered is None:
            rendered = copies[language] = mark_safe(self.nodelist.render(context))
        return rendered


@register.tag
def per_language(parser, token):
    nodelist = parser.parse(("end_per_language",))
    parser.delete_first_token()
    if nodelist.get_nodes_by_type(BlockNode):
        # A block's content comes from the page extending this template: it may differ
        # from page to page and would be shown on every page of the language.
        raise template.TemplateSyntaxError("{% per_language %} cannot hold a {% block %}.")
    return PerLanguageNode(nodelist)
