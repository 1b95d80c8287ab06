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
from skatcalc.spec import GameSpec
from skatcalc.value import Outcome, Scoring

__all__ = ["FORMAT_VERSION", "Deal", "PlayerTotal", "Rules", "ScoredDeal", "Sheet", "Tally"]

FORMAT_VERSION = 1
"""The sheet file format this skatcalc writes; it refuses to change a file with a newer one."""

SERIES_LENGTH = {3: 36, 4: 48}
"""A series: 36 deals at three players, 48 at four."""

_BIDI_CONTROLS = {chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A), 0x200E, 0x200F)}


@dataclass(frozen=True, slots=True)
class Rules:
    """The sheet's scoring rules, stored in the file so old sheets keep their totals.

    The Seeger-Fabian list adds ``won_bonus`` to each won game, subtracts ``lost_penalty`` for
    each lost one, and gives each other player at the table ``opponents_three`` (three
    players) or ``opponents_four`` (four players) for a game the declarer loses.
    """

    won_bonus: int = 50
    lost_penalty: int = 50
    opponents_three: int = 40
    opponents_four: int = 30


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal as entered: a declarer and the game, or nobody (everybody passed)."""

    declarer: str | None
    game: GameSpec | None

    @classmethod
    def passed(cls) -> Deal:
        """A deal everybody passed ("eingepasst"): no score, the next player deals."""
        return cls(None, None)

    @property
    def is_passed(self) -> bool:
        """True when everybody passed."""
        return self.declarer is None


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


@dataclass(frozen=True, slots=True)
class PlayerTotal:
    """A player's totals: standard list score, games won and lost, Seeger-Fabian points."""

    name: str
    score: int
    won: int
    lost: int
    seeger_fabian: int


@dataclass(frozen=True, slots=True)
class Tally:
    """Every deal scored, and each player's totals."""

    deals: tuple[ScoredDeal, ...]
    players: tuple[PlayerTotal, ...]
    series_length: int

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
    if name != name.strip():
        raise SheetError(
            f"player name {name!r} starts or ends with a space: write {name.strip()!r}"
        )
    for char in name:
        if unicodedata.category(char) == "Cc" or char in _BIDI_CONTROLS:
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
        folded = [name.casefold() for name in players]
        for name in players:
            if folded.count(name.casefold()) > 1:
                raise SheetError(f"player {name!r} is named twice: give each player a new name")
        return cls(tuple(players), rules or Rules())

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
        raise SheetError(f"{name!r} is not at the table: the players are {', '.join(self.players)}")

    def check(self, index: int, deal: Deal) -> Deal:
        """Check a deal at position ``index``: its declarer and its game; return it normalised."""
        if deal.is_passed:
            return deal
        assert deal.declarer is not None and deal.game is not None
        try:
            declarer = self.player(deal.declarer)
        except SheetError as error:
            raise SheetError(f"deal {index + 1}: {error}", deal=index + 1) from None
        dealer = self.dealer(index)
        if len(self.players) == 4 and declarer == dealer:
            raise SheetError(
                f"deal {index + 1}: {declarer} deals and sits out at four players; the declarer "
                f"is one of {', '.join(p for p in self.players if p != dealer)}",
                deal=index + 1,
            )
        try:
            deal.game.score()
        except SkatError as error:
            raise SheetError(f"deal {index + 1}: {error}", deal=index + 1) from None
        return deal if declarer == deal.declarer else Deal(declarer, deal.game)

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
            raise SheetError("the sheet has no deal to undo")
        return replace(self, deals=self.deals[:-1])

    def _index(self, n: int) -> int:
        if not 1 <= n <= len(self.deals):
            have = f"deals 1 to {len(self.deals)}" if self.deals else "no deals yet"
            raise SheetError(f"there is no deal {n}: the sheet has {have}")
        return n - 1

    def tally(self) -> Tally:
        """Score every deal and total each player's standard and Seeger-Fabian points."""
        count = len(self.players)
        rules = self.rules
        opponents = rules.opponents_three if count == 3 else rules.opponents_four
        seat = {name: i for i, name in enumerate(self.players)}
        score = [0] * count
        seeger = [0] * count
        won = [0] * count
        lost = [0] * count
        scored: list[ScoredDeal] = []
        for index, deal in enumerate(self.deals):
            scoring = None
            if deal.declarer is not None and deal.game is not None:
                scoring = deal.game.score()
                at = seat[deal.declarer]
                points = scoring.score or 0
                score[at] += points
                if scoring.outcome is Outcome.WON:
                    won[at] += 1
                    seeger[at] += points + rules.won_bonus
                else:
                    lost[at] += 1
                    seeger[at] += points - rules.lost_penalty
                    for other in range(count):
                        if other != at:
                            seeger[other] += opponents
            dealer = self.players[index % count]
            scored.append(ScoredDeal(index + 1, dealer, deal, scoring, (*score,), (*seeger,)))
        players = tuple(
            PlayerTotal(name, score[i], won[i], lost[i], seeger[i])
            for i, name in enumerate(self.players)
        )
        return Tally(tuple(scored), players, SERIES_LENGTH[count])
