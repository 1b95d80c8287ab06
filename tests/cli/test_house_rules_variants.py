"""The house-rule variants of issue 13, each at its edges, with hand-worked numbers.

Every expected number is a literal worked out by hand from skat-scoring.md and the decisions
written on ``Rules`` (skatcalc/sheet/model.py) and in docs/rules.md; the arithmetic is in the
comments. Game values used:
  clubs with 1: (1 + 1) x 12 = 24          spades with 1: (1 + 1) x 11 = 22
  grand with 1: (1 + 1) x 24 = 48          grand with 2: (2 + 1) x 24 = 72
  hearts with 7 hand, 95 points: (7 + game + hand + schneider) = 10 x 10 = 100
  Null ouvert hand 59, Null ouvert 46
A lost game scores -2 x value; Kontra x2, Re x4, each Bock doubling x2.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skatcalc.words import message
from tests.cli.helpers import (
    FOUR,
    cli,
    column,
    new_sheet,
    ok,
    play,
    player,
    refused,
    show,
)


def scores(path: Path) -> list[int]:
    return [p["score"] for p in show(path)["players"]]


# --- Ramsch ties ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("ties", "entry", "expected"),
    [
        # a two-way tie with a Jungfrau: 60 x 2 = 120
        ("all-lose", "Anna=60 Ben=60 Carl=0 --jungfrau Carl", [-120, -120, 0]),
        ("split", "Anna=60 Ben=60 Carl=0 --jungfrau Carl", [-60, -60, 0]),  # 120 / 2
        ("nobody", "Anna=60 Ben=60 Carl=0 --jungfrau Carl", [0, 0, 0]),
        ("last-trick", "Anna=60 Ben=60 Carl=0 --jungfrau Carl --last-trick Ben", [0, -120, 0]),
        # a three-way tie: 40 each
        ("all-lose", "Anna=40 Ben=40 Carl=40", [-40, -40, -40]),
        ("split", "Anna=40 Ben=40 Carl=40", [-13, -13, -13]),  # 40 / 3 = 13.3, rounded: 13
        ("nobody", "Anna=40 Ben=40 Carl=40", [0, 0, 0]),
        ("last-trick", "Anna=40 Ben=40 Carl=40 --last-trick Carl", [0, 0, -40]),
        # a share of an odd loss rounds halves up: 55 / 2 = 27.5 -> 28
        ("split", "Anna=55 Ben=55 Carl=10", [-28, -28, 0]),
        # the last trick went to a player not tied: all tied lose
        ("last-trick", "Anna=50 Ben=50 Carl=20 --last-trick Carl", [-50, -50, 0]),
        # no tie: the rule does not matter
        ("split", "Anna=62 Ben=58 Carl=0", [-62, 0, 0]),
        ("last-trick", "Anna=62 Ben=58 Carl=0", [-62, 0, 0]),
    ],
)
def test_ramsch_ties(tmp_path: Path, ties: str, entry: str, expected: list[int]) -> None:
    path = new_sheet(tmp_path, f"--preset pub --ramsch-ties {ties}")
    play(path, f"ramsch {entry}")
    assert scores(path) == expected


def test_last_trick_tie_needs_the_last_trick(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub --ramsch-ties last-trick")
    result = refused(path, "sheet", "ramsch", str(path), "Anna=60", "Ben=60", "Carl=0")
    assert result.stderr == (
        "error: deal 1: Anna and Ben tie for the most card points, and by this sheet's rules "
        "the last trick decides: name who took it (--last-trick NAME)\n"
    )
    result = refused(path, "sheet", "ramsch", str(path), "Anna=60", "Ben=60", "Carl=0",
                     "--jungfrau", "Carl", "--last-trick", "Carl")  # fmt: skip
    assert "Carl cannot have taken the last trick: a Jungfrau took no trick" in result.stderr


def test_last_trick_is_stored_with_the_deal(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub --ramsch-ties last-trick")
    play(path, "ramsch Anna=60 Ben=60 Carl=0 --last-trick ben")
    assert 'last_trick = "Ben"' in path.read_text()
    assert show(path)["games"][0]["ramsch"]["last_trick"] == "Ben"
    # a tied sheet cannot switch to last-trick while a tie lacks the last trick
    (tmp_path / "other").mkdir()
    other = new_sheet(tmp_path / "other", "--preset pub")
    play(other, "ramsch Anna=60 Ben=60 Carl=0")
    result = refused(
        other, "sheet", "rules", str(other), "--ramsch-ties", "last-trick", "--from", "1"
    )
    assert "the sheet's deals do not fit these rules" in result.stderr
    # from the next deal on, the tie played before keeps its rules
    ok("sheet", "rules", str(other), "--ramsch-ties", "last-trick")
    assert show(other)["games"][0]["scores"] == {"Anna": -60, "Ben": -60, "Carl": 0}


# --- Ramsch fixed value -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "entry", "expected"),
    [
        ("0", "Anna=70 Ben=50 Carl=0 --jungfrau Carl", [-140, 0, 0]),  # 70 x 2
        ("10", "Anna=70 Ben=50 Carl=0 --jungfrau Carl", [-20, 0, 0]),  # 10 x 2
        ("15", "Anna=70 Ben=50 Carl=0", [-15, 0, 0]),
        ("20", "Anna=70 Ben=50 Carl=0 --jungfrau Carl --pushes 3", [-320, 0, 0]),  # 20 x 2 x 8
        ("20", "Anna=40 Ben=40 Carl=40", [-20, -20, -20]),  # all tied lose the fixed value
        ("20", "Anna=120 Ben=0 Carl=0 --durchmarsch Anna", [120, 0, 0]),  # Durchmarsch stays
    ],
)
def test_ramsch_value(tmp_path: Path, value: str, entry: str, expected: list[int]) -> None:
    path = new_sheet(tmp_path, f"--preset pub --schieberamsch --ramsch-value {value}")
    play(path, f"ramsch {entry}")
    assert scores(path) == expected


def test_ramsch_value_takes_10_15_20(tmp_path: Path) -> None:
    result = cli("sheet", "new", str(tmp_path / "s.toml"), "A", "B", "C", "--ramsch-value", "25")
    assert (result.code, result.stdout) == (2, "")  # a bad option value is a usage error
    assert result.stderr == (
        "error: rule ramsch_value is 25: it takes 0 (the card points), 10, 15 or 20\n"
    )
    assert not (tmp_path / "s.toml").exists()


# --- Bierlachs at four: the dealer ------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "after_game", "after_durchmarsch"),
    [
        # deal 1: Anna deals and sits out; Ben wins grand with 1, 70 points: +48
        # deal 2: Ben deals and sits out; Anna's Durchmarsch: +120
        ("--bierlachs-dealer", [-48, 0, -48, -48], [-48, -120, -168, -168]),
        ("--no-bierlachs-dealer", [0, 0, -48, -48], [0, 0, -168, -168]),
    ],
)
def test_bierlachs_dealer_at_four(
    tmp_path: Path, option: str, after_game: list[int], after_durchmarsch: list[int]
) -> None:
    path = new_sheet(tmp_path, f"--scoring bierlachs --ramsch {option}", FOUR)
    play(path, "Ben: grand --with 1 --points 70")
    assert [p["bierlachs"] for p in show(path)["players"]] == after_game
    play(path, "ramsch Anna=120 Carl=0 Dora=0 --durchmarsch Anna")
    assert [p["bierlachs"] for p in show(path)["players"]] == after_durchmarsch


def test_bierlachs_dealer_changes_nothing_at_three(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--scoring bierlachs --no-bierlachs-dealer")
    play(path, "Ben: grand --with 1 --points 70")  # Anna deals and plays at three
    assert [p["bierlachs"] for p in show(path)["players"]] == [-48, 0, -48]


# --- Bock triggers ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("trigger", "first", "fires"),
    [
        ("lost-kontra", "clubs --with 1 --points 50 --kontra", True),  # lost, -96
        ("lost-kontra", "clubs --with 1 --points 70 --kontra", False),  # won
        ("lost-kontra", "clubs --with 1 --points 50 --re", True),  # Re is a Kontra answered
        ("kontra", "clubs --with 1 --points 70 --kontra", True),  # any Kontra
        ("re", "clubs --with 1 --points 70 --re", True),
        ("re", "clubs --with 1 --points 70 --kontra", False),
        ("lost-grand", "grand --with 1 --points 50", True),
        ("lost-grand", "grand --with 1 --points 70", False),
        ("lost-grand", "clubs --with 1 --points 50", False),
        ("null-ouvert-hand", "null --ouvert --hand --tricks 0", True),
        ("null-ouvert-hand", "null --ouvert --hand --tricks 1", True),  # lost, too
        ("null-ouvert-hand", "null --ouvert --tricks 0", False),
        ("null-ouvert-hand", "null --hand --tricks 0", False),
    ],
)
def test_bock_triggers(tmp_path: Path, trigger: str, first: str, fires: bool) -> None:
    path = new_sheet(tmp_path, f"--preset pub --bock-triggers {trigger}")
    play(path, f"Anna: {first}", "Ben: clubs --with 1 --points 70")
    data = show(path)
    assert column(data, "bock_triggers") == [[trigger] if fires else [], []]
    # the next deal, Ben's clubs with 1 won: +24, x2 in a Bock round
    assert player(data, "Ben")["score"] == (48 if fires else 24)


@pytest.mark.parametrize(
    ("bock_value", "fires"),
    [
        ("72", True),  # grand with 2: 72, at the trigger value
        ("73", False),  # just above
    ],
)
def test_bock_trigger_value(tmp_path: Path, bock_value: str, fires: bool) -> None:
    path = new_sheet(tmp_path, f"--preset pub --bock-triggers value --bock-value {bock_value}")
    play(path, "Anna: grand --with 2 --points 70", "Ben: clubs --with 1 --points 70")
    assert column(show(path), "bock_factor") == [1, 2 if fires else 1]


def test_bock_trigger_value_rests_on_the_scored_value(tmp_path: Path) -> None:
    # overbid: clubs with 1 (24) bid 48: lowest covering value 48, scored -96; 48 >= 48 fires
    path = new_sheet(tmp_path, "--preset pub --bock-triggers value --bock-value 48")
    play(path, "Anna: clubs --with 1 --points 70 --bid 48", "Ben: clubs --with 1 --points 70")
    assert column(show(path), "bock_factor") == [1, 2]
    assert scores(path) == [-96, 48, 0]


def test_unknown_trigger_is_refused(tmp_path: Path) -> None:
    result = cli("sheet", "new", str(tmp_path / "s.toml"), "A", "B", "C", "--bock-triggers", "x")
    assert result.code == 2
    assert result.stderr == (
        "error: rule bock_triggers has 'x': the triggers are lost-60, grand-hand, kontra, "
        "hundred, lost-kontra, re, lost-grand, null-ouvert-hand, value\n"
    )


# --- the triggering game counts double itself --------------------------------------------------


@pytest.mark.parametrize(
    ("option", "first", "second"),
    [
        # spades with 1 lost with 60: -44; with bock_self -88; Ben's clubs with 1 then x2: +48
        ("--no-bock-self", -44, 48),
        ("--bock-self", -88, 48),
    ],
)
def test_bock_self(tmp_path: Path, option: str, first: int, second: int) -> None:
    path = new_sheet(tmp_path, f"--preset pub --bock-triggers lost-60 {option}")
    play(path, "Anna: spades --with 1 --points 60", "Ben: clubs --with 1 --points 70")
    data = show(path)
    assert column(data, "scores") == [
        {"Anna": first, "Ben": 0, "Carl": 0},
        {"Anna": 0, "Ben": second, "Carl": 0},
    ]
    assert column(data, "bock_factor") == [2 if option == "--bock-self" else 1, 2]


def test_bock_self_inside_a_round_and_a_round_hundred_never_doubles_itself(
    tmp_path: Path,
) -> None:
    path = new_sheet(tmp_path, "--preset pub --bock-triggers lost-60,hundred --bock-self")
    # 1: Anna hearts with 7 hand, 95 points: +100; her total lands on 100: hundred (no self)
    # 2: in the round (x2), Ben's spades with 1 lost with 60: -44 x 2 (round) x 2 (self) = -176
    play(path, "Anna: hearts --with 7 --hand --points 95", "Ben: spades --with 1 --points 60")
    data = show(path)
    assert column(data, "bock_triggers") == [["hundred"], ["lost-60"]]
    assert column(data, "bock_factor") == [1, 4]
    assert scores(path) == [100, -176, 0]


# --- a cap on stacked rounds ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cap", "third", "ahead"),
    [
        # 1: spades with 1 lost with 60, -44, sets off R1 (deals 2-4)
        # 2: the same, in R1 (x2): -88, sets off R2 (deals 3-5)
        # 3: clubs with 1 won in R1 and R2: 24 x 4 = 96; capped at one doubling: 48
        # ahead: deal 4 in R1 and R2 (x4, capped x2), deal 5 in R2 (x2)
        ("0", 96, [4, 2]),
        ("1", 48, [2, 2]),
        ("2", 96, [4, 2]),
    ],
)
def test_bock_max(tmp_path: Path, cap: str, third: int, ahead: list[int]) -> None:
    path = new_sheet(tmp_path, f"--preset pub --bock-triggers lost-60 --bock-max {cap}")
    play(path, "Anna: spades --with 1 --points 60", "Ben: spades --with 1 --points 60",
         "Carl: clubs --with 1 --points 70")  # fmt: skip
    data = show(path)
    assert scores(path) == [-44, -88, third]
    assert data["bock_ahead"] == ahead


def test_bock_max_caps_the_triggering_game_too(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub --bock-triggers lost-60 --bock-self --bock-max 1")
    # 1: -44 x 2 (self) = -88; 2: in R1, x2, and self: capped at x2: -88
    play(path, "Anna: spades --with 1 --points 60", "Ben: spades --with 1 --points 60")
    assert scores(path) == [-88, -88, 0]


# --- old rules on one game: value --grand-base, --lost-hand-single ----------------------------


@pytest.mark.parametrize(
    ("args", "score"),
    [
        (["grand", "--with", "1", "--points", "70"], 48),  # (1 + 1) x 24
        (["grand", "--with", "1", "--points", "70", "--grand-base", "20"], 40),  # x 20
        (["grand", "--with", "1", "--points", "50", "--grand-base", "20"], -80),
        (["clubs", "--with", "2", "--hand", "--points", "56"], -96),  # (2+1+1) x 12 = 48, x -2
        (["clubs", "--with", "2", "--hand", "--points", "56", "--lost-hand-single"], -48),
        (["clubs", "--with", "2", "--points", "56", "--lost-hand-single"], -72),  # not hand
        # bid 200 is a bid only with grand base 20 (10 x 20): grand with 4 ouvert 11 x 20 = 220
        (["grand", "--with", "4", "--ouvert", "--tricks", "10", "--bid", "200",
          "--grand-base", "20"], 220),
        # Grand ouvert on base 36 (before 1999): 36 x (tops + 6); ISkO: 24 x (tops + 7)
        (["grand", "--with", "1", "--ouvert", "--tricks", "10", "--grand-ouvert-base", "36"],
         252),  # 36 x 7
        (["grand", "--without", "1", "--ouvert", "--tricks", "10", "--grand-ouvert-base", "36"],
         252),
        (["grand", "--with", "2", "--ouvert", "--tricks", "10", "--grand-ouvert-base", "36"],
         288),  # 36 x 8
        (["grand", "--with", "3", "--ouvert", "--tricks", "10", "--grand-ouvert-base", "36"],
         324),  # 36 x 9
        (["grand", "--with", "4", "--ouvert", "--tricks", "10", "--grand-ouvert-base", "36"],
         360),  # 36 x 10
        (["grand", "--with", "1", "--ouvert", "--tricks", "10"], 192),  # 24 x 8
        (["grand", "--without", "2", "--ouvert", "--tricks", "10"], 216),  # 24 x 9
        (["grand", "--with", "3", "--ouvert", "--tricks", "10"], 240),  # 24 x 10
        (["grand", "--with", "4", "--ouvert", "--tricks", "10"], 264),  # 24 x 11
        # lost with 9 tricks: -2 x 360; single under the other old rule: -360
        (["grand", "--with", "4", "--ouvert", "--tricks", "9", "--points", "120",
          "--grand-ouvert-base", "36"], -720),
        (["grand", "--with", "4", "--ouvert", "--tricks", "9", "--points", "120",
          "--grand-ouvert-base", "36", "--lost-hand-single"], -360),
        # overbid: bid 324, with 2 is 36 x 8 = 288: the lowest multiple of 36 reaching 324 is
        # 324 (9 x 36): -2 x 324
        (["grand", "--with", "2", "--ouvert", "--tricks", "10", "--bid", "324",
          "--grand-ouvert-base", "36"], -648),
        # not a Grand ouvert: base 24 under the rule too (with 2 hand: 4 x 24 = 96)
        (["grand", "--with", "2", "--hand", "--points", "70", "--grand-ouvert-base", "36"], 96),
        # both old rules: Grand ouvert on 36, the other grands on 20
        (["grand", "--with", "1", "--ouvert", "--tricks", "10", "--grand-ouvert-base", "36",
          "--grand-base", "20"], 252),
        (["grand", "--with", "1", "--hand", "--points", "70", "--grand-ouvert-base", "36",
          "--grand-base", "20"], 60),  # 3 x 20
    ],
)  # fmt: skip
def test_value_old_rules(args: list[str], score: int) -> None:
    assert json.loads(ok("value", *args, "--json"))["score"] == score


def test_value_grand_ouvert_base_takes_24_or_36() -> None:
    result = cli("value", "grand", "--with", "1", "--ouvert", "--grand-ouvert-base", "30")
    assert (result.code, result.stdout) == (3, "")
    assert result.stderr == (
        "error: a Grand ouvert's base value is 24 (the grand's, with the ouvert level), or 36"
        " under the old rule, not 30\n"
    )


def test_value_grand_ouvert_36_in_words() -> None:
    # with 4: 36 x (4 + 6) = 360, and the bids it covers run to 360
    said = ok("value", "grand", "ouvert", "m4", "--grand-ouvert-base", "36")
    assert said == (
        "Grand ouvert, with 4\n"
        "  ouvert: played hand, with schneider and schwarz announced; on base 36 (old rule),"
        " the ouvert level not counted\n"
        "  with 4, game 5, hand 6, schneider 7, schneider announced 8, schwarz 9, schwarz"
        " announced 10 × 36 = 360\n"
        "  bid 18: covered (the value covers every bid up to 360)\n"
    )


def test_value_batch_refuses_the_old_rules() -> None:
    result = cli("value", "--batch", "--grand-ouvert-base", "36", input="")
    assert result.code == 2


def test_value_grand_base_takes_24_or_20() -> None:
    result = cli("value", "grand", "--with", "1", "--grand-base", "22")
    assert (result.code, result.stdout) == (3, "")
    assert result.stderr == "error: grand's base value is 24, or 20 under the old rule, not 22\n"


# --- editing and importing a Ramsch -----------------------------------------------------------


def test_sheet_edit_makes_a_deal_a_ramsch(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub")
    play(path, "Anna: clubs --with 1 --points 70", "Ben: clubs --with 1 --points 70")
    ok("sheet", "edit", str(path), "1", "--ramsch", "Anna=70", "--ramsch", "Ben=50",
       "--ramsch", "Carl=0", "--jungfrau", "Carl")  # fmt: skip
    # deal 1: Anna loses 70 x 2 = 140; deal 2 stays +24 for Ben
    assert scores(path) == [-140, 24, 0]
    assert "ramsch = { Anna = 70, Ben = 50, Carl = 0 }" in path.read_text()
    ok("sheet", "edit", str(path), "1", "--declarer", "Anna", "clubs", "--with", "1",
       "--points", "70")  # fmt: skip
    assert scores(path) == [24, 24, 0]


def test_sheet_edit_ramsch_options_go_together(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub")
    play(path, "Anna: clubs --with 1 --points 70")
    result = refused(path, "sheet", "edit", str(path), "1", "--jungfrau", "Carl", code=2)
    assert result.stderr == (
        "error: --jungfrau, --durchmarsch, --pushes and --last-trick go with --ramsch\n"
    )
    result = refused(path, "sheet", "edit", str(path), "1", "--ramsch", "Anna=60", "clubs",
                     code=2)  # fmt: skip
    assert result.stderr == (
        "error: --ramsch replaces the deal with a Ramsch: drop the words and --declarer\n"
    )


def test_sheet_add_batch_takes_ramsch_lines(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub --ramsch-ties last-trick")
    lines = (
        '{"ramsch": {"Anna": 60, "Ben": 60, "Carl": 0}, "jungfrau": ["Carl"], '
        '"last_trick": "Anna"}\n'
        '{"declarer": "Ben", "game": "clubs", "with": 1, "points": 70}\n'
    )
    out = cli("sheet", "add", str(path), "--batch", input=lines)
    assert out.code == 0, out
    assert out.stdout.splitlines()[0] == (
        f"Imported 2 deals into {path} (deals 1 to 2): 1 game, 0 passed, 1 Ramsch"
    )
    # Anna took the last trick: she alone loses 60 x 2 = 120; Ben +24
    assert scores(path) == [-120, 24, 0]
    bad = '{"ramsch": {"Anna": 60, "Ben": 60, "Carl": 0}, "pushes": "2"}\n'
    out = cli("sheet", "add", str(path), "--batch", input=bad)
    assert (out.code, out.stderr) == (
        3,
        "error: line 1: pushes takes a whole number; nothing was imported\n",
    )


# --- Bockramsch -------------------------------------------------------------------------------
#
# Three players, preset pub, Bock after a game lost with 60 only, rounds of 3, Bockramsch.
#   1 (Anna deals) Anna spades with 1 lost with 60: -44; sets off R1 (deals 2-4)
#   2 (Ben) Ben clubs with 1 won, x2: +48        3 (Carl) Carl the same: +48
#   4 (Anna) Anna the same: +48; R1 ends: a Ramsch round of 3 deals follows (5-7 and on)
#   5 (Ben) Ramsch Anna 60, Ben 40, Carl 20: Anna -60; 2 Ramsch deals left
#   6 (Carl) Anna declares Grand Hand instead, with 1, 75 points: (1 + 1 + 1) x 24 = +72;
#     no Ramsch deal counted off, and Carl deals again
#   7 (Carl) Ramsch Anna 20, Ben 40, Carl 60: Carl -60; 1 left
#   8 (Anna) Ramsch Anna 40, Ben 60, Carl 20: Ben -60; the round is over
#   9 (Ben) an ordinary deal again: everybody passes
BOCKRAMSCH = (
    "Anna: spades --with 1 --points 60",
    "Ben: clubs --with 1 --points 70",
    "Carl: clubs --with 1 --points 70",
    "Anna: clubs --with 1 --points 70",
    "ramsch Anna=60 Ben=40 Carl=20",
    "Anna: grand --with 1 --hand --points 75",
    "ramsch Anna=20 Ben=40 Carl=60",
    "ramsch Anna=40 Ben=60 Carl=20",
    "pass",
)


def test_bockramsch_evening(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub --bock-triggers lost-60 --bockramsch")
    play(path, *BOCKRAMSCH[:4])
    assert show(path)["bockramsch_ahead"] == 3
    play(path, *BOCKRAMSCH[4:6])
    assert show(path)["bockramsch_ahead"] == 2  # the Grand Hand counted nothing off
    play(path, *BOCKRAMSCH[6:])
    data = show(path)
    assert column(data, "dealer") == [
        "Anna", "Ben", "Carl", "Anna", "Ben", "Carl", "Carl", "Anna", "Ben",
    ]  # fmt: skip
    assert data["bockramsch_ahead"] == 0
    # Anna -44 + 48 - 60 + 72 = 16; Ben 48 - 60 = -12; Carl 48 - 60 = -12
    assert scores(path) == [16, -12, -12]


def test_bockramsch_round_takes_only_ramsch_or_grand_hand(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub --bock-triggers lost-60 --bockramsch")
    play(path, *BOCKRAMSCH[:4])
    message = (
        "error: deal 5: this deal lies in a Ramsch round after a Bock round (Bockramsch): it is "
        "a Ramsch (skatcalc sheet ramsch), or a Grand Hand a player declares instead\n"
    )
    assert refused(path, "sheet", "pass", str(path)).stderr == message
    result = refused(path, "sheet", "add", str(path), "--declarer", "Ben", "grand", "--with",
                     "1", "--points", "70")  # fmt: skip
    assert result.stderr == message


def test_bockramsch_at_four_the_dealer_who_deals_again_sits_out_again(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub --bock-triggers lost-60 --bockramsch --bock-length 1",
                     FOUR)  # fmt: skip
    # 1 (Anna deals) Ben spades with 1 lost with 60: -44, R1 is deal 2
    # 2 (Ben deals) Carl clubs with 1, x2: +48; R1 ends: a Ramsch round of 1 deal
    # 3 (Carl deals) Dora declares Grand Hand: +72; Carl deals again
    # 4 (Carl deals, sits out) Ramsch of Anna, Ben, Dora: Anna 70 loses 70
    play(path, "Ben: spades --with 1 --points 60", "Carl: clubs --with 1 --points 70",
         "Dora: grand --with 1 --hand --points 75")  # fmt: skip
    result = refused(path, "sheet", "ramsch", str(path), "Anna=70", "Ben=50", "Carl=0")
    assert "a Ramsch needs the card points of Anna, Ben, Dora" in result.stderr
    play(path, "ramsch Anna=70 Ben=50 Dora=0", "pass")
    data = show(path)
    assert column(data, "dealer") == ["Anna", "Ben", "Carl", "Carl", "Dora"]
    assert scores(path) == [-70, -44, 48, 72]


def test_editing_the_trigger_away_recomputes_the_dealers(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub --bock-triggers lost-60 --bockramsch")
    play(path, *BOCKRAMSCH)
    # deal 1 won now: no Bock round, no Ramsch round; the Ramsch deals stay (all passed and
    # Ramsch played), the Grand Hand is an ordinary game and the deal passes on as usual
    ok("sheet", "edit", str(path), "1", "--declarer", "Anna", "spades", "--with", "1",
       "--points", "70")  # fmt: skip
    data = show(path)
    assert column(data, "dealer") == [
        "Anna", "Ben", "Carl", "Anna", "Ben", "Carl", "Anna", "Ben", "Carl",
    ]  # fmt: skip
    assert column(data, "bock_factor") == [1] * 9
    # Anna 22 + 24 - 60 + 72 = 58; Ben 24 - 60 = -36; Carl 24 - 60 = -36
    assert scores(path) == [58, -36, -36]


def test_bockramsch_needs_bock_and_ramsch(tmp_path: Path) -> None:
    result = cli("sheet", "new", str(tmp_path / "s.toml"), "A", "B", "C", "--bockramsch")
    assert (result.code, result.stderr) == (
        2, "error: rule bockramsch is true: it needs bock and ramsch on too\n"
    )  # fmt: skip


def test_turning_bockramsch_on_checks_the_deals(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub --bock-triggers lost-60")
    play(path, *BOCKRAMSCH[:4], "pass")  # deal 5 passed: no Ramsch round without the rule
    result = refused(path, "sheet", "rules", str(path), "--bockramsch", "--from", "1")
    assert "the sheet's deals do not fit these rules, so they stay as they were: deal 5:" in (
        result.stderr
    )


def test_a_hand_edited_bockramsch_sheet_names_each_bad_deal() -> None:
    from skatcalc.store.sheet import check

    deals = [
        '[[deal]]\ndeclarer = "Anna"\ngame = "spades"\nwith = 1\npoints = 60\n',  # R1: 2-4
        '[[deal]]\ndeclarer = "Ben"\ngame = "clubs"\nwith = 1\npoints = 70\n',
        '[[deal]]\ndeclarer = "Carl"\ngame = "clubs"\nwith = 1\npoints = 70\n',
        '[[deal]]\ndeclarer = "Anna"\ngame = "clubs"\nwith = 1\npoints = 70\n',  # R1 ends
        "[[deal]]\npassed = true\n",  # 5: in the Ramsch round: refused
        "[[deal]]\nramsch = { Anna = 60, Ben = 40, Carl = 20 }\n",  # 6: fine
        '[[deal]]\ndeclarer = "Ben"\ngame = "null"\ntricks = 0\n',  # 7: still in it: refused
    ]
    text = (
        'format = 1\nplayers = ["Anna", "Ben", "Carl"]\n\n[rules]\nscoring = "standard"\n'
        'bock = true\nbock_triggers = ["lost-60"]\nramsch = true\nbockramsch = true\n\n'
        + "\n".join(deals)
    )
    problems = check(text)
    assert [message(p.error).split(":")[0] for p in problems] == ["deal 5", "deal 7"]
