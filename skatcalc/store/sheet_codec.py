"""A sheet's TOML text: text to :class:`Sheet` and back, pure (no files: :mod:`skatcalc.store.files`;
the TOML itself: :mod:`skatcalc.store.toml`).

- :func:`parse` reads a sheet, :func:`check` lists every problem with its line, found from each
  error's field and deal, never from its wording;
- :func:`render` writes a whole sheet, :func:`patched` only the deals that changed, so
  comments and hand edits elsewhere stay as written;
- :data:`SHEET` is the sheet as a kind of file for :mod:`skatcalc.store.files`.

>>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal("Ben", GameSpec("clubs", with_=2, points=70)))
>>> parse(render(sheet)) == sheet
True
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple

from skatcalc.errors import SheetError, SheetFileError, SkatError, listed, say
from skatcalc.frozen import record
from skatcalc.option import KIND_WORDS
from skatcalc.pattern import later
from skatcalc.sheet.model import FORMAT_VERSION, Deal, Ramsch, Rules, RulesChange, Sheet, Tally
from skatcalc.sheet.rules import RULE_KINDS, RULES
from skatcalc.spec import GAME_OPTIONS, GameSpec
from skatcalc.store.codec import Codec
from skatcalc.store.memo import KEPT
from skatcalc.store.toml import (
    Lines,
    Problem,
    flat_table,
    loads,
    toml_key,
    toml_problem,
    toml_value,
)

if TYPE_CHECKING:
    from skatcalc.store.layout import Edit

__all__ = [
    "HEADER",
    "SHEET",
    "Checked",
    "Document",
    "Made",
    "appendable",
    "change_table",
    "check",
    "checked",
    "deal_of",
    "deal_table",
    "edit",
    "from_data",
    "from_stream",
    "parse",
    "patched",
    "read_document",
    "render",
    "rules_patched",
    "rules_table",
    "rules_text",
    "streamed",
    "tail_deals",
    "waits_in_place",
]

HEADER = """\
# skatcalc score sheet.
# The deals as entered are the truth: every total is computed from them when the sheet is read.
# Edit by hand if you like; `skatcalc sheet check FILE` lists anything that is wrong.
"""

_DEAL_HEADER = later(r"^[ \t]*\[\[[ \t]*deal[ \t]*\]\][ \t]*(#.*)?\r?$", re.MULTILINE)
_CHANGE_HEADER = later(r"^[ \t]*\[\[[ \t]*rules_change[ \t]*\]\]", re.MULTILINE)
_NOT_DEALS = later(
    r"^[ \t]*\[(?!\[[ \t]*(deal|rules_change)[ \t]*\]\])", re.MULTILINE
)  # a table that is no deal and no change of the rules: appending after it is not safe
_TOP_KEYS = ("format", "players", "rules", "deal", "rules_change")


@record
class Document:
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
    skatcalc.errors.SheetFileError: err.file.line(line=6, error=err.sheet.deal(n=1, error=err.tops.max(game=game.word.clubs, most=11, what=err.tops.suit, tops=tops.with(count=12))))
    """
    document = read_document(text, located=False)
    if document.sheet is None:
        document = read_document(text)  # the problems again, each at its line
        first = document.problems[0].located()
        more = len(document.problems) - 1
        if not more:
            raise first
        raise SheetFileError(
            "err.file.more", error=first, count=more, field=first.field, deal=first.deal
        )
    return document.sheet


class Checked(NamedTuple):
    """A sheet's text checked: the sheet (None when it does not read) and every problem."""

    sheet: Sheet | None
    problems: list[Problem]


def check(text: str) -> list[Problem]:
    """Every problem in a sheet's text, each with its line; empty when the sheet is sound
    (:func:`checked`, the problems alone).

    >>> check(render(Sheet.new(["A", "B", "C"])))
    []
    """
    return checked(text).problems


def checked(text: str) -> Checked:
    """The sheet in ``text`` and every problem in it, each with its line; no problem when the
    sheet is sound. A sheet holding more deals than its series (``series_count``) is read as it
    is, but the first deal past them is a problem here: no command would have added it.

    >>> over = render(Sheet.new(["A", "B", "C"], Rules(series_length=1, series_count=1)))
    >>> found = checked(over + "[[deal]]\\npassed = true\\n" * 2)
    >>> len(found.sheet.deals), [problem.line for problem in found.problems]
    (2, [39])
    """
    document = read_document(text)
    problems = list(document.problems)
    sheet = document.sheet
    if sheet is not None and sheet.rules.full(len(sheet.players), len(sheet.deals) - 1):
        index = sheet.rules.most_deals(len(sheet.players)) or 0
        try:
            sheet.room(index)
        except SheetError as error:
            line = Lines(document.text, document.starts).deal(index, None)
            problems.append(Problem(line, error))
    return Checked(sheet, problems)


