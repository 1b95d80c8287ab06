"""The sheet's TOML file: the only code in skatcalc that reads or writes files.

Never lose data:

- every write is atomic (a temp file in the same folder, flushed, fsynced, ``os.replace``d;
  removed on failure), so a sheet is never half-written, whatever kills the process;
- read-modify-write holds an exclusive ``flock`` on the sheet itself, so concurrent ``sheet add``
  calls queue up and all land; the kernel drops the lock with the process, so none goes stale;
- a file that does not parse, breaks a rule, or has a newer format is refused, never overwritten,
  and the message names its line;
- a change touches only the deals it changes: comments and hand edits elsewhere stay as written.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from skatcalc.errors import SheetBusyError, SheetError, SheetFileError, SkatError
from skatcalc.sheet.model import FORMAT_VERSION, Deal, Ramsch, Rules, Sheet
from skatcalc.spec import GameSpec, options
from skatcalc.words import w

__all__ = [
    "Problem",
    "check",
    "create",
    "from_data",
    "load",
    "parse",
    "read_text",
    "render",
    "update",
    "write_text",
]

LOCK_TIMEOUT = 30.0
"""Seconds to wait for another skatcalc to finish with the same sheet."""

FILE_LIMIT = 8 * 1024 * 1024
"""The largest sheet file read, in bytes: a 10,000-deal sheet is about 0.64 MB and takes about
25 MB of memory to read, so 8 MB holds some 125,000 deals in a few hundred MB (docs/limits.md)."""

_NAME_BYTES = 200
"""The most bytes of a file's name that go into its temp file's name (255 is the usual limit)."""

HEADER = """\
# skatcalc score sheet.
# The deals as entered are the truth: every total is computed from them when the sheet is read.
# Edit by hand if you like; `skatcalc sheet check FILE` lists anything that is wrong.
"""

_DEAL_HEADER = re.compile(r"^[ \t]*\[\[[ \t]*deal[ \t]*\]\][ \t]*(#.*)?\r?$", re.MULTILINE)
_OTHER_TABLE = re.compile(r"^[ \t]*\[(?!\[[ \t]*deal[ \t]*\]\])", re.MULTILINE)
_TOP_KEYS = ("format", "players", "rules", "deal")


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong in a sheet file, at a line (0 when the line is not known)."""

    line: int
    message: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}" if self.line else self.message


@dataclass(frozen=True, slots=True)
class _Document:
    """A parsed sheet file: its text, where each deal starts, and the sheet (if it is valid)."""

    text: str
    starts: tuple[int, ...] | None
    sheet: Sheet | None
    problems: tuple[Problem, ...]
    raw: tuple[Any, ...] = ()
    """The deals' tables as parsed (for a read-back to reuse the checks of unchanged deals)."""


# --- reading ----------------------------------------------------------------------------------


def parse(text: str) -> Sheet:
    """Read a sheet from its TOML text; raise :class:`SheetFileError` naming the first problem.

    >>> sheet = parse(render(Sheet.new(["Anna", "Ben", "Carl"])))
    >>> sheet.players
    ('Anna', 'Ben', 'Carl')
    >>> parse('format = 1\\nplayers = ["A", "B", "C"]\\n[[deal]]\\ndeclarer = "A"\\ngame = "clubs"\\nwith = 12\\npoints = 70\\n')
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetFileError: line 6: deal 1: clubs has 11 tops at most (11 trumps): with 12 is impossible; give 1 to 11
    """
    document = _read(text)
    if document.sheet is None:
        first = document.problems[0]
        more = len(document.problems) - 1
        extra = f" (and {more} more problem{'s' if more > 1 else ''}: skatcalc sheet check)"
        raise SheetFileError(f"{first}{extra if more else ''}")
    return document.sheet


def check(text: str) -> list[Problem]:
    """Every problem in a sheet's text, each with its line; empty when the sheet is sound."""
    return list(_read(text).problems)


