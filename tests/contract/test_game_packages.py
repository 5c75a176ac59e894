"""A game is one package and one registry line: no game imports another game's package, and every part the
registry names loads, typed (a misspelt or missing part fails here and at start-up, never quietly)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from service.core.kit import Engine
from service.games import GAME_PACKAGES, REGISTRY, registered

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = {slug: ROOT / name.replace(".", "/") for slug, name in GAME_PACKAGES.items()}


def imported_modules(path: Path, package: str) -> set[str]:
    """Every module a file imports, relative imports resolved against its package."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                names.add(".".join([*base, node.module] if node.module else base))
            else:
                names.add(node.module or "")
    return names


@pytest.mark.parametrize("slug", list(GAME_PACKAGES))
def test_no_game_imports_another_games_package(slug):
    own = GAME_PACKAGES[slug]
    others = [name for other, name in GAME_PACKAGES.items() if other != slug]
    offenders = []
    for path in sorted(PACKAGES[slug].rglob("*.py")):
        package = own + "." + ".".join(path.relative_to(PACKAGES[slug]).with_suffix("").parts[:-1]) if len(path.relative_to(PACKAGES[slug]).parts) > 1 else own
        for name in imported_modules(path, package.rstrip(".")):
            if any(name == other or name.startswith(other + ".") for other in others):
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not offenders


def test_the_import_reading_sees_a_cross_import():
    """The oracle above can fail: a file that imports another game is seen, relative or absolute."""
    sample = ROOT / "build" / "cross_import_sample.py"
    sample.parent.mkdir(exist_ok=True)
    sample.write_text("from service.games.kings.caches import bounded\nfrom ..kings import GAME\n", encoding="utf-8")
    try:
        found = imported_modules(sample, "service.games.twenty_four")
    finally:
        sample.unlink()
    assert {"service.games.kings.caches", "service.games.kings"} <= found


@pytest.mark.parametrize("slug", list(REGISTRY))
def test_every_registered_part_loads_typed(slug):
    game = registered(slug)
    assert game.slug == slug and game.engine.info.slug == slug and game.package.__name__ == GAME_PACKAGES[slug]
    assert game.web().game is game.engine, "the HTTP adapter mounts the registered engine"
    assert game.scorer is not None and callable(game.commands)
    assert isinstance(game.engine, Engine), "every game is on the engine kit"
