"""The house-rule options, shared by ``sheet new``, ``sheet rules`` and ``tournament new`` (all
but a sheet's length), and ``sheet rules`` itself.

Each rule of :class:`~skatcalc.sheet.rules.Rules` is one option, a row of the one table of the
rules (:data:`~skatcalc.sheet.rules.RULES`, its help in the word tables: ``help.rule.*``);
:class:`RuleCommand` gives them to every command built with it, so the commands can never
disagree.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from skatcalc.cli.options import File, Json, SharedOptions, given

if TYPE_CHECKING:
    from skatcalc.option import Option
    from skatcalc.sheet.model import Sheet
    from skatcalc.sheet.rules import Rules


class RuleCommand(SharedOptions):
    """A command that takes an option per house rule, after its own options; a rule not given
    (None) keeps the rule as the preset or the sheet has it."""

    at_end = True

    @staticmethod
    def table() -> tuple[Option, ...]:
        from skatcalc.sheet.rules import RULES

        return RULES


class TournamentRuleCommand(RuleCommand):
    """``tournament new``: the house rules every table plays, but not the length of a sheet
    (:data:`~skatcalc.sheet.rules.SHEET_ONLY`): the tournament's ``--three`` and ``--four``
    are its series' lengths."""

    @staticmethod
    def table() -> tuple[Option, ...]:
        from skatcalc.sheet.rules import RULES, SHEET_ONLY

        return tuple(option for option in RULES if option.name not in SHEET_ONLY)


def rules(ctx: typer.Context) -> dict[str, Any]:
    """The rule options as given on the command line, by the field of ``Rules`` (None: not
    given)."""
    return given(ctx, RuleCommand)


def changed(base: Rules, options: dict[str, Any]) -> Rules:
    """``base`` with the rules given on the command line (None: not given), checked."""
    from dataclasses import replace

    from skatcalc.cli.errors import as_usage
    from skatcalc.errors import SheetError
    from skatcalc.sheet.rules import RULE

    chosen = {name: value for name, value in options.items() if value is not None}
    for name, text in chosen.items():
        if RULE[name].kind is tuple:  # a list of words, written with commas
            chosen[name] = tuple(t.strip() for t in text.split(",") if t.strip())
    try:
        return replace(base, **chosen)
    except SheetError as error:  # a value the option does not take: a usage error (exit 2)
        raise as_usage(error) from None


def show_rules(
    ctx: typer.Context,
    file: File,
    json_: Json = False,
    start: Annotated[int | None, typer.Option("--from", min=1)] = None,
) -> None:
    """Show the sheet's rules (``--from N``: those in force at deal N); with rule options,
    change them from the next deal on (``--from N``: from deal N, the deals since scored
    anew)."""
    from skatcalc.cli.errors import reported
    from skatcalc.store import sheet as store

    options = rules(ctx)
    with reported():
        if any(value is not None for value in options.values()):
            old, sheet = store.update(file, lambda s: change(s, options, start))
            at = len(old.deals) + 1 if start is None else start
        else:
            sheet = store.load(file)
            old, at = sheet, 0
            if start is not None:  # the rules in force at deal N (checked: 1 to the deals + 1)
                sheet.change_rules(lambda rules: rules, start)
    if json_:
        from skatcalc.cli.output import write_json
        from skatcalc.formats.json import rules_dict

        write_json(rules_dict(sheet))
        return
    from skatcalc.cli.output import write
    from skatcalc.words.sheet import rules_changed_lines, rules_lines

    shown = sheet.rules_now if start is None or at else sheet.rules_at(start - 1)
    write(rules_lines(shown, len(sheet.players)) + rules_changed_lines(old, sheet, at))


def change(sheet: Sheet, options: dict[str, Any], start: int | None) -> Sheet:
    """``sheet`` with the rules given on the command line from deal ``start`` (None: the next
    deal)."""
    return sheet.change_rules(lambda rules: changed(rules, options), start)


def split_from(args: list[str]) -> tuple[int | None, list[str]]:
    """The table mode's ``rules`` words: the deal of ``--from N`` (or ``--from=N``; None
    when not given) and the other words.

    >>> split_from(["--from", "3", "--bock"])
    (3, ['--bock'])
    >>> split_from(["--bock"])
    (None, ['--bock'])
    >>> split_from(["--from", "x"])
    Traceback (most recent call last):
    ...
    skatcalc.errors.UsageError: err.play.from(said='x')
    """
    from skatcalc.errors import UsageError

    rest = list(args)
    for at, word in enumerate(rest):
        if word == "--from" or word.startswith("--from="):
            value = word[7:] if "=" in word else (rest[at + 1] if at + 1 < len(rest) else "")
            del rest[at : at + (1 if "=" in word else 2)]
            if not (value.isascii() and value.isdigit() and int(value) > 0):
                raise UsageError("err.play.from", said=value)
            return int(value), rest
    return None, rest


def parsed(args: list[str]) -> dict[str, Any]:
    """The rule options in ``args``, the words after the table mode's ``rules`` (``--kontra
    --bock-length 4``), by the field of ``Rules`` (None: not given): read by the very options
    of ``sheet rules``, so the two take the same. A word that is no such option is a usage
    error, in the words Click's usage errors have on the command line (cli/usage.py).

    >>> parsed(["--kontra", "--bock-length", "4"])["bock_length"]
    4
    """
    from skatcalc.cli.kinds import UsageError as ClickUsageError
    from skatcalc.errors import UsageError

    command = RuleCommand(name="rules", callback=None, add_help_option=False)
    try:
        ctx = command.make_context("rules", list(args))
    except ClickUsageError as error:
        from skatcalc.cli.usage import message

        said = message(error) or error.format_message()
        raise UsageError("err.play.rules", said=said) from None
    return {option.name: _given(ctx, option.name) for option in RuleCommand.table()}


def _given(ctx: Any, name: str) -> Any:
    from skatcalc.cli.options import typed

    return ctx.params[name] if typed(ctx, name) else None
