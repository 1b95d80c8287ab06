"""The tournament store, as the CLI uses it: a tournament's file through
:mod:`skatcalc.store.files` with the tournament's codec (:mod:`skatcalc.store.tournament_codec`), as a
sheet's goes through it with the sheet's."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from skatcalc.errors import SheetFileError
from skatcalc.sheet.model import Sheet
from skatcalc.store import files
from skatcalc.store.files import all_or_none, write_text
from skatcalc.store.sheet_codec import SHEET
from skatcalc.store.tournament_codec import TOURNAMENT, parse, render, sheet_path
from skatcalc.tournament.model import Table, Tournament

__all__ = [
    "TOURNAMENT",
    "all_or_none",
    "create",
    "load",
    "one_file_each",
    "parse",
    "render",
    "sheet_path",
    "table_sheet",
    "update",
    "write_text",
]


def table_sheet(path: Path, table: Table) -> Sheet | None:
    """The sheet of ``table`` of the tournament at ``path``; None when it has none yet. A
    table's sheet is a file in the tournament's own folder: a symbolic link is refused (the
    codec refuses a name with a folder in it)."""
    return files.load_if_present(sheet_path(path, table), SHEET, no_link="err.tfile.sheet_link")


def one_file_each(path: Path, tournament: Tournament) -> None:
    """Refuse two tables whose sheets are one file by two names (a hard link; the codec
    refuses one name twice): its deals would count twice in the standings."""
    where = [
        (n, t, sheet_path(path, table))
        for n, series in enumerate(tournament.series, 1)
        for t, table in enumerate(series.tables, 1)
    ]
    _, again = files.distinct([sheet for _, _, sheet in where])
    if again:
        other, first = again[0]
        (n, t), (m, u) = ((n, t) for n, t, sheet in where if sheet in (other, first))
        raise SheetFileError("err.tfile.same_file", file=first, other=other, n=n, t=t, m=m, u=u)


def load(path: Path) -> Tournament:
    """Read the tournament at ``path``."""
    return files.load(path, TOURNAMENT)


def create(path: Path, tournament: Tournament) -> None:
    """Write a new tournament file; refuse (exit 4) when ``path`` exists, whatever it holds."""
    files.create(path, tournament, TOURNAMENT)


def update(path: Path, change: Callable[[Tournament], Tournament]) -> tuple[Tournament, Tournament]:
    """Apply ``change`` under the file's lock; the tournament before and after. ``change`` may
    do more under the lock (the draw creates the tables' sheets); when it raises, the file is
    left as it was."""
    return files.update(path, change, TOURNAMENT)
