"""Twenty-Four (1718)'s schemas: its states and moves, new matches, and the declarations, trick and score endpoints.

Every list and number is bounded so that a refusal is cheap: a table is four
or five players, a hand at most twelve cards, a trick at most five.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields

from service.games.twenty_four_1718.chips import STEPS
from service.games.twenty_four_1718.moves import ACTIONS, MAX_DECLARED_SEQUENCES
from service.games.twenty_four_1718.pack import HONOR_SETS
from service.games.twenty_four_1718.state import DEAL_KINDS, HONORS_OPTIONS, MAX_GAMES, MAX_SEED, PHASES
from service.games.twenty_four_1718.tricks import RULE_OF_DUTY

from . import sealed as sealing
from .base import RULES_RENAMED, LeanSchema
from .common import EventUnion, ReasonSchema, card_texts, event_schema, listed_move_schema, player_name, transition_schema
from .fields import Boolean, Card, CardList, Integer, Length, OneOf, Range

MAX_SEATS = 5
MAX_HAND = 12
MAX_TRICKS = 12
SUITS = ["S", "H", "D", "C"]
SEAT = Range(min=0, max=MAX_SEATS - 1)
HONORS_HELP = "point: the trumps A 2 3 4 5 are the honors; face: 9 10 J Q K"
ALTERNATE_HELP = (
    "; alternate: by hands, the point in odd hands of a game, the face cards in even ones;"
    " alternate_games: by games, the point in odd games of the match, the face cards in even ones (rules.md §1.3)."
)


def seat(description: str, **kwargs: object) -> Integer:
    return Integer(validate=SEAT, metadata={"description": description}, **kwargs)


POSITION_HELP = "counted from 1 in the order of declaration: 1 is the leader (the first hand of the request), the last the dealer"


def position(description: str, **kwargs: object) -> Integer:
    """A player of a stand-alone answer, whose request names no player: their position counted from 1 (CHANGELOG 0.4.0)."""
    return Integer(validate=Range(min=1, max=MAX_SEATS), metadata={"description": f"{description}, {POSITION_HELP}."}, **kwargs)


def honors_field(options: tuple[str, ...], description: str) -> fields.String:
    return fields.String(load_default="point", validate=OneOf(options), metadata={"description": description})


def hands_field(description: str) -> fields.List[Any]:
    return fields.List(CardList(validate=Length(max=MAX_HAND)), required=True, validate=Length(min=4, max=MAX_SEATS), metadata={"description": description})


def seen_hands_field(description: str, **kwargs: object) -> fields.List[Any]:
    """At a real table: of each hand, the cards the referee may see (the rest only counted)."""
    return fields.List(
        CardList(validate=Length(max=MAX_HAND)),
        validate=Length(max=MAX_SEATS),
        metadata={"description": description},
        **kwargs,  # type: ignore[arg-type]
    )


def unseen_counts_field(description: str, **kwargs: object) -> fields.List[Any]:
    """At a real table: per hand, how many of its cards the referee does not see."""
    return fields.List(
        Integer(validate=Range(min=0, max=MAX_HAND)),
        validate=Length(max=MAX_SEATS),
        metadata={"description": description},
        **kwargs,  # type: ignore[arg-type]
    )


def trump_field(**kwargs: object) -> fields.String:
    return fields.String(validate=OneOf(SUITS), metadata={"description": "The trump suit: the turn-up's suit."}, **kwargs)  # type: ignore[arg-type]


# -- a match's rules --------------------------------------------------------------------------------
class TwentyFour1718RulesSchema(LeanSchema):
    """A match's variant settings, under ``rules`` as every game's are (top-level fields in 0.3.0 and before)."""

    honors = honors_field(HONORS_OPTIONS, HONORS_HELP + ALTERNATE_HELP)
    games = Integer(load_default=1, validate=Range(min=1, max=MAX_GAMES), metadata={"description": "Games of 24 points to play."})


class TwentyFour1718StateRulesSchema(TwentyFour1718RulesSchema):
    """A state's rules: written whole, so its honors are always said (a state carried them at the top level until 0.4.0)."""

    honors = fields.String(required=True, validate=OneOf(HONORS_OPTIONS), metadata={"description": HONORS_HELP + ALTERNATE_HELP})


def rules_field(schema: type[Schema], defaults: Mapping[str, object], description: str) -> fields.Nested:
    """A request's ``rules``, ``defaults`` when omitted."""
    return fields.Nested(schema, load_default=lambda: dict(defaults), metadata={"description": description, "default": dict(defaults)})