def edit(text: str) -> tuple[Sheet, Callable[[Sheet], str | None]]:
    """The sheet in ``text`` (raising as :func:`parse` does), and how to write it changed: only
    the deals that changed are rewritten (:func:`patched`), and the new text is read back and
    scored in full; None when it would not read back as the sheet given (never written).

    >>> sheet, write = edit(render(Sheet.new(["Anna", "Ben", "Carl"])))
    >>> write(sheet.add(Deal.passed())).endswith("[[deal]]\\npassed = true\\n")
    True
    """
    document = read_document(text)
    if document.sheet is None:
        parse(text)  # raises with the first problem
    old = document.sheet
    assert old is not None

    def write(new: Sheet) -> str | None:
        new_text = patched(document, old, new)
        if read_document(new_text, document).sheet != new:
            return None
        new.tally()  # a change whose totals cannot be computed is never written
        return new_text

    return old, write


def read_document(text: str, before: Document | None = None, *, located: bool = True) -> Document:
    """Parse and check a sheet's text. With ``before`` (the sound document it was changed
    from), a deal whose table and place are unchanged is the deal already checked there (in a
    sound sheet each key holds its one type, as skatcalc writes it, so ``==`` is exact).
    Without ``located``, where each deal starts is not looked for (``starts`` None, and a
    problem in a deal has no line): what :func:`parse` reads first, the sheet alone."""
    try:
        data = loads(text)
    except (ValueError, RecursionError) as error:  # tomllib.TOMLDecodeError is a ValueError
        return Document(text, None, None, (toml_problem(text, error),))
    if not located:
        # The deals' heads searched for in the text: 6.5 ms of reading bench/fast.py's 200
        # evenings (7,200 deals; bench/read_whole.py, median of 7), for the lines of problems that
        # a sound sheet has not. parse() reads a sheet with a problem again, located.
        return _document(text, data, None)
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
    skatcalc.errors.SheetFileError: err.sheet.players(count=2)
    """
    document = _document("", data, None)
    if document.sheet is None:
        raise document.problems[0].located()
    return document.sheet


class Made(NamedTuple):
    """A new sheet file's text made from a sheet's data read a piece at a time (an import):
    the sheet (its players and rules; its deals are in the text, not held), the text (None
    when it would be larger than the most asked for), the tally of the last deals (carried on
    to the end: the totals and all that is ahead), and how many deals, passed deals and
    Ramsch it holds."""

    sheet: Sheet
    text: str | None
    tally: Tally
    deals: int
    passed: int
    ramsch: int


def from_stream(head: Mapping[str, Any], raw_deals: Iterable[object], most: int) -> Made:
    """The file :func:`from_data` and :func:`render` make of ``head`` (``format``,
    ``players``, ``rules``; other keys are not read) and the deals, one at a time: the same text, and the same first
    problem raised, but holding no more than the text and the last thousand deals (an import
    of 100,000 deals in bounded memory). Deals stop being read once the text would be larger
    than ``most`` bytes (``text`` None: no reader reads such a sheet).

    >>> made = from_stream({"format": 1, "players": ["A", "B", "C"]}, [{"passed": True}], 10**6)
    >>> made.text == render(from_data({"format": 1, "players": ["A", "B", "C"], "deal": [{"passed": True}]}))
    True
    >>> made.deals, made.passed, [p.score for p in made.tally.players]
    (1, 1, [0, 0, 0])
    """
    data = {key: head[key] for key in ("format", "players", "rules", "rules_change") if key in head}
    document = _document("", data, None)
    if document.sheet is None:
        raise document.problems[0].located()
    sheet = document.sheet
    head_text = render(replace(sheet, changes=()))
    waiting = {change.start - 1: change_table(change) for change in sheet.changes}
    tables: list[str] = []  # the text is the head and each deal's table, a line between
    size = len(head_text.encode())
    going = sheet.going_on(sheet.tally(), keep=False)
    passed = ramsch = 0
    # Each game's lines, kept by game (at most 65,536, as its scorings): a season repeats its
    # games (33,477 in the 100,000 deals of bench/fast.py), and every game here was read with
    # each option of its kind. 1.2 µs a deal to write anew, 0.3 µs kept.
    games: dict[GameSpec, str] = {}
    for index, raw in enumerate(raw_deals):
        try:
            deal = going.add(raw if type(raw) is Deal else deal_of(raw))
        except SkatError as error:
            raise Problem(0, _in_deal(error, index)).located() from None
        table = deal_table(deal, games)
        if waiting and index in waiting:  # a change of the rules from this deal on
            table = waiting.pop(index) + "\n" + table
        size += 1 + (len(table) if table.isascii() else len(table.encode()))
        if size > most:
            return Made(sheet, None, going.end(), len(tables), passed, ramsch)
        tables.append(table)
        if deal.declarer is None:  # no game
            passed += deal.ramsch is None
            ramsch += deal.ramsch is not None
        if len(going.checked) == 1000:  # the tally so far: where the next thousand go on from
            going = sheet.going_on(going.end(), keep=False)
    tables += waiting.values()  # from a deal to come
    return Made(sheet, "\n".join([head_text, *tables]), going.end(), len(tables) - len(waiting),
                passed, ramsch)  # fmt: skip


def _document(
    text: str,
    data: dict[str, Any],
    starts_known: tuple[int, ...] | None,
    before: Document | None = None,
) -> Document:
    problems: list[Problem] = []
    lines = Lines(text, starts_known)
    version = _format_problem(data.get("format"), lines)
    if version is not None:
        if version.error.code == "err.sheet.newer":  # a newer sheet: nothing else is read
            return Document(text, starts_known, None, (version,))
        problems.append(version)
    for key in data:
        if key not in _TOP_KEYS:
            error = SheetFileError("err.sheet.unknown_key", key=key, field=key)
            problems.append(Problem(lines.key("top", key), error))
    sheet = _sheet_head(data, lines, problems)
    if sheet is None:
        return Document(text, starts_known, None, tuple(problems))
    raw_deals = data.get("deal", [])
    if not isinstance(raw_deals, list):
        error = SheetFileError("err.sheet.deals_type", field="deal")
        problems.append(Problem(lines.key("top", "deal"), error))
        raw_deals = []
    deals = _deals(sheet, raw_deals, lines, problems, before)
    if problems:
        return Document(text, starts_known, None, tuple(problems))
    sheet = replace(sheet, deals=tuple(deals))
    return Document(text, starts_known, sheet, (), tuple(raw_deals))


def _format_problem(version: object, lines: Lines) -> Problem | None:
    """What is wrong with the sheet's ``format``, at its line; None when it is one this reads."""
    if not isinstance(version, int) or isinstance(version, bool):
        error = SheetFileError(
            "err.sheet.format_type", version=FORMAT_VERSION, value=version, field="format"
        )
    elif version < 1:  # a version counts from 1: 0 or -7 is no sheet any skatcalc wrote
        error = SheetFileError("err.sheet.format_range", version=FORMAT_VERSION, value=version,
                               field="format")  # fmt: skip
    elif version > FORMAT_VERSION:
        error = SheetFileError(
            "err.sheet.newer", version=version, supported=FORMAT_VERSION, field="format"
        )
    else:
        return None
    return Problem(lines.key("top", "format"), error)


