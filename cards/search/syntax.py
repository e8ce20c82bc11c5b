"""The card query language: tokens and a recursive-descent parser into a small AST.

    query   := or_expr
    or_expr := and_expr ("OR" and_expr)*
    and_expr:= unary+
    unary   := "-" unary | "(" or_expr ")" | "!" (QUOTED | WORD) | QUOTED | REGEX | term
    term    := WORD | FIELD OP value          OP: : = != < <= > >=

Every error carries the character position it was found at. Groups and exclusions nest at
most MAX_NESTING deep (`((a))` is 2, `--a` is 2, `-(a)` is 2): the parser and the compiler
recurse once per level, so deeper queries are refused before they could exhaust the stack.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

MAX_QUERY_LENGTH = 1000
MAX_NESTING = 32
OPERATORS = ("!=", "<=", ">=", ":", "=", "<", ">")
FIELD_PREFIX = re.compile(r"^[A-Za-z][A-Za-z0-9_]*(!=|<=|>=|:|=|<|>)$")
FIELD_TERM = re.compile(r"^([A-Za-z][A-Za-z0-9_]*)(!=|<=|>=|:|=|<|>)(.*)$", re.DOTALL)


class QuerySyntaxError(ValueError):
    def __init__(self, message: str, position: int):
        super().__init__(f"{message} (at character {position})")
        self.message = message
        self.position = position


@dataclass(frozen=True)
class Token:
    kind: str  # WORD, QUOTED, REGEX, LPAREN, RPAREN, MINUS, BANG, OR
    text: str
    position: int
    glued: bool = False  # no space before the next token (o:"a phrase")


@dataclass(frozen=True)
class Free:
    text: str
    position: int
    quoted: bool = False


@dataclass(frozen=True)
class ExactName:
    name: str
    position: int


@dataclass(frozen=True)
class Regex:
    pattern: str
    position: int


@dataclass(frozen=True)
class Term:
    field: str
    op: str
    value: str
    position: int
    regex: bool = False


@dataclass(frozen=True)
class Not:
    child: object
    position: int


@dataclass(frozen=True)
class And:
    children: tuple = field(default_factory=tuple)


@dataclass(frozen=True)
class Or:
    children: tuple = field(default_factory=tuple)


def _read_delimited(text: str, start: int, delimiter: str, what: str) -> tuple[str, int]:
    """Read from text[start] (the opening delimiter) to the closing one; \\ escapes it."""
    chars, index = [], start + 1
    while index < len(text):
        char = text[index]
        if char == "\\" and index + 1 < len(text) and text[index + 1] in (delimiter, "\\"):
            if delimiter == "/" and text[index + 1] == "\\":
                chars.append("\\\\")  # keep regex escapes intact
            else:
                chars.append(text[index + 1])
            index += 2
            continue
        if char == "\\" and delimiter == "/" and index + 1 < len(text):
            chars.append(text[index : index + 2])
            index += 2
            continue
        if char == delimiter:
            return "".join(chars), index + 1
        chars.append(char)
        index += 1
    raise QuerySyntaxError(
        _("Unterminated %(what)s: add the closing %(delimiter)s")
        % {"what": what, "delimiter": delimiter},
        start,
    )


def tokenize(text: str) -> list[Token]:
    if len(text) > MAX_QUERY_LENGTH:
        raise QuerySyntaxError(
            _("The query is longer than %(limit)s characters") % {"limit": MAX_QUERY_LENGTH}, 0
        )
    tokens: list[Token] = []
    index = 0
    while index < len(text):
        char = text[index]
        if char.isspace():
            index += 1
            continue
        start = index
        if char == "(":
            kind, value, index = "LPAREN", char, index + 1
        elif char == ")":
            kind, value, index = "RPAREN", char, index + 1
        elif char == '"':
            value, index = _read_delimited(text, index, '"', _("quoted phrase"))
            kind = "QUOTED"
        elif char == "/" and _looks_like_regex(tokens, text, index):
            value, index = _read_delimited(text, index, "/", _("regular expression"))
            kind = "REGEX"
        elif char == "-" and (index + 1 == len(text) or text[index + 1].isspace()):
            raise QuerySyntaxError(_("'-' must be followed by a term to exclude"), index)
        elif char == "-":
            kind, value, index = "MINUS", char, index + 1
        elif char == "!" and (index + 1 == len(text) or text[index + 1].isspace()):
            raise QuerySyntaxError(_("'!' must be followed by a card name"), index)
        elif char == "!" and text[index + 1] != "=":
            kind, value, index = "BANG", char, index + 1
        else:
            end = index
            while end < len(text) and not text[end].isspace() and text[end] not in '()"':
                if text[end] == "/" and FIELD_PREFIX.match(text[start:end]):
                    break  # name:/regex/ — the regex is its own token
                end += 1
            value, index = text[start:end], end
            kind = "OR" if value == "OR" or value == "or" else "WORD"
        glued = index < len(text) and not text[index].isspace()
        tokens.append(Token(kind, value, start, glued))
    return tokens


def _looks_like_regex(tokens: list[Token], text: str, index: int) -> bool:
    # "/" opens a regex at the start of a term, or right after "name:" style operators.
    if index == 0 or text[index - 1].isspace() or text[index - 1] in "(-!":
        return True
    previous = tokens[-1] if tokens else None
    return bool(previous and previous.kind == "WORD" and previous.text.endswith(OPERATORS))


class Parser:
    def __init__(self, text: str):
        self.text = text
        self.tokens = tokenize(text)
        self.index = 0
        self.depth = 0  # open "(" and "-" around the current token

    def peek(self) -> Token | None:
        return self.tokens[self.index] if self.index < len(self.tokens) else None

    def take(self) -> Token:
        token = self.tokens[self.index]
        self.index += 1
        return token

    def parse(self):
        if not self.tokens:
            return And(())
        node = self.or_expr()
        token = self.peek()
        if token is not None:  # only an unmatched ")" can stop or_expr early
            raise QuerySyntaxError(_("Unmatched ')'"), token.position)
        return node

    def or_expr(self):
        branches = [self.and_expr()]
        while (token := self.peek()) is not None and token.kind == "OR":
            self.take()
            branches.append(self.and_expr())
        return branches[0] if len(branches) == 1 else Or(tuple(branches))

    def and_expr(self):
        children = []
        while (token := self.peek()) is not None and token.kind not in ("OR", "RPAREN"):
            children.append(self.unary())
        if not children:
            token = self.peek()
            previous = self.tokens[self.index - 1] if self.index else None
            if previous is not None and previous.kind == "OR":
                raise QuerySyntaxError(_("OR needs a term on each side"), previous.position)
            if token is not None and token.kind == "OR":
                raise QuerySyntaxError(_("OR needs a term on each side"), token.position)
            if previous is not None and previous.kind == "LPAREN":
                raise QuerySyntaxError(_("Empty parentheses"), previous.position)
            raise QuerySyntaxError(_("Unmatched ')'"), token.position if token else len(self.text))
        return children[0] if len(children) == 1 else And(tuple(children))

    def unary(self):
        token = self.peek()
        if token.kind not in ("MINUS", "LPAREN"):
            return self.operand(self.take())
        if self.depth >= MAX_NESTING:
            raise QuerySyntaxError(
                _("Parentheses and '-' nest more than %(limit)s deep") % {"limit": MAX_NESTING},
                token.position,
            )
        self.depth += 1
        try:
            return self.operand(self.take())
        finally:
            self.depth -= 1

    def operand(self, token: Token):
        if token.kind == "MINUS":
            if self.peek() is None or self.peek().kind in ("OR", "RPAREN"):
                raise QuerySyntaxError(
                    _("'-' must be followed by a term to exclude"), token.position
                )
            return Not(self.unary(), token.position)
        if token.kind == "LPAREN":
            if self.peek() is not None and self.peek().kind == "RPAREN":
                raise QuerySyntaxError(_("Empty parentheses"), token.position)
            node = self.or_expr()
            closing = self.peek()
            if closing is None or closing.kind != "RPAREN":
                raise QuerySyntaxError(_("Missing ')' for this '('"), token.position)
            self.take()
            return node
        if token.kind == "RPAREN":
            raise QuerySyntaxError(_("Unmatched ')'"), token.position)
        if token.kind == "BANG":
            name = self.peek()
            if name is None or name.kind not in ("QUOTED", "WORD"):
                raise QuerySyntaxError(_("'!' must be followed by a card name"), token.position)
            self.take()
            return ExactName(name.text, token.position)
        if token.kind == "QUOTED":
            return Free(token.text, token.position, quoted=True)
        if token.kind == "REGEX":
            return Regex(token.text, token.position)
        return self.word(token)

    def word(self, token: Token):
        match = FIELD_TERM.match(token.text)
        if not match:
            return Free(token.text, token.position)
        name, op, value = match.groups()
        if value:
            return Term(name.lower(), op, value, token.position)
        following = self.peek()
        if token.glued and following is not None and following.kind in ("QUOTED", "REGEX"):
            self.take()
            return Term(name.lower(), op, following.text, token.position, following.kind == "REGEX")
        raise QuerySyntaxError(
            _("'%(field)s' needs a value") % {"field": f"{name}{op}"},
            token.position + len(token.text),
        )


def parse(text: str):
    return Parser(text).parse()


def parse_query(text: str | None):
    """The tree of a query as typed: what the search runs, and the only thing the cache
    may decide or key on (cards.search.sharing) — never the text itself."""
    # NUL cannot reach PostgreSQL (psycopg refuses it); it has no meaning in a query anyway.
    return parse((text or "").replace("\x00", ""))


def quote_value(value: str) -> str:
    """A value as the query language reads it: bare when safe, else a "quoted phrase".

    static/js/search.js builds the same string in the browser.
    """
    if value and not any(c.isspace() or c in '"()/\\' for c in value) and value[0] not in "-!":
        return value
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
