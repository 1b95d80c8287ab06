"""Issue 31, items 1, 2 and 5, as an organiser meets them: tables on paper lists (`tournament
result`), the prize pot of a Preisskat (`standings --entry --prizes`), and a series seeded by an
earlier event (`draw --seeded --by`); exit codes, output and file bytes exactly, English and
German.

Every total below is worked BY HAND from the DSkV rule (docs/tournament.md, skat-scoring.md "A
club's paperwork"): Seeger-Fabian = points + 50 × (won − lost) + 40 at three (30 at four) for
every game the OTHER players at the table lost.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import cli

FIELD = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz", "Gina", "Hanna", "Ida", "Jan", "Karl",
         "Lena", "Max"]  # fmt: skip
# 13 players, tables of four first: 1 four and 3 threes (docs/tournament.md, "Table sizes").
# What seeds 1 and 2 draw (seat order), pinned so the paper lists below can be typed:
SEATS = [
    [["Anna", "Max", "Ida", "Lena"], ["Gina", "Fritz", "Dora"], ["Hanna", "Karl", "Emil"],
     ["Carl", "Ben", "Jan"]],
    [["Karl", "Jan", "Max", "Gina"], ["Dora", "Hanna", "Ida"], ["Carl", "Fritz", "Lena"],
     ["Emil", "Anna", "Ben"]],
]  # fmt: skip
PAPER = {
    # series 1, table 1, a four (+30): the worked example of skat-scoring.md; lost 1+3+0+2 = 6
    (1, 1): ["Anna=850/5/1", "Max=-120/1/3", "Ida=300/2/0", "Lena=0/0/2"],
    #   Anna 850 + 50×(5−1) + 30×(6−1) = 850 + 200 + 150 = 1200
    #   Max −120 + 50×(1−3) + 30×(6−3) = −120 − 100 + 90 = −130
    #   Ida 300 + 50×2 + 30×6 = 300 + 100 + 180 = 580
    #   Lena 0 − 100 + 30×4 = 20
    # series 1, table 2, a three (+40); lost 1+0+2 = 3
    (1, 2): ["Gina=400/3/1", "Fritz=200/2/0", "Dora=-100/0/2"],
    #   Gina 400 + 100 + 40×2 = 580; Fritz 200 + 100 + 40×3 = 420; Dora −100 − 100 + 40×1 = −160
    # series 1, table 3; lost 0+0+2 = 2
    (1, 3): ["Hanna=300/2/0", "Karl=70/1/0", "Emil=0/0/2"],
    #   Hanna 300 + 100 + 40×2 = 480; Karl 70 + 50 + 40×2 = 200; Emil 0 − 100 + 40×0 = −100
    # series 1, table 4; lost 0+2+1 = 3
    (1, 4): ["Carl=500/3/0", "Ben=0/0/2", "Jan=60/1/1"],
    #   Carl 500 + 150 + 40×3 = 770; Ben 0 − 100 + 40×1 = −60; Jan 60 + 0 + 40×2 = 140
    # series 2, table 1, a four (+30); lost 0+1+0+1 = 2
    (2, 1): ["Karl=400/3/0", "Jan=200/2/1", "Max=100/1/0", "Gina=0/0/1"],
    #   Karl 400 + 150 + 30×2 = 610; Jan 200 + 50 + 30×1 = 280; Max 100 + 50 + 30×2 = 210;
    #   Gina 0 − 50 + 30×1 = −20
    # series 2, table 2; lost 0+1+1 = 2
    (2, 2): ["Dora=600/4/0", "Hanna=0/0/1", "Ida=100/1/1"],
    #   Dora 600 + 200 + 40×2 = 880; Hanna 0 − 50 + 40×1 = −10; Ida 100 + 0 + 40×1 = 140
    # series 2, table 3; lost 1
    (2, 3): ["Carl=0/0/1", "Fritz=250/2/0", "Lena=300/2/0"],
    #   Carl 0 − 50 + 0 = −50; Fritz 250 + 100 + 40 = 390; Lena 300 + 100 + 40 = 440
    # series 2, table 4; lost 0+2+0 = 2
    (2, 4): ["Emil=500/3/0", "Anna=0/0/2", "Ben=200/1/0"],
    #   Emil 500 + 150 + 40×2 = 730; Anna 0 − 100 + 0 = −100; Ben 200 + 50 + 40×2 = 330
}
# The totals (series 1 + series 2; won; lost), ranked: points, then more won, then fewer lost;
# level players keep their order of entry.
#   1   Anna   1200 − 100 = 1100   5  3
#   2=  Fritz   420 + 390 =  810   4  0
#   2=  Karl    200 + 610 =  810   4  0   (level with Fritz on all three: a tie for second)
#   4   Dora   −160 + 880 =  720   4  2   (more won than Carl and Ida)
#   5=  Carl    770 −  50 =  720   3  1
#   5=  Ida     580 + 140 =  720   3  1
#   7   Emil   −100 + 730 =  630   3  2
#   8   Gina    580 −  20 =  560   3  2
#   9   Hanna   480 −  10 =  470   2  1
#   10  Lena     20 + 440 =  460   2  2
#   11  Jan     140 + 280 =  420   3  2
#   12  Ben     −60 + 330 =  270   1  2
#   13  Max    −130 + 210 =   80   2  3
RANKED = [
    (1, False, "Anna", 1100, 5, 3), (2, True, "Fritz", 810, 4, 0), (2, True, "Karl", 810, 4, 0),
    (4, False, "Dora", 720, 4, 2), (5, True, "Carl", 720, 3, 1), (5, True, "Ida", 720, 3, 1),
    (7, False, "Emil", 630, 3, 2), (8, False, "Gina", 560, 3, 2), (9, False, "Hanna", 470, 2, 1),
    (10, False, "Lena", 460, 2, 2), (11, False, "Jan", 420, 3, 2), (12, False, "Ben", 270, 1, 2),
    (13, False, "Max", 80, 2, 3),
]  # fmt: skip
# The pot: 13 × 10.00 = 130.00. Prizes 40, 25, 15, 10, 10 percent: 52.00, 32.50, 19.50, 13.00,
# 13.00. Anna 52.00; Fritz and Karl share places 2 and 3: (32.50 + 19.50) / 2 = 26.00 each;
# Dora 13.00; Carl and Ida share places 5 and 6: (13.00 + 0) / 2 = 6.50 each. In all
# 52 + 26 + 26 + 13 + 6.50 + 6.50 = 130.00.
PRIZES = {"Anna": 5200, "Fritz": 2600, "Karl": 2600, "Dora": 1300, "Carl": 650, "Ida": 650}
POT = ["--entry", "10.00", "--prizes", "40,25,15,10,10", "--currency", "€"]


def _club(tmp_path: Path, *, typed: bool = True) -> Path:
    """The club's 13-player tournament, both series drawn, every table on its paper list."""
    file = tmp_path / "club.toml"
    out = cli("tournament", "new", file, "--three", "12", "--four", "16", "--series", "2", *FIELD)
    assert out.code == 0, out
    for s in (1, 2):
        out = cli("tournament", "draw", file, "--seed", str(s), "--json")
        assert out.code == 0, out
        assert [t["players"] for t in json.loads(out.stdout)["tables"]] == SEATS[s - 1]
        if not typed:
            continue
        for t in (1, 2, 3, 4):
            out = cli("tournament", "result", file, "--series", str(s), "--table", str(t),
                      *PAPER[s, t])  # fmt: skip
            assert (out.code, out.stderr) == (0, ""), out
    return file


