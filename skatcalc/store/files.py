"""The sheet files: the only code in skatcalc that reads or writes files.

Never lose data:

- every write is atomic (a temp file in the same folder, flushed, fsynced, ``os.replace``d;
  removed on failure), so a sheet is never half-written, whatever kills the process;
- read-modify-write holds an exclusive ``flock`` on the sheet itself, so concurrent ``sheet add``
  calls queue up and all land; the kernel drops the lock with the process, so none goes stale;
- a file that does not parse, breaks a rule, or has a newer format is refused, never overwritten,
  and the message names its line;
- a change touches only the deals it changes (:func:`skatcalc.store.toml.patched`): comments and
  hand edits elsewhere stay as written.

The text itself is :mod:`skatcalc.store.toml`'s business.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from skatcalc.errors import Say, SheetBusyError, SheetError, SheetFileError, say
from skatcalc.sheet.model import Sheet
from skatcalc.store import toml as codec
from skatcalc.store.toml import Problem

__all__ = [
    "EXPORT_LIMIT",
    "FILE_LIMIT",
    "LOCK_TIMEOUT",
    "at_file",
    "check_file",
    "create",
    "decode",
    "default_mode",
    "load",
    "locked",
    "put",
    "read_fd",
    "read_text",
    "real",
    "remove",
    "sync_folder",
    "update",
    "write_error",
    "write_temp",
    "write_text",
]

LOCK_TIMEOUT = 30.0
"""Seconds to wait for another skatcalc to finish with the same sheet."""

FILE_LIMIT = 8 * 1024 * 1024
"""The largest sheet file read, in bytes: a 10,000-deal sheet is about 0.64 MB and takes about
25 MB of memory to read, so 8 MB holds some 125,000 deals in a few hundred MB (docs/limits.md)."""

_NAME_BYTES = 200
"""The most bytes of a file's name that go into its temp file's name (255 is the usual limit)."""


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
# O_NONBLOCK: opening a FIFO returns at once (and fstat then refuses it) instead of hanging


def load(path: Path) -> Sheet:
    """Read the sheet at ``path``."""
    return _parse_at(path, _read_file(path))


EXPORT_LIMIT = 4 * FILE_LIMIT
"""The largest export ``sheet import`` reads: an export of a sheet at :data:`FILE_LIMIT`
repeats each deal's figures beside the game as entered, about three times the TOML."""


def read_text(path: Path) -> str:
    """The UTF-8 text of a file that is not a sheet (an export to import), as it is: a regular
    file (a directory, device or FIFO is refused) of at most :data:`EXPORT_LIMIT` bytes."""
    try:
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        raise SheetFileError("err.file.none", file=path) from None
    except OSError as error:
        raise SheetFileError("err.file.read", file=path, reason=error.strerror) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise SheetFileError("err.import.kind", file=path, kind=_kind(mode))
        try:
            data = _read_bytes(fd, EXPORT_LIMIT)
        except OSError as error:
            raise SheetFileError("err.file.read", file=path, reason=error.strerror) from None
    finally:
        os.close(fd)
    if data is None:
        raise SheetFileError("err.import.too_big", file=path, limit=EXPORT_LIMIT >> 20)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise SheetFileError("err.import.utf8", file=path, line=line) from None


def _parse_at(path: Path, text: str) -> Sheet:
    try:
        return codec.parse(text)
    except SheetFileError as error:
        raise at_file(path, error) from None


def at_file(path: Path, error: SheetFileError) -> SheetFileError:
    """``error`` in the file ``path``: ``FILE: line N: ...``, the field and deal kept."""
    return SheetFileError("err.file.at", file=path, error=error, field=error.field, deal=error.deal)


def check_file(path: Path) -> list[Problem]:
    """Every problem in the sheet file at ``path``; the file is not changed."""
    return codec.check(_read_file(path))


def create(path: Path, sheet: Sheet) -> None:
    """Write a new sheet; refuse (exit 4) when ``path`` exists, whatever it holds."""
    if os.path.lexists(path):
        raise _exists(path)
    _place_new(path, codec.render(sheet).encode())


def _exists(path: Path) -> SheetError:
    return SheetError("err.file.exists", file=path)