class TwentyFour1718HandRulesSchema(LeanSchema):
    """The rules a bare hand or trick is judged by: the honors of that hand (``alternate`` is a match's setting)."""

    honors = honors_field(HONOR_SETS, HONORS_HELP + ".")


# A setting sent at the top level, where it was (a new match's until 0.3.0, a state's and a bare hand's until 0.4.0), is
# refused naming its place under rules now; ``options`` is refused as in every game.
MATCH_RULES_RENAMED: Mapping[str, str] = {**RULES_RENAMED, "honors": "rules.honors", "games": "rules.games"}
HAND_RULES_RENAMED: Mapping[str, str] = {**RULES_RENAMED, "honors": "rules.honors"}
MATCH_RULES = {"honors": "point", "games": 1}
MATCH_RULES_HELP = "The match's settings; omitted, one game with honors at the point."
HAND_RULES = {"honors": "point"}
HAND_RULES_HELP = "The hand's rules; omitted, honors at the point."


# -- the state and the moves ----------------------------------------------------------------------
class TwentyFour1718SeatSchema(LeanSchema):
    name = player_name(required=True)
    hand = CardList(required=True, validate=Length(max=MAX_HAND), metadata={"description": "The cards the player holds that the referee knows."})
    hidden = Integer(load_default=0, validate=Range(min=0, max=MAX_HAND), metadata={"description": "At a real table: cards held but not seen."})
    chips = Integer(load_default=0, validate=Range(min=0, max=6), metadata={"description": "Chips of 4 points in the game under way; 6 wins."})
    games_won = Integer(load_default=0, validate=Range(min=0, max=MAX_GAMES))


class TwentyFour1718StockSchema(LeanSchema):
    turn_up = Card(required=True, metadata={"description": "The card turned up on the stock: its suit is trumps."})
    cards = CardList(load_default=list, validate=Length(max=3), metadata={"description": "The face-down stock cards the referee knows."})
    hidden = Integer(load_default=0, validate=Range(min=0, max=3), metadata={"description": "Face-down stock cards only counted."})


class TwentyFour1718TrickSchema(LeanSchema):
    leader = seat("The seat that led the trick.", required=True)
    cards = CardList(load_default=list, validate=Length(max=MAX_SEATS), metadata={"description": "In playing order, the lead first."})


class TwentyFour1718StateSchema(LeanSchema):
    """A match between two moves; players in the order of play (each one's right-hand neighbour next)."""

    renamed = MATCH_RULES_RENAMED

    players = fields.List(fields.Nested(TwentyFour1718SeatSchema), required=True, validate=Length(min=4, max=MAX_SEATS))
    rules = fields.Nested(TwentyFour1718StateRulesSchema, required=True, metadata={"description": "The match's settings: its honors and its games."})
    game = Integer(load_default=1, validate=Range(min=1, max=MAX_GAMES), metadata={"description": "The game under way, from 1."})
    hand_number = Integer(required=True, validate=Range(min=1, max=10_000), metadata={"description": "The hand under way in this game, from 1."})
    dealer = seat("The dealer's seat; the leader sits next.", required=True)
    stock = fields.Nested(TwentyFour1718StockSchema, required=True, allow_none=True, metadata={"description": "null before a real table's first deal."})
    phase = fields.String(required=True, validate=OneOf(PHASES))
    to_act = seat("Who declares or plays next.", required=True)
    tricks = fields.List(
        fields.Nested(TwentyFour1718TrickSchema),
        load_default=list,
        validate=Length(max=MAX_TRICKS),
        metadata={"description": "The hand's completed tricks."},
    )
    trick = fields.Nested(TwentyFour1718TrickSchema, required=True, metadata={"description": "The trick under way."})
    seed = Integer(required=True, validate=Range(min=0, max=MAX_SEED))
    deals = Integer(required=True, validate=Range(min=0, max=1_000_000), metadata={"description": "Hands dealt in the match so far."})
    draws = fields.List(
        CardList(validate=Length(max=MAX_SEATS)),
        load_default=list,
        validate=Length(max=52),
        metadata={"description": "At a real table: the draw for the first dealer, each round's cards in seat order of those drawing."},
    )
    deal = fields.String(
        load_default="service",
        validate=OneOf(DEAL_KINDS),
        metadata={"description": "service: the referee deals; physical: a real table deals and enters each deal (rules.md §11)."},
    )
    claims = fields.List(
        fields.Nested(lambda: TwentyFour1718ClaimSchema()),
        load_default=list,
        validate=Length(max=MAX_SEATS),
        metadata={"description": "At a real table: what each player announced this hand, from the leader."},
    )


