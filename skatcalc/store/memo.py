"""What the sheet reading path remembers, for speed: the scorings of games, and the last tally.

A sheet read from a file (:mod:`skatcalc.store.sheet_codec`) scores with :data:`KEPT` (its
:class:`~skatcalc.sheet.model.Memo`), and so does every sheet made from it. The rules keep
nothing; these two caches sit here, at the edge that needs them, each with its measured reason.
Both hold immutable values looked up by equality, so an answer kept is the answer worked out
(tests/sheet/test_memo.py compares them).

>>> from skatcalc.sheet.model import Deal, Sheet
>>> from skatcalc.spec import GameSpec
>>> sheet = Sheet(("A", "B", "C"), memo=KEPT).add(Deal("A", GameSpec("grand", with_=1, points=70)))
>>> sheet.tally() is sheet.tally()
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from skatcalc.sheet.model import Sheet, Tally
    from skatcalc.spec import GameSpec, ScoringRules
    from skatcalc.value import Scoring

__all__ = ["KEPT", "Kept"]

_MOST = 1 << 16
"""The most scorings kept: past them, all are dropped and kept anew."""


class _Table(dict["GameSpec", "Scoring"]):
    """The scorings kept under one Bock level and scoring rules: a game not kept yet is
    scored when it is looked up (``__missing__``), so a look-up is the dict's own
    ``__getitem__``, no Python call (a sheet's check scores by it: :meth:`Kept.unbocked`)."""

    __slots__ = ("_bock", "_kept", "_rules")

    def __init__(self, kept: Kept, bock: int, rules: ScoringRules) -> None:
        super().__init__()
        self._kept, self._bock, self._rules = kept, bock, rules

    def __missing__(self, spec: GameSpec) -> Scoring:
        scoring = spec.score(bock=self._bock, rules=self._rules)  # an error is raised, not kept
        self._kept.counted()
        self[spec] = scoring
        return scoring


class Kept:
    """A memo that keeps the scorings of games (bounded) and the tally of the last sheet.

    The scorings: checking a sheet and totalling it score each deal once, and the read-back
    scores the sheet again. Measured: a `sheet add` and its totals on a 10,000-deal sheet, in
    one process (min of 5, two runs on a loaded machine) take 196-229 ms with them against
    392-602 ms without. They are kept in a table for each Bock level and scoring rules, the
    table of the last rules asked found by identity (a sheet's rules are one object): a
    look-up hashes the game alone, not the rules record too (its hash is a Python call), and
    a sheet's check takes its table once (:meth:`unbocked`). A look-up kept: 2.1 k
    instructions against 4.1 k by an lru_cache keyed by all three (valgrind
    --tool=callgrind), two a deal (its check and its tally): 7,200 in a season's `sheet stats`.

    The last tally: a sheet command checks and totals a change before the store writes it,
    then shows the same totals, and this keeps the second tally from walking the sheet again:
    on a 10,000-deal sheet the second tally takes 28-48 ms (the scorings kept) against 0.01 ms
    (median of 7, two runs; `sheet add` on such a sheet takes about 240 ms in all, within a 3x
    target it barely meets). Equal sheets hold mostly the same deal objects, so the comparison
    is a pass of identity checks over the deals.
    """

    def __init__(self) -> None:
        self._tables: dict[tuple[int, ScoringRules], _Table] = {}
        self._kept = 0
        self._rules: ScoringRules | None = None  # the last table asked for, and its key
        self._bock = 0
        self._table: _Table | None = None
        self._last: tuple[Sheet, Tally] | None = None

    def score(self, spec: GameSpec, bock: int, rules: ScoringRules) -> Scoring:
        """``spec`` scored in ``bock`` Bock rounds under ``rules``, kept."""
        table = self._table
        if table is None or rules is not self._rules or bock != self._bock:
            table = self._table_of(bock, rules)
        return table[spec]

    def unbocked(self, rules: ScoringRules) -> Callable[[GameSpec], Scoring]:
        """How a game is scored outside a Bock round under ``rules``, kept: what
        :meth:`score` answers, the table looked up once."""
        return self._table_of(0, rules).__getitem__

    def _table_of(self, bock: int, rules: ScoringRules) -> _Table:
        table = self._tables.get((bock, rules))
        if table is None:
            table = self._tables[(bock, rules)] = _Table(self, bock, rules)
        self._rules, self._bock, self._table = rules, bock, table
        return table

    def counted(self) -> None:
        """One more scoring is about to be kept: past :data:`_MOST`, every table is emptied
        where it is (a checker holds one)."""
        if self._kept >= _MOST:
            for table in self._tables.values():
                table.clear()
            self._kept = 0
        self._kept += 1

    def clear(self) -> None:
        """Forget every scoring and the last tally, as in a new process (bench/read_whole.py)."""
        for table in self._tables.values():
            table.clear()
        self._kept = 0
        self._last = None

    def tally(self, sheet: Sheet, count: Callable[[Sheet], Tally]) -> Tally:
        """The tally of ``sheet``, kept from the last call when the sheet is equal."""
        last = self._last
        if last is not None and last[0] == sheet:
            return last[1]
        tally = count(sheet)
        self._last = (sheet, tally)
        return tally


KEPT = Kept()
"""The one memo of the sheet reading path."""
