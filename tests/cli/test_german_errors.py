"""German end to end: a sheet's or a tournament's problem reaches a German reader in German,
the file and its line included, with the exit code the English one has."""

from __future__ import annotations

from pathlib import Path

from tests.cli.helpers import cli
from tests.data import SHEET_TWO_PROBLEMS


def test_sheet_check_names_the_line_in_german(tmp_path: Path) -> None:
    path = tmp_path / "abend.toml"
    path.write_text(SHEET_TWO_PROBLEMS, encoding="utf-8")
    german = cli("sheet", "check", str(path), "--lang", "de")
    english = cli("sheet", "check", str(path), "--lang", "en")
    assert (german.code, german.stdout) == (english.code, english.stdout) == (5, "")
    assert german.stderr.splitlines()[:2] == [
        f"{path}:5: die Regel 'won_bonus' muss eine ganze Zahl sein, nicht 'x'",
        f"{path}:14: Spiel 2: 'Dora' sitzt nicht am Tisch: die Spieler sind Anna, Ben, Carl",
    ]
    assert english.stderr.splitlines()[:2] == [
        f"{path}:5: rule 'won_bonus' must be a whole number, not 'x'",
        f"{path}:14: deal 2: 'Dora' is not at the table: the players are Anna, Ben, Carl",
    ]


def test_reading_a_broken_sheet_says_file_and_line_in_german(tmp_path: Path) -> None:
    path = tmp_path / "abend.toml"
    path.write_text(SHEET_TWO_PROBLEMS, encoding="utf-8")
    done = cli("sheet", "show", str(path), "--lang", "de")
    assert (done.code, done.stdout) == (5, "")
    assert done.stderr == (
        f"Fehler: {path}: Zeile 5: die Regel 'won_bonus' muss eine ganze Zahl sein, nicht 'x' "
        "(und 1 weiteres Problem: skatcalc sheet check)\n"
    )


def test_an_unknown_player_in_german(tmp_path: Path) -> None:
    path = tmp_path / "abend.toml"
    assert cli("sheet", "new", str(path), "Anna", "Ben", "Carl").code == 0
    done = cli(
        "sheet", "add", str(path), "--declarer", "Zoe", "clubs", "--with", "2", "--points", "70",
        "--lang", "de",
    )  # fmt: skip
    assert (done.code, done.stdout) == (4, "")
    assert done.stderr == (
        "Fehler: Spiel 1: 'Zoe' sitzt nicht am Tisch: die Spieler sind Anna, Ben, Carl\n"
    )


def test_a_missing_sheet_in_german(tmp_path: Path) -> None:
    path = tmp_path / "fehlt.toml"
    done = cli("sheet", "show", str(path), "--lang", "de")
    assert (done.code, done.stderr) == (
        5,
        f"Fehler: unter {path} gibt es keine Liste: lege eine an mit skatcalc sheet new {path} "
        "NAME NAME NAME\n",
    )


def test_a_tournament_file_error_in_german(tmp_path: Path) -> None:
    path = tmp_path / "turnier.toml"
    path.write_text(
        'format = 1\nname = "Clubabend"\nplayers = ["A", "B", "C"]\nplanned = 0\n',
        encoding="utf-8",
    )
    done = cli("tournament", "show", str(path), "--lang", "de")
    assert (done.code, done.stdout) == (5, "")
    assert done.stderr == (
        f"Fehler: {path}: Zeile 4: planned muss eine ganze Zahl ab 1 sein, nicht 0\n"
    )
    path.write_text(
        'format = 1\nname = "Clubabend"\nplayers = ["A", "B", "C"]\nplanned = 1\n\n'
        '[[series]]\nseed = 1\n\n[[series.table]]\nplayers = ["A", "B", "B"]\n'
        'sheet = "s1-t1.toml"\n',
        encoding="utf-8",
    )
    done = cli("tournament", "show", str(path), "--lang", "de")
    assert (done.code, done.stdout) == (5, "")
    assert done.stderr == (
        f"Fehler: {path}: Zeile 6: Serie 1, Tisch 1: 'B' sitzt in einer Serie an zwei Tischen\n"
    )


def test_a_missing_tournament_in_german(tmp_path: Path) -> None:
    path = tmp_path / "fehlt.toml"
    done = cli("tournament", "show", str(path), "--lang", "de")
    assert (done.code, done.stderr) == (
        5,
        f"Fehler: unter {path} gibt es kein Turnier: lege eines an mit skatcalc tournament new "
        f"{path} NAME NAME NAME ...\n",
    )
