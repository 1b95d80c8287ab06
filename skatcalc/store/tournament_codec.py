"""A tournament's TOML text: text to :class:`Tournament` and back, pure (the second codec of the
store, beside the sheet's :mod:`skatcalc.store.sheet_codec`, whose rule tables it uses, and the TOML of
:mod:`skatcalc.store.toml`).

:func:`parse` and :func:`render` are round-trip tested; :func:`edit` rewrites only the lines a
change changes, so comments stay. :data:`TOURNAMENT` is the tournament as a kind of file for
:mod:`skatcalc.store.files`, which reads, creates and changes it as it does a sheet: the size
limit, a FIFO or a device refused, the exclusive lock, the atomic write, a file that does not
parse refused (never overwritten) with the line of its first problem.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from skatcalc.errors import SheetError, SheetFileError, SkatError, listed, say
from skatcalc.names import name_key, nfc
from skatcalc.sheet.rules import SHEET_ONLY
from skatcalc.store.codec import Codec
from skatcalc.store.sheet_codec import rules_table, rules_text
from skatcalc.store.toml import Lines, Problem, toml_data, toml_key, toml_value
from skatcalc.tournament.model import (
    FORMAT_VERSION,
    MAX_LENGTH,
    Series,
    Table,
    TableMode,
    Tournament,
)

if TYPE_CHECKING:
    from skatcalc.store import layout

__all__ = ["HEADER", "TOURNAMENT", "edit", "parse", "render", "sheet_path"]

HEADER = """\
# skatcalc tournament.
# Every table keeps an ordinary skatcalc sheet (skatcalc sheet show FILE); the standings are
# computed from those sheets. Edit by hand if you like; skatcalc tournament show FILE checks it.
"""

_TOP = {
    "format": "the file format",
    "name": "the tournament's title",
    "players": "the field, in order of entry",
    "withdrawn": "players who left: not drawn again; their series still count",
    "planned": "series planned",
    "length_three": "deals a series at a table of three",
    "length_four": "deals a series at a table of four",
    "tables": "fours: tables of four first; threes: tables of three first",
}
_SEEDED = "seated by the standings"
_PAPER = "the paper list's bottom line: points, won, lost in seat order"


def _closed_note(deals: int) -> str:
    return f"closed by the organiser: counts with {deals} deal{'' if deals == 1 else 's'}"


# --- the codec ---------------------------------------------------------------------------------


def render(tournament: Tournament) -> str:
    """The tournament as TOML text.

    >>> t = Tournament.new("Club night", ["Anna", "Ben", "Carl"], planned=2)
    >>> print(render(t).split("[rules]")[0].split("\\n", 3)[3], end="")
    format = 1
    name = "Club night"
    players = ["Anna", "Ben", "Carl"]
    withdrawn = []
    planned = 2  # series planned
    length_three = 36  # deals a series at a table of three
    length_four = 48  # deals a series at a table of four
    tables = "fours"  # fours: tables of four first; threes: tables of three first
    <BLANKLINE>
    >>> parse(render(t.draw_next(1))) == t.draw_next(1)
    True
    """
    return (
        f"{HEADER}format = {FORMAT_VERSION}\n"
        f"name = {toml_value(tournament.name)}\n"
        f"players = {toml_value(tournament.players)}\n"
        f"withdrawn = {toml_value(tournament.withdrawn)}\n"
        f"planned = {tournament.planned}  # {_TOP['planned']}\n"
        f"length_three = {tournament.length_three}  # {_TOP['length_three']}\n"
        f"length_four = {tournament.length_four}  # {_TOP['length_four']}\n"
        f"tables = {toml_value(str(tournament.tables))}  # {_TOP['tables']}\n"
        "\n[rules]\n"
        + rules_text(tournament.rules, leave_out=SHEET_ONLY)
        + _teams_text(tournament)
        + _categories_text(tournament)
        + "".join(_series_text(n, s) for n, s in enumerate(tournament.series, 1))
    )


def _teams_text(tournament: Tournament) -> str:
    return _named_lists("teams", _TEAMS_NOTE, tournament.teams)


def _categories_text(tournament: Tournament) -> str:
    return _named_lists("categories", _CATEGORIES_NOTE, tournament.categories)


def _named_lists(table: str, note: str, named: tuple[tuple[str, tuple[str, ...]], ...]) -> str:
    """A table of named lists of players (``[teams]``, ``[categories]``) with its comment;
    nothing where there are none.

    >>> print(_named_lists("teams", "pairs", (("Duo", ("Anna", "Ben")),)), end="")
    <BLANKLINE>
    [teams]  # pairs
    Duo = ["Anna", "Ben"]
    """
    if not named:
        return ""
    lines = "".join(f"{toml_key(name)} = {toml_value(members)}\n" for name, members in named)
    return f"\n[{table}]  # {note}\n{lines}"


def _series_text(number: int, series: Series) -> str:
    text = f"\n[[series]]  # series {number}\nseed = {series.seed}\n"
    if series.seeded:
        text += f"seeded = true  # {_SEEDED}\n"
    for table in series.tables:
        text += f"\n[[series.table]]\nplayers = {toml_value(table.players)}\nsheet = {toml_value(table.sheet)}\n"
        if table.closed is not None:
            text += _closed_line(table.closed) + "\n"
        if table.paper is not None:
            text += f"paper = {toml_value(table.paper)}  # {_PAPER}\n"
    return text


def _closed_line(deals: int) -> str:
    return f"closed = {deals}  # {_closed_note(deals)}"


def parse(text: str) -> Tournament:
    """Read a tournament from its TOML text; raise :class:`SheetFileError` at the first problem.

    >>> parse('format = 1\\nname = "x"\\nplayers = ["A", "B", "C"]\\nplanned = 0\\n')
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetFileError: err.file.line(line=4, error=err.tfile.count(key='planned', value=0))
    """
    data = toml_data(text)
    lines = Lines(text, None)

    def fail(key: str, error: SkatError) -> SheetFileError:
        """``error``, about the top-level ``key``, at the key's line."""
        located = Problem(lines.key("top", key), error).located()
        located.field = located.field or key
        return located

    _check_top(data, fail)
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise fail("name", SheetFileError("err.tfile.name"))
    players = _names(data.get("players"), "players", fail)
    withdrawn = _names(data.get("withdrawn", []), "withdrawn", fail)
    counts = _counts(data, fail)
    raw_rules = data.get("rules", {})
    if not isinstance(raw_rules, dict):
        raise fail("rules", SheetFileError("err.sheet.rules_type"))
    problems: list[Problem] = []
    rules = rules_table(raw_rules, lines, problems)
    if problems:
        raise problems[0].located()
    try:
        tournament = Tournament.new(name, players, rules=rules, **counts).leave_all(withdrawn)
    except SheetError as error:
        raise fail("players", error) from None
    tournament = tournament.with_tables(_tables(data.get("tables"), fail))
    tournament = _with_teams(tournament, data.get("teams", {}), fail)
    tournament = _with_categories(tournament, data.get("categories", {}), fail)
    raw_series = data.get("series", [])
    if not isinstance(raw_series, list):
        raise fail("series", SheetFileError("err.tfile.series_type"))
    headers = _series_lines(text)
    field = set(tournament.players)
    drawn = tuple(
        _series(n, raw, tournament, field, headers[n - 1] if n <= len(headers) else 0)
        for n, raw in enumerate(raw_series, 1)
    )
    _one_sheet_each(drawn, headers)
    if len(drawn) > tournament.planned:
        too_many = SheetFileError("err.tfile.drawn", drawn=len(drawn), planned=tournament.planned)
        raise fail("planned", too_many)
    return replace(tournament, series=drawn)


