"""``skatcalc value``: the value, result and score of one game."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from skatcalc.cli import options as o
from skatcalc.cli.errors import fail, reported
from skatcalc.words import w

HELP = """Show the value of a game, and its result and score when the points are given.

Tops come from --with/--without, or from the cards (--cards with --skat).
"""
EPILOG = """Examples:

  skatcalc value kreuz m2 hand 56 b20

  skatcalc value clubs --with 2 --hand --points 56 --bid 20

  skatcalc value grand --cards "CJ SJ HJ DJ CA CT SA ST HA HT" --skat "D7 D8" --points 92

  skatcalc value null --ouvert --tricks 0 --json
"""


def value(
    ctx: typer.Context,
    words: o.Words = None,
    *,
    bock: o.Bock = False,
    grand_base: Annotated[
        int,
        typer.Option(
            "--grand-base",
            help="Grand's base value: 24 (ISkO) or 20 (old rule), to check a game under a "
            "sheet's old rules.",
        ),
    ] = 24,
    lost_hand_single: Annotated[
        bool,
        typer.Option(
            "--lost-hand-single", help="Old rule: a lost hand game counts single, not double."
        ),
    ] = False,
    json_: o.Json = False,
    batch: o.Batch = False,
) -> None:
    options = o.game(ctx)
    if batch:
        given = [name for name, v in options.items() if v not in (None, False, 18)]
        old = grand_base != 24 or lost_hand_single
        if words or given or bock or json_ or old:
            raise fail(w("err.value.batch"), 2)
        _batch()
        return
    if not words:
        raise fail(w("err.value.game"), 2)
    from skatcalc.notation import Kind, NotationError, combine, parse
    from skatcalc.spec import GameSpec
    from skatcalc.words import report

    with reported():
        line = parse(words)
        if line.kind is not Kind.GAME:
            raise NotationError("err.notation.value_kind", kind=line.kind.value)
        spec = GameSpec(**combine(line, options, GameSpec._field_defaults))
        scoring = spec.score(
            bock=bock or line.bock, grand_base=grand_base, lost_hand_single=lost_hand_single
        )
        line.confirm(scoring.outcome or "")
    if json_:
        sys.stdout.write(report.to_json(scoring) + "\n")
    else:
        sys.stdout.write("\n".join(report.lines(scoring)) + "\n")


def _batch() -> None:
    """Score JSON lines from stdin, one answer line each, in order; exit 3 if any failed."""
    from skatcalc.batch import read_lines, run, summary

    failed = run(read_lines(sys.stdin.buffer), sys.stdout.write)
    if failed:
        sys.stdout.flush()  # the answers first, then the summary
        raise fail(summary(failed), 3)
