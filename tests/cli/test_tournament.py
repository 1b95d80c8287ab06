"""A 10-player club night of 3 series played through the CLI, with its standings worked out by
hand from the rules (docs/rules.md, Seeger-Fabian: won +value +50; lost -2 x value -50 and each
other player at the table +40 at three, +30 at four)."""

from __future__ import annotations

import json
from pathlib import Path

from skatcalc import words as language
from tests.cli.helpers import cli

PLAYERS = "Anna Ben Carl Dora Emil Fritz Gina Hanna Ida Jan".split()

# What seeds 11, 12 and 13 draw at tables of three first (pinned here so the sheets below can
# be written, before tables of four first existed; the draw's properties are tested in
# tests/tournament/test_draw.py). Seat order: the first deals first.
SEATS = [
    [["Gina", "Carl", "Anna"], ["Emil", "Fritz", "Ben"], ["Jan", "Hanna", "Dora", "Ida"]],
    [["Jan", "Ben", "Gina"], ["Fritz", "Dora", "Anna"], ["Emil", "Ida", "Hanna", "Carl"]],
    [["Gina", "Hanna", "Fritz"], ["Ida", "Ben", "Anna"], ["Jan", "Emil", "Dora", "Carl"]],
]

# Series of 3 deals at three and 4 at four (a short club-night series). Each deal as typed at
# the table; the comment works its Seeger-Fabian points out by hand.
DEALS = [
    [
        [  # Gina, Carl, Anna
            "Carl gr m1 70",  # grand with 1: game 2 x 24 = 48 won: Carl +98
            "Anna he o2 45",  # hearts without 2: 3 x 10 = 30 lost: Anna -60-50 = -110; Gina, Carl +40
            "pass",
        ],  # Gina 40 (0/0), Carl 98+40 = 138 (1/0), Anna -110 (0/1)
        [  # Emil, Fritz, Ben
            "Fritz kr m1 80",  # clubs with 1: 2 x 12 = 24 won: Fritz +74
            "Ben nu won",  # Null 23 won: Ben +73
            "Emil ka m2 61",  # diamonds with 2: 3 x 9 = 27 won: Emil +77
        ],  # Emil 77 (1/0), Fritz 74 (1/0), Ben 73 (1/0)
        [  # Jan, Hanna, Dora, Ida (the dealer sits out)
            "Hanna pi m1 88",  # spades with 1: 2 x 11 = 22 won: Hanna +72
            "Ida gr o1 hand 50",  # grand without 1 hand: 3 x 24 = 72 lost: Ida -144-50 = -194; others +30
            "pass",
            "Jan nu ov lost",  # Null ouvert 46 lost: Jan -92-50 = -142; Hanna, Dora, Ida +30
        ],  # Jan 30-142 = -112 (0/1), Hanna 72+30+30 = 132 (1/0), Dora 60 (0/0),
        #     Ida -194+30 = -164 (0/1)
    ],
    [
        [  # Jan, Ben, Gina
            "Ben he m1 61",  # hearts with 1: 2 x 10 = 20 won: Ben +70
            "Gina kr o3 30",  # clubs without 3, schneider against her (30): 5 x 12 = 60 lost:
            #                   Gina -120-50 = -170; Jan, Ben +40
            "Jan gr m2 92",  # grand with 2, schneider: 4 x 24 = 96 won: Jan +146
        ],  # Jan 40+146 = 186 (1/0), Ben 70+40 = 110 (1/0), Gina -170 (0/1)
        [  # Fritz, Dora, Anna
            "Dora pi o1 66",  # spades without 1: 2 x 11 = 22 won: Dora +72
            "Anna ka m1 85 b20",  # diamonds with 1 = 18 < bid 20: overbid, lowest covering 27:
            #                       Anna -54-50 = -104; Fritz, Dora +40
            "Fritz nu hand won",  # Null hand 35 won: Fritz +85
        ],  # Fritz 40+85 = 125 (1/0), Dora 72+40 = 112 (1/0), Anna -104 (0/1)
        [  # Emil, Ida, Hanna, Carl
            "Carl he m3 75",  # hearts with 3: 4 x 10 = 40 won: Carl +90
            "pass",
            "Ida kr m1 59",  # clubs with 1: 2 x 12 = 24 lost: Ida -48-50 = -98; Emil, Hanna, Carl +30
            "Emil gr m1 61",  # grand with 1: 2 x 24 = 48 won: Emil +98
        ],  # Emil 30+98 = 128 (1/0), Ida -98 (0/1), Hanna 30 (0/0), Carl 90+30 = 120 (1/0)
    ],
    [
        [  # Gina, Hanna, Fritz
            "Hanna nu won",  # Null 23 won: Hanna +73
            "Fritz nu won",  # Null 23 won: Fritz +73
            "Gina pi m2 62",  # spades with 2: 3 x 11 = 33 won: Gina +83
        ],  # Gina 83 (1/0), Hanna 73 (1/0), Fritz 73 (1/0)
        [  # Ida, Ben, Anna
            "Anna gr m1 hand 75",  # grand with 1 hand: 3 x 24 = 72 won: Anna +122
            "Ida he o1 40",  # hearts without 1: 2 x 10 = 20 lost: Ida -40-50 = -90; Ben, Anna +40
            "Ben nu t2",  # Null lost (2 tricks): Ben -46-50 = -96; Ida, Anna +40
        ],  # Ida -90+40 = -50 (0/1), Ben 40-96 = -56 (0/1), Anna 122+40+40 = 202 (1/0)
        [  # Jan, Emil, Dora, Carl
            "Dora he m1 61",  # hearts with 1: 2 x 10 = 20 won: Dora +70
            "Carl gr o2 58",  # grand without 2: 3 x 24 = 72 lost: Carl -144-50 = -194;
            #                   Jan, Emil, Dora +30
            "pass",
            "Jan pi m1 64",  # spades with 1: 2 x 11 = 22 won: Jan +72
        ],  # Jan 30+72 = 102 (1/0), Emil 30 (0/0), Dora 70+30 = 100 (1/0), Carl -194 (0/1)
    ],
]

