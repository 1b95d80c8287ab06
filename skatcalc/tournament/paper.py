"""A table's paper list: the bottom line the organiser types, and its Seeger-Fabian points.

Pure. At most tournaments a table keeps its list on paper and signs it there; the organiser
types only its bottom line, for each player the points (the sum of their game scores), the
games won and the games lost. The standings count it as the DSkV does: points + 50 × (won −
lost), plus 40 at a table of three (30 at four, 24 at five) for every game the *other* players
at the table lost: the tournament's house rules (:class:`~skatcalc.sheet.rules.Rules`), the
numbers its sheets score with.

The worked example of docs (a table of four): Anna 850 points, 5 won, 1 lost; Ben −120, 1, 3;
Carl 300, 2, 0; Dora 0, 0, 2.

>>> seeger_fabian(((850, 5, 1), (-120, 1, 3), (300, 2, 0), (0, 0, 2)), Rules())
(1200, -130, 580, 20)
"""

from __future__ import annotations

from collections.abc import Sequence

from skatcalc.errors import SheetError, listed
from skatcalc.names import name_key
from skatcalc.sheet.rules import Rules

__all__ = ["Line", "checked", "seeger_fabian"]

Line = tuple[int, int, int]
"""One player's bottom line: points, games won, games lost."""


def seeger_fabian(paper: Sequence[Line], rules: Rules) -> tuple[int, ...]:
    """Each player's Seeger-Fabian points from a table's bottom line, in its order, with the
    ``rules``' numbers: ``won_bonus`` per won game, ``lost_penalty`` per lost one, and
    :meth:`~skatcalc.sheet.rules.Rules.opponents` for each game another player lost.

    >>> seeger_fabian(((100, 2, 0), (0, 0, 1), (-50, 0, 1)), Rules())
    (280, -10, -60)
    >>> seeger_fabian(((100, 2, 0), (0, 0, 1), (-50, 0, 1)), Rules(won_bonus=60, opponents_three=30))
    (280, -20, -70)
    """
    bonus = rules.opponents(len(paper))
    all_lost = sum(lost for _, _, lost in paper)
    return tuple(
        points + rules.won_bonus * won - rules.lost_penalty * lost + bonus * (all_lost - lost)
        for points, won, lost in paper
    )


def checked(
    players: Sequence[str],
    lines: Sequence[tuple[str, int, int, int]],
    length: int,
    deals: int,
    series: int,
    table: int,
) -> tuple[Line, ...]:
    """The bottom line of table ``table`` of series ``series`` (its ``players`` in seat
    order, a series of ``length`` deals, ``deals`` in its sheet) in seat order: every player
    of the table once, nobody else, no more games than deals, and an empty sheet.

    >>> checked(["A", "B", "C"], [("b", 5, 1, 0), ("A", 0, 0, 1), ("C", 0, 0, 0)], 12, 0, 1, 2)
    ((0, 0, 1), (5, 1, 0), (0, 0, 0))
    >>> checked(["A", "B", "C"], [("A", 0, 7, 0), ("B", 0, 6, 0), ("C", 0, 0, 0)], 12, 0, 1, 2)
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetError: err.paper.games(n=1, t=2, games=13, length=12)
    """
    if deals:
        raise SheetError("err.paper.sheet", n=series, t=table, count=deals)
    by_key = {name_key(p): p for p in players}
    found: dict[str, Line] = {}
    for name, points, won, lost in lines:
        player = by_key.get(name_key(name))
        if player is None:
            raise SheetError(
                "err.paper.not_at_table",
                name=repr(name),
                n=series,
                t=table,
                players=listed(players),
            )
        if player in found:
            raise SheetError("err.paper.twice", name=repr(player))
        if won < 0 or lost < 0:
            raise SheetError("err.paper.negative", name=repr(player))
        found[player] = (points, won, lost)
    missing = [p for p in players if p not in found]
    if missing:
        raise SheetError("err.paper.missing", n=series, t=table, names=listed(missing))
    games = sum(won + lost for _, won, lost in found.values())
    if games > length:
        raise SheetError("err.paper.games", n=series, t=table, games=games, length=length)
    return tuple(found[p] for p in players)
