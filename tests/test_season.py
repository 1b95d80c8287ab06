"""The year's ranking (issue 31 item 4): a season of sheets and tournaments, worked by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest

from skatcalc.errors import SkatError
from skatcalc.season import season
from skatcalc.sheet.model import Deal, Rules, Sheet
from skatcalc.spec import GameSpec
from skatcalc.tournament.model import Tournament

# One deal at three is one series here (series_length 1). Seeger-Fabian, by hand:
#   won:  grand with 1, 70 points: 2 x 24 = 48, +48 + 50 = +98 for the declarer
#   lost: clubs with 1, 50 points: 2 x 12 = 24, -48 - 50 = -98; each other player +40
WON = GameSpec("grand", with_=1, points=70)
LOST = GameSpec("clubs", with_=1, points=50)
ONE = Rules(series_length=1)

# Twelve evenings of four players, three a night: Anna all 12, Ben 9, Carl 8, Dora 7
# (5 x ABC, 4 x ABD, 3 x ACD: A 5+4+3 = 12, B 5+4 = 9, C 5+3 = 8, D 4+3 = 7).
EVENINGS = [
    (("Anna", "Ben", "Carl"), "Anna", WON),  # 1: A +98
    (("Anna", "Ben", "Carl"), "Ben", WON),  # 2: B +98
    (("Anna", "Ben", "Carl"), "Carl", LOST),  # 3: C -98, A +40, B +40
    (("Anna", "Ben", "Carl"), "Anna", LOST),  # 4: A -98, B +40, C +40
    (("Anna", "Ben", "Carl"), "Ben", WON),  # 5: B +98
    (("Anna", "Ben", "Dora"), "Dora", WON),  # 6: D +98
    (("Anna", "Ben", "Dora"), "Anna", WON),  # 7: A +98
    (("Anna", "Ben", "Dora"), "Ben", LOST),  # 8: B -98, A +40, D +40
    (("Anna", "Ben", "Dora"), "Dora", LOST),  # 9: D -98, A +40, B +40
    (("Anna", "Carl", "Dora"), "Carl", WON),  # 10: C +98
    (("Anna", "Carl", "Dora"), "Anna", WON),  # 11: A +98
    (("Anna", "Carl", "Dora"), "Dora", WON),  # 12: D +98
]
# Each player's evenings:
#   Anna: +98 0 +40 -98 0 0 +98 +40 +40 0 +98 0 = 316 over 12
#   Ben:  0 +98 +40 +40 +98 0 0 -98 +40 = 218 over 9
#   Carl: 0 0 -98 +40 0 +98 0 0 = 40 over 8
#   Dora: +98 0 +40 -98 0 0 +98 = 138 over 7


def twelve() -> list[Sheet]:
    return [
        Sheet.new(list(players), ONE).add(Deal(declarer, game))
        for players, declarer, game in EVENINGS
    ]


def test_every_series_counts_by_default() -> None:
    year = season(twelve())
    assert [(p.place, p.name, p.points, p.played) for p in year.ranking] == [
        (1, "Anna", 316, 12),
        (2, "Ben", 218, 9),
        (3, "Dora", 138, 7),
        (4, "Carl", 40, 8),
    ]
    assert year.apart == ()
    assert year.ranking[0].average == Fraction(316, 12)


def test_twelve_evenings_at_least_8_series_best_10() -> None:
    year = season(twelve(), min_series=8, best=10)
    # Anna's best 10 of 12: +98 x 3, +40 x 3 and four of her five 0s (the earliest: evenings
    # 2, 5, 6, 10); -98 (evening 4) and the last 0 (evening 12) are not counted:
    # 3 x 98 + 3 x 40 = 414 over 10 series, 41.4 a series.
    # Ben and Carl have fewer than 10: all count. Dora has 7 < 8 series: apart.
    assert [(p.place, p.name, p.points, p.series, p.played) for p in year.ranking] == [
        (1, "Anna", 414, 10, 12),
        (2, "Ben", 218, 9, 9),
        (3, "Carl", 40, 8, 8),
    ]
    assert year.ranking[0].average == Fraction(414, 10)
    assert [(p.place, p.name, p.points, p.played) for p in year.apart] == [(0, "Dora", 138, 7)]
    anna = year.ranking[0]
    assert [x.sheet for x in anna.lists if not x.counted] == [4, 12]


def test_a_sheet_of_several_series_is_split_as_sheet_stats_counts_them() -> None:
    # series of 2 deals; 3 deals: series 1 (deals 1-2), half a series (deal 3)
    sheet = Sheet.new(["Anna", "Ben", "Carl"], Rules(series_length=2)).extend(
        [Deal("Anna", WON), Deal("Anna", LOST), Deal("Ben", WON)]
    )
    anna = next(p for p in season([sheet]).ranking if p.name == "Anna")
    # series 1: +98 - 98 = 0; the half: 0 (Ben's game)
    assert [(x.part, x.points, x.series) for x in anna.lists] == [(1, 0, 1), (2, 0, Fraction(1, 2))]
    assert anna.played == Fraction(3, 2)
    ben = season([sheet], best=1).ranking[0]
    # Ben: series 1: +40 (Anna's lost game), the half: +98; his best one: the half, 98
    assert (ben.name, ben.points, ben.series, ben.played) == (
        "Ben",
        98,
        Fraction(1, 2),
        Fraction(3, 2),
    )
    assert ben.average == 196


def test_equal_points_share_a_place_ordered_by_the_average() -> None:
    a = Sheet.new(["Anna", "Ben", "Carl"], ONE).add(Deal("Anna", WON))  # Anna +98
    b = Sheet.new(["Ben", "Carl", "Dora"], ONE).extend(
        [Deal("Ben", WON), Deal("Carl", WON)]
    )  # Ben +98, Carl +98 (two series)
    year = season([a, b])
    # Anna 98 in 1 series, Ben 98 in 3 (1 + 2), Carl 98 in 3: Anna first by her average
    assert [(p.place, p.tied, p.name) for p in year.ranking[:3]] == [
        (1, False, "Anna"),
        (2, True, "Ben"),
        (2, True, "Carl"),
    ]


def test_a_tournament_counts_its_counted_tables() -> None:
    t = Tournament.new("Cup", ["Anna", "Ben", "Carl"], planned=2, length_three=1)
    t = t.draw_next(1).draw_next(2)
    one = t.series[0].tables[0].players
    first = Sheet.new(one, t.table_rules(3)).add(Deal(one[0], WON))
    year = season([(t, {(1, 1): first})])  # series 2 has no sheet yet
    assert [(p.name, p.points) for p in year.ranking if p.points] == [(one[0], 98)]
    assert [(h.series, h.table, h.reason) for _, h in year.held] == [(2, 1, "missing")]


@pytest.mark.parametrize(("options", "code"), [
    ({"best": 0}, "err.season.best"),
    ({"best": 1001}, "err.season.best"),
    ({"min_series": -1}, "err.season.min_series"),
    ({"min_series": True}, "err.season.min_series"),
])  # fmt: skip
def test_counts_out_of_range_are_refused(options: dict[str, int], code: str) -> None:
    with pytest.raises(SkatError) as raised:
        season([], **options)
    assert raised.value.code == code
