"""The image, safe by default (issue 29), checked without a Docker engine: exact base images, pip installs checked against
the project's lock (which pins exactly requirements.txt), production mode that refuses to start without keys, no root."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from benchmarks.http_bench import free_port
from service.core.sealing import KEYS_VARIABLE

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = (ROOT / "Dockerfile").read_text()
# name:MAJOR.MINOR.PATCH with an optional variant (-slim-bookworm, -alpine): never latest, never 3.11 or 1.27 alone.
EXACT_TAG = re.compile(r"[a-z0-9./-]+:\d+\.\d+\.\d+(-[a-z0-9.]+)*")


def instructions(text: str) -> list[tuple[str, str]]:
    """The Dockerfile's instructions, continuation lines joined, comments dropped: (KEYWORD, arguments)."""
    joined = re.sub(r"\\\n\s*", " ", "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#")))
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1]) for line in joined.splitlines() if line.strip()]


def images() -> list[str]:
    built = [arguments.split()[0] for keyword, arguments in instructions(DOCKERFILE) if keyword == "FROM"]
    services = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"].values()
    return built + [service["image"] for service in services if "build" not in service]


def test_every_base_image_is_named_by_its_exact_version():
    assert len(images()) >= 2
    for image in images():
        assert EXACT_TAG.fullmatch(image) and "latest" not in image, image


@pytest.mark.parametrize("image", ["python:3.11-slim", "nginx:1.27-alpine", "nginx:latest", "nginx", "python:3-slim"])
def test_a_floating_tag_is_no_exact_version(image):
    assert not EXACT_TAG.fullmatch(image)


def image_environment() -> dict[str, str]:
    environment: dict[str, str] = {}
    for keyword, arguments in instructions(DOCKERFILE):
        if keyword == "ENV":
            environment |= dict(re.findall(r"(\w+)=(\S*)", arguments))
    return environment


def test_the_image_runs_in_production_mode():
    assert image_environment()["KINGS_ENV"] == "production"


def test_the_image_runs_as_a_user_that_is_not_root_by_number():
    users = [arguments.strip() for keyword, arguments in instructions(DOCKERFILE) if keyword == "USER"]
    assert users, "no USER: the image would run as root"
    uid, _, gid = users[-1].partition(":")
    assert uid.isdigit() and int(uid) != 0 and (not gid or int(gid) != 0)  # by number: runAsNonRoot can check it
    last_user = max(index for index, (keyword, _) in enumerate(instructions(DOCKERFILE)) if keyword == "USER")
    assert all(keyword != "RUN" for keyword, _ in instructions(DOCKERFILE)[last_user:])


def test_every_pip_install_in_the_image_checks_hashes_from_the_lock():
    installs = [arguments for keyword, arguments in instructions(DOCKERFILE) if keyword == "RUN" and "pip install" in arguments]
    assert installs
    for command in installs:
        assert "--require-hashes" in command and "-r requirements.lock" in command and "--no-deps" in command, command
    assert re.search(r"^COPY requirements\.lock ", DOCKERFILE, re.MULTILINE)


def pins(path: Path) -> dict[str, str]:
    """name -> version of a requirements file's lines (comments, options and hashes aside)."""
    text = re.sub(r"\\\n", " ", path.read_text())
    found: dict[str, str] = {}
    for line in text.splitlines():
        line = re.sub(r"\s--hash=\S+", "", line.split("#", 1)[0]).strip()
        if not line or line.startswith("-"):
            continue
        requirement = Requirement(line)
        [specifier] = requirement.specifier
        assert specifier.operator == "==", line
        found[canonicalize_name(requirement.name)] = specifier.version
    return found


def test_the_lock_pins_exactly_what_requirements_txt_pins():
    """The image installs the lock; `make run` and the tests install requirements.txt: the two must be the same versions."""
    assert pins(ROOT / "requirements.lock") == pins(ROOT / "requirements.txt")


def test_every_locked_package_has_sha256_hashes():
    entries = re.split(r"\n(?=[A-Za-z])", (ROOT / "requirements.lock").read_text().split("\n\n", 1)[-1])
    locked = [entry for entry in entries if "==" in entry.split("\n", 1)[0]]
    assert len(locked) == len(pins(ROOT / "requirements.txt"))
    for entry in locked:
        hashes = re.findall(r"--hash=sha256:(\S+)", entry)
        assert hashes and all(re.fullmatch(r"[0-9a-f]{64}", digest) for digest in hashes), entry.split("\n", 1)[0]


