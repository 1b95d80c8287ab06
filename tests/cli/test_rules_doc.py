"""docs/rules.md's worked house-rule examples are tests: each ```console block runs in an empty
folder, command by command, and each command's output is what the block shows (a line ``...``
stands for lines left out). The numbers in them are worked by hand in the text above each block.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from tests.cli.helpers import cli

ROOT = Path(__file__).resolve().parents[2]
HOUSE_RULES = (ROOT / "docs" / "rules.md").read_text().split("\n## House rules\n", 1)[1]


def blocks() -> list[list[tuple[str, list[str]]]]:
    """Each console block: its commands, each with the output lines it shows."""
    found = []
    for block in HOUSE_RULES.split("```console\n")[1:]:
        commands: list[tuple[str, list[str]]] = []
        for line in block.split("\n```", 1)[0].splitlines():
            if line.startswith("$ "):
                commands.append((line[2:], []))
            else:
                commands[-1][1].append(line)
        found.append(commands)
    return found


def matches(expected: list[str], got: list[str]) -> bool:
    """``got`` is ``expected`` with each ``...`` line standing for any lines (none included)."""
    parts: list[list[str]] = [[]]
    for line in expected:
        if line == "...":
            parts.append([])
        else:
            parts[-1].append(line)
    first, *middle, last = parts if len(parts) > 1 else [parts[0], parts[0]]
    if len(parts) == 1:
        return got == expected
    if got[: len(first)] != first or (last and got[-len(last) :] != last):
        return False
    at, end = len(first), len(got) - len(last)
    for part in middle:
        while at + len(part) <= end and got[at : at + len(part)] != part:
            at += 1
        if at + len(part) > end:
            return False
        at += len(part)
    return at <= end


def test_matches() -> None:
    assert matches(["a", "...", "c"], ["a", "b", "b", "c"])
    assert matches(["...", "c"], ["c"])
    assert not matches(["a", "...", "c"], ["a", "b"])
    assert not matches(["a"], ["a", "b"])
    assert matches(["...", "b", "..."], ["a", "b", "c"])
    assert not matches(["...", "x", "..."], ["a", "b", "c"])


def test_every_house_rule_example_is_run() -> None:
    assert len(blocks()) == 7


@pytest.mark.parametrize("n", range(7))
def test_house_rule_example(n: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for command, expected in blocks()[n]:
        args = shlex.split(command)
        assert args[0] == "skatcalc"
        out = cli(*args[1:])
        assert (out.code, out.stderr) == (0, ""), (command, out)
        assert matches(expected, out.stdout.splitlines()), (command, out.stdout)