def _deals(
    sheet: Sheet,
    raw_deals: list[Any],
    lines: Lines,
    problems: list[Problem],
    before: Document | None,
) -> list[Deal]:
    """The deals of ``sheet``, each checked at its place, after the deals before it; a deal's
    problem is added to ``problems`` (and a passed deal keeps its place for those after)."""
    deals: list[Deal] = []
    known = before.raw if before is not None and before.sheet is not None else ()
    same_head = before is not None and before.sheet is not None and (
        before.sheet.players, before.sheet.rules, before.sheet.changes
    ) == (sheet.players, sheet.rules, sheet.changes)  # fmt: skip
    check = sheet.checker()
    for index, raw in enumerate(raw_deals):
        # A deal after the same deals as before was checked there already (its dealer and
        # any Bockramsch round follow from the deals before it): take it as it was.
        same_head = same_head and index < len(known) and raw == known[index]
        if same_head:
            assert before is not None and before.sheet is not None
            deals.append(check(before.sheet.deals[index], False))
            continue
        try:
            deals.append(check(deal_of(raw), True))
        except SkatError as error:
            error = _in_deal(error, index)
            problems.append(Problem(lines.deal(index, error.field), error))
            deals.append(check(Deal.passed(), False))  # keep the numbering for those after
    return deals


def _in_deal(error: SkatError, index: int) -> SkatError:
    """``error`` as the problem of the deal at ``index``: the sheet's checks name the deal,
    the reader's do not."""
    if error.code == "err.sheet.deal":
        return error
    return SheetError("err.sheet.deal", n=index + 1, error=error, field=error.field, deal=index + 1)


_HEADS: dict[tuple[Any, ...], Sheet] = {}
"""The sheets (no deals) made of the heads read so far (players and rules, no change of the
rules), by the head's data with each value's type (TOML's ``1`` and ``true`` are equal keys
but not equal rules). A season's evenings and a tournament's tables repeat their heads, and
making one (the rules checked twice, the names, the records of the rules in force) cost
~89 µs: 17.8 of the 157 ms reading bench/fast.py's 200 evenings whole in one process
(bench/read_whole.py: parse, tally and stats part; median of 7). At most :data:`_HEADS_MOST` are kept;
tests/sheet/test_heads.py holds a head kept to the one made anew."""

_HEADS_MOST = 1024


def _head_key(data: dict[str, Any]) -> tuple[Any, ...] | None:
    """The key of the head of ``data`` in :data:`_HEADS`; None when it is not kept (a change
    of the rules, or a value that is no string, integer, boolean or list of strings). The
    players, then the rules' names, the kinds of their values and the values (a list as a
    tuple).

    >>> _head_key({"players": ["A", "B", "C"], "rules": {"bock": True, "bock_triggers": ["re"]}})
    (('A', 'B', 'C'), ('bock', 'bock_triggers'), (<class 'bool'>, <class 'list'>), (True, ('re',)))
    >>> _head_key({"players": ["A", "B", "C"], "rules_change": [{"from": 2}]}) is None
    True
    """
    # The kinds checked in C (a set of them against those kept), not value by value, and
    # one tuple of each part, not one a rule: a season's sheet has 29 rules, and its key and
    # its look-up in _HEADS took 59.2 k instructions, 44.5 k so (valgrind --tool=callgrind,
    # each of the 200 sheets of bench/fast.py's season): a cold `sheet stats` over them
    # 1,206.1 M to 1,203.1 M (bench/ir.sh).
    players = data.get("players")
    raw_rules = data.get("rules", {})
    if type(players) is not list or type(raw_rules) is not dict or data.get("rules_change", []):
        return None
    values = [*raw_rules.values()]
    kinds = tuple(map(type, values))
    if not _KEPT_KINDS.issuperset(kinds) or not _STRINGS.issuperset(map(type, players)):
        return None
    at = -1
    for _ in range(kinds.count(list)):  # the lists, of strings only, kept as tuples
        at = kinds.index(list, at + 1)
        if not _STRINGS.issuperset(map(type, values[at])):
            return None
        values[at] = tuple(values[at])
    return tuple(players), tuple(raw_rules), kinds, tuple(values)


