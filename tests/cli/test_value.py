"""``skatcalc value``: exact output, exit codes and messages."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import cli
from tests.data import LOST_CLUBS_HAND

OVERBID = ["--cards", "HJ CA CT CK CQ C9 C8 SA ST S9", "--skat", "CJ D7", "--hand", "--bid", "46"]

# Each worked example of skat-scoring.md through the command line: (arguments, score).
WORKED = [
    (["grand", "--with", "4", "--points", "95"], 144),
    (["diamonds", "--without", "2", "--points", "45"], -54),
    (["clubs", "--with", "2", "--ouvert", "--tricks", "10"], 108),
    (["grand", "--with", "4", "--ouvert", "--tricks", "10"], 264),
    (["clubs", *OVERBID, "--points", "74"], -96),
    (["clubs", *OVERBID, "--points", "95"], 48),
    (["diamonds", "--with", "1", "--bid", "20", "--points", "85", "--kontra"], -108),
    (["grand", "--with", "4", "--hand", "--schneider", "--points", "89"], -384),
    (["clubs", "--with", "2", "--hand", "--bid", "20", "--points", "56"], -96),
    (["null", "--ouvert", "--hand", "--tricks", "1"], -118),
]


@pytest.mark.parametrize(("args", "expected"), WORKED)
def test_worked_examples_in_json(args: list[str], expected: int) -> None:
    out = cli("value", *args, "--json")
    assert (out.code, out.stderr) == (0, "")
    assert json.loads(out.stdout)["score"] == expected


@pytest.mark.parametrize(("args", "expected"), WORKED)
def test_worked_examples_in_words(args: list[str], expected: int) -> None:
    out = cli("value", *args)
    assert (out.code, out.stderr) == (0, "")
    sign = "+" if expected > 0 else ""
    assert f"Score {sign}{expected}:" in out.stdout


@pytest.mark.parametrize(("tricks", "seeger_fabian"), [("0", 96), ("1", -142)])
def test_null_ouvert_seeger_fabian(tricks: str, seeger_fabian: int) -> None:
    out = cli("value", "null", "--ouvert", "--tricks", tricks, "--json")
    assert json.loads(out.stdout)["seeger_fabian"] == seeger_fabian


def test_lost_hand_game_breakdown() -> None:
    out = cli("value", "clubs", "--with", "2", "--hand", "--points", "56", "--bid", "20")
    assert out.code == 0
    assert out.stdout == LOST_CLUBS_HAND


def test_overbid_names_the_jack_in_the_skat() -> None:
    out = cli("value", "clubs", *OVERBID, "--points", "74")
    assert out.stdout == (
        "Clubs hand, with 1\n"
        "  tops from the cards: with 1; the skat held ♣J, the hand alone was without 2\n"
        "  with 1, game 2, hand 3 × 12 = 36\n"
        "  bid 46: not covered, the value 36 covers bids up to 36; the lowest clubs value "
        "that reaches 46 is 48\n"
        "Overbid: the value 36 does not reach the bid 46; the lowest clubs value that reaches "
        "it is 48 (4 × 12)\n"
        "Score -96: overbid, so -2 × 48\n"
        "Seeger-Fabian -146: the score and -50 for the lost game "
        "(each other player at the table +40 at three players, +30 at four, +24 at five)\n"
    )


def test_ouvert_says_what_it_implies() -> None:
    out = cli("value", "grand", "--with", "4", "--ouvert")
    assert out.stdout == (
        "Grand ouvert, with 4\n"
        "  ouvert: played hand, with schneider and schwarz announced\n"
        "  with 4, game 5, hand 6, schneider 7, schneider announced 8, schwarz 9, "
        "schwarz announced 10, ouvert 11 × 24 = 264\n"
        "  bid 18: covered (the value covers every bid up to 264)\n"
    )


def test_json_schema_without_a_result() -> None:
    out = cli("value", "kreuz", "--with", "2", "--hand", "--json")
    assert json.loads(out.stdout) == {
        "game": "clubs",
        "declaration": {"hand": True, "schneider": False, "schwarz": False, "ouvert": False},
        "name": "Clubs hand",
        "base_value": 12,
        "tops": {"with": True, "count": 2},
        "tops_from_hand": None,
        "skat": [],
        "discards": [],
        "levels": ["game", "hand"],
        "multiplier": 4,
        "chain": "with 2, game 3, hand 4 × 12 = 48",
        "value": 48,
        "bid": 18,
        "max_bid": 48,
        "covering_value": 48,
        "points": None,
        "tricks": None,
        "outcome": None,
        "reason": None,
        "scored_value": None,
        "kontra": False,
        "re": False,
        "bock": False,
        "factor": 1,
        "score": None,
        "seeger_fabian": None,
    }


def test_json_of_an_overbid() -> None:
    out = cli("value", "clubs", *OVERBID, "--points", "74", "--re", "--json")
    data = json.loads(out.stdout)
    assert data["tops"] == {"with": True, "count": 1}
    assert data["tops_from_hand"] == {"with": False, "count": 2}
    assert data["skat"] == ["CJ", "D7"]
    assert (data["value"], data["max_bid"], data["outcome"]) == (36, 36, "overbid")
    assert (data["scored_value"], data["kontra"], data["re"], data["factor"]) == (48, True, True, 4)
    assert (data["score"], data["seeger_fabian"]) == (-384, -434)


def test_null_json() -> None:
    data = json.loads(cli("value", "null", "--hand", "--tricks", "0", "--json").stdout)
    assert (data["base_value"], data["tops"], data["multiplier"], data["levels"]) == (
        None, None, None, [],
    )  # fmt: skip
    assert (data["value"], data["outcome"], data["score"]) == (35, "won", 35)


ERRORS = [
    (["clubs", "--cards", "CJ CX"], "invalid card 'CX': expected a suit C S H D and a rank"),
    (["clubs", "--cards", "CJ SJ CJ"], "card ♣J (CJ) is given twice"),
    (["clubs", "--cards", "CJ SJ"], "the declarer's cards are 10 in hand and 2 in the skat"),
    (["grand", "--with", "5"], "grand has 4 tops at most"),
    (["clubs", "--with", "12"], "clubs has 11 tops at most"),
    (["clubs", "--with", "2", "--cards", "CJ"], "give tops once"),
    (["clubs", "--with", "2", "--without", "2"], "give tops once"),
    (["clubs"], "clubs needs its tops: give --with N or --without N"),
    (["clubs", "--with", "2", "--points", "121"], "card points run from 0 to 120, not 121"),
    (["clubs", "--with", "2", "--points", "-1"], "card points run from 0 to 120, not -1"),
    (["clubs", "--with", "2", "--tricks", "11"], "tricks run from 0 to 10, not 11"),
    (
        ["clubs", "--with", "2", "--tricks", "10", "--points", "100"],
        "the declarer took all 10 tricks and so holds all 120 card points",
    ),
    (
        ["clubs", "--with", "2", "--tricks", "0", "--points", "40"],
        "the declarer took no trick and so holds only the two skat cards",
    ),
    (["clubs", "--with", "2", "--bid", "19"], "19 is not a bid"),
    (["clubs", "--with", "2", "--schneider"], "schneider can be announced only in a hand game"),
    (["clubs", "--with", "2", "--schwarz"], "schwarz can be announced only in a hand game"),
    (["null", "--hand", "--schneider"], "schneider cannot be announced in Null"),
    (["null", "--bid", "36"], "Null is worth 23 and does not reach the bid 36: Null ouvert (46)"),
    (["null", "--with", "1"], "Null has no tops"),
    (["trumpf"], "unknown word 'trumpf'"),
    (["clubs", "--cards", "SU"], "ambiguous card 'SU'"),
]


@pytest.mark.parametrize(("args", "message"), ERRORS)
def test_invalid_input_is_one_clear_line_and_exit_3(args: list[str], message: str) -> None:
    out = cli("value", *args)
    assert out.code == 3
    assert out.stdout == ""
    assert out.stderr.startswith(f"error: {message}")
    assert out.stderr.count("\n") == 1


def test_usage_errors_exit_2() -> None:
    out = cli("value", "clubs", "--with", "two")
    assert out.code == 2
    assert "Invalid value for '--with': 'two' is not a valid int" in out.stderr


def test_batch_through_the_command() -> None:
    lines = '{"game": "grand", "with": 4, "points": 95}\n{"game": "grand"}\n'
    out = cli("value", "--batch", input=lines)
    assert out.code == 3
    first, second = out.stdout.splitlines()
    assert json.loads(first)["score"] == 144
    assert json.loads(second)["line"] == 2
    assert out.stderr == (
        'error: 1 line could not be scored; each has {"line": N, "error": ...} in the output\n'
    )


def test_batch_refuses_a_game_argument() -> None:
    out = cli("value", "clubs", "--batch")
    assert out.code == 2
    assert out.stderr.startswith("error: --batch reads the games from stdin")
