"""Prose fits the terminal: at an 80-column terminal no line of `value`, `bid`, `sheet new`,
`sheet rules` or `sheet settle` is wider than 80, names and words whole; to a pipe every line
goes as it is (scripts read the same text whatever the width)."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from skatcalc.formats.terminal import cells
from tests.cli.helpers import on_a_terminal

EXAMPLES = Path(__file__).parents[2] / "examples"
PUB = str(EXAMPLES / "evening-four.toml")


def _terminal(args: list[str], columns: int) -> list[str]:
    base = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    env = {**base, "TERM": "dumb", "NO_COLOR": "1", "COLUMNS": str(columns), "SKATCALC_LANG": "de"}
    main, child = pty.openpty()
    return on_a_terminal(args, env, child, main).decode().replace("\r\n", "\n").splitlines()


def _piped(args: list[str]) -> list[str]:
    env = {**os.environ, "COLUMNS": "80", "SKATCALC_LANG": "de"}
    done = subprocess.run(
        [sys.executable, "-m", "skatcalc", *args], capture_output=True, text=True, env=env,
        check=True,
    )  # fmt: skip
    return done.stdout.splitlines()


COMMANDS = {
    "value": ["value", "kreuz", "m2", "hand", "56", "b20"],
    "bid": ["bid", "--cards", "SJ HJ CA CT CK CQ C9 SA ST H7"],
    "sheet rules": ["sheet", "rules", PUB],
    "sheet settle": ["sheet", "settle", PUB, "--stake", "0,05"],
}


@pytest.mark.parametrize("args", COMMANDS.values(), ids=COMMANDS.keys())
def test_at_a_terminal_no_line_is_wider_than_it(args: list[str]) -> None:
    piped = _piped(args)
    assert max(cells(line) for line in piped) > 80  # else the test would prove nothing
    shown = _terminal(args, 80)
    assert max(cells(line) for line in shown) <= 80, shown
    # the same words in the same order: only the breaks differ
    assert " ".join(shown).split() == " ".join(piped).split()
