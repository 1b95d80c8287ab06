"""Lines of text to stdout, as a person at a terminal reads them; and a JSON object, as a
script reads it.

At a terminal a line wider than the terminal is broken between words (names stay whole) and
its rest indented, as the table mode does; to a pipe or a file every line goes as it is, one
line a record, so scripts see the same text whatever the width.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

__all__ = ["fitted", "write", "write_json"]


def fitted(lines: Sequence[str]) -> list[str]:
    """``lines`` fitted to the terminal's width (COLUMNS, else the terminal, else 80)."""
    import shutil

    from skatcalc.formats.width import fit

    return fit(lines, shutil.get_terminal_size((80, 24)).columns)


def write(lines: Sequence[str]) -> None:
    """Print ``lines``: fitted to the width at a terminal, as they are elsewhere."""
    shown = fitted(lines) if sys.stdout.isatty() else lines
    sys.stdout.write("\n".join(shown) + "\n")


def write_json(data: object) -> None:
    """Print one JSON object on one line (:func:`skatcalc.formats.json.text`)."""
    from skatcalc.formats.json import text

    sys.stdout.write(text(data) + "\n")
