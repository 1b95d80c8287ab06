"""A negative number among `value`'s words is a word of the notation, not an unknown option:
the notation names it and says what a deal line holds. Real options still work wherever they
stand, and a mistyped option is still Click's usage error (exit 2, docs/exit-codes.md)."""

from __future__ import annotations

import json

import pytest

from tests.cli.helpers import cli

UNKNOWN_EN = (
    "error: unknown word '-5': a deal line holds the declarer (on a sheet), a game "
    "(kr pi he ka gr nu), tops (m2 o1), hand, the card points (56), the bid (b20); every word "
    "is in skatcalc docs notation\n"
)
UNKNOWN_DE = (
    "Fehler: unbekanntes Wort '-5': eine Spielzeile hat den Alleinspieler (auf einer Liste), ein "
    "Spiel (kr pi he ka gr nu), Spitzen (m2 o1), Hand, die Augen (56), den Reizwert (r20); alle "
    "Wörter stehen in skatcalc docs notation\n"
)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["value", "kr", "m1", "-5"], UNKNOWN_EN),
        (["value", "kr", "-5", "m1", "--json"], UNKNOWN_EN),
        (["value", "kr", "m1", "-5", "--lang", "de"], UNKNOWN_DE),
        (["--lang", "de", "value", "-5", "kr", "m1"], UNKNOWN_DE),
    ],
)
def test_a_negative_number_among_the_words_is_named_by_the_notation(
    args: list[str], said: str
) -> None:
    assert cli(*args) == (3, "", said)


@pytest.mark.parametrize(
    "args",
    [
        ["value", "kr", "m2", "h", "56", "--json"],
        ["value", "--json", "kr", "m2", "h", "56"],
        ["value", "kr", "m2", "--json", "h", "56", "--lang", "en"],
        ["value", "kr", "--lang=de", "m2", "--json", "h", "56"],
    ],
)
def test_real_options_are_read_wherever_they_stand(args: list[str]) -> None:
    # clubs with 2, hand: 2 + 1 (game) + 1 (hand) = 4 × 12 = 48; lost with 56: -2 × 48
    done = cli(*args)
    assert done.code == 0, done
    answer = json.loads(done.stdout)
    assert (answer["value"], answer["outcome"], answer["score"]) == (48, "lost", -96)


def test_lang_among_the_words_speaks_german() -> None:
    done = cli("value", "kr", "m2", "--lang", "de", "h", "56")
    assert done.code == 0, done
    assert "Verloren: 56 Augen, der Alleinspieler braucht 61\n" in done.stdout


def test_a_negative_number_as_an_options_value_is_the_options_value() -> None:
    assert cli("value", "kr", "m2", "h", "--points", "-5") == (
        3, "", "error: card points run from 0 to 120, not -5\n"
    )  # fmt: skip


@pytest.mark.parametrize(
    ("word", "said"),
    [
        ("--jsn", "Error: No such option: --jsn (Possible options: --json)\n"),
        ("--jsn=1", "Error: No such option: --jsn (Possible options: --json)\n"),
        ("-x", "Error: No such option: -x\n"),
    ],
)
def test_a_mistyped_option_is_still_a_usage_error(word: str, said: str) -> None:
    done = cli("value", "kr", "m2", "h", "56", word)
    assert done.code == 2
    assert done.stdout == ""
    assert done.stderr.startswith("Usage: skatcalc value [OPTIONS] [WORDS...]\n")
    assert done.stderr.endswith(said)
