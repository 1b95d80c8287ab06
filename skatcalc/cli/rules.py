"""The house-rule options, shared by ``sheet new``, ``sheet rules`` and ``tournament new``, and
``sheet rules`` itself.

Each rule of :class:`~skatcalc.sheet.model.Rules` is one option, declared once as a parameter
of :func:`_rules`; :class:`RuleCommand` gives them to every command built with it, so the
commands can never disagree.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skatcalc.cli.options import SharedOptions, given

if TYPE_CHECKING:
    from skatcalc.sheet.model import Rules


def _opt(flag: str, text: str) -> Any:
    """A rule's option: not given (None) keeps the rule as the preset or the sheet has it."""
    return typer.Option(flag, help=text, show_default=False)


Text = str | None
Number = int | None
Switch = bool | None


def _rules(
    scoring: Annotated[Text, _opt("--scoring", "The list that decides the evening: seeger-fabian, standard or bierlachs.")] = None,
    won_bonus: Annotated[Number, _opt("--won-bonus", "Seeger-Fabian: the declarer's bonus per won game (50).")] = None,
    lost_penalty: Annotated[Number, _opt("--lost-penalty", "Seeger-Fabian: the declarer's penalty per lost game (50).")] = None,
    opponents_three: Annotated[Number, _opt("--opponents-three", "Seeger-Fabian: each other player per lost game, at three (40).")] = None,
    opponents_four: Annotated[Number, _opt("--opponents-four", "Seeger-Fabian: each other player per lost game, at four (30).")] = None,
    kontra: Annotated[Switch, _opt("--kontra/--no-kontra", "Kontra and Re allowed.")] = None,
    bock: Annotated[Switch, _opt("--bock/--no-bock", "Bock rounds: after a trigger the next deals count double.")] = None,
    bock_triggers: Annotated[Text, _opt("--bock-triggers", "Comma-separated: lost-60, grand-hand, kontra, hundred, lost-kontra, re, lost-grand, null-ouvert-hand, value.")] = None,
    bock_length: Annotated[Number, _opt("--bock-length", "Deals in a Bock round (0: one per player at the table).")] = None,
    bock_overlap: Annotated[Text, _opt("--bock-overlap", "Overlapping Bock rounds: double (4x) or queue.")] = None,
    bock_value: Annotated[Number, _opt("--bock-value", "Trigger value: a game value of at least this starts a round (100).")] = None,
    bock_self: Annotated[Switch, _opt("--bock-self/--no-bock-self", "The game that starts a Bock round counts double itself.")] = None,
    bock_max: Annotated[Number, _opt("--bock-max", "At most this many Bock doublings on one deal (0: no cap).")] = None,
    bockramsch: Annotated[Switch, _opt("--bockramsch/--no-bockramsch", "A Ramsch round after each Bock round; a Grand Hand instead has the dealer deal again.")] = None,
    ramsch: Annotated[Switch, _opt("--ramsch/--no-ramsch", "Ramsch when everybody passes.")] = None,
    ramsch_skat: Annotated[Text, _opt("--ramsch-skat", "Ramsch: the skat goes to last-trick or loser.")] = None,
    ramsch_ties: Annotated[Text, _opt("--ramsch-ties", "Ramsch: a tie for most points: all-lose, split, last-trick (its taker loses) or nobody.")] = None,
    ramsch_jungfrau: Annotated[Switch, _opt("--ramsch-jungfrau/--no-ramsch-jungfrau", "Ramsch: a player with no trick doubles the loss.")] = None,
    ramsch_durchmarsch: Annotated[Switch, _opt("--ramsch-durchmarsch/--no-ramsch-durchmarsch", "Ramsch: all tricks to one player scores +120.")] = None,
    schieberamsch: Annotated[Switch, _opt("--schieberamsch/--no-schieberamsch", "Ramsch: the skat may be pushed on; each push doubles.")] = None,
    ramsch_value: Annotated[Number, _opt("--ramsch-value", "Ramsch: the loser loses 0 (the card points), or 10, 15 or 20.")] = None,
    bierlachs_limit: Annotated[Number, _opt("--bierlachs-limit", "Bierlachs: the evening ends when a player is this far down.")] = None,
    bierlachs_dealer: Annotated[Switch, _opt("--bierlachs-dealer/--no-bierlachs-dealer", "Bierlachs at four: the dealer sitting out takes a won game's minus too.")] = None,
    lost_hand_single: Annotated[Switch, _opt("--lost-hand-single/--no-lost-hand-single", "Old rule: a lost hand game counts single.")] = None,
    grand_base: Annotated[Number, _opt("--grand-base", "Old rule: grand base 20 (ISkO: 24).")] = None,
) -> None:  # fmt: skip
    """The house rules' options, declared once: a new rule is one parameter here (its name is
    the field of :class:`~skatcalc.sheet.model.Rules`), and its words."""


class RuleCommand(SharedOptions):
    """A command that takes an option per house rule (:func:`_rules`), after its own options."""

    template = staticmethod(_rules)
    words = "help.rule"
    at_end = True


def rules(ctx: typer.Context) -> dict[str, Any]:
    """The rule options as given on the command line, by the field of ``Rules`` (None: not
    given)."""
    return given(ctx, RuleCommand)


def changed(base: Rules, options: dict[str, Any]) -> Rules:
    """``base`` with the rules given on the command line (None: not given), checked."""
    from dataclasses import replace

    from skatcalc.cli.errors import as_usage
    from skatcalc.errors import SheetError

    chosen = {name: value for name, value in options.items() if value is not None}
    if "bock_triggers" in chosen:
        text = chosen["bock_triggers"]
        chosen["bock_triggers"] = tuple(t.strip() for t in text.split(",") if t.strip())
    try:
        return replace(base, **chosen)
    except SheetError as error:  # a value the option does not take: a usage error (exit 2)
        raise as_usage(error) from None


def show_rules(
    ctx: typer.Context,
    file: Annotated[
        Path, typer.Argument(help="The sheet file (TOML).", metavar="FILE", readable=False)
    ],
    json_: Annotated[bool, typer.Option("--json", help="The rules as JSON.")] = False,
) -> None:
    """Show the sheet's rules; with rule options, change them (every total follows)."""
    from skatcalc.cli.errors import reported
    from skatcalc.sheet import store

    options = rules(ctx)
    with reported():
        if any(value is not None for value in options.values()):
            _, sheet = store.update(file, lambda s: s.with_rules(changed(s.rules, options)))
        else:
            sheet = store.load(file)
    if json_:
        from skatcalc.cli.output import write_json
        from skatcalc.formats.json import rules_dict

        write_json(rules_dict(sheet))
        return
    from skatcalc.cli.output import write
    from skatcalc.words.sheet import rules_lines

    write(rules_lines(sheet.rules))
