"""What cli/kinds.py reaches through Typer's public surface is what Typer builds and raises: on
the Typer the pin admits, and on the newest one (.ci/run runs this file under both)."""

from __future__ import annotations

from typing import Annotated, Any

import pytest
import typer

from skatcalc.cli import kinds


def _app() -> typer.Typer:
    app = typer.Typer()

    @app.callback()
    def root() -> None:
        """The root."""

    @app.command()
    def one(count: Annotated[int, typer.Option("--count")] = 1) -> None:
        """One command."""

    return app


def test_the_classes_are_those_typer_builds() -> None:
    group = typer.main.get_command(_app())
    assert type(group) is kinds.Group
    assert type(group.commands["one"]) is kinds.Command


def test_a_usage_error_is_what_typer_raises_for_a_mistake() -> None:
    group = typer.main.get_command(_app())
    with pytest.raises(kinds.UsageError) as caught:
        group.main(["two"], standalone_mode=False)
    assert kinds.kind_of(caught.value) == "UsageError"
    command = group.commands["one"]
    with pytest.raises(kinds.usage_error("NoSuchOption")) as unknown:
        command.make_context("one", ["--cuont", "2"])
    assert kinds.kind_of(unknown.value) == "NoSuchOption"
    assert unknown.value.possibilities == ["--count"]
    with pytest.raises(kinds.UsageError) as missing:
        command.make_context("one", ["--count"])
    assert kinds.kind_of(missing.value) == "BadOptionUsage"
    with pytest.raises(typer.BadParameter) as bad:
        command.make_context("one", ["--count", "many"])
    assert kinds.kind_of(bad.value) == "BadParameter"


def test_typed_tells_the_line_from_the_default() -> None:
    command: Any = typer.main.get_command(_app()).commands["one"]
    assert kinds.typed(command.make_context("one", ["--count", "1"]), "count")
    assert not kinds.typed(command.make_context("one", []), "count")


def test_options_are_built_by_typer_as_from_a_function() -> None:
    made = kinds.options(
        [
            kinds.keyword("bid", Annotated[int | None, typer.Option("--bid")]),
            kinds.keyword("hand", Annotated[bool, typer.Option("--hand/--no-hand")], False),
        ]
    )
    assert [(p.name, p.opts, p.secondary_opts) for p in made] == [
        ("bid", ["--bid"], []),
        ("hand", ["--hand"], ["--no-hand"]),
    ]
    command = kinds.Command(name="c", params=made, callback=lambda **values: values)
    ctx = command.make_context("c", ["--bid", "18", "--hand"])
    assert ctx.params == {"bid": 18, "hand": True}


def _shape(command: Any) -> tuple[Any, ...]:
    """What a built command is, as far as a user meets it (the completion options Typer adds
    to an app's one command left out)."""
    params = [
        (p.name, p.opts, p.secondary_opts, p.required, p.multiple, p.nargs, p.metavar)
        for p in command.params
        if p.name not in ("install_completion", "show_completion")
    ]
    return (type(command), command.name, command.help, command.short_help, command.epilog,
            command.hidden, command.no_args_is_help, command.context_settings,
            command.callback is not None, params)  # fmt: skip


def _registered() -> list[tuple[str, typer.Typer, Any]]:
    import importlib

    from skatcalc.cli.app import COMMANDS

    found = []
    for names in COMMANDS.values():
        for name in names:
            app = importlib.import_module(name).app
            found += [(name, app, info) for info in app.registered_commands]
    return found


@pytest.mark.parametrize(("module", "app", "info"), _registered())
def test_one_command_is_what_get_command_builds_of_its_app(
    module: str, app: typer.Typer, info: Any
) -> None:
    """cli/lazy.py builds each command alone (kinds.one_command) and names it without building
    it (kinds.command_name): the same as Typer's documented path builds of the whole app."""
    whole = typer.main.get_command(app)
    name = kinds.command_name(info)
    public = whole.commands[name] if isinstance(whole, kinds.Group) else whole
    assert public.name == name
    assert _shape(kinds.one_command(info, app.pretty_exceptions_short)) == _shape(public)
