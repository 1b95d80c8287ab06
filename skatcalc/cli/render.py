"""What ``sheet show`` and ``sheet stats`` print: the score list and the statistics.

The score list's lines are made by :mod:`skatcalc.formats.terminal` (pure); this module prints
them, fitted to the terminal's width, with styles (bold heads, a dim rules line) only on a
terminal, never to a pipe or with NO_COLOR set to a value (:func:`styled`). The statistics are rich tables. Names are data,
never markup: a player called ``[bold red]Anna[/]`` prints exactly as typed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

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

    Short headers, and where the whole names do not fit the terminal the short names with
    their legend above the first table; where even those do not fit (a phone), each table in
    parts of as many columns as fit, the names' column in each. The lines of prose are broken
    between words to the same width (an entry of the legend stays whole).
    """
    import sys

    from skatcalc.words.stats import legend_line, stats_cells

    said = stats_cells(result)
    console = _console(sys.stdout)
    width = console.width  # the terminal's; to a pipe COLUMNS, else 80, as the tables
    first, short = _fitting(said.header, said.rows, width)
    games, short_games = _fitting(said.games_header, said.games_rows, width)
    legend = [legend_line([row[0] for row in said.rows])] if short or short_games else []
    # One print a block, and one write at the end (the console's buffer), not a print, a
    # write and a flush a line (20 prints, 5.3 of the 6.1 ms of drawing): drawing the season's
    # answer 5.5 to 5.0 ms, a cold process (bench/stats_drawing.py, medians of 15 rounds).
    with console:
        # a title is a line of its own: a table in parts has it once, and it is never
        # squeezed into a narrow part's width
        _prose(console, [*legend, said.title], width)
        console.print(*first)
        _prose(console, [said.legend, "", said.games_title], width)
        console.print(*games)
        _prose(console, [*said.highest, *said.spread], width)


def _console(stream: TextIO) -> Console:
    """A rich console for ``stream`` (stdout) that styles where :func:`styled` says so."""
    from rich.console import Console

    # Decided here, not by rich: rich 13 took an empty NO_COLOR or FORCE_COLOR as set.
    colour = styled(stream)
    forced = colour and not stream.isatty()  # FORCE_COLOR to a pipe or a file
    return Console(
        highlight=False, emoji=False, no_color=not colour, force_terminal=True if forced else None,
        color_system="auto" if colour else None,
    )  # fmt: skip


def _prose(console: Console, lines: list[str], width: int) -> None:
    """Lines of prose, each broken by our rule (between words, never at a non-breaking
    space), not by rich's; printed as one text, a line each (rich takes each line of a text on
    its own when it does not wrap: the same as a print a line)."""
    from rich.text import Text

    from skatcalc.width import wrap

    parts = [part.replace("\u00a0", " ") for line in lines for part in wrap(line, width)]
    console.print(Text("\n".join(parts)), soft_wrap=True)


def _fitting(header: list[str], rows: list[list[str]], width: int) -> tuple[list[Table], bool]:
    """A table of statistics as it fits ``width``: in parts of as many columns as fit, the
    names' column in each; and whether the names are the short ones (when the whole names
    need more than one part)."""
    from skatcalc.width import short_names

    names = [row[0] for row in rows]
    groups = _parts(header, rows, names, width)
    short = len(groups) > 1 and bool(rows)
    if short:
        names = short_names(names)
        groups = _parts(header, rows, names, width)
    return [_table(header, rows, names, columns, width) for columns in groups], short


def _parts(header: list[str], rows: list[list[str]], heads: list[str], width: int
           ) -> list[list[int]]:  # fmt: skip
    """The columns after the names' in as few parts as the width holds, as even as can be (no
    part of one column after two full ones)."""
    from skatcalc.width import cells

    # A table's width as drawn: each column as wide as its widest cell, two apart, one at each
    # edge (SIMPLE_HEAD, collapsed).
    table = [header, *([head, *row[1:]] for head, row in zip(heads, rows, strict=True))]
    sizes = [max(cells(text) for text in column) for column in zip(*table, strict=True)]
    return _even(sizes[1:], width - 2 - sizes[0])


def _table(header: list[str], rows: list[list[str]], heads: list[str], columns: list[int],
           width: int) -> Table:  # fmt: skip
    """One part of a table: the names' column (``heads``) and the ``columns`` of ``rows``.

    Where the part fits ``width`` (as :func:`_parts` makes it, unless a column is wider than the
    terminal), each column is one text, a line a row, as wide as rich measures its widest cell
    (``cell_len``, the header's ``min_width`` as rich clamps it): rich draws the same lines
    without measuring a cell or drawing a cell a row. With the prints a block (:func:`stats`),
    drawing the season's answer went from 46.1 to 27.0 million instructions (valgrind: a process
    that reads 5 sheets and draws, less one that does not) and from 5.55 to 3.61 ms
    (bench/stats_drawing.py, 21 rounds). Where a part does not fit, rich narrows the columns
    itself from its measure, a cell a row, as it always has (below 4 columns a text a column
    would draw other blank lines)."""
    from rich import box
    from rich.cells import cell_len
    from rich.table import Table
    from rich.text import Text

    titles = [header[0], *(header[i] for i in columns)]
    texts = [heads, *([row[i] for row in rows] for i in columns)]
    sizes = [
        max(len(title), cell_len(title), *(cell_len(text) for text in column))
        for title, column in zip(titles, texts, strict=True)
    ]
    # A table's width as drawn: each column as wide as its widest cell, two apart, one at each
    # edge (SIMPLE_HEAD, collapsed; as in _parts).
    fits = sum(sizes) + 2 * len(sizes) <= width
    drawn = Table(box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    # Numbers and names never wrap (a name broken mid-word reads as two players): where
    # the whole names do not fit the terminal, the short names do, with their legend.
    for n, (title, size) in enumerate(zip(titles, sizes, strict=True)):
        drawn.add_column(
            title, justify="right" if n else "left", no_wrap=True, min_width=len(title),
            width=size if fits else None,
        )  # fmt: skip
    if fits and rows:
        drawn.add_row(*(Text("\n".join(column)) for column in texts))
    elif not fits:
        for row in zip(*texts, strict=True):
            drawn.add_row(*(Text(text) for text in row))
    return drawn


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
    from skatcalc.width import wrap

    width = shutil.get_terminal_size((80, 24)).columns
    kept = ("|", "#") if markdown else ()
    lines = text.split("\n")
    return "\n".join(
        out for line in lines for out in ([line] if line.startswith(kept) else wrap(line, width))
    )


def _even(sizes: list[int], room: int) -> list[list[int]]:
    """Columns of ``sizes`` (each taking two more columns beside the one before it) in as few
    runs as fit ``room``, the widest run as narrow as can be; numbered from 1.

    >>> _even([6, 6, 4, 5, 5, 4, 6, 4, 8], 30)
    [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    >>> _even([6, 6], 80)
    [[1, 2]]
    """
    from itertools import combinations, pairwise

    count = len(sizes)

    def wide(run: range) -> int:
        return sum(sizes[i] + 2 for i in run)

    for parts in range(1, count + 1):
        best: tuple[int, ...] | None = None
        for cuts in combinations(range(1, count), parts - 1):
            bounds = (0, *cuts, count)
            widest = max(wide(range(a, b)) for a, b in pairwise(bounds))
            if widest <= room and (best is None or widest < best[0]):
                best = (widest, *cuts)
        if best is not None:
            bounds = (0, *best[1:], count)
            return [list(range(a + 1, b + 1)) for a, b in pairwise(bounds)]
    return [[i + 1] for i in range(count)]  # a column wider than the room: one a part
