"""A Python client for Three Kings, one method per endpoint of ``/v1/three-kings``, on :class:`service.client.RefereeClient`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.client import RefereeClient

ROOT = "/v1/three-kings"


class ThreeKingsClient:
    """``ThreeKingsClient(RefereeClient(url)).sets(["6", "K", "2", "9"], ["5", "J", "3", "K"])``; answers are plain JSON data."""

    def __init__(self, client: RefereeClient) -> None:
        self.client = client

    def _post(self, path: str, body: Mapping[str, Any]) -> dict[str, Any]:
        return self.client.call("POST", ROOT + path, dict(body))

    def new_game(
        self, players: Sequence[str], *, seed: int | None = None, scoring: str = "three_kings_wins", play_it_out: bool = False, dealer: int = 0
    ) -> dict[str, Any]:
        body = {"players": list(players), "rules": {"scoring": scoring, "play_it_out": play_it_out}, "dealer": dealer}
        return self._post("/games", body | ({"seed": seed} if seed is not None else {}))

    def game_from_table(
        self,
        players: Sequence[str],
        table: Sequence[str],
        *,
        scoring: str = "three_kings_wins",
        play_it_out: bool = False,
        dealer: int = 0,
        hands: Sequence[Sequence[str]] | None = None,
    ) -> dict[str, Any]:
        body = {"players": list(players), "table": list(table), "rules": {"scoring": scoring, "play_it_out": play_it_out}, "dealer": dealer}
        return self._post("/games/from-table", body | ({"hands": [list(hand) for hand in hands]} if hands is not None else {}))

    def sets(self, hand: Sequence[str], table: Sequence[str], *, players: int = 2) -> dict[str, Any]:
        return self._post("/sets", {"hand": list(hand), "table": list(table), "players": players})

    def score(self, method: str, piles: Mapping[str, Sequence[str]], three_kings: str | None = None) -> dict[str, Any]:
        return self._post("/score", {"method": method, "piles": {name: list(pile) for name, pile in piles.items()}, "three_kings": three_kings})

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

    def rules(self) -> dict[str, Any]:
        return self.client.call("GET", ROOT + "/rules")

    def conformance(self) -> dict[str, Any]:
        return self.client.call("GET", ROOT + "/conformance")
