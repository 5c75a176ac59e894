"""A real table (rules.md §1.4, §11): honors alternating by games, hands only counted, voids and revokes, the real next deal.

Every expected value is worked by hand here or comes from the independent oracle (tests/twenty_four_1718/oracle.py).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from service.core.cards import parse_card, parse_cards
from service.core.problems import InvalidInput
from service.core.records import listed
from service.games.twenty_four_1718 import GAME
from service.games.twenty_four_1718.moves import Move
from service.games.twenty_four_1718.start import TableHand, new_match, table_hand
from service.games.twenty_four_1718.state import TableState, state_problems

from . import oracle
from .test_declarations import EXAMPLE

FIVE = ("ann", "bob", "cy", "dee", "eve")


def apply(state: TableState, player: str, action: str, **fields: object) -> tuple[TableState, list[dict]]:
    transition = GAME.apply(state, Move(player, action, **fields))  # type: ignore[arg-type]
    return transition.state, list(transition.events)


def play(state: TableState, player: str, card: str) -> tuple[TableState, list[dict]]:
    return apply(state, player, "play", card=parse_card(card))


def verdict(state: TableState, player: str, card: str) -> dict:
    return GAME.judge(state, Move(player, "play", parse_card(card))).to_dict()


def unseen_table(turn_up: str = "KC", honors: str = "point") -> TableState:
    """Five hands the referee only counts (ten cards each); eve deals, ann leads; nothing has been shown."""
    hand = table_hand(TableHand(FIVE, ((),) * 5, dealer=4, turn_up=parse_card(turn_up), honors=honors, hidden=(10,) * 5))  # type: ignore[arg-type]
    return hand.state


def announce_nothing(state: TableState, point: tuple[int, int] = (3, 20)) -> TableState:
    """Every player announces no sequence and a Point of three cards worth 20 (ann, the first, wins it on the tie)."""
    while state.phase == "declare":
        state, _ = apply(state, state.acting.name, "declare", sequences=(), point=point)
    return state


# -- the physical hand's end waits for the real deal (§11.5) ------------------------------------------------
def test_a_real_tables_hand_ends_waiting_for_its_real_deal_and_scores_no_invented_turn_up():
    hands = [parse_cards(text.split()) for text in EXAMPLE]  # ann leads, eve deals; 5H turned up on KC, honors at the point
    state = table_hand(TableHand(FIVE, tuple(map(tuple, hands)), dealer=4, turn_up=parse_card("5H"), stock=(parse_card("KC"),))).state
    assert state.deal == "physical"
    tricks: list[list[str]] = []
    events: list[dict] = []
    while state.phase != "deal":
        move = GAME.legal_moves(state)[0]  # a whole hand seen: the referee's own declarations, then the first legal card
        transition = GAME.apply(state, move)
        events = list(transition.events)
        if move.action == "play" and not state.trick.cards:
            tricks.append([])
        if move.action == "play":
            tricks[-1].append(str(move.card))
        state = transition.state
    expected, stop = oracle.chips_of_hand([text.split() for text in EXAMPLE], "5H", "point", tricks, [0] * 5)
    assert stop is None and len(tricks) == 10
    assert [player.chips for player in state.players] == expected  # the hand's chips, and nothing for a next turn-up
    assert [event["type"] for event in events if event["type"] in ("dealt", "deal_awaited")] == ["deal_awaited"]
    assert not [event for event in events if event.get("step") == "turn_up"]
    # the previous leader (ann) deals the next hand; the referee waits for her real deal
    assert (state.dealer, state.to_act, state.hand_number, state.game) == (0, 0, 2, 1)
    assert all(player.hand == () and player.hidden == 0 for player in state.players)
    assert [(option.move.to_dict(), list(option.fill)) for option in listed(GAME.legal_moves(state))] == [({"player": "ann", "action": "deal"}, ["turn_up"])]
    refused = GAME.judge(state, Move("bob", "play", parse_card("2S"))).to_dict()
    assert not refused["legal"] and refused["reasons"][-1]["code"] == "deal_first"
    # ann's real deal: 3S turned up is an honor at the point, so ann (the dealer) scores one chip; bob leads
    state, events = apply(state, "ann", "deal", turn_up=parse_card("3S"))
    assert [player.chips for player in state.players] == [expected[0] + 1, *expected[1:]]
    assert (state.phase, state.leader, state.trump) == ("declare", 1, "S")
    assert all(player.hidden == 10 and player.hand == () for player in state.players)
    assert [event["type"] for event in events] == ["dealt", "scored"]


def test_a_state_waiting_for_its_deal_names_the_players_in_its_problems_not_seats():
    """Issue 30: a message names the player, never a seat number counted one way on the wire and another in words."""
    hands = [parse_cards(text.split()) for text in EXAMPLE]
    state = table_hand(TableHand(FIVE, tuple(map(tuple, hands)), dealer=4, turn_up=parse_card("5H"), stock=(parse_card("KC"),))).state
    while state.phase != "deal":
        state = GAME.apply(state, GAME.legal_moves(state)[0]).state
    assert (state.dealer, state.to_act) == (0, 0)
    problems = [(p.pointer, p.code, p.message) for p in state_problems(replace(state, to_act=2))]
    assert problems == [("/to_act", "wrong_turn", "the dealer, ann, enters the deal, not cy")]
    far = [(p.code, p.message) for p in state_problems(replace(state, dealer=7, to_act=2))]  # a seat that is not there: named as sent
    assert ("seat_out_of_range", "seat 7 does not exist at a table of 5 (seats count from 0)") in far
    assert ("wrong_turn", "the dealer, seat 7, enters the deal, not cy") in far


def test_a_deal_is_refused_outside_its_moment_and_with_impossible_cards():
    state = unseen_table()
    refused = GAME.judge(state, Move("ann", "deal", turn_up=parse_card("3S"))).to_dict()
    assert [reason["code"] for reason in refused["reasons"]] == ["not_dealing"]  # ann leads: her turn, but no deal is awaited
    waiting = _waiting_for_deal()
    twice = GAME.judge(waiting, Move("ann", "deal", turn_up=parse_card("3S"), hands=((parse_card("3S"),), (), (), (), ()), hidden=(9, 10, 10, 10, 10)))
    assert [reason["code"] for reason in twice.to_dict()["reasons"]] == ["card_twice"]
    short = GAME.judge(waiting, Move("ann", "deal", turn_up=parse_card("3S"), hidden=(10, 10, 10, 10, 9))).to_dict()
    assert [(reason["code"], reason["pointer"]) for reason in short["reasons"]] == [("hand_size", "/hands/4")]


def _waiting_for_deal() -> TableState:
    hands = [parse_cards(text.split()) for text in EXAMPLE]
    state = table_hand(TableHand(FIVE, tuple(map(tuple, hands)), dealer=4, turn_up=parse_card("5H"), stock=(parse_card("KC"),))).state
    while state.phase != "deal":
        state = GAME.apply(state, GAME.legal_moves(state)[0]).state
    return state


# -- honors alternating by games (§1.4) ---------------------------------------------------------------------
def test_alternate_games_plays_every_hand_of_the_first_game_at_the_point_and_the_next_game_at_the_face_cards():
    state = new_match(list(FIVE), honors="alternate_games", games=2, seed=24, dealer=0).state
    dealt: list[tuple[int, int, str]] = []
    while state.phase != "over" and not (state.game == 2 and state.hand_number >= 2):
        transition = GAME.apply(state, GAME.legal_moves(state)[0])
        dealt += [(event["game"], event["hand_number"], event["honors"]) for event in transition.events if event["type"] == "dealt"]
        state = transition.state
    first = [honors for game, _, honors in dealt if game == 1]
    second = [honors for game, _, honors in dealt if game == 2]
    assert len(first) >= 2, "the first game ran over more than one hand, so by-hands alternation would have shown the face cards"
    assert set(first) == {"point"}  # by games: the second hand of game 1 is still at the point (alternate would say face)
    assert second and set(second) == {"face"}


def test_alternate_by_hands_still_restarts_each_game_at_the_point():
    state = unseen_table(honors="alternate")
    assert GAME.legal_report(state).to_dict()["honors"] == ["AC", "2C", "3C", "4C", "5C"]
    by_games = table_hand(
        TableHand(FIVE, ((),) * 5, dealer=4, turn_up=parse_card("KC"), honors="alternate_games", games=3, game=2, games_won=(1, 0, 0, 0, 0), hidden=(10,) * 5)
    ).state  # type: ignore[arg-type]
    assert GAME.legal_report(by_games).to_dict()["honors"] == ["9C", "10C", "JC", "QC", "KC"]


# -- voids inferred and revokes refused (§11.4) -------------------------------------------------------------
def _first_trick(state: TableState, cards: list[tuple[str, str]]) -> TableState:
    for player, card in cards:
        state, _ = play(state, player, card)
    return state


def test_a_failure_to_follow_proves_a_void_and_a_later_card_of_that_suit_is_a_revoke_citing_the_trick():
    state = announce_nothing(unseen_table())  # clubs are trumps (KC turned up)
    # trick 1: ann leads 7S; bob heads with 9S; cy plays 3H: void in spades, and, the trick holding no trump, void in clubs too
    state = _first_trick(state, [("ann", "7S"), ("bob", "9S"), ("cy", "3H"), ("dee", "KS"), ("eve", "2S")])
    assert state.trick.leader == 3  # dee's KS took it
    state = _first_trick(state, [("dee", "4D"), ("eve", "5D"), ("ann", "6D"), ("bob", "7D")])
    spade = verdict(state, "cy", "8S")
    assert not spade["legal"]
    assert [(r["code"], r["rule"], r["pointer"]) for r in spade["reasons"]] == [("revoke", "13.3", "/state/tricks/0")]
    assert "trick 1" in spade["reasons"][0]["message"] and "3H" in spade["reasons"][0]["message"]
    trump = verdict(state, "cy", "2C")
    assert [(r["code"], r["pointer"]) for r in trump["reasons"]] == [("revoke", "/state/tricks/0")]
    assert verdict(state, "cy", "8D")["legal"]  # a diamond was never denied
    assert verdict(state, "cy", "KS")["reasons"][0]["code"] == "card_known_elsewhere"  # dee played it to trick 1
    legal = {move.card and str(move.card) for move in GAME.legal_moves(state)}
    assert "8S" not in legal and "2C" not in legal and "8D" in legal


def test_no_trump_into_a_ruffed_trick_proves_only_no_higher_trump():
    state = announce_nothing(unseen_table())  # clubs are trumps
    # trick 1: ann leads 7S, bob ruffs with 5C, cy plays 3H: cy holds no spade and no club above 5C, but may hold a lower club
    state = _first_trick(state, [("ann", "7S"), ("bob", "5C"), ("cy", "3H"), ("dee", "KS"), ("eve", "2S")])
    assert state.trick.leader == 1
    state, _ = play(state, "bob", "4D")
    assert verdict(state, "cy", "2C")["legal"]  # a lower trump is not denied
    state, _ = play(state, "cy", "2C")
    state = _first_trick(state, [("dee", "6D"), ("eve", "7D"), ("ann", "8D")])
    assert state.trick.leader == 2  # cy's 2C took trick 2
    higher = verdict(state, "cy", "9C")
    assert [(r["code"], r["rule"], r["pointer"]) for r in higher["reasons"]] == [("revoke", "13.3", "/state/tricks/0")]
    assert verdict(state, "cy", "4C")["legal"]


def test_a_declaration_a_later_play_shows_false_is_reported_with_its_tricks_and_its_chip_stands():
    state = unseen_table()
    # ann announces a Point of three cards worth 21; bob announces five cards worth 40 and wins the Point
    claims = {"ann": (3, 21), "bob": (5, 40), "cy": (3, 20), "dee": (3, 20), "eve": (3, 20)}
    while state.phase == "declare":
        state, _ = apply(state, state.acting.name, "declare", sequences=(), point=claims[state.acting.name])
    chips = [player.chips for player in state.players]
    assert chips == [0, 1, 0, 0, 0]  # KC turned up is no honor at the point; bob's Point
    state = _first_trick(state, [("ann", "7H"), ("bob", "9H"), ("cy", "3S"), ("dee", "KH"), ("eve", "2H")])
    state = _first_trick(state, [("dee", "4D"), ("eve", "5D"), ("ann", "6H"), ("bob", "7D"), ("cy", "8D")])
    state = _first_trick(state, [("cy", "QD"), ("dee", "KD"), ("eve", "JD"), ("ann", "8H"), ("bob", "9D")])
    # ann has shown 7H 6H 8H, three hearts worth 21, as she announced; a fourth heart shows her Point false
    state, _ = play(state, "dee", "AH")
    state, _ = play(state, "eve", "3H")
    state, events = play(state, "ann", "10H")
    reported = [event for event in events if event["type"] == "declaration_contradicted"]
    assert len(reported) == 1
    assert (reported[0]["player"], reported[0]["tricks"], reported[0]["rule"]) == ("ann", [1, 2, 3, 4], "13.4")
    assert [player.chips for player in state.players] == [0, 1, 0, 0, 0]


def test_each_false_part_of_a_declaration_is_reported_once_when_first_shown():
    """Issue 27's review: a declaration false in its Point and in its sequences is reported for each, not once only."""
    state = unseen_table()
    claims = {"ann": (3, 21), "bob": (5, 40), "cy": (3, 20), "dee": (3, 20), "eve": (3, 20)}
    while state.phase == "declare":
        state, _ = apply(state, state.acting.name, "declare", sequences=(), point=claims[state.acting.name])
    state = _first_trick(state, [("ann", "7H"), ("bob", "9H"), ("cy", "3S"), ("dee", "KH"), ("eve", "2H")])
    state = _first_trick(state, [("dee", "4D"), ("eve", "5D"), ("ann", "6H"), ("bob", "7D"), ("cy", "8D")])
    state = _first_trick(state, [("cy", "QD"), ("dee", "KD"), ("eve", "JD"), ("ann", "8H"), ("bob", "9D")])
    state = _first_trick(state, [("dee", "AH"), ("eve", "3H")])
    state, events = play(state, "ann", "10H")  # four hearts worth 31: the Point (3 worth 21) is false
    assert [(e["part"], e["tricks"]) for e in events if e["type"] == "declaration_contradicted"] == [("point", [1, 2, 3, 4])]
    state = _first_trick(state, [("bob", "8S"), ("cy", "2S")])  # ann's 10H takes trick 4 (the Ace is low); she leads
    state, events = play(state, "ann", "5H")  # five hearts: the Point more false still, already reported
    assert not [e for e in events if e["type"] == "declaration_contradicted"]
    # ann, bob and cy have shown they hold no club (trumps): the twelve unseen clubs are dee's, eve's and the stock's, so
    # dee, void in hearts, must ruff, and eve must overruff; eve's trick (an earlier version had dee and eve discard
    # spades, which no deal allows: the referee now refuses dee's 5S)
    state = _first_trick(state, [("bob", "9S"), ("cy", "4S"), ("dee", "2C"), ("eve", "QC"), ("eve", "JC")])
    state, events = play(state, "ann", "4H")  # void in clubs, any card: 4H 5H 6H 7H 8H, a sequence she did not announce (none announced)
    reported = [e for e in events if e["type"] == "declaration_contradicted"]
    assert [(e["player"], e["part"], e["tricks"]) for e in reported] == [("ann", "sequences", [1, 2, 3, 5, 6])]
    assert reported[0]["message"] == "4H 5H 6H 7H 8H is a sequence not announced"


