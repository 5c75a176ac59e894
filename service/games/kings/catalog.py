"""The 24 hands of 24 Kings as one data table, and the four hand sets.

Nothing in the engine names a hand: detection, progress and scoring all read
this table (rules.md §12-§14).  Each hand is a rank pattern (or several
alternatives), a suit rule relative to the castles, and a points formula.
Castle indices here are 1-based, as in the rule book (K_1 .. K_4).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import Literal

from service.core.cards import RANK_NAMES
from service.games.kings.pack import COPIES_PER_CARD

Tier = Literal["super", "full", "half"]
SuitRuleKind = Literal["any", "castle", "split", "one_of"]
FormulaKind = Literal["sum", "single", "difference"]


@dataclass(frozen=True, slots=True)
class SuitRule:
    """Which suits a hand's cards may have, relative to the castles.

    * ``any``: any suits.
    * ``castle``: every card of castle ``castles[0]``'s suit.
    * ``split``: half the cards of one castle's suit, half of the other's.
    * ``one_of``: every card of one suit, that of one of the named castles.
    """

    kind: SuitRuleKind
    castles: tuple[int, ...] = ()

    def describe(self) -> str:
        if self.kind == "any":
            return "any suits"
        if self.kind == "split":
            first, second = self.castles
            return f"half of castle {first}'s suit and half of castle {second}'s"
        named = " or ".join(f"castle {c}" for c in self.castles)
        if self.kind == "castle":
            return f"all of {named}'s suit"
        return f"all in one suit, that of {named}"


@dataclass(frozen=True, slots=True)
class Formula:
    """Points as ``multiplier × base``, the multiplier kept in halves (1 = ½)."""

    kind: FormulaKind
    castles: tuple[int, ...]
    multiplier_halves: int

    def half_points(self, values: Sequence[int]) -> int:
        """The hand's points ×2, so every result is an exact integer."""
        picked = [values[c - 1] for c in self.castles]
        if self.kind == "sum":
            base = sum(picked)
        elif self.kind == "difference":
            base = abs(picked[0] - picked[1])
        else:
            base = picked[0]
        return base * self.multiplier_halves

    def text(self) -> str:
        """The formula as the rule book writes it, e.g. ``(1/2)*|K1 - K2|``."""
        names = [f"K{c}" for c in self.castles]
        if self.kind == "sum":
            base = "(" + " + ".join(names) + ")"
        elif self.kind == "difference":
            base = f"|{names[0]} - {names[1]}|"
        else:
            base = names[0]
        whole, half = divmod(self.multiplier_halves, 2)
        factor = f"({self.multiplier_halves}/2)" if half else str(whole)
        return f"{factor}*{base}"


@dataclass(frozen=True, slots=True)
class HandSpec:
    """One row of the hand table."""

    name: str
    family: str
    tier: Tier
    ranks: tuple[tuple[int, ...], ...]
    suits: SuitRule
    points: Formula

    @property
    def size(self) -> int:
        return len(self.ranks[0])

    def structure(self, suits: SuitRule | None = None) -> str:
        """Human text of the cards the hand needs, e.g. ``{4, 10, 10} or {4, 4, 10}; all in one suit…``."""
        shapes = " or ".join("{" + ", ".join(RANK_NAMES[r] for r in alt) + "}" for alt in self.ranks)
        return f"{shapes}; {(suits or self.suits).describe()}"


def _runs(low: int, high: int) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(range(start, start + 3)) for start in range(low, high - 1))


def _pairs(low: int, high: int) -> tuple[tuple[int, ...], ...]:
    return ((low, high, high), (low, low, high))


ANY = SuitRule("any")

