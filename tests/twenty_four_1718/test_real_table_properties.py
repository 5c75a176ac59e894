"""Random real-table matches through HTTP, the test holding the cards the referee cannot see (rules.md §13, issue 27).

The test deals real cards from its own shuffle, tells the referee only a random part of each hand, and plays
for every player a random card the rules allow on the true hand. The independent oracle
(tests/twenty_four_1718/oracle.py, which imports nothing from service/) decides, move by move:

- who acts: declarations from the leader to the right, the dealer last; the leader leads the first trick and
  the winner of each trick (the oracle's ``taker``) leads the next; a card from anyone else is refused;
- which cards the player to act may play: every card the rules allow on the true hand is listed and
  validates, a hand seen whole is judged exactly, a few other cards validate exactly when listed, and no
  listed card is one the record places elsewhere (another hand, a trick, the stock) or of a suit the player
  has failed to follow (a void the play proves);
- each true declaration validates, and one naming a sequence through the turn-up (a card the record places
  in the stock) is refused; after every hand, the chips and any game's winner are the oracle's.

The 52 cards are conserved and the referee's known cards are true at every step, and no answer shows a card
of a hand or of the stock that the table has never named (tests/hidden.py).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hidden import assert_hides, strings

from . import oracle

ROOT = "/v1/twenty-four-1718"
NAMES = ["ann", "bob", "cy", "dee", "eve"]
DECK = [rank + suit for suit in "SHDC" for rank in oracle.ORDER]
STOCK = {4: 4, 5: 2}


class Table:
    """The truth of one real table: the hands as they are, the tricks played, the match's counters."""

    def __init__(self, client, rng: random.Random, players: int, honors: str, games: int) -> None:
        self.client, self.rng, self.players, self.honors, self.games = client, rng, players, honors, games
        self.game, self.hand_number = 1, 1
        self.chips = [0] * players
        self.won = [0] * players
        self.named: set[str] = set()  # every string the table has sent the referee
        self.held: list[list[str]] = []
        self.stock: list[str] = []

    def post(self, path: str, body: dict, status: int = 200, choices: bool = False) -> dict:
        """One request; no answer shows a card of a hand or of the stock that the table has never named.
        ``choices``: the answer lists the cards an unseen hand may play (the legal moves, a verdict's alternatives),
        every card the public record allows (checked against that record in ``agree``): those lists are left out."""
        self.named |= set(strings(body))
        response = self.client.post(ROOT + path, json=body)
        assert response.status_code == status, response.get_json()
        answer = response.get_json()
        hidden = ({card for hand in self.held for card in hand} | set(self.stock)) - self.named
        assert_hides(answer, hidden, path, ignore={"honors", *(["moves", "alternatives"] if choices else [])})
        return answer

    def deal(self, dealer: int) -> dict:
        """Real cards: shuffled and dealt by the test; of each hand the referee sees a random part."""
        deck = list(DECK)
        self.rng.shuffle(deck)
        size = oracle.HAND_SIZE[self.players]
        self.dealer = dealer
        self.leader = (dealer + 1) % self.players
        self.held = [deck[seat * size : (seat + 1) * size] for seat in range(self.players)]
        self.dealt = [list(hand) for hand in self.held]
        self.turn_up = deck[self.players * size]
        self.stock = deck[self.players * size + 1 :]
        assert len(self.stock) == STOCK[self.players] - 1
        self.tricks: list[list[str]] = []
        seen = [[card for card in hand if self.rng.random() < 0.3] if self.rng.random() < 0.5 else [] for hand in self.held]
        return {"turn_up": self.turn_up, "hands": seen, "hidden": [size - len(hand) for hand in seen]}

    def hand_honors(self) -> str:
        if self.honors == "alternate":
            return "point" if self.hand_number % 2 else "face"
        if self.honors == "alternate_games":
            return "point" if self.game % 2 else "face"
        return self.honors

    def from_leader(self, values: list) -> list:
        return [values[(self.leader + offset) % self.players] for offset in range(self.players)]

    def expected_after_hand(self) -> tuple[list[int], int | None]:
        """The oracle's chips after this hand (seat order) and the seat that reached six, if any."""
        chips, stop = oracle.chips_of_hand(self.from_leader(self.dealt), self.turn_up, self.hand_honors(), self.tricks, self.from_leader(self.chips))
        seats = [0] * self.players
        for offset, value in enumerate(chips):
            seats[(self.leader + offset) % self.players] = value
        winner = seats.index(6) if stop is not None else None
        return seats, winner


