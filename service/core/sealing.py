"""Sealed tokens: a game's hidden part, authenticated and encrypted with the service's key, so the service stays stateless.

Game-free. A :class:`Sealer` turns plain data (what ``json`` writes) into a
Fernet token (AES-128-CBC with an HMAC-SHA256 over it, from ``cryptography``)
and back; any change to a token, or a token sealed under another key, is
refused with :class:`SealedTokenError`, never guessed at.

Every token carries when it was issued (``issued``, whole seconds) and is
refused once older than the lifetime (``KINGS_SEAL_TTL``, default 24 hours:
``86400``, ``90m``, ``24h`` or ``7d``). Its plaintext is padded to a fixed size
given by the game, so the token's length tells nothing about what it holds.

A sealed deal belongs to a *match* (a random id inside every token of it). Each
seat of a match has a **seat key**, derived from the service's keys (HKDF, then
HMAC-SHA256 over the game, the match and the seat), so the service stays
stateless and one key serves the whole match; :meth:`Sealer.seat_key_matches`
compares in constant time.

Keys come from ``KINGS_SEAL_KEYS``: one or more Fernet keys, comma-separated.
The first seals; every one opens, so a key is rotated by putting the new key
first and dropping the old one once the tokens it sealed are no longer in use.
Without keys, a development process makes its own key (tokens then die with
the process); ``KINGS_ENV=production`` without keys is a start-up error, and so
is a key anyone may know: one printed in this repository (the test suite's) or
one byte repeated (all zeros and the like).

:func:`seal_state` and :func:`open_state` bind a hidden part to the public
part it was split from (a digest of the public part travels inside the
token), so a token cannot be paired with another table.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
import time
from collections.abc import Callable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

import orjson
from cryptography.fernet import Fernet, InvalidToken, MultiFernet
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives import hmac as crypto_hmac
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from .problems import InvalidInput, Problem

KEYS_VARIABLE = "KINGS_SEAL_KEYS"
ENV_VARIABLE = "KINGS_ENV"
PRODUCTION = "production"
TTL_VARIABLE = "KINGS_SEAL_TTL"
DEFAULT_TTL = 24 * 3600  # seconds a token stays good after it was issued
TOKEN_FORMAT = 2  # the layout of a sealed payload; a token of another format is refused, not read
SEALED_POINTER = "/sealed"
SEAT_KEY_POINTER = "/seat_key"
SEAT_KEY_INFO = b"card-referee seat keys v1"  # HKDF's info: seat keys never equal any other use of the service's keys
MAX_TOKEN_CHARS = 32_768  # a 24 Kings token is about 1.5 KB, 1923's largest table's (34 decks) about 18 KB; nothing longer is ours
MAKE_A_KEY = 'make one with: python -c "from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())"'
# Keys printed in this repository (the test suite's, tests/sealed/keys.py): anyone may seal with them, so production refuses them.
PUBLISHED_KEYS = frozenset({"5bIz24DvhoQGpX4Q2t0I7-wMA4lNprQUhM78RA7Uy00=", "2b4mVLf14-jVyubh-S6GYSrnNkVVhmiVaWKLkQW9iaE="})


class SealedTokenError(Exception):
    """A token this service cannot open or that does not belong to the state beside it; ``problems`` say why."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("; ".join(p.message for p in problems))


class SealingConfigError(RuntimeError):
    """The service cannot seal: no key in production, or a key that is not a Fernet key."""


def _refused(code: str, message: str, pointer: str = SEALED_POINTER) -> SealedTokenError:
    return SealedTokenError([Problem(pointer, code, message)])


