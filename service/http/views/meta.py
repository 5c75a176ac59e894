"""GET /healthz, /readyz, /version and /v1/games: liveness, readiness, what runs, and every registered game with its endpoints."""

from __future__ import annotations

import os
from importlib import metadata
from typing import Any

from flask import Flask, Response, current_app, jsonify

from schemas.meta import GamesSchema, HealthSchema, ReadySchema, VersionSchema
from service.core.caches import constant, memo
from service.games import registered_games

from ..api import RefereeBlueprint
from ..endpoints import game_facts

health_blp = RefereeBlueprint("health", __name__, description="Liveness.")
games_blp = RefereeBlueprint("games", __name__, url_prefix="/v1", description="The games this referee knows.")


def games_listing(app: Flask) -> dict[str, Any]:
    """Each game's facts, where its rule text and conformance cases are, and every endpoint it answers."""
    listing = []
    for game in registered_games():
        info, root = game.info, f"/v1/{game.info.slug}/"
        endpoints = sorted(
            f"{method} {rule.rule}"
            for rule in app.url_map.iter_rules()
            if rule.rule.startswith(root)
            for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"})
        )
        listing.append({**game_facts(info), "rules": root + "rules", "conformance": root + "conformance", "endpoints": endpoints})
    return {"games": listing}


@games_blp.get(
    "/games",
    answer=GamesSchema,
    answer_example={"games": []},
    description="Every game: its facts, rule text, conformance cases and endpoints.",
    purpose="Discover the games this referee judges: each game's facts, where its rules and worked cases are, and every endpoint it answers.",
)
def list_games() -> Response:
    """The registry of games, so a client can discover what this referee judges."""
    return jsonify(games_listing(current_app))


@health_blp.get(
    "/healthz",
    answer=HealthSchema,
    answer_example={"status": "ok"},
    description="The service is up.",
    purpose="Liveness for an orchestrator: answers while the process can serve.",
)
def healthz() -> Response:
    """Liveness: answers while the process can serve."""
    return jsonify({"status": "ok"})


@health_blp.get(
    "/readyz",
    answer=ReadySchema,
    answer_example={"status": "ready", "games": 5},
    description="Every game is loaded and answers.",
    purpose="Readiness for a load balancer: every game's rules are loaded (a 503 problem while one is not).",
)
def readyz() -> Response:
    """Readiness: every registered game's rule text and facts are loaded (a 503 problem if one is not)."""
    from ..referee import rules_answer

    try:
        games = [rules_answer(game.info.slug) for game in registered_games()]
    except Exception:  # any failure to load a game means: not ready
        current_app.logger.exception("a game failed to load")
        from ..problems import problem_response

        return problem_response(503, "a game failed to load; see the error log", title="Not ready")
    return jsonify({"status": "ready", "games": len(games)})


@health_blp.get(
    "/version",
    answer=VersionSchema,
    answer_example={"version": "0.1.0", "commit": "d2837c1", "rules": {"24-kings": "1"}},
    description="The package version, each game's rules version and the source commit.",
    purpose="What runs here: the package version, each game's rules version and the source commit, to pin a client or report a bug.",
)
def version() -> Response:
    """What runs here: the package version, the commit when the image names it (KINGS_COMMIT), each game's rules version."""
    return jsonify(version_answer())


@memo(constant("version_answer", "the package version, the commit and each game's rules version", 4 * 1024, __name__))  # fixed while the process runs
def version_answer() -> dict[str, Any]:
    try:
        package = metadata.version(PACKAGE)
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        package = "0+unknown"
    return {
        "version": package,
        "commit": os.environ.get("KINGS_COMMIT") or None,
        "rules": {game.info.slug: game.info.rules_version for game in registered_games()},
    }


PACKAGE = "kings-referee"
