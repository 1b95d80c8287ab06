"""Two evenings of Skat, each deal written by hand twice: as the deal notation a player types
(docs/notation.md) and as the `skatcalc` arguments of today's options.

Written from the rules (/work/shared/skat-scoring.md, docs/rules.md), never from skatcalc's output.
Used by bench/keystrokes.py (characters per deal) and tests/cli/test_notation_evenings.py (the two
forms give the same sheet; the totals at the end agree with a list kept by hand). Plain data, no
imports: bench/ is not a package, so the tests load this file by its path.

An evening is a dict:

- ``new``: the `skatcalc` arguments that start the sheet;
- ``steps``: one tuple per thing typed, in order: ``(line, argv, score)``:
  - ``line``: the notation as typed into the table mode (``pass``, ``undo`` there too);
  - ``argv``: the same step with today's options (``FILE`` stands for the sheet's path);
  - ``score``: the deal's score in the standard list, by hand, as ``{player: points}``: the
    declarer's +value / -2 x value (Kontra x2, Re x4), a Ramsch loser's loss; ``{}`` for a passed
    deal, ``None`` for an undo (which takes back the step before it).

Tops: with/without N gives N + 1 for the game; then +1 each for hand, schneider (made: a side at
30 card points or fewer), schneider announced, schwarz, schwarz announced, ouvert.
"""

FILE = "abend.toml"  # stands for the sheet's path in every argv

# ---------------------------------------------------------------------------------------------
# Three players, 36 deals (38 steps: one deal entered for the wrong player and undone).
# ISkO rules with Kontra allowed (`sheet new --kontra`); Seeger-Fabian list. The notation is
# typed in English short forms. At three the dealer plays too.
# ---------------------------------------------------------------------------------------------

