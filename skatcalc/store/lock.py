"""The lock a change holds on a file, on every platform (:mod:`skatcalc.store.files` takes it).

Three kinds, the first the system has (:func:`kind`):

- ``flock``: ``fcntl.flock`` on the file itself (Linux, macOS, the BSDs). The kernel drops it
  with the process, so it never goes stale.
- ``msvcrt``: ``msvcrt.locking`` on the first byte of a lock file beside the file
  (``.NAME.lockbyte``, kept, and hidden as a dot file is elsewhere), Windows' own lock; Windows drops it with the process too. Not on
  the file itself: Windows cannot replace a file that is open, and a change replaces it.
- ``file``: an exclusive lock file beside the file (``.NAME.lock``), a written temp file
  hard-linked into place (``O_CREAT | O_EXCL`` and written in place without hard links), and
  removed when the change is done: the last resort, where neither of the others exists, or
  where the file system refuses ``flock`` (``ENOLCK``: NFS without a lock daemon, some FUSE and
  SMB mounts). It holds ``PID HOST TIME``; one that cannot be written whole (a full disk) is no
  lock (:class:`NoLock`, nothing left behind). A lock file is stale, and is removed by the next
  skatcalc that wants the lock, when it names no holder (empty, cut short, unreadable), when it
  was made on this host by a process that no longer runs, or when it is older than
  :data:`STALE_AFTER` seconds (made on another host, or its process cannot be asked). A waiter
  gives up after ``timeout`` seconds naming the holder.

All skatcalc processes that change one file take the same kind on one system; the kinds do not
see each other (docs/files.md).

>>> kind() in KINDS
True
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

__all__ = [
    "KINDS",
    "NAME_BYTES",
    "STALE_AFTER",
    "Busy",
    "Held",
    "Holder",
    "NoLock",
    "beside",
    "exclusive",
    "holder",
    "kind",
    "stale",
]

KINDS = ("flock", "msvcrt", "file")

STALE_AFTER = 300.0
"""Seconds after which a lock file counts as stale whoever made it: a change holds its lock for
a few seconds (reading and checking an 8 MB sheet takes about 4 s), so one five minutes old
belongs to a process that stopped on another host, or to one whose life cannot be asked."""

NAME_BYTES = 200
"""The most bytes of a file's name that go into a name beside it (``.NAME.lock``, the temp
file): 255 is the usual limit of a name, so any name the file itself can have fits."""

_POLL = 0.01
"""Seconds between two tries of a lock another holds."""


class Busy(Exception):
    """Another holds the lock past the timeout; ``holder`` says who, where the lock file
    names them (None for the kernel's locks)."""

    def __init__(self, holder: Holder | None) -> None:
        super().__init__(holder)
        self.holder = holder


class NoLock(Exception):
    """The lock cannot be taken at all (the folder cannot hold a lock file); ``reason``."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def kind() -> str:
    """The lock this system takes: ``flock`` where ``fcntl`` can be imported, ``msvcrt`` where
    that can, else ``file``. Asked at each lock, so a test can hide a module."""
    try:
        import fcntl  # noqa: F401
    except ImportError:
        pass
    else:
        return "flock"
    try:
        import msvcrt  # noqa: F401
    except ImportError:
        return "file"
    return "msvcrt"


def beside(path: Path, suffix: str) -> Path:
    """A hidden name beside ``path``: ``.NAME`` + ``suffix``, NAME cut to :data:`NAME_BYTES`.

    >>> beside(Path("club/evening.toml"), ".lock").as_posix()
    'club/.evening.toml.lock'
    """
    name = os.fsdecode(os.fsencode(path.name)[:NAME_BYTES])
    return path.parent / f".{name}{suffix}"


class Held:
    """A lock being held: ``fd`` is the file, open for reading; ``kind`` which lock it is.

    Under ``flock`` the lock is the file's own, so the file stays open until the lock ends;
    under the others :meth:`close_file` closes it early (Windows cannot replace an open file).
    """

    def __init__(self, fd: int, kind: str) -> None:
        self.fd = fd
        self.kind = kind
        self._open = True

    @property
    def on_file(self) -> bool:
        """Whether the lock is on the file itself (it ends when the file is closed)."""
        return self.kind == "flock"

    def close_file(self) -> None:
        """Close the file before it is replaced, where the lock is not on the file itself."""
        if self._open and not self.on_file:
            os.close(self.fd)
            self._open = False

    def close(self) -> None:
        if self._open:
            self._open = False
            os.close(self.fd)


@contextmanager
def exclusive(path: Path, open_file: Callable[[], int], timeout: float) -> Iterator[Held]:
    """Hold the lock of the file at ``path``; ``open_file`` opens it (for reading).

    Raises :class:`Busy` after ``timeout`` seconds of another holding it, :class:`NoLock`
    when it cannot be taken at all. A file replaced while we waited for its ``flock`` is opened
    and locked again (the change before ours replaced it).
    """
    deadline = time.monotonic() + timeout
    how = kind()
    if how == "flock":
        fd = _flocked(path, open_file, deadline)
        if fd is not None:
            held = Held(fd, "flock")
            try:
                yield held
            finally:
                held.close()
            return
        how = "file"  # the file system refuses flock: the last resort
    side = _msvcrt_locked if how == "msvcrt" else _file_locked
    with side(path, deadline):
        held = Held(open_file(), how)
        try:
            yield held
        finally:
            held.close()


# --- flock ----------------------------------------------------------------------------------


def _flocked(path: Path, open_file: Callable[[], int], deadline: float) -> int | None:
    """The file open and flocked; None when the file system refuses flock."""
    import fcntl

    while True:
        fd = open_file()
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            _wait(deadline, None)
            continue
        except OSError:  # ENOLCK, EOPNOTSUPP, ...: this file system does not lock
            os.close(fd)
            return None
        except BaseException:
            os.close(fd)
            raise
        if _same_file(path, fd):
            return fd
        os.close(fd)  # replaced while we waited: lock the new file


def _same_file(path: Path, fd: int) -> bool:
    try:
        now = os.stat(path)
    except OSError:
        return False
    then = os.fstat(fd)
    return (now.st_dev, now.st_ino) == (then.st_dev, then.st_ino)


def _wait(deadline: float, holder: Holder | None) -> None:
    if time.monotonic() > deadline:
        raise Busy(holder)
    time.sleep(_POLL)


# --- msvcrt -----------------------------------------------------------------------------------


@contextmanager
def _msvcrt_locked(path: Path, deadline: float) -> Iterator[None]:
    """The first byte of ``.NAME.lockbyte`` locked with Windows' own lock."""
    import msvcrt

    name = beside(path, ".lockbyte")
    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0) | getattr(os, "O_NOINHERIT", 0)
    try:
        fd = os.open(name, flags, 0o666)
    except OSError as error:
        raise NoLock(error.strerror or str(error)) from None
    try:
        _hide(name, fd)
        while True:
            os.lseek(fd, 0, os.SEEK_SET)
            try:
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
            except OSError:  # held by another (EACCES, EDEADLOCK)
                _wait(deadline, None)
                continue
            break
        try:
            yield
        finally:
            os.lseek(fd, 0, os.SEEK_SET)
            with suppress(OSError):
                msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]
    finally:
        os.close(fd)


