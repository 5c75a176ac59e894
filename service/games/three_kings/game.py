"""Three Kings on the engine kit (:mod:`service.core.kit`): its facts and its hooks; the kit does the rest."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from service.core.kit import Engine, Seen
from service.core.protocol import GameInfo
from service.core.reading import Reader
from service.core.records import Option

from .cards import MAX_PLAYERS, MIN_PLAYERS
from .moves import Move, legal_moves, move_reasons, out_of_turn_moves, play, read_move
from .rules import OPTION_DESCRIPTIONS
from .state import GameState, read, state_problems, view
from .state import Reader as ThreeKingsReader

INFO = GameInfo(
    slug="three-kings",
    title="Three Kings",
    summary="Draw, then take a set of three where two cards add up to the third (one from the hand, two from the table), "
    "or discard; three Kings in one hand end the game.",
    rule_book="Three Kings, by Jimmy Kaplowitz and JC Ravage",
    rules_version="1",
    players=(MIN_PLAYERS, MAX_PLAYERS),
    options=OPTION_DESCRIPTIONS,
)


class ThreeKings(Engine[GameState, Move]):
    """The referee of Three Kings: its hooks; the kit judges, verifies, applies and reports. Stateless."""

    INFO = INFO
    ZONES: ClassVar[Mapping[str, Seen]] = {
        "/players/*/hand": "owner",
        "/players/*/pile": "everyone",
        "/table": "everyone",
        "/draw_pile": "nobody",
    }

    def reader(self) -> Reader[Any]:
        return ThreeKingsReader()

    def read(self, data: Mapping[str, Any], reader: Reader[Any]) -> GameState:
        assert isinstance(reader, ThreeKingsReader)  # the reader hook's
        return read(data, reader)

    state_problems = staticmethod(state_problems)
    read_move = staticmethod(read_move)
    legal_moves = staticmethod(legal_moves)
    move_reasons = staticmethod(move_reasons)
    step = staticmethod(play)
    play = staticmethod(play)  # the rules checked, then played once: its unseen cards are checked as it is played
    open_moves = staticmethod(out_of_turn_moves)  # the shows open to the players not to act, in or out of turn (§10.4)
    view = staticmethod(view)

    def closeness(self, refused: Move, option: Option) -> int:
        """The same action first, then the same hand card (a set with the card the player meant)."""
        other: Any = option.move
        same_card = refused.hand_card is not None and other.hand_card is not None and other.hand_card.rank == refused.hand_card.rank
        return 2 * int(other.action != refused.action) + int(not same_card)

    def outcome(self, state: GameState) -> Mapping[str, Any] | None:
        return state.outcome.to_dict() if state.outcome else None

    def to_act(self, state: GameState) -> str | None:
        return None if state.phase == "over" else state.acting.name

    def phase(self, state: GameState) -> str:
        return state.phase


GAME = ThreeKings()
