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
skatcalc.errors.SheetError: deal 3: 'Dora' is not at the table: the players are Anna, Ben, Carl
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from skatcalc.errors import SheetError, SkatError
from skatcalc.games import GameType
from skatcalc.spec import GameSpec, scored_game
from skatcalc.value import Outcome, Scoring, possible_points
from skatcalc.words import w

__all__ = [
    "BOCK_TRIGGERS",
    "FORMAT_VERSION",
    "PRESETS",
    "Deal",
    "PlayerTotal",
    "Ramsch",
    "Rules",
    "ScoredDeal",
    "Sheet",
    "Tally",
]

FORMAT_VERSION = 1
"""The sheet file format this skatcalc writes; it refuses to change a file with a newer one."""

SERIES_LENGTH = {3: 36, 4: 48}
"""A series: 36 deals at three players, 48 at four."""

_UNSEEN = {"Cc", "Cf", "Cs", "Zl", "Zp"}
"""Unicode categories refused in names: controls, format characters (the bidi marks and
isolates U+061C, U+200E/F, U+202A-E, U+2066-9, zero-width ones), lone surrogates, and line
breaks: none shows as itself on a terminal."""


BOCK_TRIGGERS = ("lost-60", "grand-hand", "kontra", "hundred")
"""What starts a Bock round: a game lost with exactly 60, a won grand hand, a game with Kontra
(or Re), a player's total that lands on a multiple of 100."""


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
    - Bock: ``bock`` on, the ``bock_triggers`` that start a round (of ``BOCK_TRIGGERS``), a
      round lasting ``bock_length`` deals (0: one per player at the table), and
      ``bock_overlap``: ``double`` (a deal in two rounds counts four times) or ``queue`` (a new
      round waits for the running one; a deal counts at most double).
    - Ramsch when all pass: ``ramsch`` on, the skat to the ``last-trick`` taker or the
      ``loser`` (``ramsch_skat``; the points are entered as the table counted them),
      ``ramsch_ties`` ``all-lose`` or ``nobody``, ``ramsch_jungfrau`` (a player with no trick
      doubles the loss), ``ramsch_durchmarsch`` (all tricks: +120), ``schieberamsch`` (each
      push of the skat doubles).
    - Old rules: ``lost_hand_single`` (a lost hand game counts single), ``grand_base`` 20.
    """

    scoring: str = "seeger-fabian"
    won_bonus: int = 50
    lost_penalty: int = 50
    opponents_three: int = 40
    opponents_four: int = 30
    kontra: bool = True
    bock: bool = False
    bock_triggers: tuple[str, ...] = BOCK_TRIGGERS
    bock_length: int = 0
    bock_overlap: str = "double"
    ramsch: bool = False
    ramsch_skat: str = "last-trick"
    ramsch_ties: str = "all-lose"
    ramsch_jungfrau: bool = True
    ramsch_durchmarsch: bool = True
    schieberamsch: bool = False
    bierlachs_limit: int = 301
    lost_hand_single: bool = False
    grand_base: int = 24

    def check(self) -> Rules:
        """Return the rules if every value is one the rule takes; else raise a SheetError.

        >>> Rules(bock_overlap="triple").check()
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: rule bock_overlap is 'triple': it takes double or queue
        """
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise SheetError(f"rule {name} is {value!r}: it takes {' or '.join(allowed)}")
        for trigger in self.bock_triggers:
            if trigger not in BOCK_TRIGGERS:
                raise SheetError(
                    f"rule bock_triggers has {trigger!r}: the triggers are "
                    f"{', '.join(BOCK_TRIGGERS)}"
                )
        if self.grand_base not in (20, 24):
            raise SheetError(f"rule grand_base is {self.grand_base}: it takes 24, or 20 (old rule)")
        for name, (low, high) in RULE_RANGES.items():
            value = getattr(self, name)
            if not low <= value <= high:
                raise SheetError(w("err.rule.range", name=name, value=value, low=low, high=high))
        return self


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

_CHOICES = {
    "scoring": ("seeger-fabian", "standard", "bierlachs"),
    "bock_overlap": ("double", "queue"),
    "ramsch_skat": ("last-trick", "loser"),
    "ramsch_ties": ("all-lose", "nobody"),
}

PRESETS: dict[str, Rules] = {
    "isko": Rules(kontra=False),
    "pub": Rules(scoring="standard", kontra=True, bock=True, ramsch=True),
}
"""Named rule sets for ``sheet new --preset``: the ISkO list, and a typical pub table."""


@dataclass(frozen=True, slots=True)
class Ramsch:
    """A Ramsch deal as entered: each player's card points (as the table counted the skat),
    who took no trick (Jungfrau), who took every trick (Durchmarsch), how often the skat was
    pushed on (Schieberamsch)."""

    points: tuple[tuple[str, int], ...]
    jungfrau: tuple[str, ...] = ()
    durchmarsch: str | None = None
    pushes: int = 0

    def scores(self, rules: Rules) -> dict[str, int]:
        """Each player's score before Bock: the one with the most card points loses them.

        >>> Ramsch((("A", 60), ("B", 40), ("C", 20))).scores(Rules())
        {'A': -60, 'B': 0, 'C': 0}
        >>> Ramsch((("A", 70), ("B", 50), ("C", 0)), jungfrau=("C",), pushes=1).scores(
        ...     Rules(schieberamsch=True))
        {'A': -280, 'B': 0, 'C': 0}
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
        if len(losers) > 1 and rules.ramsch_ties == "nobody":
            return out
        if rules.ramsch_jungfrau:
            factor <<= len(jungfrau)
        for name in losers:
            out[name] = -top * factor
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


