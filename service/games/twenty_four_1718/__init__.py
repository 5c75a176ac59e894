"""Twenty-Four (1718): a trick-taking game with declarations, played for chips to 24 points (rules.md)."""

from .game import GAME

__all__ = ["GAME"]