def test_the_worked_example_of_a_paper_list(tmp_path: Path) -> None:
    """skat-scoring.md: Anna 850 5 1 → 1,200; Ben −120 1 3 → −130; Carl 300 2 0 → 580;
    Dora 0 0 2 → 20 (a table of four, +30 a game the others lost)."""
    file = tmp_path / "cup.toml"
    assert cli("tournament", "new", file, "--four", "16", "Anna", "Ben", "Carl", "Dora").code == 0
    assert cli("tournament", "draw", file, "--seed", "1").code == 0
    out = cli("tournament", "result", file, "--series", "1", "--table", "1",
              "Anna=850/5/1", "Ben=-120/1/3", "Carl=300/2/0", "Dora=0/0/2")  # fmt: skip
    # the seats of seed 1: Ben, Anna, Dora, Carl
    assert out == (0, (
        "Series 1, table 1: counted from the paper list.\n"
        "  Ben: -120 points, 1 won, 3 lost: -130 Seeger-Fabian points\n"
        "  Anna: 850 points, 5 won, 1 lost: 1200 Seeger-Fabian points\n"
        "  Dora: 0 points, 0 won, 2 lost: 20 Seeger-Fabian points\n"
        "  Carl: 300 points, 2 won, 0 lost: 580 Seeger-Fabian points\n"
    ), "")  # fmt: skip
    data = json.loads(cli("tournament", "standings", file, "--json").stdout)
    assert [(p["name"], p["seeger_fabian"]) for p in data["players"]] == [
        ("Anna", 1200), ("Carl", 580), ("Dora", 20), ("Ben", -130)
    ]  # fmt: skip
    assert data["paper"] == [{"series": 1, "table": 1, "sheet": "cup-s1-t1.toml"}]


