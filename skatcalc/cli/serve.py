"""``skatcalc sheet serve`` (and the server of ``tournament serve``): the live list on a second
screen, served by the standard library's HTTP server (nothing to install, nothing to trust
beyond Python itself).

Read only and small on purpose: ``GET /`` is the page (:func:`skatcalc.formats.live.page`),
``GET /data`` the list as it is now (the file read through the store at each ask, so a change by
any writer shows at the page's next ask, within two seconds); every other path is 404, every
other method 501 (http.server's own answer), nothing writes anything. It listens on 127.0.0.1
unless ``--host`` says otherwise, and then answers only requests that name it by that address
or ``localhost`` (a web page elsewhere cannot reach it through a name of its own: DNS
rebinding). Each answer forbids what the page does not need (Content-Security-Policy).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import typer

from skatcalc.cli import options as o

if TYPE_CHECKING:
    from http.server import BaseHTTPRequestHandler

app = typer.Typer(rich_markup_mode=None)

T = TypeVar("T")


@app.command("serve")
def serve(file: o.File, host: o.Host = o.LOCAL, port: o.Port = o.PORT) -> None:
    """A live page of the list for a second screen; read only."""
    from skatcalc.formats.live import sheet_view
    from skatcalc.store import sheet as store

    served(file, host, port, store.load, lambda sheet: sheet_view(file.stem, sheet, sheet.tally()))


def served(
    file: Path, host: str, port: int, load: Callable[[Path], T], view: Callable[[T], dict[str, Any]]
) -> None:
    """Serve the live page of ``file`` (a sheet, a tournament): read by ``load`` at once, so a
    file that is not there or not of its kind is said before anything listens, then at each
    ask of the page; what it shows is ``view`` of what was read, or the file's problem."""
    from skatcalc.cli.errors import reported
    from skatcalc.errors import SkatError
    from skatcalc.formats.live import error_view

    with reported():
        load(file)

    def now() -> dict[str, Any]:
        try:
            value = load(file)
        except SkatError as error:
            return error_view(file.name, error)
        return view(value)

    run(file, now, host, port)


def run(file: Path, view: Callable[[], dict[str, Any]], host: str, port: int) -> None:
    """Serve the page of ``view`` (the data as it is now) until Ctrl-C."""
    from http.server import ThreadingHTTPServer

    from skatcalc.cli.errors import reported
    from skatcalc.errors import SheetFileError
    from skatcalc.words import current, shown, w

    with reported():
        try:
            server = ThreadingHTTPServer((host, port), _handler(file.stem, view, current()))
        except (OSError, OverflowError) as error:  # in use, not ours; a port over 65535
            reason = getattr(error, "strerror", None) or str(error)
            raise SheetFileError("err.serve.bind", host=host, port=port, reason=reason) from None
    server.daemon_threads = True  # a screen that keeps a connection open never holds us up
    from skatcalc.formats.live import address

    bound_host, bound_port = str(server.server_address[0]), int(server.server_address[1])
    sys.stderr.write(w("serve.at", file=shown(file), url=address(bound_host, bound_port)) + "\n")
    if not _loopback(bound_host):
        sys.stderr.write(w("serve.lan", port=bound_port) + "\n")
    sys.stderr.flush()
    try:
        server.serve_forever(poll_interval=0.2)
    finally:
        server.server_close()


def _loopback(host: str) -> bool:
    return host.startswith("127.") or host in ("::1", "localhost")


def _handler(
    title: str, view: Callable[[], dict[str, Any]], language: str
) -> type[BaseHTTPRequestHandler]:
    """The request handler: the page, its data, nothing else."""
    import secrets
    from http.server import BaseHTTPRequestHandler

    from skatcalc.formats.live import data, page, policy
    from skatcalc.words import speaking

    class Handler(BaseHTTPRequestHandler):
        server_version = "skatcalc"
        sys_version = ""

        def do_GET(self) -> None:
            self._answer(body=True)

        def do_HEAD(self) -> None:
            self._answer(body=False)

        def _answer(self, *, body: bool) -> None:
            if not self._host_allowed():
                self._send(403, "text/plain; charset=utf-8", b"", body)
                return
            path = self.path.split("?", 1)[0]
            # each request runs in a thread of its own, which starts in English
            with speaking(language):
                if path == "/":
                    nonce = secrets.token_urlsafe(16)
                    text = page(title, nonce)
                    self._send(200, "text/html; charset=utf-8", text.encode(), body, policy(nonce))
                elif path == "/data":
                    answer = data(view()).encode()
                    self._send(200, "application/json; charset=utf-8", answer, body)
                else:
                    self._send(404, "text/plain; charset=utf-8", b"", body)

        def _host_allowed(self) -> bool:
            """Bound to this computer alone: only a request that names it so (DNS rebinding)."""
            bound = str(self.server.server_address[0])  # type: ignore[index]
            if not _loopback(bound):
                return True
            given = (self.headers.get("Host") or "").rsplit(":", 1)[0].strip("[]").lower()
            return given in ("127.0.0.1", "localhost", "::1", bound)

        def _send(
            self, status: int, kind: str, payload: bytes, body: bool, policy: str = ""
        ) -> None:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(payload)))
            self.send_header("Cache-Control", "no-store")
            self.send_header("X-Content-Type-Options", "nosniff")
            self.send_header("Referrer-Policy", "no-referrer")
            self.send_header("Content-Security-Policy", policy or "default-src 'none'")
            self.end_headers()
            if body:
                self.wfile.write(payload)

        def log_message(self, format: str, *args: Any) -> None:
            """Quiet: a screen asks every second."""

    return Handler
