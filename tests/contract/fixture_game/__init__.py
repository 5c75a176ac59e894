"""A tiny game for the contract: two players, the cards 1 to 6, play a higher card or pass.

It is here to prove that a new game is one package and one registry line: it is written only as the
engine kit's hooks, registers through the registry (``tests.conftest.register_game``) and must keep
the same contract as the real games (tests/contract/test_random_games.py).

Rules: each player is dealt three cards. The player to act plays a card higher than the top card of
the table, or passes when the table holds a card; after a pass the table goes to the discard and the
other player leads anything. The first player to empty their hand wins.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from service.core.kit import Engine, Seen
from service.core.problems import InvalidInput, Problem
from service.core.protocol import GameInfo
from service.core.reading import Reader
from service.core.records import Event
from service.core.verdicts import Reason

SLUG = "fixture-high-card"
PACK = ("1", "2", "3", "4", "5", "6")
HAND = 3


@dataclass(frozen=True, slots=True)
class Seat:
    name: str
    hand: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "hand": {"cards": list(self.hand), "hidden": 0}}


@dataclass(frozen=True, slots=True)
class State:
    players: tuple[Seat, ...]
    table: tuple[str, ...]
    discard: tuple[str, ...]
    to_act: int

    def to_dict(self) -> dict[str, Any]:
        return {"players": [seat.to_dict() for seat in self.players], "table": list(self.table), "discard": list(self.discard), "to_act": self.to_act}


@dataclass(frozen=True, slots=True)
class Move:
    player: str
    action: str
    card: str | None = None

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"player": self.player, "action": self.action}
        if self.card is not None:
            data["card"] = self.card
        return data


@dataclass(frozen=True, slots=True)
class View:
    data: Mapping[str, Any]

    def to_dict(self) -> Mapping[str, Any]:
        return self.data


def deal(seed: int, names: Sequence[str] = ("ann", "bob")) -> dict[str, Any]:
    """A new game as plain data: the pack shuffled by ``seed``, three cards each, the first player to act."""
    pack = list(PACK)
    random.Random(seed).shuffle(pack)
    players = [Seat(name, tuple(pack[HAND * n : HAND * (n + 1)])) for n, name in enumerate(names)]
    return State(tuple(players), (), tuple(pack[HAND * len(names) :]), 0).to_dict()


def _cards(value: object, pointer: str, reader: Reader[Any]) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(card, str) for card in value):
        reader.problem(pointer, "bad_cards", "a list of card texts")
        return ()
    return tuple(value)


class HighCard(Engine[State, Move]):
    INFO = GameInfo(slug=SLUG, title="High card", summary="a fixture for the contract", rule_book="none", rules_version="1", players=(2, 2))
    ZONES: ClassVar[Mapping[str, Seen]] = {"/players/*/hand": "owner", "/table": "everyone", "/discard": "everyone"}

    def read(self, data: Mapping[str, Any], reader: Reader[Any]) -> State:
        seats = data.get("players")
        players: list[Seat] = []
        if not isinstance(seats, list):
            reader.problem("/players", "bad_players", "a list of players")
            seats = []
        for n, seat in enumerate(seats):
            if not isinstance(seat, dict) or not isinstance(seat.get("name"), str) or not isinstance(seat.get("hand"), dict):
                reader.problem(f"/players/{n}", "bad_player", "a name and a hand")
                continue
            players.append(Seat(seat["name"], _cards(seat["hand"].get("cards"), f"/players/{n}/hand/cards", reader)))
        to_act = data.get("to_act")
        if not isinstance(to_act, int) or isinstance(to_act, bool):
            reader.problem("/to_act", "bad_to_act", "a seat number")
            to_act = 0
        return State(tuple(players), _cards(data.get("table"), "/table", reader), _cards(data.get("discard"), "/discard", reader), to_act)

    def state_problems(self, state: State) -> Iterable[Problem]:
        if len(state.players) != 2 or len({seat.name for seat in state.players}) != 2 or not all(seat.name for seat in state.players):
            yield Problem("/players", "bad_players", "two players with names of their own")
        if not 0 <= state.to_act < max(len(state.players), 1):
            yield Problem("/to_act", "bad_to_act", "a seat at the table")
        held = [card for seat in state.players for card in seat.hand] + list(state.table) + list(state.discard)
        if sorted(held) != sorted(PACK):
            yield Problem("/players", "not_the_pack", "the cards on the table are not the pack of 1 to 6, each once")
        if list(state.table) != sorted(state.table):
            yield Problem("/table", "table_out_of_order", "each card on the table is higher than the one under it")

    def read_move(self, data: Mapping[str, Any]) -> Move:
        player, action, card = data.get("player"), data.get("action"), data.get("card")
        problems = []
        if not isinstance(player, str):
            problems.append(Problem("/player", "bad_player", "the name of the player"))
        if action not in ("play", "pass"):
            problems.append(Problem("/action", "bad_action", "play or pass"))
        if card is not None and (action != "play" or card not in PACK):
            problems.append(Problem("/card", "bad_card", "a card of the pack, only to play"))
        if problems:
            raise InvalidInput(problems)
        return Move(str(player), str(action), card if isinstance(card, str) else None)

    def legal_moves(self, state: State) -> Sequence[Move]:
        if self.outcome(state) is not None:
            return []
        seat = state.players[state.to_act]
        plays = [Move(seat.name, "play", card) for card in seat.hand if not state.table or card > state.table[-1]]
        return plays + ([Move(seat.name, "pass")] if state.table else [])

    def move_reasons(self, state: State, move: Move) -> Sequence[Reason]:
        if self.outcome(state) is not None:
            return [Reason("game_over", "1", "", "the game is over")]
        seat = state.players[state.to_act]
        if move.player != seat.name:
            return [Reason("not_your_turn", "1", "/player", f"{seat.name} acts now")]
        if move.action == "pass":
            return [] if state.table else [Reason("cannot_pass_a_lead", "1", "/action", "the leader plays a card")]
        if move.card is None or move.card not in seat.hand:
            return [Reason("card_not_in_hand", "1", "/card", "a card from your hand")]
        if state.table and move.card <= state.table[-1]:
            return [Reason("card_too_low", "1", "/card", f"higher than {state.table[-1]}")]
        return []

    def step(self, state: State, move: Move) -> tuple[State, Sequence[Event]]:
        other = 1 - state.to_act
        if move.action == "pass":
            return State(state.players, (), state.discard + state.table, other), [{"type": "passed", "player": move.player}]
        seats = list(state.players)
        seats[state.to_act] = Seat(move.player, tuple(card for card in seats[state.to_act].hand if card != move.card))
        return State(tuple(seats), (*state.table, str(move.card)), state.discard, other), [{"type": "played", "player": move.player, "card": move.card}]

    def view(self, state: State, player: str) -> View:
        data = state.to_dict()
        data["players"] = [
            seat.to_dict() if seat.name == player else {"name": seat.name, "hand": {"cards": [], "hidden": len(seat.hand)}} for seat in state.players
        ]
        return View({**data, "player": player})

    def outcome(self, state: State) -> Mapping[str, Any] | None:
        done = [seat.name for seat in state.players if not seat.hand]
        return {"winner": done[0]} if done else None

    def to_act(self, state: State) -> str | None:
        return None if self.outcome(state) is not None else state.players[state.to_act].name

    def phase(self, state: State) -> str:
        return "over" if self.outcome(state) is not None else "play"


GAME = HighCard()
