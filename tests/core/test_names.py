"""Names: one spelling per name, and nothing that deceives a reader or breaks an encoder."""

import unicodedata

import pytest

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