def conserved(state: dict, table: Table) -> None:
    """Every card once, counted cards included; what the referee knows of a hand is in the true hand."""
    known = [card for player in state["players"] for card in player["hand"]]
    known += [card for trick in state["tricks"] for card in trick["cards"]] + state["trick"]["cards"]
    known += [state["stock"]["turn_up"], *state["stock"]["cards"]]
    assert len(known) == len(set(known))
    counted = sum(player["hidden"] for player in state["players"]) + state["stock"]["hidden"]
    assert len(known) + counted == 52
    for seat, player in enumerate(state["players"]):
        assert set(player["hand"]) <= set(table.held[seat])
        assert len(player["hand"]) + player["hidden"] == len(table.held[seat])


def agree(table: Table, state: dict, card: str, seat: int, void: set[str]) -> None:
    """/moves/legal and /moves/validate agree with the oracle on the true card and on a few others: the player to
    act is the oracle's, the true legal cards are never refused, a hand seen whole is judged exactly, and a card
    from anyone else is refused."""
    unseen = state["players"][seat]["hidden"] > 0
    legal = table.post("/moves/legal", {"state": state}, choices=unseen)
    player = legal["player"]
    assert (player, state["to_act"]) == (NAMES[seat], seat)
    shown = [card for index, other in enumerate(state["players"]) if index != seat for card in other["hand"]]
    shown += [card for trick in state["tricks"] for card in trick["cards"]] + state["trick"]["cards"]
    shown += [state["stock"]["turn_up"], *state["stock"]["cards"]]
    assert not {move["card"] for move in legal["moves"]} & set(shown)  # never a card the record places elsewhere
    assert not [move["card"] for move in legal["moves"] if oracle.suit(move["card"]) in void]  # nor of a suit it failed to follow
    other = NAMES[(seat + 1 + table.rng.randrange(table.players - 1)) % table.players]
    verdict = table.post("/moves/validate", {"state": state, "move": {"player": other, "action": "play", "card": card}}, choices=unseen)
    assert verdict["legal"] is False, verdict
    listed = {move["card"] for move in legal["moves"]}
    truth = oracle.legal(table.held[seat], state["trick"]["cards"], oracle.suit(table.turn_up))
    assert truth <= listed  # a play the rules allow on the true hand is never refused
    if all(card in state["players"][seat]["hand"] for card in table.held[seat]):
        assert listed == truth  # a hand seen whole is judged exactly
    for probe in {card, *table.rng.sample(DECK, 4)}:
        verdict = table.post("/moves/validate", {"state": state, "move": {"player": player, "action": "play", "card": probe}}, choices=unseen)
        assert verdict["legal"] == (probe in listed), (probe, verdict)