def _check_top(data: dict[str, Any], fail: Fail) -> None:
    """The file's ``format`` is one this reads, and it has no key this does not know."""
    version = data.get("format")
    if type(version) is not int:
        raise fail("format", SheetFileError("err.tfile.format_type", version=FORMAT_VERSION))
    if version < 1:  # a version counts from 1
        below = SheetFileError("err.sheet.format_range", version=FORMAT_VERSION, value=version)
        raise fail("format", below)
    if version > FORMAT_VERSION:
        newer = SheetFileError("err.tfile.newer", version=version, supported=FORMAT_VERSION)
        raise fail("format", newer)
    for key in data:
        if key not in (*_TOP, "rules", "teams", "categories", "series"):
            raise fail(
                key, SheetFileError("err.tfile.unknown_key", key=key, keys=listed(list(_TOP)))
            )


def _tables(raw: object, fail: Fail) -> TableMode:
    """The table mode; a file without one (written before the choice existed) keeps seating
    tables of three first, as it always did."""
    if raw is None:
        return TableMode.THREES
    try:
        if not isinstance(raw, str):
            raise SheetError("err.tournament.tables", text=repr(raw), field="tables")
        return TableMode.parse(raw)
    except SheetError as error:
        raise fail("tables", error) from None


Fail = Callable[[str, SkatError], SheetFileError]


