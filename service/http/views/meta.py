"""GET /v1/24-kings/rules (the hand catalog and options) and GET /healthz."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify

from schemas.meta import HealthSchema, RulesCatalogSchema
from service.core.cards import RANK_NAMES
from service.games.kings.catalog import HAND_SETS, HANDS
from service.games.kings.rules import HAND_SET_DESCRIPTIONS, OPTION_DESCRIPTIONS

from ..api import RefereeBlueprint

rules_blp = RefereeBlueprint("rules", __name__, url_prefix="/v1/24-kings", description="The hand catalog and the options.")
health_blp = RefereeBlueprint("health", __name__, description="Liveness.")


def catalog() -> dict[str, Any]:
    return {
        "hands": [
            {
                "name": spec.name, "family": spec.family, "tier": spec.tier, "size": spec.size,
                "ranks": [[RANK_NAMES[r] for r in alt] for alt in spec.ranks], "suits": spec.suits.kind,
                "structure": spec.structure(), "points": spec.points.text(), "castles": list(spec.suits.castles),
            }
            for spec in HANDS
        ],
        "hand_sets": [
            {"name": name, "description": HAND_SET_DESCRIPTIONS[name], "hands": [s.name for s in HANDS if hand_set.allows(s)]}
            for name, hand_set in HAND_SETS.items()
        ],
        "options": dict(OPTION_DESCRIPTIONS),
    }


CATALOG = catalog()


@rules_blp.route("/rules", methods=["GET"])
@rules_blp.answers(RulesCatalogSchema, CATALOG, "The 24 hands (structure, suits, points) and the options.")
def get_rules() -> Response:
    """The hand catalog and options, so a client can draw the hand table."""
    return jsonify(CATALOG)


@health_blp.route("/healthz", methods=["GET"])
@health_blp.answers(HealthSchema, {"status": "ok"}, "The service is up.")
def healthz() -> Response:
    """Liveness: answers while the process can serve."""
    return jsonify({"status": "ok"})
