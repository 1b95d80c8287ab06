"""The house-rule options, shared by ``sheet new`` and ``sheet rules``, and ``sheet rules``.

Each rule of :class:`~skatcalc.sheet.model.Rules` is one option, declared once here and added
to both commands' signatures, so the two can never disagree.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

if TYPE_CHECKING:
    from skatcalc.sheet.model import Rules

F = TypeVar("F", bound=Callable[..., Any])

_RULES: list[tuple[str, Any, str]] = [
    ("scoring", str, "The list that decides the evening: seeger-fabian, standard or bierlachs."),
    ("won_bonus", int, "Seeger-Fabian: the declarer's bonus per won game (50)."),
    ("lost_penalty", int, "Seeger-Fabian: the declarer's penalty per lost game (50)."),
    ("opponents_three", int, "Seeger-Fabian: each other player per lost game, at three (40)."),
    ("opponents_four", int, "Seeger-Fabian: each other player per lost game, at four (30)."),
    ("kontra", bool, "Kontra and Re allowed."),
    ("bock", bool, "Bock rounds: after a trigger the next deals count double."),
    (
        "bock_triggers",
        str,
        "Comma-separated: lost-60, grand-hand, kontra, hundred, lost-kontra, re, lost-grand, "
        "null-ouvert-hand, value.",
    ),
    ("bock_length", int, "Deals in a Bock round (0: one per player at the table)."),
    ("bock_overlap", str, "Overlapping Bock rounds: double (4x) or queue."),
    ("bock_value", int, "Trigger value: a game value of at least this starts a round (100)."),
    ("bock_self", bool, "The game that starts a Bock round counts double itself."),
    ("bock_max", int, "At most this many Bock doublings on one deal (0: no cap)."),
    (
        "bockramsch",
        bool,
        "A Ramsch round after each Bock round; a Grand Hand instead has the dealer deal again.",
    ),
    ("ramsch", bool, "Ramsch when everybody passes."),
    ("ramsch_skat", str, "Ramsch: the skat goes to last-trick or loser."),
    (
        "ramsch_ties",
        str,
        "Ramsch: a tie for most points: all-lose, split, last-trick (its taker loses) or nobody.",
    ),
    ("ramsch_jungfrau", bool, "Ramsch: a player with no trick doubles the loss."),
    ("ramsch_durchmarsch", bool, "Ramsch: all tricks to one player scores +120."),
    ("schieberamsch", bool, "Ramsch: the skat may be pushed on; each push doubles."),
    ("ramsch_value", int, "Ramsch: the loser loses 0 (the card points), or 10, 15 or 20."),
    ("bierlachs_limit", int, "Bierlachs: the evening ends when a player is this far down."),
    (
        "bierlachs_dealer",
        bool,
        "Bierlachs at four: the dealer sitting out takes a won game's minus too.",
    ),
    ("lost_hand_single", bool, "Old rule: a lost hand game counts single."),
    ("grand_base", int, "Old rule: grand base 20 (ISkO: 24)."),
]


def _option(name: str, kind: Any, text: str) -> inspect.Parameter:
    flag = "--" + name.replace("_", "-")
    decls = [f"{flag}/--no-{flag[2:]}"] if kind is bool else [flag]
    return inspect.Parameter(
        name,
        inspect.Parameter.KEYWORD_ONLY,
        default=None,
        annotation=Annotated[kind | None, typer.Option(*decls, help=text, show_default=False)],
    )


RULE_OPTIONS = [_option(*rule) for rule in _RULES]


def with_rule_options(func: F) -> F:
    """Add an option per house rule to a command whose function takes ``**rules``."""
    signature = inspect.signature(func, eval_str=True)
    kept = [p for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD]
    func.__signature__ = signature.replace(parameters=[*kept, *RULE_OPTIONS])  # type: ignore[attr-defined]
    return func


def changed(base: Rules, options: dict[str, Any]) -> Rules:
    """``base`` with the rules given on the command line (None: not given), checked."""
    from dataclasses import replace

    from skatcalc.errors import SheetError, UsageError

    given = {name: value for name, value in options.items() if value is not None}
    if "bock_triggers" in given:
        text = given["bock_triggers"]
        given["bock_triggers"] = tuple(t.strip() for t in text.split(",") if t.strip())
    try:
        return replace(base, **given).check()
    except SheetError as error:  # a value the option does not take: a usage error (exit 2)
        raise UsageError(str(error)) from None


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
    file: Annotated[
        Path, typer.Argument(help="The sheet file (TOML).", metavar="FILE", readable=False)
    ],
    json_: Annotated[bool, typer.Option("--json", help="The rules as JSON.")] = False,
    **rules: Any,
) -> None:
    """Show the sheet's rules; with rule options, change them (every total follows)."""
    import sys

    from skatcalc.cli.errors import reported
    from skatcalc.sheet import store

    with reported():
        if any(value is not None for value in rules.values()):
            _, sheet = store.update(file, lambda s: s.with_rules(changed(s.rules, rules)))
        else:
            sheet = store.load(file)
    if json_:
        import json
        from dataclasses import asdict

        sys.stdout.write(json.dumps(asdict(sheet.rules)) + "\n")
        return
    sys.stdout.write("\n".join(describe(sheet.rules)) + "\n")


with_rule_options(show_rules)