class TwentyFour1718PointClaimSchema(LeanSchema):
    count = Integer(required=True, validate=Range(min=0, max=13))
    sum = Integer(required=True, validate=Range(min=0, max=85))


class TwentyFour1718MoveSchema(LeanSchema):
    """``declare`` (optionally stating the sequences and Point announced, for the referee to check) or ``play`` a card."""

    player = player_name(required=True)
    action = fields.String(required=True, validate=OneOf(ACTIONS))
    card = Card(allow_none=True, metadata={"description": "For play: the card played."})
    sequences = fields.List(
        CardList(validate=Length(max=13)),
        allow_none=True,
        validate=Length(max=MAX_DECLARED_SEQUENCES),
        metadata={"description": "For declare: every sequence announced."},
    )
    point = fields.Nested(TwentyFour1718PointClaimSchema, allow_none=True, metadata={"description": "For declare: the Point announced."})
    turn_up = Card(allow_none=True, metadata={"description": "For deal (a real table's next hand): the dealer's turn-up."})
    hands = seen_hands_field("For deal: the cards of each hand the referee may see; omitted, none.", allow_none=True)
    hidden = unseen_counts_field("For deal: per hand, the cards not seen; omitted, the whole hand (none when hands are given).", allow_none=True)
    stock = CardList(allow_none=True, validate=Length(max=3), metadata={"description": "For deal: the stock's face-down cards, if seen."})
    drawn = CardList(
        allow_none=True,
        validate=Length(max=MAX_SEATS),
        metadata={"description": "For draw (a real table's draw for the first dealer): one card per player drawing, in seat order."},
    )


class TwentyFour1718MoveFillSchema(LeanSchema):
    """What a real table's template move needs: each field to fill, with what goes there (0.3.0)."""

    turn_up = fields.String(metadata={"description": "deal: the dealer's turn-up (the hands and stock seen may be added)."})
    drawn = fields.String(metadata={"description": "draw: one card per player drawing, in seat order."})
    sequences = fields.String(metadata={"description": "declare from a hand the referee only counts: every sequence announced."})
    point = fields.String(metadata={"description": "declare from a hand the referee only counts: the Point announced."})


TwentyFour1718ListedMoveSchema = listed_move_schema(__name__, "TwentyFour1718ListedMoveSchema", TwentyFour1718MoveSchema, TwentyFour1718MoveFillSchema)


class TwentyFour1718DutySchema(LeanSchema):
    duty = fields.String(required=True, validate=OneOf(list(RULE_OF_DUTY)))
    rule = fields.String(required=True, metadata={"example": "7.2"})
    text = fields.String(required=True)
    legal = fields.List(fields.String(), required=True)


class TwentyFour1718LegalSchema(LeanSchema):
    player = fields.String(required=True, allow_none=True, metadata={"description": "Who acts; null once the match is over."})
    phase = fields.String(required=True)
    moves = fields.List(fields.Nested(TwentyFour1718ListedMoveSchema), required=True)
    counts = fields.Dict(keys=fields.String(), values=Integer(), required=True)
    trump = fields.String(required=True, allow_none=True, metadata={"description": "null before a real table's first deal."})
    honors = fields.List(fields.String(), required=True, metadata={"description": "The five honors of this hand."})
    duty = fields.Nested(TwentyFour1718DutySchema, metadata={"description": "In the play: what the rules ask of the next card."})


class TwentyFour1718VerdictSchema(LeanSchema):
    legal = Boolean(required=True)
    reasons = fields.List(fields.Nested(ReasonSchema), required=True)
    alternatives = fields.List(fields.Nested(TwentyFour1718ListedMoveSchema), required=True, metadata={"description": "The legal moves instead."})


class TwentyFour1718DrawSchema(LeanSchema):
    player = fields.String(required=True)
    card = fields.String(required=True)


# -- what happened: each event by its type (service/games/twenty_four_1718/flow.py and moves.py) -------------------------
RULE = "The section of the rule text (GET /v1/twenty-four-1718/rules)."


def _event(kind: str, description: str, **carries: fields.Field[Any]) -> type[Schema]:
    return event_schema("TwentyFour1718", kind, description, RULE, carries)


