"""House rules played through ``skatcalc sheet``: Kontra and Re, Bock rounds, Ramsch, Bierlachs,
and the old rules (lost hand games single, grand base 20).

Every expected number was worked out by hand from skat-scoring.md ("House rules") and the
decisions documented on ``Rules`` in skatcalc/sheet/model.py, never by skatcalc's code or a formula
in this file: each is a literal with its arithmetic in a comment. The only sum done in code adds up
the pub evening's hand-kept per-deal scores, to check them against its hand-kept totals.

Game values used below (skat-scoring.md: base value x (tops + game + levels)):
  clubs with 1: game 2 x 12 = 24          clubs with 2: game 3 x 12 = 36
  clubs with 2 hand: game 3, hand 4 x 12 = 48
  spades with 1: game 2 x 11 = 22         spades with 3: game 4 x 11 = 44
  hearts with 2: game 3 x 10 = 30         diamonds with 1: game 2 x 9 = 18
  grand with 1: game 2 x 24 = 48          grand hand with 1: game 2, hand 3 x 24 = 72
  hearts with 7 hand, schneider: game 8, hand 9, schneider 10 x 10 = 100
  spades with 6 hand, schneider: game 7, hand 8, schneider 9 x 11 = 99
A lost game scores -2 x value; Kontra x2, Re x4, each Bock round the deal lies in x2 (the game
score only: Seeger-Fabian's +50/-50 and the others' +40 at three, +30 at four never multiply).
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from tests.cli.helpers import (
    FOUR,
    THREE,
    cli,
    column,
    entry_args,
    new_sheet,
    ok,
    play,
    player,
    refused,
    show,
)

# --- 1. a pub evening ------------------------------------------------------------------------
#
# Three players, preset pub: Kontra and Re, Bock after lost-60, grand-hand, kontra and hundred,
# a round is 3 deals (one per player), overlapping rounds double (two rounds: x4), Ramsch with
# Jungfrau doubling, the standard list. Anna deals first; at three players the dealer plays.
#
# Deal 1 is first entered as Anna's clubs with 1 (+24). That puts Anna on 24 + 176 = 200 after
# deal 5: a "hundred" trigger. At the end deal 1 is corrected with `sheet edit` to clubs with 2
# (+36): Anna is on 212 after deal 5 (no trigger), and the trigger moves to deal 8 (Anna on 300),
# so the Bock factors of deals 6 to 11 change and every total after deal 1 is recomputed.


class Row(NamedTuple):
    factor: int  # bock_factor
    triggers: list[str]  # bock_triggers
    scores: tuple[int, int, int]  # Anna, Ben, Carl: each player's score from this deal
    totals: tuple[int, int, int]  # the running standard totals after it


EVENING = [
    "Anna: clubs --with 1 --points 70",  # 1 (edited at the end to clubs --with 2)
    "Ben: spades --with 1 --points 60",  # 2 lost with exactly 60
    "Carl: hearts --with 2 --points 75 --kontra",  # 3
    "pass",  # 4 everybody passed (no Ramsch played), inside two Bock rounds
    "Anna: spades --with 3 --points 70",  # 5
    "ramsch Anna=0 Ben=70 Carl=50 --jungfrau Anna",  # 6 Ramsch, Anna took no trick
    "Ben: diamonds --with 1 --points 65 --re",  # 7
    "Anna: spades --with 3 --points 70",  # 8
    "Carl: grand --with 1 --points 50",  # 9 lost
    "Ben: clubs --with 1 --points 80",  # 10
    "Carl: grand --with 1 --hand --points 75",  # 11 won grand hand
]
EDIT_1 = ["--declarer", "Anna", "clubs", "--with", "2", "--points", "70"]

# As first entered. Rounds: R1 after deal 2 (lost-60): deals 3-5; R2 after deal 3 (kontra):
# deals 4-6; R3 after deal 5 (hundred): deals 6-8; R4 after deal 7 (kontra, Re): deals 8-10;
# R5 after deal 11 (grand-hand): deals 12-14, still ahead.
BEFORE = [
    Row(1, [], (24, 0, 0), (24, 0, 0)),  # 1: won 24
    Row(1, ["lost-60"], (0, -44, 0), (24, -44, 0)),  # 2: -2 x 22 = -44, 60 points
    Row(2, ["kontra"], (0, 0, 120), (24, -44, 120)),  # 3: R1: 30 x 2 Kontra x 2 Bock = 120
    Row(4, [], (0, 0, 0), (24, -44, 120)),  # 4: R1 + R2 = x4, passed: no score
    Row(4, ["hundred"], (176, 0, 0), (200, -44, 120)),  # 5: R1 + R2: 44 x 4 = 176; Anna 200
    # 6: R2 + R3 = x4; Ben has most (70): -70 x 2 Jungfrau x 4 Bock = -560; -44 - 560 = -604
    Row(4, [], (0, -560, 0), (200, -604, 120)),
    Row(2, ["kontra"], (0, 144, 0), (200, -460, 120)),  # 7: R3: 18 x 4 Re x 2 = 144
    Row(4, [], (176, 0, 0), (376, -460, 120)),  # 8: R3 + R4: 44 x 4 = 176; Anna 376
    Row(2, [], (0, 0, -192), (376, -460, -72)),  # 9: R4: -2 x 48 x 2 = -192; 120 - 192 = -72
    Row(2, [], (0, 48, 0), (376, -412, -72)),  # 10: R4: 24 x 2 = 48
    # 11: no Bock: 72; Carl -72 + 72 = 0: a total of 0 is no "hundred"
    Row(1, ["grand-hand"], (0, 0, 72), (376, -412, 0)),
]
# Anna won 1, 5, 8: 376 + 3 x 50 + 40 (Ben lost 2) + 40 (Carl lost 9) = 606
# Ben won 7, 10, lost 2: -412 + 2 x 50 - 50 + 40 (Carl lost 9) = -322
# Carl won 3, 11, lost 9: 0 + 2 x 50 - 50 + 40 (Ben lost 2) = 90
# (The Ramsch counts in the score and so in Seeger-Fabian, but in no games won or lost.)
BEFORE_PLAYERS = {"Anna": (376, 3, 0, 606), "Ben": (-412, 2, 1, -322), "Carl": (0, 2, 1, 90)}

# After deal 1 is corrected to clubs with 2 (+36). Rounds: R1 deals 3-5, R2 deals 4-6 as before;
# no trigger at 5 (Anna 212); R3' after deal 7 (Re): deals 8-10; R4' after deal 8 (hundred, Anna
# on 300): deals 9-11; R5' after deal 11 (grand-hand): deals 12-14.
AFTER = [
    Row(1, [], (36, 0, 0), (36, 0, 0)),  # 1: won 36
    Row(1, ["lost-60"], (0, -44, 0), (36, -44, 0)),  # 2: unchanged
    Row(2, ["kontra"], (0, 0, 120), (36, -44, 120)),  # 3: unchanged, 120
    Row(4, [], (0, 0, 0), (36, -44, 120)),  # 4: R1 + R2, passed
    Row(4, [], (176, 0, 0), (212, -44, 120)),  # 5: 176; Anna 36 + 176 = 212: no trigger now
    Row(2, [], (0, -280, 0), (212, -324, 120)),  # 6: R2 only: -70 x 2 x 2 = -280; -44 - 280
    Row(1, ["kontra"], (0, 72, 0), (212, -252, 120)),  # 7: no Bock: 18 x 4 Re = 72
    Row(2, ["hundred"], (88, 0, 0), (300, -252, 120)),  # 8: R3': 44 x 2 = 88; Anna 212 + 88
    Row(4, [], (0, 0, -384), (300, -252, -264)),  # 9: R3' + R4': -2 x 48 x 4 = -384
    Row(4, [], (0, 96, 0), (300, -156, -264)),  # 10: R3' + R4': 24 x 4 = 96
    Row(2, ["grand-hand"], (0, 0, 144), (300, -156, -120)),  # 11: R4': 72 x 2 = 144
]
# Anna: 300 + 3 x 50 + 40 + 40 = 530; Ben: -156 + 100 - 50 + 40 = -66;
# Carl: -120 + 100 - 50 + 40 = -30
AFTER_PLAYERS = {"Anna": (300, 3, 0, 530), "Ben": (-156, 2, 1, -66), "Carl": (-120, 2, 1, -30)}


def check_evening(data: dict[str, Any], rows: list[Row], players: dict[str, Any]) -> None:
    assert len(data["games"]) == len(rows)
    for game, row in zip(data["games"], rows, strict=True):
        n = game["n"]
        assert game["bock_factor"] == row.factor, n
        assert sorted(game["bock_triggers"]) == sorted(row.triggers), n
        assert game["scores"] == dict(zip(THREE, row.scores, strict=True)), n
        assert game["totals"] == dict(zip(THREE, row.totals, strict=True)), n
        if game["declarer"] is not None:  # the game's own score is the declarer's
            assert game["score"] == row.scores[THREE.index(game["declarer"])], n
    for name, (score, won, lost, seeger) in players.items():
        p = player(data, name)
        assert (p["score"], p["won"], p["lost"], p["seeger_fabian"]) == (score, won, lost, seeger)
    # the hand-kept rows add up: the scores of each column sum to the final total
    for i, name in enumerate(THREE):
        assert sum(row.scores[i] for row in rows) == players[name][0]


def test_pub_evening_with_overlapping_bock_rounds_ramsch_and_an_edit(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub")
    play(path, *EVENING[:5])
    # after deal 5: R2 has deal 6 left, R3 deals 6-8: deal 6 x4, deals 7 and 8 x2
    assert show(path)["bock_ahead"] == [4, 2, 2]
    play(path, *EVENING[5:])
    data = show(path)
    check_evening(data, BEFORE, BEFORE_PLAYERS)
    assert data["bock_ahead"] == [2, 2, 2]  # R5: deals 12-14
    assert data["games"][5]["ramsch"] == {
        "points": {"Anna": 0, "Ben": 70, "Carl": 50},
        "jungfrau": ["Anna"],
        "durchmarsch": None,
        "pushes": 0,
        "last_trick": None,
    }
    assert data["games"][3]["passed"] is True

    ok("sheet", "edit", str(path), "1", *EDIT_1)
    data = show(path)
    check_evening(data, AFTER, AFTER_PLAYERS)
    assert data["bock_ahead"] == [2, 2, 2]  # R5': deals 12-14


# --- 2. Bock triggers ------------------------------------------------------------------------
#
# Each row is deal 1 of a fresh pub sheet (three players: a round is the next 3 deals), played by
# Anna: its score, the triggers it sets off, and the Bock factors ahead.


class Trigger(NamedTuple):
    game: str
    score: int
    triggers: list[str]
    ahead: list[int]


TRIGGERS = {
    "lost with exactly 60": Trigger("spades --with 1 --points 60", -44, ["lost-60"], [2, 2, 2]),
    "lost with 59": Trigger("spades --with 1 --points 59", -44, [], []),  # -2 x 22
    "won with 61": Trigger("spades --with 1 --points 61", 22, [], []),
    # value 24 < bid 30: lowest multiple of 12 reaching 30 is 36, -2 x 36 = -72
    "overbid with 60": Trigger("clubs --with 1 --bid 30 --points 60", -72, ["lost-60"], [2, 2, 2]),
    "overbid with 61": Trigger("clubs --with 1 --bid 30 --points 61", -72, [], []),
    "grand hand won": Trigger("grand --with 1 --hand --points 61", 72, ["grand-hand"], [2, 2, 2]),
    "grand hand lost": Trigger("grand --with 1 --hand --points 59", -144, [], []),  # -2 x 72
    "grand not hand won": Trigger("grand --with 1 --points 61", 48, [], []),
    "no Kontra": Trigger("clubs --with 1 --points 70", 24, [], []),
    "Kontra won": Trigger("clubs --with 1 --points 70 --kontra", 48, ["kontra"], [2, 2, 2]),
    "Re won": Trigger("clubs --with 1 --points 70 --re", 96, ["kontra"], [2, 2, 2]),  # 24 x 4
    # -2 x 24 x 2 = -96
    "Kontra lost": Trigger("clubs --with 1 --points 50 --kontra", -96, ["kontra"], [2, 2, 2]),
    "total lands on 100": Trigger(
        "hearts --with 7 --hand --points 95", 100, ["hundred"], [2, 2, 2]
    ),
    # declarer 30: schneider against him, value 100, -2 x 100 = -200
    "total lands on -200": Trigger(
        "hearts --with 7 --hand --points 30", -200, ["hundred"], [2, 2, 2]
    ),
    "total lands on 99": Trigger("spades --with 6 --hand --points 95", 99, [], []),
    # two triggers, two rounds over the same 3 deals: x4 each; -2 x 22 x 2 Kontra = -88
    "lost with 60 and Kontra": Trigger(
        "spades --with 1 --points 60 --kontra", -88, ["lost-60", "kontra"], [4, 4, 4]
    ),
}


@pytest.mark.parametrize("case", TRIGGERS.values(), ids=TRIGGERS.keys())
def test_bock_trigger_fires_or_not(tmp_path: Path, case: Trigger) -> None:
    path = new_sheet(tmp_path, "--preset pub")
    play(path, f"Anna: {case.game}")
    data = show(path)
    assert column(data, "score") == [case.score]
    assert column(data, "bock_factor") == [1]
    assert sorted(data["games"][0]["bock_triggers"]) == sorted(case.triggers)
    assert data["bock_ahead"] == case.ahead


OFF = {
    "lost-60": "spades --with 1 --points 60",
    "grand-hand": "grand --with 1 --hand --points 61",
    "kontra": "clubs --with 1 --points 70 --kontra",
    "hundred": "hearts --with 7 --hand --points 95",
}


@pytest.mark.parametrize(("trigger", "game"), OFF.items(), ids=OFF.keys())
def test_bock_trigger_left_out_of_the_rules_does_not_fire(
    tmp_path: Path, trigger: str, game: str
) -> None:
    others = ",".join(t for t in OFF if t != trigger)
    path = new_sheet(tmp_path, f"--preset pub --bock-triggers {others}")
    play(path, f"Anna: {game}", "Ben: clubs --with 1 --points 70")
    data = show(path)
    assert column(data, "bock_triggers") == [[], []]
    assert column(data, "bock_factor") == [1, 1]
    assert data["games"][1]["score"] == 24  # not doubled
    assert data["bock_ahead"] == []


def test_no_bock_rule_no_rounds(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub --no-bock")
    play(path, "Anna: spades --with 1 --points 60 --kontra", "Ben: clubs --with 1 --points 70")
    data = show(path)
    assert column(data, "bock_triggers") == [[], []]
    assert column(data, "scores") == [
        {"Anna": -88, "Ben": 0, "Carl": 0},  # -2 x 22 x 2 Kontra
        {"Anna": 0, "Ben": 24, "Carl": 0},  # not doubled
    ]
    assert data["bock_ahead"] == []


def test_hundred_needs_a_changed_nonzero_total(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub")
    play(
        path,
        "Anna: hearts --with 7 --hand --points 95",  # Anna 100: hundred, deals 2-4 x2
        "Ben: clubs --with 1 --points 70",  # x2: 48; Anna still on 100 but unchanged: no trigger
        "Carl: clubs --with 2 --points 50",  # x2: -2 x 36 x 2 = -144
        "Carl: grand --with 2 --points 70",  # x2: 3 x 24 = 72 x 2 = 144; Carl 0: no trigger
    )
    data = show(path)
    assert column(data, "bock_triggers") == [["hundred"], [], [], []]
    assert column(data, "bock_factor") == [1, 2, 2, 2]
    assert [g["totals"] for g in data["games"]] == [
        {"Anna": 100, "Ben": 0, "Carl": 0},
        {"Anna": 100, "Ben": 48, "Carl": 0},
        {"Anna": 100, "Ben": 48, "Carl": -144},
        {"Anna": 100, "Ben": 48, "Carl": 0},
    ]
    assert data["bock_ahead"] == []


def test_ramsch_landing_on_minus_200_is_a_hundred_trigger(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub")
    play(path, "ramsch Anna=100 Ben=20 Carl=0 --jungfrau Carl")  # Anna -100 x 2 = -200
    data = show(path)
    assert data["games"][0]["scores"] == {"Anna": -200, "Ben": 0, "Carl": 0}
    assert data["games"][0]["bock_triggers"] == ["hundred"]
    assert data["bock_ahead"] == [2, 2, 2]


def test_editing_the_trigger_deal_from_60_to_59_removes_its_round(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub")
    play(path, "Anna: spades --with 1 --points 60", "Ben: clubs --with 1 --points 70")
    data = show(path)
    assert column(data, "bock_factor") == [1, 2]
    assert data["games"][1]["totals"] == {"Anna": -44, "Ben": 48, "Carl": 0}  # 24 x 2
    ok("sheet", "edit", str(path), "1", "--declarer", "Anna", "spades", "--with", "1",
       "--points", "59")  # fmt: skip
    data = show(path)
    assert column(data, "bock_factor") == [1, 1]
    assert column(data, "bock_triggers") == [[], []]
    assert data["games"][1]["totals"] == {"Anna": -44, "Ben": 24, "Carl": 0}
    assert data["bock_ahead"] == []


# --- Bock length and overlap -----------------------------------------------------------------

KONTRA_WON = "clubs --with 1 --points 70 --kontra"  # 24 x 2 = 48, sets off "kontra"


class Length(NamedTuple):
    options: str
    players: tuple[str, ...]
    declarer: str
    ahead: list[int]  # after deal 1
    factors: list[int]  # deal 1 and the passed deals after it


LENGTHS = {
    # three players, 0: one deal per player = 3
    "three, one per player": Length("--preset pub", THREE, "Anna", [2, 2, 2], [1, 2, 2, 2, 1]),
    # four players, 0: 4 deals (Anna deals deal 1 and sits out: Ben plays)
    "four, one per player": Length("--preset pub", FOUR, "Ben", [2, 2, 2, 2], [1, 2, 2, 2, 2, 1]),
    "length 2": Length("--preset pub --bock-length 2", THREE, "Anna", [2, 2], [1, 2, 2, 1]),
    "length 1 at four": Length("--preset pub --bock-length 1", FOUR, "Ben", [2], [1, 2, 1]),
    "length 5": Length("--preset pub --bock-length 5", THREE, "Anna", [2] * 5, [1, *[2] * 5, 1]),
}


@pytest.mark.parametrize("case", LENGTHS.values(), ids=LENGTHS.keys())
def test_bock_length(tmp_path: Path, case: Length) -> None:
    path = new_sheet(tmp_path, case.options, case.players)
    play(path, f"{case.declarer}: {KONTRA_WON}")
    assert show(path)["bock_ahead"] == case.ahead
    play(path, *["pass"] * (len(case.factors) - 1))
    data = show(path)
    assert column(data, "bock_factor") == case.factors
    assert data["bock_ahead"] == []


class Overlap(NamedTuple):
    overlap: str
    first: list[str]  # deals entered first
    ahead: list[int]  # bock_ahead after them
    factors: list[int]  # the factors of those deals and of passed deals until no Bock is left


OVERLAPS = {
    # Round A after deal 1: deals 2-4; round B after deal 2 (its own Kontra): deals 3-5.
    # double: deal 2 in A (x2), 3 and 4 in A and B (x4), 5 in B (x2), 6 none
    "double, consecutive": Overlap(
        "double", ["Anna: " + KONTRA_WON, "Ben: " + KONTRA_WON], [4, 4, 2], [1, 2, 4, 4, 2, 1]
    ),
    # queue: B waits for A: A deals 2-4, B deals 5-7, each x2
    "queue, consecutive": Overlap(
        "queue",
        ["Anna: " + KONTRA_WON, "Ben: " + KONTRA_WON],
        [2, 2, 2, 2, 2],
        [1, 2, 2, 2, 2, 2, 2, 1],
    ),
    # two triggers in one deal (lost with 60 and Kontra): two rounds over deals 2-4
    "double, same deal": Overlap(
        "double", ["Anna: spades --with 1 --points 60 --kontra"], [4, 4, 4], [1, 4, 4, 4, 1]
    ),
    # queue: the second round follows the first: deals 2-7 at x2
    "queue, same deal": Overlap(
        "queue",
        ["Anna: spades --with 1 --points 60 --kontra"],
        [2] * 6,
        [1, 2, 2, 2, 2, 2, 2, 1],
    ),
}


@pytest.mark.parametrize("case", OVERLAPS.values(), ids=OVERLAPS.keys())
def test_bock_overlap(tmp_path: Path, case: Overlap) -> None:
    path = new_sheet(tmp_path, f"--preset pub --bock-overlap {case.overlap}")
    play(path, *case.first)
    assert show(path)["bock_ahead"] == case.ahead
    play(path, *["pass"] * (len(case.factors) - len(case.first)))
    data = show(path)
    assert column(data, "bock_factor") == case.factors
    assert data["bock_ahead"] == []


@pytest.mark.parametrize(("overlap", "score"), [("double", 96), ("queue", 48)])
def test_a_game_in_two_rounds(tmp_path: Path, overlap: str, score: int) -> None:
    # deal 3 lies in rounds A (deals 2-4) and B (deals 3-5): double 24 x 4 = 96, queue 24 x 2 = 48
    path = new_sheet(tmp_path, f"--preset pub --bock-overlap {overlap}")
    play(path, "Anna: " + KONTRA_WON, "Ben: " + KONTRA_WON, "Carl: clubs --with 1 --points 70")
    data = show(path)
    # deal 2: 24 x 2 Kontra x 2 Bock = 96 either way
    assert column(data, "score") == [48, 96, score]
    assert player(data, "Carl")["seeger_fabian"] == score + 50  # +50 never doubled


# --- Kontra and Re ---------------------------------------------------------------------------


class KontraCase(NamedTuple):
    game: str
    score: int  # Anna's
    anna_sf: int
    ben_sf: int  # Ben, a defender: +40 when Anna loses, never multiplied


KONTRA = {
    "Kontra won": KontraCase("clubs --with 1 --points 70 --kontra", 48, 98, 0),  # 24x2; +50
    "Re won": KontraCase("clubs --with 1 --points 70 --re", 96, 146, 0),  # 24 x 4
    "Kontra lost": KontraCase("clubs --with 1 --points 50 --kontra", -96, -146, 40),  # -2x24x2
    "Re lost": KontraCase("clubs --with 1 --points 50 --re", -192, -242, 40),  # -2 x 24 x 4
    # skat-scoring.md: 18 < bid 20 -> covering 27, -2 x 27 x 2 Kontra = -108
    "Kontra overbid": KontraCase("diamonds --with 1 --bid 20 --points 85 --kontra", -108, -158, 40),
}


@pytest.mark.parametrize("case", KONTRA.values(), ids=KONTRA.keys())
def test_kontra_and_re_multiply_the_score_only(tmp_path: Path, case: KontraCase) -> None:
    path = new_sheet(tmp_path, "--preset pub")
    play(path, f"Anna: {case.game}")
    data = show(path)
    assert column(data, "score") == [case.score]
    assert player(data, "Anna")["seeger_fabian"] == case.anna_sf
    assert player(data, "Ben")["seeger_fabian"] == case.ben_sf


def test_kontra_refused_on_an_isko_sheet_then_allowed_by_sheet_rules(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset isko")
    refused(path, *entry_args(path, "Anna: clubs --with 1 --points 70 --kontra"))
    refused(path, *entry_args(path, "Anna: clubs --with 1 --points 70 --re"))
    assert show(path)["games"] == []
    ok("sheet", "rules", str(path), "--kontra")
    play(path, "Anna: clubs --with 1 --points 70 --kontra")
    data = show(path)
    assert data["rules"]["kontra"] is True
    assert column(data, "score") == [48]  # no Bock on this sheet: no trigger, 24 x 2


# --- Ramsch ----------------------------------------------------------------------------------


class RamschCase(NamedTuple):
    options: str  # on top of --preset pub
    entry: str  # the arguments of sheet ramsch
    scores: tuple[int, int, int]  # Anna, Ben, Carl


RAMSCH = {
    "most points loses them": RamschCase("", "Anna=60 Ben=40 Carl=20", (-60, 0, 0)),
    "Jungfrau doubles": RamschCase("", "Anna=62 Ben=58 Carl=0 --jungfrau Carl", (-124, 0, 0)),
    "Jungfrau rule off": RamschCase(
        "--no-ramsch-jungfrau", "Anna=62 Ben=58 Carl=0 --jungfrau Carl", (-62, 0, 0)
    ),
    # Durchmarsch on: +120, the others nothing
    "Durchmarsch": RamschCase("", "Anna=120 Ben=0 Carl=0 --durchmarsch Anna", (120, 0, 0)),
    # Durchmarsch off: Anna has the most, 120, and loses them; Ben and Carl took no trick:
    # -120 x 2 x 2 = -480
    "Durchmarsch off, two Jungfrauen": RamschCase(
        "--no-ramsch-durchmarsch",
        "Anna=120 Ben=0 Carl=0 --durchmarsch Anna --jungfrau Ben --jungfrau Carl",
        (-480, 0, 0),
    ),
    "Durchmarsch on, Jungfrauen irrelevant": RamschCase(
        "",
        "Anna=120 Ben=0 Carl=0 --durchmarsch Anna --jungfrau Ben --jungfrau Carl",
        (120, 0, 0),
    ),
    "tie, all lose": RamschCase("", "Anna=50 Ben=50 Carl=20", (-50, -50, 0)),
    "tie, nobody": RamschCase("--ramsch-ties nobody", "Anna=50 Ben=50 Carl=20", (0, 0, 0)),
    "three-way tie, all lose": RamschCase("", "Anna=40 Ben=40 Carl=40", (-40, -40, -40)),
    "three-way tie, nobody": RamschCase(
        "--ramsch-ties nobody", "Anna=40 Ben=40 Carl=40", (0, 0, 0)
    ),
    # 60 x 2 Jungfrau each
    "tie with a Jungfrau, all lose": RamschCase(
        "", "Anna=60 Ben=60 Carl=0 --jungfrau Carl", (-120, -120, 0)
    ),
    "tie with a Jungfrau, nobody": RamschCase(
        "--ramsch-ties nobody", "Anna=60 Ben=60 Carl=0 --jungfrau Carl", (0, 0, 0)
    ),
    "Schieberamsch, no push": RamschCase("--schieberamsch", "Anna=60 Ben=40 Carl=20", (-60, 0, 0)),
    "Schieberamsch, 1 push": RamschCase(  # 60 x 2
        "--schieberamsch", "Anna=60 Ben=40 Carl=20 --pushes 1", (-120, 0, 0)
    ),
    "Schieberamsch, 2 pushes": RamschCase(  # 60 x 2 x 2
        "--schieberamsch", "Anna=60 Ben=40 Carl=20 --pushes 2", (-240, 0, 0)
    ),
    "Schieberamsch, 2 pushes and a Jungfrau": RamschCase(  # 70 x 2 x 2 x 2
        "--schieberamsch", "Anna=70 Ben=50 Carl=0 --jungfrau Carl --pushes 2", (-560, 0, 0)
    ),
    "Schieberamsch, Durchmarsch and a push": RamschCase(  # 120 x 2
        "--schieberamsch", "Anna=120 Ben=0 Carl=0 --durchmarsch Anna --pushes 1", (240, 0, 0)
    ),
}


@pytest.mark.parametrize("case", RAMSCH.values(), ids=RAMSCH.keys())
def test_ramsch(tmp_path: Path, case: RamschCase) -> None:
    path = new_sheet(tmp_path, f"--preset pub {case.options}")
    play(path, f"ramsch {case.entry}")
    data = show(path)
    expected = dict(zip(THREE, case.scores, strict=True))
    assert data["games"][0]["scores"] == expected
    assert data["games"][0]["bock_factor"] == 1
    for name, score in expected.items():
        # counts in the standard list and in Seeger-Fabian (no +50/-50/+40), in no games
        p = player(data, name)
        assert (p["score"], p["seeger_fabian"], p["won"], p["lost"]) == (score, score, 0, 0)


def test_ramsch_in_a_bock_deal_counts_double(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub")
    play(path, "Anna: " + KONTRA_WON, "ramsch Anna=62 Ben=58 Carl=0 --jungfrau Carl")
    data = show(path)
    assert data["games"][1]["bock_factor"] == 2
    # 62 x 2 Jungfrau x 2 Bock = 248; Anna 48 - 248 = -200: a hundred trigger
    assert data["games"][1]["scores"] == {"Anna": -248, "Ben": 0, "Carl": 0}
    assert data["games"][1]["totals"] == {"Anna": -200, "Ben": 0, "Carl": 0}
    assert data["games"][1]["bock_triggers"] == ["hundred"]
    # round 1 has deals 3 and 4 left, round 2 deals 3-5
    assert data["bock_ahead"] == [4, 4, 2]


RAMSCH_REFUSED = {
    "119 points": ("--preset pub", "Anna=60 Ben=40 Carl=19"),
    "121 points": ("--preset pub", "Anna=61 Ben=40 Carl=20"),
    "a push without Schieberamsch": ("--preset pub", "Anna=60 Ben=40 Carl=20 --pushes 1"),
    "a negative push": ("--preset pub --schieberamsch", "Anna=60 Ben=40 Carl=20 --pushes -1"),
    "a Jungfrau with points": ("--preset pub", "Anna=60 Ben=40 Carl=20 --jungfrau Carl"),
    "a Durchmarsch without 120": ("--preset pub", "Anna=100 Ben=20 Carl=0 --durchmarsch Anna"),
    "a player missing": ("--preset pub", "Anna=60 Ben=60"),
    "no Ramsch rule": ("--preset isko", "Anna=60 Ben=40 Carl=20"),
}


@pytest.mark.parametrize(("options", "entry"), RAMSCH_REFUSED.values(), ids=RAMSCH_REFUSED.keys())
def test_ramsch_refused(tmp_path: Path, options: str, entry: str) -> None:
    path = new_sheet(tmp_path, options)
    refused(path, *entry_args(path, f"ramsch {entry}"))


def test_ramsch_at_four_the_dealer_sits_out(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub", FOUR)
    # deal 1: Anna deals and sits out
    refused(path, *entry_args(path, "ramsch Anna=0 Ben=60 Carl=40 Dora=20"))
    refused(path, *entry_args(path, "ramsch Anna=20 Ben=60 Carl=40"))
    play(path, "ramsch Ben=60 Carl=40 Dora=20")
    # deal 2: Ben deals and sits out
    refused(path, *entry_args(path, "ramsch Ben=10 Carl=50 Dora=60"))
    play(path, "ramsch Anna=30 Carl=50 Dora=40")
    data = show(path)
    assert column(data, "scores") == [
        {"Anna": 0, "Ben": -60, "Carl": 0, "Dora": 0},
        {"Anna": 0, "Ben": 0, "Carl": -50, "Dora": 0},
    ]
    assert data["games"][1]["ramsch"]["points"] == {"Anna": 30, "Carl": 50, "Dora": 40}


@pytest.mark.parametrize(
    "entry",
    ["Ben=60 Carl=60 Dora=0 --jungfrau Anna", "Ben=120 Carl=0 Dora=0 --durchmarsch Anna"],
    ids=["Jungfrau", "Durchmarsch"],
)
def test_ramsch_at_four_the_dealer_cannot_be_named(tmp_path: Path, entry: str) -> None:
    # deal 1: Anna deals and sits out, so she can be neither Jungfrau nor take every trick
    path = new_sheet(tmp_path, "--preset pub", FOUR)
    refused(path, *entry_args(path, f"ramsch {entry}"))


def test_ramsch_jungfrau_named_twice_doubles_once(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub")
    result = cli(*entry_args(path, "ramsch Anna=62 Ben=58 Carl=0 --jungfrau Carl --jungfrau Carl"))
    if result.code != 4:  # refusing the repeat is as good as counting it once
        assert show(path)["games"][0]["scores"]["Anna"] == -124  # 62 x 2


def test_durchmarsch_off_the_others_are_jungfrauen(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub --no-ramsch-durchmarsch")
    play(path, "ramsch Anna=120 Ben=0 Carl=0 --durchmarsch Anna")
    assert show(path)["games"][0]["scores"]["Anna"] == -480


# --- Bierlachs -------------------------------------------------------------------------------

BIERLACHS_DEALS = [
    "Anna: clubs --with 1 --points 70",  # won 24: Ben -24, Carl -24
    "Ben: spades --with 1 --points 50",  # lost -44: Ben -24 - 44 = -68
    "Carl: grand --with 1 --points 70",  # won 48: Anna -48, Ben -68 - 48 = -116
]


@pytest.mark.parametrize(
    ("limit", "after_two", "after_three"),
    [
        (68, {"losers": ["Ben"], "deal": 2}, {"losers": ["Ben"], "deal": 2}),  # Ben on exactly -68
        (69, None, {"losers": ["Ben"], "deal": 3}),  # one short after deal 2; -116 after deal 3
        (117, None, None),  # nobody down to -117
    ],
)
def test_bierlachs_limit(tmp_path: Path, limit: int, after_two: Any, after_three: Any) -> None:
    path = new_sheet(tmp_path, f"--scoring bierlachs --bierlachs-limit {limit}")
    play(path, *BIERLACHS_DEALS[:2])
    data = show(path)
    assert data["bierlachs"] == after_two
    assert [player(data, n)["bierlachs"] for n in THREE] == [0, -68, -24]
    play(path, BIERLACHS_DEALS[2])
    data = show(path)
    assert data["bierlachs"] == after_three
    assert [player(data, n)["bierlachs"] for n in THREE] == [-48, -116, -24]
    # the standard list is kept as always: 24, -44, 48
    assert [player(data, n)["score"] for n in THREE] == [24, -44, 48]


def test_bierlachs_at_four_a_win_is_minus_for_every_other_player(tmp_path: Path) -> None:
    # "each other player at the table": the dealer sitting out too (as in Seeger-Fabian)
    path = new_sheet(tmp_path, "--scoring bierlachs --bierlachs-limit 50", FOUR)
    play(path, "Ben: clubs --with 1 --points 70", "Carl: spades --with 1 --points 50")
    data = show(path)
    # deal 1 (Anna deals): Ben won 24: Anna, Carl, Dora -24; deal 2: Carl lost -44: -68
    assert [player(data, n)["bierlachs"] for n in FOUR] == [-24, 0, -68, -24]
    assert data["bierlachs"] == {"losers": ["Carl"], "deal": 2}


def test_no_bierlachs_decision_on_other_lists(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--scoring standard --bierlachs-limit 50")
    play(path, *BIERLACHS_DEALS)
    assert show(path)["bierlachs"] is None


# --- old rules -------------------------------------------------------------------------------


class Old(NamedTuple):
    options: str
    game: str
    score: int | None  # None: refused (exit 4, file unchanged)
    seeger: int | None = None


OLD_RULES = {
    # skat-scoring.md: clubs hand with 2, bid 20, 56 points: lost, -2 x 48 = -96
    "lost hand, ISkO": Old("", "clubs --with 2 --hand --bid 20 --points 56", -96, -146),
    "lost hand, single": Old(
        "--lost-hand-single", "clubs --with 2 --hand --bid 20 --points 56", -48, -98
    ),
    "won hand, single": Old("--lost-hand-single", "clubs --with 2 --hand --points 70", 48, 98),
    "lost, not hand, single": Old("--lost-hand-single", "clubs --with 2 --points 50", -72, -122),
    "lost null hand, single": Old("--lost-hand-single", "null --hand --tricks 1", -35, -85),
    # overbid hand game (bid 46, with 1 = 36): covering 48, counted once
    "overbid hand, single": Old(
        "--lost-hand-single", "clubs --with 1 --hand --bid 46 --points 74", -48, -98
    ),
    "grand, base 24": Old("", "grand --with 1 --points 70", 48, 98),
    "grand, base 20": Old("--grand-base 20", "grand --with 1 --points 70", 40, 90),  # 2 x 20
    "clubs, base 20": Old("--grand-base 20", "clubs --with 1 --points 70", 24, 74),
    # with 4, game 5, hand 6, schneider 7, ann. 8, schwarz 9, ann. 10 x 20 = 200
    "bid 200, base 20": Old(
        "--grand-base 20", "grand --with 4 --hand --schwarz --tricks 10 --bid 200", 200, 250
    ),
    "bid 200, base 24": Old("", "grand --with 4 --hand --schwarz --tricks 10 --bid 200", None),
    # 40 < 200: covering 10 x 20 = 200, -2 x 200
    "overbid 200, base 20": Old(
        "--grand-base 20", "grand --with 1 --points 70 --bid 200", -400, -450
    ),
    # 240 = 10 x 24 is no value with base 20 (grand at most 11 x 20 = 220, clubs 18 x 12 = 216)
    "bid 240, base 20": Old("--grand-base 20", "grand --with 1 --points 70 --bid 240", None),
    "bid 240, base 24": Old("", "grand --with 1 --points 70 --bid 240", -480, -530),  # -2 x 240
    # Grand ouvert on base 36 (before 1999): 36 x (tops + 6), no ouvert level. With 3:
    # 36 x 9 = 324 (ISkO: with 3, game, hand, schneider, ann., schwarz, ann., ouvert = 10 x 24)
    "grand ouvert, base 36": Old(
        "--grand-ouvert-base 36", "grand --with 3 --ouvert --tricks 10", 324, 374
    ),
    "grand ouvert, base 24": Old("", "grand --with 3 --ouvert --tricks 10", 240, 290),
    # lost (9 tricks): -2 x 324; under lost_hand_single too (it is a hand game): -324
    "grand ouvert lost, base 36": Old(
        "--grand-ouvert-base 36", "grand --with 3 --ouvert --tricks 9 --points 120", -648, -698
    ),
    "grand ouvert lost, base 36, single": Old(
        "--grand-ouvert-base 36 --lost-hand-single",
        "grand --with 3 --ouvert --tricks 9 --points 120",
        -324,
        -374,
    ),
    # other grands keep 24: grand hand with 4, schwarz announced, 10 x 24 = 240
    "grand hand, base 36": Old(
        "--grand-ouvert-base 36", "grand --with 4 --hand --schwarz --tricks 10", 240, 290
    ),
    # 288 is a bid under it (36 x 8); with 1 the value is 36 x 7 = 252: overbid, the lowest
    # multiple of 36 that reaches 288 is 288 itself: -2 x 288
    "overbid 288, base 36": Old(
        "--grand-ouvert-base 36", "grand --with 1 --ouvert --tricks 10 --bid 288", -576, -626
    ),
    "bid 288, base 24": Old("", "grand --with 1 --ouvert --tricks 10 --bid 288", None),
    # 264 (11 x 24) was a Grand ouvert's: no value under the old rule
    "bid 264, base 36": Old("--grand-ouvert-base 36", "clubs --with 1 --points 70 --bid 264", None),
    # both old rules (no historical rule set had both): Grand ouvert on 36, other grands on 20
    "grand ouvert, base 36 and 20": Old(
        "--grand-ouvert-base 36 --grand-base 20", "grand --with 2 --ouvert --tricks 10", 288, 338
    ),
    "grand, base 36 and 20": Old(
        "--grand-ouvert-base 36 --grand-base 20", "grand --with 2 --points 70", 60, 110
    ),
    # 220 (11 x 20) was a Grand ouvert's under base 20 alone: no value with both
    "bid 220, base 36 and 20": Old(
        "--grand-ouvert-base 36 --grand-base 20", "clubs --with 1 --points 70 --bid 220", None
    ),
    "bid 220, base 20": Old(
        "--grand-base 20", "grand --with 4 --ouvert --tricks 10 --bid 220", 220, 270
    ),
}


@pytest.mark.parametrize("case", OLD_RULES.values(), ids=OLD_RULES.keys())
def test_old_rules(tmp_path: Path, case: Old) -> None:
    path = new_sheet(tmp_path, case.options)
    if case.score is None:
        refused(path, *entry_args(path, f"Anna: {case.game}"), code=3)  # an illegal bid
        return
    play(path, f"Anna: {case.game}")
    data = show(path)
    assert column(data, "score") == [case.score]
    assert player(data, "Anna")["seeger_fabian"] == case.seeger


def test_grand_base_20_max_bid(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--grand-base 20")
    play(path, "Anna: grand --with 4 --hand --schwarz --tricks 10 --bid 200")
    game = show(path)["games"][0]
    assert (game["value"], game["base_value"]) == (200, 20)
    assert game["max_bid"] == 200


# --- ISkO against a sheet without house rules ------------------------------------------------

ISKO_DEALS = [
    "Anna: grand --with 1 --hand --points 70",  # +72 (a Bock trigger on a pub sheet)
    "Ben: spades --with 1 --points 60",  # -44 (lost with 60)
    "pass",
    "Carl: hearts --with 1 --points 61",  # +20
    "Anna: clubs --with 2 --hand --bid 20 --points 56",  # -96
]
# Anna 72 - 96 = -24, SF -24 + 50 - 50 + 40 (Ben lost) = 16; Ben -44, SF -44 - 50 + 40 = -54;
# Carl 20, SF 20 + 50 + 40 + 40 = 150
ISKO_TOTALS = {
    "Anna": {"score": -24, "won": 1, "lost": 1, "seeger_fabian": 16},
    "Ben": {"score": -44, "won": 0, "lost": 1, "seeger_fabian": -54},
    "Carl": {"score": 20, "won": 1, "lost": 0, "seeger_fabian": 150},
}


def _no_rules_file(path: Path) -> Path:
    """A sheet written before house rules existed: no [rules] table at all."""
    path.write_text('format = 1\nplayers = ["Anna", "Ben", "Carl"]\n', encoding="utf-8")
    return path


def test_isko_scores_like_a_sheet_without_house_rules(tmp_path: Path) -> None:
    made = {}
    for name, options in {
        "isko": "--preset isko",
        "default": "",  # sheet new without any rule option
        "pub with every house rule off": "--preset pub --no-kontra --no-bock --no-ramsch "
        "--scoring seeger-fabian",
    }.items():
        (tmp_path / name).mkdir()
        made[name] = new_sheet(tmp_path / name, options)
    made["file without rules"] = _no_rules_file(tmp_path / "old.toml")
    shown = {}
    for name, path in made.items():
        play(path, *ISKO_DEALS)
        data = show(path)
        shown[name] = data
        totals = {
            p["name"]: {k: p[k] for k in ("score", "won", "lost", "seeger_fabian")}
            for p in data["players"]
        }
        assert totals == ISKO_TOTALS, name
        assert column(data, "bock_factor") == [1] * 5, name
        assert column(data, "bock_triggers") == [[]] * 5, name
        assert data["bock_ahead"] == [], name
        assert data["bierlachs"] is None, name
    # the same deals give the same list, deal by deal and in the totals
    isko = shown.pop("isko")
    for name, data in shown.items():
        assert data["games"] == isko["games"], name
        assert data["players"] == isko["players"], name


# --- sheet rules -----------------------------------------------------------------------------


def rule_line(text: str, head: str) -> str:
    """The line of ``sheet rules`` about one rule (the wording may change: tests look for the
    rule's values in it, not for whole sentences)."""
    found = [line for line in text.splitlines() if line.casefold().startswith(head.casefold())]
    assert len(found) == 1, (head, text)
    return found[0]


PUB_RULES = {
    "scoring": "standard",
    "won_bonus": 50,
    "lost_penalty": 50,
    "opponents_three": 40,
    "opponents_four": 30,
    "opponents_five": 24,
    "kontra": True,
    "bock": True,
    "bock_triggers": ["lost-60", "grand-hand", "kontra", "hundred"],
    "bock_length": 0,
    "bock_overlap": "double",
    "bock_value": 100,
    "bock_self": False,
    "bock_max": 0,
    "bockramsch": False,
    "ramsch": True,
    "ramsch_skat": "last-trick",
    "ramsch_ties": "all-lose",
    "ramsch_jungfrau": True,
    "ramsch_durchmarsch": True,
    "schieberamsch": False,
    "ramsch_value": 0,
    "bierlachs_limit": 301,
    "bierlachs_dealer": True,
    "lost_hand_single": False,
    "grand_base": 24,
    "grand_ouvert_base": 24,
    "series_length": 0,
    "series_count": 0,
}


def test_sheet_rules_shows_the_rules(tmp_path: Path) -> None:
    pub = new_sheet(tmp_path, "--preset pub")
    assert json.loads(ok("sheet", "rules", str(pub), "--json")) == PUB_RULES
    text = ok("sheet", "rules", str(pub))
    assert "standard" in rule_line(text, "list:").casefold()
    assert "allowed" in rule_line(text, "Kontra and Re:")
    bock = rule_line(text, "Bock:")
    assert all(f"({t})" in bock for t in ("lost-60", "grand-hand", "kontra", "hundred"))
    assert "one" in bock
    assert "per player" in bock
    assert "4x" in bock
    ramsch = rule_line(text, "Ramsch")
    for words in ("last trick", "all lose", "Jungfrau doubles", "Durchmarsch +120", "no pushing"):
        assert words in ramsch
    assert "none" in rule_line(text, "old rules:")

    other = tmp_path / "other.toml"
    ok("sheet", "new", str(other), *THREE, "--preset", "isko", "--lost-hand-single",
       "--grand-base", "20", "--scoring", "bierlachs", "--bierlachs-limit", "150")  # fmt: skip
    assert json.loads(ok("sheet", "rules", str(other), "--json")) == {
        **PUB_RULES,
        "scoring": "bierlachs",
        "kontra": False,
        "bock": False,
        "ramsch": False,
        "bierlachs_limit": 150,
        "lost_hand_single": True,
        "grand_base": 20,
    }
    text = ok("sheet", "rules", str(other))
    assert "bierlachs" in rule_line(text, "list:").casefold()
    assert "150" in rule_line(text, "list:").casefold()
    assert "not allowed" in rule_line(text, "Kontra and Re:")
    assert "off" in rule_line(text, "Bock:")
    assert "off" in rule_line(text, "Ramsch")
    old = rule_line(text, "old rules:")
    assert "single" in old
    assert "20" in old

    ok("sheet", "rules", str(other), "--bock", "--bock-length", "2", "--bock-overlap", "queue",
       "--bock-triggers", "kontra", "--ramsch", "--ramsch-ties", "nobody", "--schieberamsch",
       "--no-ramsch-jungfrau")  # fmt: skip
    text = ok("sheet", "rules", str(other))
    bock = rule_line(text, "Bock:")
    assert "kontra" in bock
    assert "lost-60" not in bock
    assert "2" in bock
    assert "queue" in bock
    ramsch = rule_line(text, "Ramsch")
    assert "nobody" in ramsch
    assert "Schieberamsch" in ramsch
    assert "no Jungfrau" in ramsch


def test_sheet_rules_changes_them_and_every_total_follows(tmp_path: Path) -> None:
    """From deal 1 (``--from 1``, said out loud) every deal is scored anew."""
    path = new_sheet(tmp_path, "--preset isko")
    play(path, "Anna: spades --with 1 --points 60", "Ben: clubs --with 1 --points 70")
    assert show(path)["games"][1]["totals"] == {"Anna": -44, "Ben": 24, "Carl": 0}
    ok("sheet", "rules", str(path), "--bock", "--from", "1")
    data = show(path)
    assert column(data, "bock_factor") == [1, 2]
    assert data["games"][1]["totals"] == {"Anna": -44, "Ben": 48, "Carl": 0}  # 24 x 2
    assert data["bock_ahead"] == [2, 2]  # deals 3 and 4 of the round
    ok("sheet", "rules", str(path), "--bock-triggers", "kontra,grand-hand", "--from", "1")
    data = show(path)
    assert column(data, "bock_factor") == [1, 1]
    assert data["games"][1]["totals"] == {"Anna": -44, "Ben": 24, "Carl": 0}
    assert data["rules"]["bock_triggers"] == ["kontra", "grand-hand"]


REFUSED_RULE_CHANGES = {
    "Kontra off with a Kontra game": (
        "Anna: clubs --with 1 --points 70 --kontra",
        "--no-kontra",
        4,
    ),
    "Kontra off with a Re game": ("Anna: clubs --with 1 --points 70 --re", "--no-kontra", 4),
    "Ramsch off with a Ramsch": ("ramsch Anna=60 Ben=40 Carl=20", "--no-ramsch", 4),
    "pushing off with a push": (
        "ramsch Anna=60 Ben=40 Carl=20 --pushes 1",
        "--no-schieberamsch",
        4,
    ),
    # a value the option does not take is a usage error (docs/exit-codes.md)
    "an unknown overlap": ("pass", "--bock-overlap triple", 2),
    "an unknown trigger": ("pass", "--bock-triggers lost-61", 2),
    "grand base 22": ("pass", "--grand-base 22", 2),
    "a Bock round longer than 16": ("pass", "--bock-length 17", 2),
    "a Bock round of 10**12 deals": ("pass", "--bock-length 1000000000000", 2),
    "a negative bonus": ("pass", "--won-bonus -1", 2),
    "a Bierlachs limit of 0": ("pass", "--bierlachs-limit 0", 2),
}


@pytest.mark.parametrize(
    ("entry", "change", "code"), REFUSED_RULE_CHANGES.values(), ids=REFUSED_RULE_CHANGES.keys()
)
def test_sheet_rules_change_refused(tmp_path: Path, entry: str, change: str, code: int) -> None:
    path = new_sheet(tmp_path, "--preset pub --schieberamsch")
    play(path, entry)
    refused(path, "sheet", "rules", str(path), *shlex.split(change), "--from", "1", code=code)
    assert show(path)["rules"]["kontra"] is True


def test_a_deal_says_its_seeger_fabian_points_by_the_sheets_own_bonuses(tmp_path: Path) -> None:
    # The deal's Seeger-Fabian line said the ISkO's +50 and +40 on a sheet that plays +60 for a
    # won game, -40 for a lost one and +50 for each other player at three, while the totals
    # counted the sheet's. By hand: Anna's grand with 1, won: 2 x 24 = 48, +48 + 60 = +108.
    # Ben's grand with 1, 50 points, lost: -96 - 40 = -136; Anna and Carl +50 each.
    path = tmp_path / "club.toml"
    new = ("sheet", "new", str(path), "Anna", "Ben", "Carl", "--won-bonus", "60",
           "--lost-penalty", "40", "--opponents-three", "50")  # fmt: skip
    assert cli(*new).code == 0
    won = cli("sheet", "add", str(path), "an", "gr", "m1", "70").stdout
    assert "Seeger-Fabian +108: the score and +60 for the won game" in won
    lost = cli("sheet", "add", str(path), "be", "gr", "m1", "50").stdout
    assert (
        "Seeger-Fabian -136: the score and -40 for the lost game (each other player at the "
        "table +50 at three players, +30 at four, +24 at five)"
    ) in lost
    assert "Totals, Seeger-Fabian list: Anna +158, Ben -136, Carl +50" in lost
