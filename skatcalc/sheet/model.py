"""The score sheet of an evening: players, rules, deals as entered, and the totals derived.

Pure: no files (the store reads and writes them). The deals as entered are the truth; every
total is computed from them, so a corrected game or a fixed rule updates every number.

>>> sheet = Sheet.new(["Anna", "Ben", "Carl"])
>>> sheet = sheet.add(Deal("Ben", GameSpec("clubs", with_=2, hand=True, points=56, bid=20)))
>>> sheet = sheet.add(Deal.passed())
>>> tally = sheet.tally()
>>> [(p.name, p.score, p.seeger_fabian) for p in tally.players]
[('Anna', 0, 40), ('Ben', -96, -146), ('Carl', 0, 40)]
>>> sheet.dealer(2)
'Carl'
>>> sheet.add(Deal("Dora", GameSpec("grand", with_=1, points=70)))
Traceback (most recent call last):
...
skatcalc.errors.SheetError: err.sheet.deal(n=3, error=err.sheet.not_at_table(name="'Dora'", players='Anna, Ben, Carl'))
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from enum import StrEnum
from functools import lru_cache
from typing import Any, NamedTuple, TypeVar

from skatcalc.errors import (
    BidError,
    CardError,
    DeclarationError,
    GameError,
    ResultError,
    SheetError,
    SkatError,
    TopsError,
    all_of,
    any_of,
    say,
)
from skatcalc.games import GameType
from skatcalc.spec import GameSpec
from skatcalc.value import Outcome, Scoring, possible_points

__all__ = [
    "ALL_BOCK_TRIGGERS",
    "BOCK_TRIGGERS",
    "FORMAT_VERSION",
    "LISTS",
    "PRESETS",
    "BockOverlap",
    "BockTrigger",
    "Deal",
    "PlayerTotal",
    "Ramsch",
    "RamschSkat",
    "RamschTies",
    "Rules",
    "ScoredDeal",
    "ScoringList",
    "Sheet",
    "Tally",
    "check_name",
    "match_name",
]

FORMAT_VERSION = 1
"""The sheet file format this skatcalc writes; it refuses to change a file with a newer one."""

MAX_PUSHES = 3
"""Schieberamsch: only the three players in the deal push the skat on, each once at most."""

SERIES_LENGTH = {3: 36, 4: 48}
"""A series: 36 deals at three players, 48 at four."""

_UNSEEN = {"Cc", "Cf", "Cs", "Zl", "Zp"}
"""Unicode categories refused in names: controls, format characters (the bidi marks and
isolates U+061C, U+200E/F, U+202A-E, U+2066-9, zero-width ones), lone surrogates, and line
breaks: none shows as itself on a terminal."""


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
        skatcalc.errors.SheetError: err.rule.choice(name='bock_overlap', value='triple', allowed=join.or(items=('double', 'queue')))
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

MAX_PUSHES = 3
"""Schieberamsch: the skat goes round the table once, so it is pushed on at most three times."""

NAME_LIMIT = 40
"""The longest player name, in characters."""

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


@dataclass(frozen=True, slots=True)
class Ramsch:
    """A Ramsch deal as entered: each player's card points (as the table counted the skat),
    who took no trick (Jungfrau), who took every trick (Durchmarsch), how often the skat was
    pushed on (Schieberamsch), who took the last trick (it decides a tie under the rule
    ``ramsch_ties = "last-trick"``)."""

    points: tuple[tuple[str, int], ...]
    jungfrau: tuple[str, ...] = ()
    durchmarsch: str | None = None
    pushes: int = 0
    last_trick: str | None = None

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any]) -> Ramsch:
        """A Ramsch as a sheet file and a JSON line write it: ``ramsch`` (each player's card
        points by name), and if they apply ``jungfrau``, ``durchmarsch``, ``pushes``,
        ``last_trick``; types are checked (the sheet checks the rest).

        >>> Ramsch.from_mapping({"ramsch": {"A": 60, "B": 60, "C": 0}, "last_trick": "B"})
        Ramsch(points=(('A', 60), ('B', 60), ('C', 0)), jungfrau=(), durchmarsch=None, pushes=0, last_trick='B')
        >>> Ramsch.from_mapping({"ramsch": {"A": 60}, "pushes": "2"})
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.ramsch.pushes_type
        """
        unknown = set(raw) - {"ramsch", "jungfrau", "durchmarsch", "pushes", "last_trick"}
        if unknown:
            key = sorted(unknown)[0]
            raise SheetError("err.ramsch.unknown_key", key=key, field=key)
        points = raw["ramsch"]
        if not isinstance(points, dict) or not all(type(v) is int for v in points.values()):
            raise SheetError("err.ramsch.points_type", field="ramsch")
        jungfrau = raw.get("jungfrau", [])
        if not isinstance(jungfrau, list) or not all(isinstance(n, str) for n in jungfrau):
            raise SheetError("err.ramsch.jungfrau_type", field="jungfrau")
        durchmarsch = raw.get("durchmarsch")
        if durchmarsch is not None and not isinstance(durchmarsch, str):
            raise SheetError("err.ramsch.durchmarsch_type", field="durchmarsch")
        pushes = raw.get("pushes", 0)
        if type(pushes) is not int:
            raise SheetError("err.ramsch.pushes_type", field="pushes")
        last = raw.get("last_trick")
        if last is not None and not isinstance(last, str):
            raise SheetError("err.ramsch.last_trick_type", field="last_trick")
        return cls(tuple(points.items()), tuple(jungfrau), durchmarsch, pushes, last)

    @property
    def tied(self) -> tuple[str, ...]:
        """The players tied for the most card points (empty when one has the most)."""
        top = max(points for _, points in self.points)
        losers = tuple(name for name, points in self.points if points == top)
        return losers if len(losers) > 1 else ()

    def scores(self, rules: Rules) -> dict[str, int]:
        """Each player's score before Bock: the one with the most card points loses them.

        >>> Ramsch((("A", 60), ("B", 40), ("C", 20))).scores(Rules())
        {'A': -60, 'B': 0, 'C': 0}
        >>> Ramsch((("A", 70), ("B", 50), ("C", 0)), jungfrau=("C",), pushes=1).scores(
        ...     Rules(schieberamsch=True))
        {'A': -280, 'B': 0, 'C': 0}
        >>> Ramsch((("A", 55), ("B", 55), ("C", 10))).scores(Rules(ramsch_ties="split"))
        {'A': -28, 'B': -28, 'C': 0}
        """
        factor = 1 << self.pushes
        out = {name: 0 for name, _ in self.points}
        jungfrau = set(self.jungfrau)
        if self.durchmarsch is not None:
            if rules.ramsch_durchmarsch:
                out[self.durchmarsch] = 120 * factor
                return out
            # no Durchmarsch rule: the one with every trick loses 120, and the others, who
            # took no trick, are Jungfrauen
            jungfrau |= {name for name, _ in self.points if name != self.durchmarsch}
        top = max(points for _, points in self.points)
        losers = [name for name, points in self.points if points == top]
        ties = rules.ramsch_ties
        if len(losers) > 1 and ties == "nobody":
            return out
        if len(losers) > 1 and ties == "last-trick" and self.last_trick in losers:
            losers = [self.last_trick]
        if rules.ramsch_jungfrau:
            factor <<= len(jungfrau)
        loss = (rules.ramsch_value or top) * factor
        if len(losers) > 1 and ties == "split":
            loss = (2 * loss + len(losers)) // (2 * len(losers))  # a share, halves up
        for name in losers:
            out[name] = -loss
        return out


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal as entered: a declarer and the game, a Ramsch, or nobody (everybody passed)."""

    declarer: str | None
    game: GameSpec | None
    ramsch: Ramsch | None = None

    @classmethod
    def passed(cls) -> Deal:
        """A deal everybody passed ("eingepasst"): no score, the next player deals."""
        return cls(None, None)

    @classmethod
    def of_ramsch(cls, ramsch: Ramsch) -> Deal:
        """A Ramsch deal: everybody passed and Ramsch was played."""
        return cls(None, None, ramsch)

    @property
    def is_passed(self) -> bool:
        """True when everybody passed and no Ramsch was played."""
        return self.declarer is None and self.ramsch is None


