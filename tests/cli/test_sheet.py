"""``skatcalc sheet``: exact output, exit codes, names as data."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.helpers import cli
from tests.data import LOST_CLUBS_HAND

NAMES = ["[bold red]Anna[/]", 'Ben "the Bear"', "Zoë \\ O'Neil"]


@pytest.fixture
def sheet(tmp_path: Path) -> Path:
    path = tmp_path / "evening.toml"
    out = cli("sheet", "new", str(path), "Anna", "Ben", "Carl")
    assert out.code == 0, out
    return path


def test_new(tmp_path: Path) -> None:
    path = tmp_path / "e.toml"
    out = cli("sheet", "new", str(path), "Anna", "Ben", "Carl", "Dora")
    assert (out.code, out.stderr) == (0, "")
    assert out.stdout == (
        f"Started {path}: Anna, Ben, Carl, Dora.\n"
        "Anna deals first; at 4 players each sits out when dealing.\n"
        "Rules: list: Seeger-Fabian; Seeger-Fabian: +50 won, -50 lost; each other player +40 at "
        "three, +30 at four per lost game; Kontra and Re: not allowed (ISkO); Bock: off; Ramsch: "
        "off (a deal everybody passes is just passed); old rules: none.\n"
        f"Off (ISkO): Kontra, Bock, Ramsch; to turn them on: skatcalc sheet rules {path} "
        "--kontra --bock --ramsch (in the table mode: rules --kontra --bock --ramsch)\n"
    )
    again = cli("sheet", "new", str(path), "X", "Y", "Z")
    assert again.code == 4
    assert (
        again.stderr == f"error: {path} already exists: choose another name, or delete it first\n"
    )


def test_add_prints_the_game_and_totals(sheet: Path) -> None:
    out = cli(
        "sheet", "add", str(sheet), "--declarer", "Ben", "clubs", "--with", "2", "--hand",
        "--points", "56", "--bid", "20",
    )  # fmt: skip
    assert (out.code, out.stderr) == (0, "")
    assert (
        out.stdout
        == (
            "Deal 1, dealer Anna: Ben plays\n"
            + LOST_CLUBS_HAND
            # the Seeger-Fabian list decides: Ben -96 - 50, the others +40 each
            + "Totals, Seeger-Fabian list: Anna +40, Ben -146, Carl +40\n"
            "Ben deals next.\n"
        )
    )


def test_pass_undo_edit(sheet: Path) -> None:
    assert cli("sheet", "pass", str(sheet)).stdout == (
        "Deal 1, dealer Anna: everybody passed\nTotals, Seeger-Fabian list: Anna 0, Ben 0, Carl 0\n"
        "Ben deals next.\n"
    )  # as `sheet add FILE pass` says it: the totals too
    cli("sheet", "add", str(sheet), "--declarer", "Carl", "grand", "--with", "1", "--points", "70")
    out = cli("sheet", "undo", str(sheet))
    assert out.stdout.startswith("Removed: Deal 2, dealer Ben: Carl plays\nGrand, with 1\n")
    assert out.stdout.endswith("Totals, Seeger-Fabian list: Anna 0, Ben 0, Carl 0\n")
    out = cli("sheet", "edit", str(sheet), "1", "--declarer", "Anna", "null", "--tricks", "0")
    assert out.stdout.startswith("Deal 1, dealer Anna: Anna plays\nNull\n")
    assert out.stdout.endswith("Totals, Seeger-Fabian list: Anna +73, Ben 0, Carl 0\n")  # 23 + 50
    out = cli("sheet", "edit", str(sheet), "1", "--passed")
    assert out.stdout == (
        "Deal 1, dealer Anna: everybody passed\nTotals, Seeger-Fabian list: Anna 0, Ben 0, Carl 0\n"
    )


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["--declarer", "Dora", "grand", "--with", "1"], 4,
         "deal 1: 'Dora' is not at the table: the players are Anna, Ben, Carl"),
        (["--declarer", "Anna", "grand", "--with", "5"], 3, "deal 1: grand has 4 tops at most"),
        (["grand", "--with", "1"], 3, "the declarer is missing: name the player"),
        (["--declarer", "Anna"], 2, "the game is missing: give the deal in the notation"),
    ],
)  # fmt: skip
def test_add_refusals_leave_the_file(sheet: Path, args: list[str], code: int, message: str) -> None:
    before = sheet.read_bytes()
    out = cli("sheet", "add", str(sheet), *args)
    assert out.code == code
    assert out.stderr.startswith(f"error: {message}")
    assert sheet.read_bytes() == before


def test_undo_and_edit_of_nothing(sheet: Path) -> None:
    assert cli("sheet", "undo", str(sheet)).stderr == "error: the sheet has no deal to undo\n"
    out = cli("sheet", "edit", str(sheet), "3", "--passed")
    assert (out.code, out.stderr) == (4, "error: there is no deal 3: the sheet has no deals yet\n")


def test_missing_sheet(tmp_path: Path) -> None:
    path = tmp_path / "nope.toml"
    out = cli("sheet", "show", str(path))
    assert out.code == 5
    assert out.stderr == (
        f"error: there is no sheet at {path}: start one with skatcalc sheet new {path} "
        "NAME NAME NAME\n"
    )


def test_names_print_as_typed(tmp_path: Path) -> None:
    path = tmp_path / "names.toml"
    assert cli("sheet", "new", str(path), *NAMES).code == 0
    cli(
        "sheet", "add", str(path), "--declarer", NAMES[1], "spades", "--with", "1", "--points", "90"
    )
    out = cli("sheet", "show", str(path))
    assert out.code == 0
    for name in NAMES:
        assert name in out.stdout
    assert "\x1b" not in out.stdout  # not a terminal: no colour codes
    data = json.loads(cli("sheet", "show", str(path), "--json").stdout)
    assert [p["name"] for p in data["players"]] == NAMES
    assert data["games"][0]["declarer"] == NAMES[1]


def test_control_characters_in_names_are_refused(tmp_path: Path) -> None:
    out = cli("sheet", "new", str(tmp_path / "x.toml"), "Anna\x1b[2J", "Ben", "Carl")
    assert out.code == 4
    assert "has a control character (U+001B)" in out.stderr
    assert not (tmp_path / "x.toml").exists()


def test_show_json(sheet: Path) -> None:
    cli("sheet", "add", str(sheet), "--declarer", "Ben", "grand", "--with", "2", "--points", "61")
    cli("sheet", "pass", str(sheet))
    data = json.loads(cli("sheet", "show", str(sheet), "--json").stdout)
    assert data["players"] == [
        {"name": "Anna", "score": 0, "won": 0, "lost": 0, "seeger_fabian": 0, "bierlachs": -72},
        {"name": "Ben", "score": 72, "won": 1, "lost": 0, "seeger_fabian": 122, "bierlachs": 0},
        {"name": "Carl", "score": 0, "won": 0, "lost": 0, "seeger_fabian": 0, "bierlachs": -72},
    ]
    first, second = data["games"]
    assert (first["n"], first["dealer"], first["declarer"], first["passed"]) == (
        1,
        "Anna",
        "Ben",
        False,
    )
    assert (first["value"], first["score"], first["outcome"]) == (72, 72, "won")
    assert first["totals"] == {"Anna": 0, "Ben": 72, "Carl": 0}
    assert second == {
        "n": 2, "dealer": "Ben", "declarer": None, "passed": True, "bock_factor": 1,
        "scores": {"Anna": 0, "Ben": 0, "Carl": 0}, "bock_triggers": [],
        "totals": {"Anna": 0, "Ben": 72, "Carl": 0},
    }  # fmt: skip
    assert data["series"] == {"deals": 2, "of": 36, "number": 1, "deal_in_series": 2}
    assert data["rules"]["won_bonus"] == 50


def test_show_table_and_last(sheet: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    for points in ("70", "40", "95"):
        cli("sheet", "add", str(sheet), "--declarer", "Carl", "hearts", "--with", "1",
            "--points", points)  # fmt: skip
    out = cli("sheet", "show", str(sheet), "--last", "1")
    assert out.code == 0
    # Carl: hearts with 1 won 20, lost 40 (-40), won schneider 30: totals 20, -20, 10;
    # Seeger-Fabian 10 + 2 x 50 - 50 = +60, Anna and Ben +40 each for Carl's lost game.
    # Short names fit 80 columns whole, so no legend and the long heads. The running totals
    # are in the Seeger-Fabian list, which decides.
    assert out.stdout == (
        "Score sheet, the last deal\n"
        "#  Dealer  Game      Declarer  Score  Anna   Ben   Carl\n"
        "3  Carl    he w1 95  Carl        +30    40    40     60*\n"
        "\n"
        "Totals\n"
        "Player  Score  Won  Lost  Seeger-Fabian\n"
        "Anna        0    0     0            +40\n"
        "Ben         0    0     0            +40\n"
        "Carl      +10    2     1            +60\n"
        "Running totals in the Seeger-Fabian list, which decides.\n"
        "*: the totals each deal changed.\n"
        "\n"
        "Series 1: deal 3 of 36; Anna deals next.\n"
        "Rules: Seeger-Fabian, no Kontra.\n"
    )


def test_check(sheet: Path) -> None:
    assert cli("sheet", "check", str(sheet)).stdout == f"{sheet}: 0 deals, no problems\n"
    sheet.write_text(
        sheet.read_text() + '\n[[deal]]\ndeclarer = "Anna"\ngame = "clubs"\nwith = 0\n'
    )
    before = sheet.read_bytes()
    line = sheet.read_text().splitlines().index("with = 0") + 1
    out = cli("sheet", "check", str(sheet))
    assert out.code == 5
    assert out.stdout == ""  # the problems are diagnostics: on stderr, before the error line
    assert out.stderr == (
        f"{sheet}:{line}: deal 1: with 0 is no count of tops: they count from 1 (with 1: the top "
        f"trump held; without 1: missing); give 1 to 11\nerror: {sheet} has 1 problem\n"
    )
    assert sheet.read_bytes() == before
    out = cli("sheet", "add", str(sheet), "--declarer", "Ben", "grand", "--with", "1")
    assert out.code == 5
    assert out.stderr.startswith(f"error: {sheet}: line {line}: deal 1: with 0 is no count")
    assert sheet.read_bytes() == before


def test_check_reads_and_parses_the_sheet_once(
    sheet: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sound sheet is read and parsed once (it was twice: once for its problems, once for
    its deals' count), issue 28."""
    from skatcalc.store import files, sheet_codec

    reads: list[Path] = []
    parses: list[str] = []
    read, parse = files.read, sheet_codec.read_document
    monkeypatch.setattr(
        files, "read", lambda path, *a, **k: reads.append(path) or read(path, *a, **k)
    )
    monkeypatch.setattr(
        sheet_codec, "read_document", lambda text, *a: parses.append(text) or parse(text, *a)
    )
    assert cli("sheet", "check", str(sheet)).stdout == f"{sheet}: 0 deals, no problems\n"
    assert (len(reads), len(parses)) == (1, 1)


