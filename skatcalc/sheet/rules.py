"""A sheet's house rules: the choices (enums), the 29 rules and their one table, the presets.

Pure: the rules are data, checked when built; the sheet (:mod:`skatcalc.sheet.model`) applies
them, the tally (:mod:`skatcalc.sheet.tally`) counts by them.

>>> Rules(ramsch=True, ramsch_ties="split").ramsch_ties is RamschTies.SPLIT
True
>>> Rules(won_bonus=-1)
Traceback (most recent call last):
...
skatcalc.errors.SheetError: err.rule.range(name='won_bonus', value=-1, low=0, high=1000)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields
from enum import StrEnum
from typing import Any

from skatcalc.errors import SheetError, any_of, listed, say
from skatcalc.frozen import record
from skatcalc.option import KIND_WORDS, Option
from skatcalc.spec import SCORING_RULES, ScoringRules

__all__ = [
    "ALL_BOCK_TRIGGERS",
    "BOCK_TRIGGERS",
    "LISTS",
    "PRESETS",
    "RULE",
    "RULES",
    "RULE_KINDS",
    "SERIES_LENGTH",
    "SHEET_ONLY",
    "WHOLE_SHEET",
    "BockOverlap",
    "BockTrigger",
    "RamschSkat",
    "RamschTies",
    "Rules",
    "RulesChange",
    "ScoringList",
    "in_force",
]


class ScoringList(StrEnum):
    """The scoring lists a sheet keeps: one decides the evening (``Rules.scoring``)."""

    SEEGER_FABIAN = "seeger-fabian"
    STANDARD = "standard"
    BIERLACHS = "bierlachs"


class BockOverlap(StrEnum):
    """A Bock round that starts in another: ``double`` (a deal in two counts 4x) or ``queue``."""

    DOUBLE = "double"
    QUEUE = "queue"


class RamschSkat(StrEnum):
    """Who takes the skat in a Ramsch: the last trick's taker or the loser."""

    LAST_TRICK = "last-trick"
    LOSER = "loser"


class RamschTies(StrEnum):
    """Who loses a Ramsch when two are tied for the most card points."""

    ALL_LOSE = "all-lose"
    SPLIT = "split"
    LAST_TRICK = "last-trick"
    NOBODY = "nobody"


class BockTrigger(StrEnum):
    """What starts a Bock round (the values are the sheet file's words)."""

    LOST_60 = "lost-60"
    GRAND_HAND = "grand-hand"
    KONTRA = "kontra"
    HUNDRED = "hundred"
    LOST_KONTRA = "lost-kontra"
    RE = "re"
    LOST_GRAND = "lost-grand"
    NULL_OUVERT_HAND = "null-ouvert-hand"
    VALUE = "value"


LISTS = tuple(str(scoring) for scoring in ScoringList)
"""The scoring lists a sheet keeps: one decides the evening (``Rules.scoring``), every view
follows that one unless asked for another."""


SERIES_LENGTH = {3: 36, 4: 48, 5: 60}
"""A series: 36 deals at three players, 48 at four, 60 at five (each deals 12 times); the
rule ``series_length`` may set another."""

BOCK_TRIGGERS = ("lost-60", "grand-hand", "kontra", "hundred")
"""What starts a Bock round by default: a game lost with exactly 60, a won grand hand, a game
with Kontra (or Re), a player's total that lands on a multiple of 100."""

ALL_BOCK_TRIGGERS = tuple(str(trigger) for trigger in BockTrigger)
"""Every trigger a sheet can choose: the default four, and a lost game with Kontra (or Re), a
game with Re, a lost grand, a Null ouvert hand (won or lost), a game whose value (the one the
score rests on) is at least ``bock_value``."""