# -- announced cards and the unseen cards' places (§13.3, §13.4) -----------------------------------------------
ANNOUNCED = {
    "ann": ((), (3, 20)),
    "bob": ((), (3, 20)),
    "cy": ((("8H", "9H", "10H", "JH", "QH"),), (5, 47)),  # 8 + 9 + 10 + 10 + 10: J and Q count ten (§6)
    "dee": ((), (3, 20)),
    "eve": ((), (3, 20)),
}


def _announced_table() -> TableState:
    """Every hand counted; cy announces the hearts 8 to Q, which the announcement shows (§13.4)."""
    state = unseen_table()
    while state.phase == "declare":
        runs, point = ANNOUNCED[state.acting.name]
        state, _ = apply(state, state.acting.name, "declare", sequences=tuple(tuple(parse_cards(run)) for run in runs), point=point)
    return state


def test_a_state_counting_announced_cards_as_unseen_holds_them_in_the_declarers_hand():
    """The contract's watched table sent every hand as a count and kept the claims; the referee then offered cy's
    announced JH and 10H to ann and eve. The cards of an announced sequence are shown (§13.4): they are cy's."""
    data = _announced_table().to_dict()
    for seat in data["players"]:
        seat["hidden"], seat["hand"] = seat["hidden"] + len(seat["hand"]), []  # the hands as counts, the claims kept
    state = GAME.read_state(data)
    cy = state.players[2]
    assert (sorted(map(str, cy.hand)), cy.hidden) == (sorted(["8H", "9H", "10H", "JH", "QH"]), 5)
    assert not state_problems(state)
    offered = {str(move.card) for move in GAME.legal_moves(state)}  # ann leads: any card she may hold
    assert not offered & {"8H", "9H", "10H", "JH", "QH"}
    assert len(offered) == 52 - 1 - 5  # all but the turn-up (KC) and cy's five hearts
    refused = verdict(state, "ann", "JH")
    assert [(r["code"], r["rule"]) for r in refused["reasons"]] == [("card_known_elsewhere", "13.2")]


