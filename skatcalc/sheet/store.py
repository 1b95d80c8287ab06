"""The sheet store, as the CLI and the tournament use it: a sheet's file through
:mod:`skatcalc.store.files` with the sheet's codec (:mod:`skatcalc.store.toml`), under the names
they always had."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from skatcalc.errors import SkatError
from skatcalc.sheet.model import Deal, Sheet
from skatcalc.store import files, state
from skatcalc.store.files import (
    EXPORT_LIMIT,
    FILE_LIMIT,
    LOCK_TIMEOUT,
    all_or_none,
    read_text,
    write_text,
)
from skatcalc.store.state import Added, Refused
from skatcalc.store.toml import (
    HEADER,
    SHEET,
    Problem,
    check,
    from_data,
    loads,
    parse,
    render,
)

__all__ = [
    "EXPORT_LIMIT",
    "FILE_LIMIT",
    "HEADER",
    "LOCK_TIMEOUT",
    "SHEET",
    "Added",
    "Problem",
    "add",
    "all_or_none",
    "check",
    "check_file",
    "create",
    "from_data",
    "load",
    "load_if_present",
    "loads",
    "parse",
    "read_text",
    "render",
    "stamp",
    "update",
    "write_text",
]


def load(path: Path) -> Sheet:
    """Read the sheet at ``path``."""
    return files.load(path, SHEET)


def load_if_present(path: Path) -> Sheet | None:
    """Read the sheet at ``path``; None when there is no file there."""
    return files.load_if_present(path, SHEET)


def check_file(path: Path) -> list[Problem]:
    """Every problem in the sheet file at ``path``; the file is not changed."""
    return check(files.read(path, SHEET))


def create(path: Path, sheet: Sheet) -> None:
    """Write a new sheet; refuse (exit 4) when ``path`` exists, whatever it holds."""
    files.create(path, sheet, SHEET)


def update(path: Path, change: Callable[[Sheet], Sheet]) -> tuple[Sheet, Sheet]:
    """Apply ``change`` to the sheet at ``path`` under its lock; the sheet before and after.
    The state of the sheet written is kept for the next change (:mod:`skatcalc.store.state`)."""
    return files.update(path, change, SHEET, state.keep)


def add(
    path: Path, make: Callable[[Sheet], Sequence[Deal]], refused: Refused | None = None
) -> Added:
    """Add the deals ``make`` gives (it gets the sheet: its players and rules) at the end of
    the sheet at ``path``, each checked at its place; an error checking one becomes
    ``refused(error, deals before)`` when given. From the sheet's kept state when it serves
    the file as it is (the deals before are not read), else by :func:`update`: the same
    file, output and errors either way (tests/sheet/test_state.py)."""
    done = state.append(path, make, refused)
    if done is not None:
        return done

    def change(sheet: Sheet) -> Sheet:
        deals = make(sheet)
        try:
            return sheet.extend(deals)
        except SkatError as error:
            if refused is None:
                raise
            raise refused(error, len(sheet.deals)) from None

    old, new = update(path, change)
    return Added(new, new.deals[len(old.deals) :], new.tally())


def stamp(path: Path) -> object:
    """What the file at ``path`` is now, cheaply (no read): equal stamps, the file unchanged
    between them (its identity, size and time of change; None when there is none)."""
    return files.stamp(path)
