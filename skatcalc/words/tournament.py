"""The words for a tournament: what ``skatcalc tournament`` says after each command.

Data in, lines out: the commands (:mod:`skatcalc.cli.tournament`) read the files, call the
domain, and print these lines. Where a table's sheet is, is the caller's to say
(``sheet_path``, the store's :func:`~skatcalc.store.tournament_codec.sheet_path`).

>>> from skatcalc.tournament.model import Tournament
>>> t = Tournament.new("Cup", ["Anna", "Ben", "Carl"], planned=2)
>>> planned_line(t)
'Cup: 2 series planned.'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from skatcalc.words import message, number, shown, w
from skatcalc.words.sheet import rules_lines

if TYPE_CHECKING:
    from skatcalc.errors import SkatError
    from skatcalc.sheet.model import Sheet
    from skatcalc.tournament.model import Table, Tournament
    from skatcalc.tournament.standings import Held

__all__ = [
    "category_line",
    "closed_line",
    "drawn_lines",
    "field_lines",
    "held_line",
    "joined_lines",
    "left_lines",
    "paper_lines",
    "planned_line",
    "seeded_by_line",
    "started_lines",
    "team_line",
]  # fmt: skip

SheetPath = Callable[["Table"], object]
"""Where a table's sheet is (a path, its control characters escaped as the title's are)."""


def started_lines(file: object, tournament: Tournament) -> list[str]:
    """What ``tournament new`` says: the field and the plan, the rules, what to do next."""
    return [
        w("tour.started", file=file, name=shown(tournament.name), count=len(tournament.players),
          planned=tournament.planned, three=tournament.length_three,
          four=tournament.length_four),
        w(f"tour.tables.{tournament.tables}"),
        w("tour.rules", rules="; ".join(rules_lines(tournament.rules))),
        w("tour.next", file=file),
    ]  # fmt: skip


def _table(t: int, table: Table, tournament: Tournament, sheet_path: SheetPath) -> str:
    length = tournament.length(len(table.players))
    return w("tour.table", t=t, players=", ".join(table.players), length=length,
             first=table.players[0], file=shown(sheet_path(table)))  # fmt: skip


def drawn_lines(
    tournament: Tournament, again: int, unfinished: Sequence[int], sheet_path: SheetPath
) -> list[str]:
    """What ``tournament draw`` says of the series just drawn: drawn or seeded, its tables,
    with pairs and teams whether teammates sit apart (else the pairs who share a table, the
    fewest the field allows), and after the first series how many pairs meet ``again`` (a
    drawn series) and the tables of the series before still ``unfinished``.

    >>> from skatcalc.tournament.model import Tournament
    >>> t = Tournament.new("Cup", [f"P{i}" for i in range(1, 9)]).with_team("Duo", ["P1", "P2"])
    >>> t = t.draw_next(7, ranking=["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"])
    >>> print("\\n".join(drawn_lines(t, 0, [], lambda table: table.sheet)))
    Series 1 seeded by the standings, the leaders together (seats drawn with seed 7):
      Table 1: P5, P3, P1, P4: 48 deals, P5 deals first; cup-s1-t1.toml
      Table 2: P6, P7, P8, P2: 48 deals, P6 deals first; cup-s1-t2.toml
    Teammates sit at different tables.
    """
    number = len(tournament.series)
    series = tournament.series[-1]
    said = [w("tour.drawn.seeded" if series.seeded else "tour.drawn", n=number, seed=series.seed)]
    for t, table in enumerate(series.tables, 1):
        said.append("  " + _table(t, table, tournament, sheet_path))
    if tournament.teams:
        together = tournament.together(number)
        if not together:
            said.append(w("tour.drawn.apart"))
        else:
            said.append(w("tour.drawn.together", count=len(together)))
            said += [
                "  " + w("tour.drawn.together.pair", a=x.players[0], b=x.players[1],
                         team=x.team, table=x.table)
                for x in together
            ]  # fmt: skip
    if number > 1 and not series.seeded:  # a seeded series does not look at who met
        said.append(w("tour.drawn.repeats", count=again) if again else w("tour.drawn.fresh"))
    if number > 1 and unfinished:
        tables = ", ".join(str(t) for t in unfinished)
        said.append(w("tour.drawn.unfinished", count=len(unfinished), n=number - 1, tables=tables))
    return said


def field_lines(
    tournament: Tournament,
    found: Mapping[tuple[int, int], Sheet | SkatError],
    sheet_path: SheetPath,
) -> list[str]:
    """What ``tournament show`` says: the field, and each series' tables with how far each
    table's sheet is (``found`` by series and table, from 1; an error that kept it from being
    read; none when there is no sheet yet)."""
    from skatcalc.errors import SkatError

    said = [
        w("tour.field", name=shown(tournament.name), count=len(tournament.active),
          drawn=len(tournament.series), planned=tournament.planned),
        w(f"tour.tables.{tournament.tables}"),
    ]  # fmt: skip
    if tournament.withdrawn:
        said.append(w("tour.field.withdrawn", names=", ".join(tournament.withdrawn)))
    for s, series in enumerate(tournament.series, 1):
        said.append(w("tour.series.seeded" if series.seeded else "tour.series", n=s,
                      seed=series.seed))  # fmt: skip
        for t, table in enumerate(series.tables, 1):
            read = found.get((s, t))
            if read is None or isinstance(read, SkatError):
                why = w("tour.held.missing") if read is None else message(read)
                said.append(f"  {_table(t, table, tournament, sheet_path)}: {why}")
            else:
                key = "tour.table.progress" if table.closed is None else "tour.table.closed"
                said.append(
                    "  " + w(key, t=t, players=", ".join(table.players), deals=len(read.deals),
                             length=tournament.length(len(table.players)),
                             closed=table.closed, file=shown(sheet_path(table)))
                )  # fmt: skip
    return said


def closed_line(tournament: Tournament, series: int, table: int) -> str:
    """What ``tournament close`` says: the deals the table counts with, or that it is open
    again.

    >>> from skatcalc.tournament.model import Tournament
    >>> t = Tournament.new("Cup", ["Anna", "Ben", "Carl"], length_three=12).draw_next(1)
    >>> closed_line(t.close(1, 1, 1), 1, 1)
    'Series 1, table 1 closed: it counts with the 1 deal entered (a series has 12).'
    >>> closed_line(t, 1, 1)
    'Series 1, table 1 is open again: it counts once it has all 12 deals.'
    """
    found = tournament.table(series, table)
    length = tournament.length(len(found.players))
    if found.closed is None:
        return w("tour.reopened", n=series, t=table, length=length)
    return w("tour.closed", n=series, t=table, count=found.closed, length=length)


def paper_lines(old: Tournament, new: Tournament, series: int, table: int) -> list[str]:
    """What ``tournament result`` says: each player's bottom line and Seeger-Fabian points,
    or, when a list typed before was replaced, what changed.

    >>> from skatcalc.tournament.model import Tournament
    >>> t = Tournament.new("Cup", ["Anna", "Ben", "Carl", "Dora"]).draw_next(1)
    >>> lines = [("Anna", 850, 5, 1), ("Ben", -120, 1, 3), ("Carl", 300, 2, 0), ("Dora", 0, 0, 2)]
    >>> typed = t.with_paper(1, 1, lines)
    >>> for line in paper_lines(t, typed, 1, 1)[:3]:
    ...     print(line)
    Series 1, table 1: counted from the paper list.
      Ben: -120 points, 1 won, 3 lost: -130 Seeger-Fabian points
      Anna: 850 points, 5 won, 1 lost: 1200 Seeger-Fabian points
    >>> lines[1] = ("Ben", -130, 1, 3)
    >>> paper_lines(typed, typed.with_paper(1, 1, lines, again=True), 1, 1)
    ['Series 1, table 1: the paper list replaced.', '  Ben: -120/1/3 -> -130/1/3']
    """
    from skatcalc.tournament.paper import seeger_fabian

    before = old.table(series, table).paper
    found = new.table(series, table)
    assert found.paper is not None
    if before is None:
        lines = [w("tour.paper.typed", n=series, t=table)]
        for name, (points, won, lost), sf in zip(
            found.players, found.paper, seeger_fabian(found.paper, new.rules), strict=True
        ):
            lines.append(w("tour.paper.line", name=shown(name), points=number(points),
                           won=won, lost=lost, sf=number(sf)))  # fmt: skip
        return lines
    changed = [
        w("tour.paper.change", name=shown(name), before="/".join(map(str, a)),
          after="/".join(map(str, b)))
        for name, a, b in zip(found.players, before, found.paper, strict=True)
        if a != b
    ]  # fmt: skip
    if not changed:
        return [w("tour.paper.same", n=series, t=table)]
    return [w("tour.paper.replaced", n=series, t=table), *changed]


def seeded_by_line(file: object, newcomers: Sequence[str], *, season: bool = False) -> str:
    """What ``tournament draw --by`` adds: whose ranking seated the series (a tournament's
    standings, or a ``season``'s ranking), who was new to it.

    >>> seeded_by_line("spring.toml", ["Hanna"])
    'Seated by the standings of spring.toml; new to it: Hanna.'
    >>> seeded_by_line("2026.json", [], season=True)
    "Seated by the season's ranking in 2026.json."
    """
    key = "tour.seeded.by.season" if season else "tour.seeded.by"
    if not newcomers:
        return w(f"{key}.none", file=shown(file))
    names = w("join.comma").join(shown(name) for name in newcomers)
    return w(key, file=shown(file), names=names)


def joined_lines(tournament: Tournament, names: Sequence[str]) -> list[str]:
    """What ``tournament join`` says: each latecomer drawn from the next series."""
    n = len(tournament.series) + 1
    title = shown(tournament.name)
    return [w("tour.joined", name=name, tournament=title, n=n) for name in names]


def left_lines(tournament: Tournament, names: Sequence[str]) -> list[str]:
    """What ``tournament leave`` says: each player not drawn from the next series."""
    n = len(tournament.series) + 1
    return [
        w("tour.left", name=tournament.player(name), tournament=shown(tournament.name), n=n)
        for name in names
    ]


def team_line(tournament: Tournament, team: str) -> str:
    """What ``tournament team`` says: the team's players, or that it is gone."""
    found = dict(tournament.teams).get(team)
    if found is None:
        return w("tour.team.gone", team=team)
    return w("tour.team.set", team=team, members=", ".join(found))


def category_line(tournament: Tournament, name: str) -> str:
    """What ``tournament category`` says: the category's players, or that it is gone.

    >>> from skatcalc.tournament.model import Tournament
    >>> t = Tournament.new("Cup", ["Anna", "Ben", "Dora"]).with_categories([("Damen", ["Anna", "Dora"])])
    >>> category_line(t, "damen")
    'Category Damen: Anna, Dora (standings --prizes-for Damen=... gives it its own prizes).'
    """
    from skatcalc.names import name_key

    found = next((c for c in tournament.categories if name_key(c[0]) == name_key(name)), None)
    if found is None:
        return w("tour.category.gone", name=shown(name))
    members = w("join.comma").join(shown(m) for m in found[1])
    return w("tour.category.set", name=shown(found[0]), members=members)


def planned_line(tournament: Tournament) -> str:
    """What ``tournament plan`` says."""
    return w("tour.planned", name=shown(tournament.name), planned=tournament.planned)


def held_line(held: Held, tournament: Tournament) -> str:
    """Why a table is not counted, in words.

    >>> from skatcalc.tournament.model import Tournament
    >>> from skatcalc.tournament.standings import Held
    >>> t = Tournament.new("x", ["A", "B", "C"]).draw_next(1)
    >>> held_line(Held(1, 1, "incomplete", deals=30, length=36), t)
    'series 1, table 1 (x-s1-t1.toml): 30 of 36 deals played'
    >>> held_line(Held(1, 1, "closed", deals=31, length=36, closed=30), t)
    'series 1, table 1 (x-s1-t1.toml): closed with 30 deals, but the sheet now has 31: close it again to count them'
    """
    table = tournament.series[held.series - 1].tables[held.table - 1]
    where = w("tour.held.where", series=held.series, table=held.table, file=shown(table.sheet))
    text = w(
        f"tour.held.{held.reason}",
        detail=held.detail,
        deals=held.deals,
        length=held.length,
        closed=held.closed,
        count=held.closed,  # "closed with 1 deal"
        seats=w("join.comma").join(table.players),
    )
    return f"{where}: {text}"
