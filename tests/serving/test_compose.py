"""compose.yaml, the Dockerfile and .dockerignore: the parts of the production setup no test can run here (no Docker engine),
checked against each other and against the files the proxy tests do run."""

from __future__ import annotations

import fnmatch
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml

from benchmarks.http_bench import free_port
from benchmarks.soak_proxy import http_request, nginx_binary, start_nginx, stop
from service import serving
from service.core.sealing import parse_lifetime

ROOT = Path(__file__).resolve().parents[2]


def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / "compose.yaml").read_text())
    return loaded


def seconds(text: str) -> float:
    value, unit = re.fullmatch(r"(\d+)(s|m)", text).groups()  # type: ignore[union-attr]
    return float(value) * (60 if unit == "m" else 1)


def test_nginx_runs_the_deploy_files_the_tests_run():
    proxy = compose()["services"]["proxy"]
    mounts = {target: source for source, target, _ in (volume.split(":") for volume in proxy["volumes"])}
    assert mounts == {
        "/etc/nginx/nginx.conf": "./deploy/nginx.conf",
        "/etc/nginx/listen.conf": "./deploy/listen.conf",
        "/etc/nginx/upstream.conf": "./deploy/upstream.conf",
    }
    assert all((ROOT / source).is_file() for source in mounts.values())
    assert "include listen.conf;" in (ROOT / "deploy/nginx.conf").read_text() and "include upstream.conf;" in (ROOT / "deploy/nginx.conf").read_text()


def test_only_nginx_is_published_and_it_reaches_the_app():
    services = compose()["services"]
    app, proxy = services["app"], services["proxy"]
    assert "ports" not in app and app["expose"] == [app["environment"]["PORT"]]
    listen = re.search(r"^listen (\d+);", (ROOT / "deploy/listen.conf").read_text(), re.MULTILINE).group(1)  # type: ignore[union-attr]
    assert [published.rsplit(":", 1)[1] for published in proxy["ports"]] == [listen]
    upstream = re.search(r"server (\S+):(\d+);", (ROOT / "deploy/upstream.conf").read_text()).groups()  # type: ignore[union-attr]
    assert upstream == ("app", app["environment"]["PORT"])
    assert proxy["depends_on"]["app"]["condition"] == "service_healthy"
    assert app["environment"]["FORWARDED_ALLOW_IPS"] == "*"  # nginx is another container: gunicorn trusts it, none else reach the app


def test_both_have_healthchecks_on_healthz():
    services = compose()["services"]
    listen = re.search(r"^listen (\d+);", (ROOT / "deploy/listen.conf").read_text(), re.MULTILINE).group(1)  # type: ignore[union-attr]
    assert f"http://127.0.0.1:{listen}/healthz" in services["proxy"]["healthcheck"]["test"]
    assert "http://127.0.0.1:8000/healthz" in " ".join(services["app"]["healthcheck"]["test"])


def test_the_app_runs_in_production_with_the_operators_keys():
    """KINGS_ENV=production makes a missing key a start-up error; compose names the variable instead of starting without it."""
    environment = compose()["services"]["app"]["environment"]
    assert environment["KINGS_ENV"] == "production"
    assert re.fullmatch(r"\$\{KINGS_SEAL_KEYS:\?.+\}", environment["KINGS_SEAL_KEYS"])


def test_the_token_lifetime_is_the_operators_with_the_documented_default():
    """KINGS_SEAL_TTL passes through, defaulting to the service's own default (24 hours), in a form the service reads."""
    setting = compose()["services"]["app"]["environment"]["KINGS_SEAL_TTL"]
    default = re.fullmatch(r"\$\{KINGS_SEAL_TTL:-(\w+)\}", setting)
    assert default is not None, setting
    assert parse_lifetime(default.group(1)) == 24 * 3600


def test_compose_waits_longer_than_gunicorn_drains():
    for service in compose()["services"].values():
        assert seconds(service["stop_grace_period"]) > serving.graceful_timeout


def dockerfile_healthcheck() -> list[str]:
    text = (ROOT / "Dockerfile").read_text()
    command = re.search(r"HEALTHCHECK [^\n]*\\\n\s+CMD (.*)", text).group(1)  # type: ignore[union-attr]
    words = shlex.split(command)
    assert words[0] == "python"
    return [sys.executable, *words[1:]]