# Summed over the series (series 1 + 2 + 3; won/lost):
#   Anna  -110 -104 +202 = -12   (0+0+1 = 1 won; 1+1+0 = 2 lost)
#   Ben    +73 +110  -56 = 127   (2 won, 1 lost)
#   Carl  +138 +120 -194 = 64    (2 won, 1 lost)
#   Dora   +60 +112 +100 = 272   (2 won, 0 lost)
#   Emil   +77 +128  +30 = 235   (2 won, 0 lost)
#   Fritz  +74 +125  +73 = 272   (3 won, 0 lost)  ahead of Dora: more games won
#   Gina   +40 -170  +83 = -47   (1 won, 1 lost)
#   Hanna +132  +30  +73 = 235   (2 won, 0 lost)  level with Emil on all three: a tie
#   Ida   -164  -98  -50 = -312  (0 won, 1+1+1 = 3 lost)
#   Jan   -112 +186 +102 = 176   (2 won, 1 lost)
EXPECTED = [
    # place, tied, name, Seeger-Fabian, won, lost, per series
    (1, False, "Fritz", 272, 3, 0, [74, 125, 73]),
    (2, False, "Dora", 272, 2, 0, [60, 112, 100]),
    (3, True, "Emil", 235, 2, 0, [77, 128, 30]),
    (3, True, "Hanna", 235, 2, 0, [132, 30, 73]),
    (5, False, "Jan", 176, 2, 1, [-112, 186, 102]),
    (6, False, "Ben", 127, 2, 1, [73, 110, -56]),
    (7, False, "Carl", 64, 2, 1, [138, 120, -194]),
    (8, False, "Anna", -12, 1, 2, [-110, -104, 202]),
    (9, False, "Gina", -47, 1, 1, [40, -170, 83]),
    (10, False, "Ida", -312, 0, 3, [-164, -98, -50]),
]


def _standings(file: Path, *args: str) -> dict[str, object]:
    out = cli("tournament", "standings", str(file), "--json", "--fee", "0.50", *args)
    assert out.code == 0, out
    data: dict[str, object] = json.loads(out.stdout)
    return data


