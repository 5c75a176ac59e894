"""24 Kings over HTTP: the endpoints only it has (new games, /hands, /calculus), its schemas and examples.

The shared referee endpoints (state check, legal moves, validate, apply,
view, rules, conformance) are mounted from ``GAME`` by
:mod:`service.http.referee`; this module gives them the schemas a 24 Kings
state and move travel in.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from importlib import resources
from typing import Any

from schemas.kings import (
    CalculusRequestSchema,
    CalculusResponseSchema,
    GameStateSchema,
    HandsRequestSchema,
    HandsResponseSchema,
    LegalMoveSchema,
    LegalMovesResponseSchema,
    NewGameRequestSchema,
    NewGameResponseSchema,
    NextGameRequestSchema,
    TableSetupRequestSchema,
    TransitionSchema,
    VerdictSchema,
    ViewSchema,
)
from service.core.caches import constant, memo
from service.core.cards import RANK_NAMES, Card
from service.core.problems import InvalidInput
from service.http.endpoints import Endpoint, Endpoints, GameSchemas
from service.http.referee import STATE, ConformanceRequest, GameWeb, in_body
from service.http.sealed import open_match, refuse_a_chosen_seed, seal_answer, seal_deal

from . import GAME
from .calculus import CastleTable, PlayerCards, castle_table_of, holdings_problems, table_calculus
from .castles import Castle
from .catalog import HAND_SETS, HANDS
from .moves import Move, legal_moves, next_deal
from .rules import HAND_SET_DESCRIPTIONS, OPTION_DESCRIPTIONS, Rules
from .sealed import SPLIT
from .start import NewGame, TableDeal, new_game, next_game, table_setup


# -- request data to engine values -------------------------------------------------------------
# The schemas have read every card already (schemas.fields.Card): these only assemble engine records.
def rules_from(data: Mapping[str, Any]) -> Rules:
    return Rules(**data)


def castles_from(data: Sequence[Mapping[str, Any]]) -> list[Castle]:
    return [Castle(item["card"], tuple(item["kings"])) for item in data]


def table_player_from(data: Mapping[str, Any]) -> PlayerCards:
    """One player of a loaded /calculus body: name, cards, and the declared Pointer and hands if any."""
    hands = data.get("hands")
    return PlayerCards(
        name=data["name"],
        cards=tuple(data["cards"]),
        pointer=data.get("pointer"),
        hands=None if hands is None else tuple(map(tuple, hands)),
    )


def table_hands_report(table: CastleTable, cards: Sequence[Card]) -> dict[str, Any]:
    """What a set of cards holds on a table read already (:func:`read_castle_table`, :func:`castle_table_of`): the best
    split, the call, every hand, progress to all 24."""
    problems = holdings_problems(table, [("/cards", cards)])
    if problems:
        raise InvalidInput(problems)
    scorer = table.scorer
    assert scorer is not None, "a table without castle problems has its Scorer"
    reading = scorer.read(cards)
    return {
        "castle_values": list(scorer.values),
        "valid_call": reading.calling is not None,
        "calling_split": reading.calling.to_dict() if reading.calling else None,
        "best": reading.best.to_dict(),
        "found": [hand.to_dict() for hand in reading.found],
        "progress": [item.to_dict() for item in reading.progress],
    }


def castle_table_from(body: Mapping[str, Any]) -> CastleTable:
    """The table of a loaded /hands or /calculus body, read once per table (:func:`castle_table_of`): the schema has read
    every card, and filled in every rule a ``rules`` object leaves out. A body without ``rules`` loads none (``{}``):
    its table is keyed by no pairs and read with Rules' defaults, an entry apart from the same table sent with them."""
    return castle_table_of(tuple((castle["card"], *castle["kings"]) for castle in body["castles"]), tuple(body["rules"].items()))


