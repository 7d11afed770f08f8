"""The outermost layer of the app: security headers on every response, a host allow-list,
and an Origin check on the websocket and on every state-changing request.

- Every HTTP response carries ``SECURITY_HEADERS`` (no framing by other sites, no MIME
  sniffing, no referrer, a strict content security policy).
- A request whose ``Host`` is not allowed gets ``400`` (DNS rebinding; no reflected host).
- A ``POST`` or websocket whose ``Origin`` is neither the server's own origin nor one of
  ``allowed_origins`` gets ``403`` (cross-site request forgery, cross-site websocket
  hijacking). Requests without ``Origin`` (scripts, ``curl``) are not browsers' cross-site
  requests and pass; a browser's ``Sec-Fetch-Site: cross-site`` without an allowed origin is
  refused too.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

SECURITY_HEADERS: dict[str, str] = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; connect-src 'self';"
        " frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    ),
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}
"""Headers every HTTP response carries."""

LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1", "[::1]")
"""The host names allowed when none are configured."""

_ENCODED = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]


def host_name(host: str) -> str:
    """The host of a ``Host`` header without its port.

    >>> host_name("example.org:8000"), host_name("[::1]:8000"), host_name("localhost")
    ('example.org', '[::1]', 'localhost')
    """
    if host.startswith("["):
        return host.split("]", 1)[0] + "]"
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


class GuardMiddleware:
    """ASGI middleware: see the module's docstring."""

    def __init__(
        self,
        app: Any,
        allowed_hosts: Sequence[str] | None = None,
        allowed_origins: Sequence[str] = (),
    ) -> None:
        self.app = app
        hosts = LOOPBACK_HOSTS if allowed_hosts is None else tuple(allowed_hosts)
        self.any_host = "*" in hosts
        self.hosts = {h.lower() for h in hosts}
        self.origins = {o.rstrip("/").lower() for o in allowed_origins}

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "")
        if not self.any_host and host_name(host.lower()) not in self.hosts:
            await self._refuse(
                scope, receive, send, 400, "bad_host", "this host name is not served here"
            )
            return
        changes = scope["type"] == "websocket" or scope.get("method") not in (
            "GET",
            "HEAD",
            "OPTIONS",
        )
        if changes and not self._origin_allowed(headers, scope, host):
            await self._refuse(
                scope,
                receive,
                send,
                403,
                "bad_origin",
                "requests from other sites' pages are refused (Origin not allowed)",
            )
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Any) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in _ENCODED if k not in present]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _origin_allowed(self, headers: dict[str, str], scope: Any, host: str) -> bool:
        origin = headers.get("origin")
        if origin is None:
            return headers.get("sec-fetch-site", "same-origin") != "cross-site"
        origin = origin.rstrip("/").lower()
        if origin in self.origins:
            return True
        scheme = scope.get("scheme", "http")
        own = {"ws": "http", "wss": "https"}.get(scheme, scheme)
        return origin == f"{own}://{host.lower()}"

    async def _refuse(
        self, scope: Any, receive: Any, send: Any, status: int, code: str, message: str
    ) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 4403, "reason": message[:120]})
            return
        body = json.dumps({"error": code, "message": message}).encode()
        await send(
            {
                "type": "http.response.start",
                "status": status,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    *_ENCODED,
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