def _counts(data: dict[str, Any], fail: Fail) -> dict[str, int]:
    """``planned`` from 1, and the lengths of a series from 1 to :data:`MAX_LENGTH`."""
    counts = {}
    for key, default in (("planned", 3), ("length_three", 36), ("length_four", 48)):
        count = data.get(key, default)
        if type(count) is not int or count < 1:
            raise fail(key, SheetFileError("err.tfile.count", key=key, value=count))
        if key != "planned" and count > MAX_LENGTH:
            too_long = SheetFileError("err.tfile.length", key=key, value=count, most=MAX_LENGTH)
            raise fail(key, too_long)
        counts[key] = count
    return counts


def _with_teams(tournament: Tournament, raw: object, fail: Fail) -> Tournament:
    if not isinstance(raw, dict):
        raise fail("teams", SheetFileError("err.tfile.teams_type"))
    for team, members in raw.items():
        if not isinstance(members, list) or not all(isinstance(m, str) for m in members):
            raise fail("teams", SheetFileError("err.tfile.team_list", team=team))
    try:
        return tournament.with_teams(list(raw.items()))  # one pass: linear in the file
    except SheetError as error:
        raise fail("teams", error) from None


def _with_categories(tournament: Tournament, raw: object, fail: Fail) -> Tournament:
    """The ``[categories]`` table: each a name and a list of players of the field."""
    if not isinstance(raw, dict) or not all(
        isinstance(m, list) and m and all(isinstance(p, str) for p in m) for m in raw.values()
    ):
        raise fail("categories", SheetFileError("err.tfile.categories"))
    try:
        return tournament.with_categories(list(raw.items()))
    except SheetError as error:
        raise fail("categories", error) from None


def _names(raw: object, key: str, fail: Fail) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        raise fail(key, SheetFileError("err.tfile.names", key=key))
    return tuple(raw)


def _series(number: int, raw: Any, tournament: Tournament, field: set[str], line: int) -> Series:
    """Series ``number`` (its header at ``line``) of ``tournament``, whose players are
    ``field`` (a set: a table's players are each looked up once)."""

    def fail(table: int, key: str, /, **values: object) -> SheetFileError:
        """The problem ``key`` of this series (and of its ``table``, from 1), at its line."""
        return _at_series(number, table, line, key, **values)

    if not isinstance(raw, dict) or type(raw.get("seed", 0)) is not int:
        raise fail(0, "err.tfile.series_shape")
    unknown = set(raw) - {"seed", "seeded", "table"}
    if unknown:
        raise fail(0, "err.tfile.series_key", key=sorted(unknown)[0])
    seeded = raw.get("seeded", False)
    if not isinstance(seeded, bool):
        raise fail(0, "err.tfile.seeded", value=seeded)
    raw_tables = raw.get("table", [])
    if not isinstance(raw_tables, list) or not raw_tables:
        raise fail(0, "err.tfile.no_tables")
    seated: set[str] = set()
    tables = [
        _table(table, fail, t, tournament, field, seated) for t, table in enumerate(raw_tables, 1)
    ]
    return Series(raw.get("seed", 0), tuple(tables), seeded)


