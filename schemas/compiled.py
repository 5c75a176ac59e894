"""A fast path for request bodies that are valid, compiled once per schema.

A request body is almost always valid, and marshmallow spends most of its
time on the machinery that explains invalid ones. :func:`compile_loader`
writes a :class:`~schemas.base.LeanSchema`'s fast path as one straight-line
function per schema (:class:`_Writer`; :func:`loader_source` shows it): for each
field in order, the lines that accept exactly the plain JSON it documents (a
``str``, an ``int`` in its range, a list of known card texts...) and build what
marshmallow's ``load`` would. Whenever a value is not plainly valid, a line
raises :class:`~schemas.fields.Unsure` and the caller runs marshmallow's own
load, which decides and words every error. So the fast path never refuses and
never words a message: it can only say "valid, and here is the result", and
tests/http/test_lean_schema.py holds it to marshmallow's own answer on
generated inputs.

Fields and validators the compiler does not know are run as marshmallow runs
them (``field.deserialize``, ``validator(value)``).

Why it exists beside marshmallow's own load (issue 26: kept only where the bench
shows it wins what the structure cannot): CPU µs to load the bodies of
benchmarks/test_bench_schemas.py, this fast path / LeanSchema's load without it /
marshmallow's ``Schema.load`` — hands-7 5.7 / 42.0 / 52.2, calculus-6p
21.5 / 117 / 152, moves-legal 41.6 / 258 / 337, moves-apply 43.6 / 275 / 366
(best of 7 rounds, 2 shared cores, load 3.9, 2026-11-27, after players' names
took the fast path too: their field's ``plain_load``): 6 to 8 times less per body.

Written out rather than walked (kitread, issue 25): a per-field plan of closures called a loader, a check and a
bound test per field, about 16 objects and 100 fields for a 24 Kings state; the written function runs the same
tests as lines. CPU µs for a mid-game state request, walked / written: in BENCHMARKS.md, "the kit's share".
"""

from __future__ import annotations

import re
from collections.abc import Callable
from types import CodeType
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields, missing

from .fields import Length, OneOf, Range, Unsure

Loader = Callable[[Any], Any]
Codes = dict[tuple[str, str], CodeType]  # (the schema or field class written, its source) -> the compiled code


# marshmallow's own field classes the fast path reads, with the type a plain value of each is (exact classes only: a
# subclass may have changed what its value means). The project's fields are not here: each says how it reads a plain
# value (``plain_load``, or ``plain_type`` when that reading is a type test alone: schemas/fields.py).
_SCALARS: dict[type, type] = {fields.String: str}


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


def _value_loader(field: fields.Field[Any], name: str, codes: Codes) -> Loader:
    """A loader for a present, non-null value of ``field``, validators included: the same steps a schema's written
    loader takes for the field (:class:`_Writer`), as one function."""
    writer = _Writer(field.__class__.__name__, codes)
    steps = writer.value_steps(field, name)
    if len(steps) == 1 and (called := re.fullmatch(r"value = (\w+)\(value\)", steps[0])):
        only: Loader = writer.namespace[called[1]]  # one call (a nested schema's loader, a field's reader): that function itself
        return only
    return writer.function(f"load_{_identifier(name)}", ["value"], [*steps, "return value"])


def _value_loader_or_null(field: fields.Field[Any], name: str, codes: Codes) -> Loader:
    """An item of a list: marshmallow checks null, then loads (no default applies to an item).

    Every loader refuses ``None`` by its own type test, so only a nullable item needs a wrapper.
    """
    load = _value_loader(field, name, codes)
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


def compile_loader(schema: Schema, codes: Codes | None = None) -> Loader:
    """The fast path of ``schema.load`` for a plain JSON object; raises :class:`Unsure` when in doubt.

    ``codes``: the functions already compiled while writing the schema this one is nested in (a state's zones are
    one source written many times: compiled once, each bound to its own field's objects)."""
    if not compilable(schema):
        raise TypeError(f"{type(schema).__name__} does not load as LeanSchema does; it cannot be compiled")
    writer = _Writer(type(schema).__name__, {} if codes is None else codes)
    return writer.function(f"load_{_identifier(type(schema).__name__)}", ["data"], writer.object_steps(schema))


def loader_source(schema: Schema) -> str:
    """The source of ``schema``'s written loader (what :func:`compile_loader` compiles), for a reader and the tests."""
    writer = _Writer(type(schema).__name__, {})
    return writer.source(f"load_{_identifier(type(schema).__name__)}", ["data"], writer.object_steps(schema))


