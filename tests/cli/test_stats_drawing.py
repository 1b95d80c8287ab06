"""``sheet stats``' tables drawn as rich drew them a cell a row (skatcalc 0.x up to round two of
issue 32 item 7): :func:`skatcalc.cli.render.stats` now gives rich a text a column with the
widths it would measure, and prints a block at a time; the answer must stay the same bytes at
every width, in English and German, plain and in colour, whatever the names (wide, markup,
long enough to need the short names).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from skatcalc import words
from skatcalc.cli import render
from skatcalc.cli.quick import season_stats
from skatcalc.sheet.stats import Stats
from skatcalc.width import short_names, wrap
from skatcalc.words.sheet import legend_line, stats_cells
from tests.cli.helpers import cli

FIVE = ("Annegret", "Bärbel-Sophie", "Hans-Joachim", "Jörg-Dietrich", "Maximilian")
EVENING = [
    "bä kr m2 75", "jö gr m1 50", "pass", "ma he o2 h 80", "an null won", "ha sp m1 59",
    "an ka m1 95", "bä gr o2 31", "ma nu ov verl", "jö kr m1 61", "pass", "ha gr m2 h 90",
]  # fmt: skip
ODD = ("[bold red]Anna[/]", "李娜李娜", "Zoë", "Ben Backslash\\x")
ODD_EVENING = ["李 gr m1 50", "zo he o2 h 80", "be null won", "[ sp m1 59", "李 ka m1 95",
               "[ kr m2 75", "[ gr m1 30"]  # fmt: skip
WIDTHS = [1, 2, 3, 4, 6, 9, 12, 16, 20, 24, 28, 33, 40, 47, 60, 80, 120, 200]


def _sheet(folder: Path, name: str, players: tuple[str, ...], deals: list[str]) -> Path:
    path = folder / name
    assert cli("sheet", "new", str(path), *players).code == 0
    for line in deals:
        assert cli("sheet", "add", str(path), line).code == 0, line
    return path


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Stats]:
    folder = tmp_path_factory.mktemp("stats")
    five = _sheet(folder, "five.toml", FIVE, EVENING)
    odd = _sheet(folder, "odd.toml", ODD, ODD_EVENING)
    three = Path(__file__).resolve().parents[2] / "examples" / "evening-three.toml"
    return {
        "three": season_stats([three]),
        "five": season_stats([five]),
        "odd+five": season_stats([odd, five]),
    }


def _before(result: Stats) -> None:
    """The drawing as it was: a rich Text a cell and a row a player, measured by rich; a print
    a line of prose (render.py at eb02c9f)."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    def table(header: list[str], rows: list[list[str]], heads: list[str], columns: list[int]
              ) -> Table:  # fmt: skip
        drawn = Table(box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
        drawn.add_column(header[0], no_wrap=True, min_width=len(header[0]))
        for i in columns:
            drawn.add_column(header[i], justify="right", no_wrap=True, min_width=len(header[i]))
        for head, row in zip(heads, rows, strict=True):
            drawn.add_row(Text(head), *(Text(row[i]) for i in columns))
        return drawn

    def fitting(header: list[str], rows: list[list[str]]) -> tuple[list[Table], bool]:
        names = [row[0] for row in rows]
        groups = render._parts(header, rows, names, width)
        short = len(groups) > 1 and bool(rows)
        if short:
            names = short_names(names)
            groups = render._parts(header, rows, names, width)
        return [table(header, rows, names, columns) for columns in groups], short

    def prose(line: str) -> None:
        for part in wrap(line, width):
            console.print(Text(part.replace("\u00a0", " ")), soft_wrap=True)

    said = stats_cells(result)
    console = render._console(sys.stdout)
    width = console.width
    first, short = fitting(said.header, said.rows)
    games, short_games = fitting(said.games_header, said.games_rows)
    if short or short_games:
        prose(legend_line([row[0] for row in said.rows]))
    prose(said.title)
    for drawn in first:
        console.print(drawn)
    prose(said.legend)
    console.print()
    prose(said.games_title)
    for drawn in games:
        console.print(drawn)
    for line in (*said.highest, *said.spread):
        prose(line)


@pytest.fixture(params=["en", "de"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    words.use(request.param)
    yield request.param
    words.use("en")


@pytest.mark.parametrize("colour", [False, True], ids=["plain", "colour"])
@pytest.mark.parametrize("which", ["three", "five", "odd+five"])
def test_stats_draw_the_same_bytes_as_before(
    results: dict[str, Stats], which: str, colour: bool, lang: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    if colour:
        monkeypatch.setenv("FORCE_COLOR", "1")  # to a pipe: rich styles as at a terminal
    else:
        monkeypatch.delenv("FORCE_COLOR", raising=False)
    coloured = 0
    for width in WIDTHS:
        monkeypatch.setenv("COLUMNS", str(width))
        drawn = []
        for draw in (_before, render.stats):
            out = io.StringIO()
            monkeypatch.setattr(sys, "stdout", out)
            draw(results[which])
            drawn.append(out.getvalue())
        assert drawn[1] == drawn[0], (which, lang, width)
        coloured += "\x1b[" in drawn[1]
    # the colour case does draw styles (at every width but the three narrowest, where rich
    # draws the tables empty)
    assert coloured == (len(WIDTHS) - 3 if colour else 0)
