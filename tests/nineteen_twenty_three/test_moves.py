"""§3, §5, §6 through the referee: dealing, taking first come first served, locking, revealing, the set's end, the match's end."""

from __future__ import annotations

import pytest

from service.core.problems import InvalidInput
from service.core.verdicts import IllegalMove
from service.games.nineteen_twenty_three import GAME
from service.games.nineteen_twenty_three.dealing import mixed_pack
from service.games.nineteen_twenty_three.moves import Move, legal_moves
from service.games.nineteen_twenty_three.start import new_match, table_match
from service.games.nineteen_twenty_three.state import state_problems

from .tables import cards, table

apply_move, judge = GAME.apply, GAME.judge


def reasons(state, move) -> list[tuple[str, str, str]]:
    return [(r.code, r.rule, r.pointer) for r in judge(state, move).reasons]


def after(state, *moves: Move):
    for move in moves:
        state = apply_move(state, move).state
        assert not state_problems(state)
    return state


def seat(state, name):
    return state.seats[state.seat_index(name)]


# -- the deal and taking cards -------------------------------------------------------------------------------------
def test_new_match_deals_two_each_in_seat_order_from_the_seeded_pack():
    state, events = new_match(["ann", "bob", "cy", "dee"], seed=11)
    pack = mixed_pack(2, 11, 1)  # 4 players: ceil(4/3) = 2 decks
    assert state.rules.decks == 2 and state.rules.target == 21 and state.seed == 11
    assert [s.hand.cards for s in state.seats] == [
        tuple(reversed(pack[-2:])),
        tuple(reversed(pack[-4:-2])),
        tuple(reversed(pack[-6:-4])),
        tuple(reversed(pack[-8:-6])),
    ]
    assert state.taken == ("ann", "ann", "bob", "bob", "cy", "cy", "dee", "dee")
    assert state.pile.size == 104 - 8 and state.phase == "play"
    assert events[0]["type"] == "dealt"
    assert new_match(["ann", "bob", "cy", "dee"], seed=11)[0] == state
    assert new_match(["ann", "bob", "cy", "dee"], seed=12)[0] != state


def test_new_match_options_and_problems():
    state, _ = new_match(["a", "b", "c", "d", "e", "f", "g"], decks=1, target=50, seed=1)
    assert (state.rules.decks, state.rules.target, state.pile.size) == (1, 50, 52 - 14)
    with pytest.raises(InvalidInput) as refused:
        new_match(["ann", "ann"], decks=0, target=0, seed=-1)
    assert [(p.pointer, p.code) for p in refused.value.problems] == [
        ("/players/1", "duplicate_name"),
        ("/decks", "bad_decks"),
        ("/target", "bad_target"),
        ("/seed", "bad_seed"),
    ]
    with pytest.raises(InvalidInput):
        new_match(["solo"], seed=1)
    assert new_match(["ann", "bob"])[0].seed >= 0  # a seed is drawn and recorded


def test_first_come_first_served():
    state = table({"ann": "2H 3H", "bob": "4H 5H"}, "9S 8S 7S 6S KD", locked=False)
    ann_first = after(state, Move("take", "ann"), Move("take", "bob"))
    assert (seat(ann_first, "ann").hand.cards, seat(ann_first, "bob").hand.cards) == (cards("2H 3H 9S"), cards("4H 5H 8S"))
    bob_first = after(state, Move("take", "bob"), Move("take", "ann"))
    assert (seat(bob_first, "ann").hand.cards, seat(bob_first, "bob").hand.cards) == (cards("2H 3H 8S"), cards("4H 5H 9S"))
    assert bob_first.taken == ("ann", "ann", "bob", "bob", "bob", "ann")


