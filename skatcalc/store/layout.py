"""Where each thing stands in a TOML text: every key's line and value, every table's header,
every comment; and edits made of those places, so a change rewrites one value where it stands
and leaves every other byte as it was, the comments a person wrote included. Pure.

:func:`layout` follows the TOML that skatcalc writes and that a person writes by hand: tables
and arrays of tables, bare and quoted keys, strings of every kind, arrays over several lines
with comments between their items, inline tables. What it cannot follow (a dotted key, a text
that is not TOML) gives None, and the caller writes the file anew; a caller always reads the
edited text back before writing it.

>>> text = 'players = [\\n  "Anna",  # the captain\\n  "Ben",\\n]\\n'
>>> found = layout(text)
>>> entry = found.entry((), "players")
>>> [text[a:b] for a, b in entry.items]
['"Anna"', '"Ben"']
>>> print(apply(text, appended(text, entry, ['"Carl"'])), end="")
players = [
  "Anna",  # the captain
  "Ben",
  "Carl",
]
"""

from __future__ import annotations

import re

from skatcalc.frozen import record

__all__ = [
    "Edit",
    "Entry",
    "Header",
    "Layout",
    "Where",
    "appended",
    "apply",
    "comments_above",
    "headers",
    "layout",
    "removed",
    "removed_items",
    "replaced",
    "tables_replaced",
    "trailing_tables",
]

Where = tuple[tuple[str, int], ...]
"""A table's place: its key path, each part with its index among the tables of that path
under the same parent (an array of tables counts 0, 1, ...; a plain table is 0). The top of
the file is ``()``; the second ``[[series]]`` is ``(("series", 1),)``, its first
``[[series.table]]`` is ``(("series", 1), ("table", 0))``."""

Edit = tuple[int, int, str]
"""Replace the text from ``start`` to ``end`` by the string."""


@record
class Entry:
    """A ``key = value`` line (or lines): where its line starts, where the value is, where the
    line ends (after its comment, before the line break), and an array's items."""

    where: Where
    key: str
    start: int
    value: tuple[int, int]
    end: int
    items: tuple[tuple[int, int], ...] | None = None


@record
class Header:
    """A table's header line: where it starts and where its line ends."""

    where: Where
    start: int
    end: int


@record
class Layout:
    """Every entry, header and comment of a text, in the order they stand."""

    text: str
    entries: tuple[Entry, ...]
    headers: tuple[Header, ...]
    comments: tuple[tuple[int, int], ...]

    def entry(self, where: Where, key: str) -> Entry | None:
        """The entry ``key`` of the table at ``where``, if the text has it."""
        for entry in self.entries:
            if entry.where == where and entry.key == key:
                return entry
        return None

    def in_table(self, where: Where) -> tuple[Entry, ...]:
        """The entries of the table at ``where``, in order."""
        return tuple(e for e in self.entries if e.where == where)

    def header(self, where: Where) -> Header | None:
        """The header of the table at ``where``."""
        for header in self.headers:
            if header.where == where:
                return header
        return None

    def comments_in(self, start: int, end: int) -> list[str]:
        """The comments between ``start`` and ``end``, each as written (``# ...``)."""
        return [self.text[a:b] for a, b in self.comments if start <= a and b <= end]


class _Unfollowed(Exception):
    """The text holds something the layout does not follow."""


_BARE = re.compile(r"[A-Za-z0-9_-]+")
_SCALAR = re.compile(r"[^ \t\r\n#,\]}]+")
_DATE = re.compile(r"\d{4}-\d\d-\d\d")
_TIME = re.compile(r" \d\d:\d\d")
_PLAIN_ENTRY = re.compile(
    r'([A-Za-z0-9_-]+)[ \t]*=[ \t]*("[^"\\\n\r]*"|[A-Za-z0-9_+.:-]+)[ \t]*(#[^\r\n]*)?(?=\n|\Z)'
)
"""A line as skatcalc writes nearly every one (``game = "clubs"  # note``): a bare key, a
string without escapes or a number or boolean, and the end of its line (no ``\\r``). Read at
once, it is read as the key, value and comment the steps below would find (tests/sheet/
test_layout.py compares the two): laying out a 10,000-deal sheet takes 0.09 s, not 0.74 s."""
_PLAIN_HEADER = re.compile(r"(\[\[?)[ \t]*([A-Za-z0-9_-]+)[ \t]*(\]\]?)[ \t]*(#[^\r\n]*)?(?=\n|\Z)")
"""A header of one bare name (``[[deal]]``, ``[rules]``) and the end of its line."""


