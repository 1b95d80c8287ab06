"""Issue 29 point 8: wrapping that keeps what belongs together, as a person meets it through a
real pseudo-terminal (the screen as pyte draws it) at 80 and 40 columns, in English and German:
a command to copy on a line of its own, never broken (a file name with spaces quoted, so it
pastes); ``skatcalc docs`` filled as paragraphs, broken once; and in the HTML list printed on A4
by headless Chromium, a name never broken mid-word.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skatcalc.width import cells
from skatcalc.words import speaking, w
from tests.cli.helpers import cli
from tests.printed import pdf_text, print_pdf
from tests.terminal import environment, terminals

SCREENS = [(80, "en"), (40, "en"), (80, "de"), (40, "de")]


@pytest.fixture
def spawn(tmp_path: Path) -> Iterator[Any]:
    with terminals(tmp_path, lambda lang: environment(tmp_path, lang)) as start:
        yield lambda cols, lang, *args: start(args, cols=cols, lang=lang)


def _screen(spawn: Any, cols: int, lang: str, *args: str) -> tuple[int, list[str]]:
    child = spawn(cols, lang, *args)
    code = child.wait_for_end()
    return code, child.lines()


# --- a command to copy ------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("cols", "lang"), SCREENS)
def test_the_hint_after_sheet_new_quotes_the_file_on_a_line_of_its_own(
    spawn: Any, tmp_path: Path, cols: int, lang: str
) -> None:
    code, lines = _screen(spawn, cols, lang, "sheet", "new", "Abend am Freitag.toml",
                          "Annegret", "Bärbel", "Jörg")  # fmt: skip
    assert code == 0
    command = "skatcalc sheet rules 'Abend am Freitag.toml' --kontra --bock --ramsch"
    assert command in [line.strip() for line in lines], lines
    # what it says before and after the command fits the screen
    assert all(cells(line) <= cols for line in lines if command not in line), lines


@pytest.mark.slow
@pytest.mark.parametrize(("cols", "lang"), SCREENS)
def test_an_error_s_command_is_whole_on_its_own_line(
    spawn: Any, tmp_path: Path, cols: int, lang: str
) -> None:
    code, lines = _screen(spawn, cols, lang, "sheet", "show", "kein Abend.toml")
    assert code == 5
    command = "skatcalc sheet new 'kein Abend.toml' NAME NAME NAME"
    assert command in [line.strip() for line in lines], lines


def test_to_a_pipe_the_hint_is_one_line_with_the_name_quoted(tmp_path: Path) -> None:
    out = cli("sheet", "new", str(tmp_path / "Abend am Freitag.toml"), "Anna", "Ben", "Carl")
    assert out.code == 0
    quoted = f"'{tmp_path / 'Abend am Freitag.toml'}'"
    assert f"skatcalc sheet rules {quoted} --kontra --bock --ramsch (" in out.stdout


# --- skatcalc docs ----------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(("cols", "lang"), SCREENS)
def test_docs_reads_as_paragraphs(spawn: Any, tmp_path: Path, cols: int, lang: str) -> None:
    code, lines = _screen(spawn, cols, lang, "docs")
    assert code == 0
    prose = [line for line in lines if not line.startswith(" ")]
    # (the config file's path, one word longer than a phone, stands alone)
    assert all(cells(line) <= cols or " " not in line for line in prose), prose
    # filled: no line of a paragraph would have held the next line's first word (but for a
    # command to copy that did not fit the line before: on a line of its own)
    for line, after in itertools.pairwise(lines):
        alone = line.startswith(("skatcalc ", "(skatcalc "))
        if line and after and not line.startswith(" ") and not after.startswith(" ") and not alone:
            assert cells(line) + 1 + cells(_first_unit(after)) > cols, (line, after)
    # the evening's commands: each whole on a line of its own where the row does not fit
    new = {"en": "skatcalc sheet new evening.toml Anna Ben Carl",
           "de": "skatcalc sheet new abend.toml Anna Ben Carl"}[lang]  # fmt: skip
    assert [line for line in lines if line.strip().startswith(new)], lines
    paragraph = {"en": "A deal in words", "de": "Ein Spiel in Worten"}[lang]
    start = next(i for i, line in enumerate(lines) if line.startswith(paragraph))
    end = lines.index("", start)
    assert end - start <= {80: 6, 40: 13}[cols], lines[start:end]


def _first_unit(line: str) -> str:
    """The words a line starts with that are never parted: a word, the number after it, a
    formula it starts (``o1 = without 1``), a one-letter abbreviation (``z. B.``), a command to
    copy (``skatcalc docs NAME,``: up to a word that ends in a comma, a colon, a bracket)."""
    words = line.split()
    if words[0].lstrip("(") == "skatcalc":
        end = 1
        while end < len(words) and not words[end - 1].endswith((",", ";", ":", ")")):
            if words[end].startswith("("):
                break
            end += 1
        return " ".join(words[:end])
    unit, rest = words[0], words[1:]
    if re.fullmatch(r"\w\.", unit) and rest and re.fullmatch(r"\w\.\W?", rest[0]):
        unit, rest = f"{unit} {rest[0]}", rest[1:]
    if rest and re.match(r"[+-]?\d", rest[0]):
        unit, rest = f"{unit} {rest[0]}", rest[1:]
    while len(rest) >= 2 and rest[0] in ("×", "=", ">", "<"):
        unit, rest = f"{unit} {rest[0]} {rest[1]}", rest[2:]
        if rest and re.match(r"[+-]?\d", rest[0]) and not re.match(r"[+-]?\d", unit.split()[-1]):
            unit, rest = f"{unit} {rest[0]}", rest[1:]
    return unit


# --- the HTML list on A4 ----------------------------------------------------------------------

TEAM = ("Bärbel", "Annegret", "Kunigunde", "Wilhelmine")
NORTH = ("Hans-Joachim", "Jörg-Dietrich")


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_standings_on_a4_never_break_a_name(tmp_path: Path, lang: str) -> None:
    club = tmp_path / "club.toml"
    field = (*TEAM, *NORTH, "Maximilian", "Friederike", "Ute")
    made = cli("tournament", "new", str(club), "--series", "10", "--three", "1", "--four", "1",
               *field)  # fmt: skip
    assert made.code == 0, made
    assert cli("tournament", "team", str(club), "Die Unaufhaltsamen vom Stammtisch", *TEAM).code == 0  # fmt: skip
    assert cli("tournament", "team", str(club), "Nord", *NORTH).code == 0
    for seed in range(10):  # ten series drawn, each table's first seat wins a grand
        drawn = cli("tournament", "draw", str(club), "--seed", str(seed), "--json")
        assert drawn.code == 0, drawn
    page = tmp_path / "standings.html"
    out = cli("--lang", lang, "tournament", "standings", str(club),
              "--fee", "0.50", "--fee-from", "4", "1.00", "--format", "html", "-o", str(page))  # fmt: skip
    assert out.code == 0, out
    pdf = tmp_path / "standings.pdf"
    print_pdf(page, pdf)
    text = pdf_text(pdf)
    with speaking(lang):
        title = w("tour.teams.title")
    teams = text.split(title, 1)[1]  # the members, each in the teams' table (not the ranking)
    words = {word.strip(",") for line in teams.splitlines() for word in line.split()}
    for name in (*TEAM, *NORTH):
        assert name in words, (name, teams)


# --- what belongs together at the table ------------------------------------------------------

TABLE = {
    "en": {"kontra": "an gr m1 61 k", "overbid": "be cl m3 61 b50", "help": "help", "end": "quit",
           "formulas": ["game 2 × 24 = 48;", "(Kontra: × 2)", "game 4 × 12 = 48;",
                        "bid 50 > 48:"]},
    "de": {"kontra": "an gr m1 61 k", "overbid": "be kr m3 61 r50", "help": "hilfe", "end": "ende",
           "formulas": ["Spiel 2 × 24 = 48;", "(Kontra: × 2)", "Spiel 4 × 12 = 48;",
                        "Reizwert 50 > 48:", "z. B. 'ben"]},
}  # fmt: skip


def _at_the_table(spawn: Any, tmp_path: Path, cols: int, lang: str, *typed: str) -> list[str]:
    """What the table mode shows for a sheet of Anna, Ben, Carl (Kontra allowed) after the
    lines ``typed`` and the end."""
    assert cli("sheet", "new", str(tmp_path / "a.toml"), "Anna", "Ben", "Carl", "--kontra").code == 0  # fmt: skip
    child = spawn(cols, lang, "sheet", "play", "a.toml")
    child.expect_exact(" >")
    for line in (*typed, TABLE[lang]["end"]):
        child.enter(line)
        child.expect_exact([" >", ".toml:"])
    assert child.wait_for_end() == 0
    return child.lines()


@pytest.mark.slow
@pytest.mark.parametrize(("cols", "lang"), SCREENS)
def test_a_formula_and_an_abbreviation_stay_on_one_line(
    spawn: Any, tmp_path: Path, cols: int, lang: str
) -> None:
    words = TABLE[lang]
    lines = _at_the_table(spawn, tmp_path, cols, lang, words["kontra"], words["overbid"], words["help"])  # fmt: skip
    for formula in words["formulas"]:
        assert [line for line in lines if formula in line.replace("\u00a0", " ")], (formula, lines)
    # a line never starts with an operator or a separator (it reads as a prompt, a list gone wrong)
    starts = [line for line in lines if line.lstrip()[:2] in ("× ", "= ", "> ", "· ")]
    assert not starts, lines
    assert all(cells(line) <= cols for line in lines), lines


@pytest.mark.slow
@pytest.mark.parametrize(("cols", "lang"), SCREENS)
def test_a_command_that_fits_stays_on_the_line(
    spawn: Any, tmp_path: Path, cols: int, lang: str
) -> None:
    lines = _at_the_table(spawn, tmp_path, cols, lang, "xx kr", TABLE[lang]["help"])
    command = "skatcalc docs notation"
    cited = [n for n, line in enumerate(lines) if command in line]
    assert len(cited) == 2, lines  # the error's, and the help's
    for n in cited:  # on a line of its own only where the line before could not hold it
        if lines[n].strip().strip("()") == command:
            assert cells(lines[n - 1]) + 1 + cells(lines[n].strip()) > cols, lines[n - 1 : n + 1]
    if cols == 80:  # the error and the help each end on the line that cites it
        assert all(cells(lines[n]) > len(command) + 4 for n in cited), lines
