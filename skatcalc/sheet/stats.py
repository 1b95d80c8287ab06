"""Statistics over one sheet or a season of them, and the settlement of an evening in money.

Pure: sheets and their tallies in, numbers out. Every total comes from the tallies, so the
statistics of a season add up to its sheets' own totals.

>>> from skatcalc.sheet.model import Deal, Sheet
>>> from skatcalc.spec import GameSpec
>>> sheet = Sheet.new(["Anna", "Ben", "Carl"])
>>> sheet = sheet.add(Deal("Anna", GameSpec("grand", with_=1, points=70)))  # 48, won
>>> sheet = sheet.add(Deal("Anna", GameSpec("clubs", with_=2, hand=True, points=56)))  # -96
>>> anna = stats([(sheet, sheet.tally())]).player("anna")
>>> anna.declared, anna.won, anna.lost, anna.win_rate, anna.average_value
(2, 1, 1, Fraction(1, 2), Fraction(48, 1))
>>> settle(sheet.tally().players, 5)
[Payment(payer='Anna', payee='Ben', cents=240), Payment(payer='Anna', payee='Carl', cents=240)]

The words for a settlement (who pays whom, money) are made at the edge: :mod:`skatcalc.words.sheet`.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import NamedTuple, Protocol

from skatcalc.errors import SheetError, SkatError, listed
from skatcalc.frozen import record
from skatcalc.games import GameType
from skatcalc.names import name_key
from skatcalc.pattern import later
from skatcalc.sheet.deal import sitting_out
from skatcalc.sheet.model import Sheet
from skatcalc.sheet.tally import PlayerTotal, Tally
from skatcalc.value import Outcome

__all__ = [
    "TRANSFERS",
    "CardPoints",
    "GameCounts",
    "GameRecord",
    "HighestGame",
    "Payment",
    "PlayerPart",
    "PlayerStats",
    "SettledPlayer",
    "Settlement",
    "SheetPart",
    "SheetTotals",
    "Stats",
    "Totals",
    "balances",
    "check_terms",
    "check_transfers",
    "deciding_list",
    "fewest_transfers",
    "parse_stake",
    "settle",
    "settle_sheets",
    "sheet_part",
    "stats",
    "sum_parts",
    "with_transfers",
]

STAKE_LIMIT = 1000
"""The largest stake per point, in the currency (docs/limits.md)."""
STAKE_CHARS = 32
"""The longest stake text: ``0.05``, ``1/200`` and their like are far shorter."""
_STAKE = later(r"-?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:/[0-9]+)?")

_LISTS = ("standard", "seeger-fabian", "bierlachs")
"""The lists a settlement can follow, named as in ``Rules.scoring``."""


# --- statistics -------------------------------------------------------------------------------


class GameRecord(NamedTuple):
    """A player's games of one type as declarer: declared, won, lost (an overbid is lost)."""

    declared: int
    won: int
    lost: int


CARD_POINT_BANDS = ((0, 30), (31, 60), (61, 89), (90, 120))
"""The declarer's card points in the bands the rules draw: schneidered (30 or fewer), lost
(31 to 60), won (61 to 89), schneider made (90 or more)."""


_BAND_OF = tuple(
    next(i for i, (low, high) in enumerate(CARD_POINT_BANDS) if low <= value <= high)
    for value in range(121)
)
"""The band of each card point total (:data:`CARD_POINT_BANDS`), looked up: each declared
game's band looked for in the bands cost ~4 of the 19 ms `sheet_part` takes over bench/fast.py's
200 evenings (cProfile; `python bench/read_whole.py` on them, median of 7: see
docs/performance.md, item 7's sixth session)."""


class CardPoints(NamedTuple):
    """The spread of a declarer's card points over the suit and grand games whose points are
    known (Null has none; a game given by tricks alone has none): how many, the lowest, the
    highest, their sum, and how many fell in each of :data:`CARD_POINT_BANDS`.

    >>> spread = CardPoints.of([70, 56, 85, 95])
    >>> spread.games, spread.lowest, spread.highest, spread.average, spread.bands
    (4, 56, 95, Fraction(153, 2), (0, 1, 2, 1))
    >>> CardPoints.of([]).average is None
    True
    >>> CardPoints.of([121])
    Traceback (most recent call last):
    ...
    ValueError: card points 121 are not 0 to 120
    """

    games: int = 0
    lowest: int | None = None
    highest: int | None = None
    total: int = 0
    bands: tuple[int, ...] = (0, 0, 0, 0)

    @classmethod
    def of(cls, points: Sequence[int]) -> CardPoints:
        """The spread of these card points."""
        bands = [0] * len(CARD_POINT_BANDS)
        for value in points:
            if type(value) is int and 0 <= value <= 120:  # the points a game may have
                bands[_BAND_OF[value]] += 1
                continue
            hits = [i for i, (low, high) in enumerate(CARD_POINT_BANDS) if low <= value <= high]
            if not hits:
                raise ValueError(f"card points {value} are not 0 to 120")
            bands[hits[0]] += 1
        if not points:
            return cls()
        return cls(len(points), min(points), max(points), sum(points), tuple(bands))

    @property
    def average(self) -> Fraction | None:
        """The mean card points; None without a game."""
        return Fraction(self.total, self.games) if self.games else None

    def merged(self, other: CardPoints) -> CardPoints:
        """The spread of this one's card points and ``other``'s together: what :meth:`of`
        gives for both lists at once.

        >>> CardPoints.of([70, 20]).merged(CardPoints.of([95])) == CardPoints.of([70, 20, 95])
        True
        >>> CardPoints().merged(CardPoints()) == CardPoints.of([])
        True
        """
        return CardPoints.joined((self, other))

    @classmethod
    def joined(cls, spreads: Iterable[CardPoints]) -> CardPoints:
        """The spread of the card points of all ``spreads`` together: what :meth:`of` gives
        for all their lists at once. Each figure summed (or its least, its most) over all at
        once, not one :meth:`merged` (and its new spread) a part after another:
        :func:`sum_parts` over bench/fast.py's season's 200 parts took 15.8 M instructions,
        against 26.9 M (bench/ir.sh of a cold ``sheet stats`` with ``sum_parts`` called
        twice, less once).

        >>> spreads = [CardPoints.of([70, 20]), CardPoints(), CardPoints.of([95, 61])]
        >>> CardPoints.joined(spreads) == CardPoints.of([70, 20, 95, 61])
        True
        >>> CardPoints.joined([]) == CardPoints.joined([CardPoints()]) == CardPoints()
        True
        """
        known = [spread for spread in spreads if spread.games]
        if len(known) < 2:
            return known[0] if known else cls()
        games, lowest, highest, total, bands = zip(*known, strict=True)
        return cls(sum(games), min(lowest), max(highest), sum(total),
                   tuple(map(sum, zip(*bands, strict=True))))  # fmt: skip


