"""The Click classes and names the command line builds on, reached through Typer's public
surface alone: the one place that knows how (issue 30).

Typer vendors Click (since 0.26) and exports few of its names: ``typer.Context``,
``typer.BadParameter``, ``typer.Exit``. Its private modules (``typer._click``, ``typer.core``,
``typer._types``) change from one release to the next: 0.29 dropped Click's parameter types and
a parameter's ``.type`` with them. So nothing here imports them. What a command needs is taken
from what Typer's public functions hand out:

- the classes of a group and of a command (for ``cls=``, which Typer documents on
  ``typer.Typer`` and ``app.command``): the classes of what ``typer.main.get_command`` builds;
- Click's usage errors: ``typer.BadParameter`` is one (Click documents it as a ``UsageError``),
  and the others are the subclasses of ``UsageError`` by the names Click documents;
- options built from a table (:func:`options`): built by Typer itself, from a signature, as it
  builds every option it is given;
- what a parameter takes (:class:`Declared`: a number, its bounds, a path): read from the
  declaration Typer built the parameter from, never from the parameter's insides;
- the Click command of an app (:func:`click_command`) and of one command an app registers
  (:func:`one_command`, :func:`command_name`, for cli/lazy.py): built by
  ``typer.main.get_command``, the one name of ``typer.main`` Typer documents ("Using Click"),
  and used here alone (tests/test_layers.py).

tests/cli/test_kinds.py holds each of these to the public path, on every Typer the pin admits
(and the newest, in .ci/run).
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable, Iterable, Iterator
from enum import Enum
from pathlib import Path
from typing import Annotated, Any

import typer

from skatcalc.frozen import record


def _built() -> Any:
    """The group Typer builds for an app with a callback and one command."""
    app = typer.Typer(add_completion=False, rich_markup_mode=None)
    app.callback()(_nothing)
    app.command("one")(_nothing)
    return typer.main.get_command(app)


def _nothing() -> None:
    """Nothing: the callback and the command of :func:`_built`."""


_GROUP = _built()
Group: Any = type(_GROUP)
"""The class of a Typer group (``TyperGroup``): the base of a group given as ``cls=``."""
Command: Any = type(_GROUP.commands["one"])
"""The class of a Typer command (``TyperCommand``): the base of a command's ``cls=``."""
del _GROUP


def click_command(app: typer.Typer) -> Any:
    """The Click command of a Typer app (Typer's documented ``typer.main.get_command``): a
    group, or the one command of an app that registers one and no callback."""
    return typer.main.get_command(app)


def one_command(info: Any, pretty_exceptions_short: bool = True) -> Any:
    """The Click command Typer builds of one command an app registers (``info``, one of its
    ``registered_commands``): that of an app that registers it alone (no completion options,
    no rich in ``--help``: our words, Click's layout), as ``typer.main.get_command`` builds it.

    >>> app = typer.Typer()
    >>> _ = app.command("one")(_nothing)
    >>> one_command(app.registered_commands[0]).name
    'one'
    """
    app = typer.Typer(
        add_completion=False, rich_markup_mode=None, pretty_exceptions_short=pretty_exceptions_short
    )
    app.registered_commands.append(info)
    return typer.main.get_command(app)


def command_name(info: Any) -> str:
    """The name of a command an app registers, known without building it: the name it was
    given, else its function's, lowercase with ``-`` for ``_`` (as Typer names it).

    >>> def set_rules() -> None: ...
    >>> app = typer.Typer()
    >>> _ = app.command()(set_rules)
    >>> _ = app.command("two")(set_rules)
    >>> [command_name(info) for info in app.registered_commands]
    ['set-rules', 'two']
    """
    name: str = info.name or info.callback.__name__.lower().replace("_", "-")
    return name


UsageError: Any = next(k for k in typer.BadParameter.__mro__ if k.__name__ == "UsageError")
"""Click's ``UsageError``: every error in what was typed (exit 2)."""


