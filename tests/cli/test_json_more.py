"""``--json`` on ``sheet check``, ``sheet new``, ``sheet import`` and the tournament commands
that change the file (issue 30 point 5), each object held to docs/json.md."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import cli, new_sheet
from tests.cli.test_docs import section


def test_sheet_new(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    out = cli("sheet", "new", str(path), "Anna", "Ben", "Carl", "--preset", "pub", "--json")
    assert (out.code, out.stderr) == (0, "")
    data = json.loads(out.stdout)
    assert set(data) == section("`sheet new FILE")[0]
    assert (data["file"], data["players"]) == (str(path), ["Anna", "Ben", "Carl"])
    assert data["rules"]["kontra"] is True  # the pub preset
    assert set(data["rules"]) == set(json.loads(cli("sheet", "rules", str(path), "--json").stdout))


def test_sheet_import(tmp_path: Path) -> None:
    path = new_sheet(tmp_path)
    for line in (["an", "gr", "m1", "70"], ["pass"], ["carl", "kr", "m2", "40"]):
        args = ["sheet", "pass", str(path)] if line == ["pass"] else ["sheet", "add", str(path)]
        assert cli(*args, *([] if line == ["pass"] else line)).code == 0
    export = tmp_path / "evening.csv"
    assert cli("sheet", "export", str(path), "--format", "csv", "-o", str(export)).code == 0
    made = tmp_path / "again.toml"
    out = cli("sheet", "import", str(export), str(made), "--json")
    assert (out.code, out.stderr) == (0, "")
    data = json.loads(out.stdout)
    assert set(data) == section("`sheet import EXPORT FILE")[0]
    assert data == {
        "file": str(made), "players": ["Anna", "Ben", "Carl"], "deals": 3, "passed": 1,
        "ramsch": 0, "totals": {"Anna": 48, "Ben": 0, "Carl": -72},  # lost: twice 36
    }  # fmt: skip


def test_sheet_check_of_a_sound_sheet(tmp_path: Path) -> None:
    path = new_sheet(tmp_path)
    out = cli("sheet", "check", str(path), "--json")
    assert (out.code, out.stderr) == (0, "")
    data = json.loads(out.stdout)
    assert set(data) == section("`sheet check FILE")[0]
    assert data == {"file": str(path), "sound": True, "deals": 0, "problems": []}


def test_sheet_check_lists_the_problems_as_objects(tmp_path: Path) -> None:
    path = new_sheet(tmp_path)
    assert cli("sheet", "add", str(path), "an", "gr", "m1", "70").code == 0
    with path.open("a") as sheet:
        sheet.write('\n[[deal]]\ngame = "grand"\ndeclarer = "Zed"\n')
    line = path.read_text().splitlines().index('declarer = "Zed"') - 1  # its table's line
    out = cli("--lang", "de", "sheet", "check", str(path), "--json")
    assert out.code == 5
    assert out.stderr.startswith("Fehler: ")  # the summary, in the language in use
    data = json.loads(out.stdout)
    assert data["sound"] is False and data["deals"] is None
    [problem] = data["problems"]
    assert set(problem) == {"file", "line", "deal", "message"}
    assert problem["file"] == str(path)
    assert problem["deal"] == 2
    assert line <= problem["line"] <= line + 3
    assert "'Zed' is not at the table" in problem["message"]  # JSON text is English


PLAYERS = ["Anna", "Ben", "Carl", "Dora", "Emil", "Fritz", "Gerd"]


@pytest.mark.parametrize(
    "change",
    [
        ["join", "Hanna"],
        ["leave", "Gerd"],
        ["team", "Nord", "Anna", "Ben"],
        ["category", "Damen", "Anna", "Dora"],
        ["plan", "--series", "4"],
    ],
)
def test_a_tournament_change_says_the_tournament(tmp_path: Path, change: list[str]) -> None:
    file = tmp_path / "cup.toml"
    out = cli("tournament", "new", str(file), *PLAYERS, "--json")
    assert (out.code, out.stderr) == (0, "")
    data = json.loads(out.stdout)
    assert data == json.loads(cli("tournament", "show", str(file), "--json").stdout)
    out = cli("tournament", change[0], str(file), *change[1:], "--json")
    assert (out.code, out.stderr) == (0, ""), out
    data = json.loads(out.stdout)
    assert data == json.loads(cli("tournament", "show", str(file), "--json").stdout)
    assert data != json.loads(cli("tournament", "new", str(tmp_path / "b.toml"), *PLAYERS,
                                  "--json").stdout) or change[0] == "category"  # fmt: skip


def test_close_and_result_say_the_tournament(tmp_path: Path) -> None:
    file = tmp_path / "cup.toml"
    assert cli("tournament", "new", str(file), *PLAYERS[:6], "--three", "3").code == 0
    assert cli("tournament", "draw", str(file), "--seed", "1").code == 0
    drawn = json.loads(cli("tournament", "show", str(file), "--json").stdout)["series"][0]
    first = drawn["tables"][0]
    assert cli("sheet", "add", first["sheet"], first["players"][0], "gr", "m1", "70").code == 0
    out = cli("tournament", "close", str(file), "--series", "1", "--table", "1", "--json")
    assert (out.code, out.stderr) == (0, ""), out
    closed = json.loads(out.stdout)["series"][0]["tables"][0]
    assert closed["closed"] == 1
    seated = drawn["tables"][1]["players"]
    lines = [f"{name}=0/0/0" for name in seated]
    out = cli("tournament", "result", str(file), "--series", "1", "--table", "2", *lines,
              "--json")  # fmt: skip
    assert (out.code, out.stderr) == (0, ""), out
    paper = json.loads(out.stdout)["series"][0]["tables"][1]["paper"]
    assert [row["points"] for row in paper] == [0] * len(seated)
