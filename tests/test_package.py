"""The project as a package: what it declares it needs, what its wheel holds, and the wheel at work outside the checkout."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import sysconfig
import time
import tomllib
import zipfile
from dataclasses import dataclass
from importlib.metadata import packages_distributions
from pathlib import Path

import pytest
import requests
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.client_package.building import build_client_wheel
from tests.conftest import ROOT, free_port, stop

PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
DECLARED = {canonicalize_name(Requirement(text).name): Requirement(text) for text in PROJECT["dependencies"]}
OWN_PACKAGES = {"service", "schemas"}
# Distributions this repository builds beside the service (clients/<language>/), released with it: no pin to look up.
SIBLINGS = {
    canonicalize_name(tomllib.loads(path.read_text(encoding="utf-8"))["project"]["name"]): path.parent for path in sorted(ROOT.glob("clients/*/pyproject.toml"))
}


def third_party_imports() -> dict[str, set[str]]:
    """Every module outside the standard library that the shipped code imports, with the files that import it."""
    found: dict[str, set[str]] = {}
    for path in sorted([*(ROOT / "service").rglob("*.py"), *(ROOT / "schemas").rglob("*.py")]):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.partition(".")[0]
                if top not in sys.stdlib_module_names and top not in OWN_PACKAGES and top != "__future__":
                    found.setdefault(top, set()).add(str(path.relative_to(ROOT)))
    return found


def pins() -> dict[str, str]:
    lines = (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()
    return {canonicalize_name(name): pinned for name, _, pinned in (line.partition("==") for line in lines if "==" in line)}


def test_every_imported_library_is_a_declared_dependency():
    distributions = packages_distributions()
    imports = third_party_imports()
    assert {"flask", "marshmallow", "card_referee_client"} <= imports.keys()  # the scan sees the imports it must
    undeclared = {
        module: files for module, files in imports.items() if not {canonicalize_name(d) for d in distributions.get(module, [module])} & DECLARED.keys()
    }
    assert undeclared == {}


def test_gunicorn_is_declared_for_kings_serve():
    """`kings serve` runs gunicorn as a program, so no import shows the need: it is declared by name."""
    assert "gunicorn" in DECLARED


def test_the_pins_fall_in_the_declared_ranges():
    """requirements.txt (what the suite and the image run) must satisfy what the package declares."""
    pinned = pins()
    outside = {
        name: (str(requirement.specifier), pinned.get(name))
        for name, requirement in DECLARED.items()
        if name not in SIBLINGS and (pinned.get(name) is None or not requirement.specifier.contains(pinned[name]))
    }
    assert outside == {}


def test_the_client_package_is_a_declared_dependency_at_its_own_version():
    """`kings` talks through card-referee-client (clients/python), built from this repository at the same version."""
    assert set(SIBLINGS) == {"card-referee-client"}
    client = tomllib.loads((SIBLINGS["card-referee-client"] / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert DECLARED["card-referee-client"].specifier.contains(client["version"]) and client["version"] == PROJECT["version"]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel, built offline with the setuptools of the project's venv."""
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "--no-index", "--wheel-dir", str(out), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=120,
        cwd=out,
    )
    [built] = out.glob("kings_referee-*.whl")
    return built


@pytest.fixture(scope="module")
def client_wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_client_wheel(tmp_path_factory.mktemp("client-wheel"))


