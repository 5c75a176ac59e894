"""In-process figures of sealing and opening a 24 Kings table (issue 28: each within 150 µs; ``make bench``).

A mid-game table of six players; sealing is the split, the padded payload and the Fernet token; opening is
the token's check, the decryption and the join back into a whole, checked state. The seat-key check is apart.
"""

from __future__ import annotations

from benchmarks.bodies import mid_game
from service.core.sealing import Seal, new_match, open_table, reissue, seal_state
from service.games.kings.sealed import SPLIT
from tests.sealed.keys import TEST_SEALER

GAME = "24-kings"
SEAL = Seal(new_match(), 12)


STATE = mid_game(seed=24, moves=30, players=6)  # six players, thirty moves in: every zone holds cards


def test_seal_a_table(benchmark):
    benchmark(lambda: seal_state(SPLIT, TEST_SEALER, GAME, STATE, SEAL))


def test_open_a_table(benchmark):
    sealed = seal_state(SPLIT, TEST_SEALER, GAME, STATE, SEAL)
    assert open_table(SPLIT, TEST_SEALER, GAME, sealed.public, sealed.token).state == STATE
    benchmark(lambda: open_table(SPLIT, TEST_SEALER, GAME, sealed.public, sealed.token))


def test_reissue_a_token(benchmark):
    """What every answer to a valid token pays for its fresh token."""
    sealed = seal_state(SPLIT, TEST_SEALER, GAME, STATE, SEAL)
    opened = open_table(SPLIT, TEST_SEALER, GAME, sealed.public, sealed.token)
    benchmark(lambda: reissue(TEST_SEALER, opened, SPLIT.token_size))


def test_check_a_seat_key(benchmark):
    key = TEST_SEALER.seat_key(GAME, SEAL.match, "cy")
    assert TEST_SEALER.seat_key_matches(GAME, SEAL.match, "cy", key)
    benchmark(lambda: TEST_SEALER.seat_key_matches(GAME, SEAL.match, "cy", key))
