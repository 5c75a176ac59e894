"""1923: games around 19–23 with blackjack values, sets until the pack runs out, a match to N points."""

from .referee import Nineteen23

GAME = Nineteen23()

__all__ = ["GAME"]
