"""Text fitted to a terminal's width: the columns a text takes, and lines broken between words.

Light on purpose (no sheet, no rich): an error line is wrapped with it on every command's way
out, ``value`` included, whose start-up imports are counted (tests/cli/test_startup.py).
A break falls only on a plain space: a name, a number, and what a non-breaking space (U+00A0)
binds (``×\u00a02``, a name and its total) stay on one line.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["NBSP", "cells", "fit", "flag_pair", "short_names", "term_lines", "usage", "wrap"]

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


def wrap(line: str, width: int, indent: str = "  ") -> list[str]:
    """``line`` broken between words into lines of at most ``width`` columns, each line after
    the first indented by the line's own indentation and ``indent``; a word is never cut, so a
    word wider than the line stands alone on it.

    >>> wrap("error: the declarer is missing: name the player", 20)
    ['error: the declarer', '  is missing: name', '  the player']
    >>> wrap("    bid 18: covered (the value covers every bid up to 20)", 30)
    ['    bid 18: covered (the value', '      covers every bid up to', '      20)']
    >>> wrap("Hans-Joachim\u00a0+48, Maximilian\u00a00", 20)
    ['Hans-Joachim\u00a0+48,', '  Maximilian\u00a00']
    """
    if cells(line) <= width:
        return [line]
    body = line.lstrip(" ")
    lead = line[: len(line) - len(body)]
    out: list[str] = []
    current = lead
    for word in body.split(" "):
        if not word:  # two spaces in a row: kept where the line goes on
            current += " "
            continue
        if current.strip() and cells(current) + 1 + cells(word) > width:
            out.append(current.rstrip(" "))
            current = lead + indent + word
        else:
            current = f"{current} {word}" if current.strip() else current + word
    out.append(current.rstrip(" "))
    return out


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
    return "\n".join(wrap(f"{prefix}{prog} {args}".rstrip(), width, indent="    "))


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
