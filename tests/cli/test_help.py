"""Every command has help text, and the help shows an example."""

from __future__ import annotations

from typing import Any

import pytest

from skatcalc.cli.app import command as root_command
from skatcalc.cli.kinds import Group
from tests.cli.helpers import cli


def _commands() -> list[list[str]]:
    root = root_command()
    found: list[list[str]] = []

    def walk(command: Any, path: list[str]) -> None:
        found.append(path)
        if isinstance(command, Group):
            for name, sub in command.commands.items():
                walk(sub, [*path, name])

    walk(root, [])
    return found


@pytest.mark.parametrize("path", _commands(), ids=lambda p: " ".join(p) or "skatcalc")
def test_every_command_has_help(path: list[str]) -> None:
    out = cli(*path, "--help")
    assert out.code == 0
    assert "Usage: skatcalc" in out.stdout
    command = root_command()
    for name in path:
        assert isinstance(command, Group)
        command = command.commands[name]
    assert command.help, f"{' '.join(path)} has no help text"
    if not isinstance(command, Group):
        assert "Example" in (command.epilog or ""), f"{' '.join(path)} has no example"


@pytest.mark.parametrize("path", _commands(), ids=lambda p: " ".join(p) or "skatcalc")
def test_h_is_help_on_every_command_and_group(path: list[str]) -> None:
    for lang in ("en", "de"):
        asked = cli("--lang", lang, *path, "--help")
        short = cli("--lang", lang, *path, "-h")
        assert (short.code, short.stdout, short.stderr) == (0, asked.stdout, "")
    assert "-h, --help" in asked.stdout