# fmt: off
THREE = {
    "new": ["sheet", "new", FILE, "Anna", "Ben", "Carl", "--kontra"],
    "steps": [
        # 1  clubs with 1: 2 x 12 = 24, covers bid 20; 72 won
        ("be cl w1 72 b20", ["sheet", "add", FILE, "--declarer", "Ben", "clubs", "--with", "1", "--points", "72", "--bid", "20"], {"Ben": 24}),
        # 2  hearts without 2: 3 x 10 = 30, covers 30; 64 won
        ("ca he wo2 64 b30", ["sheet", "add", FILE, "--declarer", "Carl", "hearts", "--without", "2", "--points", "64", "--bid", "30"], {"Carl": 30}),
        # 3  everybody passed
        ("pass", ["sheet", "pass", FILE], {}),
        # 4  spades with 1: 2 x 11 = 22; 55 lost: -2 x 22
        ("an sp w1 55 b22", ["sheet", "add", FILE, "--declarer", "Anna", "spades", "--with", "1", "--points", "55", "--bid", "22"], {"Anna": -44}),
        # 5  grand with 1: 2 x 24 = 48; 78 won
        ("be gr w1 78", ["sheet", "add", FILE, "--declarer", "Ben", "grand", "--with", "1", "--points", "78"], {"Ben": 48}),
        # 6  diamonds with 2: 3 x 9 = 27, covers 27; 81 won (defenders 39)
        ("ca di w2 81 b27", ["sheet", "add", FILE, "--declarer", "Carl", "diamonds", "--with", "2", "--points", "81", "--bid", "27"], {"Carl": 27}),
        # 7  Null 23, no trick
        ("an nu + b23", ["sheet", "add", FILE, "--declarer", "Anna", "null", "--tricks", "0", "--bid", "23"], {"Anna": 23}),
        # 8  clubs without 1, defenders 29 (declarer 91): schneider; game 2, schneider 3 x 12 = 36
        ("be cl wo1 d29", ["sheet", "add", FILE, "--declarer", "Ben", "clubs", "--without", "1", "--points", "91"], {"Ben": 36}),
        # 9  hearts with 1: 2 x 10 = 20; 58 lost: -2 x 20 = -40, Kontra x 2
        ("ca he w1 k 58", ["sheet", "add", FILE, "--declarer", "Carl", "hearts", "--with", "1", "--points", "58", "--kontra"], {"Carl": -80}),
        # 10 grand hand with 2: game 3, hand 4 x 24 = 96, covers 36; 88 won (defenders 32)
        ("an gr w2 h 88 b36", ["sheet", "add", FILE, "--declarer", "Anna", "grand", "--with", "2", "--hand", "--points", "88", "--bid", "36"], {"Anna": 96}),
        # 11 Null ouvert 46, covers 46; no trick
        ("be nu ov won b46", ["sheet", "add", FILE, "--declarer", "Ben", "null", "--ouvert", "--tricks", "0", "--bid", "46"], {"Ben": 46}),
        # 12 clubs with 2: 3 x 12 = 36, covers 33; 61 won
        ("ca cl w2 61 b33", ["sheet", "add", FILE, "--declarer", "Carl", "clubs", "--with", "2", "--points", "61", "--bid", "33"], {"Carl": 36}),
        # 13 everybody passed
        ("pass", ["sheet", "pass", FILE], {}),
        # 14 spades without 1: 2 x 11 = 22; 68 won
        ("an sp wo1 68", ["sheet", "add", FILE, "--declarer", "Anna", "spades", "--without", "1", "--points", "68"], {"Anna": 22}),
        # 15 hearts with 2: 3 x 10 = 30; 45 lost: -2 x 30
        ("be he w2 45 b30", ["sheet", "add", FILE, "--declarer", "Ben", "hearts", "--with", "2", "--points", "45", "--bid", "30"], {"Ben": -60}),
        # 16 Null 23, took a trick: -2 x 23
        ("ca nu lost b23", ["sheet", "add", FILE, "--declarer", "Carl", "null", "--tricks", "1", "--bid", "23"], {"Carl": -46}),
        # 17 overbid: clubs hand with 1: game 2, hand 3 x 12 = 36 < bid 46; lowest covering
        #    clubs value 4 x 12 = 48: -2 x 48 (74 card points do not help)
        ("an cl w1 h 74 b46", ["sheet", "add", FILE, "--declarer", "Anna", "clubs", "--with", "1", "--hand", "--points", "74", "--bid", "46"], {"Anna": -96}),
        # 18 diamonds without 1: 2 x 9 = 18; 70 won
        ("be di wo1 70", ["sheet", "add", FILE, "--declarer", "Ben", "diamonds", "--without", "1", "--points", "70"], {"Ben": 18}),
        # 19 grand with 1: 2 x 24 = 48; 66 won, Kontra x 2
        ("ca gr w1 k 66", ["sheet", "add", FILE, "--declarer", "Carl", "grand", "--with", "1", "--points", "66", "--kontra"], {"Carl": 96}),
        # 20 entered for Ben by mistake, taken back, entered for Anna:
        #    clubs with 3: 4 x 12 = 48; 85 won (defenders 35)
        ("be cl w3 85", ["sheet", "add", FILE, "--declarer", "Ben", "clubs", "--with", "3", "--points", "85"], {"Ben": 48}),
        ("undo", ["sheet", "undo", FILE], None),
        ("an cl w3 85", ["sheet", "add", FILE, "--declarer", "Anna", "clubs", "--with", "3", "--points", "85"], {"Anna": 48}),
        # 21 spades with 1: 22; exactly 60 loses: -2 x 22
        ("be sp w1 60", ["sheet", "add", FILE, "--declarer", "Ben", "spades", "--with", "1", "--points", "60"], {"Ben": -44}),
        # 22 hearts without 1: 2 x 10 = 20, covers 20; 77 won
        ("ca he wo1 77 b20", ["sheet", "add", FILE, "--declarer", "Carl", "hearts", "--without", "1", "--points", "77", "--bid", "20"], {"Carl": 20}),
        # 23 Null hand 35, no trick
        ("an nu h won", ["sheet", "add", FILE, "--declarer", "Anna", "null", "--hand", "--tricks", "0"], {"Anna": 35}),
        # 24 everybody passed
        ("pass", ["sheet", "pass", FILE], {}),
        # 25 clubs with 1, 98 (defenders 22): game 2, schneider 3 x 12 = 36
        ("be cl w1 98", ["sheet", "add", FILE, "--declarer", "Ben", "clubs", "--with", "1", "--points", "98"], {"Ben": 36}),
        # 26 diamonds with 1: 2 x 9 = 18; 64 won
        ("ca di w1 64", ["sheet", "add", FILE, "--declarer", "Carl", "diamonds", "--with", "1", "--points", "64"], {"Carl": 18}),
        # 27 grand without 1: 2 x 24 = 48; 71 won
        ("an gr wo1 71", ["sheet", "add", FILE, "--declarer", "Anna", "grand", "--without", "1", "--points", "71"], {"Anna": 48}),
        # 28 hearts with 1: 2 x 10 = 20; 62 won; Kontra and Re x 4
        ("be he w1 k re 62", ["sheet", "add", FILE, "--declarer", "Ben", "hearts", "--with", "1", "--points", "62", "--kontra", "--re"], {"Ben": 80}),
        # 29 clubs hand with 2: game 3, hand 4 x 12 = 48, covers 20; 56 lost: -2 x 48
        ("ca cl w2 h 56 b20", ["sheet", "add", FILE, "--declarer", "Carl", "clubs", "--with", "2", "--hand", "--points", "56", "--bid", "20"], {"Carl": -96}),
        # 30 spades with 2: 3 x 11 = 33; 79 won
        ("an sp w2 79", ["sheet", "add", FILE, "--declarer", "Anna", "spades", "--with", "2", "--points", "79"], {"Anna": 33}),
        # 31 grand with 2: 3 x 24 = 72; 33 lost (above 30: no schneider): -2 x 72
        ("be gr w2 33", ["sheet", "add", FILE, "--declarer", "Ben", "grand", "--with", "2", "--points", "33"], {"Ben": -144}),
        # 32 Null ouvert hand 59, covers 59; no trick
        ("ca nu ov h won b59", ["sheet", "add", FILE, "--declarer", "Carl", "null", "--ouvert", "--hand", "--tricks", "0", "--bid", "59"], {"Carl": 59}),
        # 33 diamonds with 1: 18; 61 won
        ("an di w1 61", ["sheet", "add", FILE, "--declarer", "Anna", "diamonds", "--with", "1", "--points", "61"], {"Anna": 18}),
        # 34 clubs without 2: 3 x 12 = 36, covers 36; 82 won (defenders 38)
        ("be cl wo2 82 b36", ["sheet", "add", FILE, "--declarer", "Ben", "clubs", "--without", "2", "--points", "82", "--bid", "36"], {"Ben": 36}),
        # 35 hearts with 1: 20; 40 lost (above 30): -2 x 20
        ("ca he w1 40", ["sheet", "add", FILE, "--declarer", "Carl", "hearts", "--with", "1", "--points", "40"], {"Carl": -40}),
        # 36 grand hand with 1, schneider announced: game 2, hand 3, schneider 4, announced 5
        #    x 24 = 120; 95 reaches the 90 needed
        ("an gr w1 h sn 95", ["sheet", "add", FILE, "--declarer", "Anna", "grand", "--with", "1", "--hand", "--schneider", "--points", "95"], {"Anna": 120}),
    ],
}
# fmt: on

