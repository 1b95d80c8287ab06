"""JSON: every object skatcalc writes as JSON, the one encoder, and the JSON readers.

Always English: JSON is the contract (docs/json.md, docs/tournament.md), the same in every
language. Each object is built here from the domain's data, for ``value --json``, ``bid --json``,
``value --batch``, every ``sheet`` command's ``--json``, the JSON export, statistics and the
settlement, and the tournament's ``--json``; :func:`text` encodes any of them. The readers sit
beside the writers: a ``value --batch`` line (:func:`parse_object`) and a JSON export back to a
sheet's data (:func:`read_export`).

>>> from skatcalc.sheet.model import Deal, Sheet
>>> from skatcalc.spec import GameSpec
>>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal("Ben", GameSpec("grand", with_=2, points=61)))
>>> data = sheet_dict(sheet, sheet.tally())
>>> data["players"][1], data["games"][0]["totals"]
({'name': 'Ben', 'score': 72, 'won': 1, 'lost': 0, 'seeger_fabian': 122, 'bierlachs': 0}, {'Anna': 0, 'Ben': 72, 'Carl': 0})
>>> text({"name": "Zoë", "score": None})
'{"name": "Zoë", "score": null}'
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, TextIO, TypeVar

from skatcalc.errors import SheetFileError, SkatError, say
from skatcalc.games import GameType
from skatcalc.value import Outcome
from skatcalc.words import current, message, speaking
from skatcalc.words.report import chain, game_name, reason

if TYPE_CHECKING:  # ``value --json`` imports this module: no sheet, no tournament for it
    from fractions import Fraction

    from skatcalc.bidding import Analysis, Option
    from skatcalc.season import Season, SeasonPlayer
    from skatcalc.sheet.cash import Cash, CashLine
    from skatcalc.sheet.model import Sheet, Tally
    from skatcalc.sheet.stats import CardPoints, PlayerStats, Settlement, SheetTotals, Stats
    from skatcalc.tournament.model import Table, Tournament
    from skatcalc.tournament.standings import SeriesScore, Standings
    from skatcalc.value import Scoring, Tops

__all__ = [
    "added_dict",
    "bidding_dict",
    "compact_deal_dict",
    "config_dict",
    "currency_decimal",
    "deal_dict",
    "deeper",
    "error_line",
    "export_deals",
    "export_head",
    "fast_scoring_json",
    "option_dict",
    "parse_object",
    "read_export",
    "read_value",
    "removed_dict",
    "render_season",
    "render_sheet",
    "render_standings",
    "rules_dict",
    "scoring_dict",
    "scoring_json",
    "season_dict",
    "season_names",
    "series_dict",
    "settlement_cash_dict",
    "settlement_dict",
    "sheet_dict",
    "standings_dict",
    "stats_dict",
    "string",
    "text",
    "tournament_dict",
    "write_sheet",
]  # fmt: skip


# --- the encoder ------------------------------------------------------------------------------


@cache
def _encoder(indent: int | None) -> Callable[[object], str]:
    return json.JSONEncoder(ensure_ascii=False, indent=indent).encode


def text(data: object, *, indent: int | None = None) -> str:
    """``data`` as JSON text, the one way skatcalc writes JSON: UTF-8 as it is (``ensure_ascii``
    off), on one line unless ``indent``; the same text as ``json.dumps(data,
    ensure_ascii=False, indent=indent)``.

    >>> print(text({"a": [1, True]}, indent=1))
    {
     "a": [
      1,
      true
     ]
    }
    """
    return _encoder(indent)(data)


string: Callable[[str], str] = json.encoder.encode_basestring
"""A JSON string exactly as :func:`text` writes it (for ``value --batch``'s fast text)."""


# --- reading ----------------------------------------------------------------------------------


_DECODE = json.JSONDecoder().raw_decode

_JSON_REASONS = {
    "Expecting value": "json.value",
    "Expecting property name enclosed in double quotes": "json.key",
    "Expecting ':' delimiter": "json.colon",
    "Expecting ',' delimiter": "json.comma",
    "Unterminated string starting at": "json.unterminated",
    "Invalid control character at": "json.control",
    "Invalid \\uXXXX escape": "json.unicode",
    # Python 3.13 names a trailing comma itself (3.11 and 3.12 say "Expecting ...")
    "Illegal trailing comma before end of object": "json.trailing_object",
    "Illegal trailing comma before end of array": "json.trailing_array",
}
"""What the json module says is wrong, as word keys (their English is the module's own)."""


def parse_object(line: str) -> dict[str, Any]:
    """Read one JSON-lines object (a ``value --batch`` line); raise :class:`SkatError` saying
    what is wrong.

    >>> parse_object('{"game": "null"}\\n')
    {'game': 'null'}
    >>> parse_object("[1, 2]")
    Traceback (most recent call last):
    ...
    skatcalc.errors.SkatError: err.json.object
    """
    line = line.removeprefix("\ufeff")  # a byte-order mark some editors write first
    try:
        data, end = _DECODE(line)  # the usual line: an object, then the newline
    except RecursionError:
        raise SkatError("err.json.deep") from None
    except ValueError:
        data, end = _decode_indented(line)
    if end < len(line) and line[end:].strip():
        raise SkatError("err.json.extra")
    if not isinstance(data, dict):
        raise SkatError("err.json.object")
    # a game's line is flat: only one that nests is walked (2 µs a line of value --batch).
    # Nesting needs a "[" or a second "{" in the text (in a string too: then walked for
    # nothing): looked for in C, not by a loop over the values (a six-key line read in 1.18 µs
    # against 1.65, python -m timeit)
    if ("[" in line or line.count("{") > 1) and deeper(data, LINE_DEPTH):
        raise SkatError("err.json.deep")
    return data


def _decode_indented(line: str) -> tuple[Any, int]:
    """The value on a line that is not one at its start: after blanks, or refused as empty
    or not JSON. Off the usual path, so the usual line pays nothing for it."""
    if not line.strip():
        raise SkatError("err.batch.empty") from None
    try:
        return _DECODE(line, len(line) - len(line.lstrip()))
    except RecursionError:
        raise SkatError("err.json.deep") from None
    except ValueError as error:
        raise SkatError("err.json.invalid", reason=_reason(error)) from None


LINE_DEPTH = 4
"""The deepest nesting a batch line may have: a game is one flat object, a Ramsch's points an
object inside it (a list in it would be three)."""

EXPORT_DEPTH = 16
"""The deepest nesting an export may have: an export is about six deep (the sheet, its games,
a game, what was entered, a Ramsch's points)."""


def deeper(value: object, most: int) -> bool:
    """Whether ``value`` nests lists and objects more than ``most`` deep; without recursion,
    so a nesting the parser took never costs the stack of what reads it after (a value quoted
    in a message, compared, put in words).

    >>> deeper({"a": [1, {"b": []}]}, 3), deeper({"a": [1, {"b": []}]}, 4)
    (True, False)
    """
    level: list[object] = [value]
    for _ in range(most):
        level = [
            item
            for node in level
            if isinstance(node, dict | list)
            for item in (node.values() if isinstance(node, dict) else node)
        ]
        if not any(isinstance(node, dict | list) for node in level):
            return False
    return any(isinstance(node, dict | list) for node in level)


def _reason(error: ValueError) -> object:
    """Why text is not JSON: the json module's reason, in the language in use where known."""
    reason = getattr(error, "msg", str(error))
    key = _JSON_REASONS.get(reason)
    return reason if key is None else say(key)


def read_value(cell: str) -> Any:
    """The JSON value in ``cell`` (a CSV export's Ramsch points and Jungfrau); raise
    :class:`ValueError` when it is not JSON.

    >>> read_value('{"Anna": 62}'), read_value("")
    ({'Anna': 62}, None)
    """
    value = json.loads(cell or "null")
    if deeper(value, LINE_DEPTH):
        raise ValueError("nested deeper than any export")
    return value


def read_export(export: str) -> dict[str, Any]:
    """The sheet a JSON export holds (``sheet export --format json``, with ``--compact`` or
    not, or ``sheet show --json`` with every deal), as the data a sheet file holds:
    ``format``, ``players``, ``rules`` and each ``deal`` as entered (checked as a file is by
    :func:`skatcalc.store.sheet_codec.from_data`). The totals in the export are not read: the deals
    are the truth. (``sheet import`` reads a file in two passes instead, never holding it:
    :func:`export_head`, :func:`export_deals`.)

    >>> read_export('{"players": [{"name": "A"}], "games": [], "rules": {}}')
    {'format': 1, 'players': ['A'], 'rules': {}, 'deal': []}
    >>> read_export("{players")
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetFileError: err.import.json(msg='Expecting property name enclosed in double quotes', line=1, column=2)
    """
    import io

    head = export_head(io.StringIO(export))
    deals = list(export_deals(io.StringIO(export), head))
    keys = ("format", "players", "rules", "rules_change")
    return {key: head[key] for key in keys if key in head} | {"deal": deals}


def export_head(stream: TextIO) -> dict[str, Any]:
    """The first pass over a JSON export (read a piece at a time, never held whole): every
    error a reader finds in it, in the order :func:`json.loads` and the checks after it find
    them (the JSON itself, then what a skatcalc export holds), and the sheet's head: the data
    of a sheet file without its deals (``format``, ``players``, ``rules``) and the number of
    deals (``deals``), and which ``"games"`` array holds them (``games``: 1, unless the key is
    given more than once).

    >>> import io
    >>> export_head(io.StringIO('{"games": [{"n": 1, "passed": true}], "players": [], "rules": {}}'))
    {'format': 1, 'players': [], 'rules': {}, 'deals': 1, 'games': 1}
    >>> export_head(io.StringIO('{"players": [], "games": [{"n": 2}], "rules": {}}'))
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetFileError: err.import.order(n=1)
    """
    from skatcalc.sheet.model import FORMAT_VERSION

    reader = _Reader(stream)
    raw: dict[str, Any] = {}
    games: int | None = None  # the deals in the last "games" (json.loads keeps the last key)
    arrays = 0
    wrong: SheetFileError | None = None  # the first game that is not one of an export
    deep: dict[str, bool] = {}  # each member nested deeper than an export (by its last value)
    for key in reader.members():
        if key == "games" and reader.peek() == "[":
            arrays, found, count, deep[key] = arrays + 1, None, 0, False
            for count, game in enumerate(reader.elements(), 1):
                deep[key] = deep[key] or deeper(game, EXPORT_DEPTH - 2)  # the object, the list
                found = found or _not_a_game(game, count)
            raw[key], games, wrong = [], count, found
        else:
            raw[key] = reader.value()
            deep[key] = deeper(raw[key], EXPORT_DEPTH - 1)
            if key == "games":
                games = wrong = None
    reader.end()
    if any(deep.values()):
        raise SheetFileError("err.import.deep")
    if not isinstance(raw.get("players"), list):
        raise SheetFileError("err.import.not_json")
    players = [p.get("name") if isinstance(p, dict) else None for p in raw["players"]]
    if games is None or not isinstance(raw.get("rules"), dict):
        raise SheetFileError("err.import.not_json")
    series = raw.get("series")
    if isinstance(series, dict) and series.get("deals") != games:
        raise SheetFileError("err.import.partial", count=games, deals=series.get("deals"))
    if wrong is not None:
        raise wrong
    head = {"format": FORMAT_VERSION, "players": players, "rules": raw["rules"], "deals": games}
    return {**head, **_changes_read(raw), "games": arrays}


def _changes_read(raw: Mapping[str, Any]) -> dict[str, Any]:
    """The rules changed from a later deal (``rules_changes``) as a sheet's data holds them
    (the file's ``rules_change``); nothing when the export has none.

    >>> _changes_read({"rules_changes": [{"from": 2, "bock": True}]})
    {'rules_change': [{'from': 2, 'bock': True}]}
    """
    return {"rules_change": raw["rules_changes"]} if "rules_changes" in raw else {}


def export_deals(stream: TextIO, head: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """The second pass over a JSON export whose ``head`` :func:`export_head` read without an
    error: each deal as a sheet file's ``[[deal]]`` table holds it, in order, one at a time
    (from the ``"games"`` array the head names: the last, as :func:`json.loads` keeps the last
    of a key given twice).

    >>> import io
    >>> list(export_deals(io.StringIO('{"games": [{"n": 1, "passed": true}]}'), {"games": 1}))
    [{'passed': True}]
    """
    games = head["games"]
    reader = _Reader(stream)
    seen = 0
    for key in reader.members():
        if key == "games" and reader.peek() == "[":
            seen += 1
            for game in reader.elements():
                if seen == games:
                    yield _entered(game)
            if seen == games:
                return
        else:
            reader.value()


VALUE_LIMIT = 1 << 20
"""The most characters one value of an export may take (a game's object with every key and
its cards takes about 2,000): the reader holds one such value at a time, never the file."""

_WHITE = re.compile(r"[ \t\n\r]*")  # json's own white space
scanstring: Callable[[str, int], tuple[str, int]] = json.decoder.scanstring  # type: ignore[attr-defined]
"""A JSON string's value from after its opening quote (the json module's own, in C)."""
_PIECE = 1 << 16


class _Reader:
    """A JSON export read a piece at a time: the members of its object, a value whole or an
    array's elements one by one. What is wrong is said as :func:`json.loads` says it (the
    same words, line and column: tests/sheet/test_import_stream.py), as ``err.import.json``.
    """

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.text = ""  # what is read and not yet taken, from self.pos
        self.pos = 0
        self.before = 0  # the characters before self.text
        self.lines = 0  # the line breaks before self.text
        self.last = -1  # where the last line break before self.text is
        self.done = False

    def _read(self) -> bool:
        """Read another piece (dropping what is taken); False at the end."""
        if self.done:
            return False
        piece = self.stream.read(_PIECE)
        if not piece:
            self.done = True
            return False
        taken = self.text[: self.pos]
        if "\n" in taken:
            self.lines += taken.count("\n")
            self.last = self.before + taken.rfind("\n")
        self.before += len(taken)
        self.text = self.text[self.pos :] + piece
        self.pos = 0
        return True

    def error(self, msg: str, at: int) -> SheetFileError:
        """``msg`` at ``at`` (in self.text), with its line and column in the whole text."""
        before = self.text[:at]
        line = self.lines + before.count("\n") + 1
        last = before.rfind("\n")
        column = at - last if last >= 0 else self.before + at - self.last
        return SheetFileError("err.import.json", msg=msg, line=line, column=column)

    def peek(self) -> str:
        """The next character after white space; empty at the end."""
        while True:
            self.pos = _WHITE.match(self.text, self.pos).end()  # type: ignore[union-attr]
            if self.pos < len(self.text):
                return self.text[self.pos]
            if not self._read():
                return ""

    def _whole(self, read: Callable[[str, int], tuple[Any, int]]) -> Any:
        """What ``read`` reads at the position, read on until it is whole (a value ending
        where the text read ends may go on: a number)."""
        while True:
            try:
                value, end = read(self.text, self.pos)
            except json.JSONDecodeError as error:
                if self._more():
                    continue
                raise self.error(error.msg, error.pos) from None
            except RecursionError:  # nested deeper than the decoder goes: no export is
                raise SheetFileError("err.import.deep") from None
            if end < len(self.text) or not self._more():
                self.pos = end
                return value

    def _more(self) -> bool:
        if len(self.text) - self.pos > VALUE_LIMIT:  # no export holds such a value
            raise SheetFileError("err.import.not_json")
        return self._read()

    def value(self) -> Any:
        """The value at the position, whole."""
        self.peek()
        return self._whole(_DECODE)

    def members(self) -> Iterator[str]:
        """The keys of the object that is the whole text, one by one; the caller takes each
        one's value (:meth:`value`, or :meth:`elements`) before it asks for the next."""
        if self.peek() != "{":  # pragma: no cover - an export read as JSON starts with {
            raise SheetFileError("err.import.not_json")
        self.pos += 1
        said = self.peek()
        if said == "}":
            self.pos += 1
            return
        while True:
            if said != '"':
                raise self.error("Expecting property name enclosed in double quotes", self.pos)
            key = self._whole(lambda text, at: scanstring(text, at + 1))
            if self.peek() != ":":
                raise self.error("Expecting ':' delimiter", self.pos)
            self.pos += 1
            self.peek()
            yield key
            said = self.peek()
            self.pos += 1
            if said == "}":
                return
            if said != ",":
                raise self.error("Expecting ',' delimiter", self.pos - 1)
            comma, said = self.after_comma()
            if said == "}":
                raise self.trailing(comma, "}")

    def elements(self) -> Iterator[Any]:
        """The elements of the array at the position, one by one, each whole."""
        self.pos += 1  # the [
        if self.peek() == "]":
            self.pos += 1
            return
        while True:
            yield self._whole(_DECODE)
            said = self.peek()
            self.pos += 1
            if said == "]":
                return
            if said != ",":
                raise self.error("Expecting ',' delimiter", self.pos - 1)
            comma, said = self.after_comma()
            if said == "]":
                raise self.trailing(comma, "]")

    def after_comma(self) -> tuple[int, str]:
        """Where the comma just taken is, and the next character after it and white space
        (empty at the end). The comma stays in self.text: a trailing comma is named by its
        place where the json module names it so (Python 3.13)."""
        comma = self.pos - 1
        while True:
            self.pos = _WHITE.match(self.text, comma + 1).end()  # type: ignore[union-attr]
            if self.pos < len(self.text):
                return comma, self.text[self.pos]
            self.pos = comma  # what is read on keeps the comma
            if not self._more():
                self.pos = len(self.text)
                return comma, ""
            comma = 0

    def trailing(self, comma: int, close: str) -> SheetFileError:
        """A comma before ``close``, said as the json module in use says it: up to Python 3.12
        that a key or a value is expected where ``close`` is, from 3.13 that the comma is
        illegal, at the comma. The module is asked, so its words and place are the ones used."""
        probe = '{"": 0,' if close == "}" else "[0,"
        try:
            json.loads(probe + close)
        except json.JSONDecodeError as error:
            return self.error(error.msg, comma if error.pos < len(probe) else self.pos)
        raise AssertionError(f"json read {probe + close!r}")  # pragma: no cover

    def end(self) -> None:
        """Nothing but white space after the object."""
        if self.peek():
            raise self.error("Extra data", self.pos)


def _not_a_game(game: object, number: int) -> SheetFileError | None:
    """Why ``game`` is not deal ``number`` of an export (None: it is one)."""
    if not isinstance(game, dict) or game.get("n") != number:
        return SheetFileError("err.import.order", n=number, deal=number)
    try:
        _entered(game)
    except SheetFileError as error:
        return error
    return None


def _entered(game: dict[str, Any]) -> dict[str, Any]:
    """A deal of the export as a sheet file's ``[[deal]]`` table holds it."""
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


# --- one game: value --json, value --batch, bid --json ----------------------------------------


def scoring_dict(s: Scoring) -> dict[str, Any]:
    """The JSON object of ``skatcalc value --json`` (schema: docs/json.md).

    >>> from skatcalc.value import score
    >>> d = scoring_dict(score("grand", with_=4, points=92))
    >>> d["tops"], d["levels"], d["value"], d["outcome"], d["score"]
    ({'with': True, 'count': 4}, ['game', 'schneider'], 144, 'won', 144)
    """
    with speaking("en"):
        return {**_game(s), **_bid(s), **_result(s)}


# The object is made of parts, each a run of its keys in order, each reading a few fields of the
# scoring: value --batch keeps each part's text by what it reads (fast_scoring_json).


def _game(s: Scoring) -> dict[str, Any]:
    """The keys fixed by the declaration, tops, cards and levels (with English words in them)."""
    return {**_declared(s), **_topped(s), **_dealt(s), **_counted(s)}


def _declared(s: Scoring) -> dict[str, Any]:
    """The keys fixed by the declaration and the base value."""
    decl = s.declaration
    game = decl.game
    return {
        "game": game.value,
        "declaration": {
            "hand": decl.hand,
            "schneider": decl.schneider,
            "schwarz": decl.schwarz,
            "ouvert": decl.ouvert,
        },
        "name": game_name(decl),
        "base_value": None if game is GameType.NULL else s.base_value,
    }


def _topped(s: Scoring) -> dict[str, Any]:
    """The keys fixed by the tops (of the hand and the skat, and of the hand alone)."""
    return {"tops": _tops_dict(s.tops), "tops_from_hand": _tops_dict(s.hand_tops)}


def _dealt(s: Scoring) -> dict[str, Any]:
    """The keys fixed by the skat and the discards."""
    return {"skat": [str(card) for card in s.skat], "discards": [str(card) for card in s.discards]}


def _counted(s: Scoring) -> dict[str, Any]:
    """The keys fixed by the levels and the value (and the tops, the base value, the declaration
    that the chain names)."""
    return {
        "levels": [level.value for level in s.levels],
        "multiplier": s.multiplier,
        "chain": chain(s),
        "value": s.value,
    }


def _bid(s: Scoring) -> dict[str, Any]:
    """The keys fixed by the value, the bid, Kontra, Re and Bock."""
    return {**_bidding(s), **_doubling(s)}


def _bidding(s: Scoring) -> dict[str, Any]:
    """The keys fixed by the game, its value and base value, and the bid."""
    return {"bid": s.bid, "max_bid": s.max_bid, "covering_value": s.covering_value}


def _doubling(s: Scoring) -> dict[str, Any]:
    """The keys fixed by Kontra, Re and Bock."""
    return {"kontra": s.kontra, "re": s.re, "bock": s.bock > 0, "factor": s.factor}


def _result(s: Scoring) -> dict[str, Any]:
    """The keys of the result: points, outcome, score."""
    return {**_played(s), **_scored(s)}


def _played(s: Scoring) -> dict[str, Any]:
    """The keys of the result fixed by the play: points, tricks, the outcome and why."""
    return {**_play(s), **_why(s)}


def _play(s: Scoring) -> dict[str, Any]:
    """Points, tricks and the outcome."""
    play = s.play
    outcome = s.outcome
    return {
        "points": None if play is None else play.points,
        "tricks": None if play is None else play.tricks,
        "outcome": None if outcome is None else outcome.value,
    }


def _why(s: Scoring) -> dict[str, Any]:
    """The reason for the outcome."""
    return {"reason": reason(s)}


def _scored(s: Scoring) -> dict[str, Any]:
    """The keys of the result fixed by the score."""
    return {"scored_value": s.scored_value, "score": s.score, "seeger_fabian": s.seeger_fabian}


def _tops_dict(tops: Tops | None) -> dict[str, Any] | None:
    """Tops as ``value --json`` and ``bid --json`` write them (docs/json.md)."""
    if tops is None:
        return None
    return {"with": tops.with_, "count": tops.count}


def scoring_json(s: Scoring) -> str:
    """``value --json``'s text: :func:`scoring_dict` on one line.

    >>> from skatcalc.value import score
    >>> scoring_json(score("grand", with_=4, points=92))[:40]
    '{"game": "grand", "declaration": {"hand"'
    """
    return text(scoring_dict(s))


# --- value --batch: the same text, made fast ----------------------------------------------
#
# Measured on bench/batch.py's 20,000 games, one pass in a fresh process, three runs on a loaded
# 2-core machine: scoring_json (json.dumps(scoring_dict(s))) makes the batch 800-1,000 ms, the
# fragments below 440-490 ms: without them value --batch would miss its 3x target. A log
# repeats declarations, tops, values, bids and results far more than whole games, so the
# object is written in the parts above, each encoded once and kept by the fields of the
# scoring it reads (at most 8,192 of each kind): a game's text is its parts joined.
#
# Which parts, measured on bench/games.py `varied` (20,000 lines, 16,547 games scored):
# `python bench/batch_stages.py`, the time in fast_scoring_json, fresh processes, 11 runs
# interleaved with the code before (main at e5b10ef), medians: 112 ms then, 70 ms now (the
# whole run() 324 ms then, 280 now, with --plain; docs/performance.md). Then the game's keys
# were kept whole (1,142 made, each 14 µs and more: the chain's words, the encoder), the bid's
# whole (2,233 made), and the result was formatted per game, its reason looked up in
# words/report.py. Now:
# - a game not seen before takes its declaration and tops as kept (29 and 103 made), its
#   levels and chain as kept by them (627; the chain's steps kept in words/report.py), its
#   cards as kept by the cards (916: 2,549 games are told by their cards);
# - the bid's keys are two parts: the bid's (1,292 made) and Kontra, Re and Bock (3);
# - the result is two parts: the play with its reason (214 made for the 14,607 games won or
#   lost) and the score (388). A game whose parts are kept is four texts joined: 0.8 µs, not
#   1.8 (python -m timeit, clubs hand with 2: no number formatted, no property called);
# - an overbid's play is two parts: points, tricks and outcome (kept by them), and the reason,
#   kept by what its words read (the value and the bid: 223 made for the 956 overbids won on
#   the cards) or, lost on the cards too, said per game (945 of those 984 differ): 76 ms with
#   the four keys written per game from the words kept in words/report.py, 71 ms so (11 runs
#   beside b029258's 112 ms);
# - a part is written by _fragment, which calls the encoder for an object only.
#
# tests/test_batch.py checks the text equals json.dumps(scoring_dict(s)) for any game, its
# parts made or kept by other games, in either language (a game's words are English in JSON).

_KEPT = 8192
"""The most texts of one kind kept (the dict dropped whole when full: memory stays flat)."""

_GAMES: dict[tuple[object, ...], str] = {}
"""The keys of :func:`_game` of a game told by its tops, by the scoring's fields they read."""
_AROUND: dict[tuple[object, ...], tuple[str, str]] = {}
"""The keys of :func:`_game` before the skat and after the discards, by the scoring's fields."""
_PARTS: dict[tuple[object, ...], str] = {}
"""The parts the texts above are made of (the game's but its cards, the bid's, an overbid's
play), by the part's name and the fields it reads."""
_DEALT: dict[tuple[object, ...], str] = {}
"""The keys of :func:`_dealt`, by the skat and the discards."""
_BIDS: dict[tuple[object, ...], str] = {}
"""The keys of :func:`_bid`, by the fields it reads."""
_PLAYED: dict[tuple[object, ...], str] = {}
"""The keys of :func:`_played` of a game won or lost, by the fields they read."""
_SCORED: dict[tuple[object, ...], str] = {}
"""The keys of :func:`_scored`, by the fields they read."""

_T = TypeVar("_T")


def _keep(kept: dict[tuple[object, ...], _T], key: tuple[object, ...], value: _T) -> _T:
    if len(kept) >= _KEPT:
        kept.clear()
    kept[key] = value
    return value


def _in_english(make: Callable[[Scoring], _T], s: Scoring) -> _T:
    """``make(s)`` said in English, JSON's language, whatever the language in use."""
    if current() == "en":
        return make(s)
    with speaking("en"):
        return make(s)


_LITERALS = {None: "null", True: "true", False: "false"}


def _fragment(part: dict[str, Any]) -> str:
    """Some keys of the documented object as JSON without the braces, the text of
    :func:`text`: a number, a string, a list of strings, true, false and null are written
    here, the encoder is called for anything else only (a call costs 0.9 µs whatever it
    encodes: the bid's seven keys took 2.1 µs, now 1.0; the levels and chain 2.0, now 1.3;
    python -m timeit). tests/test_batch.py holds the fast text to json.dumps for any game.

    >>> part = {"a": 1, "b": None, "c": True, "d": 'Zoë "x"\\n', "e": [1.5, {"f": False}],
    ...         "g": ["x", "\\\\"], "h": [], "i": -3}
    >>> _fragment(part) == text(part)[1:-1]
    True
    >>> _fragment({"levels": ["game", "hand"], "max_bid": None})
    '"levels": ["game", "hand"], "max_bid": null'
    """
    said = []
    for key, value in part.items():
        kind = type(value)
        if kind is int:
            said.append(f"{string(key)}: {value}")
        elif kind is str:
            said.append(f"{string(key)}: {string(value)}")
        elif kind is bool or value is None:
            said.append(f"{string(key)}: {_LITERALS[value]}")
        elif kind is list and all(type(item) is str for item in value):
            said.append(f"{string(key)}: [{', '.join(map(string, value))}]")
        else:
            said.append(f"{string(key)}: {text(value)}")
    return ", ".join(said)


def fast_scoring_json(s: Scoring, end: str = "") -> str:
    """``value --json``'s text of ``s`` (equal to :func:`scoring_json`), fast for a log of
    games (``value --batch``). ``end``: written after the text (a batch's line end, so its
    900 bytes are not copied to add one).

    >>> from skatcalc.value import score
    >>> game = score("grand", with_=4, points=92, kontra=True)
    >>> fast_scoring_json(game) == scoring_json(game)
    True
    """
    play, outcome = s.play, s.outcome
    if play is None or outcome is None:
        return scoring_json(s) + end
    # The game's keys by the scoring's fields they read. They were kept by the batch's options
    # of the game (a tuple the batch made of every line's options: 0.6 µs) and the value: so,
    # the batch's run() on bench/games.py's varied games took 235-249 ms against 233-241 (in
    # process, min of 7, four alternating runs).
    key: tuple[object, ...] = (s.declaration, s.tops, s.hand_tops, s.levels, s.value, s.base_value)
    if s.skat or s.discards:  # a game told by its cards: its cards written around the rest
        game_part = _game_text(s, _AROUND.get(key) or _keep(_AROUND, key, _around(s)))
    else:
        game_part = _GAMES.get(key) or _keep(_GAMES, key, _game_text(s, _around(s)))
    kind = s.declaration.game  # a StrEnum: hashed and formatted as its word, in C
    bid_key = (kind, s.value, s.bid, s.kontra, s.re, s.bock, s.base_value)
    bid_part = _BIDS.get(bid_key) or _keep(_BIDS, bid_key, _bid_text(s))
    if outcome is Outcome.OVERBID:
        played = _overbid(s)
    else:  # what the words of a game won or lost read (words/report.py keys them so too)
        key = (outcome, s.failure, kind is GameType.NULL, play.points, play.tricks)
        played = _PLAYED.get(key) or _keep(_PLAYED, key, _fragment(_in_english(_played, s)))
    key = (s.scored_value, s.score, outcome)
    scored = _SCORED.get(key) or _keep(_SCORED, key, _fragment(_scored(s)))
    return f"{{{game_part}, {bid_part}, {played}, {scored}}}{end}"


def _game_text(s: Scoring, around: tuple[str, str]) -> str:
    """The keys of :func:`_game` of ``s`` as JSON without braces: ``around`` the cards (from
    :func:`_around`), and the cards kept by the cards."""
    cards = (s.skat, s.discards)
    dealt = _DEALT.get(cards) or _keep(_DEALT, cards, _fragment(_dealt(s)))
    return f"{around[0]}, {dealt}, {around[1]}"


def _around(s: Scoring) -> tuple[str, str]:
    """The keys of :func:`_game` before the skat and after the discards, as JSON without
    braces, from its parts, each kept by the fields it reads."""
    declared = _kept(("declared", s.declaration, s.base_value), _declared, s)
    topped = _kept(("topped", s.tops, s.hand_tops), _topped, s)
    counted = _kept(
        ("counted", s.declaration, s.tops, s.levels, s.value, s.base_value), _counted, s
    )
    return f"{declared}, {topped}", counted


def _overbid(s: Scoring) -> str:
    """The keys of :func:`_played` of an overbid game as JSON without braces: the play kept by
    the play, the reason by what its words read, as words/report.py keeps them: the game, its
    value and base value and the bid, and for a game lost on the cards too its result (said
    per game: 945 of the 984 such games in bench/games.py `varied` differ; of the 956 won on
    the cards, 223)."""
    play = s.play
    assert play is not None
    said = _kept(("play", s.outcome, play.points, play.tricks), _play, s)
    if not s.won_on_cards:
        return f"{said}, {_fragment(_in_english(_why, s))}"
    key = ("why", s.outcome, s.declaration.game, s.value, s.bid, s.base_value)
    return f"{said}, {_kept(key, _why, s)}"


def _bid_text(s: Scoring) -> str:
    """The keys of :func:`_bid` of ``s`` as JSON without braces, from its parts, each kept by
    the fields it reads."""
    bidding = _kept(("bidding", s.declaration.game, s.value, s.bid, s.base_value), _bidding, s)
    return f"{bidding}, {_kept(('doubling', s.kontra, s.re, s.bock), _doubling, s)}"


def _kept(key: tuple[object, ...], part: Callable[[Scoring], dict[str, Any]], s: Scoring) -> str:
    """The keys of ``part`` of ``s`` as JSON without braces, kept by ``key``."""
    return _PARTS.get(key) or _keep(_PARTS, key, _fragment(_in_english(part, s)))


def error_line(n: int, message: str) -> str:
    """The answer of ``value --batch`` to input line ``n`` that could not be scored.

    >>> error_line(7, "Null is never overbid")
    '{"line": 7, "error": "Null is never overbid"}'

    The message may quote the line, and a JSON line can hold a lone surrogate (``"\\ud800"``),
    which no UTF-8 output can carry: it is written as the JSON escape it came as.

    >>> print(error_line(2, "with is " + chr(0xD800)))
    {"line": 2, "error": "with is \\ud800"}
    """
    # text() of {"line": n, "error": message}, written here: 0.5 µs against 2.4 (timeit)
    return _LONE_SURROGATE.sub(_escaped, f'{{"line": {n}, "error": {string(message)}}}')


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _escaped(found: re.Match[str]) -> str:
    return f"\\u{ord(found.group()):04x}"


def option_dict(option: Option) -> dict[str, Any]:
    """A game the bidding helper weighs, as ``bid --json`` writes it (docs/json.md); its words
    in English.

    >>> from skatcalc.bidding import analyse
    >>> from skatcalc.games import GameType
    >>> option = analyse("CJ SJ HJ DJ CA CT SA ST HA HT").option(GameType.GRAND, hand=True)
    >>> d = option_dict(option)
    >>> d["name"], d["tops_alone"], d["value_low"], d["safe_bid"], d["possible_tops"][0]["skats"]
    ('Grand hand', {'with': True, 'count': 4}, 144, 144, 231)
    >>> option_dict(analyse("CJ SJ HJ DJ CA CT SA ST HA HT").option(GameType.NULL, hand=False))[
    ...     "tops_alone"
    ... ] is None
    True
    """
    from skatcalc.words.bidding import explain, name  # only bid --json needs the helper

    with speaking("en"):
        said, explanations = name(option), list(explain(option))
    return {
        "game": option.game.value,
        "hand": option.hand,
        "ouvert": option.ouvert,
        "name": said,
        "tops_alone": _tops_dict(option.tops_alone),
        "value_alone": option.value_alone,
        "value_low": option.value_low,
        "value_high": option.value_high,
        "safe_bid": option.safe_bid,
        "possible_tops": [
            {
                "tops": _tops_dict(entry.tops),
                "skats": entry.skats,
                "value": entry.value,
                "skat_holds": [str(card) for card in entry.holds],
                "skat_lacks": [str(card) for card in entry.lacks],
                "change": None if entry.change is None else entry.change.value,
            }
            for entry in option.possible_tops
        ],
        "skats": option.skats,
        "explanations": explanations,
        "schneider": option.schneider,
        "schwarz": option.schwarz,
        "trumps": option.trumps,
        "suggested": option.suggested,
        "ladder": [
            {
                "from": step.low,
                "to": step.high,
                "overbid_skats": step.overbid,
                "loss_from": step.loss_low,
                "loss_to": step.loss_high,
            }
            for step in option.ladder
        ],
    }


def bidding_dict(analysis: Analysis) -> dict[str, Any]:
    """The object of ``bid --json``: the cards, the number of skats, the options.

    >>> from skatcalc.bidding import analyse
    >>> d = bidding_dict(analyse("SJ HJ CA CT CK CQ C9 SA ST H7"))
    >>> d["skats"], len(d["options"]), d["options"][0]["name"], d["options"][-1]["name"]
    (231, 29, 'Clubs', 'Null ouvert hand')
    >>> json.loads(text(d)) == d
    True
    """
    return {
        "cards": [str(card) for card in analysis.cards],
        "skats": analysis.skats,
        "options": [option_dict(option) for option in analysis.options],
    }


# --- the sheet --------------------------------------------------------------------------------


def deal_dict(tally: Tally, n: int, *, value: bool = True) -> dict[str, Any]:
    """Deal ``n`` (from 1) as in ``sheet show --json``: number, dealer, declarer, the game's
    ``value --json`` keys (not with ``value`` False: :func:`compact_deal_dict`), and every
    player's running total after it."""
    entry = tally.entry(n)
    players = [p.name for p in tally.players]
    ramsch = entry.deal.ramsch
    data: dict[str, Any] = {
        "n": entry.n,
        "dealer": entry.dealer,
        "declarer": entry.deal.declarer,
        "passed": entry.deal.is_passed,
        "bock_factor": 1 << entry.bock,
    }
    if entry.scoring is not None and value:
        data.update(scoring_dict(entry.scoring))
    if entry.deal.game is not None:
        data["entered"] = entry.deal.game.to_mapping()
    if ramsch is not None:
        data["ramsch"] = {
            "points": dict(ramsch.points),
            "jungfrau": list(ramsch.jungfrau),
            "durchmarsch": ramsch.durchmarsch,
            "pushes": ramsch.pushes,
            "last_trick": ramsch.last_trick,
        }
    data["scores"] = dict(zip(players, entry.scores, strict=True))
    data["bock_triggers"] = list(entry.triggers)
    data["totals"] = dict(zip(players, entry.totals, strict=True))
    return data


def sheet_dict(
    sheet: Sheet, tally: Tally, last: int | None = None, scoring: str | None = None
) -> dict[str, Any]:
    """The object of ``sheet show --json`` (docs/json.md); ``last`` keeps the last N deals.

    Every list's totals are in it; ``list`` names the one the view follows (``scoring``, by
    default the one that decides the sheet)."""
    from skatcalc.formats.common import followed

    played = tally.deals_played
    number, place = tally.series
    return {
        "players": [
            {
                "name": p.name,
                "score": p.score,
                "won": p.won,
                "lost": p.lost,
                "seeger_fabian": p.seeger_fabian,
                "bierlachs": p.bierlachs,
            }
            for p in tally.players
        ],
        "games": [
            deal_dict(tally, n) for n in range(1, played + 1) if last is None or n > played - last
        ],
        "series": {
            "deals": played,
            "of": tally.series_length,
            "number": number,
            "deal_in_series": place,
        },
        "rules": rules_dict(sheet),
        "bock_ahead": [1 << levels for levels in tally.bock_ahead],
        "bockramsch_ahead": tally.ramsch_ahead,
        "bierlachs": None
        if tally.decided is None
        else {"losers": list(tally.decided[0]), "deal": tally.decided[1]},
        "list": followed(sheet, scoring),
        **({"rules_changes": changes_list(sheet)} if sheet.changes else {}),
    }


def changes_list(sheet: Sheet) -> list[dict[str, Any]]:
    """The rules changed from a later deal on (``rules_changes``), each as the file's
    ``[[rules_change]]``: ``from`` and the rules it changes; only in a sheet that has one.

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> sheet = Sheet.new(["A", "B", "C"]).add(Deal.passed())
    >>> changes_list(sheet.change_rules(lambda rules: rules.__class__(bock=True)))
    [{'from': 2, 'bock': True}]
    """
    return [
        {"from": change.start, **{name: list(value) if isinstance(value, tuple) else value
                                  for name, value in change.values}}
        for change in sheet.changes
    ]  # fmt: skip


def rules_dict(sheet: Sheet) -> dict[str, Any]:
    """The sheet's rules by name, as ``sheet rules --json``, the JSON export and the CSV
    export write them.

    >>> from skatcalc.sheet.model import Sheet
    >>> text(rules_dict(Sheet.new(["Anna", "Ben", "Carl"]))["bock_triggers"][:2])
    '["lost-60", "grand-hand"]'
    """
    from dataclasses import asdict

    return {**asdict(sheet.rules), "bock_triggers": list(sheet.rules.bock_triggers)}


def render_sheet(sheet: Sheet, tally: Tally, scoring: str | None = None) -> str:
    """The object of ``sheet show --json`` with every deal, indented, ending in a newline.

    >>> from skatcalc.sheet.model import Sheet
    >>> sheet = Sheet.new(["Zoë", "Ben", "Carl"])
    >>> print(*render_sheet(sheet, sheet.tally()).splitlines()[:4], sep="\\n")
    {
      "players": [
        {
          "name": "Zoë",
    """
    return "".join(write_sheet(sheet, tally, scoring))


def write_sheet(
    sheet: Sheet, tally: Tally, scoring: str | None = None, *, compact: bool = False
) -> Iterator[str]:
    """The JSON export, a piece at a time: :func:`render_sheet`'s text (the object of ``sheet
    show --json`` with every deal, indented), made one game at a time, so an export of a
    large sheet never holds the whole text (a 100,000-deal sheet's is 129 MB; made whole it
    took 1.3 GB). With ``compact``, the compact export (docs/json.md): the same object, each
    game with the sheet's keys only (:func:`compact_deal_dict`), one member and one game a
    line: about 3 times the sheet file, against 18 times.

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal("Ben", GameSpec("grand", with_=2, points=61)))
    >>> whole = text(sheet_dict(sheet, sheet.tally()), indent=2)
    >>> "".join(write_sheet(sheet, sheet.tally())) == whole + chr(10)
    True
    >>> print("".join(write_sheet(sheet, sheet.tally(), compact=True)).splitlines()[3])
    {"n": 1, "dealer": "Anna", "declarer": "Ben", "passed": false, "bock_factor": 1, "entered": {"game": "grand", "with": 2, "points": 61}, "scores": {"Anna": 0, "Ben": 72, "Carl": 0}, "bock_triggers": [], "totals": {"Anna": 0, "Ben": 72, "Carl": 0}}
    """
    head = sheet_dict(sheet, tally, 0, scoring)  # every key but the games
    played = tally.deals_played
    if compact:
        yield "{\n"
        for n, (key, value) in enumerate(head.items()):
            yield (",\n" if n else "") + f"{text(key)}: "
            if key != "games" or not played:
                yield text(value)
                continue
            yield "[\n"
            for number in range(1, played + 1):
                yield (",\n" if number > 1 else "") + text(compact_deal_dict(tally, number))
            yield "\n]"
        yield "\n}\n"
        return
    yield "{\n"
    for n, (key, value) in enumerate(head.items()):
        yield (",\n  " if n else "  ") + f"{text(key)}: "
        if key != "games" or not played:
            yield text(value, indent=2).replace("\n", "\n  ")
            continue
        yield "[\n"
        for number in range(1, played + 1):
            game = text(deal_dict(tally, number), indent=2).replace("\n", "\n    ")
            yield (",\n    " if number > 1 else "    ") + game
        yield "\n  ]"
    yield "\n}\n"


def compact_deal_dict(tally: Tally, n: int) -> dict[str, Any]:
    """Deal ``n`` as the compact JSON export writes it: :func:`deal_dict`'s keys of the sheet
    (number, dealer, declarer, passed, Bock factor, the game as entered or the Ramsch, the
    scores, the Bock triggers, the running totals), without those of ``value --json``: what
    ``sheet import`` needs, and what a list shows."""
    return deal_dict(tally, n, value=False)


def started_dict(file: object, sheet: Sheet) -> dict[str, Any]:
    """The object of ``sheet new --json``: the file, the players in seating order (the first
    deals first), the rules as ``sheet rules --json``."""
    return {"file": str(file), "players": list(sheet.players), "rules": rules_dict(sheet)}


def imported_dict(
    file: object, sheet: Sheet, tally: Tally, counts: tuple[int, int, int]
) -> dict[str, Any]:
    """The object of ``sheet import --json``: the sheet made, its deals (``counts``: all,
    passed, Ramsch) and every player's total."""
    deals, passed, ramsch = counts
    return {
        "file": str(file),
        "players": list(sheet.players),
        "deals": deals,
        "passed": passed,
        "ramsch": ramsch,
        "totals": _totals(tally),
    }


def check_dict(
    file: object, deals: int | None, problems: Sequence[tuple[int, SkatError]]
) -> dict[str, Any]:
    """The object of ``sheet check --json``: each problem (its line, 0 when not known, and its
    error) with its file, line (null when not known), deal (null when it is no deal's) and
    message (English, as all JSON text is).

    >>> from skatcalc.errors import SheetError
    >>> check_dict("a.toml", None, [(4, SheetError("err.sheet.rules_type"))])["problems"]
    [{'file': 'a.toml', 'line': 4, 'deal': None, 'message': 'rules must be a [rules] table'}]
    """
    from skatcalc.words import in_file

    with speaking("en"):
        found = [
            {
                "file": str(file),
                "line": line or None,
                "deal": error.deal,
                "message": in_file(error, file),  # advice in the file's keys
            }
            for line, error in problems
        ]
    return {"file": str(file), "sound": not problems, "deals": deals, "problems": found}


def _totals(tally: Tally) -> dict[str, int]:
    return {p.name: p.score for p in tally.players}


def added_dict(added: int, tally: Tally) -> dict[str, Any]:
    """The object of ``sheet add --batch --json``: how many deals were added, the totals after.

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> added_dict(1, Sheet.new(["Anna", "Ben", "Carl"]).add(Deal.passed()).tally())
    {'added': 1, 'totals': {'Anna': 0, 'Ben': 0, 'Carl': 0}}
    """
    return {"added": added, "totals": _totals(tally)}


def removed_dict(old: Tally, n: int, new: Tally) -> dict[str, Any]:
    """The object of ``sheet undo --json``: deal ``n`` of the ``old`` tally as removed, the
    totals of the ``new`` one."""
    return {"removed": deal_dict(old, n), "totals": _totals(new)}


# --- statistics and the settlement ------------------------------------------------------------


def stats_dict(stats: Stats) -> dict[str, Any]:
    """The object of ``sheet stats --json`` (docs/json.md): ``deals``, ``players`` (counts and
    totals as integers, ratios as floats or null), ``sheets`` (each sheet's own totals).

    >>> from skatcalc.sheet.stats import stats
    >>> stats_dict(stats([]))
    {'deals': 0, 'players': [], 'sheets': []}
    """
    return {
        "deals": stats.deals,
        "players": [_player_dict(p) for p in stats.players],
        "sheets": [_sheet_totals_dict(s) for s in stats.sheets],
    }


def _player_dict(player: PlayerStats) -> dict[str, Any]:
    highest = player.highest
    return {
        "name": player.name,
        "sheets": player.sheets,
        "deals": player.deals,
        "declared": player.declared,
        "won": player.won,
        "lost": player.lost,
        "win_rate": _float(player.win_rate),
        "average_value": _float(player.average_value),
        "games": player.games._asdict(),
        "highest": None
        if highest is None
        else {
            **highest._asdict(),
            "game": highest.game.value,
            "outcome": highest.outcome.value,
        },
        "score": player.score,
        "seeger_fabian": player.seeger_fabian,
        "series": float(player.series),
        "seeger_fabian_per_series": _float(player.seeger_fabian_per_series),
        "by_game": _by_game_dict(player),
        "card_points": _card_points_dict(player.card_points),
    }


def _by_game_dict(player: PlayerStats) -> dict[str, dict[str, int]]:
    """Every game type, those never declared with zeros, so a script finds each key."""
    from skatcalc.sheet.stats import GameRecord

    kept = dict(player.by_game)
    return {game.value: kept.get(game, GameRecord(0, 0, 0))._asdict() for game in GameType}


def _card_points_dict(spread: CardPoints) -> dict[str, Any]:
    from skatcalc.sheet.stats import CARD_POINT_BANDS

    return {
        "games": spread.games,
        "lowest": spread.lowest,
        "highest": spread.highest,
        "average": _float(spread.average),
        "bands": [
            {"from": low, "to": high, "games": games}
            for (low, high), games in zip(CARD_POINT_BANDS, spread.bands, strict=True)
        ],
    }


def _sheet_totals_dict(totals: SheetTotals) -> dict[str, Any]:
    return {
        "index": totals.index,
        "deals": totals.deals,
        "series_length": totals.series_length,
        "players": [
            {"name": p.name, "score": p.score, "seeger_fabian": p.seeger_fabian}
            for p in totals.players
        ],
    }


def _float(number: Fraction | None) -> float | None:
    return None if number is None else float(number)


def settlement_dict(done: Settlement) -> dict[str, Any]:
    """The object of ``sheet settle --json`` (docs/json.md): amounts in whole cents, the stake
    and fee as decimals of the currency (``"0.05"``)."""
    return {
        "list": done.scoring,
        "stake": currency_decimal(done.stake),
        "lost_fee": currency_decimal(done.fee),
        "fee_to": done.fee_to,
        "sheets": done.sheets,
        "players": [p._asdict() for p in done.players],
        "payments": [p._asdict() for p in done.payments],
        "transfers": done.transfers,
        "kitty": dict(done.kitty),
    }


def settlement_cash_dict(done: Settlement, money: Cash | None) -> dict[str, Any]:
    """:func:`settlement_dict` with ``cash``: null, or the evening's cash (docs/json.md), every
    amount in whole cents."""
    if money is None:
        return {**settlement_dict(done), "cash": None}
    kinds = ("entry", "card_money", "lost_fees", "passed_fees", "prizes")
    rule = money.rule
    return {
        **settlement_dict(done),
        "cash": {
            "entry_cents": rule.entry,
            "card_money_cents": rule.card_money,
            "passed_fee_cents": rule.passed,
            "carried_cents": rule.carried,
            "players": [_cash_line(line, kinds) for line in money.players],
            "totals": {f"{k}_cents": money.total(k) for k in kinds},
            "came_in_cents": money.came_in,
            "paid_out_cents": money.paid_out,
            "kitty_cents": money.kitty,
        },
    }


def _cash_line(line: CashLine, kinds: tuple[str, ...]) -> dict[str, Any]:
    return {
        "name": line.name,
        **{f"{k}_cents": getattr(line, k) for k in kinds},
        "pays_cents": line.pays,
        "net_cents": line.net,
        "evening_cents": line.evening,
    }


def currency_decimal(cents: Fraction) -> str:
    """An amount of cents as a decimal of the currency, as JSON writes it: 5 → ``0.05``,
    1/2 → ``0.005``.

    >>> from fractions import Fraction
    >>> currency_decimal(Fraction(5)), currency_decimal(Fraction(1, 2)), currency_decimal(Fraction(1, 3))
    ('0.05', '0.005', '1/300')
    """
    units = cents / 100
    for places in range(2, 12):
        scaled = units * 10**places
        if scaled.denominator == 1:
            whole, rest = divmod(int(scaled), 10**places)
            return f"{whole}.{rest:0{places}d}"
    return f"{units.numerator}/{units.denominator}"


# --- the tournament ---------------------------------------------------------------------------


def config_dict(
    path: str, exists: bool, settings: dict[str, Any], language: str, origin: str
) -> dict[str, Any]:
    """``skatcalc config --json``: the file, whether it is there, what it sets (``settings``:
    None for a key it leaves out; its rules by name), the language in use and where it came
    from.

    >>> config_dict("c.toml", False, {"stake": "0,05"}, "en", "default")
    {'file': 'c.toml', 'exists': False, 'stake': '0,05', 'language': 'en', 'language_from': 'default'}
    """
    return {"file": path, "exists": exists, **settings, "language": language,
            "language_from": origin}  # fmt: skip


def series_dict(
    tournament: Tournament,
    number: int,
    sheet_path: Callable[[Table], object],
    by: object | None = None,
    new_to_ranking: Sequence[str] = (),
    by_season: bool = False,
) -> dict[str, Any]:
    """Series ``number`` (from 1) as ``tournament draw --json`` writes it: whether it was
    seeded by the standings, each table's players in seat order, its length, its sheet (where
    ``sheet_path`` finds it) and the deals it was closed with (null while open), and the
    teammates who share a table (none wherever the field allows it). Seeded ``by`` another
    event's ranking (its file), also that file, the players it did not rank
    (``new_to_ranking``) and whether it was a season's (``by_season``).

    >>> from skatcalc.tournament.model import Tournament
    >>> t = Tournament.new("Night", ["Anna", "Ben", "Carl"], planned=1).draw_next(1)
    >>> data = series_dict(t, 1, lambda table: table.sheet)
    >>> data["tables"][0]["deals"], data["seeded"], data["together"], "by" in data
    (36, False, [], False)
    >>> list(series_dict(t, 1, lambda table: table.sheet, "cup.toml", ["Ben"], True))[-3:]
    ['by', 'new_to_ranking', 'by_season']
    """
    series = tournament.series[number - 1]
    seeded_by = {} if by is None else {
        "by": str(by), "new_to_ranking": list(new_to_ranking), "by_season": by_season,
    }  # fmt: skip
    return {
        "series": number,
        "seed": series.seed,
        "seeded": series.seeded,
        "tables": [
            {
                "table": t,
                "players": list(table.players),
                "deals": tournament.length(len(table.players)),
                "sheet": str(sheet_path(table)),
                "closed": table.closed,
                "paper": None
                if table.paper is None
                else [
                    {"points": points, "won": won, "lost": lost}
                    for points, won, lost in table.paper
                ],
            }
            for t, table in enumerate(series.tables, 1)
        ],
        "together": [
            {"team": x.team, "table": x.table, "players": list(x.players)}
            for x in tournament.together(number)
        ],
        **seeded_by,
    }


def tournament_dict(
    tournament: Tournament, sheet_path: Callable[[Table], object]
) -> dict[str, Any]:
    """The object of ``tournament show --json``: the field, the plan, which tables a series
    fills first, the pairs and teams, every series drawn."""
    return {
        "name": tournament.name,
        "players": list(tournament.players),
        "withdrawn": list(tournament.withdrawn),
        "series_planned": tournament.planned,
        "length_three": tournament.length_three,
        "length_four": tournament.length_four,
        "tables": str(tournament.tables),
        "teams": [{"name": name, "members": list(members)} for name, members in tournament.teams],
        "series": [
            series_dict(tournament, n, sheet_path) for n in range(1, len(tournament.series) + 1)
        ],
    }


def standings_dict(tournament: Tournament, result: Standings) -> dict[str, Any]:
    """The object of ``tournament standings --json`` (docs/tournament.md): the ranking, then
    the players listed apart (``pending``, ``place`` null); with a fee, each player's and each
    list's fee and the rule with the total.

    >>> from skatcalc.tournament.model import Tournament
    >>> from skatcalc.tournament.standings import FeeRule, standings
    >>> t = Tournament.new("Night", ["Anna", "Ben", "Carl"], planned=1).draw_next(1)
    >>> data = standings_dict(t, standings(t, {}, FeeRule(50, 4, 100)))
    >>> data["final"], data["not_counted"][0]["reason"], data["players"][0]["place"]
    (False, 'missing', None)
    >>> data["fee"]
    {'per_lost_cents': 50, 'from_lost': 4, 'then_cents': 100, 'total_cents': 0}
    """

    def series(score: SeriesScore | None) -> dict[str, Any] | None:
        if score is None:
            return None
        entry: dict[str, Any] = {
            "table": score.table,
            "counted": score.counted,
            "seeger_fabian": score.seeger_fabian,
            "won": score.won,
            "lost": score.lost,
        }
        if result.fee is not None:
            entry["fee_cents"] = score.fee_cents
        return entry

    players = []
    for s in (*result.ranking, *result.apart):
        player: dict[str, Any] = {
            "place": None if s.pending else s.place,
            "tied": s.tied,
            "name": s.name,
            "withdrawn": s.withdrawn,
            "pending": s.pending,
            "seeger_fabian": s.seeger_fabian,
            "won": s.won,
            "lost": s.lost,
            "series": [series(x) for x in s.series],
        }
        if result.fee is not None:
            player["fee_cents"] = s.fee_cents
        if result.prizes is not None:
            player["prize_cents"] = s.prize_cents
        players.append(player)
    data: dict[str, Any] = {
        "name": tournament.name,
        "series_drawn": result.drawn + len(result.later),
        "series_planned": result.planned,
        "series_counted": result.counted,
        "series_unfinished": sorted({*result.unfinished, *result.playing}),
        "series_listed": result.drawn,
        "series_later": list(result.later),
        "series_playing": list(result.playing),
        "final": result.final,
        "players": players,
        "teams": [
            {
                "place": None if t.pending else t.place,
                "tied": t.tied,
                "name": t.name,
                "members": list(t.members),
                "pending": t.pending,
                "seeger_fabian": t.seeger_fabian,
                "won": t.won,
                "lost": t.lost,
            }
            for t in (*result.team_ranking, *result.teams_apart)
        ],
        "not_counted": [
            {
                "series": h.series,
                "table": h.table,
                "sheet": tournament.series[h.series - 1].tables[h.table - 1].sheet,
                "reason": h.reason,
                "detail": _english(h.detail),
                "deals": h.deals,
                "length": h.length,
                "closed": tournament.series[h.series - 1].tables[h.table - 1].closed,
            }
            for h in result.held
        ],
        "closed": [
            {
                "series": c.series,
                "table": c.table,
                "sheet": tournament.series[c.series - 1].tables[c.table - 1].sheet,
                "deals": c.deals,
                "length": c.length,
            }
            for c in result.closed
        ],
        "paper": [
            {
                "series": p.series,
                "table": p.table,
                "sheet": tournament.series[p.series - 1].tables[p.table - 1].sheet,
            }
            for p in result.paper
        ],
    }
    if result.fee is not None:
        data["fee"] = {
            "per_lost_cents": result.fee.per_lost,
            "from_lost": result.fee.from_lost,
            "then_cents": result.fee.then,
            "total_cents": result.fee_total,
        }
    if result.prizes is not None:
        data["prizes"] = prizes_dict(result)
    return data


def prizes_dict(result: Standings) -> dict[str, Any]:
    """The prize pot as ``standings --json`` writes it: the entry, the pot, each place's
    announced prize (``percent`` of the pot or fixed ``cents``), the rounding unit and the
    prizes paid in all, every amount in whole cents."""
    rule = result.prizes
    assert rule is not None
    return {
        "entry_cents": rule.entry,
        "pot_cents": result.pot,
        "places": [
            {"percent": None if p.percent is None else float(p.percent), "cents": p.cents}
            for p in rule.prizes
        ],
        "round_cents": rule.unit,
        "total_cents": result.prize_total,
        "categories": [
            {
                "name": own.name,
                "places": [
                    {"place": p.place, "tied": p.tied, "name": p.name, "prize_cents": p.prize_cents}
                    for p in own.places
                ],
                "prizes": [
                    {"percent": None if x.percent is None else float(x.percent), "cents": x.cents}
                    for x in dict(rule.categories)[own.name]
                ],
            }
            for own in result.categories
        ],
    }


def _english(detail: str | SkatError) -> str:
    """A held table's detail (an error, put in words when shown) in English: JSON's language."""
    if not isinstance(detail, SkatError):
        return detail
    with speaking("en"):
        return message(detail)


def render_standings(tournament: Tournament, result: Standings, currency: str = "") -> str:
    """The object of :func:`standings_dict` on one line (``currency`` is for the formats that
    write amounts; JSON has whole cents)."""
    return text(standings_dict(tournament, result)) + "\n"


def season_dict(result: Season) -> dict[str, Any]:
    """The object of ``skatcalc season --json`` (docs/json.md): the rule, the players ranked
    then apart, each with every list they played, and the tournaments' tables not counted.

    >>> from skatcalc.season import season
    >>> season_dict(season([]))
    {'sheets': 0, 'best': None, 'min_series': None, 'players': [], 'not_counted': []}
    """
    return {
        "sheets": result.sheets,
        "best": result.best,
        "min_series": result.min_series,
        "players": [_season_player(p, apart=False) for p in result.ranking]
        + [_season_player(p, apart=True) for p in result.apart],
        "not_counted": [
            {"tournament": t.name, "series": h.series, "table": h.table, "reason": h.reason}
            for t, h in result.held
        ],
    }


def render_season(result: Season, width: int | None = None) -> str:
    """The object of :func:`season_dict` on one line (``width`` is for the text)."""
    return text(season_dict(result)) + "\n"


def season_names(text: str) -> list[str] | None:
    """The names of a season's ranking as ``skatcalc season --json`` writes it, best first (the
    ranked players, then those listed apart); None when the text is not such an object.

    >>> season_names('{"sheets": 2, "players": [{"name": "Dora"}, {"name": "Anna"}], '
    ...              '"not_counted": []}')
    ['Dora', 'Anna']
    >>> season_names('{"players": [{"name": "Anna"}]}') is None  # not a season's: no "sheets"
    True
    """
    try:
        data = json.loads(text.removeprefix("\ufeff"))
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or not {"sheets", "players", "not_counted"} <= data.keys():
        return None
    players = data["players"]
    if not isinstance(players, list):
        return None
    names = [p.get("name") if isinstance(p, dict) else None for p in players]
    return [str(n) for n in names] if all(isinstance(n, str) for n in names) else None


def _season_player(player: SeasonPlayer, *, apart: bool) -> dict[str, Any]:
    return {
        "place": None if apart else player.place,
        "tied": player.tied,
        "name": player.name,
        "ranked": not apart,
        "seeger_fabian": player.points,
        "series_played": float(player.played),
        "series_counted": float(player.series),
        "seeger_fabian_per_series": _float(player.average),
        "lists": [
            {
                "sheet": x.sheet,
                "part": x.part,
                "seeger_fabian": x.points,
                "series": float(x.series),
                "counted": x.counted,
            }
            for x in player.lists
        ],
    }
