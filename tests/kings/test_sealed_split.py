"""The split of a dealt state into its public part and its sealed hidden part (service/games/kings/sealed.py).

The tripwire: every field of GameState (and of the records inside it) is
listed here as public or hidden. A field added to the state fails this test
until someone decides whether the table may see it.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import fields, replace

import pytest

from service.core.sealing import SealedTokenError, Sealer, open_state, seal_state
from service.games.kings import GAME
from service.games.kings.castles import Castle
from service.games.kings.moves import legal_moves
from service.games.kings.sealed import COUNTED_FIELDS, HANDS_FIELD, PUBLIC_FIELDS, SEALED_FIELDS, SPLIT, unlisted_fields
from service.games.kings.start import new_game, table_setup
from service.games.kings.state import GameState, Outcome, Player, Zone
from tests.conftest import make_castles
from tests.sealed.keys import OTHER_KEY, TEST_SEALER

apply_move = GAME.apply

# What the table may see of each field, decided from rules.md §22 and issue 15 (not read from the code under test).
GAME_STATE_FIELDS = {
    "rules": "public",
    "players": "hands",  # names, status, scores public; the cards of each hand hidden until the game is over
    "castles": "public",
    "draw_pile": "counted",  # how many, never which or in what order
    "face_up": "public",
    "face_down": "counted",  # face-down discards are named to nobody
    "set_aside": "public",  # a false caller's hand, shown to all
    "dealer": "public",
    "direction": "public",
    "to_act": "public",
    "phase": "public",
    "seed": "hidden",  # it decides every reshuffle to come
    "deal": "public",  # who dealt: the service or the table
    "match": "public",  # the running totals of the match, known to all
    "shuffles": "public",
    "outcome": "public",
}
RECORD_FIELDS = {
    Player: {"name", "hand", "status", "half_score"},
    Zone: {"cards", "hidden"},
    Outcome: {"reason", "caller", "castle_values", "winners"},
    Castle: {"card", "kings"},
}
WHAT_TO_DO = (
    "GameState changed: decide whether the table may see the field {names}. List it in service/games/kings/sealed.py "
    "(PUBLIC_FIELDS, COUNTED_FIELDS or SEALED_FIELDS; until then it is sealed and the public state carries its default) "
    "and in GAME_STATE_FIELDS here; if it can hold cards a player may not see, extend KingsSplit.public/hidden/join "
    "and tests/kings/test_view_privacy.py."
)


def test_tripwire_every_game_state_field_is_listed_as_public_or_hidden():
    names = [f.name for f in fields(GameState)]
    new = sorted(set(names) - set(GAME_STATE_FIELDS))
    assert not new, WHAT_TO_DO.format(names=", ".join(new))
    assert not unlisted_fields(), WHAT_TO_DO.format(names=", ".join(unlisted_fields()))
    assert sorted(set(GAME_STATE_FIELDS) - set(names)) == [], "a field listed here is gone from GameState: drop it here and in sealed.py"
    by_kind = {kind: {name for name, k in GAME_STATE_FIELDS.items() if k == kind} for kind in ("public", "counted", "hidden")}
    assert by_kind["public"] == PUBLIC_FIELDS
    assert by_kind["counted"] == COUNTED_FIELDS
    assert by_kind["hidden"] == SEALED_FIELDS
    assert HANDS_FIELD == "players"


@pytest.mark.parametrize("record", list(RECORD_FIELDS), ids=lambda r: r.__name__)
def test_tripwire_the_records_inside_a_state_keep_their_fields(record):
    assert {f.name for f in fields(record)} == RECORD_FIELDS[record], (
        f"{record.__name__} changed: a new field may carry cards into the public state; "
        "decide in service/games/kings/sealed.py what the table may see of it, then update RECORD_FIELDS here"
    )


def played(seed: int, steps: int) -> GameState:
    """A dealt game after ``steps`` random moves (no HAND! calls, so it runs until the pile runs dry)."""
    rng = random.Random(seed)
    state = new_game(["ann", "bob", "cy", "dee"][: 2 + seed % 3], seed=seed).state
    for _ in range(steps):
        if state.phase == "over":
            break
        options = [o.move for o in legal_moves(state) if o.move.action != "call_hand"] or [o.move for o in legal_moves(state)]
        state = apply_move(state, rng.choice(options)).state
    return state


def test_the_public_part_counts_every_hidden_card_and_names_none():
    state = played(3, 25)
    assert state.phase != "over" and state.face_down.size > 0
    public = SPLIT.public(state)
    for player, seen in zip(state.players, public.players, strict=True):
        assert seen.hand == Zone(hidden=player.hand.size)
        assert (seen.name, seen.status, seen.half_score) == (player.name, player.status, player.half_score)
    assert public.draw_pile == Zone(hidden=state.draw_pile.size)
    assert public.face_down == Zone(hidden=state.face_down.size)
    assert public.seed == 0 != state.seed
    assert (public.castles, public.face_up, public.set_aside, public.shuffles, public.to_act) == (
        state.castles,
        state.face_up,
        state.set_aside,
        state.shuffles,
        state.to_act,
    )
    assert public.card_total() == 104  # still a whole table, as a physical one is: counted cards


@pytest.mark.parametrize("seed", range(6))
def test_seal_and_open_give_back_the_whole_state(seed):
    state = played(seed, seed * 9)
    sealed = seal_state(SPLIT, TEST_SEALER, "24-kings", state)
    assert open_state(SPLIT, TEST_SEALER, "24-kings", sealed.public, sealed.token) == state


def test_at_the_end_every_hand_is_public_and_the_pile_is_not():
    state = played(0, 12)  # two players: a HAND! call, valid or false, ends the game
    state = apply_move(state, next(o.move for o in legal_moves(state) if o.move.action == "call_hand")).state
    assert state.phase == "over"
    public = SPLIT.public(state)
    assert [p.hand for p in public.players] == [p.hand for p in state.players]
    assert public.draw_pile.cards == () and public.seed == 0


def refused(public: GameState, token: str, game: str = "24-kings", sealer: Sealer = TEST_SEALER) -> str:
    with pytest.raises(SealedTokenError) as caught:
        open_state(SPLIT, sealer, game, public, token)
    [problem] = caught.value.problems
    assert problem.pointer == "/sealed"
    return problem.code


def test_a_token_with_another_tables_public_state_is_refused():
    first = seal_state(SPLIT, TEST_SEALER, "24-kings", played(1, 4))
    second = seal_state(SPLIT, TEST_SEALER, "24-kings", played(2, 4))
    assert refused(second.public, first.token) == "sealed_token_mismatch"


def test_a_public_state_changed_beside_its_token_is_refused():
    sealed = seal_state(SPLIT, TEST_SEALER, "24-kings", played(4, 6))
    moved_on = sealed.public.__class__(**{**{f.name: getattr(sealed.public, f.name) for f in fields(GameState)}, "shuffles": 5})
    assert refused(moved_on, sealed.token) == "sealed_token_mismatch"


def test_a_token_of_another_game_or_key_is_refused():
    sealed = seal_state(SPLIT, TEST_SEALER, "24-kings", played(5, 2))
    assert refused(sealed.public, sealed.token, game="1923") == "sealed_token_foreign"
    assert refused(sealed.public, sealed.token, sealer=Sealer.from_keys([OTHER_KEY])) == "sealed_token_invalid"


def test_a_physical_tables_state_is_not_sealed():
    state = table_setup(["ann", "bob"], make_castles("7H", "2C", "JD", "4S"))
    assert not SPLIT.sealable(state)
    with pytest.raises(ValueError, match="physical"):
        seal_state(SPLIT, TEST_SEALER, "24-kings", state)


def test_the_hidden_part_holds_every_card_the_public_part_only_counts():
    state = played(2, 11)
    hidden = SPLIT.hidden(state)
    count = Counter(card for hand in hidden["hands"] for card in hand) + Counter(hidden["draw_pile"]) + Counter(hidden["face_down"])
    assert sum(count.values()) == sum(p.hand.size for p in state.players) + state.draw_pile.size + state.face_down.size
    assert int(hidden["fields"]["seed"]) == state.seed


def test_a_tokens_length_tells_nothing_the_public_part_does_not():
    """The same table with another seed and the hidden cards dealt otherwise seals to a token of the same length."""
    state = played(2, 11)
    rng = random.Random(0)
    pool = [card for player in state.players for card in player.hand.cards] + list(state.draw_pile.cards) + list(state.face_down.cards)
    rng.shuffle(pool)
    players = []
    for player in state.players:
        players.append(replace(player, hand=Zone(tuple(pool[: player.hand.size]))))
        pool = pool[player.hand.size :]
    pile = state.draw_pile.size
    length = len(seal_state(SPLIT, TEST_SEALER, "24-kings", state).token)
    for seed in (0, 10**5, 10**10, 2**53 - 1):  # seeds of 1 to 16 digits
        twin = replace(state, players=tuple(players), draw_pile=Zone(tuple(pool[:pile])), face_down=Zone(tuple(pool[pile:])), seed=seed)
        assert SPLIT.public(twin) == SPLIT.public(state) and twin != state
        assert len(seal_state(SPLIT, TEST_SEALER, "24-kings", twin).token) == length
