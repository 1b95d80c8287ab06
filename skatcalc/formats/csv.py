"""CSV: every field of every deal of a sheet, and the standings, for a spreadsheet.

The header row is in the language in use (``Nr,Geber,Alleinspieler,...`` in German); the cells
are data, written as the JSON export writes them, so ``sheet import`` reads a CSV export in
either language (:func:`is_header`).

>>> from skatcalc.words import use
>>> use("de"); heads()[:4]; use("en")
('Nr', 'Geber', 'Alleinspieler', 'Spiel')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from skatcalc.formats.common import followed, rules_dict
from skatcalc.sheet.model import ScoredDeal, Sheet, Tally
from skatcalc.spec import GameSpec
from skatcalc.words import w

if TYPE_CHECKING:
    from skatcalc.tournament.model import Tournament
    from skatcalc.tournament.standings import Standings

__all__ = [
    "CSV_COLUMNS", "ENTERED_COLUMNS", "heads", "is_header", "is_rule_head", "render_sheet",
    "render_standings",
]  # fmt: skip


ENTERED_COLUMNS: tuple[str, ...] = tuple(name.rstrip("_") for name in GameSpec._fields)
"""The game as entered, one column per option of ``value`` (as in a sheet file's deal)."""

CSV_COLUMNS = (
    "n", "dealer", "declarer", *ENTERED_COLUMNS, "base_value", "tops", "levels", "multiplier",
    "value", "scored_value", "outcome", "bock_factor", "score", "ramsch_points", "jungfrau",
    "durchmarsch", "pushes", "last_trick",
)  # fmt: skip
"""The CSV columns before the running totals, one per player, named by the player."""


def render_sheet(sheet: Sheet, tally: Tally, scoring: str | None = None) -> str:
    """One row per deal (passed ones too) under a header row, then the sheet's rules.

    Every field of every deal: the game as entered (the columns named as ``value``'s options;
    flags ``true``/``false``), what it scored (base value, tops, the levels counted, multiplier,
    value, the value the score rests on, outcome, Bock factor, score), a Ramsch's card points
    (``{"Anna": 60, ...}``, JSON), Jungfrau (a JSON list), Durchmarsch, pushes and who took
    the last trick, and every
    player's running total, in the list ``scoring`` (by default the one that decides the
    sheet). A cell that does not apply is empty; a passed deal has no game, a Ramsch the game
    ``ramsch``. After the deals, an empty row, a ``rule,value`` row, and one row per rule of
    the sheet (lists joined by commas), so ``sheet import`` can rebuild the sheet. The header
    row and the ``rule,value`` row are in the language in use (:func:`heads`); the cells are
    data, as in JSON: game names, ``true``/``false``, ``won``/``lost``, rule names. Rows end in
    ``\\n``, so a text-mode write gives the platform's line ends.

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl, Jr."]).add(Deal.passed())
    >>> sheet = sheet.add(Deal("Carl, Jr.", GameSpec("spades", without=1, points=70)))
    >>> print(*render_sheet(sheet, sheet.tally(), "standard").splitlines()[:3], sep="\\n")
    n,dealer,declarer,game,with,without,cards,skat,hand,schneider,schwarz,ouvert,points,tricks,bid,kontra,re,discards,base_value,tops,levels,multiplier,value,scored_value,outcome,bock_factor,score,ramsch_points,jungfrau,durchmarsch,pushes,last_trick,Anna,Ben,"Carl, Jr."
    1,Anna,,,,,,,,,,,,,,,,,,,,,,,,1,,,,,,,0,0,0
    2,Ben,"Carl, Jr.",spades,,1,,,false,false,false,false,70,,18,false,false,,11,without 1,game,2,22,22,won,1,22,,,,,,0,0,22
    """
    import csv  # here, not at the top: ``sheet add --json`` imports this module
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    shown = followed(sheet, scoring)
    writer.writerow(map(_inert, (*heads(), *(p.name for p in tally.players))))
    for entry in tally.deals:
        writer.writerow(map(_inert, (*_csv_cells(entry), *entry.running(shown))))
    writer.writerow(())
    writer.writerow((w("csv.rules.rule"), w("csv.rules.value")))
    for field, value in rules_dict(sheet).items():
        writer.writerow(map(_inert, (field, _csv_value(value))))
    return out.getvalue()


_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?")


def _inert(cell: object) -> object:
    """A cell a spreadsheet will not run as a formula (OWASP, CSV injection): text starting
    with = + - @ tab or carriage return gets a leading ', a number stays a number. Text that
    starts with ' gets one more, so ``sheet import`` takes exactly one off again.

    >>> _inert("=HYPERLINK(1)"), _inert("@SUM(A1)"), _inert(-96), _inert("-96"), _inert("Anna")
    ("'=HYPERLINK(1)", "'@SUM(A1)", -96, '-96', 'Anna')
    >>> _inert("'=x")
    "''=x"
    """
    if (
        isinstance(cell, str)
        and cell.startswith((*_FORMULA_STARTS, "'"))
        and not (_NUMBER.fullmatch(cell))
    ):
        return "'" + cell
    return cell


def _csv_cells(entry: ScoredDeal) -> list[object]:
    cells: dict[str, object] = {"n": entry.n, "dealer": entry.dealer}
    cells["bock_factor"] = 1 << entry.bock
    ramsch = entry.deal.ramsch
    s = entry.scoring
    game = entry.deal.game
    if ramsch is not None:
        import json

        cells["game"] = "ramsch"
        cells["ramsch_points"] = json.dumps(dict(ramsch.points), ensure_ascii=False)
        cells["jungfrau"] = json.dumps(list(ramsch.jungfrau), ensure_ascii=False)
        cells["durchmarsch"] = ramsch.durchmarsch or ""
        cells["pushes"] = ramsch.pushes
        cells["last_trick"] = ramsch.last_trick or ""
    elif s is not None and game is not None:
        cells["declarer"] = entry.deal.declarer
        cells.update(zip(ENTERED_COLUMNS, map(_csv_value, game), strict=True))
        cells["base_value"] = "" if s.tops is None else s.base_value
        cells["tops"] = "" if s.tops is None else str(s.tops)
        cells["levels"] = " ".join(level.value for level in s.levels)
        cells["multiplier"] = _blank(s.multiplier)
        cells["value"] = s.value
        cells["scored_value"] = _blank(s.scored_value)
        cells["outcome"] = "" if s.outcome is None else s.outcome.value
        cells["score"] = _blank(s.score)
    return [cells.get(column, "") for column in CSV_COLUMNS]


def heads() -> tuple[str, ...]:
    """The header row's cells for :data:`CSV_COLUMNS`, in the language in use."""
    return tuple(w(f"csv.{column}") for column in CSV_COLUMNS)


def is_header(row: list[str]) -> bool:
    """Whether ``row`` starts as an export's header row does, in any language skatcalc speaks.

    >>> is_header(["Nr", "Geber", "Alleinspieler"]), is_header(list(CSV_COLUMNS) + ["Anna"])
    (False, True)
    """
    given = tuple(row[: len(CSV_COLUMNS)])
    return any(given == tuple(t[f"csv.{c}"] for c in CSV_COLUMNS) for t in _tables())


def is_rule_head(row: list[str]) -> bool:
    """Whether ``row`` is the head of the rules under the deals (``rule,value``, ``Regel,Wert``)."""
    return any(row[:2] == [t["csv.rules.rule"], t["csv.rules.value"]] for t in _tables())


def _tables() -> list[Mapping[str, str]]:
    import importlib

    from skatcalc.words import LANGUAGES

    return [importlib.import_module(f"skatcalc.words.{code}").WORDS for code in LANGUAGES]


def _csv_value(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list | tuple):
        return ",".join(map(str, value))
    return "" if value is None else str(value)


def _blank(value: int | None) -> object:
    return "" if value is None else value


# --- the standings ----------------------------------------------------------------------------


def render_standings(
    tournament: Tournament, result: Standings, fee: Fraction | None = None, currency: str = ""
) -> str:
    """One row per player for a spreadsheet, under a header row in the language in use; a
    series the player sat out, or whose table is not counted, is empty. The fee is in whole
    cents (``currency`` is for the formats that write amounts).

    >>> from skatcalc.tournament.model import Tournament
    >>> from skatcalc.tournament.standings import standings
    >>> t = Tournament.new("Club <night>", ["Anna", "Ben", "Carl"], planned=1).draw_next(1)
    >>> print(render_standings(t, standings(t, {})), end="")
    place,tied,player,withdrawn,seeger_fabian,won,lost,series_1
    1,true,Anna,false,0,0,0,
    1,true,Ben,false,0,0,0,
    1,true,Carl,false,0,0,0,
    """
    import csv
    import io

    from skatcalc.tournament.standings import fee_cents

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    series = [w("csv.tour.series", n=n) for n in range(1, result.drawn + 1)]
    columns = ("place", "tied", "player", "withdrawn", "seeger_fabian", "won", "lost")
    head = [*(w(f"csv.tour.{column}") for column in columns), *series]
    writer.writerow(map(_inert, [*head, w("csv.tour.fee_cents")] if fee is not None else head))
    for s in result.players:
        cells: list[object] = [
            s.place, str(s.tied).lower(), s.name, str(s.withdrawn).lower(),
            s.seeger_fabian, s.won, s.lost,
            *("" if x is None or not x.counted else x.seeger_fabian for x in s.series),
        ]  # fmt: skip
        if fee is not None:
            cells.append(fee_cents(s.lost, fee))
        writer.writerow(map(_inert, cells))
    return out.getvalue()
