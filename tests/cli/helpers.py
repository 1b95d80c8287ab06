"""Helpers the CLI tests share: run skatcalc in-process and see exit code, stdout and stderr.

Tests import these from here, never from another test module or from conftest.py.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from typer.testing import CliRunner

from skatcalc.cli.app import app

Run = Callable[..., "Outcome"]


class Outcome:
    """What a command did: exit code, stdout, stderr."""

    def __init__(self, code: int, stdout: str, stderr: str) -> None:
        self.code = code
        self.stdout = stdout
        self.stderr = stderr

    def __repr__(self) -> str:
        return f"Outcome({self.code}, {self.stdout!r}, {self.stderr!r})"


RUNNER = CliRunner()
THREE = ("Anna", "Ben", "Carl")
FOUR = ("Anna", "Ben", "Carl", "Dora")


# --- helpers ---------------------------------------------------------------------------------


class Result(NamedTuple):
    code: int
    stdout: str
    stderr: str


def cli(*args: str) -> Result:
    """Run skatcalc in-process; a crash (not an exit) fails the test with its traceback."""
    result = RUNNER.invoke(app, list(args))
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return Result(result.exit_code, result.stdout, result.stderr)


def ok(*args: str) -> str:
    result = cli(*args)
    assert result.code == 0, result
    return result.stdout


def new_sheet(tmp_path: Path, options: str = "", players: tuple[str, ...] = THREE) -> Path:
    """``sheet new`` with the rule options given as one string, e.g. "--preset pub --bock"."""
    path = tmp_path / "sheet.toml"
    ok("sheet", "new", str(path), *players, *shlex.split(options))
    return path


def entry_args(path: Path, entry: str) -> list[str]:
    """The command line of one deal: "pass", "ramsch Anna=62 Ben=58 Carl=0 ...", or
    "Anna: clubs --with 1 --points 70" (declarer: the options of ``sheet add``)."""
    if entry == "pass":
        return ["sheet", "pass", str(path)]
    if entry.startswith("ramsch "):
        return ["sheet", "ramsch", str(path), *shlex.split(entry.removeprefix("ramsch "))]
    declarer, game = entry.split(":", 1)
    return ["sheet", "add", str(path), "--declarer", declarer, *shlex.split(game)]


def play(path: Path, *entries: str) -> None:
    for entry in entries:
        ok(*entry_args(path, entry))


def show(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(ok("sheet", "show", str(path), "--json"))
    return data


def column(data: dict[str, Any], key: str) -> list[Any]:
    return [game[key] for game in data["games"]]


def player(data: dict[str, Any], name: str) -> dict[str, Any]:
    found: dict[str, Any] = next(p for p in data["players"] if p["name"] == name)
    return found


def refused(path: Path, *args: str, code: int = 4) -> Result:
    """The command fails with ``code`` and leaves the file byte for byte as it was."""
    before = path.read_bytes()
    result = cli(*args)
    assert result.code == code, result
    assert path.read_bytes() == before
    return result


def on_a_terminal(argv: list[str], env: dict[str, str], fd: int, main: int) -> bytes:
    """Run ``skatcalc ARGV`` with stdout on the pseudo-terminal whose sides are ``fd`` (the
    child's) and ``main``; everything it printed there. The child must succeed."""
    import os
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "skatcalc", *argv], stdout=fd, stderr=subprocess.DEVNULL,
        env=env, check=True,
    )  # fmt: skip
    os.close(fd)
    chunks = []
    while True:
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the child side is closed: all was read
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(main)
    assert done.returncode == 0
    return b"".join(chunks)