def _who(description: str = "Who.") -> dict[str, fields.Field[Any]]:
    """A player named and seated."""
    return {"player": fields.String(required=True, metadata={"description": description}), "seat": Integer(required=True)}


def _hand_of(game: str = "The game of the match (from 1).") -> dict[str, fields.Field[Any]]:
    return {
        "game": Integer(required=True, metadata={"description": game}),
        "hand_number": Integer(required=True, metadata={"description": "The hand of the game (from 1)."}),
    }


def _honors() -> fields.String:
    return fields.String(required=True, validate=OneOf(HONOR_SETS), metadata={"description": "The honors of this hand (rules.md §1.3)."})


class TwentyFour1718EventSchema(EventUnion):
    """Something that happened, told apart by its ``type``."""

    type_schemas: Mapping[str, type[Schema] | Schema] = {  # typed as the library declares it
        "drew": _event(
            "drew",
            "A round of the draw for the first dealer (rules.md §2.1).",
            draws=fields.List(fields.Nested(TwentyFour1718DrawSchema), required=True),
        ),
        "dealer_drawn": _event("dealer_drawn", "The draw named the first dealer (rules.md §2.1).", **_who("The dealer.")),
        "dealt": _event(
            "dealt",
            "A hand dealt: who deals and leads, the turn-up, the trumps and the honors (rules.md §2.2).",
            **_hand_of(),
            dealer=fields.String(required=True),
            leader=fields.String(required=True),
            turn_up=fields.String(required=True),
            trump=fields.String(required=True, metadata={"description": "The trump suit, the turn-up's."}),
            honors=_honors(),
        ),
        "deal_awaited": _event(
            "deal_awaited",
            "At a real table: the next hand waits for the deal to be entered (rules.md §13.5).",
            **_hand_of(),
            dealer=fields.String(required=True),
            honors=_honors(),
        ),
        "declared": _event(
            "declared",
            "A player declared (rules.md §5.2); at a real table, what they announced.",
            **_who(),
            sequences=fields.List(card_texts("A sequence's cards."), metadata={"description": "The sequences declared."}),
            point=fields.Nested(TwentyFour1718PointClaimSchema, metadata={"description": "The Point declared."}),
        ),
        "played": event_schema("TwentyFour1718", "played", "A card played to the trick (rules.md §7).", None, {**_who(), "card": fields.String(required=True)}),
        "declaration_contradicted": _event(
            "declaration_contradicted",
            "A card played contradicts what its player announced; the chips stand (rules.md §5).",
            **_who(),
            declaration=fields.String(required=True, metadata={"description": "A JSON pointer to the announcement in the state's claims."}),
            part=fields.String(required=True, metadata={"description": "The part of the announcement contradicted."}),
            tricks=fields.List(Integer(), required=True, metadata={"description": "The tricks (from 1) holding the cards that contradict it."}),
            message=fields.String(required=True),
            chips_stand=Boolean(required=True),
        ),
        "trick_taken": _event(
            "trick_taken",
            "A trick taken (rules.md §7.6).",
            **_who("Who took it."),
            trick=Integer(required=True, metadata={"description": "The trick's number in the hand (from 1)."}),
            cards=card_texts("The trick's cards, in the order played."),
        ),
        "scored": _event(
            "scored",
            "One chip scored (rules.md §3); the fields after total say what for, by step.",
            **_who("Who scored it."),
            step=fields.String(required=True, validate=OneOf(STEPS)),
            chips=Integer(required=True, metadata={"description": "Always 1: one event per chip."}),
            total=Integer(required=True, metadata={"description": "Their chips after it."}),
            card=fields.String(metadata={"description": "turn_up and honors: the card."}),
            cards=fields.List(fields.String(), metadata={"description": "sequence: its cards."}),
            count=Integer(metadata={"description": "point: the cards counted."}),
            sum=Integer(metadata={"description": "point: their sum."}),
            trick=Integer(metadata={"description": "honors: the trick (from 1)."}),
            tricks=Integer(metadata={"description": "card: the tricks taken."}),
        ),
        "game_won": _event(
            "game_won",
            "A game won (rules.md §3.3).",
            **_who("Who won it."),
            game=Integer(required=True),
            step=fields.String(required=True, validate=OneOf(STEPS), metadata={"description": "The step that brought the sixth chip."}),
            chips=fields.List(Integer(), required=True, metadata={"description": "Every seat's chips, in seat order."}),
        ),
        "match_over": _event(
            "match_over",
            "The match is over (rules.md §10.3).",
            games_won=fields.Dict(keys=fields.String(), values=Integer(), required=True, metadata={"description": "Games won, by player."}),
            winners=fields.List(fields.String(), required=True),
        ),
    }