class _SeriesFail(Protocol):
    def __call__(self, table: int, key: str, /, **values: object) -> SheetFileError: ...


def _table(
    raw: object,
    fail: _SeriesFail,
    t: int,
    tournament: Tournament,
    field: set[str],
    seated: set[str],
) -> Table:
    """Table ``t`` (from 1) of a series: its players in the field and at no other table of the
    series (``seated``, which it adds them to), a sheet in the tournament's folder, and
    ``closed`` within a series' length."""
    if not isinstance(raw, dict) or not {"players", "sheet"} <= set(raw) <= {
        "players",
        "sheet",
        "closed",
        "paper",
    }:
        raise fail(t, "err.tfile.table_shape")
    players, sheet = raw["players"], raw["sheet"]
    if (
        not isinstance(players, list)
        or len(players) not in (3, 4)
        or not all(isinstance(p, str) for p in players)
    ):
        raise fail(t, "err.tfile.table_players")
    players = [nfc(name) for name in players]  # as the field keeps them
    for name in players:
        if name not in field:
            raise fail(t, "err.tfile.not_in_field", name=name)
        if name in seated:
            raise fail(t, "err.tfile.two_tables", name=name)
        seated.add(name)
    if not isinstance(sheet, str) or not sheet.strip():
        raise fail(t, "err.tfile.table_sheet")
    if not _file_name(sheet):
        raise fail(t, "err.tfile.sheet_folder", sheet=sheet)
    closed = raw.get("closed")
    length = tournament.length(len(players))
    if closed is not None and (type(closed) is not int or not 0 <= closed < length):
        raise fail(t, "err.tfile.closed", value=closed, most=length - 1)
    try:
        paper = _paper(raw.get("paper"), len(players), length)
    except SheetFileError:
        raise fail(t, "err.tfile.paper", size=len(players), length=length) from None
    return Table(tuple(players), sheet, closed, paper)


def _paper(raw: object, size: int, length: int) -> tuple[tuple[int, int, int], ...] | None:
    """A table's ``paper`` list: one ``[points, won, lost]`` of whole numbers a player, games
    0 or more and no more games than deals; raises a bare error (the table's caller places
    it).

    >>> _paper([[1, 1, 0], [0, 0, 1], [0, 0, 0]], 3, 12)
    ((1, 1, 0), (0, 0, 1), (0, 0, 0))
    >>> _paper([[1, 1, 0], [0, 0, 1]], 3, 12)
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetFileError: err.tfile.paper(size=3, length=12)
    """
    if raw is None:
        return None
    bad = SheetFileError("err.tfile.paper", size=size, length=length)
    if not isinstance(raw, list) or len(raw) != size:
        raise bad
    lines = []
    for line in raw:
        if not isinstance(line, list) or len(line) != 3 or any(type(x) is not int for x in line):
            raise bad
        if line[1] < 0 or line[2] < 0:
            raise bad
        lines.append((line[0], line[1], line[2]))
    if sum(won + lost for _, won, lost in lines) > length:
        raise bad
    return tuple(lines)


def _at_series(number: int, table: int, line: int, key: str, /, **values: object) -> SheetFileError:
    code = "err.tfile.table_at" if table else "err.tfile.series_at"
    at: dict[str, Any] = {"n": number, "error": say(key, **values)}
    if table:
        at["t"] = table
    if line:
        return SheetFileError("err.file.line", line=line, error=say(code, **at))
    return SheetFileError(code, **at)


