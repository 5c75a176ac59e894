"""The contract every registered game keeps, tested as OpenSpiel tests its games: seeded random games through
the engine and through HTTP. Every listed move (templates filled by this test) is judged legal and applies; the
state's check finds nothing after every apply; cards are conserved; every alternative of a refused move is legal
and is never that move; a seat's view does not change when cards it cannot see are dealt differently.

It runs for every game in the registry and for the fixture game (tests/contract/fixture_game), which registers
through the same registry: a new game gets the contract by registering.
"""

from __future__ import annotations

import copy
import functools
import itertools
import random
from collections import Counter
from collections.abc import Iterator, Mapping
from fractions import Fraction
from types import SimpleNamespace
from typing import Any

import pytest

from service.core.records import Listed, listed
from service.games import GAME_PACKAGES, registered
from service.http.referee import game_web
from tests.conftest import register_game
from tests.contract import fixture_game

SLUGS = list(GAME_PACKAGES)
ALL = [*SLUGS, fixture_game.SLUG]
GAMES = 3  # seeded games per game
MOVES = 30  # moves per game at most
WATCHED_GAMES = 4  # seeded games from the watched table

# Zones a game keeps outside its ``ZONES`` declaration (or, for a game not on the kit, all its zones), as
# pattern -> who sees it. Kept here, small, where a game's shape demands it.
EXTRA_ZONES: dict[str, dict[str, str]] = {
    "twenty-four-1718": {"/stock/turn_up": "everyone"},
}

SUITS = "SHDC"
FACES = ("J", "Q", "K")
ALL_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", *FACES)


def standard(copies: int, ranks: tuple[str, ...] = ALL_RANKS) -> Counter[str]:
    return Counter({rank + suit: copies for rank in ranks for suit in SUITS})


def pack(slug: str, state: dict[str, Any]) -> Counter[str]:
    """The pack each rule book names (rules.md §1 of each game), written here as the oracle."""
    if slug == "24-kings":
        return standard(2)  # two standard decks, 104 cards
    if slug == "twenty-four":  # Ace to 10 of four suits; the face cards too with the face_cards option
        return standard(1, ALL_RANKS if state["rules"]["face_cards"] else ALL_RANKS[:10])
    if slug == "three-kings":  # 2P of every rank Ace to Queen, 2P + 1 Kings
        players = len(state["players"])
        return Counter({rank: 2 * players for rank in ALL_RANKS[:12]}) + Counter({"K": 2 * players + 1})
    if slug == "1923":
        return standard(state["rules"]["decks"])
    if slug == "twenty-four-1718":
        return standard(1)
    assert slug == fixture_game.SLUG, f"{slug}: the contract does not know this game's pack: add it from its rule book"
    return Counter(fixture_game.PACK)


@pytest.fixture
def engine(request, monkeypatch):
    """The registered engine of the parametrized game; the fixture game is registered first, as its registry line would."""
    slug = request.node.callspec.params["slug"]
    if slug == fixture_game.SLUG:
        register_game(monkeypatch, slug, fixture_game.__name__)
    return registered(slug).engine


def start(slug: str, seed: int) -> dict[str, Any]:
    """A state to play from: the fixture's own deal, or the game's published example state."""
    if slug == fixture_game.SLUG:
        return fixture_game.deal(seed)
    return copy.deepcopy(game_web(slug).examples()["state"])


# What a game's state says of a table the referee watches rather than deals, beside the unseen hands: 24 Kings'
# next deal is then the table's, a template to fill (rules.md §28).
WATCHED_FIELDS: dict[str, dict[str, Any]] = {"24-kings": {"deal": "physical"}}
# The move that goes on to a match's next game or hand, where a game has one: random games must cross one (issue 27).
NEXT_DEALS = {"24-kings": "deal"}


