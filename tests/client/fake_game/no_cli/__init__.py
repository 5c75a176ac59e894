"""A registered game whose package has no ``cli`` module: it still has the shared referee commands."""

from tests.client.fake_game import GAME

__all__ = ["GAME"]
