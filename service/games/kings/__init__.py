"""24 Kings: the engine (pure Python) and, in ``web``, its HTTP adapter. ``GAME`` is what the registry mounts."""

from .game import KingsGame

GAME = KingsGame()