def unseen_hands(state: dict[str, Any], slug: str = "") -> dict[str, Any]:
    """The same table watched rather than dealt: the referee sees no hand, it knows only their sizes."""
    watched = copy.deepcopy(state) | WATCHED_FIELDS.get(slug, {})
    for seat in watched.get("players", []):
        hand = seat.get("hand")
        if isinstance(hand, dict):
            seat["hand"] = {"cards": [], "hidden": len(hand["cards"]) + hand["hidden"]}
        elif isinstance(hand, list):  # 1718 keeps a hand's unseen count beside it
            seat["hand"], seat["hidden"] = [], len(hand) + seat.get("hidden", 0)
    return watched


def starts(game: Any, slug: str) -> list[dict[str, Any]]:
    """The seeded states to play from."""
    return [start(slug, seed) for seed in range(GAMES)]


def watched(game: Any, slug: str) -> list[dict[str, Any]]:
    """The first start with every hand unseen, when the game referees such a table (1923's referee deals: it does not)."""
    table = unseen_hands(start(slug, 0), slug)
    try:
        game.read_state(table)
    except ValueError:
        return []
    return [table]


# -- templates: filled from the state and the public rules ------------------------------------------------
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}


def value(card: str) -> int:
    rank = card[:-1]
    return RANKS.get(rank) or int(rank)


def make(numbers: list[Fraction], texts: list[str], target: Fraction) -> str | None:
    """An expression of ``texts`` (whose values are ``numbers``) that makes ``target``: the classic 24 search."""
    if len(numbers) == 1:
        return texts[0] if numbers[0] == target else None
    for i, j in itertools.permutations(range(len(numbers)), 2):
        rest = [n for k, n in enumerate(numbers) if k not in (i, j)]
        rest_texts = [t for k, t in enumerate(texts) if k not in (i, j)]
        a, b, x, y = numbers[i], numbers[j], texts[i], texts[j]
        tries = [(a + b, f"({x} + {y})"), (a - b, f"({x} - {y})"), (a * b, f"({x} * {y})")]
        if b:
            tries.append((a / b, f"({x} / {y})"))
        for number, text in tries:
            found = make([*rest, number], [*rest_texts, text], target)
            if found:
                return found
    return None


KING_ACTIONS = ("dump_king", "play_king", "dethrone")  # 24 Kings: these name a King (rules.md §9.3-§9.5)


def fill(move: dict[str, Any], fields: Mapping[str, str], state: dict[str, Any], game: Any, slug: str) -> dict[str, Any]:
    """A template filled as a client would: an expression over the table's cards (one making the target when there
    is one: a wrong claim is still a legal move in Twenty-Four, rules.md §3); a card from an unseen part of a hand:
    a card of the pack of which the state shows fewer copies than the pack holds (it may be the unseen one)."""
    filled = dict(move)
    for name in fields:
        if name == "expression":
            filled[name] = expression(tuple(value(card) for card in state["table"]), state.get("target", 24))
        elif name == "card":
            unseen = pack(slug, state) - census(game, slug, state)[0]
            kings = sorted(card for card in unseen if card.startswith("K"))
            needed = kings if move.get("action") in KING_ACTIONS else sorted(unseen)
            if move.get("action") in ("play_king", "dethrone"):  # a King of the castle's suit (§9.4, §9.5); castles are numbered from 1 (§2)
                needed = [king for king in kings if king[-1] == state["castles"][move["castle"] - 1]["card"][-1]]
            assert needed, (slug, "a card template while every card it may name is seen", move)
            filled[name] = needed[0]
        elif name == "reveal":  # every unseen card of the player's hand, named from the cards nobody has seen
            unseen = sorted((pack(slug, state) - census(game, slug, state)[0]).elements())
            seat = next(seat for seat in state["players"] if seat["name"] == move["player"])
            filled[name] = seat["hand"]["cards"] + unseen[: seat["hand"]["hidden"]]
        elif name == "turn_up":  # Twenty-Four (1718)'s real deal: any card nobody has named yet turned up (rules.md §13.5)
            filled[name] = free_cards(slug, state)[0]
        elif name == "drawn":  # a round of the draw for the first dealer: one card per player drawing (rules.md §2.1)
            filled[name] = free_cards(slug, state)[: len(drawing(state))]
        elif name == "castles":  # 24 Kings' next deal at a real table: a Castle Phase turning one card of each suit (rules.md §7)
            filled[name] = [{"card": f"2{suit}", "kings": []} for suit in SUITS]
        elif name in ("sequences", "point"):  # the announcement of a counted hand: the true one of a hand it may hold
            sequences, point = declaration(counted_hand(slug, state, move["player"]))
            filled[name] = sequences if name == "sequences" else point
        else:
            raise AssertionError(f"the contract does not know how to fill {name!r}: teach it from the rules")
    return filled