_HIDDEN = 0x2
"""``FILE_ATTRIBUTE_HIDDEN``."""
_NORMAL = 0x80
"""``FILE_ATTRIBUTE_NORMAL``: valid only alone, so it goes when another is set."""


def _hide(name: Path, fd: int) -> None:
    """Give the open lock byte's file ``name`` Windows' hidden attribute: a dot file means
    nothing to Explorer, and ``.NAME.lockbyte`` would show beside every sheet. Only where
    ``ctypes`` has ``windll`` (Windows), only while it is not hidden (one from an older
    skatcalc gets it too); a refusal is no matter, the lock works all the same."""
    attributes = getattr(os.fstat(fd), "st_file_attributes", 0)  # Windows' own, by handle
    if attributes & _HIDDEN:
        return
    import ctypes  # about 2 ms: on the Windows lock only, and only until the file is hidden

    windll = getattr(ctypes, "windll", None)
    if windll is None:
        return
    with suppress(OSError, AttributeError):
        windll.kernel32.SetFileAttributesW(os.fspath(name), (attributes & ~_NORMAL) | _HIDDEN)


# --- the lock file ----------------------------------------------------------------------------


class Holder:
    """Who holds a lock file: the process, its host, since when (seconds since the epoch)."""

    __slots__ = ("host", "pid", "since")

    def __init__(self, pid: int, host: str, since: float) -> None:
        self.pid = pid
        self.host = host
        self.since = since

    def __repr__(self) -> str:
        return f"Holder({self.pid!r}, {self.host!r}, {self.since!r})"

    def text(self) -> str:
        """The lock file's line.

        >>> Holder(42, "pc", 1700000000.0).text()
        '42 pc 1700000000\\n'
        """
        return f"{self.pid} {self.host} {int(self.since)}\n"


