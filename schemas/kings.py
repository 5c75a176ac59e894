"""24 Kings' schemas: its rules and castles, states and moves, /hands and /calculus, the hand catalog."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, fields, validate

from service.core.sealing import MAX_TOKEN_CHARS
from service.games.kings.hands import MOST_CARDS_HELD
from service.games.kings.moves import ACTIONS
from service.games.kings.rules import HAND_SET_DESCRIPTIONS, HAND_SET_NAMES, OPTION_DESCRIPTIONS
from service.games.kings.start import MAX_SEED
from service.games.kings.state import DEALS, DIRECTIONS, MAX_PLAYERS, PHASES

from .base import LeanSchema
from .common import EventUnion, ReasonSchema, card_texts, event_schema, fill_schema, player_name, transition_schema
from .fields import Boolean, Card, CardList, EntryMap, Integer, Length, Number, OneOf, Range

DECK = 104
SEALED_REQUEST = (
    "true: state is only what the table may see, and sealed is a token of the rest (hands, draw pile, seed), "
    "to send beside the state to every endpoint, and seat_keys, one per player (each seat's answers need its key). "
    "The server shuffles: seed is refused with sealed. false (the default, as before): the whole state in plain JSON."
)
SEALED_NEXT_REQUEST = (
    "true: the follow-on game is sealed too, in the same match (send the finished game's token as match_token): "
    "the match's seat keys serve it. The server shuffles: seed is refused with sealed."
)
MAX_TABLE_PLAYERS = 10


def held_at_most(limit: int) -> validate.Length:
    """A player's cards: at most what a real table lets one hold (rules.md §9, §9.7), named in the refusal.

    A plain ``Length``, so the compiled loader keeps its fast test (schemas/compiled.py).
    """
    return Length(max=limit, error=f"Longer than {limit} cards: a player holds at most {limit} at a real table (rules.md §9, §9.7).")


# Hands are of three or six cards (rules.md §12): eight cards hold two at most.
MOST_HANDS_DECLARED = MOST_CARDS_HELD // 3
DECLARED_HANDS = Length(
    max=MOST_HANDS_DECLARED,
    error=f"Longer than {MOST_HANDS_DECLARED} hands: {MOST_CARDS_HELD} cards hold at most {MOST_HANDS_DECLARED} (rules.md §9.7, §12).",
)


def option_field(name: str) -> Boolean:
    return Boolean(load_default=False, metadata={"description": OPTION_DESCRIPTIONS[name]})


class RulesSchema(LeanSchema):
    """The hand set and the seven options; all optional, defaults as the standard game."""

    hands = fields.String(
        load_default="standard",
        validate=OneOf(HAND_SET_NAMES),
        metadata={"description": "; ".join(f"{k}: {v}" for k, v in HAND_SET_DESCRIPTIONS.items())},
    )
    subjects_count = option_field("subjects_count")
    no_harm_no_foul = option_field("no_harm_no_foul")
    static_castles = option_field("static_castles")
    equal_opportunity = option_field("equal_opportunity")
    shuffle_me_out = option_field("shuffle_me_out")
    face_up_consequences = option_field("face_up_consequences")
    ghoul_raiser = option_field("ghoul_raiser")


class CastleSchema(LeanSchema):
    """A castle card and the Kings stacked on it (0 to 2), bottom first."""

    card = Card(required=True)
    kings = CardList(load_default=list, validate=Length(max=2))


def castles_field() -> fields.List[Any]:
    return fields.List(
        fields.Nested(CastleSchema),
        required=True,
        validate=Length(equal=4),
        metadata={"description": "The four castles in order: 1 North, 2 West, 3 East, 4 South."},
    )


class HandSchema(LeanSchema):
    name = fields.String(required=True, metadata={"example": "Half 7's"})
    family = fields.String(required=True)
    tier = fields.String(required=True, validate=OneOf(["super", "full", "half"]))
    cards = fields.List(fields.String(), required=True)
    points = Number(required=True, metadata={"description": "Exact: a whole number or a half."})


class SplitSchema(LeanSchema):
    """A player's cards divided for The Calculus."""

    score = Number(required=True, metadata={"description": "Exact: a whole number or a half."})
    pointer = fields.String(required=True, allow_none=True)
    hands = fields.List(fields.Nested(HandSchema), required=True)
    saved = fields.List(fields.String(), required=True, metadata={"description": "Left-over cards a King saved (all of them under NO HARM-NO FOUL)."})
    penalised = fields.List(fields.String(), required=True, metadata={"description": "Left-over cards that cost their face value."})
    kings = fields.List(fields.String(), required=True, metadata={"description": "Kings held besides the Pointer (never penalised)."})