def _file_name(sheet: str) -> bool:
    r"""Whether a table's ``sheet`` names a file in the tournament's own folder: one name, no
    folder (``/``, ``\``, ``..``), no drive or stream (``:``), nothing a terminal would not
    show as it is, at most 255 bytes.

    >>> [_file_name(s) for s in ("cup-s1-t1.toml", "../x.toml", "/etc/x", "C:x", "..", "a\nb")]
    [True, False, False, False, False, False]
    """
    return (
        sheet not in (".", "..")
        and not any(sign in sheet for sign in "/\\:")
        and sheet.isprintable()
        and sheet == sheet.strip()
        and len(sheet.encode("utf-8", "surrogatepass")) <= 255
    )


def _one_sheet_each(drawn: tuple[Series, ...], headers: list[int]) -> None:
    """Refuse two tables that keep one sheet: its deals would count twice in the standings.
    Names that a file system may take for one (case, composed letters) are one name."""
    seen: dict[str, tuple[int, int]] = {}
    for n, series in enumerate(drawn, 1):
        for t, table in enumerate(series.tables, 1):
            first = seen.setdefault(name_key(table.sheet), (n, t))
            if first != (n, t):
                line = headers[n - 1] if n <= len(headers) else 0
                raise _at_series(n, t, line, "err.tfile.same_sheet", sheet=table.sheet,
                                 m=first[0], u=first[1])  # fmt: skip


def _series_lines(text: str) -> list[int]:
    """The line of each ``[[series]]`` header, found in one pass."""
    headers = [m.start() for m in re.finditer(r"^[ \t]*\[\[[ \t]*series[ \t]*\]\]", text, re.M)]
    lines = []
    line, at = 1, 0
    for start in headers:
        line += text.count("\n", at, start)
        at = start
        lines.append(line)
    return lines


def _patched(text: str, old: Tournament, new: Tournament) -> str:
    """The new text, changing only what changed, where it stands: a top-level value, a name
    added to or taken out of a list (the field, the withdrawn, a team), a team named or
    dissolved, a table closed or opened again; new series are appended. Every comment stays,
    a comment inside a value that is rewritten whole on a line of its own above it. The text is
    read back and compared; where it does not say the change (or the file is laid out in a way
    :mod:`skatcalc.store.layout` does not follow), the whole file is written anew."""
    # here, not at the top: reading a tournament (standings) needs no layout, and its import
    # is 3.7-3.8 ms (three processes, after skatcalc's reading modules)
    from skatcalc.store import layout

    found = layout.layout(text)
    if found is not None:
        try:
            patched = layout.apply(text, _edits(found, old, new))
        except (_Anew, ValueError):
            patched = None
        if patched is not None:
            drawn = enumerate(new.series, 1)
            patched = patched.rstrip("\n") + "\n"
            patched += "".join(_series_text(n, s) for n, s in drawn if n > len(old.series))
            if "\r\n" in text and "\n" not in text.replace("\r\n", ""):
                # a file written with Windows line ends: the lines added end the same way
                patched = re.sub(r"(?<!\r)\n", "\r\n", patched)
            try:
                if parse(patched) == new:
                    return patched
            except SheetFileError:
                pass
    return render(new)


class _Anew(Exception):
    """A change the patcher does not make in place: the file is written anew."""


