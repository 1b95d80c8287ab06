"""`sheet ramsch` reads names as the notation does: a beginning of a name is enough, and jf=,
dm=, lt= may stand among the points, so `sheet ramsch` and `sheet add FILE ramsch …` agree."""

from __future__ import annotations

from pathlib import Path

from tests.cli.helpers import cli, new_sheet, ok, refused


def test_short_names_score_as_whole_ones(tmp_path: Path) -> None:
    (tmp_path / "s").mkdir()
    (tmp_path / "w").mkdir()
    short = new_sheet(tmp_path / "s", "--preset pub")
    whole = new_sheet(tmp_path / "w", "--preset pub")
    out = ok("sheet", "ramsch", str(short), "an=100", "be=20", "ca=0", "jf=ca")
    # Anna took the most card points, 100; Carl took no trick (Jungfrau): 100 doubled
    assert "Anna loses 200 (Jungfrau: Carl)" in out
    ok("sheet", "ramsch", str(whole), "Anna=100", "Ben=20", "Carl=0", "--jungfrau", "Carl")
    assert short.read_bytes() == whole.read_bytes()
    edited = ok(
        "sheet", "edit", str(whole), "1",
        "--ramsch", "an=120", "--ramsch", "be=0", "--ramsch", "ca=0", "--durchmarsch", "an",
    )  # fmt: skip
    assert "Durchmarsch by Anna, +120" in edited


def test_a_name_of_nobody_at_the_table_is_named(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub")
    result = refused(path, "sheet", "ramsch", str(path), "x=100", "be=20", "ca=0")
    assert (
        result.stderr
        == "error: 'x=100' names nobody at the table: the players are Anna, Ben, Carl\n"
    )
    added = cli("sheet", "add", str(path), "ramsch", "x=100", "be=20", "ca=0")
    assert (added.code, added.stderr) == (3, result.stderr)


def test_a_pass_on_a_ramsch_sheet_says_how_to_enter_the_ramsch(tmp_path: Path) -> None:
    pub = new_sheet(tmp_path, "--preset pub")
    note = (
        "note: this sheet plays a Ramsch when everybody passes; if this deal was one, undo it "
        "and enter the Ramsch with each player's card points, e.g. 'ramsch an=62 be=58 ca=0'\n"
    )
    for args in (["pass", str(pub)], ["add", str(pub), "pass"]):
        result = cli("sheet", *args)
        assert (result.code, result.stderr) == (0, note)
        assert "everybody passed" in result.stdout  # the pass stays, as it was entered
    (tmp_path / "isko").mkdir()
    isko = new_sheet(tmp_path / "isko")
    assert cli("sheet", "pass", str(isko)).stderr == ""
