"""Every distinct way to make a target from four values (rules.md §6).

Two expressions are one solution when commutativity and associativity of
``+`` and ``×`` turn one into the other, reading ``a − b`` as ``a + (−b)``
and ``a ÷ b`` as ``a × b⁻¹`` (the sign spreads over a sum, the inverse over a
product). So a solution *is* a canonical form: a flat sum of signed terms,
none of them a sum, or a flat product of factors with exponent ±1, none of
them a product. The solver enumerates canonical forms directly instead of
expressions, so it never builds two equivalent candidates from the same
positions; equal values at different positions are merged at the end.

Enumeration is bottom-up over subsets of the four positions (bit masks):

* a *signed sum* over a subset is the block holding the subset's lowest
  position, with a sign, plus a signed sum of the rest (or nothing). Taking
  the lowest position's block first makes every partition appear once.
  Signed sums with at least two blocks and one positive term are the
  canonical sums; *signed products* (exponents instead of signs) mirror them.
* a block of a sum is a leaf or a canonical product; a block of a product is
  a leaf or a canonical sum.

Values are exact rationals kept as (numerator, denominator) integer pairs,
never reduced (over three positions the numbers stay small), and at the top an equation
``head ± rest = target`` is tested by cross-multiplying, so the whole set of
four is solved without building a single value over all four positions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from service.core.caches import CacheBound, bounded

# A canonical form: a leaf (0, value), a sum (1, ((sign, form), ...)) or a product (2, ((exponent, form), ...)),
# the parts sorted, so equal forms are equal tuples and can be set members.
LEAF, SUM, PRODUCT = 0, 1, 2
Form = tuple[int, object]

# One enumerated expression over a subset of positions: its value n/d, whether a term has a + sign
# (or a factor a +1 exponent), the head block's sign and entry, and the rest (None for one block, or a leaf).
Entry = tuple[int, int, bool, int, "Entry | None", "Entry | None"]
POSITIONS = 4
FULL = (1 << POSITIONS) - 1


@dataclass(frozen=True, slots=True)
class Solution:
    """One solution: its text and what makes it simple (parentheses, then divisions)."""

    text: str
    parentheses: int
    divisions: int

    @property
    def simplicity(self) -> tuple[int, int, str]:
        return (self.parentheses, self.divisions, self.text)


@dataclass(frozen=True, slots=True)
class Solutions:
    """Every distinct solution of ``values`` for ``target``, simplest first."""

    values: tuple[int, ...]
    target: int
    solutions: tuple[Solution, ...]

    @property
    def solvable(self) -> bool:
        return bool(self.solutions)

    def texts(self, notation: str = "unicode") -> list[str]:
        if notation == "ascii":
            return [as_ascii(solution.text) for solution in self.solutions]
        return [solution.text for solution in self.solutions]


def solve(values: Sequence[int], target: int) -> Solutions:
    """Every distinct solution for four whole values and a whole target."""
    if len(values) != POSITIONS:
        raise ValueError(f"the solver takes {POSITIONS} values, not {len(values)}")
    tables = _Tables(values)
    forms = {_form(entry, kind) for kind, entry in tables.top_matches(target)}
    solutions = sorted((_solution(form) for form in forms), key=lambda solution: solution.simplicity)
    return Solutions(tuple(values), target, tuple(solutions))


# The answers to /solve, by what they depend on: the values as a multiset (the solutions of 10 4 2 10 are
# those of 2 4 10 10), the target and the notation. 1,820 sets of 1-13 for one target: a worker keeps the
# sets it is asked most; the largest entry (1 2 2 4 for 0: 84 solutions) takes ≈ 9 KiB.
SOLVED = CacheBound(
    "solved",
    "(the four values sorted, target, notation)",
    entries=1024,
    bytes_per_entry=16 * 1024,
    owner="service.games.twenty_four.solver",
)


@bounded(SOLVED)
def solved(values: tuple[int, ...], target: int, notation: str) -> tuple[str, ...]:
    """Every distinct solution's text, simplest first, for ``values`` given sorted (shared by every order of them)."""
    return tuple(solve(values, target).texts(notation))


def _submasks_with(mask: int, bit: int) -> list[int]:
    """The submasks of ``mask`` that contain ``bit``, smallest first."""
    others = mask & ~bit
    found = []
    sub = others
    while True:
        found.append(sub | bit)
        if sub == 0:
            break
        sub = (sub - 1) & others
    return sorted(found)


