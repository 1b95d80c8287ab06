"""Messages a new user's trial found wrong or misleading, each as the user met it: exact stderr
and exit code, in English and German. The expected sentences are written here by hand."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import cli


@pytest.mark.parametrize(
    ("line", "said"),
    [
        # "expected a whole number" for numbers that are whole: the field names its range
        ("clubs m2 1000000000", "card points run from 0 to 120, not 1000000000"),
        ("clubs m2 t99999999999999", "tricks run from 0 to 10, not 99999999999999"),
        (
            "clubs m2 56 b1000000",
            "1000000 is not a bid: bids are the values a game can have (18, 20, 22, 23, 24, 27, "
            "... 264); no game is worth more than 264 (grand ouvert with 4)",
        ),
        (
            "clubs m999999999 56",
            "clubs has 11 tops at most (11 trumps): with 999999999 is impossible; give 1 to 11",
        ),
        # "11 tops at most" for a count too low
        (
            "clubs m0 56",
            "with 0 is no count of tops: they count from 1 (with 1: the top trump held; "
            "without 1: missing); give 1 to 11",
        ),
        # a Null is decided by tricks: its advice names them, not the card points
        (
            "null won t1",
            "the line says won, but the game is lost: a Null is won without a trick (t0); check "
            "the tricks and the other words",
        ),
        (
            "clubs m2 56 won",
            "the line says won, but the game is lost: check the card points and the other words",
        ),
    ],
)
def test_value_says_what_is_wrong(line: str, said: str) -> None:
    out = cli("value", *line.split())
    assert (out.code, out.stdout, out.stderr) == (3, "", f"error: {said}\n")


def test_value_says_it_in_german() -> None:
    out = cli("value", "kr", "o0", "56", "--lang", "de")
    assert (out.code, out.stderr) == (
        3,
        "Fehler: ohne 0 gibt es nicht: Spitzen zählen ab 1 (mit 1: der höchste Trumpf auf der "
        "Hand; ohne 1: er fehlt); 1 bis 11\n",
    )
    out = cli("value", "nu", "verloren", "st0", "--lang", "de")
    assert (out.code, out.stderr) == (
        3,
        "Fehler: die Zeile sagt verloren, das Spiel ist aber gewonnen: ein Null ist ohne Stich "
        "(t0) gewonnen; prüf die Stiche und die anderen Wörter\n",
    )


def test_a_problem_in_a_file_is_advised_in_the_files_keys(tmp_path: Path) -> None:
    # `sheet check` said "or --points 72" of a deal in a TOML file
    sheet = tmp_path / "evening.toml"
    assert cli("sheet", "new", str(sheet), "Anna", "Ben", "Carl").code == 0
    text = sheet.read_text(encoding="utf-8")
    sheet.write_text(
        text + '\n[[deal]]\ndeclarer = "Anna"\ngame = "grand"\nwith = 1\n'
        '\n[[deal]]\ndeclarer = "Ben"\ngame = "null"\n',
        encoding="utf-8",
    )
    lines = sheet.read_text(encoding="utf-8").splitlines()
    first, second = (i + 1 for i, line in enumerate(lines) if line == "[[deal]]")
    out = cli("sheet", "check", str(sheet))
    assert (out.code, out.stdout) == (5, "")
    assert out.stderr == (
        f"{sheet}:{first}: deal 1: a game on the sheet needs its result: give the declarer's "
        "card points, e.g. points = 72\n"
        f"{sheet}:{second}: deal 2: a game on the sheet needs its result: give its tricks: "
        "tricks = 0 for a won Null, 1 or more for a lost one\n"
        f"error: {sheet} has 2 problems\n"
    )
    out = cli("sheet", "show", str(sheet), "--lang", "de")
    assert (out.code, out.stderr) == (
        5,
        f"Fehler: {sheet}: Zeile {first}: Spiel 1: ein Spiel auf der Liste braucht sein "
        "Ergebnis: die Augen des Alleinspielers, z. B. points = 72 angeben (und 1 weiteres "
        "Problem: skatcalc sheet check)\n",
    )
    # typed on the command line, the advice stays the command line's
    typed = tmp_path / "typed.toml"
    assert cli("sheet", "new", str(typed), "Anna", "Ben", "Carl").code == 0
    out = cli("sheet", "add", str(typed), "--declarer", "Anna", "grand", "--with", "1")
    assert out.stderr.endswith("(d48: the defenders' 48), or --points 72\n")