TwentyFour1718TransitionSchema = transition_schema(__name__, TwentyFour1718MoveSchema, TwentyFour1718StateSchema, TwentyFour1718EventSchema)


class TwentyFour1718SeatViewSchema(LeanSchema):
    name = fields.String(required=True)
    cards = Integer(required=True, metadata={"description": "How many cards they hold."})
    chips = Integer(required=True)
    games_won = Integer(required=True)
    tricks_taken = Integer(required=True)


class TwentyFour1718PointHeardSchema(LeanSchema):
    count = Integer(required=True)
    sum = Integer(metadata={"description": "Only when this count tied the best count announced (rules.md §6.2)."})


class TwentyFour1718DeclarationMadeSchema(LeanSchema):
    player = fields.String(required=True)
    sequences = fields.List(fields.List(fields.String()), required=True)
    point = fields.Nested(TwentyFour1718PointHeardSchema, required=True)


class TwentyFour1718ViewTrickSchema(LeanSchema):
    leader = seat("The seat that led it.", required=True)
    cards = fields.List(fields.String(), required=True)


class TwentyFour1718ViewSchema(LeanSchema):
    """A player's own hand, the others' card counts, the public cards; completed tricks lie face down."""

    player = fields.String(required=True)
    seat = Integer(required=True)
    phase = fields.String(required=True)
    to_act = Integer(
        required=True, allow_none=True, validate=SEAT, metadata={"description": "The seat that declares or plays next; null once the match is over."}
    )
    rules = fields.Nested(TwentyFour1718StateRulesSchema, required=True, metadata={"description": "The match's settings, as in the state."})
    game = Integer(required=True)
    hand_number = Integer(required=True)
    dealer = Integer(required=True, validate=SEAT, metadata={"description": "The dealer's seat."})
    leader = Integer(
        required=True, validate=SEAT, metadata={"description": "The seat that declares first and leads the hand's first trick: the dealer's right."}
    )
    trump = fields.String(required=True, allow_none=True)
    turn_up = fields.String(required=True, allow_none=True)
    stock_face_down = Integer(required=True)
    honors = fields.List(fields.String(), required=True)
    hand = fields.List(fields.String(), required=True)
    players = fields.List(fields.Nested(TwentyFour1718SeatViewSchema), required=True)
    declarations = fields.List(fields.Nested(TwentyFour1718DeclarationMadeSchema), required=True)
    tricks_played = Integer(required=True)
    trick = fields.Nested(TwentyFour1718ViewTrickSchema, required=True)


# -- new matches ------------------------------------------------------------------------------------
class TwentyFour1718NewMatchRequestSchema(LeanSchema):
    renamed = MATCH_RULES_RENAMED
    players = fields.List(
        player_name(),
        required=True,
        validate=Length(min=4, max=MAX_SEATS),
        metadata={"description": "Four or five names in the order of play (to the right)."},
    )
    seed = Integer(validate=Range(min=0, max=MAX_SEED), metadata={"description": "Same seed, same match; omitted, one is drawn and returned."})
    rules = rules_field(TwentyFour1718RulesSchema, MATCH_RULES, MATCH_RULES_HELP)
    dealer = seat("The first dealer's seat; omitted, the players draw for it.")
    sealed = sealing.sealed_flag()


class TwentyFour1718DrawRoundSchema(LeanSchema):
    draws = fields.List(fields.Nested(TwentyFour1718DrawSchema), required=True)


class TwentyFour1718NewMatchResponseSchema(LeanSchema):
    state = fields.Nested(TwentyFour1718StateSchema, required=True)
    seed = Integer(metadata={"description": "The seed of a plain deal (never answered for a sealed one)."})
    draw = fields.List(fields.Nested(TwentyFour1718DrawRoundSchema), required=True, metadata={"description": "The draw for the first dealer, round by round."})
    events = fields.List(fields.Nested(TwentyFour1718EventSchema), required=True)
    sealed = sealing.sealed_token()
    sealed_move = sealing.sealed_move()
    seat_keys = sealing.seat_keys()