_NO_CARD_POINTS = CardPoints()
_new = tuple.__new__
"""Makes a named tuple of its fields without its ``__new__``'s Python frame: a game that is a
player's highest yet (a few times an evening) cost 2.1 M instructions of 94 M over the
season's 200 parts (see :func:`sheet_part`)."""


def _by_game(counts: dict[GameType, tuple[int, int]]) -> tuple[tuple[GameType, GameRecord], ...]:
    return tuple(
        (game, GameRecord(won + lost, won, lost))
        for game in GameType
        if game in counts
        for won, lost in (counts[game],)
    )


class GameCounts(NamedTuple):
    """How many games of each type a player declared.

    >>> counts = GameCounts(grand=2, null=1)
    >>> counts.of(GameType.GRAND), sum(counts)
    (2, 3)
    >>> GameCounts(skat=1)
    Traceback (most recent call last):
    ...
    TypeError: GameCounts.__new__() got an unexpected keyword argument 'skat'
    """

    clubs: int = 0
    spades: int = 0
    hearts: int = 0
    diamonds: int = 0
    grand: int = 0
    null: int = 0

    def of(self, game: GameType) -> int:
        """The count for one game type (the fields are named by ``GameType`` values)."""
        count: int = getattr(self, game.value)
        return count


class HighestGame(NamedTuple):
    """A player's highest won game: its value, where it was, and its outcome (always won).

    ``value`` is ``Scoring.scored_value`` (before Kontra, Re and Bock; for an overbid the
    covering value); ``score`` is what the list wrote. ``sheet_index`` counts from 0 in the
    sequence given to :func:`stats`; ``deal`` is the deal number on that sheet, from 1.
    """

    value: int
    score: int
    game: GameType
    outcome: Outcome
    sheet_index: int
    deal: int


@record
class PlayerStats:
    """One player's record over the sheets given (see :func:`stats` for the definitions)."""

    name: str
    sheets: int
    deals: int
    declared: int
    won: int
    lost: int
    games: GameCounts
    highest: HighestGame | None
    score: int
    seeger_fabian: int
    series: Fraction
    value_total: int
    by_game: tuple[tuple[GameType, GameRecord], ...] = ()
    """Per game type the player declared: games declared, won and lost (types never
    declared left out), in the order of :class:`GameType`."""
    card_points: CardPoints = _NO_CARD_POINTS
    """The spread of the player's card points as declarer (suit and grand games)."""

    @property
    def win_rate(self) -> Fraction | None:
        """Games won of games declared; None when the player declared none.

        >>> PlayerStats("Anna", 1, 0, 0, 0, 0, GameCounts(), None, 0, 0, Fraction(0), 0).win_rate
        """
        return Fraction(self.won, self.declared) if self.declared else None

    @property
    def average_value(self) -> Fraction | None:
        """The mean scored value of the games declared; None when the player declared none."""
        return Fraction(self.value_total, self.declared) if self.declared else None

    @property
    def seeger_fabian_per_series(self) -> Fraction | None:
        """Seeger-Fabian points per series of 36 deals (three players), 48 (four) or 60
        (five); None before the first deal. See :func:`stats`."""
        return self.seeger_fabian / self.series if self.series else None


@record
class SheetTotals:
    """One sheet's own totals, as its tally has them: what the season's figures add up to."""

    index: int
    deals: int
    series_length: int
    players: tuple[PlayerTotal, ...]