class SeatKeyError(Exception):
    """An answer private to a seat, asked without that seat's key (403); ``problems`` say why and name no card."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__("; ".join(p.message for p in problems))


Clock = Callable[[], float]


@dataclass(frozen=True, slots=True)
class Sealer:
    """Seals plain data under the first key, opens tokens sealed under any of them that are younger than ``ttl`` seconds."""

    fernet: MultiFernet
    development: bool = False  # True when the key was made by this process (see :func:`sealer_from`)
    ttl: int = DEFAULT_TTL
    clock: Clock = time.time
    seat_roots: tuple[bytes, ...] = field(default=(), repr=False)  # one per key, the sealing key's first

    @classmethod
    def from_keys(cls, keys: Sequence[str], development: bool = False, ttl: int = DEFAULT_TTL, clock: Clock = time.time) -> Sealer:
        fernets = [_fernet(key, index) for index, key in enumerate(keys)]
        roots = tuple(_seat_root(key) for key in keys)
        return cls(MultiFernet(fernets), development, ttl, clock, roots)

    def seal(self, data: Mapping[str, Any], size: int = 0) -> str:
        """A token of ``data`` and the time it was issued, its plaintext padded with spaces to ``size`` bytes (if given)."""
        now = int(self.clock())
        text = orjson.dumps({**data, "issued": now})
        if len(text) > size > 0:  # a token longer than its game's size would tell its length: never sealed so
            raise ValueError(f"a sealed payload of {len(text)} bytes exceeds its game's fixed size of {size}: raise the size")
        return self.fernet.encrypt_at_time(text.ljust(size, b" "), now).decode("ascii")

    def open(self, token: str) -> dict[str, Any]:
        """The data sealed in ``token``; a tampered, foreign, malformed or expired token raises :class:`SealedTokenError`."""
        if len(token) > MAX_TOKEN_CHARS or not token.isascii():
            raise _refused("sealed_token_invalid", "this is not a token sealed by this service")
        try:
            text = self.fernet.decrypt(token.encode("ascii"))
        except InvalidToken:
            raise _refused(
                "sealed_token_invalid",
                "the sealed token was changed, or sealed under a key this service does not hold (another server, or a key rotated out)",
            ) from None
        data = orjson.loads(text)
        if not isinstance(data, dict) or data.get("format") != TOKEN_FORMAT or not isinstance(data.get("issued"), int):
            raise _refused("sealed_token_format", f"the sealed token is of a format this service no longer reads (it reads format {TOKEN_FORMAT})")
        age = int(self.clock()) - data["issued"]
        if age > self.ttl:
            raise _refused(
                "sealed_token_expired",
                f"the sealed token was issued {age} seconds ago and tokens last {self.ttl} seconds ({TTL_VARIABLE}): "
                "every answer carries a fresh token, so send the latest one; this game cannot go on from this token",
            )
        return data

    def seat_key(self, game: str, match: str, seat: str) -> str:
        """The key of ``seat`` in ``match``: whoever holds it may ask for that seat's answers, for every game of the match."""
        return _seat_key(self.seat_roots[0], game, match, seat)

    def seat_key_matches(self, game: str, match: str, seat: str, given: str) -> bool:
        """Whether ``given`` is that seat's key under any of the keys (rotation), compared in constant time."""
        offered = given.encode("utf-8")
        matched = False
        for root in self.seat_roots:  # every key is tried, whichever matches, so the time does not tell which
            matched |= hmac.compare_digest(_seat_key(root, game, match, seat).encode("ascii"), offered)
        return matched


def _seat_root(key: str) -> bytes:
    """The root of one service key's seat keys: HKDF over the key's bytes, so a seat key tells nothing of the key."""
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=SEAT_KEY_INFO).derive(base64.urlsafe_b64decode(key.strip().encode("ascii")))


def _seat_key(root: bytes, game: str, match: str, seat: str) -> str:
    mac = crypto_hmac.HMAC(root, hashes.SHA256())
    mac.update("\x00".join((game, match, seat)).encode("utf-8"))
    return base64.urlsafe_b64encode(mac.finalize()).rstrip(b"=").decode("ascii")


def new_match() -> str:
    """A match's id: random, so nobody can guess another match's seat keys from their own."""
    return secrets.token_hex(16)


_LIFETIME = re.compile(r"^\s*(\d+)\s*([smhd]?)\s*$")
_UNIT_SECONDS = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}


def parse_lifetime(text: str | None) -> int:
    """``KINGS_SEAL_TTL`` in seconds: a whole number of seconds, or with a unit, ``90m``, ``24h``, ``7d``; unset, 24 hours."""
    if text is None or not text.strip():
        return DEFAULT_TTL
    found = _LIFETIME.match(text.lower())
    if found is None or int(found[1]) == 0:
        raise SealingConfigError(f"{TTL_VARIABLE} is a lifetime above zero: seconds (86400) or with a unit (90m, 24h, 7d), not {text!r}")
    return int(found[1]) * _UNIT_SECONDS[found[2]]