def _identifier(name: str) -> str:
    """``name`` as an identifier that reads back as written: ASCII letters, digits and ``_`` (Python reads any other
    letter of an identifier in NFKC, so ``ﬁ`` would be looked up as ``fi``), never a digit first."""
    ascii_name = re.sub(r"[^0-9A-Za-z_]", "_", name)
    return f"_{ascii_name}" if ascii_name[:1].isdigit() else ascii_name


class _Writer:
    """Writes a schema's fast path as one straight-line function: for each field, in the schema's order, the steps
    that field's value takes (is it there, is it null, its type, its bounds, its items), each a line a reader can
    read as the field's check, as cattrs and pydantic v1 write one function per class instead of walking a generic
    plan per field. What a line needs beside literals (a nested schema's own written loader, a field's
    ``plain_load``, a validator the writer does not know) is a name in the function's namespace.

    Every step only ever raises :class:`Unsure` (marshmallow then decides and words the refusal); the steps are those
    the per-field closures took before (tests/http/test_lean_schema.py holds the result to marshmallow's own).
    """

    def __init__(self, owner: str, codes: Codes) -> None:
        self.owner = owner
        self.codes = codes  # (owner, source) -> its compiled code, for the one schema being written and those in it
        self.namespace: dict[str, Any] = {"Unsure": Unsure}

    def name(self, hint: str, value: Any) -> str:
        """``value`` under a name of the namespace (``hint``, numbered when taken by another value)."""
        hint = _identifier(hint)
        candidate, number = hint, 1
        while candidate in self.namespace and self.namespace[candidate] is not value:
            number += 1
            candidate = f"{hint}_{number}"
        self.namespace[candidate] = value
        return candidate

    def source(self, function: str, arguments: list[str], body: list[str]) -> str:
        lines = "".join(f"    {line}\n" for line in body)
        return f"def {function}({', '.join(arguments)}):\n{lines}"

    def function(self, function: str, arguments: list[str], body: list[str]) -> Loader:
        source = self.source(function, arguments, body)
        code = self.codes.get((self.owner, source))
        if code is None:
            code = self.codes[self.owner, source] = compile(source, f"<schemas.compiled {self.owner}>", "exec")
        exec(code, self.namespace)  # our own straight-line source, as dataclasses writes __init__
        loader: Loader = self.namespace[function]
        return loader

    def object_steps(self, schema: Schema) -> list[str]:
        """A JSON object of ``schema``: no key it does not read, then each field in order."""
        names = self.name("FIELDS", frozenset(schema.load_fields))
        steps = [f"if type(data) is not dict or not data.keys() <= {names}:", "    raise Unsure", "result = {}"]
        for name, field in schema.load_fields.items():
            steps += self.field_steps(name, field)
        return [*steps, "return result"]

    def field_steps(self, name: str, field: fields.Field[Any]) -> list[str]:
        """One field of an object: absent (refused when required, else its default), null (when allowed), or its value's steps."""
        key = repr(name)
        steps = [_comment(f"{name}: {_described(field)}"), f"if {key} in data:", f"    value = data[{key}]"]
        value = self.value_steps(field, name)
        if field.allow_none:
            steps += ["    if value is None:", f"        result[{key}] = None", "    else:"]
            steps += [f"        {line}" for line in value]
            steps += [f"        result[{key}] = value"]
        else:
            if not value[0].startswith("if type(value) is not "):  # a type test refuses null itself
                steps += ["    if value is None:", "        raise Unsure"]
            steps += [f"    {line}" for line in value]
            steps += [f"    result[{key}] = value"]
        default = field.load_default
        if field.required:
            steps += ["else:", "    raise Unsure"]
        elif default is not missing:
            steps += ["else:", f"    result[{key}] = {self.default(name, default)}"]
        return steps

    def default(self, name: str, default: Any) -> str:
        """A default as the line writes it: a literal, a fresh list or map, or a call of its factory."""
        if default is None or type(default) in (bool, int, str):
            return repr(default)
        if default is list or default is dict:
            return "[]" if default is list else "{}"
        if callable(default):
            return f"{self.name(f'{name}_default', default)}()"
        return self.name(f"{name}_default", default)

    def value_steps(self, field: fields.Field[Any], name: str) -> list[str]:
        """A present, non-null value of ``field``: the steps that leave its loaded value in ``value``, validators included."""
        if field.pre_load or field.post_load:
            return self.as_marshmallow(field, name)
        kind = type(field)
        validators = list(field.validators)
        steps: list[str]
        plain_type = _SCALARS.get(kind) or vars(kind).get("plain_type")  # a plain value of the field is one of this type, as it is
        if plain_type is not None:
            steps = [f"if type(value) is not {plain_type.__name__}:", "    raise Unsure"]
        elif "plain_load" in vars(kind):  # a project field that says how it reads a plain value (its exact class: schemas/fields.py)
            reader = getattr(field, "plain_load")  # noqa: B009  (a name Field does not declare, so mypy needs getattr)
            steps = [*self.too_long(field, validators), f"value = {self.name(f'{name}_plain_load', reader)}(value)"]
        elif kind is fields.List and isinstance(field, fields.List):  # the exact class, and typed as one
            # a list loads to as many items: its length is tested first, and no item of an over-long list is read
            item = self.name(f"{name}_item", _value_loader_or_null(field.inner, name, self.codes))
            steps = ["if type(value) is not list:", "    raise Unsure", *self.length_steps(validators), f"value = [{item}(item) for item in value]"]
            validators = [v for v in validators if type(v) is not Length]
        elif kind is fields.Nested and isinstance(field, fields.Nested) and not field.many and field.unknown is None and compilable(field.schema):
            steps = [f"value = {self.name(f'load_{type(field.schema).__name__}', compile_loader(field.schema, self.codes))}(value)"]
        else:
            return self.as_marshmallow(field, name)
        return steps + self.validator_steps(name, validators)

    def too_long(self, field: fields.Field[Any], validators: list[Callable[[Any], Any]]) -> list[str]:
        """A list or map past its ``Length`` bound is refused before its items are read (a text field's own reader
        refuses anything but a text, so its length is tested once it is read)."""
        most = _longest(validators)
        if most is None or not _literal(most) or isinstance(field, fields.String):  # a bound written as an int literal only
            return []
        return [f"if (type(value) is list or type(value) is dict) and len(value) > {most}:", "    raise Unsure"]

    def length_steps(self, validators: list[Callable[[Any], Any]]) -> list[str]:
        return [line for validator in validators if type(validator) is Length for line in self.validator_steps("length", [validator])]

    def validator_steps(self, name: str, validators: list[Callable[[Any], Any]]) -> list[str]:
        """Each validator as a test of ``value``: the coded three written out, any other run as marshmallow runs it."""
        steps = []
        for validator in validators:
            test = _written_test(validator)
            if test is None:
                test = f"not {self.name(f'{name}_passes', _as_predicate(validator))}(value)"
            elif type(validator) is OneOf:
                test = test.format(choices=self.name(f"{name}_choices", validator.choices))
            steps += [f"if {test}:", "    raise Unsure"]
        return steps

    def as_marshmallow(self, field: fields.Field[Any], name: str) -> list[str]:
        """A field the writer does not read itself: marshmallow's own deserialisation, its bounds tested first."""
        return [f"value = {self.name(f'{name}_as_marshmallow', _as_marshmallow(field, name))}(value)"]


