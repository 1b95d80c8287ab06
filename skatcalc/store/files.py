"""The files: the only code in skatcalc that reads or writes files (sheets, tournaments,
exports, imports).

Never lose data:

- every write is atomic (a temp file in the same folder, flushed, fsynced, ``os.replace``d;
  removed on failure), so a file is never half-written, whatever kills the process;
- the temp file gets the file's mode, owner and group on its open descriptor before it is
  written and put in place, and is put in place only while its name still names it (a
  regular file, not a link another user swapped in): a change keeps owner, group and mode;
- where the temp file cannot get the owner and group (another user's sheet, writable by our
  group), the file is rewritten in place instead, after a journal of its old bytes
  (``.NAME.journal``) is on disk: a crash leaves the journal, which readers read instead and
  the next change puts back (docs/files.md);
- read-modify-write holds the file's exclusive lock (:mod:`skatcalc.store.lock`: ``flock``,
  Windows' ``msvcrt.locking``, or a lock file), so concurrent ``sheet add`` calls queue up and
  all land;
- a file that does not parse, breaks a rule, or has a newer format is refused, never overwritten,
  and the message names its line;
- a new file never replaces one, and is all there or not there (a hard link of a written temp
  file; created in place with O_EXCL where the file system or the system has no hard links);
- a change touches only what it changes (:func:`skatcalc.store.sheet_codec.patched`): comments and
  hand edits elsewhere stay as written. One exception, the line ends: a file whose lines end in
  a mix of CRLF and LF is written with one line end throughout, the one most of its lines have
  (:func:`line_ends_of`), so a change rewrites the end of every line that had the other;
- what is read is a regular file (a FIFO, a device, a directory is refused without waiting on
  it) of at most :data:`FILE_LIMIT` bytes of UTF-8.

Every POSIX-only call has its portable path beside it: ``O_NOFOLLOW`` (:func:`open_no_link`),
``os.link`` (:func:`_place_new`), ``fchown``/``fchmod`` (:func:`write_temp`), the folder's
``fsync`` (:func:`sync_folder`), the lock (:mod:`skatcalc.store.lock`); tests run each other path
on Linux by hiding the call.

The text itself is a codec's business (:class:`~skatcalc.store.codec.Codec`): a sheet's is
:mod:`skatcalc.store.sheet_codec`, a tournament's :mod:`skatcalc.store.tournament_codec`. Every function that
reads, creates or changes such a file takes the codec.
"""

from __future__ import annotations

import errno
import os
import re
import stat
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from pathlib import Path
from typing import Any, TextIO, TypeVar

from skatcalc.errors import Say, SheetBusyError, SheetError, SheetFileError, say
from skatcalc.store import lock
from skatcalc.store.codec import Codec

__all__ = [
    "EXPORT_LIMIT",
    "FILE_LIMIT",
    "LOCK_TIMEOUT",
    "New",
    "NotOwner",
    "all_or_none",
    "append",
    "at_file",
    "create",
    "create_text",
    "default_mode",
    "distinct",
    "export_text",
    "feed",
    "held",
    "lf",
    "line_ends_of",
    "load",
    "load_if_present",
    "locked",
    "open_no_link",
    "put",
    "read",
    "read_bytes",
    "read_if_present",
    "read_own",
    "real",
    "remove",
    "rewrite",
    "rewrite_in_place",
    "stamp",
    "sync_folder",
    "update",
    "writable",
    "write_error",
    "write_own",
    "write_temp",
    "write_text",
    "written",
]

T = TypeVar("T")

LOCK_TIMEOUT = 30.0
"""Seconds to wait for another skatcalc to finish with the same sheet."""

FILE_LIMIT = 8 * 1024 * 1024
"""The largest sheet file read, in bytes: a 10,000-deal sheet is about 0.64 MB and takes about
25 MB of memory to read, so 8 MB holds some 125,000 deals in a few hundred MB (docs/limits.md)."""

_NAME_BYTES = lock.NAME_BYTES
"""The most bytes of a file's name that go into its temp file's name (255 is the usual limit)."""

_WINDOWS = os.name == "nt"
"""Windows: no folder to fsync, no owner to keep, and a file open elsewhere is not replaced at
once (tests set it to run that path on Linux)."""


_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
# O_NONBLOCK: opening a FIFO returns at once (and fstat then refuses it) instead of hanging


_WRITTEN: ContextVar[tuple[Path, ...]] = ContextVar("skatcalc_written", default=())


