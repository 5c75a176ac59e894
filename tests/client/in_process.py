"""The one client against the app in this process: a requests transport adapter that hands each request to the Flask
test client, so everything above the socket (the client's operations, bodies, query strings, problem documents) is
the real code. And ``command``: one ``kings`` command, parsed by the real parser, run and rendered as ``kings`` would.
"""

from __future__ import annotations

import argparse
from typing import Any
from urllib.parse import urlsplit

import requests
from card_referee_client import RefereeClient
from requests.adapters import BaseAdapter
from requests.structures import CaseInsensitiveDict

from service import cli

IN_PROCESS = "http://in-process"


class FlaskAdapter(BaseAdapter):
    """requests' transport, answered by a Flask test client instead of a socket."""

    def __init__(self, flask_client: Any) -> None:
        super().__init__()
        self.flask = flask_client

    def send(self, request: requests.PreparedRequest, **kwargs: Any) -> requests.Response:
        url = urlsplit(request.url or "")
        body = request.body.encode() if isinstance(request.body, str) else request.body
        reply = self.flask.open(url.path, method=request.method, data=body, headers=dict(request.headers), query_string=url.query)
        response = requests.Response()
        response.status_code = reply.status_code
        response.reason = reply.status.partition(" ")[2]
        response.headers = CaseInsensitiveDict(dict(reply.headers))
        response._content = reply.get_data()
        response.url = request.url or ""
        response.request = request
        response.encoding = "utf-8"
        return response

    def close(self) -> None:
        pass


def in_process(flask_client: Any) -> RefereeClient:
    """A :class:`RefereeClient` whose requests the app in this process answers."""
    session = requests.Session()
    session.mount(IN_PROCESS, FlaskAdapter(flask_client))
    return RefereeClient(IN_PROCESS, session=session)


def command(referee: RefereeClient, *argv: str) -> Any:
    """``kings ARGV...`` parsed by the real parser and run with ``referee``; what it would print (text, or JSON data
    with ``--json``). A refusal raises, as the client raised it."""
    args: argparse.Namespace = cli.parser().parse_args(list(argv))
    result = args.run(args, referee)
    return result if args.json and isinstance(result, dict) else cli.render(result, args)