@record
class Rules:
    """The sheet's rules, stored in the file so an old sheet keeps its totals.

    The defaults are how sheets scored before house rules existed: the ISkO list with Kontra and
    Re allowed. ``sheet new`` writes every rule out (preset ``isko`` turns Kontra off).

    - ``scoring``: the list that decides the evening: ``seeger-fabian``, ``standard`` or
      ``bierlachs`` (minus only, to ``bierlachs_limit``). Every total is always shown.
    - Seeger-Fabian: ``won_bonus`` per won game, ``lost_penalty`` per lost one, and each other
      player at the table ``opponents_three`` / ``opponents_four`` / ``opponents_five`` per
      game a declarer loses (those sitting out too).
    - ``kontra``: Kontra and Re allowed.
    - Bock: ``bock`` on, the ``bock_triggers`` that start a round (of ``ALL_BOCK_TRIGGERS``;
      ``value`` fires at a game value of ``bock_value`` or more), a round lasting
      ``bock_length`` deals (0: one per player at the table), and ``bock_overlap``: ``double``
      (a deal in two rounds counts four times) or ``queue`` (a new round waits for the running
      one; a deal counts at most double). ``bock_self``: the game that sets off a round counts
      double itself (a round-hundred total is no game and never does). ``bock_max``: at most
      that many doublings from Bock on one deal (0: no cap). ``bockramsch``: each Bock round
      that ends is followed by a Ramsch round of as many deals, in which every deal is a
      Ramsch, or a Grand Hand a player declares instead, after which the same dealer deals
      again (needs ``bock`` and ``ramsch``).
    - Ramsch when all pass: ``ramsch`` on, the skat to the ``last-trick`` taker or the
      ``loser`` (``ramsch_skat``; the points are entered as the table counted them),
      ``ramsch_ties``: ``all-lose``, ``split`` (the tied share the loss, each rounded to a
      whole point, halves up), ``last-trick`` (the tied player who took the last trick loses
      alone; if that was nobody tied, all tied lose) or ``nobody``; ``ramsch_jungfrau`` (a
      player with no trick doubles the loss), ``ramsch_durchmarsch`` (all tricks: +120),
      ``schieberamsch`` (each push of the skat doubles), ``ramsch_value``: 0 (the loser loses
      the card points) or a fixed value (10, 15 or 20) lost instead.
    - Bierlachs at four and five: ``bierlachs_dealer``: the players who sit out (the dealer;
      at five also the third to the dealer's left) take the minus for a won game (and a
      Durchmarsch) like the defenders; off, they take none.
    - Old rules: ``lost_hand_single`` (a lost hand game counts single), ``grand_base`` 20
      (before 1950), ``grand_ouvert_base`` 36 (before 1999: a Grand ouvert is 36 × (tops +
      6), its ouvert level not counted).
    - The list's length: ``series_length`` deals in a series (0: 12 per player at the table,
      :data:`SERIES_LENGTH`), and ``series_count`` series on the sheet (0: no end; a
      tournament table's sheet holds its one series). A sheet whose series are complete takes
      no further deal (:meth:`most_deals`).
    """

    scoring: ScoringList = ScoringList.SEEGER_FABIAN
    won_bonus: int = 50
    lost_penalty: int = 50
    opponents_three: int = 40
    opponents_four: int = 30
    opponents_five: int = 24
    kontra: bool = True
    bock: bool = False
    bock_triggers: tuple[BockTrigger, ...] = tuple(BockTrigger(t) for t in BOCK_TRIGGERS)
    bock_length: int = 0
    bock_overlap: BockOverlap = BockOverlap.DOUBLE
    bock_value: int = 100
    bock_self: bool = False
    bock_max: int = 0
    bockramsch: bool = False
    ramsch: bool = False
    ramsch_skat: RamschSkat = RamschSkat.LAST_TRICK
    ramsch_ties: RamschTies = RamschTies.ALL_LOSE
    ramsch_jungfrau: bool = True
    ramsch_durchmarsch: bool = True
    schieberamsch: bool = False
    ramsch_value: int = 0
    bierlachs_limit: int = 301
    bierlachs_dealer: bool = True
    lost_hand_single: bool = False
    grand_base: int = 24
    grand_ouvert_base: int = 24
    series_length: int = 0
    series_count: int = 0

    def __post_init__(self) -> None:
        """Every value is one the rule takes (a choice's word becomes its enum), else a
        :class:`SheetError` naming the rule in ``field``: an invalid rule set cannot be built.
        The checks go by the table of the rules (:data:`RULES`).

        >>> Rules(bock_overlap="triple")
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.rule.choice(name='bock_overlap', value='triple', allowed=join.or(items=('double', 'queue')))
        >>> Rules(scoring="standard").scoring is ScoringList.STANDARD
        True
        """
        for option in RULES:
            _check_kind(option, getattr(self, option.name))
        for option in RULES:
            if option.choices is not None:
                chosen = _chosen(option, option.choices, getattr(self, option.name))
                object.__setattr__(self, option.name, chosen)
        object.__setattr__(self, "bock_triggers", _triggers(self.bock_triggers))
        _check_values(self)
        for option in RULES:
            if option.bounds is not None:
                _check_bounds(option, option.bounds, getattr(self, option.name))

    def changed(self, values: Mapping[str, Any]) -> Rules:
        """These rules with the rules ``values`` names (by field) set to its values, checked.

        >>> Rules().changed({"bock": True}).bock
        True
        """
        from dataclasses import replace

        return replace(self, **values)

    @property
    def scoring_rules(self) -> ScoringRules:
        """The rules that change one game's score, as one record.

        >>> Rules(grand_base=20).scoring_rules
        ScoringRules(lost_hand_single=False, grand_base=20, grand_ouvert_base=24)
        """
        return ScoringRules(
            lost_hand_single=self.lost_hand_single, grand_base=self.grand_base,
            grand_ouvert_base=self.grand_ouvert_base,
        )  # fmt: skip

    def opponents(self, players: int) -> int:
        """Seeger-Fabian: what each other player at a table of ``players`` gets for a game a
        declarer loses (those sitting out too).

        >>> [Rules().opponents(n) for n in (3, 4, 5)]
        [40, 30, 24]
        """
        if players == 3:
            return self.opponents_three
        return self.opponents_four if players == 4 else self.opponents_five

    def series_deals(self, players: int) -> int:
        """The deals of a series at a table of ``players``: ``series_length``, or 12 deals
        per player when it is 0.

        >>> Rules().series_deals(4), Rules(series_length=16).series_deals(4)
        (48, 16)
        """
        return self.series_length or SERIES_LENGTH[players]

    def most_deals(self, players: int) -> int | None:
        """The most deals the sheet takes at a table of ``players``: its ``series_count``
        series, each complete; None when it has no end (``series_count`` 0).

        >>> Rules().most_deals(3), Rules(series_length=16, series_count=1).most_deals(4)
        (None, 16)
        """
        return self.series_count * self.series_deals(players) if self.series_count else None

    def full(self, players: int, deals: int) -> bool:
        """Whether a sheet at a table of ``players`` with ``deals`` is complete: its
        ``series_count`` series played, no room for another deal.

        >>> Rules(series_length=2, series_count=1).full(3, 2), Rules().full(3, 10**6)
        (True, False)
        """
        most = self.most_deals(players)
        return most is not None and deals >= most


