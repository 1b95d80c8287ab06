"""TOML text, pure (no files: :mod:`skatcalc.store.files`): reading it as TOML 1.0 reads it
(:func:`loads`, :func:`toml_data`), finding the line of a key (:class:`Lines`) and of the
reader's complaint (:func:`toml_problem`), and writing values and flat tables exactly as
``tomli_w`` does (:func:`toml_value`, :func:`flat_table`). Shared by every codec: the sheet's
(:mod:`skatcalc.store.sheet_codec`), the tournament's (:mod:`skatcalc.store.tournament_codec`)
and the configuration's.

>>> loads(flat_table({"declarer": "Ben", "with": 2}))
{'declarer': 'Ben', 'with': 2}
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from typing import Any

from skatcalc.errors import SheetFileError, SkatError
from skatcalc.frozen import record
from skatcalc.pattern import later

__all__ = [
    "Lines",
    "Problem",
    "flat_table",
    "loads",
    "reading_many",
    "toml_data",
    "toml_key",
    "toml_problem",
    "toml_string",
    "toml_value",
]


@record
class Problem:
    """Something wrong in a sheet file, at a line (0 when the line is not known): the error,
    put in words only by the edge that shows it (``skatcalc.words.message``), in the language
    in use then.

    >>> from skatcalc.errors import SheetError
    >>> problem = Problem(4, SheetError("err.sheet.rules_type"))
    >>> from skatcalc.words import message, speaking
    >>> message(problem.located())
    'line 4: rules must be a [rules] table'
    >>> with speaking("de"):
    ...     message(problem.located())
    'Zeile 4: rules muss eine [rules]-Tabelle sein'
    """

    line: int
    error: SkatError

    def located(self) -> SheetFileError:
        """The problem as an error that names its line, with the field and deal it is about."""
        error = self.error
        if self.line:
            return SheetFileError(
                "err.file.line", line=self.line, error=error, field=error.field, deal=error.deal
            )
        return SheetFileError(error.code, **error.params, field=error.field, deal=error.deal)


def toml_data(text: str) -> dict[str, Any]:
    """The data of a TOML text, or the :class:`SheetFileError` that names the line of its first
    problem: what the TOML reader refuses, nesting too deep and numbers too long included (every
    file skatcalc reads is read by this, or by :func:`read_document`, alike).

    >>> toml_data("a = " + "9" * 5000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetFileError: err.toml(message='...')
    """
    try:
        return loads(text)
    except (ValueError, RecursionError) as error:  # tomllib.TOMLDecodeError is a ValueError
        raise toml_problem(text, error).located() from None


def loads(text: str) -> dict[str, Any]:
    r"""Parse TOML as the standard library's tomllib reads it (TOML 1.0): what a sheet may
    contain never depends on which wheel is installed.

    rtoml (compiled) parses a 10,000-deal sheet in 29 ms against tomllib's 216 ms, which keeps
    ``sheet add`` on such a sheet within 3x of a small one (docs/performance.md). It reads
    TOML 1.1, which allows more than 1.0: inline tables over several lines or with a trailing
    comma, the escapes ``\e`` and ``\xHH``, times without seconds. So rtoml reads only a text
    that cannot hold any of those (:func:`_plain`); any other text, and anything rtoml refuses,
    is read by tomllib, whose error says the line and column.

    >>> loads('a = { x = 1 }\n')
    {'a': {'x': 1}}
    >>> loads('a = { x = 1,\n      y = 2 }\n')
    Traceback (most recent call last):
    ...
    tomllib.TOMLDecodeError: Invalid initial character for a key part (at line 1, column 13)
    """
    # tomllib imported only where it reads: its import is 1.8-2.9 ms (five processes, after
    # skatcalc's modules) of a season's ``sheet stats`` that rtoml reads whole
    if len(text) < _SMALL and "rtoml" not in sys.modules:
        import tomllib

        try:
            return tomllib.loads(text)
        except tomllib.TOMLDecodeError:
            raise
        except (RecursionError, ValueError):  # too deep, too long a number: rtoml says why
            pass
    try:
        import rtoml
    except ImportError:  # pragma: no cover - rtoml is a dependency
        import tomllib

        return tomllib.loads(text)
    if not _plain(text):
        import tomllib

        return tomllib.loads(text)
    try:
        data: dict[str, Any] = rtoml.loads(text)
    except rtoml.TomlParsingError as error:
        import tomllib

        try:
            return tomllib.loads(text)  # raises tomllib.TOMLDecodeError, with the position
        except (RecursionError, ValueError) as again:
            if isinstance(again, tomllib.TOMLDecodeError):
                raise
            # nested too deep, or a number of thousands of digits: rtoml's own words
            raise ValueError(str(error)) from None
    return data


_SMALL = 16_384
"""A text tomllib reads faster than rtoml is imported (about 3 ms; tomllib reads a deal in
about 20 µs): an evening's sheet, a tournament file. Once rtoml is imported (a large sheet, or
:func:`reading_many`), it reads every text."""


def reading_many(count: int) -> None:
    """A command is about to read ``count`` files: from two on, rtoml is imported now and
    reads every text after (its import is paid once; it reads a deal about ten times faster
    than tomllib). A season's ``sheet stats`` over 200 evening sheets cost 2.0x reading them
    with tomllib alone, each read by tomllib (docs/performance.md)."""
    if count > 1:
        from contextlib import suppress

        with suppress(ImportError):  # a dependency wherever it installs (no find_spec)
            import rtoml  # noqa: F401


_TOML11 = ('"""', "'''", "\\e", "\\x")
"""Multi-line strings (the brace check below reads a line at a time), the escapes \\e, \\xHH."""
_SHORT_TIME = re.compile(r":\d\d(?!:)")
"""A time without seconds (``07:32``) ends like this; a full one's seconds do too."""
_STRING = later(r""""(?:[^"\\\n]|\\.)*"|'[^'\n]*'""")
_COMMENT = later(r"#[^\n]*")
_INLINE = later(r"\{[^{}\n]*\}")
_TRAILING_COMMA = later(r",[ \t]*\}")


