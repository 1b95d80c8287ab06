"""An option not given is not given, whatever its default: a value typed twice (a word of the
notation and an option) must say the same, or the line is refused, even when the option's value
is its default (``--bid 18``), which was read as "not given" and silently lost to the word."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import cli

TWICE = "error: {0!r} and {1!r} say one thing twice, differently: keep one\n"


@pytest.mark.parametrize(
    ("args", "first", "second"),
    [
        (["kr", "m2", "b20", "--bid", "18", "--points", "70"], "b20", "--bid 18"),  # the issue's
        (["kr", "m2", "b20", "70", "--bid", "18"], "b20", "--bid 18"),
        (["kr", "m2", "b20", "70", "--bid", "22"], "b20", "--bid 22"),  # refused before too
        (["kr", "m2", "70", "--points", "56"], "70", "--points 56"),
        (["kr", "m2", "d50", "--points", "61"], "d50", "--points 61"),
    ],
)
def test_value_refuses_a_value_given_twice_differently(
    args: list[str], first: str, second: str
) -> None:
    out = cli("value", *args)
    assert (out.code, out.stdout, out.stderr) == (3, "", TWICE.format(first, second))


@pytest.mark.parametrize(
    ("args", "alone"),
    [
        (["kr", "m2", "b20", "70", "--bid", "20"], ["kr", "m2", "b20", "70"]),
        (["kr", "m2", "70", "--points", "70"], ["kr", "m2", "70"]),
        (["kr", "m2", "h", "56", "--hand"], ["kr", "m2", "h", "56"]),
        (["kr", "m2", "56", "--bid", "18"], ["kr", "m2", "56"]),
    ],
)
def test_the_same_value_twice_is_fine(args: list[str], alone: list[str]) -> None:
    twice, once = cli("value", *args), cli("value", *alone)
    assert (twice.code, twice.stderr) == (0, "")
    assert twice.stdout == once.stdout


def test_sheet_add_refuses_a_bid_given_twice_and_keeps_the_sheet(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    assert cli("sheet", "new", str(path), "Anna", "Ben", "Carl").code == 0
    before = path.read_text()
    out = cli("sheet", "add", str(path), "an", "kr", "m2", "b20", "70", "--bid", "18")
    assert (out.code, out.stdout, out.stderr) == (3, "", TWICE.format("b20", "--bid 18"))
    assert path.read_text() == before


@pytest.mark.parametrize("option", [["--bid", "18"], ["--grand-base", "24"], ["--kontra"]])
def test_value_batch_refuses_any_option_given_beside_it(option: list[str]) -> None:
    out = cli("value", "--batch", *option, input="")
    assert (out.code, out.stdout) == (2, "")
    assert out.stderr == (
        "error: --batch reads the games from stdin as JSON lines, each with its own options: "
        "drop the game's words and the other options\n"
    )


def test_a_passed_deal_refuses_a_game_option_even_at_its_default(tmp_path: Path) -> None:
    path = tmp_path / "evening.toml"
    assert cli("sheet", "new", str(path), "Anna", "Ben", "Carl").code == 0
    out = cli("sheet", "add", str(path), "pass", "--bid", "18")
    assert (out.code, out.stdout, out.stderr) == (
        3,
        "",
        "error: a pass line stands alone: drop --bid\n",
    )


# --- a Ramsch's options beside its words ----------------------------------------------------


@pytest.fixture
def ramsch_sheet(tmp_path: Path) -> Path:
    path = tmp_path / "evening.toml"
    assert (
        cli("sheet", "new", str(path), "Anna", "Ben", "Carl", "--ramsch", "--schieberamsch").code
        == 0
    )
    return path


@pytest.mark.parametrize(
    ("words", "option", "first", "second"),
    [
        (["push=2"], ["--pushes", "1"], "push=2", "--pushes 1"),  # recorded 1 push before
        (["push=2"], ["--pushes", "0"], "push=2", "--pushes 0"),  # 0 read as not given before
        (["dm=be"], ["--durchmarsch", "an"], "dm=be", "--durchmarsch an"),
        (["lt=ca"], ["--last-trick", "be"], "lt=ca", "--last-trick be"),
    ],
)
def test_sheet_ramsch_refuses_a_thing_given_twice_differently(
    ramsch_sheet: Path, words: list[str], option: list[str], first: str, second: str
) -> None:
    before = ramsch_sheet.read_text()
    out = cli("sheet", "ramsch", str(ramsch_sheet), "an=62", "be=58", "ca=0", *words, *option)
    assert (out.code, out.stdout, out.stderr) == (4, "", TWICE.format(first, second))
    assert ramsch_sheet.read_text() == before


def test_sheet_ramsch_takes_the_same_thing_twice_and_names_as_typed(ramsch_sheet: Path) -> None:
    out = cli(
        "sheet", "ramsch", str(ramsch_sheet), "an=62", "be=58", "ca=0", "push=2", "--pushes", "2",
        "--jungfrau", "ca",
    )  # fmt: skip
    assert out.code == 0, out
    text = ramsch_sheet.read_text()
    assert "pushes = 2" in text and 'jungfrau = ["Carl"]' in text
    nobody = cli(
        "sheet", "ramsch", str(ramsch_sheet), "an=0", "be=120", "ca=0", "--durchmarsch", "zz"
    )
    assert nobody.code == 4
    assert nobody.stderr.startswith("error: '--durchmarsch zz' names nobody at the table")


def test_sheet_edit_refuses_a_ramsch_option_without_a_ramsch_even_at_zero(
    ramsch_sheet: Path,
) -> None:
    out = cli("sheet", "edit", str(ramsch_sheet), "1", "--pushes", "0")
    assert out.code == 2
    assert out.stderr == (
        "error: --jungfrau, --durchmarsch, --pushes and --last-trick go with --ramsch\n"
    )