def _check_kind(option: Option, value: object) -> None:
    """A rule's value is of its kind (a choice's may be its word or its enum)."""
    kind = option.kind
    if kind is tuple:
        wrong = not isinstance(value, tuple | list) or not all(isinstance(i, str) for i in value)
    else:
        wrong = type(value) is not kind and not (kind is str and isinstance(value, str))
    if wrong:
        kind_word = say(KIND_WORDS[kind])
        name = option.name
        raise SheetError("err.rule.kind", name=name, kind=kind_word, value=value, field=name)


def _chosen(option: Option, choices: type[StrEnum], value: object) -> StrEnum:
    """A choice's word as its enum, if the rule takes it."""
    words = tuple(str(item) for item in choices)
    if value not in words:
        raise SheetError(
            "err.rule.choice", name=option.name, value=value, allowed=any_of(words),
            field=option.name,
        )  # fmt: skip
    return choices(value)


def _triggers(triggers: tuple[str, ...]) -> tuple[BockTrigger, ...]:
    """The Bock triggers, each one a sheet can choose."""
    for trigger in triggers:
        if trigger not in ALL_BOCK_TRIGGERS:
            raise SheetError(
                "err.rule.trigger",
                trigger=trigger,
                triggers=listed(ALL_BOCK_TRIGGERS),
                field="bock_triggers",
            )
    return tuple(BockTrigger(trigger) for trigger in triggers)