def _place_new(path: Path, data: bytes) -> None:
    """Put a new file at ``path``, never replacing one that appeared meanwhile.

    A written temp file is hard-linked into place (all or nothing). A file system without hard
    links (FAT, exFAT, many SMB shares) gets the file created with O_EXCL and written in place.
    """
    mode = default_mode()
    tmp = write_temp(path, data, mode)
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise _exists(path) from None
    except OSError:
        remove(tmp)
        _create_in_place(path, data, mode)
    finally:
        remove(tmp)
    sync_folder(path)


def _write_all(fd: int, data: bytes) -> None:
    """Write ``data`` to the open file ``fd`` and to the disk (fsync), then close it."""
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _create_in_place(path: Path, data: bytes, mode: int) -> None:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0), mode)
    except FileExistsError:
        raise _exists(path) from None
    except OSError as error:
        raise write_error(path, error) from None
    try:
        _write_all(fd, data)
    except BaseException as error:
        remove(str(path))  # ours: created just now, and not whole
        if isinstance(error, OSError):
            raise write_error(path, error) from None
        raise


def update(path: Path, change: Callable[[Sheet], Sheet]) -> tuple[Sheet, Sheet]:
    """Apply ``change`` to the sheet at ``path`` under its lock; return the sheet before, after.

    The new text is read back and scored in full before it replaces the file, so a change
    that would leave a sheet that cannot be read or scored is never written.
    Through a symbolic link, the file it points to is the one changed (the link stays a link).
    """
    path = real(path)
    with locked(path) as fd:
        text = read_fd(path, fd)
        document = codec.read_document(text)
        if document.sheet is None:
            _parse_at(path, text)  # raises with the first problem
        old = document.sheet
        assert old is not None
        new = change(old)
        new_text = codec.patched(document, old, new)
        back = codec.read_document(new_text, document)
        if back.sheet != new:
            raise SheetFileError("err.file.read_back", file=path)
        new.tally()  # a change whose totals cannot be computed is never written
        mode = os.fstat(fd).st_mode
        if not mode & stat.S_IWUSR:
            raise SheetFileError("err.file.read_only", file=path)
        put(write_temp(path, new_text.encode(), stat.S_IMODE(mode)), path)
    return old, new


def write_text(path: Path, text: str) -> None:
    """Write an export: atomically, as a new file, or replacing a regular file that is not a
    sheet (its mode is kept).

    Refused (exit 4): a symbolic link (never followed), a directory, a device, a FIFO, a socket,
    and a file that is or may be a sheet: one with ``format =`` and ``players =`` lines, one
    that is not UTF-8 text, one larger than any sheet.
    """
    data = text.encode()
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        _place_new(path, data)
        return
    except OSError as error:
        raise write_error(path, error) from None
    if not stat.S_ISREG(info.st_mode):
        raise SheetError("err.export.kind", file=path, kind=_kind(info.st_mode))
    try:
        fd = os.open(path, _READ_FLAGS | getattr(os, "O_NOFOLLOW", 0))
    except OSError as error:
        raise SheetError("err.export.unreadable", file=path, reason=error.strerror) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped since the lstat
            raise SheetError("err.export.kind", file=path, kind=_kind(os.fstat(fd).st_mode))
        existing = _read_bytes(fd, FILE_LIMIT)
    finally:
        os.close(fd)
    if existing is None:
        raise SheetError("err.export.big", file=path, limit=FILE_LIMIT >> 20)
    try:
        old = existing.decode("utf-8")
    except UnicodeDecodeError:
        raise SheetError("err.export.binary", file=path) from None
    if _looks_like_sheet(old):
        raise SheetError("err.export.sheet", file=path)
    put(write_temp(path, data, stat.S_IMODE(info.st_mode)), path)


def _looks_like_sheet(text: str) -> bool:
    """Sound or not: a text with a ``format`` and a ``players`` key at the start of a line.

    >>> _looks_like_sheet('format = 9\\nplayers = "?"\\n'), _looks_like_sheet("n,dealer\\n")
    (True, False)
    """
    return all(
        re.search(rf'^[ \t]*["\']?{key}["\']?[ \t]*=', text, re.MULTILINE)
        for key in ("format", "players")
    )


def _kind(mode: int) -> Say:
    """What a file is, when it is not a regular file (put in words with the message)."""
    if stat.S_ISLNK(mode):
        return say("kind.link")
    if stat.S_ISDIR(mode):
        return say("kind.directory")
    if stat.S_ISFIFO(mode):
        return say("kind.fifo")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return say("kind.device")
    if stat.S_ISSOCK(mode):
        return say("kind.socket")
    return say("kind.other")