@record
class Stats:
    """Each player's record (in order of first appearance) and each sheet's own totals."""

    players: tuple[PlayerStats, ...]
    sheets: tuple[SheetTotals, ...]

    @property
    def deals(self) -> int:
        """All deals on all the sheets, passed ones included."""
        return sum(sheet.deals for sheet in self.sheets)

    def player(self, name: str) -> PlayerStats:
        """The player called ``name``, ignoring case (as sheets match names).

        >>> from skatcalc.sheet.model import Sheet
        >>> sheet = Sheet.new(["Anna", "Ben", "Carl"])
        >>> season = stats([(sheet, sheet.tally())])
        >>> season.player("BEN").name
        'Ben'
        >>> season.player("Dora")
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.stats.no_player(name='Dora', names=join.list(items=('Anna', 'Ben', 'Carl')))
        """
        for player in self.players:
            if name_key(player.name) == name_key(name):
                return player
        names = listed([p.name for p in self.players])
        raise SheetError("err.stats.no_player", name=name, names=names)


# neither compared nor printed: no __eq__ or __repr__ made for it (0.3 of the 0.7 ms it took,
# each statement of this module timed alone, median of 7 processes)
@dataclass(slots=True, eq=False, repr=False)
class _Record:
    """A player's figures while the sheets are read; frozen into a PlayerStats at the end."""

    name: str
    sheets: int = 0
    deals: int = 0
    declared: int = 0
    won: int = 0
    lost: int = 0
    games: dict[GameType, int] = field(default_factory=dict)
    highest: HighestGame | None = None
    score: int = 0
    seeger_fabian: int = 0
    series: Fraction = Fraction(0)
    value_total: int = 0
    by_game: dict[GameType, tuple[int, int]] = field(default_factory=dict)
    points: list[int] = field(default_factory=list)
    card_points: list[CardPoints] = field(default_factory=list)
    """The spreads of card points added whole (:meth:`add`), beside those in :attr:`points`:
    joined once at the end (:meth:`CardPoints.joined`)."""
    series_parts: dict[int, int] = field(default_factory=dict)
    """The series added whole (:meth:`add`), beside :attr:`series`: the numerators by their
    denominator, each a sheet's deals by its series' length, summed into one Fraction at the
    end. A Fraction added for each part (Python's Fraction arithmetic, its checks of types
    included) cost 4.9 M instructions of the 32 M `sum_parts` took over the season's 200
    parts (valgrind: `python bench/walk_part.py FOLDER --passes 2 --step part` under
    bench/ir.sh, less ``--passes 0``)."""

    def freeze(self) -> PlayerStats:
        counts = GameCounts(**{game.value: count for game, count in self.games.items()})
        return PlayerStats(
            self.name, self.sheets, self.deals, self.declared, self.won, self.lost, counts,
            self.highest, self.score, self.seeger_fabian,
            sum((Fraction(n, d) for d, n in self.series_parts.items()), self.series),
            self.value_total, _by_game(self.by_game),
            CardPoints.joined([*self.card_points, CardPoints.of(self.points)]),
        )  # fmt: skip

    def count(self, game: GameType, won: int, lost: int) -> None:
        """Add games of the type ``game`` declared, won and lost."""
        self.declared += won + lost
        self.won += won
        self.lost += lost
        self.games[game] = self.games.get(game, 0) + won + lost
        had_won, had_lost = self.by_game.get(game, (0, 0))
        self.by_game[game] = (had_won + won, had_lost + lost)

    def part(self) -> PlayerPart:
        """This record, of one sheet, as its part (:class:`PlayerPart`)."""
        return PlayerPart(
            self.name, self.sheets, self.deals, self.declared, self.won, self.lost,
            tuple(self.games.items()), self.highest, self.score, self.seeger_fabian,
            self.series, self.value_total,
            tuple((game, won, lost) for game, (won, lost) in self.by_game.items()),
            CardPoints.of(self.points),
        )  # fmt: skip

    def add(self, part: PlayerPart, index: int) -> None:
        """Add a player's part of the sheet at ``index`` (from 0) to this record."""
        self.sheets += part.sheets
        self.deals += part.deals
        self.declared += part.declared
        self.won += part.won
        self.lost += part.lost
        for game, count in part.games:
            self.games[game] = self.games.get(game, 0) + count
        best = part.highest
        if best is not None and (self.highest is None or best.value > self.highest.value):
            self.highest = best._replace(sheet_index=index)
        self.score += part.score
        self.seeger_fabian += part.seeger_fabian
        series = part.series
        parts = self.series_parts
        parts[series.denominator] = parts.get(series.denominator, 0) + series.numerator
        self.value_total += part.value_total
        for game, won, lost in part.by_game:
            had_won, had_lost = self.by_game.get(game, (0, 0))
            self.by_game[game] = (had_won + won, had_lost + lost)
        self.card_points.append(part.card_points)


class PlayerPart(NamedTuple):
    """One player's figures on one sheet (players whose names look the same, one figure):
    what :func:`stats` adds up over the sheets (:func:`sheet_part`). ``highest`` names sheet
    0; the sum puts the sheet's place in it."""

    name: str
    sheets: int
    deals: int
    declared: int
    won: int
    lost: int
    games: tuple[tuple[GameType, int], ...]
    highest: HighestGame | None
    score: int
    seeger_fabian: int
    series: Fraction
    value_total: int
    by_game: tuple[tuple[GameType, int, int], ...]
    card_points: CardPoints


class SheetPart(NamedTuple):
    """What one sheet gives the statistics: its deals, its series' length, its totals (as its
    tally has them) and each player's figures on it, in the order of the tally's players.
    :func:`stats` is the sum of its sheets' parts (:func:`sum_parts`), so a part kept for a
    sheet's text (skatcalc/store/stats_cache.py) serves as the sheet read again would."""

    deals: int
    series_length: int
    totals: tuple[PlayerTotal, ...]
    players: tuple[PlayerPart, ...]