def test_lock_then_no_more_cards():
    state = after(table({"ann": "2H 3H", "bob": "4H 5H"}, "9S 8S 7S 6S KD", locked=False), Move("lock", "ann"))
    assert seat(state, "ann").locked and state.phase == "play"
    verdict = judge(state, Move("take", "ann"))
    assert [(r.code, r.rule, r.pointer) for r in verdict.reasons] == [("already_locked", "3.3", "/player")]
    assert [m.to_dict() for m in verdict.alternatives] == [{"action": "take", "player": "bob"}, {"action": "lock", "player": "bob"}]
    assert reasons(state, Move("lock", "ann")) == [("already_locked", "3.3", "/player")]
    assert reasons(state, Move("reveal")) == [("not_all_locked", "3.5", "/action")]
    done = after(state, Move("lock", "bob"))
    assert done.phase == "reveal" and legal_moves(done) == [Move("reveal")]
    assert reasons(done, Move("take", "bob")) == [("already_locked", "3.3", "/player")]
    assert [m.to_dict() for m in judge(done, Move("take", "bob")).alternatives] == [{"action": "reveal"}]


def test_bad_moves_named():
    state = table({"ann": "2H 3H", "bob": "4H 5H"}, "9S 8S 7S 6S KD", locked=False)
    assert reasons(state, Move("take", "zed")) == [("unknown_player", "3.2", "/player")]
    assert reasons(state, Move("lock")) == [("player_required", "3.3", "/player")]
    assert reasons(state, Move("take", "ann", hands=(("ann", cards("2H 3H")),))) == [("unexpected_field", "3.2", "/hands")]
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, Move("take", "zed"))
    assert refused.value.reasons[0].code == "unknown_player"


def test_pile_running_out_locks_everyone_as_they_stand():
    state = table({"ann": "2H 3H", "bob": "4H 5H", "cy": "6H 7H"}, "9S", locked=False)
    transition = apply_move(state, Move("take", "bob"))
    assert transition.state.phase == "reveal" and all(s.locked for s in transition.state.seats)
    assert transition.events[-1] == {"type": "locked_as_they_stand", "players": ["ann", "bob", "cy"], "rule": "3.4"}


# -- the reveal --------------------------------------------------------------------------------------------------
def test_reveal_gives_the_cards_to_the_winner_and_deals_the_next_game():
    state = table({"ann": "10H 9H", "bob": "4H 5H"}, "2S 3S 4S 5S 6S 7S")
    transition = apply_move(state, Move("reveal"))
    new = transition.state
    assert seat(new, "ann").won == cards("10H 9H 4H 5H")
    assert (new.game_number, new.phase, new.pile.size) == (2, "play", 2)
    assert (seat(new, "ann").hand.cards, seat(new, "bob").hand.cards) == (cards("2S 3S"), cards("4S 5S"))
    judged = next(e for e in transition.events if e["type"] == "judged")
    assert (judged["winner"], judged["decided_by"], judged["cards_won"]) == ("ann", "range", 4)


def test_reveal_tie_draws_from_the_top_in_seat_order_and_the_winner_takes_them():
    state = table({"ann": "10H 8D", "bob": "10C 8S"}, "5S 5D 7S 2C 3H 3D 4H 4D JH")
    new = after(state, Move("reveal"))
    assert seat(new, "ann").won == cards("10H 8D 10C 8S 5S 7S 5D 2C")
    assert (new.game_number, new.pile.size) == (2, 1)  # 9 cards, 4 drawn, 4 dealt
    assert (seat(new, "ann").hand.cards, seat(new, "bob").hand.cards) == (cards("3H 3D"), cards("4H 4D"))


def test_reveal_tie_with_a_short_pile_goes_to_war():
    state = table({"ann": "10H 8D", "bob": "9C 9S"}, "5S")  # both 18, averages 9; one card for two players
    transition = apply_move(state, Move("reveal"))
    judged = next(e for e in transition.events if e["type"] == "judged")
    assert (judged["winner"], judged["decided_by"]) == ("ann", "war")


def test_set_ends_with_a_last_game_of_war():
    # after the game 3 cards are left for 2 players (>= 1, < 2 each): war with 9S and KS, the third card dead
    state = table({"ann": "10H 9H", "bob": "4H 5H"}, "9S KS 2D", won={"bob": "AC 2C 3C 4C 5C 6C"})
    transition = apply_move(state, Move("reveal"))
    war = next(e for e in transition.events if e["type"] == "last_war")
    assert (war["winner"], war["cards"], war["rule"]) == ("bob", {"ann": "9S", "bob": "KS"}, "5.2")
    assert next(e for e in transition.events if e["type"] == "dead_cards")["cards"] == ["2D"]
    scored = next(e for e in transition.events if e["type"] == "set_scored")
    assert (scored["winners"], scored["points"]) == (["bob"], {"ann": 0, "bob": 9})  # bob 8 cards + 1 Ace
    new = transition.state
    assert (new.set_number, new.game_number, new.pile.size) == (2, 1, 48)
    assert (seat(new, "bob").points, seat(new, "bob").match_cards, seat(new, "bob").won) == (9, 8, ())
    assert new.pile.cards == mixed_pack(1, 7, 2)[:-4]  # the whole pack mixed for set 2


