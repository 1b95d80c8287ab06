"""Four scoring bugs (issue 13), each pinned by a test that failed before its fix.

Expected numbers are worked out by hand from skat-scoring.md; the arithmetic is in the comments.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import cli, new_sheet, ok, play, player, refused, show

HAND = "CJ C7 C8 C9 CQ D7 D8 D9 H7 H8"  # clubs with 1 (♣J held, ♠J not)


# --- 1. two Jungfrauen are a Durchmarsch ----------------------------------------------------


def test_two_jungfrauen_are_a_durchmarsch(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub")
    play(path, "ramsch Anna=120 Ben=0 Carl=0 --jungfrau Ben --jungfrau Carl")
    data = show(path)
    # both others took no trick, so Anna took every trick: Durchmarsch +120 (not -120 x 2 x 2)
    assert [player(data, name)["score"] for name in ("Anna", "Ben", "Carl")] == [120, 0, 0]
    assert data["games"][0]["ramsch"]["durchmarsch"] == "Anna"
    assert data["games"][0]["ramsch"]["jungfrau"] == []
    # the file says the same: one Durchmarsch, and no Jungfrau beside it
    assert 'durchmarsch = "Anna"' in path.read_text()
    assert "jungfrau = " not in path.read_text().split("[[deal]]")[1]


def test_durchmarsch_with_the_others_named_as_jungfrauen_is_one_durchmarsch(
    tmp_path: Path,
) -> None:
    path = new_sheet(tmp_path, "--preset pub")
    play(path, "ramsch Anna=120 Ben=0 Carl=0 --durchmarsch Anna --jungfrau Ben")
    assert player(show(path), "Anna")["score"] == 120


def test_a_durchmarsch_is_no_jungfrau(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub")
    args = ["Anna=120", "Ben=0", "Carl=0", "--durchmarsch", "Anna", "--jungfrau", "Anna"]
    result = refused(path, "sheet", "ramsch", str(path), *args)
    assert result.stderr == (
        "error: deal 1: Anna took no trick (Jungfrau) but has 120 points: a Jungfrau has 0 "
        "points; correct the points or the Jungfrau\n"
    )


def test_two_jungfrauen_at_four_the_dealer_sits_out(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub", ("Anna", "Ben", "Carl", "Dora"))
    # Anna deals and sits out; Dora took every trick
    play(path, "ramsch Ben=0 Carl=0 Dora=120 --jungfrau Ben --jungfrau Carl")
    assert [p["score"] for p in show(path)["players"]] == [0, 0, 0, 120]


# --- 2. at most three pushes -----------------------------------------------------------------


def test_three_pushes_at_most(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--preset pub --schieberamsch")
    result = refused(path, "sheet", "ramsch", str(path), "Anna=60", "Ben=60", "Carl=0",
                     "--pushes", "4")  # fmt: skip
    assert result.stderr == (
        "error: deal 1: the skat was pushed on 4 times, but only the three players in the deal "
        "push, each once: 3 at most\n"
    )
    refused(path, "sheet", "ramsch", str(path), "Anna=60", "Ben=60", "Carl=0", "--pushes", "60")
    # 3 pushes: x8; Carl a Jungfrau: x2; Anna loses 70 x 8 x 2 = 1120
    play(path, "ramsch Anna=70 Ben=50 Carl=0 --pushes 3 --jungfrau Carl")
    assert player(show(path), "Anna")["score"] == -1120


# --- 3. the cards put away, not the skat as dealt -------------------------------------------


def test_the_dealt_skat_is_not_the_declarers_after_picking_it_up() -> None:
    # 15 points are possible after putting away D7 D8: the dealt skat (SA HA, 22) went in hand.
    # clubs with 1, 15 points (schneider against the declarer): (1 + 1 + 1) x 12 = 36, lost -72
    out = ok("value", "clubs", "--cards", HAND, "--skat", "SA HA", "--points", "15", "--json")
    data = json.loads(out)
    assert (data["score"], data["skat"], data["discards"]) == (-72, ["SA", "HA"], [])
    out = ok("value", "clubs", "--cards", HAND, "--skat", "SA HA", "--discards", "D7 D8",
             "--points", "15", "--json")  # fmt: skip
    assert json.loads(out)["discards"] == ["D7", "D8"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        # the discards SA HA (11 + 11 = 22) count for the declarer
        (["--cards", HAND, "--skat", "SA HA", "--discards", "SA HA", "--points", "15"],
         "the cards put away (♠A ♥A) are worth 22 card points and count for the declarer: "
         "--points cannot be below 22, not 15"),
        (["--with", "1", "--discards", "SA D7", "--points", "10"],
         "the cards put away (♠A ♦7) are worth 11 card points and count for the declarer: "
         "--points cannot be below 11, not 10"),
        # a hand game: the dealt skat is the declarer's
        (["--cards", HAND, "--skat", "SA HA", "--hand", "--points", "15"],
         "the skat (♠A ♥A) alone is worth 22 card points and counts for the declarer: "
         "--points cannot be below 22, not 15"),
        (["--with", "1", "--hand", "--discards", "D7 D8", "--points", "70"],
         "--discards are the two cards put away after picking up the skat: a hand game has "
         "none (the dealt skat, --skat, is the declarer's)"),
        (["--cards", HAND, "--skat", "SA HA", "--discards", "SK D7", "--points", "70"],
         "♠K was put away, but it is not among the declarer's 12 cards (--cards and --skat)"),
        (["--with", "1", "--discards", "D7", "--points", "70"],
         "--discards takes the two cards put away, not 1"),
    ],
)  # fmt: skip
def test_discards_refused(args: list[str], message: str) -> None:
    result = cli("value", "clubs", *args)
    assert (result.code, result.stdout, result.stderr) == (3, "", f"error: {message}\n")


def test_discards_in_a_sheet_file_and_batch(tmp_path: Path) -> None:
    path = new_sheet(tmp_path)
    play(path, f'Anna: clubs --cards "{HAND}" --skat "SA HA" --discards "D7 D8" --points 15')
    assert 'discards = "D7 D8"' in path.read_text()
    assert player(show(path), "Anna")["score"] == -72
    line = json.dumps({"declarer": "Ben", "game": "clubs", "cards": HAND, "skat": "SA HA",
                       "discards": "SA HA", "points": 15})  # fmt: skip
    result = cli("sheet", "add", str(path), "--batch", input=line + "\n")
    assert (result.code, result.stdout) == (3, "")
    assert result.stderr == (
        "error: line 1: deal 2: the cards put away (♠A ♥A) are worth 22 card points and count "
        "for the declarer: --points cannot be below 22, not 15; nothing was imported\n"
    )
    good = line.replace('"SA HA", "points"', '"D7 D8", "points"').replace('"declarer": "Ben", ', "")
    assert json.loads(cli("value", "--batch", input=good + "\n").stdout)["score"] == -72


# --- 4. the list that decides --------------------------------------------------------------
#
# Anna wins one big game, Ben two small ones, Carl loses one (three players, 1 cent a point):
#   1 Anna grand with 2, 70 points: (2 + 1) x 24 = 72, won          standard Anna +72
#   2 Ben diamonds with 1, 70 points: (1 + 1) x 9 = 18, won          Ben +18
#   3 Ben the same                                                   Ben +18
#   4 Carl hearts with 1, 50 points: (1 + 1) x 10 = 20, lost -40     Carl -40
# standard:      Anna 72, Ben 36, Carl -40
# Seeger-Fabian: Anna 72 + 50 + 40 (Carl lost) = 162; Ben 36 + 2 x 50 + 40 = 176;
#                Carl -40 - 50 = -90
# Bierlachs:     Anna -36 (Ben's two wins), Ben -72 (Anna's win), Carl -72 - 36 - 40 = -148

EVENING_4 = (
    "Anna: grand --with 2 --points 70",
    "Ben: diamonds --with 1 --points 70",
    "Ben: diamonds --with 1 --points 70",
    "Carl: hearts --with 1 --points 50",
)


def test_settle_follows_the_deciding_list_and_names_it(tmp_path: Path) -> None:
    path = new_sheet(tmp_path)  # isko: Seeger-Fabian decides
    play(path, *EVENING_4)
    # Seeger-Fabian: Ben 14 ahead of Anna; Carl 252 behind Anna, 266 behind Ben
    out = ok("sheet", "settle", str(path), "--stake", "0.01", "--transfers", "pairs")
    assert out.startswith("Settlement of one sheet by the Seeger-Fabian list, 0.01 a point")
    assert out.endswith("Anna pays Ben 0.14\nCarl pays Anna 2.52\nCarl pays Ben 2.66\n")
    # asked for the standard list: Anna 36 ahead of Ben, 112 of Carl; Ben 76 ahead of Carl
    out = ok(
        "sheet",
        "settle",
        str(path),
        "--stake",
        "0.01",
        "--list",
        "standard",
        "--transfers",
        "pairs",
    )
    assert out.startswith("Settlement of one sheet by the standard list, 0.01 a point")
    assert out.endswith("Ben pays Anna 0.36\nCarl pays Anna 1.12\nCarl pays Ben 0.76\n")


def test_settle_on_a_bierlachs_sheet_uses_the_bierlachs_list(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--scoring bierlachs")
    play(path, *EVENING_4)
    assert [p["bierlachs"] for p in show(path)["players"]] == [-36, -72, -148]
    # -36 vs -72: 36; -36 vs -148: 112; -72 vs -148: 76
    out = ok("sheet", "settle", str(path), "--stake", "0.01", "--json", "--transfers", "pairs")
    assert json.loads(out)["list"] == "bierlachs"
    assert json.loads(out)["payments"] == [
        {"payer": "Ben", "payee": "Anna", "cents": 36},
        {"payer": "Carl", "payee": "Anna", "cents": 112},
        {"payer": "Carl", "payee": "Ben", "cents": 76},
    ]
    assert ok("sheet", "settle", str(path), "--stake", "0.01").startswith(
        "Settlement of one sheet by the Bierlachs list, 0.01 a point"
    )


def test_show_chart_and_exports_follow_the_deciding_list(tmp_path: Path) -> None:
    path = new_sheet(tmp_path)
    play(path, *EVENING_4)
    out = ok("sheet", "show", str(path), "--chart")
    assert "Running totals in the Seeger-Fabian list, which decides." in out
    assert "Running totals, Seeger-Fabian list" in out
    last_row = next(line for line in out.splitlines() if line.startswith("4 "))
    assert last_row.split()[-3:] == ["162", "176", "-90*"]
    out = ok("sheet", "show", str(path), "--chart", "--list", "standard")
    assert "Running totals in the standard list; the Seeger-Fabian list decides." in out
    assert "Running totals, standard list" in out
    assert show(path)["list"] == "seeger-fabian"
    csv = ok("sheet", "export", str(path), "--format", "csv").splitlines()
    assert next(row for row in csv if row.startswith("4,")).endswith(",162,176,-90")
    csv = ok("sheet", "export", str(path), "--format", "csv", "--list", "standard").splitlines()
    assert next(row for row in csv if row.startswith("4,")).endswith(",72,36,-40")
    markdown = ok("sheet", "export", str(path), "--format", "markdown")
    assert "Running totals in the Seeger-Fabian list, which decides." in markdown
    assert (
        "| 4 | Anna | Carl | Hearts, with 1 (20): lost -40; bid 18, 50 card points | -40 | 162 "
        "| 176 | -90 |" in markdown
    )
    html = ok("sheet", "export", str(path), "--format", "html")
    assert "Running totals in the Seeger-Fabian list, which decides." in html
    assert 'aria-label="Running totals, Seeger-Fabian list: ' in html


def test_a_bierlachs_sheet_shows_and_exports_its_list(tmp_path: Path) -> None:
    path = new_sheet(tmp_path, "--scoring bierlachs")
    play(path, *EVENING_4)
    markdown = ok("sheet", "export", str(path), "--format", "markdown")
    assert (
        "| 4 | Anna | Carl | Hearts, with 1 (20): lost -40; bid 18, 50 card points | -40 | -36 "
        "| -72 | -148 |" in markdown
    )
    assert "| Carl | -40 | 0 | 1 | -90 | -148 |" in markdown
    html = ok("sheet", "export", str(path), "--format", "html")
    assert "Bierlachs (to 301)" in html
    out = ok("sheet", "show", str(path))
    assert "Running totals in the Bierlachs list, which decides." in out


def test_an_unknown_list_is_refused(tmp_path: Path) -> None:
    path = new_sheet(tmp_path)
    for command in (["show"], ["export", "--format", "csv"]):
        result = cli("sheet", *command, str(path), "--list", "pub")
        # an option value the option does not take: a usage error (docs/exit-codes.md)
        assert (result.code, result.stdout) == (2, ""), result
        assert result.stderr == (
            "error: unknown list 'pub': the lists are seeger-fabian, standard, bierlachs\n"
        )