def test_thirteen_players_two_series_on_paper_lists_with_the_prizes(tmp_path: Path) -> None:
    file = _club(tmp_path)
    out = cli("tournament", "standings", file, *POT, "--json")
    assert (out.code, out.stderr) == (0, "")
    data = json.loads(out.stdout)
    got = [(p["place"], p["tied"], p["name"], p["seeger_fabian"], p["won"], p["lost"])
           for p in data["players"]]  # fmt: skip
    assert got == RANKED
    assert {p["name"]: p["prize_cents"] for p in data["players"] if p["prize_cents"]} == PRIZES
    assert data["prizes"] == {
        "entry_cents": 1000, "pot_cents": 13000, "round_cents": 1, "total_cents": 13000,
        "places": [{"percent": x, "cents": None} for x in (40.0, 25.0, 15.0, 10.0, 10.0)],
        "categories": [],
    }  # fmt: skip
    assert len(data["paper"]) == 8
    assert data["final"] is True


def test_the_prizes_in_text_and_german(tmp_path: Path) -> None:
    file = _club(tmp_path)
    out = cli("tournament", "standings", file, *POT)
    lines = out.stdout.splitlines()
    assert lines[1] == "Place  Player  S1     S2    Seeger-Fabian  Won  Lost  Prize"
    assert lines[2] == "1      Anna    +1200  -100  +1100          5    3     €52.00"
    assert lines[3] == "2=     Fritz   +420   +390  +810           4    0     €26.00"
    assert lines[4] == "2=     Karl    +200   +610  +810           4    0     €26.00"
    assert lines[6] == "5=     Carl    +770   -50   +720           3    1     €6.50"
    assert lines[8].rstrip() == "7      Emil    -100   +730  +630           3    2"
    assert (
        "Pot: €130.00 (13 players × €10.00); prizes: 40% of the pot, 25% of the pot, "
        "15% of the pot, 10% of the pot, 10% of the pot. Prizes in all: €130.00." in lines
    )
    assert "From the paper list:" in lines
    # under its heading a table is not marked again (16 lines at 40 columns were 8 tables)
    assert "  series 2, table 4 (club-s2-t4.toml)" in lines
    de = cli("--lang", "de", "tournament", "standings", file, "--entry", "10,00",
             "--prizes", "40,25,15,10,10", "--currency", "€").stdout.splitlines()  # fmt: skip
    assert de[2].endswith("52,00 €") and de[3].endswith("26,00 €")
    assert "Laut Spielliste (Papier):" in de
    assert any(line.startswith("Topf: 130,00 € (13 Spieler × 10,00 €)") for line in de)


def test_prizes_rounded_to_a_unit_give_the_rest_to_first_place(tmp_path: Path) -> None:
    file = _club(tmp_path)
    out = cli("tournament", "standings", file, *POT, "--round", "1.00", "--json")
    prizes = {p["name"]: p["prize_cents"] for p in json.loads(out.stdout)["players"]}
    # rounded down to 1.00: Fritz, Karl 26.00; Dora 13.00; Carl, Ida 6.50 → 6.00 each;
    # 26 + 26 + 13 + 6 + 6 = 77.00; Anna the rest: 130.00 − 77.00 = 53.00
    assert {k: v for k, v in prizes.items() if v} == {
        "Anna": 5300, "Fritz": 2600, "Karl": 2600, "Dora": 1300, "Carl": 600, "Ida": 600
    }  # fmt: skip
    assert sum(prizes.values()) == 13000


def test_fixed_prizes_and_the_csv(tmp_path: Path) -> None:
    file = _club(tmp_path)
    out = cli("tournament", "standings", file, "--entry", "5", "--prizes", "€30,€20,€10",
              "--format", "csv")  # fmt: skip
    rows = out.stdout.splitlines()
    assert rows[0].endswith(",prize_cents")
    # pot 13 × 5.00 = 65.00; Anna 30.00; Fritz and Karl share 20.00 + 10.00: 15.00 each
    assert rows[1].startswith("1,false,Anna,") and rows[1].endswith(",3000")
    assert rows[2].endswith(",1500") and rows[3].endswith(",1500")
    assert "pot_cents,6500" in rows and "prize_total_cents,6000" in rows