_KEPT_KINDS = frozenset((str, int, bool, list))
"""The kinds of the rules' values a head is kept with (exact: a subclass is not kept)."""
_STRINGS = frozenset((str,))


def _sheet_head(data: dict[str, Any], lines: Lines, problems: list[Problem]) -> Sheet | None:
    key = _head_key(data)
    if key is not None:
        kept = _HEADS.get(key)
        if kept is not None:
            return kept
    had = len(problems)
    sheet = _sheet_made(data, lines, problems, None if key is None else key[1:])
    if key is not None and sheet is not None and len(problems) == had and len(_HEADS) < _HEADS_MOST:
        _HEADS[key] = sheet
    return sheet


def _sheet_made(
    data: dict[str, Any], lines: Lines, problems: list[Problem], rules_key: tuple[Any, ...] | None
) -> Sheet | None:
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        error = SheetFileError("err.sheet.players_type", field="players")
        problems.append(Problem(lines.key("top", "players"), error))
        return None
    raw_rules = data.get("rules", {})
    if not isinstance(raw_rules, dict):
        error = SheetFileError("err.sheet.rules_type", field="rules")
        problems.append(Problem(lines.key("top", "rules"), error))
        rules = Rules()
    else:
        rules = _rules_read(raw_rules, rules_key, lines, problems)
    try:
        # the reading path remembers scorings and the last tally (skatcalc/store/memo.py)
        sheet = replace(Sheet.new(players, rules), memo=KEPT)
    except SheetError as error:
        problems.append(Problem(lines.key("top", "players"), error))
        return None
    changes = _changes(data.get("rules_change", []), rules, lines, problems)
    return replace(sheet, changes=changes) if changes else sheet


_RULES_READ: dict[tuple[Any, ...], Rules] = {}
"""The rules made of the ``[rules]`` tables read so far, by their data (the rules' part of a
:func:`_head_key`). A tournament's tables share their rules, each with players of its own, so
its heads are all different: making the rules was about 60 % of a head's cost. Making
bench/fast.py's 198 table sheets' heads in one process (``_sheet_head`` of each table's data,
both memos emptied, best of 5, side by side): 9.6 ms before, 3.4 ms with the rules kept. At
most :data:`_HEADS_MOST` are kept; tests/sheet/test_heads.py holds rules kept to rules made
anew."""


def _rules_read(
    raw: dict[str, Any], key: tuple[Any, ...] | None, lines: Lines, problems: list[Problem]
) -> Rules:
    """:func:`rules_table` of ``raw``, kept by ``key`` (None: not kept) when it was sound."""
    kept = None if key is None else _RULES_READ.get(key)
    if kept is not None:
        return kept
    had = len(problems)
    rules = rules_table(raw, lines, problems)
    if key is not None and len(problems) == had and len(_RULES_READ) < _HEADS_MOST:
        _RULES_READ[key] = rules
    return rules


def _changes(
    raw: object, rules: Rules, lines: Lines, problems: list[Problem]
) -> tuple[RulesChange, ...]:
    """The ``[[rules_change]]`` tables: each ``from`` a deal (2 or later, each after the one
    before) and the rules that change there, valid with those in force before (each problem
    added, with its line)."""
    if not isinstance(raw, list):
        error = SheetFileError("err.rules_change.type", field="rules_change")
        problems.append(Problem(lines.key("top", "rules_change"), error))
        return ()
    if not raw:  # most sheets: their text is not searched for the tables' heads
        return ()
    heads = [match.start() for match in _CHANGE_HEADER.finditer(lines.text)]
    out: list[RulesChange] = []
    before = rules
    for index, table in enumerate(raw):
        at = heads[index] if len(heads) == len(raw) else -1
        try:
            change = _change(table, out[-1].start if out else 1)
            before = before.changed(dict(change.values))  # valid with the rules before
        except SkatError as error:
            line = lines.in_table(at, error.field) if at >= 0 else 0
            problems.append(Problem(line, error))
            continue
        out.append(change)
    return tuple(out)


def _change(table: object, after: int) -> RulesChange:
    """One ``[[rules_change]]`` table, its ``from`` later than ``after``; raise its first
    problem."""
    if not isinstance(table, dict):
        raise SheetFileError("err.rules_change.type", field=None)
    start = table.get("from")
    if type(start) is not int:
        raise SheetFileError("err.rules_change.start", value=start, field="from")
    if start <= after and start >= 2:
        raise SheetFileError("err.rules_change.order", value=start, before=after, field="from")
    values = {key: value for key, value in table.items() if key != "from"}
    for key, value in values.items():
        _rule_value(key, value)
    chosen = tuple((o.name, _as_read(values[o.name])) for o in RULES if o.name in values)
    return RulesChange(start, chosen)