@pytest.mark.slow
def test_the_wheel_holds_the_code_and_every_games_data(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    games = [path.parent.name for path in (ROOT / "service" / "games").glob("*/__init__.py")]
    assert games
    for game in games:
        source = ROOT / "service" / "games" / game
        data = [source / "rules.md", *source.glob("golden/*.json")]
        assert {str(path.relative_to(ROOT)) for path in data if path.exists()} <= names, game
    assert {
        "service/serving.py",
        "service/cli.py",
        "schemas/__init__.py",
        "service/table/templates/table/index.html",
        "service/table/static/app.js",
        "service/table/static/vendor/qr/index.js",
        "service/table/static/vendor/qr/LICENSE",
    } <= names
    assert {"service/py.typed", "schemas/py.typed"} <= names  # PEP 561: mypy reads the installed package's annotations
    assert not [name for name in names if name.startswith("card_referee_client/")]  # the client is its own distribution
    assert not [name for name in names if name.startswith(("tests/", "benchmarks/"))]
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert {
        canonicalize_name(Requirement(line.split(":", 1)[1]).name) for line in metadata.splitlines() if line.startswith("Requires-Dist:")
    } == DECLARED.keys()


@dataclass(frozen=True)
class Installed:
    """A fresh venv that holds the wheel, and a directory outside the checkout to run it from."""

    python: Path
    kings: Path
    site: str
    elsewhere: Path
    env: dict[str, str]

    def run(self, *command: str | Path) -> str:
        done = subprocess.run(command, cwd=self.elsewhere, env=self.env, capture_output=True, text=True, timeout=60, check=False)
        assert done.returncode == 0, done.stderr
        return done.stdout


@pytest.fixture(scope="module")
def installed(wheel: Path, client_wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The venv holds only the wheel and the client's (which `kings` talks through); their dependencies come from the
    project's venv through a .pth line, since the machine may have no index to install them from. Nothing of the
    checkout is on its path."""
    root = tmp_path_factory.mktemp("installed")
    fresh, elsewhere = root / "venv", root / "elsewhere"
    elsewhere.mkdir()
    # `make` puts the checkout on PYTHONPATH: with it, pip would take the checkout's egg-info for this package.
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "KINGS_HOST", "PORT")}

    def run(*command: str | Path) -> str:
        return subprocess.run(command, cwd=elsewhere, env=env, check=True, capture_output=True, text=True, timeout=120).stdout

    run(sys.executable, "-m", "venv", "--without-pip", fresh)
    python = fresh / "bin" / "python"
    site = run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))").strip()
    Path(site, "project-dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    # --ignore-installed: the project's own editable install is visible through that line too; it is not this wheel.
    run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps", "--no-index", "--ignore-installed", wheel, client_wheel)
    return Installed(python, fresh / "bin" / "kings", site, elsewhere, env)


@pytest.mark.slow
def test_the_installed_wheel_runs_outside_the_checkout(installed):
    assert installed.run(installed.python, "-c", "import service; print(service.__file__)").startswith(installed.site)
    assert installed.run(sys.executable, "-m", "pip", "--python", installed.python, "check").startswith("No broken requirements")
    assert "new-game" in installed.run(installed.kings, "--help")
    assert installed.run(installed.kings, "--version") == f"kings {PROJECT['version']}\n"


@pytest.mark.slow
def test_kings_serve_from_the_wheel_answers(installed):
    port = free_port()
    log_path = installed.elsewhere / "serve.log"
    log = log_path.open("wb")
    process = subprocess.Popen(
        [installed.kings, "serve", "--port", str(port)],
        cwd=installed.elsewhere,
        env={**installed.env, "WEB_CONCURRENCY": "1"},
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    try:
        url, deadline = f"http://127.0.0.1:{port}", time.monotonic() + 30
        while True:
            try:
                health = requests.get(f"{url}/healthz", timeout=1)
                break
            except requests.RequestException:  # refused, or accepted before the worker booted
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail("kings serve did not answer: " + log_path.read_text(errors="replace"))
                time.sleep(0.1)
        assert health.status_code == 200 and health.json() == {"status": "ok"}
        rules = requests.get(f"{url}/v1/24-kings/rules", timeout=5)  # the rule text is read from the installed package
        assert rules.status_code == 200 and rules.json()["text"] == (ROOT / "service/games/kings/rules.md").read_text(encoding="utf-8")
    finally:
        stop(process)
        log.close()


def test_the_package_and_the_openapi_document_carry_one_version():
    """CHANGELOG.md's newest heading, pyproject.toml, service.__version__ and openapi.yaml's info.version agree."""
    import re

    import service

    info = (ROOT / "openapi.yaml").read_text(encoding="utf-8").split("\nservers:", 1)[0]
    documented = re.search(r"^  version: (\S+)$", info, re.MULTILINE)
    newest = re.search(r"^## (\d+\.\d+\.\d+)", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), re.MULTILINE)
    assert documented and newest
    assert PROJECT["version"] == service.__version__ == documented.group(1) == newest.group(1)