class ScoredDeal(NamedTuple):
    """A deal with its scoring and every player's running totals after it.

    A named tuple: one is built per deal each time a sheet is totalled (see Scoring).
    """

    n: int
    dealer: str
    deal: Deal
    scoring: Scoring | None
    totals: tuple[int, ...]
    seeger_fabian: tuple[int, ...]
    bock: int = 0
    """How many Bock rounds the deal lies in (the score counts 2 ** bock times)."""
    scores: tuple[int, ...] = ()
    """Each player's score from this deal in the standard list (the declarer's, or Ramsch)."""
    bierlachs: tuple[int, ...] = ()
    """Each player's Bierlachs (minus) total after this deal."""
    triggers: tuple[str, ...] = ()
    """The Bock triggers this deal set off (each starts a Bock round)."""

    def running(self, scoring: str) -> tuple[int, ...]:
        """Each player's running total after this deal in the list ``scoring`` (of LISTS)."""
        return _in_list(scoring, self.totals, self.seeger_fabian, self.bierlachs)


@dataclass(frozen=True, slots=True)
class PlayerTotal:
    """A player's totals: standard list score, games won and lost, Seeger-Fabian points."""

    name: str
    score: int
    won: int
    lost: int
    seeger_fabian: int
    bierlachs: int = 0

    def total(self, scoring: str) -> int:
        """The player's total in the list ``scoring`` (of LISTS).

        >>> PlayerTotal("Anna", 24, 1, 0, 74, -48).total("bierlachs")
        -48
        """
        return _in_list(scoring, self.score, self.seeger_fabian, self.bierlachs)


