"""A progress bar on stderr for long work, at a terminal only: a pipe or a file sees nothing of
it (rich, imported only when a bar is drawn).

Long work: reading many sheets (``sheet stats``, ``sheet settle``, a tournament's tables), and
many deals (``sheet import``, ``sheet add --batch``). The bar goes when the work is done
(transient), so what the command prints after it reads as before.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

T = TypeVar("T")

__all__ = ["MANY_DEALS", "MANY_FILES", "Counted", "bar", "each"]

MANY_FILES = 2
"""From how many sheets a bar shows: each file is read and scored in full."""
MANY_DEALS = 1000
"""From how many deals a bar shows: a thousand deals take about a tenth of a second to check
(bench/sheet.py); fewer are done before a bar could be read."""


def _shown() -> bool:
    try:
        return sys.stderr.isatty()
    except (ValueError, AttributeError):  # closed, or replaced by something that is no file
        return False


@contextmanager
def bar(what: str, total: int | None, **values: object) -> Iterator[Callable[[int], None]]:
    """A bar for ``total`` steps (None: a step of unknown length), described by the words
    ``what`` (with ``values``); gives the function that advances it. Nothing when stderr is
    not a terminal."""
    if not _shown():
        yield _nothing
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        SpinnerColumn,
        TextColumn,
        TimeElapsedColumn,
    )

    from skatcalc.cli.render import styled
    from skatcalc.words import shown, w

    # rich draws the bar with escape sequences: the terminal itself, not the stream that
    # escapes what others write there (cli/__init__.py); the description is escaped here
    unescaped = getattr(sys.stderr, "unescaped", None)
    stream = unescaped() if unescaped is not None else sys.stderr
    console = Console(file=stream, no_color=not styled(sys.stderr), highlight=False)
    columns: list[Any] = [SpinnerColumn(), TextColumn("{task.description}"), BarColumn()]
    if total is not None:
        columns.append(MofNCompleteColumn())
    columns.append(TimeElapsedColumn())
    with Progress(*columns, console=console, transient=True) as progress:
        task = progress.add_task(shown(w(what, **values)).replace("[", "\\["), total=total)

        def advance(steps: int = 1) -> None:
            progress.advance(task, steps)

        yield advance


def _nothing(steps: int = 1) -> None:
    """No bar: nothing to advance."""


def each(items: Sequence[T], what: str, many: int = MANY_FILES, **values: object) -> Iterator[T]:
    """``items`` one by one, with a bar when there are ``many`` or more at a terminal.

    Without a bar, the items' own iterator: a generator that advanced no bar took 1.0 M
    instructions of a cold ``sheet stats`` over bench/fast.py's season's 200 sheets, the
    iterator 0.2 M (bench/ir.sh, the files walked twice less once).

    >>> list(each([1, 2, 3], "progress.files"))  # tests: stderr is no terminal
    [1, 2, 3]
    """
    if len(items) < many or not _shown():
        return iter(items)
    return _barred(items, what, **values)


def _barred(items: Sequence[T], what: str, **values: object) -> Iterator[T]:
    with bar(what, len(items), count=len(items), **values) as advance:
        for item in items:
            yield item
            advance(1)


class Counted(Sequence[T]):
    """``items`` that advance a bar as they are taken, one pass (``Sheet.extend`` checks each
    deal as it takes it)."""

    def __init__(self, items: Sequence[T], advance: Callable[[int], None]) -> None:
        self._items = items
        self._advance = advance

    def __len__(self) -> int:
        return len(self._items)

    def __getitem__(self, index: Any) -> Any:
        return self._items[index]

    def __iter__(self) -> Iterator[T]:
        for item in self._items:
            yield item
            self._advance(1)
