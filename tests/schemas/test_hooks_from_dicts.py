"""schemas.base.HooksFromDicts finds a schema's processors as marshmallow's own metaclass does (its oracle here)."""

from __future__ import annotations

from typing import Any

from marshmallow import fields, post_dump, post_load, pre_load, validates, validates_schema
from marshmallow.schema import SchemaMeta

from schemas.base import HooksFromDicts, LeanSchema
from service import create_app


class Hooked(LeanSchema):
    name = fields.String()

    @pre_load
    def trim(self, data: Any, **kwargs: Any) -> Any:
        return data

    @post_load(pass_original=True)
    def keep(self, data: Any, original: Any, **kwargs: Any) -> Any:
        return data

    @validates("name")
    def named(self, value: str, **kwargs: Any) -> None:
        pass

    @validates_schema(skip_on_field_errors=False)
    def whole(self, data: Any, **kwargs: Any) -> None:
        pass


class Rehooked(Hooked):
    """Overrides one processor with a plain method (no longer a hook) and adds one of another kind."""

    def trim(self, data: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        return data

    @post_dump(pass_collection=True)
    def wrap(self, data: Any, many: bool, **kwargs: Any) -> Any:
        return data


def marshmallows(schema: type) -> dict[str, list[tuple[str, bool, dict[Any, Any]]]]:
    return found(SchemaMeta.resolve_hooks(schema))  # type: ignore[arg-type]


def found(hooks: dict[str, list[tuple[str, bool, dict[Any, Any]]]]) -> dict[str, list[tuple[str, bool, dict[Any, Any]]]]:
    """The hooks of each kind, without the empty lists a ``defaultdict`` gains when a load asks for a kind it lacks."""
    return {tag: entries for tag, entries in hooks.items() if entries}


def test_a_schema_s_processors_are_marshmallow_s_own_with_inheritance_and_overrides():
    assert found(Hooked._hooks) == marshmallows(Hooked)
    assert found(Rehooked._hooks) == marshmallows(Rehooked)
    assert {tag for tag, hooks in Hooked._hooks.items() if hooks} == {"pre_load", "post_load", "validates", "validates_schema"}
    assert "trim" not in [name for name, _, _ in Rehooked._hooks.get("pre_load", [])]
    assert [name for name, _, _ in Rehooked._hooks.get("post_dump", [])] == ["wrap"]


def test_every_schema_class_the_app_builds_with_it_has_marshmallow_s_answer():
    create_app({"TESTING": True})
    built = [cls for cls in _subclasses(LeanSchema) if isinstance(cls, HooksFromDicts)]
    assert len(built) > 100  # the app's schemas, and from_dict's classes made from them
    for cls in built:
        assert found(cls._hooks) == marshmallows(cls), cls.__name__


def _subclasses(root: type) -> list[type]:
    found, stack = [], [root]
    while stack:
        for sub in stack.pop().__subclasses__():
            found.append(sub)
            stack.append(sub)
    return found
