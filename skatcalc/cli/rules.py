"""The house-rule options, shared by ``sheet new``, ``sheet rules`` and ``tournament new``, and
``sheet rules`` itself.

Each rule of :class:`~skatcalc.sheet.rules.Rules` is one option, a row of the one table of the
rules (:data:`~skatcalc.sheet.rules.RULES`, its help in the word tables: ``help.rule.*``);
:class:`RuleCommand` gives them to every command built with it, so the commands can never
disagree.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skatcalc.cli.options import SharedOptions, given

if TYPE_CHECKING:
    from skatcalc.option import Option
    from skatcalc.sheet.rules import Rules


class RuleCommand(SharedOptions):
    """A command that takes an option per house rule, after its own options; a rule not given
    (None) keeps the rule as the preset or the sheet has it."""

    at_end = True

    @staticmethod
    def table() -> tuple[Option, ...]:
        from skatcalc.sheet.rules import RULES

        return RULES


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


def describe(rules: Rules) -> list[str]:
    """The rules in words, one line each."""
    from skatcalc.words import w

    scoring = w(f"short.scoring.{rules.scoring}", limit=rules.bierlachs_limit)
    lines = [w("rules.list", scoring=scoring)]
    lines.append(
        w(
            "rules.seeger_fabian", won=rules.won_bonus, lost=rules.lost_penalty,
            three=rules.opponents_three, four=rules.opponents_four,
        )
    )  # fmt: skip
    lines.append(w("rules.kontra.yes" if rules.kontra else "rules.kontra.no"))
    if rules.bock:
        length = (
            w("rules.bock.length", length=rules.bock_length)
            if rules.bock_length
            else w("rules.bock.per_player")
        )
        overlap = w("rules.bock.double" if rules.bock_overlap == "double" else "rules.bock.queue")
        named = [f"{w(f'trigger.{t}')} ({t})" for t in rules.bock_triggers]
        triggers = ", ".join(named) or w("rules.bock.none")
        lines.append(w("rules.bock", triggers=triggers, length=length, overlap=overlap))
        extras = []
        if "value" in rules.bock_triggers:
            extras.append(w("rules.bock.value", value=rules.bock_value))
        if rules.bock_self:
            extras.append(w("rules.bock.self"))
        if rules.bock_max:
            extras.append(w("rules.bock.max", max=rules.bock_max))
        if rules.bockramsch:
            extras.append(w("rules.bockramsch"))
        if extras:
            lines.append(w("rules.bock.extras", extras=", ".join(extras)))
    else:
        lines.append(w("rules.bock.off"))
    if rules.ramsch:
        extras = [
            w("rules.ramsch.skat." + rules.ramsch_skat),
            w("rules.ramsch.ties." + rules.ramsch_ties),
            w("rules.ramsch.jungfrau" if rules.ramsch_jungfrau else "rules.ramsch.no_jungfrau"),
            w(
                "rules.ramsch.durchmarsch"
                if rules.ramsch_durchmarsch
                else "rules.ramsch.no_durchmarsch"
            ),
            w("rules.ramsch.schieben" if rules.schieberamsch else "rules.ramsch.no_schieben"),
        ]
        if rules.ramsch_value:
            extras.append(w("rules.ramsch.value", value=rules.ramsch_value))
        lines.append(w("rules.ramsch", extras=", ".join(extras)))
    else:
        lines.append(w("rules.ramsch.off"))
    if rules.scoring == "bierlachs" and not rules.bierlachs_dealer:
        lines.append(w("rules.bierlachs.no_dealer"))
    old = []
    if rules.lost_hand_single:
        old.append(w("rules.old.single"))
    if rules.grand_base != 24:
        old.append(w("rules.old.grand", base=rules.grand_base))
    lines.append(w("rules.old", rules=", ".join(old) if old else w("rules.old.none")))
    return lines


def show_rules(
    ctx: typer.Context,
    file: Annotated[
        Path, typer.Argument(help="The sheet file (TOML).", metavar="FILE", readable=False)
    ],
    json_: Annotated[bool, typer.Option("--json", help="The rules as JSON.")] = False,
) -> None:
    """Show the sheet's rules; with rule options, change them (every total follows)."""
    import sys

    from skatcalc.cli.errors import reported
    from skatcalc.sheet import store

    options = rules(ctx)
    with reported():
        if any(value is not None for value in options.values()):
            _, sheet = store.update(file, lambda s: s.with_rules(changed(s.rules, options)))
        else:
            sheet = store.load(file)
    if json_:
        import json
        from dataclasses import asdict

        sys.stdout.write(json.dumps(asdict(sheet.rules)) + "\n")
        return
    from skatcalc.cli.output import write

    write(describe(sheet.rules))