def _edits(found: layout.Layout, old: Tournament, new: Tournament) -> list[layout.Edit]:
    if new.rules != old.rules or len(new.series) < len(old.series):
        raise _Anew
    edits: list[layout.Edit] = []
    for key, before, after in (
        ("name", toml_value(old.name), toml_value(new.name)),
        ("planned", str(old.planned), str(new.planned)),
        ("length_three", str(old.length_three), str(new.length_three)),
        ("length_four", str(old.length_four), str(new.length_four)),
        ("tables", toml_value(str(old.tables)), toml_value(str(new.tables))),
    ):
        if before != after:
            edits += _set(found, (), key, after, note=_TOP.get(key))
    edits += _listed(found, (), "players", old.players, new.players, note=None)
    edits += _listed(found, (), "withdrawn", old.withdrawn, new.withdrawn, note=None)
    edits += _teams(found, old, new)
    edits += _named(found, "categories", _CATEGORIES_NOTE, old.categories, new.categories)
    for i, (before_series, after_series) in enumerate(zip(old.series, new.series, strict=False)):
        if before_series == after_series:
            continue
        if (before_series.seed, before_series.seeded, len(before_series.tables)) != (
            after_series.seed,
            after_series.seeded,
            len(after_series.tables),
        ):
            raise _Anew
        for j, (a, b) in enumerate(zip(before_series.tables, after_series.tables, strict=True)):
            edits += _table_edits(found, (("series", i), ("table", j)), a, b)
    return edits


def _table_edits(
    found: layout.Layout, where: layout.Where, before: Table, after: Table
) -> list[layout.Edit]:
    """A table closed or opened again, or its paper list typed; nothing else changes in
    place."""
    if (before.players, before.sheet) != (after.players, after.sheet):
        raise _Anew
    edits: list[layout.Edit] = []
    if before.closed != after.closed:
        edits += _closed(found, where, before.closed, after.closed)
    if before.paper != after.paper:
        if after.paper is None:
            raise _Anew
        edits += _set(found, where, "paper", toml_value(after.paper), note=_PAPER)
    return edits


def _set(
    found: layout.Layout, where: layout.Where, key: str, value: str, *, note: str | None
) -> list[layout.Edit]:
    """``key = value`` in the table at ``where``: its value replaced, or a line added after
    the table's last entry."""
    from skatcalc.store import layout  # as in _patched: only a change needs it

    entry = found.entry(where, key)
    if entry is not None:
        return layout.replaced(found, entry, value)
    entries = found.in_table(where)
    if not entries:
        raise _Anew
    line = f"{toml_key(key)} = {value}" + (f"  # {note}" if note else "")
    return [(entries[-1].end, entries[-1].end, "\n" + line)]


def _listed(
    found: layout.Layout,
    where: layout.Where,
    key: str,
    before: tuple[str, ...],
    after: tuple[str, ...],
    *,
    note: str | None,
) -> list[layout.Edit]:
    """A list of names changed: names added at its end or taken out where they stand, in the
    list's own layout (over several lines, with comments between the names); else the list
    rewritten."""
    from skatcalc.store import layout  # as in _patched: only a change needs it

    if before == after:
        return []
    entry = found.entry(where, key)
    if entry is None or entry.items is None or len(entry.items) != len(before):
        return _set(found, where, key, toml_value(after), note=note)
    text = found.text
    if after[: len(before)] == before:
        added = layout.appended(text, entry, [toml_value(name) for name in after[len(before) :]])
        if added:
            return added
    else:
        gone, kept = [], 0
        for i, name in enumerate(before):
            if kept < len(after) and after[kept] == name:
                kept += 1
            else:
                gone.append(i)
        if kept == len(after):
            return layout.removed_items(text, entry, gone)
    return layout.replaced(found, entry, toml_value(after))


_TEAMS_NOTE = "pairs and teams: NAME = [players]"
_CATEGORIES_NOTE = "categories with their own prizes: NAME = [players]"


def _teams(found: layout.Layout, old: Tournament, new: Tournament) -> list[layout.Edit]:
    """Teams dissolved, changed or named (:func:`_named`)."""
    return _named(found, "teams", _TEAMS_NOTE, old.teams, new.teams)


