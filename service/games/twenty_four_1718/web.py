"""Twenty-Four (1718) over HTTP: new matches, a table's hand, declarations, tricks and a hand's score.

The shared referee endpoints (state check, legal moves, validate, apply,
view, rules, conformance) are mounted from ``GAME`` by
:mod:`service.http.referee`; this module gives them the schemas a state and
a move travel in, and adds the endpoints only this game has.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from schemas.twenty_four_1718 import (
    TwentyFour1718DeclarationsRequestSchema,
    TwentyFour1718DeclarationsResponseSchema,
    TwentyFour1718LegalSchema,
    TwentyFour1718MoveSchema,
    TwentyFour1718NewMatchRequestSchema,
    TwentyFour1718NewMatchResponseSchema,
    TwentyFour1718ScoreRequestSchema,
    TwentyFour1718ScoreResponseSchema,
    TwentyFour1718StateSchema,
    TwentyFour1718TableHandRequestSchema,
    TwentyFour1718TransitionSchema,
    TwentyFour1718TrickLegalRequestSchema,
    TwentyFour1718TrickLegalResponseSchema,
    TwentyFour1718TrickWinnerRequestSchema,
    TwentyFour1718TrickWinnerResponseSchema,
    TwentyFour1718VerdictSchema,
    TwentyFour1718ViewSchema,
)
from service.core.caches import constant, memo
from service.core.cards import ALL_RANKS, RANK_NAMES, Card, parse_card, parse_cards
from service.http.endpoints import Endpoint, Endpoints, GameSchemas
from service.http.referee import ConformanceRequest, GameWeb, example_cases
from service.http.sealed import refuse_a_chosen_seed, seal_deal

from . import GAME
from .analysis import declarations_report, score_hand, trick_duty, trick_report
from .chips import POINTS_PER_CHIP, RULE_OF_STEP, STEPS, WINNING_CHIPS
from .declarations import Claim
from .moves import Move
from .pack import DEAL_SHAPES, HONOR_RANKS
from .sealed import SPLIT
from .start import TableHand, new_match, table_hand


# -- request data to engine values ---------------------------------------------------------------
def _card(value: Card | str) -> Card:
    """A schema-loaded body already holds Cards (schemas.fields judges the text once); only this module's examples are text."""
    return value if isinstance(value, Card) else parse_card(value)


def _hands(data: Sequence[Sequence[Card | str]]) -> list[list[Card]]:
    return [parse_cards(hand) for hand in data]


def _optional_tuple(values: list[int] | None) -> tuple[int, ...] | None:
    return None if values is None else tuple(values)


def _claim(data: Mapping[str, Any]) -> Claim:
    sequences, point = data.get("sequences"), data.get("point")
    return Claim(None if sequences is None else tuple(tuple(parse_cards(run)) for run in sequences), None if point is None else (point["count"], point["sum"]))


def table_from(body: Mapping[str, Any]) -> TableHand:
    """A from-table body: hands omitted, none is seen (each a count of a whole hand); hands without counts, all are seen."""
    names = tuple(body["players"])
    hands = body.get("hands")
    hidden = body.get("hidden")
    if hands is None and body.get("dealer") is None:  # a draw for the first dealer comes first: no hand yet
        hands, hidden = [[] for _ in names], None
    elif hands is None:
        hands = [[] for _ in names]
        size = DEAL_SHAPES[len(names)].hand_size if len(names) in DEAL_SHAPES else 0
        hidden = [size] * len(names) if hidden is None else hidden
    return TableHand(
        names=names,
        hidden=_optional_tuple(hidden),
        hands=tuple(tuple(hand) for hand in _hands(hands)),
        dealer=body.get("dealer"),
        turn_up=None if body.get("turn_up") is None else _card(body["turn_up"]),
        stock=tuple(parse_cards(body["stock"])),
        honors=body["rules"]["honors"],
        games=body["rules"]["games"],
        game=body["game"],
        hand_number=body["hand_number"],
        chips=_optional_tuple(body.get("chips")),
        games_won=_optional_tuple(body.get("games_won")),
        seed=body.get("seed"),
    )