def test_last_war_tie_makes_the_cards_dead():
    state = table({"ann": "10H 9H", "bob": "4H 5H"}, "KS QS")
    transition = apply_move(state, Move("reveal"))
    war = next(e for e in transition.events if e["type"] == "last_war")
    assert war["winner"] is None and war["tied"] == ["ann", "bob"]
    scored = next(e for e in transition.events if e["type"] == "set_scored")
    assert scored["cards"] == {"ann": 4, "bob": 0}


def test_set_ends_with_fewer_than_one_card_each_and_the_rest_is_dead():
    state = table({"ann": "10H 9H", "bob": "4H 5H", "cy": "6H 6D"}, "2S 3S")
    transition = apply_move(state, Move("reveal"))
    assert not any(e["type"] == "last_war" for e in transition.events)
    assert next(e for e in transition.events if e["type"] == "dead_cards")["cards"] == ["3S", "2S"]
    assert next(e for e in transition.events if e["type"] == "set_scored")["points"] == {"ann": 6, "bob": 0, "cy": 0}


def test_set_with_at_least_two_cards_each_plays_on():
    state = table({"ann": "10H 9H", "bob": "4H 5H"}, "2S 3S 4S 5S")
    new = after(state, Move("reveal"))
    assert (new.set_number, new.game_number, new.pile.size) == (1, 2, 0) and new.phase == "reveal"  # the deal empties the pile


def test_match_ends_at_the_target():
    state = table({"ann": "10H 9H", "bob": "4H 5H"}, "2S", target=21, points={"ann": 18, "bob": 20})
    transition = apply_move(state, Move("reveal"))
    new = transition.state
    assert new.phase == "over" and new.outcome.winners == ("ann",) and new.outcome.decided_by == "first_to_target"
    assert seat(new, "ann").points == 22 and GAME.returns(new)["winners"] == ["ann"]
    assert legal_moves(new) == [] and reasons(new, Move("reveal")) == [("match_over", "6.1", "")]
    assert new.pile.size == 52 and not state_problems(new)


@pytest.mark.parametrize(
    ("earlier_cards", "winners", "decided_by"), [({"ann": 30, "bob": 20}, ("ann",), "most_cards"), ({"ann": 20, "bob": 20}, ("ann", "bob"), "shared")]
)
def test_several_past_the_target_in_the_same_set(earlier_cards, winners, decided_by):
    # ann wins this game: 4 + 4 cards this set (1 Ace), bob already has 8 (1 Ace): they share the set, 9 points each, 14 + 9 = 23
    state = table(
        {"ann": "10H 9H", "bob": "4H 5H"},
        "2S",
        target=21,
        won={"ann": "AC 2C 3C 4C", "bob": "AD 2D 3D 4D 5D 6D 7D 8D"},
        points={"ann": 14, "bob": 14},
        match_cards=earlier_cards,
    )
    new = after(state, Move("reveal"))
    assert [s.points for s in new.seats] == [23, 23]
    assert (new.phase, new.outcome.winners, new.outcome.decided_by) == ("over", winners, decided_by)


