"""A new game's seed, the same in every game: the client's (to deal the same game again) or one drawn here."""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from .problems import InvalidInput, Problem

MAX_SEED = 2**53 - 1  # exact in any JSON number


def seed_problems(seed: int | None) -> list[Problem]:
    """What is wrong with a seed the client gave (nothing when it gave none)."""
    if seed is not None and not 0 <= seed <= MAX_SEED:
        return [Problem("/seed", "bad_seed", f"a seed is a whole number from 0 to {MAX_SEED}")]
    return []


def drawn_seed(seed: int | None) -> int:
    """``seed``, or one drawn at random when the client gave none."""
    return secrets.randbelow(MAX_SEED + 1) if seed is None else seed


def start_seed(problems: Sequence[Problem], seed: int | None) -> int:
    """The seed a new game deals from, once its table is sound: raises with every problem of the table (``problems``),
    then of the seed; else the client's seed, or one drawn."""
    problems = [*problems, *seed_problems(seed)]
    if problems:
        raise InvalidInput(problems)
    return drawn_seed(seed)