_V = r'(?:"[^"\\\r\n]*"|[A-Za-z0-9_+.:-]+)'
_K = r"[A-Za-z0-9_-]+"
_B = r"[ \t]*"
_ONE_LINE = (
    rf"{_B}(?:{_K}{_B}={_B}(?:{_V}|\[{_B}(?:{_V}{_B},{_B})*(?:{_V}{_B})?\]"
    rf"|\{{{_B}(?:{_K}{_B}={_B}{_V}{_B},{_B})*(?:{_K}{_B}={_B}{_V}{_B})?\}})"
    rf"|\[\[{_B}{_K}{_B}\]\]|\[{_B}{_K}{_B}\])?{_B}(?:#[^\r\n]*)?"
)
_ONE_LINE_TEXT = re.compile(rf"(?:(?>{_ONE_LINE})\n)*+(?>{_ONE_LINE})")  # atomic: no backtracking
"""A text each of whose lines stands alone: blank, a comment, a header of one bare name, or a
bare key and a value on one line (a string without escapes, a number or boolean, an array or
inline table of them), no ``\r``. In such a text every line that starts with ``[`` is a header,
found at once (:func:`headers`)."""
_HEADER_LINE = re.compile(rf"^{_B}(\[\[?){_B}({_K}){_B}\]\]?{_B}(?:#[^\n]*)?$", re.MULTILINE)


def headers(text: str) -> tuple[Header, ...] | None:
    """The headers of ``text`` as :func:`layout` finds them, None where it does not follow the
    text; found by one look at each line where every line stands alone (a sheet as skatcalc
    writes it and most hand edits: a 10,000-deal sheet's in 0.02 s, not its whole layout's
    0.15 s; tests/sheet/test_layout.py compares the two).

    >>> [(h.where, h.start) for h in headers("a = [1, 2]\\n[[t]]\\n[[t]]  # two\\n")]
    [((('t', 0),), 11), ((('t', 1),), 17)]
    """
    if _ONE_LINE_TEXT.fullmatch(text) is None:
        found = layout(text)
        return None if found is None else found.headers
    counts: dict[str, int] = {}
    out = []
    for line in _HEADER_LINE.finditer(text):
        name = line.group(2)
        index = counts.get(name, 0)
        counts[name] = index + 1
        where = ((name, index if len(line.group(1)) == 2 else 0),)
        out.append(Header(where, line.start(), line.end()))
    return tuple(out)


def layout(text: str) -> Layout | None:
    """The layout of ``text``; None where it holds what this does not follow.

    >>> found = layout('a = 1  # one\\n[[t]]\\nb = "x"\\n[[t]]\\nb = "y"\\n')
    >>> [(e.where, e.key) for e in found.entries]
    [((), 'a'), ((('t', 0),), 'b'), ((('t', 1),), 'b')]
    >>> found.comments_in(0, len(found.text))
    ['# one']
    >>> layout("a.b = 1\\n") is None
    True
    """
    try:
        return _Reader(text).read()
    except _Unfollowed:
        return None


