"""The live page of ``sheet serve`` and ``tournament serve`` (issue 23 point 5): what it answers
and what it refuses, over HTTP; and in headless Chromium, as a second screen shows it: the
totals, a ``sheet add`` from another shell in the open page without a reload, names as text.

Chromium is driven through its DevTools protocol (``--remote-debugging-port``) by the small
WebSocket client below (the standard library has none): nothing is downloaded.
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skatcalc.sheet.model import Deal, Sheet
from skatcalc.spec import GameSpec
from skatcalc.store import sheet as store

CHROMIUM = shutil.which("chromium")
if CHROMIUM is None and os.environ.get("SKATCALC_REQUIRE_CHROMIUM"):
    raise RuntimeError("the live page's tests need Chromium: apt-get install chromium")
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="needs Chromium (Debian: chromium)")

TRICKY = '<img src=x onerror="document.title=1">'  # a name that is markup, if anything lets it be


def _sheet(tmp_path: Path, players: tuple[str, ...] = ("Anna", "Ben", TRICKY)) -> Path:
    path = tmp_path / "evening.toml"
    sheet = Sheet.new(list(players)).add(Deal("Ben", GameSpec("grand", with_=1, points=70)))
    store.create(path, sheet)
    return path


class Served:
    """``skatcalc ARGS`` serving in a process of its own, and its URL (from its first line)."""

    def __init__(self, *args: str, env: dict[str, str] | None = None, files: int = 0) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "skatcalc", *args, "--port", "0"],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            env={**os.environ, **(env or {})},
            preexec_fn=_at_most(files) if files else None,  # noqa: PLW1509 - before any thread
        )  # fmt: skip
        assert self.process.stderr is not None
        self.said = self.process.stderr.readline()
        found = re.search(r"http://([^ ]+):(\d+)/", self.said)
        assert found, self.said
        self.url, self.port = found.group(0), int(found.group(2))

    def get(self, path: str, method: str = "GET", host: str | None = None) -> tuple[int, dict[str, str], bytes]:  # fmt: skip
        request = urllib.request.Request(self.url.rstrip("/") + path, method=method)
        if host is not None:
            request.add_header("Host", host)
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                return answer.status, dict(answer.headers), answer.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    def stop(self) -> str:
        """Stop it; all it said (read through the same buffer as its first line)."""
        self.process.terminate()
        self.process.wait(timeout=10)
        assert self.process.stderr is not None and self.process.stdout is not None
        rest = self.process.stderr.read()
        self.process.stderr.close()
        self.process.stdout.close()
        return self.said + rest


@pytest.fixture
def served(tmp_path: Path) -> Iterator[Served]:
    server = Served("sheet", "serve", str(_sheet(tmp_path)))
    yield server
    server.stop()


# --- over HTTP --------------------------------------------------------------------------------


def test_the_page_and_its_data(served: Served, tmp_path: Path) -> None:
    assert served.said == (
        f"{tmp_path / 'evening.toml'}: the live list at {served.url} (it follows every change to "
        "the file; Ctrl-C stops).\n"
    )
    status, headers, body = served.get("/")
    assert status == 200 and headers["Content-Type"] == "text/html; charset=utf-8"
    page = body.decode()
    assert page.startswith('<!DOCTYPE html>\n<html lang="en">')
    assert "http" not in page.replace(served.url, "")  # loads nothing from anywhere: no CDN
    assert "Anna" not in page and "<img" not in page  # the page holds no data
    nonce = re.search(r"'nonce-([^']+)'", headers["Content-Security-Policy"])
    assert nonce and page.count(f'nonce="{nonce.group(1)}"') == 2  # its script and its style
    assert "default-src 'none'" in headers["Content-Security-Policy"]
    status, headers, body = served.get("/data")
    assert status == 200 and headers["Content-Type"] == "application/json; charset=utf-8"
    view = json.loads(body)
    # the leader first, the others in their seats' order; the score not twice in a deal's row
    assert view["tables"][0]["rows"] == [
        ["Ben", "+98", "1", "0"], ["Anna", "0", "0", "0"], [TRICKY, "0", "0", "0"]
    ]  # fmt: skip
    assert view["tables"][1]["rows"] == [["1", "Anna", "Ben", "Grand, with 1 (48): won", "+48"]]  # fmt: skip
    assert view["notes"] == ["Series 1: deal 1 of 36; Ben deals next."]


def test_it_changes_nothing_and_serves_nothing_else(served: Served, tmp_path: Path) -> None:
    before = (tmp_path / "evening.toml").read_bytes()
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        for path in ("/", "/data"):
            assert served.get(path, method)[0] == 501, (method, path)
    for path in ("/evening.toml", "/../evening.toml", "/data/x", "/favicon.ico"):
        assert served.get(path)[0] == 404, path
    assert served.get("/data?x=1")[0] == 200
    assert (tmp_path / "evening.toml").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evening.toml"]


def test_bound_to_this_computer_it_answers_no_other_name(served: Served) -> None:
    """DNS rebinding: a page elsewhere that names this address by a name of its own."""
    assert served.get("/data", host="evil.example:80")[0] == 403
    assert served.get("/data", host=f"localhost:{served.port}")[0] == 200


def _listening(port: int) -> str:
    """The address a socket listens on at ``port``, from the kernel's table (Linux)."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, _, state = line.split()[1:4]
        address, at = local.split(":")
        if int(at, 16) == port and state == "0A":  # LISTEN
            return socket.inet_ntoa(struct.pack("<I", int(address, 16)))
    raise AssertionError(f"nothing listens on {port}")