def _check_values(rules: Rules) -> None:
    """The rules that take a few values, or need others."""
    if rules.ramsch_value not in (0, 10, 15, 20):
        raise SheetError("err.rule.ramsch_value", value=rules.ramsch_value, field="ramsch_value")
    if rules.bock_value < 1:
        raise SheetError("err.rule.bock_value", value=rules.bock_value, field="bock_value")
    if rules.bock_max < 0:
        raise SheetError("err.rule.bock_max", value=rules.bock_max, field="bock_max")
    if rules.bockramsch and not (rules.bock and rules.ramsch):
        raise SheetError("err.rule.bockramsch", field="bockramsch")
    if rules.grand_base not in (20, 24):
        raise SheetError("err.rule.grand_base", value=rules.grand_base, field="grand_base")
    if rules.grand_ouvert_base not in (24, 36):
        raise SheetError(
            "err.rule.grand_ouvert_base", value=rules.grand_ouvert_base, field="grand_ouvert_base"
        )


def _check_bounds(option: Option, bounds: tuple[int, int], value: int) -> None:
    low, high = bounds
    if not low <= value <= high:
        name = option.name
        raise SheetError("err.rule.range", name=name, value=value, low=low, high=high, field=name)


_DEFAULTS = {field.name: field.default for field in fields(Rules)}


def _rule(
    name: str,
    kind: type,
    *,
    choices: type[StrEnum] | None = None,
    bounds: tuple[int, int] | None = None,
) -> Option:
    """A rule (:meth:`Option.rule`), its default the field's of :class:`Rules`."""
    return Option.rule(name, kind, _DEFAULTS[name], choices=choices, bounds=bounds)


# Bounds: a Bock round of 0 (one deal per player at the table) to 16 deals, four rounds at four
# players; points per game and limits a table could play (docs/limits.md); a series as long as
# a tournament's may be (its MAX_LENGTH, 1000), and as many series as an evening could hold.
RULES: tuple[Option, ...] = (
    _rule("scoring", str, choices=ScoringList),
    _rule("won_bonus", int, bounds=(0, 1000)),
    _rule("lost_penalty", int, bounds=(0, 1000)),
    _rule("opponents_three", int, bounds=(0, 1000)),
    _rule("opponents_four", int, bounds=(0, 1000)),
    _rule("opponents_five", int, bounds=(0, 1000)),
    _rule("kontra", bool),
    _rule("bock", bool),
    _rule("bock_triggers", tuple),
    _rule("bock_length", int, bounds=(0, 16)),
    _rule("bock_overlap", str, choices=BockOverlap),
    _rule("bock_value", int),
    _rule("bock_self", bool),
    _rule("bock_max", int),
    _rule("bockramsch", bool),
    _rule("ramsch", bool),
    _rule("ramsch_skat", str, choices=RamschSkat),
    _rule("ramsch_ties", str, choices=RamschTies),
    _rule("ramsch_jungfrau", bool),
    _rule("ramsch_durchmarsch", bool),
    _rule("schieberamsch", bool),
    _rule("ramsch_value", int),
    _rule("bierlachs_limit", int, bounds=(1, 10000)),
    _rule("bierlachs_dealer", bool),
    *SCORING_RULES,
    _rule("series_length", int, bounds=(0, 1000)),
    _rule("series_count", int, bounds=(0, 1000)),
)
"""The 29 house rules, declared once, in the order of :class:`Rules`' fields: each one's kind
in a sheet file (a choice is a string there, a list of triggers a list of strings), its option
on the command line (``sheet new``, ``sheet rules``, ``tournament new``), its words, and the
words it takes (``choices``) or the numbers (``bounds``)."""