def stats(sheets: Sequence[tuple[Sheet, Tally]]) -> Stats:
    """Each player's record over one sheet or a season of sheets, each with its tally.

    Players are matched by name across sheets, ignoring case (the first spelling is kept); a
    player may be missing from some sheets. The definitions:

    - ``deals``: the deals the player sat in: every deal of a three-player sheet, at four
      every deal but the ones the player dealt (the dealer sits out), at five every deal but
      those the player dealt or sat third to the dealer's left. Passed deals and Ramsch count
      as played.
    - ``declared``, ``won``, ``lost``: the player's games as declarer; an overbid is lost.
      ``win_rate`` is won / declared, ``average_value`` the mean ``Scoring.scored_value`` of
      the declared games (before Kontra, Re and Bock), ``value_total`` / ``declared``; both
      None without a declared game.
    - ``games``: declared games by type; ``highest``: the won game with the highest value (a
      lost game is no achievement); of equal ones the first (earliest sheet, then earliest
      deal); None when the player won none.
    - ``score`` and ``seeger_fabian``: the sum of the sheets' own totals (standard list with
      any Ramsch; Seeger-Fabian by each sheet's rules).
    - ``series``: the series the player sat in, each sheet counting its deals divided by its
      series length (36 at three, 48 at four, where each player sits out 12, 60 at five,
      where each sits out 24), so part of a
      series counts in part. ``seeger_fabian_per_series`` is ``seeger_fabian / series``: what
      the player would score over a full series at that rate, comparable between players
      who sat in different numbers of evenings.

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl", "Dora"]).add(Deal.passed())
    >>> sheet = sheet.add(Deal("Carl", GameSpec("grand", with_=2, points=61)))  # 72, won
    >>> season = stats([(sheet, sheet.tally()), (sheet, sheet.tally())])
    >>> carl = season.player("Carl")
    >>> carl.deals, carl.declared, carl.games.grand, carl.highest
    (4, 2, 2, HighestGame(value=72, score=72, game=<GameType.GRAND: 'grand'>, outcome=<Outcome.WON: 'won'>, sheet_index=0, deal=2))
    >>> carl.seeger_fabian, carl.series, carl.seeger_fabian_per_series
    (244, Fraction(1, 12), Fraction(2928, 1))
    >>> [p.deals for p in season.players]
    [2, 2, 4, 4]
    >>> stats([(sheet, Sheet.new(["Anna", "Ben", "Carl"]).tally())])
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetError: err.stats.mismatch(index=0, players=join.list(items=('Anna', 'Ben', 'Carl', 'Dora')), tallied=join.list(items=('Anna', 'Ben', 'Carl')), deals=2, counted=0)
    """
    return sum_parts(
        [sheet_part(sheet, tally, index) for index, (sheet, tally) in enumerate(sheets)]
    )


def sheet_part(sheet: Sheet, tally: Tally, index: int = 0) -> SheetPart:
    """One sheet's part of the statistics (:class:`SheetPart`); a tally of another sheet is
    refused, as the sheet at ``index`` (from 0).

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal("Ben", GameSpec("grand", with_=1, points=70)))
    >>> part = sheet_part(sheet, sheet.tally())
    >>> part.deals, [(p.name, p.declared, p.won) for p in part.players]
    (1, [('Anna', 0, 0), ('Ben', 1, 1), ('Carl', 0, 0)])
    >>> sheet_part(sheet, Sheet.new(["Anna", "Ben", "Carl"]).tally(), 4)
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetError: err.stats.mismatch(index=4, players=join.list(items=('Anna', 'Ben', 'Carl')), tallied=join.list(items=('Anna', 'Ben', 'Carl')), deals=1, counted=0)
    """
    _check(index, sheet, tally)
    deals = tally.deals
    played = len(deals)
    out = _sat_out(sheet.players, tally)
    series = Fraction(played, tally.series_length)
    records: dict[str, _Record] = {}
    by_name: dict[str, _Record] = {}
    for total in tally.players:
        record = _record(records, total.name)
        by_name[total.name] = record
        record.sheets += 1
        record.score += total.score
        record.seeger_fabian += total.seeger_fabian
        record.series = record.series + series if record.series else series
        record.deals += played - out.get(total.name, 0)
    kinds: dict[tuple[str, GameType], list[int]] = {}
    # An enum's member looked up on its class (Python 3.11: through its metaclass) three
    # times a deal cost 20 M instructions of the 116 M the season's 200 parts took; counting
    # games by declarer and type once, sitting out by dealer, the series once a sheet, 19 M
    # of 135 M before (valgrind: `python bench/walk_part.py FOLDER --passes 2 --step part`
    # under bench/ir.sh, less ``--passes 0``); sitting out counted in a dict, 1.5 M of 96 M.
    won, null = Outcome.WON, GameType.NULL
    for entry in deals:
        scoring = entry.scoring
        declarer = entry.deal.declarer
        if declarer is None or scoring is None:
            continue  # passed or Ramsch: nobody declared
        value, outcome = scoring.scored_value, scoring.outcome
        if outcome is None or value is None or scoring.score is None:
            continue  # a game without a result scores nothing (sheets refuse them)
        record = by_name[declarer]
        game = scoring.declaration.game  # Scoring.game, without its frame
        _count_game(kinds, (declarer, game), outcome is not won)
        record.value_total += value
        play = scoring.play
        if game is not null and play is not None and play.points is not None:
            record.points.append(play.points)
        if outcome is won and (record.highest is None or value > record.highest.value):
            record.highest = _new(HighestGame, (value, scoring.score, game, outcome, 0, entry.n))
    for (declarer, game), (games_won, games_lost) in kinds.items():
        by_name[declarer].count(game, games_won, games_lost)
    parts = tuple(record.part() for record in records.values())
    return SheetPart(played, tally.series_length, tally.players, parts)