# -- a real table: the referee sees no card ----------------------------------------------------------------------
def test_table_match_hidden_hands_and_counted_pile():
    state = table_match(["ann", "bob"], decks=1)
    assert state.deal == "physical" and state.pile.hidden == 48 and all(s.hand.hidden == 2 for s in state.seats)
    state = after(state, Move("take", "ann"), Move("lock", "ann"), Move("lock", "bob"))
    assert seat(state, "ann").hand.hidden == 3 and state.phase == "reveal"
    assert GAME.legal_report(state).to_dict()["reveal_requires"] == ["hands"]
    # each unseen hand is its own reason, pointing at the hand the reveal must show (issue 27's review: not /hands)
    assert reasons(state, Move("reveal")) == [("reveal_required", "7.3", "/hands/ann"), ("reveal_required", "7.3", "/hands/bob")]
    assert reasons(state, Move("reveal", hands=(("ann", cards("10H 9H 2C")),))) == [("reveal_required", "7.3", "/hands/bob")]
    assert [r.message for r in GAME.judge(state, Move("reveal")).reasons][1] == (
        "the reveal must show bob's whole hand, as hands/bob: the referee has not seen any of its cards"
    )
    shown = (("ann", cards("10H 9H 2C")), ("bob", cards("4H 5H")))
    new = after(state, Move("reveal", hands=shown))
    assert seat(new, "ann").won == cards("10H 9H 2C 4H 5H") and all(s.hand.hidden == 2 for s in new.seats)
    assert reasons(state, Move("reveal", hands=(("ann", cards("10H 9H")), ("bob", cards("4H 5H"))))) == [("reveal_mismatch", "7.3", "/hands/ann")]
    # revised: a take the table did not log is settled by the reveal (bob took a third card unannounced)
    unlogged = (("ann", cards("10H 9H 2C")), ("bob", cards("4H 5H 6C")))
    new = after(state, Move("reveal", hands=unlogged))
    assert seat(new, "ann").won == cards("10H 9H 2C 4H 5H 6C") and new.pile.hidden == 48 - 2 - 4


def test_table_match_impossible_card_and_draws_required():
    state = table_match(["ann", "bob"], decks=1, won={"ann": cards("AH")})
    state = after(state, Move("lock", "ann"), Move("lock", "bob"))
    assert reasons(state, Move("reveal", hands=(("ann", cards("AH 9H")), ("bob", cards("4H 5H"))))) == [("card_impossible", "1.2", "/hands/ann/0")]
    tie = (("ann", cards("10H 8D")), ("bob", cards("10C 8S")))
    # revised: the reveal settles the hands; the tie then waits for the draw move that names the cards drawn
    waiting = after(state, Move("reveal", hands=tie))
    assert (waiting.phase, waiting.draws) == ("draw", ())
    assert GAME.legal_report(waiting).to_dict()["table_step"] == {"action": "draw", "requires": ["draws"], "players": ["ann", "bob"], "round": 1, "rule": "4.4"}
    assert reasons(waiting, Move("draw")) == [("draws_required", "4.4", "/draws")]
    assert judge(state, Move("reveal")).alternatives == ()  # the bare reveal would not pass: nothing to offer
    once = after(waiting, Move("draw", draws=(("ann", cards("5S")), ("bob", cards("5D")))))  # 5 against 5: still tied
    assert (once.phase, once.pile.hidden) == ("draw", 52 - 1 - 4 - 2)
    twice = apply_move(once, Move("draw", draws=(("ann", cards("7S")), ("bob", cards("2C")))))
    assert seat(twice.state, "ann").won == cards("AH 10H 8D 10C 8S 5S 7S 5D 2C")
    new = apply_move(state, Move("reveal", hands=tie, draws=(("ann", cards("5S 7S")), ("bob", cards("5D 2C")))))
    assert seat(new.state, "ann").won == cards("AH 10H 8D 10C 8S 5S 7S 5D 2C")
    assert new.state.pile.hidden == 52 - 1 - 4 - 4 - 4  # one card won earlier, two hands, four draws, the next deal
    extra = (("ann", cards("5S 7S 9S")), ("bob", cards("5D 2C")))
    assert reasons(state, Move("reveal", hands=tie, draws=extra)) == [("draw_not_needed", "4.4", "/draws/ann/2")]


