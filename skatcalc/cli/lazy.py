"""The command tree, built as it is used: a group knows where each of its commands lives and
builds one only when it is asked for (hatch's ``cli/lazy.py`` LazyGroup; Click's docs, "Lazily
Loading Subcommands").

Typer makes a Click command of a function by reading its signature and evaluating its string
annotations, about a millisecond a command: building all 27 took 21-34 ms of CPU, about a fifth
of a ``sheet add`` on a small sheet (issue 19; ``python bench/commands.py`` measures it). So
``skatcalc sheet add`` builds the root, the ``sheet`` group and ``add``, nothing else.

Where a command lives: a module whose Typer ``app`` registers it (``@app.command(...)``, Typer's
documented way, with its ``cls=`` and settings). The root names the modules
(:data:`skatcalc.cli.app.COMMANDS`); a module that registers one command gives that command, one
that registers several gives a group of them (``skatcalc sheet …``), each built on demand.

A group's ``--help`` lists every command with its short help from the word tables
(``help.cmd.sheet.add``), so listing builds nothing; shell completion builds the commands whose
names it offers. Each command is finished once, when built, by the root's ``finish``: its words
(:mod:`skatcalc.cli.help`), the hidden ``--lang``, and :func:`note_refused`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from typing import Any

import typer

from skatcalc.cli.kinds import Group, command_name

Path = tuple[str, ...]
"""A command's place in the tree: ``("sheet", "add")``."""
Finish = Callable[[Any, Path], None]
"""What every command gets once it is built: (the Click command, its path)."""
Source = Callable[[Path, Finish], Any]
"""Builds the Click command at a path (a group's commands finished by ``finish``)."""

GIVEN = "skatcalc_given"
"""The attribute of a ``BadParameter`` a parameter's type raised: the value it was given, which
:mod:`skatcalc.cli.usage` words the error with."""


class Commands(MutableMapping[str, Any]):
    """A group's commands by name, in the order they are declared: every name is known at once,
    a command is built (and finished) the first time it is looked up, then kept."""

    def __init__(
        self, path: Path, sources: Mapping[str, Source], finish: Finish, hidden: frozenset[str]
    ) -> None:
        self.path = path
        self._sources = dict(sources)
        self._finish = finish
        self._built: dict[str, Any] = {}
        self.hidden = hidden
        """The names of hidden commands (known without building them)."""

    @property
    def built(self) -> tuple[str, ...]:
        """The names of the commands built so far."""
        return tuple(self._built)

    def __getitem__(self, name: str) -> Any:
        built = self._built.get(name)
        if built is None:
            path = (*self.path, name)
            built = self._sources[name](path, self._finish)
            self._finish(built, path)
            self._built[name] = built
        return built

    def __setitem__(self, name: str, command: Any) -> None:  # Click's add_command
        self._built[name] = command
        self._sources.setdefault(name, lambda path, finish: command)

    def __delitem__(self, name: str) -> None:
        del self._sources[name]
        self._built.pop(name, None)

    def __iter__(self) -> Iterator[str]:
        return iter(self._sources)

    def __len__(self) -> int:
        return len(self._sources)


class LazyGroup(Group):  # type: ignore[misc]
    """A group whose ``commands`` is a :class:`Commands`: a command is built when it runs, is
    completed or is looked up; ``--help`` lists them all from the word tables."""

    commands: Commands

    def list_commands(self, ctx: Any) -> list[str]:
        return list(self.commands)  # names only: TyperGroup's own builds every command

    def format_commands(self, ctx: Any, formatter: Any) -> None:
        from skatcalc.cli.kinds import short_help
        from skatcalc.words import known, w

        names = [name for name in self.list_commands(ctx) if name not in self.commands.hidden]
        if not names:
            return
        limit = formatter.width - 6 - max(map(len, names))  # as Click's own listing
        rows = []
        for name in names:
            key = ".".join(("help.cmd", *self.commands.path, name))
            if known(key):
                rows.append((name, short_help(w(key), limit)))
                continue
            command = self.commands[name]  # no words: what its code declares
            if not command.hidden:
                rows.append((name, command.get_short_help_str(limit)))
        with formatter.section("Commands"):  # the words of the heading: cli/help.py
            formatter.write_dl(rows)


def modules(*names: str) -> Source:
    """The command(s) the Typer ``app`` of the modules ``names`` register, imported when built:
    one module's one command, or a lazy group of all their commands, in order."""

    def load(path: Path, finish: Finish) -> Any:
        return typer_app(*(importlib.import_module(name).app for name in names))(path, finish)

    return load


def typer_app(*apps: typer.Typer) -> Source:
    """The commands Typer apps register: the one command itself, or a lazy group of them (with
    the settings of the first app: ``no_args_is_help``, ``context_settings``)."""

    def load(path: Path, finish: Finish) -> Any:
        first = apps[0]
        if len(apps) == 1 and len(first.registered_commands) == 1 and not first.registered_groups:
            return _command(first, first.registered_commands[0])
        sources: dict[str, Source] = {}
        hidden = set()
        for app in apps:
            for info in app.registered_commands:
                assert info.callback is not None
                name = command_name(info)
                sources[name] = _source(app, info)
                if info.hidden:
                    hidden.add(name)
            for group in app.registered_groups:
                assert group.name and group.typer_instance, "a group registered with its name"
                sources[group.name] = typer_app(group.typer_instance)
        return LazyGroup(
            name=path[-1],
            commands=Commands(path, sources, finish, frozenset(hidden)),
            no_args_is_help=_setting(first.info.no_args_is_help),
            rich_markup_mode=None,
            context_settings=_setting(first.info.context_settings),
        )

    return load


def _source(app: typer.Typer, info: Any) -> Source:
    return lambda path, finish: _command(app, info)


def _command(app: typer.Typer, info: Any) -> Any:
    """Typer's Click command for one registered function (:func:`skatcalc.cli.kinds.one_command`)."""
    from skatcalc.cli.kinds import declare, one_command

    command = one_command(info, app.pretty_exceptions_short)
    declare(command, info.callback)  # what each parameter takes, for the words of its errors
    return command


def _setting(value: Any) -> Any:
    """A Typer setting as given, or its default (Typer's ``DefaultPlaceholder``)."""
    return getattr(value, "value", value)


def note_refused(command: Any) -> None:
    """Let every parameter of ``command`` note the value it refused on the error (through
    Click's documented ``Parameter.process_value``, which converts a value and checks it)."""
    for param in command.params:
        if "process_value" not in vars(param):
            param.process_value = _noting(param.process_value)


def _noting(process: Any) -> Any:
    def process_value(ctx: Any, value: Any) -> Any:
        try:
            return process(ctx, value)
        except typer.BadParameter as error:
            if not hasattr(error, GIVEN):
                setattr(error, GIVEN, value)
            raise

    return process_value