def _fernet(key: str, index: int) -> Fernet:
    try:
        return Fernet(key.strip().encode("ascii"))
    except (ValueError, UnicodeEncodeError):  # the key itself is never echoed: it is a secret
        raise SealingConfigError(f"{KEYS_VARIABLE}: key {index + 1} is not a Fernet key (32 url-safe base64-encoded bytes; {MAKE_A_KEY})") from None


def refuse_known_keys(keys: Sequence[str]) -> None:
    """Production's check: no key that anyone may know (printed in this repository, or one byte repeated); never echoes a key."""
    published = {base64.urlsafe_b64decode(key) for key in PUBLISHED_KEYS}
    for index, key in enumerate(keys):
        secret = base64.urlsafe_b64decode(key.encode("ascii"))  # the bytes, however the base64 spells them
        if secret in published:
            known = "the test suite's key, printed in this repository"
        elif len(set(secret)) == 1:
            known = "one byte repeated (all zeros or the like)"
        else:
            continue
        raise SealingConfigError(
            f"{ENV_VARIABLE}=production refuses {KEYS_VARIABLE} key {index + 1}: it is {known}, so anyone could seal deals with it; {MAKE_A_KEY}"
        )


def new_key() -> str:
    return Fernet.generate_key().decode("ascii")


_DEVELOPMENT_KEY = new_key()  # one per process: every app a development process builds opens the others' tokens


def split_keys(text: str) -> list[str]:
    return [key.strip() for key in text.split(",") if key.strip()]


def sealer_from(keys: str | None, environment: str | None, ttl: str | None = None, clock: Clock = time.time) -> Sealer:
    """The sealer for keys as ``KINGS_SEAL_KEYS`` gives them; without keys, a development key, unless in production."""
    listed = split_keys(keys or "")
    production = (environment or "").strip().lower() == PRODUCTION
    lifetime = parse_lifetime(ttl)
    if listed:
        sealer = Sealer.from_keys(listed, ttl=lifetime, clock=clock)  # first: a key that is no Fernet key is refused as such
        if production:
            refuse_known_keys(listed)
        return sealer
    if production:
        raise SealingConfigError(
            f"{ENV_VARIABLE}=production needs {KEYS_VARIABLE}: set it to one or more Fernet keys, comma-separated, the sealing key first "
            f"({MAKE_A_KEY}). Every worker and every server behind one address needs the same keys, or sealed deals break."
        )
    return Sealer.from_keys([_DEVELOPMENT_KEY], development=True, ttl=lifetime, clock=clock)


def share_development_key(environ: MutableMapping[str, str]) -> bool:
    """Give every process started from ``environ`` one development key (gunicorn's master calls this before its workers fork).

    Does nothing when keys are set, or in production (where missing keys must stop the start). True when it set a key.
    """
    if split_keys(environ.get(KEYS_VARIABLE, "")) or environ.get(ENV_VARIABLE, "").strip().lower() == PRODUCTION:
        return False
    environ[KEYS_VARIABLE] = _DEVELOPMENT_KEY
    return True


# -- a state's public part and its sealed hidden part ------------------------------------------------------------
StateT = TypeVar("StateT")
S = TypeVar("S")


class StateSplit(Protocol[StateT]):
    """How one game divides a state into what the table may see and what it may not.

    ``public(state)`` is a state of the same game holding only what the table
    may see; ``hidden(state)`` is plain data with the rest; ``join`` puts the
    two back together (and checks the result). ``sealable`` is False for states
    the referee cannot see whole (a physical table), which stay plain JSON.
    ``seats(state)`` names the seats (each has a key); ``token_size`` is the
    fixed size every token's plaintext of this game is padded to.
    """

    @property
    def token_size(self) -> int: ...

    def sealable(self, state: StateT) -> bool: ...

    def seats(self, state: StateT) -> Sequence[str]: ...

    def public(self, state: StateT) -> StateT: ...

    def hidden(self, state: StateT) -> dict[str, Any]: ...

    def join(self, public: StateT, hidden: Mapping[str, Any]) -> StateT: ...

    def plain(self, state: StateT) -> Mapping[str, Any]: ...