class _Reader:
    def __init__(self, text: str) -> None:
        self.text = text
        self.at = 0
        self.entries: list[Entry] = []
        self.headers: list[Header] = []
        self.comments: list[tuple[int, int]] = []
        self.where: Where = ()
        self.counts: dict[Where, int] = {}
        """How many tables each path (with its parents' indexes) has had."""

    def read(self) -> Layout:
        text = self.text
        while True:
            self._skip(newlines=True)
            if self.at >= len(text):
                break
            start = self._line_start(self.at)
            if text[self.at] == "[":
                if not self._plain_header(start):
                    self._header(start)
            elif not self._plain_entry(start):
                self._entry(start)
        return Layout(text, tuple(self.entries), tuple(self.headers), tuple(self.comments))

    def _plain_entry(self, start: int) -> bool:
        """Past an entry written as :data:`_PLAIN_ENTRY`; False (and nothing read) if not."""
        found = _PLAIN_ENTRY.match(self.text, self.at)
        if found is None:
            return False
        if found.start(3) >= 0:
            self.comments.append(found.span(3))
        self.at = found.end()
        value = found.span(2)
        self.entries.append(Entry(self.where, found.group(1), start, value, self.at))
        return True

    def _plain_header(self, start: int) -> bool:
        """Past a header written as :data:`_PLAIN_HEADER`; False (and nothing read) if not."""
        found = _PLAIN_HEADER.match(self.text, self.at)
        if found is None or len(found.group(1)) != len(found.group(3)):
            return False
        if found.start(4) >= 0:
            self.comments.append(found.span(4))
        self.at = found.end()
        name = found.group(2)
        index = self.counts.get(((name, -1),), 0)
        self.counts[((name, -1),)] = index + 1
        self.where = ((name, index if len(found.group(1)) == 2 else 0),)
        self.headers.append(Header(self.where, start, self.at))
        return True

    def _line_start(self, at: int) -> int:
        return self.text.rfind("\n", 0, at) + 1

    def _skip(self, *, newlines: bool) -> None:
        """Past blanks (and line breaks, with ``newlines``) and comments."""
        text = self.text
        while self.at < len(text):
            c = text[self.at]
            if c in " \t" or (newlines and c in "\r\n"):
                self.at += 1
            elif c == "#":
                end = text.find("\n", self.at)
                end = len(text) if end < 0 else end
                stop = end - 1 if end > self.at and text[end - 1] == "\r" else end
                self.comments.append((self.at, stop))
                self.at = end
            else:
                break

    def _line_end(self) -> int:
        """Past a comment to the end of the line; anything else there is not followed."""
        self._skip(newlines=False)
        text = self.text
        end = self.at
        if end < len(text) and text[end] == "\r":
            end += 1
        if end < len(text) and text[end] != "\n":
            raise _Unfollowed
        line_end = self.at
        self.at = end
        return line_end

    def _key(self) -> str:
        """One key; a dotted key is not followed."""
        key = self._key_part()
        self._skip(newlines=False)
        if self.text.startswith(".", self.at):
            raise _Unfollowed
        return key

    def _key_part(self) -> str:
        text = self.text
        if text.startswith('"', self.at):
            start = self.at
            return _unquote(text[start : self._basic(start)])
        if text.startswith("'", self.at):
            end = text.find("'", self.at + 1)
            if end < 0:
                raise _Unfollowed
            key = text[self.at + 1 : end]
            self.at = end + 1
            return key
        found = _BARE.match(text, self.at)
        if found is None:
            raise _Unfollowed
        self.at = found.end()
        return found.group()

    def _basic(self, at: int) -> int:
        """Past a basic string starting at ``at`` (``self.at`` moves too)."""
        text = self.text
        i = at + 1
        while i < len(text):
            c = text[i]
            if c == "\\":
                i += 2
                continue
            if c == '"':
                self.at = i + 1
                return self.at
            if c == "\n":
                break
            i += 1
        raise _Unfollowed

    def _header(self, start: int) -> None:
        text = self.text
        array = text.startswith("[[", self.at)
        self.at += 2 if array else 1
        path: list[str] = []
        while True:
            self._skip(newlines=False)
            path.append(self._key_part())
            self._skip(newlines=False)
            if text.startswith(".", self.at):
                self.at += 1
                continue
            break
        close = "]]" if array else "]"
        if not text.startswith(close, self.at):
            raise _Unfollowed
        self.at += len(close)
        line_end = self._line_end()
        where: Where = ()
        for depth, name in enumerate(path):
            parent = where
            last = depth == len(path) - 1
            if not last:
                # a parent's index: the last table of that name under its own parent
                index = self.counts.get((*parent, (name, -1)), 1) - 1
                where = (*parent, (name, max(index, 0)))
                continue
            key = (*parent, (name, -1))
            index = self.counts.get(key, 0)
            self.counts[key] = index + 1
            where = (*parent, (name, index if array else 0))
        self.where = where
        self.headers.append(Header(where, start, line_end))

    def _entry(self, start: int) -> None:
        key = self._key()
        if not self.text.startswith("=", self.at):
            raise _Unfollowed
        self.at += 1
        self._skip(newlines=False)
        begin = self.at
        items = self._value()
        value = (begin, self.at)
        end = self._line_end()
        self.entries.append(Entry(self.where, key, start, value, end, items))

    def _value(self) -> tuple[tuple[int, int], ...] | None:
        """Past one value; an array's items' places."""
        text = self.text
        at = self.at
        if text.startswith(('"""', "'''"), at):
            self._multi_line(at)
        elif text.startswith('"', at):
            self._basic(at)
        elif text.startswith("'", at):
            self._literal(at)
        elif text.startswith("[", at):
            return self._array()
        elif text.startswith("{", at):
            self._inline()
        else:
            self._scalar(at)
        return None

    def _multi_line(self, at: int) -> None:
        """Past a multi-line string starting at ``at``."""
        text = self.text
        quote = text[at : at + 3]
        i = at + 3
        while True:
            found = text.find(quote, i)
            if found < 0:
                raise _Unfollowed
            if quote == '"""' and _escaped(text, found):
                i = found + 1
                continue
            end = found + 3
            while text.startswith(quote[0], end):  # up to two quotes end the string
                end += 1
            self.at = end
            return

    def _literal(self, at: int) -> None:
        """Past a literal string (``'...'``, on one line) starting at ``at``."""
        end = self.text.find("'", at + 1)
        if end < 0 or "\n" in self.text[at:end]:
            raise _Unfollowed
        self.at = end + 1

    def _scalar(self, at: int) -> None:
        """Past a number, a boolean, a date or a time starting at ``at``."""
        text = self.text
        scalar = _SCALAR.match(text, at)
        if scalar is None:
            raise _Unfollowed
        self.at = scalar.end()
        # a date and time written with a space: 1979-05-27 07:32:00
        if _DATE.fullmatch(scalar.group()) and _TIME.match(text, self.at):
            tail = _SCALAR.match(text, self.at + 1)
            assert tail is not None
            self.at = tail.end()

    def _array(self) -> tuple[tuple[int, int], ...]:
        self.at += 1
        items: list[tuple[int, int]] = []
        while True:
            self._skip(newlines=True)
            if self.text.startswith("]", self.at):
                self.at += 1
                return tuple(items)
            begin = self.at
            self._value()
            items.append((begin, self.at))
            self._skip(newlines=True)
            if self.text.startswith(",", self.at):
                self.at += 1
            elif not self.text.startswith("]", self.at):
                raise _Unfollowed

    def _inline(self) -> None:
        self.at += 1
        while True:
            self._skip(newlines=False)
            if self.text.startswith("}", self.at):
                self.at += 1
                return
            self._key()
            if not self.text.startswith("=", self.at):
                raise _Unfollowed
            self.at += 1
            self._skip(newlines=False)
            self._value()
            self._skip(newlines=False)
            if self.text.startswith(",", self.at):
                self.at += 1


