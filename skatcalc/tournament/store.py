"""The tournament store, as the CLI uses it: a tournament's file through
:mod:`skatcalc.store.files` with the tournament's codec (:mod:`skatcalc.store.tournament`), as a
sheet's goes through it with the sheet's."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from skatcalc.store import files
from skatcalc.store.files import all_or_none, write_text
from skatcalc.store.tournament import TOURNAMENT, parse, render, sheet_path
from skatcalc.tournament.model import Tournament

__all__ = [
    "TOURNAMENT",
    "all_or_none",
    "create",
    "load",
    "parse",
    "render",
    "sheet_path",
    "update",
    "write_text",
]


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
