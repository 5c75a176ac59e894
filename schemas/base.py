"""A leaner ``Schema.load`` for the plain schemas of this API.

marshmallow's ``load`` runs processors, an error store and per-call validator
objects around every nested object; a game state holds dozens of them. These
schemas have no hooks, no ``data_key`` and refuse unknown fields, so loading
one is: refuse unknown keys, then let each field deserialise its own value
(every field keeps its own checks, defaults and messages). The result and the
error messages equal marshmallow's own — tests/http/test_lean_schema.py
compares the two on generated inputs.

Before that, a body that is plainly valid takes the compiled fast path of
:mod:`schemas.compiled`; anything it is unsure of comes here. One deliberate
difference from marshmallow: a list longer than its field's ``Length`` limit is
refused for its length alone, before any item is read (marshmallow reads and
judges every item first: 50,000 where 12 are allowed).

Why it stays beside marshmallow's own load (issue 26): a valid body rarely gets
here, a refused one always does. The worst refusals of
benchmarks/test_bench_worst_bodies.py, CPU ms median with this load / with
marshmallow's load after the same fast path: 1923's longest match 46 / 86, one
set too many 9.5 / 15.4 (2 shared cores, 2026-11-27).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any, ClassVar

from marshmallow import RAISE, Schema, ValidationError, fields, missing, validate
from marshmallow.schema import SchemaMeta
from marshmallow.types import UnknownOption

from .compiled import Loader, compilable, compile_loader
from .fields import CodedMessage, Unsure, code_messages

RULES_RENAMED: Mapping[str, str] = {"options": "rules"}  # a game's variant settings are its rules in every game (CHANGELOG 0.3.0)


class HooksFromDicts(SchemaMeta):
    """marshmallow's metaclass, finding a schema class's processors (``@pre_load``, ``@validates_schema``...) in one
    pass over its classes' own dicts.

    marshmallow's ``resolve_hooks`` looks every name ``dir()`` lists up through the MRO and asks each attribute for its
    hook mark in a ``try``: some 200 names and as many caught ``AttributeError`` a class, ≈ 5% of the app's build for
    its 280 schema classes (issue 25). The names, the attribute each resolves to (the first class of the MRO that
    defines it) and the order (sorted, as ``dir()`` lists them) are the same; the mark is read with a default instead
    of an exception. tests/schemas/test_hooks_from_dicts.py holds the answer to marshmallow's own.
    """

    def resolve_hooks(cls) -> dict[str, list[tuple[str, bool, dict[Any, Any]]]]:
        defined: dict[str, Any] = {}
        for parent in cls.__mro__:
            for name, attr in vars(parent).items():
                defined.setdefault(name, attr)
        hooks: dict[str, list[tuple[str, bool, dict[Any, Any]]]] = defaultdict(list)
        for name in sorted(defined):
            marks = getattr(defined[name], "__marshmallow_hook__", None)
            if marks is not None:
                for tag, config in marks.items():
                    hooks[tag].extend((name, many, kwargs) for many, kwargs in config)
        return hooks


class LeanSchema(Schema, metaclass=HooksFromDicts):
    class Meta:
        unknown = RAISE

    # The schema's own refusals, coded (marshmallow's words): a key it does not read, a value that is not an object.
    error_messages: dict[str, str] = {  # noqa: RUF012  # marshmallow's attribute, declared so by Schema
        "unknown": CodedMessage("Unknown field.", "unknown_field"),
        "type": CodedMessage("Invalid input type.", "not_an_object"),
    }
    loads_leanly = True  # tells schemas.compiled that load() below is this schema's load
    renamed: ClassVar[Mapping[str, str]] = {}  # an old field name -> its new one: refused with a problem naming the new one, never read
    _fast_load: Loader | None = None
    _list_limits: dict[str, tuple[int, list[validate.Length]]] | None = None

    def load(self, data: Any, *, many: bool | None = None, partial: Any = None, unknown: UnknownOption | None = None) -> Any:
        if many or partial or (unknown not in (None, RAISE)) or self._hooks_in_use():
            return super().load(data, many=many, partial=partial, unknown=unknown)
        try:
            return self.plain_load(data)
        except Unsure:
            pass
        if not isinstance(data, Mapping):
            raise ValidationError({"_schema": [self.error_messages["type"]]})
        if self._list_limits is None:
            self._list_limits = list_limits(self)
        limits = self._list_limits
        fields = self.load_fields
        refusal = [self.error_messages["unknown"]]  # one list for every unknown key: 75,000 of them would otherwise be 75,000 lists for the collector to walk
        errors: dict[str, Any] = dict.fromkeys((key for key in data if key not in fields), refusal)
        for old in self.renamed.keys() & errors.keys():
            errors[old] = [renamed_refusal(old, self.renamed[old])]
        result: dict[str, Any] = {}
        for name, field in fields.items():
            raw = data.get(name, missing)
            if limits and (too_long := _length_refusal(raw, limits.get(name))):
                errors[name] = too_long  # marshmallow would read every item first: 500,000 where 8 are allowed
                continue
            try:
                value = field.deserialize(raw, name, data)
            except ValidationError as error:
                errors[name] = error.messages
                continue
            if value is not missing:
                result[name] = value
        if errors:
            raise ValidationError(errors)
        return result

    def plain_load(self, data: Any) -> Any:
        """What ``load`` answers for a plainly valid body, by the compiled fast path alone; :class:`Unsure` for
        anything else (then ``load`` decides and words it). A body it vouches for holds every ``Length`` bound of the
        schema, at every depth, and no over-long list had its items read (:mod:`schemas.compiled`)."""
        if self._fast_load is None:
            self._fast_load = compile_loader(self) if compilable(self) else _unsure
        return self._fast_load(data)

    def on_bind_field(self, field_name: str, field_obj: fields.Field[Any]) -> None:
        """marshmallow's hook for a field joining the schema: every message the field can give carries its code."""
        code_messages(field_obj)

    def _hooks_in_use(self) -> bool:
        return any(self._hooks.values())


def renamed_refusal(old: str, new: str) -> CodedMessage:
    """The refusal of a field sent under its old name: what it is called now (CHANGELOG.md says since when)."""
    return CodedMessage(f"{old} is now called {new}: send the same object as {new}", "renamed_field")


def _unsure(data: Any) -> Any:
    raise Unsure


def list_limits(schema: Schema) -> dict[str, tuple[int, list[validate.Length]]]:
    """Each list field's longest allowed length, and the ``Length`` validators that word its refusal."""
    limits: dict[str, tuple[int, list[validate.Length]]] = {}
    for name, field in schema.load_fields.items():
        if isinstance(field, fields.List):
            lengths = [v for v in field.validators if isinstance(v, validate.Length)]
            longest = [v.equal if v.equal is not None else v.max for v in lengths]
            bounds = [bound for bound in longest if bound is not None]
            if bounds:
                limits[name] = (min(bounds), lengths)
    return limits


def _length_refusal(value: Any, limit: tuple[int, list[validate.Length]] | None) -> list[str] | None:
    """The ``Length`` validator's own messages when ``value`` is a list longer than its field allows, before any item is read."""
    if limit is None or type(value) is not list or len(value) <= limit[0]:
        return None
    messages: list[str] = []
    for validator in limit[1]:
        try:
            validator(value)
        except ValidationError as error:
            messages += error.messages
    return messages