def test_typing_a_table_again_replaces_it_only_with_replace(tmp_path: Path) -> None:
    file = _club(tmp_path)
    before = file.read_bytes()
    out = cli("tournament", "result", file, "--series", "1", "--table", "2", *PAPER[1, 2])
    assert out == (4, "", "error: series 1, table 2 already has its paper list: add --replace "
                   "to type it again\n")  # fmt: skip
    assert file.read_bytes() == before
    out = cli("tournament", "result", file, "--series", "1", "--table", "2", "--replace",
              "Gina=400/3/1", "Fritz=210/2/0", "Dora=-100/0/2")  # fmt: skip
    assert out == (0, "Series 1, table 2: the paper list replaced.\n"
                   "  Fritz: 200/2/0 -> 210/2/0\n", "")  # fmt: skip
    assert "paper = [[400, 3, 1], [210, 2, 0], [-100, 0, 2]]" in file.read_text()
    de = cli("--lang", "de", "tournament", "result", file, "--series", "1", "--table", "2",
             "--replace", "Gina=400/3/1", "Fritz=210/2/0", "Dora=-100/0/2")  # fmt: skip
    assert de == (0, "Serie 1, Tisch 2: die Spielliste ersetzt; nichts geändert.\n", "")


BAD = [
    (["Zoe=1/1/1", "Fritz=200/2/0", "Dora=-100/0/2"], 4,
     "error: 'Zoe' is not at series 1, table 2: its players are Gina, Fritz, Dora\n"),
    (["Gina=400/3/1", "Fritz=200/2/0"], 4,
     "error: series 1, table 2: no line for Dora: give every player of the table as "
     "NAME=POINTS/WON/LOST\n"),
    (["Gina=400/7/1", "Fritz=200/2/0", "Dora=-100/0/3"], 4,
     "error: series 1, table 2: 13 games won and lost in all, but a series there has 12 deals: "
     "no more games than deals\n"),
    (["Gina=400.5/3/1", "Fritz=200/2/0", "Dora=-100/0/2"], 2,
     "error: invalid paper line 'Gina=400.5/3/1': expected NAME=POINTS/WON/LOST in whole "
     "numbers, e.g. Anna=850/5/1 (points may be negative: Ben=-120/1/3)\n"),
    (["Gina=400/3/1", "gina=400/3/1", "Dora=-100/0/2"], 4,
     "error: 'Gina' is given twice: give each player of the table once\n"),
]  # fmt: skip


@pytest.mark.parametrize(("lines", "code", "said"), BAD)
def test_a_bad_paper_list_is_refused_and_nothing_is_written(
    tmp_path: Path, lines: list[str], code: int, said: str
) -> None:
    file = _club(tmp_path, typed=False)
    files = {p: p.read_bytes() for p in tmp_path.iterdir()}
    out = cli("tournament", "result", file, "--series", "1", "--table", "2", *lines)
    assert (out.code, out.stdout, out.stderr) == (code, "", said)
    assert {p: p.read_bytes() for p in tmp_path.iterdir()} == files


def test_a_table_whose_sheet_has_deals_takes_no_paper_list(tmp_path: Path) -> None:
    file = _club(tmp_path, typed=False)
    assert cli("sheet", "add", tmp_path / "club-s1-t2.toml", "Gina", "gr", "m1", "70").code == 0
    files = {p: p.read_bytes() for p in tmp_path.iterdir()}
    out = cli("tournament", "result", file, "--series", "1", "--table", "2", *PAPER[1, 2])
    assert out == (4, "", "error: series 1, table 2 has 1 deal in its sheet, and the sheet "
                   "counts: a paper list is typed only for a table whose sheet is empty\n")  # fmt: skip
    assert {p: p.read_bytes() for p in tmp_path.iterdir()} == files
    de = cli("--lang", "de", "tournament", "result", file, "--series", "1", "--table", "2",
             *PAPER[1, 2])  # fmt: skip
    assert de.stderr.startswith("Fehler: Serie 1, Tisch 2 hat 1 Spiel in seiner Liste")