def free_cards(slug: str, state: dict[str, Any]) -> list[str]:
    """The cards of the pack the state names nowhere (not in a zone, a claim, a draw): any of them may be the unseen one."""
    named: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, str):
            named.add(node)
        elif isinstance(node, list):
            for item in node:
                walk(item)
        elif isinstance(node, dict):
            for item in node.values():
                walk(item)

    walk(state)
    return sorted(card for card in pack(slug, state) if card not in named)


def drawing(state: dict[str, Any]) -> list[int]:
    """Twenty-Four (1718)'s seats drawing next for the first dealer (rules.md §2.1): everyone, then those tied highest."""
    seats = list(range(len(state["players"])))
    for cards in state.get("draws", []):
        if len(cards) != len(seats):
            return seats
        top = max(value(card) for card in cards)
        seats = [seat for seat, card in zip(seats, cards, strict=True) if value(card) == top]
    return seats


def counted_hand(slug: str, state: dict[str, Any], player: str) -> list[str]:
    """A hand the referee only counts, made whole: its seen cards and, for the unseen ones, cards named nowhere."""
    seat = next(seat for seat in state["players"] if seat["name"] == player)
    return list(seat["hand"]) + free_cards(slug, state)[: seat["hidden"]]


def declaration(hand: list[str]) -> tuple[list[list[str]], dict[str, int]]:
    """Twenty-Four (1718)'s declaration of a hand, from the rule book: every run of five or more of a suit in a row,
    Ace low (rules.md §5.1); the Point, the longest suit and, between equally long ones, the higher sum, the Ace 1 and
    the face cards 10 (§6.1, §6.2)."""
    sequences: list[list[str]] = []
    point = (0, 0)
    for suit in SUITS:
        ranks = sorted(value(card) for card in hand if card[-1] == suit)
        run: list[int] = []
        for rank in [*ranks, 99]:
            if run and rank != run[-1] + 1:
                if len(run) >= 5:
                    sequences.append([ALL_RANKS[r - 1] + suit for r in run])
                run = []
            run.append(rank)
        point = max(point, (len(ranks), sum(min(rank, 10) for rank in ranks)))
    return sequences, {"count": point[0], "sum": point[1]}


@functools.cache
def expression(values: tuple[int, ...], target: int) -> str:
    texts = [str(number) for number in values]
    return make([Fraction(number) for number in values], texts, Fraction(target)) or " + ".join(texts)


