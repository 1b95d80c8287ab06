"""The tournament store, as the CLI uses it: a tournament's file through
:mod:`skatcalc.store.files` with the tournament's codec (:mod:`skatcalc.store.tournament_codec`), as a
sheet's goes through it with the sheet's."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from skatcalc.errors import SheetFileError, SkatError
from skatcalc.sheet.model import Sheet
from skatcalc.store import files
from skatcalc.store.codec import Codec
from skatcalc.store.files import all_or_none, write_text
from skatcalc.store.sheet_codec import SHEET
from skatcalc.store.toml import reading_many
from skatcalc.store.tournament_codec import TOURNAMENT, parse, render, sheet_path
from skatcalc.tournament.model import Table, Tournament

if TYPE_CHECKING:
    from skatcalc.tournament.standings import Read

__all__ = [
    "TOURNAMENT",
    "all_or_none",
    "create",
    "load",
    "load_ranking",
    "one_file_each",
    "parse",
    "read_tables",
    "read_tables_kept",
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


Seat = tuple[int, int, Table]
"""A table by its series and its number in the series (both from 1)."""


def _at_once(seats: Sequence[Seat]) -> Iterable[Seat]:
    return seats


def read_tables(
    path: Path,
    tournament: Tournament,
    each: Callable[[Sequence[Seat]], Iterable[Seat]] = _at_once,
) -> dict[tuple[int, int], Sheet | SkatError]:
    """Every table's sheet of the tournament at ``path`` by (series, table), or the error that
    kept it from being read; a table with no sheet yet is left out. Two tables whose sheets are
    one file are refused (:func:`one_file_each`). ``each`` walks the tables (the CLI's passes
    them through a progress bar)."""
    one_file_each(path, tournament)
    seats = [
        (s, t, table)
        for s, series in enumerate(tournament.series, 1)
        for t, table in enumerate(series.tables, 1)
    ]
    reading_many(len(seats))  # the fast reader from the second file on
    found: dict[tuple[int, int], Sheet | SkatError] = {}
    for s, t, table in each(seats):
        try:
            sheet = table_sheet(path, table)
        except SkatError as error:
            found[s, t] = error
            continue
        if sheet is not None:
            found[s, t] = sheet
    return found


def read_tables_kept(
    path: Path,
    tournament: Tournament,
    each: Callable[[Sequence[Seat]], Iterable[Seat]] = _at_once,
) -> dict[tuple[int, int], Read]:
    """What the standings take of every table's sheet (a
    :class:`~skatcalc.tournament.standings.TableSheet`), as :func:`read_tables` reads them:
    the same errors, the same tables left out; each kept in the cache folder for the text of
    its file (:mod:`skatcalc.store.stats_cache`, the parts ``sheet stats`` keeps), so a sheet
    that has not changed is not read whole again.

    Where there is no cache folder, each sheet is read whole (:func:`read_tables`): making
    the parts (``sheet stats``' counting of each player's games) cost 316 ms against 278 ms
    for nothing kept (bench/fast.py ``many``, "no cache").

    Measured (bench/fast.py ``many``, bench/tournament.py's 198 table sheets, whole
    processes, median of 7): 229 ms (1.30x the tomllib read of the 199 files) with every
    sheet read whole, parsed, checked and totalled, against 113 ms (0.64x) with the parts
    kept, and without Typer for the plain call (cli/quick.py ``standings``)."""
    from skatcalc.store import stats_cache
    from skatcalc.store.state import folder

    where = folder()
    if where is None:  # nothing to keep: each sheet read whole, no part made for nothing
        return dict(read_tables(path, tournament, each))
    one_file_each(path, tournament)
    seats = [
        (s, t, table)
        for s, series in enumerate(tournament.series, 1)
        for t, table in enumerate(series.tables, 1)
    ]
    found: dict[tuple[int, int], Read] = {}
    shelf = stats_cache.Shelf(where)
    try:
        for index, (s, t, table) in enumerate(each(seats)):
            try:
                kept = shelf.one(
                    sheet_path(path, table), len(seats), index,
                    no_link="err.tfile.sheet_link", missing_ok=True, part=False,
                )  # fmt: skip
            except SkatError as error:
                found[s, t] = error
                continue
            if kept is not None:
                found[s, t] = stats_cache.table_sheet(kept)
    finally:
        shelf.write()
    return found


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


def _ranking(text: str) -> Tournament | list[str]:
    """A tournament (a TOML file with a ``name``), or the names of a season's ranking as
    ``skatcalc season --json`` writes it; anything else refused (``err.seed.by_kind``)."""
    from skatcalc.store.toml import toml_data

    if text.lstrip("\ufeff \t\r\n").startswith("{"):
        from skatcalc.formats.json import season_names

        names = season_names(text)
        if names is None:
            raise SheetFileError("err.seed.by_kind", field="by")
        return names
    if "name" not in toml_data(text):  # a sheet, or another TOML file
        raise SheetFileError("err.seed.by_kind", field="by")
    return parse(text)


def _never(_: object) -> str:  # pragma: no cover - --by only reads
    raise TypeError("a ranking to seat by is read, never written")


def _never_edit(_: str) -> tuple[Tournament | list[str], Callable[..., str | None]]:
    raise TypeError("a ranking to seat by is read, never changed")  # pragma: no cover


RANKING: Codec[Tournament | list[str]] = Codec(
    _ranking, _never, _never_edit, missing="err.seed.by_missing", not_regular="err.tfile.kind",
    too_big="err.tfile.big", not_utf8="err.tfile.utf8", read_only="err.tfile.read_only",
)  # fmt: skip
"""What ``tournament draw --by`` reads: a tournament, or a season's ranking (read only)."""


def load_ranking(path: Path) -> Tournament | list[str]:
    """What ``tournament draw --seeded --by`` seats by, read from ``path``: a tournament (its
    standings rank), or a season's ranking written by ``skatcalc season --json`` (its names,
    best first)."""
    return files.load(path, RANKING)


def create(path: Path, tournament: Tournament) -> None:
    """Write a new tournament file; refuse (exit 4) when ``path`` exists, whatever it holds."""
    files.create(path, tournament, TOURNAMENT)


def update(path: Path, change: Callable[[Tournament], Tournament]) -> tuple[Tournament, Tournament]:
    """Apply ``change`` under the file's lock; the tournament before and after. ``change`` may
    do more under the lock (the draw creates the tables' sheets); when it raises, the file is
    left as it was."""
    return files.update(path, change, TOURNAMENT)
