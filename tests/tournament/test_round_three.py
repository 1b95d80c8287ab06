"""Hand-edited tournament files (issue 20 points 4, 6 and 8): the title and the table sheets'
names reach no terminal raw, a table's sheet is a file in the tournament's own folder and no
sheet is counted for two tables, the lengths of a series have an upper bound, names that look
the same are one name, and the file parses in linear time (bench/tournament_parse.py)."""

from __future__ import annotations

import json
import os
import unicodedata
from pathlib import Path

import pytest

from skatcalc.sheet.model import Deal, Sheet
from skatcalc.spec import GameSpec
from skatcalc.store import sheet as sheets
from skatcalc.store import tournament as store
from skatcalc.tournament.model import Tournament
from tests.cli.helpers import cli

FIELD = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"]
NFD = unicodedata.normalize("NFD", "Jürgen")
NFC = unicodedata.normalize("NFC", "Jürgen")


def drawn(tmp_path: Path, title: str = "Cup") -> Path:
    """A tournament of six at two tables of three, series 1 drawn, each table with one deal."""
    path = tmp_path / "cup.toml"
    tournament = Tournament.new(title, FIELD).draw_next(7, stem="cup")
    store.create(path, tournament)
    for table in tournament.series[0].tables:
        sheet = Sheet.new(table.players, tournament.rules)
        game = Deal(table.players[1], GameSpec("grand", with_=1, points=70))
        sheets.create(store.sheet_path(path, table), sheet.add(game))
    return path


def series_line(path: Path) -> int:
    """The line of the first ``[[series]]`` header, where a table's problem is named."""
    return next(
        n
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if line.startswith("[[series]]")
    )


def edited(path: Path, old: str, new: str) -> str:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    return path.read_text()


# --- 6. the title and the sheets' names reach no terminal raw ------------------------------------


def test_the_title_is_escaped_on_the_terminal(tmp_path: Path) -> None:
    path = drawn(tmp_path)
    edited(path, 'name = "Cup"', 'name = "Cup\\u001b[2J\\nforged line"')
    shown = "Cup\\x1b[2J\\x0aforged line"
    for args in (
        ["show"],
        ["standings"],
        ["standings", "--format", "markdown"],
        ["plan", "--series", "4"],
    ):
        result = cli("tournament", args[0], str(path), *args[1:])
        assert result.code == 0, result
        first = result.stdout.splitlines()[0]
        assert "\x1b" not in result.stdout, args
        assert first.startswith(
            ("Cup\\x1b[2J\\x0aforged line", "**Cup\\\\x1b\\[2J\\\\x0aforged line")
        ), first
    join = cli("tournament", "join", str(path), "Gina")
    assert join.stdout == f"Gina joins {shown}: drawn from series 2.\n"


@pytest.mark.parametrize(
    "sheet",
    ["../outside.toml", "/etc/passwd", "sub/cup-s1-t1.toml", "..", "C:cup.toml",
     "cup\\u001b[2J.toml", "cup\\n.toml", "..\\\\outside.toml"],
)  # fmt: skip
def test_a_table_sheet_outside_the_tournaments_folder_is_refused(
    tmp_path: Path, sheet: str
) -> None:
    path = drawn(tmp_path)
    before = edited(path, 'sheet = "cup-s1-t1.toml"', f'sheet = "{sheet}"')
    result = cli("tournament", "show", str(path))
    assert (result.code, result.stdout) == (5, "")
    named = repr(sheet.encode().decode("unicode_escape") if "\\u" in sheet or "\\n" in sheet
                 else sheet.replace("\\\\", "\\"))  # fmt: skip
    assert result.stderr == (
        f"error: {path}: line {series_line(path)}: series 1, table 1: sheet {named} is not a file of the "
        "tournament's folder: a table's sheet is a file name beside the tournament file, e.g. "
        '"cup-s1-t1.toml"\n'
    ).replace("\x1b", "\\x1b")
    assert path.read_text() == before


def test_a_table_sheet_that_is_a_link_is_never_read(tmp_path: Path) -> None:
    path = drawn(tmp_path)
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    table = store.load(path).series[0].tables[0]
    sheet = store.sheet_path(path, table)
    foreign = Sheet.new(table.players).add(
        Deal(table.players[0], GameSpec("grand", with_=4, points=120))
    )
    sheets.create(outside / "secret.toml", foreign)
    sheet.unlink()
    sheet.symlink_to(outside / "secret.toml")
    result = cli("tournament", "show", str(path))
    assert result.code == 0
    line = next(line for line in result.stdout.splitlines() if line.startswith("  Table 1"))
    assert line.endswith(
        f"{sheet} is a symbolic link: a table's sheet is a file in the tournament's own folder, "
        "never a link to another"
    )
    standings = cli("tournament", "standings", str(path), "--json")
    assert standings.code == 0
    data = json.loads(standings.stdout)
    assert data["not_counted"][0]["series"] == data["not_counted"][0]["table"] == 1
    assert data["not_counted"][0]["detail"].endswith("never a link to another")
    assert {p["seeger_fabian"] for p in data["players"]} == {0}  # nothing read from elsewhere


