"""Three Kings, by Jimmy Kaplowitz and JC Ravage: the referee (rules.md).

``GAME`` is the engine behind the shared protocol; ``web`` holds the HTTP adapter.
"""

from .game import GAME

__all__ = ["GAME"]
