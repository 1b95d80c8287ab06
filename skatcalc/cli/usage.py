"""Click's and Typer's own usage errors in the language in use.

Typer vendors Click with its messages in English and no gettext, so the words of a usage error
(an unknown option, a missing argument, a number that is not a number) are not taken from its
message: the error's kind (:func:`skatcalc.cli.kinds.kind_of`) and its structured attributes
say what went wrong (Click's documented ``NoSuchOption.option_name`` and ``possibilities``,
``MissingParameter.param`` and ``param_type``, ``BadParameter.param``,
``BadOptionUsage.option_name``), and a value refused is worded from what the parameter is
declared to take (:class:`skatcalc.cli.kinds.Declared`: a number, its bounds, a choice) and the
value, which :func:`skatcalc.cli.lazy.note_refused` keeps on the error: the same words whether
Typer converted it with Click's types (0.28) or with pydantic (0.29). The words are the
``usage.*`` keys of ``skatcalc/words/{en,de}.py``; the English ones are Click's,
so English output stays as it was. ``--lang`` given after the mistake still counts: the root
read the line for it before Click parsed it (:func:`skatcalc.cli.language.given_language`).

The root group (:class:`skatcalc.cli.app.Root`) catches every ``UsageError`` Click
raises while it parses and invokes, and raises :class:`Worded` in its place: a ``UsageError``
whose documented ``show()`` writes the same shape (the usage line, the hint to ``--help``, the
error line) in the words of the language. Typer shows it and exits 2 as ever.

A plain ``UsageError`` from ``Context.fail`` carries only its sentence: those Click and Typer
raise (a missing or unknown command, extra arguments) are known by their exact sentence, as
are the two of ``BadOptionUsage`` (an option without its value, a flag given one). An
error none of this can word keeps Click's English (tests/cli/test_usage_words.py checks that no
common one does).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import IO, Any

import typer

from skatcalc.cli.errors import stderr_width
from skatcalc.cli.kinds import Declared, UsageError, declared, kind_of
from skatcalc.cli.lazy import GIVEN
from skatcalc.words import w

__all__ = ["Worded", "message", "worded"]


class Worded(UsageError):  # type: ignore[misc]
    """A usage error of Click's, shown in the words of the language in use."""

    def __init__(self, error: Any) -> None:
        super().__init__(error.message, error.ctx)
        self.error = error
        self.exit_code = error.exit_code

    def format_message(self) -> str:
        return message(self.error) or self.error.format_message()

    def show(self, file: IO[Any] | None = None) -> None:
        ctx = self.error.ctx
        # the usage line first: it puts the command's words in (an argument's name, FILE/DATEI)
        shown = None if ctx is None else ctx.get_usage()
        said = message(self.error)
        if said is None:  # none of ours: Click's own words
            self.error.show(file)
            return
        color = None
        if ctx is not None:
            color = ctx.color
            hint = ""
            if ctx.command.get_help_option(ctx) is not None:
                option = ctx.help_option_names[0]
                hint = w("usage.try", command=ctx.command_path, option=option) + "\n"
            typer.echo(_fitted(f"{shown}\n{hint}", file), file=file, err=True, color=color)
        typer.echo(_fitted(w("usage.error", message=said), file), file=file, err=True, color=color)


def _fitted(text: str, file: IO[Any] | None) -> str:
    """``text`` broken between words to the width of the terminal stderr is (as every error
    line is there); as it is to a pipe or a file."""
    width = stderr_width() if file is None else None
    if width is None:
        return text
    from skatcalc.width import fit

    return "\n".join(fit(text.split("\n"), width))


def worded(error: Any) -> Any:
    """``error``, a usage error of Click's, to raise as :class:`Worded` (the help asked for by
    ``no_args_is_help`` stays as it is: it is in words already)."""
    if isinstance(error, Worded) or kind_of(error) == "NoArgsIsHelpError":
        return error
    return Worded(error)


def message(error: Any) -> str | None:
    """The sentence of ``error`` in the language in use, or None where it has no words."""
    kind = kind_of(error)
    if kind == "NoSuchOption":
        option = _escaped(error.option_name)
        if not error.possibilities:
            return w("usage.option.unknown", option=option)
        options = ", ".join(sorted(error.possibilities))
        return w("usage.option.unknown.maybe", option=option, options=options)
    if kind == "BadOptionUsage":
        return _option_usage(error)
    if kind == "MissingParameter":
        return _missing(error)
    if kind == "BadParameter":
        return _invalid(error)
    if kind == "UsageError":
        return _failed(error.message)
    return None