def _sat_out(players: tuple[str, ...], tally: Tally) -> dict[str, int]:
    """How many deals of ``tally`` each player sat out: nobody at three, the dealer at four,
    two at five (:func:`~skatcalc.sheet.deal.sitting_out`, asked once for each dealer).

    >>> from skatcalc.sheet.tally import ScoredDeal
    >>> from skatcalc.sheet.deal import Deal
    >>> dealt = tuple(ScoredDeal(n, d, Deal.passed(), None, (), ()) for n, d in enumerate("ABAD"))
    >>> _sat_out(("A", "B", "C", "D"), Tally(dealt, (), 48))
    {'A': 2, 'B': 1, 'D': 1}
    """
    out: dict[str, int] = {}
    for dealer, times in Counter(entry.dealer for entry in tally.deals).items():
        for name in sitting_out(players, dealer):
            out[name] = out.get(name, 0) + times
    return out


def _count_game(kinds: dict[tuple[str, GameType], list[int]], kind: tuple[str, GameType],
                lost: bool) -> None:  # fmt: skip
    """Count a declared game in ``kinds``: games won and lost by declarer and game type, in
    the order each first came (an overbid is lost)."""
    counts = kinds.get(kind)
    if counts is None:
        counts = kinds[kind] = [0, 0]
    counts[lost] += 1


def _record(records: dict[str, _Record], name: str) -> _Record:
    """The record of the player called ``name`` (ignoring case), made the first time."""
    key = name_key(name)
    record = records.get(key)
    if record is None:
        record = records[key] = _Record(name)
    return record


def sum_parts(parts: Sequence[SheetPart]) -> Stats:
    """The statistics of the sheets whose parts are ``parts``, in order: what :func:`stats`
    gives for the sheets themselves.

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal("Ben", GameSpec("grand", with_=1, points=70)))
    >>> part = sheet_part(sheet, sheet.tally())
    >>> sum_parts([part, part]) == stats([(sheet, sheet.tally())] * 2)
    True
    >>> sum_parts([]).players
    ()
    """
    records: dict[str, _Record] = {}
    totals: list[SheetTotals] = []
    for index, part in enumerate(parts):
        for player in part.players:
            _record(records, player.name).add(player, index)
        totals.append(SheetTotals(index, part.deals, part.series_length, part.totals))
    return Stats(tuple(r.freeze() for r in records.values()), tuple(totals))


def _check(index: int, sheet: Sheet, tally: Tally) -> None:
    """Refuse a tally of another sheet: its totals would be put to the wrong names."""
    tallied = tuple(p.name for p in tally.players)
    if tallied != sheet.players or len(tally.deals) != len(sheet.deals):
        raise SheetError(
            "err.stats.mismatch",
            index=index,
            players=listed(sheet.players),
            tallied=listed(tallied),
            deals=len(sheet.deals),
            counted=len(tally.deals),
        )


# --- settlement -------------------------------------------------------------------------------


class Totals(Protocol):
    """What a settlement reads from a player: :class:`PlayerTotal` and :class:`PlayerStats`."""

    @property
    def name(self) -> str: ...

    @property
    def score(self) -> int: ...

    @property
    def seeger_fabian(self) -> int: ...


class Payment(NamedTuple):
    """``payer`` pays ``payee`` ``cents`` (never negative)."""

    payer: str
    payee: str
    cents: int


def parse_stake(text: str, *, comma: bool = False) -> Fraction:
    """The stake in cents per point, from an amount per point in the currency as people say it.

    With ``comma`` (German), a decimal comma is read too: ``0,05``.

    >>> parse_stake("0.05"), parse_stake("0.005"), parse_stake("1/200"), parse_stake("0,05", comma=True)
    (Fraction(5, 1), Fraction(1, 2), Fraction(1, 2), Fraction(5, 1))
    >>> parse_stake("5ct")
    Traceback (most recent call last):
    ...
    skatcalc.errors.SkatError: err.stake.text(text='5ct')
    """
    if len(text) > STAKE_CHARS:
        raise SkatError("err.stake.long", text=repr(text[:STAKE_CHARS] + "…"), most=STAKE_CHARS)
    written = text.strip()
    if comma and written.count(",") == 1 and "." not in written:
        written = written.replace(",", ".")
    try:
        if not _STAKE.fullmatch(written):  # no exponent: 1e-99999999 would take forever
            raise ValueError(text)
        amount = Fraction(written)
    except (ValueError, ZeroDivisionError):
        raise SkatError("err.stake.text", text=text) from None
    if not 0 <= amount <= STAKE_LIMIT:  # said as typed, with the range (not in cents)
        raise SkatError("err.stake.range", stake=text.strip(), most=STAKE_LIMIT)
    return amount * 100


