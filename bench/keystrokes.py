"""Characters a deal, Enter included, for two evenings typed three ways (issue #11's measure):

(a) today's options as shell commands: `skatcalc sheet add abend.toml --declarer Ben clubs ...`;
(b) the deal notation on `sheet add`: `skatcalc sheet add abend.toml be cl w1 72 b20`;
(c) the notation line alone, as typed into the table mode: `be cl w1 72 b20`.

Every step typed counts, the deal entered by mistake and the `undo` included; the total is divided
by the deals on the finished sheet (36 and 48). Starting the sheet (`sheet new`) is not counted.
A passed deal is `sheet pass FILE` in (a), `sheet add FILE pass` in (b) and `pass` in (c); an
undo is `sheet undo FILE` in (a) and (b) and `undo` in (c). Nothing needs quoting in a shell.

Then it builds each evening's sheet both ways through skatcalc's command line (in-process, as the
CLI tests do): (a)'s options, and (b)'s notation words. The two files must be identical byte for
byte: the sheet is the evening's record, read and diffed by people, so any difference a user
could see (a key written one way and not the other, a default spelled out) counts. Target: at
most 20 characters a deal on average for (c). A benchmark, not a timed test.

    python bench/keystrokes.py
"""

from __future__ import annotations

import difflib
import re
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from evenings import EVENINGS as _EVENINGS  # noqa: E402
from evenings import FILE  # noqa: E402

EVENINGS: dict[str, dict[str, Any]] = _EVENINGS  # plain data: steps and the new sheet

Step = tuple[str, list[str], dict[str, int] | None]
TARGET = 20.0
# What a POSIX shell takes unquoted (letters of any script included, as in Jürgen).
_PLAIN = re.compile(r"[\w@%+=:,./-]+")


def typed_options(step: Step) -> str:
    """(a): the step as a shell command with today's options, Enter included."""
    return _command(step[1])


def typed_words(step: Step) -> str:
    """(b): the step as the notation on `sheet add` (an undo stays `sheet undo`), Enter included."""
    return _command(notation_argv(step, FILE))


def typed_line(step: Step) -> str:
    """(c): the notation line alone, as typed into the table mode, Enter included."""
    return step[0] + "\n"


def notation_argv(step: Step, path: str) -> list[str]:
    """The `skatcalc` arguments of a step entered as notation words."""
    line = step[0]
    if line == "undo":
        return ["sheet", "undo", path]
    return ["sheet", "add", path, *line.split()]


def options_argv(step: Step, path: str) -> list[str]:
    """The `skatcalc` arguments of a step entered with today's options."""
    return [path if arg == FILE else arg for arg in step[1]]


def deals(evening: dict[str, Any]) -> int:
    """The deals on the finished sheet: every step adds one, an undo takes one back."""
    count = 0
    for line, _, _ in evening["steps"]:
        count += -1 if line == "undo" else 1
    return count


def per_deal(evening: dict[str, Any], typed: Any) -> float:
    """Characters typed for the whole evening, divided by its deals."""
    return sum(len(typed(step)) for step in evening["steps"]) / deals(evening)


def _command(argv: list[str]) -> str:
    for arg in argv:
        if not _PLAIN.fullmatch(arg):
            raise ValueError(f"{arg!r} would need quoting in a shell; count it by hand")
    return "skatcalc " + " ".join(argv) + "\n"


def build(evening: dict[str, Any], path: Path, argv_of: Any) -> str | None:
    """Enter an evening into a new sheet at `path`; None, or what went wrong (the step and the
    error line)."""
    from typer.testing import CliRunner

    from skatcalc.cli.app import command

    runner, app = CliRunner(), command()
    first = [str(path) if arg == FILE else arg for arg in evening["new"]]
    for argv in [first, *(argv_of(step, str(path)) for step in evening["steps"])]:
        result = runner.invoke(app, argv)
        if result.exit_code != 0:
            shown = " ".join(argv).replace(str(path), FILE)
            return f"`skatcalc {shown}` exit {result.exit_code}: {result.stderr.strip()}"
    return None


def compare(evening: dict[str, Any], folder: Path) -> str | None:
    """Build the sheet with options and with notation words; None if byte for byte the same."""
    (folder / "options").mkdir()
    (folder / "words").mkdir()
    by_options, by_words = folder / "options" / FILE, folder / "words" / FILE
    for path, argv_of in ((by_options, options_argv), (by_words, notation_argv)):
        problem = build(evening, path, argv_of)
        if problem is not None:
            return problem
    if by_options.read_bytes() == by_words.read_bytes():
        return None
    diff = difflib.unified_diff(
        by_options.read_text("utf-8").splitlines(),
        by_words.read_text("utf-8").splitlines(),
        "options",
        "words",
        lineterm="",
    )
    return "the sheets differ:\n" + "\n".join(diff)


def main() -> int:
    print("characters a deal, Enter included (deals on the finished sheet)")
    print(f"{'evening':<22}{'(a) options':>13}{'(b) words':>11}{'(c) table':>11}")
    lines: dict[str, float] = {}
    steps = characters = 0
    for name, evening in EVENINGS.items():
        a = per_deal(evening, typed_options)
        b = per_deal(evening, typed_words)
        c = lines[name] = per_deal(evening, typed_line)
        label = f"{name} ({deals(evening)} deals)"
        print(f"{label:<22}{a:>13.1f}{b:>11.1f}{c:>11.1f}")
        steps += deals(evening)
        characters += sum(len(typed_line(step)) for step in evening["steps"])
    average = characters / steps
    verdict = "met" if max(lines.values()) <= TARGET else "MISSED"
    print(f"(c) over both evenings: {average:.1f} a deal; target at most {TARGET:.0f}: {verdict}")
    failed = False
    for name, evening in EVENINGS.items():
        with tempfile.TemporaryDirectory() as tmp:
            problem = compare(evening, Path(tmp))
        print(f"{name}: options and notation words give the same sheet: ", end="")
        print("yes" if problem is None else f"NO\n  {problem}")
        failed = failed or problem is not None
    return 1 if failed or verdict != "met" else 0


if __name__ == "__main__":
    sys.exit(main())