def _as_read(value: object) -> object:
    return tuple(value) if isinstance(value, list) else value


def _rule_value(key: str, value: object) -> None:
    """A rule's key and the kind of its value, as a sheet file takes them."""
    if key not in RULE_KINDS:
        raise SheetFileError("err.rule.unknown", key=key, rules=listed(list(RULE_KINDS)),
                             field=key)  # fmt: skip
    kind = RULE_KINDS[key]
    if kind is tuple and isinstance(value, list) and all(isinstance(v, str) for v in value):
        return
    if type(value) is not kind:
        kind_word = say(KIND_WORDS[kind])
        raise SheetFileError("err.rule.kind", name=key, kind=kind_word, value=value, field=key)


def rules_table(raw: dict[str, Any], lines: Lines, problems: list[Problem]) -> Rules:
    """The [rules] table: each key a rule, of its type; missing rules take their defaults."""
    values: dict[str, Any] = {}
    for key, value in raw.items():
        try:
            _rule_value(key, value)
        except SheetFileError as error:
            problems.append(Problem(lines.key("rules", key), error))
            continue
        values[key] = _as_read(value)
    try:
        return Rules(**values)
    except SheetError as error:
        line = lines.key("rules", error.field) if error.field else 0
        problems.append(Problem(line, error))
        return Rules()


def deal_of(raw: object) -> Deal:
    if not isinstance(raw, dict):
        raise SheetError("err.deal.table")
    if "passed" in raw:
        if raw["passed"] is not True or len(raw) > 1:
            raise SheetError("err.deal.passed", field="passed")
        return Deal.passed()
    if "ramsch" in raw:
        return Deal.of_ramsch(_ramsch(raw))
    declarer = raw.get("declarer")
    if not isinstance(declarer, str):
        raise SheetError("err.deal.declarer", field="declarer")
    return Deal(declarer, GameSpec.from_mapping(raw, skip="declarer"))


def _ramsch(raw: dict[str, Any]) -> Ramsch:
    """``ramsch = { NAME = points, ... }`` with ``jungfrau``, ``durchmarsch``, ``pushes``,
    ``last_trick``."""
    return Ramsch.from_mapping(raw)


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
    players = ", ".join(toml_value(name) for name in sheet.players)
    head = f"{HEADER}format = {FORMAT_VERSION}\nplayers = [{players}]\n\n[rules]\n"
    if not sheet.changes:
        return head + rules_text(sheet.rules) + "".join("\n" + deal_table(d) for d in sheet.deals)
    before = {change.start - 1: change for change in sheet.changes}  # before deal index
    tables = []
    for index, deal in enumerate(sheet.deals):
        if index in before:
            tables.append(change_table(before.pop(index)))
        tables.append(deal_table(deal))
    tables.extend(change_table(change) for change in before.values())  # from a deal to come
    return head + rules_text(sheet.rules) + "".join("\n" + table for table in tables)


def change_table(change: RulesChange) -> str:
    """One ``[[rules_change]]`` table: the deal it holds from, and each rule it changes.

    >>> print(change_table(RulesChange(23, (("bock", True),))), end="")
    [[rules_change]]
    from = 23  # the rules below hold from deal 23 on; the deals before keep theirs
    bock = true  # Bock rounds: the deals after a trigger count double
    """
    lines = "".join(_rule_line(name, value) for name, value in change.values)
    note = f"the rules below hold from deal {change.start} on; the deals before keep theirs"
    return f"[[rules_change]]\nfrom = {change.start}  # {note}\n{lines}"


_RULE_NOTES = {
    "scoring": "the list that decides: seeger-fabian, standard or bierlachs",
    "won_bonus": "Seeger-Fabian: the declarer's bonus per won game",
    "lost_penalty": "Seeger-Fabian: the declarer's penalty per lost game",
    "opponents_three": "Seeger-Fabian: each other player, per lost game, at three",
    "opponents_four": "Seeger-Fabian: each other player, per lost game, at four",
    "opponents_five": "Seeger-Fabian: each other player, per lost game, at five",
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
    "bierlachs_dealer": "bierlachs at four and five: those sitting out take a won game's minus",
    "lost_hand_single": "old rule: a lost hand game counts single",
    "grand_base": "old rule (before 1950): 20; ISkO: 24",
    "grand_ouvert_base": "old rule (before 1999): 36, 36 x (tops + 6); ISkO: 24",
    "series_length": "deals in a series; 0: 12 per player at the table (36, 48, 60)",
    "series_count": "series the sheet holds, then it takes no deal; 0: no end",
}
"""The note a sheet file writes beside each rule (:data:`~skatcalc.sheet.rules.RULES`, by its
key): part of the file's format, so English whatever the language in use (a file's bytes do not
depend on who wrote it). tests/test_option_sets.py holds it to the table."""


