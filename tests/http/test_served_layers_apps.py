"""benchmarks/served_layers.py's apps: each takes off the layer its name says, and no other."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from benchmarks import served_layers
from benchmarks.request_path import Layers, share_line
from service import create_app

ACCESS_LINE = '"logger":"service.access"'


def served(app: Flask, capsys: pytest.CaptureFixture[str]) -> tuple[Any, str]:
    capsys.readouterr()
    answer = app.test_client().get("/healthz")
    assert answer.status_code == 200 and answer.get_json() == {"status": "ok"}
    return answer.headers, capsys.readouterr().out


@pytest.mark.parametrize(
    ("factory", "access_line", "security_headers", "request_id"),
    [
        (create_app, True, True, True),  # the service as shipped: the control
        (served_layers.without_access_line, False, True, True),
        (served_layers.request_id_only, False, False, True),
        (served_layers.flask_app_alone, False, False, False),
    ],
)
def test_each_app_keeps_the_layers_it_names(capsys, factory, access_line, security_headers, request_id):
    headers, out = served(factory(), capsys)
    assert (ACCESS_LINE in out) is access_line
    assert ("X-Content-Type-Options" in headers) is security_headers
    assert ("X-Request-ID" in headers) is request_id


def test_every_server_of_the_measure_is_named_once_and_the_floor_comes_first():
    assert list(served_layers.SERVERS)[:2] == ["floor", "shipped"] and len(served_layers.SERVERS) == 5


def test_the_layers_are_the_differences_between_neighbouring_apps():
    """Both measures (in process and served) read the layers the same way: each the CPU between two neighbours."""
    layers = Layers.between(shipped=310.0, no_access=294.0, id_only=285.0, bare=275.0)
    assert layers == (16.0, 9.0, 10.0) and layers.counted() == 26.0  # the security headers are shown, not counted
    assert share_line(0.08, served=True).endswith("met)") and share_line(0.11, served=False).endswith("MISSED)")
