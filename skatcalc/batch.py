"""JSON lines in, JSON lines out: scoring a log of games, one line at a time.

Pure: the caller reads and writes the lines. Each input line is a JSON object whose keys are
``skatcalc value``'s long options (plus ``bock``); each answer is ``value --json``'s object, or
``{"line": N, "error": "..."}``. The objects and the encoder are :mod:`skatcalc.formats.json`'s;
this module adds the fast text of a log of games (:func:`fast_scoring_json`).

>>> ok, answered = answer('{"game": "clubs", "with": 2, "hand": true, "points": 56}', 1)
>>> ok, answered[-36:]
(True, '"score": -96, "seeger_fabian": -146}')
>>> answer('{"game": "clubs", "with": 12}', 7)
(False, '{"line": 7, "error": "clubs has 11 tops at most (11 trumps): with 12 is impossible; give 1 to 11"}')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Any, BinaryIO

from skatcalc.errors import SkatError
from skatcalc.formats.json import error_line, parse_object, scoring_dict, scoring_json, string
from skatcalc.formats.json import text as json_text
from skatcalc.spec import GameSpec, options, wrong_kind

if TYPE_CHECKING:
    from skatcalc.sheet.model import Deal
from skatcalc.value import Scoring, score
from skatcalc.words import current, message, speaking
from skatcalc.words.report import reason

__all__ = [
    "IMPORT_LIMIT",
    "LINE_LIMIT",
    "answer",
    "deals",
    "fast_scoring_json",
    "read_lines",
    "run",
]

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
    try:
        if isinstance(text, SkatError):
            raise text
        data = parse_object(text)
        bock = data.pop("bock", False)
        if not isinstance(bock, bool):
            raise wrong_kind("bock", bool, bock)
        return True, _answer(tuple(options(data, also=("bock",)).items()), bock)
    except SkatError as error:
        with speaking("en"):
            said = message(error)
        return False, error_line(n, said)


# --- the fast JSON text of a batch ---------------------------------------------------------
#
# Measured on bench/batch.py's 20,000 games, one pass in a fresh process, three runs on a loaded
# 2-core machine: scoring_json (json.dumps(scoring_dict(s))) makes the batch 800-1,000 ms, the
# fragments below 440-490 ms: without them value --batch would miss its 3x target. A log
# repeats declarations, tops, values and bids far more than whole games, so the keys fixed by
# the game (and, apart, by the value and bid) are encoded once (by value, at most 8,192 of each
# kept) and only the result is formatted per game. One fragment keyed by both missed 2,286 times
# in the 20,000 games; two (game, then value and bid) took the batch from 387 ms to 347 ms
# (whole processes, median of 11 interleaved runs; the code before this change: 310-391 ms).
# tests/test_batch.py checks the text equals scoring_json's for any game.

_GAME_KEYS = ("game", "declaration", "name", "base_value", "tops", "tops_from_hand", "skat",
              "discards", "levels", "multiplier", "chain", "value")  # fmt: skip
_BID_KEYS = ("bid", "max_bid", "covering_value", "kontra", "re", "bock", "factor")
_GAMES: dict[tuple[object, ...], str] = {}
_BIDS: dict[tuple[object, ...], str] = {}


def _fragment(s: Scoring, keys: tuple[str, ...]) -> str:
    """Some keys of the documented object as JSON, without the braces."""
    whole = scoring_dict(s)
    return json_text({name: whole[name] for name in keys})[1:-1]


def fast_scoring_json(s: Scoring, game: tuple[object, ...] | None = None) -> str:
    """``value --json``'s text of ``s`` (equal to
    :func:`~skatcalc.formats.json.scoring_json`), fast for a log of games. ``game``: the game's
    options apart from its result, bid, Kontra and Re, a cheaper key than the scoring's parts
    (the value then fixes the levels).

    >>> game = score("grand", with_=4, points=92, kontra=True)
    >>> fast_scoring_json(game) == scoring_json(game)
    True
    """
    play, outcome = s.play, s.outcome
    if play is None or outcome is None or current() != "en":  # the reason is English in JSON
        return scoring_json(s)
    if game is None:
        game_key: tuple[object, ...] = (s.declaration, s.tops, s.hand_tops, s.skat, s.discards,
                                        s.levels, s.value, s.base_value)  # fmt: skip
    else:
        game_key = (game, s.value)
    game_part = _GAMES.get(game_key)
    if game_part is None:
        if len(_GAMES) >= 8192:
            _GAMES.clear()
        game_part = _GAMES[game_key] = _fragment(s, _GAME_KEYS)
    bid_key = (s.declaration.game, s.value, s.bid, s.kontra, s.re, s.bock, s.base_value)
    bid_part = _BIDS.get(bid_key)
    if bid_part is None:
        if len(_BIDS) >= 8192:
            _BIDS.clear()
        bid_part = _BIDS[bid_key] = _fragment(s, _BID_KEYS)
    return (
        f'{{{game_part}, {bid_part}, "points": {"null" if play.points is None else play.points}, '
        f'"tricks": {"null" if play.tricks is None else play.tricks}, '
        f'"outcome": "{outcome.value}", "reason": {string(reason(s) or "")}, '
        f'"scored_value": {s.scored_value}, "score": {s.score}, '
        f'"seeger_fabian": {s.seeger_fabian}}}'
    )


@lru_cache(maxsize=4096)
def _answer(given: tuple[tuple[str, Any], ...], bock: bool) -> str:
    """The JSON text of a game, kept by its checked options (bounded: memory stays flat).

    Measured on bench/batch.py's 20,000 games (8,168 repeat a game seen before), one pass in a
    fresh process, three runs on a loaded 2-core machine: 440-490 ms with it, 450-700 ms
    without; 32,768 kept instead of 4,096 did no better (470-520 ms).
    """
    options = dict(given)
    game = tuple(item for item in given if item[0] not in _NOT_GAME)
    return fast_scoring_json(score(**options, bock=bock), game)


_NOT_GAME = frozenset(("points", "tricks", "bid", "kontra", "re"))


def run(lines: Iterable[str | SkatError], write: Callable[[str], object]) -> int:
    """Answer every line, in order, as soon as it is read; return how many failed.

    >>> import io
    >>> out = io.StringIO()
    >>> run(['{"game": "null", "tricks": 0}', '{"game": "null", "bid": 60}'], out.write)
    1
    >>> [line[:30] for line in out.getvalue().splitlines()]
    ['{"game": "null", "declaration"', '{"line": 2, "error": "Null is ']
    """
    failed = 0
    for n, line in enumerate(lines, 1):
        ok, text = answer(line, n)
        failed += not ok
        write(text + "\n")
    return failed


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
