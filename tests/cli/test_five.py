"""Five at a table (issue 22 point 10): evenings typed into the table mode, scored by the rules.

Seating order runs to the left: at Anna, Ben, Carl, Dora, Emil the deal passes Anna, Ben, ...,
and for each deal the dealer and the player third to the dealer's left sit out (the ISkO: from
the dealer's view the two players to the left and the one to the right play):

    deal  1 6 11 ...  Anna deals   Anna, Dora sit out   Ben, Carl, Emil play
    deal  2 7 12 ...  Ben deals    Ben, Emil sit out    Carl, Dora, Anna play
    deal  3 8    ...  Carl deals   Carl, Anna sit out   Dora, Emil, Ben play
    deal  4 9    ...  Dora deals   Dora, Ben sit out    Emil, Anna, Carl play
    deal  5 10   ...  Emil deals   Emil, Carl sit out   Anna, Ben, Dora play

Every expected number was worked out by hand from skat-scoring.md (the arithmetic is in the
comments), never by skatcalc's code. Seeger-Fabian by hand: score + 50 per won game - 50 per
lost game + 24 for every game another player lost (120 / 5 players), those sitting out too.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.cli.helpers import cli
from tests.terminal import environment, terminals

FIVE = ("Anna", "Ben", "Carl", "Dora", "Emil")

# Evening 1: the ISkO list (Seeger-Fabian decides, no Kontra), twelve deals.
EVENING = [
    "an kr m2 75",  # refused: Anna deals and sits out
    "dora kr m2 75",  # refused: Dora, third to Anna's left, sits out too
    "be kr m2 75",  # 1 Ben: clubs with 2, game 3 x 12 = 36, won: +36 (SF +86)
    "do gr m1 50",  # 2 Dora: grand with 1, game 2 x 24 = 48, lost: -96 (SF -146, others +24)
    "pass",  # 3 Carl deals: everybody passed
    "em he o2 h 80",  # 4 Emil: hearts without 2, game 3, hand 4 x 10 = 40, won: +40 (SF +90)
    "anna null won",  # 5 Anna: Null 23, won: +23 (SF +73)
    "em sp m1 59",  # 6, typed with the wrong declarer ...
    "undo",  # ... and taken back
    "ca sp m1 59",  # 6 Carl: spades with 1, game 2 x 11 = 22, lost: -44 (SF -94, others +24)
    "an ka m1 95",  # 7 Anna: diamonds with 1, game 2, schneider 3 x 9 = 27, won: +27 (SF +77)
    "be gr o2 31",  # 8 Ben: grand without 2, game 3 x 24 = 72, lost: -144 (SF -194, others +24)
    "em nu ov verl",  # 9 Emil: Null ouvert 46, lost: -92 (SF -142, others +24)
    "do kr m1 61",  # 10 Dora: clubs with 1, game 2 x 12 = 24, won: +24 (SF +74)
    "pass",  # 11 Anna deals: everybody passed
    "ca gr m2 h 90",  # 12 Carl: grand with 2, game 3, hand 4, schneider 5 x 24 = 120: +120
]
DEALERS = [*FIVE, *FIVE, "Anna", "Ben"]
DECLARERS = ["Ben", "Dora", None, "Emil", "Anna", "Carl", "Anna", "Ben", "Emil", "Dora", None,
             "Carl"]  # fmt: skip
SCORES = [36, -96, None, 40, 23, -44, 27, -144, -92, 24, None, 120]
# The totals by hand, deal by deal (standard list):
#   Anna  23 (5) + 27 (7) = 50, won 2
#   Ben   36 (1) - 144 (8) = -108, won 1, lost 1
#   Carl  -44 (6) + 120 (12) = 76, won 1, lost 1
#   Dora  -96 (2) + 24 (10) = -72, won 1, lost 1
#   Emil  40 (4) - 92 (9) = -52, won 1, lost 1
# Seeger-Fabian: the games lost were Dora's (2), Carl's (6), Ben's (8) and Emil's (9):
#   Anna  50 + 2 x 50 + 4 x 24 = 246
#   Ben   -108 + 50 - 50 + 3 x 24 (2, 6, 9) = -36
#   Carl  76 + 50 - 50 + 3 x 24 (2, 8, 9) = 148
#   Dora  -72 + 50 - 50 + 3 x 24 (6, 8, 9) = 0
#   Emil  -52 + 50 - 50 + 3 x 24 (2, 6, 8) = 20
TOTALS = [
    {"name": "Anna", "score": 50, "won": 2, "lost": 0, "seeger_fabian": 246},
    {"name": "Ben", "score": -108, "won": 1, "lost": 1, "seeger_fabian": -36},
    {"name": "Carl", "score": 76, "won": 1, "lost": 1, "seeger_fabian": 148},
    {"name": "Dora", "score": -72, "won": 1, "lost": 1, "seeger_fabian": 0},
    {"name": "Emil", "score": -52, "won": 1, "lost": 1, "seeger_fabian": 20},
]


def _new(tmp_path: Path, *args: str) -> Path:
    path = tmp_path / "five.toml"
    done = cli("sheet", "new", str(path), *FIVE, *args)
    assert done.code == 0, done
    return path


def _shown(path: Path) -> Any:
    done = cli("sheet", "show", str(path), "--json")
    assert done.code == 0, done
    return json.loads(done.stdout)


def test_sheet_new_says_who_sits_out(tmp_path: Path) -> None:
    path = tmp_path / "five.toml"
    done = cli("sheet", "new", str(path), *FIVE)
    assert done.code == 0 and done.stderr == ""
    lines = done.stdout.splitlines()
    assert lines[:2] == [
        f"Started {path}: Anna, Ben, Carl, Dora, Emil.",
        "Anna deals first; at 5 players each sits out when dealing and when sitting third to"
        " the dealer's left.",
    ]
    assert "+24 at five per lost game" in lines[2]


def test_a_five_player_evening_typed_into_the_table_mode(tmp_path: Path) -> None:
    path = _new(tmp_path)
    done = cli("sheet", "play", str(path), input="\n".join(EVENING) + "\n")
    # the two refused lines: the exit code of the first (a sheet error), the evening goes on
    assert done.code == 4
    others = "the declarer is one of Ben, Carl, Emil"
    assert done.stderr == (
        "error: line 1: deal 1: Anna sits out this deal (at five players the dealer Anna and Dora,"
        f" third to the dealer's left, sit out); {others}\n"
        "error: line 2: deal 1: Dora sits out this deal (at five players the dealer Anna and Dora,"
        f" third to the dealer's left, sit out); {others}\n"
    )
    said = done.stdout.splitlines()
    assert said[0] == "Deal 1, Ben: Clubs · with 2, game 3 × 12 = 36; won +36"
    # Ben 36 + 50
    assert said[1] == "Totals, Seeger-Fabian list: Anna 0, Ben +86, Carl 0, Dora 0, Emil 0"
    # Dora -96 - 50; everybody else +24, Anna and Ben (who sit out deal 2) too
    assert (
        said[3] == "Totals, Seeger-Fabian list: Anna +24, Ben +110, Carl +24, Dora -146, Emil +24"
    )
    assert said[-3:] == [
        "Deal 12, Carl: Grand · with 2, game 3, hand 4, schneider 5 × 24 = 120; won +120",
        "Totals, Seeger-Fabian list: Anna +246, Ben -36, Carl +148, Dora 0, Emil +20",
        f"{path}: 12 deals, each saved as it was entered.",
    ]

    shown = _shown(path)
    games = shown["games"]
    assert [g["dealer"] for g in games] == DEALERS
    assert [g["declarer"] for g in games] == DECLARERS
    assert [g.get("score") for g in games] == SCORES
    assert shown["series"] == {"deals": 12, "of": 60, "number": 1, "deal_in_series": 12}
    keys = ("name", "score", "won", "lost", "seeger_fabian")
    assert [{key: p[key] for key in keys} for p in shown["players"]] == TOTALS


def test_the_settlement_and_the_statistics_of_the_evening(tmp_path: Path) -> None:
    path = _new(tmp_path)
    cli("sheet", "play", str(path), input="\n".join(EVENING) + "\n")
    done = cli("sheet", "settle", str(path), "--stake", "0.01", "--json")
    assert done.code == 0, done
    settled = json.loads(done.stdout)
    # each pair settles the difference of their Seeger-Fabian points: a balance is
    # 5 x points - (246 - 36 + 148 + 0 + 20 = 378) cents
    #   Anna 1230 - 378 = 852, Ben -180 - 378 = -558, Carl 740 - 378 = 362,
    #   Dora 0 - 378 = -378, Emil 100 - 378 = -278
    balances = {p["name"]: p["balance"] for p in settled["players"]}
    assert balances == {"Anna": 852, "Ben": -558, "Carl": 362, "Dora": -378, "Emil": -278}
    done = cli("sheet", "stats", str(path), "--json")
    assert done.code == 0, done
    players = json.loads(done.stdout)["players"]
    # deals sat in, of 12: Anna sat out 1, 3, 6, 8, 11; Ben 2, 4, 7, 9, 12; Carl 3, 5, 8, 10;
    # Dora 1, 4, 6, 9, 11; Emil 2, 5, 7, 10, 12
    assert [p["deals"] for p in players] == [7, 7, 8, 7, 7]


# Evening 2: a pub table (the standard list decides; Kontra, Bock, Ramsch when all pass). A
# Bock round is one deal per player at the table: five deals.
PUB = [
    "ramsch an=62 ca=58 em=0",  # refused: Anna deals and sits out
    "ramsch be=62 ca=58 do=0",  # refused: Dora sits out too
    # 1 Ramsch: Ben loses his 62, doubled for Emil's Jungfrau: -124
    "ramsch be=62 ca=58 em=0 jf=em",
    # 2 Carl: grand hand with 1, game 2, hand 3 x 24 = 72, won +72: a won grand hand sets off a
    #   Bock round (deals 3-7 x 2)
    "ca gr m1 h 70",
    # 3 (x 2) Dora: clubs with 2, 3 x 12 = 36, lost with 60: -72 x 2 = -144; lost with 60 sets
    #   off a second round (deals 4-8): deals 4-7 lie in two rounds (x 4), deal 8 in one
    "do kr m2 60",
    "an ka m1 61",  # 4 (x 4) Anna: diamonds with 1, 2 x 9 = 18, won: +72
    "pass",  # 5 (x 4) Emil deals: everybody passed
    "em sp o1 h 80",  # 6 (x 4) Emil: spades without 1, game 2, hand 3 x 11 = 33, won: +132
    "ramsch an=40 ca=50 do=30",  # 7 (x 4) Ramsch: Carl loses 50 x 4 = -200
    # 8 (x 2) Ben: hearts with 1, 2 x 10 = 20, won, Kontra x 2, Bock x 2: +80; Kontra sets off
    #   a round (deals 9-13)
    "be he m1 k 70",
    "ca nu h gew",  # 9 (x 2) Carl: Null hand 35, won: +70
    "do gr m2 90",  # 10 (x 2) Dora: grand with 2, game 3, schneider 4 x 24 = 96, won: +192
]
# No total lands on a round hundred along the way (-124; 72; -144; 72; 132; -128; -44; -58;
# 48), so no other round starts. Totals: Anna 72; Ben -124 + 80 = -44;
# Carl 72 - 200 + 70 = -58; Dora -144 + 192 = 48; Emil 132.
# Seeger-Fabian: the one game lost is Dora's (3): Anna 72 + 50 + 24 = 146,
# Ben -44 + 50 + 24 = 30, Carl -58 + 2 x 50 + 24 = 66, Dora 48 + 50 - 50 = 48,
# Emil 132 + 50 + 24 = 206.
PUB_TOTALS = [
    {"name": "Anna", "score": 72, "won": 1, "lost": 0, "seeger_fabian": 146},
    {"name": "Ben", "score": -44, "won": 1, "lost": 0, "seeger_fabian": 30},
    {"name": "Carl", "score": -58, "won": 2, "lost": 0, "seeger_fabian": 66},
    {"name": "Dora", "score": 48, "won": 1, "lost": 1, "seeger_fabian": 48},
    {"name": "Emil", "score": 132, "won": 1, "lost": 0, "seeger_fabian": 206},
]


def test_a_pub_evening_at_five_with_bock_rounds_and_ramsch(tmp_path: Path) -> None:
    path = _new(tmp_path, "--preset", "pub")
    done = cli("sheet", "play", str(path), input="\n".join(PUB) + "\n")
    assert done.code == 4
    needs = "deal 1: a Ramsch needs the card points of Ben, Carl, Emil (the dealer sits"
    assert done.stderr.splitlines() == [
        f"error: line 1: {needs} out at four; at five the dealer and the third to the dealer's"
        " left), got Anna, Carl, Emil",
        f"error: line 2: {needs} out at four; at five the dealer and the third to the dealer's"
        " left), got"
        " Ben, Carl, Dora",
    ]
    shown = _shown(path)
    games = shown["games"]
    assert [g["bock_factor"] for g in games] == [1, 1, 2, 4, 4, 4, 4, 2, 2, 2]
    assert games[0]["scores"] == dict.fromkeys(FIVE, 0) | {"Ben": -124}
    assert games[6]["scores"] == dict.fromkeys(FIVE, 0) | {"Carl": -200}
    assert [g.get("score") for g in games] == [None, 72, -144, 72, None, 132, None, 80, 70, 192]
    keys = ("name", "score", "won", "lost", "seeger_fabian")
    assert [{key: p[key] for key in keys} for p in shown["players"]] == PUB_TOTALS
    # the round that Kontra set off at deal 8 has three deals to go (11, 12, 13)
    assert shown["bock_ahead"] == [2, 2, 2]
    assert done.stdout.splitlines()[-1] == f"{path}: 10 deals, each saved as it was entered."


def test_every_export_has_the_five_players(tmp_path: Path) -> None:
    path = _new(tmp_path)
    cli("sheet", "play", str(path), input="\n".join(EVENING) + "\n")
    for fmt in ("csv", "markdown", "html", "json"):
        done = cli("sheet", "export", str(path), "--format", fmt)
        assert done.code == 0, (fmt, done)
        assert all(name in done.stdout for name in FIVE), fmt
    html = cli("sheet", "export", str(path), "--format", "html").stdout
    # the Seeger-Fabian account: +24 for each of the four games the others lost
    assert "+24 per game lost by another player (five players)" in html
    assert "<td>+96</td><td>+72</td><td>+72</td><td>+72</td><td>+72</td>" in html
    # an export read back is the same sheet
    back = tmp_path / "back.toml"
    exported = cli("sheet", "export", str(path), "--format", "csv").stdout
    (tmp_path / "five.csv").write_text(exported, encoding="utf-8")
    done = cli("sheet", "import", str(tmp_path / "five.csv"), str(back))
    assert done.code == 0, done
    assert _shown(back)["players"] == _shown(path)["players"]


# Below about 55 columns five running totals do not fit beside a deal's columns: narrower
# layouts drop columns (issue 22 point 9; tests/cli/test_phone.py on a real terminal).
@pytest.mark.parametrize("width", [80, 60, 45, 40])
def test_the_list_at_five_fits_the_terminal(width: int, tmp_path: Path) -> None:
    path = _new(tmp_path, "--preset", "pub")
    cli("sheet", "play", str(path), input="\n".join(PUB) + "\n")
    done = cli("sheet", "show", str(path), env={"COLUMNS": str(width)})
    assert done.code == 0, done
    wide = [line for line in done.stdout.splitlines() if len(line) > width]
    assert wide == []


def test_a_tournament_table_stays_three_or_four(tmp_path: Path) -> None:
    path = tmp_path / "cup.toml"
    assert cli("tournament", "new", str(path), *FIVE, "Finn").code == 0
    text = path.read_text(encoding="utf-8")
    text += '\n[[series]]\nseed = 1\n[[series.table]]\nplayers = ["Anna", "Ben", "Carl",'
    text += ' "Dora", "Emil"]\nsheet = "t1.toml"\n'
    path.write_text(text, encoding="utf-8")
    done = cli("tournament", "show", str(path))
    assert done.code != 0
    assert "players must list three or four names in seat order" in done.stderr


# --- through a real pseudo-terminal ------------------------------------------------------------


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Any]:
    """Start ``skatcalc [ARGS] sheet play FILE`` in a pseudo-terminal 80 columns wide; killed
    at the end. The file is named from its folder, as typed at a table: the closing line, which
    names the file and is fitted to the terminal, stays one line."""
    with terminals(tmp_path, environment(tmp_path, "en", columns=80)) as start:
        yield lambda path, *args: start([*args, "sheet", "play", path.name])


def test_the_prompt_says_who_sits_out_and_completion_offers_the_players_in_the_deal(
    table: Any, tmp_path: Path
) -> None:
    path = _new(tmp_path)
    child = table(path)
    child.expect_exact("Deal 1 · Anna deals, Dora sits out too >")
    # Dora sits out: Tab offers her not; Emil plays: Tab completes him
    child.send("Do\t")
    child.expect_exact("Do")
    child.send("\x15")  # Ctrl-U: the line is wiped
    child.send("Em\t")
    child.expect_exact("Emil")
    # spades without 1, game 2 x 11 = 22, won with 70
    child.send(" sp o1 70\r")
    child.expect_exact("Deal 1, Emil: Spades · without 1, game 2 × 11 = 22; won +22")
    child.expect_exact("Totals, Seeger-Fabian list: Anna 0, Ben 0, Carl 0, Dora 0, Emil +72")
    child.expect_exact("Deal 2 · Ben deals, Emil sits out too >")
    child.send("emil gr m1 70\r")
    child.expect_exact("error: deal 2: Emil sits out this deal")
    child.expect_exact("Deal 2 · Ben deals, Emil sits out too >")
    child.send("quit\r")
    child.expect_exact("five.toml: 1 deal, saved as it was entered.")
    assert child.wait_for_end() == 0


def test_the_german_prompt_at_five(table: Any, tmp_path: Path) -> None:
    path = _new(tmp_path)
    child = table(path, "--lang", "de")
    child.expect_exact("Spiel 1 · Anna gibt, Dora setzt auch aus >")
    child.send("dora gr m1 70\r")
    child.expect_exact("Spiel 1: Dora setzt bei diesem Spiel aus")
    child.expect_exact("Spiel 1 · Anna gibt, Dora setzt auch aus >")
    # grand with 1: 2 x 24 = 48, won with 70; Seeger-Fabian 48 + 50
    child.send("ca gr m1 70\r")
    child.expect_exact("Stand, Seeger-Fabian-Liste: Anna 0, Ben 0, Carl +98, Dora 0, Emil 0")
    child.expect_exact("Spiel 2 · Ben gibt, Emil setzt auch aus >")
    child.send("ende\r")
    child.expect_exact("five.toml: 1 Spiel, beim Eintragen gespeichert.")
    child.wait_for_end()