class ZoneSchema(LeanSchema):
    """Cards the referee knows (in order, top last) and how many it cannot see."""

    cards = CardList(load_default=list, validate=Length(max=DECK))
    hidden = Integer(load_default=0, validate=Range(min=0, max=DECK))


class PlayerStateSchema(LeanSchema):
    name = player_name(required=True)
    hand = fields.Nested(ZoneSchema, required=True)
    status = fields.String(load_default="in", validate=OneOf(["in", "out"]))
    score = Number(
        load_default=None,
        allow_none=True,
        validate=Range(min=-10_000, max=10_000),
        metadata={"description": "Set once the player is scored (a false call, or the game's end)."},
    )


class MatchSchema(LeanSchema):
    """A match's running record (rules.md §28), carried from game to game by /games/next."""

    games = Integer(required=True, validate=Range(min=0, max=10_000), metadata={"description": "Games finished in the match so far."})
    totals = EntryMap(
        keys=fields.String(),
        values=Number(validate=Range(min=-1_000_000, max=1_000_000)),
        required=True,
        validate=Length(max=MAX_PLAYERS),
        metadata={"description": "Each player's running total: the sum of their scores over those games."},
    )


class OutcomeSchema(LeanSchema):
    reason = fields.String(required=True, validate=OneOf(["valid_call", "last_player_left", "draw_pile_exhausted"]))
    caller = player_name(required=True, allow_none=True)
    castle_values = fields.List(Integer(validate=Range(min=0, max=100)), required=True, validate=Length(equal=4))
    winners = fields.List(fields.String(), required=True, validate=Length(max=MAX_PLAYERS))


class GameStateSchema(LeanSchema):
    """A whole table between two moves; players in clockwise seat order."""

    rules = fields.Nested(RulesSchema, load_default=dict)
    players = fields.List(fields.Nested(PlayerStateSchema), required=True, validate=Length(min=1, max=MAX_PLAYERS))
    castles = castles_field()
    draw_pile = fields.Nested(ZoneSchema, required=True)
    face_up = CardList(load_default=list, validate=Length(max=DECK), metadata={"description": "The face-up discard pile, top last."})
    face_down = fields.Nested(ZoneSchema, load_default=dict)
    set_aside = fields.Nested(ZoneSchema, load_default=dict)
    dealer = Integer(load_default=0, validate=Range(min=0, max=MAX_PLAYERS - 1), metadata={"description": "The Turn's seat."})
    direction = fields.String(load_default="clockwise", validate=OneOf(DIRECTIONS))
    to_act = Integer(required=True, validate=Range(min=0, max=MAX_PLAYERS - 1))
    phase = fields.String(load_default="kingdom-action", validate=OneOf(PHASES))
    seed = Integer(load_default=0, validate=Range(min=0, max=MAX_SEED))
    shuffles = Integer(load_default=0, validate=Range(min=0, max=10**6))
    outcome = fields.Nested(
        OutcomeSchema,
        load_default=None,
        allow_none=True,
        metadata={"description": "Set once the game has ended (phase reveal or over); winners are named in phase over."},
    )
    deal = fields.String(
        load_default="service",
        validate=OneOf(DEALS),
        metadata={"description": "service: the referee shuffled and knows the draw pile; physical: people shuffle, the referee counts (rules.md §26)."},
    )
    match = fields.Nested(MatchSchema, load_default=None, allow_none=True, metadata={"description": "The match so far, when games follow on (rules.md §28)."})


