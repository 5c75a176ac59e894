"""The client package built into a wheel with nothing fetched, installed alone into a fresh venv that holds only what
it declares (requests and what requests needs), and used there against a live gunicorn: no server code, no Flask.
What it gets back is compared with the same requests answered by the app in this process, without the client."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from importlib.metadata import distribution
from pathlib import Path

import pytest
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.client_package.building import build_client_wheel

pytestmark = pytest.mark.slow

# Played in the fresh venv: the documented examples of every game's shared endpoints, sent through the client.
PLAY = r"""
import json, sys
import card_referee_client
from card_referee_client import RefereeClient, RefereeError

referee = RefereeClient(sys.argv[1], timeout=20)
paths = card_referee_client.document()["paths"]
example = lambda path: paths[path]["post"]["requestBody"]["content"]["application/json"]["example"]
out = {"health": referee.health(), "games": [game["slug"] for game in referee.games()["games"]], "played": {}}
for slug in card_referee_client.games():
    game = referee.game(slug)
    body = example(f"/v1/{slug}/moves/apply")
    dealt = game.new_game(example(f"/v1/{slug}/games"))["state"]
    out["played"][slug] = {
        "dealt_is_valid": game.check_state(dealt)["valid"],
        "legal": game.validate(body["state"], body["move"])["legal"],
        "applied": game.apply(body["state"], body["move"]),
        "rules": game.rules()["slug"],
    }
try:
    referee.invoke("post_v1_24_kings_hands", {"castles": [{"card": "5H"}], "cards": ["XX"]})
except RefereeError as error:
    out["problem"] = {"status": error.status, "type": error.type, "title": error.title, "detail": error.detail,
                      "instance": error.instance, "errors": [dict(e) for e in error.errors], "request_id": error.request_id}
print(json.dumps(out))
"""

# Checked by mypy in the fresh venv: the installed package is typed (py.typed), not Any.
TYPED = """
from card_referee_client import RefereeClient
reveal_type(RefereeClient("http://127.0.0.1:8000").game("1923"))
reveal_type(RefereeClient("http://127.0.0.1:8000").validate({}, {}, game="1923"))
"""


def closure(requirements: list[Requirement]) -> list[str]:
    """The distributions ``requirements`` need, with theirs, as installed in the project's venv (markers honoured)."""
    environment, found, todo = default_environment(), {}, list(requirements)
    while todo:
        requirement = todo.pop()
        name = canonicalize_name(requirement.name)
        if name in found or (requirement.marker is not None and not requirement.marker.evaluate(environment | {"extra": ""})):
            continue
        found[name] = distribution(name)
        todo += [Requirement(text) for text in found[name].requires or ()]
    return sorted(found)


def copy_installed(names: list[str], target: Path) -> None:
    """The files of installed distributions (code and .dist-info), copied into ``target``: a site of their own."""
    for name in names:
        dist = distribution(name)
        for file in dist.files or ():
            if str(file).startswith(".."):  # console scripts in bin/: not needed to import
                continue
            source = Path(str(dist.locate_file(file)))
            if source.is_file():
                (target / file).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, target / file)