def written() -> tuple[Path, ...]:
    """The files written in this context so far (changed, made, exported), in order: a command
    whose report then cannot be printed says the change is saved."""
    return _WRITTEN.get()


def _wrote(path: Path) -> None:
    _WRITTEN.set((*_WRITTEN.get(), path))


def load(path: Path, codec: Codec[T]) -> T:
    """Read the file at ``path`` (a sheet, a tournament: ``codec`` says which)."""
    return _parse_at(path, read(path, codec), codec)


def load_if_present(path: Path, codec: Codec[T], *, no_link: str | None = None) -> T | None:
    """Read the file at ``path``; None when there is none (a symbolic link to nothing is none).

    Any other reason it cannot be read is an error, as with :func:`load`. With ``no_link`` (an
    error code: ``{file}``), a symbolic link is refused with it, never followed.
    """
    text = read_if_present(path, codec, no_link=no_link)
    return None if text is None else _parse_at(path, text, codec)


def read_if_present(path: Path, codec: Codec[T], *, no_link: str | None = None) -> str | None:
    """The text of the file at ``path`` as :func:`load_if_present` reads it, not parsed;
    None when there is none."""
    if no_link is not None and os.path.islink(path):
        raise _refused(no_link, path)
    return _read_current(path, codec, missing_ok=True, no_link=no_link)


def _read_current(
    path: Path, codec: Codec[T], *, missing_ok: bool = False, no_link: str | None = None
) -> str | None:
    """The text of the file at ``path`` as a change left it, never half of one: its journal
    while a rewrite in place is under way or stopped halfway (the journal holds the file as it
    was), else the file, read again if a rewrite in place began while it was read (its status
    changed, or a journal appeared). None when there is no file and ``missing_ok``."""
    journal = _journal(real(path))
    text = None
    for _ in range(_READ_TRIES):
        source = journal if os.path.lexists(journal) else path
        try:  # a journal is ours: never a link (to a file another may not read)
            fd = (
                open_no_link(source, _READ_FLAGS)
                if source is journal or no_link is not None
                else os.open(source, _READ_FLAGS)
            )
        except FileNotFoundError:
            if source is journal:
                continue  # the rewrite just ended: read the file
            if missing_ok:
                return None
            raise _refused(codec.missing, path) from None
        except OSError as error:
            if no_link is not None and source is path and os.path.islink(path):
                raise _refused(no_link, path) from None  # made a link meanwhile
            raise SheetFileError("err.file.read", file=path, reason=error.strerror) from None
        try:
            _check_regular(path, fd, codec)
            before = os.fstat(fd)
            text = read_fd(path, fd, codec)
            after = os.fstat(fd)
        finally:
            os.close(fd)
        if source is journal or (
            (before.st_ctime_ns, before.st_size) == (after.st_ctime_ns, after.st_size)
            and not os.path.lexists(journal)
        ):
            return lf(text)
    return None if text is None else lf(text)


_READ_TRIES = 20
"""Reads of a file changed in place while it was read, before the last one counts."""


def _journal(path: Path) -> Path:
    return lock.beside(path, ".journal")


EXPORT_LIMIT = 32 * FILE_LIMIT
"""The largest export ``sheet import`` reads (256 MB): the JSON export of a sheet at
:data:`FILE_LIMIT` repeats each deal's figures beside the game as entered, at most about 25
times the sheet file (a short Null game in Bock: 1,171 bytes for 50 of TOML); the compact JSON
export is at most 8 times it, the CSV export 2.2 times (docs/limits.md). So every export of a
sheet skatcalc reads is one it imports; an import reads it a piece at a time
(:func:`export_text`), whatever its size."""


@contextmanager
def export_text(path: Path) -> Iterator[Callable[[], TextIO]]:
    """An export to import, read in passes, never held whole: a regular file (a directory,
    device or FIFO is refused) of at most :data:`EXPORT_LIMIT` bytes of UTF-8 (checked first,
    in one pass over its bytes, so its errors come before any pass reads a deal). Gives a
    function that opens its text from the start (a byte-order mark dropped, line ends as they
    are), once for each pass."""
    import io

    fd = _open_export(path)
    opened: list[io.TextIOWrapper] = []
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise SheetFileError("err.import.kind", file=path, kind=_kind(info.st_mode))
        if info.st_size > EXPORT_LIMIT:
            raise SheetFileError("err.import.too_big", file=path, limit=EXPORT_LIMIT >> 20)
        _check_utf8(path, fd)

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


