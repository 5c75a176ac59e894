"""The fixed keys of the sealed-deal tests (never used outside tests), and an app that seals with them."""

from __future__ import annotations

from typing import Any

from flask import Flask

from service import create_app
from service.core.sealing import Sealer

TEST_KEY = "5bIz24DvhoQGpX4Q2t0I7-wMA4lNprQUhM78RA7Uy00="
OTHER_KEY = "2b4mVLf14-jVyubh-S6GYSrnNkVVhmiVaWKLkQW9iaE="
TEST_SEALER = Sealer.from_keys([TEST_KEY])


def sealed_app(**config: Any) -> Flask:
    """An app sealing with the test key (as operators set KINGS_SEAL_KEYS), unless ``config`` says otherwise."""
    return create_app({"TESTING": True, "SEAL_KEYS": TEST_KEY, **config})