def rules_text(rules: Rules, leave_out: tuple[str, ...] = ()) -> str:
    """The ``[rules]`` table's lines, every rule but those to ``leave_out``, each with its
    note.

    >>> rules_text(Rules(), leave_out=("series_length", "series_count")).endswith("ISkO: 24\\n")
    True
    """
    return "".join(
        _rule_line(option.key, getattr(rules, option.name))
        for option in RULES
        if option.name not in leave_out
    )


def deal_table(deal: Deal, games: dict[GameSpec, str] | None = None) -> str:
    """One ``[[deal]]`` table: the keys of a flat table, one per line. ``games``: the lines
    of the games written before, by game, to take a game's lines from and keep them in: only
    for games whose options are each of their option's kind, as a sheet's reader reads them
    (``True`` is equal to ``1``, and a game with ``with = true`` would take the lines of
    ``with = 1``)."""
    if deal.ramsch is not None:
        ramsch = deal.ramsch
        points = ", ".join(f"{toml_key(name)} = {value}" for name, value in ramsch.points)
        text = f"[[deal]]\nramsch = {{ {points} }}\n"
        if ramsch.jungfrau:
            text += f"jungfrau = {toml_value(ramsch.jungfrau)}\n"
        if ramsch.durchmarsch is not None:
            text += f"durchmarsch = {toml_value(ramsch.durchmarsch)}\n"
        if ramsch.pushes:
            text += f"pushes = {ramsch.pushes}\n"
        if ramsch.last_trick is not None:
            text += f"last_trick = {toml_value(ramsch.last_trick)}\n"
        return text
    if deal.declarer is None or deal.game is None:
        return "[[deal]]\npassed = true\n"
    game = deal.game
    said = None if games is None else games.get(game)
    if said is None:
        said = _game_lines(game)
        if games is not None:
            if len(games) >= 1 << 16:
                games.clear()
            games[game] = said
    return "[[deal]]\n" + _line("declarer", deal.declarer) + said


def _game_lines(game: GameSpec) -> str:
    """The lines of a game's table after its declarer's: the flat table of
    ``game.to_mapping()``, a line at a time, each line kept."""
    lines = [_line("game", game.game)]
    for key, default, value in zip(_OPTION_KEYS, _OPTION_DEFAULTS, game[1:], strict=True):
        if value is not default and value != default:  # most are their default, the same object
            lines.append(_line(key, value))
    return "".join(lines)


_OPTION_KEYS = tuple(option.key for option in GAME_OPTIONS)
_OPTION_DEFAULTS = tuple(option.default for option in GAME_OPTIONS)


_LINES: dict[tuple[str, type, object], str] = {}
"""A deal's lines as written (at most 4,096 kept): an import of 100,000 deals writes about
400,000 lines, nearly all of them seen before (``flat_table`` made each anew: 3.0 µs a deal,
against 1.6 µs)."""


def _line(key: str, value: object) -> str:
    """``key = value`` and its line break, as :func:`flat_table` writes it."""
    found = _LINES.get((key, type(value), value))
    if found is None:
        if len(_LINES) >= 4096:
            _LINES.clear()
        found = _LINES[(key, type(value), value)] = flat_table({key: value})
    return found


def patched(document: Document, old: Sheet, new: Sheet) -> str:
    """The new text: only the deals that changed are rewritten, everything else stays as is.

    The rewritten blocks are read back and compared with the deals they must say; if anything
    differs (or the deals' places in the text are not known), the whole sheet is written anew.
    """
    if document.starts is None or old.players != new.players:
        return render(new)
    if old.changes != new.changes:
        return _change_appended(document.text, old, new) or render(new)
    if old.rules != new.rules:
        if old.deals != new.deals:  # no command changes both at once
            return render(new)
        return rules_patched(document.text, old.rules, new.rules) or render(new)
    return _deals_patched(document.text, old, new) or render(new)


def _deals_patched(text: str, old: Sheet, new: Sheet) -> str | None:
    """The text with the deals that changed rewritten in their place
    (:func:`~skatcalc.store.layout.tables_replaced`); None where the deals are not the text's
    last tables, each a ``[[deal]]`` or a ``[[rules_change]]``, as
    :func:`~skatcalc.store.layout.headers` finds them (another table after them: a splice
    could cut it), a change of the rules lies among the deals rewritten, or the rewritten deals
    do not read back as the deals they must say."""
    from skatcalc.store import layout  # 4 ms to import: a change only

    found = layout.headers(text)
    # the deals and the changes of the rules among them end the text; a change from a deal
    # after the next (left by an undo) is written before its deal, so the text is written anew
    tables = None if found is None else layout.trailing_tables(found, "deal", ("rules_change",))
    if tables is None or len(tables) != len(old.deals) or not waits_in_place(new):
        return None
    shorter = min(len(old.deals), len(new.deals))
    prefix = 0
    while prefix < shorter and _same(old.deals[prefix], new.deals[prefix]):
        prefix += 1
    suffix = 0
    while suffix < shorter - prefix and _same(old.deals[-1 - suffix], new.deals[-1 - suffix]):
        suffix += 1
    changed = new.deals[prefix : len(new.deals) - suffix]
    blocks = "\n".join(deal_table(deal) for deal in changed)
    written = [deal_of(raw) for raw in loads(blocks).get("deal", [])] if blocks else []
    if written != list(changed):
        return None
    edit = layout.tables_replaced(text, tables, prefix, len(old.deals) - suffix, blocks)
    if _CHANGE_HEADER.search(text, edit[0], edit[1]):  # a change of the rules among them
        return None
    return layout.apply(text, [edit])


