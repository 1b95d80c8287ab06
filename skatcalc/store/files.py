"""The files: the only code in skatcalc that reads or writes files (sheets, tournaments,
exports, imports).

Never lose data:

- every write is atomic (a temp file in the same folder, flushed, fsynced, ``os.replace``d;
  removed on failure), so a file is never half-written, whatever kills the process;
- read-modify-write holds an exclusive ``flock`` on the file itself, so concurrent ``sheet add``
  calls queue up and all land; the kernel drops the lock with the process, so none goes stale;
- a file that does not parse, breaks a rule, or has a newer format is refused, never overwritten,
  and the message names its line;
- a new file never replaces one, and is all there or not there (a hard link of a written temp
  file; created in place with O_EXCL where the file system has no hard links);
- a change touches only what it changes (:func:`skatcalc.store.toml.patched`): comments and
  hand edits elsewhere stay as written;
- what is read is a regular file (a FIFO, a device, a directory is refused without waiting on
  it) of at most :data:`FILE_LIMIT` bytes of UTF-8.

The text itself is a codec's business (:class:`~skatcalc.store.codec.Codec`): a sheet's is
:mod:`skatcalc.store.toml`, a tournament's :mod:`skatcalc.store.tournament`. Every function that
reads, creates or changes such a file takes the codec.
"""

from __future__ import annotations

import os
import re
import stat
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, TextIO, TypeVar

from skatcalc.errors import Say, SheetBusyError, SheetError, SheetFileError, say
from skatcalc.store.codec import Codec

__all__ = [
    "EXPORT_LIMIT",
    "FILE_LIMIT",
    "LOCK_TIMEOUT",
    "New",
    "all_or_none",
    "append",
    "at_file",
    "create",
    "create_text",
    "default_mode",
    "export_text",
    "feed",
    "load",
    "load_if_present",
    "locked",
    "put",
    "read",
    "read_bytes",
    "read_own",
    "read_text",
    "real",
    "remove",
    "stamp",
    "sync_folder",
    "update",
    "writable",
    "write_error",
    "write_own",
    "write_temp",
    "write_text",
]

T = TypeVar("T")

LOCK_TIMEOUT = 30.0
"""Seconds to wait for another skatcalc to finish with the same sheet."""

FILE_LIMIT = 8 * 1024 * 1024
"""The largest sheet file read, in bytes: a 10,000-deal sheet is about 0.64 MB and takes about
25 MB of memory to read, so 8 MB holds some 125,000 deals in a few hundred MB (docs/limits.md)."""

_NAME_BYTES = 200
"""The most bytes of a file's name that go into its temp file's name (255 is the usual limit)."""


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
# O_NONBLOCK: opening a FIFO returns at once (and fstat then refuses it) instead of hanging


def load(path: Path, codec: Codec[T]) -> T:
    """Read the file at ``path`` (a sheet, a tournament: ``codec`` says which)."""
    return _parse_at(path, read(path, codec), codec)


def load_if_present(path: Path, codec: Codec[T]) -> T | None:
    """Read the file at ``path``; None when there is none (a symbolic link to nothing is none).

    Any other reason it cannot be read is an error, as with :func:`load`.
    """
    try:
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        return None
    except OSError as error:
        raise SheetFileError("err.file.read", file=path, reason=error.strerror) from None
    try:
        _check_regular(path, fd, codec)
        text = read_fd(path, fd, codec)
    finally:
        os.close(fd)
    return _parse_at(path, text, codec)


EXPORT_LIMIT = 32 * FILE_LIMIT
"""The largest export ``sheet import`` reads (256 MB): the JSON export of a sheet at
:data:`FILE_LIMIT` repeats each deal's figures beside the game as entered, at most about 25
times the sheet file (a short Null game in Bock: 1,171 bytes for 50 of TOML); the compact JSON
export is at most 8 times it, the CSV export 2.2 times (docs/limits.md). So every export of a
sheet skatcalc reads is one it imports; an import reads it a piece at a time
(:func:`export_text`), whatever its size."""


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


