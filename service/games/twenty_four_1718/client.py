"""A Python client for Twenty-Four (1718): one method per endpoint, over :class:`service.client.RefereeClient`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.client import RefereeClient

ROOT = "/v1/twenty-four-1718"
Cards = Sequence[str]


class TwentyFour1718Client:
    """``TwentyFour1718Client(RefereeClient(url)).tricks_legal(["KS", "2S"], ["7S"], "H")``; answers are plain JSON data."""

    def __init__(self, referee: RefereeClient) -> None:
        self.referee = referee

    def _post(self, path: str, body: Mapping[str, Any]) -> dict[str, Any]:
        return self.referee.call("POST", ROOT + path, dict(body))

    def rules(self) -> dict[str, Any]:
        return self.referee.call("GET", ROOT + "/rules")

    def conformance(self) -> dict[str, Any]:
        return self.referee.call("GET", ROOT + "/conformance")

    def new_match(self, players: Sequence[str], *, seed: int | None = None, honors: str = "point", games: int = 1, dealer: int | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"players": list(players), "honors": honors, "games": games}
        if seed is not None:
            body["seed"] = seed
        if dealer is not None:
            body["dealer"] = dealer
        return self._post("/games", body)

    def from_table(self, body: Mapping[str, Any]) -> dict[str, Any]:
        return self._post("/games/from-table", body)

    def check_state(self, state: Mapping[str, Any]) -> dict[str, Any]:
        return self._post("/state/check", {"state": state})

    def legal_moves(self, state: Mapping[str, Any]) -> dict[str, Any]:
        return self._post("/moves/legal", {"state": state})

    def validate(self, state: Mapping[str, Any], move: Mapping[str, Any]) -> dict[str, Any]:
        return self._post("/moves/validate", {"state": state, "move": move})

    def apply(self, state: Mapping[str, Any], move: Mapping[str, Any]) -> dict[str, Any]:
        return self._post("/moves/apply", {"state": state, "move": move})

    def view(self, state: Mapping[str, Any], player: str) -> dict[str, Any]:
        return self._post("/view", {"state": state, "player": player})

    def declarations(self, hands: Sequence[Cards], turn_up: str, *, honors: str = "point", trump: str | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"hands": [list(hand) for hand in hands], "turn_up": turn_up, "honors": honors}
        if trump is not None:
            body["trump"] = trump
        return self._post("/declarations", body)

    def tricks_legal(self, hand: Cards, trick: Cards, trump: str) -> dict[str, Any]:
        return self._post("/tricks/legal", {"hand": list(hand), "trick": list(trick), "trump": trump})

    def tricks_winner(self, trick: Cards, trump: str, honors: str = "point") -> dict[str, Any]:
        return self._post("/tricks/winner", {"trick": list(trick), "trump": trump, "honors": honors})

    def score(
        self, hands: Sequence[Cards], turn_up: str, tricks: Sequence[Cards], *, honors: str = "point", chips: Sequence[int] | None = None
    ) -> dict[str, Any]:
        body: dict[str, Any] = {"hands": [list(hand) for hand in hands], "turn_up": turn_up, "honors": honors, "tricks": [list(trick) for trick in tricks]}
        if chips is not None:
            body["chips"] = list(chips)
        return self._post("/score", body)
