"""Hardening, round three (issue 20): the classes found on the sheet's surfaces, each closed
with a test that failed before. One section per point; the shared folder (point 1) and the
locks (issue 23) have their own modules (test_shared_folders.py, test_locks.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import cli, new_sheet, play
from tests.data import GOOD


def sheet_at(tmp_path: Path, text: str = GOOD, name: str = "evening.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- 10. still open from the last round ---------------------------------------------------------


@pytest.mark.parametrize("version", ["0", "-7"])
def test_a_format_below_1_is_refused(tmp_path: Path, version: str) -> None:
    path = sheet_at(tmp_path, GOOD.replace("format = 1", f"format = {version}"))
    said = (
        f"format is the version of the file format, from 1 (this skatcalc writes 1), not {version}"
    )
    check = cli("sheet", "check", str(path))
    assert (check.code, check.stdout) == (5, "")
    assert check.stderr == f"{path}:1: {said}\nerror: {path} has 1 problem\n"
    show = cli("sheet", "show", str(path))
    assert (show.code, show.stderr) == (5, f"error: {path}: line 1: {said}\n")
    tournament = tmp_path / "cup.toml"
    assert cli("tournament", "new", str(tournament), "Anna", "Ben", "Carl").code == 0
    tournament.write_text(tournament.read_text().replace("format = 1", f"format = {version}"))
    result = cli("tournament", "show", str(tournament))
    assert result.code == 5
    assert result.stderr == f"error: {tournament}: line 4: {said}\n"


def test_a_stake_without_an_exact_decimal_is_shown_as_its_fraction(tmp_path: Path) -> None:
    path = new_sheet(tmp_path)
    play(path, "Anna: grand --with 1 --points 70")
    result = cli("sheet", "settle", str(path), "--stake", "1/3", "--currency", "€")
    assert (result.code, result.stderr) == (0, "")
    assert result.stdout == (
        "Settlement of one sheet by the Seeger-Fabian list, €1/3 a point: each pair settles the "
        "difference of their points times the stake, rounded to whole cents.\n"
        "  Player  Points  Lost  Balance\n"
        "  Anna       +98     0  +€65.34\n"  # grand with 1: 48, +50 won; 98 × 1/3 € = 32.67 €
        "  Ben          0     0  -€32.67\n"
        "  Carl         0     0  -€32.67\n"
        "Ben pays Anna €32.67\n"
        "Carl pays Anna €32.67\n"
    )
    german = cli("--lang", "de", "sheet", "settle", str(path), "--stake", "1/3", "--lost-fee",
                 "2/3", "--currency", "€")  # fmt: skip
    assert german.code == 0
    assert german.stdout.splitlines()[0].startswith(
        "Abrechnung einer Liste nach der Seeger-Fabian-Liste, 1/3 € je Punkt"
    )
    assert "2/3 €" in german.stdout.splitlines()[0]