def test_the_image_healthcheck_passes_on_a_live_server_and_fails_without_one(server):
    port = server.rsplit(":", 1)[1]
    assert subprocess.run(dockerfile_healthcheck(), env={"PORT": port}, capture_output=True, timeout=30, check=False).returncode == 0
    dead = str(free_port())
    assert subprocess.run(dockerfile_healthcheck(), env={"PORT": dead}, capture_output=True, timeout=30, check=False).returncode != 0


def test_the_image_binds_every_interface():
    assert "KINGS_HOST=0.0.0.0" in (ROOT / "Dockerfile").read_text()


def ignored(path: str) -> bool:
    patterns = [line.strip() for line in (ROOT / ".dockerignore").read_text().splitlines() if line.strip() and not line.startswith("#")]
    parts = path.split("/")
    return any(fnmatch.fnmatch("/".join(parts[: depth + 1]), pattern) for pattern in patterns for depth in range(len(parts)))


def test_the_build_context_keeps_what_the_image_copies_and_drops_the_rest():
    copied = re.findall(r"^COPY (\S+)", (ROOT / "Dockerfile").read_text(), re.MULTILINE)
    assert copied and not any(ignored(source) for source in copied)
    assert not ignored("service/games/kings/rules.md")  # read when the app is built
    for heavy in (".venv/bin/python", ".git/HEAD", "tests/conftest.py", "deploy/nginx.conf", "compose.yaml", "docs/production.md"):
        assert ignored(heavy), heavy


# -- several replicas, nginx not root (issue 29) ---------------------------------------------------------
def test_several_app_replicas_run_behind_the_one_nginx():
    app = compose()["services"]["app"]
    assert app["deploy"]["replicas"] >= 2
    assert "container_name" not in app and "ports" not in app  # a fixed name or a published port would allow one replica only


def test_the_nginx_container_runs_as_a_user_that_is_not_root():
    proxy = compose()["services"]["proxy"]
    uid, _, gid = str(proxy["user"]).partition(":")
    assert int(uid) != 0 and int(gid) != 0
    command = " ".join(proxy["command"])
    assert re.search(r"pid /tmp/\S+;", command) and "daemon off;" in command  # the image's default pid path needs root
    assert proxy["read_only"] is True and proxy["tmpfs"] == ["/tmp"] and proxy["cap_drop"] == ["ALL"]
    config = (ROOT / "deploy/nginx.conf").read_text()
    assert not re.search(r"^\s*user\s", config, re.MULTILINE)  # a `user` directive means a root master
    temp_paths = re.findall(r"^\s*\w+_temp_path (\S+);", config, re.MULTILINE)
    assert len(temp_paths) == 5 and all(path.startswith("/tmp/") for path in temp_paths)
    listen = int(re.search(r"^listen (\d+);", (ROOT / "deploy/listen.conf").read_text(), re.MULTILINE).group(1))  # type: ignore[union-attr]
    assert listen >= 1024  # no privileged port


NOBODY = 65534


@pytest.mark.skipif(os.geteuid() != 0, reason="running nginx as another user needs root (CI runs as root)")
def test_nginx_serves_the_deploy_config_as_a_user_that_is_not_root(server):
    """Debian's nginx, started as nobody on deploy/nginx.conf (pid and temporary files where compose puts them): it answers."""
    if nginx_binary() is None:
        pytest.skip("Debian's nginx is not installed (apt-get install nginx-light; .ci/run installs it)")
    directory = Path(tempfile.mkdtemp(prefix="nginx-unprivileged-"))  # not under pytest's root-only folder: nobody must reach it
    port = free_port()
    proxy = start_nginx(directory, port, int(server.rsplit(":", 1)[1]), user=NOBODY)
    try:
        status, _, body = http_request(port, b"GET /healthz HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        assert status == 200, body
        workers = subprocess.run(["ps", "-o", "uid=", "--ppid", str(proxy.pid)], capture_output=True, text=True, check=False).stdout.split()
        master = Path(f"/proc/{proxy.pid}/status").read_text()
        assert re.search(r"^Uid:\s+65534\s", master, re.MULTILINE) and workers and set(workers) == {str(NOBODY)}
    finally:
        stop(proxy)
        shutil.rmtree(directory, ignore_errors=True)
