"""``skatcalc sheet play`` as a player meets it: through a real pseudo-terminal (pexpect).

Typing, Tab completion, the up arrow, Ctrl-C and Ctrl-D go through prompt_toolkit exactly as at
a terminal, and the tests read the screen a terminal emulator draws (tests/terminal.py). The
emulator does not answer prompt_toolkit's cursor position request: PROMPT_TOOLKIT_NO_CPR=1 stops
it asking (a real terminal answers it). Every wait is bounded by TIMEOUT, and the child is killed
when a test ends.

The two evenings of issue 11 come from bench/evenings.py (written by hand from the rules): each
typed into the table mode must give the very sheet file their ``sheet add`` options give. A short
evening of this file's own runs too.
"""

from __future__ import annotations

import runpy
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cli.helpers import cli
from tests.terminal import TIMEOUT, Terminal, environment, terminals

ROOT = Path(__file__).resolve().parents[2]
EVENINGS = ROOT / "bench" / "evenings.py"
UP = "\x1b[A"
CTRL_C = "\x03"
CTRL_D = "\x04"


def _env(tmp_path: Path) -> dict[str, str]:
    return environment(tmp_path, "en", columns=100)


def _new(tmp_path: Path, name: str, *args: str) -> Path:
    path = tmp_path / name
    done = cli("sheet", "new", str(path), *args)
    assert done.code == 0, done
    return path


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Any]:
    """Start ``skatcalc [ARGS] sheet play FILE`` in a pseudo-terminal; killed at the end. The
    file is named from its folder, as typed at a table: the closing line, which names the file
    and is fitted to the terminal, stays one line."""
    with terminals(tmp_path, _env(tmp_path)) as start:
        yield lambda path, *args: start(
            [*args, "sheet", "play", str(path.relative_to(tmp_path))], cols=100, rows=40
        )


def _left(child: Terminal) -> int:
    """Wait for the child to end; its exit status."""
    return child.wait_for_end()


def test_typing_completion_history_ctrl_c_and_ctrl_d(table: Any, tmp_path: Path) -> None:
    path = _new(tmp_path, "evening.toml", "Anna", "Ben", "Carl")
    child = table(path)
    child.expect_exact("Deal 1 · Anna deals >")
    # Tab completes a player's whole name and a word of the notation
    child.send("be\t")
    child.expect_exact("Ben")
    child.send("kreu\t")  # the space after Ben came with the Tab
    child.expect_exact("kreuz")
    child.send("m2 h 56\r")
    # clubs with 2 hand: 4 x 12 = 48, lost with 56: -96
    child.expect_exact("Deal 1, Ben: Clubs · with 2, game 3, hand 4 × 12 = 48; lost -96")
    # the line as accepted: both words whole
    assert "Deal 1 · Anna deals > Ben kreuz m2 h 56" in child.lines()
    # Seeger-Fabian decides (ISkO): Ben -96 - 50, each other player +40
    child.expect_exact("Totals, Seeger-Fabian list: Anna +40, Ben -146, Carl +40")
    child.expect_exact("Deal 2 · Ben deals >")
    child.send("pass\r")
    child.expect_exact("Deal 2, dealer Ben: everybody passed")
    child.expect_exact("Deal 3 · Carl deals")
    # the up arrow brings back "pass"
    child.send(UP)
    child.expect_exact("pass")
    child.send("\r")
    child.expect_exact("Deal 3, dealer Carl: everybody passed")
    child.expect_exact("Deal 4 · Anna deals")
    # Ctrl-C drops a half-typed line: "pass" after it is a line of its own
    child.send("ca gr o1")
    child.expect_exact("ca gr o1")
    child.send(CTRL_C)
    child.expect_exact("Deal 4 · Anna deals")
    child.send("pass\r")
    child.expect_exact("Deal 4, dealer Anna: everybody passed")
    child.expect_exact("Deal 5 · Ben deals")
    # Ctrl-D on an empty line leaves, like quit
    child.send(CTRL_D)
    child.expect_exact(f"{path.name}: 4 deals, each saved as it was entered.")
    assert _left(child) == 0
    text = path.read_text()
    assert text.count("[[deal]]") == 4
    assert 'declarer = "Ben"' in text


def test_an_error_is_one_line_and_the_prompt_comes_back(table: Any, tmp_path: Path) -> None:
    path = _new(tmp_path, "evening.toml", "Anna", "Ben", "Carl")
    before = path.read_text()
    child = table(path)
    child.expect_exact("Deal 1 · Anna deals")
    child.send("be kreuzz m2 56\r")
    child.expect_exact(
        "error: unknown word 'kreuzz' (did you mean kreuz?): a deal line holds the declarer"
    )
    child.expect_exact("Deal 1 · Anna deals")
    assert path.read_text() == before  # nothing was written
    child.send("quit\r")
    child.expect_exact("evening.toml: no deals yet.")
    assert _left(child) == 0  # at the table a refused line is answered, not fatal