_T = TypeVar("_T")


def _in_list(scoring: str, standard: _T, seeger_fabian: _T, bierlachs: _T) -> _T:
    """Of one thing kept in each list, the one of the list ``scoring`` (of LISTS).

    >>> _in_list("bierlachs", 1, 2, 3)
    3
    >>> _in_list("skat", 1, 2, 3)
    Traceback (most recent call last):
    ...
    skatcalc.errors.SkatError: err.list(scoring="'skat'", lists='seeger-fabian, standard, bierlachs')
    """
    if scoring == "standard":
        return standard
    if scoring == "seeger-fabian":
        return seeger_fabian
    if scoring == "bierlachs":
        return bierlachs
    raise SkatError("err.list", scoring=repr(scoring), lists=", ".join(LISTS))


@dataclass(frozen=True, slots=True)
class Tally:
    """Every deal scored, and each player's totals."""

    deals: tuple[ScoredDeal, ...]
    players: tuple[PlayerTotal, ...]
    series_length: int
    bock_ahead: tuple[int, ...] = ()
    """The Bock rounds still to come: for each next deal, how many rounds it lies in."""
    decided: tuple[tuple[str, ...], int] | None = None
    """Bierlachs: the players who reached the limit first (more than one on a tie), the deal."""
    next_dealer: int = 0
    """The seat of the next deal's dealer (the same again after a Grand Hand in Bockramsch)."""
    ramsch_ahead: int = 0
    """Bockramsch: the Ramsch-round deals still to come."""

    @property
    def deals_played(self) -> int:
        """Deals so far, passed ones included."""
        return len(self.deals)

    @property
    def series(self) -> tuple[int, int]:
        """The series the last deal belongs to (from 1) and its place in it (1 to the length).

        >>> Tally((), (), 36).series
        (1, 0)
        """
        played = len(self.deals)
        if not played:
            return 1, 0
        return (played - 1) // self.series_length + 1, (played - 1) % self.series_length + 1


def match_name(name: str, names: Sequence[str]) -> str | None:
    """The one of ``names`` that ``name`` is: written the same, else the only one that is the
    same ignoring case; None when there is none (or two differ only in case).

    >>> match_name("ben", ["Anna", "Ben"]), match_name("Bea", ["Anna", "Ben"])
    ('Ben', None)
    """
    if name in names:
        return name
    matches = [n for n in names if n.casefold() == name.casefold()]
    return matches[0] if len(matches) == 1 else None


def check_name(name: str) -> str:
    """Return a player's name if it can be printed as typed; else raise a :class:`SheetError`.

    >>> check_name('Zoë \\\\ O\\'Neil')
    "Zoë \\\\ O'Neil"
    >>> check_name("Anna\\x1b[31m")
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetError: err.name.control(name='Anna\\x1b[31m', code='001B')
    """
    import unicodedata

    if not name.strip():
        raise SheetError("err.name.empty")
    if len(name) > NAME_LIMIT:
        raise SheetError("err.name.long", name=repr(name[:NAME_LIMIT] + "…"), most=NAME_LIMIT)
    if name != name.strip():
        raise SheetError("err.name.space", name=name, stripped=name.strip())
    for char in name:
        if unicodedata.category(char) in _UNSEEN:
            raise SheetError("err.name.control", name=name, code=f"{ord(char):04X}")
    return name


