"""Lengths before loads: every list (and map) bound a request schema declares, checked on the parsed JSON before the
schema loads any item (issue 29).

marshmallow runs a field's ``Length`` after it has loaded every item: 1,001 sets of a 1923 match were refused for
their number only after every set was loaded (0.5-0.6 s of CPU). This module reads the bounds from the schemas
themselves (their ``Length`` validators: one place, no second list of limits) into a plan per schema class, and
:func:`check_lengths` walks the body along it, once, before :func:`service.http.problems.load_body` loads it (its
one hook). A list past its bound is refused with the validator's own message, at its JSON pointer; the walk does
not go into it, and the schema then loads the body with that list emptied, so every other problem of the body is
reported in the same answer while the over-long list's items are never read. Lists within their bounds are walked
into only where their items hold bounded lists themselves.

Only upper bounds are checked here (``max``, or ``equal`` as the most a list may hold): a list too short costs
nothing to load and the schema words it. What is not a list (or a map) where one is expected is left to the
schema too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate

from schemas.fields import CodedMessage


@dataclass(frozen=True, slots=True)
class Bound:
    """The longest a list or map may be, and the ``Length`` validators that word its refusal."""

    most: int
    validators: tuple[validate.Length, ...]

    def refusal(self, value: Any) -> list[str]:
        messages: list[str] = []
        for validator in self.validators:
            try:
                validator(value)
            except ValidationError as error:
                messages += error.messages  # as worded, each carrying its code (schemas.fields.Length)
        return messages or [CodedMessage(f"Longer than maximum length {self.most}.", "bad_length")]


@dataclass(slots=True)
class Plan:
    """What to check in one value: its own bound (a list or a map), and what to check in each item (list) or value
    (map), or in each field (an object, by the name its key has in the body)."""

    bound: Bound | None = None
    items: Plan | None = None
    fields: dict[str, Plan] = field(default_factory=dict)


def _bound(validators: Any) -> Bound | None:
    lengths = tuple(v for v in validators if isinstance(v, validate.Length))
    longest = [v.equal if v.equal is not None else v.max for v in lengths]
    bounds = [bound for bound in longest if bound is not None]
    return Bound(min(bounds), lengths) if bounds else None


_PLANS: dict[type[Schema], Plan | None] = {}


def schema_plan(schema: Schema | type[Schema]) -> Plan | None:
    """The checks a schema's bodies need, or None when it bounds no list: built once per schema class."""
    cls = schema if isinstance(schema, type) else type(schema)
    if cls not in _PLANS:
        _PLANS[cls] = None  # a schema that nests itself is walked once
        instance = schema if isinstance(schema, Schema) else schema()
        plans = {(f.data_key or name): plan for name, f in instance.load_fields.items() if (plan := field_plan(f)) is not None}
        _PLANS[cls] = Plan(fields=plans) if plans else None
    return _PLANS[cls]


def field_plan(item: fields.Field[Any]) -> Plan | None:
    """The checks a field's value needs: a list's or a map's bound and its items', a nested schema's fields."""
    if isinstance(item, fields.Nested):
        inner = schema_plan(item.schema)
        if not item.many:
            return inner
        bound = _bound(item.validators)
        return Plan(bound, inner) if bound or inner else None
    if isinstance(item, fields.List):
        bound, inner = _bound(item.validators), field_plan(item.inner)
        return Plan(bound, inner) if bound or inner else None
    if isinstance(item, fields.Dict):
        bound = _bound(item.validators)
        inner = field_plan(item.value_field) if item.value_field is not None else None
        return Plan(bound, inner) if bound or inner else None
    return None


def check_lengths(schema: Schema, data: Any) -> tuple[Any, Any]:
    """The refusals of every list or map in ``data`` (a parsed JSON body) longer than ``schema`` allows there, and
    the body to load for every other problem: ``data`` itself, or a copy with each over-long value emptied.

    The refusals nest as the body does (``{"sets": {"3": {"won": {"ann": [...]}}}}``), so each is at its JSON
    pointer (``/sets/3/won/ann``); None when every length is within its bound. An emptied value's items are never
    loaded, so a list past its bound costs no more than its length; the rest of the body is still loaded, so its
    problems are reported in the same answer.
    """
    plan = schema_plan(schema)
    if plan is None:
        return None, data
    too_long: list[tuple[Any, ...]] = []
    errors = _walk(plan, data, (), too_long)
    return errors, _emptied(data, too_long)


def merged(refusals: Any, messages: Any) -> Any:
    """The schema's ``messages`` for the emptied body, with each length refusal in place of what lies at or below it."""
    if not isinstance(refusals, dict) or not isinstance(messages, dict):
        return refusals
    out = {str(key): value for key, value in messages.items()}
    for key, refusal in refusals.items():
        out[key] = merged(refusal, out[key]) if key in out else refusal
    return out


def _emptied(data: Any, paths: list[tuple[Any, ...]]) -> Any:
    """``data`` with the value at each path replaced by an empty one of its kind; the containers on the way copied."""
    for path in paths:
        data = _replaced(data, path)
    return data


def _replaced(container: Any, path: tuple[Any, ...]) -> Any:
    key, rest = path[0], path[1:]
    copy = list(container) if type(container) is list else dict(container)
    copy[key] = _replaced(container[key], rest) if rest else type(container[key])()
    return copy


def _walk(plan: Plan, value: Any, path: tuple[Any, ...], too_long: list[tuple[Any, ...]]) -> Any:
    """The refusals in ``value`` (at ``path``): a list of messages for the value itself, a dict by key or index for
    those within it; each over-long value's path is added to ``too_long``."""
    kind = type(value)
    if plan.bound is not None and (kind is list or kind is dict) and len(value) > plan.bound.most:
        too_long.append(path)
        return plan.bound.refusal(value)
    errors: dict[str, Any] = {}
    if plan.items is not None:
        items = plan.items
        if kind is list:
            pairs: Any = enumerate(value)
        elif kind is dict:
            pairs = value.items()
        else:
            return None
        if items.bound is not None and items.items is None and not items.fields and _all_within(value.values() if kind is dict else value, items.bound.most):
            return None
        for key, item in pairs:
            found = _walk(items, item, (*path, key), too_long)
            if found is not None:
                errors[str(key)] = found
    elif plan.fields and kind is dict:
        for name, inner in plan.fields.items():
            if name in value and (found := _walk(inner, value[name], (*path, name), too_long)) is not None:
                errors[name] = found
    return errors or None


def _all_within(values: Any, most: int) -> bool:
    """Whether every one of ``values`` (leaves: lists with no bound inside) is within ``most`` long, at C speed.

    A value with no length (a number) or a long text says nothing: the caller then walks them one by one, where only
    lists and maps count.
    """
    try:
        return max(map(len, values), default=0) <= most
    except TypeError:
        return False
