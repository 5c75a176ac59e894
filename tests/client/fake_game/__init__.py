"""A registry entry for the CLI tests: just enough of a game package (``GAME.info``) and a ``cli`` module."""

from service.core.protocol import GameInfo


class _FakeGame:
    info = GameInfo(slug="fake-game", title="Fake Game", summary="for tests", rule_book="none", rules_version="0", players=(2, 2))


GAME = _FakeGame()