def settle(
    players: Sequence[Totals | tuple[str, int]],
    stake_cents: int | Fraction,
    *,
    scoring: str = "standard",
) -> list[Payment]:
    """Who pays whom how much: for each pair, the one behind pays the one ahead the
    difference in points times the stake (cents per point).

    ``players`` are totals (a tally's :class:`PlayerTotal` or a season's :class:`PlayerStats`,
    settled by the list ``scoring``: ``standard``, ``seeger-fabian`` or, for a tally's totals,
    ``bierlachs``), or ``(name, points)``
    pairs taken as they are. A pair's amount is rounded to a whole cent on its own, halves up
    (0.5 cents → 1 cent), so it does not depend on the order of the players; each player's
    net is then within half a cent per other player of the exact amount, and the payments
    balance exactly, being transfers. Each pair has at most one payment, in the order of the
    players; a pair that is level pays nothing, and is left out.

    >>> settle([("Anna", 170), ("Ben", 58), ("Carl", 208)], 5)
    [Payment(payer='Ben', payee='Anna', cents=560), Payment(payer='Anna', payee='Carl', cents=190), Payment(payer='Ben', payee='Carl', cents=750)]
    >>> settle([("Anna", 3), ("Ben", 0)], Fraction(1, 2))  # 1.5 cents, rounded up
    [Payment(payer='Ben', payee='Anna', cents=2)]
    >>> settle([("Anna", 3), ("Ben", 0)], 0.5)
    Traceback (most recent call last):
    ...
    skatcalc.errors.SkatError: err.stake.type(stake=0.5)
    """
    if isinstance(stake_cents, bool) or not isinstance(stake_cents, int | Fraction):
        raise SkatError("err.stake.type", stake=stake_cents)
    if stake_cents < 0:
        raise SkatError("err.stake.negative", stake=stake_cents)
    if scoring not in _LISTS:
        raise SkatError("err.settle.list", scoring=scoring)
    points = [_points(player, scoring) for player in players]
    seen: set[str] = set()
    for name, _ in points:
        if name in seen:
            raise SkatError("err.settle.twice", name=name)
        seen.add(name)
    payments = []
    for i, (first, first_points) in enumerate(points):
        for second, second_points in points[i + 1 :]:
            cents = _round_half_up(abs(first_points - second_points) * Fraction(stake_cents))
            if cents:
                ahead, behind = (first, second) if first_points > second_points else (second, first)
                payments.append(Payment(behind, ahead, cents))
    return payments


def _points(player: Totals | tuple[str, int], scoring: str) -> tuple[str, int]:
    if isinstance(player, tuple):
        if scoring != "standard":
            name, number = player
            raise SkatError("err.settle.pairs", name=name, points=number, scoring=scoring)
        return player
    if scoring == "bierlachs":
        minus = getattr(player, "bierlachs", None)  # a tally's totals keep it, a season's not
        if minus is None:
            raise SkatError("err.settle.list", scoring=scoring)
        return player.name, minus
    return player.name, player.score if scoring == "standard" else player.seeger_fabian


KITTY = "kitty"
"""Lost-game fees paid into the kitty (``fee_to``)."""
OTHERS = "others"
"""Lost-game fees paid to each other player at the table (``fee_to``)."""


class SettledPlayer(NamedTuple):
    """A player in a settlement: the points of the list used, the games lost (over the sheets
    given), and the balance in cents: what the player receives less what the player pays (the
    kitty included)."""

    name: str
    points: int
    lost: int
    balance: int


@record
class Settlement:
    """Who pays whom over one sheet or a season, and why: the list, the stake, the fees.

    ``payments`` are between players, one per pair at most (points and fees netted); ``kitty``
    is what each player pays into the kitty (fees paid there), by name.
    """

    scoring: str
    stake: Fraction
    """Cents per point."""
    fee: Fraction
    """Cents per lost game."""
    fee_to: str
    sheets: int
    players: tuple[SettledPlayer, ...]
    payments: tuple[Payment, ...]
    kitty: tuple[tuple[str, int], ...]
    transfers: str = "pairs"
    """How the players pay each other: ``pairs`` (one payment per pair) or ``fewest``
    (:func:`fewest_transfers`, :func:`with_transfers`)."""
    pairs: tuple[Payment, ...] = ()
    """Under ``fewest``: the pair payments the transfers replace (the same balances)."""


def deciding_list(sheets: Sequence[Sheet]) -> str:
    """The list that decides these sheets (``Rules.scoring``), the one a settlement follows
    unless told otherwise; sheets that disagree must be told.

    >>> from skatcalc.sheet.model import Rules, Sheet
    >>> deciding_list([Sheet.new(["A", "B", "C"], Rules(scoring="standard"))])
    'standard'
    >>> deciding_list([Sheet.new(["A", "B", "C"]), Sheet.new(["A", "B", "C"], Rules(scoring="standard"))])
    Traceback (most recent call last):
    ...
    skatcalc.errors.SkatError: err.settle.lists_differ(lists=join.list(items=('seeger-fabian', 'standard')), first='standard')
    """
    lists = sorted({str(sheet.rules.scoring) for sheet in sheets})
    if len(lists) > 1:
        raise SkatError("err.settle.lists_differ", lists=listed(lists), first=lists[-1])
    return lists[0] if lists else "standard"


