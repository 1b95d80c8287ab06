"""``skatcalc sheet serve`` (and the server of ``tournament serve``): the live list on a second
screen, served by the standard library's HTTP server (nothing to install, nothing to trust
beyond Python itself).

Read only and small on purpose: ``GET /`` is the page (:func:`skatcalc.formats.live.page`),
``GET /data`` the list as it is now; every other path is 404, every other method 501
(http.server's own answer), nothing writes anything. The file is read again only when its
stamp (identity, size, times; for a tournament every table's sheet too) changed since the last
read: an idle page costs a ``stat`` a second, not a parse of the whole sheet; and a sheet that
grew by deals at its end is read from where its tally ended (:mod:`skatcalc.store.follow`),
so a new deal is on the page at once at any length (bench/serve.py).

It listens on 127.0.0.1 unless ``--host`` says otherwise, and on every address answers only a
request that names it by a name or an address of this computer, or one ``--allow-host`` gives
(a web page elsewhere cannot reach it through a name of its own: DNS rebinding). Each answer
forbids what the page does not need (Content-Security-Policy, nosniff, no-store). A connection
that sends nothing for :data:`IDLE_SECONDS` is closed, and at most :func:`most_connections`
are open at once: past that, a new one closes the connection that has waited the longest
without a whole request, so clients that open connections and send nothing never keep the
page from answering.
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import typer

from skatcalc.cli import options as o
from skatcalc.frozen import record

if TYPE_CHECKING:
    import socket
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

app = typer.Typer(rich_markup_mode=None)

T = TypeVar("T")

IDLE_SECONDS = 5.0
"""How long a connection may send nothing before it is closed: a screen sends its whole
request at once; a client that opens a connection and waits holds a file descriptor."""

MOST_CONNECTIONS = 128
"""Connections open at once, at most (fewer when the process may open fewer files: half its
limit). A screen asks once a second on a connection of its own, closed after the answer."""

_UNSPECIFIED = ("0.0.0.0", "::")
"""Every address of this computer, as ``--host`` says it."""


@record
class Listen:
    """Where and how the page is served: ``--host``, ``--port``, ``--allow-host``, ``--title``."""

    host: str
    port: int
    allowed: tuple[str, ...] = ()
    title: str | None = None


@app.command("serve")
def serve(
    file: o.File,
    host: o.Host = o.LOCAL,
    port: o.Port = o.PORT,
    allow_host: o.AllowHost = None,
    title: o.Title = None,
) -> None:
    """A live page of the list for a second screen; read only."""
    from skatcalc.formats.live import LAST_DEALS, sheet_view
    from skatcalc.store import sheet as store

    followed: list[store.Followed] = []  # the last read: a sheet that grew is read from it

    def load(path: Path) -> store.Followed:
        followed[:] = [store.follow(path, followed[0] if followed else None, LAST_DEALS)]
        return followed[0]

    def view(now: store.Followed) -> dict[str, Any]:
        return sheet_view(file.stem, now.sheet, now.tally)

    served(file, Listen(host, port, tuple(allow_host or ()), title), load, view)


def served(
    file: Path,
    listen: Listen,
    load: Callable[[Path], T],
    view: Callable[[T], dict[str, Any]],
    watched: Callable[[T], Iterable[Path]] = lambda value: (),
) -> None:
    """Serve the live page of ``file`` (a sheet, a tournament): read by ``load`` at once, so a
    file that is not there or not of its kind is said before anything listens, then whenever
    it (or a file ``watched`` names for what was read) changed; what it shows is ``view`` of
    what was read, or the file's problem."""
    from skatcalc.cli.errors import reported
    from skatcalc.errors import UsageError

    with reported():
        if not listen.host.strip():  # --host "$HOST" with HOST unset: not "every address"
            raise UsageError("err.serve.host", field="host")
        load(file)
    run(file, Latest(file, load, view, watched, listen.title), listen)


class Latest(Generic[T]):
    """The data the page shows, as the bytes ``/data`` answers: read again only when the stamp
    of the file, or of a file it names (a tournament's tables' sheets), changed since."""

    def __init__(
        self,
        file: Path,
        load: Callable[[Path], T],
        view: Callable[[T], dict[str, Any]],
        watched: Callable[[T], Iterable[Path]],
        title: str | None,
    ) -> None:
        self.file, self.load, self.view, self.watched, self.title = file, load, view, watched, title
        self.lock = threading.Lock()  # one read at a time, however many screens ask
        self.paths: tuple[Path, ...] = (file,)
        self.stamp: object = None
        self.answer = b""

    def now(self) -> bytes:
        """The data as it is now (``/data``)."""
        from skatcalc.store.sheet import stamp

        with self.lock:
            # the stamp is taken before the read: a change made while it reads gives the next
            # ask another stamp, and so another read
            now = tuple(stamp(path) for path in self.paths)
            if now != self.stamp or not self.answer:
                self.answer = self.read()
                self.stamp = now
            return self.answer

    def read(self) -> bytes:
        from skatcalc.errors import SkatError
        from skatcalc.formats.live import data, error_view

        try:
            value = self.load(self.file)
        except SkatError as error:
            return data(error_view(self.file.name, error)).encode()
        self.paths = (self.file, *self.watched(value))
        shown = self.view(value)
        if self.title is not None:
            shown["title"] = self.title
        return data(shown).encode()