@dataclass(frozen=True, slots=True)
class Sheet:
    """Players in seating order (the first deals first), the rules, and the deals."""

    players: tuple[str, ...]
    rules: Rules = Rules()
    deals: tuple[Deal, ...] = ()

    @classmethod
    def new(cls, players: Sequence[str], rules: Rules | None = None) -> Sheet:
        """A sheet for three or four players, with no deals yet.

        >>> Sheet.new(["Anna", "Ben"])
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.sheet.players(count=2)
        """
        if len(players) not in (3, 4):
            raise SheetError("err.sheet.players", count=len(players))
        for name in players:
            check_name(name)
        for name in players:
            same = [other for other in players if other.casefold() == name.casefold()]
            if len(same) > 1:
                raise SheetError("err.name.same", names=all_of([repr(n) for n in same]))
        return cls(tuple(players), rules or Rules())

    def with_rules(self, rules: Rules) -> Sheet:
        """The sheet under other rules; every deal is checked against them again."""
        again = replace(self, rules=rules, deals=())
        try:
            return again.extend(self.deals)
        except SkatError as error:
            raise SheetError("err.sheet.misfit", error=error) from None

    def dealer(self, index: int) -> str:
        """The dealer of deal ``index`` (0-based): the deal passes in seating order (under
        Bockramsch a Grand Hand declared in a Ramsch round has the same dealer deal again)."""
        return self._state(index)[0]

    def _state(self, index: int) -> tuple[str, bool]:
        """The dealer of deal ``index`` and whether it lies in a Bockramsch Ramsch round."""
        count = len(self.players)
        if not self.rules.bockramsch:
            return self.players[index % count], False
        played = min(index, len(self.deals))
        before = replace(self, deals=self.deals[:played]).tally()
        seat = (before.next_dealer + index - played) % count
        return self.players[seat], index == played and before.ramsch_ahead > 0

    def checker(self) -> Callable[[Deal, bool], Deal]:
        """A function that checks the next deal after this sheet's (and after those it took
        before), in one pass however many: ``check(deal, True)`` checks it, ``check(deal,
        False)`` takes it unchecked (a reader collecting problems goes on past a bad deal)."""
        if not self.rules.bockramsch:  # a deal's place alone decides its dealer
            taken = len(self.deals)

            def plain(deal: Deal, checked: bool) -> Deal:
                nonlocal taken
                out = self.check(taken, deal) if checked else deal  # a refused one takes no place
                taken += 1
                return out

            return plain
        deals = list(self.deals)
        walk = self._walk(deals, [])
        for _ in deals:  # walk the deals already on the sheet
            next(walk)
        state = [next(walk)]  # the next deal's dealer and round

        def bockramsch(deal: Deal, checked: bool) -> Deal:
            if checked:
                deal = self.check(len(deals), deal, state[0])
            deals.append(deal)
            state[0] = next(walk)
            return deal

        return bockramsch

    def player(self, name: str, *, field: str | None = None) -> str:
        """The player called ``name`` (exact, or the one match ignoring case).

        >>> Sheet.new(["Anna", "Ben", "Carl"]).player("ben")
        'Ben'
        """
        found = match_name(name, self.players)
        if found is not None:
            return found
        raise SheetError(
            "err.sheet.not_at_table", name=repr(name), players=", ".join(self.players), field=field
        )

    def check(self, index: int, deal: Deal, state: tuple[str, bool] | None = None) -> Deal:
        """Check a deal at position ``index`` against the table and the rules; return it with
        player names as the sheet writes them. ``state``: its dealer and whether it lies in a
        Bockramsch round, when the caller knows them."""
        try:
            return self._check(index, deal, state or self._state(index))
        except SkatError as error:  # the same kind of error (a game the rules reject stays one)
            field = error.field or _blame(self, deal, error)
            raise type(error)(
                "err.sheet.deal", n=index + 1, error=error, deal=index + 1, field=field
            ) from None

    def _check(self, index: int, deal: Deal, state: tuple[str, bool]) -> Deal:
        dealer, ramsch_round = state
        if ramsch_round and not (deal.ramsch is not None or _grand_hand(deal)):
            raise SheetError("err.bockramsch.deal")
        if deal.is_passed:
            return deal
        if deal.ramsch is not None:
            return Deal.of_ramsch(self._check_ramsch(deal.ramsch, dealer))
        assert deal.declarer is not None and deal.game is not None
        declarer = self.player(deal.declarer, field="declarer")
        if len(self.players) == 4 and declarer == dealer:
            others = ", ".join(p for p in self.players if p != dealer)
            raise SheetError("err.sheet.dealer", declarer=declarer, others=others, field="declarer")
        game = deal.game
        if (game.kontra or game.re) and not self.rules.kontra:
            said = "Re" if game.re else "Kontra"
            raise SheetError("err.sheet.kontra", said=said, field="re" if game.re else "kontra")
        scoring = self._score(game, 0)
        if scoring.outcome is None:
            null = scoring.game is GameType.NULL
            needed = say("sheet.needs.null" if null else "sheet.needs.points")
            raise SheetError(
                "err.sheet.result", needed=needed, field="tricks" if null else "points"
            )
        return deal if declarer == deal.declarer else Deal(declarer, game)

    def _score(self, game: GameSpec, bock: int) -> Scoring:
        rules = self.rules
        return _scored(game, bock, rules.grand_base, rules.lost_hand_single)

    def _check_ramsch(self, ramsch: Ramsch, dealer: str) -> Ramsch:
        rules = self.rules
        if not rules.ramsch:
            raise SheetError("err.ramsch.off", field="ramsch")
        playing = [p for p in self.players if len(self.players) == 3 or p != dealer]
        points = {self.player(name, field="ramsch"): value for name, value in ramsch.points}
        if sorted(points) != sorted(playing):
            got = ", ".join(points) or "-"
            raise SheetError(
                "err.ramsch.players", playing=", ".join(playing), got=got, field="ramsch"
            )
        if any(not 0 <= value <= 120 for value in points.values()):
            raise SheetError("err.ramsch.range", field="ramsch")
        for name, value in points.items():
            if not possible_points(value):
                raise SheetError("err.ramsch.impossible", name=name, points=value, field="ramsch")
        if sum(points.values()) != 120:
            listed = ", ".join(f"{name} {value}" for name, value in points.items())
            raise SheetError(
                "err.ramsch.sum", total=sum(points.values()), listed=listed, field="ramsch"
            )
        jungfrau = tuple(self.player(name, field="jungfrau") for name in ramsch.jungfrau)
        for name in jungfrau:
            if name not in points:
                raise SheetError("err.ramsch.dealer", name=name, field="jungfrau")
        durchmarsch = None
        if ramsch.durchmarsch is not None:
            durchmarsch = self.player(ramsch.durchmarsch, field="durchmarsch")
            if durchmarsch not in points:
                raise SheetError("err.ramsch.dealer", name=durchmarsch, field="durchmarsch")
        if len(set(jungfrau)) != len(jungfrau):
            raise SheetError("err.ramsch.twice", field="jungfrau")
        for name in jungfrau:
            if points[name]:
                raise SheetError(
                    "err.ramsch.jungfrau", name=name, points=points[name], field="jungfrau"
                )
        if durchmarsch is not None and points[durchmarsch] != 120:
            raise SheetError(
                "err.ramsch.durchmarsch",
                name=durchmarsch,
                points=points[durchmarsch],
                field="durchmarsch",
            )
        if len(jungfrau) == len(playing) - 1:
            # both others took no trick: the third took every trick, a Durchmarsch
            (durchmarsch,) = (name for name in playing if name not in jungfrau)
        if durchmarsch is not None:
            jungfrau = ()  # the others took no trick: the Durchmarsch says so already
        if ramsch.pushes < 0 or (ramsch.pushes and not rules.schieberamsch):
            raise SheetError("err.ramsch.pushes", field="pushes")
        if ramsch.pushes > MAX_PUSHES:
            raise SheetError(
                "err.ramsch.pushes.max", pushes=ramsch.pushes, most=MAX_PUSHES, field="pushes"
            )
        last = None
        if ramsch.last_trick is not None:
            last = self.player(ramsch.last_trick, field="last_trick")
        if last is not None and last not in points:
            raise SheetError("err.ramsch.dealer", name=last, field="last_trick")
        if last is not None and (last in jungfrau or durchmarsch not in (None, last)):
            raise SheetError("err.ramsch.last_trick", name=last, field="last_trick")
        ordered = tuple((name, points[name]) for name in playing)
        checked = Ramsch(ordered, jungfrau, durchmarsch, ramsch.pushes, last)
        tied = checked.tied
        if durchmarsch is None and tied and rules.ramsch_ties == "last-trick" and last is None:
            raise SheetError("err.ramsch.tie", tied=all_of(tied), field="ramsch")
        return checked

    def add(self, deal: Deal) -> Sheet:
        """The sheet with one more deal."""
        return self.extend([deal])

    def extend(self, deals: Sequence[Deal]) -> Sheet:
        """The sheet with more deals, each checked at its place."""
        check = self.checker()
        return replace(self, deals=(*self.deals, *(check(deal, True) for deal in deals)))

    def edit(self, n: int, deal: Deal) -> Sheet:
        """The sheet with deal ``n`` (1-based) replaced; later deals are scored anew."""
        index = self._index(n)
        deals = list(self.deals)
        deals[index] = self.check(index, deal)
        if self.rules.bockramsch:  # the deals after it may change dealer or round: check them
            start = replace(self, deals=tuple(deals[: index + 1]))
            return start.extend(deals[index + 1 :])
        return replace(self, deals=tuple(deals))

    def undo(self) -> Sheet:
        """The sheet without its last deal."""
        if not self.deals:
            raise SheetError("err.sheet.undo")
        return replace(self, deals=self.deals[:-1])

    def _index(self, n: int) -> int:
        if not 1 <= n <= len(self.deals):
            have = (
                say("err.sheet.has", count=len(self.deals))
                if self.deals
                else say("err.sheet.empty")
            )
            raise SheetError("err.sheet.no_deal", n=n, have=have)
        return n - 1

    def _bocked(
        self, game: GameSpec, bock: int, cap: int | None
    ) -> tuple[Scoring, int, tuple[str, ...]]:
        """A game scored in its Bock rounds, the rounds it lies in, and the triggers it sets
        off; under ``bock_self`` a game that sets one off counts double itself."""
        rules = self.rules
        scoring = self._score(game, bock)
        if not rules.bock:
            return scoring, bock, ()
        fired = _game_triggers(rules, scoring)
        if fired and rules.bock_self:
            bock = _capped(bock + 1, cap)
            scoring = self._score(game, bock)
        return scoring, bock, fired

    def tally(self) -> Tally:
        """Score every deal (with its Bock rounds) and total each player's lists.

        The last sheet's tally is kept: a change scores the sheet before it is written, and
        the command then shows the same totals without scoring it twice.
        """
        last = _LAST_TALLY.get("sheet")
        if last is not None and last[0] == self:
            return last[1]
        done: list[Tally] = []
        for _ in self._walk(self.deals, done):
            pass
        _LAST_TALLY["sheet"] = (self, done[0])
        return done[0]

    def _walk(self, deals: Sequence[Deal], done: list[Tally]) -> Iterator[tuple[str, bool]]:
        """Score ``deals`` one by one; before each, and once after the last, yield the next
        deal's dealer and whether it lies in a Bockramsch round; at the end put the tally in
        ``done``. ``deals`` may grow while it walks (a checker appends what it checked)."""
        count = len(self.players)
        rules = self.rules
        opponents = rules.opponents_three if count == 3 else rules.opponents_four
        seat = {name: i for i, name in enumerate(self.players)}
        bierlachs, double = rules.scoring == "bierlachs", rules.bock_overlap == "double"
        lists = score, seeger, minus, won, lost = tuple([0] * count for _ in range(5))
        rounds: list[int] = []  # deals left in each Bock round, oldest first
        decided: tuple[tuple[str, ...], int] | None = None
        scored: list[ScoredDeal] = []
        zero = (0,) * count
        others = [tuple(o for o in range(count) if o != i) for i in range(count)]
        cap = rules.bock_max or None
        dealer = ramsch_left = index = 0  # the dealer's seat; Bockramsch deals to come
        while True:
            yield self.players[dealer], ramsch_left > 0
            if index == len(deals):
                break
            deal = deals[index]
            index += 1
            bock = _capped(len(rounds) if double else min(len(rounds), 1), cap)
            scoring = None
            fired: tuple[str, ...] = ()
            # Bierlachs at four: the dealer, who sits out, may be spared a won game's minus
            spared = dealer if count == 4 and not rules.bierlachs_dealer else None
            if deal.declarer is not None and deal.game is not None:
                scoring, bock, fired = self._bocked(deal.game, bock, cap)
                at = seat[deal.declarer]
                gains = (*zero[:at], scoring.score or 0, *zero[at + 1 :])
                _book_game(rules, scoring, at, lists, others[at], opponents, spared)
            elif deal.ramsch is not None:
                ramsch = deal.ramsch.scores(rules)
                gains = tuple(ramsch.get(name, 0) << bock for name in self.players)
                _book(gains, score, seeger, minus, spared)
            else:
                gains = zero
            if bierlachs and decided is None:
                decided = _decided(self.players, minus, rules.bierlachs_limit, index)
            ended, length = 0, rules.bock_length or count
            if rules.bock:
                rounds, fired, ended = _bock_step(rules, rounds, fired, gains, score, length)
            scored.append(
                ScoredDeal(
                    index, self.players[dealer], deal, scoring, (*score,),
                    (*seeger,), bock, gains, (*minus,), fired,
                )
            )  # fmt: skip
            # Bockramsch: each ended Bock round brings a Ramsch round; a Ramsch played in it
            # counts one off; a Grand Hand declared instead does not, and its dealer deals again
            again = rules.bockramsch and ramsch_left > 0 and _grand_hand(deal)
            ramsch_left += (
                ended * length - (ramsch_left > 0 and not again) if rules.bockramsch else 0
            )
            dealer = dealer if again else (dealer + 1) % count
        players = tuple(
            PlayerTotal(name, score[i], won[i], lost[i], seeger[i], minus[i])
            for i, name in enumerate(self.players)
        )
        ahead = tuple(_capped(level, cap) for level in _ahead(rounds, double))
        done.append(
            Tally(tuple(scored), players, SERIES_LENGTH[count], ahead, decided, dealer, ramsch_left)
        )