def _escaped(text: str) -> str:
    from skatcalc.words import shown

    return shown(text)


def _option_usage(error: Any) -> str | None:
    option = repr(error.option_name)
    for key, said in (("usage.option.value", "requires an argument."),
                      ("usage.option.flag", "does not take a value.")):  # fmt: skip
        if error.message == f"Option {option} {said}":
            return w(key, option=option)
    start, end = f"Option {option} requires ", " arguments."  # nargs: --fee-from N AMOUNT
    count = error.message.removeprefix(start).removesuffix(end)
    if error.message == f"{start}{count}{end}" and count.isdigit():
        return w("usage.option.values", option=option, count=int(count))
    return None


def _hint(error: Any) -> str | None:
    hint: Any = error.param_hint
    if hint is None and error.param is not None:
        hint = _named(error.param)
    if hint is not None and not isinstance(hint, str):
        hint = " / ".join(repr(x) for x in hint)
    return hint  # type: ignore[no-any-return]


def _named(param: Any) -> str:
    """How Click names a parameter in an error: an option by its names (``'--bid'``), an
    argument by its metavar (``'FILE'``)."""
    if param.param_type_name == "option" and param.opts:
        return " / ".join(repr(name) for name in param.opts)
    return repr(param.metavar or param.name.upper())


def _missing(error: Any) -> str | None:
    if error.message:
        return None
    kind = error.param_type
    if kind is None and error.param is not None:
        kind = error.param.param_type_name
    if kind not in ("argument", "option", "parameter"):
        return None
    hint = _hint(error)
    said = w(f"usage.missing.{kind}", hint=f" {hint}" if hint else "")
    kind = None if error.param is None else declared(error.param)
    if kind is not None and kind.choices is not None:
        listed = ",\n\t".join(kind.choices)
        return f"{said} {w('usage.choose', choices=listed)}"
    return said


def _invalid(error: Any) -> str | None:
    """A value the parameter refused, worded from what it takes (its declaration: cli/kinds.py)
    and the value."""
    if not hasattr(error, GIVEN) or error.param is None:
        return None  # raised by a callback, with words of its own
    kind = declared(error.param)
    if kind is None:
        return None
    reason = None
    for value in _flat(getattr(error, GIVEN)):  # one, or several for nargs and multiple
        reason = _reason(kind, value)
        if reason is not None:
            break
    if reason is None:
        return None
    hint = _hint(error)
    if hint is None:
        return w("usage.invalid.bare", reason=reason)
    return w("usage.invalid", hint=hint, reason=reason)


def _flat(value: Any) -> Iterable[Any]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        yield value
        return
    for item in value:
        yield from _flat(item)


def _reason(kind: Declared, value: Any) -> str | None:
    """Why ``kind`` refuses ``value``, or None where it takes it."""
    if kind.choices is not None:
        if str(value) in kind.choices:
            return None
        return w("usage.choice", value=repr(value), choices=", ".join(map(repr, kind.choices)))
    if kind.kind not in (int, float):
        return None
    try:
        got = kind.kind(value)
    except (ValueError, TypeError):
        return w(f"usage.not.{kind.name}", value=repr(value))
    low, high = kind.low, kind.high
    if kind.clamp or ((low is None or got >= low) and (high is None or got <= high)):
        return None  # a number that converts, or a range that clamps: not refused for that
    return w("usage.range", value=got, range=_range(low, high))


def _range(low: float | None, high: float | None) -> str:
    """The range as Click describes it: ``x>=1``, ``0<=x<=120``."""
    if low is None:
        return f"x<={high}"
    if high is None:
        return f"x>={low}"
    return f"{low}<=x<={high}"


_FAILED = (
    ("usage.command.maybe", r"No such command (?P<name>.*)\. Did you mean (?P<commands>.*)\?"),
    ("usage.command.unknown", r"No such command (?P<name>.*)\."),
    ("usage.command.missing", r"Missing command\."),
    ("usage.extra", r"Got unexpected extra argument\(s\) \((?P<args>.*)\)"),
)
"""The sentences Click's and Typer's ``Context.fail`` write (Typer's group, Click's context),
the longer first; compiled only when an error is shown (a compiled pattern costs start-up)."""


def _failed(said: str) -> str | None:
    import re

    for key, sentence in _FAILED:
        found = re.fullmatch(sentence, said, re.S)
        if found:
            return w(key, **found.groupdict())
    return None