def test_a_club_night_from_draw_to_standings(tmp_path: Path) -> None:
    file = tmp_path / "club.toml"
    out = cli("tournament", "new", str(file), "--three", "3", "--four", "4", "--tables", "threes",
              *PLAYERS)  # fmt: skip
    assert out.code == 0, out
    for s, seed in enumerate((11, 12, 13)):
        out = cli("tournament", "draw", str(file), "--seed", str(seed), "--json")
        assert out.code == 0, out
        drawn = json.loads(out.stdout)
        assert [t["players"] for t in drawn["tables"]] == SEATS[s]
        assert [t["deals"] for t in drawn["tables"]] == [3, 3, 4]
        for table, deals in zip(drawn["tables"], DEALS[s], strict=True):
            sheet = table["sheet"]
            assert Path(sheet) == tmp_path / f"club-s{s + 1}-t{table['table']}.toml"
            for line in deals:
                words = ["pass"] if line == "pass" else line.split()
                out = cli("sheet", "add", sheet, *words)
                assert out.code == 0, (line, out)
            if s == 2 and table["table"] == 3:
                # the last table is one deal short: named, not counted
                undone = cli("sheet", "undo", sheet)
                assert undone.code == 0
                # by default, while series 3 is played: the standings after series 2, the
                # table series 3 waits for named
                now = _standings(file)
                assert (now["series_listed"], now["series_playing"]) == (2, [3])
                assert [p["place"] for p in now["players"]] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]  # type: ignore[index, union-attr]
                assert [(h["series"], h["table"]) for h in now["not_counted"]] == [(3, 3)]  # type: ignore[index, union-attr]
                # after series 3: its table not counted, its players apart
                held = _standings(file, "--after", "3")
                assert held["final"] is False
                assert held["not_counted"] == [
                    {"series": 3, "table": 3, "sheet": "club-s3-t3.toml", "reason": "incomplete",
                     "detail": "", "deals": 3, "length": 4, "closed": None}
                ]  # fmt: skip
                # the four of that table are listed apart after the ranking, with no place
                listed = [(p["place"], p["name"], p["pending"]) for p in held["players"]]  # type: ignore[index, union-attr]
                assert listed[-4:] == [
                    (None, "Carl", True), (None, "Dora", True), (None, "Emil", True),
                    (None, "Jan", True),
                ]  # fmt: skip
                assert [place for place, _, _ in listed[:-4]] == [1, 2, 3, 4, 5, 6]
                jan = next(p for p in held["players"] if p["name"] == "Jan")  # type: ignore[index, union-attr]
                assert jan["seeger_fabian"] == -112 + 186
                assert jan["series"][2] == {
                    "table": 3, "counted": False, "seeger_fabian": 0, "won": 0, "lost": 0,
                    "fee_cents": None,
                }  # fmt: skip
                assert cli("sheet", "add", sheet, *deals[-1].split()).code == 0
    # a tandem and two teams, named by the players: each ranked by its players' sums
    assert cli("tournament", "team", str(file), "Duo", "Emil", "hanna").stdout == (
        "Duo: Emil, Hanna.\n"
    )
    cli("tournament", "team", str(file), "Nord", "Anna", "Ben", "Carl")
    cli("tournament", "team", str(file), "Süd", "Dora", "Fritz")
    out = cli("tournament", "team", str(file), "Ost", "Ben", "Ida")
    assert out.code == 4
    assert (
        out.stderr
        == "error: 'Ben' is already in the team 'Nord': a player is in one team at most\n"
    )
    data = _standings(file)
    teams = [
        (t["place"], t["name"], t["seeger_fabian"], t["won"], t["lost"]) for t in data["teams"]
    ]  # type: ignore[union-attr]
    assert teams == [
        (1, "Süd", 272 + 272, 2 + 3, 0),  # Dora + Fritz
        (2, "Duo", 235 + 235, 2 + 2, 0),  # Emil + Hanna
        (3, "Nord", -12 + 127 + 64, 1 + 2 + 2, 2 + 1 + 1),  # Anna + Ben + Carl
    ]
    # the keys docs/tournament.md documents
    assert set(data) == {
        "name", "series_drawn", "series_planned", "series_counted", "series_unfinished", "final",
        "players", "teams", "not_counted", "closed", "fee", "paper", "series_listed",
        "series_later", "series_playing",
    }  # fmt: skip
    assert set(data["players"][0]) == {  # type: ignore[index]
        "place", "tied", "name", "withdrawn", "pending", "seeger_fabian", "won", "lost",
        "series", "fee_cents",
    }  # fmt: skip
    assert data["closed"] == []
    # 0.50 a lost game, no game lost twice at one table: Ida 3 × 50, Anna 2 × 50, ...
    assert data["fee"] == {
        "per_lost_cents": 50, "from_lost": None, "then_cents": None, "total_cents": 450
    }  # fmt: skip
    assert data["final"] is True
    assert data["not_counted"] == []
    got = [
        (p["place"], p["tied"], p["name"], p["seeger_fabian"], p["won"], p["lost"],
         [x["seeger_fabian"] for x in p["series"]])
        for p in data["players"]  # type: ignore[union-attr]
    ]  # fmt: skip
    assert got == EXPECTED
    fees = {p["name"]: p["fee_cents"] for p in data["players"]}  # type: ignore[union-attr]
    assert fees["Ida"] == 150 and fees["Anna"] == 100 and fees["Fritz"] == 0

    text = cli("tournament", "standings", str(file)).stdout.splitlines()
    assert text[:6] == [
        "club: final standings",
        "Place  Player  S1    S2    S3    Seeger-Fabian  Won  Lost",
        "1      Fritz   +74   +125  +73   +272           3    0",
        "2      Dora    +60   +112  +100  +272           2    0",
        "3=     Emil    +77   +128  +30   +235           2    0",
        "3=     Hanna   +132  +30   +73   +235           2    0",
    ]
    assert text[-10:] == [
        "",
        "Pairs and teams",
        "Place  Team  Players          Seeger-Fabian  Won  Lost",
        "1      Süd   Dora, Fritz      +544           5    0",
        "2      Duo   Emil, Hanna      +470           4    0",
        "3      Nord  Anna, Ben, Carl  +179           5    4",
        "",
        "Ranked by Seeger-Fabian points, then more games won, then fewer games lost.",
        "A team's points, won and lost games are its players' sums over the counted series; "
        "ranked the same way.",
        "=: tied on all three; the organiser draws lots.",
    ]
    language.use("de")
    try:
        german = cli("tournament", "standings", str(file)).stdout.splitlines()
    finally:
        language.use("en")
    assert german[:2] == [
        "club: Endstand",
        "Platz  Spieler  S1    S2    S3    Seeger-Fabian  Gew.  Verl.",
    ]
    csv = cli("tournament", "standings", str(file), "--format", "csv").stdout.splitlines()
    assert csv[:2] == [
        "place,tied,player,withdrawn,seeger_fabian,won,lost,series_1,series_2,series_3",
        "1,false,Fritz,false,272,3,0,74,125,73",
    ]
    markdown = cli("tournament", "standings", str(file), "--format", "markdown").stdout
    assert "| 3= | Hanna | +132 | +30 | +73 | +235 | 2 | 0 |" in markdown


