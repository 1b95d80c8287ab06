"""CSV: every field of every deal of a sheet, and the standings, for a spreadsheet; and the
sheet back from its CSV export (:func:`read_export`, for ``sheet import``).

The header row is in the language in use (``Nr;Geber;Alleinspieler;...`` in German); the cells
are data, written as the JSON export writes them, so ``sheet import`` reads a CSV export in
any language skatcalc speaks (:func:`is_header`). The file is written in the dialect of the
language's spreadsheets, and read back in either, however a spreadsheet saved it again
(:mod:`skatcalc.formats.csv_dialect`: the separator, the byte-order mark, flags, numbers).

>>> from skatcalc.words import use
>>> use("de"); heads()[:4]; use("en")
('Nr', 'Geber', 'Alleinspieler', 'Spiel')
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from skatcalc.errors import SheetFileError
from skatcalc.formats.common import followed
from skatcalc.formats.csv_dialect import BOM, Dialect, delimiter, dialect, flag, whole
from skatcalc.formats.json import read_value, rules_dict
from skatcalc.formats.json import text as json_text
from skatcalc.sheet.model import FORMAT_VERSION, ScoredDeal, Sheet, Tally
from skatcalc.sheet.rules import RULE_KINDS
from skatcalc.spec import GAME_OPTIONS, GameSpec
from skatcalc.words import current, every_language, w

if TYPE_CHECKING:
    import io

    from skatcalc.tournament.model import Tournament
    from skatcalc.tournament.standings import Standings

__all__ = [
    "CSV_COLUMNS", "ENTERED_COLUMNS", "heads", "is_header", "is_rule_head", "read_export",
    "render_sheet", "render_standings",
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
    ``\\n``, so a text-mode write gives the platform's line ends. The separator and the
    byte-order mark are the language's (:func:`~skatcalc.formats.csv_dialect.dialect`): in
    German ``;`` and a BOM first, as German spreadsheets read a file by double click.

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl, Jr."]).add(Deal.passed())
    >>> sheet = sheet.add(Deal("Carl, Jr.", GameSpec("spades", without=1, points=70)))
    >>> print(*render_sheet(sheet, sheet.tally(), "standard").splitlines()[:3], sep="\\n")
    n,dealer,declarer,game,with,without,cards,skat,hand,schneider,schwarz,ouvert,points,tricks,bid,kontra,re,discards,base_value,tops,levels,multiplier,value,scored_value,outcome,bock_factor,score,ramsch_points,jungfrau,durchmarsch,pushes,last_trick,Anna,Ben,"Carl, Jr."
    1,Anna,,,,,,,,,,,,,,,,,,,,,,,,1,,,,,,,0,0,0
    2,Ben,"Carl, Jr.",spades,,1,,,false,false,false,false,70,,18,false,false,,11,without 1,game,2,22,22,won,1,22,,,,,,0,0,22
    """
    out, writer = _writer(dialect(current()))
    shown = followed(sheet, scoring)
    writer.writerow(map(_inert, (*heads(), *(p.name for p in tally.players))))
    for entry in tally.deals:
        writer.writerow(map(_inert, (*_csv_cells(entry), *entry.running(shown))))
    writer.writerow(())
    writer.writerow((w("csv.rules.rule"), w("csv.rules.value")))
    for field, value in rules_dict(sheet).items():
        writer.writerow(map(_inert, (field, _csv_value(value))))
    return out.getvalue()


def _writer(spoken: Dialect) -> tuple[io.StringIO, Any]:
    """A text buffer that starts as ``spoken`` says (its byte-order mark), and a CSV writer of
    its rows in that dialect."""
    import csv  # here, not at the top: ``sheet add --json`` imports this module
    import io

    out = io.StringIO()
    if spoken.bom:
        out.write(BOM)
    return out, csv.writer(out, delimiter=spoken.delimiter, lineterminator="\n")


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
        cells["game"] = "ramsch"
        cells["ramsch_points"] = json_text(dict(ramsch.points))
        cells["jungfrau"] = json_text(list(ramsch.jungfrau))
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
    spoken = zip(*(every_language(f"csv.{column}") for column in CSV_COLUMNS), strict=True)
    return any(given == heads for heads in spoken)


def is_rule_head(row: list[str]) -> bool:
    """Whether ``row`` is the head of the rules under the deals (``rule,value``, ``Regel;Wert``)."""
    pairs = zip(every_language("csv.rules.rule"), every_language("csv.rules.value"), strict=True)
    return any(row[:2] == list(pair) for pair in pairs)