@contextmanager
def export_text(path: Path) -> Iterator[Callable[[], TextIO]]:
    """An export to import, read in passes, never held whole: a regular file (a directory,
    device or FIFO is refused) of at most :data:`EXPORT_LIMIT` bytes of UTF-8 (checked first,
    in one pass over its bytes, so the errors come as :func:`read_text` gives them). Gives a
    function that opens its text from the start (a byte-order mark dropped, line ends as they
    are), once for each pass."""
    import codecs
    import io

    try:
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        raise SheetFileError("err.file.none", file=path) from None
    except OSError as error:
        raise SheetFileError("err.file.read", file=path, reason=error.strerror) from None
    opened: list[io.TextIOWrapper] = []
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SheetFileError("err.import.kind", file=path, kind=_kind(info.st_mode))
        if info.st_size > EXPORT_LIMIT:
            raise SheetFileError("err.import.too_big", file=path, limit=EXPORT_LIMIT >> 20)
        decoder = codecs.getincrementaldecoder("utf-8")()
        size = lines = 0
        try:
            while chunk := os.read(fd, 1 << 20):
                size += len(chunk)
                if size > EXPORT_LIMIT:  # grown since
                    raise SheetFileError("err.import.too_big", file=path, limit=EXPORT_LIMIT >> 20)
                try:
                    decoder.decode(chunk)
                except UnicodeDecodeError as error:
                    line = lines + chunk[: max(error.start, 0)].count(b"\n") + 1
                    raise SheetFileError("err.import.utf8", file=path, line=line) from None
                lines += chunk.count(b"\n")
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:  # the file ends inside a character
            raise SheetFileError("err.import.utf8", file=path, line=lines + 1) from None
        except OSError as error:
            raise SheetFileError("err.file.read", file=path, reason=error.strerror) from None

        def text() -> TextIO:
            os.lseek(fd, 0, os.SEEK_SET)
            raw = io.FileIO(fd, closefd=False)
            opened.append(io.TextIOWrapper(raw, encoding="utf-8-sig", newline=""))
            return opened[-1]

        yield text
    finally:
        for stream in opened:
            with suppress(ValueError):
                stream.detach().close()  # the FileIO, which leaves the descriptor open
        os.close(fd)


def _parse_at(path: Path, text: str, codec: Codec[T]) -> T:
    try:
        return codec.parse(text)
    except SheetFileError as error:
        raise at_file(path, error) from None


def at_file(path: Path, error: SheetFileError) -> SheetFileError:
    """``error`` in the file ``path``: ``FILE: line N: ...``, the field and deal kept."""
    return SheetFileError("err.file.at", file=path, error=error, field=error.field, deal=error.deal)


def create(path: Path, value: T, codec: Codec[T], code: str = "err.file.exists") -> None:
    """Write a new file of ``value``; refuse (exit 4, the error ``code``) when ``path`` exists,
    whatever it holds, or appears meanwhile."""
    create_text(path, codec.render(value), code)


def create_text(path: Path, text: str | None, code: str = "err.file.exists") -> None:
    """Write a new file of ``text`` (a sheet's or a tournament's, rendered by its codec) as
    :func:`create` does: refused when ``path`` exists, and when the text is larger than
    :data:`FILE_LIMIT` (None: a text known to be, not made whole), as every later command
    would refuse to read it: nothing is written."""
    if os.path.lexists(path):
        raise SheetError(code, file=path)
    data = b"" if text is None else text.encode()
    _fits(path, FILE_LIMIT + 1 if text is None else len(data), "err.file.new_big")
    _place_new(path, data, code)


def _fits(path: Path, size: int, code: str) -> None:
    """Refuse (exit 4) to write a file of ``size`` bytes that no later command would read."""
    if size > FILE_LIMIT:
        raise SheetError(code, file=path, limit=FILE_LIMIT >> 20)