def _written_test(validator: Callable[[Any], Any]) -> str | None:
    """The failing test of one of the three coded validators as a line writes it (exact classes: a subclass may test
    something else); None for any other. ``{choices}`` stands for OneOf's choices' name."""
    if type(validator) is Length and _literal(validator.min) and _literal(validator.max) and _literal(validator.equal):
        if validator.equal is not None:
            return f"len(value) != {validator.equal!r}"
        return _outside("len(value)", validator.min, validator.max)
    if type(validator) is Range and validator.min_inclusive and validator.max_inclusive and _literal(validator.min) and _literal(validator.max):
        return _outside("value", validator.min, validator.max)
    if type(validator) is OneOf:
        return "value not in {choices}"  # as OneOf tests it
    return None


def _literal(bound: Any) -> bool:
    """Whether ``bound`` is written in the source as it is: None or an int (a float such as ``inf`` is not)."""
    return bound is None or type(bound) is int


def _outside(value: str, low: Any, high: Any) -> str:
    if low is not None and high is not None:
        return f"not {low!r} <= {value} <= {high!r}"
    if low is not None:
        return f"{value} < {low!r}"
    return f"{value} > {high!r}" if high is not None else "False"


def _comment(text: str) -> str:
    """``text`` as a comment line of the written source: as it is when every character prints, else as an escaped
    literal, so a line break in a field's name cannot end the comment and start a line of code."""
    return f"# {text if text.isprintable() else ascii(text)}"


def _described(field: fields.Field[Any]) -> str:
    """A field as the written loader's comment names it: its class, whether it is required, its validators."""
    parts = [type(field).__name__, *(_validator_text(v) for v in field.validators)]
    if field.required:
        parts.append("required")
    elif field.load_default is not missing:
        parts.append("has a default")
    if field.allow_none:
        parts.append("nullable")
    return ", ".join(parts)


def _validator_text(validator: Any) -> str:
    if isinstance(validator, Length | Range):
        bounds = {key: getattr(validator, key) for key in ("min", "max", "equal") if getattr(validator, key, None) is not None}
        return f"{type(validator).__name__}({', '.join(f'{k}={v!r}' for k, v in bounds.items())})"
    return type(validator).__name__
