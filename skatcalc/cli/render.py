"""What ``sheet show`` and ``sheet stats`` print: the score list and the statistics.

The score list's lines are made by :mod:`skatcalc.formats.terminal` (pure); this module prints
them, fitted to the terminal's width, with styles (bold heads, a dim rules line) only on a
terminal, never to a pipe or with NO_COLOR set to a value (:func:`styled`). The statistics are rich tables. Names are data,
never markup: a player called ``[bold red]Anna[/]`` prints exactly as typed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from skatcalc.formats.terminal import Line
    from skatcalc.sheet.model import Sheet
    from skatcalc.sheet.stats import Stats
    from skatcalc.sheet.tally import Tally


def sheet(
    sheet: Sheet,
    tally: Tally,
    last: int | None = None,
    every: bool = False,
    scoring: str | None = None,
) -> None:
    """Print the score list (:func:`skatcalc.formats.terminal.sheet_lines`) as wide as the
    terminal (COLUMNS, else the terminal, else 80)."""
    import shutil

    from skatcalc.formats.terminal import sheet_lines

    width = shutil.get_terminal_size((80, 24)).columns
    _emit(sheet_lines(sheet, tally, width, last, every, scoring))


def styled(stream: TextIO) -> bool:
    """Whether to write styles (colour, bold) to ``stream``: at a terminal that is not
    ``TERM=dumb``, or wherever ``FORCE_COLOR`` asks; never when ``NO_COLOR`` asks. As
    no-color.org and force-color.org say, a variable asks only with a value: ``NO_COLOR=``
    (set, empty) asks nothing.

    >>> import io, os
    >>> styled(io.StringIO())
    False
    """
    import os

    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    try:
        return stream.isatty()
    except ValueError:  # closed
        return False


def _emit(lines: list[Line]) -> None:
    import sys

    out = sys.stdout
    if styled(out):
        text = "\n".join(f"\x1b[{style}m{line}\x1b[0m" if style else line for line, style in lines)
    else:
        text = "\n".join(line for line, _ in lines)
    out.write(text + "\n")


def stats(result: Stats) -> None:
    """Print the statistics: one row per player, the games by type, the highest won games.

    Short headers and a legend under the first table, so every header fits 80 columns.
    """
    import sys

    from rich import box
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from skatcalc.words.sheet import stats_cells

    said = stats_cells(result)
    # Decided here, not by rich: rich 13 took an empty NO_COLOR or FORCE_COLOR as set.
    colour = styled(sys.stdout)
    forced = colour and not sys.stdout.isatty()  # FORCE_COLOR to a pipe or a file
    console = Console(
        highlight=False, emoji=False, no_color=not colour, force_terminal=True if forced else None,
        color_system="auto" if colour else None,
    )  # fmt: skip

    def table(title: str, header: list[str], rows: list[list[str]]) -> Table:
        drawn = Table(
            title=Text(title), title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False,
            collapse_padding=True,
        )  # fmt: skip
        # Numbers never wrap and keep their header whole; a long name wraps instead.
        drawn.add_column(header[0], overflow="fold", min_width=len(header[0]))
        for head in header[1:]:
            drawn.add_column(head, justify="right", no_wrap=True, min_width=len(head))
        for row in rows:
            drawn.add_row(*(Text(cell) for cell in row))
        return drawn

    console.print(table(said.title, said.header, said.rows))
    console.print(Text(said.legend))
    console.print()
    console.print(table(said.games_title, said.games_header, said.games_rows))
    for line in said.highest:
        console.print(Text(line))
