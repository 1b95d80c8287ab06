"""A tournament's TOML text: text to :class:`Tournament` and back, pure (the second codec of the
store, beside the sheet's :mod:`skatcalc.store.toml`, whose TOML reader and rule tables it uses).

:func:`parse` and :func:`render` are round-trip tested; :func:`edit` rewrites only the lines a
change changes, so comments stay. :data:`TOURNAMENT` is the tournament as a kind of file for
:mod:`skatcalc.store.files`, which reads, creates and changes it as it does a sheet: the size
limit, a FIFO or a device refused, the exclusive lock, the atomic write, a file that does not
parse refused (never overwritten) with the line of its first problem.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from skatcalc.errors import SheetError, SheetFileError, SkatError, listed, say
from skatcalc.store import toml as codec
from skatcalc.store.codec import Codec
from skatcalc.tournament.model import FORMAT_VERSION, Series, Table, Tournament

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
}


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
    <BLANKLINE>
    >>> parse(render(t.draw_next(1))) == t.draw_next(1)
    True
    """
    value = codec.toml_value
    return (
        f"{HEADER}format = {FORMAT_VERSION}\n"
        f"name = {value(tournament.name)}\n"
        f"players = {value(tournament.players)}\n"
        f"withdrawn = {value(tournament.withdrawn)}\n"
        f"planned = {tournament.planned}  # {_TOP['planned']}\n"
        f"length_three = {tournament.length_three}  # {_TOP['length_three']}\n"
        f"length_four = {tournament.length_four}  # {_TOP['length_four']}\n"
        "\n[rules]\n"
        + codec.rules_text(tournament.rules)
        + _teams_text(tournament)
        + "".join(_series_text(n, s) for n, s in enumerate(tournament.series, 1))
    )


def _teams_text(tournament: Tournament) -> str:
    if not tournament.teams:
        return ""
    value = codec.toml_value
    lines = "".join(
        f"{codec.toml_key(name)} = {value(members)}\n" for name, members in tournament.teams
    )
    return f"\n[teams]  # pairs and teams: NAME = [players]\n{lines}"


def _series_text(number: int, series: Series) -> str:
    value = codec.toml_value
    text = f"\n[[series]]  # series {number}\nseed = {series.seed}\n"
    for table in series.tables:
        text += (
            f"\n[[series.table]]\nplayers = {value(table.players)}\nsheet = {value(table.sheet)}\n"
        )
    return text


def parse(text: str) -> Tournament:
    """Read a tournament from its TOML text; raise :class:`SheetFileError` at the first problem.

    >>> parse('format = 1\\nname = "x"\\nplayers = ["A", "B", "C"]\\nplanned = 0\\n')
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetFileError: err.file.line(line=4, error=err.tfile.count(key='planned', value=0))
    """
    data = codec.toml_data(text)
    lines = codec.Lines(text, None)

    def fail(key: str, error: SkatError) -> SheetFileError:
        """``error``, about the top-level ``key``, at the key's line."""
        located = codec.Problem(lines.key("top", key), error).located()
        located.field = located.field or key
        return located

    version = data.get("format")
    if type(version) is not int:
        raise fail("format", SheetFileError("err.tfile.format_type", version=FORMAT_VERSION))
    if version > FORMAT_VERSION:
        newer = SheetFileError("err.tfile.newer", version=version, supported=FORMAT_VERSION)
        raise fail("format", newer)
    for key in data:
        if key not in (*_TOP, "rules", "teams", "series"):
            raise fail(
                key, SheetFileError("err.tfile.unknown_key", key=key, keys=listed(list(_TOP)))
            )
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise fail("name", SheetFileError("err.tfile.name"))
    players = _names(data.get("players"), "players", fail)
    withdrawn = _names(data.get("withdrawn", []), "withdrawn", fail)
    counts = {}
    for key, default in (("planned", 3), ("length_three", 36), ("length_four", 48)):
        count = data.get(key, default)
        if type(count) is not int or count < 1:
            raise fail(key, SheetFileError("err.tfile.count", key=key, value=count))
        counts[key] = count
    raw_rules = data.get("rules", {})
    if not isinstance(raw_rules, dict):
        raise fail("rules", SheetFileError("err.sheet.rules_type"))
    problems: list[codec.Problem] = []
    rules = codec.rules_table(raw_rules, lines, problems)
    if problems:
        raise problems[0].located()
    try:
        tournament = Tournament.new(name, players, rules=rules, **counts)
        for gone in withdrawn:
            tournament = tournament.leave(gone)
    except SheetError as error:
        raise fail("players", error) from None
    tournament = _with_teams(tournament, data.get("teams", {}), fail)
    raw_series = data.get("series", [])
    if not isinstance(raw_series, list):
        raise fail("series", SheetFileError("err.tfile.series_type"))
    drawn = tuple(_series(n, raw, tournament, text) for n, raw in enumerate(raw_series, 1))
    if len(drawn) > tournament.planned:
        too_many = SheetFileError("err.tfile.drawn", drawn=len(drawn), planned=tournament.planned)
        raise fail("planned", too_many)
    return Tournament(
        tournament.name, tournament.players, tournament.withdrawn, tournament.planned,
        tournament.length_three, tournament.length_four, tournament.rules, drawn,
        tournament.teams,
    )  # fmt: skip