def seat_fields() -> dict[str, fields.Field[Any]]:
    return {
        "players": fields.List(
            player_name(), required=True, validate=Length(min=1, max=MAX_PLAYERS), metadata={"description": "Names in clockwise seat order."}
        ),
        "rules": fields.Nested(RulesSchema, load_default=dict),
        "dealer": Integer(load_default=0, validate=Range(min=0, max=MAX_PLAYERS - 1)),
        "direction": fields.String(load_default="clockwise", validate=OneOf(DIRECTIONS)),
    }


NewGameRequestSchema = LeanSchema.from_dict(
    {
        **seat_fields(),
        "seed": Integer(validate=Range(min=0, max=MAX_SEED), metadata={"description": "Same seed, same game; omitted, one is drawn and returned."}),
        "sealed": Boolean(load_default=False, metadata={"description": SEALED_REQUEST}),
    },
    name="KingsNewGameRequest",
)


def table_deal_fields(castles: fields.Field[Any], note: str = "") -> dict[str, fields.Field[Any]]:
    """What a real table reports of its Castle Phase and deal (rules.md §26): castles, discards, the hands the referee may see."""
    return {
        "castles": castles,
        "face_up": CardList(load_default=list, validate=Length(max=DECK), metadata={"description": f"{note}The Castle Phase's discards."}),
        "hands": fields.List(
            CardList(validate=Length(max=7)),
            validate=Length(max=MAX_PLAYERS),
            metadata={"description": f"{note}Per seat, the cards of that hand the referee may see."},
        ),
    }


TableSetupRequestSchema = LeanSchema.from_dict({**seat_fields(), **table_deal_fields(castles_field())}, name="KingsTableSetupRequest")


NextGameRequestSchema = LeanSchema.from_dict(
    {
        "state": fields.Nested(GameStateSchema, required=True, metadata={"description": "The finished game (phase over)."}),
        "seed": Integer(validate=Range(min=0, max=MAX_SEED), metadata={"description": "A service-dealt game: same seed, same deal."}),
        "sealed": Boolean(load_default=False, metadata={"description": SEALED_NEXT_REQUEST}),
        "match_token": fields.String(
            validate=Length(min=1, max=MAX_TOKEN_CHARS),
            metadata={"description": "With sealed: true, the finished game's sealed token (the one sent beside its state)."},
        ),
        **table_deal_fields(
            fields.List(
                fields.Nested(CastleSchema),
                validate=Length(equal=4),
                metadata={"description": "A physical game: the new Castle Phase's castles (required then)."},
            ),
            "A physical game: ",
        ),
    },
    name="KingsNextGameRequest",
)


class CastleTurnSchema(LeanSchema):
    card = fields.String(required=True)
    became = fields.String(required=True, metadata={"example": "castle 1"})


def declared_hands(description: str) -> fields.List[Any]:
    """A move's declared hands: a verdict, not a schema error, says what is wrong with a hand (rules.md §16)."""
    return fields.List(CardList(validate=Length(min=1, max=6)), allow_none=True, validate=Length(max=8), metadata={"description": description})


class DeclarationSchema(LeanSchema):
    player = player_name(required=True, metadata={"description": "A player still in whose hand the referee sees."})
    pointer = Card(allow_none=True, metadata={"description": "The declared Pointer; omitted, the referee chooses the best."})
    hands = declared_hands("The declared hands, checked as /calculus checks them; omitted, the referee chooses the best.")


