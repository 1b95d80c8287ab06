"""The README's console examples are run as they stand, so the README cannot drift.

Each ``$ skatcalc …`` line in a ```` ```console ```` block is run as a new process; what follows it
up to the next ``$`` line is what it must print (stdout, then stderr). A line ``  ...`` ends
the comparison there: what comes after it in the output is not shown in the README.
"""

from __future__ import annotations

import glob
import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"


def examples() -> list[tuple[str, list[str]]]:
    blocks = re.findall(r"```console\n(.*?)```", README.read_text(), flags=re.DOTALL)
    out: list[tuple[str, list[str]]] = []
    for block in blocks:
        for part in re.split(r"^\$ ", block, flags=re.MULTILINE)[1:]:
            command, *expected = part.rstrip("\n").split("\n")
            out.append((command, expected))
    return out


EXAMPLES = examples()


def test_the_readme_has_console_examples() -> None:
    assert len(EXAMPLES) >= 6


@pytest.mark.parametrize(("command", "expected"), EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_example(command: str, expected: list[str], tmp_path: Path) -> None:
    argv = shlex.split(command)
    assert argv[0] == "skatcalc"
    # the examples' sheets, in a copy, so an example can read them and never change them
    shutil.copytree(README.parent / "examples", tmp_path / "examples")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "SKATCALC_"))}
    env.update(LANG="C.UTF-8", COLUMNS="80", NO_COLOR="1")
    done = subprocess.run(
        [sys.executable, "-m", "skatcalc", *argv[1:]],
        check=False, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60,
    )  # fmt: skip
    printed = (done.stdout + done.stderr).rstrip("\n").split("\n")
    if "  ..." in expected:
        expected = expected[: expected.index("  ...")]
        printed = printed[: len(expected)]
    assert printed == expected


def test_the_tournament_block_runs_in_order(tmp_path: Path) -> None:
    """The club night's ```sh block, run line by line in the order it is written, as a new
    organiser runs it: every line works (a line that fails there fails here)."""
    section = README.read_text().split("## A tournament or club night: `skatcalc tournament`")[1]
    started, block = re.findall(r"```(?:console|sh)\n(.*?)```", section, flags=re.DOTALL)[:2]
    lines = [started.split("\n")[0].removeprefix("$ ")]
    lines += [line for line in block.split("\n") if line.startswith("skatcalc ")]
    # what the last two lines stand on: a season's sheets in 2026/ and another event, cup.toml
    shutil.copytree(README.parent / "examples", tmp_path / "2026")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "SKATCALC_"))}
    env.update(LANG="C.UTF-8", COLUMNS="80", NO_COLOR="1")

    def run(argv: list[str]) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "skatcalc", *argv],
            check=False, capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60,
        )  # fmt: skip

    assert run(["tournament", "new", "cup.toml", "Anna", "Ben", "Carl"]).returncode == 0
    assert len(lines) >= 15
    for line in lines:
        argv = shlex.split(line, comments=True)
        # the shell's glob, as the organiser's shell expands it
        argv = [a for arg in argv for a in (sorted(glob.glob(arg, root_dir=tmp_path)) or [arg])]
        done = run(argv[1:])
        assert (line, done.returncode) == (line, 0), done.stderr