def test_table_match_last_war_cards_required():
    dead = cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2H 3H 4H 5H 6H 7H")
    state = table_match(["ann", "bob"], decks=1, dead=dead)
    assert state.pile.hidden == 3  # AH QH KH: after this game, 1 or more but fewer than 2 each
    state = after(state, Move("lock", "ann"), Move("lock", "bob"))
    shown = (("ann", cards("10H 9H")), ("bob", cards("8H JH")))
    # revised: the reveal without the war's cards ends the game; the last game of war is then a move of its own
    waiting = after(state, Move("reveal", hands=shown))
    assert (waiting.phase, waiting.pile.hidden) == ("war", 3)
    assert reasons(waiting, Move("war")) == [("last_war_required", "5.2", "/last_war")]
    by_move = apply_move(waiting, Move("war", last_war=(("ann", cards("QH")[0]), ("bob", cards("AH")[0]))))
    assert next(e for e in by_move.events if e["type"] == "last_war")["winner"] == "bob"
    done = apply_move(state, Move("reveal", hands=shown, last_war=(("ann", cards("QH")[0]), ("bob", cards("AH")[0]))))
    war = next(e for e in done.events if e["type"] == "last_war")
    assert war["winner"] == "bob"  # the Ace counts 11
    scored = next(e for e in done.events if e["type"] == "set_scored")
    assert scored["cards"] == {"ann": 4, "bob": 2} and scored["points"] == {"ann": 4, "bob": -1}
    assert done.state.set_number == 2 and done.state.pile.hidden == 48
    assert reasons(state, Move("reveal", hands=shown, last_war=(("ann", cards("QH")[0]), ("bob", cards("2S")[0])))) == [
        ("card_impossible", "1.2", "/last_war/bob")
    ]


# -- what a player sees -----------------------------------------------------------------------------------------
def test_view_hides_the_unknown_card_other_hands_the_pile_and_the_seed():
    state = after(table({"ann": "2H 3H", "bob": "4H 5H"}, "9S 8S 7S", locked=False), Move("take", "ann"))
    seen = GAME.view(state, "ann").to_dict()
    players = seen["state"]["players"]
    assert players[0]["hand"] == {"cards": ["2H", "3H"], "hidden": 1}
    assert players[1]["hand"] == {"cards": [], "hidden": 2}
    assert seen["state"]["pile"] == {"cards": [], "hidden": 2} and seen["state"]["seed"] is None
    with pytest.raises(InvalidInput):
        GAME.view(state, "zed")


def test_table_match_last_war_counted_after_the_tie_break_draws():
    """§4.4 then §5.2: the draws come out of the pile first; the last war is reckoned on what they leave."""
    dead = cards("2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS 2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC 2H 3H 4H 5H 6H 7H")
    state = after(table_match(["ann", "bob"], decks=1, dead=dead), Move("lock", "ann"), Move("lock", "bob"))
    tie = (("ann", cards("10H JH")), ("bob", cards("QH KH")))  # 20 each, average 10 each: they draw
    assert after(state, Move("reveal", hands=tie)).phase == "draw"
    # the draws take 2 of the 3 cards: 1 card for 2 players is no last war, it is dead (§5.3)
    draws = (("ann", cards("AH")), ("bob", cards("9H")))
    assert reasons(state, Move("reveal", hands=tie, draws=draws)) == []
    assert reasons(state, Move("reveal", hands=tie, draws=draws, last_war=(("ann", cards("8H")[0]),))) == [("unexpected_field", "5.2", "/last_war")]
    done = apply_move(state, Move("reveal", hands=tie, draws=draws))
    scored = next(e for e in done.events if e["type"] == "set_scored")
    assert scored["cards"] == {"ann": 6, "bob": 0} and scored["points"] == {"ann": 7, "bob": 0}  # 6 cards + 1 Ace


def test_nobody_is_to_act_once_the_match_is_over():
    """§6.1: when the match is over no move can be made, so no player is still to act."""
    state = table({"ann": "10H 9H", "bob": "4H 5H"}, "2S", target=21, points={"ann": 18, "bob": 20})
    report = GAME.legal_report(apply_move(state, Move("reveal")).state).to_dict()
    assert (report["phase"], report["players"], report["moves"]) == ("over", [], [])
    assert GAME.legal_report(state).to_dict()["players"] == []  # everyone has locked: only the reveal is left
    playing = after(table_match(["ann", "bob"], decks=1), Move("lock", "ann"))
    assert GAME.legal_report(playing).to_dict()["players"] == ["bob"]
