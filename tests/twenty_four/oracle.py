"""An independent oracle for the solver's tests: every expression tree by brute force, exact values with
``fractions``, and a normaliser of the reading's equivalence written from scratch (string keys, no solver code).

Trees are nested tuples: an int, or (operator, left, right) with operator one of + - * /.
Texts are read with the standard library's ``ast`` parser (a parser, not ``eval``).
"""

from __future__ import annotations

import ast
from fractions import Fraction
from itertools import permutations

Tree = object


def value(tree: Tree) -> Fraction:
    """The exact value; ZeroDivisionError for a division by zero."""
    if isinstance(tree, int):
        return Fraction(tree)
    operator, left, right = tree  # type: ignore[misc]
    a, b = value(left), value(right)
    if operator == "+":
        return a + b
    if operator == "-":
        return a - b
    if operator == "*":
        return a * b
    return a / b


def key(tree: Tree) -> str:
    """The reading's equivalence class as a string: flat sums of signed terms, flat products of ±1 powers, sorted."""
    if isinstance(tree, int):
        return str(tree)
    if tree[0] in "+-":  # type: ignore[index]
        terms: list[str] = []
        _flatten(tree, 1, "+-", terms)
        return "S(" + ",".join(sorted(terms)) + ")"
    factors: list[str] = []
    _flatten(tree, 1, "*/", factors)
    return "P(" + ",".join(sorted(factors)) + ")"


def _flatten(tree: Tree, sign: int, operators: str, out: list[str]) -> None:
    if not isinstance(tree, int) and tree[0] in operators:  # type: ignore[index]
        operator, left, right = tree  # type: ignore[misc]
        _flatten(left, sign, operators, out)
        _flatten(right, sign if operator == operators[0] else -sign, operators, out)
    else:
        out.append(("+" if sign > 0 else "-") + key(tree))


def trees(values: tuple[int, ...]) -> list[Tree]:
    """Every binary tree over ``values`` (as a multiset: each order, each shape, each operator)."""
    found: list[Tree] = []
    for order in set(permutations(values)):
        found += _shapes(list(order))
    return found


def text(tree: Tree) -> str:
    """A tree written out, fully bracketed: what a player would claim."""
    if isinstance(tree, int):
        return str(tree)
    operator, left, right = tree  # type: ignore[misc]
    return f"({text(left)} {operator} {text(right)})"


def solution(values: tuple[int, ...], target: int) -> str | None:
    """A correct expression over ``values`` for ``target`` by brute force, fully bracketed, or None."""
    for tree in trees(values):
        try:
            if value(tree) == target:
                return text(tree)
        except ZeroDivisionError:
            continue
    return None


def _shapes(values: list[int]) -> list[Tree]:
    if len(values) == 1:
        return [values[0]]
    made: list[Tree] = []
    for cut in range(1, len(values)):
        for left in _shapes(values[:cut]):
            for right in _shapes(values[cut:]):
                made += [(operator, left, right) for operator in "+-*/"]
    return made


def solution_keys(values: tuple[int, ...], target: int) -> set[str]:
    """The equivalence classes of every expression over ``values`` worth ``target``."""
    keys = set()
    for tree in trees(values):
        try:
            if value(tree) == target:
                keys.add(key(tree))
        except ZeroDivisionError:
            continue
    return keys


_AST_OPERATORS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}


def parse(text: str) -> Tree:
    """A solution's text as a tree (``− × ÷`` read as ``- * /``)."""
    plain = text.replace("−", "-").replace("×", "*").replace("÷", "/")
    return _tree(ast.parse(plain, mode="eval").body)


def _tree(node: ast.expr) -> Tree:
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in _AST_OPERATORS:
        return (_AST_OPERATORS[type(node.op)], _tree(node.left), _tree(node.right))
    raise ValueError(f"not an expression of the four operators: {ast.dump(node)}")
