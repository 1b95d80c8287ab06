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
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, TextIO

from skatcalc.errors import SheetFileError
from skatcalc.formats.common import followed
from skatcalc.formats.csv_dialect import BOM, Dialect, delimiter, dialect, flag, whole
from skatcalc.formats.json import read_value, rules_dict
from skatcalc.formats.json import text as json_text
from skatcalc.games import GameType
from skatcalc.sheet.model import FORMAT_VERSION, Deal, ScoredDeal, Sheet, Tally
from skatcalc.sheet.rules import RULE_KINDS
from skatcalc.spec import GAME_OPTIONS, GameSpec
from skatcalc.words import current, every_language, w

if TYPE_CHECKING:
    import io
    from fractions import Fraction

    from skatcalc.season import Season
    from skatcalc.tournament.model import Tournament
    from skatcalc.tournament.standings import Standings

__all__ = [
    "CSV_COLUMNS", "ENTERED_COLUMNS", "export_deals", "export_head", "heads", "is_header",
    "is_rule_head", "read_export", "render_season", "render_sheet", "render_standings",
    "write_sheet",
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
    return "".join(write_sheet(sheet, tally, scoring))


def write_sheet(sheet: Sheet, tally: Tally, scoring: str | None = None) -> Iterator[str]:
    """:func:`render_sheet`'s text a piece at a time (a thousand rows each), so an export of a
    large sheet never holds its whole text."""
    out, writer = _writer(dialect(current()))
    shown = followed(sheet, scoring)
    writer.writerow(map(_inert, (*heads(), *(p.name for p in tally.players))))
    for n, entry in enumerate(tally.deals, 1):
        writer.writerow(map(_inert, (*_csv_cells(entry), *entry.running(shown))))
        if n % 1000 == 0:
            yield out.getvalue()
            out.seek(0)
            out.truncate()
    writer.writerow(())
    writer.writerow((w("csv.rules.rule"), w("csv.rules.value")))
    for field, value in rules_dict(sheet).items():
        writer.writerow(map(_inert, (field, _csv_value(value))))
    for change in sheet.changes:  # a rule changed from a later deal: "from 23: bock", true
        for field, value in change.values:
            writer.writerow(map(_inert, (f"from {change.start}: {field}", _csv_value(value))))
    yield out.getvalue()


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
        cells["game"] = w("csv.cell.game.ramsch")
        cells["ramsch_points"] = json_text(dict(ramsch.points))
        cells["jungfrau"] = json_text(list(ramsch.jungfrau))
        cells["durchmarsch"] = ramsch.durchmarsch or ""
        cells["pushes"] = ramsch.pushes
        cells["last_trick"] = ramsch.last_trick or ""
    elif s is not None and game is not None:
        cells["declarer"] = entry.deal.declarer
        cells.update(zip(ENTERED_COLUMNS, map(_csv_value, game), strict=True))
        cells["game"] = w(f"csv.cell.game.{game.game}")
        cells["base_value"] = "" if s.tops is None else s.base_value
        cells["tops"] = "" if s.tops is None else _tops_cell(s.tops.with_, s.tops.count)
        levels = [w(f"csv.cell.level.{level.value}") for level in s.levels]
        cells["levels"] = w("csv.cell.level.join").join(levels)
        cells["multiplier"] = _blank(s.multiplier)
        cells["value"] = s.value
        cells["scored_value"] = _blank(s.scored_value)
        cells["outcome"] = "" if s.outcome is None else w(f"csv.cell.outcome.{s.outcome.value}")
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


def _tops_cell(with_: bool, count: int) -> str:
    """``with 1`` / ``mit 1``: the tops as the language says them."""
    return w("csv.cell.with" if with_ else "csv.cell.without", count=count)


def _flag_cell(value: bool) -> str:
    """A flag as the language's spreadsheets write it: ``true`` / ``WAHR``."""
    return w("csv.cell.true" if value else "csv.cell.false")


def _csv_value(value: object) -> str:
    if isinstance(value, bool):
        return _flag_cell(value)
    if isinstance(value, list | tuple):
        return ",".join(map(str, value))
    return "" if value is None else str(value)


def _blank(value: int | None) -> object:
    return "" if value is None else value


# --- reading an export back ------------------------------------------------------------------


_HEAD = ("format", "players", "rules", "rules_change")
"""The keys of a sheet's data an export's head gives (``rules_change`` only when a rule
changed from a later deal)."""


def read_export(export: str) -> dict[str, Any]:
    """The sheet a CSV export holds (header row in any language skatcalc speaks), as the data a
    sheet file holds: ``format``, ``players``, ``rules`` and each ``deal`` as a sheet file
    writes it, an option at its default left out (checked as a file is by
    :func:`skatcalc.store.sheet_codec.from_data`). The totals are not read: the deals are the truth.

    >>> read_export(",".join(CSV_COLUMNS) + ",A,B,C\\n1,A" + "," * 34 + "\\n")["deal"]
    [{'passed': True}]
    >>> read_export("n,dealer\\n")
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetFileError: err.import.not_csv(head='n,dealer,declarer,game,with', sep=',', last='last_trick')

    In either dialect, as a spreadsheet saves it again (a byte-order mark, ``;``, CRLF, ``WAHR``):

    >>> row = ["1", "A", "A", "grand", "1", *[""] * 3, "WAHR", *[""] * 3, "70"]
    >>> text = "\\ufeff" + ";".join(CSV_COLUMNS) + ";A;B;C\\r\\n" + ";".join(row) + "\\r\\n"
    >>> read_export(text)["deal"]
    [{'declarer': 'A', 'game': 'grand', 'with': 1, 'hand': True, 'points': 70}]
    """
    import io

    text = export.removeprefix(BOM)
    head = export_head(io.StringIO(text, newline=""))
    deals = [_table(deal) for deal in export_deals(io.StringIO(text, newline=""), head)]
    return {key: head[key] for key in _HEAD if key in head} | {"deal": deals}


def _table(deal: dict[str, Any] | Deal) -> dict[str, Any]:
    """A deal :func:`export_deals` read, as the table a sheet file holds."""
    if isinstance(deal, dict):
        return deal
    assert deal.game is not None  # the reader gives a game as a Deal, nothing else
    return {"declarer": deal.declarer, **deal.game.to_mapping()}


def _unguarded(cell: str) -> str:
    """A cell with the export's formula guard taken off (a cell that starts with ' had one put
    before it)."""
    return cell[1:] if cell[:1] == "'" else cell


def _empty(row: list[str]) -> bool:
    """The empty row that ends the deals (no cell holds anything, the guard taken off)."""
    return not any(cell[1:] if cell[:1] == "'" else cell for cell in row)


def export_head(stream: TextIO) -> dict[str, Any]:
    """The first pass over a CSV export (``stream`` opened with ``newline=""``, read a line at
    a time, never held whole): its separator (from its header row, in any language and
    dialect), the players, and the rules after the deals, found without reading the deals'
    cells (a line ends a row where its quotes are even), and the number of deals. Each deal's
    cells are read by :func:`export_deals`, which names the first deal that cannot be read or
    that the sheet refuses.

    >>> import io
    >>> export_head(io.StringIO(",".join(CSV_COLUMNS) + ",A,B,C\\n1,A" + "," * 34 + "\\n"))
    {'format': 1, 'players': ['A', 'B', 'C'], 'rules': {}, 'deals': 1, 'delimiter': ','}
    """
    import csv

    lines = iter(stream)
    top = next(lines, "")
    sign = delimiter(top.rstrip("\r\n"), is_header)
    if sign is None:
        raise _not_csv()
    reader = csv.reader(_chain(top, lines), delimiter=sign)
    before = 0  # the lines read before ``reader``'s first
    try:
        first = [_unguarded(cell) for cell in next(reader, [])]
        if not is_header(first):
            raise _not_csv()
        spoken = _read_dialect(sign, first)
        players = first[len(CSV_COLUMNS) :]
        while players and not players[-1]:  # a spreadsheet may pad the rows to one width
            players.pop()
        deals = quotes = 0
        before = reader.line_num
        blank = "\r\n\"'" + sign
        for line in lines:
            before += 1
            if not quotes % 2 and not line.strip(blank) and _empty(_row(line, sign)):
                break
            quotes += line.count('"')
            deals += not quotes % 2  # a row ends with this line
        rules: dict[str, Any] = {}
        changes: dict[int, dict[str, Any]] = {}
        reader = csv.reader(lines, delimiter=sign)
        tail = ([_unguarded(cell) for cell in row] for row in reader if not _empty(row))
        if is_rule_head(next(tail, [])):
            for row in tail:
                name, value = [*row, ""][:2]
                _rule_row(rules, changes, name, value, spoken)
    except csv.Error as error:  # a cell past the csv module's limit, a NUL: no export of ours
        raise _broken(before + reader.line_num, error) from None
    head = {"format": FORMAT_VERSION, "players": players, "rules": rules, "deals": deals}
    if changes:
        head["rules_change"] = [{"from": n, **values} for n, values in sorted(changes.items())]
    return {**head, "delimiter": sign}


_CHANGE_ROW = re.compile(r"from ([0-9]{1,9}): (\w+)")


def _rule_row(
    rules: dict[str, Any],
    changes: dict[int, dict[str, Any]],
    name: str,
    value: str,
    spoken: Dialect,
) -> None:
    """A row of the rules under the deals: a rule of the sheet, or one changed from a later
    deal (``from 23: bock``)."""
    found = _CHANGE_ROW.fullmatch(name)
    if found is None:
        rules[name] = _rule_value(value, RULE_KINDS.get(name), spoken)
        return
    key = found.group(2)
    changes.setdefault(int(found.group(1)), {})[key] = _rule_value(
        value, RULE_KINDS.get(key), spoken
    )


def _chain(first: str, rest: Iterator[str]) -> Iterator[str]:
    yield first
    yield from rest


def _row(line: str, sign: str) -> list[str]:
    import csv

    return next(csv.reader([line], delimiter=sign), [])


def export_deals(stream: TextIO, head: Mapping[str, Any]) -> Iterator[dict[str, Any] | Deal]:
    """The second pass over a CSV export whose ``head`` :func:`export_head` read: each deal in
    order, one at a time, a passed deal or a Ramsch as a sheet file's ``[[deal]]`` table holds
    it, a game as the :class:`~skatcalc.sheet.model.Deal` its table reads as (its cells read
    straight to the game's options: :func:`~skatcalc.store.sheet_codec.deal_of` would find nothing
    more to check); a row that cannot be read raises its error when its turn comes."""
    import csv

    sign = head["delimiter"]
    rows = csv.reader(stream, delimiter=sign)
    try:
        header = next(rows, [])
        spoken = _read_dialect(sign, [_unguarded(cell) for cell in header])
        for number, row in enumerate(rows, 1):
            # a row whose first cell holds something is no empty row (0.5 µs a row)
            if (not row or row[0] in ("", "'")) and _empty(row):
                return
            yield _csv_deal(number, row, spoken)
    except csv.Error as error:  # a cell past the csv module's limit, a NUL: no export of ours
        raise _broken(rows.line_num, error) from None


def _read_dialect(sign: str, header: list[str]) -> Dialect:
    """The dialect of a CSV read back, for its numbers: a ``;`` file is one a German-style
    spreadsheet (decimal comma) wrote, a ``,`` file an English one; a tab-separated one goes by
    the language of its header row."""
    if sign == "\t":
        return dialect("de" if header[1:2] == ["Geber"] else "en")
    return dialect("de" if sign == ";" else "en")


_AT = {column: at for at, column in enumerate(CSV_COLUMNS)}
_GAMES = {
    said: game
    for game in (*(str(t) for t in GameType), "ramsch")
    for word in every_language(f"csv.cell.game.{game}")
    for said in (word, word.casefold())
}
"""A game's cell in any language skatcalc writes (``Kreuz``, ``clubs``) to the game's name."""
_GAME = _AT["game"]
_OPTIONS_AT = _AT[ENTERED_COLUMNS[1]]
_OPTIONS = tuple((option.key, option.kind) for option in GAME_OPTIONS)
"""The game's options, in the order of their columns (which follow the game's)."""
_DEFAULTS = GameSpec("")[1:]
_WRITTEN: dict[type, dict[str, object]] = {
    bool: {"true": True, "false": False, "WAHR": True, "FALSCH": False},
    int: {str(n): n for n in range(1000)},
    str: {},
}
_AS_WRITTEN = tuple(_WRITTEN[kind] for _, kind in _OPTIONS)
"""Each option's cells as skatcalc writes them (flags, whole numbers), read by a look-up
(0.05 µs a cell); any other cell is read by the dialect (:func:`_cell`)."""


def _csv_deal(number: int, row: list[str], spoken: Dialect) -> dict[str, Any] | Deal:
    """The deal of a row (its cells by :data:`CSV_COLUMNS`; a short row's missing ones
    empty): a passed deal or a Ramsch as a sheet file's ``[[deal]]`` table holds it, a game as
    the deal that table reads as (:func:`_csv_game`)."""
    size = len(row)
    if size > _GAME and row[0] == str(number):  # a game's row as skatcalc writes it
        game = _GAMES.get(row[_GAME], row[_GAME])
        if game and game[0] != "'" and game != "ramsch":
            return _csv_game(number, row, game, spoken)

    def cell(key: str) -> str:
        at = _AT[key]
        return _unguarded(row[at]) if at < size else ""

    if cell("n") != str(number):
        raise SheetFileError("err.import.row", row=number + 1, n=number, got=repr(cell("n")))
    game = cell("game")
    game = _GAMES.get(game) or _GAMES.get(game.casefold(), game)
    if not game:
        return {"passed": True}
    if game != "ramsch":
        return _csv_game(number, row, game, spoken)
    out: dict[str, Any] = {
        "ramsch": _json_cell(number, "ramsch_points", cell("ramsch_points")),
        "jungfrau": _json_cell(number, "jungfrau", cell("jungfrau")),
        "pushes": _int_cell(number, "pushes", cell("pushes") or "0", spoken),
    }
    for key in ("durchmarsch", "last_trick"):
        if cell(key):
            out[key] = cell(key)
    return out


def _csv_game(number: int, row: list[str], game: str, spoken: Dialect) -> Deal:
    """The deal of a game's row: its declarer and each option's cell read by the option's kind
    (the first cell that is not one raises, in the order of the columns), straight to the game
    (the table a sheet file holds and :func:`~skatcalc.store.sheet_codec.deal_of` reads gives the
    same deal: tests/sheet/test_import_stream.py; an import of 100,000 deals read 4.9 µs a
    game through the table, 1.5 µs this way)."""
    values: list[object] = [game, *_DEFAULTS]
    cells = row[_OPTIONS_AT : _OPTIONS_AT + len(_OPTIONS)]
    for i, given in enumerate(cells):
        if given:
            read = _AS_WRITTEN[i].get(given)
            values[i + 1] = _cell(number, i, given, spoken) if read is None else read
    return Deal(_unguarded(row[2]) if len(row) > 2 else "", GameSpec._make(values))


def _cell(number: int, i: int, given: str, spoken: Dialect) -> object:
    """The cell ``given`` of option ``i`` of deal ``number``, by the option's kind: the formula
    guard taken off, a flag or a whole number as a spreadsheet may write it back (in the
    dialect ``spoken``); an empty cell is the option's default."""
    given = _unguarded(given)
    key, kind = _OPTIONS[i]
    if not given:
        return _DEFAULTS[i]
    if kind is bool:
        read = flag(given)
        if read is None:
            raise SheetFileError(
                "err.import.flag", n=number, key=key, cell=repr(given), deal=number, field=key
            )
        return read
    if kind is int:
        plain = given.isascii() and given.isdigit()
        return int(given) if plain else _int_cell(number, key, given, spoken)
    return given


def _int_cell(number: int, key: str, cell: str, spoken: Dialect) -> int:
    read = whole(cell, spoken)
    if read is None:
        raise SheetFileError(
            "err.import.int", n=number, key=key, cell=repr(cell), deal=number, field=key
        )
    return read


def _json_cell(number: int, key: str, cell: str) -> Any:
    try:
        return read_value(cell)
    except (ValueError, RecursionError):  # RecursionError: nested deeper than any export
        raise SheetFileError(
            "err.import.json_cell",
            n=number,
            key=key,
            cell=repr(cell),
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
    sep = dialect(current()).delimiter
    return SheetFileError(
        "err.import.not_csv",
        head=sep.join(heads()[:5]),
        sep=sep,
        last=heads()[CSV_COLUMNS.index("last_trick")],
    )


# --- the standings ----------------------------------------------------------------------------


def _prize_rows(writer: Any, result: Standings) -> None:
    """The pot and the prizes in all, then each category's places and prizes, in cents."""
    if result.pot is not None:
        writer.writerow(())
        writer.writerow(map(_inert, (w("csv.tour.pot_cents"), result.pot)))
        writer.writerow(map(_inert, (w("csv.tour.prize_total_cents"), result.prize_total)))
    if result.categories:
        writer.writerow(())
        heads = ("category", "place", "tied", "player", "prize_cents")
        writer.writerow(map(_inert, (w(f"csv.tour.{key}") for key in heads)))
        for own in result.categories:
            for x in own.places:
                cells = (own.name, x.place, str(x.tied).lower(), x.name, x.prize_cents)
                writer.writerow(map(_inert, cells))


def _paper_rows(writer: Any, tournament: Tournament, result: Standings) -> None:
    """The tables counted from their paper lists, under their own header row."""
    if result.paper:
        writer.writerow(())
        heads = ("paper_series", "paper_table", "sheet")
        writer.writerow(map(_inert, (w(f"csv.tour.{key}") for key in heads)))
        for p in result.paper:
            sheet = tournament.series[p.series - 1].tables[p.table - 1].sheet
            writer.writerow(map(_inert, (p.series, p.table, sheet)))


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
    head += [w("csv.tour.fee_cents")] if result.fee is not None else []
    head += [w("csv.tour.prize_cents")] if result.prizes is not None else []
    writer.writerow(map(_inert, head))
    for s in (*result.ranking, *result.apart):
        cells: list[object] = [
            "?" if s.pending else s.place, _flag_cell(s.tied), s.name,
            _flag_cell(s.withdrawn), s.seeger_fabian, s.won, s.lost,
            *("" if x is None or not x.counted else x.seeger_fabian for x in s.series),
        ]  # fmt: skip
        if s.fee_cents is not None:
            cells.append(s.fee_cents)
        if s.prize_cents is not None:
            cells.append(s.prize_cents)
        writer.writerow(map(_inert, cells))
    if result.fee_total is not None:
        writer.writerow(())
        writer.writerow(map(_inert, (w("csv.tour.fee_total_cents"), result.fee_total)))
    _prize_rows(writer, result)
    if result.closed:
        writer.writerow(())
        keys = ("closed_series", "closed_table", "sheet", "deals", "length")
        writer.writerow(map(_inert, (w(f"csv.tour.{key}") for key in keys)))
        for c in result.closed:
            sheet = tournament.series[c.series - 1].tables[c.table - 1].sheet
            writer.writerow(map(_inert, (c.series, c.table, sheet, c.deals, c.length)))
    _paper_rows(writer, tournament, result)
    return out.getvalue()


def render_season(result: Season, width: int | None = None) -> str:
    """The year's ranking for a spreadsheet, under a header row in the language in use: the
    ranked players, then those apart (``ranked`` false, no place). The series and the average
    per series with the language's decimal mark, two places.

    >>> from skatcalc.season import season
    >>> from skatcalc.sheet.model import Sheet
    >>> print(render_season(season([Sheet.new(["Anna", "Ben", "Carl"])], best=2)), end="")
    place,tied,player,ranked,series_played,series_counted,seeger_fabian,seeger_fabian_per_series
    1,true,Anna,true,0.00,0.00,0,
    1,true,Ben,true,0.00,0.00,0,
    1,true,Carl,true,0.00,0.00,0,
    """
    spoken = dialect(current())
    out, writer = _writer(spoken)
    keys = ("place", "tied", "player", "ranked", "played", "counted", "points", "average")
    writer.writerow(map(_inert, (w(f"csv.season.{key}") for key in keys)))

    def decimal(number: Fraction) -> str:
        return f"{float(number):.2f}".replace(".", spoken.decimal)

    for player, ranked in (
        *((p, True) for p in result.ranking),
        *((p, False) for p in result.apart),
    ):
        average = player.average
        writer.writerow(map(_inert, (
            player.place if ranked else "", _flag_cell(player.tied), player.name,
            _flag_cell(ranked), decimal(player.played), decimal(player.series), player.points,
            "" if average is None else decimal(average),
        )))  # fmt: skip
    return out.getvalue()
