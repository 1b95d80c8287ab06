"""The tally: every deal of a sheet scored in its Bock rounds, and each player's totals in
every list (standard, Seeger-Fabian, Bierlachs), with the dealer and Bockramsch rounds.

Pure: :func:`walk` counts deals by the rules; the sheet (:mod:`skatcalc.sheet.model`) gives it
the deals and a function that scores a game (which the store may make remember its answers,
:mod:`skatcalc.store.memo`).

>>> from skatcalc.sheet.deal import Deal
>>> from skatcalc.spec import GameSpec
>>> done: list[Tally] = []
>>> deals = [Deal("B", GameSpec("clubs", with_=2, hand=True, points=56, bid=20))]
>>> def score(game, bock, rules):
...     return game.score(bock=bock, rules=rules)
>>> for _ in walk(("A", "B", "C"), Rules(), deals, done, score):
...     pass
>>> [(p.name, p.score, p.seeger_fabian) for p in done[0].players]
[('A', 0, 40), ('B', -96, -146), ('C', 0, 40)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple, TypeVar

from skatcalc.errors import SkatError, listed
from skatcalc.frozen import record
from skatcalc.games import GameType
from skatcalc.sheet.deal import Deal, grand_hand, sitting_out
from skatcalc.sheet.rules import ALL_BOCK_TRIGGERS, LISTS, SERIES_LENGTH, Rules
from skatcalc.spec import GameSpec, ScoringRules
from skatcalc.value import Outcome, Scoring

__all__ = ["SERIES_LENGTH", "PlayerTotal", "Score", "ScoredDeal", "Tally", "rescored", "walk"]

Score = Callable[[GameSpec, int, ScoringRules], Scoring]
"""A game scored in as many Bock rounds under the scoring rules in force at its deal."""


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


@record
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

# Measured by instructions (valgrind; timings on the shared machine are noise), one pass over
# bench/fast.py's season of 200 evenings, 7,200 deals: `python bench/walk_part.py FOLDER
# --passes N --step tally` under bench/ir.sh, N = 2 less N = 0, halved.
_new_entry = tuple.__new__
"""Makes a deal's entry: ``ScoredDeal(...)`` runs the named tuple's own ``__new__``, a Python
frame around this same call (12.5 M instructions of the walk's 178 M, 1,700 a deal)."""
_WON = Outcome.WON
"""A member of an enum looked up on its class takes Python 3.11 a lookup through the class's
metaclass: once a deal in :func:`_book_game`, 6.6 M of the walk's 172 M (900 a deal)."""


def _in_list(scoring: str, standard: _T, seeger_fabian: _T, bierlachs: _T) -> _T:
    """Of one thing kept in each list, the one of the list ``scoring`` (of LISTS).

    >>> _in_list("bierlachs", 1, 2, 3)
    3
    >>> _in_list("skat", 1, 2, 3)
    Traceback (most recent call last):
    ...
    skatcalc.errors.SkatError: err.list(scoring="'skat'", lists=join.list(items=('seeger-fabian', 'standard', 'bierlachs')))
    """
    if scoring == "standard":
        return standard
    if scoring == "seeger-fabian":
        return seeger_fabian
    if scoring == "bierlachs":
        return bierlachs
    raise SkatError("err.list", scoring=repr(scoring), lists=listed(LISTS))


@record
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
    bock_rounds: tuple[int, ...] = ()
    """The Bock rounds running: the deals left in each, oldest first (what :func:`walk` goes
    on from, :attr:`bock_ahead` being only what the next deals show of them)."""
    first: int = 0
    """The deals before :attr:`deals`: 0, but in a tally carried on from another one's end
    (``walk(..., start=)``), which holds only the deals scored after it."""

    @property
    def deals_played(self) -> int:
        """Deals so far, passed ones included."""
        return self.first + len(self.deals)

    def entry(self, n: int) -> ScoredDeal:
        """Deal ``n`` (from 1) as scored: in a tally carried on from another one (:attr:`first`),
        one of the deals after it.

        >>> Tally((), (), 36, first=3).entry(2)
        Traceback (most recent call last):
        ...
        IndexError: deal 2 is not in a tally of deals 4 to 3
        """
        if not self.first < n <= self.deals_played:
            played = self.deals_played
            raise IndexError(f"deal {n} is not in a tally of deals {self.first + 1} to {played}")
        return self.deals[n - 1 - self.first]

    @property
    def series(self) -> tuple[int, int]:
        """The series the last deal belongs to (from 1) and its place in it (1 to the length).

        >>> Tally((), (), 36).series
        (1, 0)
        """
        played = self.deals_played
        if not played:
            return 1, 0
        return (played - 1) // self.series_length + 1, (played - 1) % self.series_length + 1


def _others(count: int) -> tuple[tuple[int, ...], ...]:
    """Each seat's other seats at a table of ``count``.

    >>> _others(3)
    ((1, 2), (0, 2), (0, 1))
    """
    return tuple(tuple(other for other in range(count) if other != seat) for seat in range(count))


_OTHERS = {count: _others(count) for count in SERIES_LENGTH}
"""The other seats at the tables a sheet has. Made anew by each walk, with the five lists
built by a generator and the Bock rounds ahead counted when none run, these cost 10.7 M
instructions of the 169 M the season's 200 walks took (53,000 a walk; see :data:`_new_entry`
for how)."""


class _Phase(NamedTuple):
    """What the walk derives from the rules in force at a deal, once per change of them."""

    rules: Rules
    scoring_rules: ScoringRules
    opponents: int
    double: bool
    cap: int | None
    length: int
    seats: int


def _phase(rules: Rules, count: int) -> _Phase:
    double = rules.bock_overlap == "double"
    return _Phase(
        rules, rules.scoring_rules, rules.opponents(count), double, rules.bock_max or None,
        rules.bock_length or count, count,
    )  # fmt: skip


def _plan(
    rules: Rules, changes: Sequence[tuple[int, Rules]], count: int, n: int
) -> tuple[_Phase, list[tuple[int, Rules]]]:
    """The phase in force at deal ``n`` (from 1), and the changes after it, latest first."""
    later = [(start, changed) for start, changed in changes if start > n]
    now = [changed for start, changed in changes if start <= n]
    later.reverse()
    return _phase(now[-1] if now else rules, count), later


def _entered(
    phase: _Phase, later: list[tuple[int, Rules]], n: int, rounds: list[int], ramsch_left: int
) -> tuple[_Phase, list[int], int]:
    """The phase at deal ``n`` (the next of ``later`` when it starts there, taken from it),
    and the Bock and Bockramsch rounds running at it: none when its rules have no Bock
    (switched off, the rounds running end), no Ramsch round without Bockramsch."""
    if later and later[-1][0] <= n:
        phase = _phase(later.pop()[1], phase.seats)
    rules = phase.rules
    return phase, (rounds if rules.bock else []), (ramsch_left if rules.bockramsch else 0)


def walk(
    players: tuple[str, ...],
    rules: Rules,
    deals: Sequence[Deal],
    done: list[Tally],
    score: Score,
    start: Tally | None = None,
    *,
    keep: bool = True,
    changes: Sequence[tuple[int, Rules]] = (),
) -> Iterator[tuple[str, bool]]:
    """Score ``deals`` one by one; before each, and once after the last, yield the next
    deal's dealer and whether it lies in a Bockramsch round; at the end put the tally in
    ``done``. ``deals`` may grow while it walks (a checker appends what it checked).
    Without ``keep``, the tally holds only the end (no deal, :attr:`Tally.first` all of them:
    an import wants no more, and a deal's entry is a third of its step).

    ``rules`` are the rules from deal 1; ``changes`` the rules in force from a later deal on
    (its number from 1, in order; :func:`~skatcalc.sheet.rules.in_force`): each deal is
    scored, books its bonuses, sets off Bock and starts a round of the length by the rules in
    force at it. A deal whose rules have no Bock lies in no round, and ends those running
    (likewise Bockramsch's Ramsch rounds). Whether the list is Bierlachs (``scoring``) and the
    series' length are the sheet's, from ``rules``.

    With ``start`` (the tally of the deals before, by the same players and rules), the walk
    goes on from where that one ended: every list's totals, the Bock rounds running, the
    Bierlachs decided, the dealer and the Bockramsch round; the tally it puts in ``done``
    holds only ``deals`` (:attr:`Tally.first`). All that the walk carries from one deal to the
    next is in a tally's end: a sheet's state kept between calls is a tally's end
    (:mod:`skatcalc.store.state`)."""
    count = len(players)
    seat = {name: i for i, name in enumerate(players)}
    bierlachs = rules.scoring == "bierlachs"
    # the lists (standard, Seeger-Fabian, minus-only, won, lost); the deals left in each Bock
    # round, oldest first; the dealer's seat; the Bockramsch deals to come; the deals before
    lists, rounds, decided, dealer, ramsch_left, first = _start(count, start)
    score_list, seeger, minus = lists[:3]
    scored: list[ScoredDeal] = []
    zero = (0,) * count
    others = _OTHERS.get(count) or _others(count)
    phase, later = _plan(rules, changes, count, first + 1)
    phase, rounds, ramsch_left = _entered(phase, later, first + 1, rounds, ramsch_left)
    index = 0
    while True:
        yield players[dealer], ramsch_left > 0
        if index == len(deals):
            break
        deal = deals[index]
        index += 1
        now = phase.rules
        bock = _level(rounds, phase) if rounds else 0
        scoring = None
        fired: tuple[str, ...] = ()
        # Bierlachs at four and five: those who sit out may be spared a won game's minus
        spared = () if now.bierlachs_dealer else _seats_out(players, dealer)
        game = deal.game
        if deal.declarer is not None and game is not None:
            scoring = score(game, bock, phase.scoring_rules)
            if now.bock:
                scoring, bock, fired = _bocked(phase, score, game, bock, scoring)
            at = seat[deal.declarer]
            gains = (*zero[:at], scoring.score or 0, *zero[at + 1 :])
            _book_game(now, scoring, at, lists, others[at], phase.opponents, spared)
        elif deal.ramsch is not None:
            ramsch = deal.ramsch.scores(now)
            gains = tuple(ramsch.get(name, 0) << bock for name in players)
            _book(gains, score_list, seeger, minus, spared)
        else:
            gains = zero
        if bierlachs and decided is None:
            decided = _decided(players, minus, now.bierlachs_limit, first + index)
        ended = 0
        if now.bock:
            rounds, fired, ended = _bock_step(now, rounds, fired, gains, score_list, phase.length)
        if keep:
            # ScoredDeal(...) without its named tuple's Python frame (_new_entry)
            scored.append(_new_entry(ScoredDeal, (
                first + index, players[dealer], deal, scoring, (*score_list,), (*seeger,),
                bock, gains, (*minus,), fired,
            )))  # fmt: skip
        dealer, ramsch_left = (
            _bockramsch(deal, dealer, count, ramsch_left, ended * phase.length)
            if now.bockramsch
            else ((dealer + 1) % count, ramsch_left)
        )
        if later:  # the rules change at a later deal: those of the next one
            phase, rounds, ramsch_left = _entered(
                phase, later, first + index + 1, rounds, ramsch_left
            )
    done.append(_end(players, lists, phase, rounds, decided, dealer, ramsch_left, (
        tuple(scored), rules.series_deals(count), first if keep else first + index)))  # fmt: skip


def _bockramsch(deal: Deal, dealer: int, count: int, ramsch_left: int, new: int) -> tuple[int, int]:
    """Bockramsch, after a deal the seat ``dealer`` dealt: the next dealer's seat and the Ramsch
    round's deals to come. Each Bock round the deal ended brings a Ramsch round (``new``
    deals); a Ramsch played in it counts one off; a Grand Hand declared instead does not, and
    its dealer deals again."""
    again = ramsch_left > 0 and grand_hand(deal)
    ramsch_left += new - (ramsch_left > 0 and not again)
    return (dealer if again else (dealer + 1) % count), ramsch_left


def _end(
    players: tuple[str, ...],
    lists: tuple[list[int], ...],
    phase: _Phase,
    rounds: list[int],
    decided: tuple[tuple[str, ...], int] | None,
    dealer: int,
    ramsch_left: int,
    kept: tuple[tuple[ScoredDeal, ...], int, int],
) -> Tally:
    """The tally at a walk's end: the deals ``kept`` (with the series' length and the deals
    before them), each player's totals, and what a walk started from it needs."""
    score_list, seeger, minus, won, lost = lists
    totals = tuple(
        PlayerTotal(name, score_list[i], won[i], lost[i], seeger[i], minus[i])
        for i, name in enumerate(players)
    )
    ahead = (
        tuple(_capped(level, phase.cap) for level in _ahead(rounds, phase.double)) if rounds else ()
    )
    scored, length, first = kept
    return Tally(scored, totals, length, ahead, decided, dealer, ramsch_left, tuple(rounds), first)


def _start(
    count: int, start: Tally | None
) -> tuple[tuple[list[int], ...], list[int], tuple[tuple[str, ...], int] | None, int, int, int]:
    """Where a walk starts: nothing counted yet, or where the tally ``start`` ended."""
    lists = [0] * count, [0] * count, [0] * count, [0] * count, [0] * count
    if start is None:
        return lists, [], None, 0, 0, 0
    score_list, seeger, minus, won, lost = lists
    for i, total in enumerate(start.players):
        score_list[i], won[i], lost[i] = total.score, total.won, total.lost
        seeger[i], minus[i] = total.seeger_fabian, total.bierlachs
    return (
        lists, list(start.bock_rounds), start.decided, start.next_dealer, start.ramsch_ahead,
        start.deals_played,
    )  # fmt: skip


def _bocked(
    phase: _Phase, score: Score, game: GameSpec, bock: int, scoring: Scoring
) -> tuple[Scoring, int, tuple[str, ...]]:
    """A game (``scoring``, in ``bock`` rounds) under rules with Bock: its scoring, the rounds
    it lies in, and the triggers it sets off; under ``bock_self`` a game that sets one off
    counts double itself (scored again)."""
    rules = phase.rules
    fired = _game_triggers(rules, scoring)
    if fired and rules.bock_self:
        bock = _capped(bock + 1, phase.cap)
        scoring = score(game, bock, phase.scoring_rules)
    return scoring, bock, fired


def _level(rounds: list[int], phase: _Phase) -> int:
    """How many Bock rounds a deal lies in, of the ``rounds`` running (at least one)."""
    return _capped(len(rounds) if phase.double else 1, phase.cap)


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


def _seats_out(players: tuple[str, ...], dealer: int) -> tuple[int, ...]:
    """The seats of the players who sit out the deal the seat ``dealer`` deals.

    >>> _seats_out(("A", "B", "C"), 0), _seats_out(("A", "B", "C", "D"), 2)
    ((), (2,))
    >>> _seats_out(("A", "B", "C", "D", "E"), 3)
    (3, 1)
    """
    return tuple(players.index(name) for name in sitting_out(players, players[dealer]))


def _book(
    gains: tuple[int, ...],
    score: list[int],
    seeger: list[int],
    minus: list[int],
    spared: tuple[int, ...] = (),
) -> None:
    """Add a deal's scores to the lists: standard, Seeger-Fabian, and the minus-only one (in
    which a win is minus for each of the others, but for the ``spared`` seats)."""
    for i, gain in enumerate(gains):
        score[i] += gain
        seeger[i] += gain
        if gain < 0:
            minus[i] += gain
        elif gain > 0:  # a minus-only list writes a win as minus for each of the others
            for other in range(len(gains)):
                if other != i and other not in spared:
                    minus[other] -= gain


def _book_game(
    rules: Rules,
    scoring: Scoring,
    at: int,
    lists: tuple[list[int], ...],
    others: tuple[int, ...],
    opponents: int,
    spared: tuple[int, ...],
) -> None:
    """Add a game to the lists (standard, Seeger-Fabian, minus-only, won, lost) of the
    declarer at seat ``at`` and of the ``others``."""
    score, seeger, minus, won, lost = lists
    points = scoring.score or 0
    score[at] += points
    if scoring.outcome is _WON:
        won[at] += 1
        seeger[at] += points + rules.won_bonus
        for other in others:  # a minus-only list: a win is minus for each of the others
            if other not in spared:
                minus[other] -= points
    else:
        lost[at] += 1
        seeger[at] += points - rules.lost_penalty
        minus[at] += points
        for other in others:
            seeger[other] += opponents


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


def rescored(
    old: Tally, new: Tally, scoring: str
) -> list[tuple[int, tuple[tuple[int, int, int], ...]]]:
    """The deals whose points differ between two tallies of the same deals, in the list
    ``scoring``: each deal's number and, for each player whose points from it changed, the
    seat, the old points and the new (a deal's points: its running totals less those before).

    >>> from skatcalc.sheet.deal import Deal
    >>> from skatcalc.spec import GameSpec
    >>> def totalled(opponents):
    ...     done = []
    ...     game = Deal("B", GameSpec("grand", with_=1, points=50))
    ...     def score(game, bock, rules):
    ...         return game.score(bock=bock, rules=rules)
    ...     for _ in walk(("A", "B", "C"), Rules(opponents_three=opponents), [game], done, score):
    ...         pass
    ...     return done[0]
    >>> rescored(totalled(40), totalled(45), "seeger-fabian")
    [(1, ((0, 40, 45), (2, 40, 45)))]
    """
    out = []
    before_old = before_new = (0,) * len(old.players)
    for was, now in zip(old.deals, new.deals, strict=True):
        run_old, run_new = was.running(scoring), now.running(scoring)
        points_old = [a - b for a, b in zip(run_old, before_old, strict=True)]
        points_new = [a - b for a, b in zip(run_new, before_new, strict=True)]
        changed = tuple(
            (seat, points_old[seat], points_new[seat])
            for seat in range(len(points_old))
            if points_old[seat] != points_new[seat]
        )
        if changed:
            out.append((now.n, changed))
        before_old, before_new = run_old, run_new
    return out
