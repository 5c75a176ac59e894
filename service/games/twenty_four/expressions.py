"""Judging a claimed expression with exact arithmetic (rules.md §4), never with ``eval``.

The text is read by a small tokenizer and a recursive-descent parser that
keep every token's character offset, so each reason says where the fault
is. Every fault is reported at once: stray characters, unbalanced
parentheses, syntax, the numbers used against the four on the table, then
(when the expression reads) divisions by zero and the value against the
target. Values are :class:`fractions.Fraction`, exact all the way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from unicodedata import decomposition, normalize

from service.core.problems import InvalidInput, Problem

MAX_LENGTH = 200  # characters: four numbers, three operators and generous parentheses fit many times over
MAX_DEPTH = 16  # nested parentheses; four numbers never need more than three
OPERATORS = {"+": "+", "-": "-", "−": "-", "*": "*", "x": "*", "X": "*", "×": "*", "/": "/", "÷": "/"}
# What a phone keyboard types for the times sign and minus that NFKC leaves as it is (full-width digits, operators,
# parentheses, = and every compatibility space are folded by NFKC itself, rules.md §4.2).
PHONE_SYMBOLS = {"·": "*", "⋅": "*", "∗": "*", "✕": "*", "✖": "*", "–": "-", "—": "-"}
ZERO_WIDTH = frozenset("\u200b\u2060\ufeff")  # spaces that take no room, which str.isspace does not count
DIGITS = frozenset("0123456789")
RULE_OF_CODE = {
    "bad_token": "4.2",
    "unbalanced_parentheses": "4.2",
    "missing_operand": "4.2",
    "missing_operator": "4.2",
    "power": "4.3",
    "unary_minus": "4.3",
    "unary_plus": "4.3",
    "joined_digits": "4.3",
    "leading_zero": "4.3",
    "number_not_on_table": "4.1",
    "number_reused": "4.1",
    "number_missing": "4.1",
    "division_by_zero": "4.4",
    "not_target": "4.5",
    "bad_total": "4.7",
    "stated_total": "4.7",
}
# Faults of a claim the referee cannot read at all: a typing slip at the phone, refused, barring nobody (rules.md §3.6).
UNREADABLE = frozenset({"bad_token", "unbalanced_parentheses", "missing_operand", "missing_operator", "power", "bad_total"})


@dataclass(frozen=True, slots=True)
class Fault:
    """Why a claimed expression fails: a stable code, the rule section, the character offset, a message."""

    code: str
    at: int
    message: str

    @property
    def rule(self) -> str:
        return RULE_OF_CODE[self.code]

    def to_dict(self) -> dict[str, object]:
        return {"code": self.code, "rule": self.rule, "at": self.at, "message": self.message}


@dataclass(frozen=True, slots=True)
class Check:
    """The verdict on an expression: correct or not, its exact value when it is a valid expression, every fault."""

    expression: str
    target: int
    correct: bool
    value: Fraction | None
    faults: tuple[Fault, ...]

    @property
    def readable(self) -> bool:
        """Whether the claim reads as an equation (rules.md §3.6): only then can it be wrong and bar its claimant."""
        return not any(fault.code in UNREADABLE for fault in self.faults)

    def to_dict(self) -> dict[str, object]:
        return {
            "expression": self.expression,
            "target": self.target,
            "correct": self.correct,
            "readable": self.readable,
            "value": None if self.value is None else str(self.value),
            "reasons": [fault.to_dict() for fault in self.faults],
        }


@dataclass(frozen=True, slots=True)
class Token:
    kind: str  # "number", "operator" (one of + - * /), "open", "close", "equals"
    text: str
    at: int


@dataclass(frozen=True, slots=True)
class Number:
    value: int
    at: int


@dataclass(frozen=True, slots=True)
class Operation:
    operator: str  # + - * /
    at: int
    left: Node
    right: Node


Node = Number | Operation


def bounds_problems(expression: str, pointer: str = "/expression") -> list[Problem]:
    """What makes an expression too big to judge (rules.md §4.6): a refusal, not a verdict."""
    if len(expression) > MAX_LENGTH:
        return [Problem(pointer, "expression_too_long", f"an expression has at most {MAX_LENGTH} characters, not {len(expression)}")]
    text, _ = normalised(expression)
    if len(text) > MAX_LENGTH:  # a few compatibility characters unfold into several
        return [Problem(pointer, "expression_too_long", f"an expression has at most {MAX_LENGTH} characters once normalised, not {len(text)}")]
    depth = deepest = 0
    for character in text:  # full-width parentheses count too
        depth += (character == "(") - (character == ")")
        deepest = max(deepest, depth)
    if deepest > MAX_DEPTH:
        return [Problem(pointer, "expression_too_deep", f"parentheses nest at most {MAX_DEPTH} deep, not {deepest}")]
    return []


def check(expression: str, values: Sequence[int], target: int) -> Check:
    """Judge ``expression`` against the four ``values`` on the table and the ``target``.

    Raises :class:`InvalidInput` only when the text is beyond the bounds of §4.6.
    """
    problems = bounds_problems(expression)
    if problems:
        raise InvalidInput(problems)
    text, offsets = normalised(expression)
    tokens, faults = _tokens(text, offsets)
    tokens, stated = _stated_total(tokens, len(expression), faults)
    faults += _parenthesis_faults(tokens)
    tree = None
    if not faults:
        parser = _Parser(tokens, len(expression))
        tree = parser.expression()
        faults += parser.faults
    faults += _number_faults(tokens, values, len(expression))
    if stated is not None and stated.text.lstrip("-")[0] == "0" and len(stated.text.lstrip("-")) > 1:  # = 024: as 04 on a card (§4.3, §4.7)
        faults.append(Fault("leading_zero", stated.at, f"the total {stated.text} starts with a 0; write it as it is said: = {int(stated.text)}"))
    elif stated is not None and int(stated.text) != target:
        faults.append(Fault("stated_total", stated.at, f"the claim says it makes {int(stated.text)}; the target is {target}"))
    value = None
    if tree is not None and not any(f.code in ("missing_operand", "missing_operator", "unary_minus", "unary_plus") for f in faults):
        value = _evaluate(tree, faults)
    if faults:
        return Check(expression, target, False, None, tuple(faults))
    assert value is not None  # a tree without faults always has a value
    if value != target:
        fault = Fault("not_target", 0, f"the expression makes {value}, not the target {target}")
        return Check(expression, target, False, value, (fault,))
    return Check(expression, target, True, value, ())


def normalised(expression: str) -> tuple[str, list[int]]:
    """The claim as the referee reads it, and for each of its characters the offset in the text typed.

    Each character is folded by NFKC (full-width digits and operators, every compatibility space),
    then by :data:`PHONE_SYMBOLS`; every kind of space becomes a plain one. Offsets keep pointing
    into what the player typed, so a reason's ``at`` is where they see the fault.
    """
    text: list[str] = []
    offsets: list[int] = []
    for at, character in enumerate(expression):
        if decomposition(character).startswith("<super>"):  # 2³ is a power, which NFKC alone would fold into the digits 23
            text.append("^")
            offsets.append(at)
        for folded in normalize("NFKC", character):
            folded = PHONE_SYMBOLS.get(folded, folded)
            text.append(" " if folded.isspace() or folded in ZERO_WIDTH else folded)
            offsets.append(at)
    offsets.append(len(expression))
    return "".join(text), offsets


def _tokens(text: str, offsets: Sequence[int]) -> tuple[list[Token], list[Fault]]:
    tokens: list[Token] = []
    faults: list[Fault] = []
    index, end = 0, len(text)
    while index < end:
        character = text[index]
        if character == " ":
            index += 1
        elif character in DIGITS:
            start = index
            while index < end and text[index] in DIGITS:
                index += 1
            tokens.append(Token("number", text[start:index], offsets[start]))
        elif character == "^" or text.startswith("**", index):
            faults.append(Fault("power", offsets[index], f"{'^' if character == '^' else '**'} is a power: only + − × ÷ are allowed"))
            index += 1 if character == "^" else 2
        elif character in OPERATORS:
            tokens.append(Token("operator", OPERATORS[character], offsets[index]))
            index += 1
        elif character in "()=":
            tokens.append(Token({"(": "open", ")": "close", "=": "equals"}[character], character, offsets[index]))
            index += 1
        else:
            start = index
            while index < end and not _is_known(text[index]):
                index += 1
            faults.append(Fault("bad_token", offsets[start], f"{text[start:index]!r} is not a number, an operator (+ − × ÷), a parenthesis or = total"))
    return tokens, faults


def _is_known(character: str) -> bool:
    return character == " " or character in DIGITS or character in OPERATORS or character in "()^="


def _stated_total(tokens: list[Token], end: int, faults: list[Fault]) -> tuple[list[Token], Token | None]:
    """Split off a closing ``= N`` (rules.md §4.7): the tokens of the expression, and N's token if there is one.

    Anything else around an ``=`` (no number after it, more than one number, a second ``=``) cannot be read.
    """
    at = next((index for index, token in enumerate(tokens) if token.kind == "equals"), None)
    if at is None:
        return tokens, None
    after = tokens[at + 1 :]
    if len(after) == 1 and after[0].kind == "number":
        return tokens[:at], after[0]
    if len(after) == 2 and after[0].kind == "operator" and after[0].text in "+-" and after[1].kind == "number":
        # A sign before the total is readable (rules.md §4.7): "= -24" states another total; "= +24" is a unary sign.
        sign, number = after
        if sign.text == "-":
            return tokens[:at], Token("number", f"-{number.text}", sign.at)
        faults.append(Fault("unary_plus", sign.at, "a plus sign before the total is not allowed: write the total alone"))
        return tokens[:at], number
    where = after[0].at if after else end
    faults.append(Fault("bad_total", where, "after = comes the total the claim makes: one whole number, and nothing more"))
    return tokens[:at], None


def _parenthesis_faults(tokens: Sequence[Token]) -> list[Fault]:
    faults = []
    open_at: list[int] = []
    for token in tokens:
        if token.kind == "open":
            open_at.append(token.at)
        elif token.kind == "close":
            if open_at:
                open_at.pop()
            else:
                faults.append(Fault("unbalanced_parentheses", token.at, "this ')' closes no '('"))
    faults += [Fault("unbalanced_parentheses", at, "this '(' is never closed") for at in open_at]
    return faults


class _Parser:
    """expression := term (('+'|'-') term)* ; term := factor (('*'|'/') factor)* ; factor := number | '(' expression ')'.

    A leading sign is a fault (no unary minus, §4.3) that the parser notes and reads past,
    so later faults still show; a missing operand or operator stops it.
    """

    def __init__(self, tokens: Sequence[Token], end: int) -> None:
        self.tokens = tokens
        self.end = end
        self.position = 0
        self.faults: list[Fault] = []

    def _peek(self) -> Token | None:
        return self.tokens[self.position] if self.position < len(self.tokens) else None

    def expression(self) -> Node | None:
        tree = self._sum()
        token = self._peek()
        if tree is not None and token is not None:  # only a number or '(' can stand here: a ')' would be unbalanced
            self.faults.append(Fault("missing_operator", token.at, f"an operator is missing before {token.text!r}"))
            return None
        return tree

    def _sum(self) -> Node | None:
        return self._chain(("+", "-"), self._product)

    def _product(self) -> Node | None:
        return self._chain(("*", "/"), self._factor)

    def _chain(self, operators: tuple[str, str], operand: Callable[[], Node | None]) -> Node | None:
        left = operand()
        while left is not None:
            token = self._peek()
            if token is None or token.kind != "operator" or token.text not in operators:
                return left
            self.position += 1
            right = operand()
            if right is None:
                return None
            left = Operation(token.text, token.at, left, right)
        return None

    def _factor(self) -> Node | None:
        token = self._peek()
        if token is None:
            self.faults.append(Fault("missing_operand", self.end, "the expression ends where a number or '(' should come"))
            return None
        if token.kind == "number":
            self.position += 1
            return Number(int(token.text), token.at)
        if token.kind == "open":
            self.position += 1
            inner = self._sum()
            if inner is None:
                return None
            closing = self._peek()
            if closing is None or closing.kind != "close":
                at = closing.at if closing is not None else self.end
                self.faults.append(Fault("missing_operator", at, "an operator or ')' should come here"))
                return None
            self.position += 1
            return inner
        if token.kind == "operator" and token.text in "+-":
            code, sign = ("unary_minus", "minus") if token.text == "-" else ("unary_plus", "plus")
            self.faults.append(Fault(code, token.at, f"a {sign} sign before a number or '(' is not allowed: each operator joins two parts"))
            self.position += 1
            return self._factor()
        self.faults.append(Fault("missing_operand", token.at, f"a number or '(' should come before {token.text!r}"))
        return None


def _number_faults(tokens: Sequence[Token], values: Sequence[int], end: int) -> list[Fault]:
    """Each table value used exactly once (§4.1); digits written together, or after a 0, are not a table number (§4.3)."""
    left = Counter(values)
    on_table = set(values)
    faults = []
    for token in tokens:
        if token.kind != "number":
            continue
        number = int(token.text)
        if len(token.text) > 1 and token.text[0] == "0":  # checked first: 04 is not the 4 (a 0 is on no card), so it uses no card
            faults.append(Fault("leading_zero", token.at, f"{token.text} starts with a 0, which is on no card; write table numbers as they are"))
        elif left[number] > 0:
            left[number] -= 1
        elif number in on_table:
            faults.append(Fault("number_reused", token.at, f"{number} is on the table {_times(values.count(number))}, and is used more often"))
        elif len(token.text) > 1 and _splits_into(token.text, on_table):
            faults.append(Fault("joined_digits", token.at, f"{token.text} joins digits of table numbers; each card is a number of its own"))
        else:
            faults.append(Fault("number_not_on_table", token.at, f"{token.text} is not a number on the table ({', '.join(map(str, values))})"))
    for number in sorted(left.elements()):
        faults.append(Fault("number_missing", end, f"the {number} on the table is not used; every card is used exactly once"))
    return faults


def _splits_into(digits: str, numbers: set[int]) -> bool:
    """Whether ``digits`` is table numbers written side by side (``12`` from 1 and 2).

    One pass over the text: ``joined[end]`` says whether ``digits[:end]`` splits, and each end looks
    back only as far as the longest table number, so the work grows with the length of the text,
    not with the number of ways to cut it (a run of ones over 1 and 11 has a Fibonacci number of cuts).
    """
    texts = {str(number) for number in numbers if number > 0}  # a table number is never written with a leading 0
    longest = max(map(len, texts), default=0)
    joined = [True] + [False] * len(digits)
    for end in range(1, len(digits) + 1):
        joined[end] = any(joined[start] and digits[start:end] in texts for start in range(max(0, end - longest), end))
    return joined[-1]


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def _evaluate(node: Node, faults: list[Fault]) -> Fraction | None:
    """The exact value, or None after noting each division by zero."""
    if isinstance(node, Number):
        return Fraction(node.value)
    left = _evaluate(node.left, faults)
    right = _evaluate(node.right, faults)
    if left is None or right is None:
        return None
    if node.operator == "+":
        return left + right
    if node.operator == "-":
        return left - right
    if node.operator == "*":
        return left * right
    if right == 0:
        faults.append(Fault("division_by_zero", node.at, "this ÷ divides by zero, which has no value"))
        return None
    return left / right
