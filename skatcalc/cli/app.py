"""The Typer application: commands are registered here, their bodies live in one module each."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Annotated, Any

import typer
from typer._click.exceptions import UsageError as ClickUsageError  # the Click typer bundles
from typer.core import TyperGroup

from skatcalc.cli import value


def build(command: str | None = None) -> typer.Typer:
    """The application; with ``command="value"`` only what that command needs.

    Typer turns every registered command into a click command on each call, so a plain
    ``skatcalc value`` call skips building the sheet commands (about 4 ms, bench/startup.sh).
    """
    application = typer.Typer(
        name="skatcalc",
        cls=_LanguageAnywhere,
        no_args_is_help=True,
        rich_markup_mode=None,
        pretty_exceptions_enable=False,
    )
    application.callback()(_root)
    application.command(
        "value",
        cls=value.ValueCommand,
        context_settings={"ignore_unknown_options": True},  # kr m1 -5: ValueCommand
        no_args_is_help=True,
    )(value.value)
    if command != "value":
        from skatcalc.cli import bid, play, sheet, tournament

        application.command("bid")(bid.bid)
        sheets = typer.Typer(no_args_is_help=True, rich_markup_mode=None)
        sheets.add_typer(sheet.app)  # sheet new, add, ..., check
        sheets.add_typer(play.app)  # sheet play: the table mode, in a module of its own
        application.add_typer(sheets, name="sheet")
        application.add_typer(tournament.app, name="tournament")
    return application


def _version(shown: bool) -> None:
    if shown:
        from skatcalc import __version__

        typer.echo(f"skatcalc {__version__}")
        raise typer.Exit()


def _language(code: str | None) -> None:
    """Speak the language given with ``--lang`` (eager: before anything else is read)."""
    if code is None:
        return
    from skatcalc.cli.errors import as_usage, refuse, usage
    from skatcalc.errors import SkatError, any_of
    from skatcalc.words import LANGUAGES, use

    if not code:
        raise usage("err.lang.missing", languages=any_of(list(LANGUAGES)))
    try:
        use(code)
    except SkatError as error:
        raise refuse(as_usage(error)) from None


Lang = Annotated[
    str | None,
    typer.Option(
        "--lang",
        callback=_language,
        is_eager=True,
        expose_value=False,
    ),
]
"""The language option: declared once, on the root; :class:`_LanguageAnywhere` gives it to every
command as well, so ``skatcalc --lang de value ...`` and ``skatcalc value ... --lang de`` agree."""


class _LanguageAnywhere(TyperGroup):
    """The root group. Its eager ``--lang`` option is given (hidden, it is listed on the root) to
    every command and group under it, so the language may stand anywhere on the line: Click
    reads it first wherever it stands, through its own eager options (``is_eager``), and the
    command line is never rewritten. Typer builds the root with this class (``cls=``).

    Click's own usage errors, raised while the line is parsed and the command invoked, are put
    in the words of the language (:mod:`skatcalc.cli.usage`)."""

    def __init__(self, **attrs: Any) -> None:
        from skatcalc.cli.help import describe_tree

        super().__init__(**attrs)
        lang = next(p for p in self.params if p.name == "lang")
        _give(self.commands.values(), lang)
        describe_tree(self)
        note_refused(self)
        self.line: list[str] = []

    def make_context(
        self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any
    ) -> Any:
        self.line = list(args)
        try:
            return super().make_context(info_name, args, parent, **extra)
        except ClickUsageError as error:
            raise _worded(error, self.line) from None

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except ClickUsageError as error:
            raise _worded(error, self.line) from None


def _worded(error: ClickUsageError, line: list[str]) -> ClickUsageError:
    from skatcalc.cli.usage import worded  # on an error only: start-up (bench/startup.py)

    return worded(error, line)


GIVEN = "skatcalc_given"
"""The attribute of a ``BadParameter`` a parameter's type raised: the value it was given, which
:mod:`skatcalc.cli.usage` words the error with."""


def note_refused(command: Any) -> None:
    """Let every parameter of ``command`` and the commands under it note the value its type
    refused on the error (through Click's documented ``Parameter.type_cast_value``)."""
    for param in command.params:
        if "type_cast_value" not in vars(param):
            param.type_cast_value = _noting(param.type_cast_value)
    for sub in getattr(command, "commands", {}).values():
        note_refused(sub)


def _noting(cast: Any) -> Any:
    def type_cast_value(ctx: Any, value: Any) -> Any:
        try:
            return cast(ctx, value)
        except typer.BadParameter as error:
            setattr(error, GIVEN, value)
            raise

    return type_cast_value


def _give(commands: Iterable[Any], option: Any) -> None:
    """Append a hidden copy of ``option`` to each command (Click's ``Command.params``)."""
    for command in commands:
        if any(p.name == option.name for p in command.params):
            continue
        hidden = copy.copy(option)
        hidden.hidden = True
        command.params.append(hidden)
        _give(getattr(command, "commands", {}).values(), option)


def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True)] = False,
    lang: Lang = None,
) -> None:
    """Skat scoring by the International Skat Order: game values, results, score sheets."""


def __getattr__(name: str) -> typer.Typer:
    """``app``: the whole application, built when first asked for (tests, completion)."""
    if name == "app":
        return build()
    raise AttributeError(name)
