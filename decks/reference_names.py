"""The reference decks' names in the reader's language (issue 29): "Reference: Fire" reads
参考：火 on a 简体 page. The names are stored in English (fixtures/reference_decks.toml, with
the `Reference: ` prefix the loader adds); the words are translated when a page shows them.
A Digimon line keeps its Digimon's name as the catalogue has it ("Agumon line" → Agumon
系列): no card name is invented."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

NAME_PREFIX = "Reference: "
LINE_SUFFIX = " line"

WORDS = {
    "Fire": pgettext_lazy("reference deck", "Fire"),
    "Water": pgettext_lazy("reference deck", "Water"),
    "Wood": pgettext_lazy("reference deck", "Wood"),
    "Light": pgettext_lazy("reference deck", "Light"),
    "Dark": pgettext_lazy("reference deck", "Dark"),
    "Five Dragons": pgettext_lazy("reference deck", "Five Dragons"),
    "Fire and Wood": pgettext_lazy("reference deck", "Fire and Wood"),
    "Vaccine Heroes": pgettext_lazy("reference deck", "Vaccine Heroes"),
    "Virus Nightmares": pgettext_lazy("reference deck", "Virus Nightmares"),
}


def reference_display_name(name: str) -> str:
    """A reference deck's stored name as the page's language reads it; any other name as
    it is (a player's deck is named by its player)."""
    if not isinstance(name, str) or not name.startswith(NAME_PREFIX):
        return name
    rest = name[len(NAME_PREFIX) :]
    if rest in WORDS:
        words = str(WORDS[rest])
    elif rest.endswith(LINE_SUFFIX):
        words = _("%(name)s line") % {"name": rest[: -len(LINE_SUFFIX)]}
    else:
        words = rest
    return _("Reference: %(name)s") % {"name": words}