# The proper subsets, smaller first (a subset's tables use its own subsets'); and for each subset the blocks
# that can hold its lowest position: structure of four positions, the same for every solve.
SUBSETS_BY_SIZE: tuple[int, ...] = tuple(sorted(range(1, FULL), key=int.bit_count))
HEAD_BLOCKS: dict[int, tuple[int, ...]] = {mask: tuple(_submasks_with(mask, mask & -mask)) for mask in range(1, FULL + 1)}


class _Tables:
    """Per proper subset of the positions, built once per solve: the blocks a sum or a product may hold
    (its canonical products or sums, or its leaf), and, for the subsets that can be a rest, the signed
    sums and products."""

    def __init__(self, values: Sequence[int]) -> None:
        size = 1 << POSITIONS
        self.signed_sums: list[list[Entry]] = [[] for _ in range(size)]
        self.signed_products: list[list[Entry]] = [[] for _ in range(size)]
        self.non_sums: list[list[Entry]] = [[] for _ in range(size)]  # blocks a sum may hold
        self.non_products: list[list[Entry]] = [[] for _ in range(size)]  # blocks a product may hold
        for mask in SUBSETS_BY_SIZE:
            if mask.bit_count() == 1:
                leaf: Entry = (values[mask.bit_length() - 1], 1, True, 1, None, None)
                self.non_sums[mask] = self.non_products[mask] = [leaf]
            else:  # the canonical sums and products: two blocks or more, one of them positive
                sums = self._signed(mask, sums=True, several=True)
                products = self._signed(mask, sums=False, several=True)
                self.non_products[mask] = [entry for entry in sums if entry[2]]
                self.non_sums[mask] = [entry for entry in products if entry[2]]
            if mask & 1:  # a rest never holds its parent's lowest position, so a subset holding position 0 is never a rest
                continue
            several = (sums, products) if mask.bit_count() > 1 else ([], [])
            self.signed_sums[mask] = self._signed(mask, sums=True, several=False) + several[0]
            self.signed_products[mask] = self._signed(mask, sums=False, several=False) + several[1]

    def _signed(self, mask: int, sums: bool, several: bool) -> list[Entry]:
        """The signed sums (``sums``) or signed products over ``mask`` of one block (``several`` false) or of
        two blocks or more: the lowest position's block with its sign, then the rest's own combination."""
        blocks = self.non_sums if sums else self.non_products
        rests = self.signed_sums if sums else self.signed_products
        made: list[Entry] = []
        for head_mask in HEAD_BLOCKS[mask]:
            rest_mask = mask & ~head_mask
            if bool(rest_mask) != several:
                continue
            for head in blocks[head_mask]:
                for sign, n, d in _signed_value(head, sums):
                    if not rest_mask:
                        made.append((n, d, sign > 0, sign, head, None))
                    elif sums:  # n/d + rest
                        made += [(n * rest[1] + rest[0] * d, d * rest[1], sign > 0 or rest[2], sign, head, rest) for rest in rests[rest_mask]]
                    else:  # n/d * rest
                        made += [(n * rest[0], d * rest[1], sign > 0 or rest[2], sign, head, rest) for rest in rests[rest_mask]]
        return made

    def top_matches(self, target: int) -> list[tuple[int, Entry]]:
        """The canonical sums and products over all four positions worth ``target``.

        ``sign × head + rest = target`` (or ``head^sign × rest``) is solved for one side and tested on the
        other by cross-multiplying, so no value over four positions is ever built; the longer list of the
        two is the one walked inside.
        """
        matches: list[tuple[int, Entry]] = []
        for head_mask in HEAD_BLOCKS[FULL]:
            rest_mask = FULL & ~head_mask
            if rest_mask:
                matches += [
                    (SUM, (target, 1, True, sign, head, rest))
                    for head, sign, rest in _sum_matches(self.non_sums[head_mask], self.signed_sums[rest_mask], target)
                ]
                matches += [
                    (PRODUCT, (target, 1, True, sign, head, rest))
                    for head, sign, rest in _product_matches(self.non_products[head_mask], self.signed_products[rest_mask], target)
                ]
        return matches


Match = tuple[Entry, int, Entry]  # head, its sign (or exponent), rest