def _open_export(path: Path) -> int:
    """The export's descriptor, opened to read; refused when it is not there or not readable."""
    try:
        return os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        raise SheetFileError("err.file.none", file=path) from None
    except OSError as error:
        raise SheetFileError("err.file.read", file=path, reason=error.strerror) from None


def _check_utf8(path: Path, fd: int) -> None:
    """Read the open export ``fd`` once through, a megabyte at a time: refused at the first
    line that is not UTF-8, or when it has grown past :data:`EXPORT_LIMIT` since its size was
    checked."""
    import codecs

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
    _wrote(path)


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
    link = getattr(os, "link", None)
    if link is None:  # a system without hard links at all
        _create_in_place(path, data, mode, code)
        sync_folder(path)
        return
    tmp = write_temp(path, data, mode)
    try:
        link(tmp, path)
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
    # O_CREAT | O_EXCL never follows a link: a link at the name is a file that exists
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
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
    The file keeps its owner, group and mode (:func:`rewrite`). A text larger than
    :data:`FILE_LIMIT` is never written (no later command would read it). ``written`` is told
    the file's path, new bytes and value, still under the lock (the sheet store keeps its state
    from them: :mod:`skatcalc.store.state`).
    """
    path = real(path)
    with held(path, codec) as file:
        text = read_fd(path, file.fd, codec)
        try:
            old, write = codec.edit(lf(text))
        except SheetFileError as error:
            raise at_file(path, error) from None
        info = os.fstat(file.fd)
        if not info.st_mode & stat.S_IWUSR:
            raise _refused(codec.read_only, path)
        new = change(old)
        new_text = write(new)
        if new_text is None:
            raise SheetFileError("err.file.read_back", file=path)
        data = line_ends_of(text, new_text).encode()
        _fits(path, len(data), "err.file.grow")
        rewrite(path, file, info, text.encode(), data, codec)
        if written is not None:
            written(path, data, new)
    _wrote(path)
    return old, new


def lf(text: str) -> str:
    r"""``text`` with its Windows line ends (CRLF: Notepad, git's ``autocrlf``) read as plain
    ones, as every codec reads a file: a lone carriage return stays what it is.

    >>> lf("format = 1\r\nplayers = []\r\n"), lf("a\rb\n")
    ('format = 1\nplayers = []\n', 'a\rb\n')
    """
    return text.replace("\r\n", "\n") if "\r" in text else text


def line_ends_of(text: str, new: str) -> str:
    r"""``new`` (a codec's text, its lines ending in LF) with the line ends the file's ``text``
    has: CRLF when most of its lines end so (a sheet an older skatcalc mixed LF lines into is
    made whole again), else LF throughout. A file that mixes them comes back with one line end
    on every line: the few lines that had the other are rewritten, changed or not (the one
    exception to "a change touches only what it changes").

    >>> line_ends_of("a\r\nb\r\n", "a\nb\nc\n"), line_ends_of("a\nb\r\nc\n", "a\n")
    ('a\r\nb\r\nc\r\n', 'a\n')
    >>> line_ends_of("a\nb\r\nc\n", "a\nb\nc\nd\n")  # b's CRLF goes, though b is unchanged
    'a\nb\nc\nd\n'
    """
    if "\r\n" not in text or 2 * text.count("\r\n") <= text.count("\n"):
        return new
    return new.replace("\n", "\r\n")


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
    flags = os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        out = open_no_link(path, flags)
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
    _wrote(path)


def rewrite(
    path: Path, file: lock.Held, info: os.stat_result, old: bytes, data: bytes, codec: Codec[T]
) -> None:
    """Put ``data`` at ``path`` (whose lock is ``file``, its bytes ``old``, its status
    ``info``), keeping owner, group and mode: a temp file that gets them, put in place; where
    it cannot get them (another user's file that our group may write), the file rewritten in
    place after a journal of ``old`` (:func:`rewrite_in_place`)."""
    try:
        tmp = write_temp(path, data, stat.S_IMODE(info.st_mode), owner=(info.st_uid, info.st_gid))
    except NotOwner:
        rewrite_in_place(path, old, data, info, codec)
        return
    file.close_file()  # Windows replaces no open file; a flock stays with its file
    put(tmp, path)


class NotOwner(Exception):
    """A temp file cannot be given the owner and group of the file it replaces."""


def rewrite_in_place(
    path: Path, old: bytes, data: bytes, info: os.stat_result, codec: Codec[T]
) -> None:
    """Write ``data`` over the file at ``path`` itself (same inode: owner, group, mode, links
    and ACLs stay), under its lock. First its ``old`` bytes go to ``.NAME.journal`` (a temp
    file put in place: the journal is whole or not there); the journal goes when the file is
    whole again. A crash in between leaves the journal: readers read it instead, and the next
    change puts it back first (:func:`_recover`)."""
    fd = _open_to_write(path, codec)
    try:
        journal = _journal(path)
        put(write_temp(journal, old, stat.S_IMODE(info.st_mode) & 0o666, owner=(-1, info.st_gid),
                       must_own=False), journal)  # fmt: skip
        _overwrite(path, fd, data)
    finally:
        os.close(fd)
    remove(os.fspath(_journal(path)))
    sync_folder(path)


def _open_to_write(path: Path, codec: Codec[T]) -> int:
    try:
        return open_no_link(path, os.O_WRONLY | getattr(os, "O_BINARY", 0))
    except PermissionError:
        raise _refused(codec.not_writable, path) from None
    except OSError as error:
        raise write_error(path, error) from None


def _overwrite(path: Path, fd: int, data: bytes) -> None:
    """``data`` over the open file ``fd`` from its start, cut to its length, on disk."""
    try:
        os.lseek(fd, 0, os.SEEK_SET)
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.ftruncate(fd, len(data))
        os.fsync(fd)
    except OSError as error:
        raise write_error(path, error) from None


def _recover(path: Path, codec: Codec[T]) -> None:
    """Put back the journal of a rewrite in place that stopped halfway (under the lock)."""
    journal = _journal(path)
    if not os.path.lexists(journal):
        return
    try:
        fd = open_no_link(journal, _READ_FLAGS)
    except FileNotFoundError:
        return
    except OSError as error:
        raise SheetFileError(
            "err.file.journal", file=path, journal=journal, reason=error.strerror or str(error)
        ) from None
    try:
        _check_regular(path, fd, codec)
        old = read_fd(path, fd, codec).encode()
    finally:
        os.close(fd)
    try:
        wfd = open_no_link(path, os.O_WRONLY | getattr(os, "O_BINARY", 0))
    except OSError as error:
        raise SheetFileError(
            "err.file.journal", file=path, journal=journal, reason=error.strerror or str(error)
        ) from None
    try:
        _overwrite(path, wfd, old)
    finally:
        os.close(wfd)
    remove(os.fspath(journal))
    sync_folder(path)


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
        _wrote(path)
        return
    except OSError as error:
        raise write_error(path, error) from None
    if not stat.S_ISREG(info.st_mode):
        raise SheetError("err.export.kind", file=path, kind=_kind(info.st_mode))
    try:
        fd = open_no_link(path, _READ_FLAGS)
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
    owner = (info.st_uid, info.st_gid)  # kept where it can be: an export is no one's data
    put(write_temp(path, data, stat.S_IMODE(info.st_mode), owner=owner, must_own=False), path)
    _wrote(path)


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


def open_no_link(path: Path, flags: int, mode: int = 0o666) -> int:
    """Open ``path`` unless it is a symbolic link (``OSError`` ELOOP then): with
    ``O_NOFOLLOW`` where the system has it, else by ``lstat`` before and ``fstat`` after,
    the same file both times."""
    nofollow = getattr(os, "O_NOFOLLOW", 0)
    if nofollow:
        return os.open(path, flags | nofollow, mode)
    before = os.lstat(path)
    if stat.S_ISLNK(before.st_mode):
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), os.fspath(path))
    fd = os.open(path, flags, mode)
    after = os.fstat(fd)
    if (after.st_dev, after.st_ino) != (before.st_dev, before.st_ino):  # swapped meanwhile
        os.close(fd)
        raise OSError(errno.ELOOP, os.strerror(errno.ELOOP), os.fspath(path))
    return fd


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


def distinct(paths: Sequence[Path]) -> tuple[list[Path], list[tuple[Path, Path]]]:
    """The ``paths`` that name different files, in order, and each other one with the path
    before it that names the same file: a file is one file however many names reach it (a
    ``current.toml`` link beside the evening it points to, overlapping globs, a hard link).
    The same file is the same device and inode, or on Windows the same real path. A path that
    cannot be looked at is kept: reading it says why.

    >>> distinct([Path("."), Path("./."), Path("no such file")])
    ([PosixPath('.'), PosixPath('no such file')], [(PosixPath('.'), PosixPath('.'))])
    """
    seen: dict[object, Path] = {}
    kept: list[Path] = []
    again: list[tuple[Path, Path]] = []
    for path in paths:
        key = _identity(path)
        if key is not None and key in seen:
            again.append((path, seen[key]))
            continue
        if key is not None:
            seen[key] = path
        kept.append(path)
    return kept, again


def _identity(path: Path) -> object:
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    if _WINDOWS or not info.st_ino:  # no inode numbers there: the path the links lead to
        return os.path.normcase(os.path.realpath(path))
    return info.st_dev, info.st_ino


def real(path: Path) -> Path:
    """The file a path names, through any symbolic links."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def put(tmp: str, path: Path) -> None:
    """Put the written temp file in place with one rename (removed if that fails), while its
    name still names a file we wrote: a regular file with one link, of our owner or the
    file's (another user who may write the folder could swap a link in)."""
    _still_ours(tmp, path)
    try:
        _replace(tmp, path)
    except OSError as error:
        remove(tmp)
        raise write_error(path, error) from None
    sync_folder(path)


def _still_ours(tmp: str, path: Path) -> None:
    """Refuse a temp file whose name no longer names the file we wrote: the same file where
    :func:`write_temp` noted it, else a regular file with one link of our owner or the file's."""
    try:
        info = os.lstat(tmp)
    except OSError as error:
        raise write_error(path, error) from None
    made = _MADE.pop(tmp, None)
    if made is not None:
        ours = stat.S_ISREG(info.st_mode) and (info.st_dev, info.st_ino) == made
    else:
        owners = {getattr(os, "geteuid", lambda: info.st_uid)()}
        with suppress(OSError):
            owners.add(os.lstat(path).st_uid)
        ours = stat.S_ISREG(info.st_mode) and info.st_nlink == 1 and info.st_uid in owners
    if not ours:
        raise SheetFileError("err.file.swapped", file=path, tmp=tmp)  # not ours: left alone


_MADE: dict[str, tuple[int, int]] = {}
"""Each temp file :func:`write_temp` wrote and :func:`put` has not yet put: its device and
inode, read from its open descriptor."""


def _replace(tmp: str, path: Path) -> None:
    """``os.replace``; on Windows retried for a second while another process (a reader) has
    the file open, which there keeps it from being replaced."""
    tries = 50 if _WINDOWS else 1
    for left in range(tries - 1, -1, -1):
        try:
            os.replace(tmp, path)
            return
        except PermissionError:
            if not left:
                raise
            time.sleep(0.02)


def read(path: Path, codec: Codec[T]) -> str:
    """The text of the file at ``path`` as it is, refused as ``codec`` says when it is not a
    regular file, too large, or not UTF-8 (for a check that lists every problem in it)."""
    text = _read_current(path, codec)
    assert text is not None
    return text


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
    """Hold the file's exclusive lock; give the file open for reading (see :func:`held`)."""
    with held(path, codec) as file:
        yield file.fd


@contextmanager
def held(path: Path, codec: Codec[T]) -> Iterator[lock.Held]:
    """Hold the exclusive lock of the file at ``path`` (:mod:`skatcalc.store.lock`: the kind
    the system has), a rewrite in place that stopped halfway put back first; give the lock,
    with the file open for reading. Another holding it for :data:`LOCK_TIMEOUT` seconds: exit 5,
    naming the holder where a lock file does."""
    try:
        with lock.exclusive(path, lambda: _open(path, codec), LOCK_TIMEOUT) as file:
            _recover(path, codec)
            yield file
    except lock.Busy as busy:
        raise _busy(path, busy.holder) from None
    except lock.NoLock as no:
        raise SheetFileError("err.file.lock", file=path, reason=no.reason) from None


def _busy(path: Path, holder: lock.Holder | None) -> SheetBusyError:
    if holder is None or not holder.pid:
        return SheetBusyError("err.file.busy", file=path, seconds=LOCK_TIMEOUT)
    since = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(holder.since))
    return SheetBusyError(
        "err.file.busy_file", file=path, seconds=LOCK_TIMEOUT, pid=holder.pid, host=holder.host,
        since=since, lock=lock.beside(path, ".lock"), stale=int(lock.STALE_AFTER // 60),
    )  # fmt: skip


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


def write_temp(
    path: Path,
    data: Data,
    mode: int,
    *,
    owner: tuple[int, int] | None = None,
    must_own: bool = True,
) -> str:
    """Write ``data`` to a new temp file beside ``path``, flushed and fsynced; return its name.

    The file gets ``mode`` and ``owner`` (uid, gid; -1 keeps one) on its open descriptor,
    before a byte is written (never by name: the name could be a link by then). When the owner
    cannot be given (we are not root and it is not ours), :class:`NotOwner` is raised and the
    temp file is gone, unless ``must_own`` is False (then it stays ours). The temp name starts
    with at most 200 bytes of the file's name, so it fits the usual limit of 255 bytes for any
    name the file itself can have.
    """
    import tempfile  # here: 1.5 ms to import (random, hashing), and a read writes nothing

    folder = path.parent if str(path.parent) else Path(".")
    name = os.fsdecode(os.fsencode(path.name)[:_NAME_BYTES])
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
    except OSError as error:
        raise write_error(path, error) from None
    try:
        try:
            if owner is not None and not _give(fd, *owner) and must_own:
                raise NotOwner
            _set_mode(fd, tmp, mode)
        except BaseException:
            os.close(fd)
            raise
        made = os.fstat(fd)
        _write_all(fd, data)  # and closes it
        _MADE[tmp] = (made.st_dev, made.st_ino)
    except OSError as error:
        remove(tmp)
        raise write_error(path, error) from None
    except BaseException:
        remove(tmp)
        raise
    return tmp


def _give(fd: int, uid: int, gid: int) -> bool:
    """Give the open file ``fd`` the owner ``uid`` and group ``gid`` (-1: as it is); False
    when that is refused. Where there is no ``fchown`` (Windows: a new file takes its folder's
    permissions) there is nothing to give."""
    fchown = getattr(os, "fchown", None)
    if fchown is None or _WINDOWS:
        return True
    have = os.fstat(fd)
    uid = -1 if uid in (-1, have.st_uid) else uid
    gid = -1 if gid in (-1, have.st_gid) else gid
    if uid == gid == -1:
        return True
    try:
        fchown(fd, uid, gid)
    except OSError:  # EPERM: not root, not ours, not our group (EINVAL: an id unmapped)
        return False
    return True


def _set_mode(fd: int, name: str, mode: int) -> None:
    """``mode`` on the open file; by name only where there is no ``fchmod`` (Windows before
    Python 3.13, where a mode is just the read-only flag and the temp name is ours alone)."""
    fchmod = getattr(os, "fchmod", None)
    if fchmod is not None:
        fchmod(fd, mode)
    else:
        os.chmod(name, mode)


def write_error(path: Path, error: OSError) -> SheetFileError:
    code = "err.file.write.unchanged" if path.exists() else "err.file.write.none"
    return SheetFileError(code, file=path, reason=error.strerror or str(error))


def remove(name: str) -> None:
    _MADE.pop(name, None)
    with suppress(OSError):
        os.unlink(name)


def sync_folder(path: Path) -> None:
    """Put the folder's entries (a rename, a new name) on disk; Windows opens no folder, and
    puts a rename on disk with the file."""
    if _WINDOWS:
        return
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
    try:
        fd = open_no_link(path, _READ_FLAGS)
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


_OWN_FLAGS = (
    os.O_WRONLY | os.O_CREAT | os.O_EXCL
    | getattr(os, "O_NOFOLLOW", 0)  # POSIX: a link put there is not followed
    | getattr(os, "O_BINARY", 0)  # Windows: the bytes as they are
)  # fmt: skip


def _new_own(path: Path) -> tuple[int, str]:
    """A new empty file of mode 0600 beside ``path`` (in a folder of skatcalc's own: the cache
    folder, checked to be ours, mode 0700), opened for writing, and its name
    ``.NAME.RANDOM.tmp``: made only where no file has that name (another name tried else), as
    ``tempfile.mkstemp`` makes one, without importing tempfile, whose import (shutil, random,
    lzma, bz2; 2.5-2.8 ms) was paid by every first `sheet stats` and `tournament standings`
    for this one file (python -X importtime)."""
    for _ in range(100):
        tmp = os.path.join(path.parent, f".{path.name}.{os.urandom(6).hex()}.tmp")
        try:
            return os.open(tmp, _OWN_FLAGS, 0o600), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path.parent))


def write_own(path: Path, data: bytes) -> None:
    """Replace a file of skatcalc's own (a sheet's state) with ``data``, atomically (a temp
    file of mode 0600 beside it, renamed over it: a link there is replaced, never followed);
    nothing is said when it cannot be written. Not synced: a state that is not whole is
    known by its checksum and not read."""
    try:
        fd, tmp = _new_own(path)
    except OSError:
        return
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except OSError:
        remove(tmp)
