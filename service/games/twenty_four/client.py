"""A Python client for Twenty-Four's endpoints, on top of :class:`service.client.RefereeClient`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.client import RefereeClient

PREFIX = "/v1/twenty-four"


class TwentyFourClient:
    """``TwentyFourClient(RefereeClient(url)).solve([2, 4, 10, 10])``: one method per endpoint, answers as plain JSON data."""

    def __init__(self, referee: RefereeClient) -> None:
        self.referee = referee

    def _post(self, path: str, body: Mapping[str, Any]) -> dict[str, Any]:
        return self.referee.call("POST", PREFIX + path, dict(body))

    @staticmethod
    def _table(numbers: Sequence[int | str]) -> dict[str, Any]:
        """Numbers as ``values``, card texts (``7H``) as ``cards``."""
        if all(isinstance(item, int) for item in numbers):
            return {"values": list(numbers)}
        return {"cards": [str(item) for item in numbers]}

    def solve(self, table: Sequence[int | str], *, target: int = 24, face_cards: bool = False, notation: str = "unicode") -> dict[str, Any]:
        return self._post("/solve", self._table(table) | {"target": target, "face_cards": face_cards, "notation": notation})

    def judge(self, table: Sequence[int | str], expression: str, *, target: int = 24, face_cards: bool = False) -> dict[str, Any]:
        return self._post("/judge", self._table(table) | {"expression": expression, "target": target, "face_cards": face_cards})

    def target(self, cards: Sequence[str], *, face_cards: bool = False) -> dict[str, Any]:
        return self._post("/target", {"cards": list(cards), "face_cards": face_cards})

    def new_game(
        self,
        players: Sequence[str],
        *,
        seed: int | None = None,
        dealer: int | None = None,
        face_cards: bool = False,
        dynamic_target: bool = False,
        hands: int = 1,
    ) -> dict[str, Any]:
        body: dict[str, Any] = {"players": list(players), "rules": {"face_cards": face_cards, "dynamic_target": dynamic_target, "hands": hands}}
        if seed is not None:
            body["seed"] = seed
        if dealer is not None:
            body["dealer"] = dealer
        return self._post("/games", body)

    def standings(self, state: Mapping[str, Any]) -> dict[str, Any]:
        return self._post("/standings", {"state": dict(state)})

    def check_state(self, state: Mapping[str, Any]) -> dict[str, Any]:
        return self._post("/state/check", {"state": dict(state)})

    def legal_moves(self, state: Mapping[str, Any]) -> dict[str, Any]:
        return self._post("/moves/legal", {"state": dict(state)})

    def validate(self, state: Mapping[str, Any], move: Mapping[str, Any]) -> dict[str, Any]:
        return self._post("/moves/validate", {"state": dict(state), "move": dict(move)})

    def apply(self, state: Mapping[str, Any], move: Mapping[str, Any]) -> dict[str, Any]:
        return self._post("/moves/apply", {"state": dict(state), "move": dict(move)})

    def view(self, state: Mapping[str, Any], player: str) -> dict[str, Any]:
        return self._post("/view", {"state": dict(state), "player": player})

    def rules(self) -> dict[str, Any]:
        return self.referee.call("GET", PREFIX + "/rules")
