"""``value --batch`` as a co-process (issue 30 point 3): real processes and real pipes.

A program writes one game, keeps the pipe open and waits for its answer; a reader that set
O_NONBLOCK on the pipe it shares with skatcalc reads slowly. Every wait is bounded: a hang
fails the test, it never blocks the suite.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from skatcalc.cli import streams

ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONUNBUFFERED", "SKATCALC_LANG")}
POSIX = pytest.mark.skipif(sys.platform == "win32", reason="select on pipes, O_NONBLOCK")


def _line(proc: subprocess.Popen[bytes], within: float = 30.0) -> bytes:
    """One line of the process's stdout, or a failure after ``within`` seconds."""
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    got = b""
    end = time.monotonic() + within
    while not got.endswith(b"\n"):
        left = end - time.monotonic()
        if left <= 0 or not select.select([fd], [], [], left)[0]:
            pytest.fail(f"no answer within {within} s while the input stays open: {got!r}")
        chunk = os.read(fd, 1)
        if not chunk:
            pytest.fail(f"stdout ended before a whole line: {got!r}")
        got += chunk
    return got


@POSIX
def test_each_game_is_answered_while_the_pipe_stays_open() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-m", "skatcalc", "value", "--batch"], env=ENV,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )  # fmt: skip
    assert proc.stdin is not None
    try:
        proc.stdin.write(b'{"game": "clubs", "with": 1}\n')
        proc.stdin.flush()
        assert json.loads(_line(proc))["value"] == 24
        proc.stdin.write(b'{"game": "grand", "with": 2, "points": 70}\n')
        proc.stdin.flush()
        assert json.loads(_line(proc))["score"] == 72
        proc.stdin.write(b'{"game": "grand", "with": 12}\n')  # an error is answered at once too
        proc.stdin.flush()
        assert json.loads(_line(proc))["line"] == 3
        proc.stdin.close()
        assert proc.wait(timeout=30) == 3  # one line failed
    finally:
        proc.kill()
        proc.wait(timeout=30)


GAMES = 2000


@POSIX
def test_a_slow_reader_of_a_non_blocking_pipe_gets_every_answer(tmp_path: Path) -> None:
    games = tmp_path / "games.jsonl"
    games.write_text(
        "".join(
            json.dumps({"game": "clubs", "with": 1 + n % 4, "points": 61 + n % 30}) + "\n"
            for n in range(GAMES)
        )
    )
    read, write = os.pipe()
    os.set_blocking(write, False)  # as an event loop sets the pipe it reads from
    with games.open("rb") as given:
        proc = subprocess.Popen(
            [sys.executable, "-m", "skatcalc", "value", "--batch"], env=ENV,
            stdin=given, stdout=write, stderr=subprocess.PIPE,
        )  # fmt: skip
    os.close(write)
    got = b""
    end = time.monotonic() + 120
    try:
        while True:
            assert select.select([read], [], [], max(0, end - time.monotonic()))[0], "hangs"
            chunk = os.read(read, 4096)
            if not chunk:
                break
            got += chunk
            time.sleep(0.002)  # a slow reader: the pipe fills, the writer is refused
        assert proc.wait(timeout=60) == 0
    finally:
        os.close(read)
        proc.kill()
        proc.wait(timeout=30)
    lines = got.decode().splitlines()
    assert len(lines) == GAMES
    assert [json.loads(line)["points"] for line in lines[:3]] == [61, 62, 63]


def test_a_file_is_read_without_asking_whether_input_waits(tmp_path: Path) -> None:
    """From a file the answers keep going out in chunks: nothing ever waits."""
    path = tmp_path / "games.jsonl"
    path.write_text('{"game": "clubs"}\n')
    with path.open() as given:
        _, waits = streams.games_in(given, lambda: None)  # type: ignore[arg-type]
    assert waits is False


@POSIX
def test_a_read_that_would_wait_sends_the_answers_first(monkeypatch: pytest.MonkeyPatch) -> None:
    read, write = os.pipe()
    flushed: list[int] = []
    with os.fdopen(read, "r") as stdin:
        games, waits = streams.games_in(stdin, lambda: flushed.append(1))
        assert waits is True
        os.write(write, b"one\ntwo\n")
        assert games.readline() == b"one\n"
        assert flushed == []  # input was waiting: nothing sent early
        assert games.readline() == b"two\n"
        os.close(write)
        assert games.readline() == b""
        assert flushed == []  # the end of input is there at once too
    read, write = os.pipe()
    with os.fdopen(read, "r") as stdin:
        games, _ = streams.games_in(stdin, lambda: flushed.append(1))
        # where select cannot tell (a Windows pipe), every read sends the answers first
        monkeypatch.setattr(select, "select", _no_select)
        os.write(write, b"one\n")
        assert games.readline() == b"one\n"
        assert flushed == [1]
        os.close(write)


def _no_select(*_: object) -> object:
    raise OSError("not a socket")
