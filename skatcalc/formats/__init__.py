"""Every output format, one module each, behind one interface (as pip-audit keeps its ``_format/``).

A format is a module of pure functions from data and words to text: ``render_sheet(sheet,
tally, scoring)`` writes a score sheet, ``render_standings(tournament, result, currency)``
a tournament's standings. The words are those of the language in use (:mod:`skatcalc.words`);
JSON alone is always English, the contract of docs/json.md.

======== ================= ===================================================================
name     module            writes
======== ================= ===================================================================
text     :mod:`.terminal`  the standings in columns; also the score list of ``sheet show``
csv      :mod:`.csv`       sheet, standings
json     :mod:`.json`      sheet, standings
markdown :mod:`.markdown`  sheet, standings
html     :mod:`.html`      sheet, standings, table cards (one print stylesheet)
======== ================= ===================================================================

:mod:`.chart` draws the running totals (terminal and SVG); :mod:`.common` holds what several
formats say alike. The readers sit beside the writers: :func:`read_export` reads a JSON or CSV
export back (``sheet import``). A format is looked up by name:

>>> sheet_format("csv").__name__, standings_format("text").__name__
('skatcalc.formats.csv', 'skatcalc.formats.terminal')
>>> sheet_format("pdf")
Traceback (most recent call last):
...
skatcalc.errors.UsageError: err.export.format(fmt="'pdf'", formats=join.or(items=('csv', 'json', 'markdown', 'html')))
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Protocol, TextIO, cast

from skatcalc.errors import UsageError, any_of

if TYPE_CHECKING:  # ``value --json`` imports formats.json, so this package: nothing it does not use
    from skatcalc.season import Season
    from skatcalc.sheet.model import Deal, Sheet, Tally
    from skatcalc.tournament.model import Tournament
    from skatcalc.tournament.standings import Standings

__all__ = [
    "SEASON_FORMATS", "SHEET_FORMATS", "STANDINGS_FORMATS", "ExportReader", "SeasonFormat",
    "SheetFormat", "StandingsFormat", "export_reader", "read_export", "season_format",
    "sheet_format", "sheet_pieces", "standings_format",
]  # fmt: skip


class SheetFormat(Protocol):
    """A format that writes a score sheet: its deals, running totals in the list ``scoring``
    (by default the one that decides the sheet), and totals."""

    def render_sheet(self, sheet: Sheet, tally: Tally, scoring: str | None = None) -> str: ...


class StandingsFormat(Protocol):
    """A format that writes a tournament's standings (with the lost-game fee when the
    standings were made with a fee rule, ``currency`` for the amounts)."""

    def render_standings(
        self, tournament: Tournament, result: Standings, currency: str = ""
    ) -> str: ...


_MODULES = {
    "text": "terminal", "csv": "csv", "json": "json", "markdown": "markdown", "html": "html",
}  # fmt: skip
SHEET_FORMATS = ("csv", "json", "markdown", "html")
"""What ``sheet export --format`` takes."""
STANDINGS_FORMATS = ("text", "csv", "markdown", "html")
"""What ``tournament standings --format`` takes (JSON is ``--json``)."""


def _module(name: str) -> object:
    # imported when asked for: ``sheet add --json`` must not pay for HTML and CSV
    return importlib.import_module(f"skatcalc.formats.{_MODULES[name]}")


def sheet_format(name: str) -> SheetFormat:
    """The format ``name`` (one of :data:`SHEET_FORMATS`) that writes a sheet."""
    if name not in SHEET_FORMATS:
        raise UsageError("err.export.format", fmt=repr(name), formats=any_of(SHEET_FORMATS))
    return cast(SheetFormat, _module(name))


def sheet_pieces(
    name: str, sheet: Sheet, tally: Tally, scoring: str | None = None, *, compact: bool = False
) -> Iterable[str]:
    """The export of ``sheet`` in the format ``name``, a piece at a time where the format makes
    it so (JSON and CSV: a large sheet's export never held whole); ``compact``: the compact
    JSON export.

    >>> from skatcalc.sheet.model import Sheet
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"])
    >>> "".join(sheet_pieces("csv", sheet, sheet.tally())) == sheet_format("csv").render_sheet(sheet, sheet.tally())
    True
    """
    if name == "json":
        from skatcalc.formats import json

        return json.write_sheet(sheet, tally, scoring, compact=compact)
    if name == "csv":
        from skatcalc.formats import csv

        return csv.write_sheet(sheet, tally, scoring)
    return [sheet_format(name).render_sheet(sheet, tally, scoring)]


def standings_format(name: str, *, json: bool = False) -> StandingsFormat:
    """The format ``name`` (one of :data:`STANDINGS_FORMATS`) that writes standings; JSON
    instead when ``json`` (``--json`` wins over ``--format``, which is still checked).

    >>> standings_format("html", json=True).__name__
    'skatcalc.formats.json'
    >>> standings_format("pdf", json=True)
    Traceback (most recent call last):
    ...
    skatcalc.errors.UsageError: err.tournament.format(fmt='pdf')
    """
    if name not in STANDINGS_FORMATS:
        raise UsageError("err.tournament.format", fmt=name)
    return cast(StandingsFormat, _module("json" if json else name))


class SeasonFormat(Protocol):
    """A format that writes the year's ranking (``skatcalc season``); ``width`` is a
    terminal's, for the text alone."""

    def render_season(self, result: Season, width: int | None = None) -> str: ...


SEASON_FORMATS = ("text", "csv", "html")
"""What ``season --format`` takes (JSON is ``--json``)."""


def season_format(name: str, *, json: bool = False) -> SeasonFormat:
    """The format ``name`` (one of :data:`SEASON_FORMATS`) that writes the year's ranking;
    JSON instead when ``json`` (``--json`` wins over ``--format``, which is still checked).

    >>> season_format("csv").__name__, season_format("html", json=True).__name__
    ('skatcalc.formats.csv', 'skatcalc.formats.json')
    >>> season_format("pdf")
    Traceback (most recent call last):
    ...
    skatcalc.errors.UsageError: err.season.format(fmt="'pdf'")
    """
    if name not in SEASON_FORMATS:
        raise UsageError("err.season.format", fmt=repr(name))
    return cast(SeasonFormat, _module("json" if json else name))


def read_export(export: str) -> dict[str, Any]:
    """The sheet a JSON or CSV export holds, as the data a sheet file holds (players, rules,
    deals as a sheet file writes them; :func:`skatcalc.store.sheet_codec.from_data` checks it as a
    file is): JSON when
    the text starts with ``{``, else CSV (a header row in any language skatcalc speaks).

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> from skatcalc.store.sheet_codec import from_data
    >>> from skatcalc.formats import csv, json
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal("Ben", GameSpec("grand", with_=2, points=61)))
    >>> exports = [f.render_sheet(sheet, sheet.tally()) for f in (json, csv)]
    >>> [from_data(read_export(export)) == sheet for export in exports]
    [True, True]
    """
    from skatcalc.formats import csv, json

    reader = json.read_export if export.lstrip().startswith("{") else csv.read_export
    return reader(export)


class ExportReader(Protocol):
    """A format whose exports ``sheet import`` reads back, in two passes over the text, never
    holding it whole: the first finds every error a reader finds and gives the sheet's head
    (``format``, ``players``, ``rules``, and the number of ``deals``), the second each deal as
    a sheet file's ``[[deal]]`` table holds it, one at a time (or, where the reader reads a
    deal's options itself, the :class:`~skatcalc.sheet.model.Deal` that table reads as)."""

    def export_head(self, stream: TextIO) -> dict[str, Any]: ...

    def export_deals(
        self, stream: TextIO, head: Mapping[str, Any]
    ) -> Iterator[dict[str, Any] | Deal]: ...


def export_reader(text: TextIO) -> ExportReader:
    """The reader of the export whose text is ``text``: JSON when it starts with ``{`` (after
    white space), else CSV (read as far as the first character that is not white space).

    >>> import io
    >>> export_reader(io.StringIO("  {")).__name__, export_reader(io.StringIO("n,dealer")).__name__
    ('skatcalc.formats.json', 'skatcalc.formats.csv')
    """
    from skatcalc.formats import csv, json

    while piece := text.read(1 << 16):
        rest = piece.lstrip()
        if rest:
            return cast(ExportReader, json if rest.startswith("{") else csv)
    return cast(ExportReader, csv)


if TYPE_CHECKING:  # mypy checks that each module keeps the interface it is registered for
    from skatcalc.formats import csv as _csv
    from skatcalc.formats import html as _html
    from skatcalc.formats import json as _json
    from skatcalc.formats import markdown as _markdown
    from skatcalc.formats import terminal as _terminal

    _CSV: SheetFormat = _csv
    _JSON: SheetFormat = _json
    _MARKDOWN: SheetFormat = _markdown
    _HTML: SheetFormat = _html
    _TERMINAL_STANDINGS: StandingsFormat = _terminal
    _CSV_STANDINGS: StandingsFormat = _csv
    _JSON_STANDINGS: StandingsFormat = _json
    _JSON_EXPORT: ExportReader = _json
    _CSV_EXPORT: ExportReader = _csv
    _MARKDOWN_STANDINGS: StandingsFormat = _markdown
    _HTML_STANDINGS: StandingsFormat = _html
    _TERMINAL_SEASON: SeasonFormat = _terminal
    _CSV_SEASON: SeasonFormat = _csv
    _HTML_SEASON: SeasonFormat = _html
    _JSON_SEASON: SeasonFormat = _json
