"""The one way CLI tests run skatcalc: in-process, on the command built once for the session, and
see exit code, stdout and stderr.

Tests import these from here, never from another test module. Building the command tree costs
more than most commands' work (Typer reads every function's annotations), so it is built once
(:func:`skatcalc.cli.app.command`) and each command under it the first time a test runs it.
"""

from __future__ import annotations

import json
import shlex
import sys
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from typer.testing import CliRunner

from skatcalc.cli.app import command


class Outcome(NamedTuple):
    """What a command did: exit code, stdout, stderr."""

    code: int
    stdout: str
    stderr: str


Run = Callable[..., Outcome]
THREE = ("Anna", "Ben", "Carl")
FOUR = ("Anna", "Ben", "Carl", "Dora")


@cache
def _root() -> Any:
    return command()


def cli(
    *args: str, input: str | bytes | None = None, env: Mapping[str, str | None] | None = None
) -> Outcome:
    """Run ``skatcalc ARGS`` in-process, as typer's CliRunner does (stdin from ``input``, the
    environment overridden by ``env``, 80 columns); a crash (not an exit) fails the test with
    its traceback."""
    with CliRunner().isolation(input=input, env=env) as (out, err, _):
        try:
            _root().main(args=[str(arg) for arg in args], prog_name="skatcalc")
            code = 0
        except SystemExit as done:
            code = done.code if isinstance(done.code, int) else 0
            if done.code is not None and not isinstance(done.code, int):  # sys.exit("why")
                sys.stdout.write(f"{done.code}\n")
                code = 1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
        said = out.getvalue().decode("utf-8", "replace"), err.getvalue().decode("utf-8", "replace")
    return Outcome(code, said[0].replace("\r\n", "\n"), said[1].replace("\r\n", "\n"))


# --- helpers ---------------------------------------------------------------------------------


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


def refused(path: Path, *args: str, code: int = 4) -> Outcome:
    """The command fails with ``code`` and leaves the file byte for byte as it was."""
    before = path.read_bytes()
    result = cli(*args)
    assert result.code == code, result
    assert path.read_bytes() == before
    return result


def on_a_terminal(
    argv: list[str], env: dict[str, str], fd: int, main: int, input: bytes | None = None
) -> bytes:
    """Run ``skatcalc ARGV`` with stdout on the pseudo-terminal whose sides are ``fd`` (the
    child's) and ``main`` (stdin ``input`` from a pipe, if given); everything it printed there.
    The child must succeed."""
    import os
    import subprocess

    done = subprocess.run(
        [sys.executable, "-m", "skatcalc", *argv], stdout=fd, stderr=subprocess.DEVNULL,
        env=env, check=True, input=input,
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


def paper_cup(folder: Path, *lines: str) -> Path:
    """``folder/cup.toml``: a tournament of Anna, Ben and Carl over one series, drawn, its one
    table's result entered from the paper list ``lines`` (``NAME=POINTS/WON/LOST``)."""
    cup = folder / "cup.toml"
    assert cli("tournament", "new", cup, "Anna", "Ben", "Carl", "--series", "1").code == 0
    assert cli("tournament", "draw", cup, "--seed", "1").code == 0
    out = cli("tournament", "result", cup, "--series", "1", "--table", "1", *lines)
    assert out.code == 0, out
    return cup
