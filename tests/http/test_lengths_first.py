"""Issue 29, lengths before loads: a list past its schema's bound is refused before the schema loads any item of it,
on every endpoint, at its JSON pointer, with the ``Length`` validator's own words.

The bounds expected here are read from the OpenAPI document (``maxItems``), which apispec writes from the same
validators; the proof that nothing was loaded is a schema whose ``load`` fails the test if it is ever called.
"""

from __future__ import annotations

from typing import Any

import pytest

from schemas.base import LeanSchema
from schemas.nineteen_twenty_three import PACK
from schemas.three_kings import MAX_CARDS as THREE_KINGS_MOST
from service import create_app
from service.games.nineteen_twenty_three.table import MAX_PLAYERS
from service.http import lengths
from service.http.problems import BodyDoesNotFit, invalid_body, load_body

APP = create_app({"TESTING": True})
SPEC = APP.test_client().get("/openapi.json").get_json()


def resolved(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = SPEC["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    if "allOf" in schema and len(schema["allOf"]) == 1:
        return resolved(schema["allOf"][0])
    return schema


def bounded_top_lists() -> list[tuple[str, str, int, Any]]:
    """(path, field, maxItems, the example) for every POST whose JSON body has a list field with ``maxItems``."""
    found = []
    for path, operations in SPEC["paths"].items():
        content = operations.get("post", {}).get("requestBody", {}).get("content", {}).get("application/json")
        if not content:
            continue
        body = resolved(content["schema"])
        for name, prop in body.get("properties", {}).items():
            prop = resolved(prop)
            if prop.get("type") == "array" and "maxItems" in prop:
                found.append((path, name, prop["maxItems"], content.get("example", {})))
    return found


def test_every_body_schema_is_lean():
    from service.http import problems

    loaded: list[type] = []
    real, plain = problems.check_lengths, LeanSchema.plain_load
    with pytest.MonkeyPatch.context() as patch:  # a valid body takes the fast path (which holds the bounds); any other, the walk
        patch.setattr(problems, "check_lengths", lambda schema, data: (loaded.append(type(schema)), real(schema, data))[1])
        patch.setattr(LeanSchema, "plain_load", lambda schema, data: (loaded.append(type(schema)), plain(schema, data))[1])
        for path, _, _, example in CASES:
            APP.test_client().post(path, json=example)
    assert loaded and all(issubclass(cls, LeanSchema) for cls in loaded)


# Result rows check their own count before reading any row, and answer a 413 `rows` as a CSV or XLSX file past
# the same limit does (one limit, one answer: tests/tournaments); every other bounded list is refused here.
CASES = [case for case in bounded_top_lists() if not (case[0].endswith("/tournaments/standings") and case[1] == "rows")]


def test_every_game_has_bounded_lists_to_check():
    assert {path.split("/")[2] for path, *_ in CASES} >= {"24-kings", "1923", "three-kings", "twenty-four", "twenty-four-1718"} - {"twenty-four"}


@pytest.mark.parametrize(("path", "name", "most", "example"), CASES, ids=[f"{p} {n}" for p, n, *_ in CASES])
def test_a_list_one_past_its_bound_is_refused_before_any_item_loads(monkeypatch, path, name, most, example):
    real = LeanSchema.load

    def never(self: LeanSchema, data: Any, **kwargs: Any) -> Any:
        if isinstance(data, dict) and len(data.get(name) or ()) > most:
            raise AssertionError("a schema loaded the items of a list past its bound")
        return real(self, data, **kwargs)  # the query's schema

    monkeypatch.setattr(LeanSchema, "load", never)  # every body schema is lean (test_every_body_schema_is_lean)
    body = dict(example) if isinstance(example, dict) else {}
    body[name] = [{"junk": index} for index in range(most + 1)]  # items no schema would take: never looked at
    response = APP.test_client().post(path, json=body)
    assert response.status_code == 422, response.get_data(as_text=True)[:300]
    errors = response.get_json()["errors"]
    assert {"pointer": f"/{name}", "code": "bad_length"} in [{k: e[k] for k in ("pointer", "code")} for e in errors]
    assert response.mimetype == "application/problem+json"


def test_the_1923_match_of_1001_sets_names_the_list_and_the_bound():
    sets = [{"points": {"ann": 1, "bob": 0}, "cards": {"ann": 1, "bob": 0}}] * 1_001
    problem = APP.test_client().post("/v1/1923/matches/standings", json={"target": 21, "sets": sets}).get_json()
    (error,) = problem["errors"]
    assert error["pointer"] == "/sets" and error["code"] == "bad_length"


def test_a_nested_list_past_its_bound_is_named_where_it_is():
    """1923's pack is at most its decks' cards: a player's cards won in set 3, one past it, are named at /sets/3/won/bob."""
    sets = [{"won": {"ann": ["AH"], "bob": ["2H"]}} for _ in range(5)]
    sets[3] = {"won": {"ann": ["AH"], "bob": ["2H"] * (PACK + 1)}}
    problem = APP.test_client().post("/v1/1923/matches/standings", json={"target": 21, "sets": sets}).get_json()
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [("/sets/3/won/bob", "bad_length")]


def test_maps_are_bounded_too():
    """1923: at most its most players in a set's map of cards won."""
    won = {f"p{index}": [] for index in range(MAX_PLAYERS + 1)}
    problem = APP.test_client().post("/v1/1923/matches/standings", json={"target": 21, "sets": [{"won": won}]}).get_json()
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [("/sets/0/won", "bad_length")]


def test_a_list_past_its_bound_is_named_beside_every_other_problem_of_the_body():
    """Every problem at once: the over-long list by its length (its items unread), the rest by the schema."""
    from marshmallow import fields

    from schemas.fields import Length

    class Outer(LeanSchema):
        items = fields.List(fields.Integer(), validate=Length(max=2))
        name = fields.String(required=True)
        count = fields.Integer()

    with pytest.raises(BodyDoesNotFit) as refused, APP.test_request_context("/"):
        load_body(Outer(), {"items": ["not a number"] * 3, "count": "many"})
    with APP.test_request_context("/"):
        errors = invalid_body(refused.value.data["messages"]).get_json()["errors"]
    assert sorted((e["pointer"], e["code"]) for e in errors) == [("/count", "not_an_integer"), ("/items", "bad_length"), ("/name", "required")]


def test_what_is_no_list_is_left_to_the_schema():
    """A text or a number where a list is expected is the schema's to word ("Not a valid list."), not a length's."""
    problem = APP.test_client().post("/v1/1923/matches/standings", json={"target": 21, "sets": "x" * 5_000}).get_json()
    assert [(e["pointer"], e["code"]) for e in problem["errors"]] == [("/sets", "not_a_list")]


def test_the_plan_comes_from_the_schemas_validators():
    """No second list of limits: change a validator and the check follows it."""
    from marshmallow import fields

    from schemas.fields import Length

    class Inner(LeanSchema):
        tags = fields.List(fields.String(), validate=Length(max=2))

    class Outer(LeanSchema):
        items = fields.List(fields.Nested(Inner), validate=Length(max=3))
        free = fields.List(fields.String())

    plan = lengths.schema_plan(Outer)
    assert plan is not None and set(plan.fields) == {"items"}
    body = {"items": [{"tags": ["a", "b"]}] * 3, "free": ["x"] * 1_000}
    assert lengths.check_lengths(Outer(), body) == (None, body)
    with pytest.raises(BodyDoesNotFit) as refused, APP.test_request_context("/"):
        load_body(Outer(), {"items": [{"tags": ["a"]}, {"tags": ["a", "b", "c"]}]})
    with APP.test_request_context("/"):
        errors = invalid_body(refused.value.data["messages"]).get_json()["errors"]
    assert [(e["pointer"], e["code"]) for e in errors] == [("/items/1/tags", "bad_length")]


def _loads_past_a_bound(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, int]]:
    """Every field marshmallow deserializes while this test runs with a list or map past that field's own ``Length``
    bound: (the field's class, how long the value was). Nothing should ever be in it."""
    from marshmallow import fields, validate

    seen: list[tuple[str, int]] = []
    real = fields.Field.deserialize

    def spy(self: fields.Field[Any], value: Any, *args: Any, **kwargs: Any) -> Any:
        bounds = [v.equal if v.equal is not None else v.max for v in self.validators if isinstance(v, validate.Length)]
        if isinstance(value, list | dict) and any(most is not None and len(value) > most for most in bounds):
            seen.append((type(self).__name__, len(value)))
        return real(self, value, *args, **kwargs)

    monkeypatch.setattr(fields.Field, "deserialize", spy)
    return seen


@pytest.mark.parametrize(
    ("path", "body", "pointer"),
    [
        # a map the fast path hands to marshmallow whole (fields.Dict, 1923's PlayerMap), a bounded list in each value
        ("/v1/three-kings/score", {"method": "bonus", "piles": {"ann": ["2S"] * (THREE_KINGS_MOST + 1)}}, "/piles/ann"),
        ("/v1/1923/sets/score", {"won": {"ann": ["2S"] * (PACK + 1)}}, "/won/ann"),
    ],
)
def test_a_list_past_its_bound_inside_a_map_is_never_loaded(monkeypatch, path, body, pointer):
    """The fast path holds every bound at every depth before it reads an item, also inside the fields it leaves to
    marshmallow: 99,000 cards in one pile cost 170 ms of CPU to refuse when the map was loaded whole first."""
    seen = _loads_past_a_bound(monkeypatch)
    response = APP.test_client().post(path, json=body)
    assert response.status_code == 422, response.get_data(as_text=True)[:300]
    assert [(e["pointer"], e["code"]) for e in response.get_json()["errors"]] == [(pointer, "bad_length")]
    assert seen == []
