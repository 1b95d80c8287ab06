"""Seeding a series by an earlier event: an ordered list of names from any source.

Pure. ``tournament draw --seeded --by OTHER`` seats a series by another tournament's standings;
a season's ranking can give the same list later. Whatever the source, it is only an order of
names: the field's players in that order, and those new to it after them, in an order drawn
from the seed (they have no place to be seeded by).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from skatcalc.names import name_key

__all__ = ["ordered_by"]


def ordered_by(
    field: Sequence[str], order: Sequence[str], seed: int
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The players of ``field`` in the order of ``order`` (names matched as the field matches
    them: composed or not, in any case; names not in the field left out), and those new to it,
    drawn from ``seed``: (the seeding order, the new players as drawn).

    >>> ordered_by(["Anna", "Ben", "Carl", "Dora"], ["dora", "Zoe", "Anna"], 1)[0][:2]
    ('Dora', 'Anna')
    >>> sorted(ordered_by(["Anna", "Ben", "Carl", "Dora"], ["dora", "Zoe", "Anna"], 1)[1])
    ['Ben', 'Carl']
    >>> ordered_by(["Anna", "Ben", "Carl"], [], 1)[0] == ordered_by(["Anna", "Ben", "Carl"], [], 1)[1]
    True
    """
    by_key = {name_key(p): p for p in field}
    known = tuple(dict.fromkeys(by_key[k] for k in map(name_key, order) if k in by_key))
    seated = set(known)
    new = [p for p in field if p not in seated]
    random.Random(f"new to the ranking {seed}").shuffle(new)
    return (*known, *new), tuple(new)