class New:
    """Files made together, all or none (:func:`all_or_none`)."""

    def __init__(self) -> None:
        self.made: list[Path] = []

    def create(self, items: Sequence[tuple[Path, T]], codec: Codec[T], code: str) -> None:
        """A new file for each ``(path, value)``. When one of the paths exists, refused (the
        error ``code``, naming it) before any of them is written."""
        for path, _ in items:
            if os.path.lexists(path):
                raise SheetError(code, file=path)
        for path, value in items:
            create(path, value, codec, code)
            self.made.append(path)


@contextmanager
def all_or_none() -> Iterator[New]:
    """Files created in the block (through the :class:`New` it gives) are removed again when
    the block fails: the draw of a series creates its tables' sheets, and they go when the
    tournament file is not written."""
    new = New()
    try:
        yield new
    except BaseException:
        for path in new.made:  # created a moment ago, and nothing names them
            remove(os.fspath(path))
        raise


def _place_new(path: Path, data: Data, code: str = "err.file.exists") -> None:
    """Put a new file at ``path``, never replacing one that appeared meanwhile.

    A written temp file is hard-linked into place (all or nothing). A file system without hard
    links (FAT, exFAT, many SMB shares) gets the file created with O_EXCL and written in place
    (``data`` given in pieces, an export, is copied from the temp file).
    """
    mode = default_mode()
    tmp = write_temp(path, data, mode)
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise SheetError(code, file=path) from None
    except OSError:
        _create_in_place(path, data if isinstance(data, bytes) else _pieces_of(tmp), mode, code)
    finally:
        remove(tmp)
    sync_folder(path)


Data = bytes | Iterable[bytes]
"""What is written: the bytes, or an export's text made a piece at a time."""


def _pieces_of(name: str) -> Iterator[bytes]:
    with open(name, "rb") as handle:
        while piece := handle.read(1 << 20):
            yield piece


def _write_all(fd: int, data: Data) -> None:
    """Write ``data`` to the open file ``fd`` and to the disk (fsync), then close it."""
    with os.fdopen(fd, "wb") as handle:
        for piece in [data] if isinstance(data, bytes) else data:
            handle.write(piece)
        handle.flush()
        os.fsync(handle.fileno())


def _create_in_place(path: Path, data: Data, mode: int, code: str) -> None:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0), mode)
    except FileExistsError:
        raise SheetError(code, file=path) from None
    except OSError as error:
        raise write_error(path, error) from None
    try:
        _write_all(fd, data)
    except BaseException as error:
        remove(str(path))  # ours: created just now, and not whole
        if isinstance(error, OSError):
            raise write_error(path, error) from None
        raise


def update(
    path: Path,
    change: Callable[[T], T],
    codec: Codec[T],
    written: Callable[[Path, bytes, T], None] | None = None,
) -> tuple[T, T]:
    """Apply ``change`` to the file at ``path`` under its lock; return the value before, after.

    A file that cannot be written is refused before ``change`` runs (it may do more under the
    lock: the draw creates the tables' sheets). The codec writes the new text and checks it
    (a sheet's is read back and scored in full), so a change that would leave a file that
    cannot be read is never written; when ``change`` raises, the file is left as it was.
    Through a symbolic link, the file it points to is the one changed (the link stays a link).
    A text larger than :data:`FILE_LIMIT` is never written (no later command would read it).
    ``written`` is told the file's path, new bytes and value, still under the lock (the sheet
    store keeps its state from them: :mod:`skatcalc.store.state`).
    """
    path = real(path)
    with locked(path, codec) as fd:
        text = read_fd(path, fd, codec)
        try:
            old, write = codec.edit(text)
        except SheetFileError as error:
            raise at_file(path, error) from None
        mode = writable(path, fd, codec)
        new = change(old)
        new_text = write(new)
        if new_text is None:
            raise SheetFileError("err.file.read_back", file=path)
        data = new_text.encode()
        _fits(path, len(data), "err.file.grow")
        put(write_temp(path, data, stat.S_IMODE(mode)), path)
        if written is not None:
            written(path, data, new)
    return old, new


