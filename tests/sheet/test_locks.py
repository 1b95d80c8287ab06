"""The lock of a change on every platform (issue 23 point 1), and every other POSIX-only call
with its portable path, each run on Linux by hiding the call (tests/platforms.py)."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from skatcalc.errors import SheetFileError
from skatcalc.sheet.model import Deal, Sheet
from skatcalc.store import files, lock
from skatcalc.store import sheet as store
from tests.cli.helpers import cli
from tests.data import GOOD
from tests.platforms import KINDS, skatcalc_with, take

LOCK_FILE = ".evening.toml.lock"


def sheet_at(tmp_path: Path, text: str = GOOD) -> Path:
    path = tmp_path / "evening.toml"
    path.write_text(text, encoding="utf-8")
    return path


def deals(path: Path) -> int:
    return len(store.load(path).deals)


@pytest.mark.parametrize("kind", KINDS)
def test_every_lock_kind_changes_a_sheet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    take(kind, monkeypatch)
    assert lock.kind() == kind
    path = sheet_at(tmp_path)
    before = deals(path)
    result = cli("sheet", "pass", str(path))
    assert (result.code, result.stderr) == (0, "")
    assert deals(path) == before + 1
    kept = {"flock": [], "file": [], "msvcrt": [".evening.toml.lockbyte"]}[kind]
    assert sorted(p.name for p in tmp_path.iterdir()) == [*kept, "evening.toml"]


@pytest.mark.parametrize("kind", ["file", "msvcrt"])
def test_a_lock_beside_the_file_closes_the_file_before_it_is_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """Windows replaces no file that is open: with a lock beside the sheet, the sheet itself
    is closed before the rename (seen here through /proc/self/fd)."""
    take(kind, monkeypatch)
    path = sheet_at(tmp_path)
    replace = os.replace
    open_then: list[list[str]] = []

    def replacing(src: str, dst: object) -> None:
        fds = Path("/proc/self/fd")
        if Path(str(dst)) == path:  # (the sheet's kept state is replaced too, in the cache)
            open_then.append([t for fd in fds.iterdir() if (t := _target(fd)) == str(path)])
        replace(src, dst)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", replacing)
    store.update(path, lambda s: s.add(Deal.passed()))
    assert open_then == [[]]


def _target(fd: Path) -> str:
    try:
        return os.readlink(fd)
    except OSError:
        return ""


def test_a_file_system_that_refuses_flock_takes_a_lock_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import fcntl

    def no_locks(fd: int, operation: int) -> None:
        raise OSError(errno.ENOLCK, os.strerror(errno.ENOLCK))  # NFS without a lock daemon

    monkeypatch.setattr(fcntl, "flock", no_locks)
    path = sheet_at(tmp_path)
    seen: list[str] = []

    def change(sheet: Sheet) -> Sheet:
        seen.append((tmp_path / LOCK_FILE).read_text())
        return sheet.add(Deal.passed())

    store.update(path, change)
    assert len(seen) == 1
    pid, host, since = seen[0].split()
    assert (pid, host) == (str(os.getpid()), socket.gethostname())
    assert abs(int(since) - time.time()) < 60
    assert not (tmp_path / LOCK_FILE).exists()
    assert deals(path) == 3


def _dead_pid() -> int:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    return int(done.stdout)


def test_a_lock_file_of_a_process_gone_from_this_host_is_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    take("file", monkeypatch)
    monkeypatch.setattr(files, "LOCK_TIMEOUT", 5.0)
    path = sheet_at(tmp_path)
    (tmp_path / LOCK_FILE).write_text(f"{_dead_pid()} {socket.gethostname()} {int(time.time())}\n")
    start = time.monotonic()
    store.update(path, lambda s: s.add(Deal.passed()))
    assert time.monotonic() - start < 4  # broken at once, not waited out
    assert deals(path) == 3
    assert not (tmp_path / LOCK_FILE).exists()


def test_a_live_lock_file_makes_a_change_wait_and_then_names_its_holder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    take("file", monkeypatch)
    monkeypatch.setattr(files, "LOCK_TIMEOUT", 0.3)
    path = sheet_at(tmp_path)
    since = time.mktime((2026, 5, 1, 20, 15, 0, 0, 0, -1))
    held = tmp_path / LOCK_FILE
    held.write_text(f"{os.getpid()} {socket.gethostname()} {int(since)}\n")  # alive: us
    result = cli("sheet", "pass", str(path))
    assert result.code == 5
    assert result.stderr == (
        f"error: {path} is being changed by process {os.getpid()} on {socket.gethostname()} "
        f"since 2026-05-01 20:15:00 (its lock file {held}); skatcalc waited 0 s: try again. "
        f"If no skatcalc runs there any more, delete {held}: it counts as stale after 5 "
        "minutes\n"
    )
    assert path.read_text() == GOOD
    assert held.exists()  # not ours: left alone


def test_a_lock_file_from_another_host_is_stale_after_five_minutes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    take("file", monkeypatch)
    monkeypatch.setattr(files, "LOCK_TIMEOUT", 0.3)
    path = sheet_at(tmp_path)
    held = tmp_path / LOCK_FILE
    held.write_text(f"4242 nas-in-the-cellar {int(time.time())}\n")
    with pytest.raises(SheetFileError):  # another host's process cannot be asked: it waits
        store.update(path, lambda s: s.add(Deal.passed()))
    old = time.time() - lock.STALE_AFTER - 5
    os.utime(held, (old, old))
    store.update(path, lambda s: s.add(Deal.passed()))
    assert deals(path) == 3
    assert not held.exists()


def test_a_stale_lock_replaced_meanwhile_is_not_broken(tmp_path: Path) -> None:
    """Two processes found the same stale lock; one broke it and made its own: the other
    must not remove that one."""
    name = tmp_path / LOCK_FILE
    name.write_text(f"{_dead_pid()} {socket.gethostname()} 1\n")
    seen = lock._read_lock(name)
    assert seen is not None
    name.unlink()
    name.write_text(f"{os.getpid()} {socket.gethostname()} {int(time.time())}\n")
    assert not lock._break_if_stale(name, seen)
    assert name.exists()
    guard = Path(f"{name}.break")  # another is breaking it right now: leave it to them
    assert seen.data is not None
    name.write_text(seen.data.decode())
    again = lock._read_lock(name)
    assert again is not None
    guard.write_text("")
    assert not lock._break_if_stale(name, again)
    assert name.exists()


def test_a_folder_that_cannot_hold_a_lock_file_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    take("file", monkeypatch)
    path = sheet_at(tmp_path)
    real_open = os.open

    def no_lock_files(name: object, flags: int, *args: object) -> int:
        if ".lock" in Path(str(name)).name:  # the lock file, and the temp file it is made of
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        return real_open(name, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", no_lock_files)
    result = cli("sheet", "pass", str(path))
    assert result.code == 5
    assert result.stderr == (
        f"error: cannot lock {path}: no lock file can be made beside it (Permission denied), "
        "and skatcalc changes a file only under its lock; the file is unchanged\n"
    )
    assert path.read_text() == GOOD


# --- the other POSIX-only calls ---------------------------------------------------------------


def test_without_hard_links_a_new_sheet_is_created_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(os, "link")
    path = tmp_path / "evening.toml"
    result = cli("sheet", "new", str(path), "Anna", "Ben", "Carl")
    assert (result.code, result.stderr) == (0, "")
    assert store.load(path).players == ("Anna", "Ben", "Carl")
    again = cli("sheet", "new", str(path), "Dora", "Emil", "Fritz")
    assert again.code == 4
    assert store.load(path).players == ("Anna", "Ben", "Carl")
    assert [p.name for p in tmp_path.iterdir()] == ["evening.toml"]


def test_without_o_nofollow_a_link_is_never_opened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(os, "O_NOFOLLOW")
    target = tmp_path / "private.txt"
    target.write_text("secret\n")
    link = tmp_path / "list.html"
    link.symlink_to(target)
    with pytest.raises(OSError) as refused:
        files.open_no_link(link, os.O_RDONLY)
    assert refused.value.errno == errno.ELOOP
    fd = files.open_no_link(target, os.O_RDONLY)
    os.close(fd)
    real_lstat = os.lstat
    was = tmp_path / "was.html"
    was.write_text("an old list\n")

    def swapped(name: object) -> os.stat_result:  # a file, then a link by the time it opens
        return real_lstat(was) if str(name) == str(link) else real_lstat(name)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "lstat", swapped)
    with pytest.raises(OSError):
        files.open_no_link(link, os.O_RDONLY)


def test_without_fchown_and_fchmod_a_change_keeps_the_mode(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delattr(os, "fchown")
    monkeypatch.delattr(os, "fchmod")
    path = sheet_at(tmp_path)
    path.chmod(0o640)
    store.update(path, lambda s: s.add(Deal.passed()))
    assert (path.stat().st_mode & 0o777, deals(path)) == (0o640, 3)


def test_on_windows_no_folder_is_synced_and_a_busy_rename_is_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files, "_WINDOWS", True)
    path = sheet_at(tmp_path)
    replace = os.replace
    refused = [2]

    def busy(src: str, dst: object) -> None:  # a reader has the sheet open, for a moment
        if refused[0]:
            refused[0] -= 1
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        replace(src, dst)  # type: ignore[arg-type]

    opened_folders: list[str] = []
    real_open = os.open

    def opening(name: object, flags: int, *args: object) -> int:
        if Path(str(name)).is_dir():
            opened_folders.append(str(name))
        return real_open(name, flags, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "replace", busy)
    monkeypatch.setattr(os, "open", opening)
    store.update(path, lambda s: s.add(Deal.passed()))
    assert (refused, deals(path), opened_folders) == ([0], 3, [])


@pytest.mark.parametrize(
    "text", ["", "\0\0\0\0\0\0", "4242 nas-in-the", "made by a backup tool\n", "unreadable"]
)
def test_a_lock_file_that_names_no_holder_is_stale_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    """Every skatcalc writes its line before its lock file appears (issue 32 point 4): an
    empty, cut or foreign one, or one that cannot be read, is left by a crash or a full disk,
    and is broken at once (a timeout of 0: any wait would be Busy)."""
    take("file", monkeypatch)
    monkeypatch.setattr(files, "LOCK_TIMEOUT", 0.0)
    path = sheet_at(tmp_path)
    (tmp_path / LOCK_FILE).write_text(text)
    if text == "unreadable":  # (root reads a file of mode 0: refused here as for a user)
        real_open = os.open

        def refused(name: object, flags: int, *args: object) -> int:
            if Path(str(name)).name == LOCK_FILE and flags & 3 == os.O_RDONLY:
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
            return real_open(name, flags, *args)  # type: ignore[arg-type]

        monkeypatch.setattr(os, "open", refused)
    store.update(path, lambda s: s.add(Deal.passed()))
    assert deals(path) == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evening.toml"]


def _full_for_lock_files(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write to a file whose name holds ``.lock`` fails as on a full disk."""
    real_write = os.write

    def write(fd: int, data: bytes) -> int:
        if ".lock" in _target(Path(f"/proc/self/fd/{fd}")):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", write)