_LAST_TALLY: dict[str, tuple[Sheet, Tally]] = {}
"""The sheet last tallied and its tally (both immutable). Looked up by equality: a sheet
command checks and totals a change before the store writes it, then shows the same totals, and
this keeps the second tally from walking the sheet again: on a 10,000-deal sheet the second
tally takes 28-48 ms (the scorings kept) against 0.01 ms (median of 7, two runs; `sheet add`
on such a sheet takes about 240 ms in all, within a 3x target it barely meets). Equal sheets hold mostly the
same deal objects, so the comparison is a pass of identity checks over the deals."""


@lru_cache(maxsize=1 << 16)
def _scored(spec: GameSpec, bock: int, grand_base: int, lost_hand_single: bool) -> Scoring:
    """A deal's scoring, kept (by value, bounded) for the sheet path: checking a sheet and
    totalling it score each deal once, and the read-back scores the sheet again. Measured: a
    `sheet add` and its totals on a 10,000-deal sheet, in one process (min of 5, two runs on a
    loaded machine) take 196-229 ms with it against 392-602 ms without."""
    return spec.score(bock=bock, grand_base=grand_base, lost_hand_single=lost_hand_single)


def _ahead(rounds: list[int], double: bool) -> tuple[int, ...]:
    """For each coming deal, how many Bock rounds it lies in."""
    if double:
        return tuple(sum(1 for left in rounds if left > k) for k in range(max(rounds, default=0)))
    return (1,) * sum(rounds)


