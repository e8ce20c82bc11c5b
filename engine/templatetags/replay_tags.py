"""`{% include_memo "engine/_pad_board.html" board=side.board match=True %}`: an include
that renders once per distinct set of values in a page.

A replay shows both players' boards after every phase, and about half of them are the
board of the step before (the other player's phases change nothing on it): a 60-step PAD
sample game drew 120 boards, 66 of them different, and the boards were nine tenths of the
page's rendering time. The included template sees only the values given (as
`{% include … with … only %}`), so the same values give the same markup.
"""

from __future__ import annotations

from django import template

register = template.Library()

MEMO = "include_memo"


@register.simple_tag(takes_context=True)
def include_memo(context, template_name: str, **values):
    memo = context.render_context.get(MEMO)
    if memo is None:
        memo = context.render_context[MEMO] = {}
    # The key is the values' repr: the memo keeps the values themselves too, so that no
    # object in them is freed and its id (in a default repr) reused by another one.
    key = (template_name, repr(sorted(values.items())))
    if key not in memo:
        included = context.template.engine.get_template(template_name)
        memo[key] = (values, included.render(context.new(values)))
    return memo[key][1]