def _routed() -> bool:
    """This computer has a default route (Linux's routing table): a network beyond itself."""
    lines = Path("/proc/net/route").read_text().splitlines()[1:]
    return any(line.split()[1] == "00000000" for line in lines)


def _at_most(files: int) -> Any:
    """A preexec_fn: the process may open at most ``files`` files (sockets included)."""

    def limit() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

    return limit


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's socket table")
def test_the_bind_address(tmp_path: Path) -> None:
    local = Served("sheet", "serve", str(_sheet(tmp_path)))
    try:
        assert local.url.startswith("http://127.0.0.1:")
        assert _listening(local.port) == "127.0.0.1"
    finally:
        said = local.stop()
    assert "network" not in said
    lan = Served("sheet", "serve", str(tmp_path / "evening.toml"), "--host", "0.0.0.0")
    try:
        assert _listening(lan.port) == "0.0.0.0"
        # it says an address a TV can open: this computer's on its network, not 0.0.0.0
        shown = lan.url.split("/")[2].rsplit(":", 1)[0]
        assert shown != "0.0.0.0"
        with socket.socket() as probe:
            probe.bind((shown, 0))  # an address of this computer
        assert shown.startswith("127.") is not _routed()
        assert lan.get("/data")[0] == 200  # a screen on the network, at that address
    finally:
        said = lan.stop()
    assert f"Anyone who can reach this computer on port {lan.port} can read the list" in said


def test_german_and_a_file_half_written(tmp_path: Path) -> None:
    path = _sheet(tmp_path)
    server = Served("--lang", "de", "sheet", "serve", str(path))
    try:
        page = server.get("/")[2].decode()
        assert '<html lang="de">' in page and "Warte auf die Liste" in page
        view = json.loads(server.get("/data")[2])
        assert view["subtitle"] == "Es zählt die Seeger-Fabian-Liste."
        assert view["tables"][1]["rows"][0][3] == "Grand, mit 1 (48): gewonnen"
        path.write_text(path.read_text().replace("points = 70", "points = "))  # mid-edit
        view = json.loads(server.get("/data")[2])
        assert view["error"].startswith(f"{path}: Zeile ")
    finally:
        server.stop()


def test_a_tournament_serves_its_standings(tmp_path: Path) -> None:
    cup = tmp_path / "cup.toml"
    run = [sys.executable, "-m", "skatcalc", "tournament"]
    subprocess.run([*run, "new", str(cup), "Anna", "Ben", "Carl", "--three", "1", "--series", "1"], check=True, capture_output=True)  # fmt: skip
    subprocess.run([*run, "draw", str(cup), "--seed", "1"], check=True, capture_output=True)
    table = next(tmp_path.glob("cup-s1-t1.toml"))
    subprocess.run([sys.executable, "-m", "skatcalc", "sheet", "add", str(table), "ben", "gr", "m1", "70"], check=True, capture_output=True)  # fmt: skip
    server = Served("tournament", "serve", str(cup))
    try:
        view = json.loads(server.get("/data")[2])
    finally:
        server.stop()
    assert view["title"] == "cup"
    [standings] = view["tables"]
    assert standings["caption"] == "Standings"
    assert [r[1] for r in standings["rows"]] == ["Ben", "Anna", "Carl"]


