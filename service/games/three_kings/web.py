"""Three Kings over HTTP: new games (dealt, or from a real table), /sets and /score, the schemas and examples.

The shared referee endpoints (state check, legal moves, validate, apply,
view, rules, conformance) are mounted from ``GAME`` by
:mod:`service.http.referee`; this module gives them the schemas a Three
Kings state and move travel in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from schemas.three_kings import (
    FromTableRequestSchema,
    LegalMovesResponseSchema,
    MoveSchema,
    NewGameRequestSchema,
    NewGameResponseSchema,
    ScoreRequestSchema,
    ScoreResponseSchema,
    SetsRequestSchema,
    SetsResponseSchema,
    StateSchema,
    TransitionSchema,
    VerdictSchema,
    ViewSchema,
)
from service.core.caches import constant, memo
from service.http.endpoints import Endpoint, Endpoints, GameSchemas
from service.http.referee import ConformanceRequest, GameWeb
from service.http.sealed import refuse_a_chosen_seed, seal_deal

from . import GAME
from .cards import Card, parse_card
from .queries import score_report, sets_report
from .rules import OPTION_DESCRIPTIONS, SCORING_DESCRIPTIONS, Rules
from .sealed import SPLIT, deal_events
from .start import new_game, table_setup


def cards_of(texts: Sequence[str | Card]) -> list[Card]:
    """Cards from texts the schema has already read."""
    return [text if isinstance(text, Card) else parse_card(text) for text in texts]


def rules_from(data: Mapping[str, Any]) -> Rules:
    """The rules of a body (omitted settings are the defaults: method 1, no play-it-out)."""
    return Rules(data.get("scoring", "three_kings_wins"), data.get("play_it_out", False))


# -- examples ---------------------------------------------------------------------------------
WORKED_EXAMPLE: dict[str, Any] = {"hand": ["6", "K", "2", "9"], "table": ["5", "J", "3", "K"], "players": 2}
SCORE_REQUEST: dict[str, Any] = {"method": "bonus", "piles": {"ann": ["6", "5", "J"], "bob": ["2", "3", "5"]}, "three_kings": "bob"}
NEW_GAME_REQUEST: dict[str, Any] = {"players": ["ann", "bob"], "seed": 18, "rules": {"scoring": "bonus", "play_it_out": False}}
FROM_TABLE_REQUEST: dict[str, Any] = {
    "players": ["ann", "bob"],
    "dealer": 1,
    "table": ["5", "J", "3", "K"],
    "rules": {"scoring": "penalty", "play_it_out": False},
}


def worked_example_state() -> dict[str, Any]:
    """The reading's worked example as a whole table: ann holds 6 K 2 9 facing 5 J 3 K, her card drawn."""
    hand, table = WORKED_EXAMPLE["hand"], WORKED_EXAMPLE["table"]
    bob = ["4", "4", "7", "8"]
    used = hand + table + bob
    pile = [rank for rank in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for _ in range(4 + (rank == "K") - used.count(rank))]
    return {
        "rules": {"scoring": "bonus", "play_it_out": False},
        "players": [{"name": "ann", "hand": {"cards": hand, "hidden": 0}, "pile": []}, {"name": "bob", "hand": {"cards": bob, "hidden": 0}, "pile": []}],
        "table": table,
        "draw_pile": {"cards": pile, "hidden": 0},
        "dealer": 1,
        "to_act": 0,
        "phase": "play",
        "passes": 0,
        "three_kings": None,
        "seed": 0,
        "outcome": None,
    }


@memo(constant("examples", "one set of request and answer examples", 128 * 1024, __name__))
def examples() -> dict[str, Any]:
    """The examples the shared endpoints and the conformance cases start from, computed by the engine so they are always right."""
    return {
        "state": worked_example_state(),
        "move": {"player": "ann", "action": "set", "hand_card": "6", "table_cards": ["5", "J"]},
        "illegal_move": {"player": "ann", "action": "discard", "card": "9"},
        "player": "ann",
        "new_game_response": new_game(NEW_GAME_REQUEST["players"], Rules("bonus"), NEW_GAME_REQUEST["seed"]).to_dict(),
    }


# -- the endpoints only Three Kings has ---------------------------------------------------------------
def create_game(body: dict[str, Any]) -> dict[str, Any]:
    """New game: shuffle (seeded), deal four each from the dealer's left, turn four face up (rules.md §2)."""
    if not body.get("sealed"):
        return new_game(body["players"], rules_from(body["rules"]), body.get("seed"), body["dealer"]).to_dict()
    refuse_a_chosen_seed(body)
    game = new_game(body["players"], rules_from(body["rules"]), None, body["dealer"])  # the server's seed, sealed
    return {"events": deal_events(game.state, game.events)} | seal_deal(SPLIT, GAME.info.slug, game.state)