# ---------------------------------------------------------------------------------------------
# Four players, 48 deals. The pub preset without Bock (`--preset pub --no-bock`): Kontra and
# Re, Ramsch when everybody passes, the standard list. The notation is typed in German short
# forms. The dealer sits out: Anna-Lena deals deals 1, 5, 9, ..., Maximilian 2, 6, 10, ...,
# Jürgen 3, 7, 11, ..., Dora 4, 8, 12, ...; the comment names the dealer.
# A Ramsch: the most card points lose them, a Jungfrau (no trick) doubles the loss.
# ---------------------------------------------------------------------------------------------

# fmt: off
FOUR = {
    "new": ["sheet", "new", FILE, "Anna-Lena", "Maximilian", "Jürgen", "Dora", "--preset", "pub", "--no-bock"],
    "steps": [
        # 1  Anna-Lena deals. clubs with 1: 2 x 12 = 24, covers 20; 67 won
        ("max kr m1 67 r20", ["sheet", "add", FILE, "--declarer", "Maximilian", "clubs", "--with", "1", "--points", "67", "--bid", "20"], {"Maximilian": 24}),
        # 2  Maximilian deals. hearts without 1: 2 x 10 = 20; 74 won
        ("jü herz o1 74", ["sheet", "add", FILE, "--declarer", "Jürgen", "hearts", "--without", "1", "--points", "74"], {"Jürgen": 20}),
        # 3  Jürgen deals. grand with 1: 2 x 24 = 48; 81 won
        ("do gr m1 81", ["sheet", "add", FILE, "--declarer", "Dora", "grand", "--with", "1", "--points", "81"], {"Dora": 48}),
        # 4  Dora deals. spades with 2: 3 x 11 = 33; 52 lost: -2 x 33
        ("an pik m2 52", ["sheet", "add", FILE, "--declarer", "Anna-Lena", "spades", "--with", "2", "--points", "52"], {"Anna-Lena": -66}),
        # 5  Anna-Lena deals. Ramsch 48 + 45 + 27 = 120: Maximilian has the most, loses 48
        ("ra ma=48 jü=45 do=27", ["sheet", "ramsch", FILE, "Maximilian=48", "Jürgen=45", "Dora=27"], {"Maximilian": -48}),
        # 6  Maximilian deals. Null 23, covers 23; no trick
        ("an null gew r23", ["sheet", "add", FILE, "--declarer", "Anna-Lena", "null", "--tricks", "0", "--bid", "23"], {"Anna-Lena": 23}),
        # 7  Jürgen deals. diamonds with 1: 2 x 9 = 18; 66 won, Kontra x 2
        ("max ka m1 ko 66", ["sheet", "add", FILE, "--declarer", "Maximilian", "diamonds", "--with", "1", "--points", "66", "--kontra"], {"Maximilian": 36}),
        # 8  Dora deals. clubs with 2, defenders 25 (declarer 95): game 3, schneider 4 x 12 = 48
        ("jü kr m2 geg25", ["sheet", "add", FILE, "--declarer", "Jürgen", "clubs", "--with", "2", "--points", "95"], {"Jürgen": 48}),
        # 9  Anna-Lena deals. hearts with 1: 20; 59 lost: -2 x 20
        ("do he m1 59", ["sheet", "add", FILE, "--declarer", "Dora", "hearts", "--with", "1", "--points", "59"], {"Dora": -40}),
        # 10 Maximilian deals. grand hand with 1: game 2, hand 3 x 24 = 72; 72 won
        ("jü gr m1 h 72", ["sheet", "add", FILE, "--declarer", "Jürgen", "grand", "--with", "1", "--hand", "--points", "72"], {"Jürgen": 72}),
        # 11 Jürgen deals. clubs without 1: 2 x 12 = 24; 88 won (defenders 32: no schneider)
        ("an kr o1 88", ["sheet", "add", FILE, "--declarer", "Anna-Lena", "clubs", "--without", "1", "--points", "88"], {"Anna-Lena": 24}),
        # 12 Dora deals. spades with 1: 2 x 11 = 22, covers 22; 63 won
        ("ma pi m1 63 r22", ["sheet", "add", FILE, "--declarer", "Maximilian", "spades", "--with", "1", "--points", "63", "--bid", "22"], {"Maximilian": 22}),
        # 13 Anna-Lena deals. Null hand 35, took a trick: -2 x 35
        ("do n h verl", ["sheet", "add", FILE, "--declarer", "Dora", "null", "--hand", "--tricks", "1"], {"Dora": -70}),
        # 14 Maximilian deals. diamonds without 2: 3 x 9 = 27, covers 27; 70 won
        ("jü ka o2 70 r27", ["sheet", "add", FILE, "--declarer", "Jürgen", "diamonds", "--without", "2", "--points", "70", "--bid", "27"], {"Jürgen": 27}),
        # 15 Jürgen deals. hearts with 1: 20; 71 won
        ("an he m1 71", ["sheet", "add", FILE, "--declarer", "Anna-Lena", "hearts", "--with", "1", "--points", "71"], {"Anna-Lena": 20}),
        # 16 Dora deals. grand with 2, 91 (defenders 29): game 3, schneider 4 x 24 = 96
        ("max gr m2 91", ["sheet", "add", FILE, "--declarer", "Maximilian", "grand", "--with", "2", "--points", "91"], {"Maximilian": 96}),
        # 17 Anna-Lena deals. Ramsch 0 + 70 + 50 = 120: Jürgen loses 70, doubled for
        #    Maximilian's Jungfrau: -140
        ("ra ma=0 jü=70 do=50 jf=ma", ["sheet", "ramsch", FILE, "Maximilian=0", "Jürgen=70", "Dora=50", "--jungfrau", "Maximilian"], {"Jürgen": -140}),
        # 18 Maximilian deals. clubs with 1: 24; 40 lost (above 30): -2 x 24
        ("an kr m1 40", ["sheet", "add", FILE, "--declarer", "Anna-Lena", "clubs", "--with", "1", "--points", "40"], {"Anna-Lena": -48}),
        # 19 Jürgen deals. spades without 1: 2 x 11 = 22; 75 won; Kontra and Re x 4
        ("do pi o1 ko re 75", ["sheet", "add", FILE, "--declarer", "Dora", "spades", "--without", "1", "--points", "75", "--kontra", "--re"], {"Dora": 88}),
        # 20 Dora deals. Null ouvert 46, covers 46; no trick
        ("jü nu ov gew r46", ["sheet", "add", FILE, "--declarer", "Jürgen", "null", "--ouvert", "--tricks", "0", "--bid", "46"], {"Jürgen": 46}),
        # 21 Anna-Lena deals. hearts with 2: 3 x 10 = 30, covers 30; 64 won
        ("ma he m2 64 r30", ["sheet", "add", FILE, "--declarer", "Maximilian", "hearts", "--with", "2", "--points", "64", "--bid", "30"], {"Maximilian": 30}),
        # 22 Maximilian deals. grand without 1: 2 x 24 = 48; 57 lost: -2 x 48
        ("do gr o1 57", ["sheet", "add", FILE, "--declarer", "Dora", "grand", "--without", "1", "--points", "57"], {"Dora": -96}),
        # 23 Jürgen deals. diamonds with 1, 90 (defenders exactly 30: schneider):
        #    game 2, schneider 3 x 9 = 27
        ("an ka m1 90", ["sheet", "add", FILE, "--declarer", "Anna-Lena", "diamonds", "--with", "1", "--points", "90"], {"Anna-Lena": 27}),
        # 24 Dora deals. clubs hand with 1: game 2, hand 3 x 12 = 36; 69 won
        ("ma kr m1 h 69", ["sheet", "add", FILE, "--declarer", "Maximilian", "clubs", "--with", "1", "--hand", "--points", "69"], {"Maximilian": 36}),
        # 25 Anna-Lena deals. spades with 1: 22, covers 20; 61 won
        ("jü pi m1 61 r20", ["sheet", "add", FILE, "--declarer", "Jürgen", "spades", "--with", "1", "--points", "61", "--bid", "20"], {"Jürgen": 22}),
        # 26 Maximilian deals. clubs with 2: 3 x 12 = 36; 80 won, Kontra x 2
        ("do kr m2 ko 80", ["sheet", "add", FILE, "--declarer", "Dora", "clubs", "--with", "2", "--points", "80", "--kontra"], {"Dora": 72}),
        # 27 Jürgen deals. overbid: hearts with 1: 2 x 10 = 20 < bid 24; lowest covering
        #    hearts value 3 x 10 = 30: -2 x 30 (70 card points do not help)
        ("an he m1 70 r24", ["sheet", "add", FILE, "--declarer", "Anna-Lena", "hearts", "--with", "1", "--points", "70", "--bid", "24"], {"Anna-Lena": -60}),
        # 28 Dora deals. Ramsch 33 + 42 + 45 = 120: Jürgen loses 45
        ("ra an=33 ma=42 jü=45", ["sheet", "ramsch", FILE, "Anna-Lena=33", "Maximilian=42", "Jürgen=45"], {"Jürgen": -45}),
        # 29 Anna-Lena deals. Null 23, took a trick: -2 x 23
        ("ma nu verl", ["sheet", "add", FILE, "--declarer", "Maximilian", "null", "--tricks", "1"], {"Maximilian": -46}),
        # 30 Maximilian deals. clubs with 1: 24; 73 won
        ("jü kr m1 73", ["sheet", "add", FILE, "--declarer", "Jürgen", "clubs", "--with", "1", "--points", "73"], {"Jürgen": 24}),
        # 31 Jürgen deals. diamonds with 2: 3 x 9 = 27; 66 won
        ("do ka m2 66", ["sheet", "add", FILE, "--declarer", "Dora", "diamonds", "--with", "2", "--points", "66"], {"Dora": 27}),
        # 32 Dora deals. grand with 1: 48, covers 48; 84 won (defenders 36)
        ("an gr m1 84 r48", ["sheet", "add", FILE, "--declarer", "Anna-Lena", "grand", "--with", "1", "--points", "84", "--bid", "48"], {"Anna-Lena": 48}),
        # 33 Anna-Lena deals. spades without 2: 3 x 11 = 33; 55 lost: -2 x 33
        ("ma pi o2 55", ["sheet", "add", FILE, "--declarer", "Maximilian", "spades", "--without", "2", "--points", "55"], {"Maximilian": -66}),
        # 34 Maximilian deals. hearts hand with 1, schneider announced: game 2, hand 3,
        #    schneider 4, announced 5 x 10 = 50; 92 reaches the 90 needed
        ("jü he m1 h schn 92", ["sheet", "add", FILE, "--declarer", "Jürgen", "hearts", "--with", "1", "--hand", "--schneider", "--points", "92"], {"Jürgen": 50}),
        # 35 Jürgen deals. clubs without 1: 24; 62 won
        ("do kr o1 62", ["sheet", "add", FILE, "--declarer", "Dora", "clubs", "--without", "1", "--points", "62"], {"Dora": 24}),
        # 36 Dora deals. clubs with 1: 24, covers 24; 78 won
        ("ma kr m1 78 r24", ["sheet", "add", FILE, "--declarer", "Maximilian", "clubs", "--with", "1", "--points", "78", "--bid", "24"], {"Maximilian": 24}),
        # 37 Anna-Lena deals. Null 23; no trick
        ("jü n gew", ["sheet", "add", FILE, "--declarer", "Jürgen", "null", "--tricks", "0"], {"Jürgen": 23}),
        # 38 Maximilian deals. spades with 1: 22; exactly 60 loses: -2 x 22
        ("an pi m1 60", ["sheet", "add", FILE, "--declarer", "Anna-Lena", "spades", "--with", "1", "--points", "60"], {"Anna-Lena": -44}),
        # 39 Jürgen deals. grand hand without 2, 100 (defenders 20): game 3, hand 4,
        #    schneider 5 x 24 = 120
        ("ma gr o2 h 100", ["sheet", "add", FILE, "--declarer", "Maximilian", "grand", "--without", "2", "--hand", "--points", "100"], {"Maximilian": 120}),
        # 40 Dora deals. diamonds with 1: 18; 68 won
        ("jü ka m1 68", ["sheet", "add", FILE, "--declarer", "Jürgen", "diamonds", "--with", "1", "--points", "68"], {"Jürgen": 18}),
        # 41 Anna-Lena deals. hearts without 2: 3 x 10 = 30, covers 30; 65 won
        ("do he o2 65 r30", ["sheet", "add", FILE, "--declarer", "Dora", "hearts", "--without", "2", "--points", "65", "--bid", "30"], {"Dora": 30}),
        # 42 Maximilian deals. clubs with 2: 36; 76 won, Kontra x 2
        ("an kr m2 ko 76", ["sheet", "add", FILE, "--declarer", "Anna-Lena", "clubs", "--with", "2", "--points", "76", "--kontra"], {"Anna-Lena": 72}),
        # 43 Jürgen deals. hearts with 1, only 20 (schneider against him): game 2,
        #    schneider 3 x 10 = 30: -2 x 30
        ("ma he m1 20", ["sheet", "add", FILE, "--declarer", "Maximilian", "hearts", "--with", "1", "--points", "20"], {"Maximilian": -60}),
        # 44 Dora deals. Null ouvert hand 59; no trick
        ("an nu ov h gew", ["sheet", "add", FILE, "--declarer", "Anna-Lena", "null", "--ouvert", "--hand", "--tricks", "0"], {"Anna-Lena": 59}),
        # 45 Anna-Lena deals. spades with 1: 22; 71 won
        ("do pi m1 71", ["sheet", "add", FILE, "--declarer", "Dora", "spades", "--with", "1", "--points", "71"], {"Dora": 22}),
        # 46 Maximilian deals. grand with 1: 48; 45 lost: -2 x 48
        ("jü gr m1 45", ["sheet", "add", FILE, "--declarer", "Jürgen", "grand", "--with", "1", "--points", "45"], {"Jürgen": -96}),
        # 47 Jürgen deals. diamonds without 1: 18; 77 won
        ("an ka o1 77", ["sheet", "add", FILE, "--declarer", "Anna-Lena", "diamonds", "--without", "1", "--points", "77"], {"Anna-Lena": 18}),
        # 48 Dora deals. clubs ouvert with 1, all ten tricks: game 2, hand 3, schneider 4,
        #    announced 5, schwarz 6, announced 7, ouvert 8 x 12 = 96
        ("ma kr m1 ov gew", ["sheet", "add", FILE, "--declarer", "Maximilian", "clubs", "--with", "1", "--ouvert", "--tricks", "10"], {"Maximilian": 96}),
    ],
}
# fmt: on

EVENINGS = {"three": THREE, "four": FOUR}