class TwentyFour1718TableHandRequestSchema(LeanSchema):
    renamed = MATCH_RULES_RENAMED
    players = fields.List(
        player_name(), required=True, validate=Length(min=4, max=MAX_SEATS), metadata={"description": "Names in the order of play (to the right)."}
    )
    hands = seen_hands_field("Of each hand as dealt, in the order of players, the cards the referee may see; omitted, none.")
    hidden = unseen_counts_field("Per player, the cards of the hand not seen; omitted, none (or the whole hand when hands is omitted).")
    dealer = seat("The dealer's seat; omitted, the players draw for the first dealer, each round a move (rules.md §13.6).")
    turn_up = Card(metadata={"description": "The dealer's turn-up; required with a dealer, absent without."})
    stock = CardList(load_default=list, validate=Length(max=3), metadata={"description": "The face-down stock cards, if known; else counted."})
    rules = rules_field(TwentyFour1718RulesSchema, MATCH_RULES, MATCH_RULES_HELP)
    game = Integer(load_default=1, validate=Range(min=1, max=MAX_GAMES))
    hand_number = Integer(load_default=1, validate=Range(min=1, max=10_000), metadata={"description": "This hand's number in its game."})
    chips = fields.List(
        Integer(validate=Range(min=0, max=6)),
        validate=Length(min=4, max=MAX_SEATS),
        metadata={"description": "Chips before this deal, per player."},
    )
    games_won = fields.List(Integer(validate=Range(min=0, max=MAX_GAMES)), validate=Length(min=4, max=MAX_SEATS))
    seed = Integer(validate=Range(min=0, max=MAX_SEED), metadata={"description": "For the deals that follow."})


# -- declarations, tricks, score -------------------------------------------------------------------------
class TwentyFour1718DeclarationsRequestSchema(LeanSchema):
    renamed = HAND_RULES_RENAMED
    hands = hands_field("The hands as dealt, from the leader to the right, the dealer last.")
    turn_up = Card(required=True)
    trump = trump_field()
    rules = rules_field(TwentyFour1718HandRulesSchema, HAND_RULES, HAND_RULES_HELP)


class TwentyFour1718TurnUpSchema(LeanSchema):
    card = fields.String(required=True)
    honor = Boolean(required=True)
    chips = fields.Dict(keys=fields.String(), values=Integer(), required=True, metadata={"example": {"dealer": 1}})
    dealer_position = position("The dealer", required=True)


class TwentyFour1718RunSchema(LeanSchema):
    player_position = position("Whose sequence", required=True)
    suit = fields.String(required=True)
    cards = fields.List(fields.String(), required=True)
    length = Integer(required=True)
    top = fields.String(required=True)


class TwentyFour1718PointCountSchema(LeanSchema):
    player_position = position("Whose Point", required=True)
    suit = fields.String(required=True)
    count = Integer(required=True)
    sum = Integer(required=True)


class TwentyFour1718PointWinnerSchema(LeanSchema):
    winner_position = position("Who took the Point's chip (null when the game stopped before it)", required=True, allow_none=True)
    paid = Boolean(required=True, metadata={"description": "Whether the Point's chip was scored (not when someone reached 24 earlier)."})
    suit = fields.String(required=True)
    count = Integer(required=True)
    sum = Integer(required=True)


class TwentyFour1718AwardSchema(LeanSchema):
    """One chip: its step, who scored it, their chips after it, and what it was for."""

    class Meta:
        unknown = "include"

    step = fields.String(required=True, validate=OneOf(STEPS))
    rule = fields.String(required=True)
    player_position = position("Who scored it", required=True)
    chips = Integer(required=True)
    total = Integer(required=True)


class TwentyFour1718DeclarationsResponseSchema(LeanSchema):
    turn_up = fields.Nested(TwentyFour1718TurnUpSchema, required=True)
    sequences = fields.List(fields.Nested(TwentyFour1718RunSchema), required=True, metadata={"description": "Every sequence of every player."})
    sequence_winner_position = position("Who won the sequences (null when no one held one)", required=True, allow_none=True)
    scoring_sequences = fields.List(fields.Nested(TwentyFour1718RunSchema), required=True)
    points = fields.List(fields.Nested(TwentyFour1718PointCountSchema), required=True)
    point = fields.Nested(TwentyFour1718PointWinnerSchema, required=True)
    chips = fields.List(Integer(), required=True, metadata={"description": "Per player, the dealer's turn-up chip included."})
    steps = fields.List(fields.Nested(TwentyFour1718AwardSchema), required=True)


