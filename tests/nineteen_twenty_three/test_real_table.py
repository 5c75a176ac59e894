"""Random games at a real table, through HTTP, while this test holds the truth the referee cannot see (issue 27).

The test shuffles a real pack, deals, lets players take cards at their own pace (telling the referee of
some takes and locks, not others), reveals, and turns the tie-break draws and the set's last war from the
top of its own pile. The judge and referee below are written from the rule book and the revised reading
(1923-reading.md): they import nothing from ``service``. At each step:

- every card is where the test put it (cards conserved), and the cards won are the test's;
- before the reveal, the test's referee says who may take and who may lock (a player it was not told has
  locked, while the pile it was told of has cards), and /moves/legal and /moves/validate must both say so
  for every player and action; the pile count, the phase and who is locked are the ones it was told of;
- a reveal the reading forbids is refused (a hand of fewer than the two cards dealt, a card shown more
  often than the decks hold); after the reveal, the tie-break draws asked for are the judge's, and the
  winner of each game, the last war's winner and the set's points are the judge's;
- no answer shows a card of the pile or of a hand that the table has never named (tests/hidden.py).
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hidden import assert_hides, strings

ROOT = "/v1/1923"
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
PACK = [rank + suit for suit in "CDHS" for rank in RANKS]


# -- the independent judge ----------------------------------------------------------------------------
def points(card: str) -> int:
    """Blackjack points with the Ace as 1: 2-10 their number, J Q K 10."""
    rank = card[:-1]
    return 1 if rank == "A" else 10 if rank in ("J", "Q", "K") else int(rank)


def single(card: str) -> int:
    """A card alone (a tie-break draw, war): the Ace 11, 10 = J = Q = K."""
    return 11 if card[:-1] == "A" else points(card)


def distance(total: int) -> int:
    return 19 - total if total < 19 else total - 23 if total > 23 else 0


def value(hand: list[str]) -> int:
    """Every count of the Aces as 1 or 11; the holder keeps the total that wins best: in 19-23 the higher,
    else the nearer to the range, at equal distance the higher."""
    base = sum(points(card) for card in hand if card[:-1] != "A")
    aces = sum(card[:-1] == "A" for card in hand)
    totals = {base + sum(choice) for choice in product((1, 11), repeat=aces)}
    return max(totals, key=lambda total: (distance(total) == 0, -distance(total), total))


def judge(hands: dict[str, list[str]], pile: list[str]) -> tuple[str | None, list[list[tuple[str, str]]]]:
    """The winner (None: the cards are dead) and the rounds of tie-break draws taken from ``pile`` (top last)."""
    values = {name: value(hand) for name, hand in hands.items()}
    inside = [name for name in hands if distance(values[name]) == 0]
    if inside:
        best = max(values[name] for name in inside)
        tied = [name for name in inside if values[name] == best]
    else:
        nearest = min(distance(values[name]) for name in hands)
        tied = [name for name in hands if distance(values[name]) == nearest]
    if len(tied) > 1:
        average = {name: Fraction(values[name], len(hands[name])) for name in tied}
        tied = [name for name in tied if average[name] == max(average.values())]
    rounds: list[list[tuple[str, str]]] = []
    pile = list(pile)
    while len(tied) > 1:
        if len(pile) < len(tied):  # war with the cards of the hands, in the order taken
            turn = 0
            while len(tied) > 1:
                holders = [name for name in tied if len(hands[name]) > turn]
                if not holders:
                    return None, rounds
                best = max(single(hands[name][turn]) for name in holders)
                tied = [name for name in holders if single(hands[name][turn]) == best]
                turn += 1
            break
        drawn = [(name, pile.pop()) for name in tied]  # in seat order, from the top
        rounds.append(drawn)
        best = max(single(card) for _, card in drawn)
        tied = [name for name, card in drawn if single(card) == best]
    return tied[0], rounds


def set_points(won: dict[str, list[str]]) -> dict[str, int]:
    most = max(len(cards) for cards in won.values())
    aces = {name: sum(card[:-1] == "A" for card in cards) for name, cards in won.items()}
    return {name: len(cards) + aces[name] if len(cards) == most else -aces[name] for name, cards in won.items()}


def test_the_judge_on_the_readings_worked_examples():
    assert value(["AH", "9C", "2D"]) == 22 and value(["AH", "3C", "10D"]) == 24 and value(["AH", "AC", "2D"]) == 24
    assert value(["AH", "5C", "10D"]) == 26
    assert judge({"ann": ["KH", "QS", "5D"], "bob": ["10C", "7D"]}, [])[0] == "bob"
    assert judge({"ann": ["AH", "3C", "10D"], "bob": ["10C", "4D"]}, [])[0] == "ann"
    assert set_points({"ann": ["AH"] * 2 + ["2C"] * 12, "bob": ["AS"] + ["3C"] * 13, "cy": ["AD"] + ["4C"] * 8}) == {"ann": 16, "bob": 15, "cy": -1}


# -- the table -------------------------------------------------------------------------------------------
class Table:
    """The truth: the pile (top last), each hand in the order taken, who has locked, the cards won and dead."""

    def __init__(self, client, rng: random.Random, players: int, decks: int, dead: int) -> None:
        self.client, self.rng = client, rng
        self.names = [f"p{index}" for index in range(players)]
        self.decks = decks
        self.pack = Counter(PACK * decks)
        self.pile = PACK * decks
        rng.shuffle(self.pile)
        self.dead = [self.pile.pop() for _ in range(dead)]
        self.won: dict[str, list[str]] = {name: [] for name in self.names}
        self.hands: dict[str, list[str]] = {}
        self.locked: set[str] = set()
        self.named: set[str] = set()  # every string the table has sent the referee
        self.told_pile = 0  # the pile as the referee was told it: the deal and the logged takes
        self.logged: set[str] = set()  # the locks the referee was told of
        self.revealed = True
        body = {"players": self.names, "decks": decks, "dead": self.dead}
        self.state = self.post("/games/from-table", body)["state"]
        self.deal()

    def post(self, path: str, body: dict, status: int = 200) -> dict:
        """One request; no answer shows a card of the pile or of a hand that the table has never named."""
        self.named |= set(strings(body))
        response = self.client.post(ROOT + path, json=body)
        assert response.status_code == status, response.get_json()
        answer = response.get_json()
        assert_hides(answer, set(self.pile + [card for hand in self.hands.values() for card in hand]) - self.named, path)
        return answer

    def deal(self) -> None:
        self.locked, self.logged = set(), set()
        if len(self.pile) >= 2 * len(self.names):
            self.hands = {name: [] for name in self.names}
            for name in self.names:
                self.hands[name] += [self.pile.pop(), self.pile.pop()]
            self.told_pile, self.revealed = len(self.pile), False
        else:
            self.hands = {}

    def may(self, action: str, name: str) -> bool:
        """The test's referee: before the reveal, a player the referee has not seen lock may take (while the pile
        it was told of has cards) or lock; every player locked, or that pile empty, and the reveal is next."""
        return self.open() and name not in self.logged

    def open(self) -> bool:
        return bool(self.hands) and not self.revealed and self.told_pile > 0 and self.logged != set(self.names)

    def check(self) -> dict:
        """The referee's state against the truth; /moves/legal against /moves/validate for every take and lock."""
        state = self.state
        total = sum(len(p["hand"]["cards"]) + p["hand"]["hidden"] + len(p["won"]) for p in state["players"])
        total += len(state["pile"]["cards"]) + state["pile"]["hidden"] + len(state["dead"]["cards"]) + state["dead"]["hidden"]
        total += sum(len(cards) for cards in state["draws"].values())
        assert total == sum(self.pack.values())
        assert {p["name"]: sorted(p["won"]) for p in state["players"]} == {name: sorted(cards) for name, cards in self.won.items()}
        assert sorted(state["dead"]["cards"]) == sorted(self.dead)
        legal = self.post("/moves/legal", {"state": state})
        if self.hands and not self.revealed:  # the public facts before the reveal: the pile told of, the phase
            assert state["pile"]["hidden"] == self.told_pile and state["phase"] == ("play" if self.open() else "reveal")
            locked = [name for name in self.names if name in self.logged or not self.told_pile]  # an empty pile locks all
            assert [p["name"] for p in state["players"] if p["locked"]] == locked
        for name in self.names:
            for action in ("take", "lock"):
                move = {"action": action, "player": name}
                verdict = self.post("/moves/validate", {"state": state, "move": move})
                assert verdict["legal"] == (move in legal["moves"]) == self.may(action, name), (move, verdict)
        return legal

    def apply(self, move: dict) -> list[dict]:
        assert self.post("/moves/validate", {"state": self.state, "move": move})["legal"] is True
        transition = self.post("/moves/apply", {"state": self.state, "move": move})
        self.state = transition["state"]
        return transition["events"]

    def play_game(self) -> bool:
        """One game; False once the set (or the match) is over."""
        if self.state["phase"] == "war":
            return self.war()
        tell = self.rng.random()
        while True:
            free = [name for name in self.names if name not in self.locked]
            if not free or not self.pile:
                break
            name = self.rng.choice(free)
            if self.rng.random() < 0.45:
                self.hands[name].append(self.pile.pop())
                if self.may("take", name) and self.rng.random() < tell:
                    self.apply({"action": "take", "player": name})
                    self.told_pile -= 1
            else:
                self.locked.add(name)
                if self.may("lock", name) and self.rng.random() < tell:
                    self.apply({"action": "lock", "player": name})
                    self.logged.add(name)
            if tell > 0.5 and self.rng.random() < 0.2:
                self.check()  # now and then, the referee's view mid-game
        legal = self.check()
        listed = [{key: value for key, value in move.items() if key != "fill"} for move in legal["moves"]]  # a template says what to fill (0.2.0)
        assert legal["table_step"]["action"] == "reveal" and {"action": "reveal"} in listed
        winner, rounds = judge(self.hands, self.pile)
        self.refused_reveals()
        events = self.apply({"action": "reveal", "hands": self.hands})
        self.revealed = True
        drawn = [card for turned in rounds for _, card in turned]
        for turned in rounds:
            step = self.check()["table_step"]
            assert (step["action"], step["players"]) == ("draw", [name for name, _ in turned])
            events = self.apply({"action": "draw", "draws": {name: [card] for name, card in turned}})
            self.pile = self.pile[: len(self.pile) - len(turned)]
        judged = next(event for event in events if event["type"] == "judged")
        assert judged["winner"] == winner, (self.hands, rounds, judged)
        cards = [card for hand in self.hands.values() for card in hand] + drawn
        (self.won[winner] if winner else self.dead).extend(cards)
        return self.after_game(events)

    def refused_reveals(self) -> None:
        """The referee's reveal checks, by the reading: every player holds the two cards dealt at least, and no card
        is shown more often than the decks hold, counting the dead cards, the cards won and the other hands."""
        first = self.names[0]
        short = {**self.hands, first: self.hands[first][:1]}
        assert self.post("/moves/validate", {"state": self.state, "move": {"action": "reveal", "hands": short}})["legal"] is False
        seen = Counter(self.dead + [card for cards in self.won.values() for card in cards] + [card for hand in self.hands.values() for card in hand])
        spent = [card for card in PACK if seen[card] >= self.decks]
        if spent:
            extra = {**self.hands, first: [*self.hands[first], self.rng.choice(spent)]}
            verdict = self.post("/moves/validate", {"state": self.state, "move": {"action": "reveal", "hands": extra}})
            assert verdict["legal"] is False, (extra, verdict)

    def after_game(self, events: list[dict]) -> bool:
        self.deal()
        if self.hands:
            # an empty pile locks everyone as they stand: the reveal is next
            assert (self.state["phase"], self.state["pile"]["hidden"]) == ("play" if self.pile else "reveal", len(self.pile))
            self.check()
            return True
        if len(self.pile) >= len(self.names):
            assert self.state["phase"] == "war"
            return self.war()
        self.dead += self.pile
        return self.end_set(events)

    def war(self) -> bool:
        step = self.check()["table_step"]
        assert (step["action"], step["players"]) == ("war", self.names)
        turned = {name: self.pile.pop() for name in self.names}
        best = max(single(card) for card in turned.values())
        top = [name for name, card in turned.items() if single(card) == best]
        events = self.apply({"action": "war", "last_war": turned})
        assert next(event for event in events if event["type"] == "last_war")["winner"] == (top[0] if len(top) == 1 else None)
        (self.won[top[0]] if len(top) == 1 else self.dead).extend(turned.values())
        self.dead += self.pile
        return self.end_set(events)

    def end_set(self, events: list[dict]) -> bool:
        scored = next(event for event in events if event["type"] == "set_scored")
        assert scored["points"] == set_points(self.won)
        return False


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.integers(2, 5), st.data(), st.randoms(use_true_random=False))
def test_random_games_at_a_real_table(client, players, data, rng):
    decks = data.draw(st.integers(1, -(-players // 3)), label="decks")
    dead = data.draw(st.integers(0, 52 * decks - 2 * players), label="dead")
    play_set(client, rng, players, decks, dead)


@pytest.mark.parametrize(("players", "decks", "dead"), [(2, 1, 30), (4, 2, 80), (5, 1, 0), (28, 1, 0)])
def test_a_few_real_table_sets_quickly(client, players, decks, dead):
    play_set(client, random.Random(players), players, decks, dead)


def play_set(client, rng: random.Random, players: int, decks: int, dead: int) -> None:
    table = Table(client, rng, players, decks, dead)
    for _ in range(12):
        if not table.play_game():
            break
