"""New games (Castle Phase, deal) and set-up from a physical table (rules.md §3, §7, §8)."""

import pytest

from service.core.cards import Card, parse_cards
from service.core.problems import InvalidInput
from service.games.kings import start
from service.games.kings.pack import full_deck
from service.games.kings.rules import Rules
from service.games.kings.start import new_game, table_setup
from tests.conftest import make_castles


def test_the_same_seed_gives_the_same_game():
    assert new_game(["ann", "bob", "cy"], seed=7) == new_game(["ann", "bob", "cy"], seed=7)
    assert new_game(["ann", "bob", "cy"], seed=7).state != new_game(["ann", "bob", "cy"], seed=8).state


@pytest.mark.parametrize("seed", range(25))
def test_the_castle_phase_founds_four_suits_and_discards_the_rest(seed):
    game = new_game(["ann", "bob"], seed=seed)
    log = game.castle_phase
    assert log[0].castle == 1 and log[-1].castle == 4
    founded = [turn.card for turn in log if turn.castle]
    assert [c.card for c in game.state.castles] == founded and len({c.suit for c in founded}) == 4
    for index, turn in enumerate(log):
        earlier_suits = {t.card.suit for t in log[:index] if t.castle}
        assert (turn.castle is None) == (turn.card.suit in earlier_suits)
    assert game.state.face_up == tuple(turn.card for turn in log if turn.castle is None)


@pytest.mark.parametrize("count", range(2, 11))
def test_the_deal_gives_seven_each_and_the_player_after_the_turn_starts(count):
    names = [f"p{i}" for i in range(count)]
    state = new_game(names, seed=count, dealer=count - 1).state
    assert all(p.hand.size == 7 for p in state.players)
    assert state.to_act == 0 and state.card_total() == 104


def test_the_deal_goes_one_card_at_a_time_from_the_player_after_the_turn(monkeypatch):
    monkeypatch.setattr(start, "shuffled", lambda cards, seed, number: full_deck())
    game = new_game(["ann", "bob", "cy"], dealer=0, seed=1)
    # full_deck() ends ... KD, AC … KC: the top is KC, so the castles are the four Kings of the second deck,
    # each suit's other twelve cards going face up before the next suit shows.
    assert [str(c.card) for c in game.state.castles] == ["KC", "KD", "KH", "KS"]
    assert len(game.castle_phase) == 40 and len(game.state.face_up) == 36
    pile = full_deck()[:-40]
    dealt = [pile.pop() for _ in range(21)]
    bob, cy, ann = dealt[0::3], dealt[1::3], dealt[2::3]
    assert [list(p.hand.cards) for p in game.state.players] == [ann, bob, cy]
    assert list(game.state.draw_pile.cards) == pile


def test_counter_clockwise_starts_with_the_previous_seat():
    state = new_game(["ann", "bob", "cy"], seed=3, dealer=0, direction="counterclockwise").state
    assert state.to_act == 2


@pytest.mark.parametrize(
    ("names", "code"),
    [(["solo"], "player_count"), ([f"p{i}" for i in range(11)], "player_count"), (["ann", "ann"], "duplicate_name"), (["ann", " "], "blank_name")],
)
def test_bad_tables_are_refused(names, code):
    with pytest.raises(InvalidInput) as caught:
        new_game(names, seed=1)
    assert code in {p.code for p in caught.value.problems}


def test_a_seed_out_of_range_is_refused():
    with pytest.raises(InvalidInput, match="seed"):
        new_game(["ann", "bob"], seed=-1)


def test_no_seed_draws_one_and_reports_it():
    game = new_game(["ann", "bob"])
    assert new_game(["ann", "bob"], seed=game.state.seed).state == game.state


def worst_castle_phase() -> list[Card]:
    """A deck whose Castle Phase turns every heart, spade and diamond before the first club."""
    deck = full_deck()
    clubs = [c for c in deck if c.suit == "C"]
    others = [c for c in deck if c.suit != "C"]
    return clubs + others  # top last: all 78 others are turned first


@pytest.mark.parametrize("rules", [Rules(shuffle_me_out=True), Rules(face_up_consequences=True)])
def test_a_deal_that_cannot_complete_is_refused_with_the_reason(monkeypatch, rules):
    monkeypatch.setattr(start, "shuffled", lambda cards, seed, number: list(worst_castle_phase()) if number == 0 else list(cards))
    with pytest.raises(InvalidInput) as caught:
        new_game(["ann", "bob", "cy", "dee"], rules=rules, seed=1)
    assert caught.value.problems[0].code == "deal_impossible"


def test_the_deal_reshuffles_the_castle_phase_discards_when_needed(monkeypatch):
    monkeypatch.setattr(start, "shuffled", lambda cards, seed, number: list(worst_castle_phase()) if number == 0 else list(cards))
    monkeypatch.setattr("service.games.kings.drawing.shuffled", lambda cards, seed, number: list(cards))
    game = new_game(["ann", "bob", "cy", "dee"], seed=1)
    assert game.state.shuffles == 1 and [e["type"] for e in game.events].count("reshuffled") == 1
    assert all(p.hand.size == 7 for p in game.state.players) and game.state.card_total() == 104


def test_a_physical_table_starts_with_unseen_cards():
    castles = make_castles("2H", "3C", "QD", "7S")
    state = table_setup(["ann", "bob", "cy"], castles, face_up=parse_cards("5H 9H"), known_hands=[parse_cards("QH AS KD KD 2H JH 6C"), [], parse_cards("4S")])
    assert state.draw_pile.hidden == 104 - 21 - 4 - 2 and state.to_act == 1
    assert [p.hand.hidden for p in state.players] == [0, 7, 6]


def test_a_physical_table_is_checked():
    with pytest.raises(InvalidInput) as caught:
        table_setup(["ann", "bob"], make_castles("2H", "3H", "QD", "7S"), known_hands=[parse_cards("2H 2H"), parse_cards("AS") * 8])
    codes = {p.code for p in caught.value.problems}
    assert "hand_size" in codes
