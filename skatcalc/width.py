"""Text fitted to a terminal's width: the columns a text takes, and lines broken between words.

Light on purpose (no sheet, no rich): an error line is wrapped with it on every command's way
out, ``value`` included, whose start-up imports are counted (tests/cli/test_startup.py).
A break falls only on a plain space: a name, a number, and what a non-breaking space (U+00A0)
binds (``×\u00a02``, a name and its total) stay on one line.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

__all__ = [
    "NBSP", "cells", "fit", "flag_pair", "paragraphs", "short_names", "term_lines", "usage", "wrap",
]  # fmt: skip

NBSP = "\u00a0"
"""The non-breaking space: what it joins is never broken across lines."""


def cells(text: str) -> int:
    """The terminal columns ``text`` takes: wide (East Asian) characters two, combining marks none.

    >>> cells("Anna"), cells("Zoë"), cells("李娜")
    (4, 3, 4)
    """
    if text.isascii():
        return len(text)
    import unicodedata

    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
        for c in text
    )


def wrap(line: str, width: int, indent: str = "  ", commands: bool = True) -> list[str]:
    """``line`` broken between words into lines of at most ``width`` columns, each line after
    the first indented by the line's own indentation and ``indent``; a word is never cut, so a
    word wider than the line stands alone on it. A number stays with the word before it
    (:func:`_units`): ``mit 1``, ``Spiel 4``, ``won +45`` are never parted.

    >>> wrap("error: the declarer is missing: name the player", 20)
    ['error: the declarer', '  is missing: name', '  the player']
    >>> wrap("    bid 18: covered (the value covers every bid up to 20)", 30)
    ['    bid 18: covered (the value', '      covers every bid up', '      to 20)']
    >>> wrap("Deal 4, Anna: Clubs · with 1, game 2 × 12 = 24; won +48", 20)
    ['Deal 4, Anna:', '  Clubs · with 1,', '  game 2 × 12 = 24;', '  won +48']
    >>> wrap("Hans-Joachim\u00a0+48, Maximilian\u00a00", 20)
    ['Hans-Joachim\u00a0+48,', '  Maximilian\u00a00']

    A formula (``N × M = V``, ``A > B``) is one unit, and so is an abbreviation (``z. B.``,
    ``d. h.``); a separator ``·`` ends a line, never starts one (:func:`_bind`).

    A command to copy (``skatcalc sheet ...``) is never broken (unless ``commands`` is false: a
    usage line's synopsis, which is no command to copy): where it fits whole on the line, it
    stays there; else it goes on a line of its own, and what follows on the next.

    >>> print("\\n".join(wrap("error: no sheet at a b.toml: start one with skatcalc sheet new "
    ...                       "'a b.toml' NAME NAME NAME", 40)))
    error: no sheet at a b.toml: start one
      with
      skatcalc sheet new 'a b.toml' NAME NAME NAME
    >>> print("\\n".join(wrap("error: unknown word 'xx': a deal line holds a game (kr pi he ka "
    ...                       "gr nu); every word is in skatcalc docs notation", 60)))
    error: unknown word 'xx': a deal line holds a game (kr pi he
      ka gr nu); every word is in skatcalc docs notation
    """
    if cells(line) <= width:
        return [line]
    body = line.lstrip(" ")
    lead = line[: len(line) - len(body)]
    out: list[str] = []
    current = lead
    alone = False  # the line so far is a command: what follows goes on the next line
    for word in _units(body.split(" "), commands):
        if not word:  # two spaces in a row: kept where the line goes on
            current += " "
            continue
        if current.strip() and (alone or cells(current) + 1 + cells(word) > width):
            out.append(current.rstrip(" "))
            current = lead + indent + word
            alone = commands and _command(word)
        else:
            alone = False  # a command that fits stays on the line, and so does what follows
            current = f"{current} {word}" if current.strip() else current + word
    out.append(current.rstrip(" "))
    return out


_COMMANDS = frozenset({"sheet", "tournament", "value", "bid", "config", "docs", "season",
                       "COMMAND", "BEFEHL"})  # fmt: skip
"""What follows ``skatcalc`` in a command to copy."""


def _units(words: list[str], commands: bool = True) -> list[str]:
    """The words of a line as the units a break falls between: a number joined to the one
    word before it, unless that word is a number too (a run of numbers may still break); a
    command to copy whole (:func:`_command_end`); a formula and an abbreviation whole
    (:func:`_bind`).

    >>> _units(["mit", "1,", "Spiel", "2", "×", "12", "=", "24;", "won", "+48", "1", "2"])
    ['mit 1,', 'Spiel 2 × 12 = 24;', 'won +48', '1', '2']
    >>> _units("or (skatcalc sheet pass), then".split(" "))
    ['or', '(skatcalc sheet pass),', 'then']
    """
    out: list[str] = []
    at = 0
    while at < len(words):
        word = words[at]
        end = _command_end(words, at) if commands else at + 1
        if end > at + 1:
            out.append(" ".join(words[at:end]))
            at = end
            continue
        if out and out[-1] and " " not in out[-1] and _number(word) and not _number(out[-1]):
            out[-1] += " " + word
        else:
            out.append(word)
        at += 1
    return _bind(out)


_OPERATORS = frozenset("×=><")
"""What joins the units on both sides of it: a formula (``3 × 12 = 36``, ``50 > 36``)."""
_ABBREVIATION = re.compile(r"\(?[^\W\d_]\.")
"""A one-letter abbreviation (``z.``, ``(d.``): one part of ``z. B.``, ``d. h.``."""


def _bind(units: list[str]) -> list[str]:
    """``units`` with what may not be parted joined: an operator (``×``, ``=``, ``>``, ``<``)
    to the units on both its sides, a separator ``·`` to the unit before it (a line starting
    with it reads as a list gone wrong), and the parts of a one-letter abbreviation.

    >>> _bind(["Spiel 3", "× 12", "= 36;", "Reizwert 50", "> 36:", "Clubs", "·", "with 1"])
    ['Spiel 3 × 12 = 36;', 'Reizwert 50 > 36:', 'Clubs ·', 'with 1']
    >>> _bind(["(Kontra:", "×\u00a02)", "(z.", "B. 72)", "d.", "h.", "x", "=", "y"])
    ['(Kontra: ×\u00a02)', '(z. B. 72)', 'd. h.', 'x = y']
    """
    out: list[str] = []
    glue = False  # the unit before ends in an operator: this one goes with it
    for unit in units:
        first = unit.split(" ")[0].split(NBSP)[0]
        left = first in _OPERATORS or first == "·"
        abbreviation = bool(out) and _abbreviation(out[-1]) and _abbreviation(first)
        if out and out[-1] and unit and (glue or left or abbreviation):
            out[-1] += " " + unit
        else:
            out.append(unit)
        glue = bool(unit) and unit.rsplit(" ", 1)[-1] in _OPERATORS
    return out


def _abbreviation(unit: str) -> bool:
    """Whether ``unit`` is one part of a one-letter abbreviation: ``z.``, ``B.``, ``h.,``."""
    return _ABBREVIATION.fullmatch(unit.rstrip(",;:)")) is not None


def _command_end(words: list[str], at: int) -> int:
    """Where a command to copy that starts at ``words[at]`` ends (after its last word), or
    ``at + 1`` when none starts there: ``skatcalc`` and a command's name, up to a word that
    ends in ``,`` ``;`` ``:`` or ``)`` (outside quotes), or before one that opens ``(``."""
    if words[at].lstrip("(") != "skatcalc" or at + 1 >= len(words):
        return at + 1
    if words[at + 1].rstrip(",;:).") not in _COMMANDS:
        return at + 1
    end, quotes = at + 1, 0
    while end < len(words):
        quotes += words[end].count("'")
        closed = not quotes % 2 and words[end].endswith((",", ";", ":", ")"))
        if closed or (not quotes % 2 and words[end + 1 : end + 2] and words[end + 1][:1] == "("):
            return end + 1
        end += 1
    return end


def _command(unit: str) -> bool:
    return unit.lstrip("(").startswith("skatcalc ")


def _number(word: str) -> bool:
    """Whether ``word`` is a number as a line says it: ``4``, ``+48``, ``-96,``, ``20)``."""
    digits = word.lstrip("+-\u2212")
    return digits[:1].isdigit()


def usage(prefix: str, prog: str, args: str, width: int) -> str:
    """A command's usage line broken between words to ``width`` columns, the lines after the
    first indented by four: for a terminal too narrow for the command's own name and path
    (Click then writes them whole, past the terminal's edge).

    >>> print(usage("Usage: ", "skatcalc tournament standings", "[OPTIONS] FILE", 20))
    Usage: skatcalc
        tournament
        standings
        [OPTIONS] FILE
    """
    return "\n".join(wrap(f"{prefix}{prog} {args}".rstrip(), width, "    ", commands=False))


def flag_pair(term: str, width: int) -> list[str]:
    """An option's term too wide for ``width`` columns (``--ramsch-durchmarsch /
    --no-ramsch-durchmarsch``), on two lines at its ``/``; else as it is.

    >>> flag_pair("--ramsch-jungfrau / --no-ramsch-jungfrau", 38)
    ['--ramsch-jungfrau /', '--no-ramsch-jungfrau']
    >>> flag_pair("--kontra / --no-kontra", 38)
    ['--kontra / --no-kontra']
    """
    if cells(term) <= width or " / " not in term:
        return [term]
    on, _, off = term.partition(" / ")
    return [f"{on} /", off]


def term_lines(term: str, width: int) -> list[str]:
    """An option's term on as many lines as ``width`` columns need: a flag pair at its ``/``
    (:func:`flag_pair`), an option with its choices (``--scoring [seeger-fabian|standard]``)
    with the choices on lines of their own, broken after a ``|``; else as it is.

    >>> term_lines("--scoring [seeger-fabian|standard|bierlachs]", 36)
    ['--scoring', '[seeger-fabian|standard|bierlachs]']
    >>> term_lines("--scoring [seeger-fabian|standard|bierlachs]", 20)
    ['--scoring', '[seeger-fabian|', 'standard|bierlachs]']
    >>> term_lines("--list [a|b]", 20)
    ['--list [a|b]']
    """
    if cells(term) <= width or " / " in term:
        return flag_pair(term, width)
    name, mark, choices = term.partition(" [")
    if not mark or "|" not in choices:
        return [term]
    parts = ("[" + choices).split("|")
    lines = [name, ""]
    for part in [p + "|" for p in parts[:-1]] + parts[-1:]:
        if lines[-1] and cells(lines[-1] + part) > width:
            lines.append("")
        lines[-1] += part
    return lines


def fit(lines: Sequence[str], width: int) -> list[str]:
    """Lines wider than ``width`` columns broken between words (:func:`wrap`), the rest as
    they are.

    >>> fit(["Totals, standard list: Hans-Joachim +48, Maximilian 0, Annegret 0, Dora 0"], 40)
    ['Totals, standard list: Hans-Joachim +48,', '  Maximilian 0, Annegret 0, Dora 0']
    >>> fit(["short"], 40)
    ['short']
    """
    out: list[str] = []
    for line in lines:
        out.extend(wrap(line, width))
    return out


def paragraphs(text: str, width: int | None) -> list[str]:
    r"""A page of prose and rows fitted to ``width`` columns, as a person reads a page: each
    paragraph (lines not indented, up to an empty line) filled to the width as one, never
    broken twice; the rows (indented: a command, two spaces or more, what it does) whole where
    every row of their block fits, else each command on a line of its own and what it does
    below it. Without a ``width`` (a pipe), a paragraph a line and the rows as they are.

    >>> page = "An evening, the commands\nto type:\n  skatcalc sheet new a.toml A B C  start\n  skatcalc sheet play a.toml     play"
    >>> print("\n".join(paragraphs(page, 34)))
    An evening, the commands to type:
      skatcalc sheet new a.toml A B C
          start
      skatcalc sheet play a.toml
          play
    """
    out: list[str] = []
    block: list[str] = []  # a paragraph's lines, or a block of rows

    def flush() -> None:
        if block and block[0].startswith("  "):
            whole = width is None or all(cells(row) <= width for row in block)
            out.extend(part for row in block for part in ([row] if whole else _row(row, width)))
        elif block:
            joined = " ".join(block)
            out.extend([joined] if width is None else wrap(joined, width, indent=""))
        block.clear()

    for line in text.split("\n"):
        if not line or line.startswith("  ") != bool(block and block[0].startswith("  ")):
            flush()
        if line:
            block.append(line)
        else:
            out.append("")
    flush()
    return out


def _row(line: str, width: int | None) -> list[str]:
    """A row of a page (:func:`paragraphs`): its command, and what it does below it."""
    body = line.lstrip(" ")
    lead = line[: len(line) - len(body)]
    command, _, what = body.partition("  ")
    rows = [lead + command]
    if what.strip():
        rows += wrap(f"{lead}    {what.strip()}", width or cells(line), indent="")
    return rows


def short_names(names: Sequence[str]) -> list[str]:
    """Short column heads: the first two letters of each name, three if two are not unique,
    else the seat letters A, B, C, D.

    >>> short_names(["Annegret-Maxi", "Ben", "Carl", "Dora"])
    ['An', 'Be', 'Ca', 'Do']
    >>> short_names(["Hans-Joachim", "Hanna", "Max"])
    ['Hans', 'Hann', 'Max']
    >>> short_names(["Hans-Joachim", "Hans-Jürgen", "Max"])
    ['A', 'B', 'C']
    """
    for size in (2, 3, 4):
        heads = [name[:size].rstrip() for name in names]
        if len({head.casefold() for head in heads}) == len(heads):
            return heads
    return [chr(ord("A") + seat) for seat in range(len(names))]