def _plain(text: str) -> bool:
    r"""True when ``text`` can hold nothing that TOML 1.1 allows and TOML 1.0 does not: no
    multi-line string, no ``\e`` or ``\x`` escape, no time without seconds, and, with its
    strings and comments taken out, every inline table closed on its own line and without a
    trailing comma. Errs on the safe side: False only means that tomllib reads the text.

    >>> _plain('ramsch = { Anna = 60, "Jö" = 40, Carl = 20 }\n'), _plain("a = {\n}\n")
    (True, False)
    >>> _plain('a = { s = "}", t = {}\n, u = "{" }\n'), _plain('a = "\\e"'), _plain("t = 07:32")
    (False, False, False)
    """
    if any(sign in text for sign in _TOML11):
        return False
    for clock in _SHORT_TIME.finditer(text):  # hh:mm not after another ":mm"
        at = clock.start()
        if (
            at >= 2
            and text[at - 2 : at].isdigit()
            and (at < 3 or text[at - 3] not in ":0123456789")
        ):
            return False
    if "{" not in text and "}" not in text:
        return True
    bare = _COMMENT.sub("", _STRING.sub('""', text))
    if _TRAILING_COMMA.search(bare):
        return False
    while True:
        inner = _INLINE.sub("", bare)
        if inner == bare:
            break
        bare = inner
    return "{" not in bare and "}" not in bare


class Lines:
    """Line numbers of keys, for messages: at the top of the file or inside deal ``index``.

    The line starts and table headers are found once, so naming the line of every problem of a
    long sheet stays linear in its size.
    """

    def __init__(self, text: str, starts: tuple[int, ...] | None) -> None:
        self.text = text
        self.starts = starts
        self._breaks: list[int] | None = None
        self._tables: list[int] | None = None
        self._rules: int | None = -1

    def _line_of(self, offset: int) -> int:
        import bisect

        if self._breaks is None:
            self._breaks = [m.start() for m in re.finditer("\n", self.text)]
        return bisect.bisect_left(self._breaks, offset) + 1

    def _table_after(self, at: int) -> int:
        import bisect

        if self._tables is None:
            self._tables = [m.start() for m in re.finditer(r"^[ \t]*\[", self.text, re.MULTILINE)]
        found = bisect.bisect_left(self._tables, at)
        return self._tables[found] if found < len(self._tables) else len(self.text)

    def key(self, where: int | str, key: str) -> int:
        """The line of ``key = ...`` at the ``"top"``, in ``"rules"``, or in a deal (its index).

        A key not found in a deal points to the deal's header; elsewhere 0 means not found.
        """
        if isinstance(where, int):
            if self.starts is None:
                return 0
            begin = self.starts[where]
        elif where == "top":
            begin = 0
        else:
            if self._rules == -1:
                rules = re.search(r"^[ \t]*\[[ \t]*rules[ \t]*\]", self.text, re.MULTILINE)
                self._rules = None if rules is None else rules.start() + 1
            if self._rules is None:
                return 0
            begin = self._rules
        end = self._table_after(begin + (where != "top"))
        pattern = re.compile(rf"^[ \t]*\"?{re.escape(key)}\"?[ \t]*=", re.MULTILINE)
        match = pattern.search(self.text, begin, end)
        if match is not None:
            return self._line_of(match.start())
        return self._line_of(begin) if isinstance(where, int) else 0

    def in_table(self, begin: int, key: str | None) -> int:
        """The line of ``key = ...`` in the table whose header starts at ``begin``, else (or
        with no key) the header's line."""
        if key is not None:
            end = self._table_after(begin + 1)
            pattern = re.compile(rf"^[ \t]*\"?{re.escape(key)}\"?[ \t]*=", re.MULTILINE)
            match = pattern.search(self.text, begin, end)
            if match is not None:
                return self._line_of(match.start())
        return self._line_of(begin)

    def deal(self, index: int, field: str | None) -> int:
        """The line a deal's problem points to: its key's line (by the error's ``field``, never
        by its wording), else the deal's header."""
        if self.starts is None:
            return 0
        if field is None:
            return self._line_of(self.starts[index])
        return self.key(index, field)


