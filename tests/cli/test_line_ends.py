"""Files with Windows line ends (CRLF: Notepad, git's ``autocrlf``) are read, and a change
writes back the line ends the file has (issue 30 point 4a): sheets, tournaments, the config
file."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import cli, new_sheet


def _windows(path: Path) -> None:
    path.write_bytes(path.read_bytes().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"))


def _all_crlf(path: Path) -> bool:
    data = path.read_bytes()
    return data.count(b"\n") == data.count(b"\r\n") > 0


@pytest.fixture
def sheet(tmp_path: Path) -> Path:
    path = new_sheet(tmp_path)
    assert cli("sheet", "add", str(path), "an", "gr", "m1", "70").code == 0
    _windows(path)
    return path


def test_the_rules_of_a_windows_sheet_change(sheet: Path) -> None:
    out = cli("sheet", "rules", str(sheet), "--kontra")
    assert (out.code, out.stderr) == (0, "")
    assert _all_crlf(sheet)
    assert "kontra = true" in sheet.read_text()


@pytest.mark.parametrize(
    "change",
    [
        ["sheet", "add", "{}", "ben", "kr", "m1", "70"],
        ["sheet", "pass", "{}"],
        ["sheet", "edit", "{}", "1", "an", "kr", "m2", "40"],
        ["sheet", "undo", "{}"],
    ],
)
def test_a_change_keeps_the_windows_line_ends(sheet: Path, change: list[str]) -> None:
    before = cli("sheet", "show", str(sheet), "--json")
    assert before.code == 0
    for _ in range(2):  # the second after the first changed it: no state kept for LF lines
        out = cli(*(str(sheet) if word == "{}" else word for word in change))
        assert (out.code, out.stderr) == (0, ""), out
        assert _all_crlf(sheet)
        if change[1] == "undo":
            break
    assert cli("sheet", "check", str(sheet)).code == 0


def test_a_sheet_an_older_skatcalc_mixed_is_made_whole(sheet: Path) -> None:
    text = sheet.read_bytes() + b"\n[[deal]]\npassed = true\n"  # LF lines added at its end
    sheet.write_bytes(text)
    assert cli("sheet", "pass", str(sheet)).code == 0
    assert _all_crlf(sheet)


def test_a_unix_sheet_stays_unix(tmp_path: Path) -> None:
    path = new_sheet(tmp_path)
    assert cli("sheet", "rules", str(path), "--kontra").code == 0
    assert b"\r" not in path.read_bytes()


def test_a_windows_tournament_file_changes_with_its_line_ends(tmp_path: Path) -> None:
    file = tmp_path / "cup.toml"
    players = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz"]
    assert cli("tournament", "new", str(file), *players).code == 0
    _windows(file)
    out = cli("tournament", "join", str(file), "Gerd")
    assert (out.code, out.stderr) == (0, ""), out
    assert _all_crlf(file)
    out = cli("tournament", "draw", str(file), "--seed", "1")
    assert (out.code, out.stderr) == (0, ""), out
    assert _all_crlf(file)


def test_a_windows_config_file_is_read(tmp_path: Path) -> None:
    folder = tmp_path / "skatcalc"
    folder.mkdir()
    (folder / "config.toml").write_bytes(b'lang = "de"\r\n\r\n[rules]\r\nkontra = true\r\n')
    env = {"XDG_CONFIG_HOME": str(tmp_path), "SKATCALC_LANG": None}
    out = cli("config", env=env)
    assert out.code == 0, out
    assert "de" in out.stdout
