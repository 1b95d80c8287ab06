"""A tournament file is read, created and changed by the same store as a sheet (issue 19): the
same refusals, limits and fallbacks, each seen from the command line as a player meets it."""

from __future__ import annotations

import errno
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

from skatcalc.errors import SheetError
from skatcalc.sheet.model import Sheet
from skatcalc.store import sheet as sheets
from skatcalc.store import tournament as store
from skatcalc.store.files import New
from skatcalc.tournament.model import Tournament
from tests.said import raises_saying

HEAD = 'format = 1\nname = "Cup"\nplayers = ["Anna", "Ben", "Carl"]\n'


def run(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "skatcalc", *args], capture_output=True, text=True,
        timeout=timeout, check=False, stdin=subprocess.DEVNULL,
    )  # fmt: skip


def one_error(done: subprocess.CompletedProcess[str], code: int, line: str) -> None:
    """Exit ``code``, nothing on stdout, and ``line`` the one line on stderr."""
    assert (done.returncode, done.stdout, done.stderr) == (code, "", f"error: {line}\n")


def test_a_fifo_is_refused_at_once_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "cup.toml"
    os.mkfifo(fifo)
    for command in ("show", "standings", "join"):
        args = [command, str(fifo)] + (["Dora"] if command == "join" else [])
        one_error(run("tournament", *args, timeout=20), 5,
                  f"{fifo} is a named pipe (FIFO), not a tournament: give the path of a "
                  "tournament file")  # fmt: skip


def test_a_directory_is_no_tournament(tmp_path: Path) -> None:
    one_error(run("tournament", "show", str(tmp_path)), 5,
              f"{tmp_path} is a directory, not a tournament: give the path of a tournament "
              "file")  # fmt: skip


RTOML = importlib.util.find_spec("rtoml") is not None
TOO_DEEP = "cannot recurse further" if RTOML else "maximum recursion depth exceeded"
TOO_LONG = "integer number overflowed at line 10" if RTOML else "Exceeds the limit (4300 digits)"


@pytest.mark.parametrize(
    ("value", "said"),
    [
        # the same words as the same text in a sheet (tests/sheet/test_hostile.py); tomllib's
        # own where rtoml is not installed
        ("[" * 2000 + "]" * 2000, f"not valid TOML: {TOO_DEEP}"),
        ("9" * 5000, "not valid TOML: " + TOO_LONG.replace("line 10", "line 4")),
    ],
)
def test_toml_the_reader_refuses_is_one_error_line_naming_the_file(
    tmp_path: Path, value: str, said: str
) -> None:
    path = tmp_path / "cup.toml"
    text = HEAD + f"planned = {value}\n"
    path.write_text(text)
    for args in (["show", str(path)], ["join", str(path), "Dora"]):
        done = run("tournament", *args)
        assert (done.returncode, done.stdout) == (5, ""), done.stderr
        assert done.stderr.startswith(f"error: {path}: {said}"), done.stderr
        assert done.stderr.count("\n") == 1
    assert path.read_text() == text


def test_a_file_too_large_for_any_tournament_is_not_read(tmp_path: Path) -> None:
    path = tmp_path / "cup.toml"
    with path.open("wb") as handle:
        handle.truncate(8 * 1024 * 1024 + 1)
    one_error(run("tournament", "show", str(path)), 5,
              f"{path} is larger than 8 MB, more than any tournament: it is not read")  # fmt: skip


def test_a_tournament_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "cup.toml"
    path.write_bytes(HEAD.encode() + b'withdrawn = ["Zo\xeb"]\n')
    one_error(run("tournament", "show", str(path)), 5,
              f"{path}: line 4: not UTF-8 text, so not a tournament; the file is left as it is")  # fmt: skip


def test_tournament_new_without_hard_links(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(src: object, dst: object) -> None:
        raise PermissionError(errno.EPERM, "Operation not permitted")  # FAT, exFAT, SMB

    monkeypatch.setattr(os, "link", no_links)
    path = tmp_path / "cup.toml"
    store.create(path, Tournament.new("Cup", ["Anna", "Ben", "Carl"]))
    assert store.load(path).players == ("Anna", "Ben", "Carl")
    assert [p.name for p in tmp_path.iterdir()] == ["cup.toml"]
    with raises_saying(SheetError, match="already exists"):
        store.create(path, Tournament.new("Cup", ["Dora", "Ben", "Carl"]))
    assert store.load(path).players == ("Anna", "Ben", "Carl")


def test_a_draw_that_cannot_write_the_tournament_leaves_no_sheet(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "cup.toml"
    store.create(path, Tournament.new("Cup", ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"]))
    before = path.read_text()

    def drawn(tournament: Tournament, new: New) -> Tournament:
        drawn = tournament.draw_next(1, stem="cup")
        tables = [
            (store.sheet_path(path, t), Sheet.new(t.players)) for t in drawn.series[-1].tables
        ]
        new.create(tables, sheets.SHEET, code="err.tournament.sheet_exists")
        assert len(list(tmp_path.iterdir())) == 3  # both sheets made, under the lock
        return drawn

    def full(src: object, dst: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "replace", full)  # the tournament's own atomic write fails
    with raises_saying(SheetError, match="No space left on device"), store.all_or_none() as new:
        store.update(path, lambda t: drawn(t, new))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.toml"]
    assert path.read_text() == before