def holder(text: str, mtime: float) -> Holder:
    """The holder a lock file's text names; an empty or foreign text is an unknown holder
    (pid 0) since the file's ``mtime``.

    >>> holder("42 pc 1700000000\\n", 5.0)
    Holder(42, 'pc', 1700000000.0)
    >>> holder("", 5.0)
    Holder(0, '', 5.0)
    """
    parts = text.split()
    if len(parts) == 3 and parts[0].isdigit() and parts[2].isdigit():
        return Holder(int(parts[0]), parts[1], float(parts[2]))
    return Holder(0, "", mtime)


def stale(found: Holder, mtime: float, now: float, host: str, alive: Callable[[int], bool]) -> bool:
    """Whether a lock file is stale: one that names no holder (empty, cut short, foreign, or
    unreadable: skatcalc writes its line before its lock file appears, so such a file was left
    by a crash or a full disk), one made on this ``host`` by a process that is no longer
    ``alive``, or one older than :data:`STALE_AFTER` (by the file's ``mtime``) whoever made it.

    >>> gone = lambda pid: False
    >>> stale(Holder(42, "pc", 0), 100.0, 101.0, "pc", gone), stale(Holder(42, "nas", 0), 100.0, 101.0, "pc", gone)
    (True, False)
    >>> stale(Holder(42, "nas", 0), 100.0, 100.0 + STALE_AFTER + 1, "pc", gone)
    True
    >>> stale(holder("", 100.0), 100.0, 100.0, "pc", gone)
    True
    """
    if now - mtime > STALE_AFTER or found.pid == 0:
        return True
    return found.host == host and not alive(found.pid)


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs on this host; True when that cannot be asked (Windows:
    ``os.kill`` there ends the process, so it is never asked)."""
    if os.name == "nt" or not hasattr(os, "kill"):
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # EPERM: it runs, as another user
        return True
    return True


def _host() -> str:
    import socket  # 1 ms to import: only for a lock file, never on the flock path

    return socket.gethostname().replace(" ", "_") or "localhost"


_CREATE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)


@contextmanager
def _file_locked(path: Path, deadline: float) -> Iterator[None]:
    """``.NAME.lock`` made (never over another) for the block and removed after it."""
    name = beside(path, ".lock")
    me = Holder(os.getpid(), _host(), time.time()).text().encode()
    while True:
        mine = _made(name, me)
        if mine is not None:
            break
        found = _read_lock(name)
        if found is not None and _break_if_stale(name, found):
            continue
        _wait(deadline, found.holder if found is not None else None)
    try:
        yield
    finally:
        _remove_if_same(name, *mine)


def _made(name: Path, data: bytes) -> tuple[int, int] | None:
    """The lock file ``name`` made with ``data`` in it (its device and inode); None when one is
    there. A written temp file is hard-linked into place, so a lock file never shows without its
    holder's line; a file system without hard links gets it created in place and written (a
    lock file empty for a moment). A lock file that cannot be written whole is no lock:
    :class:`NoLock` with the reason, and nothing is left behind."""
    link = getattr(os, "link", None)
    if link is None:
        return _made_in_place(name, data)
    tmp = Path(f"{name}.{os.getpid()}-{os.urandom(4).hex()}.tmp")
    made = _made_in_place(tmp, data)
    if made is None:  # the same random name twice: try another
        return _made(name, data)
    try:
        link(tmp, name)
    except FileExistsError:
        return None
    except OSError:  # no hard links here (FAT, many SMB shares): in place
        return _made_in_place(name, data)
    finally:
        with suppress(OSError):
            os.unlink(tmp)
    return made


def _made_in_place(name: Path, data: bytes) -> tuple[int, int] | None:
    """The file ``name`` created (O_EXCL) and ``data`` written to it; None when it exists."""
    try:
        fd = os.open(name, _CREATE, 0o644)
    except FileExistsError:
        return None
    except OSError as error:
        raise NoLock(error.strerror or str(error)) from None
    try:
        try:
            while data:  # a short write: the rest, or the error that cut it short
                data = data[os.write(fd, data) :]
            info = os.fstat(fd)
        finally:
            os.close(fd)
    except OSError as error:  # a full disk: a lock file without its line is no lock
        with suppress(OSError):
            os.unlink(name)
        raise NoLock(error.strerror or str(error)) from None
    return info.st_dev, info.st_ino


class _Seen:
    """A lock file as read: its holder, its mtime, its bytes (None: it cannot be read), and
    which file it is (device, inode), so that only the one read is ever broken."""

    __slots__ = ("data", "holder", "mtime", "same")

    def __init__(
        self, holder: Holder, mtime: float, data: bytes | None, same: tuple[int, int]
    ) -> None:
        self.holder = holder
        self.mtime = mtime
        self.data = data
        self.same = same

    def key(self) -> tuple[object, ...]:
        return self.same, self.mtime, self.data


def _read_lock(name: Path) -> _Seen | None:
    """The lock file ``name`` as it is now; None when it is gone. One that cannot be opened
    names no holder (pid 0)."""
    try:
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_BINARY", 0))
    except FileNotFoundError:
        return None
    except OSError:  # cannot be read: a holder we cannot name
        try:
            info = os.lstat(name)
        except OSError:
            return None
        return _Seen(Holder(0, "", info.st_mtime), info.st_mtime, None, _same(info))
    try:
        info = os.fstat(fd)
        data = os.read(fd, 512)
    finally:
        os.close(fd)
    found = holder(data.decode("utf-8", "replace"), info.st_mtime)
    return _Seen(found, info.st_mtime, data, _same(info))


def _same(info: os.stat_result) -> tuple[int, int]:
    return info.st_dev, info.st_ino


def _break_if_stale(name: Path, seen: _Seen) -> bool:
    """Remove the lock file ``name`` if it is stale and still the one ``seen``; True when it is
    gone. Only one process breaks a lock at a time (``NAME.break``, O_EXCL), so two that both
    found it stale never remove the fresh lock one of them made meanwhile."""
    if not stale(seen.holder, seen.mtime, time.time(), _host(), _alive):
        return False
    guard = Path(f"{name}.break")
    try:
        fd = os.open(guard, _CREATE, 0o644)
    except FileExistsError:
        with suppress(OSError):  # a breaker killed in these few microseconds: its guard goes
            if time.time() - os.stat(guard).st_mtime > 10:
                os.unlink(guard)
        return False
    except OSError:
        return False
    try:
        again = _read_lock(name)
        if again is None:
            return True
        if again.key() == seen.key():
            with suppress(FileNotFoundError):
                os.unlink(name)
            return True
        return False
    finally:
        os.close(fd)
        with suppress(OSError):
            os.unlink(guard)


def _remove_if_same(name: Path, dev: int, ino: int) -> None:
    """Remove our lock file, unless another took it meanwhile (ours went stale and was
    broken: then theirs stays)."""
    with suppress(OSError):
        now = os.lstat(name)
        if (now.st_dev, now.st_ino) == (dev, ino):
            os.unlink(name)
