"""Random games at a real table through HTTP, the test holding the truth the referee cannot see (issue 27).

The test shuffles its own pack, draws for the dealer, deals the piles and turns their top cards as the
rule book and the reading say (deal from the dealer's right; each round the top cards of the piles in
seat order from the pile after the last one shown, the first round from the dealer's left, rules.md
§2.3, §3.1). It names to the referee only what a real table shows. Its own judge (``oracle``'s exact
arithmetic, nothing from ``service``) decides, move by move and before the referee answers:

- what the table must do next (the draw, the target's eight cards, the four cards to turn, or claims),
  who may claim (every player not barred) and that setting aside is the table's, for either reason;
- whether a random expression over the four values is correct; that a barred player's claim, a claim by
  someone not at the table, a set-aside naming a player and a turn-up while four cards are in play are
  refused; that a card already turned or outside the pack is refused in a turn-up, a draw repeats no card;
- after each move the cards on the table, won and set aside, the pile counts, the barred players, the
  target, each hand's points and the winners.

No answer while the cards are in play (a state, the legal moves, a verdict, a refusal) names a card still
face down in a pile, nor holds an expression over the four values that makes the target (reading: A round).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hidden import assert_hides, strings

from . import oracle

ROOT = "/v1/twenty-four"
VALUE = {"A": 1, "J": 11, "Q": 12, "K": 13} | {str(number): number for number in range(2, 11)}
PHONE = {"*": "·", "-": "–"}  # what a phone may type for them (rules.md §4.2)


def post(client, path, body, status=200, hidden=()):
    """One request; its answer must not show a card the table has not turned (``hidden``)."""
    response = client.post(ROOT + path, json=body)
    assert response.status_code == status, (path, body, response.get_json())
    answer = response.get_json()
    assert_hides(answer, hidden, path)
    return answer


def value(card):
    return VALUE[card[:-1]]


class Truth:
    """What the real table holds: the piles (top last), who won what, what was set aside."""

    def __init__(self, names, pack, dealer, rng):
        deck = rng.sample(pack, len(pack))
        self.names = names
        self.piles = [[] for _ in names]
        for index, card in enumerate(deck):  # one card at a time, first to the dealer's right, on round
            self.piles[(dealer - 1 - index) % len(names)].append(card)
        self.start = (dealer + 1) % len(names)
        self.won = [[] for _ in names]
        self.aside = []

    def next_four(self):
        """The seats that show, and their top cards, or None when fewer than four are left."""
        if sum(map(len, self.piles)) < 4:
            return None
        seats, cards, seat = [], [], self.start
        while len(seats) < 4:
            if self.piles[seat]:
                seats.append(seat)
                cards.append(self.piles[seat].pop())
            seat = (seat + 1) % len(self.piles)
        self.start = (seats[-1] + 1) % len(self.piles)
        return seats, cards


def assert_same_cards(state, truth, table):
    known = Counter(state["table"] + state["set_aside"] + [card for seat in state["players"] for card in seat["won"]])
    assert known == Counter(table + truth.aside + [card for won in truth.won for card in won])
    assert [seat.get("unseen", 0) for seat in state["players"]] == [len(pile) for pile in truth.piles]
    assert all(seat["pile"] == [] for seat in state["players"])  # the referee never invents a pile


def leaves(tree):
    return [tree] if isinstance(tree, int) else leaves(tree[1]) + leaves(tree[2])


def assert_no_solution(answer, values, target, claimed=None):
    """No string in the answer is an expression over the four values that makes the target (reading: A round).
    An answer may repeat the claim it judges (``claimed``, or a verdict's claim): the claimant's own words."""
    if isinstance(answer.get("claim"), dict):
        claimed = answer["claim"]["expression"]
    for string in strings(answer):
        if string == claimed:
            continue
        try:
            tree = oracle.parse(string.split("=")[0])
            shows = sorted(leaves(tree)) == sorted(values) and oracle.value(tree) == target
        except (SyntaxError, ValueError, ZeroDivisionError, TypeError):
            continue
        assert not shows, f"a solution shown while the cards are in play: {string!r} in {answer}"


def assert_legal_validates(client, state, report, hidden):
    assert sum(report["counts"].values()) == len(report["moves"])
    for move in report["moves"]:
        if "fill" in move:  # a template: the test fills in what it asks for
            assert move["action"] in ("claim", "draw", "set_target", "turn_up")
            continue
        assert post(client, "/moves/validate", {"state": state, "move": move}, hidden=hidden)["legal"] is True


def play_game(client, rng, count, face_cards, dynamic, hands, draw):
    names = [f"p{index}" for index in range(count)]
    ranks = ["A", *map(str, range(2, 11)), *(["J", "Q", "K"] if face_cards else [])]
    pack = [rank + suit for suit in "SHDC" for rank in ranks]
    body = {"players": names, "rules": {"face_cards": face_cards, "dynamic_target": dynamic, "hands": hands}}
    dealer = None if draw else rng.randrange(count)
    if dealer is not None:
        body["dealer"] = dealer
    state = post(client, "/games/from-table", body)["state"]
    assert state["deal"] == "physical"

    drawing, used = list(names), set()
    while dealer is None:  # the draw: highest deals; a tie draws again from what is left
        report = post(client, "/moves/legal", {"state": state})
        assert (report["step"], state["drawing"]) == ("draw", drawing)
        assert [move["action"] for move in report["moves"]] == ["draw"]
        cards = rng.sample([card for card in pack if card not in used], len(drawing))
        if used:
            seen = rng.choice(sorted(used))
            assert post(client, "/moves/validate", {"state": state, "move": {"action": "draw", "cards": [seen, *cards[1:]]}})["legal"] is False
        if len(drawing) > 2:  # one card short: the referee wants one card from each player drawing
            assert post(client, "/moves/validate", {"state": state, "move": {"action": "draw", "cards": cards[1:]}})["legal"] is False
        used |= set(cards)
        state = post(client, "/moves/apply", {"state": state, "move": {"action": "draw", "cards": cards}})["state"]
        best = max(map(value, cards))
        drawing = [name for name, card in zip(drawing, cards, strict=True) if value(card) == best]
        if len(drawing) == 1:
            dealer = names.index(drawing[0])
    assert state["dealer"] == dealer

    totals = [0] * count
    for hand in range(hands):
        target = 24
        if dynamic:
            report = post(client, "/moves/legal", {"state": state})
            assert report["step"] == "set_target" and [move["action"] for move in report["moves"]] == ["set_target"]
            eight = rng.sample(pack, 8)
            assert post(client, "/moves/validate", {"state": state, "move": {"action": "set_target", "cards": eight[:7]}})["legal"] is False
            target = sum(sorted(map(value, eight))[2:6])  # two lowest and two highest out, the rest summed
            state = post(client, "/moves/apply", {"state": state, "move": {"action": "set_target", "cards": eight}})["state"]
            used |= set(eight)  # named by the table: they go back into the pack, but they are not hidden
        assert state["target"] == target and state["dealer"] == dealer
        truth = Truth(names, pack, dealer, rng)
        assert_same_cards(state, truth, [])
        while (shown := truth.next_four()) is not None:
            seats, cards = shown
            hidden = {card for pile in truth.piles for card in pile} - used  # never named: the draw and the target's eight were
            report = post(client, "/moves/legal", {"state": state}, hidden=hidden | set(cards))
            assert report["step"] == "turn_up" and report["moves"][0]["fill"]["cards"].endswith(", ".join(names[seat] for seat in seats))
            assert report["hand"] == hand + 1 and [move["action"] for move in report["moves"]] == ["turn_up"]
            gone = [card for won in truth.won for card in won] + truth.aside
            if gone:  # a card already turned cannot come up again
                again = {"action": "turn_up", "cards": [rng.choice(gone), *cards[1:]]}
                assert post(client, "/moves/validate", {"state": state, "move": again}, hidden=hidden)["legal"] is False
            if not face_cards:  # a face card is not in the pack without the option
                face = {"action": "turn_up", "cards": [*cards[:3], "QH"]}
                assert post(client, "/moves/validate", {"state": state, "move": face}, hidden=hidden)["legal"] is False
            turn = {"action": "turn_up", "cards": cards}  # the template filled with the truth: validate and apply agree
            assert post(client, "/moves/validate", {"state": state, "move": turn}, hidden=hidden) == {"legal": True, "reasons": [], "alternatives": []}
            state = post(client, "/moves/apply", {"state": state, "move": turn}, hidden=hidden)["state"]
            assert_same_cards(state, truth, cards)
            box = [state]
            play_round(client, box, truth, cards, target, rng, hidden)
            state = box[0]
            if sum(map(len, truth.piles)) >= 4 or state["phase"] == "over":  # otherwise the next hand has begun afresh
                assert_same_cards(state, truth, [])
        assert state["results"][hand]["points"] == [len(won) for won in truth.won]
        totals = [total + len(won) for total, won in zip(totals, truth.won, strict=True)]
        dealer = (dealer + 1) % count

    assert state["phase"] == "over" and post(client, "/moves/legal", {"state": state})["moves"] == []
    standings = post(client, "/standings", {"state": state})
    assert sorted(standings["winners"]) == sorted(name for name, total in zip(names, totals, strict=True) if total == max(totals))


@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    count=st.integers(2, 8),
    face_cards=st.booleans(),
    dynamic=st.booleans(),
    hands=st.integers(1, 2),
    draw=st.booleans(),
    rng=st.randoms(use_true_random=False),
)
def test_random_real_table_games_agree_with_the_tests_own_judge(client, count, face_cards, dynamic, hands, draw, rng):
    play_game(client, rng, count, face_cards, dynamic, hands, draw)


@pytest.mark.parametrize("seed", range(2))
def test_a_real_table_game_quickly(client, seed):
    play_game(client, random.Random(seed), 2 + 2 * seed, bool(seed), not seed, 1, True)


def random_claim(rng, values, target):
    """A random expression over the four values, fully bracketed, and whether the judge finds it correct."""
    tree = rng.choice(oracle.trees(tuple(values)))
    try:
        correct = oracle.value(tree) == target
    except ZeroDivisionError:
        correct = False
    return oracle.text(tree), correct


def play_round(client, box, truth, cards, target, rng, hidden):
    """Claims and slips until the round ends, each outcome decided by the test's own judge first."""
    values = [value(card) for card in cards]
    answer = oracle.solution(tuple(values), target)
    barred = set()
    while True:
        state = box[0]
        report = post(client, "/moves/legal", {"state": state}, hidden=hidden)
        assert_no_solution(report, values, target)
        assert report["step"] is None and sorted(report["barred"]) == sorted(barred) and report["table"] == cards
        assert [move["player"] for move in report["moves"] if move["action"] == "claim"] == [name for name in truth.names if name not in barred]
        assert sorted(move["reason"] for move in report["moves"] if move["action"] == "set_aside") == ["agreed", "time_up"]
        assert_legal_validates(client, state, report, hidden)
        free = [name for name in truth.names if name not in barred]
        player = rng.choice(free)
        for name in sorted(barred):  # a barred player may not claim again this round, even rightly
            verdict = post(client, "/moves/validate", {"state": state, "move": claim(name, answer or wrong_claim(values, target))}, hidden=hidden)
            assert verdict["legal"] is False and verdict["reasons"], verdict
            assert_no_solution(verdict, values, target)
        for wrong_move in (  # what the reading forbids during a round, whatever the cards
            {"action": "set_aside", "reason": "agreed", "player": player},  # setting aside is the table's move
            claim("nobody", answer or wrong_claim(values, target)),  # not at this table
            {"action": "turn_up", "cards": cards},  # four cards are already in play
        ):
            verdict = post(client, "/moves/validate", {"state": state, "move": wrong_move}, hidden=hidden)
            assert verdict["legal"] is False and verdict["reasons"], (wrong_move, verdict)
            assert_no_solution(verdict, values, target)
        guess, correct = random_claim(rng, values, target)  # the judge and the referee on any expression
        verdict = post(client, "/moves/validate", {"state": state, "move": claim(player, guess)}, hidden=hidden)
        assert verdict["legal"] is True and verdict["claim"]["readable"] is True and verdict["claim"]["correct"] is correct, (guess, verdict)
        if not correct:
            assert_no_solution(verdict, values, target)
        slip = rng.choice([f"{values[0]} +", f"({values[0]} + {values[1]}", f"{values[0]} # {values[1]}"])
        refused = post(client, "/moves/apply", {"state": state, "move": claim(player, slip)}, status=422, hidden=hidden)
        assert_no_solution(refused, values, target)
        kind = rng.random()
        if kind < 0.25:
            move = {"action": "set_aside", "reason": rng.choice(["time_up", "agreed"])}
            truth.aside += cards
            box[0] = post(client, "/moves/apply", {"state": state, "move": move}, hidden=hidden)["state"]
            return
        if answer is not None and kind < 0.6:
            expression = "".join(PHONE.get(character, character) for character in answer) if rng.random() < 0.5 else answer
            expression += f" = {target}" if rng.random() < 0.5 else ""
            verdict = post(client, "/moves/validate", {"state": state, "move": claim(player, expression)}, hidden=hidden)
            assert verdict["legal"] is True and verdict["claim"]["correct"] is True, (expression, verdict)
            box[0] = post(client, "/moves/apply", {"state": state, "move": claim(player, expression)}, hidden=hidden)["state"]
            truth.won[truth.names.index(player)] += cards
            return
        wrong = wrong_claim(values, target)
        verdict = post(client, "/moves/validate", {"state": state, "move": claim(player, wrong)}, hidden=hidden)
        assert verdict["legal"] is True and verdict["claim"]["correct"] is False and verdict["claim"]["readable"] is True
        assert_no_solution(verdict, values, target)
        applied = post(client, "/moves/apply", {"state": state, "move": claim(player, wrong)}, hidden=hidden)
        box[0] = applied["state"]
        barred.add(player)
        if len(barred) == len(truth.names):  # nobody may claim: aside at once
            truth.aside += cards
            return
        assert_no_solution(applied, values, target, claimed=wrong)  # the state and the events of a wrong claim
        assert sorted(box[0]["barred"]) == sorted(barred) and box[0]["table"] == cards


def claim(player, expression):
    return {"action": "claim", "player": player, "expression": expression}


def wrong_claim(values, target):
    """The four values added: a readable claim, wrong unless they make the target, then stated with a wrong total."""
    wrong = " + ".join(map(str, values))
    return wrong + (f" = {target + 1}" if sum(values) == target else "")
