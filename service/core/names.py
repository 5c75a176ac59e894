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

import re
import unicodedata
from collections.abc import Sequence

MAX_NAME_LENGTH = 64  # the limit the API publishes: schemas.fields.Name's maxLength, which schemas.common.player_name uses

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
ZERO_WIDTH = frozenset("\u200b\u200c\u200d\u2060\ufeff")


LONGEST_DECOMPOSITION = 4  # the most code points one character decomposes into (U+1F82: U+03B1, U+0313, U+0300, U+0345), so NFC shrinks a text at most 4 times


class BadName(ValueError):
    """Why a name is refused; ``code`` is stable, the message says which character and where."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def is_noncharacter(point: int) -> bool:
    """The 66 noncharacters: U+FDD0..U+FDEF and the last two code points of every plane (U+FFFE, U+FFFF, U+1FFFE, ...)."""
    return 0xFDD0 <= point <= 0xFDEF or (point & 0xFFFE) == 0xFFFE


# What :func:`_refusal` names, found by a scan at C speed (a name of a megabyte is refused in milliseconds): the 65
# control characters (Unicode's ``Cc``), lone surrogates, bidi controls, zero-width characters and the noncharacters
# of the first plane in one class; the noncharacters of the other 16 planes in a class of their own, searched only in
# a name that holds a character beyond the first plane (a class of characters past it is ten times slower to scan).
REFUSED_IN_FIRST_PLANE = re.compile(
    "[\\x00-\\x1f\\x7f-\\x9f\\ud800-\\udfff\\ufdd0-\\ufdef\\ufffe\\uffff" + re.escape("".join(sorted(BIDI_CONTROLS | ZERO_WIDTH))) + "]"
)
PAST_FIRST_PLANE = re.compile("[\U00010000-\U0010ffff]")  # a range: as fast to scan as the first plane's class
NONCHARACTERS_PAST_FIRST_PLANE = re.compile("[" + "".join(chr(plane << 16 | low) for plane in range(1, 17) for low in (0xFFFE, 0xFFFF)) + "]")


def _first_refused(name: str) -> re.Match[str] | None:
    found = REFUSED_IN_FIRST_PLANE.search(name)
    if not name.isascii() and PAST_FIRST_PLANE.search(name):
        past = NONCHARACTERS_PAST_FIRST_PLANE.search(name, 0, found.start() if found else len(name))
        found = past or found
    return found


def _refusal(name: str) -> BadName | None:
    found = _first_refused(name)
    if found is None:
        return None
    index, char = found.start(), found.group()
    point = ord(char)
    if 0xD800 <= point <= 0xDFFF:
        return BadName("name_lone_surrogate", f"character {index + 1} is a lone surrogate (U+{point:04X}), which no text encoding can write")
    if char in BIDI_CONTROLS:
        return BadName("name_bidi_control", f"character {index + 1} (U+{point:04X}) reorders how the text is displayed")
    if char in ZERO_WIDTH:
        return BadName("name_zero_width", f"character {index + 1} (U+{point:04X}) is invisible")
    if is_noncharacter(point):
        return BadName("name_noncharacter", f"character {index + 1} (U+{point:04X}) is a Unicode noncharacter, never meant for interchange")
    return BadName("name_control_character", f"character {index + 1} (U+{point:04X}) is a control character")


def normalise_name(name: str, limit: int = MAX_NAME_LENGTH) -> str:
    """``name`` in NFC without surrounding spaces; :class:`BadName` says why a name cannot be one."""
    stripped = name.strip()
    if len(stripped) > limit * LONGEST_DECOMPOSITION:  # too long whatever NFC composes: refused before any scan
        raise BadName("name_too_long", f"a name has at most {limit} characters, this one has {len(stripped)}")
    refusal = _refusal(name)
    if refusal is not None:
        raise refusal
    normal = stripped if name.isascii() else unicodedata.normalize("NFC", name).strip()  # NFC leaves an ASCII text as it is
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