def test_a_state_announcing_more_cards_than_the_hand_counts_is_refused():
    """cy holds her five hearts and five unseen cards, yet the state says she announced ten more cards: no deal gives that."""
    data = _announced_table().to_dict()
    runs = [["8H", "9H", "10H", "JH", "QH"], ["2D", "3D", "4D", "5D", "6D"], ["2S", "3S", "4S", "5S", "6S"]]
    data["claims"][2] = {"sequences": runs, "point": {"count": 5, "sum": 47}}
    with pytest.raises(InvalidInput) as raised:
        GAME.read_state(data)
    assert {(p.pointer, p.code) for p in raised.value.problems} >= {("/players/2/hand", "announced_card_not_held")}


def test_a_play_that_leaves_the_unseen_trumps_nowhere_is_refused_and_a_trump_is_offered():
    """Clubs are trumps (KC turned up) and none has been played. By trick 5, ann, bob and cy have each failed to
    follow into a trick holding no trump, so none holds a club (§13.3): the twelve unseen clubs are in dee's six
    cards, eve's six and the stock's one. dee, to play to ann's 5H, cannot then discard a spade (she would show
    herself void in hearts and clubs, leaving twelve clubs for seven places); the referee used to accept it and
    later find a player to act with no legal card."""
    state = announce_nothing(unseen_table())
    state = _first_trick(state, [("ann", "7H"), ("bob", "9H"), ("cy", "3S"), ("dee", "KH"), ("eve", "2H")])  # cy: no heart, no club
    state = _first_trick(state, [("dee", "4D"), ("eve", "5D"), ("ann", "6H"), ("bob", "7D"), ("cy", "8D")])  # ann: no diamond, no club
    state = _first_trick(state, [("cy", "QD"), ("dee", "KD"), ("eve", "JD"), ("ann", "8H"), ("bob", "9D")])
    state = _first_trick(state, [("dee", "AH"), ("eve", "3H"), ("ann", "10H"), ("bob", "8S"), ("cy", "2S")])  # bob: no heart, no club
    state = _first_trick(state, [("ann", "5H"), ("bob", "9S"), ("cy", "4S")])
    assert state.acting.name == "dee" and state.acting.hidden == 6 and state.players[4].hidden == 6 and state.stock.hidden == 1
    refused = verdict(state, "dee", "5S")
    assert [(r["code"], r["rule"], r["pointer"]) for r in refused["reasons"]] == [("unseen_cards_misplaced", "13.3", "/card")]
    offered = [str(move.card) for move in GAME.legal_moves(state)]
    clubs = [card for card in offered if card.endswith("C")]
    assert clubs and all(card.endswith(("C", "H")) for card in offered)  # a trump, or a heart (the unseen 4H JH QH)
    for card in clubs:  # each listed play is one the referee then accepts
        assert verdict(state, "dee", card)["legal"] is True