@dataclass(frozen=True)
class Fresh:
    python: Path
    wheel: Path
    needs: list[str]
    elsewhere: Path
    env: dict[str, str]

    def run(self, *command: str | Path, check: bool = True) -> subprocess.CompletedProcess[str]:
        done = subprocess.run(command, cwd=self.elsewhere, env=self.env, capture_output=True, text=True, timeout=120, check=False)
        assert not check or done.returncode == 0, done.stderr
        return done


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Fresh:
    root = tmp_path_factory.mktemp("client-alone")
    wheel = build_client_wheel(root)
    metadata = zipfile.ZipFile(wheel).read(next(n for n in zipfile.ZipFile(wheel).namelist() if n.endswith(".dist-info/METADATA"))).decode()
    declared = [Requirement(line.split(":", 1)[1]) for line in metadata.splitlines() if line.startswith("Requires-Dist:")]
    needs = closure(declared)
    venv, deps, elsewhere = root / "venv", root / "deps", root / "elsewhere"
    deps.mkdir()
    elsewhere.mkdir()
    copy_installed(needs, deps)
    env = {key: value for key, value in os.environ.items() if key not in ("PYTHONPATH", "VIRTUAL_ENV")}
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", venv], check=True, timeout=120)
    python = venv / "bin" / "python"
    site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], capture_output=True, text=True, check=True).stdout.strip()
    Path(site, "client-dependencies.pth").write_text(f"{deps}\n", encoding="utf-8")  # no index here: requests comes from a copy
    installer = [sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet", "--no-deps", "--no-index", str(wheel)]
    subprocess.run(installer, check=True, capture_output=True, timeout=120, cwd=elsewhere, env=env)
    return Fresh(python, wheel, needs, elsewhere, env)


def test_the_wheel_holds_the_client_its_document_and_py_typed_and_declares_only_http(fresh):
    names = set(zipfile.ZipFile(fresh.wheel).namelist())
    assert {"card_referee_client/py.typed", "card_referee_client/openapi.json", "card_referee_client/__init__.py"} <= names
    assert {name.split("/")[0] for name in names} == {"card_referee_client", next(n.split("/")[0] for n in names if ".dist-info/" in n)}
    metadata = zipfile.ZipFile(fresh.wheel).read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    assert {canonicalize_name(Requirement(line.split(":", 1)[1]).name) for line in metadata.splitlines() if line.startswith("Requires-Dist:")} == {
        "requests",
        "urllib3",
    }
    assert "kings-referee" not in fresh.needs and "flask" not in fresh.needs and "requests" in fresh.needs


def test_the_venv_has_the_client_and_nothing_of_the_server(fresh):
    where = fresh.run(fresh.python, "-c", "import card_referee_client; print(card_referee_client.__file__)").stdout
    assert where.startswith(str(fresh.python.parent.parent))
    for absent in ("service", "schemas", "flask", "marshmallow", "yaml"):
        assert fresh.run(fresh.python, "-c", f"import {absent}", check=False).returncode != 0, absent
    assert fresh.run(sys.executable, "-m", "pip", "--python", str(fresh.python), "check").stdout.startswith("No broken requirements")


def test_mypy_reads_the_installed_clients_types(fresh):
    user = fresh.elsewhere / "user.py"
    user.write_text(TYPED, encoding="utf-8")
    command = [sys.executable, "-m", "mypy", "--strict", "--no-incremental", "--python-executable", str(fresh.python), str(user)]
    done = subprocess.run(command, cwd=fresh.elsewhere, env=fresh.env, capture_output=True, text=True, timeout=300, check=False)
    assert 'Revealed type is "card_referee_client.client.GameClient"' in done.stdout, done.stdout
    assert 'Revealed type is "dict[str, Any]"' in done.stdout and done.stdout.rstrip().endswith("Success: no issues found in 1 source file")


def test_the_installed_client_plays_every_game_against_a_live_server(fresh, server, client):
    done = fresh.run(fresh.python, "-c", PLAY, server)
    out = json.loads(done.stdout)
    assert out["health"] == {"status": "ok"}
    assert out["games"] == [game["slug"] for game in client.get("/v1/games").get_json()["games"]]
    for slug, played in out["played"].items():
        example = _example(client, f"/v1/{slug}/moves/apply")
        assert played["dealt_is_valid"] is True and played["legal"] is True and played["rules"] == slug
        assert played["applied"] == client.post(f"/v1/{slug}/moves/apply", json=example).get_json()  # the same answer as the wire's
    wire = client.post("/v1/24-kings/hands", json={"castles": [{"card": "5H"}], "cards": ["XX"]})
    problem = wire.get_json()
    assert out["problem"]["status"] == wire.status_code and out["problem"]["errors"] == problem["errors"]
    assert {k: out["problem"][k] for k in ("type", "title", "detail", "instance")} == {k: problem.get(k) for k in ("type", "title", "detail", "instance")}
    assert out["problem"]["request_id"]


def _example(client, path: str) -> dict:
    """The document's example request for ``path``, as the app serves its document."""
    example: dict = client.get("/openapi.json").get_json()["paths"][path]["post"]["requestBody"]["content"]["application/json"]["example"]
    return example