def test_deals_entered_after_the_paper_list_hold_the_table_back(tmp_path: Path) -> None:
    file = _club(tmp_path)
    assert cli("sheet", "add", tmp_path / "club-s1-t2.toml", "Gina", "gr", "m1", "70").code == 0
    out = cli("tournament", "standings", file)
    assert (
        "  series 1, table 2 (club-s1-t2.toml): a paper list is typed, and the sheet has 1 "
        "deals besides: take them out of the sheet (the paper list counts)"
        in out.stdout.splitlines()
    )


def test_a_hand_edited_paper_line_that_cannot_be_is_refused(tmp_path: Path) -> None:
    file = _club(tmp_path)
    text = file.read_text().replace("[[400, 3, 1], [200, 2, 0], [-100, 0, 2]]",
                                    "[[400, 3, 1], [200, 2, 0]]")  # fmt: skip
    file.write_text(text)
    out = cli("tournament", "standings", file)
    assert out.code == 5
    assert "paper must be the paper list's bottom line" in out.stderr


BAD_POT = [
    (["--entry", "10", "--prizes", "60,50"], 2,
     "error: the prizes add up to 143.00, more than the pot of 130.00: give less "
     "(percents of the pot add up to 100 at most)\n"),
    (["--entry", "10", "--prizes", "40,abc"], 2,
     "error: invalid prize 'abc': expected a percent of the pot (40, 12.5%) or an amount with "
     "a currency sign (€50, 50,00 €), separated by commas (by semicolons where an amount has a "
     "decimal comma)\n"),
    (["--entry", "10.005", "--prizes", "40"], 2,
     "error: invalid amount '10.005': expected an amount in whole cents, e.g. 10.00 (or 10,00)\n"),
    (["--prizes", "40"], 2,
     "error: --entry is missing: the prize pot needs both --entry (per player) and --prizes "
     "(by place)\n"),
]  # fmt: skip


@pytest.mark.parametrize(("given", "code", "said"), BAD_POT)
def test_a_bad_prize_pot_is_refused_and_writes_nothing(
    tmp_path: Path, given: list[str], code: int, said: str
) -> None:
    file = _club(tmp_path)
    files = {p: p.read_bytes() for p in tmp_path.iterdir()}
    out = cli("tournament", "standings", file, *given, "-o", tmp_path / "list.html",
              "--format", "html")  # fmt: skip
    assert (out.code, out.stdout, out.stderr) == (code, "", said)
    assert {p: p.read_bytes() for p in tmp_path.iterdir()} == files


def test_the_html_list_and_the_live_page_show_the_prizes_and_the_paper_mark(
    tmp_path: Path,
) -> None:
    from skatcalc.formats.live import tournament_view
    from skatcalc.store import tournament as store
    from skatcalc.tournament.prizes import PrizeRule, parse_prizes
    from skatcalc.tournament.standings import standings

    file = _club(tmp_path)
    html = cli("tournament", "standings", file, *POT, "--format", "html").stdout
    assert "<td>€52.00</td>" in html and "From the paper list:" in html
    tournament = store.load(file)
    rule = PrizeRule(1000, parse_prizes("40,25,15,10,10"))
    view = tournament_view(tournament, standings(tournament, {}, prizes=rule))
    rows = view["tables"][0]["rows"]
    assert view["tables"][0]["heads"][-1] == "Prize"
    assert rows[0][1] == "Anna" and rows[0][-1] == "52.00"
    assert "series 1, table 1 (club-s1-t1.toml): from the paper list" in view["notes"]


def test_a_series_seeded_by_an_earlier_event(tmp_path: Path) -> None:
    club = _club(tmp_path)
    spring = tmp_path / "spring.toml"
    # seven of the club's field and two new to it (Olga, Paul)
    field = ["Max", "Paul", "Anna", "Karl", "Fritz", "Olga", "Dora", "Lena", "Ben"]
    assert cli("tournament", "new", spring, *field).code == 0
    out = cli("tournament", "draw", spring, "--seeded", "--by", club, "--seed", "5", "--json")
    assert (out.code, out.stderr) == (0, "")
    data = json.loads(out.stdout)
    # 9 players: 3 tables of three (no four fits). The club's ranking of these: Anna 1, Fritz
    # 2=, Karl 2=, Dora 4, Lena 10, Ben 12, Max 13; then Olga and Paul, drawn.
    tables = [sorted(t["players"]) for t in data["tables"]]
    assert tables[0] == ["Anna", "Fritz", "Karl"]
    assert tables[1] == ["Ben", "Dora", "Lena"]
    assert sorted(tables[2]) == ["Max", "Olga", "Paul"]
    assert data["seeded"] is True and data["by"] == str(club)
    assert sorted(data["new_to_ranking"]) == ["Olga", "Paul"]