# -- examples ----------------------------------------------------------------------------------
TABLE = [{"card": "7H", "kings": []}, {"card": "2C", "kings": []}, {"card": "JD", "kings": []}, {"card": "4S", "kings": []}]
CALCULUS_REQUEST: dict[str, Any] = {
    "rules": {"hands": "standard"},
    "castles": TABLE,
    "players": [
        {"name": "ann", "cards": ["7H", "8H", "8H", "KS", "QD", "5C", "3H"]},
        {"name": "bob", "cards": ["AS", "2S", "3S", "4S", "5S", "6S", "9C"], "pointer": "9C"},
    ],
    "caller": "bob",
}
HANDS_REQUEST: dict[str, Any] = {
    "rules": {"hands": "standard"},
    "castles": [{"card": "5H", "kings": []}, {"card": "9C", "kings": []}, {"card": "4D", "kings": []}, {"card": "10S", "kings": []}],
    "cards": ["QH", "JH", "10H", "9H", "8H", "7H", "3S"],
}
NEW_GAME_REQUEST: dict[str, Any] = {"players": ["ann", "bob", "cy"], "seed": 7, "rules": {"hands": "standard"}}
TABLE_SETUP_REQUEST: dict[str, Any] = {
    "players": ["ann", "bob", "cy"],
    "dealer": 0,
    "castles": TABLE,
    "face_up": ["9H", "8D"],
    "hands": [["QH", "AS", "KD", "KD", "2H", "JH", "6C"], [], []],
}


def finished_example() -> Any:
    """A finished example game: two players, and the first to act calls HAND! falsely, leaving one player in."""
    state = new_game(["ann", "bob"], seed=NEW_GAME_REQUEST["seed"]).state
    return GAME.apply(state, Move(state.acting.name, "call_hand")).state


@memo(constant("examples", "one set of request and answer examples", 256 * 1024, __name__))
def examples() -> dict[str, Any]:
    """Every request and response example, computed by the engine so they are always right.

    Each request is loaded through its schema and answered by the view's own function, as a client's would be.
    """
    game = new_game(NEW_GAME_REQUEST["players"], seed=NEW_GAME_REQUEST["seed"])
    state = game.state
    discard = next(option.move for option in legal_moves(state) if option.move.action == "face_up_discard")
    wrong = type(discard)(discard.player, "play_king", discard.card, 2)
    return {
        "state": state.to_dict(),
        "move": discard.to_dict(),
        "illegal_move": wrong.to_dict(),
        "player": state.acting.name,
        "calculus_request": CALCULUS_REQUEST,
        "calculus_response": calculus_report(CalculusRequestSchema().load(CALCULUS_REQUEST)),
        "hands_request": HANDS_REQUEST,
        "hands_response": hands_answer(HandsRequestSchema().load(HANDS_REQUEST)),
        "new_game_request": NEW_GAME_REQUEST,
        "new_game_response": game.to_dict(),
        "next_game_request": {"state": finished_example().to_dict(), "seed": 8},
        "next_game_response": next_game(finished_example(), 8).to_dict(),
        "table_setup_request": TABLE_SETUP_REQUEST,
        "table_setup_response": table_setup_report(TableSetupRequestSchema().load(TABLE_SETUP_REQUEST)),
    }


def hands_answer(body: Mapping[str, Any]) -> dict[str, Any]:
    """The /hands answer to a loaded body."""
    return table_hands_report(castle_table_from(body), body["cards"])


def calculus_report(body: Mapping[str, Any]) -> dict[str, Any]:
    """The /calculus answer to a loaded body."""
    players = [table_player_from(player) for player in body["players"]]
    return table_calculus(castle_table_from(body), players, body.get("caller")).to_dict()


def next_game_report(body: Mapping[str, Any]) -> dict[str, Any]:
    """The /games/next answer to a loaded body: the follow-on game, with the match carried on (sealed, in the same match)."""
    finished = read_finished(body["state"])
    if body["sealed"]:
        refuse_a_chosen_seed(body)
        finished = open_match(SPLIT, GAME.info.slug, finished, body)  # the match carries on, one move on
    table = None if body.get("castles") is None else TableDeal(castles_from(body["castles"]), body["face_up"], body.get("hands"))
    game = next_game(finished, body.get("seed"), table)
    answer = game.to_dict()
    if body["sealed"]:
        answer |= seal_answer(SPLIT, GAME.info.slug, game.state)
    return answer