def run(file: Path, latest: Latest[Any], listen: Listen) -> None:
    """Serve the page of ``latest`` until Ctrl-C (which ends it quietly: exit 0)."""
    from skatcalc.formats.live import address
    from skatcalc.words import shown, w

    server = _listening(file, latest, listen)
    bound_host, bound_port = str(server.server_address[0]), int(server.server_address[1])
    url = address(_reachable(bound_host), bound_port)
    sys.stderr.write(w("serve.at", file=shown(file), url=url) + "\n")
    if not _loopback(bound_host):
        sys.stderr.write(w("serve.lan", port=bound_port) + "\n")
    sys.stderr.flush()
    import signal

    # Ctrl-C is how a live page ends, no failure: Python's own KeyboardInterrupt, not the
    # command line's "interrupted" (exit 130)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def _listening(file: Path, latest: Latest[Any], listen: Listen) -> ThreadingHTTPServer:
    """The server, listening; or the error (exit 5) that it cannot."""
    from skatcalc.cli.errors import reported
    from skatcalc.errors import SheetFileError
    from skatcalc.words import current

    title = listen.title if listen.title is not None else file.stem
    handler = _handler(title, latest, current())
    with reported():
        try:
            server = _server_class()((listen.host, listen.port), handler)
        except (OSError, OverflowError) as error:  # in use, not ours; a port over 65535
            reason = getattr(error, "strerror", None) or str(error)
            raise SheetFileError(
                "err.serve.bind", host=listen.host, port=listen.port, reason=reason
            ) from None
    server.names = _own_names(str(server.server_address[0]), listen.allowed)  # type: ignore[attr-defined]
    return server


def _loopback(host: str) -> bool:
    return host.startswith("127.") or host in ("::1", "localhost")


def _reachable(host: str) -> str:
    """The address a screen opens: ``host``, or for every address (0.0.0.0) this computer's
    address on its network (the one its traffic leaves from), else its loopback address."""
    if host not in _UNSPECIFIED:
        return host
    found = _network_address(host)
    return found or ("::1" if host == "::" else "127.0.0.1")


def _network_address(host: str) -> str | None:
    """This computer's address on the network, as the system routes to it (a datagram socket
    connected, nothing sent); None without a network."""
    import socket

    family, probe = (
        (socket.AF_INET6, "2001:db8::1") if host == "::" else (socket.AF_INET, "10.255.255.255")
    )
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probing:
            probing.connect((probe, 9))
            found = str(probing.getsockname()[0])
    except OSError:
        return None
    return None if _loopback(found) or found in _UNSPECIFIED else found


def _own_names(bound: str, allowed: Iterable[str]) -> frozenset[str]:
    """The names a request may give in its Host header: this computer's (localhost, its host
    name, its addresses) and those ``--allow-host`` gives, lower case, without a final dot."""
    import socket

    names = {"localhost", "127.0.0.1", "::1", bound, *allowed}
    hostname = socket.gethostname()
    names |= {hostname, f"{hostname}.local"}
    with contextlib.suppress(OSError):  # a host name the system cannot resolve
        names |= {str(info[4][0]) for info in socket.getaddrinfo(hostname, None)}
    if bound in _UNSPECIFIED:
        names.add(_network_address(bound) or "")
    return frozenset(_plain(name) for name in names if name)


def _plain(host: str) -> str:
    """A Host header's name or address, without the port, brackets or final dot; lower case.

    >>> _plain("Skat.Example.:8765"), _plain("[::1]:80"), _plain("::1"), _plain("10.0.0.2")
    ('skat.example', '::1', '::1', '10.0.0.2')
    """
    host = host.strip().lower()
    if host.startswith("["):
        host = host[1:].split("]", 1)[0]
    elif host.count(":") == 1:
        host = host.split(":", 1)[0]
    host = host.rstrip(".")
    return host.removeprefix("::ffff:") if "." in host else host


