"""Names: one spelling per name, and nothing that deceives a reader or breaks an encoder."""

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from service.core.names import BadName, normalise_name


def test_composed_and_decomposed_spellings_are_one_name() -> None:
    decomposed = "Zoe\u0308"
    assert unicodedata.normalize("NFC", decomposed) != decomposed
    assert normalise_name(decomposed) == normalise_name("Zo\u00eb") == "Zo\u00eb"


def test_surrounding_spaces_are_not_part_of_a_name() -> None:
    assert normalise_name("  ann ") == "ann"


@pytest.mark.parametrize(
    ("name", "code"),
    [
        ("ann\u202eevil", "name_bidi_control"),  # RIGHT-TO-LEFT OVERRIDE
        ("ann\u2066", "name_bidi_control"),  # LEFT-TO-RIGHT ISOLATE
        ("a\u200bnn", "name_zero_width"),  # ZERO WIDTH SPACE
        ("\ufeffann", "name_zero_width"),  # BOM
        ("ann\x00", "name_control_character"),
        ("ann\r\n=1+1", "name_control_character"),
        ("ann\x7f", "name_control_character"),
        ("ann\ud800", "name_lone_surrogate"),
        ("ann\ufffe", "name_noncharacter"),
        ("\uffffann", "name_noncharacter"),
        ("a\ufdd0", "name_noncharacter"),
        ("a\ufdef", "name_noncharacter"),
        ("a\U0001fffe", "name_noncharacter"),
        ("a\U0010ffff", "name_noncharacter"),
        ("   ", "name_empty"),
        ("", "name_empty"),
        ("x" * 65, "name_too_long"),
    ],
)
def test_refused_names_say_why(name: str, code: str) -> None:
    with pytest.raises(BadName) as refused:
        normalise_name(name)
    assert refused.value.code == code


def test_ordinary_names_from_many_scripts_are_kept() -> None:
    for name in ("Ann", "José", "Søren", "王芳", "Ἀθηνᾶ", "O'Brien", "ann-marie smith", "=HYPERLINK(x)"):
        assert normalise_name(name) == unicodedata.normalize("NFC", name)


def test_exactly_the_66_noncharacters_are_refused() -> None:
    """Unicode §23.7: U+FDD0..U+FDEF (32) and U+nFFFE, U+nFFFF in each of the 17 planes (34) are noncharacters, nothing else."""
    expected = {*range(0xFDD0, 0xFDF0), *(plane * 0x10000 + low for plane in range(17) for low in (0xFFFE, 0xFFFF))}
    assert len(expected) == 66
    for point in (*expected, 0xFDCF, 0xFDF0, 0xFFFD, 0x1FFFD, 0x20000, 0xE000):
        try:
            normalise_name(f"a{chr(point)}")
        except BadName as refused:
            assert point in expected and refused.code == "name_noncharacter", hex(point)
        else:
            assert point not in expected, hex(point)


def _first_refused_by_the_rule(name: str) -> tuple[str, int] | None:
    """The refusal rule written out character by character (the module's docstring), as an oracle for its scan."""
    for index, char in enumerate(name):
        point = ord(char)
        if 0xD800 <= point <= 0xDFFF:
            return "name_lone_surrogate", index
        if char in "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069":
            return "name_bidi_control", index
        if char in "\u200b\u200c\u200d\u2060\ufeff":
            return "name_zero_width", index
        if 0xFDD0 <= point <= 0xFDEF or point & 0xFFFE == 0xFFFE:
            return "name_noncharacter", index
        if unicodedata.category(char) == "Cc":
            return "name_control_character", index
    return None


@pytest.mark.slow  # 2.2 million names: several seconds
def test_the_scan_refuses_what_the_rule_refuses_at_every_code_point() -> None:
    """Every code point of Unicode inside a name, before a control character (so the first refusal must be found),
    and after a character past the first plane (the scan then looks for the other planes' noncharacters): the same
    code and the same place."""
    for point in range(0x110000):
        char = chr(point)
        for name in (f"ab{char}\x01", f"\U0001f600{char}\u200b"):  # refused or not, before a later refusal; with a character past the first plane
            expected = _first_refused_by_the_rule(name)
            try:
                normalise_name(name)
                got = None
            except BadName as refused:
                got = (refused.code, int(str(refused).split()[1]) - 1) if refused.code != "name_empty" else None
            assert got == expected, (hex(point), name)


@given(st.lists(st.sampled_from(["\u03b1\u0313\u0300\u0345", "\u1100\u1161\u11a8", "e\u0301", "a", " "]), max_size=80))
def test_a_name_that_composes_to_at_most_64_characters_is_never_refused_as_too_long(parts: list[str]) -> None:
    """NFC shrinks a text at most four times (the longest canonical decomposition, U+1F82's, has four code points):
    the length refused before the scan never refuses a name whose composed form fits."""
    name = "".join(parts)
    composed = unicodedata.normalize("NFC", name).strip()
    try:
        assert normalise_name(name) == composed
        assert 0 < len(composed) <= 64
    except BadName as refused:
        assert refused.code == ("name_too_long" if len(composed) > 64 else "name_empty")


@given(st.characters(), st.sampled_from(["ab{}", "ab{}\x01", "\U0001f600{}\u200b"]))
def test_the_scan_refuses_what_the_rule_refuses(char: str, form: str) -> None:
    """The exhaustive test's sample, for the quick run."""
    name = form.format(char)
    expected = _first_refused_by_the_rule(name)
    try:
        normalise_name(name)
        got = None
    except BadName as refused:
        got = (refused.code, int(str(refused).split()[1]) - 1)
    assert got == expected