def _escaped(text: str, at: int) -> bool:
    """Whether the character at ``at`` follows an odd number of backslashes."""
    slashes = 0
    while at - slashes - 1 >= 0 and text[at - slashes - 1] == "\\":
        slashes += 1
    return slashes % 2 == 1


def _unquote(quoted: str) -> str:
    """A quoted key as the key it names (its escapes read as TOML reads them)."""
    import tomllib

    try:
        value = tomllib.loads(f"k = {quoted}")["k"]
    except ValueError:
        raise _Unfollowed from None
    if not isinstance(value, str):
        raise _Unfollowed
    return value


# --- edits ------------------------------------------------------------------------------------


def comments_above(text: str, line: int) -> int:
    """Where the comment lines just above the line that starts at ``line`` begin: they belong
    to it (a deal's, a series' header), and go or move with it.

    >>> text = "a = 1\\n# the second deal\\n# (hand-edited)\\n[[deal]]\\n"
    >>> text[comments_above(text, text.index("[[deal]]")):].split("\\n")
    ['# the second deal', '# (hand-edited)', '[[deal]]', '']
    """
    at = line
    while at > 0:
        start = text.rfind("\n", 0, at - 1) + 1
        if not text[start : at - 1].lstrip().startswith("#"):
            break
        at = start
    return at


