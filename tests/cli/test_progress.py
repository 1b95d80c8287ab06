"""Long work shows a progress bar at a terminal, on stderr; a pipe sees none of it (issue 23
point 7). Run as a person meets it: stderr on a real pseudo-terminal."""

from __future__ import annotations

import os
import pty
import select
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PASSES = '{"pass": true}\n' * 1000


def _run(args: list[str], *, terminal: bool, stdin: str = "") -> tuple[int, bytes, bytes]:
    """``skatcalc ARGS``: its exit code, stdout (a pipe) and stderr (a terminal or a pipe)."""
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "100"}
    if not terminal:
        done = subprocess.run(
            [sys.executable, "-m", "skatcalc", *args], input=stdin.encode(), capture_output=True,
            env=env, check=False,
        )  # fmt: skip
        return done.returncode, done.stdout, done.stderr
    main, child = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "skatcalc", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=child, env=env,
    )  # fmt: skip
    os.close(child)
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(stdin.encode())
    process.stdin.close()
    said = b""
    while True:  # read the terminal while it runs, or the child blocks on a full pty
        ready, _, _ = select.select([main], [], [], 30)
        if not ready:
            break
        try:
            chunk = os.read(main, 65536)
        except OSError:  # the child side closed: all was read
            break
        if not chunk:
            break
        said += chunk
    out = process.stdout.read()
    code = process.wait(timeout=60)
    os.close(main)
    return code, out, said


def _drawn(bar: bytes) -> bytes:
    """The bar as the terminal got it: rich's own escape sequences, never written out as text
    (``\\x1b[2K`` printed literally, as an escaping stream would make them)."""
    assert b"\x1b[" in bar, bar[:200]
    assert b"\\x1b" not in bar and b"\\x0d" not in bar, bar[:200]
    return bar


def _sheets(tmp_path: Path, count: int) -> list[str]:
    names = []
    for n in range(count):
        path = tmp_path / f"evening-{n}.toml"
        shutil.copy(EXAMPLES / "evening-four.toml", path)
        names.append(str(path))
    return names


@pytest.mark.slow
@pytest.mark.parametrize(
    "command", [["sheet", "stats"], ["sheet", "settle", "--stake", "0.05"]], ids=["stats", "settle"]
)
def test_many_sheets_show_a_bar_at_a_terminal_only(tmp_path: Path, command: list[str]) -> None:
    files = _sheets(tmp_path, 3)
    code, out, bar = _run([*command, *files], terminal=True)
    assert code == 0
    assert b"Reading 3 sheets" in _drawn(bar) and b"3/3" in bar
    piped = _run([*command, *files], terminal=False)
    assert piped == (0, out, b"")  # the same data, and nothing on stderr


@pytest.mark.slow
def test_a_batch_of_many_deals_and_its_import(tmp_path: Path) -> None:
    sheet = tmp_path / "long.toml"
    assert _run(["sheet", "new", str(sheet), "Anna", "Ben", "Carl"], terminal=False)[0] == 0
    code, out, bar = _run(["sheet", "add", str(sheet), "--batch"], terminal=True, stdin=PASSES)
    assert code == 0 and out.startswith(f"Imported 1000 deals into {sheet}".encode())
    assert b"Checking and saving 1000 deals" in _drawn(bar) and b"1000/1000" in bar
    other = tmp_path / "other.toml"
    assert _run(["sheet", "new", str(other), "Anna", "Ben", "Carl"], terminal=False)[0] == 0
    piped = _run(["sheet", "add", str(other), "--batch"], terminal=False, stdin=PASSES)
    assert piped[0] == 0 and piped[2] == b""
    export = tmp_path / "long.json"
    exported = _run(["sheet", "export", str(sheet), "--format", "json", "-o", str(export)], terminal=False)  # fmt: skip
    assert exported[0] == 0
    code, out, bar = _run(["sheet", "import", str(export), str(tmp_path / "back.toml")], terminal=True)  # fmt: skip
    assert code == 0 and b"Importing 1000 deals" in _drawn(bar)
    piped = _run(["sheet", "import", str(export), str(tmp_path / "again.toml")], terminal=False)
    assert piped[0] == 0 and piped[2] == b""


@pytest.mark.slow
def test_a_tournament_reads_its_tables_with_a_bar(tmp_path: Path) -> None:
    cup = tmp_path / "cup.toml"
    field = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"]
    assert _run(["tournament", "new", str(cup), *field], terminal=False)[0] == 0
    assert _run(["tournament", "draw", str(cup), "--seed", "1"], terminal=False)[0] == 0
    code, out, bar = _run(["tournament", "standings", str(cup)], terminal=True)
    assert code == 0 and b"Reading the tables' sheets" in _drawn(bar) and b"2/2" in bar
    assert _run(["tournament", "standings", str(cup)], terminal=False) == (0, out, b"")
