"""skatcalc through a real pseudo-terminal (pexpect), shared by the tests that need one: the
environment of a terminal at a table, starting skatcalc in one (every child killed at the end),
what the screen shows of its output, and the checks that a screen's lines fit.

Tests import these from here, never from another test module.
"""

from __future__ import annotations

import itertools
import os
import re
import shlex
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pexpect

from skatcalc.width import cells, short_names

TIMEOUT = 20
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[=>]|\r")
PASTE_OFF, PASTE_ON = "\x1b[?2004l", "\x1b[?2004h"

Start = Callable[..., pexpect.spawn]
"""``start(args, cols=80, rows=24, stderr=True)``: skatcalc ARGS started in a terminal."""


def environment(home: Path, lang: str = "en", columns: int | None = None) -> dict[str, str]:
    """A terminal's environment at a table: xterm, UTF-8, no colour, skatcalc speaking
    ``lang``, ``home`` as HOME (no config file of the machine's), and the terminal's own width
    unless ``columns`` says one (COLUMNS)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SKATCALC_", "LC_"))}
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    env.update(
        TERM="xterm", LANG="C.UTF-8", PROMPT_TOOLKIT_NO_CPR="1", HOME=str(home),
        SKATCALC_LANG=lang, NO_COLOR="1",
    )  # fmt: skip
    if columns is not None:
        env["COLUMNS"] = str(columns)
    return env


@contextmanager
def terminals(
    folder: Path, env: dict[str, str] | Callable[[str], dict[str, str]]
) -> Iterator[Start]:
    """A ``start`` for skatcalc in pseudo-terminals, run in ``folder`` with ``env`` (or
    ``env(lang)`` where a test starts it with ``lang=``); every child killed at the end.
    ``stderr=False`` sends stderr (where a progress bar may go) to /dev/null."""
    children: list[pexpect.spawn] = []

    def start(
        args: Sequence[str], *, cols: int = 80, rows: int = 24, lang: str = "en",
        stderr: bool = True,
    ) -> pexpect.spawn:  # fmt: skip
        environ = env(lang) if callable(env) else env
        program, argv = sys.executable, ["-m", "skatcalc", *args]
        if not stderr:
            quoted = " ".join(shlex.quote(arg) for arg in [program, *argv])
            program, argv = "/bin/sh", ["-c", f"exec {quoted} 2>/dev/null"]
        child = pexpect.spawn(
            program, argv, env=environ, cwd=str(folder), encoding="utf-8", timeout=TIMEOUT,
            dimensions=(rows, cols),
        )  # fmt: skip
        children.append(child)
        return child

    try:
        yield start
    finally:
        for child in children:
            child.close(force=True)


def text(raw: str) -> list[str]:
    """What the terminal shows of ``raw``, line by line, without its escape sequences."""
    return ANSI.sub("", raw).split("\n")


def fits(lines: Sequence[str], cols: int, names: Sequence[str]) -> None:
    """No line wider than ``cols``; no name broken across two lines; where a line holds a
    player's total (``Name +30``, ``Bä -146``), the name and its number on the same line."""
    for line in lines:
        assert cells(line) <= cols, f"{cells(line)} columns: {line!r}"
    for before, after in itertools.pairwise(lines):
        end, start = before.rstrip(), after.lstrip()
        for name in names:
            for cut in range(1, len(name)):
                assert not (end.endswith(name[:cut]) and start.startswith(name[cut:])), (
                    f"{name} broken: {before!r} / {after!r}"
                )
        # a name (or short name) at the end of a line whose total starts the next (a table's
        # head and its first row are columns, not a line broken)
        table = len(before.split()) >= 5 and len(after.split()) >= 5
        named = any(end.endswith(name) for name in (*names, *short_names(names)))
        assert table or not (named and re.match(r"[+-]?\d", start)), (before, after)


def answer(child: pexpect.spawn, line: str, until: str) -> list[str]:
    """Type ``line`` in the table mode and read the answer, then the next prompt, which holds
    ``until``. The line editor turns bracketed paste off when it hands a line over and on when
    it prompts again: what is written between is the answer."""
    child.send(line + "\r")
    child.expect_exact(PASTE_OFF)
    child.expect_exact(PASTE_ON)
    said = text(child.before)
    child.expect_exact(until)
    return said[:-1] if said[-1:] == [""] else said
