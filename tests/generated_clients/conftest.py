"""Clients generated from openapi.yaml as other teams generate them (default settings), once per run, and the two
places they call: the suite's gunicorn (the packaged settings) and Debian's nginx on deploy/nginx.conf in front of it.

The generated code goes to pytest's tmp dir, shared by the xdist workers under a lock, keyed by the document and the
generators' pins: a second worker reuses what the first generated.
"""

from __future__ import annotations

import fcntl
import hashlib
import importlib
import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
import yaml

from benchmarks.soak_proxy import nginx_binary
from tests.serving.conftest import nginx_in_front, proxy_to_nothing

from . import typescript
from .plays import conformance_cases

__all__ = ["proxy_to_nothing"]  # tests/serving's nginx in front of nothing, for the probe of nginx's own 502

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "openapi.yaml"
TS_PROJECT = Path(__file__).resolve().parent / "ts"
METHODS = {"get", "put", "post", "delete", "patch"}
PINS = (ROOT / "requirements-dev.txt", TS_PROJECT / "package-lock.json")


def shared_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A directory every xdist worker of this run sees (each worker's basetemp sits in the run's)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextmanager
def locked(path: Path) -> Iterator[None]:
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def fingerprint() -> str:
    digest = hashlib.sha256(SPEC.read_bytes())
    for pin in PINS:
        digest.update(pin.read_bytes())
    return digest.hexdigest()[:16]


def run(command: list[str], cwd: Path, what: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    if done.returncode:
        pytest.fail(f"{what} failed ({done.returncode}): {done.stdout[-4000:]}\n{done.stderr[-4000:]}")
    return done


@pytest.fixture(scope="session")
def generated_dir(tmp_path_factory) -> Path:
    """Where this run's generated clients live (one per document and pins)."""
    path = shared_dir(tmp_path_factory) / f"generated-clients-{fingerprint()}"
    path.mkdir(exist_ok=True)
    return path


@pytest.fixture(scope="session")
def python_client(generated_dir) -> ModuleType:
    """The package openapi-python-client writes from openapi.yaml with its defaults (its ruff hooks too: the venv's
    bin goes first on PATH), imported."""
    out = generated_dir / "python"
    with locked(generated_dir / "python.lock"):
        if not (out / "done").exists():
            shutil.rmtree(out, ignore_errors=True)
            env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
            command = [sys.executable, "-m", "openapi_python_client", "generate", "--path", str(SPEC), "--output-path", str(out / "client")]
            run(command, ROOT, "openapi-python-client", env)
            (out / "done").touch()
    packages = [path.parent for path in (out / "client").glob("*/client.py")]
    assert len(packages) == 1, f"expected one generated package in {out / 'client'}: {packages}"
    if str(packages[0].parent) not in sys.path:
        sys.path.insert(0, str(packages[0].parent))
    return importlib.import_module(packages[0].name)


def operation_ids() -> dict[tuple[str, str], str]:
    """(METHOD, path) -> operationId, from the document: the generated modules and functions are named after them."""
    paths = yaml.safe_load(SPEC.read_text(encoding="utf-8"))["paths"]
    return {(method.upper(), path): operation["operationId"] for path, item in paths.items() for method, operation in item.items() if method in METHODS}


def snake(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


@pytest.fixture(scope="session")
def python_operations(python_client) -> dict[tuple[str, str], ModuleType]:
    """(METHOD, path) -> the generated module of that operation (``sync_detailed`` and friends)."""
    modules = {}
    for module_file in (Path(python_client.__file__).parent / "api").glob("*/*.py"):
        if module_file.name != "__init__.py":
            modules[module_file.stem] = f"{python_client.__name__}.api.{module_file.parent.name}.{module_file.stem}"
    found = {}
    for key, operation_id in operation_ids().items():
        assert snake(operation_id) in modules, f"no generated module for {key} ({operation_id})"
        found[key] = importlib.import_module(modules[snake(operation_id)])
    return found


@pytest.fixture(scope="session")
def nginx_url(tmp_path_factory, server) -> Iterator[str]:
    """Debian's nginx on the very deploy/nginx.conf in front of the suite's gunicorn (tests/serving's fixture)."""
    upstream = int(server.rsplit(":", 1)[1])
    for port in nginx_in_front(tmp_path_factory.mktemp("nginx"), upstream):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture(params=["gunicorn", "nginx"])
def base_url(request) -> str:
    """Each test runs against gunicorn itself and through nginx (skipped, with the reason, where nginx is missing)."""
    url: str = request.getfixturevalue("server" if request.param == "gunicorn" else "nginx_url")
    return url


def plain(value: Any) -> Any:
    """A generated model (or a list of them) as the JSON data it stands for."""
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, list):
        return [plain(item) for item in value]
    return value


@pytest.fixture(scope="session")
def node_tools() -> tuple[str, str]:
    node, npm = shutil.which("node"), shutil.which("npm")
    if (node is None or npm is None) and os.environ.get("CI") == "true":
        pytest.fail("node and npm are missing on CI: .ci/run installs them (apt-get install nodejs npm)")
    if node is None or npm is None:
        pytest.skip("node and npm are not installed (apt-get install nodejs npm; .ci/run installs them): the TypeScript client tests need them")
    return node, npm


def in_process(app: Any, case: dict[str, Any]) -> dict[str, Any]:
    """The answer the referee gives a case in process: what every client must get over the wire."""
    client = app.test_client()
    body = {} if case["body"] is None else {"json": case["body"]}
    reply = client.open(case["path"], method=case["method"], **body)
    return {"status": reply.status_code, "body": reply.get_json()}


@pytest.fixture(scope="session")
def typescript_build(generated_dir, node_tools, app) -> typescript.Build:
    """openapi-typescript's types and the calls written against them, through tsc: its diagnostics by case and game."""
    node, npm = node_tools
    directory = generated_dir / "typescript"
    with locked(generated_dir / "typescript.lock"):
        saved = generated_dir / "typescript.json"
        if saved.exists():
            return typescript.Build(directory, **json.loads(saved.read_text()))
        typescript.install(node, npm)
        cases = [(f"{slug}-{index}", case, in_process(app, case)) for slug, index, case in conformance_cases()]
        built = typescript.build(directory, SPEC, node, cases)
        saved.write_text(json.dumps({"diagnostics": built.diagnostics, "unplaced": built.unplaced}))
        return built


@pytest.fixture(scope="session")
def typescript_results(request, generated_dir, typescript_build, node_tools, server) -> dict[str, Any]:
    """What the compiled calls got, run once in one node process against gunicorn and (where installed) nginx."""
    with locked(generated_dir / "typescript.lock"):
        saved = generated_dir / "typescript-results.json"
        if not saved.exists():
            targets = [f"gunicorn={server}"]
            if nginx_binary() is not None:
                targets.append(f"nginx={request.getfixturevalue('nginx_url')}")
            done = subprocess.run([node_tools[0], "dist/main.js", *targets], cwd=typescript_build.directory, capture_output=True, text=True, check=False)
            if done.returncode:
                pytest.fail(f"node failed ({done.returncode}): {done.stderr[-4000:]}")
            saved.write_text(done.stdout)
        results: dict[str, Any] = json.loads(saved.read_text())
        return results
