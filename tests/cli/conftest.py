"""The ``kings`` fixture (a run of the command line with a stub client), shared with tests/client."""

from tests.client.test_cli_commands import kings

__all__ = ["kings"]
