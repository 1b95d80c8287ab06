"""A sheet knows how long its series is and how many it holds (rules ``series_length`` and
``series_count``): a tournament table's sheet ends with its series, wherever a deal is added;
the tournament's standings say how many series are counted; a table with no deals is not
closed. Found by a new-user trial of the tournament (issue 24's area).

The counts here are worked by hand: a tournament of 12 players with ``--four 16`` seats three
tables of four (fours first), each playing 16 deals, so a table's sheet holds deals 1 to 16.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

from skatcalc.errors import SheetError
from skatcalc.sheet.model import Deal, Rules, Sheet
from skatcalc.store.state import ENV
from skatcalc.tournament.model import Tournament
from skatcalc.tournament.standings import standings
from tests.cli.helpers import cli, ok, refused

FIELD = [f"P{n}" for n in range(1, 13)]
FULL_16 = (
    "error: the sheet's 1 series of 16 deals is complete: deal 17 has no place on it"
    " (a tournament table: the next series has its own sheet)\n"
)


def _club(tmp_path: Path) -> tuple[Path, Path, list[str]]:
    """The trial's tournament, series 1 drawn; table 1's sheet and its players."""
    club = tmp_path / "club.toml"
    ok("tournament", "new", str(club), "--three", "12", "--four", "16", *FIELD)
    ok("tournament", "draw", str(club), "--seed", "1")
    table = tmp_path / "club-s1-t1.toml"
    players = tomllib.loads(table.read_text())["players"]
    return club, table, players


def _rules_of(path: Path) -> dict[str, object]:
    rules: dict[str, object] = tomllib.loads(path.read_text())["rules"]
    return rules


def test_the_draw_gives_each_table_its_series_length_and_one_series(tmp_path: Path) -> None:
    club, table, players = _club(tmp_path)
    assert len(players) == 4
    rules = _rules_of(table)
    assert (rules["series_length"], rules["series_count"]) == (16, 1)
    # the tournament itself keeps no length of a sheet: its --three and --four are the lengths
    assert "series_length" not in _rules_of(club) and "series_count" not in _rules_of(club)


@pytest.mark.parametrize("cache", ["state", "full"])
def test_a_table_sheet_takes_16_deals_and_refuses_the_17th(
    tmp_path: Path, cache: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if cache == "full":  # no kept state: every add reads the whole sheet
        monkeypatch.setenv(ENV, "")
    club, table, players = _club(tmp_path)
    for _ in range(15):
        ok("sheet", "pass", str(table))
    last = cli("sheet", "pass", str(table))
    # deal 16: dealt by the fourth player (16 = 4 × 4), the last of the list
    assert last == (
        0,
        f"Deal 16, dealer {players[3]}: everybody passed\n"
        f"Totals, Seeger-Fabian list: {', '.join(f'{p} 0' for p in players)}\n"
        "That was deal 16 of series 1: the series is complete.\n"
        "The sheet is complete (1 series of 16 deals): it takes no further deal.\n",
        "",
    )
    shown = cli("sheet", "show", str(table))
    assert shown.code == 0
    assert shown.stdout.splitlines()[-2] == (
        "Series 1 is complete (16 deals); so is the sheet: it takes no further deal."
    )
    data = json.loads(ok("sheet", "show", str(table), "--json"))
    assert data["series"] == {"deals": 16, "of": 16, "number": 1, "deal_in_series": 16}
    game = ["grand", "--with", "1", "--points", "70", "--declarer", players[1]]
    for args in (["sheet", "add", str(table), *game], ["sheet", "pass", str(table)]):
        out = refused(table, *args)
        assert (out.stdout, out.stderr) == ("", FULL_16)
    out = cli("sheet", "add", str(table), "--batch", input='{"pass": true}\n')
    assert out == (
        4, "", "error: line 1: " + FULL_16.removeprefix("error: ")[:-1] + "; nothing was imported\n"
    )  # fmt: skip
    assert len(tomllib.loads(table.read_text())["deal"]) == 16
    # the standings count the table: 16 deals, its series complete
    result = json.loads(ok("tournament", "standings", str(club), "--json"))
    assert [(h["series"], h["table"]) for h in result["not_counted"]] == [(1, 2), (1, 3)]


def test_the_table_mode_and_an_import_refuse_a_deal_past_the_series(tmp_path: Path) -> None:
    path = tmp_path / "short.toml"
    ok("sheet", "new", str(path), "Anna", "Ben", "Carl", "--series-length", "1",
       "--series-count", "2")  # fmt: skip
    out = cli("sheet", "play", str(path), input="pass\npass\npass\nquit\n")
    said = out.stdout.splitlines()
    assert "Deal 1, dealer Anna: everybody passed" in said
    assert "Deal 2, dealer Ben: everybody passed" in said
    assert "Deal 3, dealer Carl: everybody passed" not in said
    assert (
        "error: line 3: the sheet's 2 series of 1 deal are complete: deal 3 has no place on it"
        " (the next series goes on a new sheet)\n"
    ) in out.stderr
    assert len(tomllib.loads(path.read_text())["deal"]) == 2
    # an export of three deals whose rules end the sheet after two: nothing is written
    export = tmp_path / "three.json"
    plain = tmp_path / "plain.toml"
    ok("sheet", "new", str(plain), "Anna", "Ben", "Carl")
    for _ in range(3):
        ok("sheet", "pass", str(plain))
    ok("sheet", "export", str(plain), "--format", "json", "-o", str(export))
    data = json.loads(export.read_text())
    data["rules"]["series_length"], data["rules"]["series_count"] = 1, 2
    export.write_text(json.dumps(data))
    target = tmp_path / "target.toml"
    imported = cli("sheet", "import", str(export), str(target))
    assert imported.code != 0 and not target.exists()
    assert "deal 3 has no place on it" in imported.stderr


def test_a_ramsch_past_the_series_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "ramsch.toml"
    ok("sheet", "new", str(path), "Anna", "Ben", "Carl", "--ramsch", "--series-length", "1",
       "--series-count", "1")  # fmt: skip
    ok("sheet", "ramsch", str(path), "Anna=62", "Ben=58", "Carl=0")
    out = refused(path, "sheet", "ramsch", str(path), "Anna=62", "Ben=58", "Carl=0")
    assert out.stderr == (
        "error: the sheet's 1 series of 1 deal is complete: deal 2 has no place on it"
        " (a tournament table: the next series has its own sheet)\n"
    )


def test_a_sheet_edited_by_hand_past_its_series_is_read_and_checked(tmp_path: Path) -> None:
    path = tmp_path / "over.toml"
    ok("sheet", "new", str(path), "Anna", "Ben", "Carl", "--series-length", "2",
       "--series-count", "1")  # fmt: skip
    ok("sheet", "pass", str(path))
    ok("sheet", "pass", str(path))
    text = path.read_text() + "\n[[deal]]\npassed = true\n"
    path.write_text(text)
    third = len(text.splitlines()) - 1  # the line of the third deal's header
    shown = cli("sheet", "show", str(path))
    assert shown.code == 0
    assert " ".join(shown.stdout.split()).endswith(
        "The sheet holds 3 deals, more than the 2 of its series; the first one too many is named"
        " by skatcalc sheet check Rules: Seeger-Fabian, no Kontra."
    )
    checked = cli("sheet", "check", str(path))
    assert checked == (
        5,
        "",
        f"{path}:{third}: the sheet's 1 series of 2 deals is complete: deal 3 has no place on"
        " it (a tournament table: the next series has its own sheet)\n"
        f"error: {path} has 1 problem\n",
    )
    # its deals can still be corrected and taken back
    assert cli("sheet", "undo", str(path)).code == 0
    assert cli("sheet", "check", str(path)).code == 0


def test_the_rules_refuse_a_series_length_the_deals_exceed(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    ok("sheet", "new", str(path), "Anna", "Ben", "Carl", "--series-count", "1")
    for _ in range(5):
        ok("sheet", "pass", str(path))
    out = refused(path, "sheet", "rules", str(path), "--series-length", "4")
    assert out.stderr == (
        "error: the sheet's deals do not fit these rules, so they stay as they were: the"
        " sheet's 1 series of 4 deals is complete: deal 5 has no place on it (a tournament"
        " table: the next series has its own sheet)\n"
    )
    assert cli("sheet", "rules", str(path), "--series-length", "5").code == 0
    assert _rules_of(path)["series_length"] == 5
    assert cli("sheet", "rules", str(path), "--series-count", "0").code == 0
    ok("sheet", "pass", str(path))  # no end again: deal 6 is series 2's first
    assert json.loads(ok("sheet", "show", str(path), "--json"))["series"] == {
        "deals": 6, "of": 5, "number": 2, "deal_in_series": 1,
    }  # fmt: skip


def test_the_series_rules_take_0_to_1000(tmp_path: Path) -> None:
    out = cli("sheet", "new", str(tmp_path / "x.toml"), "A", "B", "C", "--series-length", "1001")
    assert out == (2, "", "error: rule series_length is 1001: it takes 0 to 1000\n")
    with pytest.raises(SheetError) as raised:
        Rules(series_count=-1)
    assert raised.value.code == "err.rule.range"


def test_tournament_new_takes_no_series_rule(tmp_path: Path) -> None:
    helped = ok("tournament", "new", "--help")
    assert "--series-length" not in helped and "--series-count" not in helped
    assert "--series-length" in ok("sheet", "new", "--help")
    assert "--series-count" in ok("sheet", "rules", "--help")
    out = cli("tournament", "new", str(tmp_path / "t.toml"), "A", "B", "C", "--series-length", "9")
    assert out.code == 2 and "--series-length" in out.stderr
    assert not (tmp_path / "t.toml").exists()


def test_a_table_sheet_with_the_tables_length_or_none_counts(tmp_path: Path) -> None:
    t = Tournament.new("x", ["A", "B", "C"], length_three=2).draw_next(1)
    seats = t.table(1, 1).players
    for rules in (t.table_rules(3), t.rules):  # as drawn now, and as drawn before
        sheet = Sheet.new(seats, rules).add(Deal.passed()).add(Deal.passed())
        assert not standings(t, {(1, 1): sheet}).held
    other = Sheet.new(seats, Rules(kontra=False, series_length=3, series_count=1))
    other = other.add(Deal.passed()).add(Deal.passed())
    assert [h.reason for h in standings(t, {(1, 1): other}).held] == ["rules"]


# --- the standings header, and closing an empty table -------------------------------------------


def _three_series(tmp_path: Path) -> Path:
    """Three of us, series of 2 deals: series 1 complete, series 2 at 1 deal, series 3 drawn."""
    cup = tmp_path / "cup.toml"
    ok("tournament", "new", str(cup), "--three", "2", "Anna", "Ben", "Carl")
    ok("tournament", "draw", str(cup), "--seed", "1")
    ok("sheet", "pass", str(tmp_path / "cup-s1-t1.toml"))
    ok("sheet", "pass", str(tmp_path / "cup-s1-t1.toml"))
    ok("tournament", "draw", str(cup), "--seed", "2")
    ok("sheet", "pass", str(tmp_path / "cup-s2-t1.toml"))
    ok("tournament", "draw", str(cup), "--seed", "3")
    return cup


def test_the_standings_count_the_series_counted_not_those_drawn(tmp_path: Path) -> None:
    cup = _three_series(tmp_path)
    first = ok("tournament", "standings", str(cup)).splitlines()[0]
    # while series 2 and 3 are played: the standings after series 1, the two marked
    assert (
        first == "cup: standings after 1 of 3 series (series 2 and 3 being played, not counted yet)"
    )
    german = cli("--lang", "de", "tournament", "standings", str(cup)).stdout.splitlines()[0]
    assert german == "cup: Stand nach 1 von 3 Serien (Serien 2 und 3 laufen noch, nicht gezählt)"
    data = json.loads(ok("tournament", "standings", str(cup), "--json"))
    assert (data["series_drawn"], data["series_planned"], data["final"]) == (3, 3, False)
    assert (data["series_counted"], data["series_unfinished"]) == (1, [2, 3])
    assert (data["series_listed"], data["series_playing"]) == (1, [2, 3])
    ok("sheet", "pass", str(tmp_path / "cup-s2-t1.toml"))
    first = ok("tournament", "standings", str(cup)).splitlines()[0]
    assert first == "cup: standings after 2 of 3 series (series 3 being played, not counted yet)"
    first = ok("tournament", "standings", str(cup), "--after", "3").splitlines()[0]
    assert first == "cup: standings after 2 of 3 series (series 3 not yet complete)"


def test_closing_a_table_with_no_deals_is_refused(tmp_path: Path) -> None:
    cup = _three_series(tmp_path)
    out = refused(cup, "tournament", "close", str(cup), "--series", "3", "--table", "1")
    assert out.stderr == (
        "error: series 3, table 1 has no deals entered: closing counts the deals entered, and"
        " there are none (is it the table you meant?)\n"
    )
    german = cli("--lang", "de", "tournament", "close", str(cup), "--series", "3", "--table", "1")
    assert german.stderr == (
        "Fehler: Serie 3, Tisch 1 hat keine eingetragenen Spiele: Abschließen wertet die"
        " eingetragenen Spiele, und es gibt keine (ist es der gemeinte Tisch?)\n"
    )
    # a table with a deal closes; the series then counts, and --reopen undoes it
    closed = cli("tournament", "close", str(cup), "--series", "2", "--table", "1")
    assert closed == (
        0, "Series 2, table 1 closed: it counts with the 1 deal entered (a series has 2).\n", ""
    )  # fmt: skip
    first = ok("tournament", "standings", str(cup)).splitlines()[0]
    assert first == "cup: standings after 2 of 3 series (series 3 being played, not counted yet)"
    assert (
        cli("tournament", "close", str(cup), "--series", "2", "--table", "1", "--reopen").code == 0
    )