def _sum_matches(heads: list[Entry], rests: list[Entry], target: int) -> list[Match]:
    """Every ``sign × head + rest = target`` with a positive term; values n/d compared by cross-multiplying."""
    found: list[Match] = []
    if len(heads) <= len(rests):
        for head in heads:
            hn, hd = head[0], head[1]
            for sign in (1, -1):  # rest = target - sign*head = (target*hd - sign*hn) / hd
                need = target * hd - sign * hn
                found += [(head, sign, rest) for rest in rests if rest[0] * hd == need * rest[1] and (sign > 0 or rest[2])]
        return found
    for rest in rests:
        rn, rd = rest[0], rest[1]
        for sign in (1, -1) if rest[2] else (1,):  # head = sign*(target - rest) = sign*(target*rd - rn) / rd
            need = sign * (target * rd - rn)
            found += [(head, sign, rest) for head in heads if head[0] * rd == need * head[1]]
    return found


def _product_matches(heads: list[Entry], rests: list[Entry], target: int) -> list[Match]:
    """Every ``head^sign × rest = target`` with a factor of exponent +1 and no inverse of zero."""
    found: list[Match] = []
    if len(heads) <= len(rests):
        for head in heads:
            hn, hd = head[0], head[1]
            for sign, power_n, power_d in ((1, hn, hd), (-1, hd, hn)):
                if power_d == 0:
                    continue  # the inverse of zero
                scaled = target * power_d  # power * rest = target  <=>  power_n * rest_n == target * power_d * rest_d
                found += [(head, sign, rest) for rest in rests if rest[0] * power_n == scaled * rest[1] and (sign > 0 or rest[2])]
        return found
    for rest in rests:
        rn, scaled = rest[0], target * rest[1]
        # head * rest = target  <=>  head_n * rest_n == target * rest_d * head_d
        found += [(head, 1, rest) for head in heads if head[0] * rn == scaled * head[1]]
        if rest[2]:  # rest / head = target  <=>  rest_n * head_d == target * rest_d * head_n, head not zero
            found += [(head, -1, rest) for head in heads if head[0] and head[1] * rn == scaled * head[0]]
    return found


def _signed_value(head: Entry, sums: bool) -> list[tuple[int, int, int]]:
    """(sign, n, d): the head as a term (plus or minus) or as a factor (itself or its inverse, unless it is zero)."""
    hn, hd = head[0], head[1]
    if sums:
        return [(1, hn, hd), (-1, -hn, hd)]
    return [(1, hn, hd), (-1, hd, hn)] if hn else [(1, hn, hd)]


def _form(entry: Entry, kind: int) -> Form:
    """The canonical form of a canonical sum (kind SUM) or product (kind PRODUCT) entry, or a leaf."""
    if entry[4] is None:
        return (LEAF, entry[0])
    parts: list[tuple[int, Form]] = []
    inner = PRODUCT if kind == SUM else SUM
    node: Entry | None = entry
    while node is not None:
        sign, head, rest = node[3], node[4], node[5]
        assert head is not None  # only a leaf has no head, and a leaf has no rest to walk to
        parts.append((sign, _form(head, inner)))
        node = rest
    return (kind, tuple(sorted(parts)))


# -- writing a form ----------------------------------------------------------------------
PLUS, MINUS, TIMES, DIVIDE = " + ", " − ", " × ", " ÷ "
_ASCII = str.maketrans({"−": "-", "×": "*", "÷": "/"})


def as_ascii(text: str) -> str:
    """The same expression with ``- * /`` for ``− × ÷``."""
    return text.translate(_ASCII)


def _solution(form: Form) -> Solution:
    return Solution(*write(form))


def write(form: Form) -> tuple[str, int, int]:
    """A form as text (positive parts first, leaves by falling value, then compound parts),
    with how many pairs of parentheses and divisions it takes."""
    kind, body = form
    if kind == LEAF:
        return str(body), 0, 0
    parts: list[tuple[int, Form]] = list(body)  # type: ignore[call-overload]
    written = []
    parentheses = divisions = 0
    for sign, part in parts:
        text, inner_parentheses, inner_divisions = write(part)
        if kind == PRODUCT and part[0] == SUM:
            text, inner_parentheses = f"({text})", inner_parentheses + 1
        parentheses += inner_parentheses
        divisions += inner_divisions + (kind == PRODUCT and sign < 0)
        leaf_value = part[1] if part[0] == LEAF else None
        order = (-sign, 0, -leaf_value, "") if isinstance(leaf_value, int) else (-sign, 1, 0, text)
        written.append((order, sign, text))
    written.sort()
    positive, negative = (PLUS, MINUS) if kind == SUM else (TIMES, DIVIDE)
    text = written[0][2]
    for _, sign, part_text in written[1:]:
        text += (positive if sign > 0 else negative) + part_text
    return text, parentheses, divisions
