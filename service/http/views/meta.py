"""GET /healthz and GET /v1/games: liveness, and every registered game with its endpoints."""

from __future__ import annotations

from typing import Any

from flask import Flask, Response, current_app, jsonify

from schemas.meta import GamesSchema, HealthSchema
from service.games import registered_games

from ..api import RefereeBlueprint

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
        listing.append(
            {
                "slug": info.slug,
                "title": info.title,
                "summary": info.summary,
                "rule_book": info.rule_book,
                "rules_version": info.rules_version,
                "players": {"min": info.players[0], "max": info.players[1]},
                "options": dict(info.options),
                "rules": root + "rules",
                "conformance": root + "conformance",
                "endpoints": endpoints,
            }
        )
    return {"games": listing}


@games_blp.get("/games", answer=GamesSchema, answer_example={"games": []}, description="Every game: its facts, rule text, conformance cases and endpoints.")
def list_games() -> Response:
    """The registry of games, so a client can discover what this referee judges."""
    return jsonify(games_listing(current_app))


@health_blp.get("/healthz", answer=HealthSchema, answer_example={"status": "ok"}, description="The service is up.")
def healthz() -> Response:
    """Liveness: answers while the process can serve."""
    return jsonify({"status": "ok"})
