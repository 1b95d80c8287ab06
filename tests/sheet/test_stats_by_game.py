"""`sheet stats`: games by type with won and lost, the spread of the declarer's card points,
and the average value of an overbid as the heading says (issue 31 item 6)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from skatcalc import words
from skatcalc.games import GameType
from skatcalc.sheet.stats import CardPoints, GameRecord, stats
from skatcalc.store import sheet as store
from tests.cli.helpers import cli
from tests.sheet.test_stats import small_evening

# small_evening, by hand:
#   Anna: grand with 1, 70 points, won (48); clubs hand with 2, 56 points, lost (48);
#         diamonds with 1 bid 20, 85 points, overbid: 2 x 9 = 18 < 20, covering 27, lost
#   Ben:  null, no trick, won (23, no card points); hearts with 1, 61 points, won (20)
#   Carl: spades with 1, 70 points, won (22, Kontra)


def test_games_by_type_with_won_and_lost() -> None:
    season = stats([small_evening()])
    anna, ben, carl = season.players
    assert anna.by_game == (
        (GameType.CLUBS, GameRecord(1, 0, 1)),
        (GameType.DIAMONDS, GameRecord(1, 0, 1)),  # the overbid is lost
        (GameType.GRAND, GameRecord(1, 1, 0)),
    )
    assert ben.by_game == (
        (GameType.HEARTS, GameRecord(1, 1, 0)),
        (GameType.NULL, GameRecord(1, 1, 0)),
    )
    assert carl.by_game == ((GameType.SPADES, GameRecord(1, 1, 0)),)


def test_the_spread_of_the_declarers_card_points() -> None:
    anna, ben, carl = stats([small_evening()]).players
    # Anna 70, 56, 85: 3 games, 56 to 85, sum 211, average 211 / 3; bands: 56 in 31-60,
    # 70 and 85 in 61-89
    assert anna.card_points == CardPoints(3, 56, 85, 211, (0, 1, 2, 0))
    assert anna.card_points.average == Fraction(211, 3)
    # Ben: the Null has no card points, the hearts 61
    assert ben.card_points == CardPoints(1, 61, 61, 61, (0, 0, 1, 0))
    assert carl.card_points == CardPoints(1, 70, 70, 70, (0, 0, 1, 0))


def test_the_average_value_counts_an_overbid_at_its_covering_value_as_the_legend_says() -> None:
    anna = stats([small_evening()]).players[0]
    # 48 + 48 + 27 (the overbid at the lowest covering value, not its 18) = 123, / 3 = 41
    assert anna.average_value == 41
    assert "lowest value that covers the bid" in words.w("stats.legend")
    with words.speaking("de"):
        assert "niedrigsten Wert, der das Reizgebot deckt" in words.w("stats.legend")


def _file(tmp_path: Path) -> str:
    path = tmp_path / "evening.toml"
    store.create(path, small_evening()[0])
    return str(path)


def test_stats_json_has_by_game_and_card_points(tmp_path: Path) -> None:
    out = cli("sheet", "stats", _file(tmp_path), "--json")
    assert (out.code, out.stderr) == (0, "")
    anna = json.loads(out.stdout)["players"][0]
    zero = {"declared": 0, "won": 0, "lost": 0}
    assert anna["by_game"] == {
        "clubs": {"declared": 1, "won": 0, "lost": 1},
        "spades": zero,
        "hearts": zero,
        "diamonds": {"declared": 1, "won": 0, "lost": 1},
        "grand": {"declared": 1, "won": 1, "lost": 0},
        "null": zero,
    }
    assert anna["card_points"] == {
        "games": 3,
        "lowest": 56,
        "highest": 85,
        "average": 211 / 3,
        "bands": [
            {"from": 0, "to": 30, "games": 0},
            {"from": 31, "to": 60, "games": 1},
            {"from": 61, "to": 89, "games": 2},
            {"from": 90, "to": 120, "games": 0},
        ],
    }


def test_stats_text_shows_them_in_english_and_german(tmp_path: Path) -> None:
    path = _file(tmp_path)
    out = cli("sheet", "stats", path)
    assert out.code == 0
    lines = [" ".join(line.split()) for line in out.stdout.splitlines()]
    assert "Games declared, by type: declared (won/lost)" in lines
    # Anna: clubs 1 (0 won, 1 lost), spades 0, hearts 0, diamonds 1 (0/1), grand 1 (1/0), null 0
    assert "Anna 1 (0/1) 0 0 1 (0/1) 1 (1/0) 0" in lines
    text = " ".join(out.stdout.split())  # the prose is broken between words at 80 columns
    assert (
        "Anna: 3 games, 56 to 85, on average 70.3; 0-30: 0, 31-60: 1, 61-89: 2, 90-120: 0" in text
    )
    assert "Ben: one game, 61 card points" in text
    words.use("de")
    out = cli("sheet", "stats", path)
    lines = [" ".join(line.split()) for line in out.stdout.splitlines()]
    assert "Alleinspiele nach Spielart: gespielt (gewonnen/verloren)" in lines
    text = " ".join(out.stdout.split())
    assert (
        "Anna: 3 Spiele, 56 bis 85, im Schnitt 70,3; 0-30: 0, 31-60: 1, 61-89: 2, 90-120: 0" in text
    )
    assert "Ben: ein Spiel, 61 Augen" in text