def _subclasses(kind: type) -> Iterator[type]:
    sub: type
    for sub in kind.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def usage_error(name: str) -> Any:
    """Click's usage error of that documented name (``NoSuchOption``, ``MissingParameter``, …).

    >>> usage_error("NoSuchOption").__name__
    'NoSuchOption'
    >>> usage_error("NoSuchThing")
    Traceback (most recent call last):
    ...
    LookupError: NoSuchThing
    """
    if name == "UsageError":
        return UsageError
    for kind in _subclasses(UsageError):
        if kind.__name__ == name:
            return kind
    raise LookupError(name)


NoSuchOption: Callable[..., Exception] = usage_error("NoSuchOption")
"""Click's error for an option a command does not take."""


def kind_of(error: BaseException) -> str | None:
    """The name of the most specific of Click's usage errors ``error`` is, or None.

    >>> kind_of(typer.BadParameter("no"))
    'BadParameter'
    >>> kind_of(ValueError("no")) is None
    True
    """
    for kind in type(error).__mro__:
        if kind.__name__ in _KNOWN and usage_error(kind.__name__) is kind:
            name: str = kind.__name__
            return name
    return None


_KNOWN = frozenset(
    ("NoArgsIsHelpError", "NoSuchOption", "BadOptionUsage", "BadArgumentUsage",
     "MissingParameter", "BadParameter", "UsageError")
)  # fmt: skip
"""The usage errors Click documents, by name."""


def typed(ctx: Any, name: str) -> bool:
    """Whether the parameter ``name`` was given on the command line or by its environment
    variable, not left at its default (Click's documented ``Context.get_parameter_source``,
    whose ``ParameterSource`` members are named so).

    >>> one = options([keyword("bid", Annotated[int, typer.Option("--bid")], 18)])
    >>> command = Command(name="one", params=one)
    >>> typed(command.make_context("one", ["--bid", "18"]), "bid")
    True
    >>> typed(command.make_context("one", []), "bid")
    False
    """
    source = ctx.get_parameter_source(name)
    return source is not None and source.name in ("COMMANDLINE", "ENVIRONMENT")


def short_help(text: str, limit: int) -> str:
    """``text`` shortened as a group's list of commands shows a command's help (Click's
    ``Command.get_short_help_str``: the first sentence, within ``limit`` columns).

    >>> short_help("Add a deal. Then more.", 45)
    'Add a deal.'
    """
    shown: str = Command(name=None, help=text).get_short_help_str(limit)
    return shown


def options(params: Iterable[inspect.Parameter]) -> list[Any]:
    """The Click parameters Typer builds for ``params`` (each annotated with a ``typer.Option``
    or ``typer.Argument``), as it builds those of a command's function: the one public way to
    make a parameter, on every Typer.

    >>> [(p.name, p.opts) for p in options([keyword("hand", Annotated[bool, typer.Option()])])]
    [('hand', ['--hand'])]
    >>> options([keyword("hand", bool, None), keyword("hand", bool, None)])
    Traceback (most recent call last):
    ...
    ValueError: duplicate parameter name: 'hand'
    """

    def declared(**values: Any) -> None:
        """The parameters, declared."""

    declared.__signature__ = inspect.Signature(list(params))  # type: ignore[attr-defined]
    app = typer.Typer(add_completion=False, rich_markup_mode=None)
    app.command()(declared)
    made: list[Any] = typer.main.get_command(app).params
    return made


def keyword(name: str, annotation: Any, default: Any = None) -> inspect.Parameter:
    """A keyword parameter for :func:`options`."""
    return inspect.Parameter(
        name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default
    )


