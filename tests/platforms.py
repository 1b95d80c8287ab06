"""Other platforms, on Linux: each lock kind of skatcalc.store.lock, in-process and as the
prelude of a process (``python -c PRELUDE + main()``), by hiding ``fcntl`` and giving a
``msvcrt`` whose ``locking`` behaves as Windows' does (an exclusive lock on bytes from the
current position, ``LK_NBLCK`` refused at once while another process holds them)."""

from __future__ import annotations

import sys
import types

import pytest

KINDS = ("flock", "file", "msvcrt")

_FAKE_MSVCRT = """
def _fake_msvcrt():
    import errno, fcntl, os, types
    module = types.ModuleType("msvcrt")
    module.LK_UNLCK, module.LK_LOCK, module.LK_NBLCK, module.LK_RLCK, module.LK_NBRLCK = range(5)

    def locking(fd, mode, nbytes):
        start = os.lseek(fd, 0, os.SEEK_CUR)
        if mode == module.LK_UNLCK:
            fcntl.lockf(fd, fcntl.LOCK_UN, nbytes, start, 0)
            return
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB, nbytes, start, 0)
        except OSError:
            raise OSError(errno.EACCES, "Permission denied") from None

    module.locking = locking
    return module
"""

PRELUDE = {
    "flock": "",
    "file": "import sys\nsys.modules['fcntl'] = None\n",
    # subprocess takes a system with msvcrt for Windows: imported before the fake appears
    "msvcrt": "import subprocess, sys\n"
    + _FAKE_MSVCRT
    + "sys.modules['msvcrt'] = _fake_msvcrt()\nsys.modules['fcntl'] = None\n",
}
"""Code run before skatcalc's main() in a process that takes the lock ``kind``."""


def skatcalc_with(kind: str, *args: str) -> list[str]:
    """The command line of ``skatcalc ARGS`` in a process that takes the lock ``kind``."""
    code = PRELUDE[kind] + "from skatcalc.cli import main\nmain()\n"
    return [sys.executable, "-c", code, *args]


def fake_msvcrt() -> types.ModuleType:
    """The ``msvcrt`` of :data:`PRELUDE`, for this process."""
    space: dict[str, object] = {}
    exec(_FAKE_MSVCRT, space)  # our own source, above
    module = space["_fake_msvcrt"]()  # type: ignore[operator]
    assert isinstance(module, types.ModuleType)
    return module


def take(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make this process take the lock ``kind``."""
    if kind == "flock":
        return
    if kind == "msvcrt":
        monkeypatch.setitem(sys.modules, "msvcrt", fake_msvcrt())
    monkeypatch.setitem(sys.modules, "fcntl", None)  # import fcntl fails, as on Windows
