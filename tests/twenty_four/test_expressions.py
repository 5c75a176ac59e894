"""The claim judge (rules.md §4): exact values, every fault with its code and character offset, bounds."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from service.core.problems import InvalidInput
from service.games.twenty_four.expressions import MAX_DEPTH, MAX_LENGTH, check

from . import oracle
from .golden import GOLDEN, case_id


@pytest.mark.parametrize("case", GOLDEN["judge"], ids=case_id)
def test_golden_claims(case):
    verdict = check(case["expression"], case["values"], case.get("target", 24)).to_dict()
    assert verdict["correct"] is case["correct"]
    if "value" in case:
        assert verdict["value"] == case["value"]
    if "codes" in case:
        assert {reason["code"] for reason in verdict["reasons"]} & set(case["codes"])
    else:
        assert verdict["reasons"] == []


def faults(expression, values=(1, 2, 3, 4), target=24):
    return [(fault.code, fault.at) for fault in check(expression, values, target).faults]


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("1 + 2 + 3 + a4", [("bad_token", 12)]),
        ("1 + 2 + 3 + 4.0", [("bad_token", 13), ("number_not_on_table", 14)]),  # '.' is no operator, and 0 no card
        ("1 + 2) * (3 + 4", [("unbalanced_parentheses", 5), ("unbalanced_parentheses", 9)]),
        ("(1 + 2) * (3 + 4", [("unbalanced_parentheses", 10)]),
        ("-1 + 2 * 3 * 4 + 1", [("unary_minus", 0), ("number_reused", 17)]),
        ("4 * (3 + 2 * -1)", [("unary_minus", 13)]),
        ("+4 * 3 * 2 * 1", [("unary_plus", 0)]),
        ("12 * (4 - 3 + 1)", [("joined_digits", 0), ("number_missing", 16)]),
        ("4 * 6 * 1", [("number_not_on_table", 4), ("number_missing", 9), ("number_missing", 9)]),
        ("4 * 3 * 2 * 2", [("number_reused", 12), ("number_missing", 13)]),
        ("2 ^ 3 * 4 * 1", [("power", 2)]),
        ("2 ** 3 * 4 * 1", [("power", 2)]),
        ("1 2 * 3 * 4", [("missing_operator", 2)]),
        ("1 * * 2 * 3 * 4", [("missing_operand", 4)]),
        ("1 * 2 * 3 * 4 *", [("missing_operand", 15)]),
        ("", [("missing_operand", 0)] + [("number_missing", 0)] * 4),
        ("(1 + 2 + 3) * 4", []),
    ],
)
def test_each_fault_names_its_code_and_where_it_is(expression, expected):
    assert faults(expression) == expected


def test_division_by_zero_points_at_the_division():
    assert faults("8 / (3 - 3) + 8", (3, 3, 8, 8)) == [("division_by_zero", 2)]
    assert check("8 / (3 - 3) + 8", (3, 3, 8, 8), 24).value is None


def test_a_wrong_value_is_not_the_target_and_says_its_exact_value():
    verdict = check("(1 + 2) / (3 + 4)", (1, 2, 3, 4), 24)
    assert (verdict.correct, verdict.value, faults("(1 + 2) / (3 + 4)")) == (False, Fraction(3, 7), [("not_target", 0)])
    assert verdict.to_dict()["value"] == "3/7"


@pytest.mark.parametrize("expression", ["5 × (5 − 1 ÷ 5)", "5 x (5 - 1 / 5)", "5X(5-1/5)", "5*(5−1÷5)", "  5 * ( 5 - 1 / 5 )  "])
def test_every_way_of_writing_the_operators_is_read(expression):
    assert check(expression, (1, 5, 5, 5), 24).correct


def test_fractions_on_the_way_are_exact():
    assert check("8 / (3 - 8 / 3)", (3, 3, 8, 8), 24).correct
    assert check("6 / (1 - 3 / 4)", (1, 3, 4, 6), 24).correct


def test_any_nesting_within_the_bound_is_read():
    deep = "(" * MAX_DEPTH + "1 + 2" + ")" * MAX_DEPTH + " * (3 + 4)"
    assert check(deep, (1, 2, 3, 4), 21).correct


@pytest.mark.parametrize(
    ("expression", "code"),
    [
        ("(" * (MAX_DEPTH + 1) + "1" + ")" * (MAX_DEPTH + 1), "expression_too_deep"),
        ("1 + " * 60 + "1", "expression_too_long"),
    ],
)
def test_an_expression_beyond_the_bounds_is_refused_not_judged(expression, code):
    assert len(expression) > MAX_LENGTH or expression.count("(") > MAX_DEPTH
    with pytest.raises(InvalidInput) as refused:
        check(expression, (1, 2, 3, 4), 24)
    assert [problem.code for problem in refused.value.problems] == [code]


# -- the judge's value equals Python's fractions on the same tree --------------------------------
SYMBOLS = {"+": ["+"], "-": ["-", "−"], "*": ["*", "×", "x"], "/": ["/", "÷"]}


@st.composite
def written_trees(draw):
    """A random tree over four random values, written with random operator symbols, spaces and extra parentheses."""
    values = draw(st.lists(st.integers(1, 13), min_size=4, max_size=4))

    def build(items):
        if len(items) == 1:
            return items[0]
        cut = draw(st.integers(1, len(items) - 1))
        return (draw(st.sampled_from("+-*/")), build(items[:cut]), build(items[cut:]))

    tree = build(values)

    def write(node):
        if isinstance(node, int):
            text = str(node)
        else:
            operator, left, right = node
            space = draw(st.sampled_from(["", " ", "  "]))
            text = f"({write(left)}{space}{draw(st.sampled_from(SYMBOLS[operator]))}{space}{write(right)})"
        return f"({text})" if draw(st.integers(0, 9)) == 0 else text

    return values, tree, write(tree)


@settings(max_examples=300, deadline=None)
@given(written_trees(), st.integers(0, 100))
def test_the_judges_value_is_the_fractions_value_of_the_same_tree(case, target):
    values, tree, text = case
    verdict = check(text, values, target)
    try:
        expected = oracle.value(tree)
    except ZeroDivisionError:
        assert {fault.code for fault in verdict.faults} == {"division_by_zero"}
        return
    assert verdict.value == expected
    assert verdict.correct is (expected == target)


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("(2 + 4 / 10) * 10", []),
        ("2 * 10 + 4", [("number_missing", 10)]),
        ("24 * (10 / 10)", [("joined_digits", 0), ("number_missing", 14), ("number_missing", 14)]),
        ("-2 + 4 + 10 + 10", [("unary_minus", 0)]),
    ],
)
def test_the_worked_examples_of_the_rule_text(expression, expected):
    assert faults(expression, (2, 4, 10, 10)) == expected


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789+-*/x×÷−()^. a", max_size=40), st.lists(st.integers(1, 13), min_size=4, max_size=4))
def test_any_text_within_the_bounds_gets_a_verdict_whose_offsets_are_in_the_text(text, values):
    verdict = check(text, values, 24)
    assert verdict.correct is (not verdict.faults)
    assert all(0 <= fault.at <= len(text) for fault in verdict.faults)
    codes = [fault.code for fault in verdict.faults]
    if verdict.correct or codes == ["not_target"]:
        assert verdict.value is not None and (verdict.value == 24) is verdict.correct
    else:
        assert verdict.value is None and "not_target" not in codes


# -- joined digits are judged in time linear in the text (§4.3) ------------------------------------
# A long run of ones over a table holding 1 and 11 can be cut into 1s and 11s in a Fibonacci number
# of ways; a judge that tries every cut never answers. These sizes are far beyond what that could try.
@pytest.mark.parametrize(
    ("expression", "code"),
    [
        ("1" * 198 + "9", "number_not_on_table"),  # no cut works: 9 is on no card
        ("1" * 199, "joined_digits"),  # ones and elevens written side by side
        ("1" * 60 + "9", "number_not_on_table"),
        ("3" + "11" * 90 + "4", "joined_digits"),
    ],
)
def test_a_long_run_of_digits_gets_its_verdict(expression, code):
    values = (1, 11, 3, 4)
    assert len(expression) <= MAX_LENGTH
    end = len(expression)
    assert faults(expression, values) == [(code, 0)] + [("number_missing", end)] * 4


# -- a number written with a leading zero is no card's number (§4.3, Our choice) -------------------
# The reading allows no number but the four on the table; a 0 is on no card, so 04 is not the 4 and
# 010 is not the 10: the written number is refused at its offset and the card it imitates is missing.
@pytest.mark.parametrize(
    ("expression", "values", "expected"),
    [
        ("04 * 3 * 2 * 1", (1, 2, 3, 4), [("leading_zero", 0), ("number_missing", 14)]),
        ("(2 + 4 / 010) * 10", (2, 4, 10, 10), [("leading_zero", 9), ("number_missing", 18)]),
        ("1 + 2 + 3 + 004", (1, 2, 3, 4), [("leading_zero", 12), ("number_missing", 15)]),
        ("00 + 1 * 2 * 3 * 4", (1, 2, 3, 4), [("leading_zero", 0)]),
    ],
)
def test_a_number_with_a_leading_zero_is_refused(expression, values, expected):
    verdict = check(expression, values, 24)
    assert (verdict.correct, verdict.value) == (False, None)
    assert faults(expression, values) == expected
    assert {fault.rule for fault in verdict.faults if fault.code == "leading_zero"} == {"4.3"}


def test_a_lone_zero_is_still_a_number_not_on_the_table():
    assert faults("0 + 1 * 2 * 3 * 4") == [("number_not_on_table", 0)]
