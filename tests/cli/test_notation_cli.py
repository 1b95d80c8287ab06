"""The deal notation on the command line: ``value WORDS…``, ``sheet add FILE WORDS…``,
``sheet edit FILE N WORDS…``: the same output as the options, one error line with exit 3."""

from __future__ import annotations

from pathlib import Path

import pytest

from skatcalc import words as language
from tests.cli.helpers import cli
from tests.data import LOST_CLUBS_HAND

SAME = [
    ("kreuz m2 hand 56 b20", ["clubs", "--with", "2", "--hand", "--points", "56", "--bid", "20"]),
    ("kr m2 h 56 r20", ["clubs", "--with", "2", "--hand", "--points", "56", "--bid", "20"]),
    ("grand o1 d28 b48", ["grand", "--without", "1", "--points", "92", "--bid", "48"]),
    ("null lost", ["null", "--tricks", "1"]),
    ("nu ov h gew", ["null", "--ouvert", "--hand", "--tricks", "0"]),
    ("herz m1 kontra 72", ["hearts", "--with", "1", "--kontra", "--points", "72"]),
    ("ka m1 85 b20 k", ["diamonds", "--with", "1", "--points", "85", "--bid", "20", "--kontra"]),
    ("gr m4 h sw t10", ["grand", "--with", "4", "--hand", "--schwarz", "--tricks", "10"]),
    ("pik o2 bock 70", ["spades", "--without", "2", "--bock", "--points", "70"]),
    (
        "kr cards=CJ,C7,C8,C9,CQ,D7,D8,D9,H7,H8 skat=SA,HA dr=D7,D8 15",
        ["clubs", "--cards", "CJ C7 C8 C9 CQ D7 D8 D9 H7 H8", "--skat", "SA HA",
         "--discards", "D7 D8", "--points", "15"],
    ),
    (
        "kr cards=HJ,CA,CT,CK,CQ,C9,C8,SA,ST,S9 skat=CJ,D7 h r46 74",
        ["clubs", "--cards", "HJ CA CT CK CQ C9 C8 SA ST S9", "--skat", "CJ D7", "--hand",
         "--bid", "46", "--points", "74"],
    ),
]  # fmt: skip


@pytest.mark.parametrize(("words", "options"), SAME)
def test_value_words_say_what_the_options_say(words: str, options: list[str]) -> None:
    by_words = cli("value", *words.split())
    by_options = cli("value", *options)
    assert by_words.code == by_options.code == 0
    assert by_words.stdout == by_options.stdout
    assert cli("value", *words.split(), "--json").stdout == cli("value", *options, "--json").stdout


def test_value_words_worked_example() -> None:
    # skat-scoring.md: clubs hand with 2, bid 20, 56 points: lost, -96
    out = cli("value", "kreuz", "m2", "hand", "56", "b20")
    assert (out.code, out.stdout, out.stderr) == (0, LOST_CLUBS_HAND, "")


def test_words_and_options_together() -> None:
    out = cli("value", "kr", "m2", "--hand", "--points", "56", "--bid", "20")
    assert (out.code, out.stdout) == (0, LOST_CLUBS_HAND)
    out = cli("value", "kr", "m2", "56", "--with", "3")
    assert (out.code, out.stdout) == (3, "")
    assert out.stderr == "error: 'm2' and '--with 3' both give the tops, differently: keep one\n"


@pytest.mark.parametrize(
    ("words", "message"),
    [
        (["kreuzz", "m2", "56"], "error: unknown word 'kreuzz' (did you mean kreuz?): a deal line holds"),
        (["kr", "m2", "56", "won"], "error: the line says won, but the game is lost: check the card points"),
        (["kr", "m1", "74", "b46", "won"], "error: the line says won, but the game is overbid"),
        (["kr", "gr", "m1", "61"], "error: 'kr' and 'gr' both give the game"),
        (["pass"], "error: pass belongs on a sheet (skatcalc sheet add FILE pass): value scores one game"),
        (["m2", "56"], "error: the game is missing: add kr, pi, he, ka, gr or nu"),
        (["gr", "m5", "61"], "error: grand has 4 tops at most"),
        (["kr", "m1", "1" + "0" * 5000], "error: the word '10000000000000000000…' is too long"),
    ],
)  # fmt: skip
def test_notation_errors_are_one_line_exit_3(words: list[str], message: str) -> None:
    out = cli("value", *words)
    assert (out.code, out.stdout) == (3, "")
    assert out.stderr.startswith(message), out.stderr
    assert out.stderr.count("\n") == 1


