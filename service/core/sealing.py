"""Sealed tokens: a game's hidden part, authenticated and encrypted with the service's key, so the service stays stateless.

Game-free. A :class:`Sealer` turns plain data (what ``json`` writes) into a
Fernet token (AES-128-CBC with an HMAC-SHA256 over it, from ``cryptography``)
and back; any change to a token, or a token sealed under another key, is
refused with :class:`SealedTokenError`, never guessed at.

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
import json
from collections.abc import Mapping, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from cryptography.fernet import Fernet, InvalidToken, MultiFernet

from .problems import Problem

KEYS_VARIABLE = "KINGS_SEAL_KEYS"
ENV_VARIABLE = "KINGS_ENV"
PRODUCTION = "production"
TOKEN_FORMAT = 1  # the layout of a sealed payload; a token of another format is refused, not read
SEALED_POINTER = "/sealed"
MAX_TOKEN_CHARS = 16_384  # a 24 Kings token is about 1.5 KB; anything far longer is not one of ours
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


@dataclass(frozen=True, slots=True)
class Sealer:
    """Seals plain data under the first key, opens tokens sealed under any of them."""

    fernet: MultiFernet
    development: bool = False  # True when the key was made by this process (see :func:`sealer_from`)

    @classmethod
    def from_keys(cls, keys: Sequence[str], development: bool = False) -> Sealer:
        return cls(MultiFernet([_fernet(key, index) for index, key in enumerate(keys)]), development)

    def seal(self, data: Mapping[str, Any]) -> str:
        text = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
        return self.fernet.encrypt(text).decode("ascii")

    def open(self, token: str) -> dict[str, Any]:
        """The data sealed in ``token``; a tampered, foreign or malformed token raises :class:`SealedTokenError`."""
        if len(token) > MAX_TOKEN_CHARS or not token.isascii():
            raise _refused("sealed_token_invalid", "this is not a token sealed by this service")
        try:
            text = self.fernet.decrypt(token.encode("ascii"))
        except InvalidToken:
            raise _refused(
                "sealed_token_invalid",
                "the sealed token was changed, or sealed under a key this service does not hold (another server, or a key rotated out)",
            ) from None
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != TOKEN_FORMAT:
            raise _refused("sealed_token_format", f"the sealed token is of a format this service no longer reads (it reads format {TOKEN_FORMAT})")
        return data


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


def sealer_from(keys: str | None, environment: str | None) -> Sealer:
    """The sealer for keys as ``KINGS_SEAL_KEYS`` gives them; without keys, a development key, unless in production."""
    listed = split_keys(keys or "")
    production = (environment or "").strip().lower() == PRODUCTION
    if listed:
        sealer = Sealer.from_keys(listed)  # first: a key that is no Fernet key is refused as such
        if production:
            refuse_known_keys(listed)
        return sealer
    if production:
        raise SealingConfigError(
            f"{ENV_VARIABLE}=production needs {KEYS_VARIABLE}: set it to one or more Fernet keys, comma-separated, the sealing key first "
            f"({MAKE_A_KEY}). Every worker and every server behind one address needs the same keys, or sealed deals break."
        )
    return Sealer.from_keys([_DEVELOPMENT_KEY], development=True)


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
    """

    def sealable(self, state: StateT) -> bool: ...

    def public(self, state: StateT) -> StateT: ...

    def hidden(self, state: StateT) -> dict[str, Any]: ...

    def join(self, public: StateT, hidden: Mapping[str, Any]) -> StateT: ...

    def plain(self, state: StateT) -> Mapping[str, Any]: ...


def public_digest(plain: Mapping[str, Any]) -> str:
    """A digest of a public part's plain data, key order aside: what binds a token to its table."""
    text = json.dumps(plain, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class Sealed(Generic[S]):
    """A state as it travels sealed: the public part, and the token holding the rest."""

    public: S
    token: str


def seal_state(split: StateSplit[S], sealer: Sealer, game: str, state: S) -> Sealed[S]:
    if not split.sealable(state):
        raise ValueError("only a state the referee sees whole is sealed; a physical table's state stays plain JSON")
    public = split.public(state)
    payload = {"format": TOKEN_FORMAT, "game": game, "public": public_digest(split.plain(public)), "hidden": split.hidden(state)}
    return Sealed(public, sealer.seal(payload))


def open_state(split: StateSplit[S], sealer: Sealer, game: str, public: S, token: str) -> S:
    """The whole state from its public part and its token; a token of another game or another table is refused."""
    payload = sealer.open(token)
    if payload.get("game") != game:
        raise _refused("sealed_token_foreign", f"the sealed token belongs to another game ({payload.get('game')!r}), not {game!r}")
    if payload.get("public") != public_digest(split.plain(public)):
        raise _refused(
            "sealed_token_mismatch",
            "the sealed token was not sealed with this state: send the state and the token of the same answer, unchanged",
        )
    hidden = payload.get("hidden")
    if not isinstance(hidden, dict):
        raise _refused("sealed_token_format", "the sealed token holds no hidden part")
    return split.join(public, hidden)
