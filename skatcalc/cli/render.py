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


def screen(sheet: Sheet, tally: Tally) -> None:
    """Print the score list as one screen holds it: the last deals (as many as fit, up to the
    current series), the totals, and a line left for the prompt (the table mode's ``show``)."""
    import shutil

    from skatcalc.formats.terminal import screen_lines

    size = shutil.get_terminal_size((80, 24))
    _emit(screen_lines(sheet, tally, size.columns, size.lines - 1))


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

    from skatcalc.formats.width import cells, short_names
    from skatcalc.words.sheet import legend_line, stats_cells

    said = stats_cells(result)
    # Decided here, not by rich: rich 13 took an empty NO_COLOR or FORCE_COLOR as set.
    colour = styled(sys.stdout)
    forced = colour and not sys.stdout.isatty()  # FORCE_COLOR to a pipe or a file
    console = Console(
        highlight=False, emoji=False, no_color=not colour, force_terminal=True if forced else None,
        color_system="auto" if colour else None,
    )  # fmt: skip

    def table(title: str, header: list[str], rows: list[list[str]], short: bool) -> Table:
        drawn = Table(
            title=Text(title), title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False,
            collapse_padding=True,
        )  # fmt: skip
        # Numbers and names never wrap (a name broken mid-word reads as two players): where
        # the whole names do not fit the terminal, the short names do, with their legend.
        drawn.add_column(header[0], no_wrap=True, min_width=len(header[0]))
        for head in header[1:]:
            drawn.add_column(head, justify="right", no_wrap=True, min_width=len(head))
        heads = short_names([row[0] for row in rows]) if short else [row[0] for row in rows]
        for head, row in zip(heads, rows, strict=True):
            drawn.add_row(Text(head), *(Text(cell) for cell in row[1:]))
        return drawn

    def fitting(title: str, header: list[str], rows: list[list[str]]) -> tuple[Table, bool]:
        # the table's width as drawn: each column as wide as its widest cell, two columns
        # apart, one at each edge (box.SIMPLE_HEAD, collapse_padding)
        sizes = [max(cells(text) for text in column) for column in zip(header, *rows, strict=True)]
        if 2 + sum(sizes) + 2 * (len(sizes) - 1) <= console.width or not rows:
            return table(title, header, rows, short=False), False
        return table(title, header, rows, short=True), True

    first, short = fitting(said.title, said.header, said.rows)
    games, short_games = fitting(said.games_title, said.games_header, said.games_rows)
    if short or short_games:
        console.print(Text(legend_line([row[0] for row in said.rows]).replace("\u00a0", " ")))
    console.print(first)
    console.print(Text(said.legend))
    console.print()
    console.print(games)
    for line in said.highest:
        console.print(Text(line))


def page(text: str, markdown: bool = False) -> str:
    """A page for stdout (the standings as text, a Markdown export): at a terminal its lines
    of prose broken between words to the width, the rest indented, as every answer is; a table's
    rows (and Markdown's headings) as they are, since a broken row is no row. To a pipe or a
    file, as it is.

    >>> page("a b c\\n| x | y |\\n")
    'a b c\\n| x | y |\\n'
    """
    import shutil
    import sys

    if not sys.stdout.isatty():
        return text
    from skatcalc.formats.width import wrap

    width = shutil.get_terminal_size((80, 24)).columns
    kept = ("|", "#") if markdown else ()
    lines = text.split("\n")
    return "\n".join(
        out for line in lines for out in ([line] if line.startswith(kept) else wrap(line, width))
    )
