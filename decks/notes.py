"""A deck's notes: Markdown written by its owner, shown to every reader (issue 16).

The notes are someone else's text on the reader's page, so they are rendered in two
locks: Markdown with its raw-HTML passes turned off (any `<tag>` written is shown as
text), then nh3 keeps only an allow-list of tags and attributes. No images: a picture
from another site would tell it who reads the deck and is refused by the CSP anyway,
so `![alt](url)` stays as written, as text. Headings are demoted two levels (`#` is an h3) so that
the notes never compete with the page's own h1 and h2. Links get rel="nofollow noopener"
and may only be http, https, mailto or relative; no attribute styles or scripts survive.
"""

from __future__ import annotations

import re

import markdown
import nh3
from django.utils.safestring import SafeString, mark_safe
from markdown.extensions import Extension

ALLOWED_TAGS = {
    "p", "br", "hr", "em", "strong", "code", "pre", "blockquote",
    "ul", "ol", "li", "h3", "h4", "h5", "h6", "a",
}  # fmt: skip
ALLOWED_ATTRIBUTES = {"a": {"href", "title"}}
URL_SCHEMES = {"http", "https", "mailto"}
LINK_REL = "nofollow noopener"
_HEADING = re.compile(r"<(/?)h([1-6])>")


class _NoRawHtml(Extension):
    """Raw HTML and images are not Markdown's to pass through: they stay text."""

    def extendMarkdown(self, md):  # noqa: N802 (the markdown API's name)
        md.preprocessors.deregister("html_block")
        md.inlinePatterns.deregister("html")
        md.inlinePatterns.deregister("image_link")
        md.inlinePatterns.deregister("image_reference")
        md.inlinePatterns.deregister("short_image_ref")


def _demoted(match: re.Match) -> str:
    return f"<{match[1]}h{min(int(match[2]) + 2, 6)}>"


def render_notes(text: str) -> SafeString:
    """The notes as HTML that is safe to put in a page as is."""
    if not text.strip():
        return mark_safe("")
    html = markdown.markdown(text, extensions=[_NoRawHtml()], output_format="html")
    html = _HEADING.sub(_demoted, html)
    cleaned = nh3.clean(
        html,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=URL_SCHEMES,
        link_rel=LINK_REL,
        strip_comments=True,
    )
    return mark_safe(cleaned)  # noqa: S308 (cleaned by nh3 to the allow-list above)
