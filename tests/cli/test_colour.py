"""Colour follows no-color.org and force-color.org: a variable asks only with a value, so
``NO_COLOR=`` (set, empty) and ``FORCE_COLOR=`` ask nothing (issue 23 point 9)."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.helpers import on_a_terminal

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
SHOW = ["sheet", "show", str(EXAMPLES / "evening-three.toml"), "--last", "1"]
STATS = ["sheet", "stats", str(EXAMPLES / "evening-three.toml")]
ESC = b"\x1b["


def _base(**env: str) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "TERM")}
    return {**base, "TERM": "xterm-256color", "COLUMNS": "100", **env}


def _at_a_terminal(args: list[str], **env: str) -> bytes:
    main, child = pty.openpty()
    return on_a_terminal(args, _base(**env), child, main)


def _to_a_pipe(args: list[str], **env: str) -> bytes:
    return subprocess.run(
        [sys.executable, "-m", "skatcalc", *args], capture_output=True, env=_base(**env),
        check=True,
    ).stdout  # fmt: skip


@pytest.mark.parametrize("args", [SHOW, STATS], ids=["show", "stats"])
def test_an_empty_no_color_does_not_turn_colour_off(args: list[str]) -> None:
    assert ESC in _at_a_terminal(args)
    assert ESC in _at_a_terminal(args, NO_COLOR="")
    assert ESC not in _at_a_terminal(args, NO_COLOR="1")


@pytest.mark.parametrize("args", [SHOW, STATS], ids=["show", "stats"])
def test_an_empty_force_color_does_not_colour_a_pipe(args: list[str]) -> None:
    assert ESC not in _to_a_pipe(args)
    assert ESC not in _to_a_pipe(args, FORCE_COLOR="")
    assert ESC in _to_a_pipe(args, FORCE_COLOR="1")
    assert ESC not in _to_a_pipe(args, FORCE_COLOR="1", NO_COLOR="1")  # NO_COLOR wins
