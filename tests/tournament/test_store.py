"""The tournament file: the codec round-trips, a change keeps comments, a file that does not
parse (or is newer) is refused and left as it is."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatcalc.errors import SheetError, SheetFileError
from skatcalc.store import tournament as store
from skatcalc.tournament.model import TableMode, Tournament
from tests.said import raises_saying

names = (
    st.text(
        st.characters(blacklist_categories=("Cc", "Cf", "Cs", "Zl", "Zp")), min_size=1, max_size=12
    )
    .map(str.strip)
    .filter(bool)
)


@given(
    st.lists(names, min_size=3, max_size=14, unique_by=str.casefold).filter(lambda n: len(n) != 5),
    st.integers(min_value=0, max_value=3),
    st.integers(min_value=0, max_value=10**6),
    names,
    st.sampled_from(TableMode),
    st.data(),
)
@settings(max_examples=60, deadline=None)
def test_round_trip(
    players: list[str], series: int, seed: int, title: str, mode: TableMode, data: st.DataObject
) -> None:
    tournament = Tournament.new(title, players, planned=max(series, 1), length_three=12)
    tournament = tournament.with_tables(mode)
    for n in range(series):
        ranking = data.draw(st.none() | st.permutations(players), label="ranking")
        tournament = tournament.draw_next(seed + n, ranking=ranking)
        for t, table in enumerate(tournament.series[-1].tables, 1):
            deals = data.draw(st.none() | st.integers(1, tournament.length(len(table.players)) - 1))
            if deals is not None:
                tournament = tournament.close(n + 1, t, deals)
    assert store.parse(store.render(tournament)) == tournament


def test_a_file_without_tables_seats_threes_first_and_keeps_saying_nothing(
    tmp_path: Path,
) -> None:
    # a file as skatcalc wrote it before the choice existed: no tables line
    path = tmp_path / "cup.toml"
    store.create(path, Tournament.new("Cup", [f"P{i}" for i in range(12)]))
    text = path.read_text()
    assert (
        'tables = "fours"  # fours: tables of four first; threes: tables of three first\n' in text
    )
    path.write_text(text.replace('tables = "fours"', "# (no tables line)"))
    assert store.load(path).tables == TableMode.THREES
    _, drawn = store.update(path, lambda t: t.join("P12").draw_next(1, stem="cup"))
    assert [len(t.players) for t in drawn.series[0].tables] == [3, 3, 3, 4]
    assert "tables =" not in path.read_text()
    assert store.load(path) == drawn


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('tables = "fives"', "line 4: unknown table mode 'fives': expected fours"),
        ("tables = 4", "line 4: unknown table mode 4: expected fours"),
    ],
)
def test_a_bad_table_mode_names_its_line(tmp_path: Path, line: str, message: str) -> None:
    path = tmp_path / "cup.toml"
    path.write_text(f"format = 1\nname = 'x'\nplayers = ['A', 'B', 'C']\n{line}\n")
    with raises_saying(SheetFileError, match=message):
        store.load(path)


SERIES = (
    "format = 1\nname = 'x'\nplayers = ['A', 'B', 'C']\nlength_three = 12\n"
    "[[series]]\nseed = 1\n{series}[[series.table]]\nplayers = ['A', 'B', 'C']\n"
    "sheet = 's.toml'\n{table}"
)


@pytest.mark.parametrize(
    ("series", "table", "message"),
    [
        ("seeded = 1\n", "", "line 5: series 1: seeded must be true or false, not 1"),
        ("", "closed = 12\n", "line 5: series 1, table 1: closed must be the deals the "
         "table counts with, a whole number from 0 to 11, not 12"),
        ("", "closed = -1\n", "from 0 to 11, not -1"),
        ("", "closed = '9'\n", "from 0 to 11, not '9'"),
        ("", "closed = true\n", "from 0 to 11, not True"),
        ("", "colour = 1\n", "a table has players = \\[...\\] and sheet = \"FILE\", and closed"),
    ],
)  # fmt: skip
def test_a_bad_seeded_or_closed_is_refused_with_its_line(
    tmp_path: Path, series: str, table: str, message: str
) -> None:
    path = tmp_path / "cup.toml"
    path.write_text(SERIES.format(series=series, table=table))
    with raises_saying(SheetFileError, match=message):
        store.load(path)
    path.write_text(SERIES.format(series="seeded = true\n", table="closed = 11\n"))
    series_read = store.load(path).series[0]
    assert (series_read.seeded, series_read.tables[0].closed) == (True, 11)


def test_a_change_keeps_hand_comments(tmp_path: Path) -> None:
    path = tmp_path / "cup.toml"
    store.create(path, Tournament.new("Cup", ["Anna", "Ben", "Carl"]))
    path.write_text(path.read_text().replace("[rules]", "# rules agreed on the night\n[rules]"))
    store.update(path, lambda t: t.draw_next(1, stem="cup"))
    store.update(path, lambda t: t.join("Dora"))
    text = path.read_text()
    assert "# rules agreed on the night\n[rules]" in text
    assert 'players = ["Anna", "Ben", "Carl", "Dora"]' in text
    assert store.load(path).players == ("Anna", "Ben", "Carl", "Dora")


def test_create_never_overwrites(tmp_path: Path) -> None:
    path = tmp_path / "cup.toml"
    path.write_text("mine")
    with raises_saying(SheetError, match="already exists"):
        store.create(path, Tournament.new("Cup", ["Anna", "Ben", "Carl"]))
    assert path.read_text() == "mine"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("format = 1\nname = 'x'\nplayers = [\n", "line 3: not valid TOML"),
        ("format = 2\nname = 'x'\nplayers = []\n", "line 1: this tournament has format 2"),
        ("format = 1\nname = 'x'\nplayers = ['A', 'B', 'C']\ncolour = 1\n", "line 4: unknown key"),
        (
            "format = 1\nname = 'x'\nplayers = ['A', 'B', 'C']\n[[series]]\nseed = 1\n"
            "[[series.table]]\nplayers = ['A', 'B', 'Z']\nsheet = 's.toml'\n",
            "line 4: series 1, table 1: 'Z' is not in the field",
        ),
    ],
)
def test_a_file_with_a_problem_is_refused_and_kept(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "cup.toml"
    path.write_text(text)
    with raises_saying(SheetFileError, match=message):
        store.update(path, lambda t: t.join("Dora"))
    assert path.read_text() == text


def test_read_tables_walks_every_table_through_each_and_keeps_what_it_finds(
    tmp_path: Path,
) -> None:
    """One reading of a tournament's sheets (the CLI's with a progress bar, the season's
    without): a table's sheet, a sheet that does not read (its error), a missing one left out."""
    from skatcalc.sheet.model import Sheet
    from skatcalc.store import sheet as sheets

    names = [f"P{i}" for i in range(9)]
    tournament = Tournament.new("Cup", names).with_tables(TableMode.THREES).draw_next(7)
    file = tmp_path / "cup.toml"
    store.create(file, tournament)
    first, second, _ = tournament.series[0].tables
    sheets.create(store.sheet_path(file, first), Sheet.new(first.players))
    store.sheet_path(file, second).write_text("not = [toml\n", encoding="utf-8")
    walked: list[tuple[int, int]] = []

    def each(seats: object) -> list[tuple[int, int, object]]:
        assert isinstance(seats, list)
        walked.extend((s, t) for s, t, _ in seats)
        return seats

    found = store.read_tables(file, tournament, each)
    assert walked == [(1, 1), (1, 2), (1, 3)]
    assert sorted(found) == [(1, 1), (1, 2)]
    assert isinstance(found[1, 1], Sheet) and found[1, 1].players == first.players
    assert isinstance(found[1, 2], SheetFileError)
    assert store.read_tables(file, tournament).keys() == found.keys()