class MoveSchema(LeanSchema):
    player = player_name(required=True, metadata={"description": "The player making the move."})
    action = fields.String(required=True, validate=OneOf(ACTIONS))
    card = Card(allow_none=True, metadata={"description": "The card discarded, dumped or played (not for call_hand)."})
    castle = Integer(allow_none=True, validate=Range(min=1, max=4), metadata={"description": "1-4, for play_king and dethrone."})
    take_face_up = CardList(
        load_default=list,
        validate=Length(max=DECK),
        metadata={"description": "GHOUL-RAISER: face-up cards taken instead of drawing (a King action grants two; more is a verdict)."},
    )
    drawn = CardList(load_default=list, validate=Length(max=DECK), metadata={"description": "Cards drawn from a counted (unseen) draw pile, in order."})
    reveal = CardList(allow_none=True, validate=Length(max=DECK), metadata={"description": "call_hand, reveal_hand: the whole hand, unseen cards included."})
    pointer = Card(allow_none=True, metadata={"description": "call_hand, reveal_hand: the declared Pointer (rules.md §27)."})
    hands = fields.List(
        CardList(validate=Length(max=7)),
        allow_none=True,
        validate=Length(max=MAX_PLAYERS),
        metadata={
            "description": "call_hand, reveal_hand: the declared hands, checked as /calculus checks them. deal at a real table: per seat, "
            "the cards of that hand the referee may see (as /games/from-table takes them)."
        },
    )
    castles = fields.List(
        fields.Nested(CastleSchema),
        allow_none=True,
        validate=Length(max=4),
        metadata={"description": "deal at a real table: the four castles the new Castle Phase founded, in order (rules.md §28)."},
    )
    face_up = CardList(allow_none=True, validate=Length(max=DECK), metadata={"description": "deal at a real table: the new Castle Phase's discards."})
    declarations = fields.List(
        fields.Nested(DeclarationSchema),
        validate=Length(max=MAX_PLAYERS),
        metadata={
            "description": "On the move that ends the game: how the other players whose hands the referee sees are scored "
            "(rules.md §27); each declaration is checked as /calculus checks it, and the players left out are scored at their best.",
            "example": [{"player": "bob", "pointer": "AS", "hands": [["2S", "3S", "4S"]]}],
        },
    )


class LegalMoveSchema(MoveSchema):
    """A move as /moves/legal lists it: it may be posted back to /moves/validate or /moves/apply as it is
    (the two notes below are the referee's, and are not read from a posted move)."""

    call_valid = Boolean(metadata={"description": "For call_hand: whether the call would be valid."})
    face_up_choices = fields.List(
        fields.String(), validate=Length(max=DECK), metadata={"description": "GHOUL-RAISER: face-up cards this King action may take."}
    )
    card_choices = fields.List(
        fields.String(),
        validate=Length(max=52),
        metadata={"description": "A move with an unseen card: fill card with one of these (rules.md §26)."},
    )
    reveal_unseen = Integer(metadata={"description": "call_hand, reveal_hand: how many cards reveal adds to the hand's known ones."})
    drawn_unseen = Integer(metadata={"description": "From a counted pile: how many draws drawn may name."})


class ListedMoveSchema(LegalMoveSchema):
    """A move as an answer lists it (/moves/legal, a verdict's alternatives): a template also says what it needs.
    Only in answers: a move posted with ``fill`` is still refused."""

    fill = fields.Nested(
        fill_schema(
            __name__,
            "MoveFillSchema",
            {
                "card": "A card from card_choices.",
                "reveal": "The unseen cards of the hand, beside the known ones.",
                "castles": "A real table's next deal: its castles (face_up and hands may be added).",
            },
        ),
        metadata={"description": "Present on a template (a move needing a card the referee cannot see): what must be filled in before it is sent."},
    )


class LegalMovesResponseSchema(LeanSchema):
    player = fields.String(required=True, allow_none=True)
    phase = fields.String(required=True)
    moves = fields.List(fields.Nested(ListedMoveSchema), required=True)
    counts = fields.Dict(keys=fields.String(), values=Integer(), required=True)


class VerdictSchema(LeanSchema):
    legal = Boolean(required=True)
    reasons = fields.List(fields.Nested(ReasonSchema), required=True)
    alternatives = fields.List(fields.Nested(ListedMoveSchema), required=True)
    call_valid = Boolean(metadata={"description": "For a legal call_hand: whether it is a valid call."})


# -- what a move did: each event by its type (service/games/kings/moves.py and drawing.py) ------------------------------
RULE = "The section of the rule text (GET /v1/24-kings/rules)."


