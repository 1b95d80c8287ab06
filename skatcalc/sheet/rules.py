"""A sheet's house rules: the choices (enums), the 25 rules with their ranges, the presets.

Pure: the rules are data, checked when built; the sheet (:mod:`skatcalc.sheet.model`) applies
them, the tally (:mod:`skatcalc.sheet.tally`) counts by them.

>>> Rules(ramsch=True, ramsch_ties="split").ramsch_ties is RamschTies.SPLIT
True
>>> Rules(won_bonus=-1)
Traceback (most recent call last):
...
skatcalc.errors.SheetError: rule won_bonus is -1: it takes 0 to 1000
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum

from skatcalc.errors import SheetError, any_of, say

__all__ = [
    "ALL_BOCK_TRIGGERS",
    "BOCK_TRIGGERS",
    "LISTS",
    "PRESETS",
    "RULE_KINDS",
    "RULE_RANGES",
    "TYPE_WORDS",
    "BockOverlap",
    "BockTrigger",
    "RamschSkat",
    "RamschTies",
    "Rules",
    "ScoringList",
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


BOCK_TRIGGERS = ("lost-60", "grand-hand", "kontra", "hundred")
"""What starts a Bock round by default: a game lost with exactly 60, a won grand hand, a game
with Kontra (or Re), a player's total that lands on a multiple of 100."""

ALL_BOCK_TRIGGERS = tuple(str(trigger) for trigger in BockTrigger)
"""Every trigger a sheet can choose: the default four, and a lost game with Kontra (or Re), a
game with Re, a lost grand, a Null ouvert hand (won or lost), a game whose value (the one the
score rests on) is at least ``bock_value``."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The sheet's rules, stored in the file so an old sheet keeps its totals.

    The defaults are how sheets scored before house rules existed: the ISkO list with Kontra and
    Re allowed. ``sheet new`` writes every rule out (preset ``isko`` turns Kontra off).

    - ``scoring``: the list that decides the evening: ``seeger-fabian``, ``standard`` or
      ``bierlachs`` (minus only, to ``bierlachs_limit``). Every total is always shown.
    - Seeger-Fabian: ``won_bonus`` per won game, ``lost_penalty`` per lost one, and each other
      player at the table ``opponents_three`` / ``opponents_four`` per game a declarer loses.
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
    - Bierlachs at four: ``bierlachs_dealer``: the dealer who sits out takes the minus for a
      won game (and a Durchmarsch) like the other two.
    - Old rules: ``lost_hand_single`` (a lost hand game counts single), ``grand_base`` 20.
    """

    scoring: ScoringList = ScoringList.SEEGER_FABIAN
    won_bonus: int = 50
    lost_penalty: int = 50
    opponents_three: int = 40
    opponents_four: int = 30
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

    def __post_init__(self) -> None:
        """Every value is one the rule takes (a choice's word becomes its enum), else a
        :class:`SheetError` naming the rule in ``field``: an invalid rule set cannot be built.

        >>> Rules(bock_overlap="triple")
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: rule bock_overlap is 'triple': it takes double or queue
        >>> Rules(scoring="standard").scoring is ScoringList.STANDARD
        True
        """
        for field in fields(Rules):
            name = field.name
            value = getattr(self, name)
            kind = _KINDS[name]
            if kind is tuple:
                wrong = not isinstance(value, tuple | list) or not all(
                    isinstance(item, str) for item in value
                )
            else:
                wrong = type(value) is not kind and not (kind is str and isinstance(value, str))
            if wrong:
                kind_word = say(TYPE_WORDS[kind])
                raise SheetError(
                    "err.rule.kind", name=name, kind=kind_word, value=value, field=name
                )
        for name, choice in _CHOICES.items():
            value = getattr(self, name)
            if value not in _WORDS[choice]:
                allowed = any_of(_WORDS[choice])
                raise SheetError(
                    "err.rule.choice", name=name, value=value, allowed=allowed, field=name
                )
            object.__setattr__(self, name, choice(value))
        for trigger in self.bock_triggers:
            if trigger not in ALL_BOCK_TRIGGERS:
                raise SheetError(
                    "err.rule.trigger",
                    trigger=trigger,
                    triggers=", ".join(ALL_BOCK_TRIGGERS),
                    field="bock_triggers",
                )
        triggers = tuple(BockTrigger(trigger) for trigger in self.bock_triggers)
        object.__setattr__(self, "bock_triggers", triggers)
        if self.ramsch_value not in (0, 10, 15, 20):
            raise SheetError("err.rule.ramsch_value", value=self.ramsch_value, field="ramsch_value")
        if self.bock_value < 1:
            raise SheetError("err.rule.bock_value", value=self.bock_value, field="bock_value")
        if self.bock_max < 0:
            raise SheetError("err.rule.bock_max", value=self.bock_max, field="bock_max")
        if self.bockramsch and not (self.bock and self.ramsch):
            raise SheetError("err.rule.bockramsch", field="bockramsch")
        if self.grand_base not in (20, 24):
            raise SheetError("err.rule.grand_base", value=self.grand_base, field="grand_base")
        for name, (low, high) in RULE_RANGES.items():
            value = getattr(self, name)
            if not low <= value <= high:
                raise SheetError(
                    "err.rule.range", name=name, value=value, low=low, high=high, field=name
                )


RULE_RANGES = {
    "won_bonus": (0, 1000),
    "lost_penalty": (0, 1000),
    "opponents_three": (0, 1000),
    "opponents_four": (0, 1000),
    "bock_length": (0, 16),
    "bierlachs_limit": (1, 10000),
}
"""Each number rule's range: a Bock round of 0 (one deal per player at the table) to 16 deals,
four rounds at four players; points per game and limits a table could play (docs/limits.md)."""


_CHOICES: dict[str, type[StrEnum]] = {
    "scoring": ScoringList,
    "bock_overlap": BockOverlap,
    "ramsch_skat": RamschSkat,
    "ramsch_ties": RamschTies,
}
_WORDS = {choice: tuple(str(item) for item in choice) for choice in _CHOICES.values()}

RULE_KINDS: dict[str, type] = {
    field.name: str if isinstance(field.default, str) else type(field.default)
    for field in fields(Rules)
}
"""Each rule's type as a sheet file holds it (a choice is a string there)."""
_KINDS = RULE_KINDS

TYPE_WORDS = {bool: "type.bool", int: "type.int", str: "type.str", tuple: "type.list"}
"""The word key that names a rule's type in a message."""

PRESETS: dict[str, Rules] = {
    "isko": Rules(kontra=False),
    "pub": Rules(scoring=ScoringList.STANDARD, kontra=True, bock=True, ramsch=True),
}
"""Named rule sets for ``sheet new --preset``: the ISkO list, and a typical pub table."""
