"""Names people type (players, games): normalised once, refused when they could deceive or break an output.

A name is compared and stored in Unicode NFC, so ``"Zoë"`` typed with a
combining diaeresis and with the precomposed letter is one player. Refused:
control characters (they break CSV and log lines), bidirectional overrides and
isolates (they make a name read differently from what it is: "Trojan Source",
CVE-2021-42574), zero-width characters (two names that look the same would be
two players), lone surrogates (no encoder can write them), noncharacters
(U+FFFE, U+FFFF and the other 64: never for interchange), and names that are
empty once surrounding spaces are removed.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

MAX_NAME_LENGTH = 64  # the limit the API publishes: schemas.fields.Name's maxLength, which schemas.common.player_name uses

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff")


class BadName(ValueError):
    """Why a name is refused; ``code`` is stable, the message says which character and where."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def is_noncharacter(point: int) -> bool:
    """The 66 noncharacters: U+FDD0..U+FDEF and the last two code points of every plane (U+FFFE, U+FFFF, U+1FFFE, ...)."""
    return 0xFDD0 <= point <= 0xFDEF or (point & 0xFFFE) == 0xFFFE


def _refusal(name: str) -> BadName | None:
    for index, char in enumerate(name):
        point = ord(char)
        if 0xD800 <= point <= 0xDFFF:
            return BadName("name_lone_surrogate", f"character {index + 1} is a lone surrogate (U+{point:04X}), which no text encoding can write")
        if char in BIDI_CONTROLS:
            return BadName("name_bidi_control", f"character {index + 1} (U+{point:04X}) reorders how the text is displayed")
        if char in ZERO_WIDTH:
            return BadName("name_zero_width", f"character {index + 1} (U+{point:04X}) is invisible")
        if is_noncharacter(point):
            return BadName("name_noncharacter", f"character {index + 1} (U+{point:04X}) is a Unicode noncharacter, never meant for interchange")
        if unicodedata.category(char) == "Cc":
            return BadName("name_control_character", f"character {index + 1} (U+{point:04X}) is a control character")
    return None


def normalise_name(name: str, limit: int = MAX_NAME_LENGTH) -> str:
    """``name`` in NFC without surrounding spaces; :class:`BadName` says why a name cannot be one."""
    refusal = _refusal(name)
    if refusal is not None:
        raise refusal
    normal = unicodedata.normalize("NFC", name).strip()
    if not normal:
        raise BadName("name_empty", "a name needs at least one visible character")
    if len(normal) > limit:
        raise BadName("name_too_long", f"a name has at most {limit} characters, this one has {len(normal)}")
    return normal


# -- names in messages: sentences a person reads ----------------------------------------------
def possessive(name: str) -> str:
    """``bob's``: a player's name as a message says whose something is (a name is never quoted inside a sentence)."""
    return f"{name}'s"


def listed(names: Sequence[str]) -> str:
    """``ann``, ``ann and bob``, ``ann, bob and cy``: names as a sentence lists them."""
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def have_not(names: Sequence[str]) -> str:
    """``ann has not``, ``ann, bob and cy have not``."""
    return f"{listed(names)} {'has' if len(names) == 1 else 'have'} not"