def test_an_announcement_the_known_cards_deny_is_refused():
    state = unseen_table()
    refused = GAME.judge(state, Move("ann", "declare", sequences=(tuple(parse_cards(["KC", "QC", "JC", "10C", "9C"])),), point=(5, 49))).to_dict()
    assert [(r["code"], r["pointer"]) for r in refused["reasons"]] == [("card_known_elsewhere", "/sequences/0")]
    silent = GAME.judge(state, Move("ann", "declare")).to_dict()
    assert [r["code"] for r in silent["reasons"]] == ["announcement_required"]
    short = GAME.judge(state, Move("ann", "declare", sequences=(tuple(parse_cards(["2H", "3H", "4H", "5H", "6H", "7H"])),), point=(5, 27))).to_dict()
    assert [r["code"] for r in short["reasons"]] == ["declaration_contradicted"]  # six hearts shown, a Point of five announced


# Worked by hand for a ten-card hand (five players): the longest suit holds 3 to 10 cards; n cards of a suit are
# worth from A + 2 + ... (the n lowest) to K + Q + J + 10 + 9 + ... (the n highest, J Q K counting ten).
@pytest.mark.parametrize(
    ("point", "possible"),
    [
        ((6, 20), False),  # six cards are worth at least 1 + 2 + 3 + 4 + 5 + 6 = 21
        ((6, 21), True),
        ((6, 55), True),
        ((6, 57), True),  # the six highest: K Q J 10 9 8 = 10 + 10 + 10 + 10 + 9 + 8
        ((6, 58), False),
        ((2, 19), False),  # ten cards in four suits: some suit holds three
        ((3, 5), False),  # three cards are worth at least 1 + 2 + 3 = 6
        ((3, 30), True),
        ((10, 79), True),  # every card but A 2 3 of a suit: 4 + 5 + ... + 10 + 10 + 10 + 10 = 79
        ((10, 80), False),
        ((11, 70), False),  # more cards than the hand holds
    ],
)
def test_an_announced_point_no_cards_of_one_suit_can_make_is_refused(point, possible):
    verdict = GAME.judge(unseen_table(), Move("ann", "declare", sequences=(), point=point)).to_dict()
    assert (verdict["legal"], [r["code"] for r in verdict["reasons"]]) == ((True, []) if possible else (False, ["impossible_point"]))