# -- examples: the worked example of rules.md §12.2, played a little ---------------------------------
PLAYERS = ["ann", "bob", "cy", "dee", "eve"]
EXAMPLE_HANDS = [
    ["AC", "2C", "3C", "4C", "5C", "2S", "3S", "8D", "9D", "KH"],
    ["8S", "9S", "10S", "JS", "QS", "AD", "2D", "6C", "7C", "2H"],
    ["8H", "9H", "10H", "JH", "QH", "3D", "4D", "5D", "6D", "7D"],
    ["KS", "4S", "6S", "AH", "3H", "10D", "QD", "8C", "10C", "QC"],
    ["AS", "5S", "7S", "4H", "6H", "7H", "JD", "KD", "9C", "JC"],
]
NEW_MATCH_REQUEST: dict[str, Any] = {"players": PLAYERS, "seed": 1718, "rules": {"honors": "point", "games": 1}}
TABLE_REQUEST: dict[str, Any] = {
    "players": PLAYERS,
    "hands": EXAMPLE_HANDS,
    "dealer": 4,
    "turn_up": "5H",
    "stock": ["KC"],
    "rules": {"honors": "point", "games": 1},
    "seed": 7,
}
DECLARATIONS_REQUEST: dict[str, Any] = {"hands": EXAMPLE_HANDS, "trump": "H", "rules": {"honors": "point"}, "turn_up": "5H"}
TRICK_LEGAL_REQUEST: dict[str, Any] = {"hand": ["KS", "2S", "5H", "AH"], "trick": ["7S", "9S", "3H"], "trump": "H"}
TRICK_WINNER_REQUEST: dict[str, Any] = {"trick": ["7S", "9S", "3H", "KS", "2H"], "trump": "H", "rules": {"honors": "point"}}
SCORE_STOP_REQUEST: dict[str, Any] = {"hands": EXAMPLE_HANDS, "turn_up": "5H", "rules": {"honors": "point"}, "tricks": [], "chips": [0, 0, 5, 0, 0]}
OPENING = [("ann", "2S"), ("bob", "8S")]  # after the declarations: ann leads a spade, bob heads it; cy, void in spades, must trump


@memo(constant("examples", "one set of request and answer examples", 128 * 1024, __name__))
def examples() -> dict[str, Any]:
    """The examples the shared endpoints and the conformance cases start from, computed by the engine so they are always right."""
    state = table_hand(table_from(_table_defaults(TABLE_REQUEST))).state
    while state.phase == "declare":
        state = GAME.apply(state, Move(state.acting.name, "declare")).state
    for name, card in OPENING:
        state = GAME.apply(state, Move(name, "play", _card(card))).state
    refused = {"player": "cy", "action": "play", "card": "3D"}
    return {"state": state.to_dict(), "move": GAME.legal_moves(state)[0].to_dict(), "player": "cy", "illegal_move": refused}


def _table_defaults(body: Mapping[str, Any]) -> dict[str, Any]:
    """A /games/from-table body with the schema's defaults filled in, as the view receives it."""
    return {"stock": [], "rules": {"honors": "point", "games": 1}, "game": 1, "hand_number": 1, **body}


# -- the endpoints only this game has ---------------------------------------------------------------
def create_match(body: dict[str, Any]) -> dict[str, Any]:
    """Draw for the first dealer (unless given), deal the first hand, score its turn-up (rules.md §2, §4)."""
    if not body.get("sealed"):
        return new_match(body["players"], body["rules"]["honors"], body["rules"]["games"], body.get("seed"), body.get("dealer")).to_dict()
    refuse_a_chosen_seed(body)
    match = new_match(body["players"], body["rules"]["honors"], body["rules"]["games"], None, body.get("dealer"))  # the server's seed, sealed
    public = {"draw": [round_.to_dict() for round_ in match.draw], "events": list(match.events)}  # the draw and the turn-up are seen by all
    return public | seal_deal(SPLIT, GAME.info.slug, match.state)


def create_from_table(body: dict[str, Any]) -> dict[str, Any]:
    """What the referee may see of each hand as dealt, the rest counted, as the stock's face-down cards may be (rules.md §11.3, §13.1)."""
    return table_hand(table_from(body)).to_dict()


def declarations(body: dict[str, Any]) -> dict[str, Any]:
    """The declarations of a deal; hands from the leader to the right, the dealer last (rules.md §4-§6)."""
    return declarations_report(_hands(body["hands"]), _card(body["turn_up"]), body["rules"]["honors"], body.get("trump")).to_dict()


def tricks_legal(body: dict[str, Any]) -> dict[str, Any]:
    """Follow and head, ruff, overruff, or play anything (rules.md §7)."""
    duty = trick_duty(parse_cards(body["hand"]), parse_cards(body.get("trick", [])), body["trump"])
    return {"legal": [str(card) for card in duty.plays], "rule": duty.explain(), "section": duty.rule, "duty": duty.duty}


def tricks_winner(body: dict[str, Any]) -> dict[str, Any]:
    """The highest trump, else the highest card of the suit led (rules.md §7.6, §8)."""
    return trick_report(parse_cards(body["trick"]), body["trump"], body["rules"]["honors"]).to_dict()


def score(body: dict[str, Any]) -> dict[str, Any]:
    """Replay the tricks from the deal (each play checked) and score every step (rules.md §3-§9)."""
    claims = body.get("declarations")
    result = score_hand(
        _hands(body["hands"]),
        _card(body["turn_up"]),
        body["rules"]["honors"],
        _hands(body["tricks"]),
        body.get("chips"),
        body.get("trump"),
        None if claims is None else [_claim(claim) for claim in claims],
    )
    return result.to_dict()


