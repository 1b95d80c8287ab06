"""The standings: each player's Seeger-Fabian points, won and lost games over the series.

Pure: the CLI reads the sheets (through the store) and hands each table's sheet, or the error
that kept it from being read, to :func:`standings`. A table whose sheet has a problem or whose
series is not complete is held back and named, never counted silently; a table the organiser
closed counts with the deals entered. A player with a series not counted is listed apart from
the ranking (:attr:`Standings.apart`), never ranked with 0 for it.

Ranked as tournament rules say: more Seeger-Fabian points, then more won games, then fewer lost
games; players still equal share a place and are marked tied (the organiser draws lots).
The lost-game fee (:class:`FeeRule`) is charged per list: each player's lost games at each
table, "ab dem vierten verlorenen Spiel pro Liste" at another rate if the rule says so.

>>> from skatcalc.sheet.model import Deal, Sheet
>>> from skatcalc.spec import GameSpec
>>> from skatcalc.tournament.model import Tournament
>>> t = Tournament.new("x", ["A", "B", "C"], planned=1, length_three=1).draw_next(1)
>>> seats = t.series[0].tables[0].players
>>> sheet = Sheet.new(seats, t.rules).add(Deal(seats[1], GameSpec("grand", with_=1, points=70)))
>>> result = standings(t, {(1, 1): sheet})
>>> [(s.place, s.name, s.seeger_fabian, s.won) for s in result.ranking][0] == (1, seats[1], 98, 1)
True
>>> standings(t, {}).held[0].reason
'missing'
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, NamedTuple

from skatcalc.errors import SheetError, SkatError
from skatcalc.frozen import record
from skatcalc.sheet.model import Sheet
from skatcalc.sheet.rules import Rules
from skatcalc.sheet.tally import PlayerTotal
from skatcalc.tournament.model import Table, Tournament
from skatcalc.tournament.paper import seeger_fabian

if TYPE_CHECKING:
    from fractions import Fraction

    # the prizes and fractions are imported where a prize or a fee is counted: the plain
    # standings need neither (1.5 + 1.5 ms of a cold `tournament standings` over
    # bench/tournament.py's 198 tables: python -X importtime)
    from skatcalc.tournament.prizes import Prize, PrizeRule

__all__ = [
    "Category",
    "CategoryPlace",
    "Closed",
    "FeeRule",
    "Held",
    "Paper",
    "SeriesScore",
    "Standing",
    "Standings",
    "TableSheet",
    "TeamStanding",
    "rank",
    "rank_teams",
    "shared_places",
    "standings",
    "standings_after",
    "standings_now",
    "table_sheet",
    "with_prizes",
]


class TableSheet(NamedTuple):
    """What the standings take of a table's sheet: its players (in seat order), its rules,
    whether they change among its deals, its number of deals and its tally's totals (in the
    order of its players). :func:`table_sheet` takes it from a sheet read whole; the store
    keeps it for a sheet's text (skatcalc/store/stats_cache.py), so standings read again need
    no deal of an unchanged sheet."""

    players: tuple[str, ...]
    rules: Rules
    changed: bool
    deals: int
    totals: tuple[PlayerTotal, ...]


def table_sheet(sheet: Sheet) -> TableSheet:
    """What the standings take of ``sheet`` (:class:`TableSheet`).

    >>> from skatcalc.sheet.model import Deal
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["A", "B", "C"]).add(Deal("B", GameSpec("grand", with_=1, points=70)))
    >>> read = table_sheet(sheet)
    >>> read.players, read.changed, read.deals, [(t.name, t.won) for t in read.totals]
    (('A', 'B', 'C'), False, 1, [('A', 0), ('B', 1), ('C', 0)])
    """
    return TableSheet(
        sheet.players, sheet.rules, bool(sheet.changes), len(sheet.deals), sheet.tally().players
    )


Read = Sheet | TableSheet | SkatError
"""What reading a table's sheet gave: the sheet (or what the standings take of it), or the
error that kept it from being read."""


@record
class Held:
    """A table not counted, and why: ``missing`` (no sheet), ``unreadable`` (``detail``: the
    store's error, put in words where it is shown), ``players`` (``detail``: the sheet's players,
    who are not the table's, in seat order),
    ``rules`` (the sheet plays other rules), ``paper`` (a paper list typed, and ``deals`` in
    the sheet besides), ``incomplete`` or ``over`` (``deals`` of
    ``length``), ``closed`` (closed with ``closed`` deals, but the sheet now has ``deals``)."""

    series: int
    table: int
    reason: str
    detail: str | SkatError = ""
    deals: int = 0
    length: int = 0
    closed: int = 0


@record
class Closed:
    """A table the organiser closed, counted with ``deals`` of the ``length`` of a series."""

    series: int
    table: int
    deals: int
    length: int


@record
class Paper:
    """A table counted from its paper list (the bottom line the organiser typed)."""

    series: int
    table: int


@record
class CategoryPlace:
    """A player's place inside a category (from 1; tied: level with another of it) and the
    category's prize for it in cents (0: none)."""

    place: int
    tied: bool
    name: str
    prize_cents: int


@record
class Category:
    """A category's own ranking (its ranked players, in the standings' order) and prizes."""

    name: str
    places: tuple[CategoryPlace, ...]


@record
class FeeRule:
    """The lost-game fee: ``per_lost`` cents for each game a player loses in a list (one
    table's series), and, with ``from_lost``, ``then`` cents for each lost game of that list
    from the ``from_lost``-th on. Whole cents only: a fee of a fraction of a cent is refused.

    The common tournament fee is 0.50 for each lost game and 1.00 from the fourth lost game of
    a list on ("Ab dem vierten verlorenen Spiel pro Liste beträgt das Verlustgeld 1 € pro
    Spiel"): five lost games in a list are 3 × 50 + 2 × 100 = 350 cents.

    >>> rule = FeeRule(50, from_lost=4, then=100)
    >>> [rule.list_cents(lost) for lost in range(6)]
    [0, 50, 100, 150, 250, 350]
    >>> from fractions import Fraction
    >>> FeeRule.of(Fraction(101, 2))
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetError: err.fee.cents(fee=amount.decimal(whole='0', fraction='505'), lower=amount.decimal(whole='0', fraction='50'), upper=amount.decimal(whole='0', fraction='51'))
    """

    per_lost: int
    from_lost: int | None = None
    then: int | None = None

    def __post_init__(self) -> None:
        for name, field in (("per_lost", "fee"), ("then", "fee_from")):
            amount = getattr(self, name)
            if amount is None:
                continue
            cents = _whole(amount, field)
            object.__setattr__(self, name, cents)  # a whole Fraction of cents: kept as an int
            if cents < 0:
                raise SheetError("err.fee.negative", stake=cents, field=field)
        if (self.from_lost is None) != (self.then is None):
            raise SheetError("err.fee.tier", field="fee_from")
        if self.from_lost is not None and (
            isinstance(self.from_lost, bool)
            or not isinstance(self.from_lost, int)
            or self.from_lost < 2
        ):
            raise SheetError("err.fee.from", count=self.from_lost, field="fee_from")

    @classmethod
    def of(
        cls,
        per_lost: int | Fraction,
        from_lost: int | None = None,
        then: int | Fraction | None = None,
    ) -> FeeRule:
        """The rule from amounts in cents as the command line reads them (a
        :class:`~fractions.Fraction`, whole or not); a fraction of a cent is refused.

        >>> from fractions import Fraction
        >>> FeeRule.of(Fraction(50), 4, Fraction(100))
        FeeRule(per_lost=50, from_lost=4, then=100)
        """
        whole = None if then is None else _whole(then, "fee_from")
        return cls(_whole(per_lost, "fee"), from_lost, whole)

    def list_cents(self, lost: int) -> int:
        """The fee for ``lost`` games lost in one list, in cents."""
        if self.from_lost is None or self.then is None:
            return lost * self.per_lost
        before = min(lost, self.from_lost - 1)
        return before * self.per_lost + (lost - before) * self.then


def _whole(cents: object, field: str) -> int:
    """``cents`` as an int if it is whole cents; else refused, naming the amount."""
    from fractions import Fraction

    from skatcalc.tournament.prizes import amount_said

    if isinstance(cents, bool) or not isinstance(cents, int | Fraction):
        raise TypeError(f"a fee is whole cents (an int or a Fraction), not {cents!r}")
    if isinstance(cents, int) or cents.denominator == 1:
        return int(cents)
    amount = cents
    raise SheetError(
        "err.fee.cents",
        fee=amount_said(amount),
        lower=amount_said(math.floor(amount)),
        upper=amount_said(math.ceil(amount)),
        field=field,
    )


@record
class SeriesScore:
    """A player's series: the table, and if it is counted, the points, won and lost games, and
    with a fee rule that list's fee in cents."""

    table: int
    counted: bool
    seeger_fabian: int = 0
    won: int = 0
    lost: int = 0
    fee_cents: int | None = None


@record
class Standing:
    """A player's place and totals over the counted series, with each series' score
    (None: the player sat out that series). ``pending``: a series of theirs is not counted
    (listed apart, place 0, in :attr:`Standings.apart`). ``fee_cents``: with a fee rule, the
    fee over the counted lists."""

    place: int
    name: str
    seeger_fabian: int
    won: int
    lost: int
    series: tuple[SeriesScore | None, ...]
    tied: bool = False
    withdrawn: bool = False
    pending: bool = False
    fee_cents: int | None = None
    prize_cents: int | None = None
    """With a prize rule, the player's prize (0: none; None while listed apart)."""

    @property
    def key(self) -> tuple[int, int, int]:
        """What ranks players: more points, more won games, fewer lost games."""
        return (-self.seeger_fabian, -self.won, self.lost)


@record
class TeamStanding:
    """A pair's or team's place: its players' sums over the counted series. ``pending``: a
    series of one of its players is not counted (listed apart, place 0)."""

    place: int
    name: str
    members: tuple[str, ...]
    seeger_fabian: int
    won: int
    lost: int
    tied: bool = False
    pending: bool = False

    @property
    def key(self) -> tuple[int, int, int]:
        """Ranked as players are: more points, more won games, fewer lost games."""
        return (-self.seeger_fabian, -self.won, self.lost)


@record
class Standings:
    """The standings: the tables held back, how many series are drawn and planned, the
    players and the pairs and teams, and the tables closed early.

    ``ranking``: the players whose every series is counted, ranked (places from 1);
    ``apart``: the players with a series not counted, in order of entry (place 0, ``pending``),
    listed apart from the ranking until their tables count, never ranked with 0 for that
    series. ``team_ranking`` and ``teams_apart`` are the same for the pairs and teams. With a
    fee rule, ``fee`` is the rule and ``fee_total`` the fees of every player, in cents.
    """

    held: tuple[Held, ...]
    drawn: int
    planned: int
    ranking: tuple[Standing, ...] = ()
    apart: tuple[Standing, ...] = ()
    team_ranking: tuple[TeamStanding, ...] = ()
    teams_apart: tuple[TeamStanding, ...] = ()
    closed: tuple[Closed, ...] = ()
    fee: FeeRule | None = None
    fee_total: int | None = None
    later: tuple[int, ...] = ()
    """The series drawn after those listed (:func:`standings_after`), left out of them."""
    playing: tuple[int, ...] = ()
    """Those of :attr:`later` still being played (a table not counted yet)."""
    paper: tuple[Paper, ...] = ()
    """The tables counted from their paper lists, in order."""
    prizes: PrizeRule | None = None
    pot: int | None = None
    """With a prize rule: the pot in cents (the entry times the players entered)."""
    categories: tuple[Category, ...] = ()
    """With a prize rule naming categories: each category's ranking and prizes."""

    @property
    def prize_total(self) -> int | None:
        """With a prize rule, the prizes paid in all (the categories' included), in cents."""
        if self.prizes is None:
            return None
        own = sum(x.prize_cents for c in self.categories for x in c.places)
        return sum(s.prize_cents or 0 for s in self.ranking) + own

    @property
    def unfinished(self) -> tuple[int, ...]:
        """The series listed with a table not counted yet (held back), in order (the series
        :attr:`later` are marked :attr:`playing` instead)."""
        return tuple(sorted({h.series for h in self.held if h.series <= self.drawn}))

    @property
    def counted(self) -> int:
        """The series drawn whose every table is counted (complete, or closed by the
        organiser): what the standings stand after.

        >>> Standings((Held(2, 1, "missing"), Held(3, 1, "missing")), 3, 3).counted
        1
        """
        return self.drawn - len(self.unfinished)

    @property
    def final(self) -> bool:
        """Every planned series drawn and every table counted."""
        return self.drawn == self.planned and not self.held

    def seeding(self) -> tuple[str, ...]:
        """The players in ranking order, for a seeded series (``draw_next(ranking=...)``).
        A player who has not played a series yet (a latecomer) has no place to be seeded by
        and is left out: the draw seats them after the ranking. Refused before the first
        series, and while a table is not counted, since its players have no place yet.

        >>> from skatcalc.tournament.model import Tournament
        >>> t = Tournament.new("x", ["A", "B", "C"], length_three=1)
        >>> standings(t, {}).seeding()
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.tournament.seed_first
        >>> standings(t.draw_next(1), {}).seeding()
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.tournament.seed_held(n=1, t=1)
        """
        if not self.drawn:
            raise SheetError("err.tournament.seed_first")
        if self.held:
            first = self.held[0]
            raise SheetError("err.tournament.seed_held", n=first.series, t=first.table)
        return tuple(s.name for s in self.ranking if any(x is not None for x in s.series))


def standings(
    tournament: Tournament,
    sheets: Mapping[tuple[int, int], Read],
    fee: FeeRule | None = None,
    prizes: PrizeRule | None = None,
) -> Standings:
    """Total every table's sheet, keyed by (series, table) from 1; a table not in ``sheets``
    is missing. With ``fee``, each player's fee per list and in all; with ``prizes``, each
    ranked player's prize from the pot (:func:`with_prizes`)."""
    result = _standings(tournament, sheets, fee)
    if prizes is None:
        return result
    return with_prizes(result, prizes, len(tournament.players), dict(tournament.categories))


def with_prizes(
    result: Standings,
    rule: PrizeRule,
    players: int,
    categories: Mapping[str, tuple[str, ...]] | None = None,
) -> Standings:
    """The standings with each ranked player's prize: the pot is the entry times the
    ``players`` who entered (those who withdrew paid too); and each category of the rule
    (its players in ``categories``) ranked inside the standings, with its own prizes."""
    from skatcalc.tournament.prizes import paid

    rule.check(players)
    cents = paid(rule, players, [s.place for s in result.ranking])
    ranking = tuple(replace(s, prize_cents=c) for s, c in zip(result.ranking, cents, strict=True))
    apart = tuple(replace(s, prize_cents=0) for s in result.apart)  # nothing until counted
    named = categories or {}
    own = tuple(
        _category(name, named.get(name), prizes, rule, players, ranking)
        for name, prizes in rule.categories
    )
    return replace(result, ranking=ranking, apart=apart, prizes=rule, pot=rule.pot(players),
                   categories=own)  # fmt: skip


def _category(
    name: str,
    members: tuple[str, ...] | None,
    prizes: tuple[Prize, ...],
    rule: PrizeRule,
    players: int,
    ranking: tuple[Standing, ...],
) -> Category:
    """A category's players ranked inside the standings (places from 1 among them, level
    players sharing one) and paid its prizes from the pot, rounded as the rule says."""
    from skatcalc.tournament.prizes import PrizeRule, paid

    if members is None:
        raise SheetError("err.category.unknown", name=repr(name), field="prizes_for")
    inside = set(members)
    ranked = [s for s in ranking if s.name in inside]
    places = shared_places([s.key for s in ranked])
    count = Counter(places)
    cents = paid(PrizeRule(rule.entry, prizes, rule.unit), players, places)
    return Category(name, tuple(
        CategoryPlace(place, count[place] > 1, s.name, c)
        for place, s, c in zip(places, ranked, cents, strict=True)
    ))  # fmt: skip


def _standings(
    tournament: Tournament, sheets: Mapping[tuple[int, int], Read], fee: FeeRule | None
) -> Standings:
    rows, held, closed, paper = _series_scores(tournament, sheets, fee)
    players = _players(tournament, rows, fee)
    teams = _teams(tournament, players)
    return Standings(
        tuple(held), len(tournament.series), tournament.planned,
        ranking=rank([p for p in players if not p.pending]),
        apart=tuple(p for p in players if p.pending),
        team_ranking=rank_teams([t for t in teams if not t.pending]),
        teams_apart=tuple(t for t in teams if t.pending),
        closed=tuple(closed),
        fee=fee,
        fee_total=None if fee is None else sum(p.fee_cents or 0 for p in players),
        paper=tuple(paper),
    )  # fmt: skip


_Rows = dict[str, list[SeriesScore | None]]
"""Each player's score in each series, by name (None: no table in that series)."""


def _series_scores(
    tournament: Tournament, sheets: Mapping[tuple[int, int], Read], fee: FeeRule | None
) -> tuple[_Rows, list[Held], list[Closed], list[Paper]]:
    """Every table of every series: its players' scores, counted (from the sheet or from the
    paper list) or held back (with why), and the tables closed by the organiser."""
    rows: _Rows = {p: [None] * len(tournament.series) for p in tournament.players}
    held: list[Held] = []
    closed: list[Closed] = []
    paper: list[Paper] = []
    for s, series in enumerate(tournament.series, 1):
        for t, table in enumerate(series.tables, 1):
            read = _taken(sheets.get((s, t)))
            length = tournament.length(len(table.players))
            if table.paper is not None and _paper_counts(read):
                paper.append(Paper(s, t))
                _from_paper(rows, s, t, table, tournament.rules, fee)
                continue
            problem = _problem(tournament, table, read, length)
            if problem is not None:
                reason, detail, deals = problem
                held.append(Held(s, t, reason, detail, deals, length, table.closed or 0))
                for name in table.players:
                    rows[name][s - 1] = SeriesScore(t, False)
                continue
            assert isinstance(read, TableSheet)
            if table.closed is not None:
                closed.append(Closed(s, t, table.closed, length))
            for total in read.totals:
                rows[total.name][s - 1] = SeriesScore(
                    t, True, total.seeger_fabian, total.won, total.lost,
                    None if fee is None else fee.list_cents(total.lost),
                )  # fmt: skip
    return rows, held, closed, paper


def _players(tournament: Tournament, rows: _Rows, fee: FeeRule | None) -> list[Standing]:
    """Each player's totals over the series counted, in the order of entry (not ranked yet);
    pending while a table of theirs is held back."""
    gone = set(tournament.withdrawn)  # a set: a field of 40,000 ranks in linear time
    return [
        Standing(
            0,
            name,
            sum(x.seeger_fabian for x in scores if x is not None),
            sum(x.won for x in scores if x is not None),
            sum(x.lost for x in scores if x is not None),
            tuple(scores),
            withdrawn=name in gone,
            pending=any(x is not None and not x.counted for x in scores),
            fee_cents=None if fee is None else sum(x.fee_cents or 0 for x in scores if x),
        )
        for name, scores in rows.items()
    ]


def _teams(tournament: Tournament, players: list[Standing]) -> list[TeamStanding]:
    """Each pair's or team's totals: its members' (not ranked yet); pending while one of
    them is."""
    by_name = {s.name: s for s in players}
    return [
        TeamStanding(
            0, team, members,
            sum(by_name[m].seeger_fabian for m in members),
            sum(by_name[m].won for m in members),
            sum(by_name[m].lost for m in members),
            pending=any(by_name[m].pending for m in members),
        )
        for team, members in tournament.teams
    ]  # fmt: skip


def _taken(read: Read | None) -> TableSheet | SkatError | None:
    """What the standings take of a table's ``read``: a sheet's :class:`TableSheet`."""
    return table_sheet(read) if isinstance(read, Sheet) else read


def _paper_counts(read: TableSheet | SkatError | None) -> bool:
    """Whether a table with a paper list counts from it: there is no sheet, or it has no
    deals. A sheet with deals besides is held back (``paper``); one that cannot be read may
    hold deals and is held back too (``unreadable``), as any table's.

    >>> from skatcalc.errors import SheetFileError
    >>> _paper_counts(None), _paper_counts(table_sheet(Sheet.new(["A", "B", "C"])))
    (True, True)
    >>> _paper_counts(SheetFileError("err.file.kind", file="x.toml", kind="a folder"))
    False
    """
    return read is None or (isinstance(read, TableSheet) and not read.deals)


def _from_paper(
    rows: dict[str, list[SeriesScore | None]],
    s: int,
    t: int,
    table: Table,
    rules: Rules,
    fee: FeeRule | None,
) -> None:
    """Each player's series from the table's paper list, scored with the tournament's
    ``rules`` (the numbers its sheets score with)."""
    assert table.paper is not None
    for name, line, points in zip(
        table.players, table.paper, seeger_fabian(table.paper, rules), strict=True
    ):
        _, won, lost = line
        rows[name][s - 1] = SeriesScore(
            t, True, points, won, lost, None if fee is None else fee.list_cents(lost)
        )


def standings_after(
    tournament: Tournament,
    sheets: Mapping[tuple[int, int], Read],
    after: int,
    fee: FeeRule | None = None,
    prizes: PrizeRule | None = None,
) -> Standings:
    """The standings after series ``after`` (from 1), as they stood before the next series:
    the series drawn since are left out (:attr:`Standings.later`), those of them still being
    played marked (:attr:`Standings.playing`). Refused for a series not drawn.

    >>> from skatcalc.tournament.model import Tournament
    >>> t = Tournament.new("x", ["A", "B", "C"], planned=3, length_three=1)
    >>> t = t.draw_next(1).draw_next(2)
    >>> result = standings_after(t, {}, 1)
    >>> result.drawn, result.later, result.playing, [(h.series, h.reason) for h in result.held]
    (1, (2,), (2,), [(1, 'missing'), (2, 'missing')])
    >>> standings_after(t, {}, 3)
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetError: err.tournament.series(n=3, drawn=2)
    """
    drawn = len(tournament.series)
    if not 1 <= after <= drawn:
        raise SheetError("err.tournament.series", n=after, drawn=drawn, field="after")
    later = tuple(range(after + 1, drawn + 1))
    if not later:
        return standings(tournament, sheets, fee, prizes)
    # the tables of the series since, not counted yet, stay named (what the organiser waits for)
    waiting = tuple(h for h in standings(tournament, sheets).held if h.series > after)
    cut = replace(tournament, series=tournament.series[:after])
    kept = {key: read for key, read in sheets.items() if key[0] <= after}
    listed = standings(cut, kept, fee, prizes)
    playing = tuple(sorted({h.series for h in waiting}))
    return replace(listed, held=listed.held + waiting, later=later, playing=playing)


def standings_now(
    tournament: Tournament,
    sheets: Mapping[tuple[int, int], Read],
    fee: FeeRule | None = None,
    prizes: PrizeRule | None = None,
) -> Standings:
    """The standings as a table shows them: while a series is being played and every one
    before it is counted, the standings after the last complete series, the open series
    marked (:func:`standings_after`); else every series drawn (:func:`standings`).

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> from skatcalc.tournament.model import Tournament
    >>> t = Tournament.new("x", ["A", "B", "C"], planned=3, length_three=1).draw_next(1)
    >>> seats = t.series[0].tables[0].players
    >>> sheet = Sheet.new(seats, t.rules).add(Deal(seats[0], GameSpec("grand", with_=1, points=70)))
    >>> result = standings_now(t.draw_next(2), {(1, 1): sheet})
    >>> result.counted, result.playing, [s.name for s in result.ranking][0] == seats[0]
    (1, (2,), True)
    >>> standings_now(t, {}).playing
    ()
    """
    full = standings(tournament, sheets, fee, prizes)
    first_open = min(full.unfinished, default=0)
    if first_open < 2:
        return full
    return standings_after(tournament, sheets, first_open - 1, fee, prizes)


def _problem(
    tournament: Tournament, table: Table, read: TableSheet | SkatError | None, length: int
) -> tuple[str, str | SkatError, int] | None:
    if table.paper is not None and isinstance(read, TableSheet):
        return "paper", "", read.deals  # a paper list and deals in the sheet: not both
    if read is None:
        return "missing", "", 0
    if isinstance(read, SkatError):
        return "unreadable", read, 0
    if read.players != table.players:
        return "players", ", ".join(read.players), 0
    if not tournament.plays(read.rules, len(table.players)) or read.changed:  # one set, all series
        return "rules", "", 0
    deals = read.deals
    if table.closed is not None:
        # closed: counts with exactly the deals entered then; a sheet changed since is held
        # back rather than counted with deals the organiser never saw
        return None if deals == table.closed else ("closed", "", deals)
    if deals < length:
        return "incomplete", "", deals
    if deals > length:
        return "over", "", deals
    return None


def rank(players: list[Standing]) -> tuple[Standing, ...]:
    """Sort by points, then won games, then fewer lost games; equal players share a place
    and are marked tied. Players keep their order of entry within a tie.

    >>> field = [Standing(0, n, sf, won, lost, ()) for n, sf, won, lost in
    ...          [("A", 100, 1, 0), ("B", 120, 1, 1), ("C", 100, 2, 0), ("D", 100, 1, 0)]]
    >>> [(s.place, s.name, s.tied) for s in rank(field)]
    [(1, 'B', False), (2, 'C', False), (3, 'A', True), (3, 'D', True)]
    """
    ordered = sorted(players, key=lambda s: s.key)
    places = shared_places([s.key for s in ordered])
    count = Counter(places)
    return tuple(
        replace(s, place=place, tied=count[place] > 1)
        for s, place in zip(ordered, places, strict=True)
    )


def rank_teams(teams: list[TeamStanding]) -> tuple[TeamStanding, ...]:
    """Rank pairs and teams as players are ranked; teams still equal share a place, tied.

    >>> teams = [TeamStanding(0, "A", (), 100, 2, 1), TeamStanding(0, "B", (), 100, 2, 0)]
    >>> [(t.place, t.name) for t in rank_teams(teams)]
    [(1, 'B'), (2, 'A')]
    """
    ordered = sorted(teams, key=lambda t: t.key)
    places = shared_places([t.key for t in ordered])
    count = Counter(places)
    return tuple(
        replace(t, place=place, tied=count[place] > 1)
        for t, place in zip(ordered, places, strict=True)
    )


def shared_places(keys: Sequence[Hashable]) -> list[int]:
    """The places (from 1) of a ranking given in order by its ``keys``: a key equal to the
    one before shares its place; the next key takes its own position, so two in second place
    are followed by fourth. Players share a place exactly when their places are equal.

    >>> shared_places([(-120,), (-100,), (-100,), (-90,), (-80,), (-80,), (-80,)])
    [1, 2, 2, 4, 5, 5, 5]
    >>> shared_places(["a", "a"]), shared_places([])
    ([1, 1], [])
    """
    places: list[int] = []
    for i, key in enumerate(keys):
        places.append(places[-1] if i and keys[i - 1] == key else i + 1)
    return places
