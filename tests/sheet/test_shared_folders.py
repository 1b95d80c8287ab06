"""Writing into a shared folder (issue 20 point 1): the temp file's mode and owner are set on
its descriptor, a link swapped in is never followed or put in place, and a change keeps the
sheet's owner, group and mode: by a temp file that gets them, or by a rewrite in place after a
journal where it cannot (docs/files.md).

The club members are real users, made for the run (root only: skipped with the reason
otherwise); they run skatcalc through setpriv, keeping only the right to look into folders
(this repository's interpreter lies under /root), never the right to write another's file.
"""

from __future__ import annotations

import grp
import os
import pwd
import shutil
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

import pytest

from skatcalc.errors import SheetFileError
from skatcalc.sheet.model import Deal
from skatcalc.store import files
from skatcalc.store import sheet as store
from tests.cli.helpers import cli
from tests.data import GOOD
from tests.said import raises_saying

ADD = ["--declarer", "Ben", "grand", "--with", "1", "--points", "70"]


def owner(path: Path) -> tuple[int, int, int]:
    info = path.stat()
    return info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)


def deals(path: Path) -> int:
    return len(store.load(path).deals)


def sheet_at(folder: Path) -> Path:
    path = folder / "evening.toml"
    path.write_text(GOOD, encoding="utf-8")
    return path


# --- as root: no other user needed -----------------------------------------------------------


@pytest.fixture
def root() -> None:
    if os.geteuid() != 0:
        pytest.skip("giving a file to another owner takes root")


def test_sudo_sheet_add_leaves_the_sheet_to_its_owner(root: None, tmp_path: Path) -> None:
    path = sheet_at(tmp_path)
    os.chown(path, 4242, 4343)  # a user's sheet, their group
    path.chmod(0o640)
    result = cli("sheet", "add", str(path), *ADD)
    assert (result.code, result.stderr) == (0, "")
    assert owner(path) == (4242, 4343, 0o640)
    assert deals(path) == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evening.toml"]