ENDPOINTS = Endpoints(
    "Twenty-Four (1718): new matches, a table's hand, declarations, tricks and a hand's score.",
    [
        Endpoint(
            "/games",
            TwentyFour1718NewMatchRequestSchema,
            TwentyFour1718NewMatchResponseSchema,
            create_match,
            "A new match: the draw for the dealer, the first deal, the turn-up scored.",
            NEW_MATCH_REQUEST,
        ),
        Endpoint(
            "/games/from-table",
            TwentyFour1718TableHandRequestSchema,
            TwentyFour1718NewMatchResponseSchema,
            create_from_table,
            "The state of a hand dealt at a real table, its turn-up scored, ready to declare.",
            TABLE_REQUEST,
        ),
        Endpoint(
            "/declarations",
            TwentyFour1718DeclarationsRequestSchema,
            TwentyFour1718DeclarationsResponseSchema,
            declarations,
            "Every sequence of every player, the best, the Point, and the chips (the dealer's turn-up chip included).",
            DECLARATIONS_REQUEST,
        ),
        Endpoint(
            "/tricks/legal",
            TwentyFour1718TrickLegalRequestSchema,
            TwentyFour1718TrickLegalResponseSchema,
            tricks_legal,
            "The cards a hand may play to a trick, and the rule that says so.",
            TRICK_LEGAL_REQUEST,
        ),
        Endpoint(
            "/tricks/winner",
            TwentyFour1718TrickWinnerRequestSchema,
            TwentyFour1718TrickWinnerResponseSchema,
            tricks_winner,
            "Who takes a complete trick (position in playing order) and the honors in it.",
            TRICK_WINNER_REQUEST,
        ),
        Endpoint(
            "/score",
            TwentyFour1718ScoreRequestSchema,
            TwentyFour1718ScoreResponseSchema,
            score,
            "A hand's chips in the order of precedence, and whether and at which step someone reached 24.",
            SCORE_STOP_REQUEST,
        ),
    ],
)


# -- the rules catalog and the conformance cases ---------------------------------------------------------
def rules_catalog() -> dict[str, Any]:
    """The facts a client draws the game from: the card order, the deal at four and five, the honors, the order of scoring."""
    return {
        "card_order": [RANK_NAMES[rank] for rank in reversed(ALL_RANKS)],
        "deal": {str(seats): {"batches": list(shape.batches), "hand": shape.hand_size, "stock": shape.stock} for seats, shape in DEAL_SHAPES.items()},
        "honors": {name: [RANK_NAMES[rank] for rank in sorted(ranks)] for name, ranks in HONOR_RANKS.items()},
        "precedence": [{"step": step, "rule": RULE_OF_STEP[step]} for step in STEPS],
        "chips_to_win": WINNING_CHIPS,
        "points_per_chip": POINTS_PER_CHIP,
    }


def conformance() -> list[ConformanceRequest]:
    """The worked examples of rules.md §12 first, then one request of every other endpoint."""
    fifth = {"hand": ["2H", "AH", "4C", "10D"], "trick": ["7S", "9S", "3H", "KS"], "trump": "H"}
    return [
        ConformanceRequest("§12.1 the fourth player must play KS", "POST", "/tricks/legal", TRICK_LEGAL_REQUEST, "expected: legal [KS] (rule 7.2)"),
        ConformanceRequest("§12.1 the fifth player cannot overtrump 3H: any card", "POST", "/tricks/legal", fifth, "expected: all four cards (rule 7.4)"),
        ConformanceRequest(
            "§12.1 3H takes the trick with two honors",
            "POST",
            "/tricks/winner",
            TRICK_WINNER_REQUEST,
            "expected: winner_position 3 (the third card), honors [3H, 2H]",
        ),
        ConformanceRequest(
            "§12.2 declarations",
            "POST",
            "/declarations",
            DECLARATIONS_REQUEST,
            "expected: sequence_winner_position 3 (trumps), the Point to position 2 (earlier declarer), chips [0, 1, 2, 0, 1]",
        ),
        ConformanceRequest(
            "§12.3 the game stops at the sequence",
            "POST",
            "/score",
            SCORE_STOP_REQUEST,
            "expected: steps turn_up, sequence; reached_24 at the sequence for position 3",
        ),
        ConformanceRequest("A seeded new match", "POST", "/games", NEW_MATCH_REQUEST, "the same seed always gives the same match"),
        ConformanceRequest("A hand dealt at a real table", "POST", "/games/from-table", TABLE_REQUEST),
        *example_cases(examples(), legal="Legal moves: cy, void in spades, must trump", refused="A diamond instead of a trump is refused"),
        ConformanceRequest("Rules", "GET", "/rules"),
    ]


SCHEMAS = GameSchemas(
    TwentyFour1718StateSchema,
    TwentyFour1718MoveSchema,
    TwentyFour1718LegalSchema,
    TwentyFour1718VerdictSchema,
    TwentyFour1718TransitionSchema,
    TwentyFour1718ViewSchema,
)
WEB = GameWeb.declared(GAME, SCHEMAS, ENDPOINTS, examples, conformance=conformance, rules_catalog=rules_catalog, split=SPLIT)