def test_a_tournament_file_from_before_the_table_modes_draws_as_it_did(tmp_path: Path) -> None:
    # a file written before tables of four first existed has no tables line: it keeps seating
    # tables of three first, and the same seeds draw exactly the tables they drew then
    file = tmp_path / "club.toml"
    assert cli("tournament", "new", str(file), "--three", "3", "--four", "4", *PLAYERS).code == 0
    line = 'tables = "fours"  # fours: tables of four first; threes: tables of three first\n'
    text = file.read_text()
    assert line in text
    file.write_text(text.replace(line, ""))
    assert cli("tournament", "show", str(file)).stdout.splitlines()[1] == (
        "Tables of three first, one or two tables of four where the count needs them."
    )
    for s, seed in enumerate((11, 12, 13)):
        out = cli("tournament", "draw", str(file), "--seed", str(seed), "--json")
        assert out.code == 0, out
        assert [t["players"] for t in json.loads(out.stdout)["tables"]] == SEATS[s]
    assert "tables =" not in file.read_text()
    assert json.loads(cli("tournament", "show", str(file), "--json").stdout)["tables"] == "threes"


def test_a_sheet_with_a_problem_is_named_and_not_counted(tmp_path: Path) -> None:
    file = tmp_path / "cup.toml"
    cli("tournament", "new", str(file), "--three", "1", "--four", "1", "--series", "1",
        "Anna", "Ben", "Carl")  # fmt: skip
    drawn = json.loads(cli("tournament", "draw", str(file), "--seed", "1", "--json").stdout)
    sheet = Path(drawn["tables"][0]["sheet"])
    sheet.write_text(sheet.read_text() + "\n[[deal]]\ndeclarer = \n")
    data = _standings(file)
    assert [h["reason"] for h in data["not_counted"]] == ["unreadable"]  # type: ignore[index, union-attr]
    text = cli("tournament", "standings", str(file)).stdout
    assert "Not counted:\n  series 1, table 1 (cup-s1-t1.toml): " in text
    assert "not valid TOML" in text
    sheet.unlink()
    assert "cup-s1-t1.toml): no sheet yet" in cli("tournament", "standings", str(file)).stdout