def waits_in_place(sheet: Sheet) -> bool:
    """Whether every change of the rules starts at a deal played or the next one: then a deal
    added at the end of the text goes after them all, as :func:`render` places it (a change
    from a later deal, left by an undo, is written before the deal it starts from).

    >>> from skatcalc.sheet.rules import RulesChange
    >>> waits_in_place(Sheet(("A", "B", "C"), changes=(RulesChange(2, (("bock", True),)),)))
    False
    """
    return all(change.start <= len(sheet.deals) + 1 for change in sheet.changes)


def _change_appended(text: str, old: Sheet, new: Sheet) -> str | None:
    """The text with one change of the rules from the next deal put at its end (``sheet rules``
    after the last deal), everything else as it was; None for any other change."""
    if (old.rules, old.deals) != (new.rules, new.deals) or new.changes[:-1] != old.changes:
        return None
    if new.changes[-1].start != len(new.deals) + 1 or not text.endswith("\n"):
        return None
    return text.rstrip("\n") + "\n\n" + change_table(new.changes[-1])


_DEAL_KEY = later(r"""^[ \t]*["']?deal["']?[ \t]*[.=]""", re.MULTILINE)


def appendable(text: str, deals: int) -> bool:
    """Whether deals added to the sound sheet ``text`` (of ``deals`` deals) are written by
    putting their tables after its end, as :func:`patched` writes them: every deal is a
    ``[[deal]]`` table at its header, nothing else follows the first, nothing before it
    defines ``deal``, and the text ends in one line break (which :func:`patched` keeps).

    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal.passed())
    >>> appendable(render(sheet), 1), appendable(render(sheet) + "\\n", 1)
    (True, False)
    >>> appendable(render(sheet).replace("[rules]", "[[deal]]\\npassed = true\\n[rules]"), 2)
    False
    """
    if not deals:
        return False
    starts = [match.start() for match in _DEAL_HEADER.finditer(text)]
    return len(starts) == deals and _appendable_at(text, starts)


def _appendable_at(text: str, starts: list[int]) -> bool:
    """:func:`appendable`, of a text whose deals' tables start at ``starts`` (at least one)."""
    if not starts or not text.endswith("\n") or text.endswith("\n\n"):
        return False
    if "\r" in text:  # CRLF line ends (Notepad, autocrlf): a change writes the file anew in them
        return False
    if _NOT_DEALS.search(text, starts[0]):  # a deal or a change of the rules may follow
        return False
    return _DEAL_KEY.search(text, 0, starts[0]) is None


STREAM_EVERY = 1000
"""Deals read at a time by :func:`streamed` (and carried on from the tally's end before them)."""


def streamed(text: str) -> tuple[Sheet, Tally] | None:
    """The sheet in ``text`` (its players and rules, no deals) and the end of its whole tally,
    read :data:`STREAM_EVERY` deals at a time: every deal parsed, checked at its place and
    scored as :func:`parse` and :meth:`Sheet.tally` do, but never all held at once (a
    100,000-deal sheet in tens of MB, where the whole sheet and its tally take 400).

    None when the text is not one read so: not :func:`appendable` (a deal added is written
    at its end), any problem in it, a deal past its series: :func:`parse` then reads it whole
    and says what is wrong (tests/sheet/test_stream.py holds both paths to the same answers).

    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal("Ben", GameSpec("grand", with_=1, points=70)))
    >>> head, end = streamed(render(sheet))
    >>> head.deals, end.deals, end.players == sheet.tally().players
    ((), (), True)
    >>> streamed(render(sheet).replace("points = 70", "points = 700")) is None
    True
    """
    starts = [match.start() for match in _DEAL_HEADER.finditer(text)]
    if not _appendable_at(text, starts) or _CHANGE_HEADER.search(text, starts[0]):
        return None  # a change of the rules among the deals: the whole read scores by it
    try:
        data = loads(text[: starts[0]])
    except (ValueError, RecursionError):
        return None
    head = _document("", data, None)
    if head.sheet is None or "deal" in data or "rules_change" in data:
        return None
    return _streamed_deals(head.sheet, text, starts)


def tail_deals(text: str, count: int) -> list[Deal] | None:
    """The last ``count`` deals of the sound sheet ``text`` (a text :func:`appendable` takes
    deals at the end of), their tables found by looking back from its end for ``[[deal]]``
    headers: only they are parsed. None when they do not read so (the caller then reads the
    whole sheet).

    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).extend([Deal.passed(), Deal.passed()])
    >>> tail_deals(render(sheet), 1), tail_deals(render(sheet), 3)
    ([Deal(declarer=None, game=None, ramsch=None)], None)
    """
    if count <= 0:
        return []
    at, found = len(text), 0
    while found < count:
        at = text.rfind("[[deal]]", 0, at)
        if at < 0:
            return None
        if (at == 0 or text[at - 1] == "\n") and _DEAL_HEADER.match(text, at):
            found += 1
    try:
        data = loads(text[at:])
        raw = data.get("deal")
        if set(data) != {"deal"} or not isinstance(raw, list) or len(raw) != count:
            return None
        return [deal_of(table) for table in raw]
    except (SkatError, ValueError, RecursionError):
        return None