def read_finished(data: Mapping[str, Any]) -> Any:
    """The finished game of a /games/next body, checked whole; its problems point under /state."""
    with in_body(STATE):
        return GAME.read_state(data)


def table_setup_report(body: Mapping[str, Any]) -> dict[str, Any]:
    """The /games/from-table answer to a loaded body, shaped as /games answers: the state of a game dealt at a real table.

    The referee saw no Castle Phase turn and no reshuffle (the castles and discards are in the state), so both logs are empty.
    """
    state = table_setup(
        body["players"], castles_from(body["castles"]), rules_from(body["rules"]), body["dealer"], body["direction"], body["face_up"], body.get("hands")
    )
    return NewGame(state, (), ()).to_dict()


# -- the endpoints only 24 Kings has ---------------------------------------------------------------
def create_game(body: dict[str, Any]) -> dict[str, Any]:
    """New game: shuffle (seeded), Castle Phase, deal seven cards each (rules.md §7-8)."""
    if body["sealed"]:
        refuse_a_chosen_seed(body)
    game = new_game(body["players"], rules_from(body["rules"]), body.get("seed"), body["dealer"], body["direction"])
    answer = game.to_dict()
    if body["sealed"]:  # the public state, a token of the hidden cards and each seat's key (docs/sealed-deals.md)
        answer |= seal_deal(SPLIT, GAME.info.slug, game.state)
    return answer


def create_from_table(body: dict[str, Any]) -> dict[str, Any]:
    """Set-up from a physical table: the castles and seats are known, most cards are not (rules.md §22)."""
    return table_setup_report(body)


def create_next_game(body: dict[str, Any]) -> dict[str, Any]:
    """Dealer rotation and the match (rules.md §28); deprecated for the ``deal`` move."""
    return next_game_report(body)


def hands(body: dict[str, Any]) -> dict[str, Any]:
    """What a set of cards holds against four castles (rules.md §11-16)."""
    return hands_answer(body)


def score(body: dict[str, Any]) -> dict[str, Any]:
    """The Calculus for a table: declared splits are checked, the rest chosen at best (rules.md §15-17)."""
    return calculus_report(body)


def example(key: str) -> Callable[[], Any]:
    """One of :func:`examples`, computed when the OpenAPI document is first written."""
    return lambda: examples()[key]


ENDPOINTS = Endpoints(
    "24 Kings: new games, what cards hold, The Calculus.",
    [
        Endpoint(
            "/games",
            NewGameRequestSchema,
            NewGameResponseSchema,
            create_game,
            "The state after the Castle Phase and the deal, with the Castle Phase log.",
            NEW_GAME_REQUEST,
            example("new_game_response"),
        ),
        Endpoint(
            "/games/from-table",
            TableSetupRequestSchema,
            NewGameResponseSchema,
            create_from_table,
            "A game dealt at a real table, answered as `POST /games` answers: its state (unseen cards counted), an empty "
            "`castle_phase` and `events` (the table's Castle Phase and deal were not seen; the castles and discards are in the state).",
            TABLE_SETUP_REQUEST,
            example("table_setup_response"),
        ),
        Endpoint(
            "/games/next",
            NextGameRequestSchema,
            NewGameResponseSchema,
            create_next_game,
            "Deprecated (0.4.0): the match goes on by a move, as in every game. At a game's end `POST /v1/24-kings/moves/legal` "
            'lists the next game\'s deal (`{"action": "deal", "player": <the next dealer>}`, a template to fill with the castles, discards '
            "and hands at a real table); `POST /v1/24-kings/moves/apply` plays it, sealed or not. This endpoint answers as before: the follow-on "
            "game of a finished one, the next seat The Turn, the match's running totals carried on.",
            example("next_game_request"),
            example("next_game_response"),
            deprecated=True,
        ),
        Endpoint(
            "/hands",
            HandsRequestSchema,
            HandsResponseSchema,
            hands,
            "The best split, whether the cards can call HAND!, every hand held, progress to all 24.",
            HANDS_REQUEST,
            example("hands_response"),
        ),
        Endpoint(
            "/calculus",
            CalculusRequestSchema,
            CalculusResponseSchema,
            score,
            "Each player's split and score, the winners, and the call's verdict.",
            CALCULUS_REQUEST,
            example("calculus_response"),
        ),
    ],
)