def test_german_prompt_and_completion_of_a_name_beyond_ascii(table: Any, tmp_path: Path) -> None:
    path = _new(tmp_path, "abend.toml", "Anna", "Ben", "Jürgen", "Dora")
    child = table(path, "--lang", "de")
    child.expect_exact("Spiel 1 · Anna gibt, setzt aus >")
    child.send("jü\t")
    child.expect_exact("Jürgen")
    child.send("gr m1 70\r")  # the space came with the Tab
    # grand with 1: 2 x 24 = 48, won with 70
    child.expect_exact("Nr. 1, Jürgen: Grand · mit 1, Spiel 2 × 24 = 48; gewonnen +48")
    assert "Spiel 1 · Anna gibt, setzt aus > Jürgen gr m1 70" in child.lines()
    # Seeger-Fabian decides: 48 + 50
    child.expect_exact("Stand, Seeger-Fabian-Liste: Anna 0, Ben 0, Jürgen +98, Dora 0")
    child.expect_exact("Spiel 2 · Ben gibt, setzt aus >")
    child.send("ende\r")
    child.expect_exact("abend.toml: 1 Spiel, beim Eintragen gespeichert.")
    assert _left(child) == 0


def test_a_sheet_add_from_another_shell_meanwhile_is_kept(table: Any, tmp_path: Path) -> None:
    path = _new(tmp_path, "evening.toml", "Anna", "Ben", "Carl")
    child = table(path)
    child.expect_exact("Deal 1 · Anna deals")
    child.send("an kr m1 70\r")
    child.expect_exact("Deal 2 · Ben deals")
    other = subprocess.run(
        [sys.executable, "-m", "skatcalc", "sheet", "add", str(path), "be", "gr", "m1", "70"],
        env=_env(tmp_path), capture_output=True, text=True, timeout=TIMEOUT, check=False,
    )  # fmt: skip
    assert other.returncode == 0, other.stderr
    # the table mode re-reads the sheet before it writes: Carl's game is deal 3, and Ben's
    # deal 2 is said (issue 29), whether the prompt saw it come in or the line did
    child.send("ca he m1 70\r")
    child.expect_exact("Came in from elsewhere: Deal 2, Ben: Grand · with 1")
    child.expect_exact("Deal 3, Carl: Hearts · with 1")
    child.expect_exact("Deal 4 · Anna deals")
    child.send(CTRL_D)
    child.expect_exact("evening.toml: 3 deals")
    assert _left(child) == 0
    declarers = [line for line in path.read_text().splitlines() if line.startswith("declarer")]
    assert declarers == ['declarer = "Anna"', 'declarer = "Ben"', 'declarer = "Carl"']


def _evenings() -> dict[str, Any]:
    evenings: dict[str, Any] = runpy.run_path(str(EVENINGS))["EVENINGS"]
    return evenings


Step = tuple[str, list[str], int]  # the line typed, the same with options, the deals it adds


def _type_an_evening(
    table: Any, tmp_path: Path, new: list[str], steps: list[Step], german: bool
) -> tuple[Path, Path]:
    """Enter ``steps`` twice: with their options through the CLI, and typed into the table mode
    through a pseudo-terminal (each line waits for the next deal's prompt). Both sheets."""

    def run(argv: list[str], path: Path) -> None:
        args = [str(path) if a == "FILE" else a for a in argv]
        done = cli(*args)
        assert done.code == 0, (args, done)

    by_options, typed = tmp_path / "options.toml", tmp_path / "typed.toml"
    for path in (by_options, typed):
        run(new, path)
    for _, argv, _ in steps:
        run(argv, by_options)
    names = new[new.index("FILE") + 1 :]
    players = names[: next(i for i, a in enumerate([*names, "--"]) if a.startswith("--"))]

    def prompt(deals: int) -> str:
        dealer = players[deals % len(players)]
        return f"Spiel {deals + 1} · {dealer} gibt" if german else f"Deal {deals + 1} · {dealer}"

    child = table(typed, *(["--lang", "de"] if german else []))
    deals = 0
    child.expect_exact(prompt(deals))
    for line, _, added in steps:
        child.enter(line)  # an edit: the same prompt comes back, below the line
        deals += added
        got = child.expect_exact([prompt(deals), "error: "])
        assert got == 0, f"{line!r} was refused: " + "\n".join(child.lines()[-5:])
    child.send("ende\r" if german else "quit\r")
    assert _left(child) == 0
    return typed, by_options