@pytest.mark.parametrize("keys", [None, "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA="], ids=["no-key", "all-zero-key"])
def test_gunicorn_with_the_images_environment_refuses_to_start_and_says_how_to_make_a_key(keys):
    """The image's CMD with its ENV (only the address moved to a free loopback port): the referee does not come up."""
    env = {name: value for name, value in os.environ.items() if name not in (KEYS_VARIABLE, "KINGS_ENV")}
    env |= image_environment() | {"KINGS_HOST": "127.0.0.1", "PORT": str(free_port()), "WEB_CONCURRENCY": "1", "PYTHONPATH": str(ROOT)}
    env |= {KEYS_VARIABLE: keys} if keys else {}
    command = [arguments for keyword, arguments in instructions(DOCKERFILE) if keyword == "CMD"][-1]
    words = yaml.safe_load(command)  # the exec form is a JSON list
    assert words[0] == "gunicorn"
    result = subprocess.run([sys.executable, "-m", *words], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode != 0
    assert KEYS_VARIABLE in result.stderr and "Fernet.generate_key()" in result.stderr


# A child that builds the app as the image's CMD does and names every source Python had to compile on the way.
COMPILED_AT_START = """
import sys
from importlib import _bootstrap_external

compiled = []
to_code = _bootstrap_external.SourceLoader.source_to_code


def counted(self, data, path, *args, **kwargs):
    compiled.append(path)
    return to_code(self, data, path, *args, **kwargs)


_bootstrap_external.SourceLoader.source_to_code = counted
from service import create_app

create_app()
print("\\n".join(path for path in compiled if path.startswith(sys.argv[1])))
"""


def test_the_image_compiles_its_sources_once_at_build_so_a_start_compiles_none(tmp_path):
    """The image's COPY of the sources and its compile step, replayed in a directory of its own; then the app built
    there with the image's environment (which forbids writing bytecode): no source of the service is compiled at start."""
    steps = instructions(DOCKERFILE)
    copied = [arguments.split() for keyword, arguments in steps if keyword == "COPY" and not arguments.startswith("requirements")]
    for source, target in copied:
        subprocess.run(["cp", "-R", str(ROOT / source), str(tmp_path / target)], check=True)
    for cache in tmp_path.rglob("__pycache__"):  # .dockerignore keeps the checkout's bytecode out of the image
        subprocess.run(["rm", "-r", str(cache)], check=True)
    [compile_step] = [arguments for keyword, arguments in steps if keyword == "RUN" and "compileall" in arguments]
    words = compile_step.split()
    assert words[0] == "python" and [keyword for keyword, _ in steps].index("USER") > steps.index(("RUN", compile_step))
    env = {name: value for name, value in os.environ.items() if name not in ("PYTHONPYCACHEPREFIX", "PYTHONPATH")}
    env |= image_environment() | {"KINGS_ENV": "development", "PYTHONPATH": str(tmp_path)}  # production would want keys
    assert env["PYTHONDONTWRITEBYTECODE"] == "1"
    subprocess.run([sys.executable, *words[1:]], cwd=tmp_path, env=env, check=True, timeout=300)
    started = subprocess.run([sys.executable, "-c", COMPILED_AT_START, str(tmp_path)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert started.returncode == 0, started.stderr
    assert started.stdout.split() == []


def test_without_the_compile_step_a_start_compiles_every_module_it_imports(tmp_path):
    """The check above can fail: the same sources, not compiled, are compiled at every start."""
    for source in ("service", "schemas"):
        subprocess.run(["cp", "-R", str(ROOT / source), str(tmp_path / source)], check=True)
    for cache in tmp_path.rglob("__pycache__"):
        subprocess.run(["rm", "-r", str(cache)], check=True)
    env = {name: value for name, value in os.environ.items() if name not in ("PYTHONPYCACHEPREFIX", "PYTHONPATH")}
    env |= image_environment() | {"KINGS_ENV": "development", "PYTHONPATH": str(tmp_path)}
    started = subprocess.run([sys.executable, "-c", COMPILED_AT_START, str(tmp_path)], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert started.returncode == 0, started.stderr
    assert len(started.stdout.split()) > 100