# -- the rules catalog and the conformance cases -------------------------------------------------
def rules_catalog() -> dict[str, Any]:
    """The 24 hands (structure, suits, points) and the hand sets, so a client can draw the hand table."""
    return {
        "hands": [
            {
                "name": spec.name,
                "family": spec.family,
                "tier": spec.tier,
                "size": spec.size,
                "ranks": [[RANK_NAMES[rank] for rank in alt] for alt in spec.ranks],
                "suits": spec.suits.kind,
                "structure": spec.structure(),
                "points": spec.points.text(),
                "castles": list(spec.suits.castles),
            }
            for spec in HANDS
        ],
        "hand_sets": [
            {"name": name, "description": HAND_SET_DESCRIPTIONS[name], "hands": [s.name for s in HANDS if hand_set.allows(s)]}
            for name, hand_set in HAND_SETS.items()
        ],
        "options": dict(OPTION_DESCRIPTIONS),
    }


def conformance() -> list[ConformanceRequest]:
    """The golden cases (each a /hands request), then one request of every other endpoint."""
    golden = json.loads(resources.files(__package__).joinpath("golden/24-kings-calculus.json").read_text(encoding="utf-8"))
    cases = [
        ConformanceRequest(
            f"golden: {case['name']}",
            "POST",
            "/hands",
            {"rules": case["rules"], "castles": case["castles"], "cards": case["cards"]},
            f"expected: castle values {case['expect']['castle_values']}, best score {case['expect']['score']}, valid call {case['expect']['valid_call']}",
        )
        for case in golden["cases"]
    ]
    ex = examples()
    return [
        *cases,
        ConformanceRequest("The Calculus of a table with a caller", "POST", "/calculus", CALCULUS_REQUEST),
        ConformanceRequest("A seeded new game", "POST", "/games", NEW_GAME_REQUEST, "the same seed always gives the same game"),
        ConformanceRequest("Legal moves of the first turn", "POST", "/moves/legal", {"state": ex["state"]}),
        ConformanceRequest(
            "Legal moves at a real table: a card the referee cannot see is listed with the cards it may name",
            "POST",
            "/moves/legal",
            {"state": ex["table_setup_response"]["state"]},
        ),
        ConformanceRequest(
            "A finished game: its one legal move is the next game's deal, by the next seat (the match goes on)",
            "POST",
            "/moves/legal",
            {"state": ex["next_game_request"]["state"]},
        ),
        ConformanceRequest(
            "The next game's deal: The Turn passes on, the match's totals carry over",
            "POST",
            "/moves/apply",
            {"state": ex["next_game_request"]["state"], "move": next_deal(finished_example()).move.to_dict()},
        ),
        ConformanceRequest("The follow-on game (deprecated: the deal move gives it)", "POST", "/games/next", ex["next_game_request"]),
        ConformanceRequest(
            "A King played on a castle of another suit is refused", "POST", "/moves/validate", {"state": ex["state"], "move": ex["illegal_move"]}
        ),
        ConformanceRequest("Rules", "GET", "/rules"),
    ]


SCHEMAS = GameSchemas(GameStateSchema, LegalMoveSchema, LegalMovesResponseSchema, VerdictSchema, TransitionSchema, ViewSchema)
WEB = GameWeb.declared(GAME, SCHEMAS, ENDPOINTS, examples, conformance=conformance, rules_catalog=rules_catalog, split=SPLIT)