Fail = Callable[[str, SkatError], SheetFileError]


def _with_teams(tournament: Tournament, raw: object, fail: Fail) -> Tournament:
    if not isinstance(raw, dict):
        raise fail("teams", SheetFileError("err.tfile.teams_type"))
    for team, members in raw.items():
        if not isinstance(members, list) or not all(isinstance(m, str) for m in members):
            raise fail("teams", SheetFileError("err.tfile.team_list", team=team))
        try:
            tournament = tournament.with_team(team, members)
        except SheetError as error:
            raise fail("teams", error) from None
    return tournament


def _names(raw: object, key: str, fail: Fail) -> tuple[str, ...]:
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        raise fail(key, SheetFileError("err.tfile.names", key=key))
    return tuple(raw)


def _series(number: int, raw: Any, tournament: Tournament, text: str) -> Series:
    line = _line_of_series(text, number)

    def fail(table: int, key: str, /, **values: object) -> SheetFileError:
        """The problem ``key`` of this series (and of its ``table``, from 1), at its line."""
        code = "err.tfile.table_at" if table else "err.tfile.series_at"
        at: dict[str, Any] = {"n": number, "error": say(key, **values)}
        if table:
            at["t"] = table
        if line:
            return SheetFileError("err.file.line", line=line, error=say(code, **at))
        return SheetFileError(code, **at)

    if not isinstance(raw, dict) or type(raw.get("seed", 0)) is not int:
        raise fail(0, "err.tfile.series_shape")
    unknown = set(raw) - {"seed", "table"}
    if unknown:
        raise fail(0, "err.tfile.series_key", key=sorted(unknown)[0])
    raw_tables = raw.get("table", [])
    if not isinstance(raw_tables, list) or not raw_tables:
        raise fail(0, "err.tfile.no_tables")
    tables = []
    seated: set[str] = set()
    for t, table in enumerate(raw_tables, 1):
        if not isinstance(table, dict) or set(table) != {"players", "sheet"}:
            raise fail(t, "err.tfile.table_shape")
        players, sheet = table["players"], table["sheet"]
        if (
            not isinstance(players, list)
            or len(players) not in (3, 4)
            or not all(isinstance(p, str) for p in players)
        ):
            raise fail(t, "err.tfile.table_players")
        for name in players:
            if name not in tournament.players:
                raise fail(t, "err.tfile.not_in_field", name=name)
            if name in seated:
                raise fail(t, "err.tfile.two_tables", name=name)
            seated.add(name)
        if not isinstance(sheet, str) or not sheet.strip():
            raise fail(t, "err.tfile.table_sheet")
        tables.append(Table(tuple(players), sheet))
    return Series(raw.get("seed", 0), tuple(tables))


def _line_of_series(text: str, number: int) -> int:
    headers = [m.start() for m in re.finditer(r"^[ \t]*\[\[[ \t]*series[ \t]*\]\]", text, re.M)]
    if number > len(headers):
        return 0
    return text.count("\n", 0, headers[number - 1]) + 1


def _patched(text: str, old: Tournament, new: Tournament) -> str:
    """The new text, changing only what changed: new series are appended, a changed top-level
    line is replaced in place; read back and compared, else the whole file is written anew."""
    if (
        new.series[: len(old.series)] != old.series
        or new.rules != old.rules
        or new.teams != old.teams
    ):
        return render(new)
    first_table = re.search(r"^[ \t]*\[", text, re.M)
    split = first_table.start() if first_table else len(text)
    head, rest = text[:split], text[split:]
    value = codec.toml_value
    for key, before, after in (
        ("players", value(old.players), value(new.players)),
        ("withdrawn", value(old.withdrawn), value(new.withdrawn)),
        ("planned", str(old.planned), str(new.planned)),
    ):
        if before == after:
            continue
        line = re.compile(rf"^{key}[ \t]*=[ \t]*([^\n#]*?)[ \t]*(?=#|$)", re.M)
        found = line.findall(head)
        if len(found) != 1 or found[0] != before:
            return render(new)  # written another way (over several lines, say): write anew
        head = line.sub(lambda _, k=key, a=after: f"{k} = {a}", head, count=1)  # type: ignore[misc]
    patched = head + rest
    patched = (
        patched.rstrip("\n")
        + "\n"
        + "".join(_series_text(n, s) for n, s in enumerate(new.series, 1) if n > len(old.series))
    )
    try:
        if parse(patched) == new:
            return patched
    except SheetFileError:
        pass
    return render(new)


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