def _event(kind: str, description: str, **carries: fields.Field[Any]) -> type[Schema]:
    return event_schema("Kings", kind, description, RULE, carries)


def _unruled(kind: str, description: str, carries: dict[str, fields.Field[Any]]) -> type[Schema]:
    """An event that names no rule section."""
    return event_schema("Kings", kind, description, None, carries)


def _by(description: str = "Who.") -> fields.String:
    return fields.String(required=True, metadata={"description": description})


def _split(description: str) -> fields.Nested:
    return fields.Nested(SplitSchema, required=True, metadata={"description": description})


class ScoredSplitSchema(SplitSchema):
    """A player scored when the game ends, with their split."""

    player = fields.String(required=True)


class EventSchema(EventUnion):
    """Something that happened, told apart by its ``type``."""

    type_schemas: Mapping[str, type[Schema] | Schema] = {  # typed as the library declares it
        "drew": event_schema(
            "Kings",
            "drew",
            "Cards drawn, from the draw pile or taken from the face-up pile (rules.md §18).",
            None,
            {
                "player": _by(),
                "cards": card_texts("The cards drawn the referee saw."),
                "unseen": Integer(required=True, metadata={"description": "How many cards were drawn unseen."}),
                "from": fields.String(required=True, validate=OneOf(["draw_pile", "face_up"])),
                "rule": fields.String(metadata={"description": "Taken from the face-up pile: the section of the rule text."}),
            },
        ),
        "discarded": _unruled(
            "discarded",
            "A card discarded, face up or face down.",
            {
                "player": _by(),
                "card": fields.String(required=True, allow_none=True, metadata={"description": "null: a face-down discard the referee did not see."}),
                "face": fields.String(required=True, validate=OneOf(["up", "down"])),
            },
        ),
        "turn": _unruled("turn", "The turn passes.", {"player": _by("Who acts next.")}),
        "king_dumped": _event("king_dumped", "A King dumped on the face-up pile (rules.md §9.3).", player=_by(), card=fields.String(required=True)),
        "castle_changed": _event(
            "castle_changed",
            "A castle crowned, doubled or dethroned by a King (rules.md §9.4, §9.5).",
            castle=Integer(required=True, validate=Range(min=1, max=4), metadata={"description": "1 North, 2 West, 3 East, 4 South."}),
            change=fields.String(required=True, validate=OneOf(["crowned", "double_king", "dethroned"])),
            player=_by(),
            king=fields.String(required=True),
            subject=fields.String(required=True, allow_none=True, metadata={"description": "The castle's card; null when a King already topped it."}),
            discarded=fields.List(fields.String(), metadata={"description": "dethroned: the cards sent to the face-up pile."}),
            before=fields.Nested(CastleSchema, required=True),
            after=fields.Nested(CastleSchema, required=True),
        ),
        "hand_called": _event(
            "hand_called",
            "A player called their hand (rules.md §11).",
            player=_by(),
            valid=Boolean(required=True),
            cards=card_texts("The hand shown."),
            split=fields.Nested(SplitSchema, metadata={"description": "A valid call: how the hand is scored."}),
        ),
        "player_out": _event(
            "player_out",
            "A false call puts its caller out, scored (rules.md §11).",
            player=_by(),
            score=Number(required=True),
            split=_split("How the hand was scored."),
        ),
        "hand_revealed": _event(
            "hand_revealed",
            "A hand the referee could not see, shown and scored (rules.md §27).",
            player=_by(),
            cards=card_texts("The hand."),
            split=_split("How it scored."),
        ),
        "reveal_turn": _event(
            "reveal_turn",
            "The next unseen hand must be revealed (rules.md §27).",
            player=_by(),
            unseen=Integer(required=True, metadata={"description": "How many of their cards the referee cannot see."}),
        ),
        "reshuffled": _event(
            "reshuffled",
            "The discards shuffled into a new draw pile (rules.md §10).",
            shuffle=Integer(required=True, metadata={"description": "Which shuffle this is."}),
            cards=Integer(required=True, metadata={"description": "The new pile's size."}),
        ),
        "face_up_removed": _event("face_up_removed", "Face-up cards set aside at a reshuffle (rules.md §10).", cards=card_texts("The cards set aside.")),
        "game_over": _event(
            "game_over",
            "The Calculus (rules.md §15-§17): why the game ended and every player scored.",
            **{name: field for name, field in OutcomeSchema().declared_fields.items() if name != "winners"},
            scores=fields.List(fields.Nested(ScoredSplitSchema), required=True, metadata={"description": "Every player scored now."}),
            unscored=fields.List(fields.String(), required=True, metadata={"description": "Players whose unseen hands are revealed next (rules.md §27)."}),
            winners=fields.List(fields.String(), required=True),
        ),
        "winners": _event("winners", "The last hand revealed: the winners (rules.md §17).", winners=fields.List(fields.String(), required=True)),
        "game_dealt": _event(
            "game_dealt",
            "The next game of the match dealt (rules.md §28): its number in the match, its dealer (The Turn), its Castle Phase.",
            game=Integer(required=True, metadata={"description": "The new game's number in the match (the first game is 1)."}),
            dealer=_by("The new game's dealer, The Turn."),
            castle_phase=fields.List(
                fields.Nested(CastleTurnSchema),
                required=True,
                metadata={"description": "The Castle Phase's turns as the referee made them; empty for a game dealt at a real table."},
            ),
        ),
    }


