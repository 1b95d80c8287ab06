"""Real processes against one sheet: concurrent adds all land; SIGKILL never breaks the file."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from skatcalc.sheet.model import Deal, Sheet
from skatcalc.spec import GameSpec
from skatcalc.store import sheet as store
from tests.platforms import KINDS, skatcalc_with

PLAYERS = ["Anna", "Ben", "Carl"]


def skatcalc(*args: str) -> list[str]:
    return [sys.executable, "-m", "skatcalc", *args]


def add_command(path: Path, declarer: str, points: int) -> list[str]:
    return skatcalc("sheet", "add", str(path), "--declarer", declarer, "grand", "--with", "1",
                    "--points", str(points))  # fmt: skip


def _patient(command: list[str]) -> list[str]:
    """``python -c CODE ARGS`` with the store's wait for the lock made an hour long first."""
    python, flag, code, *args = command
    return [python, flag, "from skatcalc.store import files\nfiles.LOCK_TIMEOUT = 3600.0\n" + code,
            *args]  # fmt: skip


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_twenty_concurrent_adds_all_land(tmp_path: Path, kind: str) -> None:
    """With each lock kind (flock; Windows' msvcrt.locking; a lock file): tests/platforms.py."""
    path = tmp_path / "evening.toml"
    store.create(path, Sheet.new(PLAYERS))
    # Twenty writers one after another: on two cores loaded by others (load average 13, Python
    # 3.13 compiling its bytecode anew) two of these failed once (flock and the lock file; their
    # output was not kept). Load can outlast the 30 s a writer waits for the lock (exit 5); that
    # limit is not this test's, so here every writer waits as long as it takes.
    procs = [
        subprocess.Popen(
            _patient(skatcalc_with(kind, *add_command(path, PLAYERS[i % 3], 61 + i)[3:])),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for i in range(20)
    ]
    errors = [proc.communicate(timeout=120)[1] for proc in procs]
    assert [proc.returncode for proc in procs] == [0] * 20, errors
    sheet = store.load(path)
    assert len(sheet.deals) == 20
    points = sorted(d.game.points for d in sheet.deals if d.game is not None and d.game.points)
    assert points == list(range(61, 81))


@pytest.mark.slow
def test_sigkill_at_random_moments_never_breaks_the_sheet(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    game = GameSpec("clubs", with_=2, points=70)
    sheet = Sheet.new(PLAYERS)
    for i in range(300):  # a longer sheet makes the write window wider
        sheet = sheet.add(Deal(PLAYERS[i % 3], game))
    store.create(path, sheet)
    start = time.perf_counter()
    subprocess.run(add_command(path, "Anna", 70), check=True, stdout=subprocess.DEVNULL)
    runtime = time.perf_counter() - start
    expected = 301
    rng = random.Random(20261130)
    for _ in range(20):
        proc = subprocess.Popen(add_command(path, "Ben", 80), stdout=subprocess.DEVNULL)
        time.sleep(rng.uniform(0, runtime * 1.2))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        count = len(store.load(path).deals)  # always loads: the old sheet or the new one
        assert count in (expected, expected + 1)
        expected = count
        # and no stale lock: the next call goes through at once
        done = subprocess.run(
            add_command(path, "Carl", 90), check=False, timeout=20, capture_output=True
        )
        assert done.returncode == 0, done.stderr
        expected += 1
        assert len(store.load(path).deals) == expected
    leftovers = [p.name for p in tmp_path.iterdir() if p.name != "evening.toml"]
    assert all(name.startswith(".evening.toml.") for name in leftovers)
    assert os.stat(path).st_size > 0


BROKEN = {
    "hand-broken": (
        'format = 1\nplayers = ["Anna", "Ben", "Carl"]\n\n[[deal]]\ndeclarer = "Anna"\n'
        'game = "clubs"\nwith = 2\npoints = 70\npoints = 71\n',
        "line 9: not valid TOML",
    ),
    "truncated": (
        'format = 1\nplayers = ["Anna", "Ben", "Carl"]\n\n[[deal]]\ndeclarer = "An',
        "line 5: not valid TOML",
    ),
    "newer format": (
        'format = 7\nplayers = ["Anna", "Ben", "Carl"]\n',
        "line 1: this sheet has format 7, written by a newer skatcalc",
    ),
    "not TOML at all": ("Anna 23, Ben -48, Carl 0\n", "line 1: not valid TOML"),
    "a rule broken by hand": (
        'format = 1\nplayers = ["Anna", "Ben", "Carl"]\n\n[[deal]]\ndeclarer = "Anna"\n'
        'game = "grand"\nwith = 5\npoints = 70\n',
        "line 7: deal 1: grand has 4 tops at most",
    ),
}


@pytest.mark.parametrize("kind", list(BROKEN))
@pytest.mark.parametrize(
    "command",
    [["add", "--declarer", "Ben", "grand", "--with", "1", "--points", "70"], ["pass"], ["undo"],
     ["edit", "1", "--passed"], ["show"]],
    ids=lambda c: c[0],
)  # fmt: skip
def test_a_broken_sheet_is_named_with_its_line_and_left_alone(
    tmp_path: Path, kind: str, command: list[str]
) -> None:
    text, message = BROKEN[kind]
    path = tmp_path / "evening.toml"
    path.write_text(text)
    done = subprocess.run(
        skatcalc("sheet", command[0], str(path), *command[1:]),
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 5
    assert done.stderr.startswith(f"error: {path}: {message}"), done.stderr
    assert "Traceback" not in done.stderr
    assert path.read_text() == text