def toml_problem(text: str, error: Exception) -> Problem:
    """The parser's complaint with its line; one at the very end points at the last line."""
    message = str(getattr(error, "msg", error))
    pos = getattr(error, "pos", None)
    line = getattr(error, "lineno", 0) or 0
    found = re.search(r"\s*\((?:at line (\d+), column \d+|at end of document)\)$", message)
    if found:
        line = line or int(found.group(1) or 0)
        message = message[: found.start()]
    if (pos is not None and pos >= len(text.rstrip())) or (found and not found.group(1)):
        line = text.rstrip().count("\n") + 1
    return Problem(line, SheetFileError("err.toml", message=message))


def toml_value(value: object) -> str:
    """One TOML value on one line (a list of strings stays inline), as ``tomli_w`` writes it.

    >>> toml_value(True), toml_value(-96), toml_value('Ben "the Bear"'), toml_value(("a", "b"))
    ('true', '-96', '"Ben \\\\"the Bear\\\\""', '["a", "b"]')
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, tuple):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    import tomli_w

    return tomli_w.dumps({"v": value})[4:-1]


_ESCAPED = later(r'[\x00-\x08\x0a-\x1f\x7f"\\]')
"""What a TOML basic string cannot hold as it is: control characters but tab, ``"``, ``\\``."""
_ESCAPES = {"\b": "\\b", "\n": "\\n", "\f": "\\f", "\r": "\\r", '"': '\\"', "\\": "\\\\"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    return _ESCAPES.get(char) or f"\\u{ord(char):04x}"


def toml_string(text: str) -> str:
    r"""A TOML basic string, as ``tomli_w`` writes it: its short escapes where it has one,
    ``\uXXXX`` for the other control characters.

    >>> print(toml_string('a "b" \\ c\td\x1b'))
    "a \"b\" \\ c	d\u001b"
    """
    if _ESCAPED.search(text) is None:
        return f'"{text}"'
    return '"' + _ESCAPED.sub(_escape, text) + '"'


_BARE_KEY = later(r"[A-Za-z0-9_-]+")


def flat_table(data: Mapping[str, object]) -> str:
    """The keys of a flat table, ``key = value`` one a line, exactly as ``tomli_w.dumps``
    writes them (tests/sheet/test_toml_writer.py holds it to that): 3.9 µs a deal against
    11.9 µs, about a third of an import of 100,000 deals (docs/performance.md).

    >>> print(flat_table({"declarer": "Ben", "game": "grand", "with": 2, "hand": True}), end="")
    declarer = "Ben"
    game = "grand"
    with = 2
    hand = true
    """
    lines = []
    for key, value in data.items():
        name = _NAMES.get(key)
        if name is None:
            name = _kept(_NAMES, key, key if _BARE_KEY.fullmatch(key) else toml_string(key))
        if isinstance(value, bool):
            lines.append(f"{name} = {'true' if value else 'false'}\n")
        elif isinstance(value, int):
            lines.append(name + " = " + str(value) + "\n")
        elif isinstance(value, str):
            said = _STRINGS.get(value)
            if said is None:
                said = _kept(_STRINGS, value, toml_string(value))
            lines.append(f"{name} = {said}\n")
        else:  # no such key in a deal: what tomli_w makes of it
            import tomli_w

            return tomli_w.dumps(data)
    return "".join(lines)


_NAMES: dict[str, str] = {}
_STRINGS: dict[str, str] = {}
"""Keys and strings as written, kept (at most 4,096 of each): a sheet's deals say the same
few keys, names and games again and again (an import of 100,000 deals writes 600,000)."""


def _kept(kept: dict[str, str], key: str, said: str) -> str:
    if len(kept) >= 4096:
        kept.clear()
    kept[key] = said
    return said


def toml_key(name: str) -> str:
    """A table key: bare when it can be, else quoted as a TOML string."""
    if _BARE_KEY.fullmatch(name):
        return name
    return toml_string(name)
