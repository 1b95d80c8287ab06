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