class TwentyFour1718TrickLegalRequestSchema(LeanSchema):
    hand = CardList(required=True, validate=Length(min=1, max=MAX_HAND))
    trick = CardList(load_default=list, validate=Length(max=MAX_SEATS - 1), metadata={"description": "In playing order, the lead first."})
    trump = trump_field(required=True)


class TwentyFour1718TrickLegalResponseSchema(LeanSchema):
    legal = fields.List(fields.String(), required=True)
    rule = fields.String(required=True, metadata={"description": "Why these cards, in words."})
    section = fields.String(required=True, metadata={"example": "7.2"})
    duty = fields.String(required=True, validate=OneOf(list(RULE_OF_DUTY)))


class TwentyFour1718TrickWinnerRequestSchema(LeanSchema):
    renamed = HAND_RULES_RENAMED
    trick = CardList(required=True, validate=Length(min=4, max=MAX_SEATS), metadata={"description": "In playing order, the lead first."})
    trump = trump_field(required=True)
    rules = rules_field(TwentyFour1718HandRulesSchema, HAND_RULES, HAND_RULES_HELP)


class TwentyFour1718TrickWinnerResponseSchema(LeanSchema):
    winner_position = Integer(
        required=True,
        validate=Range(min=1, max=MAX_SEATS),
        metadata={"description": "The position in the trick of the card that takes it, counted from 1: 1 is the lead."},
    )
    card = fields.String(required=True)
    honors = fields.List(fields.String(), required=True)


class TwentyFour1718ClaimSchema(LeanSchema):
    """A player's announcement: every sequence, and the Point; either may be left out."""

    sequences = fields.List(CardList(validate=Length(max=13)), validate=Length(max=MAX_DECLARED_SEQUENCES))
    point = fields.Nested(TwentyFour1718PointClaimSchema)


class TwentyFour1718ScoreRequestSchema(LeanSchema):
    renamed = HAND_RULES_RENAMED
    hands = hands_field("The hands as dealt, from the leader to the right, the dealer last.")
    turn_up = Card(required=True)
    trump = trump_field()
    rules = rules_field(TwentyFour1718HandRulesSchema, HAND_RULES, HAND_RULES_HELP)
    tricks = fields.List(
        CardList(validate=Length(max=MAX_SEATS)),
        load_default=list,
        validate=Length(max=MAX_TRICKS),
        metadata={"description": "The tricks in order, each in playing order; the leader leads the first, each taker the next."},
    )
    chips = fields.List(
        Integer(validate=Range(min=0, max=6)),
        validate=Length(min=4, max=MAX_SEATS),
        metadata={"description": "Chips before the hand, per player; omitted, none."},
    )
    declarations = fields.List(
        fields.Nested(TwentyFour1718ClaimSchema),
        validate=Length(min=4, max=MAX_SEATS),
        metadata={"description": "What each player announced, if the table wants it checked against the hands."},
    )


class TwentyFour1718PlayedTrickSchema(LeanSchema):
    leader_position = position("Who led it", required=True)
    cards = fields.List(fields.String(), required=True)
    winner_position = position("Who took it (null while it is under way)", required=True, allow_none=True)
    honors = fields.List(fields.String(), required=True)


class TwentyFour1718CardChipSchema(LeanSchema):
    winner_position = position("Who took the most tricks", required=True)
    tricks = Integer(required=True)


class TwentyFour1718ScoreResponseSchema(LeanSchema):
    steps = fields.List(fields.Nested(TwentyFour1718AwardSchema), required=True, metadata={"description": "Each chip in the order of precedence."})
    chips = fields.List(Integer(), required=True, metadata={"description": "Chips scored in this hand, per player."})
    totals = fields.List(Integer(), required=True)
    reached_24 = fields.Nested(TwentyFour1718AwardSchema, required=True, allow_none=True, metadata={"description": "The chip that made six, if one did."})
    declarations = fields.Nested(TwentyFour1718DeclarationsResponseSchema, required=True)
    tricks = fields.List(fields.Nested(TwentyFour1718PlayedTrickSchema), required=True)
    tricks_taken = fields.List(Integer(), required=True)
    card = fields.Nested(TwentyFour1718CardChipSchema, required=True, allow_none=True)
    complete = Boolean(required=True, metadata={"description": "Every trick played, or the game stopped."})
