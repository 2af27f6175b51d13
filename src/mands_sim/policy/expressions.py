"""The condition language of priority lists: a tokenizer and a recursive-descent parser.

A condition such as ``self.dp < 50% and target.band == "short"`` is parsed once, checked for
kinds (numbers, yes/no values, text) and compiled into a closure that reads a
:class:`~mands_sim.policy.view.PolicyView` through the fixed tables of
:mod:`mands_sim.policy.names`. Nothing is looked up by name at run time: a name that is not in a
table is a parse error, so no Python object (``__class__``, ``self.__dict__`` …) can be reached.
The grammar (``docs/policies.md``)::

    condition  = or ;
    or         = and , { "or" , and } ;
    and        = not , { "and" , not } ;
    not        = "not" , not | comparison ;
    comparison = sum , [ ( "<" | "<=" | ">" | ">=" | "==" | "!=" ) , sum ] ;
    sum        = product , { ( "+" | "-" ) , product } ;
    product    = unary , { ( "*" | "/" ) , unary } ;
    unary      = "-" , unary | atom ;
    atom       = number | percentage | string | "true" | "false" | name | "(" , or , ")" ;
    name       = "segment" | "round" | ( "self" | "target" ) , "." , attribute
               | ( "enemies" | "allies" ) , "." , group-attribute | "exits" , "." , exit-attribute
               | "objective" , "." , "threatened" ;
    number     = digit , { digit } , [ "." , digit , { digit } ] ;
    percentage = number , "%" ;
    string     = '"' , { character - '"' } , '"' | "'" , { character - "'" } , "'" ;

A percentage compares with a gauge (``dp``, ``vp``, ``ep``) as a share of its maximum
(``self.dp < 50%``: below half of full Body DP); nowhere else. Division by zero gives ±infinity
(0 / 0 compares false with everything). Every error is an :class:`ExpressionError` with the
position of the first character that does not fit.
"""

from __future__ import annotations

import math
import operator
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final, Literal

from mands_sim.policy.errors import ExpressionError
from mands_sim.policy.names import (
    CHARACTERS,
    CLOCK_NUMBERS,
    EXIT_NUMBERS,
    GROUP_NUMBERS,
    GROUPS,
    OBJECTIVE_FLAGS,
    Node,
    Scope,
    Value,
    character_attributes,
    lookup,
)
from mands_sim.policy.view import CharacterView, PolicyView

MAX_LENGTH: Final = 1000
"""The longest condition accepted, in characters (a guard, not a rule)."""

MAX_DEPTH: Final = 40
"""The deepest nesting of brackets, ``not`` and signs accepted (a guard, not a rule)."""

# -- tokens -------------------------------------------------------------------------------------

TokenKind = Literal["number", "percent", "string", "name", "keyword", "op", "(", ")", ".", "end"]

KEYWORDS: Final = frozenset({"and", "or", "not", "true", "false"})
OPERATORS: Final = ("<=", ">=", "==", "!=", "<", ">", "+", "-", "*", "/")
_NUMBER = re.compile(r"[0-9]+(?:\.[0-9]+)?")
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


@dataclass(frozen=True, slots=True)
class Token:
    kind: TokenKind
    text: str
    start: int


def tokenize(text: str) -> list[Token]:
    """The condition's tokens, ending with an ``end`` token; an ``ExpressionError`` at the first
    character that starts no token."""
    if len(text) > MAX_LENGTH:
        raise ExpressionError(text, MAX_LENGTH, f"at most {MAX_LENGTH} characters")
    tokens: list[Token] = []
    at = 0
    while at < len(text):
        if text[at] in " \t\r\n":
            at += 1
            continue
        token = _token_at(text, at)
        tokens.append(token)
        at = token.start + len(token.text)
    tokens.append(Token("end", "", len(text)))
    return tokens


def _token_at(text: str, at: int) -> Token:
    char = text[at]
    if number := _NUMBER.match(text, at):
        return _number_token(text, number.group(), at)
    if word := _WORD.match(text, at):
        kind: TokenKind = "keyword" if word.group() in KEYWORDS else "name"
        return Token(kind, word.group(), at)
    if char in "\"'":
        return _string_token(text, at)
    for symbol in OPERATORS:
        if text.startswith(symbol, at):
            return Token("op", symbol, at)
    if char in "().":
        return Token(char, char, at)  # type: ignore[arg-type]
    return _stray(text, at)


def _number_token(text: str, digits: str, at: int) -> Token:
    end = at + len(digits)
    if text.startswith("%", end):
        return Token("percent", digits + "%", at)
    if end < len(text) and (text[end] == "." or _WORD.match(text, end)):
        raise ExpressionError(text, end, "a digit, an operator or the end of the number")
    return Token("number", digits, at)


def _string_token(text: str, at: int) -> Token:
    close = text.find(text[at], at + 1)
    if close < 0:
        raise ExpressionError(text, len(text), f"a closing {text[at]} for the text at {at + 1}")
    return Token("string", text[at : close + 1], at)


