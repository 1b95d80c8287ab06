"""The root of the command line: where each command lives, ``--version`` and ``--lang``.

Each command is registered in its own module (``@app.command(...)`` on that module's Typer app)
and built only when it runs (:mod:`skatcalc.cli.lazy`): ``skatcalc sheet add`` builds the root,
the ``sheet`` group and ``add``.
"""

from __future__ import annotations

import copy
import sys
from collections.abc import Sequence
from typing import Annotated, Any

import typer

from skatcalc.cli.kinds import UsageError as ClickUsageError
from skatcalc.cli.kinds import click_command, one_of
from skatcalc.cli.language import run_language
from skatcalc.cli.lazy import Commands, LazyGroup, modules, note_refused
from skatcalc.words import LANGUAGES

COMMANDS: dict[str, tuple[str, ...]] = {
    "value": ("skatcalc.cli.value",),
    "bid": ("skatcalc.cli.bid",),
    # the table mode and the live page in modules of their own
    "sheet": ("skatcalc.cli.sheet", "skatcalc.cli.play", "skatcalc.cli.serve"),
    "tournament": ("skatcalc.cli.tournament",),
    "season": ("skatcalc.cli.season",),
    "config": ("skatcalc.cli.config",),
    "docs": ("skatcalc.cli.docs",),
}
"""The root's commands, in the order ``--help`` lists them, by the modules whose Typer ``app``
registers them: one command (``value``), or a group of several (``sheet``: the commands of each
module, in order)."""


def command() -> Any:
    """The root Click command; each command under it is built the first time it is asked for
    (to run it, complete it, or look it up), then kept. Tests build it once and run it many
    times (``tests/cli/helpers.py``)."""
    return click_command(_application())


def _application() -> typer.Typer:
    application = typer.Typer(
        name="skatcalc",
        cls=Root,
        no_args_is_help=True,
        # -h is --help, on every command and group: Click's documented context setting, which
        # every command's context takes from its parent's (--help first: the hint names it)
        context_settings={"help_option_names": ["--help", "-h"]},
        rich_markup_mode=None,
        pretty_exceptions_enable=False,
    )
    application.callback()(_root)
    return application


def _version(shown: bool) -> None:
    if shown:
        from skatcalc import __version__

        typer.echo(f"skatcalc {__version__}")
        raise typer.Exit()


def _language(code: str | None) -> None:
    """Refuse a ``--lang`` skatcalc does not speak (the language itself was read from the line
    before Click parsed it: :meth:`Root.main`)."""
    if code is None:
        return
    from skatcalc.cli.errors import as_usage, refuse, usage
    from skatcalc.errors import SkatError, any_of
    from skatcalc.words import LANGUAGES, language

    if not code:
        raise usage("err.lang.missing", languages=any_of(list(LANGUAGES)))
    try:
        language(code)
    except SkatError as error:
        raise refuse(as_usage(error)) from None


Lang = Annotated[
    str | None,
    typer.Option(
        "--lang",
        callback=_language,
        **one_of(LANGUAGES),
        is_eager=True,
        expose_value=False,
    ),
]
"""The language option: declared once, on the root; every command gets a hidden copy when it
is built, so ``skatcalc --lang de value ...`` and ``skatcalc value ... --lang de`` agree."""


class Root(LazyGroup):
    """The root group (Typer builds it with ``cls=``). Its commands are built on demand
    (:data:`COMMANDS`); each gets, when built, a hidden copy of the eager ``--lang`` option, so
    the language may stand anywhere on the line and Click reads (and checks) it first wherever
    it stands; the command line is never rewritten.

    The language is read once, from the line, and spoken for the run (:meth:`main`). Click's
    own usage errors, raised while the line is parsed and the command invoked, are put in the
    words of the language (:mod:`skatcalc.cli.usage`)."""

    def __init__(self, **attrs: Any) -> None:
        from skatcalc.cli.help import HelpContext, describe
        from skatcalc.cli.kinds import declare

        super().__init__(**attrs)
        declare(self, _root)
        lang: Any = next(p for p in self.params if p.name == "lang")

        def finish(built: Any, path: tuple[str, ...]) -> None:
            built.context_class = HelpContext
            describe(built, path)
            if not any(p.name == lang.name for p in built.params):
                hidden = copy.copy(lang)
                hidden.hidden = True
                built.params.append(hidden)
            note_refused(built)

        sources = {name: modules(*where) for name, where in COMMANDS.items()}
        self.commands = Commands((), sources, finish, frozenset())
        self.context_class = HelpContext
        describe(self, ())
        note_refused(self)

    def main(self, args: Sequence[str] | None = None, *rest: Any, **extra: Any) -> Any:
        self.line = list(sys.argv[1:] if args is None else args)
        from skatcalc.words import working_on

        working_on(None)  # no file yet (a caller that runs several commands in one process)
        code = run_language(self.line)  # --lang, else the config file's when no SKATCALC_LANG
        self.spoken = code
        if code is None:  # the language of the environment (skatcalc.cli.main) or the caller
            return super().main(args, *rest, **extra)
        from skatcalc.words import speaking

        with speaking(code):
            return super().main(args, *rest, **extra)

    def make_context(
        self, info_name: str | None, args: list[str], parent: Any = None, **extra: Any
    ) -> Any:
        try:
            return super().make_context(info_name, args, parent, **extra)
        except ClickUsageError as error:
            raise _worded(error) from None

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except ClickUsageError as error:
            raise _worded(error) from None


def _worded(error: ClickUsageError) -> ClickUsageError:
    from skatcalc.cli.usage import worded  # on an error only: start-up (bench/startup.py)

    return worded(error)


def _root(
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True)] = False,
    lang: Lang = None,
) -> None:
    """Skat scoring by the International Skat Order: game values, results, score sheets."""
