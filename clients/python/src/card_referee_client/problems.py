"""A refusal as a typed exception: the RFC 9457 problem document the referee (or a proxy in front of it) answered."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

import requests

PROBLEM_MEMBERS = ("type", "title", "status", "detail", "instance", "errors")


class RefereeError(Exception):
    """The service refused a request: an RFC 9457 problem document, member by member.

    ``type``, ``title``, ``status``, ``detail`` and ``instance`` are RFC 9457's; ``errors`` the referee's list of
    problems, each with a JSON pointer into the request body, a code and a message; every other member
    (``errors_omitted``, ``limit``, ``found``...) is in ``extensions``; ``request_id`` is the answer's
    ``X-Request-ID``. A plain exception (no frozen dataclass), so Python can set its traceback and context as it
    passes through ``with`` blocks, and it pickles with every field.
    """

    def __init__(
        self,
        status: int,
        title: str,
        detail: str,
        type: str = "about:blank",
        errors: Sequence[Mapping[str, Any]] = (),
        instance: str | None = None,
        request_id: str | None = None,
        extensions: Mapping[str, Any] | None = None,
    ) -> None:
        self.status = status
        self.title = title
        self.detail = detail
        self.type = type
        self.errors: tuple[Mapping[str, Any], ...] = tuple(errors)
        self.instance = instance
        self.request_id = request_id
        self.extensions: Mapping[str, Any] = MappingProxyType(dict(extensions or {}))
        super().__init__(status, title, detail, type, self.errors, instance, request_id, dict(self.extensions))

    def __str__(self) -> str:
        lines = [f"{self.status} {self.title}: {self.detail}"]
        lines += [f"  {e.get('pointer') or '/'}: {e.get('message')} ({e.get('code')})" for e in self.errors]
        if self.request_id:
            lines.append(f"  (request id {self.request_id})")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"RefereeError(status={self.status!r}, title={self.title!r}, detail={self.detail!r}, instance={self.instance!r}, request_id={self.request_id!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RefereeError) and self.args == other.args

    def __hash__(self) -> int:
        return hash((self.status, self.title, self.detail, self.type, self.instance, self.request_id))

    def __reduce__(self) -> tuple[type[RefereeError], tuple[Any, ...]]:
        return (type(self), self.args)


class RefereeUnavailable(ConnectionError):
    """Nothing answered at the service's URL."""


def problem_of(response: requests.Response) -> RefereeError:
    """The answer's problem document; an answer that is not one (a proxy's HTML page) keeps its status and reason."""
    try:
        body = response.json()
    except ValueError:
        body = {}
    if not isinstance(body, dict):
        body = {}
    errors = body.get("errors")
    return RefereeError(
        status=response.status_code,
        title=str(body.get("title", response.reason)),
        detail=str(body.get("detail", response.text[:200])),
        type=str(body.get("type", "about:blank")),
        errors=tuple(error for error in errors if isinstance(error, Mapping)) if isinstance(errors, list) else (),
        instance=str(body["instance"]) if body.get("instance") is not None else None,
        request_id=response.headers.get("X-Request-ID"),
        extensions={name: value for name, value in body.items() if name not in PROBLEM_MEMBERS},
    )