@record
class Declared:
    """What the code declares a parameter takes (its annotation and its ``typer.Option``'s
    bounds), read from the declaration itself: Typer 0.29 keeps no Click type on a parameter,
    and what a Typer keeps is not ours to read. The words of a value refused and of the
    type's name in ``--help`` come from here (cli/usage.py, cli/help.py)."""

    kind: type
    """The type of one value: ``int``, ``float``, ``str``, ``Path``, an enum."""
    low: float | None = None
    high: float | None = None
    clamp: bool = False

    @property
    def name(self) -> str:
        """The type's name as Click names it (the key of its words: ``help.type.int_range``).

        >>> Declared(int, low=1).name, Declared(Path).name, Declared(bool).name
        ('int_range', 'path', 'bool')
        """
        base = {int: "int", float: "float", str: "str", Path: "path"}.get(self.kind)
        if base is None:
            return self.kind.__name__.lower()
        ranged = self.kind in (int, float) and (self.low is not None or self.high is not None)
        return f"{base}_range" if ranged else base

    @property
    def choices(self) -> list[str] | None:
        """The words an enum takes, or None."""
        if isinstance(self.kind, type) and issubclass(self.kind, Enum):
            return [str(member.value) for member in self.kind]
        return None


def declared(param: Any) -> Declared | None:
    """What :func:`declare` noted of ``param``, or None (a parameter it did not see)."""
    found: Declared | None = getattr(param, "skatcalc_declared", None)
    return found


def declare(command: Any, function: Any) -> None:
    """Note on each of ``command``'s parameters what ``function`` (the one Typer built it
    from) declares of it: :class:`Declared`.

    >>> def show(last: Annotated[int | None, typer.Option("--last", min=1)] = None) -> None: ...
    >>> app = typer.Typer()
    >>> _ = app.command()(show)
    >>> command = typer.main.get_command(app)
    >>> declare(command, show)
    >>> declared(command.params[0]).name
    'int_range'
    >>> declared(Command(name="bare").get_help_option(typer.Context(Command(name="bare")))) is None
    True
    """
    hints = typing.get_type_hints(function, include_extras=True)
    for param in command.params:
        hint = hints.get(param.name)
        if hint is not None:
            param.skatcalc_declared = of(hint)


def of(hint: Any) -> Declared:
    """What an annotation declares of one value.

    >>> of(Annotated[int | None, typer.Option("--last", min=1)])
    Declared(kind=<class 'int'>, low=1, high=None, clamp=False)
    >>> of(list[Path] | None).kind is Path, of(tuple[str, str]).kind is str
    (True, True)
    """
    low = high = None
    clamp = False
    if typing.get_origin(hint) is Annotated:
        hint, *extras = typing.get_args(hint)
        for info in extras:  # the typer.Option(...) or typer.Argument(...) of the declaration
            low, high = getattr(info, "min", None), getattr(info, "max", None)
            clamp = bool(getattr(info, "clamp", False))
            if getattr(info, "parser", None) is not None:
                hint = typing.get_type_hints(info.parser).get("return", hint)
    return Declared(_one(hint), low, high, clamp)


def _one(hint: Any) -> type:
    """The type of one value of ``hint``: ``int | None`` -> int, ``list[str]`` -> str."""
    while True:
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if not args or typing.get_origin(hint) is Annotated:
            break
        hint = args[0]
    return hint if isinstance(hint, type) else str


def one_of(values: Iterable[str]) -> dict[str, Any]:
    """The keywords of a ``typer.Option`` that takes one of ``values``: they complete in the
    shell (Typer's ``autocompletion``) and ``--help`` shows them (``[isko|pub]``, as Click
    shows a choice) instead of the type's name. The command still checks the value and words
    its refusal itself.

    >>> found = one_of(["isko", "pub"])
    >>> found["metavar"], found["autocompletion"]("p")
    ('[isko|pub]', ['pub'])
    """
    words = [str(value) for value in values]

    def complete(incomplete: str) -> list[str]:
        return [word for word in words if word.startswith(incomplete)]

    return {"metavar": "[" + "|".join(words) + "]", "autocompletion": complete}