def _loads(text: str) -> dict[str, Any]:
    """Parse TOML: rtoml (compiled; a 10,000-deal sheet in 30 ms against tomllib's 165 ms,
    bench/toml_readers.py). Anything it refuses is parsed again by the standard library's
    tomllib, whose error says the line and column; tomllib also stands in where rtoml is missing.
    """
    import tomllib

    try:
        import rtoml
    except ImportError:  # pragma: no cover - rtoml is a dependency
        return tomllib.loads(text)
    try:
        data: dict[str, Any] = rtoml.loads(text)
    except rtoml.TomlParsingError as error:
        try:
            return tomllib.loads(text)  # raises tomllib.TOMLDecodeError, with the position
        except (RecursionError, ValueError) as again:
            if isinstance(again, tomllib.TOMLDecodeError):
                raise
            # nested too deep, or a number of thousands of digits: rtoml's own words
            raise ValueError(str(error)) from None
    return data


def _read(text: str, before: _Document | None = None) -> _Document:
    """Parse and check a sheet's text. With ``before`` (the sound document it was changed
    from), a deal whose table and place are unchanged is the deal already checked there (in a
    sound sheet each key holds its one type, as skatcalc writes it, so ``==`` is exact)."""
    try:
        data = _loads(text)
    except (ValueError, RecursionError) as error:  # tomllib.TOMLDecodeError is a ValueError
        return _Document(text, None, None, (_toml_problem(text, error),))
    starts = tuple(match.start() for match in _DEAL_HEADER.finditer(text))
    raw_deals = data.get("deal", [])
    if not isinstance(raw_deals, list) or len(starts) != len(raw_deals):
        starts_known: tuple[int, ...] | None = None
    else:
        starts_known = starts
    return _document(text, data, starts_known, before)


def from_data(data: dict[str, Any]) -> Sheet:
    """A sheet from data shaped like the file's TOML (``format``, ``players``, ``rules``,
    ``deal``), checked as a file is; raise :class:`SheetFileError` naming the first problem.

    >>> from_data({"format": 1, "players": ["A", "B", "C"], "deal": [{"passed": True}]}).deals
    (Deal(declarer=None, game=None, ramsch=None),)
    >>> from_data({"format": 1, "players": ["A", "B"]})
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetFileError: a sheet has three or four players, not 2
    """
    document = _document("", data, None)
    if document.sheet is None:
        raise SheetFileError(str(document.problems[0]))
    return document.sheet


def _document(
    text: str,
    data: dict[str, Any],
    starts_known: tuple[int, ...] | None,
    before: _Document | None = None,
) -> _Document:
    raw_deals = data.get("deal", [])
    problems: list[Problem] = []
    lines = _Lines(text, starts_known)
    version = data.get("format")
    if not isinstance(version, int) or isinstance(version, bool):
        problems.append(
            Problem(
                lines.key("top", "format"),
                f"format must be a number (this skatcalc writes {FORMAT_VERSION}), not {version!r}",
            )
        )
    elif version > FORMAT_VERSION:
        problem = Problem(
            lines.key("top", "format"),
            f"this sheet has format {version}, written by a newer skatcalc; this one reads "
            f"format {FORMAT_VERSION} and leaves the file as it is: upgrade skatcalc",
        )
        return _Document(text, starts_known, None, (problem,))
    for key in data:
        if key not in _TOP_KEYS:
            problems.append(
                Problem(
                    lines.key("top", key),
                    f"unknown key {key!r}: a sheet has "
                    "format, players, [rules] and [[deal]] tables",
                )
            )
    sheet = _sheet_head(data, lines, problems)
    if sheet is None:
        return _Document(text, starts_known, None, tuple(problems))
    if not isinstance(raw_deals, list):
        problems.append(Problem(lines.key("top", "deal"), "deals are [[deal]] tables"))
        raw_deals = []
    deals: list[Deal] = []
    known = before.raw if before is not None and before.sheet is not None else ()
    same_head = before is not None and before.sheet is not None and (
        before.sheet.players, before.sheet.rules) == (sheet.players, sheet.rules)  # fmt: skip
    check = sheet.checker()  # each deal checked at its place, after the deals before it
    for index, raw in enumerate(raw_deals):
        # A deal after the same deals as before was checked there already (its dealer and
        # any Bockramsch round follow from the deals before it): take it as it was.
        same_head = same_head and index < len(known) and raw == known[index]
        if same_head:
            assert before is not None and before.sheet is not None
            deals.append(check(before.sheet.deals[index], False))
            continue
        try:
            deals.append(check(_deal(raw), True))
        except SkatError as error:
            message = str(error)
            prefix = w("err.sheet.deal", n=index + 1, error="")
            message = message.removeprefix(prefix)
            problems.append(Problem(lines.deal(index, message), f"{prefix}{message}"))
            deals.append(check(Deal.passed(), False))  # keep the numbering for those after
    if problems:
        return _Document(text, starts_known, None, tuple(problems))
    sheet = replace(sheet, deals=tuple(deals))
    return _Document(text, starts_known, sheet, (), tuple(raw_deals))


def _sheet_head(data: dict[str, Any], lines: _Lines, problems: list[Problem]) -> Sheet | None:
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        problems.append(
            Problem(
                lines.key("top", "players"),
                "players must be a list of three or four "
                'names, e.g. players = ["Anna", "Ben", "Carl"]',
            )
        )
        return None
    raw_rules = data.get("rules", {})
    rules = Rules()
    if not isinstance(raw_rules, dict):
        problems.append(Problem(lines.key("top", "rules"), "rules must be a [rules] table"))
    else:
        rules = _rules(raw_rules, lines, problems)
    try:
        return Sheet.new(players, rules)
    except SheetError as error:
        problems.append(Problem(lines.key("top", "players"), str(error)))
        return None


_KIND_WORDS = {bool: "true or false", int: "a whole number", str: "a string",
               tuple: "a list of strings"}  # fmt: skip


def _rules(raw: dict[str, Any], lines: _Lines, problems: list[Problem]) -> Rules:
    """The [rules] table: each key a rule, of its type; missing rules take their defaults."""
    defaults = Rules()
    known = {field.name: getattr(defaults, field.name) for field in fields(Rules)}
    values: dict[str, Any] = {}
    for key, value in raw.items():
        if key not in known:
            problems.append(
                Problem(
                    lines.key("rules", key),
                    f"unknown rule {key!r}: the rules are {', '.join(known)}",
                )
            )
            continue
        kind = type(known[key])
        if kind is tuple and isinstance(value, list) and all(isinstance(v, str) for v in value):
            values[key] = tuple(value)
            continue
        if type(value) is not kind:
            what = _KIND_WORDS[kind]
            problems.append(
                Problem(lines.key("rules", key), f"rule {key!r} must be {what}, not {value!r}")
            )
            continue
        values[key] = value
    try:
        return Rules(**values).check()
    except SheetError as error:
        problems.append(Problem(lines.key("rules", str(error).split()[1]), str(error)))
        return defaults


def _deal(raw: object) -> Deal:
    if not isinstance(raw, dict):
        raise SheetError("a deal is a [[deal]] table")
    if "passed" in raw:
        if raw["passed"] is not True or len(raw) > 1:
            raise SheetError("a passed deal is just `passed = true`, with no other key")
        return Deal.passed()
    if "ramsch" in raw:
        return Deal.of_ramsch(_ramsch(raw))
    declarer = raw.get("declarer")
    if not isinstance(declarer, str):
        raise SheetError(
            'the declarer is missing: add declarer = "NAME", or passed = true when everybody passed'
        )
    return Deal(declarer, GameSpec(**options(raw, skip="declarer")))


