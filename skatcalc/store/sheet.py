"""The sheet store, as the CLI and the tournament use it: a sheet's file through
:mod:`skatcalc.store.files` with the sheet's codec (:mod:`skatcalc.store.sheet_codec`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skatcalc.errors import SheetFileError, SkatError
from skatcalc.sheet.model import Deal, Sheet, Tally
from skatcalc.store import files
from skatcalc.store.files import (
    EXPORT_LIMIT,
    FILE_LIMIT,
    LOCK_TIMEOUT,
    all_or_none,
    distinct,
    export_text,
    write_text,
)
from skatcalc.store.follow import Followed, follow
from skatcalc.store.sheet_codec import (
    HEADER,
    SHEET,
    Checked,
    Made,
    check,
    checked,
    from_data,
    parse,
    render,
)
from skatcalc.store.toml import Problem, loads, reading_many

if TYPE_CHECKING:  # the state is imported by what keeps it: changes, and reads of one sheet
    from skatcalc.store.state import Added, Refused

__all__ = [
    "EXPORT_LIMIT",
    "FILE_LIMIT",
    "HEADER",
    "LOCK_TIMEOUT",
    "SHEET",
    "Checked",
    "Followed",
    "Made",
    "Problem",
    "add",
    "all_or_none",
    "check",
    "check_file",
    "create",
    "create_made",
    "distinct",
    "export_text",
    "follow",
    "from_data",
    "load",
    "load_if_present",
    "loads",
    "made",
    "parse",
    "read",
    "reading_many",
    "render",
    "shown",
    "stamp",
    "update",
    "write_text",
]


def load(path: Path) -> Sheet:
    """Read the sheet at ``path``."""
    return files.load(path, SHEET)


def read(path: Path) -> Sheet:
    """Read the sheet at ``path``, as :func:`load`, and keep its state for the next change
    (:func:`skatcalc.store.state.seen`): what a command that reads one whole sheet calls."""
    from skatcalc.store import state

    text = files.read(path, SHEET)
    try:
        sheet = parse(text)
    except SheetFileError as error:
        raise files.at_file(path, error) from None
    state.seen(path, text, sheet)
    return sheet


def shown(path: Path) -> tuple[Sheet, Tally] | None:
    """The sheet at ``path`` (no deals) and the tally of its last series, as ``sheet show``
    lists them by default, from its kept state and the file's tail
    (:func:`skatcalc.store.state.shown`); None when the whole sheet must be read."""
    from skatcalc.store import state

    return state.shown(path)


def load_if_present(path: Path) -> Sheet | None:
    """Read the sheet at ``path``; None when there is no file there."""
    return files.load_if_present(path, SHEET)


def check_file(path: Path) -> Checked:
    """The sheet in the file at ``path`` and every problem in it, the file read once; the
    file is not changed."""
    return checked(files.read(path, SHEET))


def create(path: Path, sheet: Sheet) -> None:
    """Write a new sheet; refuse (exit 4) when ``path`` exists, whatever it holds."""
    files.create(path, sheet, SHEET)


def made(head: Mapping[str, Any], deals: Iterable[object]) -> Made:
    """A new sheet's text of the data ``head`` (``format``, ``players``, ``rules``) and its
    deals, read one at a time (:func:`skatcalc.store.sheet_codec.from_stream`): checked as a
    file is, and made only while it stays within :data:`FILE_LIMIT`. (``sheet import`` turns
    the garbage collector off meanwhile: :func:`skatcalc.cli.sheet.collector_off`.)"""
    from skatcalc.store.sheet_codec import from_stream

    return from_stream(head, deals, files.FILE_LIMIT)


def create_made(path: Path, sheet: Made) -> None:
    """Write the new sheet ``sheet`` made by :func:`made`; refuse (exit 4) when ``path`` exists,
    or the sheet would be larger than any sheet is read. Its state is kept for the next
    change (the first deal added after an import reads no deal before it)."""
    from skatcalc.store import state

    files.create_text(path, sheet.text)
    assert sheet.text is not None
    state.keep_end(path, sheet.text.encode(), sheet.sheet, sheet.tally, made=True)


def update(path: Path, change: Callable[[Sheet], Sheet]) -> tuple[Sheet, Sheet]:
    """Apply ``change`` to the sheet at ``path`` under its lock; the sheet before and after.
    The state of the sheet written is kept for the next change (:mod:`skatcalc.store.state`)."""
    from skatcalc.store import state

    return files.update(path, change, SHEET, state.keep)


def add(
    path: Path, make: Callable[[Sheet], Sequence[Deal]], refused: Refused | None = None
) -> Added:
    """Add the deals ``make`` gives (it gets the sheet: its players and rules) at the end of
    the sheet at ``path``, each checked at its place; an error checking one becomes
    ``refused(error, deals before)`` when given. From the sheet's kept state when it serves
    the file as it is (the deals before are not read), else from the whole sheet read a
    thousand deals at a time (:func:`skatcalc.store.state.append_read`), else by
    :func:`update` (a sheet with a problem, a text that would not take deals at its end): the
    same file, output and errors every way (tests/sheet/test_state.py,
    tests/sheet/test_stream.py)."""
    from skatcalc.store import state

    done = state.append(path, make, refused) or state.append_read(path, make, refused)
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
    return state.Added(new, new.deals[len(old.deals) :], new.tally())


def stamp(path: Path) -> object:
    """What the file at ``path`` is now, cheaply (no read): equal stamps, the file unchanged
    between them (its identity, size and time of change; None when there is none)."""
    return files.stamp(path)
