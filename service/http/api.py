"""flask-smorest's Api and Blueprint, answering and documenting errors as problem+json."""

from __future__ import annotations

from http import HTTPStatus
from typing import Any

from flask import Response
from flask_smorest import Api, Blueprint
from flask_smorest.utils import prepare_response
from werkzeug.exceptions import HTTPException

from schemas.common import ProblemSchema

from .problems import PROBLEM_MIME, StrictJsonParser, from_http_exception

PROBLEM_EXAMPLE = {
    "type": "urn:24-kings:problem:invalid-input",
    "title": "Impossible table",
    "status": 422,
    "detail": "the request describes no real table: 1 problem(s)",
    "instance": "/v1/24-kings/calculus",
    "errors": [{"pointer": "/castles/1/card", "code": "castle_suit_repeated",
                "message": "castle 2 (3H) has the suit of castle 1; the four castles are of four different suits"}],
}


def problem_example(status: HTTPStatus) -> dict[str, Any]:
    if status == 422:
        return PROBLEM_EXAMPLE
    return {"type": "about:blank", "title": status.phrase, "status": int(status), "detail": status.description or status.phrase,
            "instance": "/v1/24-kings/calculus", "errors": []}


class RefereeApi(Api):
    """An Api whose error responses are RFC 9457 documents, in the spec and on the wire."""

    ERROR_SCHEMA = ProblemSchema

    def _register_responses(self) -> None:
        for status in HTTPStatus:
            if status >= 400:
                response = {"description": status.phrase, "schema": self.ERROR_SCHEMA, "example": problem_example(status)}
                prepare_response(response, self.spec, PROBLEM_MIME)
                self.spec.components.response(status.name, response, lazy=True)
        default = {"description": "Any error: an RFC 9457 problem document", "schema": self.ERROR_SCHEMA,
                   "example": problem_example(HTTPStatus.BAD_REQUEST)}
        prepare_response(default, self.spec, PROBLEM_MIME)
        self.spec.components.response(self.DEFAULT_ERROR_RESPONSE_NAME, default, lazy=True)

    def handle_http_exception(self, error: HTTPException) -> Response:  # type: ignore[override]
        return from_http_exception(error)


class RefereeBlueprint(Blueprint):
    """A Blueprint that parses JSON strictly and documents the errors every POST can meet."""

    ARGUMENTS_PARSER = StrictJsonParser()

    POST_ERRORS = (400, 413, 415, 422)

    def answers(self, schema: Any, example: Any, description: str) -> Any:
        """Document the success response; the view returns the engine's JSON itself."""
        return self.alt_response(200, schema=schema, example=example, description=description, success=True)

    def problems(self, statuses: tuple[int, ...] = POST_ERRORS) -> Any:
        """Document the error statuses (their examples come from the shared components)."""
        def decorator(func: Any) -> Any:
            for status in statuses:
                func = self.alt_response(status, response=HTTPStatus(status).name)(func)
            return func
        return decorator

    def post(self, path: str, *, body: Any, body_example: Any, answer: Any, answer_example: Any, description: str) -> Any:
        """A JSON POST operation: validated body, documented answer, and the errors every POST can meet."""
        def decorator(func: Any) -> Any:
            func = self.problems()(func)
            func = self.answers(answer, answer_example, description)(func)
            # An instance, built once: given a class, webargs would build (and deep-copy) a schema per request.
            func = self.arguments(body(), example=body_example)(func)
            return self.route(path, methods=["POST"])(func)
        return decorator