def real(path: Path) -> Path:
    """The file a path names, through any symbolic links."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def put(tmp: str, path: Path) -> None:
    """Put the written temp file in place with one rename (removed if that fails)."""
    try:
        os.replace(tmp, path)
    except OSError as error:
        remove(tmp)
        raise write_error(path, error) from None
    sync_folder(path)


def _no_sheet(path: Path) -> SheetFileError:
    return SheetFileError("err.file.no_sheet", file=path)


def _read_file(path: Path) -> str:
    fd = _open(path)
    try:
        return read_fd(path, fd)
    finally:
        os.close(fd)


def _read_bytes(fd: int, limit: int) -> bytes | None:
    """All of the file, or None when it has more than ``limit`` bytes."""
    chunks = []
    size = 0
    while chunk := os.read(fd, 1 << 20):
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


def read_fd(path: Path, fd: int) -> str:
    try:
        data = _read_bytes(fd, FILE_LIMIT)
    except OSError as error:
        raise SheetFileError("err.file.read", file=path, reason=error.strerror) from None
    if data is None:
        raise SheetFileError("err.file.big", file=path, limit=FILE_LIMIT >> 20)
    return decode(path, data)


def decode(path: Path, data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise SheetFileError("err.file.utf8", file=path, line=line) from None


@contextmanager
def locked(path: Path) -> Iterator[int]:
    """Hold an exclusive lock on the sheet file itself, re-opening when it was replaced."""
    deadline = time.monotonic() + LOCK_TIMEOUT
    while True:
        fd = _open(path)
        try:
            got = _lock(path, fd)
        except BaseException:
            os.close(fd)
            raise
        if not got:
            os.close(fd)
            if time.monotonic() > deadline:
                raise SheetBusyError("err.file.busy", file=path, seconds=LOCK_TIMEOUT) from None
            time.sleep(0.01)
            continue
        try:
            current = os.stat(path).st_ino
        except FileNotFoundError:
            current = -1
        if current != os.fstat(fd).st_ino:  # replaced while we waited: lock the new file
            os.close(fd)
            continue
        break
    try:
        yield fd
    finally:
        os.close(fd)


def _lock(path: Path, fd: int) -> bool:
    """Take the sheet's lock without waiting: True when taken, False when another holds it.

    Where there is no flock (Windows) or the file system refuses locks (ENOLCK: NFS without a
    lock daemon, some FUSE and SMB mounts), the change is refused: two writers at once could
    lose a deal, and a sheet is never changed unlocked.
    """
    try:
        import fcntl
    except ImportError:
        raise SheetFileError("err.file.no_flock", file=path) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError as error:
        raise SheetFileError("err.file.lock", file=path, reason=error.strerror) from None
    return True


def _open(path: Path) -> int:
    """Open the sheet for reading: a regular file (a directory, device or FIFO is refused)."""
    try:
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        raise _no_sheet(path) from None
    except OSError as error:
        raise SheetFileError("err.file.read", file=path, reason=error.strerror) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise SheetFileError("err.file.kind", file=path, kind=_kind(mode))
    return fd


def write_temp(path: Path, data: bytes, mode: int) -> str:
    """Write ``data`` to a new temp file beside ``path``, flushed and fsynced; return its name.

    The temp name starts with at most 200 bytes of the file's name, so it fits the usual limit
    of 255 bytes for any name the file itself can have.
    """
    folder = path.parent if str(path.parent) else Path(".")
    name = os.fsdecode(os.fsencode(path.name)[:_NAME_BYTES])
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
    except OSError as error:
        raise write_error(path, error) from None
    try:
        _write_all(fd, data)
        os.chmod(tmp, mode)
    except OSError as error:
        remove(tmp)
        raise write_error(path, error) from None
    except BaseException:
        remove(tmp)
        raise
    return tmp


def write_error(path: Path, error: OSError) -> SheetFileError:
    code = "err.file.write.unchanged" if path.exists() else "err.file.write.none"
    return SheetFileError(code, file=path, reason=error.strerror or str(error))


def remove(name: str) -> None:
    with suppress(OSError):
        os.unlink(name)


def sync_folder(path: Path) -> None:
    try:
        fd = os.open(path.parent if str(path.parent) else ".", os.O_RDONLY)
    except OSError:
        return
    try:
        with suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def default_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask
