"""Each player's running total over the deals, drawn as text for a terminal or as inline SVG.

Pure: a tally in, lines or markup out; no colours in the text chart, no scripts and nothing
from elsewhere in the SVG. Both draw one list (``scoring``: the standard list unless asked for
another; the CLI and the HTML export ask for the sheet's deciding list), with the same axis
values and deal numbers, and the same marker letter for each player. The title, the legend's
words and the note of an empty chart are in the language in use; the axes carry numbers only.

>>> from skatcalc.sheet.model import Deal, Sheet
>>> from skatcalc.spec import GameSpec
>>> sheet = Sheet.new(["Anna", "Ben", "Carl"])
>>> sheet = sheet.add(Deal("Anna", GameSpec("grand", with_=1, points=70)))  # +48
>>> sheet = sheet.add(Deal("Ben", GameSpec("clubs", with_=2, hand=True, points=56)))  # -96
>>> print("\\n".join(terminal_chart(sheet.tally(), width=30, height=7)))
Running totals, standard list
  50 +A                      A
     |
   0 +*......................C
     |
 -50 +
     |
-100 +                       B
     +------------------------
      1                      2
A Anna   B Ben   C Carl
* several players
"""

from __future__ import annotations

import math
import textwrap
import unicodedata
from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction

from skatcalc.errors import SkatError
from skatcalc.formats.common import escape as _escape
from skatcalc.formats.common import num as _num
from skatcalc.frozen import record
from skatcalc.sheet.model import LISTS, Tally
from skatcalc.words import w

__all__ = ["CHART_CSS", "markers", "svg_chart", "terminal_chart"]

CHART_CSS = """\
figure.chart { margin: 4mm auto 0; max-width: 180mm; break-inside: avoid;
  page-break-inside: avoid; }
figure.chart svg { display: block; width: 100%; height: auto; }
"""
"""The style of the chart in an HTML page: at most 180 mm wide (A4 less its margins), kept
whole on one printed page."""

_SEVERAL = "*"
_ZERO = "."
# Colours tell the lines apart on screen, dashes on a black-and-white print.
# Five, one a player at a table of five (issue 22).
_COLOURS = ("#1f5fa8", "#b00000", "#2e7d32", "#7b3fa0", "#b35900")
_DASHES = ("", "7 3", "2 2", "9 3 2 3", "5 2 1 2 1 2")
_FONT = 11
_CHAR = 6.6  # the width of a character at _FONT, near enough for DejaVu Sans and Arial


def markers(names: Sequence[str]) -> tuple[str, ...]:
    """One distinct letter per player: the initial, or when another player has it, the next
    letter of the name that is free, or else the first free letter A to Z.

    Only letters one column wide are used, so the chart keeps its columns in any terminal.

    >>> markers(["Anna", "Andreas", "Ben", "<b>Zoë</b>"])
    ('A', 'N', 'B', 'Z')
    >>> markers(["Ann", "Anna", "Annika"])
    ('A', 'N', 'I')
    >>> markers(["Ödön", "東京"])
    ('Ö', 'A')
    """
    taken: list[str] = []
    for name in names:
        letters = [c.upper() for c in name if _narrow_letter(c)]
        free = [c for c in letters if c not in taken]
        spare = [c for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" if c not in taken]
        taken.append(free[0] if free else spare[0])
    return tuple(taken)


def _narrow_letter(char: str) -> bool:
    upper = char.upper()
    return (
        char.isalpha()
        and len(upper) == 1  # ß becomes SS
        and unicodedata.east_asian_width(upper) in ("Na", "N", "H")
        and not unicodedata.combining(upper)
    )


# --- axes shared by both charts ---------------------------------------------------------------


def _steps() -> Iterator[int]:
    """1, 2, 5, 10, 20, 50, ...: steps whose multiples read well on an axis."""
    power = 1
    while True:
        for digit in (1, 2, 5):
            yield digit * power
        power *= 10


def _value_axis(low: int, high: int, intervals: int) -> tuple[int, int, int]:
    """Bottom, top and step of a value axis: multiples of a round step, 0 among them, at
    most ``intervals`` steps from bottom to top (at least 2, so 0 can sit between)."""
    low, high = min(low, 0), max(high, 0)
    if low == high:  # nothing but 0 yet: put the zero line in the middle
        low, high = -100, 100
    for step in _steps():
        bottom = math.floor(Fraction(low, step)) * step
        top = math.ceil(Fraction(high, step)) * step
        if (top - bottom) // step <= max(intervals, 2):
            return bottom, top, step
    raise AssertionError("unreachable: the steps grow without end")


def _deal_ticks(count: int, extent: Callable[[int], tuple[float, float]]) -> list[int]:
    """The deal numbers to label: the first, the last, and round ones between whose labels
    (``extent``: from, to) keep apart."""
    if count <= 1:
        return [count] if count else []

    def apart(left: int, right: int) -> bool:
        return extent(right)[0] > extent(left)[1]

    for step in _steps():
        # A round number closer to 1 than half a step would crowd the first label.
        between = [n for n in range(step, count, step) if 2 * (n - 1) > step]
        if all(apart(a, b) for a, b in zip([1, *between], between, strict=False)):
            break
    placed = [1, *between]
    while placed and not apart(placed[-1], count):
        placed.pop()
    return [*placed, count] if placed else [count]


def _range(tally: Tally, scoring: str) -> tuple[int, int]:
    values = [total for entry in tally.deals for total in entry.running(scoring)]
    return min(values, default=0), max(values, default=0)


def _title(scoring: str) -> str:
    """The chart's title: the running totals and the list they are in."""
    if scoring not in LISTS:
        raise SkatError("err.list", scoring=repr(scoring), lists=", ".join(LISTS))
    return w("chart.title", list=w(f"list.name.{scoring}"))


def _round(value: Fraction) -> int:
    return math.floor(value + Fraction(1, 2))


# --- text -------------------------------------------------------------------------------------


def terminal_chart(
    tally: Tally, width: int = 72, height: int = 16, scoring: str = "standard"
) -> list[str]:
    """Each player's running total in the list ``scoring``, drawn as lines of plain text.

    ``height`` rows of plot between the title and the x axis with its deal numbers, then the
    legend; no line is wider than ``width`` characters (titles and legends wrap). The y axis
    labels round values, 0 always among them, and the zero
    line is dotted. Each player's total after each deal is the player's marker letter (see
    :func:`markers`), ``*`` where players share a place; the legend names them. With more
    deals than columns, a column holds several deals. No deals: the axes, the legend and a
    note.

    >>> from skatcalc.sheet.model import Sheet
    >>> print("\\n".join(terminal_chart(Sheet.new(["Anna", "Ben", "Carl"]).tally(), 40, 5)))
    Running totals, standard list
     100 +
         |
       0 +..................................
         |
    -100 +
         +----------------------------------
    A Anna   B Ben   C Carl
    No deals yet: the running totals are drawn here as deals are entered.
    >>> terminal_chart(Sheet.new(["Anna", "Ben", "Carl"]).tally(), 72, 4)
    Traceback (most recent call last):
    ...
    skatcalc.errors.SkatError: chart.too_small(width=72, height=4, min_width=24, min_height=5)
    """
    if width < 24 or height < 5:
        raise SkatError("chart.too_small", width=width, height=height, min_width=24, min_height=5)
    plot = _Rows.of(tally, width, height, scoring)
    names = [p.name for p in tally.players]
    letters = markers(names)
    cells = _cells(tally, plot, scoring)
    lines = _wrap([_title(scoring)], width)
    lines += _text_plot(plot, cells, letters)
    lines += _deal_axis(plot)
    legend = [f"{letter} {name}" for letter, name in zip(letters, names, strict=True)]
    if any(len(seats) > 1 for seats in cells.values()):
        legend.append(f"{_SEVERAL} {w('chart.several')}")
    lines.extend(_wrap(legend, width))
    if not plot.count:
        lines.extend(_wrap([w("chart.empty")], width))
    return lines


@record
class _Rows:
    """Where the text chart's plot sits: ``height`` rows, ``columns`` right of the value
    labels, and the row of a value and the column of a deal in it."""

    count: int
    height: int
    columns: int
    label_width: int
    bottom: int
    top: int
    step: int

    @classmethod
    def of(cls, tally: Tally, width: int, height: int, scoring: str) -> _Rows:
        # Labels at least two rows apart, and no more than nine of them.
        bottom, top, step = _value_axis(*_range(tally, scoring), min(8, (height - 1) // 2))
        label_width = max(len(str(value)) for value in range(bottom, top + 1, step))
        columns = width - label_width - 2
        return cls(len(tally.deals), height, columns, label_width, bottom, top, step)

    def values(self) -> range:
        return range(self.bottom, self.top + 1, self.step)

    def row(self, value: int) -> int:
        return _round(Fraction((self.top - value) * (self.height - 1), self.top - self.bottom))

    def column(self, n: int) -> int:
        if self.count <= 1:
            return 0
        return _round(Fraction((n - 1) * (self.columns - 1), self.count - 1))

    def extent(self, n: int) -> tuple[float, float]:
        start = min(self.column(n), self.columns - len(str(n)))
        return start, start + len(str(n)) + 1  # two spaces at least between labels


def _cells(tally: Tally, plot: _Rows, scoring: str) -> dict[tuple[int, int], set[int]]:
    """The seats whose running total falls in each cell (row, column) of the plot."""
    cells: dict[tuple[int, int], set[int]] = {}
    for entry in tally.deals:
        for seat, total in enumerate(entry.running(scoring)):
            cells.setdefault((plot.row(total), plot.column(entry.n)), set()).add(seat)
    return cells


def _text_plot(
    plot: _Rows, cells: dict[tuple[int, int], set[int]], letters: Sequence[str]
) -> list[str]:
    """The plot's rows: the value labels and the y axis, the dotted zero line, and each
    player's marker (``*`` where players share a cell)."""
    grid = [[" "] * plot.columns for _ in range(plot.height)]
    grid[plot.row(0)] = [_ZERO] * plot.columns
    for (y, x), seats in cells.items():
        grid[y][x] = letters[min(seats)] if len(seats) == 1 else _SEVERAL
    ticks = {plot.row(value): str(value) for value in plot.values()}
    lines = []
    for y, cells_in_row in enumerate(grid):
        axis = "+" if y in ticks else "|"
        label = ticks.get(y, "")
        lines.append(f"{label:>{plot.label_width}} {axis}{''.join(cells_in_row)}".rstrip())
    return lines


def _deal_axis(plot: _Rows) -> list[str]:
    """The x axis, and under it the deal numbers (none before the first deal)."""
    numbers = [" "] * plot.columns
    for n in _deal_ticks(plot.count, plot.extent):
        start = int(plot.extent(n)[0])
        numbers[start : start + len(str(n))] = str(n)
    pad = " " * (plot.label_width + 1)
    lines = [f"{pad}+{'-' * plot.columns}"]
    if plot.count:
        lines.append(f"{pad} {''.join(numbers)}".rstrip())
    return lines


def _wrap(entries: list[str], width: int) -> list[str]:
    """Entries three spaces apart, on as many lines as ``width`` needs; an entry wider than
    that is broken between words (or inside a word longer than a line)."""
    lines: list[str] = []
    for entry in entries:
        if lines and len(lines[-1]) + 3 + len(entry) <= width:
            lines[-1] += "   " + entry
        else:
            lines.extend(textwrap.wrap(entry, width) if len(entry) > width else [entry])
    return lines


# --- SVG --------------------------------------------------------------------------------------


def _px(number: float) -> str:
    return f"{number:.1f}".removesuffix(".0")


def _line(x1: float, y1: float, x2: float, y2: float, attributes: str = "") -> str:
    return f'<line x1="{_px(x1)}" y1="{_px(y1)}" x2="{_px(x2)}" y2="{_px(y2)}"{attributes}></line>'


def _pen(seat: int) -> str:
    """The stroke of a player's line: colours apart on screen, dashes apart in black and white."""
    dash = _DASHES[seat % len(_DASHES)]
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    return f' stroke="{_COLOURS[seat % len(_COLOURS)]}" stroke-width="1.6"{dashes}'


@record
class _Plot:
    """Where the plot sits in the SVG, and where a deal and a value fall in it."""

    count: int
    upper: float
    lower: float
    left: float
    right: float
    bottom: int
    top: int
    step: int

    @classmethod
    def of(cls, tally: Tally, width: int, height: int, legend_rows: int, scoring: str) -> _Plot:
        upper = 30.0
        lower = height - 10.0 - 18 * legend_rows - 20
        # Value labels at least 24 apart, so they never touch.
        low, high = _range(tally, scoring)
        bottom, top, step = _value_axis(low, high, min(6, int((lower - upper) // 24)))
        left = 10 + max(len(_num(v)) for v in (bottom, top)) * _CHAR + 6
        return cls(len(tally.deals), upper, lower, left, width - 18.0, bottom, top, step)

    def x(self, n: int) -> float:
        if self.count <= 1:
            return self.left
        return self.left + (n - 1) * (self.right - self.left) / (self.count - 1)

    def y(self, value: int) -> float:
        return self.upper + (self.top - value) * (self.lower - self.upper) / (
            self.top - self.bottom
        )

    def values(self) -> range:
        return range(self.bottom, self.top + 1, self.step)

    def extent(self, n: int) -> tuple[float, float]:
        half = len(str(n)) * _CHAR / 2
        return self.x(n) - half - 4, self.x(n) + half + 4


def svg_chart(
    tally: Tally,
    width: int = 720,
    height: int = 300,
    *,
    standalone: bool = False,
    scoring: str = "standard",
) -> str:
    """Each player's running total in the list ``scoring``, as one self-contained SVG element.

    Meant to sit inline in an HTML page (the HTML export puts it under the deals); with
    ``standalone`` it carries the SVG namespace, to be saved as an ``.svg`` file. ``width``
    and ``height`` are its size in CSS pixels, and its viewBox, so it scales. Each player
    draws a line in a colour of their own, dashed differently for a black-and-white print,
    with a dot for each deal (up to 60 deals) and the marker letter at its end; the legend
    under the plot names the players. No script, no style sheet, nothing from elsewhere;
    names are escaped. Every element is closed with an end tag, so it reads as XML and as
    HTML alike.

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["<b>Anna</b>", "Ben", "Carl"])
    >>> sheet = sheet.add(Deal("Ben", GameSpec("grand", with_=2, points=61)))
    >>> svg = svg_chart(sheet.tally())
    >>> svg.startswith('<svg viewBox="0 0 720 300"'), "&lt;b&gt;Anna&lt;/b&gt;" in svg
    (True, True)
    >>> "<b>" in svg, "<script" in svg, "xmlns" in svg
    (False, False, False)
    >>> svg_chart(sheet.tally(), 100, 80)
    Traceback (most recent call last):
    ...
    skatcalc.errors.SkatError: chart.too_small(width=100, height=80, min_width=240, min_height=160)
    """
    if width < 240 or height < 160:
        raise SkatError(
            "chart.too_small", width=width, height=height, min_width=240, min_height=160
        )
    letters = markers([p.name for p in tally.players])
    legend = [f"{letter} {p.name}" for letter, p in zip(letters, tally.players, strict=True)]
    rows = _legend_rows(legend, width)
    plot = _Plot.of(tally, width, height, len(rows), scoring)
    aria = f"{_title(scoring)}: {', '.join(legend)}"
    namespace = ' xmlns="http://www.w3.org/2000/svg"' if standalone else ""
    out = [
        f'<svg viewBox="0 0 {width} {height}" width="{width}" height="{height}"{namespace} '
        f'role="img" aria-label="{_escape(aria)}" font-family="DejaVu Sans, Segoe UI, Arial, '
        f'sans-serif" font-size="{_FONT}">',
        f'<text x="{_px(plot.left)}" y="16" font-weight="600">{_escape(_title(scoring))}</text>',
        *_svg_axes(plot),
        *_svg_lines(tally, plot, letters, scoring),
    ]
    at_y = plot.lower + 36
    for row in rows:
        at_x = 8.0
        for seat in row:
            out.append(_line(at_x, at_y - 4, at_x + 22, at_y - 4, _pen(seat)))
            out.append(f'<text x="{_px(at_x + 28)}" y="{_px(at_y)}">{_escape(legend[seat])}</text>')
            at_x += _legend_width(legend[seat])
        at_y += 18
    if not plot.count:
        out.append(
            f'<text x="{_px((plot.left + plot.right) / 2)}" y="{_px(plot.y(0) - 8)}" '
            f'text-anchor="middle" fill="#555" font-style="italic">{_escape(w("chart.empty"))}'
            "</text>"
        )
    out.append("</svg>")
    return "\n".join(out)


def _legend_width(entry: str) -> float:
    """A legend entry: a line sample 22 wide, 6 to the text, 16 to the next entry."""
    return 28 + len(entry) * _CHAR + 16


def _legend_rows(legend: list[str], width: int) -> list[list[int]]:
    """The seats in each row of the legend, wrapped to the width."""
    rows: list[list[int]] = []
    used = float(width)
    for seat, entry in enumerate(legend):
        if used + _legend_width(entry) > width - 8:
            rows.append([])
            used = 8.0
        rows[-1].append(seat)
        used += _legend_width(entry)
    return rows


def _svg_axes(plot: _Plot) -> list[str]:
    """Grid lines and labels at round values, the zero line and the y axis, the deal numbers."""
    axis = ' stroke="#111" stroke-width="0.8"'
    out = [
        '<g stroke="#ccc" stroke-width="0.5">',
        *(_line(plot.left, plot.y(v), plot.right, plot.y(v)) for v in plot.values() if v),
        "</g>",
        _line(plot.left, plot.y(0), plot.right, plot.y(0), axis),
        _line(plot.left, plot.upper, plot.left, plot.lower, axis),
        '<g text-anchor="end" fill="#333">',
        *(
            f'<text x="{_px(plot.left - 5)}" y="{_px(plot.y(v) + 4)}">{_num(v)}</text>'
            for v in plot.values()
        ),
        "</g>",
        '<g text-anchor="middle" fill="#333">',
    ]
    for n in _deal_ticks(plot.count, plot.extent):
        out.append(_line(plot.x(n), plot.lower, plot.x(n), plot.lower + 4, axis))
        out.append(f'<text x="{_px(plot.x(n))}" y="{_px(plot.lower + 16)}">{n}</text>')
    out.append("</g>")
    return out


def _svg_lines(tally: Tally, plot: _Plot, letters: Sequence[str], scoring: str) -> list[str]:
    """Each player's line, with a dot per deal when they fit, and the marker at its end."""
    if not tally.deals:
        return []
    out = []
    for seat in range(len(letters)):
        points = [(plot.x(entry.n), plot.y(entry.running(scoring)[seat])) for entry in tally.deals]
        path = " ".join(f"{_px(px)},{_px(py)}" for px, py in points)
        out.append(
            f'<polyline points="{path}" fill="none"{_pen(seat)} stroke-linejoin="round"></polyline>'
        )
        if plot.count <= 60:
            out.append(f'<g fill="{_COLOURS[seat % len(_COLOURS)]}">')
            out.extend(
                f'<circle cx="{_px(px)}" cy="{_px(py)}" r="2"></circle>' for px, py in points
            )
            out.append("</g>")
    # The letters at the lines' ends, top to bottom, at least a line of text apart.
    ends = sorted(
        (plot.y(total), seat) for seat, total in enumerate(tally.deals[-1].running(scoring))
    )
    floor = -math.inf
    for end_y, seat in ends:
        floor = max(end_y, floor + _FONT)
        out.append(
            f'<text x="{_px(plot.x(plot.count) + 5)}" y="{_px(floor + 4)}" '
            f'fill="{_COLOURS[seat % len(_COLOURS)]}" font-weight="700">'
            f"{_escape(letters[seat])}</text>"
        )
    return out
