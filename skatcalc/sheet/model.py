"""The score sheet of an evening: players, rules, deals as entered, and the totals derived.

Pure: no files (the store reads and writes them). The deals as entered are the truth; every
total is computed from them, so a corrected game or a fixed rule updates every number.

The sheet's ideas each have their module: the rules (:mod:`skatcalc.sheet.rules`), a deal and
its checks (:mod:`skatcalc.sheet.deal`), the tally (:mod:`skatcalc.sheet.tally`). This one
holds the :class:`Sheet` that brings them together, and names their types too, so that a
caller imports a sheet's vocabulary from one place.

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
skatcalc.errors.SheetError: err.sheet.deal(n=3, error=err.sheet.not_at_table(name="'Dora'", players=join.list(items=('Anna', 'Ben', 'Carl'))))
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import field, replace
from typing import Protocol

from skatcalc.errors import SheetError, SkatError, all_of, say
from skatcalc.frozen import record
from skatcalc.sheet.deal import (
    Deal,
    Ramsch,
    check_deal,
    check_name,
    match_name,
    player_at,
    same_names,
    sitting_out,
)
from skatcalc.sheet.rules import (
    ALL_BOCK_TRIGGERS,
    BOCK_TRIGGERS,
    LISTS,
    PRESETS,
    RULES,
    WHOLE_SHEET,
    BockOverlap,
    BockTrigger,
    RamschSkat,
    RamschTies,
    Rules,
    RulesChange,
    ScoringList,
    in_force,
)
from skatcalc.sheet.tally import PlayerTotal, ScoredDeal, Tally, walk
from skatcalc.spec import GameSpec, ScoringRules
from skatcalc.value import Scoring

__all__ = [
    "ALL_BOCK_TRIGGERS",
    "BOCK_TRIGGERS",
    "FORMAT_VERSION",
    "LISTS",
    "PRESETS",
    "BockOverlap",
    "BockTrigger",
    "Deal",
    "GoingOn",
    "Memo",
    "PlayerTotal",
    "Ramsch",
    "RamschSkat",
    "RamschTies",
    "Rules",
    "RulesChange",
    "ScoredDeal",
    "ScoringList",
    "Sheet",
    "Tally",
    "check_name",
    "match_name",
]

FORMAT_VERSION = 1
"""The sheet file format this skatcalc writes; it refuses to change a file with a newer one."""


class Memo(Protocol):
    """What a sheet asks when it scores a game or totals itself. The sheet itself keeps nothing:
    this one (:data:`PLAIN`) works everything out each time; the store reads a sheet with one
    that remembers (:mod:`skatcalc.store.memo`), where its measured reason is written."""

    def score(self, spec: GameSpec, bock: int, rules: ScoringRules) -> Scoring:
        """``spec`` scored in ``bock`` Bock rounds under the rules that change a score."""
        ...  # pragma: no cover - a protocol

    def unbocked(self, rules: ScoringRules) -> Callable[[GameSpec], Scoring]:
        """How a game is scored outside a Bock round under ``rules``: ``score(spec, 0,
        rules)``, made once for many games (a sheet's check of its deals)."""
        ...  # pragma: no cover - a protocol

    def tally(self, sheet: Sheet, count: Callable[[Sheet], Tally]) -> Tally:
        """The tally of ``sheet``: ``count(sheet)``, or the same tally kept from before."""
        ...  # pragma: no cover - a protocol


class _Plain:
    """Every scoring and every tally worked out anew."""

    def score(self, spec: GameSpec, bock: int, rules: ScoringRules) -> Scoring:
        return spec.score(bock=bock, rules=rules)

    def unbocked(self, rules: ScoringRules) -> Callable[[GameSpec], Scoring]:
        return lambda spec: spec.score(rules=rules)

    def tally(self, sheet: Sheet, count: Callable[[Sheet], Tally]) -> Tally:
        return count(sheet)


PLAIN: Memo = _Plain()
"""The memo of a sheet built in code: it remembers nothing."""


@record
class Sheet:
    """Players in seating order (the first deals first), the rules, and the deals.

    ``memo`` is how the sheet scores (:class:`Memo`): no part of what the sheet is, so two
    sheets with the same players, rules and deals are equal whatever their memos; a sheet made
    from this one keeps it.
    """

    players: tuple[str, ...]
    rules: Rules = Rules()  # frozen: one default serves every sheet
    """The rules from deal 1 (the file's ``[rules]``)."""
    deals: tuple[Deal, ...] = ()
    memo: Memo = field(default=PLAIN, compare=False, repr=False)
    changes: tuple[RulesChange, ...] = ()
    """The rules changed from a later deal on, in order (the file's ``[[rules_change]]``)."""
    phases: tuple[tuple[int, Rules], ...] = field(init=False, compare=False, repr=False)
    """The rules in force from each change on, ``(1, rules)`` first (:func:`in_force`)."""
    scoring_rules: ScoringRules = field(init=False, compare=False, repr=False)
    """The rules' record of those that change one game's score (:attr:`Rules.scoring_rules`),
    made once with the sheet: every deal scored passes it on, and asked of the rules for each
    (a property) it cost 0.14 µs a scoring, against 0.2-0.6 µs for a scoring the memo kept
    (timeit, process time, on a loaded 2-core machine)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "scoring_rules", self.rules.scoring_rules)
        object.__setattr__(self, "phases", in_force(self.rules, self.changes))

    def rules_at(self, index: int) -> Rules:
        """The rules in force at deal ``index`` (0-based; ``len(deals)``: the next deal's).

        >>> sheet = Sheet.new(["A", "B", "C"]).add(Deal.passed()).change_rules(
        ...     lambda rules: replace(rules, bock=True))
        >>> sheet.rules_at(0).bock, sheet.rules_at(1).bock, sheet.changes[0].start
        (False, True, 2)
        """
        found = self.rules
        for start, rules in self.phases[1:]:
            if start > index + 1:
                break
            found = rules
        return found

    @property
    def rules_now(self) -> Rules:
        """The rules in force at the next deal: what the table plays now."""
        return self.rules_at(len(self.deals))

    def change_rules(self, make: Callable[[Rules], Rules], start: int | None = None) -> Sheet:
        """The sheet with the rules ``make`` makes of those in force at deal ``start`` (from 1;
        by default the next deal, ``len(deals) + 1``: "from now on") in force from that deal
        on; deals before it keep their rules and their scores, and a later change of a rule it
        sets is dropped (the rule holds from that deal on: ``--bock --from 1`` is Bock for the
        whole evening). From deal 1 the sheet's own rules change. A rule
        of the whole sheet (:data:`WHOLE_SHEET`: the list that decides, the length) changes
        for the whole sheet, whatever ``start``: it changes no deal's score.

        >>> sheet = Sheet.new(["A", "B", "C"]).add(Deal.passed())
        >>> sheet.change_rules(lambda rules: rules, 3)
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.rules_change.beyond(value=3, last=2)
        """
        last = len(self.deals) + 1
        at = last if start is None else start
        if not 1 <= at <= last:
            raise SheetError("err.rules_change.beyond", value=at, last=last, field="from")
        before = self.rules_at(at - 1)
        new = make(before)
        diff = {o.name: getattr(new, o.name) for o in RULES
                if getattr(new, o.name) != getattr(before, o.name)}  # fmt: skip
        whole = {name: value for name, value in diff.items() if name in WHOLE_SHEET}
        each = {name: value for name, value in diff.items() if name not in WHOLE_SHEET}
        base = replace(self.rules, **whole, **(each if at == 1 else {}))
        later = self._overridden(make, at)
        changes = _merged(later, at, each) if at > 1 else later
        kept = at - 1 if not whole else 0  # the sheet's length: every deal is checked again
        again = replace(self, rules=base, changes=_normal(base, changes), deals=self.deals[:kept])
        try:
            return again.extend(self.deals[kept:])
        except SkatError as error:
            raise SheetError("err.sheet.misfit", error=error) from None

    def _overridden(self, make: Callable[[Rules], Rules], at: int) -> tuple[RulesChange, ...]:
        """The sheet's changes of the rules, less what ``make`` sets again in those after deal
        ``at``: a rule changed from a deal holds from there on.

        >>> sheet = Sheet.new(["A", "B", "C"]).extend([Deal.passed()] * 2)
        >>> sheet = sheet.change_rules(lambda rules: replace(rules, bock=True))  # from deal 3
        >>> sheet.change_rules(lambda rules: replace(rules, bock=False), 1).changes
        ()
        """
        out = []
        for change in self.changes:
            kept = change
            if change.start > at:
                before = self.rules_at(change.start - 1)
                made = make(before)
                again = {o.name for o in RULES if getattr(made, o.name) != getattr(before, o.name)}
                kept = RulesChange(
                    change.start, tuple(v for v in change.values if v[0] not in again)
                )
            out.append(kept)
        return tuple(out)

    @classmethod
    def new(cls, players: Sequence[str], rules: Rules | None = None) -> Sheet:
        """A sheet for three, four or five players, with no deals yet.

        >>> Sheet.new(["Anna", "Ben"])
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.sheet.players(count=2)
        """
        if len(players) not in (3, 4, 5):
            raise SheetError("err.sheet.players", count=len(players))
        kept = tuple(check_name(name) for name in players)  # composed (NFC), as typed else
        same = same_names(kept)  # "Jürgen" twice, one typed composed, one not: one name
        if same is not None:
            raise SheetError("err.name.same", names=all_of([repr(n) for n in same]))
        return cls(kept, rules or Rules())

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

    def sitting_out(self, index: int) -> tuple[str, ...]:
        """Who sits out deal ``index`` (0-based): nobody at three, the dealer at four, at five
        the dealer and the player third to the dealer's left (the dealer first).

        >>> sheet = Sheet.new(["Anna", "Ben", "Carl", "Dora", "Emil"])
        >>> sheet.sitting_out(0), sheet.sitting_out(3)
        (('Anna', 'Dora'), ('Dora', 'Ben'))
        """
        return sitting_out(self.players, self.dealer(index))

    def _state(self, index: int) -> tuple[str, bool]:
        """The dealer of deal ``index`` and whether it lies in a Bockramsch Ramsch round."""
        count = len(self.players)
        if not self._bockramsch:
            return self.players[index % count], False
        played = min(index, len(self.deals))
        before = replace(self, deals=self.deals[:played]).tally()
        seat = (before.next_dealer + index - played) % count
        return self.players[seat], index == played and before.ramsch_ahead > 0

    def checker(self) -> Callable[[Deal, bool], Deal]:
        """A function that checks the next deal after this sheet's (and after those it took
        before), in one pass however many: ``check(deal, True)`` checks it, ``check(deal,
        False)`` takes it unchecked (a reader collecting problems goes on past a bad deal)."""
        if not self._bockramsch:  # a deal's place alone decides its dealer
            return self._by_place()
        deals = list(self.deals)
        steps = walk(self.players, self.rules, deals, [], self.memo.score,
                     changes=self.phases[1:])  # fmt: skip
        for _ in deals:  # walk the deals already on the sheet
            next(steps)
        state = [next(steps)]  # the next deal's dealer and round

        def bockramsch(deal: Deal, checked: bool) -> Deal:
            if checked:
                deal = self.check(len(deals), deal, state[0])
            deals.append(deal)
            state[0] = next(steps)
            return deal

        return bockramsch

    def _by_place(self) -> Callable[[Deal, bool], Deal]:
        """:meth:`checker` where a deal's place alone decides its dealer (no Bockramsch)."""
        taken = len(self.deals)
        players, count = self.players, len(self.players)

        def changing(deal: Deal, checked: bool) -> Deal:  # each deal by the rules in force
            nonlocal taken
            if checked:  # a refused one takes no place
                deal = self.check(taken, deal, (players[taken % count], False))
            taken += 1
            return deal

        if self.changes:
            return changing
        rules = self.rules
        # Worked out once, not for each deal by check(): the dealer, and the scorer of the
        # scoring rules (a record made by a property). Measured: reading bench/fast.py's season
        # of 200 evenings (7,200 deals) in one process, median of 7, three runs: 79-88 ms
        # against 86-97 ms (store.parse of each sheet's text, timed in the process).
        unbocked = self.memo.unbocked(self.scoring_rules)  # the rules of every deal

        # The rules of every deal are the sheet's: check_deal called as check() calls it,
        # without looking up the rules in force and making a scorer for each deal.
        # Measured: SHEET.parse of bench/fast.py's 200 evenings (7,200 deals), the
        # scorings kept, median of 7, three runs: 46-48 ms against 50-52 ms.
        def same_rules(deal: Deal, checked: bool) -> Deal:
            nonlocal taken
            if checked:
                try:
                    deal = check_deal(deal, players, rules, (players[taken % count], False),
                                      unbocked)  # fmt: skip
                except SkatError as error:
                    raise _at_deal(error, taken) from None
            taken += 1
            return deal

        return same_rules

    def player(self, name: str, *, field: str | None = None) -> str:
        """The player called ``name`` (exact, or the one match ignoring case).

        >>> Sheet.new(["Anna", "Ben", "Carl"]).player("ben")
        'Ben'
        """
        return player_at(self.players, name, field)

    def check(
        self,
        index: int,
        deal: Deal,
        state: tuple[str, bool] | None = None,
        score: Callable[[GameSpec], Scoring] | None = None,
    ) -> Deal:
        """Check a deal at position ``index`` against the table and the rules; return it with
        player names as the sheet writes them. ``state``: its dealer and whether it lies in a
        Bockramsch round, when the caller knows them; ``score``: how a game is scored outside
        a Bock round (by default the sheet's memo); all by the rules in force at the deal."""
        rules = self.rules_at(index)

        def unbocked(game: GameSpec) -> Scoring:
            return self.memo.score(game, 0, rules.scoring_rules)

        try:
            return check_deal(
                deal, self.players, rules, state or self._state(index), score or unbocked,
            )  # fmt: skip
        except SkatError as error:
            raise _at_deal(error, index) from None

    def add(self, deal: Deal) -> Sheet:
        """The sheet with one more deal."""
        return self.extend([deal])

    def extend(self, deals: Sequence[Deal]) -> Sheet:
        """The sheet with more deals, each checked at its place (and refused where the sheet's
        series are complete: :meth:`room`)."""
        check = self.checker()
        first = len(self.deals)
        for at in range(first, first + len(deals)):
            self.room(at)
        return replace(self, deals=(*self.deals, *(check(deal, True) for deal in deals)))

    def room(self, index: int) -> None:
        """Whether a new deal may take position ``index`` (0-based): not on a sheet whose
        ``series_count`` series are complete (:meth:`Rules.most_deals`). Every way a deal is
        added asks here (:meth:`extend`, :meth:`going_on`); reading a file does not, so a
        sheet edited by hand to hold more stays readable (``sheet check`` names it).

        >>> sheet = Sheet.new(["Anna", "Ben", "Carl"], Rules(series_length=2, series_count=1))
        >>> sheet.add(Deal.passed()).add(Deal.passed()).add(Deal.passed())
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.sheet.full(count=1, deals=rules.series.deals(count=2), n=3)
        """
        if self.rules.full(len(self.players), index):
            length = self.rules.series_deals(len(self.players))
            count = self.rules.series_count
            deals = say("rules.series.deals", count=length)
            raise SheetError("err.sheet.full", count=count, deals=deals, n=index + 1,
                             deal=index + 1)  # fmt: skip

    def carry_on(self, state: Tally, deals: Sequence[Deal]) -> tuple[tuple[Deal, ...], Tally]:
        """``deals`` added after the deals whose tally ended in ``state`` (by this sheet's
        players and rules; this sheet's own deals are not looked at): each checked at its
        place, as :meth:`extend` checks it, and the tally of the deals added, carried on from
        ``state`` (:attr:`Tally.first`). What a sheet's state kept between calls serves
        (:mod:`skatcalc.store.state`): the tally of ``deals`` after ``state`` is the end of the
        tally of the whole sheet.

        >>> sheet = Sheet.new(["Anna", "Ben", "Carl"])
        >>> deals = [Deal("Ben", GameSpec("grand", with_=1, points=70)), Deal.passed()]
        >>> whole = sheet.extend(deals).tally()
        >>> _, tally = sheet.carry_on(sheet.extend(deals[:1]).tally(), deals[1:])
        >>> tally.players == whole.players, tally.entry(2) == whole.entry(2), tally.first
        (True, True, 1)
        >>> sheet.carry_on(whole, [Deal("Dora", GameSpec("grand", with_=1, points=70))])
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.sheet.deal(n=3, error=err.sheet.not_at_table(name="'Dora'", players=join.list(items=('Anna', 'Ben', 'Carl'))))
        """
        going = self.going_on(state)
        for deal in deals:
            going.add(deal)
        return tuple(going.checked), going.end()

    def going_on(self, state: Tally, *, keep: bool = True) -> GoingOn:
        """Deals added one at a time after the deals whose tally ended in ``state``, as
        :meth:`carry_on` adds them (an import checks each as it reads it). Without ``keep``,
        the tally at the end holds no deal, only the end (``walk(..., keep=False)``)."""
        return GoingOn(self, state, keep=keep)

    def edit(self, n: int, deal: Deal) -> Sheet:
        """The sheet with deal ``n`` (1-based) replaced; later deals are scored anew."""
        index = self._index(n)
        deals = list(self.deals)
        deals[index] = self.check(index, deal)
        if self._bockramsch:  # the deals after it may change dealer or round: check them
            start = replace(self, deals=tuple(deals[: index + 1]))
            check = start.checker()  # no deal is new: a sheet over its length stays editable
            return replace(
                start, deals=(*start.deals, *(check(d, True) for d in deals[index + 1 :]))
            )
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

    @property
    def _bockramsch(self) -> bool:
        """Whether the rules have Bockramsch at any deal: then the deals before one decide
        its dealer and round."""
        return any(rules.bockramsch for _, rules in self.phases)

    def tally(self) -> Tally:
        """Score every deal (with its Bock rounds) and total each player's lists."""
        return self.memo.tally(self, _count)


class GoingOn:
    """Deals added to a sheet one at a time, after the deals whose tally ended in a state
    (:meth:`Sheet.going_on`): :meth:`add` checks each at its place, :meth:`end` gives the
    tally of those added, carried on from the state."""

    def __init__(self, sheet: Sheet, state: Tally, *, keep: bool = True) -> None:
        self.sheet = sheet
        self.first = state.deals_played
        self.checked: list[Deal] = []
        self._done: list[Tally] = []
        self._steps = walk(
            sheet.players, sheet.rules, self.checked, self._done, self._score, state, keep=keep,
            changes=sheet.phases[1:],
        )  # fmt: skip
        self._last: tuple[GameSpec, Scoring] | None = None
        self._rules = sheet.scoring_rules

    def add(self, deal: Deal) -> Deal:
        """``deal`` checked at its place (with the names as the sheet writes them)."""
        at = self.first + len(self.checked)
        self.sheet.room(at)
        if self.sheet.changes:
            self._rules = self.sheet.rules_at(at).scoring_rules
        checked = self.sheet.check(at, deal, next(self._steps), self._unbocked)
        self.checked.append(checked)
        return checked

    # The check scores a game, and the walk's next step scores it again: outside a Bock round
    # the same scoring, so the second is the first (the game is the same object). An import
    # of 100,000 deals: one look-up a deal fewer in the memo (0.5 µs, hashing the game).

    def _unbocked(self, game: GameSpec) -> Scoring:
        scoring = self.sheet.memo.score(game, 0, self._rules)
        self._last = game, scoring
        return scoring

    def _score(self, game: GameSpec, bock: int, rules: ScoringRules) -> Scoring:
        last = self._last
        if not bock and last is not None and last[0] is game and rules == self._rules:
            return last[1]
        return self.sheet.memo.score(game, bock, rules)

    def end(self) -> Tally:
        """The tally of the deals added (the last one scored now)."""
        for _ in self._steps:
            pass
        return self._done[0]


def _at_deal(error: SkatError, index: int) -> SkatError:
    """``error`` as the problem of the deal at ``index`` (from 0): the same kind of error (a
    game the rules reject stays one)."""
    return type(error)(
        "err.sheet.deal", n=index + 1, error=error, deal=index + 1, field=error.field
    )


def _count(sheet: Sheet) -> Tally:
    done: list[Tally] = []
    changes = sheet.phases[1:]
    for _ in walk(sheet.players, sheet.rules, sheet.deals, done, sheet.memo.score, changes=changes):
        pass
    return done[0]


def _merged(
    changes: tuple[RulesChange, ...], at: int, values: dict[str, object]
) -> tuple[RulesChange, ...]:
    """``changes`` with the rules ``values`` changed from deal ``at`` on (merged into a change
    there, or a new one in its place)."""
    out = [c for c in changes if c.start != at]
    there = [c for c in changes if c.start == at]
    merged = {**dict(there[0].values if there else ()), **values}
    out.append(RulesChange(at, tuple(merged.items())))
    return tuple(sorted(out, key=lambda change: change.start))


def _normal(rules: Rules, changes: tuple[RulesChange, ...]) -> tuple[RulesChange, ...]:
    """``changes`` as a file writes them: each holds only the rules it changes from those in
    force before it (in the order of the rules), and a change that changes none is gone."""
    out: list[RulesChange] = []
    before = rules
    for change in changes:
        values = dict(change.values)
        after = before.changed(values)
        kept = tuple((o.name, getattr(after, o.name)) for o in RULES
                     if o.name in values and getattr(after, o.name) != getattr(before, o.name))  # fmt: skip
        if kept:
            out.append(RulesChange(change.start, kept))
        before = after
    return tuple(out)
