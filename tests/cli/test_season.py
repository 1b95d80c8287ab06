"""`skatcalc season`: the year's ranking at the command line, in English and German, in every
format; bad input refused with one line, the files left as they were."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skatcalc import words
from skatcalc.formats.terminal import season_lines
from skatcalc.season import season
from skatcalc.sheet.model import Deal, Sheet
from skatcalc.store import sheet as store
from skatcalc.store import tournament as tournaments
from skatcalc.tournament.model import Tournament
from skatcalc.width import cells
from tests.cli.helpers import cli
from tests.test_season import WON, twelve

# tests/test_season.py works the twelve evenings out by hand: with --min-series 8 --best 10,
# Anna 414 over 10 of her 12 series (41.4 a series), Ben 218 over 9 (24.2), Carl 40 over 8
# (5.0); Dora 138 over 7 (19.7) is listed apart.


def evenings(tmp_path: Path) -> list[str]:
    paths = []
    for n, sheet in enumerate(twelve(), 1):
        path = tmp_path / f"evening-{n:02}.toml"
        store.create(path, sheet)
        paths.append(str(path))
    return paths


def test_the_season_in_english(tmp_path: Path) -> None:
    out = cli("season", *evenings(tmp_path), "--min-series", "8", "--best", "10")
    assert (out.code, out.stderr) == (0, "")
    assert out.stdout.splitlines()[:9] == [
        "Year's ranking over 12 sheets",
        "Each player's best 10 series count. Ranked with at least 8 series.",
        "Place  Player  Series  Counted  SF    SF/series",
        "1      Anna    12      10       +414  +41.4",
        "2      Ben     9       9        +218  +24.2",
        "3      Carl    8       8        +40   +5.0",
        "",
        "Not ranked (fewer than 8 series):",
        "       Dora    7       7        +138  +19.7",
    ]


def test_the_season_in_german(tmp_path: Path) -> None:
    words.use("de")
    out = cli("season", *evenings(tmp_path), "--min-series", "8", "--best", "10")
    assert (out.code, out.stderr) == (0, "")
    assert out.stdout.splitlines()[:9] == [
        "Jahreswertung über 12 Listen",
        "Je Spieler zählen die besten 10 Serien. Gewertet ab 8 Serien.",
        "Platz  Spieler  Serien  Gewertet  SF    SF/Serie",
        "1      Anna     12      10        +414  +41,4",
        "2      Ben      9       9         +218  +24,2",
        "3      Carl     8       8         +40   +5,0",
        "",
        "Nicht gewertet (weniger als 8 Serien):",
        "       Dora     7       7         +138  +19,7",
    ]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_at_40_columns_every_line_fits_and_names_stay_whole(lang: str) -> None:
    with words.speaking(lang):
        lines = season_lines(season(twelve(), min_series=8, best=10), 40)
        wide = season_lines(season(twelve(), min_series=8, best=10), 80)
    assert max(cells(line) for line in lines) <= 40
    assert max(cells(line) for line in wide) > 40  # the legend: broken only when narrow
    rows = [line.split() for line in lines]
    # the narrow table: place, name, series, points, average (the counted series left out)
    anna = next(r for r in rows if "Anna" in r)
    assert anna[:4] == ["1", "Anna", "12", "+414"]


def test_json(tmp_path: Path) -> None:
    out = cli("season", *evenings(tmp_path), "--min-series", "8", "--best", "10", "--json")
    assert (out.code, out.stderr) == (0, "")
    data = json.loads(out.stdout)
    assert (data["sheets"], data["best"], data["min_series"], data["not_counted"]) == (
        12,
        10,
        8,
        [],
    )
    summary = [
        (p["place"], p["name"], p["ranked"], p["seeger_fabian"], p["series_played"],
         p["series_counted"])
        for p in data["players"]
    ]  # fmt: skip
    assert summary == [
        (1, "Anna", True, 414, 12.0, 10.0),
        (2, "Ben", True, 218, 9.0, 9.0),
        (3, "Carl", True, 40, 8.0, 8.0),
        (None, "Dora", False, 138, 7.0, 7.0),
    ]
    anna = data["players"][0]
    assert anna["seeger_fabian_per_series"] == 41.4
    # evening 4 (-98) and evening 12 (the last of her 0s) are not counted
    assert [x["sheet"] for x in anna["lists"] if not x["counted"]] == [4, 12]
    assert anna["lists"][0] == {"sheet": 1, "part": 1, "seeger_fabian": 98, "series": 1.0,
                                "counted": True}  # fmt: skip


def test_csv_in_german(tmp_path: Path) -> None:
    words.use("de")
    out = cli("season", *evenings(tmp_path), "--min-series", "8", "--best", "10", "--format", "csv")
    assert out.code == 0
    assert out.stdout == (
        "\ufeffPlatz;gleichauf;Spieler;gewertet;Serien_gespielt;Serien_gewertet;Seeger_Fabian;"
        "Seeger_Fabian_je_Serie\n"
        "1;FALSCH;Anna;WAHR;12,00;10,00;414;41,40\n"  # flags as German spreadsheets write them
        "2;FALSCH;Ben;WAHR;9,00;9,00;218;24,22\n"  # 218 / 9 = 24.22
        "3;FALSCH;Carl;WAHR;8,00;8,00;40;5,00\n"
        ";FALSCH;Dora;FALSCH;7,00;7,00;138;19,71\n"  # 138 / 7 = 19.71
    )


def test_html_is_a_page_with_every_player(tmp_path: Path) -> None:
    target = tmp_path / "ranking.html"
    out = cli("season", *evenings(tmp_path), "--min-series", "8", "--format", "html", "-o",
              str(target))  # fmt: skip
    assert out.code == 0
    page = target.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "@page { size: A4;" in page
    for name in ("Anna", "Ben", "Carl", "Dora"):
        assert f'<td class="nm">{name}</td>' in page
    assert "Not ranked (fewer than 8 series):" in page


def test_a_tournament_and_its_table_sheet_count_once(tmp_path: Path) -> None:
    club = tmp_path / "cup.toml"
    t = Tournament.new("Cup", ["Anna", "Ben", "Carl"], planned=1, length_three=1).draw_next(1)
    tournaments.create(club, t)
    table = t.series[0].tables[0]
    sheet_file = tmp_path / table.sheet
    # the declarer (the first seat) wins grand with 1: +98
    store.create(
        sheet_file, Sheet.new(table.players, t.table_rules(3)).add(Deal(table.players[0], WON))
    )
    out = cli("season", str(club), str(sheet_file), "--json")
    assert out.code == 0
    assert (
        out.stderr
        == f"{sheet_file} is a table of the tournament {club}: counted once, with the tournament\n"
    )
    points = {p["name"]: p["seeger_fabian"] for p in json.loads(out.stdout)["players"]}
    assert points[table.players[0]] == 98


@pytest.mark.parametrize(("args", "said"), [
    (["--best", "0"], "error: --best is 0: count each player's best 1 to 1000 series\n"),
    (["--min-series", "1001"],
     "error: --min-series is 1001: a player needs 1 to 1000 series to be ranked\n"),
    (["--format", "pdf"], "error: --format is 'pdf': expected text, csv or html (JSON: --json)\n"),
])  # fmt: skip
def test_bad_options_one_error_line_files_unchanged(
    tmp_path: Path, args: list[str], said: str
) -> None:
    paths = evenings(tmp_path)
    before = {p: Path(p).read_bytes() for p in paths}
    out = cli("season", *paths, *args)
    assert (out.code, out.stdout, out.stderr) == (2, "", said)
    assert {p: Path(p).read_bytes() for p in paths} == before
    assert sorted(tmp_path.iterdir()) == sorted(Path(p) for p in paths)


def test_german_errors() -> None:
    words.use("de")
    out = cli("season", "x.toml", "--best", "0")
    assert (out.code, out.stderr) == (
        2,
        "Fehler: --best ist 0: je Spieler zählen die besten 1 bis 1000 Serien\n",
    )


def test_an_output_never_replaces_a_sheet(tmp_path: Path) -> None:
    paths = evenings(tmp_path)
    before = Path(paths[0]).read_bytes()
    out = cli("season", *paths, "-o", paths[0])
    assert out.code != 0 and out.stderr.startswith("error: ") and out.stderr.count("\n") == 1
    assert Path(paths[0]).read_bytes() == before


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    out = cli("season", str(tmp_path / "nope.toml"))
    assert out.code == 5 and out.stdout == ""
    assert out.stderr.startswith("error: ") and "nope.toml" in out.stderr


def test_the_json_is_as_docs_json_md_says(tmp_path: Path) -> None:
    from tests.cli.test_docs import section

    top, player = section("`skatcalc season")
    data = json.loads(cli("season", *evenings(tmp_path), "--best", "10", "--json").stdout)
    assert set(data) == top
    assert set(data["players"][0]) == player


def test_two_tables_sharing_one_sheet_file_are_refused(tmp_path: Path) -> None:
    club = tmp_path / "cup.toml"
    t = Tournament.new("Cup", ["Anna", "Ben", "Carl"], planned=2, length_three=1)
    t = t.draw_next(1).draw_next(2)
    tournaments.create(club, t)
    first, second = (s.tables[0] for s in t.series)
    store.create(tmp_path / first.sheet, Sheet.new(first.players, t.table_rules(3)))
    (tmp_path / second.sheet).hardlink_to(tmp_path / first.sheet)  # its deals would count twice
    out = cli("season", str(club))
    assert (out.code, out.stdout) == (5, "")
    assert out.stderr.startswith("error: ") and out.stderr.count("\n") == 1


def test_json_to_a_file_with_o(tmp_path: Path) -> None:
    paths = evenings(tmp_path)
    target = tmp_path / "ranking.json"
    out = cli("season", *paths, "--json", "-o", str(target))
    assert (out.code, out.stdout) == (0, "")
    assert json.loads(target.read_text(encoding="utf-8"))["players"][0]["name"] == "Anna"
