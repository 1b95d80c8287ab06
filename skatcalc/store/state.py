"""A sheet's state, kept in the user's cache folder: a deal added costs the same on the first
evening and after a season.

The deals in a sheet file are the truth, and every total is worked out from them, so a change
reads, checks and scores every deal: 210 of 390 ms of a ``sheet add`` on 10,000 deals, 26x an
add to a small sheet at 100,000 (docs/performance.md). Yet a change that only adds deals to a
sound sheet needs nothing of the deals before but where their tally ended: the players, the
rules, the number of deals, every list's totals, the Bock rounds running, the Bierlachs
decided, the next dealer and the Bockramsch round (a :class:`~skatcalc.sheet.model.Tally`
without its deals: all that :func:`~skatcalc.sheet.tally.walk` carries from one deal to the
next). This module keeps that state for each sheet a change wrote, and :func:`append` adds
deals against it: under the sheet's lock it hashes the file (BLAKE2b, about 10 ms for a 7 MB
sheet, against 270 ms to parse it), and when the hash is the one the state was made from, it
checks and scores only the new deals, and writes them at the end of the file
(:func:`skatcalc.store.files.append`, fsynced) exactly as the full path would have written
them (:func:`skatcalc.store.sheet_codec.patched` adds a deal's table at the end). Anything else, a
hand edit, another program, a missing, corrupt or older state, a sheet whose text would not
take the deals at its end, takes the full path (:func:`skatcalc.store.files.update`), which
keeps the state of what it wrote. ``sheet check`` never looks here.

Where it is kept: ``$SKATCALC_CACHE_DIR`` (an empty value keeps no state; the tests always
set it), else the platform's cache folder: ``$XDG_CACHE_HOME/skatcalc`` (``~/.cache/skatcalc``),
``~/Library/Caches/skatcalc`` on macOS, ``%LOCALAPPDATA%\\skatcalc\\Cache`` on Windows: never
beside the sheet, never in it. The folder must be ours: a directory (not a link, not a file in
the way), owned by the user and written by nobody else; where it is not, no state is kept or
read, and a change says so once (:func:`unusable`; an empty variable says nothing). One small file per sheet (by the hash of its real path), written
atomically; a state that is not whole (its own checksum) is not read.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict, astuple, replace
from pathlib import Path
from typing import Any, NamedTuple

from skatcalc.errors import SkatError
from skatcalc.sheet.model import Deal, PlayerTotal, Rules, RulesChange, Sheet, Tally
from skatcalc.store import files
from skatcalc.store.sheet_codec import SHEET, appendable, deal_table, streamed, tail_deals
from skatcalc.value import Outcome

__all__ = [
    "ENV",
    "Added",
    "append",
    "append_read",
    "folder",
    "keep",
    "keep_end",
    "seen",
    "shown",
    "unusable",
]

ENV = "SKATCALC_CACHE_DIR"
"""The environment variable that names the folder of the state (empty: keep none)."""

_VERSION = 3
"""The state's own format: a state of another (or of another skatcalc, or another Python's
marshal) is not read. Raise it when the walk carries something new, or a deal scores otherwise
than before (a new rule's default, a changed count): a state made by the code before must then
not be read."""
_MAGIC = b"skatcalc sheet state\n"
_MOST = 1 << 20
"""The largest state file read (a state is a few hundred bytes)."""
_END = (
    "first", "series_length", "players", "bock_ahead", "decided", "next_dealer", "ramsch_ahead",
    "bock_rounds",
)  # fmt: skip
"""The fields of a tally's end that the state keeps, by name, in the state file's order: every
field but the deals (``first``: the deals played; a player's totals as a tuple of their
fields). tests/sheet/test_state.py holds it to :class:`~skatcalc.sheet.model.Tally`."""

Refused = Callable[[SkatError, int], SkatError]
"""What becomes of an error checking the deals added, given the number of deals before them."""


class Added(NamedTuple):
    """Deals added to a sheet: the sheet, the deals as checked, and the tally after them.

    On the fast path (:func:`append`) ``sheet`` has the players and rules but not the deals
    (they are not read) and ``tally`` holds only the deals added (:attr:`Tally.first`); the
    full path gives the whole sheet and its whole tally. Either way the last deals, the
    totals and all that is ahead are the same.
    """

    sheet: Sheet
    deals: tuple[Deal, ...]
    tally: Tally


class _Kept(NamedTuple):
    digest: bytes
    size: int
    sheet: Sheet
    tally: Tally
    start: Tally | None = None
    """The tally's end at the start of the last deal's series (what ``sheet show`` lists:
    :func:`shown`); None where it is not known (after an import)."""


def _series_start(played: int, length: int) -> int:
    """The deals before the series of the last of ``played`` deals (the list ``sheet show``
    shows by default begins after them).

    >>> _series_start(0, 36), _series_start(36, 36), _series_start(37, 36)
    (0, 0, 36)
    """
    return (played - 1) // length * length if played else 0


def _ended(tally: Tally) -> Tally:
    """Only the end of ``tally``: no deal held."""
    return replace(tally, deals=(), first=tally.deals_played)


def folder() -> Path | None:
    """The folder of skatcalc's cache, when there is one that is ours (made when missing).

    >>> import os
    >>> os.environ[ENV] = ""
    >>> folder() is None
    True
    """
    given = os.environ.get(ENV)
    if given is not None:
        return _ours(Path(given)) if given else None
    try:
        where = _platform_folder()
    except (RuntimeError, KeyError, OSError):  # no home to be found: no cache
        return None
    return None if where is None else _ours(where)


def _platform_folder() -> Path | None:
    """The platform's cache folder of skatcalc (None: no such folder on this system)."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return Path(base, "skatcalc", "Cache") if base else None
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "skatcalc"
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    base_path = Path(xdg) if os.path.isabs(xdg) else Path.home() / ".cache"
    return base_path / "skatcalc"


def _ours(where: Path) -> Path | None:
    """``where`` when it is a directory of ours: not a link, not a file, owned by the user and
    writable by nobody else; a missing one is made (0700) in a parent of ours."""
    try:
        info = os.lstat(where)
    except FileNotFoundError:
        try:
            parent = where.parent
            parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            if _owner_differs(os.stat(parent)):  # never a folder of ours in another's
                return None
            os.mkdir(where, 0o700)
            info = os.lstat(where)
        except OSError:
            return None
    except OSError:
        return None
    if not stat.S_ISDIR(info.st_mode) or _owner_differs(info):
        return None
    if os.name == "posix" and info.st_mode & 0o022:  # another user could put a state in it
        return None
    return where


# --- where the cache folder cannot be used: said once ----------------------------------------

_UNUSABLE: list[str] = []
"""The cache folder this process found it cannot use, until :func:`unusable` tells it."""
_TOLD: set[str] = set()


def unusable() -> str | None:
    """The cache folder (as the user would look for it) that this process could not use for a
    sheet's state, the first time it is asked after that, and only when it was never told
    before for that folder; else None. "Once": once per folder, remembered by an empty marker
    file in the system's temporary folder (:func:`_said_folder`; gone after a restart: told
    once again then), or once per process where no marker can be made. Without a state every
    change reads the whole sheet (docs/performance.md), and a user must not be nagged on
    every deal."""
    if not _UNUSABLE:
        return None
    where = _UNUSABLE.pop()
    _UNUSABLE.clear()
    if where in _TOLD:
        return None
    _TOLD.add(where)
    return None if _told_before(where) else where


def _cannot_use() -> None:
    if not _UNUSABLE:
        _UNUSABLE.append(_wanted_name())


def _wanted_name() -> str:
    """The cache folder the user's settings name, as a text (``?`` where there is no home)."""
    given = os.environ.get(ENV)
    if given:
        return given
    try:
        where = _platform_folder()
    except (RuntimeError, KeyError, OSError):
        return "?"
    return "?" if where is None else os.fspath(where)


def _said_folder() -> str:
    """Where the markers of :func:`unusable` go (the tests point it at their own folder)."""
    import tempfile

    return tempfile.gettempdir()


def _told_before(where: str) -> bool:
    """Whether the marker of ``where`` was there (it is made now when it was not)."""
    from skatcalc.store.digest import blake2b

    uid = os.getuid() if hasattr(os, "getuid") else 0
    name = blake2b(os.fsencode(where), digest_size=8).hexdigest()
    marker = os.path.join(_said_folder(), f"skatcalc-{uid}-cache-{name}.said")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        os.close(os.open(marker, flags, 0o600))
    except FileExistsError:
        return True
    except OSError:  # no marker to be made: told in this process only
        return False
    return False


def _owner_differs(info: os.stat_result) -> bool:
    return hasattr(os, "getuid") and info.st_uid != os.getuid()


def _place(sheet: Path) -> Path | None:
    """The state file of the sheet at ``sheet`` (its real path), in the cache folder (none
    where it cannot be used: :func:`unusable` then tells it once)."""
    where = folder()
    if where is None:
        if os.environ.get(ENV) != "":  # an empty variable keeps no state on purpose
            _cannot_use()
        return None
    from skatcalc.store.digest import blake2b

    name = blake2b(os.fsencode(os.path.realpath(sheet)), digest_size=16).hexdigest()
    return where / f"{name}.state"


def append(
    path: Path,
    make: Callable[[Sheet], Sequence[Deal]],
    refused: Refused | None = None,
) -> Added | None:
    """Add the deals ``make`` gives (it gets the sheet's players and rules) at the end of the
    sheet at ``path``, from its kept state; None (and nothing done) when the state does not
    serve this file as it is now: then the full path does the change.

    Under the sheet's lock, as every change: the file is hashed and compared with the state,
    refused as the full path refuses it when it may not be written, then the deals are checked
    at their places (``refused`` turns an error into what the command says), scored, and
    written at the end of the file, and the new state kept.
    """
    from skatcalc.store.digest import blake2b

    path = files.real(path)
    place = _place(path)
    kept = None if place is None else _read(place)
    if place is None or kept is None:
        return None
    with files.locked(path, SHEET) as fd:
        if os.fstat(fd).st_size != kept.size:
            return None
        digest = blake2b()
        files.feed(path, fd, SHEET, digest.update)
        if digest.digest() != kept.digest:
            return None
        return _at_end(path, fd, place, kept, digest, make, refused)


def append_read(
    path: Path,
    make: Callable[[Sheet], Sequence[Deal]],
    refused: Refused | None = None,
) -> Added | None:
    """:func:`append` where no kept state serves the file: the whole sheet is read under its
    lock, checked and scored a thousand deals at a time
    (:func:`~skatcalc.store.sheet_codec.streamed`: never every deal held, so a 100,000-deal
    sheet takes tens of MB, not 400), the deals added at its end as :func:`append` adds them,
    and the state kept. None (nothing done) when the text is not one read so (a problem in
    it, a text that would not take deals at its end): the full path then reads it whole and
    says what is wrong (tests/sheet/test_stream.py: the same output, file and exit code)."""
    from skatcalc.store.digest import blake2b

    path = files.real(path)
    place = _place(path)
    with files.locked(path, SHEET) as fd:
        text = files.read_fd(path, fd, SHEET)
        found = streamed(text)
        if found is None:
            return None
        data = text.encode()
        del text
        digest = blake2b(data)
        kept = _Kept(digest.digest(), len(data), *found)
        del data
        return _at_end(path, fd, place, kept, digest, make, refused)


def _at_end(
    path: Path,
    fd: int,
    place: Path | None,
    kept: _Kept,
    digest: Any,
    make: Callable[[Sheet], Sequence[Deal]],
    refused: Refused | None,
) -> Added | None:
    """The deals ``make`` gives added at the end of the sheet whose lock is held on ``fd``,
    which is what ``kept`` was made from (``digest``: its hash so far); the new state kept at
    ``place`` (when there is one). None when the full path must do it."""
    files.writable(path, fd, SHEET)
    if not os.access(path, os.W_OK):  # another's file we may not write: the full path says
        return None
    sheet = kept.sheet
    deals = make(sheet)
    if not deals:
        return None
    try:
        checked, tally = sheet.carry_on(kept.tally, deals)
    except SkatError as error:
        if refused is None:
            raise
        raise refused(error, kept.tally.deals_played) from None
    block = "".join("\n" + deal_table(deal) for deal in checked).encode()
    files.append(path, fd, block)
    digest.update(block)
    if place is not None:
        start = _start_after(sheet, kept, checked, tally)
        _write(place, _Kept(digest.digest(), kept.size + len(block), sheet, tally, start))
    return Added(sheet, checked, tally)


def _start_after(sheet: Sheet, kept: _Kept, checked: Sequence[Deal], tally: Tally) -> Tally | None:
    """The tally's end at the start of the last series after ``checked`` were added to the
    sheet whose state is ``kept`` (and whose tally now ends as ``tally``)."""
    before, length = kept.tally.deals_played, tally.series_length
    now = _series_start(tally.deals_played, length)
    if now == _series_start(before, length):
        return kept.start
    if now == before:
        return kept.tally
    _, start = sheet.carry_on(kept.tally, checked[: now - before])
    return _ended(start)


def shown(path: Path) -> tuple[Sheet, Tally] | None:
    """The sheet at ``path`` (its players and rules, no deals) and the tally of its last
    series' deals (:attr:`Tally.first` the deals before), as ``sheet show`` lists them, from
    its kept state and the file's tail: the whole file is hashed, only the last series' deals
    are parsed, checked and scored, from the tally's end kept at the series' start. None (the
    caller reads the whole sheet) when the state does not serve the file as it is, the rules
    change among the deals or have Bockramsch (a deal's dealer then depends on every deal
    before), or the deals read do not end as the state says."""
    from skatcalc.store.digest import blake2b

    place = _place(files.real(path))
    kept = None if place is None else _read(place)
    if kept is None or kept.start is None:
        return None
    sheet, start, end = kept.sheet, kept.start, kept.tally
    if sheet.changes or any(rules.bockramsch for _, rules in sheet.phases):
        return None
    text = files.read(path, SHEET)  # Windows line ends read as plain ones: the size tells
    data = text.encode()
    if (os.stat(path).st_size, len(data)) != (kept.size, kept.size) or b"\r" in data:
        return None
    if blake2b(data).digest() != kept.digest:
        return None
    deals = tail_deals(text, end.deals_played - start.deals_played)
    if deals is None:
        return None
    try:
        _, tally = sheet.carry_on(start, deals)
    except SkatError:
        return None
    return (sheet, tally) if _ended(tally) == end else None


def keep(path: Path, data: bytes, sheet: Sheet) -> None:
    """Keep the state of the sound sheet ``sheet`` whose file at ``path`` now holds ``data``
    (the full path calls it under the lock, after writing). Nothing is kept when the text
    would not take a deal at its end as :func:`append` writes it, or there is no cache."""
    keep_end(path, data, sheet, sheet.tally())


def seen(path: Path, text: str, sheet: Sheet) -> None:
    """Keep the state of the sound sheet ``sheet``, read whole from ``text`` (the file at
    ``path``) by a command that reads it anyway (``sheet show``, ``export``, the table mode),
    unless the state kept is already that text's: the next change then reads no deal. Not
    under the lock, and need not be: a state names its text's hash, and :func:`append` serves
    only a file whose hash is that."""
    from skatcalc.store.digest import blake2b

    place = _place(files.real(path))
    if place is None:
        return
    data = text.encode()
    kept = _read(place)
    if kept is not None and (kept.size, kept.digest) == (len(data), blake2b(data).digest()):
        start = kept.start or _start_of(sheet, sheet.tally())
        if start is not None and kept.start is None:  # an import's: the series' start known now
            _write(place, kept._replace(start=start))
        return
    keep_end(path, data, sheet, sheet.tally())


def keep_end(path: Path, data: bytes, sheet: Sheet, tally: Tally, *, made: bool = False) -> None:
    """:func:`keep`, of the sheet (its players and rules) whose whole tally ends as ``tally``
    ends (an import, which holds no more than the last deals). ``made``: the text is one
    :func:`~skatcalc.store.sheet_codec.from_stream` made, which takes a deal at its end whenever it
    holds one (tests/sheet/test_import_stream.py), so it is not searched for its tables (70 ms
    for 100,000 deals, a fifth of the bare read of their CSV export)."""
    place = _place(files.real(path))
    if place is None:
        return
    if made:
        fits = tally.deals_played > 0
    elif b"\r\n" in data:  # Windows line ends: the full path writes the deals added alike
        fits = False
    else:
        try:
            text = data.decode()
        except UnicodeDecodeError:  # pragma: no cover - a sheet's text is UTF-8
            return
        fits = appendable(text, tally.deals_played)
    if not fits or any(c.start > tally.deals_played + 1 for c in sheet.changes):
        _forget(place)
        return
    from skatcalc.store.digest import blake2b

    end = _ended(tally)
    _write(place, _Kept(blake2b(data).digest(), len(data), sheet, end, _start_of(sheet, tally)))


def _start_of(sheet: Sheet, tally: Tally) -> Tally | None:
    """The tally's end at the start of the last series of ``sheet``, whose whole tally is
    ``tally``, from its deals' running totals (no walk: 0.8 s again at 100,000 deals). None
    where it holds not every deal (an import's), or Bock or Bockramsch rounds may be running
    there, after the first series (only a walk would tell): then a ``sheet show`` reads the whole sheet until a deal
    added starts a new series (:func:`_start_after`)."""
    if tally.first or len(sheet.deals) != tally.deals_played:
        return None
    start = _series_start(tally.deals_played, tally.series_length)
    if start and any(rules.bock or rules.bockramsch for _, rules in sheet.phases):
        return None
    players = sheet.players
    won, lost = [p.won for p in tally.players], [p.lost for p in tally.players]
    for entry in tally.deals[start:]:  # the games after it, taken off the end's counts
        if entry.scoring is not None and entry.deal.declarer is not None:
            counts = won if entry.scoring.outcome is Outcome.WON else lost
            counts[players.index(entry.deal.declarer)] -= 1
    zero = (0,) * len(players)
    last = tally.deals[start - 1] if start else None
    lists = (
        (zero, zero, zero) if last is None else (last.totals, last.seeger_fabian, last.bierlachs)
    )
    totals = tuple(
        PlayerTotal(name, lists[0][i], won[i], lost[i], lists[1][i], lists[2][i])
        for i, name in enumerate(players)
    )
    decided = tally.decided if tally.decided is not None and tally.decided[1] <= start else None
    return Tally((), totals, tally.series_length, decided=decided,
                 next_dealer=start % len(players), first=start)  # fmt: skip


# --- the state file ---------------------------------------------------------------------------


def _payload(kept: _Kept) -> tuple[Any, ...]:
    """The state as plain data (marshal's: ints, strings, tuples, None)."""
    sheet, tally = kept.sheet, kept.tally
    rules = tuple((name, _plain(value)) for name, value in asdict(sheet.rules).items())
    changes = tuple(
        (change.start, tuple((name, _plain(value)) for name, value in change.values))
        for change in sheet.changes
    )  # the rules changed from a later deal on (version 2)
    start = None if kept.start is None else _end_payload(kept.start)
    return (_VERSION, _python(), kept.digest, kept.size, tuple(sheet.players), rules,
            _end_payload(tally), changes, start)  # fmt: skip


def _end_payload(tally: Tally) -> tuple[Any, ...]:
    """A tally's end as plain data, in the order of :data:`_END`."""
    ended = {name: getattr(tally, name) for name in _END}
    ended.update(first=tally.deals_played, players=tuple(astuple(p) for p in tally.players))
    return tuple(ended[name] for name in _END)


def _end_tally(end: tuple[Any, ...]) -> Tally:
    """The tally's end of :func:`_end_payload`."""
    ended = dict(zip(_END, end, strict=True))
    ended["players"] = tuple(PlayerTotal(*total) for total in ended["players"])
    return Tally(deals=(), **ended)


def _plain(value: object) -> object:
    if isinstance(value, str):
        return str(value)  # a choice's enum as its word
    if isinstance(value, tuple):
        return tuple(str(item) for item in value)
    return value


def _python() -> str:
    from skatcalc import __version__

    return f"{__version__} {sys.implementation.cache_tag}"


def _kept(payload: tuple[Any, ...]) -> _Kept | None:
    from skatcalc.store.memo import KEPT

    version, python, digest, size, players, rules, end, changes, start = payload
    if (version, python) != (_VERSION, _python()):
        return None
    sheet = replace(Sheet.new(players, Rules(**dict(rules))), memo=KEPT,
                    changes=tuple(RulesChange(*change) for change in changes))  # fmt: skip
    begun = None if start is None else _end_tally(start)
    return _Kept(digest, size, sheet, _end_tally(end), begun)


def _read(place: Path) -> _Kept | None:
    """The state in the file ``place``; None when there is none, or it is not whole, not
    ours, or of another version (never an error: the full path is always there)."""
    import marshal

    from skatcalc.store.digest import blake2b

    data = files.read_own(place, _MOST)
    head = len(_MAGIC) + 32
    if data is None or not data.startswith(_MAGIC):
        return None
    check = blake2b(data[head:], digest_size=16).hexdigest().encode()
    if data[len(_MAGIC) : head] != check:
        return None
    try:
        return _kept(marshal.loads(data[head:]))
    except Exception:  # a state of another skatcalc, or one that no longer makes a sheet
        return None


def _write(place: Path, kept: _Kept) -> None:
    """Write the state file ``place`` atomically; say nothing when it cannot be written."""
    import marshal

    from skatcalc.store.digest import blake2b

    payload = marshal.dumps(_payload(kept))
    check = blake2b(payload, digest_size=16).hexdigest().encode()
    files.write_own(place, _MAGIC + check + payload)


def _forget(place: Path) -> None:
    files.remove(os.fspath(place))
