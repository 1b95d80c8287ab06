"""JSON lines in, JSON lines out: scoring a log of games, one line at a time.

Pure: the caller reads and writes the lines. Each input line is a JSON object whose keys are
``skatcalc value``'s long options (plus ``bock``); each answer is ``value --json``'s object, or
``{"line": N, "error": "..."}``. The objects, their text (made fast for a log of games:
:func:`~skatcalc.formats.json.fast_scoring_json`) and the encoder are
:mod:`skatcalc.formats.json`'s; this module keeps the answers given and runs the loop.

>>> ok, answered = answer('{"game": "clubs", "with": 2, "hand": true, "points": 56}', 1)
>>> ok, answered[-36:]
(True, '"score": -96, "seeger_fabian": -146}')
>>> answer('{"game": "clubs", "with": 12}', 7)
(False, '{"line": 7, "error": "clubs has 11 tops at most (11 trumps): with 12 is impossible; give 1 to 11"}')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any, BinaryIO

from skatcalc.errors import SkatError
from skatcalc.formats.json import error_line, fast_scoring_json, parse_object
from skatcalc.spec import GameSpec, options, wrong_kind

if TYPE_CHECKING:
    from skatcalc.sheet.model import Deal
from skatcalc.value import score
from skatcalc.words import entered, message, speaking

__all__ = ["IMPORT_LIMIT", "LINE_LIMIT", "answer", "deals", "gathering", "read_lines", "run"]

LINE_LIMIT = 16 * 1024
"""The longest input line read, in bytes: a game with every key and its cards takes about 300."""

IMPORT_LIMIT = 100_000
"""The most deals one ``sheet add --batch`` imports (all or nothing, so all are held at once)."""


def read_lines(stream: BinaryIO, limit: int = LINE_LIMIT) -> Iterator[str | SkatError]:
    """The lines of a byte stream, one at a time (flat memory at any length of input): each
    decoded as UTF-8, or the :class:`SkatError` that says why it cannot be (not UTF-8, or longer
    than ``limit`` bytes; the rest of such a line is read and dropped, so the next one counts).

    >>> import io
    >>> lines = read_lines(io.BytesIO(b'{"a": 1}\\n\\xff\\n' + b'x' * 20 + b'\\nok'), 10)
    >>> [x if isinstance(x, str) else message(x) for x in lines]
    ['{"a": 1}\\n', 'not UTF-8 text (byte 1 of the line): the line is skipped', 'a line of more than 10 bytes: a game fits in far fewer; the line is skipped', 'ok']
    """
    while line := stream.readline(limit + 1):
        if len(line) > limit and not line.endswith(b"\n"):
            while (rest := stream.readline(limit)) and not rest.endswith(b"\n"):
                pass
            yield SkatError("err.batch.long", most=limit)
            continue
        try:
            yield line.decode("utf-8")
        except UnicodeDecodeError as error:
            yield SkatError("err.batch.utf8", at=error.start + 1)


def answer(text: str | SkatError, n: int) -> tuple[bool, str]:
    """Score input line ``n``: (True, ``value --json``'s text) or (False, the error object).

    A line that could not be read arrives as its error. The error's text is English, as all
    JSON text is (docs/json.md), whatever the language of the human output.
    """
    ok, said = _answered(text, n)
    return ok, said[:-1]


def _answered(text: str | SkatError, n: int) -> tuple[bool, str]:
    """:func:`answer`, the text with its line end (kept so: a line is written as it is kept,
    not copied to add one); a line read before is answered by :func:`run` from :data:`_LINES`
    before it calls this."""
    try:
        if isinstance(text, SkatError):
            raise text
        data = parse_object(text)
        bock = data.pop("bock", False)
        if not isinstance(bock, bool):
            raise wrong_kind("bock", bool, bock)
        given = options(data, also=("bock",))
        if bock:  # among the keywords only when given: no dict merged for the call (0.2 µs)
            given["bock"] = True
        said = _said(given)
    except SkatError as error:
        return False, error_line(n, _english(error)) + "\n"
    if len(_LINES) >= 16384:
        _LINES.clear()
    _LINES[text] = said
    return True, said


_LINES: dict[str, str] = {}
"""The answers to lines read before, by the line's text (at most 16,384 kept): a log repeats
whole lines (8,168 of bench/batch.py's 20,000 games), and such a line is answered without
reading its JSON (2.6 µs a line). Measured in the process on those games (CPU, median of 5):
150 ms without, 134 ms with. The answers were kept by the game's checked options too (a game
repeated with its keys in another order): no log of one program writes its keys in two
orders, and keying every line cost more than it saved. Dropped, a fresh process's run() on
bench/games.py's games went from 151-163 ms to 131-145 ms and on its varied games from 369-380
ms to 322-343 ms (bench/batch_stages.py --plain, four runs each, interleaved)."""


def _english(error: SkatError) -> str:
    """The message of ``error`` in English (a batch's language, as all JSON's), in the words of
    options (a line's keys are ``value``'s options), whatever the caller speaks; kept by the
    error as data (``str(error)``: its code and every value in it, errors.py), since a log
    refuses the same game again and again: a Null's bid it does not reach took 13 µs to say,
    6 to key (python -m timeit), 904 of bench/games.py's 20,000 varied games, 46 messages."""
    key = str(error)
    said = _ERRORS.get(key)
    if said is None:
        with speaking("en"), entered("options"):
            said = message(error)
        if len(_ERRORS) >= 1024:
            _ERRORS.clear()
        _ERRORS[key] = said
    return said


_ERRORS: dict[str, str] = {}
"""The messages said, by the error as data (at most 1,024 kept)."""


def _said(given: dict[str, Any]) -> str:
    """The JSON text of the game :func:`~skatcalc.value.score`'s keywords ``given`` name, and
    its line end."""
    return fast_scoring_json(score(**given), "\n")


def run(
    lines: Iterable[str | SkatError], write: Callable[[str], object], *, gathered: bool = False
) -> int:
    """Answer every line, in order, as soon as it is read; return how many failed.
    ``gathered``: for an output that keeps what is written until its buffer fills anyway (a
    file or a pipe; never a terminal, nor an output asked to be unbuffered), the answers are
    written 64 at a time, every one of them before this returns or raises. Measured on
    bench/batch.py's 20,000 games (each answer about 900 bytes), a fresh process writing to
    /dev/null: 152 ms an answer at a time, 145 ms gathered.

    >>> import io
    >>> out = io.StringIO()
    >>> run(['{"game": "null", "tricks": 0}', '{"game": "null", "bid": 60}'], out.write)
    1
    >>> [line[:30] for line in out.getvalue().splitlines()]
    ['{"game": "null", "declaration"', '{"line": 2, "error": "Null is ']
    """
    failed = 0
    pending: list[str] = []
    try:
        for n, line in enumerate(lines, 1):
            # a line read before: answered here, without a call (3,239 of bench/games.py's
            # 20,000 varied games)
            text = _LINES.get(line) if type(line) is str else None
            if text is None:
                ok, text = _answered(line, n)
                failed += not ok
            if not gathered:
                write(text)
                continue
            pending.append(text)
            if len(pending) == 64:
                chunk = "".join(pending)
                pending.clear()  # before the write: a write that fails is not made again
                write(chunk)
    finally:
        if pending:  # the answers of the lines read before what ended the loop
            chunk = "".join(pending)
            pending.clear()
            write(chunk)
    return failed


def gathering(stream: object) -> bool:
    """Whether ``stream`` keeps what is written until its buffer fills (:func:`run`'s
    ``gathered``): a text stream neither line-buffered (a terminal) nor written through
    (``python -u``, ``PYTHONUNBUFFERED``).

    >>> import io, sys
    >>> gathering(io.TextIOWrapper(io.BytesIO())), gathering(io.StringIO())
    (True, False)
    """
    return getattr(stream, "line_buffering", True) is False and (
        getattr(stream, "write_through", True) is False
    )


def deals(lines: Iterable[str | SkatError]) -> list[tuple[int, Deal]]:
    """Read deals for a sheet: value's keys plus ``declarer``, ``{"pass": true}``, or a Ramsch
    as a sheet file writes it (``{"ramsch": {"Anna": 62, ...}, "jungfrau": [...], ...}``).

    Each deal comes with its line number; the first bad line raises a :class:`SkatError`
    that names it, so an import is all or nothing.

    >>> [(n, d.declarer) for n, d in deals(['{"pass": true}', '{"declarer": "Ben", "game": "null"}'])]
    [(1, None), (2, 'Ben')]
    >>> deals(['{"declarer": "Ben", "game": "null", "hand": 1}'])
    Traceback (most recent call last):
    ...
    skatcalc.errors.SkatError: err.batch.line(n=1, error=err.spec.type(key="'hand'", kind=kind.bool, value=literal(value=1)))
    """
    from skatcalc.sheet.model import Deal, Ramsch

    out: list[tuple[int, Deal]] = []
    for n, line in enumerate(lines, 1):
        if n > IMPORT_LIMIT:
            raise SkatError("err.import.many", most=IMPORT_LIMIT)
        try:
            if isinstance(line, SkatError):
                raise line
            data = parse_object(line)
            if "pass" in data:
                if data != {"pass": True}:
                    raise SkatError("err.batch.pass")
                out.append((n, Deal.passed()))
                continue
            if "ramsch" in data:
                out.append((n, Deal.of_ramsch(Ramsch.from_mapping(data))))
                continue
            declarer = data.pop("declarer", None)
            if not isinstance(declarer, str):
                raise SkatError("err.batch.declarer", field="declarer")
            out.append((n, Deal(declarer, GameSpec.from_mapping(data))))
        except SkatError as error:
            raise SkatError("err.batch.line", n=n, error=error) from None
    return out