def settle_sheets(
    sheets: Sequence[tuple[Sheet, Tally]],
    stake_cents: int | Fraction,
    *,
    scoring: str | None = None,
    fee_cents: int | Fraction = 0,
    fee_to: str = KITTY,
) -> Settlement:
    """Settle one sheet or a season of sheets (players matched by name ignoring case, as in
    :func:`stats`): each pair settles the difference of their points in the list ``scoring``
    (``standard``, ``seeger-fabian`` or ``bierlachs``, each sheet's own totals summed; by
    default the list that decides the sheets, :func:`deciding_list`) times the stake, as
    :func:`settle` does; on top, each game a player lost costs
    ``fee_cents``, paid into the kitty (``fee_to="kitty"``) or to each other player at that
    table (``"others"``). A pair's points and fees make one payment, rounded to a whole cent
    on its own, halves up; a player's payment into the kitty is rounded the same way.

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"])
    >>> sheet = sheet.add(Deal("Anna", GameSpec("grand", with_=1, points=50)))  # -96
    >>> done = settle_sheets([(sheet, sheet.tally())], 5, scoring="standard", fee_cents=50, fee_to="others")
    >>> done.payments  # 96 × 5 = 480 cents and 50 for the lost game, to each of the others
    (Payment(payer='Anna', payee='Ben', cents=530), Payment(payer='Anna', payee='Carl', cents=530))
    >>> [(p.name, p.balance) for p in done.players]
    [('Anna', -1060), ('Ben', 530), ('Carl', 530)]
    >>> settle_sheets([(sheet, sheet.tally())], 5, scoring="standard", fee_to="pot")
    Traceback (most recent call last):
    ...
    skatcalc.errors.SkatError: err.settle.fee_to(fee_to='pot')
    """
    scoring = _terms(sheets, stake_cents, fee_cents, scoring, fee_to)
    season = stats(sheets)
    canonical = {name_key(p.name): p.name for p in season.players}
    stake, fee = Fraction(stake_cents), Fraction(fee_cents)
    owed = _fees_owed(sheets, canonical, fee) if fee_to == OTHERS else {}
    points = dict.fromkeys(canonical.values(), 0)
    for _, tally in sheets:
        for total in tally.players:
            points[canonical[name_key(total.name)]] += _list_points(total, scoring)
    payments = _payments([p.name for p in season.players], points, owed, stake)
    kitty = tuple(
        (p.name, _round_half_up(p.lost * fee))
        for p in season.players
        if fee_to == KITTY and _round_half_up(p.lost * fee)
    )
    net = balances(payments)
    for name, cents in kitty:
        net[name] = net.get(name, 0) - cents
    players = tuple(
        SettledPlayer(p.name, points[p.name], p.lost, net.get(p.name, 0)) for p in season.players
    )
    return Settlement(scoring, stake, fee, fee_to, len(sheets), players, tuple(payments), kitty)


def check_terms(
    stake_cents: int | Fraction,
    *,
    scoring: str | None = None,
    fee_cents: int | Fraction = 0,
    fee_to: str = KITTY,
    currency: str = "",
) -> None:
    """The terms of a settlement checked before any sheet is read (the command line refuses a
    bad option whatever the sheets hold): the stake and the fee, the list when one is given,
    where the fees go, and the currency the amounts are shown in
    (:func:`~skatcalc.sheet.currency.check_currency`).

    >>> check_terms(5, scoring="standard", fee_cents=50, currency="€")
    >>> check_terms(5, scoring="ramsch")
    Traceback (most recent call last):
    ...
    skatcalc.errors.SkatError: err.settle.list(scoring='ramsch')
    >>> check_terms(-5)
    Traceback (most recent call last):
    ...
    skatcalc.errors.SkatError: err.stake.negative(stake=-5)
    """
    from skatcalc.sheet.currency import check_currency

    _check_amounts(stake_cents, fee_cents)
    if scoring is not None:
        _check_list(scoring)
    _check_fee_to(fee_to)
    check_currency(currency)


def _terms(
    sheets: Sequence[tuple[Sheet, Tally]],
    stake_cents: int | Fraction,
    fee_cents: int | Fraction,
    scoring: str | None,
    fee_to: str,
) -> str:
    """The settlement's terms checked; the list it follows (by default the deciding one)."""
    _check_amounts(stake_cents, fee_cents)
    if scoring is None:
        scoring = deciding_list([sheet for sheet, _ in sheets])
    _check_list(scoring)
    _check_fee_to(fee_to)
    return scoring


def _check_amounts(stake_cents: int | Fraction, fee_cents: int | Fraction) -> None:
    for amount in (stake_cents, fee_cents):
        if isinstance(amount, bool) or not isinstance(amount, int | Fraction):
            raise SkatError("err.stake.type", stake=amount)
        if amount < 0:
            raise SkatError("err.stake.negative", stake=amount)


def _check_list(scoring: str) -> None:
    if scoring not in _SEASON_LISTS:
        raise SkatError("err.settle.list", scoring=scoring)


def _check_fee_to(fee_to: str) -> None:
    if fee_to not in (KITTY, OTHERS):
        raise SkatError("err.settle.fee_to", fee_to=fee_to)


def _fees_owed(
    sheets: Sequence[tuple[Sheet, Tally]], canonical: dict[str, str], fee: Fraction
) -> dict[tuple[str, str], Fraction]:
    """Lost-game fees to the others at the table: ``owed[(a, b)]`` is what a owes b, in exact
    cents, before netting."""
    owed: dict[tuple[str, str], Fraction] = {}
    for _, tally in sheets:
        at_table = [canonical[name_key(p.name)] for p in tally.players]
        for total in tally.players:
            name = canonical[name_key(total.name)]
            for other in at_table:
                if other != name:
                    owed[(name, other)] = owed.get((name, other), Fraction(0)) + total.lost * fee
    return owed


