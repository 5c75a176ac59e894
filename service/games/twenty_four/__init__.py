"""Twenty-Four, the arithmetic card game: solver, claim judge, dynamic target and the referee of a whole game.

``GAME`` is the engine the HTTP layer mounts at ``/v1/twenty-four``; ``web``
holds the game's own endpoints (``/solve``, ``/judge``, ``/target``, ``/games``...).
"""

from .game import TwentyFour

GAME = TwentyFour()

__all__ = ["GAME", "TwentyFour"]