def test_a_temp_file_swapped_for_a_link_is_never_followed_nor_put_in_place(
    root: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another member of a group-writable folder swaps the temp file for a link to a private
    file while it is synced: the private file keeps its mode, the sheet stays a file."""
    private = tmp_path / "private.txt"
    private.write_text("root's own\n")
    private.chmod(0o600)
    path = sheet_at(tmp_path)
    path.chmod(0o644)
    write_all = files._write_all

    def slow_disk(fd: int, data: bytes) -> None:
        write_all(fd, data)
        (tmp,) = tmp_path.glob(".evening.toml.*.tmp")
        tmp.unlink()
        tmp.symlink_to(private)

    monkeypatch.setattr(files, "_write_all", slow_disk)
    with raises_saying(SheetFileError, match="was replaced by someone else before it was put"):
        store.update(path, lambda s: s.add(Deal.passed()))
    assert stat.S_IMODE(private.stat().st_mode) == 0o600
    assert not path.is_symlink()
    assert path.read_text() == GOOD


def test_where_the_owner_cannot_be_kept_the_sheet_is_rewritten_in_place(
    root: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files, "_give", lambda fd, uid, gid: False)  # as a member, not root
    path = sheet_at(tmp_path)
    path.chmod(0o660)
    inode = path.stat().st_ino
    store.update(path, lambda s: s.add(Deal.passed()))
    assert (path.stat().st_ino, deals(path)) == (inode, 3)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["evening.toml"]


class Crash(BaseException):
    """The process killed halfway through the rewrite."""


def test_a_crash_in_a_rewrite_in_place_loses_nothing(
    root: None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(files, "_give", lambda fd, uid, gid: False)
    path = sheet_at(tmp_path)
    overwrite = files._overwrite

    def killed(path: Path, fd: int, data: bytes) -> None:
        os.ftruncate(fd, 20)  # the file cut, the rest not yet written
        raise Crash

    monkeypatch.setattr(files, "_overwrite", killed)
    with pytest.raises(Crash):
        store.update(path, lambda s: s.add(Deal.passed()))
    assert path.read_text() != GOOD  # torn
    journal = tmp_path / ".evening.toml.journal"
    assert journal.read_text() == GOOD
    assert deals(path) == 2  # readers read the journal: the sheet as it was
    result = cli("sheet", "show", str(path), "--json")
    assert result.code == 0
    monkeypatch.setattr(files, "_overwrite", overwrite)
    store.update(path, lambda s: s.add(Deal.passed()))  # puts the journal back first
    assert deals(path) == 3
    assert not journal.exists()
    assert path.read_text().startswith(GOOD)


# --- club members: real users --------------------------------------------------------------


class Club(NamedTuple):
    first: str
    second: str
    group: str
    folder: Path

    def uid(self, name: str) -> int:
        return pwd.getpwnam(name).pw_uid

    def gid(self) -> int:
        return grp.getgrnam(self.group).gr_gid

    def run(self, user: str, *args: str, prelude: str = "") -> subprocess.CompletedProcess[str]:
        """``skatcalc ARGS`` as ``user``, able to look into folders and nothing more."""
        caps = "+dac_read_search"  # the interpreter lies under /root (0700)
        argv = [
            "setpriv", f"--reuid={user}", f"--regid={user}", "--init-groups",
            f"--inh-caps={caps}", f"--ambient-caps={caps}",
            sys.executable, "-c", prelude + "from skatcalc.cli import main\nmain()\n", *args,
        ]  # fmt: skip
        # a member's own cache folder, not the test's (root's, which is no member's: skatcalc
        # would say once that it cannot keep a state there); these members have no home
        env = {**os.environ, "SKATCALC_CACHE_DIR": ""}
        return subprocess.run(
            argv, capture_output=True, text=True, timeout=120, check=False, env=env
        )


@pytest.fixture
def club(tmp_path: Path) -> Iterator[Club]:
    if os.geteuid() != 0:
        pytest.skip("making club members takes root")
    if not all(shutil.which(tool) for tool in ("useradd", "groupadd", "userdel", "setpriv")):
        pytest.skip("needs useradd, groupadd, userdel and setpriv")
    tag = f"skc{os.getpid()}"
    group = f"{tag}club"
    first, second = f"{tag}first", f"{tag}second"
    subprocess.run(["groupadd", group], check=True)
    try:
        for user in (first, second):
            subprocess.run(["useradd", "-M", "-U", "-G", group, user], check=True)
        folder = tmp_path / "club"
        folder.mkdir()
        os.chown(folder, 0, grp.getgrnam(group).gr_gid)
        folder.chmod(0o770)  # the club's folder: group-writable, no setgid
        yield Club(first, second, group, folder)
    finally:
        for user in (first, second):
            subprocess.run(["userdel", user], check=False, capture_output=True)
        subprocess.run(["groupdel", group], check=False, capture_output=True)


def test_a_second_member_adding_a_deal_keeps_the_first_members_sheet(club: Club) -> None:
    path = sheet_at(club.folder)
    os.chown(path, club.uid(club.first), club.gid())
    path.chmod(0o660)
    done = club.run(club.second, "sheet", "add", str(path), *ADD)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    assert owner(path) == (club.uid(club.first), club.gid(), 0o660)
    assert deals(path) == 3
    assert sorted(p.name for p in club.folder.iterdir()) == ["evening.toml"]
    again = club.run(club.first, "sheet", "pass", str(path))  # and the first can go on
    assert (again.returncode, again.stderr) == (0, "")
    assert owner(path) == (club.uid(club.first), club.gid(), 0o660)
    assert deals(path) == 4


def test_a_member_who_may_not_write_the_sheet_is_refused(club: Club) -> None:
    path = sheet_at(club.folder)
    os.chown(path, club.uid(club.first), club.gid())
    path.chmod(0o640)  # the group reads, only its owner writes
    done = club.run(club.second, "sheet", "add", str(path), *ADD)
    assert done.returncode == 5
    assert done.stderr == (
        f"error: {path} belongs to another user and you may not write it: it is unchanged "
        f"(its owner can let the group write it: chmod g+w {path})\n"
    )
    assert (owner(path), path.read_text()) == ((club.uid(club.first), club.gid(), 0o640), GOOD)
    assert sorted(p.name for p in club.folder.iterdir()) == ["evening.toml"]


def test_a_member_killed_in_a_rewrite_leaves_a_journal_the_others_read(club: Club) -> None:
    path = sheet_at(club.folder)
    os.chown(path, club.uid(club.first), club.gid())
    path.chmod(0o660)
    killed = (
        "import os\nfrom skatcalc.store import files\n"
        "def _killed(path, fd, data):\n    os.ftruncate(fd, 20)\n    os._exit(9)\n"
        "files._overwrite = _killed\n"
    )
    done = club.run(club.second, "sheet", "add", str(path), *ADD, prelude=killed)
    assert done.returncode == 9
    journal = club.folder / ".evening.toml.journal"
    assert journal.stat().st_gid == club.gid()  # the first member can read it
    shown = club.run(club.first, "sheet", "show", str(path), "--json")
    assert (shown.returncode, shown.stderr) == (0, "")
    assert '"n": 2' in shown.stdout and '"n": 3' not in shown.stdout
    again = club.run(club.first, "sheet", "add", str(path), *ADD)
    assert (again.returncode, again.stderr) == (0, "")
    assert (deals(path), journal.exists()) == (3, False)
    assert owner(path) == (club.uid(club.first), club.gid(), 0o660)


def test_a_journal_that_is_a_link_is_never_followed(tmp_path: Path) -> None:
    """Another member plants ``.NAME.journal`` as a link to a file only root may read: no
    reader shows it, and no change copies it into the sheet."""
    private = tmp_path / "private.toml"
    private.write_text(GOOD.replace("Carl", "Secret"))
    private.chmod(0o600)
    path = sheet_at(tmp_path)
    (tmp_path / ".evening.toml.journal").symlink_to(private)
    result = cli("sheet", "show", str(path))
    assert (result.code, result.stdout) == (5, "")
    assert result.stderr == f"error: cannot read {path}: Too many levels of symbolic links\n"
    with raises_saying(SheetFileError, match="its journal .* cannot be put back: Too many"):
        store.update(path, lambda s: s.add(Deal.passed()))
    assert path.read_text() == GOOD
