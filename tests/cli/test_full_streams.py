"""The exit code survives streams that cannot take what is written (issue 32 point 10).

A cron job's log on a full disk: stderr cannot be written, and Python's last flush used to turn
every refusal into exit 120. Real processes, as users start them (no PYTHONUNBUFFERED: a
buffered stream is the one whose last flush fails), with /dev/full as the full disk; each case
of docs/exit-codes.md ("Streams"), through the quick `value` path, the `value --batch` path and
Typer's.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import new_sheet

pytestmark = pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")

ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONUNBUFFERED", "SKATCALC_LANG")}

FULL = "full"
PIPE = "pipe"


def run(*args: str, out: str = PIPE, err: str = PIPE, given: bytes = b"") -> tuple[int, bytes]:
    """``skatcalc ARGS`` with stdout and stderr each a pipe or /dev/full; the exit code and
    what stdout took (nothing when it is full)."""
    with open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "skatcalc", *args], input=given, env=ENV, timeout=60,
            stdout=full if out == FULL else subprocess.PIPE,
            stderr=full if err == FULL else subprocess.PIPE, check=False,
        )  # fmt: skip
    return done.returncode, done.stdout or b""


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["value", "xyz"], 3),  # the quick path hands a refusal to Typer's command
        (["value", "clubs", "--with", "two"], 2),  # Click's usage error
        (["--lang", "de", "value", "xyz"], 3),
        (["sheet", "show", "no-such-sheet.toml"], 5),
        (["tournament", "show", "no-such-cup.toml"], 5),
    ],
)
def test_a_refusal_on_a_full_stderr_keeps_its_exit_code(args: list[str], code: int) -> None:
    assert run(*args, err=FULL) == (code, b"")


def test_a_bad_batch_line_on_a_full_stderr_keeps_exit_3() -> None:
    code, out = run("value", "--batch", err=FULL, given=b'{"game": "clubs"}\n')
    assert code == 3
    assert out.startswith(b'{"line": 1, "error": ')


@pytest.mark.parametrize(
    "args",
    [
        ["value", "kr", "m2", "h", "56", "b20"],  # the quick path
        ["value", "kr", "m2", "h", "56", "b20", "--json"],
        ["--lang", "en", "value", "clubs", "--with", "2", "--points", "70"],  # through Typer
        ["--help"],
    ],
)
def test_a_full_stdout_and_a_full_stderr_exit_5(args: list[str]) -> None:
    assert run(*args, out=FULL, err=FULL) == (5, b"")
    assert run(*args, out=FULL) == (5, b"")  # as before: the line on stderr, exit 5


def test_a_change_with_both_streams_full_is_saved_and_exits_5(tmp_path: Path) -> None:
    from skatcalc.store import sheet as store

    path = new_sheet(tmp_path)
    code, _ = run("sheet", "add", str(path), "an", "gr", "m1", "70", out=FULL, err=FULL)
    assert code == 5
    assert len(store.load(path).deals) == 1


def test_a_closed_pipe_with_a_full_stderr_ends_quietly() -> None:
    with open("/dev/full", "wb") as full:
        proc = subprocess.Popen(
            [sys.executable, "-m", "skatcalc", "value", "--batch"], env=ENV,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=full,
        )  # fmt: skip
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdout.close()
        with contextlib.suppress(BrokenPipeError):  # it ended before reading all
            proc.stdin.write(b'{"game": "clubs", "with": 2, "points": 70}\n' * 20_000)
            proc.stdin.close()
        assert proc.wait(timeout=60) == -signal.SIGPIPE  # the shell says 141


def test_a_success_on_a_full_stderr_is_0() -> None:
    code, out = run("value", "kr", "m2", "h", "56", "b20", err=FULL)
    assert code == 0
    assert out.startswith(b"Clubs")


@pytest.mark.parametrize(
    ("args", "code"), [(["value", "xyz"], 3), (["value", "clubs", "--with", "two"], 2)]
)
def test_a_stderr_whose_reader_went_away_keeps_the_exit_code(args: list[str], code: int) -> None:
    """A logger that died: the words are lost, the code is not (stdout's reader gone is 141)."""
    read, write = os.pipe()
    os.close(read)
    try:
        done = subprocess.run([sys.executable, "-m", "skatcalc", *args], env=ENV, stderr=write,
                              stdout=subprocess.PIPE, timeout=60, check=False)  # fmt: skip
    finally:
        os.close(write)
    assert (done.returncode, done.stdout) == (code, b"")