def test_german_error() -> None:
    language.use("de")
    try:
        out = cli("value", "kr", "m2", "56", "gew")
    finally:
        language.use("en")
    assert out.code == 3
    assert out.stderr == (
        "Fehler: die Zeile sagt gewonnen, das Spiel ist aber verloren: prüf die Augen und die "
        "anderen Wörter\n"
    )


@pytest.fixture
def sheets(tmp_path: Path) -> tuple[Path, Path]:
    a, b = tmp_path / "words.toml", tmp_path / "options.toml"
    for path in (a, b):
        out = cli("sheet", "new", str(path), "Anna", "Ben", "Carl", "Dora", "--preset", "pub")
        assert out.code == 0, out
    return a, b


def test_sheet_words_write_what_the_options_write(sheets: tuple[Path, Path]) -> None:
    by_words, by_options = sheets
    steps = [
        ("be kr m2 h 56", ["add", "--declarer", "Ben", "clubs", "--with", "2", "--hand", "--points", "56"]),
        ("pass", ["pass"]),
        ("an nu ov gew", ["add", "--declarer", "Anna", "null", "--ouvert", "--tricks", "0"]),
        ("ra an=62 ca=58 be=0 jf=be", ["ramsch", "Anna=62", "Carl=58", "Ben=0", "--jungfrau", "Ben"]),
        ("do gr o1 d28 b48 k", ["add", "--declarer", "Dora", "grand", "--without", "1", "--points", "92", "--bid", "48", "--kontra"]),
    ]  # fmt: skip
    for words, options in steps:
        a = cli("sheet", "add", str(by_words), *words.split())
        b = cli("sheet", options[0], str(by_options), *options[1:])
        assert a.code == b.code == 0, (words, a, b)
    assert by_words.read_text() == by_options.read_text()
    a = cli("sheet", "edit", str(by_words), "1", "ca", "he", "m1", "72")
    b = cli("sheet", "edit", str(by_options), "1", "--declarer", "Carl", "hearts", "--with", "1", "--points", "72")  # fmt: skip
    assert a.code == b.code == 0, (a, b)
    assert by_words.read_text() == by_options.read_text()


@pytest.mark.parametrize(
    ("words", "code", "message"),
    [
        (["an", "kr", "m2", "56", "--declarer", "Ben"], 3, "error: 'an' and '--declarer Ben' both give the declarer"),
        (["kr", "m2", "56"], 3, "error: the declarer is missing: name the player"),
        (["zz", "kr", "m2", "56"], 3, "error: unknown word 'zz'"),
        (["an", "kr", "m2", "56"], 4, "error: deal 1: Anna deals and sits out at four players"),
        (["an", "kr", "m2", "56", "bock"], 3, "error: a sheet knows its Bock deals from its rules"),
        (["pass", "--with", "2"], 3, "error: a pass line stands alone: drop --with"),
        (["an", "kr", "m2", "56", "won"], 3, "error: the line says won, but the game is lost"),
    ],
)  # fmt: skip
def test_sheet_word_refusals_leave_the_file(
    sheets: tuple[Path, Path], words: list[str], code: int, message: str
) -> None:
    path = sheets[0]
    before = path.read_bytes()
    out = cli("sheet", "add", str(path), *words)
    assert out.code == code
    assert out.stderr.startswith(message), out.stderr
    assert path.read_bytes() == before


def test_a_prefix_of_two_players_names_both(tmp_path: Path) -> None:
    path = tmp_path / "s.toml"
    assert cli("sheet", "new", str(path), "Annegret", "Anna", "Ben").code == 0
    out = cli("sheet", "add", str(path), "ann", "kr", "m2", "56")
    assert out.code == 3
    assert out.stderr == (
        "error: 'ann' could mean the player Annegret or the player Anna: write more of the name\n"
    )


def test_a_tied_ramsch_with_the_last_trick_in_words(tmp_path: Path) -> None:
    by_words, by_options = tmp_path / "w.toml", tmp_path / "o.toml"
    for path in (by_words, by_options):
        new = ["sheet", "new", str(path), "Anna", "Ben", "Carl", "--preset", "pub"]
        assert cli(*new, "--ramsch-ties", "last-trick").code == 0
    a = cli("sheet", "add", str(by_words), "ra", "an=60", "be=60", "ca=0", "lt=be")
    b = cli(
        "sheet", "ramsch", str(by_options), "Anna=60", "Ben=60", "Carl=0", "--last-trick", "Ben"
    )
    assert a.code == b.code == 0, (a, b)
    assert by_words.read_text() == by_options.read_text()
    # a tie for the most points, 60 each: the taker of the last trick, Ben, loses them
    assert "Totals, standard list: Anna 0, Ben -60, Carl 0" in a.stdout