def _next_rounds(rounds: list[int], double: bool, new: list[int]) -> list[int]:
    """The Bock rounds after a deal: each running one a deal shorter (queued: only the first),
    then the rounds the deal set off."""
    if double:
        return [left - 1 for left in rounds if left > 1] + new
    if rounds:
        rounds = [rounds[0] - 1, *rounds[1:]] if rounds[0] > 1 else rounds[1:]
    return rounds + new


def _decided(
    players: tuple[str, ...], minus: list[int], limit: int, n: int
) -> tuple[tuple[str, ...], int] | None:
    """Bierlachs: everybody at or past the limit once someone reaches it, and the deal."""
    down = tuple(players[i] for i in range(len(players)) if minus[i] <= -limit)
    return (down, n) if down else None


def _book(
    gains: tuple[int, ...],
    score: list[int],
    seeger: list[int],
    minus: list[int],
    spared: int | None = None,
) -> None:
    """Add a deal's scores to the lists: standard, Seeger-Fabian, and the minus-only one (in
    which a win is minus for each of the others, but for the ``spared`` seat)."""
    for i, gain in enumerate(gains):
        score[i] += gain
        seeger[i] += gain
        if gain < 0:
            minus[i] += gain
        elif gain > 0:  # a minus-only list writes a win as minus for each of the others
            for other in range(len(gains)):
                if other not in (i, spared):
                    minus[other] -= gain