def apply(text: str, edits: list[Edit]) -> str:
    """``text`` with ``edits`` made (none may overlap another).

    >>> apply("a = 1\\nb = 2\\n", [(4, 5, "7"), (10, 11, "8")])
    'a = 7\\nb = 8\\n'
    """
    out = []
    at = 0
    for start, end, new in sorted(edits, key=lambda e: (e[0], e[1])):
        if start < at:
            raise ValueError("edits overlap")
        out += [text[at:start], new]
        at = end
    out.append(text[at:])
    return "".join(out)


def trailing_tables(
    found: tuple[Header, ...], name: str, among: tuple[str, ...] = ()
) -> tuple[Header, ...] | None:
    """The headers of the array of tables ``name`` at the top, in order, when its tables are the
    text's last (after the first of them no other table's header, but those of the arrays of
    tables ``among``); None where another follows.

    >>> [h.where for h in trailing_tables(headers("a = 1\\n[[t]]\\n[[t]]\\n"), "t")]
    [(('t', 0),), (('t', 1),)]
    >>> trailing_tables(headers("[[t]]\\n[u]\\n[[t]]\\n"), "t") is None
    True
    >>> len(trailing_tables(headers("[[t]]\\n[[u]]\\n[[t]]\\n"), "t", ("u",)))
    2
    """
    tables = tuple(h for h in found if h.where[0][0] == name and len(h.where) == 1)
    if not tables:
        return tables
    allowed = {name, *among}
    first = next(i for i, h in enumerate(found) if h is tables[0])
    if any(h.where[0][0] not in allowed or len(h.where) != 1 for h in found[first:]):
        return None
    return tables


def tables_replaced(text: str, tables: tuple[Header, ...], first: int, stop: int, new: str) -> Edit:
    """The tables ``first`` up to ``stop`` of ``tables`` (an array of tables that ends the
    text: :func:`trailing_tables`) replaced by ``new`` (tables as written anew, each ending in
    its line break, a blank line between them): the comment lines just above the table after
    them stay with it, those above the first where they stand; one blank line before the new
    tables and one after them (a sheet's deals changed, taken back, added).

    >>> text = "a = 1\\n\\n[[t]]\\nb = 1\\n\\n# two\\n[[t]]\\nb = 2\\n"
    >>> tables = trailing_tables(headers(text), "t")
    >>> print(apply(text, [tables_replaced(text, tables, 0, 1, "[[t]]\\nb = 9\\n")]), end="")
    a = 1
    <BLANKLINE>
    [[t]]
    b = 9
    <BLANKLINE>
    # two
    [[t]]
    b = 2
    >>> apply(text, [tables_replaced(text, tables, 1, 2, "")])  # the comment above stays
    'a = 1\\n\\n[[t]]\\nb = 1\\n\\n# two\\n'
    """
    begin = tables[first].start if first < len(tables) else len(text)
    end = comments_above(text, tables[stop].start) if stop < len(tables) else len(text)
    while begin and text[begin - 1] == "\n":  # the blank lines before go: one is written
        begin -= 1
    return (begin, end, "\n" + ("\n" + new if new else "") + ("\n" if end < len(text) else ""))


def replaced(found: Layout, entry: Entry, value: str) -> list[Edit]:
    """The value of ``entry`` replaced by ``value``; a comment inside the old value (an array
    over several lines) is kept, on a line of its own above the entry."""
    start, end = entry.value
    kept = found.comments_in(start, end)
    edits: list[Edit] = [(start, end, value)]
    if kept:
        indent = _indent(found.text, entry.start)
        edits.append((entry.start, entry.start, "".join(f"{indent}{c}\n" for c in kept)))
    return edits


def removed(found: Layout, entry: Entry, drop: tuple[str, ...] = ()) -> list[Edit]:
    """The entry's lines taken out; its comments stay, each on a line of its own (but those in
    ``drop``: a note the writer put there, about the value that goes).

    >>> text = 'a = 1\\nb = 2  # two\\nc = 3\\n'
    >>> found = layout(text)
    >>> apply(text, removed(found, found.entry((), "b")))
    'a = 1\\n# two\\nc = 3\\n'
    """
    text = found.text
    end = entry.end
    if text.startswith("\r\n", end):
        end += 2
    elif text.startswith("\n", end):
        end += 1
    indent = _indent(text, entry.start)
    kept = "".join(
        f"{indent}{c}\n" for c in found.comments_in(entry.start, entry.end) if c not in drop
    )
    return [(entry.start, end, kept)]


