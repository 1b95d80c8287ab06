"""``--help`` in the language in use: the help texts come from the word tables, and so do the
words Click writes around them.

Every text of the help lives in ``skatcalc/words/{en,de}.py``, found by the command's path and
the parameter's name (the code declares the options, never their words):

- a command's help: ``help.cmd.sheet.new``; its examples (the epilog): ``help.ex.sheet.new``;
- a parameter's help, the first key the tables hold of ``help.opt.sheet.new.preset`` (this
  command), ``help.rule.preset`` or ``help.game.preset`` (an option of a shared set,
  :class:`skatcalc.cli.options.SharedOptions`), ``help.opt.sheet.preset`` (the command's group),
  ``help.opt.preset`` (anywhere); an argument's metavar likewise from ``help.meta.…``, an
option's from ``help.meta.tournament.standings.fee_from`` (this command's only), else its
type (``<str>``) from ``help.type.…``.

A command without words keeps the help its code declares. The words are put in when a command
is built (:mod:`skatcalc.cli.lazy`) and again when its help is shown, in the language then: a command's Click context is :class:`HelpContext` (Click's documented
``Command.context_class``), whose ``make_formatter`` does it. Its formatter,
:class:`HelpFormatter` (Click's documented ``Context.formatter_class``), asks the words for the
labels Click and Typer write in English ("Usage:", "Options", "[default: …]", "[required]").
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import typer

from skatcalc.cli.kinds import declared
from skatcalc.words import known, w

_Formatter: Any = typer.Context.formatter_class
"""Click's HelpFormatter, as the context Typer documents uses it (typer vendors Click)."""

_SECTIONS = {"Options": "help.frame.options", "Arguments": "help.frame.arguments",
             "Commands": "help.frame.commands"}  # fmt: skip
"""Typer's section headings (typer/core.py), by the key of their words."""
_ONCE = re.compile(r"\.\.\.([\]}]?)\.\.\.")
"""An argument's ``...`` said twice: Typer 0.29 puts one after a metavar of many values that
says it already (``[WORDS...]...``), where 0.28 did not; once is the usage line we show."""
_MARKS = re.compile(r"  \[([^\[\]]*)\]$")
"""The marks Typer puts after an option's help: ``  [default: kitty]``, ``  [required]``."""


def describe(command: Any, path: tuple[str, ...], ctx: Any = None) -> None:
    """The help texts of ``command`` (at ``path``) in the language in use, where the words
    hold them."""
    where = ".".join(path) or "skatcalc"
    command.help = _first([f"help.cmd.{where}"], command.help)
    command.epilog = _first([f"help.ex.{where}"], command.epilog)
    command.options_metavar = w("help.frame.options_metavar")
    if hasattr(command, "subcommand_metavar"):
        command.subcommand_metavar = w("help.frame.subcommand")
    for param in command.params:
        chain = [*(path[:n] for n in range(len(path), 0, -1)), ()]
        shared = getattr(param, "help_key", None)
        keys = [f"help.opt.{'.'.join(part) + '.' if part else ''}{param.name}" for part in chain]
        if shared:
            keys.insert(1, shared)
        param.help = _first(keys, param.help, getattr(param, "help_values", {}))
        if param.param_type_name == "argument":
            metas = [k.replace("help.opt.", "help.meta.", 1) for k in keys if k != shared]
            param.metavar = _first(metas, param.metavar)
        elif not param.is_flag and (param.metavar is None or getattr(param, "typed", False)):
            # the command's own name for an option's values (--fee-from N AMOUNT), else the
            # type's name Click shows (<str>, <path>), in words
            own = keys[0].replace("help.opt.", "help.meta.", 1)
            kind = declared(param)
            named = [] if kind is None else [f"help.type.{kind.name}"]
            param.metavar = _first([own, *named], None)
            param.typed = True
    if ctx is not None:
        helper = command.get_help_option(ctx)
        if helper is not None:
            helper.help = w("help.opt.help")
    # a group lists its commands' short help from the words itself (cli/lazy.py), unbuilt


def _first(
    keys: Sequence[str], otherwise: str | None, values: Mapping[str, object] | None = None
) -> str | None:
    for key in keys:
        if known(key):
            return w(key, **(values or {}))
    return otherwise