def test_seeding_by_an_event_that_ranks_nobody_of_the_field_is_refused(tmp_path: Path) -> None:
    club = _club(tmp_path)
    other = tmp_path / "other.toml"
    assert cli("tournament", "new", other, "Xaver", "Yvonne", "Zora").code == 0
    files = {p: p.read_bytes() for p in tmp_path.iterdir()}
    out = cli("tournament", "draw", other, "--seeded", "--by", club)
    assert out == (4, "", f"error: {club} ranks nobody of this field yet: seat the series "
                   "without --by\n")  # fmt: skip
    assert {p: p.read_bytes() for p in tmp_path.iterdir()} == files
    de = cli("--lang", "de", "tournament", "draw", other, "--seeded", "--by", club)
    assert (
        de.stderr == f"Fehler: {club} wertet noch niemanden aus diesem Feld: die Serie "
        "ohne --by setzen\n"
    )


def test_a_table_card_printed_after_says_it_counts_from_the_paper_list(tmp_path: Path) -> None:
    file = _club(tmp_path)
    html = cli("tournament", "cards", file, "--series", "2").stdout
    assert html.count("Counted from the paper list.") == 4
    de = cli("--lang", "de", "tournament", "cards", file, "--series", "2").stdout
    assert de.count("Gewertet laut Spielliste (Papier).") == 4


def test_a_category_with_its_own_prizes_is_ranked_inside_the_standings(tmp_path: Path) -> None:
    file = _club(tmp_path)
    out = cli("tournament", "category", file, "Damen", "anna", "Dora", "Ida", "Lena", "Gina")
    assert out == (0, "Category Damen: Anna, Dora, Ida, Lena, Gina (standings --prizes-for "
                   "Damen=... gives it its own prizes).\n", "")  # fmt: skip
    assert (
        "[categories]  # categories with their own prizes: NAME = [players]\n"
        'Damen = ["Anna", "Dora", "Ida", "Lena", "Gina"]\n' in file.read_text()
    )
    out = cli("tournament", "standings", file, *POT[:2], "--prizes", "40,25,15",
              "--prizes-for", "Damen=€10,€5", "--json")  # fmt: skip
    data = json.loads(out.stdout)
    # the ladies in the standings' order: Anna 1st (1100), Dora 4th (720), Ida 5= (720, fewer
    # won than Dora), Gina 8th (560), Lena 10th (460): inside the category 1, 2, 3, 4, 5.
    # Their prizes 10.00 and 5.00 from the same pot; main prizes 52.00, 32.50, 19.50: Fritz and
    # Karl share 2nd and 3rd, 26.00 each. In all 52 + 26 + 26 + 10 + 5 = 119.00.
    (ladies,) = data["prizes"]["categories"]
    assert [(x["place"], x["name"], x["prize_cents"]) for x in ladies["places"]] == [
        (1, "Anna", 1000), (2, "Dora", 500), (3, "Ida", 0), (4, "Gina", 0), (5, "Lena", 0)
    ]  # fmt: skip
    assert data["prizes"]["total_cents"] == 11900
    text = cli("tournament", "standings", file, *POT[:2], "--prizes", "40,25,15",
               "--prizes-for", "Damen=€10,€5", "--currency", "€").stdout.splitlines()  # fmt: skip
    assert text[text.index("Damen:") + 1 : text.index("Damen:") + 3] == [
        "  1  Anna  €10.00", "  2  Dora  €5.00"
    ]  # fmt: skip
    de = cli("--lang", "de", "tournament", "standings", file, "--entry", "10", "--prizes", "40",
             "--prizes-for", "Herren=€10")  # fmt: skip
    assert de == (2, "", "Fehler: es gibt keine Kategorie 'Herren': mit tournament category "
                  "DATEI NAME SPIELER... anlegen (Kategorien: Damen)\n")  # fmt: skip
    out = cli("tournament", "category", file, "damen")
    assert out == (0, "Category damen dissolved.\n", "")
    assert "Damen = " not in file.read_text()  # its line taken out (the table's header stays)
