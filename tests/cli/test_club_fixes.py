"""Issue 31's club fixes, as a user meets them: paper lists scored with the tournament's own
house rules; prizes with a decimal comma; an unreadable sheet beside a paper list; a closed
short table in the season. Every number worked by hand."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from skatcalc.tournament.prizes import parse_prizes
from tests.cli.helpers import cli, paper_cup

# skat-scoring.md's worked table of four, scored with a club's own numbers: +60 a won game,
# -40 a lost one, +25 to each other player for a game a declarer loses. Lost 1 + 3 + 0 + 2 = 6.
#   Anna  850 + 60×5 − 40×1 + 25×(6−1) = 850 + 300 − 40 + 125 = 1235
#   Ben  −120 + 60×1 − 40×3 + 25×(6−3) = −120 + 60 − 120 + 75 = −105
#   Carl  300 + 60×2 − 0    + 25×6     = 300 + 120 + 150     = 570
#   Dora    0 + 0    − 40×2 + 25×(6−2) = −80 + 100           = 20
HOUSE = ["--won-bonus", "60", "--lost-penalty", "40", "--opponents-four", "25"]
LINES = ["Anna=850/5/1", "Ben=-120/1/3", "Carl=300/2/0", "Dora=0/0/2"]


def test_a_paper_list_scores_with_the_tournaments_house_rules(tmp_path: Path) -> None:
    file = tmp_path / "cup.toml"
    out = cli("tournament", "new", file, "--four", "16", "--series", "1", *HOUSE,
              "Anna", "Ben", "Carl", "Dora")  # fmt: skip
    assert out.code == 0, out
    assert cli("tournament", "draw", file, "--seed", "1").code == 0
    out = cli("tournament", "result", file, "--series", "1", "--table", "1", *LINES)
    # the seats of seed 1: Ben, Anna, Dora, Carl
    assert out == (0, (
        "Series 1, table 1: counted from the paper list.\n"
        "  Ben: -120 points, 1 won, 3 lost: -105 Seeger-Fabian points\n"
        "  Anna: 850 points, 5 won, 1 lost: 1235 Seeger-Fabian points\n"
        "  Dora: 0 points, 0 won, 2 lost: 20 Seeger-Fabian points\n"
        "  Carl: 300 points, 2 won, 0 lost: 570 Seeger-Fabian points\n"
    ), "")  # fmt: skip
    data = json.loads(cli("tournament", "standings", file, "--json").stdout)
    assert [(p["name"], p["seeger_fabian"]) for p in data["players"]] == [
        ("Anna", 1235), ("Carl", 570), ("Dora", 20), ("Ben", -105)
    ]  # fmt: skip
    data = json.loads(cli("season", file, "--json").stdout)
    assert [(p["name"], p["seeger_fabian"]) for p in data["players"]] == [
        ("Anna", 1235), ("Carl", 570), ("Dora", 20), ("Ben", -105)
    ]  # fmt: skip


# A decimal comma in a prize separated by commas was read as two prizes: "50,00 €" as 50 % of
# the pot and a prize of 0.00; "€ 50,50" as €50.00 and 50 %; "40,25,12,5%" as four prizes.
COMMA = {
    "50,00 €": "'50,00 €'",
    "€ 50,50": "'€ 50,50'",
    "40,25,12,5%": "'12,5%'",
}
REFUSED = {
    "en": "error: the comma in {amount} may be a decimal comma or separate two prizes: separate "
    "the prizes with semicolons where an amount has a decimal comma (50,00 €; 30,50 €; 12,5%), "
    "or put a space after each comma between prizes (40, 25, 15%)\n",
    "de": "Fehler: das Komma in {amount} kann ein Dezimalkomma sein oder zwei Preise trennen: die "
    "Preise durch Semikolons trennen, wo ein Betrag ein Dezimalkomma hat (50,00 €; 30,50 €; "
    "12,5 %), oder nach jedem Komma zwischen zwei Preisen ein Leerzeichen setzen (40, 25, 15 %)\n",
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("prizes", list(COMMA))
def test_a_prize_with_a_decimal_comma_among_commas_is_refused(
    tmp_path: Path, prizes: str, lang: str
) -> None:
    file = tmp_path / "cup.toml"
    assert cli("tournament", "new", file, "Anna", "Ben", "Carl").code == 0
    assert cli("tournament", "draw", file, "--seed", "1").code == 0
    files = {p: p.read_bytes() for p in tmp_path.iterdir()}
    out = cli("--lang", lang, "tournament", "standings", file, "--entry", "10",
              "--prizes", prizes, "-o", tmp_path / "list.txt")  # fmt: skip
    assert out == (2, "", REFUSED[lang].format(amount=COMMA[prizes]))
    assert {p: p.read_bytes() for p in tmp_path.iterdir()} == files


@pytest.mark.parametrize(("prizes", "read"), [
    ("50,00 €; 30,50 €", [(None, 5000), (None, 3050)]),
    ("€ 50,50; 50", [(None, 5050), (50, None)]),
    ("40;25;12,5%", [(40, None), (25, None), (Fraction(25, 2), None)]),
    ("40, 25, 12, 5%", [(40, None), (25, None), (12, None), (5, None)]),
    ("40,25,12.5%, €20", [(40, None), (25, None), (Fraction(25, 2), None), (None, 2000)]),
    ("€50,30%", [(None, 5000), (30, None)]),
])  # fmt: skip
def test_prizes_written_without_doubt_are_read(
    prizes: str, read: list[tuple[Fraction | None, int | None]]
) -> None:
    assert [(p.percent, p.cents) for p in parse_prizes(prizes)] == read


def test_a_paper_list_beside_a_sheet_that_cannot_be_read_is_held_back(tmp_path: Path) -> None:
    """The broken sheet may hold deals: it is named, and the paper list does not count."""
    cup = paper_cup(tmp_path, "Anna=300/2/0", "Ben=0/0/1", "Carl=0/0/0")
    (tmp_path / "cup-s1-t1.toml").write_text("garbage = [\n")
    data = json.loads(cli("tournament", "standings", cup, "--json").stdout)
    assert data["paper"] == []
    assert [(x["table"], x["reason"], x["detail"]) for x in data["not_counted"]] == [
        (1, "unreadable", f"{tmp_path / 'cup-s1-t1.toml'}: line 1: not valid TOML: Invalid "
         "value; the file is left as it is")
    ]  # fmt: skip
    assert [p["pending"] for p in data["players"]] == [True, True, True]
    data = json.loads(cli("season", cup, "--json").stdout)
    assert [(x["table"], x["reason"]) for x in data["not_counted"]] == [(1, "unreadable")]
