"""stdin and stdout of ``value --batch`` as a co-process: answers sent before a read waits, and
a non-blocking stdout written whole.

A program that writes one game to a pipe and waits for its answer must get it while the pipe
stays open: :func:`games_in` reads stdin through a buffer whose every read from the operating
system first asks whether more input is waiting (``select``; where it cannot be asked, as on a
Windows pipe, it is taken as not), and when none is, flushes the answers given so far. A file,
or a writer quicker than the answers, never waits, so its answers still go out in large chunks.

A stdout in non-blocking mode (a reader that set O_NONBLOCK on the pipe it shares with us, as
event loops do) refuses a write while its pipe is full; Python's buffered stream then drops
what it could not write. :func:`patient` writes such a stdout through a layer that waits until
the pipe takes more, so every answer arrives (or the write fails with an error and its exit
code, never silently).
"""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from typing import TYPE_CHECKING, BinaryIO, TextIO

if TYPE_CHECKING:
    from _typeshed import ReadableBuffer as Buffer

__all__ = ["games_in", "patient"]


def _waiting(fd: int) -> bool:
    """Whether input (or its end) is waiting on ``fd``, so that a read returns at once; False
    where that cannot be asked (a Windows pipe: ``select`` takes only sockets there)."""
    import select

    try:
        return bool(select.select([fd], [], [], 0)[0])
    except (OSError, ValueError):
        return False


class _Announcing(io.FileIO):
    """stdin's file descriptor, read as :class:`io.FileIO` reads it, but calling ``before_wait``
    before a read that would wait for input."""

    def __init__(self, fd: int, before_wait: Callable[[], object]) -> None:
        super().__init__(fd, "rb", closefd=False)
        self._before_wait = before_wait

    def readinto(self, buffer: Buffer) -> int | None:
        if not _waiting(self.fileno()):
            self._before_wait()
        return super().readinto(buffer)


def games_in(stdin: TextIO, before_wait: Callable[[], object]) -> tuple[BinaryIO, bool]:
    """stdin's bytes, and whether reading them may wait (a pipe, a terminal: not a file).
    When it may, ``before_wait`` is called before each read that would wait for input."""
    buffer: BinaryIO = stdin.buffer
    try:  # a file (or /dev/null) can seek, a pipe or a terminal cannot
        fd = buffer.fileno()
        if buffer.seekable():
            return buffer, False
    except (AttributeError, OSError, ValueError):  # no descriptor (a test's stream)
        return buffer, False
    return io.BufferedReader(_Announcing(fd, before_wait)), True


class _Patient(io.RawIOBase):
    """A non-blocking file descriptor written as a blocking one: a write the pipe refuses
    (it is full) waits until the pipe takes more, then goes on."""

    def __init__(self, fd: int) -> None:
        self._fd = fd

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def write(self, data: Buffer) -> int:
        view = memoryview(data).cast("B")
        done = 0
        while done < len(view):
            try:
                done += os.write(self._fd, view[done:])
            except BlockingIOError:
                _wait_writable(self._fd)
        return done


def _wait_writable(fd: int) -> None:
    """Wait until ``fd`` takes more (a short sleep where that cannot be asked)."""
    import select

    try:
        select.select([], [fd], [])
    except (OSError, ValueError):
        import time

        time.sleep(0.01)


def patient(stdout: TextIO) -> TextIO:
    """``stdout`` itself, or when its descriptor is in non-blocking mode the same stream
    (encoding, error handler, line buffering) over a layer that waits instead of dropping
    what a full pipe refuses. What ``stdout`` held is flushed first."""
    try:
        fd = stdout.fileno()
        if os.get_blocking(fd):
            return stdout
    except (AttributeError, OSError, ValueError):  # no descriptor (a test's stream)
        return stdout
    stdout.flush()
    return io.TextIOWrapper(
        io.BufferedWriter(_Patient(fd)),
        encoding=stdout.encoding,
        errors=stdout.errors,
        newline="\n",
        line_buffering=bool(stdout.line_buffering),
        write_through=getattr(stdout, "write_through", False),
    )
