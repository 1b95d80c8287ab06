"""Click's and Typer's own usage errors in the language in use.

Typer 0.28 vendors Click with its messages in English and no gettext, so the words of a usage
error (an unknown option, a missing argument, a number that is not a number) are not taken from
its message: the exception's structured attributes say what went wrong (Click's documented
``NoSuchOption.option_name`` and ``possibilities``, ``MissingParameter.param`` and
``param_type``, ``BadParameter.param``, ``BadOptionUsage.option_name``), and a type's failure
is worded from the parameter's type (``IntRange`` bounds, ``int``, ``float``, a choice, a path)
and the value it refused, which :func:`skatcalc.cli.lazy.note_refused` keeps on the error. The
words are the ``usage.*`` keys of ``skatcalc/words/{en,de}.py``; the English ones are Click's,
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
from skatcalc.cli.kinds import UsageError, kind_of
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
    from skatcalc.formats.width import fit

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
    choices = None if error.param is None else _choices(_type(error.param))
    if choices is not None:
        listed = ",\n\t".join(choices)
        return f"{said} {w('usage.choose', choices=listed)}"
    return said


def _type(param: Any) -> Any:
    """The parameter's Click type (Click's documented ``Parameter.type``), or None where the
    Typer in use has none (0.29 converts with pydantic): its own words are kept then."""
    return getattr(param, "type", None)


def _is(kind: Any, *names: str) -> bool:
    """Whether ``kind`` is one of Click's documented types of those names (or a subclass)."""
    return any(k.__name__ in names for k in type(kind).__mro__)


def _choices(kind: Any) -> list[str] | None:
    """The words a choice takes (Click's ``Choice`` interface: ``choices``, ``normalize_choice``;
    Typer's own choice has it without being a ``Choice``)."""
    if not (hasattr(kind, "choices") and hasattr(kind, "normalize_choice")):
        return None
    return [kind.normalize_choice(c, None) for c in kind.choices]


def _invalid(error: Any) -> str | None:
    """A value the parameter's type refused, worded from the type and the value."""
    if not hasattr(error, GIVEN) or error.param is None:
        return None  # raised by a callback, with words of its own
    kind = _type(error.param)
    if kind is None:
        return None
    refused = _refused(error.param, kind, error.ctx, getattr(error, GIVEN))
    reason = _reason(kind, refused)
    if reason is None:
        return None
    hint = _hint(error)
    if hint is None:
        return w("usage.invalid.bare", reason=reason)
    return w("usage.invalid", hint=hint, reason=reason)


def _refused(param: Any, kind: Any, ctx: Any, value: Any) -> Any:
    """The one value of ``value`` (one, or several for ``nargs``/``multiple``) the type
    refuses."""
    if param.nargs == 1 and not param.multiple:
        return value
    for item in _flat(value):
        try:
            kind(item, param, ctx)
        except typer.BadParameter:
            return item
    return None


def _flat(value: Any) -> Iterable[Any]:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        yield value
        return
    for item in value:
        yield from _flat(item)


_NUMBERS = {"int": int, "int range": int, "float": float, "float range": float}


def _reason(kind: Any, value: Any) -> str | None:
    choices = _choices(kind)
    if choices is not None:
        return w("usage.choice", value=repr(value), choices=", ".join(map(repr, choices)))
    number = _NUMBERS.get(getattr(kind, "name", None))  # type: ignore[arg-type]
    if number is None or not _is(kind, "IntParamType", "FloatParamType"):
        return None
    try:
        got = number(value)
    except (ValueError, TypeError):
        return w(f"usage.not.{kind.name.replace(' ', '_')}", value=repr(value))
    if not _is(kind, "IntRange", "FloatRange") or kind.clamp:
        return None  # a number that converts, or a range that clamps: not refused for that
    return w("usage.range", value=got, range=_range(kind))


def _range(kind: Any) -> str:
    """The range as Click describes it: ``x>=1``, ``0<=x<=120``."""
    if kind.min is None:
        return f"x{'<' if kind.max_open else '<='}{kind.max}"
    if kind.max is None:
        return f"x{'>' if kind.min_open else '>='}{kind.min}"
    return f"{kind.min}{'<' if kind.min_open else '<='}x{'<' if kind.max_open else '<='}{kind.max}"


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
