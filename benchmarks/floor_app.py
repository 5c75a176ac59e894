"""The floor of `make bench-http`: a plain Flask hello-world, served by the same gunicorn settings as the service.

``gunicorn -c python:service.serving benchmarks.floor_app:app`` runs it with the
service's worker count, worker class and hooks; every endpoint's req/s is read
as a ratio to this app's in the same run. Nothing of the service is imported
here beyond what the settings module loads: a cost every request of the service
pays (logging, request ids, checks) shows against this floor instead of
cancelling out, as it did against the service's own ``/healthz``. Its ``/echo`` is the
bench's ``flask-floor-post`` row: a JSON body in and out, with no referee behind it.
"""

from __future__ import annotations

from typing import Any

from flask import Flask, jsonify, request

app = Flask(__name__)


@app.get("/")
def hello() -> str:
    return "Hello, World!"


@app.post("/echo")
def echo() -> Any:
    """A plain JSON POST, Flask's own way: the body parsed and written back. Not the floor: a row beside it
    (``flask-floor-post``) showing what a body and a JSON answer of a ``/moves/legal`` size cost before any referee work."""
    return jsonify(request.get_json())