def _ramsch(raw: dict[str, Any]) -> Ramsch:
    """``ramsch = { NAME = points, ... }`` with ``jungfrau``, ``durchmarsch``, ``pushes``,
    ``last_trick``."""
    return Ramsch.from_mapping(raw)


class _Lines:
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

    def deal(self, index: int, message: str) -> int:
        """The line a deal's problem points to: the key it names, else the deal's header."""
        if self.starts is None:
            return 0
        header = self._line_of(self.starts[index])
        quoted = re.search(r"'(\w+)'", message)
        if quoted is not None and (line := self.key(index, quoted.group(1))) != header:
            return line
        for key, phrases in _KEY_PHRASES:
            if any(phrase in message for phrase in phrases):
                return self.key(index, key)
        return header


# Which key a rule's message is about, by the words it uses (first match wins).
_KEY_PHRASES = (
    ("passed", ("passed deal",)),
    ("with", ("tops", " with ")),
    ("without", ("without ",)),
    ("points", ("card point",)),
    ("tricks", ("trick",)),
    ("bid", ("bid",)),
    ("cards", ("card '", "cards", "given twice")),
    ("declarer", ("not at the table", "sits out", "declarer is missing")),
    ("game", ("unknown game",)),
    ("schneider", ("schneider can", "schneider cannot")),
    ("schwarz", ("schwarz can", "schwarz cannot")),
)


def _toml_problem(text: str, error: Exception) -> Problem:
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
    return Problem(line, f"not valid TOML: {message}; the file is left as it is")


# --- writing ----------------------------------------------------------------------------------


def render(sheet: Sheet) -> str:
    """The whole sheet as TOML text, as ``sheet new`` writes it.

    >>> text = render(Sheet.new(["Anna", 'Ben "the Bear"', "Carl"]))
    >>> print(text.split("\\n", 3)[3].split("\\n[rules]")[0])
    format = 1
    players = ["Anna", "Ben \\"the Bear\\"", "Carl"]
    <BLANKLINE>
    >>> print(text.split("[rules]\\n")[1].splitlines()[0])
    scoring = "seeger-fabian"  # the list that decides: seeger-fabian, standard or bierlachs
    """
    players = ", ".join(_toml_value(name) for name in sheet.players)
    return (
        f"{HEADER}format = {FORMAT_VERSION}\nplayers = [{players}]\n\n[rules]\n"
        + _rules_text(sheet.rules)
        + "".join("\n" + _block(deal) for deal in sheet.deals)
    )


def _toml_value(value: object) -> str:
    """One TOML value on one line (a list of strings stays inline)."""
    import tomli_w

    if isinstance(value, tuple):
        return "[" + ", ".join(_toml_value(item) for item in value) + "]"
    return tomli_w.dumps({"v": value})[4:-1]


_RULE_NOTES = {
    "scoring": "the list that decides: seeger-fabian, standard or bierlachs",
    "won_bonus": "Seeger-Fabian: the declarer's bonus per won game",
    "lost_penalty": "Seeger-Fabian: the declarer's penalty per lost game",
    "opponents_three": "Seeger-Fabian: each other player, per lost game, at three",
    "opponents_four": "Seeger-Fabian: each other player, per lost game, at four",
    "kontra": "Kontra and Re allowed",
    "bock": "Bock rounds: the deals after a trigger count double",
    "bock_triggers": "lost-60, grand-hand, kontra, hundred, lost-kontra, re, lost-grand, "
    "null-ouvert-hand, value",
    "bock_length": "deals in a Bock round; 0: one per player at the table",
    "bock_overlap": "double (a deal in two rounds counts 4x) or queue",
    "bock_value": "trigger value: a game value of at least this starts a Bock round",
    "bock_self": "the game that starts a Bock round counts double itself",
    "bock_max": "at most this many Bock doublings on one deal; 0: no cap",
    "bockramsch": "a Ramsch round after each Bock round (Grand Hand instead: same dealer again)",
    "ramsch": "Ramsch when everybody passes",
    "ramsch_skat": "the skat goes to: last-trick or loser",
    "ramsch_ties": "tied for most points: all-lose, split, last-trick or nobody",
    "ramsch_jungfrau": "a player with no trick doubles the loss",
    "ramsch_durchmarsch": "all tricks to one player: +120",
    "schieberamsch": "the skat may be pushed on; each push doubles",
    "ramsch_value": "0: the loser loses the card points; 10, 15 or 20: that fixed value",
    "bierlachs_limit": "bierlachs: the evening ends when a player is this far down",
    "bierlachs_dealer": "bierlachs at four: the dealer sitting out takes a won game's minus",
    "lost_hand_single": "old rule: a lost hand game counts single",
    "grand_base": "old rule: 20; ISkO: 24",
}


def _rules_text(rules: Rules) -> str:
    return "".join(
        f"{name} = {_toml_value(value)}  # {_RULE_NOTES[name]}\n"
        for name, value in asdict(rules).items()
    )


def _block(deal: Deal) -> str:
    """One ``[[deal]]`` table: the keys of a flat table, one per line."""
    import tomli_w

    if deal.ramsch is not None:
        ramsch = deal.ramsch
        points = ", ".join(f"{_toml_key(name)} = {value}" for name, value in ramsch.points)
        text = f"[[deal]]\nramsch = {{ {points} }}\n"
        if ramsch.jungfrau:
            text += f"jungfrau = {_toml_value(ramsch.jungfrau)}\n"
        if ramsch.durchmarsch is not None:
            text += f"durchmarsch = {_toml_value(ramsch.durchmarsch)}\n"
        if ramsch.pushes:
            text += f"pushes = {ramsch.pushes}\n"
        if ramsch.last_trick is not None:
            text += f"last_trick = {_toml_value(ramsch.last_trick)}\n"
        return text
    if deal.declarer is None or deal.game is None:
        data: dict[str, Any] = {"passed": True}
    else:
        data = {"declarer": deal.declarer, **deal.game.to_mapping()}
    return "[[deal]]\n" + tomli_w.dumps(data)


def _toml_key(name: str) -> str:
    """A table key: bare when it can be, else quoted as a TOML string."""
    if re.fullmatch(r"[A-Za-z0-9_-]+", name):
        return name
    return _toml_value(name)


def _patched(document: _Document, old: Sheet, new: Sheet) -> str:
    """The new text: only the deals that changed are rewritten, everything else stays as is.

    The rewritten blocks are read back and compared with the deals they must say; if anything
    differs (or the deals' places in the text are not known), the whole sheet is written anew.
    """
    if document.starts is None or (old.players, old.rules) != (new.players, new.rules):
        return render(new)
    text = document.text
    starts = document.starts
    if starts and _OTHER_TABLE.search(text, starts[0]):
        return render(new)  # another table after the deals (say [rules]): a splice could cut it
    shorter = min(len(old.deals), len(new.deals))
    prefix = 0
    while prefix < shorter and _same(old.deals[prefix], new.deals[prefix]):
        prefix += 1
    suffix = 0
    while suffix < shorter - prefix and _same(old.deals[-1 - suffix], new.deals[-1 - suffix]):
        suffix += 1
    end_old = len(old.deals) - suffix
    begin = starts[prefix] if prefix < len(starts) else len(text)
    end = _comments_before(text, starts[end_old]) if end_old < len(starts) else len(text)
    changed = new.deals[prefix : len(new.deals) - suffix]
    blocks = "\n".join(_block(deal) for deal in changed)
    head = text[:begin].rstrip("\n") + "\n"
    tail = text[end:]
    middle = ("\n" + blocks) if blocks else ""
    patched = head + middle + ("\n" + tail if tail else "")
    written = [_deal(raw) for raw in _loads(blocks).get("deal", [])] if blocks else []
    if written != list(changed) or len(_DEAL_HEADER.findall(patched)) != len(new.deals):
        return render(new)
    return patched