@pytest.mark.slow
@pytest.mark.parametrize(("name", "count"), [("three", 36), ("four", 48)])
def test_an_evening_typed_at_the_table_is_the_sheet_its_options_give(
    table: Any, tmp_path: Path, name: str, count: int
) -> None:
    evening = _evenings()[name]
    file = runpy.run_path(str(EVENINGS))["FILE"]

    def named(argv: list[str]) -> list[str]:
        return ["FILE" if a == file else a for a in argv]

    steps = [
        (line, named(argv), -1 if score is None else 1) for line, argv, score in evening["steps"]
    ]
    # the four-player evening is typed in German short forms, at a German table
    typed, by_options = _type_an_evening(
        table, tmp_path, named(evening["new"]), steps, name == "four"
    )
    assert typed.read_text().count("[[deal]]") == count
    assert typed.read_text() == by_options.read_text()


def _add(declarer: str, *args: str) -> list[str]:
    return ["sheet", "add", "FILE", "--declarer", declarer, *args]


# A short evening of this file's own (ISkO with Kontra, three players): passes, an undo, an
# edit, Kontra, Null and Null ouvert. The score of each deal by hand, from skat-scoring.md.
SHORT: list[Step] = [
    ("an kr m1 70", _add("Anna", "clubs", "--with", "1", "--points", "70"), 1),  # +24: 2 x 12
    ("pass", ["sheet", "pass", "FILE"], 1),
    ("ca nu lost", _add("Carl", "null", "--tricks", "1"), 1),  # -46: -2 x 23
    # hearts with 2: 3 x 10 = 30, lost: -60, Kontra: -120
    ("be he m2 k 58", _add("Ben", "hearts", "--with", "2", "--points", "58", "--kontra"), 1),
    # grand without 1 hand: 3 x 24 = 72, 88 points: won, no schneider
    ("an gr o1 h 88", _add("Anna", "grand", "--without", "1", "--hand", "--points", "88"), 1),
    ("be sp m1 61", _add("Ben", "spades", "--with", "1", "--points", "61"), 1),  # +22: 2 x 11
    ("ca di m3 95", _add("Carl", "diamonds", "--with", "3", "--points", "95"), 1),
    ("undo", ["sheet", "undo", "FILE"], -1),
    # diamonds with 3, schneider made: 5 x 9 = 45
    ("ca ka m3 95", _add("Carl", "diamonds", "--with", "3", "--points", "95"), 1),
    ("an nu ov gew b46", _add("Anna", "null", "--ouvert", "--tricks", "0", "--bid", "46"), 1),
    ("pass", ["sheet", "pass", "FILE"], 1),
    # grand with 2: 3 x 24 = 72, lost: -144, Kontra: -288
    ("ca gr m2 k 45", _add("Carl", "grand", "--with", "2", "--points", "45", "--kontra"), 1),
    # clubs without 2: 3 x 12 = 36; the defenders 40, so the declarer 80: won
    ("an kr o2 d40", _add("Anna", "clubs", "--without", "2", "--points", "80"), 1),
    ("be pi m1 60", _add("Ben", "spades", "--with", "1", "--points", "60"), 1),  # -44
    (
        "edit 12 be pi m1 61",  # +22 after all
        "sheet edit FILE 12 --declarer Ben spades --with 1 --points 61".split(),
        0,
    ),
    ("ca he o1 h 70", _add("Carl", "hearts", "--without", "1", "--hand", "--points", "70"), 1),
]


@pytest.mark.slow
def test_a_short_evening_typed_at_the_table_is_the_sheet_its_options_give(
    table: Any, tmp_path: Path
) -> None:
    new = ["sheet", "new", "FILE", "Anna", "Ben", "Carl", "--kontra"]
    typed, by_options = _type_an_evening(table, tmp_path, new, SHORT, german=False)
    assert typed.read_text() == by_options.read_text()
    from skatcalc.store import sheet as store

    tally = store.load(typed).tally()
    assert tally.deals_played == 13
    # Anna 24 + 72 + 46 + 36; Ben -120 + 22 + 22; Carl -46 + 45 - 288 + 30
    assert [(p.name, p.score) for p in tally.players] == [
        ("Anna", 178), ("Ben", -76), ("Carl", -259),
    ]  # fmt: skip


def test_a_complete_sheet_names_no_next_dealer(table: Any, tmp_path: Path) -> None:
    """A tournament table's sheet holds one series: after its last deal the prompt says the
    sheet is complete rather than naming a dealer of a deal it would refuse; undo opens it
    again."""
    path = _new(tmp_path, "table.toml", "Anna", "Ben", "Carl", "--series-length", "2",
                "--series-count", "1")  # fmt: skip
    child = table(path)
    child.expect_exact("Deal 1 · Anna deals >")
    child.send("pass\r")
    child.expect_exact("Deal 2 · Ben deals >")
    child.send("pass\r")
    child.expect_exact("Sheet complete (undo, show, quit) >")
    child.send("pass\r")
    child.expect_exact("deal 3 has no place on it")
    child.expect_exact("Sheet complete (undo, show, quit) >")
    child.send("undo\r")
    child.expect_exact("Deal 2 · Ben deals >")
    child.send("quit\r")
    assert _left(child) == 0
