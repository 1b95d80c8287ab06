"""The sheet store, as the CLI and the tournament use it: a sheet's file through
:mod:`skatcalc.store.files` with the sheet's codec (:mod:`skatcalc.store.toml`), under the names
they always had."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from skatcalc.sheet.model import Sheet
from skatcalc.store import files
from skatcalc.store.files import (
    EXPORT_LIMIT,
    FILE_LIMIT,
    LOCK_TIMEOUT,
    all_or_none,
    distinct,
    read_text,
    write_text,
)
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
    "Problem",
    "all_or_none",
    "check",
    "check_file",
    "create",
    "distinct",
    "from_data",
    "load",
    "load_if_present",
    "loads",
    "parse",
    "read_text",
    "render",
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
    """Apply ``change`` to the sheet at ``path`` under its lock; the sheet before and after."""
    return files.update(path, change, SHEET)
