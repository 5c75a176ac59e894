"""A fast path for request bodies that are valid, compiled once per schema.

A request body is almost always valid, and marshmallow spends most of its
time on the machinery that explains invalid ones. :func:`compile_loader`
turns a :class:`~schemas.base.LeanSchema` into one closure per field that
accepts exactly the plain JSON each field documents (a ``str``, an ``int``,
a list of known card texts...) and returns what marshmallow's ``load`` would.
Whenever a value is not plainly valid, the closure raises :class:`~schemas.fields.Unsure`
and the caller runs marshmallow's own load, which decides and words every
error. So the fast path never refuses and never words a message: it can
only say "valid, and here is the result", and tests/http/test_lean_schema.py
holds it to marshmallow's own answer on generated inputs.

Fields and validators the compiler does not know are run as marshmallow runs
them (``field.deserialize``, ``validator(value)``).

Why it exists beside marshmallow's own load (issue 26: kept only where the bench
shows it wins what the structure cannot): CPU µs to load the bodies of
benchmarks/test_bench_schemas.py, this fast path / LeanSchema's load without it /
marshmallow's ``Schema.load`` — hands-7 5.7 / 42.0 / 52.2, calculus-6p
21.5 / 117 / 152, moves-legal 41.6 / 258 / 337, moves-apply 43.6 / 275 / 366
(best of 7 rounds, 2 shared cores, load 3.9, 2026-11-27, after players' names
took the fast path too: their field's ``plain_load``): 6 to 8 times less per body.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, missing

from .fields import Length, OneOf, Range, Unsure

Loader = Callable[[Any], Any]


def _plain_string(value: Any) -> str:
    if type(value) is not str:
        raise Unsure
    return value


# marshmallow's own field classes the fast path reads (exact classes only: a subclass may have changed what its value
# means). The project's fields are not here: each says how it reads a plain value (``plain_load``, schemas/fields.py).
_SCALARS: dict[type, Loader] = {fields.String: _plain_string}


def _predicate(validator: Callable[[Any], Any]) -> Callable[[Any], bool] | None:
    """The validator as a plain test, for the three kinds these schemas use; None for any other.

    Exact classes only, as for fields: a subclass may test something else. They are the coded validators of
    :mod:`schemas.fields`, the only ones the schemas use (tests/schemas/test_codes.py holds them to it).
    """
    if type(validator) is Length:
        shortest, longest, exactly = validator.min, validator.max, validator.equal
        if exactly is not None:
            return lambda value: len(value) == exactly
        return lambda value: (shortest is None or len(value) >= shortest) and (longest is None or len(value) <= longest)
    if type(validator) is Range and validator.min_inclusive and validator.max_inclusive:
        low, high = validator.min, validator.max
        return lambda value: (low is None or value >= low) and (high is None or value <= high)
    if type(validator) is OneOf:
        choices = validator.choices
        return lambda value: value in choices  # as OneOf tests it
    return None


def _as_predicate(validator: Callable[[Any], Any]) -> Callable[[Any], bool]:
    """Any other validator, run as marshmallow runs it (a False return is a failure too)."""

    def passes(value: Any) -> bool:
        try:
            return validator(value) is not False
        except ValidationError:
            return False

    return passes


def _longest(validators: list[Callable[[Any], Any]]) -> int | None:
    """The most items a list or map may hold under ``validators`` (their ``Length`` bounds), None when unbounded."""
    bounds = [v.equal if v.equal is not None else v.max for v in validators if isinstance(v, Length)]
    known = [bound for bound in bounds if bound is not None]
    return min(known) if known else None


def _too_long(value: Any, most: int | None) -> bool:
    """Whether ``value`` is a list or a map past its bound: refused (left to marshmallow) before any item is read.

    A list loads to a list of as many items, so its bound reads the same on the raw value; a map whose keys merge as
    they load (names normalised) may be shorter once loaded, and is then merely left to marshmallow, which decides.
    This is what lets a valid body skip the length walk of service/http/lengths.py: the fast path never reads the
    items of an over-long list, however deep it lies.
    """
    return most is not None and (type(value) is list or type(value) is dict) and len(value) > most


def _validated(load: Loader, validators: list[Callable[[Any], Any]]) -> Loader:
    if not validators:
        return load
    most = _longest(validators)
    checks = [_predicate(validator) or _as_predicate(validator) for validator in validators]
    if len(checks) == 1:
        check = checks[0]

        def load_and_check(value: Any) -> Any:
            if _too_long(value, most):
                raise Unsure
            result = load(value)
            if not check(result):
                raise Unsure
            return result

        return load_and_check

    def load_and_validate(value: Any) -> Any:
        if _too_long(value, most):
            raise Unsure
        result = load(value)
        if not all(check(result) for check in checks):
            raise Unsure
        return result

    return load_and_validate


def _list_of(inner: Loader) -> Loader:
    def load_list(value: Any) -> list[Any]:
        if type(value) is not list:
            raise Unsure
        return [inner(item) for item in value]

    return load_list


Test = Callable[[Any], bool]


def _past_bound(field: fields.Field[Any], schemas: dict[type[Schema], Test | None]) -> Test | None:
    """A test of whether a value of ``field`` holds a list or a map past its ``Length`` bound, at any depth; None when nothing in
    it is bounded. A field the fast path hands to marshmallow whole (a map of players' cards) is loaded item by item
    before its validators run, so its bounds, and those of the lists inside it, are tested on the raw value first."""
    most = _longest(list(field.validators))
    inner: Test | None = None
    if isinstance(field, fields.Nested):
        inner = _object_past_bound(type(field.schema), field.schema, schemas)
        if inner is not None and field.many:
            inner = _any_item(inner, list, None)
    elif isinstance(field, fields.List):
        inner = _any_item(each, list, _leaf_bound(field.inner, schemas)) if (each := _past_bound(field.inner, schemas)) else None
    elif isinstance(field, fields.Mapping) and field.value_field is not None:
        inner = _any_item(each, dict, _leaf_bound(field.value_field, schemas)) if (each := _past_bound(field.value_field, schemas)) else None
    if most is None and inner is None:
        return None
    return lambda value: _too_long(value, most) or (inner is not None and inner(value))


def _leaf_bound(field: fields.Field[Any], schemas: dict[type[Schema], Test | None]) -> int | None:
    """The bound of a field with nothing bounded inside it (a list of cards), which its items are tested by at once."""
    if isinstance(field, fields.Nested | fields.List | fields.Mapping):
        field_inner = field.inner if isinstance(field, fields.List) else field.value_field if isinstance(field, fields.Mapping) else field
        if field_inner is field or (field_inner is not None and _past_bound(field_inner, schemas) is not None):
            return None
    return _longest(list(field.validators))


def _any_item(test: Test, kind: type[list[Any]] | type[dict[Any, Any]], leaf: int | None) -> Test:
    """A test of a list's items or a map's values: true when one of them is past a bound. Items that are leaves
    (``leaf``: their bound) are measured at C speed first; a length no list or map has (a long text) only means that
    marshmallow judges the value, and anything without one (a number) is tested item by item."""

    def past(value: Any) -> bool:
        if type(value) is not kind:
            return False
        items = value.values() if type(value) is dict else value
        if leaf is not None:
            try:
                return max(map(len, items), default=0) > leaf
            except TypeError:
                pass
        return any(map(test, items))

    return past


def _object_past_bound(cls: type[Schema], schema: Schema, schemas: dict[type[Schema], Test | None]) -> Test | None:
    if cls not in schemas:
        schemas[cls] = None  # a schema that nests itself is tested once
        tests = {(field.data_key or name): test for name, field in schema.load_fields.items() if (test := _past_bound(field, schemas))}
        schemas[cls] = (lambda value: type(value) is dict and any(test(value[key]) for key, test in tests.items() if key in value)) if tests else None
    return schemas[cls]


def _as_marshmallow(field: fields.Field[Any], name: str) -> Loader:
    past_bound = _past_bound(field, {})

    def deserialize(value: Any) -> Any:
        if past_bound is not None and past_bound(value):
            raise Unsure
        try:
            return field.deserialize(value, name, None)
        except ValidationError:
            raise Unsure from None

    return deserialize


def _value_loader(field: fields.Field[Any], name: str) -> Loader:
    """A loader for a present, non-null value of ``field``, validators included."""
    if field.pre_load or field.post_load:
        return _as_marshmallow(field, name)
    kind = type(field)
    if kind in _SCALARS:
        load = _SCALARS[kind]
    elif "plain_load" in vars(kind):  # a project field that says how it reads a plain value (its exact class: schemas/fields.py)
        load = getattr(field, "plain_load")  # noqa: B009  (a name Field does not declare, so mypy needs getattr)
    elif kind is fields.List and isinstance(field, fields.List):  # the exact class, and typed as one
        load = _list_of(_value_loader_or_null(field.inner, name))
    elif kind is fields.Nested and isinstance(field, fields.Nested) and not field.many and field.unknown is None and compilable(field.schema):
        load = compile_loader(field.schema)
    else:
        return _as_marshmallow(field, name)
    return _validated(load, list(field.validators))


def _value_loader_or_null(field: fields.Field[Any], name: str) -> Loader:
    """An item of a list: marshmallow checks null, then loads (no default applies to an item).

    Every loader refuses ``None`` by its own type test, so only a nullable item needs a wrapper.
    """
    load = _value_loader(field, name)
    if not field.allow_none:
        return load

    def load_item(value: Any) -> Any:
        return None if value is None else load(value)

    return load_item


def compilable(schema: Schema) -> bool:
    """A schema whose load is LeanSchema's: unknown keys refused, no hooks, keys are field names."""
    return (
        getattr(schema, "loads_leanly", False)
        and schema.unknown == RAISE
        and not any(schema._hooks.values())
        and all(field.data_key is None and field.attribute is None for field in schema.load_fields.values())
    )


def compile_loader(schema: Schema) -> Loader:
    """The fast path of ``schema.load`` for a plain JSON object; raises :class:`Unsure` when in doubt."""
    if not compilable(schema):
        raise TypeError(f"{type(schema).__name__} does not load as LeanSchema does; it cannot be compiled")
    plan = []
    for name, field in schema.load_fields.items():
        default = field.load_default
        plan.append((name, _value_loader(field, name), field.required, field.allow_none, default, callable(default)))
    names = frozenset(schema.load_fields)

    def load_object(data: Any) -> dict[str, Any]:
        if type(data) is not dict or not data.keys() <= names:
            raise Unsure
        result: dict[str, Any] = {}
        for name, load, required, allow_none, default, default_is_factory in plan:
            if name not in data:
                if required:
                    raise Unsure
                if default is not missing:
                    result[name] = default() if default_is_factory else default
            elif (value := data[name]) is None:
                if not allow_none:
                    raise Unsure
                result[name] = None
            else:
                result[name] = load(value)
        return result

    return load_object
