"""An option not given is not given, whatever its default: a value typed twice (a word of the
notation and an option) must say the same, or the line is refused, even when the option's value
is its default (``--bid 18``), which was read as "not given" and silently lost to the word."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import cli

TWICE = "error: {0!r} and {1!r} both give {2}, differently: keep one\n"
WHAT = {"--bid": "the bid", "--points": "the card points"}
"""What the message names as said twice, by the option."""


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
    assert (out.code, out.stdout, out.stderr) == (
        3,
        "",
        TWICE.format(first, second, WHAT[second.split(maxsplit=1)[0]]),
    )


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
    assert (out.code, out.stdout, out.stderr) == (3, "", TWICE.format("b20", "--bid 18", "the bid"))
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
