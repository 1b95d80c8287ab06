"""skatcalc through a real pseudo-terminal (pexpect), read as a person reads it: what a
terminal emulator (pyte) draws on the screen, never the byte stream. Under load the stream comes in
other pieces (the line editor drew ``zur`` and ``ück`` apart, issue 30); the screen is the same.

Shared by the tests that need one: the environment of a terminal at a table, starting skatcalc in
one (every child killed at the end), waiting for what the screen shows (every wait bounded by
TIMEOUT), and the checks that a screen's lines fit.

Tests import these from here, never from another test module.
"""

from __future__ import annotations

import itertools
import os
import re
import shlex
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pexpect
import pyte
from pyte.modes import DECAWM

from skatcalc.width import cells, short_names

TIMEOUT = 20

Start = Callable[..., "Terminal"]
"""``start(args, cols=80, rows=24, stderr=True)``: skatcalc ARGS started in a terminal."""


class Screen(pyte.Screen):
    """A terminal's screen that keeps what scrolls off its top (a terminal's scrollback) and
    knows which rows it wrapped itself: a line written wider than the screen goes on in the next
    row, where a person sees it broken. Rows count from the first ever drawn."""

    def __init__(self, columns: int, lines: int) -> None:
        self.scrolled: list[str] = []
        self.wrapped: set[int] = set()
        """The rows that go on from the row above because the terminal wrapped it."""
        super().__init__(columns, lines)

    def index(self) -> None:
        top, bottom = self.margins or pyte.screens.Margins(0, self.lines - 1)
        if self.cursor.y == bottom and top == 0:  # the top row scrolls off: kept
            self.scrolled.append(self.row(self.buffer[0]))
        super().index()

    def draw(self, data: str) -> None:
        for char in data:  # one at a time: the terminal wraps before a character
            if self.cursor.x == self.columns and DECAWM in self.mode:
                self.wrapped.add(len(self.scrolled) + self.cursor.y + 1)
            super().draw(char)

    def erase_in_display(self, how: int = 0, *args: object, **kwargs: object) -> None:
        # a redraw below the cursor (the line editor's) starts those rows anew
        first = len(self.scrolled) + (self.cursor.y + 1 if how == 0 else 0)
        self.wrapped = {row for row in self.wrapped if row < first}
        super().erase_in_display(how, *args, **kwargs)  # type: ignore[arg-type]

    def row(self, line: dict[int, pyte.screens.Char]) -> str:
        return "".join(line[x].data for x in range(self.columns))

    def shown(self) -> list[tuple[int, str]]:
        """Every line shown since the start, scrolled off or on the screen, each with the row
        it starts in; a line the terminal wrapped is one line, as it was written."""
        rows = [*self.scrolled, *(self.row(self.buffer[y]) for y in range(self.lines))]
        lines: list[tuple[int, str]] = []
        for n, row in enumerate(rows):
            if n in self.wrapped and lines:
                lines[-1] = (lines[-1][0], lines[-1][1] + row)
            else:
                lines.append((n, row))
        return [(n, line.rstrip()) for n, line in lines]


