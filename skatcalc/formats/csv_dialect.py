"""The CSV dialects: how a CSV export is written for a spreadsheet of the language in use, and
how a CSV that a spreadsheet saved again is read back (``sheet import``).

The writer and the reader of :mod:`skatcalc.formats.csv` call these; they hold no CSV rows
themselves, so a reader or writer of any shape (all at once, or streaming) uses the same rules.

- English (the export as it always was): comma-separated, no byte-order mark, a decimal point.
- German: what German Excel and LibreOffice read by double click: semicolon-separated, UTF-8
  with a byte-order mark (without it Excel reads the bytes as Windows-1252: ``JÃ¼rgen``), a
  decimal comma. Every number skatcalc writes is whole, so the comma shows only in what a
  spreadsheet writes back (``48,0``), which :func:`whole` reads.

Read back: either separator (found by the header row, :func:`delimiter`), with or without the
byte-order mark, any line ends; the flags as spreadsheets write them (:func:`flag`:
``true``/``TRUE``/``WAHR``/``1``), the numbers as they write them (:func:`whole`: ``-96``,
``48,0``, ``1.200`` in German, ``1,200`` in English).

>>> dialect("de"), dialect("en")
(Dialect(delimiter=';', bom=True, decimal=','), Dialect(delimiter=',', bom=False, decimal='.'))
"""

from __future__ import annotations

import re
from collections.abc import Callable

from skatcalc.frozen import record

__all__ = ["BOM", "DELIMITERS", "Dialect", "delimiter", "dialect", "flag", "whole"]

BOM = "\ufeff"
"""The byte-order mark (UTF-8: EF BB BF) that tells a spreadsheet the file is UTF-8."""

DELIMITERS = (",", ";", "\t")
"""The separators a CSV read back may have: skatcalc's two, and a tab (a spreadsheet's "text")."""


@record
class Dialect:
    """How a CSV is written: its separator, whether it starts with a byte-order mark, and its
    decimal mark (the thousands mark is the other of ``.`` and ``,``)."""

    delimiter: str
    bom: bool
    decimal: str

    @property
    def thousands(self) -> str:
        """The mark that groups thousands: the decimal mark's other.

        >>> dialect("de").thousands
        '.'
        """
        return "." if self.decimal == "," else ","


_DIALECTS = {"en": Dialect(",", False, "."), "de": Dialect(";", True, ",")}


def dialect(language: str) -> Dialect:
    """The dialect a CSV export is written in for ``language`` (a code of
    :data:`skatcalc.words.LANGUAGES`); one skatcalc does not know is written as English."""
    return _DIALECTS.get(language, _DIALECTS["en"])


def delimiter(first_line: str, is_header: Callable[[list[str]], bool]) -> str | None:
    """The separator of a CSV whose first line is ``first_line`` (a byte-order mark before it
    is left out): the one that splits it into a row ``is_header`` takes; None when none does.

    >>> heads = lambda row: row[:2] == ["n", "dealer"]
    >>> delimiter("n;dealer;declarer", heads), delimiter("\\ufeffn,dealer", heads)
    (';', ',')
    >>> delimiter("n|dealer", heads) is None, delimiter("x" * 200_000, heads) is None
    (True, True)
    """
    import csv

    line = first_line.removeprefix(BOM)
    for sign in DELIMITERS:
        try:
            row = next(csv.reader([line], delimiter=sign), [])
        except csv.Error:  # a cell past the csv module's limit: no header of ours
            continue
        if is_header(row):
            return sign
    return None


_TRUE = frozenset({"true", "wahr", "1"})
_FALSE = frozenset({"false", "falsch", "0"})


def flag(cell: str) -> bool | None:
    """A flag's cell as skatcalc writes it (``true``, ``false``) or as a spreadsheet writes it
    back: any case, English or German (``TRUE``, ``WAHR``, ``FALSCH``), or ``1``/``0``; None for
    anything else.

    >>> flag("true"), flag("WAHR"), flag(" Falsch "), flag("0"), flag("ja")
    (True, True, False, False, None)
    """
    word = cell.strip().lower()
    if word in _TRUE:
        return True
    if word in _FALSE:
        return False
    return None


def whole(cell: str, dialect: Dialect) -> int | None:
    """A whole number's cell as skatcalc writes it (``-96``) or a spreadsheet writes it back in
    ``dialect``: thousands grouped (``1.200`` in German, ``1,200`` in English), decimals that are
    zero (``48,0``), a leading ``+``, a typographic minus (U+2212), spaces around; None for
    anything else (a fraction that is not zero, a word).

    >>> de, en = dialect("de"), dialect("en")
    >>> whole("-96", de), whole("48,00", de), whole("1.200", de), whole("1,200", en), whole("\u221296", en)
    (-96, 48, 1200, 1200, -96)
    >>> whole("48,5", de), whole("1.5", en), whole("1.200", en), whole("zwölf", de)
    (None, None, None, None)
    """
    text = cell.strip().replace("\u2212", "-")
    decimal, thousands = re.escape(dialect.decimal), re.escape(dialect.thousands)
    pattern = rf"([+-]?)(\d{{1,3}}(?:{thousands}\d{{3}})+|\d+)(?:{decimal}0+)?"
    found = re.fullmatch(pattern, text)
    if found is None:
        return None
    sign, digits = found.groups()
    number = int(digits.replace(dialect.thousands, ""))
    return -number if sign == "-" else number