def test_last_applies_to_json_too(sheet: Path) -> None:
    for _ in range(3):
        cli("sheet", "pass", str(sheet))
    data = json.loads(cli("sheet", "show", str(sheet), "--json", "--last", "2").stdout)
    assert [g["n"] for g in data["games"]] == [2, 3]
    assert data["series"] == {"deals": 3, "of": 36, "number": 1, "deal_in_series": 3}


def test_undo_json_gives_the_removed_deal_and_the_totals_after(sheet: Path) -> None:
    cli("sheet", "add", str(sheet), "--declarer", "Ben", "grand", "--with", "2", "--points", "61")
    data = json.loads(cli("sheet", "undo", str(sheet), "--json").stdout)
    assert data["removed"]["n"] == 1
    assert data["removed"]["score"] == 72
    assert data["removed"]["totals"] == {"Anna": 0, "Ben": 72, "Carl": 0}
    assert data["totals"] == {"Anna": 0, "Ben": 0, "Carl": 0}


def test_the_series_end_is_said(sheet: Path) -> None:
    for _ in range(35):
        cli("sheet", "pass", str(sheet))
    assert cli("sheet", "pass", str(sheet)).stdout.endswith(
        "That was deal 36 of series 1: the series is complete.\nAnna deals next.\n"
    )
    out = cli("sheet", "add", str(sheet), "--declarer", "Ben", "grand", "--with", "1",
              "--points", "70")  # fmt: skip
    assert out.stdout.endswith("Deal 37 starts series 2.\nBen deals next.\n")
    table = cli("sheet", "show", str(sheet)).stdout.splitlines()
    assert "Score sheet, series 2" in table
    assert "Series 2: deal 1 of 36; Ben deals next." in table
    assert _deal_numbers(table) == ["37"]
    every = cli("sheet", "show", str(sheet), "--all").stdout.splitlines()
    assert _deal_numbers(every) == [str(n) for n in range(1, 38)]


def _deal_numbers(lines: list[str]) -> list[str]:
    """The deal numbers that start the list's lines."""
    return [line.split()[0] for line in lines if line.split()[:1] and line.split()[0].isdigit()]