def _csv_value(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list | tuple):
        return ",".join(map(str, value))
    return "" if value is None else str(value)


def _blank(value: int | None) -> object:
    return "" if value is None else value


# --- reading an export back ------------------------------------------------------------------

# The kind of each entered column, as the table of the game's options declares it.
_KINDS = {"game": str, **{option.key: option.kind for option in GAME_OPTIONS}}


def read_export(export: str) -> dict[str, Any]:
    """The sheet a CSV export holds (header row in any language skatcalc speaks), as the data a
    sheet file holds: ``format``, ``players``, ``rules`` and each ``deal`` as entered (checked
    as a file is by :func:`skatcalc.store.toml.from_data`). The totals are not read: the deals
    are the truth.

    >>> read_export(",".join(CSV_COLUMNS) + ",A,B,C\\n1,A" + "," * 34 + "\\n")["deal"]
    [{'passed': True}]
    >>> read_export("n,dealer\\n")
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetFileError: err.import.not_csv(head='n,dealer,declarer,game,with', last='last_trick')

    In either dialect, as a spreadsheet saves it again (a byte-order mark, ``;``, CRLF, ``WAHR``):

    >>> row = ["1", "A", "A", "grand", "1", *[""] * 3, "WAHR", *[""] * 3, "70"]
    >>> text = "\\ufeff" + ";".join(CSV_COLUMNS) + ";A;B;C\\r\\n" + ";".join(row) + "\\r\\n"
    >>> read_export(text)["deal"]
    [{'declarer': 'A', 'game': 'grand', 'with': 1, 'hand': True, 'points': 70}]
    """
    import csv
    import io

    text = export.removeprefix(BOM)
    sign = delimiter(text.split("\n", 1)[0].rstrip("\r"), is_header)
    if sign is None:
        raise _not_csv()
    # the export's formula guard: a cell that starts with ' had one put before it
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=sign)
    try:
        rows = [[cell[1:] if cell.startswith("'") else cell for cell in row] for row in reader]
    except csv.Error as error:  # a cell past the csv module's limit, a NUL: no export of ours
        raise _broken(reader.line_num, error) from None
    if not rows or not is_header(rows[0]):
        raise _not_csv()
    spoken = _read_dialect(sign, rows[0])
    players = rows[0][len(CSV_COLUMNS) :]
    while players and not players[-1]:  # a spreadsheet may pad the rows to one width
        players.pop()
    end = next((i for i, row in enumerate(rows) if not any(row)), len(rows))
    deals = [_csv_deal(i, dict(zip(CSV_COLUMNS, row, strict=False)), spoken) for i, row in
             enumerate(rows[1:end], start=1)]  # fmt: skip
    rules: dict[str, Any] = {}
    tail = [row for row in rows[end + 1 :] if any(row)]
    if tail and is_rule_head(tail[0]):
        for row in tail[1:]:
            name, value = [*row, ""][:2]
            rules[name] = _rule_value(value, RULE_KINDS.get(name), spoken)
    return {"format": FORMAT_VERSION, "players": players, "rules": rules, "deal": deals}


def _read_dialect(sign: str, header: list[str]) -> Dialect:
    """The dialect of a CSV read back, for its numbers: a ``;`` file is one a German-style
    spreadsheet (decimal comma) wrote, a ``,`` file an English one; a tab-separated one goes by
    the language of its header row."""
    if sign == "\t":
        return dialect("de" if header[1:2] == ["Geber"] else "en")
    return dialect("de" if sign == ";" else "en")


def _csv_deal(number: int, row: dict[str, str], spoken: Dialect) -> dict[str, Any]:
    if row.get("n") != str(number):
        raise SheetFileError("err.import.row", row=number + 1, n=number, got=repr(row.get("n")))
    game = row.get("game", "")
    if not game:
        return {"passed": True}
    if game == "ramsch":
        out: dict[str, Any] = {
            "ramsch": _json_cell(number, "ramsch_points", row),
            "jungfrau": _json_cell(number, "jungfrau", row),
            "pushes": _int_cell(number, "pushes", row.get("pushes", "") or "0", spoken),
        }
        for key in ("durchmarsch", "last_trick"):
            if row.get(key):
                out[key] = row[key]
        return out
    out = {"declarer": row.get("declarer", "")}
    for key in ENTERED_COLUMNS:
        cell = row.get(key, "")
        if cell == "":
            continue
        kind = _KINDS[key]
        if kind is bool:
            read = flag(cell)
            if read is None:
                raise SheetFileError(
                    "err.import.flag", n=number, key=key, cell=repr(cell), deal=number, field=key
                )
            out[key] = read
        elif kind is int:
            out[key] = _int_cell(number, key, cell, spoken)
        else:
            out[key] = cell
    return out


