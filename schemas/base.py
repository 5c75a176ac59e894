"""A leaner ``Schema.load`` for the plain schemas of this API.

marshmallow's ``load`` runs processors, an error store and per-call validator
objects around every nested object; a game state holds dozens of them. These
schemas have no hooks, no ``data_key`` and refuse unknown fields, so loading
one is: refuse unknown keys, then let each field deserialise its own value
(every field keeps its own checks, defaults and messages). The result and the
error messages equal marshmallow's own — tests/http/test_lean_schema.py
compares the two on generated inputs.

Before that, a body that is plainly valid takes the compiled fast path of
:mod:`schemas.compiled`; anything it is unsure of comes here.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import RAISE, Schema, ValidationError, missing
from marshmallow.types import UnknownOption

from .compiled import Loader, Unsure, compilable, compile_loader

INVALID_TYPE = "Invalid input type."
UNKNOWN = "Unknown field."


class LeanSchema(Schema):
    class Meta:
        unknown = RAISE

    loads_leanly = True  # tells schemas.compiled that load() below is this schema's load
    _fast_load: Loader | None = None

    def load(self, data: Any, *, many: bool | None = None, partial: Any = None, unknown: UnknownOption | None = None) -> Any:
        if many or partial or (unknown not in (None, RAISE)) or self._hooks_in_use():
            return super().load(data, many=many, partial=partial, unknown=unknown)
        if self._fast_load is None:
            self._fast_load = compile_loader(self) if compilable(self) else _unsure
        try:
            return self._fast_load(data)
        except Unsure:
            pass
        if not isinstance(data, Mapping):
            raise ValidationError({"_schema": [INVALID_TYPE]})
        fields = self.load_fields
        errors: dict[str, Any] = {key: [UNKNOWN] for key in data if key not in fields}
        result: dict[str, Any] = {}
        for name, field in fields.items():
            try:
                value = field.deserialize(data.get(name, missing), name, data)
            except ValidationError as error:
                errors[name] = error.messages
                continue
            if value is not missing:
                result[name] = value
        if errors:
            raise ValidationError(errors)
        return result

    def _hooks_in_use(self) -> bool:
        return any(self._hooks.values())


def _unsure(data: Any) -> Any:
    raise Unsure
