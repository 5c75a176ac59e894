"""A Python client for 1923's endpoints, built on the service's :class:`~service.client.RefereeClient`.

``Nineteen23Client(RefereeClient(url)).judge({"ann": ["AH", "9C", "2D"], "bob": ["10C", "7D"]})``.
Answers are the endpoints' JSON data; a refusal raises :class:`~service.client.RefereeError`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from service.client import RefereeClient

ROOT = "/v1/1923"
CardsByPlayer = Mapping[str, Sequence[str]]


def _listed(cards: CardsByPlayer) -> list[dict[str, Any]]:
    """``{"ann": [...]}`` as the judge's ``[{"player": "ann", "cards": [...]}]``."""
    return [{"player": name, "cards": list(held)} for name, held in cards.items()]


def _given(**fields: Any) -> dict[str, Any]:
    """The optional fields that were given."""
    return {name: value for name, value in fields.items() if value is not None}


class Nineteen23Client:
    """One method per 1923 endpoint."""

    def __init__(self, referee: RefereeClient) -> None:
        self.referee = referee

    def _post(self, path: str, body: Mapping[str, Any]) -> dict[str, Any]:
        return self.referee.call("POST", ROOT + path, dict(body))

    def new_game(self, players: Sequence[str], *, decks: int | None = None, target: int | None = None, seed: int | None = None) -> dict[str, Any]:
        return self._post("/games", {"players": list(players), **_given(decks=decks, target=target, seed=seed)})

    def from_table(
        self,
        players: Sequence[str],
        *,
        decks: int | None = None,
        target: int | None = None,
        points: Mapping[str, int] | None = None,
        match_cards: Mapping[str, int] | None = None,
        won: CardsByPlayer | None = None,
        dead: Sequence[str] | None = None,
        set_number: int | None = None,
        game_number: int | None = None,
    ) -> dict[str, Any]:
        body = _given(
            decks=decks,
            target=target,
            points=points,
            match_cards=match_cards,
            set=set_number,
            game=game_number,
            won=None if won is None else {name: list(cards) for name, cards in won.items()},
            dead=None if dead is None else list(dead),
        )
        return self._post("/games/from-table", {"players": list(players), **body})

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

    def judge(self, hands: CardsByPlayer, *, draws: CardsByPlayer | None = None, pile: int | None = None, decks: int | None = None) -> dict[str, Any]:
        return self._post("/judge", {"hands": _listed(hands), **_given(draws=None if draws is None else _listed(draws), pile=pile, decks=decks)})

    def score_set(self, won: CardsByPlayer, *, decks: int | None = None) -> dict[str, Any]:
        return self._post("/sets/score", {"won": {name: list(cards) for name, cards in won.items()}, **_given(decks=decks)})

    def standings(self, sets: Sequence[Mapping[str, Any]], *, target: int | None = None, decks: int | None = None) -> dict[str, Any]:
        return self._post("/matches/standings", {"sets": list(sets), **_given(target=target, decks=decks)})

    def rules(self) -> dict[str, Any]:
        return self.referee.call("GET", ROOT + "/rules")

    def conformance(self) -> dict[str, Any]:
        return self.referee.call("GET", ROOT + "/conformance")