def _book_game(
    rules: Rules,
    scoring: Scoring,
    at: int,
    lists: tuple[list[int], ...],
    others: tuple[int, ...],
    opponents: int,
    spared: int | None,
) -> None:
    """Add a game to the lists (standard, Seeger-Fabian, minus-only, won, lost) of the
    declarer at seat ``at`` and of the ``others``."""
    score, seeger, minus, won, lost = lists
    points = scoring.score or 0
    score[at] += points
    if scoring.outcome is Outcome.WON:
        won[at] += 1
        seeger[at] += points + rules.won_bonus
        _minus_for_others(minus, others, points, spared)
    else:
        lost[at] += 1
        seeger[at] += points - rules.lost_penalty
        minus[at] += points
        for other in others:
            seeger[other] += opponents


def _minus_for_others(
    minus: list[int], others: tuple[int, ...], points: int, spared: int | None
) -> None:
    """A minus-only list: a win is minus for each of the others (but the ``spared`` seat)."""
    for other in others:
        if other != spared:
            minus[other] -= points


_SUSPECTS: tuple[tuple[type[SkatError], tuple[str, ...]], ...] = (
    (GameError, ("game",)),
    (DeclarationError, ("ouvert", "schwarz", "schneider", "hand")),
    (BidError, ("bid",)),
    (TopsError, ("with", "without", "cards", "skat")),
    (CardError, ("cards", "skat", "discards")),
    (ResultError, ("points", "tricks")),
)
"""The keys a game's error of each kind can be about, most specific first."""