# The rule book's Table 1, one row per hand (structure, suits, points).
HANDS: tuple[HandSpec, ...] = (
    HandSpec("Super Kingdom", "Kingdom", "super", ((7, 8, 9, 10, 11, 12),), SuitRule("castle", (1,)), Formula("sum", (1, 4), 6)),
    HandSpec("Kingdom", "Kingdom", "full", ((7, 8, 9, 10, 11, 12),), ANY, Formula("sum", (1, 4), 4)),
    HandSpec("Half Kingdom", "Kingdom", "half", _runs(7, 12), SuitRule("castle", (1,)), Formula("sum", (1, 4), 2)),
    HandSpec("Super Southie", "Southie", "super", ((1, 2, 3, 4, 5, 6),), SuitRule("castle", (4,)), Formula("sum", (1, 4), 4)),
    HandSpec("Southie", "Southie", "full", ((1, 2, 3, 4, 5, 6),), ANY, Formula("sum", (1, 4), 2)),
    HandSpec("Half Southie", "Southie", "half", _runs(1, 6), SuitRule("castle", (4,)), Formula("sum", (1, 4), 1)),
    HandSpec("Super Steven", "Steven", "super", ((4, 4, 4, 10, 10, 10),), SuitRule("split", (2, 3)), Formula("single", (2,), 4)),
    HandSpec("Even Steven", "Steven", "full", ((4, 4, 4, 10, 10, 10),), ANY, Formula("single", (2,), 2)),
    HandSpec("Half Steven", "Steven", "half", _pairs(4, 10), SuitRule("one_of", (2, 3)), Formula("single", (2,), 1)),
    HandSpec("Super Todd", "Todd", "super", ((3, 3, 3, 9, 9, 9),), SuitRule("split", (2, 3)), Formula("single", (3,), 4)),
    HandSpec("Odd Todd", "Todd", "full", ((3, 3, 3, 9, 9, 9),), ANY, Formula("single", (3,), 2)),
    HandSpec("Half Todd", "Todd", "half", _pairs(3, 9), SuitRule("one_of", (2, 3)), Formula("single", (3,), 1)),
    HandSpec("Super Aces", "Aces", "super", ((1, 1, 1, 2, 2, 2),), SuitRule("split", (1, 2)), Formula("difference", (1, 2), 4)),
    HandSpec("Aces High", "Aces", "full", ((1, 1, 1, 2, 2, 2),), ANY, Formula("difference", (1, 2), 2)),
    HandSpec("Half Aces", "Aces", "half", _pairs(1, 2), SuitRule("one_of", (1, 2)), Formula("difference", (1, 2), 1)),
    HandSpec("Super Special", "Special", "super", ((5, 5, 5, 6, 6, 6),), SuitRule("split", (2, 4)), Formula("difference", (2, 4), 4)),
    HandSpec("The Special Case", "Special", "full", ((5, 5, 5, 6, 6, 6),), ANY, Formula("difference", (2, 4), 2)),
    HandSpec("Half Special", "Special", "half", _pairs(5, 6), SuitRule("one_of", (2, 4)), Formula("difference", (2, 4), 1)),
    HandSpec("Super 7's", "7's", "super", ((7, 7, 7, 8, 8, 8),), SuitRule("split", (1, 3)), Formula("difference", (1, 3), 4)),
    HandSpec("Lucky 7's", "7's", "full", ((7, 7, 7, 8, 8, 8),), ANY, Formula("difference", (1, 3), 2)),
    HandSpec("Half 7's", "7's", "half", _pairs(7, 8), SuitRule("one_of", (1, 3)), Formula("difference", (1, 3), 1)),
    HandSpec("Super Royalty", "Royalty", "super", ((11, 11, 11, 12, 12, 12),), SuitRule("split", (3, 4)), Formula("difference", (3, 4), 4)),
    HandSpec("Pure Royalty", "Royalty", "full", ((11, 11, 11, 12, 12, 12),), ANY, Formula("difference", (3, 4), 2)),
    HandSpec("Half Royalty", "Royalty", "half", _pairs(11, 12), SuitRule("one_of", (3, 4)), Formula("difference", (3, 4), 1)),
)


@dataclass(frozen=True, slots=True)
class HandSet:
    """A variant's hands: which tiers are played, and whether half hands ignore suits."""

    name: str
    tiers: frozenset[Tier]
    half_hands_any_suit: bool

    def allows(self, spec: HandSpec) -> bool:
        return spec.tier in self.tiers

    def suit_rule(self, spec: HandSpec) -> SuitRule:
        """The suit rule in force for ``spec`` under this set (THE QUICK relaxes halves)."""
        return ANY if spec.tier == "half" and self.half_hands_any_suit else spec.suits


HAND_SETS: dict[str, HandSet] = {
    "standard": HandSet("standard", frozenset({"super", "full", "half"}), False),
    "quick": HandSet("quick", frozenset({"super", "full", "half"}), True),
    "elders": HandSet("elders", frozenset({"super", "full"}), False),
    "time-sink": HandSet("time-sink", frozenset({"super"}), False),
}


@dataclass(frozen=True, slots=True)
class Target:
    """One concrete way to complete a hand, over castle-relative cards.

    ``need`` maps a key to a count.  With ``any_suit`` a key is a rank;
    otherwise it is ``rank * 4 + position``, position being the 0-based
    castle index whose suit the card has.
    """

    need: tuple[tuple[int, int], ...]
    rank_need: tuple[tuple[int, int], ...]
    any_suit: bool

    @property
    def keys(self) -> tuple[int, ...]:
        """The needed keys one per card, sorted (a suited target's exact cards)."""
        return tuple(key for key, n in self.need for _ in range(n))


def relative_key(rank: int, position: int) -> int:
    return rank * 4 + position


def _suited_target(slots: Sequence[tuple[int, int]]) -> Target | None:
    """The target for (rank, position) slots, or None if it needs a third copy."""
    need = Counter(relative_key(rank, pos) for rank, pos in slots)
    if max(need.values()) > COPIES_PER_CARD:
        return None
    return Target(tuple(sorted(need.items())), tuple(sorted(Counter(r for r, _ in slots).items())), False)


def expand_targets(ranks: tuple[int, ...], rule: SuitRule) -> tuple[Target, ...]:
    """Every concrete target of one rank pattern under one suit rule, deduplicated."""
    rank_need = tuple(sorted(Counter(ranks).items()))
    if rule.kind == "any":
        return (Target(rank_need, rank_need, True),)
    positions = [c - 1 for c in rule.castles]
    if rule.kind in ("castle", "one_of"):
        choices = [[(rank, pos) for rank in ranks] for pos in positions]
    else:  # split: exactly half of the cards on each of the two castles
        half = len(ranks) // 2
        choices = [
            [(rank, pos) for rank, pos in zip(ranks, assignment, strict=True)]
            for assignment in product(positions, repeat=len(ranks))
            if assignment.count(positions[0]) == half
        ]
    targets = {t for t in map(_suited_target, choices) if t is not None}
    return tuple(sorted(targets, key=lambda t: t.need))


def spec_targets(spec: HandSpec, rule: SuitRule) -> tuple[Target, ...]:
    return tuple(t for ranks in spec.ranks for t in expand_targets(ranks, rule))
