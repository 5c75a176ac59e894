"""@record must make exactly the frozen, slotted dataclass it replaces, only built through its slots."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
from dataclasses import FrozenInstanceError, field, fields, replace

import pytest

import service.kings
from service.kings.records import record
from service.kings.rules import Rules


@record
class Shape:
    name: str
    sides: int = 4
    corners: tuple[int, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        if self.sides < 3:
            raise ValueError(f"a shape has 3 sides or more, not {self.sides!r}")


@dataclasses.dataclass(frozen=True, slots=True)
class ShapeTwin:
    """The same fields under dataclass's own __init__, to compare with."""

    name: str
    sides: int = 4
    corners: tuple[int, ...] = field(default_factory=tuple)


def test_a_record_is_built_and_behaves_as_its_dataclass_twin():
    def parameters(cls: type) -> list[tuple]:
        """Each parameter; a factory's default only as "present" (each __init__ marks it with its own sentinel)."""
        factories = {f.name for f in fields(cls) if f.default_factory is not dataclasses.MISSING}
        return [(p.name, p.kind, p.annotation, "factory" if p.name in factories else p.default)
                for p in inspect.signature(cls).parameters.values()]
    assert parameters(Shape) == parameters(ShapeTwin)
    for args, kwargs in [(("square",), {}), (("tri", 3), {}), ((), {"name": "hex", "sides": 6, "corners": (1, 2)})]:
        built, twin = Shape(*args, **kwargs), ShapeTwin(*args, **kwargs)
        assert [getattr(built, f.name) for f in fields(Shape)] == [getattr(twin, f.name) for f in fields(ShapeTwin)]
        assert repr(built).removeprefix("Shape") == repr(twin).removeprefix("ShapeTwin")
    assert Shape("a") == Shape("a") and hash(Shape("a", 5)) == hash(Shape("a", 5)) and Shape("a") != Shape("b")
    assert replace(Shape("a"), sides=7) == Shape("a", 7)
    with pytest.raises(TypeError):
        Shape()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Shape("a", 4, (), "extra")  # type: ignore[call-arg]


def test_a_record_is_frozen_and_slotted():
    shape = Shape("a")
    with pytest.raises(FrozenInstanceError):
        shape.sides = 5  # type: ignore[misc]
    assert not hasattr(shape, "__dict__")


def test_a_record_runs_its_post_init_check():
    with pytest.raises(ValueError, match="not 2"):
        Shape("line", 2)
    with pytest.raises(ValueError):
        Rules(hands="bogus")  # type: ignore[arg-type]


def test_a_record_stores_through_its_slots_not_object_setattr():
    """The one thing @record changes; a record left with dataclass's __init__ would fail here."""
    assert "_set_name" in Shape.__init__.__code__.co_names
    assert "__dataclass_builtins_object__" not in Shape.__init__.__code__.co_freevars + Shape.__init__.__code__.co_names


def engine_records() -> list[type]:
    found = []
    for module_info in pkgutil.iter_modules(service.kings.__path__):
        module = importlib.import_module(f"service.kings.{module_info.name}")
        found += [value for value in vars(module).values()
                  if inspect.isclass(value) and value.__module__ == module.__name__ and dataclasses.is_dataclass(value)]
    return found


@pytest.mark.parametrize("cls", engine_records(), ids=lambda cls: cls.__name__)
def test_every_engine_record_is_frozen_slotted_and_takes_its_fields(cls):
    params = cls.__dataclass_params__
    assert params.frozen and hasattr(cls, "__slots__")
    expected = [(f.name, f.default if f.default is not dataclasses.MISSING else inspect.Parameter.empty)
                for f in fields(cls) if f.init and f.default_factory is dataclasses.MISSING]
    signature = inspect.signature(cls).parameters
    assert [(name, p.default) for name, p in signature.items() if p.default is not dataclasses.MISSING] == expected