def appended(text: str, entry: Entry, values: list[str]) -> list[Edit]:
    """Items added at the end of the array ``entry``, in its layout: on lines of their own
    where the array stands over several lines, else on its line.

    >>> text = 'a = ["x", "y"]\\n'
    >>> apply(text, appended(text, layout(text).entry((), "a"), ['"z"']))
    'a = ["x", "y", "z"]\\n'
    """
    if entry.items is None:
        raise ValueError("not an array")
    start, end = entry.value
    close = end - 1
    if not values:
        return []
    if not entry.items:
        if text[start + 1 : close].strip():
            return []  # comments only: the caller replaces the value
        return [(start, end, "[" + ", ".join(values) + "]")]
    last_start, last_end = entry.items[-1]
    comma = _comma_after(text, last_end, close)
    line_of_close = text.rfind("\n", start, close) + 1
    own_line = line_of_close > start and not text[line_of_close:close].strip()
    if not own_line:
        if comma is not None:
            return [(comma + 1, comma + 1, " " + ", ".join(values) + ",")]
        return [(last_end, last_end, ", " + ", ".join(values))]
    indent = _indent(text, last_start)
    lines = "".join(f"{indent}{v},\n" for v in values)
    edits: list[Edit] = [(line_of_close, line_of_close, lines)]
    if comma is None:
        edits.append((last_end, last_end, ","))
    return edits


def removed_items(text: str, entry: Entry, gone: list[int]) -> list[Edit]:
    """The items at the indexes ``gone`` taken out of the array ``entry``; a comment beside an
    item stays where it stands (a line left empty goes).

    >>> text = 'a = [\\n  "x",  # first\\n  "y",\\n  "z"\\n]\\n'
    >>> print(apply(text, removed_items(text, layout(text).entry((), "a"), [0, 2])), end="")
    a = [
      # first
      "y"
    ]
    """
    if entry.items is None:
        raise ValueError("not an array")
    cuts = [cut for i in sorted(gone) for cut in _item_cuts(text, entry.items, i, gone, entry)]
    merged: list[tuple[int, int]] = []
    for start, end in sorted(cuts):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return [_cut(text, a, b) for a, b in merged]


def _item_cuts(
    text: str, items: tuple[tuple[int, int], ...], i: int, gone: list[int], entry: Entry
) -> list[tuple[int, int]]:
    """What goes with item ``i``: the item and the comma after it (and the blanks before the
    next item); the last item left takes the comma before it instead."""
    close = entry.value[1] - 1
    start, end = items[i]
    after = _comma_after(text, end, items[i + 1][0] if i + 1 < len(items) else close)
    if after is not None and i + 1 < len(items):
        stop = after + 1
        while stop < len(text) and text[stop] in " \t":
            stop += 1
        return [(start, stop)]
    if after is not None:
        return [(start, after + 1)]
    keep = [j for j in range(i) if j not in gone]
    if not keep:
        return [(start, end)]
    before = _comma_after(text, items[keep[-1]][1], start)  # the comma after the one before
    if before is None:
        return [(start, end)]
    between = text[before + 1 : start]
    if between.strip() == "" and "\n" not in between:
        return [(before, end)]
    return [(before, before + 1), (start, end)]


def _cut(text: str, a: int, b: int) -> Edit:
    """The text from ``a`` to ``b`` taken out; a line left with nothing on it goes whole."""
    line_start = text.rfind("\n", 0, a) + 1
    line_end = text.find("\n", b)
    if line_end >= 0 and not text[line_start:a].strip() and not text[b:line_end].strip():
        return (line_start, line_end + 1, "")
    return (a, b, "")


def _comma_after(text: str, at: int, stop: int) -> int | None:
    """The comma between ``at`` and ``stop`` outside comments, if any."""
    i = at
    while i < stop:
        c = text[i]
        if c == ",":
            return i
        if c == "#":
            end = text.find("\n", i)
            i = stop if end < 0 else end
            continue
        i += 1
    return None


def _indent(text: str, at: int) -> str:
    """The blanks that start the line of ``at``."""
    line = text.rfind("\n", 0, at) + 1
    found = re.match(r"[ \t]*", text[line:])
    return found.group() if found else ""