def _blame(sheet: Sheet, deal: Deal, error: SkatError) -> str | None:
    """The key of a deal that ``error`` is about, for an error raised without one (the rules
    of a single game know its options, not the keys they came from): the first given key of
    the error's kind without which the game no longer fails that way. Found from the deal,
    never from the message, so the answer is the same in every language.
    """
    game = deal.game
    if game is None:
        return None
    suspects = next((keys for kind, keys in _SUSPECTS if isinstance(error, kind)), ())
    defaults = GameSpec._field_defaults
    given = [key for key in suspects if getattr(game, _NAME[key]) != defaults.get(_NAME[key])]
    for key in given:
        name = _NAME[key]
        try:
            changed: dict[str, Any] = {name: defaults.get(name)}
            sheet._score(game._replace(**changed), 0)
        except type(error):
            continue
        except SkatError:
            return key
        return key
    return given[0] if given else (suspects[0] if suspects else None)


_NAME = {key: ("with_" if key == "with" else key) for _, keys in _SUSPECTS for key in keys}


def _grand_hand(deal: Deal) -> bool:
    """A Grand Hand: what a player may declare instead of a Bockramsch."""
    return (
        deal.game is not None
        and GameType.parse(deal.game.game) is GameType.GRAND
        and (deal.game.hand or deal.game.ouvert)
    )


def _bock_step(
    rules: Rules,
    rounds: list[int],
    fired: tuple[str, ...],
    gains: tuple[int, ...],
    totals: list[int],
    length: int,
) -> tuple[list[int], tuple[str, ...], int]:
    """After a deal: the Bock rounds, the triggers it set off (a round hundred added to the
    game's), and how many rounds it ended."""
    double = rules.bock_overlap == "double"
    if "hundred" in rules.bock_triggers and _hundred(gains, totals):
        fired = (*fired, "hundred")
    ended = _ended(rounds, double)
    return _next_rounds(rounds, double, [length] * len(fired)), fired, ended


def _ended(rounds: list[int], double: bool) -> int:
    """How many Bock rounds end with the deal being played."""
    if double:
        return sum(1 for left in rounds if left == 1)
    return 1 if rounds and rounds[0] == 1 else 0


def _capped(level: int, cap: int | None) -> int:
    """A Bock level (doublings) under the rule ``bock_max`` (None: no cap)."""
    return level if cap is None else min(level, cap)


def _game_triggers(rules: Rules, scoring: Scoring) -> tuple[str, ...]:
    """The Bock triggers a game sets off, by the sheet's rules, in the order of the rule."""
    play = scoring.play
    declaration = scoring.declaration
    game = declaration.game
    lost = scoring.outcome in (Outcome.LOST, Outcome.OVERBID)
    fires = {
        "lost-60": lost and play is not None and play.points == 60,
        "grand-hand": game is GameType.GRAND
        and declaration.hand
        and scoring.outcome is Outcome.WON,
        "kontra": scoring.kontra,
        "lost-kontra": lost and scoring.kontra,
        "re": scoring.re,
        "lost-grand": lost and game is GameType.GRAND,
        "null-ouvert-hand": game is GameType.NULL and declaration.hand and declaration.ouvert,
        "value": (scoring.scored_value or 0) >= rules.bock_value,
    }
    wanted = rules.bock_triggers
    return tuple(t for t in ALL_BOCK_TRIGGERS if t in wanted and fires.get(t))


def _hundred(gains: tuple[int, ...], totals: list[int]) -> bool:
    """A player's total changed by the deal and landed on a round hundred (not 0)."""
    return any(gain and totals[i] and totals[i] % 100 == 0 for i, gain in enumerate(gains))