SHEET_ONLY = ("series_length", "series_count")
"""The rules of a sheet's own length: a tournament has none of them (its ``--three`` and
``--four`` are the lengths; the draw gives each table's sheet its own, one series), so
``tournament new`` takes no option and a tournament file writes no key for them."""

RULE = {option.name: option for option in RULES}
"""Each rule's row by its name (the field of :class:`Rules`)."""

RULE_KINDS: dict[str, type] = {option.key: option.kind for option in RULES}
"""Each rule's kind by its key in a sheet file."""

"""The word key that names a rule's type in a message."""

PRESETS: dict[str, Rules] = {
    "isko": Rules(kontra=False),
    "pub": Rules(scoring=ScoringList.STANDARD, kontra=True, bock=True, ramsch=True),
}
"""Named rule sets for ``sheet new --preset``: the ISkO list, and a typical pub table."""


WHOLE_SHEET = ("scoring", "series_length", "series_count")
"""The rules of the whole sheet, not of a deal: the list that decides (which changes no deal's
score, only which list the views follow) and the sheet's length. A change of them holds for
the whole sheet, from deal 1; a :class:`RulesChange` never holds one."""


@record
class RulesChange:
    """Rules changed from deal ``start`` (from 1; 2 or later, deal 1's rules being the
    sheet's own) on: each rule named in ``values`` (by its field, in the order of
    :data:`RULES`) takes its value there; the others stay as they were before.

    >>> RulesChange(23, (("bock", True),))
    RulesChange(start=23, values=(('bock', True),))
    >>> RulesChange(1, (("bock", True),))
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetError: err.rules_change.start(value=1)
    >>> RulesChange(5, (("scoring", "standard"),))
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetError: err.rules_change.whole(name='scoring')
    """

    start: int
    values: tuple[tuple[str, object], ...]

    def __post_init__(self) -> None:
        if type(self.start) is not int or self.start < 2:
            raise SheetError("err.rules_change.start", value=self.start, field="from")
        for name, _ in self.values:
            if name in WHOLE_SHEET:
                raise SheetError("err.rules_change.whole", name=name, field=name)
            if name not in RULE:
                raise SheetError("err.rule.unknown", key=name, rules=listed(list(RULE)), field=name)


def in_force(rules: Rules, changes: tuple[RulesChange, ...]) -> tuple[tuple[int, Rules], ...]:
    """The rules in force from each change on: ``(1, rules)`` first, then each change's
    start with the rules before it changed by it (the changes in order of their starts,
    each start once; a rule set the values make invalid raises as :class:`Rules` does).

    >>> [(n, r.bock, r.kontra) for n, r in in_force(Rules(), (RulesChange(3, (("bock", True),)),
    ...     RulesChange(5, (("kontra", False),))))]
    [(1, False, True), (3, True, True), (5, True, False)]
    >>> in_force(Rules(), (RulesChange(5, ()), RulesChange(5, ())))
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetError: err.rules_change.order(value=5, before=5)
    """
    out = [(1, rules)]
    for change in changes:
        before = out[-1][0]
        if change.start <= before:
            raise SheetError(
                "err.rules_change.order", value=change.start, before=before, field="from"
            )
        out.append((change.start, out[-1][1].changed(dict(change.values))))
    return tuple(out)
