"""``skatcalc value``: the value, result and score of one game."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from skatcalc.cli import options as o
from skatcalc.cli.errors import refuse, reported, usage


class ValueCommand(o.GameCommand):
    """``value``, whose words may hold a negative number (``kr m1 -5``): a typing slip the
    notation names, with what it takes, where Click would refuse it as an unknown option.

    The command is registered with Click's ``ignore_unknown_options`` (``context_settings``,
    the documented way to keep what looks like an unknown option among the arguments), so
    ``-5`` reaches the words; every option the command knows is read as before, wherever it
    stands. What is left among the words and looks like an option (``--jsn``, ``-x``: a dash
    and no digit) is refused here as Click refuses an unknown option (usage, exit 2).
    """

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:  # type: ignore[override]
        rest: list[str] = super().parse_args(ctx, args)
        if ctx.resilient_parsing:  # shell completion: nothing is refused
            return rest
        for word in ctx.params.get("words") or ():
            if word.startswith("-") and len(word) > 1 and not word[1].isdigit():
                raise _unknown_option(ctx, word)
        return rest


def _unknown_option(ctx: typer.Context, word: str) -> Exception:
    """Click's own usage error for an option the command does not take."""
    from difflib import get_close_matches

    from typer._click.exceptions import NoSuchOption

    name = word.split("=", 1)[0]
    known = [opt for param in ctx.command.params for opt in param.opts if opt.startswith("--")]
    return NoSuchOption(name, possibilities=get_close_matches(name, known), ctx=ctx)


def value(
    ctx: typer.Context,
    words: o.Words = None,
    *,
    bock: o.Bock = False,
    grand_base: Annotated[int, typer.Option("--grand-base")] = 24,
    lost_hand_single: Annotated[bool, typer.Option("--lost-hand-single")] = False,
    grand_ouvert_base: Annotated[int, typer.Option("--grand-ouvert-base")] = 24,
    json_: o.Json = False,
    batch: o.Batch = False,
) -> None:
    options = o.game(ctx)
    if batch:
        given = any(v is not None for v in options.values())
        old_rules = ("grand_base", "lost_hand_single", "grand_ouvert_base")
        if words or given or o.typed(ctx, "bock", *old_rules, "json_"):
            raise usage("err.value.batch")
        _batch()
        return
    if not words:
        raise usage("err.value.game")
    from skatcalc.notation import Kind, NotationError, combine, parse
    from skatcalc.spec import GameSpec
    from skatcalc.words import entered, report

    # a line of the notation (``kr 56``) is answered in the notation; a game named alone
    # (``clubs``) or with options (``clubs --points 56``) in the options
    given = len(words) < 2 or any(value is not None for value in options.values())
    with entered("options" if given else "words"), reported():
        line = parse(words)
        if line.kind is not Kind.GAME:
            raise NotationError("err.notation.value_kind", kind=line.kind.value)
        spec = GameSpec(**combine(line, options))
        scoring = spec.score(
            bock=bock or line.bock, grand_base=grand_base, lost_hand_single=lost_hand_single,
            grand_ouvert_base=grand_ouvert_base,
        )  # fmt: skip
        line.confirm(scoring.outcome or "")
    if json_:
        from skatcalc.cli.output import fit_streams
        from skatcalc.formats.json import scoring_json

        fit_streams(json_lines=True)  # JSON escapes where the encoding lacks a sign
        sys.stdout.write(scoring_json(scoring) + "\n")
    else:
        from skatcalc.cli.output import write

        write(report.lines(scoring))


def _batch() -> None:
    """Score JSON lines from stdin, one answer line each, in order; exit 3 if any failed."""
    from skatcalc.batch import read_lines, run
    from skatcalc.cli.output import fit_streams
    from skatcalc.errors import SkatError

    fit_streams(json_lines=True)  # JSON escapes where the encoding lacks a sign
    failed = run(read_lines(sys.stdin.buffer), sys.stdout.write)
    if failed:
        sys.stdout.flush()  # the answers first, then the summary
        raise refuse(SkatError("batch.failed", count=failed))  # exit 3, as a bad game


app = typer.Typer(rich_markup_mode=None)
app.command(
    "value",
    cls=ValueCommand,
    context_settings={"ignore_unknown_options": True},  # kr m1 -5: ValueCommand
    no_args_is_help=True,
)(value)
