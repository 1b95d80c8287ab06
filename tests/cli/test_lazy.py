"""The command line builds only the command that runs (skatcalc/cli/lazy.py), and what it shows
is what a fully built tree shows: every command listed with its short help, completion."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import pytest
import typer

from skatcalc.cli.app import COMMANDS, command
from skatcalc.cli.kinds import Group
from skatcalc.cli.lazy import LazyGroup
from skatcalc.words import speaking


def _built(group: Any) -> dict[str, Any]:
    """The commands built so far under ``group``, as a tree of names."""
    if not isinstance(group, LazyGroup):
        return {}
    return {name: _built(group.commands[name]) for name in group.commands.built}


def _main(root: Any, *args: str) -> int:
    try:
        root.main(list(args), prog_name="skatcalc")
    except SystemExit as done:
        return int(done.code or 0)
    return 0


def test_a_command_builds_only_itself(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = command()
    assert _built(root) == {}
    path = str(tmp_path / "s.toml")
    assert _main(root, "sheet", "new", path, "Anna", "Ben", "Carl") == 0
    assert (
        _main(
            root,
            "sheet",
            "add",
            path,
            "--declarer",
            "Anna",
            "grand",
            "--with",
            "1",
            "--points",
            "70",
        )
        == 0
    )
    assert _built(root) == {"sheet": {"new": {}, "add": {}}}
    assert _main(root, "value", "grand", "--with", "1", "--points", "70") == 0
    assert _built(root) == {"sheet": {"new": {}, "add": {}}, "value": {}}
    assert "Score +48" in capsys.readouterr().out


def _commands_section(text: str) -> list[str]:
    lines = text.splitlines()
    start = next(n for n, line in enumerate(lines) if line in ("Commands:", "Befehle:"))
    return lines[start:]


def _fully_built(root: Any, path: tuple[str, ...]) -> Any:
    group = root
    for name in path:
        group = group.commands[name]
    for name in group.commands:
        group.commands[name]  # built and finished, words and all
    return group


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("path", [(), ("sheet",), ("tournament",)], ids=" ".join)
def test_a_groups_help_lists_every_command_as_click_would_without_building_one(
    capsys: pytest.CaptureFixture[str], path: tuple[str, ...], lang: str
) -> None:
    root = command()
    assert _main(root, "--lang", lang, *path, "--help") == 0
    listed = _commands_section(capsys.readouterr().out)
    assert _built(root) == ({} if not path else {path[0]: {}})
    # Click's own listing (TyperGroup.format_commands), over every command built
    other = command()
    with speaking(lang):  # the words of a command are put in when it is built
        group = _fully_built(other, path)
    original = LazyGroup.format_commands
    try:
        LazyGroup.format_commands = Group.format_commands  # type: ignore[method-assign]
        assert _main(other, "--lang", lang, *path, "--help") == 0
    finally:
        LazyGroup.format_commands = original  # type: ignore[method-assign]
    assert listed == _commands_section(capsys.readouterr().out)
    assert len(listed) == 1 + len(group.commands)


def test_every_command_lives_where_the_root_says() -> None:
    """Each module the root names registers its command(s) on its Typer app; each is built
    under the name it is listed by, a group's commands in the order of its modules."""
    root = command()
    for name, where in COMMANDS.items():
        apps = [importlib.import_module(module).app for module in where]
        assert all(isinstance(app, typer.Typer) for app in apps)
        registered = [info.name for app in apps for info in app.registered_commands]
        built = root.commands[name]
        assert built.name == name
        if isinstance(built, LazyGroup):
            assert list(built.commands) == registered
            for sub in registered:
                assert built.commands[sub].name == sub
        else:
            assert registered == [name]


@pytest.mark.parametrize(
    ("line", "offered"),
    [
        ("skatcalc s", '"sheet":"Keep the score sheet of an evening or a..."'),
        ("skatcalc sheet a", '"add":"Record a game\\\\: the dealer comes from the..."'),
        ("skatcalc tournament st", '"standings":'),
    ],
)
def test_completion_offers_the_commands_it_builds(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], line: str, offered: str
) -> None:
    monkeypatch.setenv("_SKATCALC_COMPLETE", "complete_zsh")
    monkeypatch.setenv("_TYPER_COMPLETE_ARGS", line)
    assert _main(command()) == 0
    out = capsys.readouterr().out
    assert offered in out, out
