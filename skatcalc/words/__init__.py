"""Every human-readable word skatcalc prints, in one place per language.

``en.py`` and ``de.py`` each hold one table from message keys to format strings; a third
language is one more such file, named in :data:`LANGUAGES`. JSON output is for scripts and is
always English, so its keys and values never change with the language.

>>> w("outcome.lost")
'lost'
>>> with speaking("de"):
...     w("outcome.lost")
'verloren'
>>> w("outcome.lost")
'lost'

The language is a :class:`contextvars.ContextVar`: :func:`speaking` sets it for a block in the
current context only (one thread, one asyncio task), so a library user in one thread never
changes the words of another. The command line speaks one language per process: it sets it once
with :func:`use`.

One lookup style: a count goes in as ``count``, and a key with a singular form ``KEY.one`` uses
it when the count is 1. A phrase (:class:`skatcalc.errors.Say`) among the values is put in
words too, lists of them joined as the language joins them:

>>> w("check.sound", file="a.toml", count=1), w("check.sound", file="a.toml", count=2)
('a.toml: 1 deal, no problems', 'a.toml: 2 deals, no problems')
>>> from skatcalc.errors import any_of, say
>>> w("join.or", items=["hand", say("notation.player", name="Hans")])
'hand or the player Hans'
>>> with speaking("de"):
...     w("join.and", items=["Anna", "Ben", "Carl"])
'Anna, Ben und Carl'

An error among the values is put in words as :func:`message` puts it:

>>> from skatcalc.errors import SheetError
>>> w("err.file.line", line=4, error=SheetError("err.sheet.rules_type"))
'line 4: rules must be a [rules] table'

Numbers and money are written as the language writes them, by :func:`number` and :func:`money`:

>>> number(31.5), money(85, "€")
('31.5', '€0.85')
>>> with speaking("de"):
...     number(31.5), money(85, "€")
('31,5', '0,85 €')
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING

from skatcalc.errors import LITERAL, Say, SkatError, UsageError, all_of
from skatcalc.words import en

if TYPE_CHECKING:  # decimal and fractions cost 2-3 ms to import: a plain value call needs neither
    from decimal import Decimal
    from fractions import Fraction

__all__ = [
    "LANGUAGES", "LITERAL", "current", "entered", "every_language", "in_command", "in_file",
    "known",
    "language", "literal", "message", "money", "number", "raw", "shown", "speaking", "use", "w",
    "working_on",
]  # fmt: skip

LANGUAGES = {"en": "English", "de": "Deutsch"}

_SPOKEN: ContextVar[tuple[str, Mapping[str, str]]] = ContextVar(
    "skatcalc_language", default=("en", en.WORDS)
)
"""The language in use and its table: English unless :func:`speaking` or :func:`use` says
otherwise, in this context (a new thread starts in English)."""


_ENTERED: ContextVar[str] = ContextVar("skatcalc_entered", default="options")
"""How the user gave what a message is about: ``options`` (the command line's options),
``words`` (a deal line of the notation, to ``value`` or ``sheet add``), ``table`` (the table
mode). A message says what to type in the same way: ``--tricks 10``, ``t10``, ``rules
--kontra``."""


@contextmanager
def entered(how: str) -> Iterator[None]:
    """Inside the block, a message with a form for the way the user types (``how``: ``words``,
    ``table``) is said in that form: ``KEY.at_table`` in the table mode, else ``KEY.in_words``
    (in the table mode too), else ``KEY``.

    >>> from skatcalc.errors import SkatError
    >>> error = SkatError("err.null.tricks")
    >>> message(error)[:47]
    'Null is decided by tricks: give --tricks 0 for '
    >>> with entered("words"):
    ...     message(error)[:44]
    'Null is decided by tricks: add + (or won) fo'
    """
    token = _ENTERED.set(how)
    try:
        yield
    finally:
        _ENTERED.reset(token)


def _as_entered(key: str) -> str:
    how = _ENTERED.get()
    if how == "file":  # a problem in a file: the file's keys (points = 72), never --points
        return f"{key}.in_file" if f"{key}.in_file" in en.WORDS else key
    if how == "table" and f"{key}.at_table" in en.WORDS:
        return f"{key}.at_table"
    if f"{key}.in_words" in en.WORDS:
        return f"{key}.in_words"
    return key


_FILE: ContextVar[object] = ContextVar("skatcalc_file", default=None)
"""The file the command works on (its FILE argument), named where a message advises a command
on it (``skatcalc sheet rules {file} --kontra``) and the error does not name it itself."""


def working_on(path: object) -> None:
    """Name ``path`` (a sheet or tournament file; None: none) in the advice of every message
    said from here on in this context, as :func:`use` sets the language for the process.

    >>> from skatcalc.errors import SheetError
    >>> working_on(None)
    >>> message(SheetError("err.ramsch.off")).split(" with ")[-1]
    'skatcalc sheet rules FILE --ramsch'
    >>> working_on("club night.toml")
    >>> message(SheetError("err.ramsch.off")).split(" with ")[-1]
    "skatcalc sheet rules 'club night.toml' --ramsch"
    >>> working_on(None)
    """
    _FILE.set(path)


def in_command(path: object) -> str:
    """``path`` as a shell takes it in a command to copy (:func:`_in_command`).

    >>> in_command("Abend am Freitag.toml"), in_command("abend.toml")
    ("'Abend am Freitag.toml'", 'abend.toml')
    """
    return _in_command(path)


def _in_command(path: object) -> str:
    """``path`` as a shell takes it in a command to copy (quoted when it must be), or the
    placeholder (``FILE``, ``DATEI``) when no file is known."""
    if path is None:
        return w("word.file")
    import shlex

    return shlex.quote(shown(path))


def w(key: str, /, **values: object) -> str:
    """The message ``key`` in the current language, filled in with ``values``.

    ``count=1`` picks the singular form ``KEY.one`` where there is one; a :class:`Say` among the
    values is put in words first; inside :func:`entered`, the form for the way the user types.
    """
    if key in _NOT_WORDS:
        if key == LITERAL:
            return literal(values["value"])
        return _join(values["items"], key)  # type: ignore[arg-type]
    if _ENTERED.get() != "options":
        key = _as_entered(key)
    if values.get("count") == 1 and f"{key}.one" in en.WORDS:
        key = f"{key}.one"
    # the values as given (this call's own dict), unless a phrase or an error is among them:
    # no call for each value (python -m timeit: a word without values 0.56 µs, now 0.32; the
    # words of a chain, three values, 1.47 µs, now 1.22; value --batch on bench/games.py
    # `varied` calls it 7,300 times, most for its 939 errors)
    filled = values
    for value in values.values():
        if isinstance(value, Say | SkatError):
            inside = values.get("file")  # an error inside a file's error: said as the file has it
            filled = {name: _said(value, inside) for name, value in values.items()}
            break
    table = _SPOKEN.get()[1]
    template = table[key] if key in table else en.WORDS[key]  # a word a translation lacks: English
    if "{cmd_file}" in template:  # the file named in a command to copy: quoted as a shell takes it
        filled["cmd_file"] = _in_command(values["file"] if "file" in values else _FILE.get())
    if "file" not in filled and "{file}" in template:  # advice on the file worked on
        filled["file"] = _in_command(_FILE.get())
    return template.format(**filled)


_JOINS = ("join.or", "join.and", "join.list", "join.space")
_NOT_WORDS = frozenset((*_JOINS, LITERAL))


def literal(value: object) -> str:
    """A value as a JSON line or a TOML file spells it (``true``, ``null``, ``"2"``), for a
    message that quotes what was given: the same in every language, and the same text as
    ``json.dumps(value, ensure_ascii=False)``; what JSON cannot hold (a TOML date) as Python
    shows it. The domain asks for it as the phrase ``errors.as_written(value)``. The one JSON
    encoder is the standard library's: formats/json.py writes JSON output with it, and this is
    the words layer spelling a value it quotes (tests/test_layers.py names it).

    >>> literal(True), literal(None), literal("2"), literal([1, 2.5, {"x": False}])
    ('true', 'null', '"2"', '[1, 2.5, {"x": false}]')
    >>> import datetime
    >>> literal(datetime.date(2024, 5, 1)), literal(float("inf"))
    ('datetime.date(2024, 5, 1)', 'Infinity')
    >>> from skatcalc.errors import as_written, say
    >>> print(w("err.spec.type", key="'hand'", kind=say("kind.bool"), value=as_written("yes")))
    'hand' must be true or false, not "yes"
    """
    import json  # only when such a message is shown

    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):  # not JSON's: a TOML date, a circular list
        return repr(value)


def _said(value: object, inside: object = None) -> object:
    if isinstance(value, Say):
        return w(value.key, **value.values)
    if isinstance(value, SkatError):  # an error inside a message: its own sentence
        return message(value) if inside is None else in_file(value, inside)
    return value


def in_file(error: SkatError, file: object) -> str:
    """The sentence of ``error``, a problem found in ``file``: its advice in the file's keys
    (``points = 72``, not ``--points 72``), a command it names run on that file.

    >>> from skatcalc.errors import SheetError, say
    >>> needs = SheetError("err.sheet.result", needed=say("sheet.needs.points"))
    >>> message(needs)[-19:], in_file(needs, "a.toml")[-16:]
    ('48), or --points 72', 'e.g. points = 72')
    """
    how, known = _ENTERED.set("file"), _FILE.set(file)
    try:
        return message(error)
    finally:
        _ENTERED.reset(how)
        _FILE.reset(known)


def _join(items: tuple[object, ...] | list[object], key: str) -> str:
    """``a, b or c``: the last two joined by the language's word, the others by commas."""
    shown = [str(_said(item)) for item in items]
    if key == "join.list":
        return w("join.comma").join(shown) or "-"
    if key == "join.space":  # cards as a table writes them: ♣B ♠B
        return " ".join(shown)
    if len(shown) < 2:
        return "".join(shown)
    return w(key + ".last").join([w("join.comma").join(shown[:-1]), shown[-1]])


def message(error: SkatError) -> str:
    """The sentence of ``error`` in the language in use: its code's words, filled in with its
    params (an error raised with a sentence of its own, not a code, says that sentence). Every
    edge that shows an error calls this: ``str(error)`` is the error as data (code and params).

    >>> from skatcalc.errors import TopsError
    >>> error = TopsError("err.tops.both", with_=2, without=3, field="with")
    >>> message(error)
    'give tops once: with 2 or without 3, not both'
    >>> with speaking("de"):
    ...     message(error)
    'Spitzen nur einmal angeben: mit 2 oder ohne 3, nicht beides'
    >>> message(SkatError("a sentence of its own"))
    'a sentence of its own'
    """
    if error.code not in en.WORDS:
        return error.code
    return w(error.code, **error.params)


def number(value: int | float | Decimal, places: int | None = None) -> str:
    """``value`` as the language writes a number: ``31.5`` in English, ``31,5`` in German; with
    ``places``, rounded to that many decimals. No grouping of thousands: a score list has none.

    >>> from decimal import Decimal
    >>> number(31.5), number(-120), number(2 / 3, places=2), number(Decimal("0.50"))
    ('31.5', '-120', '0.67', '0.50')
    >>> with speaking("de"):
    ...     number(31.5), number(2 / 3, places=2)
    ('31,5', '0,67')
    >>> number(float("nan"))
    Traceback (most recent call last):
    ...
    ValueError: a number to show is finite, not nan
    """

    if not math.isfinite(value):
        raise ValueError(f"a number to show is finite, not {value}")
    text = str(value) if places is None else f"{value:.{places}f}"
    return text.replace(".", w("number.decimal"))


def money(cents: int | Fraction, currency: str = "") -> str:
    """An amount of ``cents`` in the currency's units, as the language writes money: two
    decimals (more where a stake holds a fraction of a cent), the currency where the language
    puts it (``€0.85`` in English, ``0,85 €`` in German), the sign in front. An amount with no
    exact decimal (a stake of ``1/3``) is the fraction of the unit, as it was typed and as
    JSON writes it (``currency_decimal``): never a rounded number that is not the stake.

    >>> from fractions import Fraction
    >>> money(85, "€"), money(-1250), money(Fraction(1, 2), "EUR "), money(0)
    ('€0.85', '-12.50', 'EUR 0.005', '0.00')
    >>> with speaking("de"):
    ...     money(85, "€"), money(-1250, "€"), money(Fraction(1, 2)), money(Fraction(100, 3), "€")
    ('0,85 €', '-12,50 €', '0,005', '1/3 €')
    >>> money(Fraction(-1, 3)), money(Fraction(200, 3), "€")
    ('-1/300', '€2/3')
    """
    from fractions import Fraction

    if isinstance(cents, bool) or not isinstance(cents, int | Fraction):
        raise TypeError(f"an amount is whole cents or a Fraction of a cent, not {cents!r}")
    units = abs(Fraction(cents)) / 100
    places = 2
    while (units * 10**places).denominator != 1 and places <= 12:
        places += 1
    if places > 12:  # no exact decimal: the fraction of the unit
        amount = f"{units.numerator}/{units.denominator}"
    else:
        digits = str(units.numerator * (10**places // units.denominator)).rjust(places + 1, "0")
        amount = f"{digits[:-places]}{w('number.decimal')}{digits[-places:]}"
    if currency:
        amount = w("money.currency", currency=currency, amount=amount)
    return ("-" if cents < 0 else "") + amount


def known(key: str) -> bool:
    """Whether the word tables hold ``key`` (every key is in English, and tests/test_words.py
    keeps German alike): for words found by a name, such as a command's help.

    >>> known("outcome.lost"), known("help.cmd.no_such_command")
    (True, False)
    """
    return key in en.WORDS


def raw(key: str) -> str:
    """The message ``key`` in the current language, not yet filled in."""
    return _SPOKEN.get()[1].get(key, en.WORDS[key])


def language(code: str) -> str:
    """``code`` if skatcalc speaks it, else a usage error that names the languages it speaks.

    >>> language("de")
    'de'
    >>> try:
    ...     language("fr")
    ... except SkatError as error:
    ...     message(error)
    "unknown language 'fr': skatcalc speaks en (English) and de (Deutsch)"
    """
    if code not in LANGUAGES:
        spoken = all_of([f"{c} ({name})" for c, name in LANGUAGES.items()])
        raise UsageError("err.lang", code=repr(code), languages=spoken)
    return code


def _table(code: str) -> tuple[str, Mapping[str, str]]:
    if language(code) == "de":
        from skatcalc.words import de

        return code, de.WORDS
    return code, en.WORDS


@contextmanager
def speaking(code: str) -> Iterator[None]:
    """Speak the language ``code`` inside the block, in the current context only (this thread,
    this asyncio task), and the language spoken before it after: JSON text in English, a
    library user's German in one thread.

    >>> with speaking("de"):
    ...     w("outcome.won"), current()
    ('gewonnen', 'de')
    >>> current()
    'en'
    """
    token = _SPOKEN.set(_table(code))
    try:
        yield
    finally:
        _SPOKEN.reset(token)


def use(code: str) -> None:
    """Speak the language ``code`` (``en`` or ``de``) from now on, in the current context: the
    command line's choice for its process (the environment's language, then ``--lang``). A
    library or a test that wants a language for a while uses :func:`speaking`."""
    _SPOKEN.set(_table(code))


def current() -> str:
    """The language in use."""
    return _SPOKEN.get()[0]


def shown(text: object) -> str:
    """``text`` safe to print on a terminal: every character that does not print as itself
    (controls, escape sequences, bidi marks, line breaks) written as its escape.

    >>> print(shown("evening.toml"), shown("a\\x1b[31mb\\nc\\u202e"))
    evening.toml a\\x1b[31mb\\x0ac\\u202e
    """
    text = str(text)
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else _escape(char) for char in text)


def _escape(char: str) -> str:
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def every_language(key: str) -> tuple[str, ...]:
    """The words of ``key`` in every language skatcalc speaks, in the order of
    :data:`LANGUAGES`: to read back what any of them wrote (a CSV export's header row).

    >>> every_language("csv.dealer")
    ('dealer', 'Geber')
    """
    from skatcalc.words import de

    tables = {"en": en.WORDS, "de": de.WORDS}
    return tuple(tables[code].get(key, en.WORDS[key]) for code in LANGUAGES)