TransitionSchema = transition_schema(__name__, MoveSchema, GameStateSchema, EventSchema)


class DealEventSchema(EventUnion):
    """What happened while the service dealt: the reshuffles a deal may need (rules.md §8, §10)."""

    type_schemas: Mapping[str, type[Schema] | Schema] = {kind: EventSchema.type_schemas[kind] for kind in ("face_up_removed", "reshuffled")}


class NewGameResponseSchema(LeanSchema):
    state = fields.Nested(GameStateSchema, required=True)
    castle_phase = fields.List(
        fields.Nested(CastleTurnSchema),
        required=True,
        metadata={"description": "The Castle Phase's turns as the referee made them; empty for a game dealt at a real table (0.3.0)."},
    )
    events = fields.List(
        fields.Nested(DealEventSchema),
        required=True,
        metadata={"description": "Reshuffles during the deal, if any; empty at a real table (`deal_events` before 0.3.0)."},
    )
    sealed = fields.String(metadata={"description": "With sealed: true, the token of the hidden cards; state is then the public part."})
    sealed_move = fields.Integer(metadata={"description": "With sealed: true, the token's move number along the match (docs/sealed-deals.md)."})
    seat_keys = fields.Dict(
        keys=fields.String(),
        values=fields.String(),
        metadata={"description": "With sealed: true on POST /games, each player's seat key; the match's follow-on games keep them."},
    )


class HandsRequestSchema(LeanSchema):
    rules = fields.Nested(RulesSchema, load_default=dict)
    castles = castles_field()
    cards = CardList(required=True, validate=held_at_most(MOST_CARDS_HELD), metadata={"description": f"Up to {MOST_CARDS_HELD} cards; a HAND! call needs 7."})


class ProgressSchema(LeanSchema):
    name = fields.String(required=True)
    family = fields.String(required=True)
    tier = fields.String(required=True)
    in_play = Boolean(required=True, metadata={"description": "Whether the hand set in force plays this hand."})
    held = fields.List(fields.String(), required=True)
    missing = fields.List(fields.String(), required=True, metadata={"description": "Cards still needed; 'Q*' means a Queen of any suit."})
    complete = Boolean(required=True)
    points = Number(required=True)


class HandsResponseSchema(LeanSchema):
    castle_values = fields.List(Integer(), required=True)
    valid_call = Boolean(required=True)
    calling_split = fields.Nested(SplitSchema, required=True, allow_none=True)
    best = fields.Nested(SplitSchema, required=True)
    found = fields.List(fields.Nested(HandSchema), required=True)
    progress = fields.List(fields.Nested(ProgressSchema), required=True)