def _stray(text: str, at: int) -> Token:
    if text[at] == "=":
        raise ExpressionError(text, at, '"==" (a single "=" is not a comparison)')
    if text[at] == "!":
        raise ExpressionError(text, at, '"!=" (or "not")')
    raise ExpressionError(text, at, "a number, a name, an operator, a bracket or quoted text")


# -- the parser ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Expression:
    """A parsed condition: ``holds(view, target)`` evaluates it.

    ``uses_target``: whether it reads ``target.*`` (a rule tries each candidate target then).
    """

    text: str
    uses_target: bool
    _run: Callable[[Scope], Value]

    def holds(self, view: PolicyView, target: CharacterView | None = None) -> bool:
        """Whether the condition is true; ``MissingTarget`` if it reads ``target`` without one."""
        return bool(self._run(Scope(view, target)))


_COMPARE: Final[Mapping[str, Callable[[Any, Any], bool]]] = {
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
}
_NUMERIC: Final = frozenset({"number", "gauge"})


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokenize(text)
        self.index = 0
        self.depth = 0
        self.uses_target = False

    # -- helpers --

    @property
    def token(self) -> Token:
        return self.tokens[self.index]

    def advance(self) -> Token:
        token = self.token
        self.index += 1
        return token

    def error(self, expected: str, at: int | None = None) -> ExpressionError:
        return ExpressionError(self.text, self.token.start if at is None else at, expected)

    def accept(self, kind: TokenKind, *texts: str) -> Token | None:
        if self.token.kind == kind and (not texts or self.token.text in texts):
            return self.advance()
        return None

    def at_end(self) -> bool:
        return self.token.kind == "end"

    def deeper(self) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise self.error(f"less nesting (at most {MAX_DEPTH} levels)")

    # -- grammar --

    def condition(self) -> Expression:
        if self.token.kind == "end":
            raise self.error('a condition such as "self.dp < 5"')
        node = self.either()
        if not self.at_end():
            raise self.error(self._what_may_follow(node))
        if node.kind != "flag":
            raise self.error("a condition: a comparison, true/false or a yes/no name", node.start)
        return Expression(self.text, self.uses_target, node.run)

    def _what_may_follow(self, node: Node) -> str:
        if node.kind == "flag":
            return '"and", "or", ")" or the end'
        return 'an operator ("<", "==", "+" …), "and", "or", ")" or the end'

    def either(self) -> Node:
        left = self.both()
        while self.token.kind == "keyword" and self.token.text == "or":
            self.advance()
            right = self.both()
            left = self._logic(left, right, any_of=True)
        return left

    def both(self) -> Node:
        left = self.negation()
        while self.token.kind == "keyword" and self.token.text == "and":
            self.advance()
            right = self.negation()
            left = self._logic(left, right, any_of=False)
        return left

    def _logic(self, left: Node, right: Node, *, any_of: bool) -> Node:
        word = "or" if any_of else "and"
        for side in (left, right):
            if side.kind != "flag":
                raise self.error(f'a yes/no value on both sides of "{word}"', side.start)
        one, other = left.run, right.run
        if any_of:
            return Node("flag", lambda s: bool(one(s)) or bool(other(s)), left.start)
        return Node("flag", lambda s: bool(one(s)) and bool(other(s)), left.start)

    def negation(self) -> Node:
        word = self.accept("keyword", "not")
        if word is None:
            return self.comparison()
        self.deeper()
        inner = self.negation()
        self.depth -= 1
        if inner.kind != "flag":
            raise self.error('a yes/no value after "not"', inner.start)
        run = inner.run
        return Node("flag", lambda s: not run(s), word.start)

    def comparison(self) -> Node:
        left = self.sum()
        symbol = self.accept("op", *_COMPARE)
        if symbol is None:
            return left
        right = self.sum()
        if self.token.kind == "op" and self.token.text in _COMPARE:
            raise self.error('"and" or "or" (comparisons do not chain)')
        return self._compare(left, symbol, right)

    def _compare(self, left: Node, symbol: Token, right: Node) -> Node:
        test = _COMPARE[symbol.text]
        if "percent" in (left.kind, right.kind):
            return self._share_compare(left, symbol, right)
        numeric = left.kind in _NUMERIC and right.kind in _NUMERIC
        if not numeric and left.kind != right.kind:
            raise self.error(f"a value of the same kind as the left of {symbol.text}", right.start)
        if not numeric and symbol.text not in ("==", "!="):
            raise self.error(f'numbers on both sides of "{symbol.text}"', left.start)
        one, other = left.run, right.run
        return Node("flag", lambda s: test(one(s), other(s)), left.start)

    def _share_compare(self, left: Node, symbol: Token, right: Node) -> Node:
        test = _COMPARE[symbol.text]
        if left.kind == "percent" and right.kind == "gauge" and right.share is not None:
            share, fraction = right.share, left.run
            return Node("flag", lambda s: test(fraction(s), share(s)), left.start)
        if right.kind == "percent" and left.kind == "gauge" and left.share is not None:
            share, fraction = left.share, right.run
            return Node("flag", lambda s: test(share(s), fraction(s)), left.start)
        where = right.start if right.kind != "gauge" else left.start
        raise self.error("a gauge (dp, vp or ep) on the other side of a percentage", where)

    def sum(self) -> Node:
        left = self.product()
        while symbol := self.accept("op", "+", "-"):
            right = self.product()
            left = self._arithmetic(left, symbol, right)
        return left

    def product(self) -> Node:
        left = self.unary()
        while symbol := self.accept("op", "*", "/"):
            right = self.unary()
            left = self._arithmetic(left, symbol, right)
        return left

    def _arithmetic(self, left: Node, symbol: Token, right: Node) -> Node:
        for side in (left, right):
            if side.kind not in _NUMERIC:
                raise self.error(f'a number on both sides of "{symbol.text}"', side.start)
        calculate = _ARITHMETIC[symbol.text]
        one, other = left.run, right.run
        return Node("number", lambda s: calculate(float(one(s)), float(other(s))), left.start)

    def unary(self) -> Node:
        sign = self.accept("op", "-")
        if sign is None:
            return self.atom()
        self.deeper()
        inner = self.unary()
        self.depth -= 1
        if inner.kind not in _NUMERIC:
            raise self.error('a number after "-"', inner.start)
        run = inner.run
        return Node("number", lambda s: -float(run(s)), sign.start)

    def atom(self) -> Node:
        token = self.token
        if token.kind == "(":
            return self.bracket()
        if token.kind in ("number", "percent", "string"):
            self.advance()
            return _literal(token)
        if token.kind == "keyword" and token.text in ("true", "false"):
            self.advance()
            truth = token.text == "true"
            return Node("flag", lambda s: truth, token.start)
        if token.kind == "name":
            return self.name()
        raise self.error('a number, a name, quoted text, true, false or "("')

    def bracket(self) -> Node:
        opening = self.advance()
        self.deeper()
        inner = self.either()
        self.depth -= 1
        if self.accept(")") is None:
            raise self.error(f'")" to close the "(" at position {opening.start + 1}')
        return Node(inner.kind, inner.run, opening.start, inner.share)

    def name(self) -> Node:
        first = self.advance()
        if first.text in CLOCK_NUMBERS:
            clock = CLOCK_NUMBERS[first.text]
            return Node("number", lambda s: clock(s.view), first.start)
        if first.text not in (*CHARACTERS, *GROUPS, "exits", "objective"):
            raise self.error(
                "a name: self, target, enemies, allies, exits, objective, segment or round",
                first.start,
            )
        return self.attribute(first)

    def attribute(self, first: Token) -> Node:
        choices = self._attributes(first.text)
        if self.accept(".") is None:
            raise self.error(f'"." and an attribute of {first.text} ({choices})')
        if self.token.kind not in ("name", "keyword"):
            raise self.error(f"an attribute of {first.text} ({choices})")
        attribute = self.advance()
        node = lookup(first.text, attribute.text, first.start)
        if node is None:
            raise self.error(f"an attribute of {first.text} ({choices})", attribute.start)
        self.uses_target = self.uses_target or first.text == "target"
        return node

    @staticmethod
    def _attributes(whose: str) -> str:
        if whose in CHARACTERS:
            return ", ".join(character_attributes())
        if whose == "objective":
            return ", ".join(sorted(OBJECTIVE_FLAGS))
        return ", ".join(sorted(GROUP_NUMBERS if whose in GROUPS else EXIT_NUMBERS))


def _divide(one: float, other: float) -> float:
    """Division; by zero it gives ±infinity, and 0 / 0 gives NaN (false in every comparison)."""
    if other != 0:
        return one / other
    return math.nan if one == 0 or math.isnan(one) else math.copysign(math.inf, one)


_ARITHMETIC: Final[Mapping[str, Callable[[float, float], float]]] = {
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "/": _divide,
}


def _literal(token: Token) -> Node:
    if token.kind == "string":
        text = token.text[1:-1]
        return Node("text", lambda s: text, token.start)
    if token.kind == "percent":
        fraction = float(token.text[:-1]) / 100
        return Node("percent", lambda s: fraction, token.start)
    number = float(token.text)
    return Node("number", lambda s: number, token.start)


def parse_condition(text: str) -> Expression:
    """Parse and check ``text``; an :class:`ExpressionError` names the first position that does
    not fit the grammar (or mixes kinds of values, or names what the language does not know)."""
    if not isinstance(text, str):
        raise ExpressionError(repr(text), 0, "a condition written as text")
    return _parsed(text)


@lru_cache(maxsize=512)
def _parsed(text: str) -> Expression:
    """Conditions are parsed once per text (a batch builds its policies once per run)."""
    return _Parser(text).condition()
