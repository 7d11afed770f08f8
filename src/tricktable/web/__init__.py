"""The web table: lobby, tables of every game with people and bots, records, replays.

Needs the ``web`` extra (``pip install -e '.[web]'``); the rules core never imports it.
``tricktable serve`` starts it; ``create_app`` builds the ASGI application.
"""

from __future__ import annotations

from typing import Any


def create_app(database_url: str, **options: Any) -> Any:
    """The ASGI app (imported here lazily, so ``import tricktable.web`` stays light); see
    ``tricktable.web.app.create_app`` for the ``options``."""
    from tricktable.web.app import create_app as build

    return build(database_url, **options)