class TablePlayerSchema(LeanSchema):
    name = player_name(required=True)
    cards = CardList(required=True, validate=held_at_most(MOST_CARDS_HELD), metadata={"description": f"Up to {MOST_CARDS_HELD} cards."})
    pointer = Card(metadata={"description": "Declared Pointer; omitted, the referee chooses the best."})
    hands = fields.List(
        CardList(validate=Length(min=3, max=6)),
        validate=DECLARED_HANDS,
        metadata={"description": f"Declared hands (at most {MOST_HANDS_DECLARED}); omitted, the referee chooses the best."},
    )


class CalculusRequestSchema(LeanSchema):
    rules = fields.Nested(RulesSchema, load_default=dict)
    castles = castles_field()
    players = fields.List(fields.Nested(TablePlayerSchema), required=True, validate=Length(min=1, max=MAX_TABLE_PLAYERS))
    caller = player_name()


class PlayerResultSchema(SplitSchema):
    name = fields.String(required=True)
    declared = Boolean(required=True)


class CallSchema(LeanSchema):
    player = fields.String(required=True)
    valid = Boolean(required=True)
    reason = fields.String(required=True)


class CalculusResponseSchema(LeanSchema):
    castle_values = fields.List(Integer(), required=True)
    players = fields.List(fields.Nested(PlayerResultSchema), required=True)
    winners = fields.List(fields.String(), required=True)
    call = fields.Nested(CallSchema, metadata={"description": "Present when a caller was given."})


class HandSpecSchema(LeanSchema):
    name = fields.String(required=True)
    family = fields.String(required=True)
    tier = fields.String(required=True)
    size = fields.Integer(required=True)
    ranks = fields.List(fields.List(fields.String()), required=True, metadata={"description": "Alternative rank patterns."})
    suits = fields.String(required=True)
    structure = fields.String(required=True)
    points = fields.String(required=True, metadata={"example": "(1/2)*|K1 - K2|"})
    castles = fields.List(fields.Integer(), required=True)


class HandSetSchema(LeanSchema):
    name = fields.String(required=True)
    description = fields.String(required=True)
    hands = fields.List(fields.String(), required=True)


class RulesCatalogSchema(LeanSchema):
    hands = fields.List(fields.Nested(HandSpecSchema), required=True)
    hand_sets = fields.List(fields.Nested(HandSetSchema), required=True)
    options = fields.Dict(keys=fields.String(), values=fields.String(), required=True)


class CountSchema(LeanSchema):
    count = Integer(required=True, metadata={"description": "How many cards: a player sees the pile's size, not its cards."})


class ViewPlayerSchema(LeanSchema):
    name = fields.String(required=True)
    status = fields.String(required=True, validate=OneOf(["in", "out"]))
    cards_held = Integer(required=True)
    score = Number(required=True, allow_none=True)
    hand = fields.Nested(ZoneSchema, metadata={"description": "The viewer's own hand only."})


class ViewSchema(LeanSchema):
    """The table as one player sees it: their own hand, the others' sizes, the public cards, the piles as counts."""

    player = fields.String(required=True, metadata={"description": "Whose view this is."})
    rules = fields.Nested(RulesSchema, required=True)
    players = fields.List(fields.Nested(ViewPlayerSchema), required=True)
    castles = fields.List(fields.Nested(CastleSchema), required=True)
    draw_pile = fields.Nested(CountSchema, required=True)
    face_up = fields.List(fields.String(), required=True)
    face_down = fields.Nested(CountSchema, required=True)
    set_aside = fields.Nested(ZoneSchema, required=True)
    dealer = Integer(required=True)
    direction = fields.String(required=True, validate=OneOf(DIRECTIONS))
    to_act = Integer(required=True)
    phase = fields.String(required=True, validate=OneOf(PHASES))
    shuffles = Integer(required=True)
    outcome = fields.Nested(OutcomeSchema, required=True, allow_none=True)
    deal = fields.String(required=True, validate=OneOf(DEALS))
    match = fields.Nested(MatchSchema, required=True, allow_none=True)
