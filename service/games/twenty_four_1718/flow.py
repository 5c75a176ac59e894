"""How hands and games follow one another: the deal, chips into the seats, a game's end, the next game (rules.md §2, §10).

A hand's scores are worked out in :mod:`.hand` on a :class:`~.chips.Tally`;
:func:`settle` moves them into the seats and, when a chip makes six, ends
the game there and then, dealing the next game of the match if there is one.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from service.core.cards import Card

from .chips import Award, Tally
from .hand import score_turn_up
from .pack import DEAL_SHAPES, shuffled, sorted_hand
from .state import Seat, Stock, TableState, Trick

Event = dict[str, Any]


def deal(seed: int, number: int, seats: int, dealer: int) -> tuple[list[tuple[Card, ...]], Stock]:
    """Deal ``number`` of match ``seed``: batches to each player from the dealer's right, the dealer last; the next card turned up (§2.2)."""
    pack = shuffled(seed, number)
    hands: list[list[Card]] = [[] for _ in range(seats)]
    for batch in DEAL_SHAPES[seats].batches:
        for offset in range(1, seats + 1):
            hand = hands[(dealer + offset) % seats]
            for _ in range(batch):
                hand.append(pack.pop())
    turn_up = pack.pop()
    return [sorted_hand(hand) for hand in hands], Stock(turn_up, tuple(pack))


def open_hand(state: TableState, dealer: int, hand_number: int, events: list[Event]) -> TableState:
    """Deal a new hand from ``dealer`` and score its turn-up; ``state`` gives the seats, chips and match."""
    hands, stock = deal(state.seed, state.deals + 1, state.seats, dealer)
    players = tuple(replace(player, hand=hand) for player, hand in zip(state.players, hands, strict=True))
    leader = (dealer + 1) % state.seats
    dealt = replace(
        state,
        players=players,
        dealer=dealer,
        hand_number=hand_number,
        stock=stock,
        phase="declare",
        to_act=leader,
        tricks=(),
        trick=Trick(leader),
        deals=state.deals + 1,
    )
    events.append(dealt_event(dealt))
    return settle(dealt, score_turn_up(tally_of(dealt), dealer, stock.turn_up, dealt.hand_honors), events)


def dealt_event(state: TableState) -> Event:
    """What a new hand shows everyone: who deals and leads, the turn-up, the trumps and the honors."""
    return {
        "type": "dealt",
        "game": state.game,
        "hand_number": state.hand_number,
        "dealer": state.players[state.dealer].name,
        "leader": state.players[state.leader].name,
        "turn_up": str(state.stock.turn_up),
        "trump": state.trump,
        "honors": state.hand_honors,
        "rule": "2.2",
    }


def tally_of(state: TableState) -> Tally:
    """A tally starting from the seats' chips."""
    return Tally(tuple(player.chips for player in state.players))


def settle(state: TableState, tally: Tally, events: list[Event]) -> TableState:
    """The tally's new chips into the seats, one event per chip; at six chips the game ends (§3.3)."""
    for award in tally.awards:
        events.append({"type": "scored", **award.to_dict(), "player": state.players[award.player].name, "seat": award.player})
    players = tuple(replace(player, chips=chips) for player, chips in zip(state.players, tally.chips, strict=True))
    state = replace(state, players=players)
    if tally.winning_award is None:
        return state
    return _end_game(state, tally.winning_award, events)


def _end_game(state: TableState, award: Award, events: list[Event]) -> TableState:
    """The game is won: count it, then deal the next game of the match (the hand's leader deals) or end the match (§10.2, §10.3)."""
    winner = award.player
    champion = state.players[winner]
    state = state.with_seat(winner, replace(champion, games_won=champion.games_won + 1))
    events.append(
        {
            "type": "game_won",
            "game": state.game,
            "player": champion.name,
            "seat": winner,
            "step": award.step,
            "chips": [player.chips for player in state.players],
            "rule": "3.3",
        }
    )
    if state.game < state.games:
        fresh = tuple(Seat(player.name, (), 0, player.games_won) for player in state.players)
        return _following_hand(replace(state, players=fresh, game=state.game + 1), state.leader, 1, events)
    standings = {player.name: player.games_won for player in state.players}
    events.append({"type": "match_over", "games_won": standings, "winners": match_winners(state), "rule": "10.3"})
    return replace(state, phase="over")


def next_hand(state: TableState, events: list[Event]) -> TableState:
    """Nobody reached six: the hand's leader deals the next hand (§2.4)."""
    return _following_hand(state, state.leader, state.hand_number + 1, events)


def _following_hand(state: TableState, dealer: int, hand_number: int, events: list[Event]) -> TableState:
    """The referee deals the next hand itself, or, at a real table, waits for the table to enter its real deal (§13.5)."""
    if state.deal != "physical":
        return open_hand(state, dealer, hand_number, events)
    leader = (dealer + 1) % state.seats
    gathered = tuple(replace(player, hand=(), hidden=0) for player in state.players)
    waiting = replace(state, players=gathered, dealer=dealer, hand_number=hand_number, phase="deal", to_act=dealer, tricks=(), trick=Trick(leader), claims=())
    events.append(
        {
            "type": "deal_awaited",
            "game": waiting.game,
            "hand_number": hand_number,
            "dealer": state.players[dealer].name,
            "honors": waiting.hand_honors,
            "rule": "13.5",
        }
    )
    return waiting


def enter_draw(state: TableState, drawn: tuple[Card, ...], events: list[Event]) -> TableState:
    """A round of the real draw for the first dealer (§2.1, §13.6): the highest alone deals; a tie draws again."""
    drawing = state.drawing
    state = replace(state, draws=(*state.draws, drawn))
    events.append(
        {"type": "drew", "draws": [{"player": state.players[seat].name, "card": str(card)} for seat, card in zip(drawing, drawn, strict=True)], "rule": "2.1"}
    )
    after = state.drawing
    if len(after) > 1:
        return replace(state, to_act=after[0])
    dealer = after[0]
    events.append({"type": "dealer_drawn", "player": state.players[dealer].name, "seat": dealer, "rule": "2.1"})
    return replace(state, phase="deal", dealer=dealer, to_act=dealer, trick=Trick((dealer + 1) % state.seats))


def enter_deal(state: TableState, hands: tuple[tuple[Card, ...], ...], hidden: tuple[int, ...], stock: Stock, events: list[Event]) -> TableState:
    """The real deal entered at the table (§13.5): the hands as far as the referee may see them, the turn-up scored."""
    players = tuple(replace(player, hand=sorted_hand(hand), hidden=count) for player, hand, count in zip(state.players, hands, hidden, strict=True))
    leader = state.leader
    dealt = replace(state, players=players, stock=stock, phase="declare", to_act=leader, tricks=(), trick=Trick(leader), claims=(), deals=state.deals + 1)
    events.append(dealt_event(dealt))
    return settle(dealt, score_turn_up(tally_of(dealt), dealt.dealer, stock.turn_up, dealt.hand_honors), events)


def match_winners(state: TableState) -> list[str]:
    """The players with the most games won (several on a tie)."""
    most = max(player.games_won for player in state.players)
    return [player.name for player in state.players if player.games_won == most]