@pytest.mark.parametrize(
    ("option", "key"), [("--three", "length_three"), ("--four", "length_four")]
)
def test_the_length_of_a_series_has_an_upper_bound(tmp_path: Path, option: str, key: str) -> None:
    path = tmp_path / "cup.toml"
    result = cli("tournament", "new", str(path), *FIELD, option, "100000000")
    size = "three" if option == "--three" else "four"
    iskO = 36 if size == "three" else 48
    assert (result.code, result.stdout) == (2, "")
    assert result.stderr == (
        f"error: a series at {size} has 1 to 1000 deals, not 100000000 (ISkO: {iskO})\n"
    )
    assert not path.exists()
    assert cli("tournament", "new", str(path), *FIELD, option, "1000").code == 0
    edited(path, f"{key} = 1000", f"{key} = 1001")
    shown = cli("tournament", "cards", str(path))
    line = (
        path.read_text()
        .splitlines()
        .index(next(x for x in path.read_text().splitlines() if x.startswith(key)))
        + 1
    )
    assert (shown.code, shown.stdout) == (5, "")
    assert shown.stderr == (
        f"error: {path}: line {line}: {key} must be a whole number from 1 to 1000, not 1001\n"
    )


# --- 4. a sheet is counted for one table -------------------------------------------------------


def test_two_tables_naming_one_sheet_are_refused(tmp_path: Path) -> None:
    path = drawn(tmp_path)
    for other in ("cup-s1-t1.toml", "CUP-S1-T1.toml"):  # a file system may fold the case
        path.write_text(path.read_text().replace('sheet = "cup-s1-t2.toml"', f'sheet = "{other}"'))
        for command in ("show", "standings"):
            result = cli("tournament", command, str(path))
            assert (result.code, result.stdout) == (5, "")
            assert result.stderr == (
                f"error: {path}: line {series_line(path)}: series 1, table 2: sheet {other!r} is the sheet of "
                "series 1, table 1 too: each table keeps a sheet of its own, or its deals would "
                "count twice\n"
            )
        path.write_text(path.read_text().replace(f'sheet = "{other}"', 'sheet = "cup-s1-t2.toml"'))


def test_two_tables_whose_sheets_are_one_file_are_refused(tmp_path: Path) -> None:
    path = drawn(tmp_path)
    first, second = (tmp_path / "cup-s1-t1.toml", tmp_path / "cup-s1-t2.toml")
    second.unlink()
    os.link(first, second)  # one file, two names
    for command in ("show", "standings", "draw"):
        result = cli("tournament", command, str(path))
        assert (result.code, result.stdout) == (5, ""), command
        assert result.stderr == (
            f"error: {first} and {second}, the sheets of series 1, table 1 and of series 1, "
            "table 2, are one file: each table keeps a sheet of its own, or its deals would "
            "count twice\n"
        )
    assert len(store.load(path).series) == 1  # the draw was refused before it was made


# --- 8. names that look the same are the same ---------------------------------------------------


def test_a_name_typed_composed_and_decomposed_is_one_player(tmp_path: Path) -> None:
    path = tmp_path / "cup.toml"
    result = cli("tournament", "new", str(path), NFC, NFD, "Ben", "Carl")
    assert (result.code, result.stdout) == (4, "")
    assert result.stderr == f"error: '{NFC}' is already in the field\n"
    assert cli("tournament", "new", str(path), NFD, "Ben", "Carl").code == 0
    assert store.load(path).players == (NFC, "Ben", "Carl")
    twice = cli("tournament", "join", str(path), NFC)
    assert twice.code == 4
    assert cli("tournament", "team", str(path), "Duo", NFC, "ben").code == 0
    assert store.load(path).teams == (("Duo", (NFC, "Ben")),)
    gone = cli("tournament", "leave", str(path), NFD.upper())
    assert gone.code == 0
    assert store.load(path).withdrawn == (NFC,)


def test_a_files_field_with_one_name_twice_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "cup.toml"
    assert cli("tournament", "new", str(path), "Anna", "Ben", "Carl").code == 0
    edited(path, '"Carl"]', f'"{NFC}", "{NFD}"]')
    result = cli("tournament", "show", str(path))
    assert (result.code, result.stdout) == (5, "")
    assert result.stderr == f"error: {path}: line 6: '{NFC}' is already in the field\n"


def test_a_tables_players_may_be_written_decomposed(tmp_path: Path) -> None:
    path = tmp_path / "cup.toml"
    field = [NFC, "Ben", "Carl"]
    tournament = Tournament.new("Cup", field).draw_next(1, stem="cup")
    store.create(path, tournament)
    edited(path, f'"{NFC}", ', f'"{NFD}", ')  # the table's line: the field's comes first
    assert NFD in path.read_text()
    assert store.load(path).series[0].tables[0].players[0] == NFC