@dataclass(frozen=True, slots=True)
class PlayerTotal:
    """A player's totals: standard list score, games won and lost, Seeger-Fabian points."""

    name: str
    score: int
    won: int
    lost: int
    seeger_fabian: int
    bierlachs: int = 0


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


def check_name(name: str) -> str:
    """Return a player's name if it can be printed as typed; else raise a :class:`SheetError`.

    >>> check_name('Zoë \\\\ O\\'Neil')
    "Zoë \\\\ O'Neil"
    >>> check_name("Anna\\x1b[31m")
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetError: player name 'Anna\\x1b[31m' has a control character (U+001B): names are printed as typed, so terminal controls are refused
    """
    import unicodedata

    if not name.strip():
        raise SheetError("a player name cannot be empty")
    if len(name) > NAME_LIMIT:
        raise SheetError(w("err.name.long", name=repr(name[:NAME_LIMIT] + "…"), most=NAME_LIMIT))
    if name != name.strip():
        raise SheetError(
            f"player name {name!r} starts or ends with a space: write {name.strip()!r}"
        )
    for char in name:
        if unicodedata.category(char) in _UNSEEN:
            raise SheetError(
                f"player name {name!r} has a control character (U+{ord(char):04X}): names are "
                "printed as typed, so terminal controls are refused"
            )
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
        skatcalc.errors.SheetError: a sheet has three or four players, not 2
        """
        if len(players) not in (3, 4):
            raise SheetError(f"a sheet has three or four players, not {len(players)}")
        for name in players:
            check_name(name)
        for name in players:
            same = [other for other in players if other.casefold() == name.casefold()]
            if len(same) > 1:
                raise SheetError(
                    f"{' and '.join(map(repr, same))} name the same player (names match "
                    "ignoring case): give each player a name of their own"
                )
        return cls(tuple(players), rules or Rules())

    def with_rules(self, rules: Rules) -> Sheet:
        """The sheet under other rules; every deal is checked against them again."""
        again = replace(self, rules=rules.check(), deals=())
        try:
            return again.extend(self.deals)
        except SkatError as error:
            raise SheetError(
                f"the sheet's deals do not fit these rules, so they stay as they were: {error}"
            ) from None

    def dealer(self, index: int) -> str:
        """The dealer of deal ``index`` (0-based): the deal passes in seating order."""
        return self.players[index % len(self.players)]

    def player(self, name: str) -> str:
        """The player called ``name`` (exact, or the one match ignoring case).

        >>> Sheet.new(["Anna", "Ben", "Carl"]).player("ben")
        'Ben'
        """
        if name in self.players:
            return name
        matches = [p for p in self.players if p.casefold() == name.casefold()]
        if len(matches) == 1:
            return matches[0]
        raise SheetError(
            w("err.sheet.not_at_table", name=repr(name), players=", ".join(self.players))
        )

    def check(self, index: int, deal: Deal) -> Deal:
        """Check a deal at position ``index`` against the table and the rules; return it with
        player names as the sheet writes them."""
        try:
            return self._check(index, deal)
        except SkatError as error:  # the same kind of error (a game the rules reject stays one)
            said = w("err.sheet.deal", n=index + 1, error=error)
            raise type(error)(said, deal=index + 1) from None

    def _check(self, index: int, deal: Deal) -> Deal:
        if deal.is_passed:
            return deal
        dealer = self.dealer(index)
        if deal.ramsch is not None:
            return Deal.of_ramsch(self._check_ramsch(deal.ramsch, dealer))
        assert deal.declarer is not None and deal.game is not None
        declarer = self.player(deal.declarer)
        if len(self.players) == 4 and declarer == dealer:
            others = ", ".join(p for p in self.players if p != dealer)
            raise SheetError(w("err.sheet.dealer", declarer=declarer, others=others))
        game = deal.game
        if (game.kontra or game.re) and not self.rules.kontra:
            said = "Re" if game.re else "Kontra"
            raise SheetError(w("err.sheet.kontra", said=said))
        scoring = self._score(game, 0)
        if scoring.outcome is None:
            needed = "--tricks (0: won)" if scoring.game is GameType.NULL else "--points"
            raise SheetError(w("err.sheet.result", needed=needed))
        return deal if declarer == deal.declarer else Deal(declarer, game)

    def _score(self, game: GameSpec, bock: int) -> Scoring:
        rules = self.rules
        return scored_game(game, bock, rules.grand_base, rules.lost_hand_single)

    def _check_ramsch(self, ramsch: Ramsch, dealer: str) -> Ramsch:
        rules = self.rules
        if not rules.ramsch:
            raise SheetError(w("err.ramsch.off"))
        playing = [p for p in self.players if len(self.players) == 3 or p != dealer]
        points = {self.player(name): value for name, value in ramsch.points}
        if sorted(points) != sorted(playing):
            got = ", ".join(points) or "-"
            raise SheetError(w("err.ramsch.players", playing=", ".join(playing), got=got))
        if any(not 0 <= value <= 120 for value in points.values()):
            raise SheetError(w("err.ramsch.range"))
        for name, value in points.items():
            if not possible_points(value):
                raise SheetError(w("err.ramsch.impossible", name=name, points=value))
        if sum(points.values()) != 120:
            listed = ", ".join(f"{name} {value}" for name, value in points.items())
            raise SheetError(w("err.ramsch.sum", total=sum(points.values()), listed=listed))
        jungfrau = tuple(self.player(name) for name in ramsch.jungfrau)
        named = [*jungfrau, *([ramsch.durchmarsch] if ramsch.durchmarsch is not None else [])]
        for name in map(self.player, named):
            if name not in points:
                raise SheetError(w("err.ramsch.dealer", name=name))
        if len(set(jungfrau)) != len(jungfrau):
            raise SheetError(w("err.ramsch.twice"))
        for name in jungfrau:
            if points[name]:
                raise SheetError(w("err.ramsch.jungfrau", name=name, points=points[name]))
        durchmarsch = None if ramsch.durchmarsch is None else self.player(ramsch.durchmarsch)
        if durchmarsch is not None and points[durchmarsch] != 120:
            raise SheetError(
                w("err.ramsch.durchmarsch", name=durchmarsch, points=points[durchmarsch])
            )
        if ramsch.pushes < 0 or (ramsch.pushes and not rules.schieberamsch):
            raise SheetError(w("err.ramsch.pushes"))
        if ramsch.pushes > MAX_PUSHES:
            raise SheetError(w("err.ramsch.pushes.max", pushes=ramsch.pushes, most=MAX_PUSHES))
        ordered = tuple((name, points[name]) for name in playing)
        return Ramsch(ordered, jungfrau, durchmarsch, ramsch.pushes)

    def add(self, deal: Deal) -> Sheet:
        """The sheet with one more deal."""
        return self.extend([deal])

    def extend(self, deals: Sequence[Deal]) -> Sheet:
        """The sheet with more deals, each checked at its place."""
        start = len(self.deals)
        checked = [self.check(start + i, deal) for i, deal in enumerate(deals)]
        return replace(self, deals=(*self.deals, *checked))

    def edit(self, n: int, deal: Deal) -> Sheet:
        """The sheet with deal ``n`` (1-based) replaced; later deals are scored anew."""
        index = self._index(n)
        deals = list(self.deals)
        deals[index] = self.check(index, deal)
        return replace(self, deals=tuple(deals))

    def undo(self) -> Sheet:
        """The sheet without its last deal."""
        if not self.deals:
            raise SheetError(w("err.sheet.undo"))
        return replace(self, deals=self.deals[:-1])

    def _index(self, n: int) -> int:
        if not 1 <= n <= len(self.deals):
            have = w("err.sheet.has", count=len(self.deals)) if self.deals else w("err.sheet.empty")
            raise SheetError(w("err.sheet.no_deal", n=n, have=have))
        return n - 1

    def tally(self) -> Tally:
        """Score every deal (with its Bock rounds) and total each player's lists.

        The last sheet's tally is kept: a change scores the sheet before it is written, and
        the command then shows the same totals without scoring it twice.
        """
        last = _LAST_TALLY.get("sheet")
        if last is not None and last[0] is self:
            return last[1]
        tally = self._tally()
        _LAST_TALLY["sheet"] = (self, tally)
        return tally

    def _tally(self) -> Tally:
        count = len(self.players)
        rules = self.rules
        opponents = rules.opponents_three if count == 3 else rules.opponents_four
        seat = {name: i for i, name in enumerate(self.players)}
        grand_base, single = rules.grand_base, rules.lost_hand_single
        bierlachs = rules.scoring == "bierlachs"
        double = rules.bock_overlap == "double"
        score = [0] * count
        seeger = [0] * count
        minus = [0] * count
        won = [0] * count
        lost = [0] * count
        rounds: list[int] = []  # deals left in each Bock round, oldest first
        decided: tuple[tuple[str, ...], int] | None = None
        scored: list[ScoredDeal] = []
        zero = (0,) * count
        others = [tuple(o for o in range(count) if o != i) for i in range(count)]
        for index, deal in enumerate(self.deals):
            bock = len(rounds) if double else min(len(rounds), 1)
            scoring = None
            if deal.declarer is not None and deal.game is not None:
                scoring = scored_game(deal.game, bock, grand_base, single)
                at = seat[deal.declarer]
                points = scoring.score or 0
                gains = (*zero[:at], points, *zero[at + 1 :])
                score[at] += points
                if scoring.outcome is Outcome.WON:
                    won[at] += 1
                    seeger[at] += points + rules.won_bonus
                    for other in others[at]:  # a minus-only list: a win is minus for the others
                        minus[other] -= points
                else:
                    lost[at] += 1
                    seeger[at] += points - rules.lost_penalty
                    minus[at] += points
                    for other in others[at]:
                        seeger[other] += opponents
            elif deal.ramsch is not None:
                ramsch = deal.ramsch.scores(rules)
                gains = tuple(ramsch.get(name, 0) << bock for name in self.players)
                _book(gains, score, seeger, minus)
            else:
                gains = zero
            if bierlachs and decided is None:
                decided = _decided(self.players, minus, rules.bierlachs_limit, index + 1)
            fired: tuple[str, ...] = ()
            if rules.bock:
                fired = _triggers(rules, scoring, gains, score)
                rounds = _next_rounds(rounds, double, [rules.bock_length or count] * len(fired))
            scored.append(
                ScoredDeal(
                    index + 1, self.players[index % count], deal, scoring, (*score,),
                    (*seeger,), bock, gains, (*minus,), fired,
                )
            )  # fmt: skip
        players = tuple(
            PlayerTotal(name, score[i], won[i], lost[i], seeger[i], minus[i])
            for i, name in enumerate(self.players)
        )
        ahead = _ahead(rounds, double)
        return Tally(tuple(scored), players, SERIES_LENGTH[count], ahead, decided)


_LAST_TALLY: dict[str, tuple[Sheet, Tally]] = {}
"""The sheet last tallied and its tally (both immutable), by identity."""


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


def _book(gains: tuple[int, ...], score: list[int], seeger: list[int], minus: list[int]) -> None:
    """Add a deal's scores to the lists: standard, Seeger-Fabian, and the minus-only one."""
    for i, gain in enumerate(gains):
        score[i] += gain
        seeger[i] += gain
        if gain < 0:
            minus[i] += gain
        elif gain > 0:  # a minus-only list writes a win as minus for each of the others
            for other in range(len(gains)):
                if other != i:
                    minus[other] -= gain


def _triggers(
    rules: Rules, scoring: Scoring | None, gains: tuple[int, ...], totals: list[int]
) -> tuple[str, ...]:
    """The Bock triggers a deal sets off, by the sheet's rules."""
    fired = []
    wanted = rules.bock_triggers
    if scoring is not None:
        play = scoring.play
        game = scoring.declaration.game
        if (
            "lost-60" in wanted
            and scoring.outcome in (Outcome.LOST, Outcome.OVERBID)
            and play is not None
            and play.points == 60
        ):
            fired.append("lost-60")
        if (
            "grand-hand" in wanted
            and game is GameType.GRAND
            and scoring.declaration.hand
            and scoring.outcome is Outcome.WON
        ):
            fired.append("grand-hand")
        if "kontra" in wanted and scoring.kontra:
            fired.append("kontra")
    if "hundred" in wanted and any(
        gain and totals[i] and totals[i] % 100 == 0 for i, gain in enumerate(gains)
    ):
        fired.append("hundred")
    return tuple(fired)
