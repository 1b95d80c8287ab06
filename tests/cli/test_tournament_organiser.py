"""Issue 24 as an organiser meets it on the command line: tables of four first (a choice kept in
the file), teams apart, seeded series, the lost-game fee per list, closing a table; exit codes
and output exactly, in English and German.

The games, worked out by hand from the rules (docs/rules.md; Seeger-Fabian at three):
Grand with 1 = (1 + game 1) × 24 = 48. WON (70 card points): +48 + 50 = +98 for the declarer.
LOST (50 card points): -2 × 48 - 50 = -146 for the declarer, +40 for each other player.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import cli

WON = ["gr", "m1", "70"]
LOST = ["gr", "m1", "50"]

CUP = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"]
# What seeds 1 and 2 draw for CUP (6 players: two tables of three in either mode), pinned so
# the sheets below can be written; seat order, the first deals first.
CUP_SEATS = [
    [["Carl", "Fritz", "Dora"], ["Anna", "Ben", "Emil"]],
    [["Carl", "Dora", "Ben"], ["Emil", "Anna", "Fritz"]],
]
# Each table's games (declarer, game), and by hand what each player gets there:
CUP_GAMES = {
    (1, 1): [("Carl", LOST)] * 5 + [("Fritz", WON)],
    # Carl 5 × -146 = -730 (5 lost); Fritz 98 + 5 × 40 = 298 (1 won); Dora 5 × 40 = 200
    (1, 2): [("Anna", LOST)] * 3 + [("Ben", WON)] * 2 + [("Emil", LOST)],
    # Anna 3 × -146 + 40 = -398 (3 lost); Ben 2 × 98 + 4 × 40 = 356 (2 won);
    # Emil 3 × 40 - 146 = -26 (1 lost)
    (2, 1): [("Carl", LOST)] * 4 + [("Dora", WON)] * 2,
    # Carl 4 × -146 = -584 (4 lost); Dora 2 × 98 + 4 × 40 = 356 (2 won); Ben 4 × 40 = 160
    (2, 2): [("Anna", LOST)] * 2 + [("Fritz", WON), ("Emil", LOST)],
    # 4 of 6 deals when time runs out:
    # Anna 2 × -146 + 40 = -252 (2 lost); Fritz 98 + 3 × 40 = 218 (1 won);
    # Emil 2 × 40 - 146 = -66 (1 lost)
}
# The fee, --fee 0.50 --fee-from 4 1.00: 0.50 for each of a list's lost games 1 to 3, 1.00 from
# the 4th on, per list (one table's series):
#   Carl  series 1, 5 lost: 3 × 0.50 + 2 × 1.00 = 3.50; series 2, 4 lost: 1.50 + 1.00 = 2.50;
#         6.00 in all (9 lost games in one list would be 1.50 + 6 × 1.00 = 7.50)
#   Anna  3 lost: 1.50; then 2 lost: 1.00; 2.50 in all
#   Emil  1 lost: 0.50; then 1 lost: 0.50; 1.00 in all
# Before table 2 of series 2 counts: Carl 6.00, Anna 1.50, Emil 0.50, 8.00 in all.
# After it is closed with its 4 deals: 6.00 + 2.50 + 1.00 = 9.50 in all.


def _cup(tmp_path: Path) -> Path:
    """The cup, both series drawn and played, table 2 of series 2 four deals in (of 6)."""
    file = tmp_path / "cup.toml"
    out = cli("tournament", "new", str(file), "--three", "6", "--series", "2", *CUP)
    assert out.code == 0, out
    for s, seed in enumerate((1, 2), 1):
        out = cli("tournament", "draw", str(file), "--seed", str(seed), "--json")
        assert out.code == 0, out
        drawn = json.loads(out.stdout)
        assert [t["players"] for t in drawn["tables"]] == CUP_SEATS[s - 1]
        for t in (1, 2):
            for declarer, game in CUP_GAMES[s, t]:
                added = cli("sheet", "add", str(tmp_path / f"cup-s{s}-t{t}.toml"), declarer, *game)
                assert added.code == 0, added
    return file


FEE = ["--fee", "0.50", "--fee-from", "4", "1.00", "--currency", "€"]


def test_a_table_not_counted_lists_its_players_apart_with_the_fee_per_list(
    tmp_path: Path,
) -> None:
    file = _cup(tmp_path)
    # after series 2 (by default, while it is played, the standings stay after series 1:
    # tests/tournament/test_after.py)
    out = cli("tournament", "standings", str(file), *FEE, "--after", "2")
    assert (out.code, out.stderr) == (0, "")
    # Dora 200 + 356 = 556; Ben 356 + 160 = 516; Carl -730 - 584 = -1314. Anna, Emil, Fritz
    # wait for table 2 of series 2: apart, in order of entry, their series 1 only.
    # series 2 is not counted yet: its table 2 is four deals in
    assert out.stdout == (
        "cup: standings after 1 of 2 series (series 2 not yet complete)\n"
        "Place  Player  S1    S2    Seeger-Fabian  Won  Lost  Fee\n"
        "1      Dora    +200  +356  +556           2    0     €0.00\n"
        "2      Ben     +356  +160  +516           2    0     €0.00\n"
        "3      Carl    -730  -584  -1314          0    9     €6.00\n"
        "\n"
        "Not ranked yet (a series not counted):\n"
        "?      Anna    -398  ?     -398           0    3     €1.50\n"
        "?      Emil    -26   ?     -26            0    1     €0.50\n"
        "?      Fritz   +298  ?     +298           1    0     €0.00\n"
        "\n"
        "Fees in all: €8.00\n"
        "\n"
        "Not counted:\n"
        "  series 2, table 2 (cup-s2-t2.toml): 4 of 6 deals played\n"
        "\n"
        "Ranked by Seeger-Fabian points, then more games won, then fewer games lost.\n"
        "?: the player's table is not counted yet (see above): listed apart from the ranking "
        "until it is.\n"
        "Fee: €0.50 a lost game, €1.00 from lost game 4 of a list on.\n"
    )


def test_closing_a_table_counts_it_with_the_deals_entered(tmp_path: Path) -> None:
    file = _cup(tmp_path)
    out = cli("tournament", "close", str(file), "--series", "2", "--table", "2")
    assert out == (
        0, "Series 2, table 2 closed: it counts with the 4 deals entered (a series has 6).\n", ""
    )  # fmt: skip
    assert "closed = 4  # closed by the organiser: counts with 4 deals\n" in file.read_text()
    out = cli("tournament", "standings", str(file), *FEE)
    # Fritz 298 + 218 = 516, level with Ben on all three (2 won, 0 lost): 2=, Ben first (entry)
    # Emil -26 - 66 = -92; Anna -398 - 252 = -650
    assert out.stdout == (
        "cup: final standings\n"
        "Place  Player  S1    S2    Seeger-Fabian  Won  Lost  Fee\n"
        "1      Dora    +200  +356  +556           2    0     €0.00\n"
        "2=     Ben     +356  +160  +516           2    0     €0.00\n"
        "2=     Fritz   +298  +218  +516           2    0     €0.00\n"
        "4      Emil    -26   -66   -92            0    2     €1.00\n"
        "5      Anna    -398  -252  -650           0    5     €2.50\n"
        "6      Carl    -730  -584  -1314          0    9     €6.00\n"
        "\n"
        "Fees in all: €9.50\n"
        "\n"
        "Closed early:\n"
        "  series 2, table 2 (cup-s2-t2.toml): counted with 4 of 6 deals\n"
        "\n"
        "Ranked by Seeger-Fabian points, then more games won, then fewer games lost.\n"
        "=: tied on all three; the organiser draws lots.\n"
        "Fee: €0.50 a lost game, €1.00 from lost game 4 of a list on.\n"
    )
    data = json.loads(cli("tournament", "standings", str(file), "--json", *FEE[:5]).stdout)
    assert data["fee"] == {
        "per_lost_cents": 50, "from_lost": 4, "then_cents": 100, "total_cents": 950
    }  # fmt: skip
    assert data["closed"] == [
        {"series": 2, "table": 2, "sheet": "cup-s2-t2.toml", "deals": 4, "length": 6}
    ]
    carl = data["players"][-1]
    assert (carl["name"], carl["place"], carl["pending"], carl["fee_cents"]) == (
        "Carl", 6, False, 600
    )  # fmt: skip
    assert [x["fee_cents"] for x in carl["series"]] == [350, 250]  # per list
    csv = cli("tournament", "standings", str(file), "--format", "csv", *FEE[:5]).stdout
    assert csv.splitlines()[-6:] == [
        "6,false,Carl,false,-1314,0,9,-730,-584,600",
        "",
        "fee_total_cents,950",
        "",
        "closed_series,closed_table,sheet,deals,length",
        "2,2,cup-s2-t2.toml,4,6",
    ]
    markdown = cli("tournament", "standings", str(file), "--format", "markdown", *FEE).stdout
    assert "| 6 | Carl | -730 | -584 | -1314 | 0 | 9 | €6.00 |\n" in markdown
    assert "\nFees in all: €9.50\n\nClosed early:\n- series 2, table 2 (cup-s2-t2.toml): " in (
        markdown
    )
    page = cli("tournament", "standings", str(file), "--format", "html", *FEE).stdout
    assert '<p class="total">Fees in all: €9.50</p>' in page
    assert "<li>series 2, table 2 (cup-s2-t2.toml): counted with 4 of 6 deals</li>" in page


def test_the_standings_in_german(tmp_path: Path) -> None:
    file = _cup(tmp_path)
    fee = ["--fee", "0,50", "--fee-from", "4", "1,00", "--currency", "€", "--lang", "de"]
    out = cli("tournament", "standings", str(file), *fee, "--after", "2")
    assert out.stdout.splitlines()[5:10] == [
        "",
        "Noch nicht gewertet (eine Serie fehlt in der Wertung):",
        "?      Anna     -398  ?     -398           0     3      1,50 €",
        "?      Emil     -26   ?     -26            0     1      0,50 €",
        "?      Fritz    +298  ?     +298           1     0      0,00 €",
    ]
    assert out.stdout.splitlines()[-3:] == [
        "Gewertet nach Seeger-Fabian-Punkten, dann mehr gewonnenen, dann weniger verlorenen "
        "Spielen.",
        "?: der Tisch des Spielers ist noch nicht gewertet (siehe oben): außerhalb der Rangliste "
        "geführt, bis er es ist.",
        "Abgabe: 0,50 € je verlorenes Spiel, 1,00 € ab dem 4. verlorenen Spiel einer Liste.",
    ]
    assert "\nAbgaben insgesamt: 8,00 €\n" in out.stdout
    out = cli("tournament", "close", str(file), "--series", "2", "--table", "2", "--lang", "de")
    assert out.stdout == (
        "Serie 2, Tisch 2 abgeschlossen: er wird mit den 4 eingetragenen Spielen gewertet "
        "(eine Serie hat 6).\n"
    )
    out = cli("tournament", "standings", str(file), *fee)
    assert "\nVorzeitig abgeschlossen:\n  Serie 2, Tisch 2 (cup-s2-t2.toml): gewertet mit 4 von 6 " \
        "Spielen\n" in out.stdout  # fmt: skip
    csv = cli("tournament", "standings", str(file), "--format", "csv", *fee[:5], "--lang", "de")
    # the German CSV: semicolons, as German spreadsheets read it (formats/csv_dialect.py)
    assert csv.stdout.splitlines()[-4:] == [
        "Abgaben gesamt in Cent;950",
        "",
        "abgeschlossen in Serie;Tisch;Liste;gewertete Spiele;Spiele einer Serie",
        "2;2;cup-s2-t2.toml;4;6",
    ]


def test_a_closed_table_whose_sheet_changes_waits_until_closed_again(tmp_path: Path) -> None:
    file = _cup(tmp_path)
    assert cli("tournament", "close", str(file), "--series", "2", "--table", "2").code == 0
    sheet = str(tmp_path / "cup-s2-t2.toml")
    assert cli("sheet", "add", sheet, "Fritz", *WON).code == 0
    out = cli("tournament", "standings", str(file), "--after", "2")
    assert (
        "Not counted:\n  series 2, table 2 (cup-s2-t2.toml): closed with 4 deals, but the sheet "
        "now has 5: close it again to count them\n"
    ) in out.stdout
    assert "\n?      Fritz   +298  ?     +298" in out.stdout
    out = cli("tournament", "close", str(file), "--series", "2", "--table", "2")
    assert out.stdout == (
        "Series 2, table 2 closed: it counts with the 5 deals entered (a series has 6).\n"
    )
    assert "closed = 5  # closed by the organiser: counts with 5 deals\n" in file.read_text()
    data = json.loads(cli("tournament", "standings", str(file), "--json").stdout)
    fritz = next(p for p in data["players"] if p["name"] == "Fritz")
    # Fritz: 298 + 218 + 98 (the 5th deal, won) = 614, 3 won: first
    assert (fritz["place"], fritz["seeger_fabian"], fritz["won"]) == (1, 614, 3)
    # the 6th deal: the table has all its deals and counts as any table does
    assert cli("sheet", "add", sheet, "Emil", *WON).code == 0
    out = cli("tournament", "standings", str(file))
    assert "Not counted:" in out.stdout and "closed with 5 deals, but the sheet now has 6" in (
        out.stdout
    )
    out = cli("tournament", "close", str(file), "--series", "2", "--table", "2", "--reopen")
    assert out.stdout == "Series 2, table 2 is open again: it counts once it has all 6 deals.\n"
    assert "closed" not in file.read_text()
    assert cli("tournament", "standings", str(file), "--json").stdout.count('"pending":true') == 0


@pytest.mark.parametrize(
    ("args", "code", "said"),
    [
        (["--series", "2", "--table", "3"], 4, "series 2 has no table 3: it has 2 tables"),
        (["--series", "3", "--table", "1"], 4, "there is no series 3: 2 drawn"),
        (["--series", "2", "--table", "1"], 4,
         "series 2, table 1 has all 6 deals of a series: it counts without closing"),
        (["--series", "1", "--table", "1", "--reopen"], 4, "series 1, table 1 is not closed"),
    ],
)  # fmt: skip
def test_closing_what_cannot_be_closed_is_refused(
    tmp_path: Path, args: list[str], code: int, said: str
) -> None:
    file = _cup(tmp_path)
    before = file.read_text()
    out = cli("tournament", "close", str(file), *args)
    assert out == (code, "", f"error: {said}\n")
    assert file.read_text() == before


def test_a_table_without_its_sheet_or_with_a_broken_one_is_not_closed(tmp_path: Path) -> None:
    file = _cup(tmp_path)
    before = file.read_text()
    sheet = tmp_path / "cup-s2-t2.toml"
    text = sheet.read_text()
    sheet.unlink()
    out = cli("tournament", "close", str(file), "--series", "2", "--table", "2")
    assert out == (
        4, "", f"error: series 2, table 2 has no sheet yet ({sheet}): closing counts the deals "
        "entered in it\n",
    )  # fmt: skip
    sheet.write_text(text.replace("points = 70", "points = 170"))
    out = cli("tournament", "close", str(file), "--series", "2", "--table", "2")
    assert out.code == 5 and out.stdout == ""
    assert out.stderr.startswith(f"error: {sheet}: line ")
    sheet.write_text(text.replace('"Emil", "Anna", "Fritz"', '"Emil", "Fritz", "Anna"'))
    out = cli("tournament", "close", str(file), "--series", "2", "--table", "2")
    assert out == (
        4, "", "error: series 2, table 2 cannot be closed: its sheet names other players or "
        "plays other rules than the table drawn (tournament standings says which)\n",
    )  # fmt: skip
    assert file.read_text() == before


def test_a_table_whose_rules_changed_mid_series_is_not_closed_nor_counted(tmp_path: Path) -> None:
    """A tournament plays one set of rules through every series: a table's sheet with a rule
    changed from a later deal (issue 29) plays other rules, as a sheet whose [rules] differ."""
    file = _cup(tmp_path)
    before = file.read_text()
    sheet = tmp_path / "cup-s2-t2.toml"
    assert cli("sheet", "rules", str(sheet), "--bock").code == 0
    out = cli("tournament", "close", str(file), "--series", "2", "--table", "2")
    assert out == (
        4, "", "error: series 2, table 2 cannot be closed: its sheet names other players or "
        "plays other rules than the table drawn (tournament standings says which)\n",
    )  # fmt: skip
    assert file.read_text() == before
    standings = json.loads(cli("tournament", "standings", str(file), "--json").stdout)
    held = [t for t in standings["not_counted"] if (t["series"], t["table"]) == (2, 2)]
    assert [t["reason"] for t in held] == ["rules"]


# --- the fee ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--fee", "0.505"], "the fee 0.505 is not whole cents: a fee is whole cents, e.g. 0.50 "
         "or 0.51"),
        (["--fee", "0.50", "--fee-from", "4", "1.005"], "the fee 1.005 is not whole cents: a fee "
         "is whole cents, e.g. 1.00 or 1.01"),
        (["--fee-from", "4", "1.00"], "--fee-from raises the fee from a lost game of a list on: "
         "give --fee too, e.g. --fee 0.50 --fee-from 4 1.00"),
        (["--fee", "0.50", "--fee-from", "1", "1.00"], "the higher fee starts from lost game 2 "
         "of a list or later, not 1: e.g. --fee-from 4 1.00"),
        (["--fee", "0.50", "--fee-from", "4", "-1"], "the fee is -1 per lost game: skatcalc "
         "settles 0 to 1000 per lost game"),
        (["--fee", "0.50", "--fee-from", "x", "1.00"], "--fee-from takes the lost game of a list "
         "the higher fee starts from, a whole number, then the amount, e.g. --fee-from 4 1.00, "
         "not 'x'"),
    ],
)  # fmt: skip
def test_a_fee_that_is_not_whole_cents_or_makes_no_sense_is_a_usage_error(
    tmp_path: Path, args: list[str], said: str
) -> None:
    file = _cup(tmp_path)
    for more in ([], ["--json"], ["--format", "csv"]):
        out = cli("tournament", "standings", str(file), *args, *more)
        assert out == (2, "", f"error: {said}\n"), more


def test_fee_from_takes_two_values_in_either_language(tmp_path: Path) -> None:
    file = _cup(tmp_path)
    out = cli("tournament", "standings", str(file), "--fee", "0.50", "--fee-from", "4")
    assert out == (2, "", "Error: Option '--fee-from' requires 2 arguments.\n")
    out = cli("--lang", "de", "tournament", "standings", str(file), "--fee", "0,50", "--fee-from",
              "4")  # fmt: skip
    assert out == (2, "", "Fehler: Option '--fee-from' verlangt 2 Werte.\n")


def test_a_flat_fee_is_the_fee_per_lost_game(tmp_path: Path) -> None:
    file = _cup(tmp_path)
    cli("tournament", "close", str(file), "--series", "2", "--table", "2")
    out = cli("tournament", "standings", str(file), "--fee", "0.50")
    # Carl 9 × 0.50 = 4.50, Anna 5 × 0.50 = 2.50, Emil 2 × 0.50 = 1.00: 8.00
    assert "\n6      Carl    -730  -584  -1314          0    9     4.50\n" in out.stdout
    assert "\nFees in all: 8.00\n" in out.stdout
    assert out.stdout.endswith("\nFee: 0.50 a lost game.\n")


# --- tables of four first ----------------------------------------------------------------------


def test_a_new_tournament_seats_fours_first_and_threes_on_request(tmp_path: Path) -> None:
    twelve = [f"P{i:02d}" for i in range(1, 13)]
    file = tmp_path / "fours.toml"
    out = cli("tournament", "new", str(file), *twelve)
    assert out.stdout.splitlines()[:2] == [
        f"Started {file}: fours, 12 players, 3 series of 36 deals at three and 48 at four.",
        "Tables of four first, tables of three only where the count needs them.",
    ]
    assert 'tables = "fours"  # fours: tables of four first; threes: tables of three first\n' in (
        file.read_text()
    )
    drawn = json.loads(cli("tournament", "draw", str(file), "--seed", "1", "--json").stdout)
    assert [len(t["players"]) for t in drawn["tables"]] == [4, 4, 4]
    assert cli("tournament", "join", str(file), "P13").code == 0
    drawn = json.loads(cli("tournament", "draw", str(file), "--seed", "2", "--json").stdout)
    assert [len(t["players"]) for t in drawn["tables"]] == [4, 3, 3, 3]  # 13 = 4 + 3 + 3 + 3
    threes = tmp_path / "threes.toml"
    out = cli("tournament", "new", str(threes), "--tables", "threes", *twelve)
    assert out.stdout.splitlines()[1] == (
        "Tables of three first, one or two tables of four where the count needs them."
    )
    drawn = json.loads(cli("tournament", "draw", str(threes), "--seed", "1", "--json").stdout)
    assert [len(t["players"]) for t in drawn["tables"]] == [3, 3, 3, 3]
    shown = json.loads(cli("tournament", "show", str(threes), "--json").stdout)
    assert shown["tables"] == "threes"
    out = cli("tournament", "show", str(threes), "--lang", "de")
    assert out.stdout.splitlines()[1] == (
        "Zuerst Dreiertische, ein oder zwei Vierertische nach Bedarf."
    )


def test_an_unknown_table_mode_is_a_usage_error(tmp_path: Path) -> None:
    file = tmp_path / "cup.toml"
    out = cli("tournament", "new", str(file), "--tables", "fives", *CUP)
    assert out == (
        2, "", "error: unknown table mode 'fives': expected fours (tables of four first, threes "
        "where the count needs them) or threes (tables of three first)\n",
    )  # fmt: skip
    assert not file.exists()
    out = cli("tournament", "new", str(file), "--tables", "fünf", *CUP, "--lang", "de")
    assert out == (
        2, "", "Fehler: unbekannte Tischverteilung 'fünf': erwartet fours (zuerst Vierertische, "
        "Dreiertische nur nach Bedarf) oder threes (zuerst Dreiertische)\n",
    )  # fmt: skip


# --- teams apart -------------------------------------------------------------------------------

TWELVE = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz", "Gina", "Hanna", "Ida", "Jan", "Kai",
          "Lena"]  # fmt: skip


def _teams(tmp_path: Path, *options: str) -> Path:
    file = tmp_path / "teams.toml"
    assert cli("tournament", "new", str(file), *options, *TWELVE).code == 0
    assert cli("tournament", "team", str(file), "Nord", *TWELVE[:4]).code == 0
    assert cli("tournament", "team", str(file), "Süd", *TWELVE[4:8]).code == 0
    return file


def test_teams_of_four_at_three_tables_of_four_share_as_few_tables_as_can_be(
    tmp_path: Path,
) -> None:
    # four players of a team at three tables: 2, 1 and 1, so one pair of each team shares
    file = _teams(tmp_path)
    out = cli("tournament", "draw", str(file), "--seed", "3")
    assert out == (0, (
        "Series 1 drawn (seed 3; the same seed draws it again):\n"
        "  Table 1: Jan, Anna, Gina, Kai: 48 deals, Jan deals first; teams-s1-t1.toml\n"
        "  Table 2: Lena, Carl, Fritz, Hanna: 48 deals, Lena deals first; teams-s1-t2.toml\n"
        "  Table 3: Dora, Ben, Emil, Ida: 48 deals, Dora deals first; teams-s1-t3.toml\n"
        "2 pairs of teammates share a table, the fewest this field allows (a team has more "
        "players than the series has tables):\n"
        "  Fritz and Hanna (Süd) at table 2\n"
        "  Dora and Ben (Nord) at table 3\n"
    ).replace("teams-s1", str(tmp_path / "teams-s1")), "")  # fmt: skip
    series = json.loads(cli("tournament", "show", str(file), "--json").stdout)["series"][0]
    assert series["together"] == [
        {"team": "Süd", "table": 2, "players": ["Fritz", "Hanna"]},
        {"team": "Nord", "table": 3, "players": ["Dora", "Ben"]},
    ]
    out = cli("tournament", "draw", str(file), "--seed", "4", "--lang", "de")
    assert out.stdout.splitlines()[4:7] == [
        "2 Paare aus einer Mannschaft sitzen an einem Tisch, weniger lässt das Teilnehmerfeld "
        "nicht zu (eine Mannschaft hat mehr Spieler, als die Serie Tische hat):",
        "  Fritz und Hanna (Süd) an Tisch 2",
        "  Ben und Carl (Nord) an Tisch 3",
    ]


def test_at_tables_of_three_the_same_teams_sit_apart(tmp_path: Path) -> None:
    file = _teams(tmp_path, "--tables", "threes")
    out = cli("tournament", "draw", str(file), "--seed", "3")
    assert out.stdout.splitlines()[-1] == "Teammates sit at different tables."
    drawn = json.loads(cli("tournament", "show", str(file), "--json").stdout)["series"][0]
    assert drawn["together"] == []
    for table in drawn["tables"]:
        assert len(set(table["players"]) & set(TWELVE[:4])) <= 1
        assert len(set(table["players"]) & set(TWELVE[4:8])) <= 1
    out = cli("tournament", "draw", str(file), "--seed", "4", "--lang", "de")
    assert "\nMannschaftskameraden sitzen an verschiedenen Tischen.\n" in out.stdout


# --- seeded series -----------------------------------------------------------------------------


def test_a_seeded_series_seats_the_leaders_together(tmp_path: Path) -> None:
    file = _cup(tmp_path)
    assert cli("tournament", "plan", str(file), "--series", "3").code == 0
    out = cli("tournament", "draw", str(file), "--seeded")
    assert out == (
        4, "", "error: a seeded series seats by the standings, but series 2, table 2 is not "
        f"counted yet: finish it, or close it (skatcalc tournament close {file} --series 2 "
        "--table 2)\n",
    )  # fmt: skip
    assert not (tmp_path / "cup-s3-t1.toml").exists()
    assert cli("tournament", "close", str(file), "--series", "2", "--table", "2").code == 0
    # the ranking after closing: Dora, Ben, Fritz, Emil, Anna, Carl (worked out above): the
    # first three at table 1, the last three at table 2; the seats are drawn from the seed
    out = cli("tournament", "draw", str(file), "--seeded", "--seed", "9")
    assert out.code == 0
    lines = out.stdout.splitlines()
    assert lines[0] == (
        "Series 3 seeded by the standings, the leaders together (seats drawn with seed 9):"
    )
    assert len(lines) == 3  # no repeats line: a seeded series does not look at who met
    data = json.loads(cli("tournament", "show", str(file), "--json").stdout)["series"][2]
    assert data["seeded"] is True
    assert [sorted(t["players"]) for t in data["tables"]] == [
        ["Ben", "Dora", "Fritz"], ["Anna", "Carl", "Emil"]
    ]  # fmt: skip
    for t, table in enumerate(data["tables"], 1):
        assert lines[t] == (
            f"  Table {t}: {', '.join(table['players'])}: 6 deals, {table['players'][0]} deals "
            f"first; {table['sheet']}"
        )
    assert "[[series]]  # series 3\nseed = 9\nseeded = true  # seated by the standings\n" in (
        file.read_text()
    )
    shown = cli("tournament", "show", str(file)).stdout
    assert "\nSeries 3 (seeded by the standings; seed 9):\n" in shown
    sheet = tmp_path / "cup-s2-t2.toml"
    assert f"  Table 2: Emil, Anna, Fritz: 4 of 6 deals, closed with 4; {sheet}\n" in shown


def test_a_seeded_series_keeps_a_pair_apart(tmp_path: Path) -> None:
    # Dora and Ben, first and second, are a pair: Ben takes table 2, the fourth (Emil) table 1
    file = _cup(tmp_path)
    cli("tournament", "plan", str(file), "--series", "3")
    cli("tournament", "close", str(file), "--series", "2", "--table", "2")
    assert cli("tournament", "team", str(file), "Duo", "Dora", "Ben").code == 0
    out = cli("tournament", "draw", str(file), "--seeded", "--seed", "9", "--json")
    data = json.loads(out.stdout)
    assert data["seeded"] is True and data["together"] == []
    assert [sorted(t["players"]) for t in data["tables"]] == [
        ["Dora", "Emil", "Fritz"], ["Anna", "Ben", "Carl"]
    ]  # fmt: skip


def test_the_first_series_cannot_be_seeded(tmp_path: Path) -> None:
    file = tmp_path / "cup.toml"
    cli("tournament", "new", str(file), *CUP)
    out = cli("tournament", "draw", str(file), "--seeded")
    assert out == (
        4, "", "error: a seeded series seats by the standings, and there are none before the "
        "first series: draw it without --seeded\n",
    )  # fmt: skip
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup.toml"]


# --- comments a person wrote ---------------------------------------------------------------------


def test_comments_survive_close_team_join_and_draw(tmp_path: Path) -> None:
    file = _cup(tmp_path)
    cli("tournament", "plan", str(file), "--series", "3")
    text = file.read_text()
    text = text.replace(
        'players = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"]',
        'players = [\n    "Anna",  # paid\n    "Ben",\n    "Carl",  # brings the cards\n'
        '    "Dora",\n    "Emil",\n    "Fritz",\n]',
    )
    text = text.replace("[rules]", "# agreed on the night\n[rules]")
    text = text.replace('sheet = "cup-s2-t2.toml"\n', 'sheet = "cup-s2-t2.toml"  # slow table\n')
    file.write_text(text)
    comments = ["# paid", "# brings the cards", "# agreed on the night", "# slow table"]
    for args in (
        ["close", str(file), "--series", "2", "--table", "2"],
        ["team", str(file), "Duo", "Dora", "Ben"],
        ["team", str(file), "Trio", "Anna", "Carl", "Emil"],
        ["team", str(file), "Duo", "Dora", "Ben", "Fritz"],
        ["join", str(file), "Gina"],
        ["leave", str(file), "Gina"],
        ["team", str(file), "Trio"],
        ["draw", str(file), "--seed", "5"],
    ):
        out = cli("tournament", *args)
        assert out.code == 0, (args, out)
        now = file.read_text()
        assert all(c in now for c in comments), (args, now)
    assert '    "Fritz",\n    "Gina",\n]' in now
    assert "closed = 4  # closed by the organiser: counts with 4 deals" in now
    assert '[teams]  # pairs and teams: NAME = [players]\nDuo = ["Dora", "Ben", "Fritz"]\n' in now