def most_connections() -> int:
    """:data:`MOST_CONNECTIONS`, or half the files this process may open when that is fewer
    (the rest for the sheet, the listening socket, Python); the resource module is POSIX only,
    and Windows has no such limit to mind."""
    try:
        import resource
    except ImportError:
        return MOST_CONNECTIONS
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return MOST_CONNECTIONS
    return max(4, min(MOST_CONNECTIONS, soft // 2))


class Door:
    """The connections open now: each waiting for its request (since when) or answered. When
    :attr:`most` are open, a new one closes the one that has waited the longest (a client that
    connects and sends nothing), or, when every one is being answered, is closed itself."""

    def __init__(self, most: int) -> None:
        self.most = most
        self.lock = threading.Lock()
        self.waiting: dict[socket.socket, float] = {}
        self.answered: set[socket.socket] = set()

    def admit(self, connection: socket.socket) -> bool:
        """Let ``connection`` in (True), making room if need be; False: close it."""
        import socket
        import time

        with self.lock:
            if len(self.waiting) + len(self.answered) >= self.most:
                if not self.waiting:
                    return False
                oldest = min(self.waiting, key=self.waiting.__getitem__)
                del self.waiting[oldest]
                with contextlib.suppress(OSError):  # its read ends, its thread closes it
                    oldest.shutdown(socket.SHUT_RDWR)
            self.waiting[connection] = time.monotonic()
            return True

    def asked(self, connection: socket.socket) -> None:
        """``connection`` sent a whole request: it is answered, not closed to make room."""
        with self.lock:
            if self.waiting.pop(connection, None) is not None:
                self.answered.add(connection)

    def left(self, connection: socket.socket) -> None:
        with self.lock:
            self.waiting.pop(connection, None)
            self.answered.discard(connection)


def _server_class() -> type[ThreadingHTTPServer]:
    """http.server's threading server with a :class:`Door`: every connection in a thread of
    its own (a daemon: a screen that keeps one open never holds up Ctrl-C), at most
    :func:`most_connections` of them."""
    from http.server import ThreadingHTTPServer

    class Server(ThreadingHTTPServer):
        daemon_threads = True
        request_queue_size = 64  # a room full of phones opening the page at once
        door = Door(most_connections())
        names: frozenset[str] = frozenset()

        def process_request(self, request: Any, client_address: Any) -> None:
            if self.door.admit(request):
                super().process_request(request, client_address)
            else:
                self.shutdown_request(request)

        def process_request_thread(self, request: Any, client_address: Any) -> None:
            try:
                super().process_request_thread(request, client_address)
            finally:
                self.door.left(request)

    return Server


def _handler(title: str, latest: Latest[Any], language: str) -> type[BaseHTTPRequestHandler]:
    """The request handler: the page, its data, nothing else; to the names of this computer."""
    from http.server import BaseHTTPRequestHandler

    class Handler(BaseHTTPRequestHandler):
        server_version = "skatcalc"
        sys_version = ""
        timeout = IDLE_SECONDS
        policy = ""

        def parse_request(self) -> bool:
            whole = super().parse_request()
            self.server.door.asked(self.connection)  # type: ignore[attr-defined]
            return whole

        def do_GET(self) -> None:
            self._answer(body=True)

        def do_HEAD(self) -> None:
            self._answer(body=False)

        def _answer(self, *, body: bool) -> None:
            named = _named_so(self)
            status, kind, payload, self.policy = (
                _route(self.path, title, latest, language) if named else _REFUSED
            )
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            if body:
                self.wfile.write(payload)

        def end_headers(self) -> None:
            """Every answer (http.server's own 501 and 400 too) forbids what a read-only page
            does not need."""
            for name, value in _forbidding(self.policy):
                self.send_header(name, value)
            super().end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            """Quiet: a screen asks every second."""

    return Handler


_REFUSED = (403, "text/plain; charset=utf-8", b"", "")
"""The answer to a request that does not name this computer."""


def _named_so(handler: BaseHTTPRequestHandler) -> bool:
    """The request names this computer (DNS rebinding: a page elsewhere cannot name it by a
    name of its own): one of its names, one ``--allow-host`` gave, or the address reached."""
    given = _plain(handler.headers.get("Host") or "")
    names: frozenset[str] = handler.server.names  # type: ignore[attr-defined]
    return given in names or given == _plain(str(handler.connection.getsockname()[0]))


def _forbidding(policy: str) -> list[tuple[str, str]]:
    """The headers of every answer: not kept, not sniffed, no referrer, and a
    Content-Security-Policy (the page's own, else nothing allowed)."""
    return [
        ("Cache-Control", "no-store"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "no-referrer"),
        ("Content-Security-Policy", policy or "default-src 'none'"),
    ]


def _route(
    path: str, title: str, latest: Latest[Any], language: str
) -> tuple[int, str, bytes, str]:
    """What a GET of ``path`` answers: status, content type, body, the page's policy."""
    import secrets

    from skatcalc.formats.live import page, policy
    from skatcalc.words import speaking

    path = path.split("?", 1)[0]
    if path == "/":
        nonce = secrets.token_urlsafe(16)
        with speaking(language):  # each request runs in a thread of its own, in English
            text = page(title, nonce)
        return 200, "text/html; charset=utf-8", text.encode(), policy(nonce)
    if path == "/data":
        with speaking(language):
            answer = latest.now()
        return 200, "application/json; charset=utf-8", answer, ""
    return 404, "text/plain; charset=utf-8", b"", ""
