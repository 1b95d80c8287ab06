"""The game's options are declared once (skatcalc/spec.py's GAME_OPTIONS, built into Click
options by skatcalc/cli/options.py) and taken by every command that records or scores a game,
with the same names and defaults."""

from __future__ import annotations

import inspect
from typing import Any

from skatcalc.cli.app import command as root
from skatcalc.spec import GAME_OPTIONS

COMMANDS = (("value",), ("sheet", "add"), ("sheet", "edit"))


def _command(path: tuple[str, ...]) -> Any:
    command = root()
    for name in path:
        command = command.commands[name]  # type: ignore[attr-defined]
    return command  # type: ignore[return-value]


def test_every_game_command_takes_every_game_option_once() -> None:
    declared = [option.name for option in GAME_OPTIONS]
    assert declared[:3] == ["with_", "without", "cards"]
    for path in COMMANDS:
        names = [p.name for p in _command(path).params]
        assert [n for n in names if n in declared] == declared, path
        for name in declared:
            assert names.count(name) == 1, (path, name)


def test_no_command_function_declares_them() -> None:
    from skatcalc.cli import sheet, value

    for function in (value.value, sheet.add, sheet.edit):
        parameters = inspect.signature(function).parameters
        assert "ctx" in parameters
        assert not set(parameters) & {option.name for option in GAME_OPTIONS}
        assert all(p.kind is not p.VAR_KEYWORD for p in parameters.values())