# -- cards: every zone of the plain data ---------------------------------------------------------------------
def places(data: Any, pattern: str) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every (tokens, node) a zone pattern (``/players/*/hand``) names in ``data``; a missing member names nothing."""
    found: list[tuple[tuple[str, ...], Any]] = [((), data)]
    for token in pattern.strip("/").split("/"):
        nxt = []
        for tokens, node in found:
            if token == "*" and isinstance(node, list):
                nxt += [((*tokens, str(n)), item) for n, item in enumerate(node)]
            elif isinstance(node, dict) and token in node:
                nxt.append(((*tokens, token), node[token]))
        found = nxt
    yield from found


def zones_of(game: Any, slug: str) -> dict[str, str]:
    return {**dict(getattr(game, "ZONES", {})), **EXTRA_ZONES.get(slug, {})}


def cards_in(node: Any) -> tuple[list[str], int]:
    """The card texts a zone holds and the count of cards it does not show (``hidden``), however it is nested."""
    if isinstance(node, str):
        return [node], 0
    if isinstance(node, list):
        parts = [cards_in(item) for item in node]
        return [card for cards, _ in parts for card in cards], sum(hidden for _, hidden in parts)
    if isinstance(node, dict):  # a zone ({"cards", "hidden"}), a castle ({"card", "kings"}), a trick ({"leader", "cards"})
        cards, hidden = cards_in([item for key, item in node.items() if key != "hidden"])
        extra = node.get("hidden", 0)
        return cards, hidden + (extra if isinstance(extra, int) else 0)
    return [], 0


def census(game: Any, slug: str, state: dict[str, Any]) -> tuple[Counter[str], int]:
    known: Counter[str] = Counter()
    hidden = 0
    for pattern in zones_of(game, slug):
        for _, node in places(state, pattern):
            cards, unseen = cards_in(node)
            known.update(cards)
            hidden += unseen
    if slug == "twenty-four-1718":  # a hand's unseen count sits beside it (/players/*/hidden), the turn-up in the stock
        hidden += sum(seat.get("hidden", 0) for seat in state["players"])
    return known, hidden


def assert_conserved(game: Any, slug: str, before: tuple[Counter[str], int], state: dict[str, Any], move: Any) -> None:
    known, hidden = census(game, slug, state)
    assert sum(known.values()) + hidden == sum(before[0].values()) + before[1], (slug, move, "cards appeared or vanished")
    if not hidden and not before[1]:
        assert known == before[0], (slug, move, "the pack changed", known - before[0], before[0] - known)


# -- the engine --------------------------------------------------------------------------------------------
def sendable(option: Any, state: dict[str, Any], game: Any, slug: str) -> dict[str, Any]:
    move = dict(option.move.to_dict())
    return fill(move, option.fill, state, game, slug) if option.fill else move