def writable(path: Path, fd: int, codec: Codec[T]) -> int:
    """The mode of the file open as ``fd``; refused (the codec's ``read_only``) when its owner
    may not write it: a change is refused before it is made."""
    mode = os.fstat(fd).st_mode
    if not mode & stat.S_IWUSR:
        raise _refused(codec.read_only, path)
    return mode


def append(path: Path, fd: int, data: bytes) -> None:
    """Write ``data`` at the end of the file at ``path``, whose lock is held on ``fd``
    (:func:`locked`), and to the disk (fsync): the file keeps its inode, owner and mode.
    When the write or the sync fails, or is interrupted, the file is cut back to its size
    before, so it holds all of ``data`` or none of it. Refused (exit 4) when the file would
    grow past :data:`FILE_LIMIT`, before anything is written.
    """
    before = os.fstat(fd)
    _fits(path, before.st_size + len(data), "err.file.grow")
    flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        out = os.open(path, flags)
    except OSError as error:
        raise write_error(path, error) from None
    try:
        now = os.fstat(out)
        if (now.st_dev, now.st_ino, now.st_size) != (before.st_dev, before.st_ino, before.st_size):
            # not the file locked (replaced under the lock: no skatcalc does that)
            raise SheetFileError("err.file.read_back", file=path)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(out, view) :]
            os.fsync(out)
        except BaseException as error:
            with suppress(OSError):
                os.ftruncate(out, before.st_size)
                os.fsync(out)
            if isinstance(error, OSError):
                raise write_error(path, error) from None
            raise
    finally:
        os.close(out)


def write_text(path: Path, text: str | Iterable[str]) -> None:
    """Write an export (its text whole, or made a piece at a time, never held whole): atomically,
    as a new file, or replacing a regular file that is not a sheet (its mode is kept).

    Refused (exit 4): a symbolic link (never followed), a directory, a device, a FIFO, a socket,
    and a file that is or may be a sheet: one with ``format =`` and ``players =`` lines, one
    that is not UTF-8 text, one larger than any export (:data:`EXPORT_LIMIT`). A text larger
    than any sheet is no sheet: an export made before is replaced (checked to be text a piece
    at a time, never held).
    """
    data: Data = text.encode() if isinstance(text, str) else (piece.encode() for piece in text)
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
        if existing is None and not _text_of_export(fd, path):
            raise SheetError("err.export.binary", file=path)
    finally:
        os.close(fd)
    if existing is not None:
        try:
            old = existing.decode("utf-8")
        except UnicodeDecodeError:
            raise SheetError("err.export.binary", file=path) from None
        if _looks_like_sheet(old):
            raise SheetError("err.export.sheet", file=path)
    put(write_temp(path, data, stat.S_IMODE(info.st_mode)), path)


def _text_of_export(fd: int, path: Path) -> bool:
    """Whether the open file (larger than any sheet) is UTF-8 text of at most
    :data:`EXPORT_LIMIT` bytes, read from the start a piece at a time: an export skatcalc
    wrote, or may have; anything larger is refused (``err.export.big``)."""
    import codecs

    os.lseek(fd, 0, os.SEEK_SET)
    decoder = codecs.getincrementaldecoder("utf-8")()
    size = 0
    try:
        while piece := os.read(fd, 1 << 20):
            size += len(piece)
            if size > EXPORT_LIMIT:
                raise SheetError("err.export.big", file=path, limit=EXPORT_LIMIT >> 20)
            decoder.decode(piece)
        decoder.decode(b"", final=True)
    except UnicodeDecodeError:
        return False
    except OSError as error:
        raise SheetError("err.export.unreadable", file=path, reason=error.strerror) from None
    return True


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


def read(path: Path, codec: Codec[T]) -> str:
    """The text of the file at ``path`` as it is, refused as ``codec`` says when it is not a
    regular file, too large, or not UTF-8 (for a check that lists every problem in it)."""
    fd = _open(path, codec)
    try:
        return read_fd(path, fd, codec)
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