class Terminal:
    """skatcalc running in a pseudo-terminal and the screen it draws. ``expect_exact`` waits
    (at most TIMEOUT) until the screen shows a text after what was read before, as a person's
    eye moves on; typing may redraw the line being typed, so a ``send`` reads on from where the
    last text found there began."""

    def __init__(self, child: pexpect.spawn, cols: int, rows: int) -> None:
        self.child = child
        self.screen = Screen(cols, rows)
        self.stream = pyte.Stream(self.screen)
        self.at = (0, 0)
        """Where the screen is read on from: a line's first row, and a column in that line."""
        self.began = (0, 0)
        """Where the last text found began."""
        self.ended = False

    @property
    def exitstatus(self) -> int | None:
        return self.child.exitstatus  # type: ignore[no-any-return]

    def send(self, text: str) -> None:
        self.at = self.began
        self.child.send(text)

    def enter(self, line: str) -> None:
        """Type ``line`` and Enter: what it answers, and the next prompt, come below it."""
        self.send(line + "\r")
        self.at = (self.at[0] + 1, 0)

    def lines(self) -> list[str]:
        """What the screen has shown, line by line, without the empty rows below the last."""
        shown = [line for _, line in self.screen.shown()]
        while shown and not shown[-1]:
            shown.pop()
        return shown

    def below(self, row: int, before: int | None = None) -> list[str]:
        """The lines shown below ``row`` (and above ``before``)."""
        return [
            text for start, text in self.screen.shown()
            if row < start and (before is None or start < before)
        ]  # fmt: skip

    def expect_exact(self, wanted: str | Sequence[str]) -> int:
        """Wait until the screen shows ``wanted`` (or one of them: the index of the one shown
        first) after what was read before; the read goes on after it."""
        texts = [wanted] if isinstance(wanted, str) else list(wanted)
        end = time.monotonic() + TIMEOUT
        while True:
            found = self._find(texts)
            if found is not None:
                return found
            if self.ended or time.monotonic() > end:
                raise AssertionError(
                    f"{texts} not on the screen "
                    f"({'the program ended' if self.ended else f'after {TIMEOUT} s'}); it shows:\n"
                    + "\n".join(self.lines())
                )
            self._read(min(0.5, max(0.0, end - time.monotonic())))

    def wait_for_end(self) -> int:
        """Read the screen until the program ends (at most TIMEOUT); its exit status."""
        end = time.monotonic() + TIMEOUT
        while not self.ended:
            shows = "\n".join(self.lines())
            assert time.monotonic() < end, f"still running after {TIMEOUT} s; it shows:\n{shows}"
            self._read(min(0.5, max(0.0, end - time.monotonic())))
        self.child.close()
        assert self.child.exitstatus is not None or self.child.signalstatus is not None
        return self.child.exitstatus if self.child.exitstatus is not None else -1

    def close(self, force: bool = False) -> None:
        self.child.close(force=force)

    def _read(self, timeout: float) -> None:
        try:
            self.stream.feed(self.child.read_nonblocking(65536, timeout=timeout))
        except pexpect.TIMEOUT:
            pass
        except pexpect.EOF:
            self.ended = True

    def _find(self, texts: list[str]) -> int | None:
        """The first of ``texts`` on the screen after ``at``, read on after it."""
        row, column = self.at
        parts: list[tuple[int, int, int]] = []  # a line's row, its place in flat, its column
        flat = ""
        for start, line in self.screen.shown():
            if start < row:
                continue
            skip = column if start == row else 0
            parts.append((start, len(flat), skip))
            flat += line[skip:] + "\n"
        hits = [(flat.find(text), n) for n, text in enumerate(texts) if text in flat]
        if not hits:
            return None
        first, n = min(hits)
        self.began = self._place(parts, first)
        self.at = self._place(parts, first + len(texts[n]))
        return n

    @staticmethod
    def _place(parts: list[tuple[int, int, int]], offset: int) -> tuple[int, int]:
        start, base, skip = max(part for part in parts if part[1] <= offset)
        return start, skip + offset - base


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
    children: list[Terminal] = []

    def start(
        args: Sequence[str], *, cols: int = 80, rows: int = 24, lang: str = "en",
        stderr: bool = True,
    ) -> Terminal:  # fmt: skip
        environ = env(lang) if callable(env) else env
        program, argv = sys.executable, ["-m", "skatcalc", *args]
        if not stderr:
            quoted = " ".join(shlex.quote(arg) for arg in [program, *argv])
            program, argv = "/bin/sh", ["-c", f"exec {quoted} 2>/dev/null"]
        child = pexpect.spawn(
            program, argv, env=environ, cwd=str(folder), encoding="utf-8", timeout=TIMEOUT,
            dimensions=(rows, cols),
        )  # fmt: skip
        terminal = Terminal(child, cols, rows)
        children.append(terminal)
        return terminal

    try:
        yield start
    finally:
        for child in children:
            child.close(force=True)


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


def answer(child: Terminal, line: str, until: str) -> list[str]:
    """Type ``line`` in the table mode and read the answer: the lines the screen shows below the
    line typed, up to the next prompt, which holds ``until``."""
    typed = child.at[0]
    child.enter(line)
    child.expect_exact(until)
    return child.below(typed, before=child.began[0])
