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
from functools import lru_cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from skatcalc.sheet.model import Sheet, Tally
    from skatcalc.spec import GameSpec, ScoringRules
    from skatcalc.value import Scoring

__all__ = ["KEPT", "Kept"]


@lru_cache(maxsize=1 << 16)
def _scored(spec: GameSpec, bock: int, rules: ScoringRules) -> Scoring:
    """A deal's scoring, kept (by value, bounded): checking a sheet and totalling it score
    each deal once, and the read-back scores the sheet again. Measured: a `sheet add` and its
    totals on a 10,000-deal sheet, in one process (min of 5, two runs on a loaded machine)
    take 196-229 ms with it against 392-602 ms without."""
    return spec.score(bock=bock, rules=rules)


class Kept:
    """A memo that keeps the scorings of games (bounded) and the tally of the last sheet.

    The last tally: a sheet command checks and totals a change before the store writes it,
    then shows the same totals, and this keeps the second tally from walking the sheet again:
    on a 10,000-deal sheet the second tally takes 28-48 ms (the scorings kept) against 0.01 ms
    (median of 7, two runs; `sheet add` on such a sheet takes about 240 ms in all, within a 3x
    target it barely meets). Equal sheets hold mostly the same deal objects, so the comparison
    is a pass of identity checks over the deals.
    """

    def __init__(self) -> None:
        self.score = _scored
        self._last: tuple[Sheet, Tally] | None = None

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