def _payments(
    names: list[str],
    points: dict[str, int],
    owed: dict[tuple[str, str], Fraction],
    stake: Fraction,
) -> list[Payment]:
    """Each pair's one payment: the difference of their points times the stake, and the fees
    each owes the other, rounded to a whole cent on its own, halves up."""
    payments = []
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            # positive: second pays first
            amount = (points[first] - points[second]) * stake
            amount += owed.get((second, first), Fraction(0)) - owed.get(
                (first, second), Fraction(0)
            )
            cents = _round_half_up(abs(amount))
            if cents:
                payer, payee = (second, first) if amount > 0 else (first, second)
                payments.append(Payment(payer, payee, cents))
    return payments


_SEASON_LISTS = ("standard", "seeger-fabian", "bierlachs")


def _list_points(total: PlayerTotal, scoring: str) -> int:
    if scoring == "bierlachs":
        return total.bierlachs
    return total.score if scoring == "standard" else total.seeger_fabian


def _round_half_up(amount: Fraction) -> int:
    """The nearest whole number to a non-negative amount, halves up."""
    return math.floor(amount + Fraction(1, 2))


def balances(payments: Sequence[Payment]) -> dict[str, int]:
    """What each player receives minus what they pay, in cents; the values add up to 0.

    >>> balances([Payment("Ben", "Anna", 560), Payment("Ben", "Carl", 750)])
    {'Ben': -1310, 'Anna': 560, 'Carl': 750}
    >>> balances([])
    {}
    """
    net: dict[str, int] = {}
    for payer, payee, cents in payments:
        net[payer] = net.get(payer, 0) - cents
        net[payee] = net.get(payee, 0) + cents
    return net


TRANSFERS = ("fewest", "pairs")
"""How a settlement's players pay each other (``sheet settle --transfers``)."""


def with_transfers(done: Settlement, transfers: str) -> Settlement:
    """The settlement paid as ``transfers`` says: ``pairs``, one payment per pair as
    :func:`settle_sheets` makes them; ``fewest``, the same balances in at most one transfer
    fewer than the players (:func:`fewest_transfers`), the pair payments kept beside them.

    >>> done = Settlement("standard", Fraction(1), Fraction(0), KITTY, 1, (), (
    ...     Payment("Ben", "Anna", 100), Payment("Carl", "Ben", 30)), ())
    >>> with_transfers(done, "fewest").payments
    (Payment(payer='Ben', payee='Anna', cents=70), Payment(payer='Carl', payee='Anna', cents=30))
    >>> with_transfers(done, "all")
    Traceback (most recent call last):
    ...
    skatcalc.errors.SkatError: err.settle.transfers(transfers='all')
    """
    check_transfers(transfers)
    if transfers == "pairs":
        return replace(done, transfers="pairs", pairs=())
    net = balances(done.payments)
    order = [p.name for p in done.players] + [name for name in net if name not in
             {p.name for p in done.players}]  # fmt: skip
    fewest = fewest_transfers({name: net.get(name, 0) for name in order})
    return replace(done, payments=tuple(fewest), transfers="fewest", pairs=done.payments)


def check_transfers(transfers: str) -> None:
    """``transfers`` is one of :data:`TRANSFERS` (checked before any sheet is read).

    >>> check_transfers("fewest")
    >>> check_transfers("few")
    Traceback (most recent call last):
    ...
    skatcalc.errors.SkatError: err.settle.transfers(transfers='few')
    """
    if transfers not in TRANSFERS:
        raise SkatError("err.settle.transfers", transfers=transfers)


def fewest_transfers(net: Mapping[str, int]) -> list[Payment]:
    """Transfers that give every player the balance ``net`` says (cents received less cents
    paid; they add up to 0), at most one fewer than the players with a balance: the one who
    owes most pays the one owed most as much as either still has, again and again. Each
    transfer settles at least one of the two and the last settles both. Ties go by the order
    of ``net``.

    >>> fewest_transfers({"Anna": 700, "Ben": -400, "Carl": 100, "Dora": -400})
    [Payment(payer='Ben', payee='Anna', cents=400), Payment(payer='Dora', payee='Anna', cents=300), Payment(payer='Dora', payee='Carl', cents=100)]
    >>> fewest_transfers({"Anna": 5, "Ben": -4})
    Traceback (most recent call last):
    ...
    skatcalc.errors.SkatError: err.settle.balances(total=1)
    """
    total = sum(net.values())
    if total:
        raise SkatError("err.settle.balances", total=total)
    place = {name: i for i, name in enumerate(net)}
    owing = {name: -cents for name, cents in net.items() if cents < 0}
    owed = {name: cents for name, cents in net.items() if cents > 0}
    transfers = []

    def most(side: dict[str, int]) -> str:
        return min(side, key=lambda name: (-side[name], place[name]))

    while owing:  # owed empties with it: the sums are equal
        payer, payee = most(owing), most(owed)
        cents = min(owing[payer], owed[payee])
        transfers.append(Payment(payer, payee, cents))
        for side, name in ((owing, payer), (owed, payee)):
            side[name] -= cents
            if not side[name]:
                del side[name]
    return transfers