def read_bytes(path: Path, fd: int, codec: Codec[T]) -> bytes:
    """The bytes of the open file ``fd`` (at ``path``), refused as ``codec`` says when there
    are more than :data:`FILE_LIMIT`."""
    try:
        data = _read_bytes(fd, FILE_LIMIT)
    except OSError as error:
        raise SheetFileError("err.file.read", file=path, reason=error.strerror) from None
    if data is None:
        raise _refused(codec.too_big, path, limit=FILE_LIMIT >> 20)
    return data


def feed(path: Path, fd: int, codec: Codec[T], take: Callable[[bytes], object]) -> int:
    """Give the bytes of the open file ``fd`` (at ``path``) to ``take``, a piece at a time,
    never holding them all (a hash of a sheet: :mod:`skatcalc.store.state`); their number.
    Refused as :func:`read_bytes` refuses."""
    size = 0
    try:
        while chunk := os.read(fd, 1 << 20):
            size += len(chunk)
            if size > FILE_LIMIT:
                raise _refused(codec.too_big, path, limit=FILE_LIMIT >> 20)
            take(chunk)
    except OSError as error:
        raise SheetFileError("err.file.read", file=path, reason=error.strerror) from None
    return size


def read_fd(path: Path, fd: int, codec: Codec[T]) -> str:
    """The UTF-8 text of the open file ``fd`` (at ``path``) of the kind ``codec`` reads."""
    data = read_bytes(path, fd, codec)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise _refused(codec.not_utf8, path, line=line) from None


@contextmanager
def locked(path: Path, codec: Codec[T]) -> Iterator[int]:
    """Hold an exclusive lock on the file itself, re-opening when it was replaced."""
    deadline = time.monotonic() + LOCK_TIMEOUT
    while True:
        fd = _open(path, codec)
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


def _open(path: Path, codec: Codec[T]) -> int:
    """Open the file for reading: a regular file (a directory, device or FIFO is refused)."""
    try:
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        raise _refused(codec.missing, path) from None
    except OSError as error:
        raise SheetFileError("err.file.read", file=path, reason=error.strerror) from None
    try:
        _check_regular(path, fd, codec)
    except BaseException:
        os.close(fd)
        raise
    return fd


def _refused(code: str, path: Path, **params: Any) -> SheetFileError:
    """The file at ``path`` refused as its codec words it (``code`` is one of its keys)."""
    return SheetFileError(code, file=path, **params)


def _check_regular(path: Path, fd: int, codec: Codec[T]) -> None:
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        raise _refused(codec.not_regular, path, kind=_kind(mode))


def write_temp(path: Path, data: Data, mode: int) -> str:
    """Write ``data`` to a new temp file beside ``path``, flushed and fsynced; return its name.

    The temp name starts with at most 200 bytes of the file's name, so it fits the usual limit
    of 255 bytes for any name the file itself can have.
    """
    import tempfile  # here: 1.5 ms to import (random, hashing), and a read writes nothing

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


def stamp(path: Path) -> tuple[int, ...] | None:
    """The file at ``path`` as the system sees it, without reading it (device, inode, size,
    time of change in ns; None when there is none): a change by anyone gives another."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


# --- skatcalc's own small files in its cache folder (skatcalc/store/state.py) -----------------


def read_own(path: Path, most: int) -> bytes | None:
    """The bytes of a file of skatcalc's own (a sheet's state in the cache folder); None when
    there is none, or it is a link, not a regular file, another user's, or larger than
    ``most``: such a file is never an error, only not read."""
    flags = _READ_FLAGS | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        theirs = hasattr(os, "getuid") and info.st_uid != os.getuid()
        if not stat.S_ISREG(info.st_mode) or theirs or info.st_size > most:
            return None
        return os.read(fd, most + 1)
    except OSError:
        return None
    finally:
        os.close(fd)


def write_own(path: Path, data: bytes) -> None:
    """Replace a file of skatcalc's own (a sheet's state) with ``data``, atomically (a temp
    file of mode 0600 beside it, renamed over it: a link there is replaced, never followed);
    nothing is said when it cannot be written. Not synced: a state that is not whole is
    known by its checksum and not read."""
    import tempfile

    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except OSError:
        remove(tmp)
