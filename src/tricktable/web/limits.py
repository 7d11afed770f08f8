"""The server's limits: token buckets and the numbers that bound what one client can take.

Every limit is here, with what it protects; ``docs/deploy.md`` lists them for operators.

>>> limit = RateLimit(rate=1.0, burst=2)
>>> [limit.allow(now=0.0) for _ in range(3)]
[True, True, False]
"""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from dataclasses import dataclass

IPV6_PREFIX = 64
"""Leading bits of an IPv6 address that name one client for the per-address limits: one
client holds a whole /64 (its addresses are its own to choose), so it counts once."""
ROOM_SHARDS = 128
"""How many shards a room's tables are spread over by default (``--room-shards``): one
PostgreSQL ``NOTIFY`` channel each, listened to by the processes holding a table there."""


def address_key(address: str, ipv6_prefix: int = IPV6_PREFIX) -> str:
    """The client an address counts as for the per-address limits: an IPv4 address itself,
    an IPv6 address by its network of ``ipv6_prefix`` bits (an IPv4-mapped one as IPv4);
    anything else (a name, ``unknown``) as it is.

    >>> address_key("2001:db8:1:2:aaaa::1"), address_key("2001:db8:1:2:ffff::9")
    ('2001:db8:1:2::/64', '2001:db8:1:2::/64')
    >>> address_key("2001:db8:1:2::1", 128), address_key("::ffff:192.0.2.7")
    ('2001:db8:1:2::1/128', '192.0.2.7')
    >>> address_key("192.0.2.7"), address_key("unknown")
    ('192.0.2.7', 'unknown')
    """
    try:
        parsed = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, ipv6_prefix), strict=False))
    return str(parsed)


@dataclass(frozen=True, slots=True)
class ServerLimits:
    """How much of the server tables, clients and heavy work may take.

    The defaults suit one small machine; ``tricktable serve`` sets some from its options.
    """

    max_tables: int = 2000
    """Unfinished tables the server keeps at most (memory)."""
    tables_per_address: int = 10
    """Unfinished tables one client address may have created (one client cannot fill the
    server; 0: no limit, e.g. behind a proxy that does not pass the client's address)."""
    lobby_per_address: int = 3
    """Tables of one creator address the lobby lists (one client cannot flood the lobby)."""
    lobby_size: int = 200
    """Tables the lobby lists at most."""
    table_expiry: float = 900.0
    """Seconds an unfinished table stays when nobody is connected and no person has acted
    (tables nobody joins or plays go away, and stop counting against the caps)."""
    sweep_every: float = 30.0
    """Seconds between two looks for expired tables."""
    search_tables: int = 20
    """Unfinished tables with a searching bot (every bot but ``random`` and ``heuristic``) the
    server holds; more are refused politely (CPU)."""
    search_processes: int = 2
    """Worker processes that run searching bots (CPU-bound; the event loop stays free)."""
    replay_processes: int = 1
    """Worker processes that build replay frames."""
    replay_queue: int = 8
    """Replay requests waiting for a worker at most; more get ``503`` (memory, latency)."""
    replay_rate: float = 0.5
    """Replay requests (frames of a stored record, uploads) one address may make a second."""
    replay_burst: int = 5
    """How many replay requests one address may make at once."""
    spectators: int = 64
    """Spectator connections per table (players' connections are never refused for them)."""
    seat_connections: int = 4
    """Connections one seat may hold at once; a newer one closes the oldest (a player always
    gets in, from a new tab or after a network change)."""
    chat_rate: float = 0.5
    """Chat messages one connection may send a second on average."""
    chat_burst: int = 3
    table_chat_rate: float = 2.0
    """Chat messages a whole table delivers a second on average (spectators included)."""
    table_chat_burst: int = 6
    ipv6_prefix: int = IPV6_PREFIX
    """IPv6 clients are counted by their network of this many leading bits (``address_key``):
    one client holds a whole /64, so 64 by default."""
    quick_bot_delay: float = 0.8
    """Seconds the bots of a table quick play opens wait before each decision."""
    quick_turn_timer: float | None = 60.0
    """Seconds a person has for each decision at a table quick play opens (strangers meet
    there: nobody holds the others up for long)."""
    quick_autoplay_after: float = 20.0
    """Seconds after a person left a table quick play opened until a bot plays their seat."""


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
