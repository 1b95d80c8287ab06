"""Data more than one test module uses: each test imports it from here, never from another test.

Every value is written out by hand (see the test that first used it for the working).
"""

from __future__ import annotations

from skatcalc.cards import Rank, Suit
from skatcalc.sheet.model import Deal, Sheet, Tally
from skatcalc.spec import GameSpec

# The German names of the suits and ranks a player may write (tests/test_cards.py,
# tests/strategies.py).
GERMAN_SUITS = {
    Suit.CLUBS: ["Kreuz", "Eichel", "Treff"],
    Suit.SPADES: ["Pik", "Grün", "Gruen", "Laub", "Blatt"],
    Suit.HEARTS: ["Herz", "Rot"],
    Suit.DIAMONDS: ["Karo", "Schellen"],
}
GERMAN_RANKS = {
    Rank.SEVEN: "Sieben",
    Rank.EIGHT: "Acht",
    Rank.NINE: "Neun",
    Rank.TEN: "Zehn",
    Rank.JACK: "Bube",
    Rank.QUEEN: "Dame",
    Rank.KING: "König",
    Rank.ACE: "Ass",
}

# The bid ladder, copied from skat-scoring.md (tests/test_value.py, tests/test_bidding.py).
RULES_BIDS = [
    int(b)
    for b in """
18 20 22 23 24 27 30 33 35 36 40 44 45 46 48 50 54 55 59 60 63 66 70 72 77 80 81 84 88 90 96 99 100
108 110 117 120 121 126 130 132 135 140 143 144 150 153 154 156 160 162 165 168 170 176 180 187 192
198 204 216 240 264""".split()
]

# The breakdown of clubs hand with 2, bid 20, 56 points: `value` prints it, `sheet add` too
# (tests/cli/test_value.py, tests/cli/test_sheet.py, tests/cli/test_notation_cli.py).
LOST_CLUBS_HAND = (
    "Clubs hand, with 2\n"
    "  with 2, game 3, hand 4 × 12 = 48\n"
    "  bid 20: covered (the value covers every bid up to 48)\n"
    "Lost: 56 card points, the declarer needs 61\n"
    "Score -96: a lost game counts double, -2 × 48\n"
    "Seeger-Fabian -146: the score and -50 for the lost game "
    "(each other player at the table +40 at three players, +30 at four, +24 at five)\n"
)

# A valid three-player sheet file (tests/sheet/test_store.py, test_hostile.py, tests/test_fuzz.py).
GOOD = """\
format = 1
players = ["Anna", "Ben", "Carl"]

[rules]
won_bonus = 50

[[deal]]
declarer = "Anna"
game = "clubs"
with = 2
points = 70

[[deal]]
passed = true
"""

# The standard totals of the three-player evening (tests/cli/test_evenings.py, tests/test_examples.py).
THREE_TOTALS = [
    {"name": "Anna", "score": 170, "won": 7, "lost": 4, "seeger_fabian": 560},
    {"name": "Ben", "score": 58, "won": 8, "lost": 3, "seeger_fabian": 588},
    {"name": "Carl", "score": 208, "won": 7, "lost": 3, "seeger_fabian": 688},
]

# The standard totals of the four-player evening (tests/cli/test_evenings.py, tests/test_examples.py).
FOUR_TOTALS = [
    {"name": "Anna", "score": 233, "won": 9, "lost": 2, "seeger_fabian": 1003},
    {"name": "Ben", "score": -371, "won": 4, "lost": 6, "seeger_fabian": -171},
    {"name": "Carl", "score": -118, "won": 8, "lost": 3, "seeger_fabian": 522},
    {"name": "Dora", "score": -136, "won": 6, "lost": 5, "seeger_fabian": 244},
]


# A season of two sheets (tests/sheet/test_stats.py, tests/cli/test_settle.py).
def season_of_two() -> list[tuple[Sheet, Tally]]:
    """Two sheets; Anna is "anna" on the second (names match ignoring case)."""
    first = Sheet.new(["Anna", "Ben", "Carl"]).extend(
        [
            Deal("Anna", GameSpec("grand", with_=1, points=50)),  # 2 × 24 = 48, lost -96
            Deal("Ben", GameSpec("clubs", with_=2, hand=True, points=56, bid=20)),  # -96
            Deal("Carl", GameSpec("null", ouvert=True, tricks=0)),  # +46
        ]
    )
    second = Sheet.new(["Ben", "Carl", "Dora", "anna"]).extend(
        [
            Deal("Dora", GameSpec("grand", with_=4, points=95)),  # 6 × 24 = 144, won (Ben deals)
            Deal("anna", GameSpec("diamonds", without=2, points=50)),  # 3 × 9 = 27, -54
        ]
    )
    return [(first, first.tally()), (second, second.tally())]


SHEET_TWO_PROBLEMS = """\
format = 1
players = ["Anna", "Ben", "Carl"]

[rules]
won_bonus = "x"

[[deal]]
declarer = "Ben"
game = "clubs"
with = 2
points = 70

[[deal]]
declarer = "Dora"
game = "grand"
with = 1
points = 70
"""
"""A sheet file with two problems: a rule of the wrong type (line 5) and a declarer who is not
at the table (deal 2, line 14); the store must name both lines in every language."""