def _streamed_deals(sheet: Sheet, text: str, starts: list[int]) -> tuple[Sheet, Tally] | None:
    """The sheet and the end of its tally, its deals (at ``starts`` in ``text``) read a
    thousand at a time; None at the first that does not read or check."""
    going = sheet.going_on(sheet.tally(), keep=False)
    for at in range(0, len(starts), STREAM_EVERY):
        ends = starts[at + STREAM_EVERY] if at + STREAM_EVERY < len(starts) else len(text)
        try:
            data = loads(text[starts[at] : ends])
            raw = data.get("deal")
            if set(data) != {"deal"} or not isinstance(raw, list):
                return None
            if len(raw) != min(STREAM_EVERY, len(starts) - at):
                return None
            for table in raw:
                going.add(deal_of(table))
        except (SkatError, ValueError, RecursionError):
            return None
        going = sheet.going_on(going.end(), keep=False)
    return sheet, going.end()


_RULES_HEADER = later(r"^[ \t]*\[[ \t]*rules[ \t]*\][ \t]*(#.*)?$", re.MULTILINE)
_TABLE_HEADER = later(r"^[ \t]*\[", re.MULTILINE)


def rules_patched(text: str, old: Rules, new: Rules) -> str | None:
    """The text with each rule that changed from ``old`` to ``new`` rewritten in place: its
    value replaced on its line (what follows it, a comment, kept), a rule the file leaves out
    added at the end of its ``[rules]`` table (a file without one gets one before its first
    table); every other line, comments included, as it was. None when the table is not one
    this can change safely (two of them, a value over several lines, a dotted key): then
    the caller writes the sheet anew.

    >>> text = "format = 1\\n[rules]\\n# ours\\nkontra = false  # no Kontra at our table\\n"
    >>> print(rules_patched(text, Rules(), Rules(kontra=False)), end="")
    format = 1
    [rules]
    # ours
    kontra = false  # no Kontra at our table
    >>> print(rules_patched(text, Rules(kontra=False), Rules(kontra=True, bock=True)), end="")
    format = 1
    [rules]
    # ours
    kontra = true  # no Kontra at our table
    bock = true  # Bock rounds: the deals after a trigger count double
    """
    from skatcalc.store import layout  # 4 ms to import: a change only

    names = [o.name for o in RULES if getattr(old, o.name) != getattr(new, o.name)]
    if not names:
        return text
    headers = list(_RULES_HEADER.finditer(text))
    if len(headers) > 1:
        return None
    if not headers:
        first = _TABLE_HEADER.search(text)
        at = layout.comments_above(text, first.start()) if first else len(text)
        head = text[:at].rstrip("\n") + "\n\n[rules]\n"
        lines = "".join(_rule_line(name, getattr(new, name)) for name in names)
        return head + lines + ("\n" + text[at:] if at < len(text) else "")
    begin = headers[0].end() + 1
    after = _TABLE_HEADER.search(text, begin)
    end = layout.comments_above(text, after.start()) if after else len(text)
    table = text[begin:end]
    edits = _rules_edits(table, new, names)
    return None if edits is None else text[:begin] + layout.apply(table, edits) + text[end:]


def _rules_edits(table: str, new: Rules, names: list[str]) -> list[Edit] | None:
    """The edits of the ``[rules]`` table's text ``table`` (its lines after the header) that
    set the rules ``names`` to their values in ``new``: a value replaced where it stands, a
    rule the table leaves out added after its last line; None where a value stands over
    several lines or its line ends as on Windows, or the table holds what
    :func:`~skatcalc.store.layout.layout` does not follow (a dotted key)."""
    from skatcalc.store import layout

    found = layout.layout(table)
    if found is None:
        return None
    edits: list[Edit] = []
    added = ""
    for name in names:
        entry = found.entry((), name)
        if entry is None:
            added += _rule_line(name, getattr(new, name))
            continue
        start, end = entry.value
        if "\n" in table[start:end] or table.startswith("\r", entry.end):
            return None  # a value over several lines, a Windows line end: written anew
        edits.append((start, end, toml_value(getattr(new, name))))
    if added:
        at = len(table.rstrip("\n"))  # after the table's last line, before its blank lines
        edits.append((at, at + table.startswith("\n", at), ("\n" if at else "") + added))
    return edits


def _rule_line(name: str, value: object) -> str:
    return f"{name} = {toml_value(value)}  # {_RULE_NOTES[name]}\n"


def _same(a: Deal, b: Deal) -> bool:
    return a is b or a == b


SHEET: Codec[Sheet] = Codec(
    parse, render, edit, missing="err.file.no_sheet", not_regular="err.file.kind",
    too_big="err.file.big", not_utf8="err.file.utf8", read_only="err.file.read_only",
)  # fmt: skip
"""A sheet, as :mod:`skatcalc.store.files` reads, creates and changes it."""
