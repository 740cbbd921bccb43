"""Who may talk to `jarvis ui`: the token, the cookie it becomes, CSRF, Host, and safe paths.

- The server listens on 127.0.0.1 only. A random token (printed in the URL, like Jupyter)
  is exchanged on first use for an HttpOnly, SameSite=Strict cookie, and the browser is
  sent on to the same address without the token, so it stays out of history and referrers.
- Every request needs the cookie or the token, and a Host header naming 127.0.0.1 or
  localhost at this port (a page elsewhere cannot reach it through DNS rebinding).
- Every POST carries the CSRF token in a form field; a POST without it, or from another
  Origin, gets 403.
- Files are named by workspace paths and go through `Workspace.resolve` (no `..` out, no
  symlink out, nothing under `.git/` or `.jarvis/`); nothing is ever served raw.
See adr/0090-ui-stack-and-security.md.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode

from jarvis.errors import PathOutsideWorkspace
from jarvis.workspace import PRIVATE_DIRS, Workspace

CSRF_FIELD = "csrf"
Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

HEADERS = {
    "content-security-policy": (
        "default-src 'none'; style-src 'self'; script-src 'self'; img-src 'self' data:; "
        "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",  # no-referrer would make browsers send `Origin: null`
    "x-frame-options": "DENY",
    "cache-control": "no-store",
}
FORBIDDEN = (
    "403 forbidden: open jarvis ui with the address it printed (it carries the access token); "
    "run `jarvis ui` again for a new one"
)


def _derive(token: str, purpose: str) -> str:
    return hmac.new(token.encode(), purpose.encode(), hashlib.sha256).hexdigest()


@dataclass
class Access:
    token: str = field(default_factory=lambda: secrets.token_urlsafe(32))
    port: int = 0
    extra_hosts: tuple[str, ...] = ()  # e.g. "testserver" for Starlette's TestClient

    @property
    def cookie_name(self) -> str:
        # cookies ignore ports: two servers on 127.0.0.1 must not overwrite each other's
        return "jarvis-ui-" + _derive(self.token, "name")[:10]

    @property
    def cookie_value(self) -> str:
        return _derive(self.token, "session")

    @property
    def csrf(self) -> str:
        return _derive(self.token, "csrf")

    def url(self, path: str = "/") -> str:
        return f"http://127.0.0.1:{self.port}{path}?token={self.token}"

    def hosts(self) -> set[str]:
        names = {f"127.0.0.1:{self.port}", f"localhost:{self.port}", *self.extra_hosts}
        if self.port in (0, 80):
            names |= {"127.0.0.1", "localhost"}
        return names

    def host_ok(self, host: str) -> bool:
        return host.lower() in self.hosts()

    def origin_ok(self, origin: str | None) -> bool:
        if origin is None:
            return True  # same-origin form posts from older browsers; the CSRF field still guards
        return origin.lower() in {f"http://{h}" for h in self.hosts()}

    def token_ok(self, value: str | None) -> bool:
        return value is not None and hmac.compare_digest(value.encode(), self.token.encode())

    def cookie_ok(self, value: str | None) -> bool:
        return value is not None and hmac.compare_digest(value.encode(), self.cookie_value.encode())

    def csrf_ok(self, value: object) -> bool:
        return isinstance(value, str) and hmac.compare_digest(value.encode(), self.csrf.encode())


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


def _cookies(header: str) -> dict[str, str]:
    out: dict[str, str] = {}
    for part in header.split(";"):
        name, sep, value = part.strip().partition("=")
        if sep:
            out.setdefault(name, value)
    return out


async def _plain(send: Send, status: int, text: str, extra: list[tuple[bytes, bytes]] | None = None) -> None:
    body = text.encode()
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]
    headers += [(k.encode(), v.encode()) for k, v in HEADERS.items()]
    await send({"type": "http.response.start", "status": status, "headers": headers + (extra or [])})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """ASGI middleware in front of every route: host, token or cookie, security headers."""

    def __init__(self, app: ASGIApp, access: Access) -> None:
        self.app = app
        self.access = access

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        if not self.access.host_ok(headers.get("host", "")):
            await _plain(send, 403, "403 forbidden: wrong Host header; use http://127.0.0.1:PORT/")
            return
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        token = next((v for k, v in query if k == "token"), None)
        if token is not None:
            if not self.access.token_ok(token) or scope["method"] != "GET":
                await _plain(send, 403, FORBIDDEN)
                return
            rest = urlencode([(k, v) for k, v in query if k != "token"])
            where = scope.get("path", "/") + (f"?{rest}" if rest else "")
            cookie = (
                f"{self.access.cookie_name}={self.access.cookie_value}; HttpOnly; SameSite=Strict; Path=/"
            )
            await _plain(
                send,
                303,
                "signed in; continuing",
                [(b"location", where.encode("latin-1")), (b"set-cookie", cookie.encode())],
            )
            return
        if not self.access.cookie_ok(_cookies(headers.get("cookie", "")).get(self.access.cookie_name)):
            await _plain(send, 403, FORBIDDEN)
            return
        if scope["method"] not in ("GET", "HEAD") and not self.access.origin_ok(headers.get("origin")):
            await _plain(send, 403, "403 forbidden: this form was not sent from jarvis ui's own page")
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + [
                    (k.encode(), v.encode()) for k, v in HEADERS.items()
                ]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def workspace_file(ws: Workspace, rel: str) -> tuple[Path, str]:
    """(absolute path, workspace-relative name) of a file the UI may show; raises otherwise."""
    if not rel or rel.startswith(("/", "\\")) or Path(rel).is_absolute() or "\x00" in rel:
        raise PathOutsideWorkspace(f"{rel or '(empty)'}: not a path inside the workspace")
    if any(part.lower() in PRIVATE_DIRS for part in Path(rel).parts):
        raise PathOutsideWorkspace(f"{rel}: git's and jarvis's internals are not shown")
    path = ws.resolve(rel)  # refuses `..` out and symlinks leading out, .git/ and .jarvis/
    return path, ws.rel(path)
