"""Client messages of the websocket protocol (``docs/protocol.md``): parsing and limits.

Every message is one JSON object of at most ``MAX_MESSAGE`` bytes with a ``type``. Anything
else is refused with a ``Rejected`` that names the problem; nothing here touches a table.

>>> parse_message('{"type": "act", "seq": 3, "action": "play JS"}')
{'type': 'act', 'seq': 3, 'action': 'play JS'}
>>> parse_message('{"type": "act", "seq": "3", "action": "play JS"}')
Traceback (most recent call last):
...
tricktable.web.tables.Rejected: 'seq' must be a whole number >= 0
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from typing import Any

from tricktable.web.tables import CHAT_PRESETS, Rejected

MAX_MESSAGE = 4096
"""The largest client message accepted, in bytes."""

MAX_ACTION = 64
"""The longest action text accepted."""

TYPES = ("hello", "act", "chat", "ping", "fill")


def parse_message(text: str | bytes) -> dict[str, Any]:
    """A checked client message, or ``Rejected`` (codes ``too_large`` / ``malformed``)."""
    if len(text) > MAX_MESSAGE:
        raise Rejected("too_large", f"messages are limited to {MAX_MESSAGE} bytes")
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise Rejected("malformed", "a message must be one JSON object") from None
    if not isinstance(data, dict):
        raise Rejected("malformed", "a message must be one JSON object")
    kind = data.get("type")
    if kind not in TYPES:
        raise Rejected("malformed", f"'type' must be one of {', '.join(TYPES)}")
    if kind == "hello":
        seat = data.get("seat")
        if seat is not None and not _whole(seat):
            raise Rejected("malformed", "'seat' must be a seat number or null")
        for key in ("token", "invite"):
            value = data.get(key)
            if value is not None and (not isinstance(value, str) or len(value) > 200):
                raise Rejected("malformed", f"'{key}' must be a text")
        if seat is not None and data.get("token") is None:
            raise Rejected("malformed", "a seat needs its 'token'")
    elif kind == "act":
        if not _whole(data.get("seq")):
            raise Rejected("malformed", "'seq' must be a whole number >= 0")
        action = data.get("action")
        if not isinstance(action, str) or not action.strip() or len(action) > MAX_ACTION:
            raise Rejected("malformed", f"'action' must be an action text of 1-{MAX_ACTION} chars")
    elif kind == "fill":
        wanted = data.get("seats")
        if not isinstance(wanted, list) or not wanted or not all(_whole(s) for s in wanted):
            raise Rejected("malformed", "'seats' must list the seat numbers to give to a bot")
        bot = data.get("bot")
        if not isinstance(bot, str) or not bot.strip() or len(bot) > 40:
            raise Rejected("malformed", "'bot' must be a bot name, e.g. medium")
    elif kind == "chat":
        preset = data.get("preset")
        if not isinstance(preset, int) or not _whole(preset) or preset >= len(CHAT_PRESETS):
            raise Rejected(
                "malformed", f"'preset' must be a chat preset number 0-{len(CHAT_PRESETS) - 1}"
            )
    return data


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


class RateLimit:
    """A token bucket: ``rate`` messages a second on average, bursts up to ``burst``.

    >>> limit = RateLimit(rate=1.0, burst=2)
    >>> [limit.allow(now=0.0) for _ in range(3)]
    [True, True, False]
    >>> limit.allow(now=1.0)
    True
    """

    def __init__(self, rate: float = 20.0, burst: int = 40) -> None:
        self.rate = rate
        self.burst = burst
        self.tokens = float(burst)
        self.last: float | None = None

    def allow(self, now: float | None = None) -> bool:
        now = time.monotonic() if now is None else now
        if self.last is not None:
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class AddressLimits:
    """One ``RateLimit`` per client address, for HTTP requests that create or upload.

    At most ``max_addresses`` buckets are kept; the least recently seen address is forgotten
    first (it starts again with a full bucket, no more than a newcomer gets).

    >>> limits = AddressLimits(rate=1.0, burst=2)
    >>> [limits.allow("10.0.0.1", now=0.0) for _ in range(3)]
    [True, True, False]
    >>> limits.allow("10.0.0.2", now=0.0)
    True
    """

    def __init__(self, rate: float, burst: int, max_addresses: int = 10_000) -> None:
        self.rate = rate
        self.burst = burst
        self.max_addresses = max_addresses
        self.buckets: OrderedDict[str, RateLimit] = OrderedDict()

    def allow(self, address: str, now: float | None = None) -> bool:
        bucket = self.buckets.get(address)
        if bucket is None:
            bucket = self.buckets[address] = RateLimit(self.rate, self.burst)
            if len(self.buckets) > self.max_addresses:
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(address)
        return bucket.allow(now)
