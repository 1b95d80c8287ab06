"""A tournament file named as Linux allows (issue 30 point 4b): `Pokal 19:30.toml` or a name
with a backslash draws tables whose sheets every command reads, and whose names every system
takes (Windows takes none of ``< > : " / \\ | ? *``), so the folder can be copied anywhere."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import cli


@pytest.mark.parametrize(
    ("name", "sheet"),
    [
        ("Pokal 19:30.toml", "Pokal 19-30-s1-t1.toml"),
        ("Cup a\\b.toml", "Cup a-b-s1-t1.toml"),
        ('Cup "Herbst" <2026>?*|.toml', "Cup -Herbst- -2026-----s1-t1.toml"),
        (" Cup.toml", "Cup-s1-t1.toml"),
        ("Cup\u00a0Nacht.toml", "Cup-Nacht-s1-t1.toml"),  # not shown as it is: a dash
    ],
)
def test_a_tournament_named_as_linux_allows_draws_tables_every_command_reads(
    tmp_path: Path, name: str, sheet: str
) -> None:
    path = tmp_path / name
    assert cli("tournament", "new", str(path), "Anna", "Ben", "Carl").code == 0
    drawn = cli("tournament", "draw", str(path), "--seed", "1")
    assert (drawn.code, drawn.stderr) == (0, "")
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([name, sheet])
    for command in ("show", "standings"):
        done = cli("tournament", command, str(path))
        assert (done.code, done.stderr) == (0, ""), command
    added = cli("sheet", "pass", str(tmp_path / sheet))
    assert (added.code, added.stderr) == (0, "")
    assert cli("tournament", "draw", str(path), "--seed", "2").code == 0
    assert (tmp_path / sheet.replace("-s1-", "-s2-")).exists()


def test_a_long_name_still_makes_tables_a_file_system_takes(tmp_path: Path) -> None:
    name = "ö" * 125 + ".toml"  # 255 bytes, the most a name has: the table's stem is cut
    path = tmp_path / name
    assert cli("tournament", "new", str(path), "Anna", "Ben", "Carl").code == 0
    drawn = cli("tournament", "draw", str(path), "--seed", "1")
    assert (drawn.code, drawn.stderr) == (0, "")
    (table,) = [p.name for p in tmp_path.iterdir() if p.name != name]
    assert table == "ö" * 100 + "-s1-t1.toml"
    assert cli("tournament", "show", str(path)).code == 0