def public_digest(plain: Mapping[str, Any]) -> str:
    """A digest of a public part's plain data, key order aside: what binds a token to its table."""
    return hashlib.sha256(orjson.dumps(plain, option=orjson.OPT_SORT_KEYS)).hexdigest()


@dataclass(frozen=True, slots=True)
class Seal:
    """Where a token stands: its match (whose seat keys open it) and its move number along the match (0 at the first deal)."""

    match: str
    move: int = 0

    def next(self) -> Seal:
        return Seal(self.match, self.move + 1)


@dataclass(frozen=True, slots=True)
class Sealed(Generic[S]):
    """A state as it travels sealed: the public part, and the token holding the rest."""

    public: S
    token: str
    seal: Seal


@dataclass(frozen=True, slots=True)
class Opened(Generic[S]):
    """A token opened beside its public part: the whole state, where it stands, and the payload (to issue it afresh)."""

    state: S
    seal: Seal
    payload: dict[str, Any]


def token_size(split: StateSplit[S], state: S) -> int:
    """The fixed size the token of ``state`` is padded to: the game's, or, for a game whose tables differ in size
    (1923: 1 to 34 decks), the size its split gives for this table's shape, which the public part shows anyway."""
    size_for: Callable[[S], int] | None = getattr(split, "size_for", None)
    return split.token_size if size_for is None else size_for(state)


def seal_state(split: StateSplit[S], sealer: Sealer, game: str, state: S, seal: Seal | None = None) -> Sealed[S]:
    """The public part and a token of the rest; without ``seal``, the first deal of a new match."""
    if not split.sealable(state):
        raise ValueError("only a state the referee sees whole is sealed; a physical table's state stays plain JSON")
    seal = seal or Seal(new_match())
    public = split.public(state)
    payload = {
        "format": TOKEN_FORMAT,
        "game": game,
        "match": seal.match,
        "move": seal.move,
        "public": public_digest(split.plain(public)),
        "hidden": split.hidden(state),
    }
    return Sealed(public, sealer.seal(payload, token_size(split, state)), seal)


def open_table(split: StateSplit[S], sealer: Sealer, game: str, public: S, token: str) -> Opened[S]:
    """The whole state from its public part and its token; a token of another game or another table is refused."""
    payload = sealer.open(token)
    if payload.get("game") != game:
        raise _refused("sealed_token_foreign", f"the sealed token belongs to another game ({payload.get('game')!r}), not {game!r}")
    if payload.get("public") != public_digest(split.plain(public)):
        raise _refused(
            "sealed_token_mismatch",
            "the sealed token was not sealed with this state: send the state and the token of the same answer, unchanged",
        )
    hidden, match, move = payload.get("hidden"), payload.get("match"), payload.get("move")
    if not isinstance(hidden, dict) or not isinstance(match, str) or not isinstance(move, int):
        raise _refused("sealed_token_format", "the sealed token holds no hidden part")
    return Opened(split.join(public, hidden), Seal(match, move), payload)


def open_state(split: StateSplit[S], sealer: Sealer, game: str, public: S, token: str) -> S:
    """The whole state from its public part and its token (see :func:`open_table`)."""
    return open_table(split, sealer, game, public, token).state


def reissue(sealer: Sealer, opened: Opened[Any], size: int) -> str:
    """The same token issued now: what every answer to a valid token carries, so a match in play never expires."""
    payload = {key: value for key, value in opened.payload.items() if key != "issued"}
    return sealer.seal(payload, size)


def check_seat_key(sealer: Sealer, game: str, seal: Seal, seats: Sequence[str], seat: str, given: str | None) -> None:
    """Refuse an answer private to ``seat`` unless ``given`` is its key in this match (403; the problem names no card)."""
    if seat not in seats:
        raise InvalidInput([Problem("/player", "player_unknown", f"no seat of this table is named {seat!r}")])
    if given is None:
        raise SeatKeyError(
            [Problem(SEAT_KEY_POINTER, "seat_key_required", f"this answer is private to {seat!r}: send seat_key, the key the deal gave {seat!r}")]
        )
    if not sealer.seat_key_matches(game, seal.match, seat, given):
        raise SeatKeyError(
            [Problem(SEAT_KEY_POINTER, "seat_key_refused", f"this seat_key is not the key of {seat!r} in this match: only that seat's key opens its answers")]
        )
