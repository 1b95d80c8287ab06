"""``skatcalc value``: the value, result and score of one game."""

from __future__ import annotations

import typer

from skatcalc.cli import options as o
from skatcalc.cli.errors import refuse, reported, usage

SCORED = "skatcalc.scoring_rules"
"""Where :class:`ValueCommand` keeps the scoring rules for the command (``ctx.meta``: a
:class:`~skatcalc.spec.ScoringRules`)."""


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
        from skatcalc.spec import SCORING_RULES, ScoringRules

        given = {row.name: ctx.params.pop(row.name) for row in SCORING_RULES}
        ctx.meta[SCORED] = ScoringRules(**given)
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
    from skatcalc.cli import quick  # value's answers, one for both paths (light)

    options = o.game(ctx)
    if batch:
        from skatcalc.spec import SCORING_RULES

        given = any(v is not None for v in options.values())
        rules = (row.name for row in SCORING_RULES)
        if words or given or o.typed(ctx, "bock", *rules, "json_"):
            raise usage("err.value.batch")
        failed = quick.batch()  # the one start of a batch, as on the fast path (cli/__init__.py)
        if failed:
            from skatcalc.errors import SkatError

            raise refuse(SkatError("batch.failed", count=failed))  # exit 3, as a bad game
        return
    if not words:
        raise usage("err.value.game")
    scoring = quick.scored(words, options, bock=bock, rules=ctx.meta[SCORED], guard=reported)
    quick.answer(scoring, json_)


app = typer.Typer(rich_markup_mode=None)
app.command(
    "value",
    cls=ValueCommand,
    context_settings={"ignore_unknown_options": True},  # kr m1 -5: ValueCommand
    no_args_is_help=True,
)(value)