@pytest.mark.parametrize("links", [True, False])
def test_a_lock_file_that_cannot_be_written_is_no_lock(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, links: bool
) -> None:
    """A full disk where the lock is a lock file (NFS, SMB): exit 5 with the reason, nothing
    left behind, and the next change, with room again, takes the lock at once."""
    take("file", monkeypatch)
    if not links:  # a file system without hard links: the lock file is written in place
        monkeypatch.delattr(os, "link")
    path = sheet_at(tmp_path)
    with monkeypatch.context() as full:
        _full_for_lock_files(full)
        result = cli("sheet", "pass", str(path))
    assert (result.code, result.stdout) == (5, "")
    assert result.stderr == (
        f"error: cannot lock {path}: no lock file can be made beside it (No space left on "
        "device), and skatcalc changes a file only under its lock; the file is unchanged\n"
    )
    assert path.read_text() == GOOD
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evening.toml"]
    monkeypatch.setattr(files, "LOCK_TIMEOUT", 0.0)
    assert cli("sheet", "pass", str(path)).code == 0
    assert deals(path) == 3


@pytest.fixture
def tiny_disk(tmp_path: Path) -> Iterator[Path]:
    """A folder on a 64 KB tmpfs (root only, where mounting is allowed)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if os.geteuid() != 0 or shutil.which("mount") is None:
        pytest.skip("mounting a tmpfs needs root")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(disk)],
                             capture_output=True, check=False)  # fmt: skip
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs: {mounted.stderr!r}")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def test_a_lock_file_on_a_really_full_disk_is_no_lock(tiny_disk: Path) -> None:
    path = sheet_at(tiny_disk)
    filler = tiny_disk / "filler"
    with open(filler, "wb", buffering=0) as fill, contextlib.suppress(OSError):
        while True:
            fill.write(b"x" * 1024)
    done = subprocess.run(skatcalc_with("file", "sheet", "pass", str(path)), capture_output=True,
                          text=True, timeout=60, check=False)  # fmt: skip
    assert (done.returncode, done.stdout) == (5, "")
    assert done.stderr.startswith(f"error: cannot lock {path}: no lock file can be made beside it")
    assert sorted(p.name for p in tiny_disk.iterdir()) == ["evening.toml", "filler"]
    filler.unlink()
    done = subprocess.run(skatcalc_with("file", "sheet", "pass", str(path)), capture_output=True,
                          text=True, timeout=60, check=False)  # fmt: skip
    assert (done.returncode, done.stderr) == (0, "")
    assert deals(path) == 3


def test_on_windows_the_lock_byte_file_is_hidden(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dot file means nothing to Windows' Explorer: ``.NAME.lockbyte`` gets the hidden
    attribute (issue 30 point 4c), here through a ``ctypes.windll`` as Windows has it."""
    import ctypes
    import types

    take("msvcrt", monkeypatch)
    hidden: list[tuple[str, int]] = []

    def set_file_attributes(name: str, attributes: int) -> int:
        hidden.append((name, attributes))
        return 1

    kernel32 = types.SimpleNamespace(SetFileAttributesW=set_file_attributes)
    monkeypatch.setattr(ctypes, "windll", types.SimpleNamespace(kernel32=kernel32), raising=False)
    path = sheet_at(tmp_path)
    result = cli("sheet", "pass", str(path))
    assert (result.code, result.stderr) == (0, "")
    assert hidden == [(str(tmp_path / ".evening.toml.lockbyte"), 0x2)]  # FILE_ATTRIBUTE_HIDDEN
    assert deals(path) == 3


@pytest.mark.parametrize("kind", KINDS)
def test_every_lock_kind_draws_a_tournament(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """Every change takes the lock: the draw (which creates the tables' sheets under it) too."""
    take(kind, monkeypatch)
    path = tmp_path / "cup.toml"
    assert cli("tournament", "new", str(path), "Anna", "Ben", "Carl").code == 0
    result = cli("tournament", "draw", str(path), "--seed", "1")
    assert (result.code, result.stderr) == (0, "")
    assert (tmp_path / "cup-s1-t1.toml").exists()
    assert cli("tournament", "join", str(path), "Dora").code == 0