def refused_near(move: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """Moves near a legal one that the rules refuse: another seat's turn, an unknown player."""
    near = [{**move, "player": "nobody-sits-here"}]
    if isinstance(move.get("card"), str):  # the same move naming another card (not in the hand, or not playable)
        near.append({**move, "card": "2C" if move["card"] != "2C" else "3C"})
    return near + [{**move, "player": name} for name in names if name != move.get("player")][:1]


@pytest.mark.parametrize("slug", ALL)
def test_random_games_through_the_engine(engine, slug):
    random_games(engine, slug, starts(engine, slug))


def known_defects(defects: dict[str, str]) -> list[Any]:
    """Every game, those with a defect this contract found marked xfail(strict) with its reproduction (not fixed here)."""
    return [pytest.param(slug, marks=pytest.mark.xfail(strict=True, raises=AssertionError, reason=defects[slug])) if slug in defects else slug for slug in ALL]


UNSEEN_DEFECTS: dict[str, str] = {}


@pytest.mark.parametrize("slug", known_defects(UNSEEN_DEFECTS))
def test_random_games_at_a_watched_table(engine, slug):
    """The same contract where the referee sees no hand (a physical game watched by a phone): templates to fill."""
    tables = watched(engine, slug)
    if not tables:
        pytest.skip(f"{slug}'s referee deals and knows every hand")
    random_games(engine, slug, tables * WATCHED_GAMES)


def random_games(game: Any, slug: str, tables: list[dict[str, Any]]) -> None:
    """Seeded random games: every listed move legal and applied, the state real and the pack whole after each; where a
    match goes on, some games cross into the next game by its listed deal."""
    played = offered = crossed = 0
    for seed, data in enumerate(tables):
        chance = random.Random(f"{slug}-{seed}")
        state = game.read_state(data)
        first = census(game, slug, state.to_dict())
        whole = pack(slug, state.to_dict())
        assert not first[0] - whole, (slug, "cards that are not in the pack", first[0] - whole)
        assert sum(first[0].values()) + first[1] == whole.total(), (slug, "the zones do not hold the pack")
        for _ in range(MOVES):
            options = listed(game.legal_moves(state))
            if not options:
                assert game.is_terminal(state) or game.legal_report(state).to_dict().get("open"), (slug, "no move, not over")
                break
            plain = state.to_dict()
            names = [seat["name"] for seat in plain.get("players", []) if isinstance(seat, dict)]
            for option in options:
                move = game.read_move(sendable(option, plain, game, slug))
                verdict = game.judge(state, move)
                assert verdict.legal, (slug, move.to_dict(), verdict.to_dict())
            chosen = sendable(chance.choice(options), plain, game, slug)
            for near in refused_near(chosen, names):
                try:
                    refused = game.read_move(near)
                except ValueError:
                    continue  # a move that does not read is no verdict
                verdict = game.judge(state, refused)
                if verdict.legal:
                    continue
                offered += len(verdict.alternatives)
                for alternative in listed(verdict.alternatives):
                    alt = sendable(alternative, plain, game, slug)
                    assert alt != near, (slug, "an alternative is the refused move itself", near)
                    assert game.judge(state, game.read_move(alt)).legal, (slug, "an alternative is illegal", alt)
            transition = game.apply(state, game.read_move(chosen))
            state = transition.state
            assert game.check_state(state) == [], (slug, chosen)
            assert_conserved(game, slug, first, state.to_dict(), chosen)
            played += 1
            crossed += chosen.get("action") == NEXT_DEALS.get(slug)
    assert played, f"{slug}: no move was played"
    assert crossed or slug not in NEXT_DEALS, f"{slug}: no random game crossed into the next game of its match"
    assert offered, f"{slug}: no refused move was offered an alternative to check"


# -- a seat's view ---------------------------------------------------------------------------------------------
def unseen_by(game: Any, slug: str, state: dict[str, Any], seat: int) -> list[list[tuple[str, ...]]]:
    """The places of every card text the seat ``seat`` cannot see (zones seen by nobody, and others' own zones), by zone."""
    paths: list[list[tuple[str, ...]]] = []
    for pattern, seen in zones_of(game, slug).items():
        if seen == "everyone":
            continue
        for tokens, node in places(state, pattern):
            star = pattern.strip("/").split("/").index("*") if "*" in pattern else None
            if seen == "owner" and star is not None and tokens[star] == str(seat):
                continue
            paths.append([(*tokens, *inner) for inner in card_paths(node)])
    return paths


def card_paths(node: Any) -> Iterator[tuple[str, ...]]:
    if isinstance(node, str):
        yield ()
    elif isinstance(node, list):
        for n, item in enumerate(node):
            yield from (((str(n), *inner)) for inner in card_paths(item))
    elif isinstance(node, dict):
        for key, item in node.items():
            yield from (((key, *inner)) for inner in card_paths(item))


def redealt(state: dict[str, Any], groups: list[list[tuple[str, ...]]], chance: random.Random) -> dict[str, Any]:
    """The same state with the cards at each group of places dealt among those places in another order."""
    other = copy.deepcopy(state)

    def holder(tokens: tuple[str, ...]) -> Any:
        node: Any = other
        for token in tokens[:-1]:
            node = node[int(token)] if isinstance(node, list) else node[token]
        return node

    for paths in groups:
        cards = [holder(p)[int(p[-1]) if isinstance(holder(p), list) else p[-1]] for p in paths]
        chance.shuffle(cards)
        for path, card in zip(paths, cards, strict=True):
            node = holder(path)
            node[int(path[-1]) if isinstance(node, list) else path[-1]] = card
    return other


REDEALS = 6  # tries at a redeal across the unseen zones, then one within each zone


def redeals(game: Any, slug: str, plain: dict[str, Any], seat: int, chance: random.Random) -> Iterator[Any]:
    """States that differ from ``plain`` only in the cards ``seat`` cannot see and are still real tables.

    Public facts constrain the unseen cards (a player who did not follow suit holds none of it; a phase may
    depend on a hand), so a redeal across zones that the game refuses as a table is not a table the seat could
    be at: it is skipped. The order within each unseen zone is always a real table of the same public facts.
    """
    groups = unseen_by(game, slug, plain, seat)
    across = [path for group in groups for path in group]
    attempts = [redealt(plain, [across], chance) for _ in range(REDEALS)] + [redealt(plain, groups, chance)]
    for data in attempts:
        if data == plain:
            continue
        try:
            yield game.read_state(data)
        except ValueError:
            continue


VIEW_DEFECTS: dict[str, str] = {}


@pytest.mark.parametrize("slug", known_defects(VIEW_DEFECTS))
def test_a_seats_view_does_not_change_when_unseen_cards_are_dealt_differently(engine, slug):
    compare_views(engine, slug)


def compare_views(game: Any, slug: str) -> None:
    """Each seat's view along seeded random games, against redeals of the cards that seat cannot see."""
    chance = random.Random(f"view-{slug}")
    compared = 0
    for seed, data in enumerate(starts(game, slug)):
        state = game.read_state(data)
        for _ in range(MOVES // 3):
            plain = state.to_dict()
            for seat, player in enumerate(plain["players"]):
                if game.is_terminal(state):
                    break  # once the game is over the rules may show every hand (24 Kings' Calculus, §27)
                name = player["name"]
                for other in redeals(game, slug, plain, seat, chance):
                    assert game.view(other, name).to_dict() == game.view(state, name).to_dict(), (slug, name, seed)
                    compared += 1
            options = listed(game.legal_moves(state))
            if not options:
                break
            state = game.apply(state, game.read_move(sendable(chance.choice(options), plain, game, slug))).state
    assert compared, f"{slug}: no seat had cards it cannot see"


# -- HTTP ------------------------------------------------------------------------------------------------------
NOTES = ("fill", "correct", "call_valid", "card_choices", "face_up_choices", "reveal_unseen", "drawn_unseen")


@pytest.mark.parametrize("slug", SLUGS)
def test_random_games_through_http(client, slug):
    root = f"/v1/{slug}"
    game = registered(slug).engine
    played = crossed = 0
    tables = starts(game, slug)[:2]
    if slug in NEXT_DEALS:  # the second game played on through the engine to its end, so HTTP deals the next one
        tables[1] = to_next_deal(game, slug, tables[1])
    for seed, state in enumerate(tables):
        chance = random.Random(f"http-{slug}-{seed}")
        first = census(game, slug, state)
        for _ in range(MOVES // 2):
            report = client.post(f"{root}/moves/legal", json={"state": state}).get_json()
            if not report["moves"]:
                break
            sent = []
            for listed_move in report["moves"]:
                move = {key: value for key, value in listed_move.items() if key not in NOTES}
                move = fill(move, listed_move.get("fill", {}), state, game, slug)
                verdict = client.post(f"{root}/moves/validate", json={"state": state, "move": move})
                assert verdict.status_code == 200 and verdict.get_json()["legal"] is True, (slug, move, verdict.get_json())
                sent.append(move)
            chosen = chance.choice(sent)
            applied = client.post(f"{root}/moves/apply", json={"state": state, "move": chosen})
            assert applied.status_code == 200, (slug, chosen, applied.get_json())
            state = applied.get_json()["state"]
            assert_conserved(game, slug, first, state, chosen)
            assert client.post(f"{root}/state/check", json={"state": state}).get_json() == {"valid": True, "problems": []}, (slug, chosen)
            played += 1
            crossed += chosen.get("action") == NEXT_DEALS.get(slug)
    assert played
    assert crossed or slug not in NEXT_DEALS, f"{slug}: no random game crossed into the next game of its match through HTTP"


def to_next_deal(game: Any, slug: str, data: dict[str, Any], most: int = 2000) -> dict[str, Any]:
    """``data`` played on by seeded random moves through the engine until its match's next deal is listed."""
    chance = random.Random(f"to-next-deal-{slug}")
    state = game.read_state(data)
    for _ in range(most):
        options = listed(game.legal_moves(state))
        if any(option.move.action == NEXT_DEALS[slug] for option in options):
            return dict(state.to_dict())
        state = game.apply(state, game.read_move(sendable(chance.choice(options), state.to_dict(), game, slug))).state
    raise AssertionError(f"{slug}: no next deal after {most} random moves")


# -- the contract can fail: a fixture game broken on purpose, one way each ------------------------------------
class ShowsEveryHand(fixture_game.HighCard):
    def view(self, state: fixture_game.State, player: str) -> fixture_game.View:
        return fixture_game.View({**state.to_dict(), "player": player})


class LosesTheTable(fixture_game.HighCard):
    def step(self, state: fixture_game.State, move: fixture_game.Move) -> tuple[fixture_game.State, Any]:
        after, events = super().step(state, move)
        return (fixture_game.State(after.players, after.table, state.discard, after.to_act), events) if move.action == "pass" else (after, events)

    def state_problems(self, state: fixture_game.State) -> Any:
        return [problem for problem in super().state_problems(state) if problem.code != "not_the_pack"]


class OffersTheRefusedMove(fixture_game.HighCard):
    def alternatives(self, state: fixture_game.State, refused: fixture_game.Move) -> tuple[Any, ...]:
        return (Listed(refused),)


class ListsAnIllegalMove(fixture_game.HighCard):
    def legal_moves(self, state: fixture_game.State) -> Any:
        moves = list(super().legal_moves(state))
        return [*moves, fixture_game.Move(moves[0].player, "pass")] if moves else moves


@pytest.mark.parametrize(
    ("broken", "found"),
    [(LosesTheTable, "vanished|pack changed"), (OffersTheRefusedMove, "the refused move itself"), (ListsAnIllegalMove, "cannot_pass_a_lead")],
)
def test_random_games_catch_a_broken_game(broken, found):
    with pytest.raises(AssertionError, match=found):
        random_games(broken(), fixture_game.SLUG, starts(broken(), fixture_game.SLUG))


def test_the_view_comparison_catches_a_view_that_shows_unseen_cards():
    compare_views(fixture_game.GAME, fixture_game.SLUG)
    with pytest.raises(AssertionError):
        compare_views(ShowsEveryHand(), fixture_game.SLUG)


def test_the_census_counts_every_zone_and_knows_the_packs():
    deal = fixture_game.deal(0)
    assert census(fixture_game.GAME, fixture_game.SLUG, deal) == (Counter(fixture_game.PACK), 0)
    nested = {"players": [{"hand": {"cards": ["AS"], "hidden": 2}}], "castles": [{"card": "KD", "kings": ["KH"]}]}
    assert census(SimpleNamespace(ZONES={"/players/*/hand": "owner", "/castles": "everyone"}), "x", nested) == (Counter(["AS", "KD", "KH"]), 2)
    assert pack("24-kings", {}).total() == 104 and pack("twenty-four", {"rules": {"face_cards": False}}).total() == 40
    assert pack("three-kings", {"players": [{}, {}]}).total() == 53 and pack("1923", {"rules": {"decks": 2}}).total() == 104


def test_a_king_template_is_filled_with_a_king_of_the_castles_suit():
    """24 Kings at a watched table: a dump, play or dethrone template names a King (rules.md §9.3-§9.5), and one
    played on or dethroning a castle a King of its suit (§9.4, §9.5), as a client that reads the rules fills it."""
    state = unseen_hands(start("24-kings", 0), "24-kings")
    game, name = registered("24-kings").engine, state["players"][0]["name"]
    for action, castle in (("dump_king", None), ("play_king", 2), ("dethrone", 2)):
        move = {"player": name, "action": action} | ({} if castle is None else {"castle": castle})
        card = fill(move, {"card": "one of card_choices"}, state, game, "24-kings")["card"]
        assert card.startswith("K"), (action, card)
        assert castle is None or card[-1] == state["castles"][castle - 1]["card"][-1], (action, card)
