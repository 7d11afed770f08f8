"""Connection limits below the app: idle and slow connections time out, and one client
address holds a bounded number of connections.

uvicorn closes a keep-alive connection that sends nothing for ``timeout_keep_alive`` seconds,
but not one that never finishes its request headers (a byte now and then keeps it open), nor
does it count connections per address. ``guarded`` adds both to uvicorn's HTTP protocol
class: a connection must complete each request's headers within ``header_timeout`` seconds
(of opening, or of sending any byte after a response), and an address beyond
``per_address`` open connections (websockets included) is closed at once.
``server_config`` builds the uvicorn configuration ``tricktable serve`` runs with.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from tricktable.web.limits import IPV6_PREFIX, address_key


@dataclass(frozen=True, slots=True)
class ConnectionLimits:
    """The limits of ``guarded`` connections (``docs/deploy.md`` says what each protects)."""

    header_timeout: float = 10.0
    """Seconds to send a request's headers (slow or silent connections hold descriptors)."""
    per_address: int = 64
    """Open connections (HTTP and websockets) one client address may hold (0: no limit)."""
    keep_alive: int = 5
    """Seconds an idle keep-alive connection stays open (uvicorn's ``timeout_keep_alive``)."""
    max_connections: int | None = 4000
    """Connections and requests in flight the whole server takes; beyond, ``503``
    (uvicorn's ``limit_concurrency``; keep it below the process's descriptor limit)."""
    ipv6_prefix: int = IPV6_PREFIX
    """IPv6 addresses count per network of this many bits (``limits.address_key``)."""


class AddressCounter:
    """Open transports per client address."""

    def __init__(self) -> None:
        self.open: dict[str, set[asyncio.BaseTransport]] = {}

    def admit(self, address: str, transport: asyncio.BaseTransport, limit: int) -> bool:
        """Count ``transport`` for ``address``; False (not counted) when it has ``limit``."""
        held = self.open.setdefault(address, set())
        for gone in [t for t in held if t.is_closing()]:
            held.discard(gone)
        if limit and len(held) >= limit:
            return False
        held.add(transport)
        return True

    def release(self, address: str, transport: asyncio.BaseTransport) -> None:
        held = self.open.get(address)
        if held is not None:
            held.discard(transport)
            if not held:
                del self.open[address]


def guarded(base: type[Any], limits: ConnectionLimits) -> type[Any]:
    """uvicorn's HTTP protocol class ``base`` with ``limits``' header timeout and
    per-address cap."""
    counter = AddressCounter()

    class Guarded(base):  # type: ignore[misc]
        _deadline: asyncio.TimerHandle | None = None
        _address = ""
        _admitted = False

        def connection_made(self, transport: asyncio.Transport) -> None:
            peer = transport.get_extra_info("peername")
            peer_address = str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"
            self._address = address_key(peer_address, limits.ipv6_prefix)
            if not counter.admit(self._address, transport, limits.per_address):
                transport.close()  # nothing read, nothing answered: the cheapest refusal
                return
            self._admitted = True
            super().connection_made(transport)
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            if not self._admitted:
                return
            self._disarm()
            counter.release(self._address, self.transport)
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self._deadline is None and (self.cycle is None or self.cycle.response_complete):
                self._arm()  # bytes of a new request: its headers have a deadline too
            super().data_received(data)
            if self.transport.get_protocol() is not self:  # upgraded to a websocket
                self._disarm()
                asyncio.get_running_loop().call_soon(self._watch_upgraded, self.transport)

        def _watch_upgraded(self, transport: asyncio.Transport) -> None:
            """A websocket still counts for its address until it closes."""
            if transport.is_closing():
                counter.release(self._address, transport)
            else:
                asyncio.get_running_loop().call_later(1.0, self._watch_upgraded, transport)

        def _arm(self) -> None:
            loop = asyncio.get_running_loop()
            self._deadline = loop.call_later(limits.header_timeout, self._expire, self.cycle)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _expire(self, cycle: Any) -> None:
            self._deadline = None
            transport = self.transport
            if transport.is_closing() or transport.get_protocol() is not self:
                return
            if self.cycle is cycle:  # no request's headers arrived in time
                transport.close()

    Guarded.__name__ = Guarded.__qualname__ = f"Guarded{base.__name__}"
    return Guarded


def server_config(app: Any, host: str, port: int, limits: ConnectionLimits, **options: Any) -> Any:
    """The ``uvicorn.Config`` to serve ``app`` with ``limits`` (``options`` passed on)."""
    import uvicorn
    from uvicorn.protocols.http.h11_impl import H11Protocol

    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

        http: type[Any] = HttpToolsProtocol
    except ImportError:  # httptools is optional: uvicorn then speaks HTTP with h11
        http = H11Protocol
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        http=guarded(http, limits),
        timeout_keep_alive=limits.keep_alive,
        limit_concurrency=limits.max_connections,
        ws_max_size=64 * 1024,
        ws_ping_interval=20.0,
        ws_ping_timeout=20.0,
        ws_per_message_deflate=False,  # small JSON messages: compressing them costs more
        server_header=False,
        **options,
    )