def _comments_before(text: str, header: int) -> int:
    """Where the comment lines just above a deal's header begin: they belong to that deal."""
    at = header
    while at > 0:
        line_start = text.rfind("\n", 0, at - 1) + 1
        if not text[line_start : at - 1].lstrip().startswith("#"):
            break
        at = line_start
    return at


def _same(a: Deal, b: Deal) -> bool:
    return a is b or a == b


# --- files ------------------------------------------------------------------------------------

_READ_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
# O_NONBLOCK: opening a FIFO returns at once (and fstat then refuses it) instead of hanging


def load(path: Path) -> Sheet:
    """Read the sheet at ``path``."""
    return _parse_at(path, _read_file(path))


EXPORT_LIMIT = 4 * FILE_LIMIT
"""The largest export ``sheet import`` reads: an export of a sheet at :data:`FILE_LIMIT`
repeats each deal's figures beside the game as entered, about three times the TOML."""


def read_text(path: Path) -> str:
    """The UTF-8 text of a file that is not a sheet (an export to import), as it is: a regular
    file (a directory, device or FIFO is refused) of at most :data:`EXPORT_LIMIT` bytes."""
    try:
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        raise SheetFileError(f"there is no file {path}") from None
    except OSError as error:
        raise SheetFileError(f"cannot read {path}: {error.strerror}") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise SheetFileError(w("err.import.kind", file=path, kind=_kind(mode)))
        try:
            data = _read_bytes(fd, EXPORT_LIMIT)
        except OSError as error:
            raise SheetFileError(f"cannot read {path}: {error.strerror}") from None
    finally:
        os.close(fd)
    if data is None:
        raise SheetFileError(w("err.import.too_big", file=path, limit=EXPORT_LIMIT >> 20))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise SheetFileError(f"{path}: line {line}: not UTF-8 text") from None


def _parse_at(path: Path, text: str) -> Sheet:
    try:
        return parse(text)
    except SheetFileError as error:
        raise SheetFileError(f"{path}: {error}") from None


def check_file(path: Path) -> list[Problem]:
    """Every problem in the sheet file at ``path``; the file is not changed."""
    return check(_read_file(path))


def create(path: Path, sheet: Sheet) -> None:
    """Write a new sheet; refuse (exit 4) when ``path`` exists, whatever it holds."""
    if os.path.lexists(path):
        raise _exists(path)
    _place_new(path, render(sheet).encode())


def _exists(path: Path) -> SheetError:
    return SheetError(f"{path} already exists: choose another name, or delete it first")


def _place_new(path: Path, data: bytes) -> None:
    """Put a new file at ``path``, never replacing one that appeared meanwhile.

    A written temp file is hard-linked into place (all or nothing). A file system without hard
    links (FAT, exFAT, many SMB shares) gets the file created with O_EXCL and written in place.
    """
    mode = _default_mode()
    tmp = _write_temp(path, data, mode)
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise _exists(path) from None
    except OSError:
        _remove(tmp)
        _create_in_place(path, data, mode)
    finally:
        _remove(tmp)
    _sync_folder(path)


def _create_in_place(path: Path, data: bytes, mode: int) -> None:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags | getattr(os, "O_CLOEXEC", 0), mode)
    except FileExistsError:
        raise _exists(path) from None
    except OSError as error:
        raise _write_error(path, error) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
    except BaseException as error:
        _remove(str(path))  # ours: created just now, and not whole
        if isinstance(error, OSError):
            raise _write_error(path, error) from None
        raise


