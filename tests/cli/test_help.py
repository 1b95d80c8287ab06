"""Every command has help text, and the help shows an example."""

from __future__ import annotations

import pytest
import typer
from typer.core import TyperGroup

from skatcalc.cli.app import command as root_command
from tests.cli.helpers import cli


def _commands() -> list[list[str]]:
    root = root_command()
    found: list[list[str]] = []

    def walk(command: typer.main.TyperCommand | TyperGroup, path: list[str]) -> None:
        found.append(path)
        if isinstance(command, TyperGroup):
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
        assert isinstance(command, TyperGroup)
        command = command.commands[name]
    assert command.help, f"{' '.join(path)} has no help text"
    if not isinstance(command, TyperGroup):
        assert "Example" in (command.epilog or ""), f"{' '.join(path)} has no example"
