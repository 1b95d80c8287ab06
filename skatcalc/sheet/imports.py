"""A sheet back from its JSON or CSV export (``skatcalc sheet import``).

Pure: text in, a sheet out. A CSV export's header row may be in any language skatcalc speaks
(the export writes it in the language in use). The export is turned into the data a sheet file holds (players,
rules, deals as entered) and checked exactly as a sheet file is (:func:`store.from_data`), so an
import can never hold what ``sheet add`` would refuse. The totals in the export are not read:
the deals are the truth, and every total is computed again.

>>> from skatcalc.formats import csv, json
>>> from skatcalc.sheet.model import Deal, Sheet
>>> from skatcalc.spec import GameSpec
>>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal("Ben", GameSpec("grand", with_=2, points=61)))
>>> text = csv.render_sheet(sheet, sheet.tally())
>>> parse_export(json.render_sheet(sheet, sheet.tally())) == sheet == parse_export(text)
True
>>> parse_export("n,dealer\\n")
Traceback (most recent call last):
...
skatcalc.errors.SheetFileError: err.import.not_csv(head='n,dealer,declarer,game,with', last='last_trick')
"""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

from skatcalc.errors import SheetFileError
from skatcalc.formats.csv import CSV_COLUMNS, ENTERED_COLUMNS, heads, is_header, is_rule_head
from skatcalc.sheet.model import FORMAT_VERSION, Rules, Sheet
from skatcalc.spec import GameSpec

__all__ = ["parse_export"]


def parse_export(text: str) -> Sheet:
    """The sheet a JSON export (``sheet export --format json``, or ``sheet show --json`` with
    every deal) or a CSV export (``--format csv``) holds; JSON when the text starts with ``{``.
    """
    from skatcalc.sheet import store

    data = _from_json(text) if text.lstrip().startswith("{") else _from_csv(text)
    return store.from_data(data)


# --- JSON -------------------------------------------------------------------------------------


def _from_json(text: str) -> dict[str, Any]:
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as error:
        raise SheetFileError(
            "err.import.json", msg=error.msg, line=error.lineno, column=error.colno
        ) from None
    if not isinstance(raw, dict) or not isinstance(raw.get("players"), list):
        raise SheetFileError("err.import.not_json")
    players = [p.get("name") if isinstance(p, dict) else None for p in raw["players"]]
    games = raw.get("games")
    if not isinstance(games, list) or not isinstance(raw.get("rules"), dict):
        raise SheetFileError("err.import.not_json")
    series = raw.get("series")
    if isinstance(series, dict) and series.get("deals") != len(games):
        raise SheetFileError("err.import.partial", count=len(games), deals=series.get("deals"))
    deals = []
    for number, game in enumerate(games, start=1):
        if not isinstance(game, dict) or game.get("n") != number:
            raise SheetFileError("err.import.order", n=number, deal=number)
        deals.append(_json_deal(game))
    return {"format": FORMAT_VERSION, "players": players, "rules": raw["rules"], "deal": deals}


def _json_deal(game: dict[str, Any]) -> dict[str, Any]:
    number = game["n"]
    if game.get("passed") is True:
        return {"passed": True}
    ramsch = game.get("ramsch")
    if isinstance(ramsch, dict):
        out: dict[str, Any] = {"ramsch": ramsch.get("points")}
        for key in ("jungfrau", "durchmarsch", "pushes", "last_trick"):
            if ramsch.get(key) is not None:
                out[key] = ramsch[key]
        return out
    entered = game.get("entered")
    if not isinstance(entered, dict):
        raise SheetFileError("err.import.entered", n=number, deal=number)
    return {"declarer": game.get("declarer"), **entered}


# --- CSV --------------------------------------------------------------------------------------

# The type of each entered column: its default's, where the default is not None (text else).
_KINDS = {key: type(value) for key, value in zip(ENTERED_COLUMNS, GameSpec("clubs"), strict=True)}
_KINDS.update({"with": int, "without": int, "points": int, "tricks": int})


def _from_csv(text: str) -> dict[str, Any]:
    import csv
    import io

    # the export's formula guard: a cell that starts with ' had one put before it
    rows = [
        [cell[1:] if cell.startswith("'") else cell for cell in row]
        for row in csv.reader(io.StringIO(text, newline=""))
    ]
    if not rows or not is_header(rows[0]):
        raise _not_csv()
    players = rows[0][len(CSV_COLUMNS) :]
    end = next((i for i, row in enumerate(rows) if not any(row)), len(rows))
    deals = [_csv_deal(i, dict(zip(CSV_COLUMNS, row, strict=False))) for i, row in
             enumerate(rows[1:end], start=1)]  # fmt: skip
    rules: dict[str, Any] = {}
    tail = [row for row in rows[end + 1 :] if any(row)]
    if tail and is_rule_head(tail[0]):
        known = {field.name: getattr(Rules(), field.name) for field in fields(Rules)}
        for row in tail[1:]:
            name, value = [*row, ""][:2]
            rules[name] = _rule_value(name, value, known.get(name))
    return {"format": FORMAT_VERSION, "players": players, "rules": rules, "deal": deals}


def _csv_deal(number: int, row: dict[str, str]) -> dict[str, Any]:
    if row.get("n") != str(number):
        raise SheetFileError("err.import.row", row=number + 1, n=number, got=repr(row.get("n")))
    game = row.get("game", "")
    if not game:
        return {"passed": True}
    if game == "ramsch":
        out: dict[str, Any] = {
            "ramsch": _json_cell(number, "ramsch_points", row),
            "jungfrau": _json_cell(number, "jungfrau", row),
            "pushes": _int_cell(number, "pushes", row.get("pushes", "") or "0"),
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
            if cell not in ("true", "false"):
                raise SheetFileError(
                    "err.import.flag", n=number, key=key, cell=repr(cell), deal=number, field=key
                )
            out[key] = cell == "true"
        elif kind is int:
            out[key] = _int_cell(number, key, cell)
        else:
            out[key] = cell
    return out


def _int_cell(number: int, key: str, cell: str) -> int:
    try:
        return int(cell)
    except ValueError:
        raise SheetFileError(
            "err.import.int", n=number, key=key, cell=repr(cell), deal=number, field=key
        ) from None


def _json_cell(number: int, key: str, row: dict[str, str]) -> Any:
    try:
        return json.loads(row.get(key, "") or "null")
    except json.JSONDecodeError:
        raise SheetFileError(
            "err.import.json_cell",
            n=number,
            key=key,
            cell=repr(row.get(key)),
            deal=number,
            field=key,
        ) from None


def _rule_value(name: str, cell: str, default: object) -> object:
    """A rule's cell as its type: the type of the rule's default (unknown rules stay text,
    and the sheet's own check names them)."""
    if isinstance(default, bool):
        return {"true": True, "false": False}.get(cell, cell)
    if isinstance(default, int):
        try:
            return int(cell)
        except ValueError:
            return cell
    if isinstance(default, tuple):
        return [part for part in cell.split(",") if part]
    return cell


def _not_csv() -> SheetFileError:
    """The header row a CSV export starts with, in the language in use."""
    return SheetFileError(
        "err.import.not_csv",
        head=",".join(heads()[:5]),
        last=heads()[CSV_COLUMNS.index("last_trick")],
    )