def create_from_table(body: dict[str, Any]) -> dict[str, Any]:
    """Set-up from a physical deal (rules.md §10): name the four table cards; hands stay unseen unless given."""
    hands = body.get("hands")
    game = table_setup(
        body["players"], cards_of(body["table"]), rules_from(body["rules"]), body["dealer"], None if hands is None else [cards_of(hand) for hand in hands]
    )
    return game.to_dict()


def sets(body: dict[str, Any]) -> dict[str, Any]:
    """The sets of rules.md §4 (each by ranks once), the King take of §5.2, the discard of §3.3 and the pass of §3.4."""
    return sets_report(cards_of(body["hand"]), cards_of(body["table"]), body["players"]).to_dict()


def score(body: dict[str, Any]) -> dict[str, Any]:
    """rules.md §8: pile values, ±15 for three Kings, ties share the win."""
    piles = {name: cards_of(pile) for name, pile in body["piles"].items()}
    return score_report(body["method"], piles, body.get("three_kings")).to_dict()


ENDPOINTS = Endpoints(
    "Three Kings: new games, the sets a hand makes with a table, and the three scoring methods.",
    [
        Endpoint(
            "/games",
            NewGameRequestSchema,
            NewGameResponseSchema,
            create_game,
            "A seeded deal: four cards each, four on the table; the first player to draw.",
            NEW_GAME_REQUEST,
        ),
        Endpoint(
            "/games/from-table",
            FromTableRequestSchema,
            NewGameResponseSchema,
            create_from_table,
            "A game dealt with real cards: the table known, hands and pile counted.",
            FROM_TABLE_REQUEST,
        ),
        Endpoint(
            "/sets",
            SetsRequestSchema,
            SetsResponseSchema,
            sets,
            "Every distinct set a hand makes with a table, whether a King can be taken, a discard made.",
            WORKED_EXAMPLE,
        ),
        Endpoint(
            "/score",
            ScoreRequestSchema,
            ScoreResponseSchema,
            score,
            "Scores and winners by one of the three methods; method 1 gives winners only.",
            SCORE_REQUEST,
        ),
    ],
)


# -- the rules catalog and the conformance cases -------------------------------------------------------------
def rules_catalog() -> dict[str, Any]:
    return {
        "scoring": dict(SCORING_DESCRIPTIONS),
        "options": dict(OPTION_DESCRIPTIONS),
        "values": {"A": 1, "J": 11, "Q": 12, "K": None, "2-10": "their number"},
    }


def conformance() -> list[ConformanceRequest]:
    """The reading's worked example first (as /sets, then as a whole table), then one request of every other endpoint."""
    ex = examples()
    state = ex["state"]
    return [
        ConformanceRequest(
            "worked example: the sets of 6 K 2 9 against 5 J 3 K",
            "POST",
            "/sets",
            WORKED_EXAMPLE,
            "6 + 5 = 11 and 2 + 3 = 5; the King can be taken; no discard (reading, worked example).",
        ),
        ConformanceRequest(
            "worked example: the legal moves of that table", "POST", "/moves/legal", {"state": state}, "Two sets and the King take; no discard, no pass."
        ),
        ConformanceRequest(
            "worked example: a discard is refused while a set exists",
            "POST",
            "/moves/validate",
            {"state": state, "move": ex["illegal_move"]},
            "set_available (rules.md §3.3), with the sets as alternatives.",
        ),
        ConformanceRequest(
            "worked example: the set 6 with 5 J, then the extra draw",
            "POST",
            "/moves/apply",
            {"state": state, "move": ex["move"]},
            "The three cards go to ann's pile; she draws one more.",
        ),
        ConformanceRequest("one player's view", "POST", "/view", {"state": state, "player": "bob"}, "bob sees his hand and counts of ann's."),
        ConformanceRequest(
            "a state with a fifth 7 for two players",
            "POST",
            "/state/check",
            {"state": {**state, "table": [*state["table"], "7"]}},
            "too_many_copies at the place of the extra copy, and card_total.",
        ),
        ConformanceRequest("score by method 2", "POST", "/score", SCORE_REQUEST, "ann 22, bob 10 + 15 = 25: bob wins."),
        ConformanceRequest("score by method 1", "POST", "/score", {**SCORE_REQUEST, "method": "three_kings_wins"}, "bob wins; no scores."),
        ConformanceRequest("score by method 3", "POST", "/score", {**SCORE_REQUEST, "method": "penalty"}, "ann 22, bob 10 - 15 = -5: bob wins."),
        ConformanceRequest("a seeded deal", "POST", "/games", NEW_GAME_REQUEST, "The same seed always deals the same game."),
        ConformanceRequest("a deal at a real table", "POST", "/games/from-table", FROM_TABLE_REQUEST, "Hands and pile counted, not seen."),
    ]


SCHEMAS = GameSchemas(StateSchema, MoveSchema, LegalMovesResponseSchema, VerdictSchema, TransitionSchema, ViewSchema)
WEB = GameWeb.declared(GAME, SCHEMAS, ENDPOINTS, examples, conformance=conformance, rules_catalog=rules_catalog, split=SPLIT)