def update(path: Path, change: Callable[[Sheet], Sheet]) -> tuple[Sheet, Sheet]:
    """Apply ``change`` to the sheet at ``path`` under its lock; return the sheet before, after.

    The new text is read back and scored in full before it replaces the file, so a change
    that would leave a sheet that cannot be read or scored is never written.
    Through a symbolic link, the file it points to is the one changed (the link stays a link).
    """
    path = _real(path)
    with _locked(path) as fd:
        text = _read_fd(path, fd)
        document = _read(text)
        if document.sheet is None:
            _parse_at(path, text)  # raises with the first problem
        old = document.sheet
        assert old is not None
        new = change(old)
        new_text = _patched(document, old, new)
        back = _read(new_text, document)
        if back.sheet != new:
            raise SheetFileError(w("err.file.read_back", file=path))
        new.tally()  # a change whose totals cannot be computed is never written
        mode = os.fstat(fd).st_mode
        if not mode & stat.S_IWUSR:
            raise SheetFileError(f"{path} is read-only: the sheet is unchanged (chmod u+w {path})")
        _put(_write_temp(path, new_text.encode(), stat.S_IMODE(mode)), path)
    return old, new


def write_text(path: Path, text: str) -> None:
    """Write an export: atomically, as a new file, or replacing a regular file that is not a
    sheet (its mode is kept).

    Refused (exit 4): a symbolic link (never followed), a directory, a device, a FIFO, a socket,
    and a file that is or may be a sheet: one with ``format =`` and ``players =`` lines, one
    that is not UTF-8 text, one larger than any sheet.
    """
    data = text.encode()
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        _place_new(path, data)
        return
    except OSError as error:
        raise _write_error(path, error) from None
    if not stat.S_ISREG(info.st_mode):
        raise SheetError(w("err.export.kind", file=path, kind=_kind(info.st_mode)))
    try:
        fd = os.open(path, _READ_FLAGS | getattr(os, "O_NOFOLLOW", 0))
    except OSError as error:
        raise SheetError(w("err.export.unreadable", file=path, reason=error.strerror)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped since the lstat
            raise SheetError(w("err.export.kind", file=path, kind=_kind(os.fstat(fd).st_mode)))
        existing = _read_bytes(fd, FILE_LIMIT)
    finally:
        os.close(fd)
    if existing is None:
        raise SheetError(w("err.export.big", file=path, limit=FILE_LIMIT >> 20))
    try:
        old = existing.decode("utf-8")
    except UnicodeDecodeError:
        raise SheetError(w("err.export.binary", file=path)) from None
    if _looks_like_sheet(old):
        raise SheetError(w("err.export.sheet", file=path))
    _put(_write_temp(path, data, stat.S_IMODE(info.st_mode)), path)


def _looks_like_sheet(text: str) -> bool:
    """Sound or not: a text with a ``format`` and a ``players`` key at the start of a line.

    >>> _looks_like_sheet('format = 9\\nplayers = "?"\\n'), _looks_like_sheet("n,dealer\\n")
    (True, False)
    """
    return all(
        re.search(rf'^[ \t]*["\']?{key}["\']?[ \t]*=', text, re.MULTILINE)
        for key in ("format", "players")
    )


def _kind(mode: int) -> str:
    """What a file is, in words, when it is not a regular file."""
    if stat.S_ISLNK(mode):
        return w("kind.link")
    if stat.S_ISDIR(mode):
        return w("kind.directory")
    if stat.S_ISFIFO(mode):
        return w("kind.fifo")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return w("kind.device")
    if stat.S_ISSOCK(mode):
        return w("kind.socket")
    return w("kind.other")


def _real(path: Path) -> Path:
    """The file a path names, through any symbolic links."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def _put(tmp: str, path: Path) -> None:
    """Put the written temp file in place with one rename (removed if that fails)."""
    try:
        os.replace(tmp, path)
    except OSError as error:
        _remove(tmp)
        raise _write_error(path, error) from None
    _sync_folder(path)


def _no_sheet(path: Path) -> SheetFileError:
    return SheetFileError(
        f"there is no sheet at {path}: start one with skatcalc sheet new {path} NAME NAME NAME"
    )


def _read_file(path: Path) -> str:
    fd = _open(path)
    try:
        return _read_fd(path, fd)
    finally:
        os.close(fd)


def _read_bytes(fd: int, limit: int) -> bytes | None:
    """All of the file, or None when it has more than ``limit`` bytes."""
    chunks = []
    size = 0
    while chunk := os.read(fd, 1 << 20):
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


def _read_fd(path: Path, fd: int) -> str:
    try:
        data = _read_bytes(fd, FILE_LIMIT)
    except OSError as error:
        raise SheetFileError(f"cannot read {path}: {error.strerror}") from None
    if data is None:
        raise SheetFileError(w("err.file.big", file=path, limit=FILE_LIMIT >> 20))
    return _decode(path, data)


def _decode(path: Path, data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        raise SheetFileError(
            f"{path}: line {line}: not UTF-8 text, so not a sheet; the file is left as it is"
        ) from None


@contextmanager
def _locked(path: Path) -> Iterator[int]:
    """Hold an exclusive lock on the sheet file itself, re-opening when it was replaced."""
    deadline = time.monotonic() + LOCK_TIMEOUT
    while True:
        fd = _open(path)
        try:
            got = _lock(path, fd)
        except BaseException:
            os.close(fd)
            raise
        if not got:
            os.close(fd)
            if time.monotonic() > deadline:
                raise SheetBusyError(
                    f"{path} is being changed by another skatcalc for over {LOCK_TIMEOUT:.0f} s: "
                    "try again"
                ) from None
            time.sleep(0.01)
            continue
        try:
            current = os.stat(path).st_ino
        except FileNotFoundError:
            current = -1
        if current != os.fstat(fd).st_ino:  # replaced while we waited: lock the new file
            os.close(fd)
            continue
        break
    try:
        yield fd
    finally:
        os.close(fd)


def _lock(path: Path, fd: int) -> bool:
    """Take the sheet's lock without waiting: True when taken, False when another holds it.

    Where there is no flock (Windows) or the file system refuses locks (ENOLCK: NFS without a
    lock daemon, some FUSE and SMB mounts), the change is refused: two writers at once could
    lose a deal, and a sheet is never changed unlocked.
    """
    try:
        import fcntl
    except ImportError:
        raise SheetFileError(w("err.file.no_flock", file=path)) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError as error:
        raise SheetFileError(w("err.file.lock", file=path, reason=error.strerror)) from None
    return True


def _open(path: Path) -> int:
    """Open the sheet for reading: a regular file (a directory, device or FIFO is refused)."""
    try:
        fd = os.open(path, _READ_FLAGS)
    except FileNotFoundError:
        raise _no_sheet(path) from None
    except OSError as error:
        raise SheetFileError(f"cannot read {path}: {error.strerror}") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise SheetFileError(w("err.file.kind", file=path, kind=_kind(mode)))
    return fd


def _write_temp(path: Path, data: bytes, mode: int) -> str:
    """Write ``data`` to a new temp file beside ``path``, flushed and fsynced; return its name.

    The temp name starts with at most 200 bytes of the file's name, so it fits the usual limit
    of 255 bytes for any name the file itself can have.
    """
    folder = path.parent if str(path.parent) else Path(".")
    name = os.fsdecode(os.fsencode(path.name)[:_NAME_BYTES])
    try:
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{name}.", suffix=".tmp")
    except OSError as error:
        raise _write_error(path, error) from None
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, mode)
    except OSError as error:
        _remove(tmp)
        raise _write_error(path, error) from None
    except BaseException:
        _remove(tmp)
        raise
    return tmp


def _write_error(path: Path, error: OSError) -> SheetFileError:
    what = "the sheet is unchanged" if path.exists() else "nothing was written"
    return SheetFileError(f"cannot write {path}: {error.strerror or error}; {what}")


def _remove(name: str) -> None:
    with suppress(OSError):
        os.unlink(name)


def _sync_folder(path: Path) -> None:
    try:
        fd = os.open(path.parent if str(path.parent) else ".", os.O_RDONLY)
    except OSError:
        return
    try:
        with suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def _default_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask
