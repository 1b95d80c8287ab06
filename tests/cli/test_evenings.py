"""Two whole evenings played through ``skatcalc sheet``, checked against a score list kept by hand.

Every expected number here was worked out on paper from skat-scoring.md, never by skatcalc's code
and never by a formula in this file: each deal carries its score as a literal with the arithmetic in
a comment, and each player's totals (standard list, games won and lost, Seeger-Fabian) are literals
too. The only sums done in code add up those literals, to check the hand-kept totals against them.

Seeger-Fabian by hand: score + 50 per won game - 50 per lost game + 40 (three players) or 30 (four
players, the dealer sitting out included) for every game another player lost. Kontra and Re double
the game score only.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any, NamedTuple

from tests.cli.helpers import cli
from tests.data import FOUR_TOTALS, THREE_TOTALS


class Deal(NamedTuple):
    """One row of the list: who played what (the `sheet add` arguments) and the score by hand."""

    declarer: str | None  # None: everybody passed
    game: str = ""
    score: int | None = None


PASS = Deal(None)


class Evening(NamedTuple):
    players: list[str]
    deals: list[Deal]
    # Deal `slip_at` is first entered as `slip`, taken back with `sheet undo` and entered right.
    slip_at: int
    slip: Deal
    # Deal `typo_at` is first entered as `typo`; after deal `edit_after` it is corrected with
    # `sheet edit` (another declarer, another game) to what `deals` says.
    typo_at: int
    typo: Deal
    edit_after: int


# ---------------------------------------------------------------------------------------------
# Evening 1: three players, 36 deals. Anna deals first; at three players the dealer plays too.
# ---------------------------------------------------------------------------------------------

CARDS_19 = "--cards 'SJ HJ CA CT CK CQ C9 SA ST H7' --skat 'CJ D7'"
CARDS_21 = "--cards 'HJ CA CT CK CQ C9 C8 SA ST S9' --skat 'CJ D7'"

THREE = Evening(
    players=["Anna", "Ben", "Carl"],
    deals=[
        # 1-12
        Deal("Anna", "clubs --with 2 --points 75", 36),  # with 2, game 3 x 12 = 36, won
        Deal("Ben", "spades --without 1 --points 62", 22),  # without 1, game 2 x 11 = 22, won
        PASS,  # 3
        Deal("Carl", "hearts --with 1 --hand --points 68", 30),  # with 1, game 2, hand 3 x 10 = 30
        Deal("Anna", "grand --with 2 --points 85", 72),  # 5 (edited): with 2, 3 x 24 = 72
        Deal("Ben", "null --tricks 0", 23),  # Null 23, no trick: won
        # without 2, game 3 x 9 = 27, lost: -2 x 27
        Deal("Carl", "diamonds --without 2 --points 45", -54),
        # schneider made (defenders 25): with 1, game 2, schneider 3 x 12 = 36
        Deal("Anna", "clubs --with 1 --points 95", 36),
        # with 1, game 2, hand 3, schneider 4, announced 5 x 24 = 120; made with 95
        Deal("Ben", "grand --with 1 --hand --schneider --points 95", 120),
        PASS,  # 10
        Deal("Carl", "null --hand --tricks 1", -70),  # Null hand 35, took a trick: -2 x 35
        # with 3, game 4, hand 5, schneider 6, ann. 7, schwarz 8, ann. 9 x 11 = 99, all tricks
        Deal("Anna", "spades --with 3 --hand --schwarz --tricks 10", 99),
        # 13-24
        # ouvert: with 2, game 3, hand 4, schneider 5, ann. 6, schwarz 7, ann. 8, ouvert 9 x 12 = 108
        Deal("Ben", "clubs --with 2 --ouvert --tricks 10", 108),
        Deal("Carl", "null --ouvert --tricks 0", 46),  # Null ouvert 46, won
        # 30 points: schneider against him: without 3, game 4, schneider 5 x 10 = 50, lost: -100
        Deal("Anna", "hearts --without 3 --points 30", -100),
        # overbid: with 1, game 2 x 9 = 18 < bid 20; lowest diamonds value >= 20 is 27: -2 x 27
        Deal("Ben", "diamonds --with 1 --bid 20 --points 85", -54),
        # with 1, game 2 x 24 = 48, won, Kontra x 2 = 96
        Deal("Carl", "grand --with 1 --points 70 --kontra", 96),
        Deal("Anna", "spades --with 2 --points 80 --re", 132),  # with 2, 3 x 11 = 33, Re x 4
        # hand alone: without 1 (no CJ, holds SJ); CJ in the skat: CJ SJ HJ, with 3, game 4 x 12 = 48
        Deal("Ben", f"clubs {CARDS_19} --points 70", 48),
        PASS,  # 20
        # hand alone: without 2; CJ in the skat makes it with 1, game 2, hand 3 x 12 = 36 < bid 40:
        # overbid, lowest clubs value >= 40 is 48: -2 x 48 (Carl deals and plays: fine at three)
        Deal("Carl", f"clubs {CARDS_21} --hand --bid 40 --points 74", -96),
        # 61 wins: without 1, game 2, hand 3 x 24 = 72
        Deal("Anna", "grand --without 1 --hand --points 61", 72),
        Deal("Ben", "hearts --with 1 --points 60", -40),  # 60 loses: with 1, game 2 x 10 = 20: -40
        # schneider made (defenders 20): with 4, game 5, schneider 6 x 9 = 54
        Deal("Carl", "diamonds --with 4 --points 100", 54),
        # 25-36
        Deal("Anna", "null --ouvert --hand --tricks 0", 59),  # Null ouvert hand 59, won
        # schneider announced, defenders made 35: lost at the announced level:
        # with 3, game 4, hand 5, schneider 6, announced 7 x 24 = 168: -2 x 168 = -336
        Deal("Ben", "grand --with 3 --hand --schneider --points 85", -336),
        # schneider made (defenders 28): without 4, game 5, schneider 6 x 11 = 66
        Deal("Carl", "spades --without 4 --points 92", 66),
        # 25 points, schneider against: with 1, game 2, schneider 3 x 12 = 36: -72
        Deal("Anna", "clubs --with 1 --points 25", -72),
        Deal("Ben", "null --tricks 0 --bid 23", 23),  # Null 23 covers the bid 23, won
        PASS,  # 30
        # every trick, not announced: with 1, game 2, schneider 3, schwarz 4 x 24 = 96
        Deal("Carl", "grand --with 1 --tricks 10", 96),
        # with 2, game 3 x 10 = 30, lost: -60, Kontra x 2 = -120
        Deal("Anna", "hearts --with 2 --points 58 --kontra", -120),
        Deal("Ben", "clubs --with 3 --points 88", 48),  # with 3, game 4 x 12 = 48 (defenders 32)
        # bid 33 > 30 (with 2, game 3 x 10), but schneider made: 4 x 10 = 40 covers 33: won
        Deal("Carl", "hearts --with 2 --bid 33 --points 92", 40),
        Deal("Anna", "spades --with 1 --points 59", -44),  # with 1, game 2 x 11 = 22, lost: -44
        Deal("Ben", "grand --with 2 --hand --points 75", 96),  # with 2, game 3, hand 4 x 24 = 96
    ],
    # first entered as a lost clubs game, then undone: Ben had played it ouvert.
    slip_at=13,
    slip=Deal("Ben", "clubs --with 2 --points 50", -72),  # with 2, game 3 x 12 = 36: -72
    # first written down as Ben's spades game, corrected to Anna's grand after deal 20.
    typo_at=5,
    typo=Deal("Ben", "spades --with 1 --points 70", 22),  # with 1, game 2 x 11 = 22
    edit_after=20,
)

# Standard list by hand, deal by deal (declarer: scores):
#   Anna: 36 72 36 99 -100 132 72 59 -72 -120 -44           = 170, won 7, lost 4
#   Ben:  22 23 120 108 -54 48 -40 -336 23 48 96            =  58, won 8, lost 3
#   Carl: 30 -54 -70 46 96 -96 54 66 96 40                  = 208, won 7, lost 3
# Seeger-Fabian (the others lost: Anna 3+3, Ben 4+3, Carl 4+3):
#   Anna: 170 + 7 x 50 - 4 x 50 + 6 x 40 = 170 + 350 - 200 + 240 = 560
#   Ben:   58 + 8 x 50 - 3 x 50 + 7 x 40 =  58 + 400 - 150 + 280 = 588
#   Carl: 208 + 7 x 50 - 3 x 50 + 7 x 40 = 208 + 350 - 150 + 280 = 688

# Running totals after some deals (final sheet, i.e. with the corrected deal 5).
THREE_RUNNING = {
    10: {"Anna": 144, "Ben": 165, "Carl": -24},  # Anna 36+72+36, Ben 22+23+120, Carl 30-54
    20: {"Anna": 275, "Ben": 267, "Carl": 48},  # Anna +99-100+132, Ben +108-54+48, Carl -70+46+96
    30: {"Anna": 334, "Ben": -86, "Carl": 72},  # Anna +72+59-72, Ben -40-336+23, Carl -96+54+66
    36: {"Anna": 170, "Ben": 58, "Carl": 208},  # Anna -120-44, Ben +48+96, Carl +96+40
}
# After deal 20, before the edit: deal 5 was still Ben's +22 instead of Anna's +72.
THREE_BEFORE_EDIT = {"Anna": 203, "Ben": 289, "Carl": 48}  # Anna 275-72, Ben 267+22

# ---------------------------------------------------------------------------------------------
# Evening 2: four players, 48 deals. Anna, Ben, Carl, Dora deal in turn; the dealer sits out.
# ---------------------------------------------------------------------------------------------

CARDS_20 = "--cards 'CJ HJ CA CT CK C9 SA ST HA D8' --skat 'SJ H7'"
CARDS_21_4 = "--cards 'CJ HJ DJ SA ST SK HA HT HK C7' --skat 'SJ D7'"

FOUR = Evening(
    players=["Anna", "Ben", "Carl", "Dora"],
    deals=[
        # 1-12 (dealers A B C D A B C D A B C D)
        Deal("Ben", "clubs --with 1 --points 70", 24),  # with 1, game 2 x 12 = 24
        Deal("Carl", "grand --with 1 --points 66", 48),  # with 1, game 2 x 24 = 48
        Deal("Dora", "hearts --without 2 --points 81", 30),  # without 2, game 3 x 10 = 30
        Deal("Anna", "spades --with 2 --hand --points 72", 44),  # with 2, game 3, hand 4 x 11 = 44
        PASS,  # 5
        Deal("Dora", "null --tricks 2", -46),  # 6 (after the edit): Null 23, lost: -2 x 23
        # schneider made (defenders 29): with 3, game 4, schneider 5 x 9 = 45
        Deal("Anna", "diamonds --with 3 --points 91", 45),
        Deal("Ben", "grand --without 2 --points 57", -144),  # without 2, game 3 x 24 = 72: -144
        # with 1, game 2, hand 3, schneider 4, announced 5 x 12 = 60; made (defenders 28)
        Deal("Carl", "clubs --with 1 --hand --schneider --points 92", 60),
        Deal("Anna", "null --ouvert --tricks 1", -92),  # Null ouvert 46, lost: -92
        # without 3, game 4, hand 5 x 11 = 55
        Deal("Dora", "spades --without 3 --hand --points 66", 55),
        # 28 points, schneider against: with 1, game 2, schneider 3 x 10 = 30: -60
        Deal("Carl", "hearts --with 1 --points 28", -60),
        # 13-24 (dealers A B C D ...)
        # overbid: without 1, game 2 x 9 = 18 < bid 23; lowest diamonds value >= 23 is 27: -54
        Deal("Ben", "diamonds --without 1 --bid 23 --points 76", -54),
        PASS,  # 14
        # schneider made: with 4, game 5, schneider 6 x 24 = 144
        Deal("Anna", "grand --with 4 --points 95", 144),
        Deal("Carl", "null --hand --tricks 0", 35),  # Null hand 35, won
        Deal("Dora", "clubs --with 2 --points 68 --kontra", 72),  # 3 x 12 = 36, won, Kontra x 2
        # with 1, game 2 x 11 = 22, lost: -44, Kontra x 2 = -88
        Deal("Carl", "spades --with 1 --points 48 --kontra", -88),
        Deal("Ben", "hearts --with 3 --points 77 --re", 160),  # with 3, game 4 x 10 = 40, Re x 4
        # hand alone: with 1 (CJ, no SJ); SJ in the skat: CJ SJ HJ, with 3, game 4 x 12 = 48
        Deal("Anna", f"clubs {CARDS_20} --points 88", 48),
        # hand game, hand alone with 1; SJ in the skat: with 4, game 5, hand 6 x 24 = 144
        Deal("Ben", f"grand {CARDS_21_4} --hand --points 80", 144),
        # ouvert: with 1, game 2, hand 3, schneider 4, ann. 5, schwarz 6, ann. 7, ouvert 8 x 9 = 72
        Deal("Dora", "diamonds --with 1 --ouvert --tricks 10", 72),
        PASS,  # 23
        # schwarz announced, 9 tricks: lost at the announced level:
        # with 1, game 2, hand 3, schneider 4, ann. 5, schwarz 6, ann. 7 x 24 = 168: -336
        Deal("Carl", "grand --with 1 --hand --schwarz --tricks 9 --points 110", -336),
        # 25-36
        Deal("Ben", "null --ouvert --hand --tricks 1", -118),  # Null ouvert hand 59, lost: -118
        # with 2, game 3, hand 4 x 10 = 40 covers the bid 40 exactly
        Deal("Anna", "hearts --with 2 --hand --bid 40 --points 75", 40),
        Deal("Dora", "grand --without 1 --points 45", -96),  # without 1, game 2 x 24 = 48: -96
        # 60 loses: with 4, game 5 x 11 = 55: -110
        Deal("Ben", "spades --with 4 --points 60", -110),
        # bid 30 > 27 (with 2, game 3 x 9), but schneider made: 4 x 9 = 36 covers 30: won
        Deal("Carl", "diamonds --with 2 --bid 30 --points 93", 36),
        Deal("Dora", "clubs --without 1 --points 63", 24),  # 30 (undone first): 2 x 12 = 24
        Deal("Anna", "null --tricks 0", 23),  # Null 23, won
        PASS,  # 32
        # 31 points is not schneider: with 1, game 2, hand 3 x 11 = 33, lost: -66
        Deal("Dora", "spades --with 1 --hand --points 31", -66),
        # with 3, game 4, hand 5 x 12 = 60 covers the bid 60 exactly
        Deal("Carl", "clubs --with 3 --hand --bid 60 --points 80", 60),
        # overbid: with 1, game 2 x 10 = 20 < bid 24; lowest hearts value >= 24 is 30: -60
        Deal("Ben", "hearts --with 1 --bid 24 --points 70", -60),
        # every trick: with 2, game 3, schneider 4, schwarz 5 x 24 = 120
        Deal("Anna", "grand --with 2 --tricks 10", 120),
        # 37-48
        Deal("Carl", "null --ouvert --tricks 0", 46),  # Null ouvert 46, won
        # overbid: without 1, game 2 x 10 = 20 < bid 27 -> 30: -60, Kontra x 2 = -120
        Deal("Dora", "hearts --without 1 --bid 27 --points 80 --kontra", -120),
        # with 1, game 2 x 12 = 24, lost: -48, Re x 4 = -192
        Deal("Anna", "clubs --with 1 --points 52 --re", -192),
        Deal("Ben", "diamonds --with 2 --points 70", 27),  # with 2, game 3 x 9 = 27
        PASS,  # 41
        Deal("Carl", "spades --with 2 --points 74", 33),  # with 2, game 3 x 11 = 33
        Deal("Dora", "null --hand --tricks 0 --bid 35", 35),  # Null hand 35 covers 35, won
        Deal("Anna", "hearts --with 1 --points 82", 20),  # with 1, game 2 x 10 = 20
        # 20 points, schneider against: with 3, game 4, schneider 5 x 24 = 120: -240
        Deal("Ben", "grand --with 3 --points 20", -240),
        Deal("Anna", "spades --without 2 --points 66", 33),  # without 2, game 3 x 11 = 33
        # no trick (5 points from the skat): with 1, game 2, schneider 3, schwarz 4 x 12 = 48: -96
        Deal("Dora", "clubs --with 1 --points 5 --tricks 0", -96),
        Deal("Carl", "grand --with 1 --points 61", 48),  # 61 wins: with 1, game 2 x 24 = 48
    ],
    # first entered as Anna's lost grand, then undone: Dora had played clubs.
    slip_at=30,
    slip=Deal("Anna", "grand --with 1 --points 50", -96),  # with 1, game 2 x 24 = 48: -96
    # first written down as Carl's hearts game, corrected to Dora's Null after deal 40.
    typo_at=6,
    typo=Deal("Carl", "hearts --with 1 --points 70", 20),  # with 1, game 2 x 10 = 20
    edit_after=40,
)

# Standard list by hand, deal by deal (declarer: scores):
#   Anna: 44 45 -92 144 48 40 23 120 -192 20 33                  =  233, won 9, lost 2
#   Ben:  24 -144 -54 160 144 -118 -110 -60 27 -240              = -371, won 4, lost 6
#   Carl: 48 60 -60 35 -88 -336 36 60 46 33 48                   = -118, won 8, lost 3
#   Dora: 30 -46 55 72 72 -96 24 -66 -120 35 -96                 = -136, won 6, lost 5
# Seeger-Fabian, 30 for each game another player lost (Anna 6+3+5, Ben 2+3+5, Carl 2+6+5,
# Dora 2+6+3), whether sitting out or not:
#   Anna:  233 + 9 x 50 - 2 x 50 + 14 x 30 =  233 + 450 - 100 + 420 = 1003
#   Ben:  -371 + 4 x 50 - 6 x 50 + 10 x 30 = -371 + 200 - 300 + 300 = -171
#   Carl: -118 + 8 x 50 - 3 x 50 + 13 x 30 = -118 + 400 - 150 + 390 =  522
#   Dora: -136 + 6 x 50 - 5 x 50 + 11 x 30 = -136 + 300 - 250 + 330 =  244

FOUR_RUNNING = {
    # Anna 44+45-92, Ben 24-144, Carl 48+60-60, Dora 30-46+55
    12: {"Anna": -3, "Ben": -120, "Carl": 48, "Dora": 39},
    # Anna +144+48, Ben -54+160+144, Carl +35-88-336, Dora +72+72
    24: {"Anna": 189, "Ben": 130, "Carl": -341, "Dora": 183},
    # Anna +40+23+120, Ben -118-110-60, Carl +36+60, Dora -96+24-66
    36: {"Anna": 372, "Ben": -158, "Carl": -245, "Dora": 45},
    # Anna -192, Ben +27, Carl +46, Dora -120
    40: {"Anna": 180, "Ben": -131, "Carl": -199, "Dora": -75},
    # Anna +20+33, Ben -240, Carl +33+48, Dora +35-96
    48: {"Anna": 233, "Ben": -371, "Carl": -118, "Dora": -136},
}
# After deal 40, before the edit: deal 6 was still Carl's +20 instead of Dora's -46.
# Anna and Ben as at 40; Carl -199+20, Dora -75+46
FOUR_BEFORE_EDIT = {"Anna": 180, "Ben": -131, "Carl": -179, "Dora": -29}


# ---------------------------------------------------------------------------------------------
# Driving the command line
# ---------------------------------------------------------------------------------------------


def skatcalc(*args: str | Path) -> tuple[int, str, str]:
    result = cli(*[str(a) for a in args])
    return result.code, result.stdout, result.stderr


def ok_json(*args: str | Path) -> Any:
    code, out, err = skatcalc(*args, "--json")
    assert (code, err) == (0, ""), f"{args}: exit {code}, {err}"
    return json.loads(out)


def enter(sheet: Path, deal: Deal) -> dict[str, Any]:
    """`sheet pass` or `sheet add`; return the deal as the command reports it."""
    if deal.declarer is None:
        row = ok_json("sheet", "pass", sheet)
        assert row["passed"] is True
    else:
        row = ok_json("sheet", "add", sheet, "--declarer", deal.declarer, *shlex.split(deal.game))
        assert (row["declarer"], row["score"]) == (deal.declarer, deal.score)
    return row


def refused(sheet: Path, *args: str) -> str:
    """The command must be refused with exit 4 and leave the file byte for byte as it was."""
    before = sheet.read_bytes()
    code, out, err = skatcalc(*args)
    assert (code, out) == (4, ""), f"{args}: exit {code}, {out}"
    assert err.startswith("error: ")
    assert sheet.read_bytes() == before
    return err


def totals(sheet: Path, deals: int) -> dict[str, int]:
    """The running totals after the last deal, which must be deal `deals`."""
    shown = ok_json("sheet", "show", sheet)
    assert shown["series"]["deals"] == len(shown["games"]) == deals
    return shown["games"][-1]["totals"]


def play(
    sheet: Path, evening: Evening, dealers: list[str]
) -> tuple[dict[str, int], dict[str, int]]:
    """Play the evening deal by deal, with one slip undone and one typo edited on the way.

    Returns the running totals just before and just after the edit.
    """
    # The ISkO list with Kontra and Re allowed: these evenings have Kontra and Re games.
    assert skatcalc("sheet", "new", sheet, *evening.players, "--kontra")[0] == 0
    four = len(evening.players) == 4
    around_edit: tuple[dict[str, int], dict[str, int]] = ({}, {})
    for n, deal in enumerate(evening.deals, start=1):
        dealer = dealers[n - 1]
        if four and deal.declarer is not None:
            # The data itself must keep the rule, and naming the dealer is refused.
            assert deal.declarer != dealer, f"deal {n}: {dealer} deals and sits out"
            err = refused(
                sheet, "sheet", "add", sheet, "--declarer", dealer, "clubs", "--with", "1"
            )
            assert dealer in err
        if n == evening.slip_at:
            assert enter(sheet, evening.slip)["n"] == n
            undone = ok_json("sheet", "undo", sheet)
            removed = undone["removed"]
            assert (removed["n"], removed["score"]) == (n, evening.slip.score)
            assert undone["totals"] == totals(sheet, n - 1)
        row = enter(sheet, evening.typo if n == evening.typo_at else deal)
        assert (row["n"], row["dealer"]) == (n, dealer)
        if n == evening.edit_after:
            before = totals(sheet, n)
            fixed = evening.deals[evening.typo_at - 1]
            assert fixed.declarer is not None
            edit = ["sheet", "edit", sheet, str(evening.typo_at), "--declarer", fixed.declarer]
            row = ok_json(*edit, *shlex.split(fixed.game))
            assert (row["n"], row["declarer"], row["score"]) == (
                evening.typo_at,
                fixed.declarer,
                fixed.score,
            )
            around_edit = (before, totals(sheet, n))
    return around_edit


def check_sheet(
    sheet: Path,
    evening: Evening,
    dealers: list[str],
    running: dict[int, dict[str, int]],
    final: list[dict[str, Any]],
    series: int,
) -> None:
    shown = ok_json("sheet", "show", sheet)
    games = shown["games"]
    assert [g["n"] for g in games] == list(range(1, series + 1))
    assert [g["dealer"] for g in games] == dealers
    assert [g["declarer"] for g in games] == [d.declarer for d in evening.deals]
    assert [g["passed"] for g in games] == [d.declarer is None for d in evening.deals]
    assert [g.get("score") for g in games] == [d.score for d in evening.deals]
    for n, expected in running.items():
        assert games[n - 1]["totals"] == expected, f"after deal {n}"
    assert shown["series"] == {
        "deals": series, "of": series, "number": 1, "deal_in_series": series,
    }  # fmt: skip
    keys = ("name", "score", "won", "lost", "seeger_fabian")
    assert [{key: p[key] for key in keys} for p in shown["players"]] == final

    # Cross-check the hand-kept totals against the hand-kept deal scores (sums only).
    for player in final:
        mine = [d.score for d in evening.deals if d.declarer == player["name"]]
        assert sum(s for s in mine if s is not None) == player["score"], player["name"]
        assert sum(1 for s in mine if s is not None and s > 0) == player["won"], player["name"]
        assert sum(1 for s in mine if s is not None and s < 0) == player["lost"], player["name"]


# ---------------------------------------------------------------------------------------------
# The evenings
# ---------------------------------------------------------------------------------------------


def test_three_player_evening(tmp_path: Path) -> None:
    sheet = tmp_path / "evening.toml"
    dealers = ["Anna", "Ben", "Carl"] * 12
    assert len(THREE.deals) == 36
    assert sum(d.declarer is None for d in THREE.deals) == 4

    before, after = play(sheet, THREE, dealers)
    assert before == THREE_BEFORE_EDIT
    assert after == THREE_RUNNING[20]

    check_sheet(sheet, THREE, dealers, THREE_RUNNING, THREE_TOTALS, 36)


def test_four_player_evening(tmp_path: Path) -> None:
    sheet = tmp_path / "evening.toml"
    dealers = ["Anna", "Ben", "Carl", "Dora"] * 12
    assert len(FOUR.deals) == 48
    assert sum(d.declarer is None for d in FOUR.deals) == 5

    before, after = play(sheet, FOUR, dealers)
    assert before == FOUR_BEFORE_EDIT
    assert after == FOUR_RUNNING[40]

    # Editing a deal so that its dealer plays is refused too (deal 6: Ben deals).
    err = refused(sheet, "sheet", "edit", sheet, "6", "--declarer", "Ben", "grand", "--with", "1")
    assert "Ben" in err

    check_sheet(sheet, FOUR, dealers, FOUR_RUNNING, FOUR_TOTALS, 48)