HEADERS = {
    "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'",
}  # fmt: skip


def _headers_of(answer: tuple[int, dict[str, str], bytes]) -> dict[str, str]:
    return {name: answer[1].get(name, "") for name in HEADERS}


def test_every_address_answers_only_the_names_of_this_computer(tmp_path: Path) -> None:
    """DNS rebinding on a TV's network: with --host 0.0.0.0 a page elsewhere names this
    computer by a name of its own; only this computer's names, and --allow-host's, are
    answered, and every answer forbids what a read-only page does not need."""
    path = _sheet(tmp_path)
    lan = Served("sheet", "serve", str(path), "--host", "0.0.0.0", "--allow-host", "Skat.Example")
    try:
        for evil in ("evil.example", f"evil.example:{lan.port}", "192.168.1.20", "", "127.0.0.1.evil.example"):  # fmt: skip
            answer = lan.get("/data", host=evil)
            assert answer[0] == 403 and answer[2] == b"", evil
            assert _headers_of(answer) == HEADERS
        for own in (f"localhost:{lan.port}", f"127.0.0.1:{lan.port}", socket.gethostname(), f"skat.example:{lan.port}", "SKAT.EXAMPLE."):  # fmt: skip
            assert lan.get("/data", host=own)[0] == 200, own
        assert _headers_of(lan.get("/nothing")) == HEADERS
        assert _headers_of(lan.get("/data", "POST")) == HEADERS  # http.server's own 501
    finally:
        lan.stop()