def test_draw_refuses_to_replace_a_file_and_changes_nothing(tmp_path: Path) -> None:
    file = tmp_path / "cup.toml"
    cli("tournament", "new", str(file), "Anna", "Ben", "Carl", "Dora", "Emil", "Fritz")
    (tmp_path / "cup-s1-t2.toml").write_text("mine\n")
    before = file.read_text()
    out = cli("tournament", "draw", str(file), "--seed", "3")
    assert out.code == 4
    assert out.stderr.startswith("error: ") and "cup-s1-t2.toml already exists" in out.stderr
    assert file.read_text() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cup-s1-t2.toml", "cup.toml"]
    assert (tmp_path / "cup-s1-t2.toml").read_text() == "mine\n"


def test_latecomers_and_withdrawals(tmp_path: Path) -> None:
    file = tmp_path / "cup.toml"
    cli("tournament", "new", str(file), "Anna", "Ben", "Carl", "Dora", "Emil", "Fritz")
    cli("tournament", "draw", str(file), "--seed", "1")
    out = cli("tournament", "leave", str(file), "ben", "Carl")
    assert out.stdout.startswith("Ben withdraws from cup: not drawn from series 2")
    out = cli("tournament", "join", str(file), "Gina", "Hanna")
    assert out.stdout == (
        "Gina joins cup: drawn from series 2.\nHanna joins cup: drawn from series 2.\n"
    )
    drawn = json.loads(cli("tournament", "draw", str(file), "--seed", "2", "--json").stdout)
    seated = sorted(p for t in drawn["tables"] for p in t["players"])
    assert seated == ["Anna", "Dora", "Emil", "Fritz", "Gina", "Hanna"]
    data = _standings(file)
    names = {p["name"]: p for p in data["players"]}  # type: ignore[union-attr]
    assert names["Ben"]["withdrawn"] is True and names["Ben"]["series"][1] is None
    assert names["Gina"]["series"][0] is None


