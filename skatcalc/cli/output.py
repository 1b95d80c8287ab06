"""Lines of text to stdout, as a person at a terminal reads them; and a JSON object, as a
script reads it.

At a terminal a line wider than the terminal is broken between words (names stay whole) and
its rest indented, as the table mode does; to a pipe or a file every line goes as it is, one
line a record, so scripts see the same text whatever the width.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from contextlib import suppress

__all__ = ["fit_streams", "fitted", "write", "write_document", "write_json"]

LETTERS = {
    "♣": "C", "♠": "S", "♥": "H", "♦": "D", "♧": "C", "♤": "S", "♡": "H", "♢": "D",
    "×": "x", "−": "-", "–": "-", "—": "-", "…": "...", "’": "'", "‘": "'", "‚": ",",
    "“": '"', "”": '"', "„": '"', "→": "->", "·": ".", "≥": ">=", "≤": "<=", "ß": "ss",
    "€": "EUR", "¨": '"',
}  # fmt: skip
"""What a terminal that cannot show a sign reads instead: the card notation's letters for the
suits (``♣J`` is ``CJ``, ``♥10`` is ``H10``, both read back), plain signs for the rest."""


_GERMAN_RANKS = {"B": "J", "D": "Q"}
"""A German card's rank after its suit symbol (``♣B``, ``♥D``) as the card notation writes it:
``CJ``, ``HQ`` read back, where ``CB`` would not be one card in every language."""


def _letters(error: UnicodeError) -> tuple[str, int]:
    """The ``skatcalc-letters`` error handler: each sign the stream's encoding lacks as its
    letters (:data:`LETTERS`), else its letters without accents, else ``?``; a German card
    (``♣B``) in the card notation (``CJ``).

    >>> import codecs
    >>> codecs.register_error("skatcalc-letters", _letters)
    >>> "Blatt: ♣B ♠D ♥10".encode("latin-1", "skatcalc-letters")
    b'Blatt: CJ SQ H10'
    """
    if not isinstance(error, UnicodeEncodeError):
        raise error
    bad = error.object[error.start : error.end]
    said = "".join(_letter(char, error.encoding) for char in bad)
    rank = error.object[error.end : error.end + 1]
    if bad[-1:] in "♣♠♥♦" and rank in _GERMAN_RANKS:
        return said + _GERMAN_RANKS[rank], error.end + 1
    return said, error.end


def _letter(char: str, encoding: str) -> str:
    if char in LETTERS:
        return LETTERS[char]
    import unicodedata

    plain = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    try:
        plain.encode(encoding)
    except UnicodeEncodeError:
        return "?"
    return plain or "?"


def _json_escapes(error: UnicodeError) -> tuple[str, int]:
    """The ``skatcalc-json`` error handler: each character the encoding lacks as its JSON
    escape (a pair for one past U+FFFF), so JSON stays exact in any encoding. Only a string
    holds such a character, so the escape is read back as the character."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    out = []
    for char in error.object[error.start : error.end]:
        code = ord(char)
        if code > 0xFFFF:
            code -= 0x10000
            out.append(f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}")
        else:
            out.append(f"\\u{code:04x}")
    return "".join(out), error.end


def fit_streams(json_lines: bool = False) -> None:
    """Make stdout and stderr fit their encoding, whatever the locale (``de_DE.ISO-8859-1``,
    a Windows pipe in cp1252): a sign the encoding lacks is written as letters (the suits as
    the card notation's letters), never an error after a change was made; with
    ``json_lines`` (``value --batch``) stdout writes JSON escapes instead, exact."""
    import codecs

    codecs.register_error("skatcalc-letters", _letters)
    codecs.register_error("skatcalc-json", _json_escapes)
    for stream, errors in (
        (sys.stdout, "skatcalc-json" if json_lines else "skatcalc-letters"),
        (sys.stderr, "skatcalc-letters"),
    ):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with suppress(ValueError, OSError):  # closed, or not a stream we can change
                reconfigure(errors=errors)


def _utf8(stream: object) -> bool:
    import codecs

    try:
        return codecs.lookup(getattr(stream, "encoding", None) or "utf-8").name == "utf-8"
    except LookupError:
        return False


def fitted(lines: Sequence[str]) -> list[str]:
    """``lines`` fitted to the terminal's width (COLUMNS, else the terminal, else 80)."""
    import shutil

    from skatcalc.width import fit

    return fit(lines, shutil.get_terminal_size((80, 24)).columns)


def write(lines: Sequence[str]) -> None:
    """Print ``lines``: fitted to the width at a terminal, as they are elsewhere."""
    shown = fitted(lines) if sys.stdout.isatty() else lines
    sys.stdout.write("\n".join(shown) + "\n")


def write_json(data: object) -> None:
    """Print one JSON object on one line (:func:`skatcalc.formats.json.text`); in an encoding
    that lacks a character of it, that character as its JSON escape (the same JSON)."""
    from skatcalc.formats.json import text

    payload = text(data) + "\n"
    if not _utf8(sys.stdout):
        encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
        payload = payload.encode(encoding, "skatcalc-json").decode(encoding)
    sys.stdout.write(payload)


def write_document(text: str) -> None:
    """Print an export (CSV, JSON, Markdown, HTML): to a pipe or a file as the file ``-o``
    would write it, UTF-8 whatever the locale's encoding; at a terminal in its encoding, as any
    other output (letters where it lacks a sign)."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None or _utf8(sys.stdout) or sys.stdout.isatty():
        sys.stdout.write(text)
        return
    sys.stdout.flush()
    buffer.write(text.encode("utf-8"))
