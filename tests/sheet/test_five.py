"""Five at a table (issue 22 point 10), in the domain: who sits out, the series, the lists.

The rules (skat-scoring.md, from the ISkO): from the dealer's view the two players to the left
and the one to the right play; the dealer and the player third to the dealer's left sit out,
and both partake in the game as the dealer does at four. Seating order runs to the left: in
Anna, Ben, Carl, Dora, Emil, Ben sits to Anna's left and Emil to her right. For a game the
declarer loses each other player gets 24 in the Seeger-Fabian list (120 / 5); a series is 60
deals. Every expected number below is worked by hand in the comment beside it.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from skatcalc.errors import SheetError
from skatcalc.sheet.deal import sitting_out
from skatcalc.sheet.model import Deal, Ramsch, Rules, Sheet
from skatcalc.sheet.stats import settle_sheets, stats
from skatcalc.spec import GameSpec
from tests.said import raises_saying

FIVE = ["Anna", "Ben", "Carl", "Dora", "Emil"]


def test_who_sits_out_each_deal_of_a_round() -> None:
    sheet = Sheet.new(FIVE)
    # deal 1: Anna deals; Ben and Carl to her left and Emil to her right play; Dora, third
    # to her left, sits out with her. Then the deal passes to the left.
    assert [sheet.sitting_out(i) for i in range(6)] == [
        ("Anna", "Dora"),
        ("Ben", "Emil"),
        ("Carl", "Anna"),
        ("Dora", "Ben"),
        ("Emil", "Carl"),
        ("Anna", "Dora"),
    ]


def test_a_series_of_60_deals_each_player_deals_12_and_sits_out_24() -> None:
    sheet = Sheet.new(FIVE).extend([Deal.passed()] * 60)
    tally = sheet.tally()
    assert tally.series_length == 60
    assert tally.series == (1, 60)
    assert Counter(entry.dealer for entry in tally.deals) == dict.fromkeys(FIVE, 12)
    out = Counter(name for i in range(60) for name in sheet.sitting_out(i))
    assert out == dict.fromkeys(FIVE, 24)
    # one more deal begins the second series
    assert sheet.add(Deal.passed()).tally().series == (2, 1)
    # each player sat in 60 - 24 = 36 deals, a whole series
    assert [p.deals for p in stats([(sheet, tally)]).players] == [36] * 5


def test_three_and_four_are_as_before() -> None:
    assert sitting_out(("A", "B", "C"), "B") == ()
    assert sitting_out(("A", "B", "C", "D"), "C") == ("C",)


@pytest.mark.parametrize(
    ("declarer", "said"),
    [
        ("Anna", "deal 1: Anna sits out this deal"),  # she deals
        ("Dora", "deal 1: Dora sits out this deal"),  # third to the dealer's left
    ],
)
def test_a_player_sitting_out_cannot_declare(declarer: str, said: str) -> None:
    game = Deal(declarer, GameSpec("grand", with_=1, points=70))
    with raises_saying(SheetError, match=said):
        Sheet.new(FIVE).add(game)


def test_seeger_fabian_gives_each_other_player_24_for_a_lost_game() -> None:
    # deal 1 (Anna deals, Dora sits out too): Ben grand with 1, 50 points: 2 x 24 = 48, lost
    # -96; Seeger-Fabian Ben -96 - 50 = -146, and each of the four others +24, those sitting
    # out (Anna, Dora) included.
    # deal 2 (Ben deals, Emil sits out too): Carl clubs with 2, 75: 3 x 12 = 36, won +36;
    # Seeger-Fabian +36 + 50 = +86.
    sheet = Sheet.new(FIVE).extend(
        [
            Deal("Ben", GameSpec("grand", with_=1, points=50)),
            Deal("Carl", GameSpec("clubs", with_=2, points=75)),
        ]
    )
    totals = {p.name: (p.score, p.seeger_fabian) for p in sheet.tally().players}
    assert totals == {
        "Anna": (0, 24),
        "Ben": (-96, -146),
        "Carl": (36, 24 + 86),  # 110
        "Dora": (0, 24),
        "Emil": (0, 24),
    }


def test_opponents_five_is_a_rule() -> None:
    # the same lost grand with 30 for each other player
    rules = Rules(opponents_five=30)
    sheet = Sheet.new(FIVE, rules).add(Deal("Ben", GameSpec("grand", with_=1, points=50)))
    assert [p.seeger_fabian for p in sheet.tally().players] == [30, -146, 30, 30, 30]
    with raises_saying(SheetError, match="rule opponents_five is -1"):
        Rules(opponents_five=-1)


# Bierlachs: a won game is minus for each of the others; those who sit out take it too unless
# the rule bierlachs_dealer is off (as the dealer does at four).
BIERLACHS = [
    # deal 1: Anna deals, Dora sits out; Ben grand with 1, 70: +48 won
    Deal("Ben", GameSpec("grand", with_=1, points=70)),
    # deal 2: Ben deals, Emil sits out; Carl clubs with 1, 50: 2 x 12 = 24, lost -48
    Deal("Carl", GameSpec("clubs", with_=1, points=50)),
    # deal 3: Carl deals, Anna sits out; Dora, Emil, Ben play a Ramsch: Emil Durchmarsch +120
    Deal.of_ramsch(Ramsch((("Dora", 0), ("Emil", 120), ("Ben", 0)), durchmarsch="Emil")),
]


@pytest.mark.parametrize(
    ("dealer_takes", "minus"),
    [
        # deal 1: -48 for Anna, Carl, Dora, Emil; deal 2: Carl -48; deal 3: -120 for Anna,
        # Ben, Carl, Dora: Anna -168, Ben -120, Carl -216, Dora -168, Emil -48
        (True, [-168, -120, -216, -168, -48]),
        # deal 1: Anna and Dora sit out: -48 for Carl and Emil; deal 2: Carl -48; deal 3:
        # Carl and Anna sit out: -120 for Dora and Ben: Anna 0, Ben -120, Carl -96,
        # Dora -120, Emil -48
        (False, [0, -120, -96, -120, -48]),
    ],
)
def test_bierlachs_both_players_sitting_out_follow_bierlachs_dealer(
    dealer_takes: bool, minus: list[int]
) -> None:
    rules = Rules(scoring="bierlachs", ramsch=True, bierlachs_dealer=dealer_takes)
    sheet = Sheet.new(FIVE, rules).extend(BIERLACHS)
    assert [p.bierlachs for p in sheet.tally().players] == minus


def test_only_the_three_in_the_deal_play_a_ramsch() -> None:
    rules = Rules(ramsch=True)
    sheet = Sheet.new(FIVE, rules)
    # deal 1: Anna deals and Dora sits out: Ben, Carl, Emil play it
    with raises_saying(SheetError, match="a Ramsch needs the card points of Ben, Carl, Emil"):
        sheet.add(Deal.of_ramsch(Ramsch((("Ben", 62), ("Carl", 58), ("Dora", 0)))))
    points = (("Ben", 62), ("Carl", 58), ("Emil", 0))
    with raises_saying(SheetError, match="Dora sits out this Ramsch"):
        sheet.add(Deal.of_ramsch(Ramsch(points, jungfrau=("Dora",))))
    with raises_saying(SheetError, match="Anna deals and sits out this Ramsch"):
        sheet.add(Deal.of_ramsch(Ramsch(points, last_trick="Anna")))
    # Ben takes the most, 62, doubled for Emil, who took no trick: -124
    done = sheet.add(Deal.of_ramsch(Ramsch(points, jungfrau=("Emil",))))
    assert [p.score for p in done.tally().players] == [0, -124, 0, 0, 0]


def test_a_bock_round_at_five_is_five_deals() -> None:
    # deal 1: Ben grand hand with 1, 70 won: 3 x 24 = 72, sets off a Bock round of one deal
    # per player: deals 2 to 6 count double, deal 7 single
    rules = Rules(bock=True)
    grand_hand = Deal("Ben", GameSpec("grand", with_=1, hand=True, points=70))
    sheet = Sheet.new(FIVE, rules).extend([grand_hand, *[Deal.passed()] * 6])
    assert [entry.bock for entry in sheet.tally().deals] == [0, 1, 1, 1, 1, 1, 0]


def test_the_statistics_and_the_settlement_at_five() -> None:
    # deal 1 (Anna, Dora out): Ben clubs with 2, 75: +36, Seeger-Fabian +86
    # deal 2 (Ben, Emil out): Dora grand with 1, 50: -96, Seeger-Fabian -146, others +24
    # deal 3 (Carl, Anna out): passed
    sheet = Sheet.new(FIVE).extend(
        [
            Deal("Ben", GameSpec("clubs", with_=2, points=75)),
            Deal("Dora", GameSpec("grand", with_=1, points=50)),
            Deal.passed(),
        ]
    )
    tally = sheet.tally()
    season = stats([(sheet, tally)])
    # deals sat in, of 3: Anna out in 1 and 3, Ben in 2, Carl in 3, Dora in 1, Emil in 2
    assert [p.deals for p in season.players] == [1, 2, 2, 2, 2]
    # Seeger-Fabian: Anna 24, Ben 86 + 24 = 110, Carl 24, Dora -146, Emil 24 (sum 36)
    assert [p.seeger_fabian for p in season.players] == [24, 110, 24, -146, 24]
    # a point is a cent: each pair settles the difference, so a balance is
    # 5 x points - 36: Anna 84, Ben 514, Carl 84, Dora -766, Emil 84
    done = settle_sheets([(sheet, tally)], 1)
    assert [p.balance for p in done.players] == [84, 514, 84, -766, 84]


def test_the_chart_draws_each_of_five_players_with_a_pen_of_their_own() -> None:
    from skatcalc.formats.chart import svg_chart

    sheet = Sheet.new(FIVE).add(Deal("Ben", GameSpec("grand", with_=1, points=50)))
    svg = svg_chart(sheet.tally(), 900, 200)
    pens = re.findall(r'<polyline points="[^"]*" fill="none"( [^>]*) stroke-linejoin', svg)
    assert len(pens) == 5
    # a colour of their own on screen, a dash of their own on a black-and-white print
    colours = [re.search(r'stroke="([^"]*)"', pen) for pen in pens]
    dashes = [re.search(r'stroke-dasharray="([^"]*)"', pen) for pen in pens]
    assert len({found and found[1] for found in colours}) == 5
    assert len({found and found[1] for found in dashes}) == 5  # the first is solid (None)