# -- the draw for the first dealer at a real table (§2.1, §13.6) ---------------------------------------------
def test_the_real_draw_for_the_first_dealer_is_entered_round_by_round_and_ties_draw_again():
    state = table_hand(TableHand(FIVE, ((),) * 5, dealer=None, turn_up=None)).state
    assert (state.phase, state.deals, state.to_act) == ("draw", 0, 0)
    assert state.to_dict()["stock"] is None
    assert [(option.move.to_dict(), list(option.fill)) for option in listed(GAME.legal_moves(state))] == [({"player": "ann", "action": "draw"}, ["drawn"])]
    # round 1: ann, bob and dee all draw a King; only they draw again
    state, events = apply(state, "ann", "draw", drawn=tuple(parse_cards(["KS", "KH", "3D", "KD", "2C"])))
    assert (state.phase, state.drawing) == ("draw", [0, 1, 3])
    again = GAME.judge(state, Move("ann", "draw", drawn=tuple(parse_cards(["KS", "JH", "9C"])))).to_dict()
    assert [(r["code"], r["pointer"]) for r in again["reasons"]] == [("card_twice", "/drawn/0")]  # KS was drawn in round 1
    three = GAME.judge(state, Move("ann", "draw", drawn=tuple(parse_cards(["5S", "JH", "9C", "4C"])))).to_dict()
    assert [r["code"] for r in three["reasons"]] == ["drawn_count"]
    # round 2: ann 5S, bob JH, dee 9C: bob alone is highest and deals; cy, on his right, will lead
    state, events = apply(state, "ann", "draw", drawn=tuple(parse_cards(["5S", "JH", "9C"])))
    assert (state.phase, state.dealer, state.to_act) == ("deal", 1, 1)
    assert events[-1] == {"type": "dealer_drawn", "player": "bob", "seat": 1, "rule": "2.1"}
    assert [(option.move.to_dict(), list(option.fill)) for option in listed(GAME.legal_moves(state))] == [({"player": "bob", "action": "deal"}, ["turn_up"])]
    state, _ = apply(state, "bob", "deal", turn_up=parse_card("9H"))
    assert (state.phase, state.leader, state.trump, state.deals) == ("declare", 2, "H", 1)
    assert [player.chips for player in state.players] == [0] * 5  # 9H is no honor at the point
    assert GAME.read_state(state.to_dict()) == state


def test_a_state_whose_announcements_hold_no_real_sequence_is_refused_whole():
    state = announce_nothing(unseen_table()).to_dict()
    state["claims"][0]["sequences"] = [["2H", "3H"]]
    with pytest.raises(InvalidInput) as refused:
        GAME.read_state(state)
    assert [(problem.pointer, problem.code) for problem in refused.value.problems] == [("/claims/0/sequences/0", "not_a_sequence")]


def test_what_a_play_denies_is_the_duty_read_card_by_card():
    """The referee's shortcut for what one play proves a hand lacks (§13.3) agrees with the duty of §7 itself, asked of
    the play and that one card held together, over every lead, trump and pair of cards of a seeded sample."""
    import random

    from service.games.twenty_four_1718.pack import PACK
    from service.games.twenty_four_1718.table import _denies
    from service.games.twenty_four_1718.tricks import obligation, refusal

    rng = random.Random(1718)
    for _ in range(20_000):
        size = rng.randint(1, 4)
        *before, play, card = rng.sample(PACK.cards(), size + 2)
        trump = rng.choice("SHDC")
        assert _denies(play, before, trump, card) == (refusal(obligation((play, card), before, trump), play) is not None)
