"""``skatcalc value``: the value, result and score of one game."""

from __future__ import annotations

import sys
from typing import Any

import typer

from skatcalc.cli import options as o
from skatcalc.cli.errors import refuse, reported, usage

SCORED = "skatcalc.scoring_rules"
"""Where :class:`ValueCommand` keeps the scoring rules' values for the command (``ctx.meta``)."""


class ValueCommand(o.GameCommand):
    """``value``, whose words may hold a negative number (``kr m1 -5``): a typing slip the
    notation names, with what it takes, where Click would refuse it as an unknown option.

    The command is registered with Click's ``ignore_unknown_options`` (``context_settings``,
    the documented way to keep what looks like an unknown option among the arguments), so
    ``-5`` reaches the words; every option the command knows is read as before, wherever it
    stands. What is left among the words and looks like an option (``--jsn``, ``-x``: a dash
    and no digit) is refused here as Click refuses an unknown option (usage, exit 2).
    """

    def __init__(self, **attrs: object) -> None:
        from skatcalc.spec import SCORING_RULES

        super().__init__(**attrs)
        # the house rules that change a game's score, as rows of the rules, after --bock; a
        # switch only on (the game is scored under ISkO unless an old rule is asked for)
        at = next(i for i, p in enumerate(self.params) if p.name == "bock") + 1
        rows = [row._replace(flags=row.flag) for row in SCORING_RULES]
        self.params[at:at] = [o.option_param(row, shows_default=True) for row in rows]

    def invoke(self, ctx: typer.Context) -> object:
        from skatcalc.spec import SCORING_RULES

        ctx.meta[SCORED] = {row.name: ctx.params.pop(row.name) for row in SCORING_RULES}
        return super().invoke(ctx)

    def parse_args(self, ctx: typer.Context, args: list[str]) -> list[str]:
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

    from skatcalc.cli.kinds import NoSuchOption

    name = word.split("=", 1)[0]
    known = [opt for param in ctx.command.params for opt in param.opts if opt.startswith("--")]
    return NoSuchOption(name, possibilities=get_close_matches(name, known), ctx=ctx)


def value(
    ctx: typer.Context,
    words: o.Words = None,
    *,
    bock: o.Bock = False,
    json_: o.Json = False,
    batch: o.Batch = False,
) -> None:
    options = o.game(ctx)
    scored: dict[str, Any] = ctx.meta[SCORED]
    if batch:
        given = any(v is not None for v in options.values())
        if words or given or o.typed(ctx, "bock", *scored, "json_"):
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
        scoring = spec.score(bock=bock or line.bock, **scored)
        line.confirm(scoring)
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
    from skatcalc.batch import gathering, read_lines, run
    from skatcalc.cli.output import fit_streams
    from skatcalc.errors import SkatError

    fit_streams(json_lines=True)  # JSON escapes where the encoding lacks a sign
    out = sys.stdout
    failed = run(read_lines(sys.stdin.buffer), out.write, gathered=gathering(out))
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
