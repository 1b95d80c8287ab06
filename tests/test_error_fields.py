"""An error of a game names its field where it is raised (the key of a sheet file or a JSON
line: ``with``, ``points``, ...), so the store points at that key's line without re-scoring the
game to find it. Each expected field below is the key the message is about, written by hand."""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest

import skatcalc
from skatcalc.errors import SkatError
from skatcalc.games import Declaration, GameType
from skatcalc.store.sheet_codec import check
from skatcalc.value import Tops, check_bid, score

HAND = "CJ SJ HJ DJ CA CT SA ST HA HT"
FIELD_OF: dict[str, tuple[Callable[[], object], str]] = {
    "err.tops.both": (lambda: score("clubs", with_=2, without=1), "with"),
    "err.tops.needed": (lambda: score("clubs", points=70), "with"),
    "err.tops.null": (lambda: score("null", without=2, tricks=0), "without"),
    "err.tops.max": (lambda: score("grand", with_=5), "with"),
    "err.tops.max without": (lambda: score("hearts", without=12), "without"),
    "err.tops.none": (lambda: Tops.from_cards(GameType.NULL, ()), "cards"),
    "err.tops.cards": (lambda: score("spades", without=1, cards=HAND, skat="D7 D8"), "without"),
    "err.bid": (lambda: check_bid(19), "bid"),
    "err.null.bid": (lambda: score("null", bid=30, tricks=0), "bid"),
    "err.points.range": (lambda: score("clubs", with_=1, points=121), "points"),
    "err.tricks.range": (lambda: score("clubs", with_=1, points=61, tricks=11), "tricks"),
    "err.null.tricks": (lambda: score("null", points=40), "points"),
    "err.points.none": (lambda: score("clubs", with_=1, points=1), "points"),
    "err.points.ten": (lambda: score("clubs", with_=1, points=100, tricks=10), "points"),
    "err.points.zero": (lambda: score("clubs", with_=1, points=30, tricks=0), "points"),
    "err.points.cards": (lambda: score("clubs", with_=1, points=70, tricks=1), "points"),
    "err.points.needed": (lambda: score("clubs", with_=1, tricks=5), "tricks"),
    "err.schwarz.tricks": (
        lambda: score("clubs", with_=1, hand=True, schwarz=True, points=120),
        "points",
    ),
    # the skat DA DT is worth 21 and is the declarer's in a hand game
    "err.points.skat": (
        lambda: score("clubs", hand=True, cards=HAND, skat="DA DT", points=20),
        "points",
    ),
    "err.points.discards": (lambda: score("clubs", with_=1, discards="CA ST", points=20), "points"),
    "err.grand_base": (lambda: score("grand", with_=1, grand_base=21), "grand_base"),
    "err.grand_ouvert_base": (
        lambda: score("grand", with_=1, grand_ouvert_base=35),
        "grand_ouvert_base",
    ),
    "err.cards.count hand": (lambda: score("clubs", cards="CJ SJ HJ", skat="D7 D8"), "cards"),
    "err.cards.count skat": (lambda: score("clubs", cards=HAND, skat="D7"), "skat"),
    "err.cards.count twelve": (
        lambda: score("clubs", cards=HAND + " D7 D8", skat="S7 S8"),
        "skat",
    ),
    "err.cards.count no hand": (lambda: score("clubs", skat="D7 D8"), "skat"),
    "err.cards.both": (lambda: score("clubs", cards=HAND, skat="CJ D8"), "cards"),
    "err.card.invalid": (lambda: score("clubs", cards=HAND, skat="XX D8"), "skat"),
    "err.card.twice": (lambda: score("clubs", cards=HAND, skat="D7 D7"), "skat"),
    "err.discards.hand": (lambda: score("clubs", with_=1, hand=True, discards="D7 D8"), "discards"),
    "err.discards.count": (lambda: score("clubs", with_=1, discards="D7"), "discards"),
    "err.discards.held": (
        lambda: score("clubs", cards=HAND, skat="D7 D8", discards="S7 S8"),
        "discards",
    ),
    "err.decl.hand": (lambda: Declaration.make(GameType.CLUBS, schneider=True), "schneider"),
    "err.decl.null": (lambda: Declaration.make(GameType.NULL, schwarz=True), "schwarz"),
    "err.game.unknown": (lambda: score("trumps"), "game"),
}


@pytest.mark.parametrize("case", FIELD_OF)
def test_a_game_error_names_its_field(case: str) -> None:
    raising, field = FIELD_OF[case]
    with pytest.raises(SkatError) as caught:
        raising()
    assert caught.value.code == case.split(" ", maxsplit=1)[0]
    assert caught.value.field == field


def test_every_error_the_game_modules_raise_names_a_field() -> None:
    """Read from the source: every error built in value.py and games.py is given ``field=``
    (the cards' reader cannot know its option: value.py names it when it reads them)."""
    root = Path(skatcalc.__file__).parent
    missing = []
    for name in ("value.py", "games.py"):
        tree = ast.parse((root / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id.endswith("Error") and not any(k.arg == "field" for k in node.keywords):
                missing.append(f"{name}:{node.lineno}")
    assert missing == []


SHEET = 'format = 1\nplayers = ["A", "B", "C"]\n\n[[deal]]\ndeclarer = "A"\n'


@pytest.mark.parametrize(
    ("keys", "line"),
    [
        # the key at fault is named, not the first of its kind (each pointed elsewhere before)
        (f'game = "clubs"\ncards = "{HAND}"\nskat = "XX D8"\npoints = 61\n', 8),
        (f'game = "clubs"\ncards = "{HAND}"\nskat = "D7 D7"\npoints = 61\n', 8),
        (f'game = "clubs"\nhand = true\ncards = "{HAND} D7 D8"\ndiscards = "CJ SJ"\n', 9),
        ('game = "null"\npoints = 5\ntricks = 11\n', 8),
        (f'game = "clubs"\ncards = "{HAND}"\nskat = "D7"\npoints = 61\n', 8),
        # and as before: the points, the bid, a missing result at the deal's header
        ('game = "clubs"\nwith = 1\npoints = 1\nbid = 18\n', 8),
        ('game = "clubs"\nwith = 1\npoints = 70\nbid = 19\n', 9),
        ('game = "null"\nbid = 30\ntricks = 0\n', 7),
        ('game = "clubs"\npoints = 70\n', 4),
    ],
)
def test_a_sheet_problem_points_at_the_key_at_fault(keys: str, line: int) -> None:
    problems = check(SHEET + keys)
    assert [problem.line for problem in problems] == [line]