def _named(
    found: layout.Layout,
    key: str,
    note: str,
    old: tuple[tuple[str, tuple[str, ...]], ...],
    new: tuple[tuple[str, tuple[str, ...]], ...],
) -> list[layout.Edit]:
    """Named lists of players in the table ``[key]`` (teams, categories): dissolved (their
    lines taken out), changed (their lists), named (lines added at the end of the table, or
    the table added before the series)."""
    from skatcalc.store import layout  # as in _patched: only a change needs it

    if old == new:
        return []
    if found.entry((), key) is not None:
        raise _Anew  # an inline table: rewritten whole
    where: layout.Where = ((key, 0),)
    before, after = dict(old), dict(new)
    edits: list[layout.Edit] = []
    for name, members in old:
        entry = found.entry(where, name)
        if entry is None:
            raise _Anew
        if name not in after:
            edits += layout.removed(found, entry)
        elif after[name] != members:
            edits += _listed(found, where, name, members, after[name], note=None)
    lines = "".join(
        f"{toml_key(name)} = {toml_value(members)}\n" for name, members in new if name not in before
    )
    if not lines:
        return edits
    return [*edits, *_added_lines(found, where, f"[{key}]  # {note}\n", lines)]


def _added_lines(
    found: layout.Layout, where: layout.Where, block: str, lines: str
) -> list[layout.Edit]:
    """``lines`` added at the end of the table at ``where``, or the table (``block``, its
    header line) added before the series."""
    from skatcalc.store import layout  # as in _patched: only a change needs it

    header = found.header(where)
    if header is not None:
        entries = found.in_table(where)
        at = entries[-1].end if entries else header.end
        return [(at, at, "\n" + lines.rstrip("\n"))]
    text = found.text
    block += lines
    series = [h for h in found.headers if h.where and h.where[0][0] == "series"]
    if series:
        at = layout.comments_above(text, series[0].start)
        return [(at, at, block + "\n")]
    return [(len(text), len(text), ("" if text.endswith("\n") else "\n") + "\n" + block)]


def _closed(
    found: layout.Layout, where: layout.Where, before: int | None, after: int | None
) -> list[layout.Edit]:
    """A table's ``closed`` line added, changed or taken out; skatcalc's own note beside it
    follows the number, a person's comment stays."""
    from skatcalc.store import layout  # as in _patched: only a change needs it

    entry = found.entry(where, "closed")
    if entry is None:
        if after is None or before is not None:
            raise _Anew
        entries = found.in_table(where)
        if not entries:
            raise _Anew
        return [(entries[-1].end, entries[-1].end, "\n" + _closed_line(after))]
    note = "" if before is None else f"# {_closed_note(before)}"
    ours = found.comments_in(entry.start, entry.end) == [note]
    if after is None:
        return layout.removed(found, entry, drop=(note,))
    if ours:
        return [(entry.value[0], entry.end, _closed_line(after).removeprefix("closed = "))]
    return [(entry.value[0], entry.value[1], str(after))]


def edit(text: str) -> tuple[Tournament, Callable[[Tournament], str]]:
    """The tournament in ``text`` (raising as :func:`parse` does), and how to write it changed:
    only the lines that changed are rewritten where the new text reads back as the change, else
    the whole file anew (:func:`render`).

    >>> t = Tournament.new("Cup", ["Anna", "Ben", "Carl"])
    >>> old, write = edit("# ours\\n" + render(t))
    >>> write(old.join("Dora")).startswith("# ours\\n")
    True
    """
    old = parse(text)
    return old, lambda new: _patched(text, old, new)


def sheet_path(path: Path, table: Table) -> Path:
    """Where a table's sheet is: its name, relative to the tournament file's folder.

    >>> sheet_path(Path("club/cup.toml"), Table(("Anna", "Ben", "Carl"), "cup-s1-t1.toml")).as_posix()
    'club/cup-s1-t1.toml'
    """
    return path.parent / table.sheet


TOURNAMENT: Codec[Tournament] = Codec(
    parse, render, edit, missing="err.tfile.missing", not_regular="err.tfile.kind",
    too_big="err.tfile.big", not_utf8="err.tfile.utf8", read_only="err.tfile.read_only",
)  # fmt: skip
"""A tournament, as :mod:`skatcalc.store.files` reads, creates and changes it."""