def play_hand(table: Table, state: dict) -> dict:
    """Declarations (the truth, announced) and tricks until the hand ends; checks every state on the way."""
    trump = oracle.suit(table.turn_up)
    seat = table.leader  # declarations from the leader to the right, the dealer last; the leader leads
    while state["phase"] == "declare":
        assert state["to_act"] == seat
        hand = table.held[seat]
        move: dict = {"player": NAMES[seat], "action": "declare"}
        if state["players"][seat]["hidden"] or table.rng.random() < 0.5:
            runs = [[f"{oracle.ORDER[rank - 1]}{suit}" for rank in range(low, high + 1)] for suit, low, high in oracle.runs(hand)]
            count, total = oracle.point(hand)
            move |= {"sequences": runs, "point": {"count": count, "sum": total}}
        assert table.post("/moves/validate", {"state": state, "move": move})["legal"] is True, move
        rank = oracle.rank(table.turn_up)  # a sequence through the turn-up: the known cards deny it (it is the stock's)
        low = min(max(1, rank - 2), 9)
        through = [f"{oracle.ORDER[index - 1]}{oracle.suit(table.turn_up)}" for index in range(low, low + 5)]
        point = {"count": 5, "sum": oracle.point(through)[1]}  # the point those five would make: only the turn-up is wrong
        denied = {"player": NAMES[seat], "action": "declare", "sequences": [through], "point": point}
        assert table.post("/moves/validate", {"state": state, "move": denied})["legal"] is False, denied
        state = table.post("/moves/apply", {"state": state, "move": move})["state"]
        if state["phase"] in ("declare", "play"):  # not when a declaration itself ended the game
            conserved(state, table)
        seat = (seat + 1) % table.players
    opener = table.leader
    voids: list[set[str]] = [set() for _ in range(table.players)]  # suits a player failed to follow: proven gone
    while state["phase"] == "play":
        trick = state["trick"]["cards"]
        seat = (opener + len(trick)) % table.players  # the trick's leader, then to the right
        card = table.rng.choice(sorted(oracle.legal(table.held[seat], trick, trump)))
        agree(table, state, card, seat, voids[seat])
        applied = table.post("/moves/apply", {"state": state, "move": {"player": NAMES[seat], "action": "play", "card": card}})
        assert not [event for event in applied["events"] if event["type"] == "declaration_contradicted"]  # every announcement was true
        table.held[seat].remove(card)
        if trick and oracle.suit(card) != oracle.suit(trick[0]):
            voids[seat].add(oracle.suit(trick[0]))
        if not trick:
            table.tricks.append([])
        table.tricks[-1].append(card)
        if len(table.tricks[-1]) == table.players:  # the winner of the trick leads the next
            opener = (opener + oracle.taker(table.tricks[-1], trump)) % table.players
        state = applied["state"]
        if state["phase"] == "play":
            conserved(state, table)
    return state


def settle(table: Table, state: dict) -> None:
    """After a hand: the chips, or the game's winner, are the oracle's."""
    chips, winner = table.expected_after_hand()
    if winner is None:
        assert [player["chips"] for player in state["players"]] == chips
        table.chips = chips
        table.hand_number += 1
        return
    table.won[winner] += 1
    assert [player["games_won"] for player in state["players"]] == table.won
    table.chips = [0] * table.players
    table.game, table.hand_number = table.game + 1, 1
    if state["phase"] == "over":
        assert table.game > table.games
    else:
        assert [player["chips"] for player in state["players"]] == table.chips


@pytest.mark.slow
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([4, 5]),
    honors=st.sampled_from(["point", "face", "alternate", "alternate_games"]),
    games=st.integers(1, 2),
)
def test_random_real_table_hands_agree_with_the_oracle(app, seed, players, honors, games):
    play_match(app, seed, players, honors, games)


@pytest.mark.parametrize(("seed", "players", "honors"), [(1, 4, "alternate"), (2, 5, "face")])
def test_a_real_table_hand_quickly(app, seed, players, honors):
    play_match(app, seed, players, honors, 1, hands=1)


def play_match(app, seed: int, players: int, honors: str, games: int, hands: int = 3) -> None:
    rng = random.Random(seed)
    table = Table(app.test_client(), rng, players, honors, games)
    dealer = rng.randrange(players)
    deal = table.deal(dealer)
    body = {"players": NAMES[:players], "dealer": dealer, "rules": {"honors": honors, "games": games}, **deal}
    state = table.post("/games/from-table", body)["state"]
    assert state["deal"] == "physical"
    for _ in range(hands):  # three hands at most: enough to cross a hand's end, and sometimes a game's
        if state["phase"] == "over":
            break
        if state["phase"] in ("declare", "play"):
            state = play_hand(table, state)
        settle(table, state)
        if state["phase"] != "deal":
            break
        legal = table.post("/moves/legal", {"state": state})
        assert [({k: v for k, v in move.items() if k != "fill"}, list(move["fill"])) for move in legal["moves"]] == [
            ({"player": NAMES[table.leader], "action": "deal"}, ["turn_up"])
        ]  # the previous leader deals, with real cards: a template naming the turn-up it needs
        assert all(not player["hand"] and not player["hidden"] for player in state["players"])
        deal = table.deal(table.leader)
        state = table.post("/moves/apply", {"state": state, "move": {"player": NAMES[table.dealer], "action": "deal", **deal}})["state"]
        if state["phase"] == "declare":  # not when the turn-up itself ended the game
            conserved(state, table)