@pytest.mark.parametrize("host", ["", " "])
def test_an_empty_host_is_refused(tmp_path: Path, host: str) -> None:
    """--host "$HOST" with HOST unset would listen on every address."""
    path = _sheet(tmp_path)
    line = ["sheet", "serve", str(path), "--host", host, "--port", "0"]
    ran = subprocess.run(
        [sys.executable, "-m", "skatcalc", *line],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert (ran.returncode, ran.stdout) == (2, "")
    assert ran.stderr == (
        "error: --host is empty: give an address to listen on, e.g. 127.0.0.1 (this computer "
        "alone, the default) or 0.0.0.0 (every address of this computer)\n"
    )


def test_the_title_and_five_players(tmp_path: Path) -> None:
    path = _sheet(tmp_path, ("Anna", "Ben", "Carl", "Dora", "Emil"))
    server = Served("sheet", "serve", str(path), "--title", "Skat at <Anna>'s")
    try:
        assert "<title>Skat at &lt;Anna&gt;&#x27;s</title>" in server.get("/")[2].decode()
        view = json.loads(server.get("/data")[2])
    finally:
        server.stop()
    assert view["title"] == "Skat at <Anna>'s"
    # deal 2: Ben deals; he and the third to his left sit out
    assert view["notes"] == ["Series 1: deal 1 of 60; Ben deals next.", "Sitting out: Ben and Emil."]  # fmt: skip
    assert [r[0] for r in view["tables"][0]["rows"]] == ["Ben", "Anna", "Carl", "Dora", "Emil"]
    from skatcalc.formats.live import sheet_view
    from skatcalc.words import speaking

    sheet = store.load(path)
    with speaking("de"):
        assert sheet_view("x", sheet, sheet.tally())["notes"][1] == "Es setzen aus: Ben und Emil."


@pytest.mark.skipif(sys.platform == "win32", reason="sends SIGINT")
def test_ctrl_c_ends_it_quietly(tmp_path: Path) -> None:
    import signal

    server = Served("sheet", "serve", str(_sheet(tmp_path)))
    assert server.get("/data")[0] == 200
    server.process.send_signal(signal.SIGINT)
    assert server.process.wait(timeout=30) == 0
    assert server.stop() == server.said  # nothing after its first line: no traceback, no "Aborted!"


def test_a_connection_that_sends_nothing_is_closed(served: Served) -> None:
    with socket.create_connection(("127.0.0.1", served.port), timeout=60) as idle:
        assert idle.recv(1) == b""  # closed by the server; before, nothing ended it


@pytest.mark.skipif(sys.platform == "win32", reason="lowers RLIMIT_NOFILE")
def test_idle_connections_never_keep_the_page_from_answering(tmp_path: Path) -> None:
    """255 connections that send nothing, in a process that may open 256 files: the page
    still answers (before, the server could not accept its request)."""
    server = Served("sheet", "serve", str(_sheet(tmp_path)), files=256)
    idle: list[socket.socket] = []
    try:
        for _ in range(255):
            try:
                idle.append(socket.create_connection(("127.0.0.1", server.port), timeout=2))
            except OSError:  # the server took no more (before the change)
                break
        status, _, body = server.get("/data")
        assert status == 200 and json.loads(body)["title"] == "evening"
        assert server.get("/")[0] == 200
    finally:
        for connection in idle:
            connection.close()
        server.stop()


def test_a_tournament_follows_a_table_s_sheet(tmp_path: Path) -> None:
    """The standings are read again when a table's sheet changes, not only the tournament."""
    cup = tmp_path / "cup.toml"
    run = [sys.executable, "-m", "skatcalc", "tournament"]
    subprocess.run([*run, "new", str(cup), "Anna", "Ben", "Carl", "--three", "2", "--series", "1"], check=True, capture_output=True)  # fmt: skip
    subprocess.run([*run, "draw", str(cup), "--seed", "1"], check=True, capture_output=True)
    table = next(tmp_path.glob("cup-s1-t1.toml"))
    add = [sys.executable, "-m", "skatcalc", "sheet", "add", str(table)]
    subprocess.run([*add, "ben", "gr", "m1", "70"], check=True, capture_output=True)
    server = Served("tournament", "serve", str(cup), "--title", "Club cup")
    try:
        before = json.loads(server.get("/data")[2])
        assert before["title"] == "Club cup"
        assert before["tables"][0]["rows"][0][1] != "Carl"
        subprocess.run([*add, "carl", "gr", "m2", "h", "90"], check=True, capture_output=True)
        after = json.loads(server.get("/data")[2])
    finally:
        server.stop()
    assert after["tables"][0]["rows"][0][1] == "Carl"


def test_the_data_is_read_again_only_when_the_file_changed(tmp_path: Path) -> None:
    """An idle page costs no read of the sheet: the file is read again when its stamp
    changes (an add, a hand edit), never at each ask."""
    from skatcalc.cli.serve import Latest
    from skatcalc.formats.live import sheet_view

    path = _sheet(tmp_path)
    reads: list[Path] = []

    def load(file: Path) -> Sheet:
        reads.append(file)
        return store.load(file)

    latest = Latest(path, load, lambda s: sheet_view("x", s, s.tally()), lambda s: (), None)
    first = latest.now()
    assert latest.now() is first and len(reads) == 1
    store.update(path, lambda sheet: sheet.add(Deal.passed()))
    assert json.loads(latest.now())["tables"][1]["rows"][0][0] == "2"
    assert len(reads) == 2


# --- in headless Chromium ----------------------------------------------------------------------


class DevTools:
    """A page in Chromium, driven over its DevTools protocol: a minimal WebSocket client
    (RFC 6455: the handshake, masked text frames out, text frames in)."""

    def __init__(self, url: str) -> None:
        found = re.fullmatch(r"ws://([^/:]+):(\d+)(/.*)", url)
        assert found, url
        self.socket = socket.create_connection((found.group(1), int(found.group(2))), timeout=20)
        key = base64.b64encode(os.urandom(16)).decode()
        self.socket.sendall(
            f"GET {found.group(3)} HTTP/1.1\r\nHost: {found.group(1)}:{found.group(2)}\r\n"
            f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.socket.recv(1)
        assert head.startswith(b"HTTP/1.1 101"), head
        self.calls = 0

    def _read(self, size: int) -> bytes:
        data = b""
        while len(data) < size:
            chunk = self.socket.recv(size - len(data))
            assert chunk, "Chromium closed the connection"
            data += chunk
        return data

    def _message(self) -> Any:
        text = b""
        while True:
            first, second = self._read(2)
            size = second & 0x7F
            if size == 126:
                size = struct.unpack(">H", self._read(2))[0]
            elif size == 127:
                size = struct.unpack(">Q", self._read(8))[0]
            text += self._read(size)
            if first & 0x80:  # the last frame of the message
                return json.loads(text)

    def call(self, method: str, **params: Any) -> Any:
        self.calls += 1
        payload = json.dumps({"id": self.calls, "method": method, "params": params}).encode()
        mask = os.urandom(4)
        size = len(payload)
        head = bytes([0x81]) + (
            bytes([0x80 | size]) if size < 126 else bytes([0x80 | 126]) + struct.pack(">H", size)
        )
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.socket.sendall(head + mask + masked)
        while True:
            answer = self._message()
            if answer.get("id") == self.calls:
                return answer["result"]

    def value(self, expression: str) -> Any:
        return self.call("Runtime.evaluate", expression=expression, returnByValue=True)["result"].get("value")  # fmt: skip

    def wait(self, expression: str, seconds: float = 15) -> Any:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            got = self.value(expression)
            if got:
                return got
            time.sleep(0.1)
        raise AssertionError(f"never true in the page: {expression}")


@pytest.fixture
def chromium(tmp_path: Path) -> Iterator[Any]:
    profile = tmp_path / "profile"
    processes: list[subprocess.Popen[bytes]] = []

    def open_page(url: str, width: int = 1920, height: int = 1080) -> DevTools:
        process = subprocess.Popen(
            [CHROMIUM or "chromium", "--headless", "--no-sandbox", "--disable-gpu",
             "--no-first-run", f"--user-data-dir={profile}", "--remote-debugging-port=0",
             f"--window-size={width},{height}", url],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        processes.append(process)
        active = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not active.exists() or not active.read_text().strip():
            assert time.monotonic() < deadline, "Chromium did not start"
            time.sleep(0.1)
        port = int(active.read_text().split()[0])
        while True:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10) as answer:  # fmt: skip
                pages = [t for t in json.load(answer) if t["type"] == "page" and t["url"] == url]
            if pages:
                return DevTools(pages[0]["webSocketDebuggerUrl"])
            assert time.monotonic() < deadline, "Chromium opened no page"
            time.sleep(0.1)

    yield open_page
    for process in processes:
        process.terminate()
        process.wait(timeout=10)


TOTALS = "document.querySelector('table.big') ? document.querySelector('table.big').innerText : ''"  # fmt: skip


@pytest.mark.slow
@needs_chromium
def test_the_open_page_follows_a_sheet_add_without_a_reload(
    served: Served, chromium: Any, tmp_path: Path
) -> None:
    page = chromium(served.url)
    shown = page.wait(f"({TOTALS}).includes('+98')")
    assert shown
    totals = page.value(TOTALS)
    assert [line.split("\t") for line in totals.splitlines()[1:]] == [
        ["Ben", "+98", "1", "0"], ["Anna", "0", "0", "0"], [TRICKY, "0", "0", "0"]
    ]  # fmt: skip
    # the name is text: no image was made of it, and its onerror never ran
    assert page.value("document.querySelectorAll('img').length") == 0
    assert page.value("document.title") == "evening"
    page.value("window.kept = 'this page, never reloaded'")
    line = ["sheet", "add", str(tmp_path / "evening.toml"), "an", "kr", "m2", "h", "56"]
    added = subprocess.run(
        [sys.executable, "-m", "skatcalc", *line], capture_output=True, text=True, check=False
    )
    assert added.returncode == 0, added.stderr
    page.wait(f"({TOTALS}).includes('-146')")  # Anna lost clubs hand with 2: -96 and -50
    assert page.value("window.kept") == "this page, never reloaded"
    assert page.value("performance.getEntriesByType('navigation').length") == 1
    deals = page.value("document.querySelector('table.deals').innerText")
    assert deals.splitlines()[1] == "2\tBen\tAnna\tClubs hand, with 2 (48): lost\t-96"
    totals = page.value(TOTALS)  # the leader first, the last last
    assert [line.split("\t")[0] for line in totals.splitlines()[1:]] == ["Ben", TRICKY, "Anna"]


@pytest.mark.slow
@needs_chromium
def test_it_fits_a_phone_in_portrait(served: Served, chromium: Any) -> None:
    page = chromium(served.url, 390, 844)
    page.wait(f"({TOTALS}).includes('+98')")
    # the page never scrolls sideways (headless Chromium's narrowest window is 500 wide); the
    # last deals fit as they are, a name longer than the screen would scroll in its table
    widths = page.value("[document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], widths
    deals = "document.querySelector('table.deals').parentElement"
    assert page.value(f"{deals}.scrollWidth <= {deals}.clientWidth")


# --- a sheet followed while it grows (skatcalc/store/follow.py) ---------------------------------

GROWN = [
    "\n[[deal]]\npassed = true\n",
    '\n[[deal]]\ndeclarer = "ben"\ngame = "grand"\nwith = 1\npoints = 70\n',  # a name's other case
    '\n[[deal]]\ndeclarer = "Anna"\ngame = "clubs"\nwith = 2\nhand = true\npoints = 40\n'
    "kontra = true\n",
    '\n[[deal]]\ndeclarer = "Dora"\ngame = "grand"\nwith = 1\npoints = 70\n',  # not at the table
    "\n[[deal]]\npassed = true\n[[deal]]\npassed = true\n",
    "kontra = true\n",  # a key of the last deal's table, not a deal
    "\n[[deal]]\npassed = \n",  # half written
    '\n[rules]\nscoring = "standard"\n',  # a second [rules]: not TOML
]


WHOLES: list[int] = []
"""A sheet read whole by follow() (its parse), for the test below."""
FAST: list[int] = []
"""A sheet followed without reading it whole."""


def _view(path: Path, followed: Any) -> dict[str, Any]:
    from skatcalc.formats.live import sheet_view

    return sheet_view(path.stem, followed.sheet, followed.tally)


def _both(path: Path, before: Any) -> tuple[Any, Any]:
    """What follow() gives from ``before`` and from nothing (the whole read): equal, or the
    same error."""
    from skatcalc.errors import SkatError
    from skatcalc.store.sheet import follow
    from skatcalc.words import message

    try:
        whole = follow(path, None, 8)
    except SkatError as error:
        with pytest.raises(SkatError) as raised:
            follow(path, before, 8)
        assert message(raised.value) == message(error)
        return None, None
    parsed = len(WHOLES)
    fast = follow(path, before, 8)
    FAST.extend([] if len(WHOLES) > parsed else [1])
    assert _view(path, fast) == _view(path, whole)
    assert (fast.deals, fast.tally.deals_played) == (whole.deals, whole.tally.deals_played)
    return fast, whole


@pytest.mark.parametrize("players", [("Anna", "Ben", "Carl"), ("Anna", "Ben", "Carl", "Dora", "Emil")])  # fmt: skip
def test_a_sheet_followed_equals_the_sheet_read_whole(
    tmp_path: Path, players: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Differential: deals added by skatcalc (its kept state and the full path), deals and
    other text written at the end by hand, edits in the middle, broken and mended files; after
    each, the page's data from the sheet followed equals that of the sheet read whole. And the
    fast path is taken: most of the adds parse no deal before them."""
    import contextlib
    import random

    from skatcalc.errors import SkatError
    from skatcalc.sheet.model import Rules
    from skatcalc.store import follow as following

    parse = following.parse
    monkeypatch.setattr(following, "parse", lambda text: WHOLES.append(1) or parse(text))
    FAST.clear()
    monkeypatch.setenv("SKATCALC_CACHE_DIR", str(tmp_path / "cache"))
    rules = Rules(bock=True, ramsch=True, bock_triggers=("lost-60", "grand-hand", "kontra"))
    path = tmp_path / "evening.toml"
    store.create(path, Sheet.new(list(players), rules))
    pick = random.Random(len(players))
    before, _ = _both(path, None)
    steps = 0
    for _ in range(60):
        text = path.read_text()
        kind = pick.randrange(6)
        if kind <= 2:  # the way a table adds: skatcalc, its kept state if any
            declarer = pick.choice(players[1:3])
            deal = Deal(declarer, GameSpec("grand", with_=1, points=pick.choice([30, 70, 95])))
            with contextlib.suppress(SkatError):  # a declarer who sits out this deal
                store.add(path, lambda sheet, deal=deal: [deal])
        elif kind == 3:
            path.write_text(text + pick.choice(GROWN))
        elif kind == 4 and "\n[[deal]]" in text:  # a hand edit in the middle
            path.write_text(text.replace("points = 70", "points = 71", 1))
        else:  # mended: the sound sheet as skatcalc writes it
            if before is not None:
                continue
            path.write_text(text[: text.rfind("\n[[deal]]") + 1] if "\n[[deal]]" in text else text)
        steps += 1
        before, _ = _both(path, before)
        if before is None:  # broken: the page shows the problem, then reads it whole again
            path.write_text(text)
            before, _ = _both(path, None)
    assert steps > 30 and len(FAST) > steps // 3, (steps, len(FAST))