def test_errors_are_one_line(tmp_path: Path) -> None:
    file = tmp_path / "cup.toml"
    out = cli("tournament", "new", str(file), "Anna", "Ben", "Carl", "Dora", "Emil")
    assert out.code == 0
    out = cli("tournament", "draw", str(file))
    assert (out.code, out.stdout) == (4, "")
    assert out.stderr == (
        "error: 5 players cannot be seated at tables of three and four: add a player "
        "(6 = 3 + 3) or take one out (4)\n"
    )
    out = cli("tournament", "standings", str(tmp_path / "none.toml"))
    assert out.code == 5
    assert out.stderr.startswith("error: there is no tournament at ")
    out = cli("tournament", "standings", str(file), "--format", "html", "-o", str(file))
    assert out.code == 4
    assert out.stderr == (
        f"error: {file} is a skatcalc file (a sheet or a tournament), or looks like one (format and players keys): an export "
        "never replaces one; give another file\n"
    )
    out = cli("tournament", "new", str(tmp_path / "b.toml"), "--three", "0", "Anna")
    assert out.stderr == "error: a series at three has 1 to 1000 deals, not 0 (ISkO: 36)\n"
    out = cli("tournament", "new", str(tmp_path / "c.toml"), "Anna", "Ben")
    assert (out.code, out.stderr) == (
        4,
        "error: a tournament starts with at least 3 players, not 2: name the whole field "
        "(latecomers can join later)\n",
    )
    assert not (tmp_path / "c.toml").exists()
    out = cli("tournament", "new", str(tmp_path / "c.toml"), "--preset", "kneipe", "A", "B", "C")
    assert (out.code, out.stderr) == (
        2,
        "error: unknown preset 'kneipe': the presets are isko, pub\n",
    )
    out = cli("tournament", "new", str(tmp_path / "c.toml"), "--three", "0", "A", "B", "C")
    assert out.code == 2
    out = cli("tournament", "standings", str(file), "--fee", "abc")
    assert (out.code, out.stderr) == (
        2,
        "error: invalid fee 'abc': expected an amount per lost game in the currency, e.g. '0.50' "
        "(50 cents a lost game)\n",
    )
    out = cli("tournament", "standings", str(file), "--format", "pdf")
    assert (out.code, out.stderr) == (
        2,
        "error: unknown format 'pdf': expected text, csv, markdown or html\n",
    )
    file.write_text(file.read_text() + "planned = [\n")
    out = cli("tournament", "join", str(file), "Fritz")
    assert out.code == 5 and "not valid TOML" in out.stderr
    assert out.stderr.count("\n") == 1


def test_a_read_only_tournament_draws_nothing(tmp_path: Path) -> None:
    file = tmp_path / "cup.toml"
    cli("tournament", "new", str(file), "Anna", "Ben", "Carl")
    file.chmod(0o444)
    out = cli("tournament", "draw", str(file), "--seed", "1")
    assert out.code == 5
    assert out.stderr == f"error: {file} is read-only: it is unchanged (chmod u+w {file})\n"
    assert [p.name for p in tmp_path.iterdir()] == ["cup.toml"]


def test_printable_pages_in_german(tmp_path: Path) -> None:
    file = tmp_path / "pokal.toml"
    cli("tournament", "new", str(file), "--three", "2", "Anna", "Ben", "Carl")
    cli("tournament", "draw", str(file), "--seed", "1")
    language.use("de")
    try:
        page = cli("tournament", "standings", str(file), "--format", "html").stdout
        cards = cli("tournament", "cards", str(file)).stdout
    finally:
        language.use("en")
    assert (
        '<html lang="de">' in page
        and "<p>Stand nach 0 von 3 Serien (Serie 1 noch nicht fertig)</p>" in page
    )
    assert "<li>Serie 1, Tisch 1 (pokal-s1-t1.toml): noch keine Liste</li>" not in page
    assert "Nicht gewertet:" in page and "0 von 2 Spielen gespielt" in page
    assert "<h1>pokal: Serie 1, Tisch 1</h1>" in cards and "<th>Alleinspieler</th>" in cards
    out = cli("tournament", "cards", str(file), "--series", "2")
    assert (out.code, out.stderr) == (4, "error: there is no series 2: 1 drawn\n")


def test_a_new_series_drawn_before_the_last_is_done_says_so(tmp_path: Path) -> None:
    file = tmp_path / "club.toml"
    assert cli("tournament", "new", str(file), "A1", "B2", "C3", "D4", "E5", "F6").code == 0
    assert cli("tournament", "draw", str(file), "--seed", "1").code == 0
    out = cli("tournament", "draw", str(file), "--seed", "2")
    assert out.code == 0
    # no table of series 1 has played a deal: both are named
    assert out.stdout.endswith(
        "Note: series 1 is not finished at tables 1, 2; the standings hold them back until "
        "they are.\n"
    )