def _int_cell(number: int, key: str, cell: str, spoken: Dialect) -> int:
    read = whole(cell, spoken)
    if read is None:
        raise SheetFileError(
            "err.import.int", n=number, key=key, cell=repr(cell), deal=number, field=key
        )
    return read


def _json_cell(number: int, key: str, row: dict[str, str]) -> Any:
    try:
        return read_value(row.get(key, ""))
    except (ValueError, RecursionError):  # RecursionError: nested deeper than any export
        raise SheetFileError(
            "err.import.json_cell",
            n=number,
            key=key,
            cell=repr(row.get(key)),
            deal=number,
            field=key,
        ) from None


def _rule_value(cell: str, kind: type | None, spoken: Dialect) -> object:
    """A rule's cell as the rule's kind (the table of the rules); unknown rules stay text,
    and the sheet's own check names them."""
    if kind is bool:
        read = flag(cell)
        return cell if read is None else read
    if kind is int:
        number = whole(cell, spoken)
        return cell if number is None else number
    if kind is tuple:
        return [part for part in cell.split(",") if part]
    return cell


def _broken(line: int, error: Exception) -> SheetFileError:
    """What the csv module refused, at its line (its reason is the module's English)."""
    import csv

    reason = str(error)
    if "field larger than field limit" in reason:
        return SheetFileError("err.import.cell", line=line, most=csv.field_size_limit())
    return SheetFileError("err.import.csv", line=line, reason=reason)


def _not_csv() -> SheetFileError:
    """The header row a CSV export starts with, in the language in use (and its separator)."""
    return SheetFileError(
        "err.import.not_csv",
        head=dialect(current()).delimiter.join(heads()[:5]),
        last=heads()[CSV_COLUMNS.index("last_trick")],
    )


# --- the standings ----------------------------------------------------------------------------


def render_standings(tournament: Tournament, result: Standings, currency: str = "") -> str:
    """One row per player for a spreadsheet, under a header row in the language in use: the
    ranking, then the players apart (a series not counted yet) with ``?`` for their place. A
    series the player sat out, or whose table is not counted, is empty. The fee is in whole
    cents (``currency`` is for the formats that write amounts). After the players, an empty row
    and the fees in all (``fee_total_cents,1250``) when there is a fee; then an empty row and
    the tables closed early, a row each under a header row, when there are any.

    >>> from skatcalc.tournament.model import Tournament
    >>> from skatcalc.tournament.standings import standings
    >>> t = Tournament.new("Club <night>", ["Anna", "Ben", "Carl"], planned=1).draw_next(1)
    >>> print(render_standings(t, standings(t, {})), end="")
    place,tied,player,withdrawn,seeger_fabian,won,lost,series_1
    ?,false,Anna,false,0,0,0,
    ?,false,Ben,false,0,0,0,
    ?,false,Carl,false,0,0,0,
    """
    out, writer = _writer(dialect(current()))
    series = [w("csv.tour.series", n=n) for n in range(1, result.drawn + 1)]
    columns = ("place", "tied", "player", "withdrawn", "seeger_fabian", "won", "lost")
    head = [*(w(f"csv.tour.{column}") for column in columns), *series]
    fee = result.fee is not None
    writer.writerow(map(_inert, [*head, w("csv.tour.fee_cents")] if fee else head))
    for s in (*result.ranking, *result.apart):
        cells: list[object] = [
            "?" if s.pending else s.place, str(s.tied).lower(), s.name,
            str(s.withdrawn).lower(), s.seeger_fabian, s.won, s.lost,
            *("" if x is None or not x.counted else x.seeger_fabian for x in s.series),
        ]  # fmt: skip
        if s.fee_cents is not None:
            cells.append(s.fee_cents)
        writer.writerow(map(_inert, cells))
    if result.fee_total is not None:
        writer.writerow(())
        writer.writerow(map(_inert, (w("csv.tour.fee_total_cents"), result.fee_total)))
    if result.closed:
        writer.writerow(())
        keys = ("closed_series", "closed_table", "sheet", "deals", "length")
        writer.writerow(map(_inert, (w(f"csv.tour.{key}") for key in keys)))
        for c in result.closed:
            sheet = tournament.series[c.series - 1].tables[c.table - 1].sheet
            writer.writerow(map(_inert, (c.series, c.table, sheet, c.deals, c.length)))
    return out.getvalue()
