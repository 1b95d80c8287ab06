"""The files of a season (``skatcalc season``): sheets and tournaments, told apart by what
they hold, read through :mod:`skatcalc.store.files` as every file is.

A tournament file has a ``name`` (its title, which it must have); a sheet never has one
(docs/sheet-format.md). A tournament brings its tables' sheets, read as its standings read them
(a sheet that cannot be read is kept as its error; a table with no sheet yet is left out). A
file reached by several names, or a table's sheet given beside its tournament, counts once.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from skatcalc.season import Evening
from skatcalc.sheet.model import Sheet
from skatcalc.store import files, sheet_codec, tournament_codec
from skatcalc.store.codec import Codec, Edit
from skatcalc.store.toml import reading_many, toml_data
from skatcalc.store.tournament import read_tables
from skatcalc.tournament.model import Tournament

__all__ = ["SEASON_FILE", "load", "parse"]


def parse(text: str) -> Sheet | Tournament:
    """A sheet or a tournament, as the text holds one.

    >>> parse('format = 1\\nplayers = ["A", "B", "C"]\\n').players
    ('A', 'B', 'C')
    >>> parse('format = 1\\nname = "Cup"\\nplayers = ["A", "B", "C"]\\n').name
    'Cup'
    """
    if "name" in toml_data(text):
        return tournament_codec.parse(text)
    return sheet_codec.parse(text)


def _no_render(_: Sheet | Tournament) -> str:  # pragma: no cover - a season only reads
    raise TypeError("a season's files are read, never written, by `season`")


def _no_edit(_: str) -> tuple[Sheet | Tournament, Edit[Sheet | Tournament]]:  # pragma: no cover
    raise TypeError("a season's files are read, never changed, by `season`")


SEASON_FILE: Codec[Sheet | Tournament] = Codec(
    parse, _no_render, _no_edit, missing="err.file.no_sheet", not_regular="err.file.kind",
    too_big="err.file.big", not_utf8="err.file.utf8", read_only="err.file.read_only",
)  # fmt: skip
"""A sheet or a tournament, read for a season (never written)."""


Again = list[tuple[Path, Path]]
"""Paths not read again, each with the path it repeats."""


def load(paths: Sequence[Path]) -> tuple[list[Evening], Again, Again]:
    """The season's evenings, in the order given; each path that names a file given before
    (by another name, or the same twice), with it; each sheet given that is a table of a
    tournament given, with the tournament's file (counted once, with the tournament).
    """
    kept, again = files.distinct(list(paths))
    reading_many(len(kept))
    read = [(path, files.load(path, SEASON_FILE)) for path in kept]
    tables: list[tuple[Path, Path]] = []
    for path, found in read:
        if isinstance(found, Tournament):
            tables += [
                (tournament_codec.sheet_path(path, table), path)
                for series in found.series
                for table in series.tables
            ]
    evenings: list[Evening] = []
    tabled: Again = []
    for path, found in read:
        if isinstance(found, Tournament):
            evenings.append((found, read_tables(path, found)))
            continue
        first = _among(path, tables)
        if first is None:
            evenings.append(found)
        else:
            tabled.append((path, first))
    return evenings, again, tabled


def _among(path: Path, others: list[tuple[Path, Path]]) -> Path | None:
    """The tournament (the second of a pair) whose table's sheet (the first) is the file at
    ``path``, if one is."""
    for table, tournament in others:
        if files.distinct([table, path])[1]:
            return tournament
    return None