class HelpFormatter(_Formatter):  # type: ignore[misc]
    """Click's help formatter, with Click's and Typer's own labels in the language in use, and
    as narrow as the terminal: Click never goes below 50 columns, so on a phone's 40 the
    terminal broke every help line again, mid-word."""

    in_section: str | None = None
    """The section being written (Click's English name of it: ``Arguments``)."""

    def __init__(
        self, indent_increment: int = 2, width: int | None = None, max_width: int | None = None
    ) -> None:
        if width is None:
            import shutil

            columns = shutil.get_terminal_size().columns
            if columns < 52:  # where Click's floor of 50 (with its margin of 2) is too wide
                width = max(columns - 2, 20)
        super().__init__(indent_increment, width, max_width)

    def getvalue(self) -> str:
        """The help, without the space Click leaves at the end of a usage line it breaks (one
        column too many on a narrow terminal)."""
        return "\n".join(line.rstrip() for line in super().getvalue().split("\n"))

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        from skatcalc.width import cells

        said = w("help.frame.usage") if prefix is None else prefix
        args = _ONCE.sub(r"...\1", args)
        if cells(said) + cells(prog) + 21 > self.width - self.current_indent:
            # too narrow for Click's layout: the command's name and path past the edge
            from skatcalc.width import usage

            self.write(usage(said, prog, args, self.width - self.current_indent) + "\n")
            return
        super().write_usage(prog, args, said)

    @contextmanager
    def section(self, name: str) -> Iterator[None]:
        key = _SECTIONS.get(name)
        self.in_section = name
        with super().section(w(key) if key else name):
            yield
        self.in_section = None

    def write_dl(self, rows: Sequence[tuple[str, str]], *args: Any, **kwargs: Any) -> None:
        arguments = getattr(self, "in_section", None) == "Arguments"
        rows = [(_term(term, arguments), _marks(text)) for term, text in rows]
        if self.width < 50 and not args:  # narrow: a longer option on a line of its own
            from skatcalc.width import term_lines

            kwargs.setdefault("col_max", max(10, self.width // 3))
            narrow: list[tuple[str, str]] = []
            for term, text in rows:
                *first, last = term_lines(term, self.width - self.current_indent)
                narrow += [(part, "") for part in first] + [(last, text)]
            rows = narrow
        super().write_dl(rows, *args, **kwargs)


def _term(term: str, argument: bool) -> str:
    """An option's or argument's name as the help lists it, with the type's name Typer writes
    there in words: Typer 0.29 writes its own (``--bid <int>``, ``FILE <Path>``) whatever the
    metavar, where 0.28 wrote the metavar :func:`describe` gives (in words already). An
    argument is listed by its metavar alone, as 0.28 lists it.

    >>> _term("--with <int>", False), _term("FILE <Path>", True), _term("--x <list[str]>", False)
    ('--with <int>', 'FILE', '--x <str>')
    """
    if argument:
        return _TYPE.sub("", term).rstrip()
    return _TYPE.sub(_type_words, term)


_TYPE = re.compile(r"(?<= )<(?:list\[)?([^<>\[\],]+)\]?>$")
"""The type's name Typer writes after an option's or argument's name (``<int>``, ``<Path>``;
of a list, of its items: ``<list[str]>``)."""


def _type_words(found: re.Match[str]) -> str:
    key = f"help.type.{found.group(1).lower().replace(' ', '_')}"
    return w(key) if known(key) else found.group(0)


def _marks(text: str) -> str:
    """``help  [default: kitty]`` with the marks in the language in use."""
    found = _MARKS.search(text)
    if not found:
        return text
    said = []
    for mark in found.group(1).split("; "):
        if mark == "required":
            said.append(w("help.frame.required"))
        elif mark.startswith("default: "):
            said.append(w("help.frame.default", default=mark.removeprefix("default: ")))
        else:
            return text
    return f"{text[: found.start()]}  [{'; '.join(said)}]"


class HelpContext(typer.Context):
    """A command's context whose help speaks the language in use (set after ``--lang``)."""

    formatter_class = HelpFormatter

    def make_formatter(self) -> Any:
        path: list[str] = []
        ctx: Any = self
        while ctx is not None and ctx.parent is not None:
            path.insert(0, ctx.info_name or "")
            ctx = ctx.parent
        describe(self.command, tuple(path), self)
        return super().make_formatter()
