"""The manual page (roff, ``man 7 man``), made from the help of every command: ``skatcalc docs
--man``. Pure: the help texts and the words in, the page out.

>>> page = render_man("1.0", "Skat scoring.", [("skatcalc", "Usage: skatcalc ...\\n.x \\\\ -y")],
...                   {"man.name": "NAME", "man.synopsis": "SYNOPSIS", "man.description": "D",
...                    "man.commands": "C", "man.see_also": "S", "man.more": "skatcalc docs"})
>>> print(page)  # doctest: +NORMALIZE_WHITESPACE
.TH SKATCALC 1 "" "skatcalc 1.0" "skatcalc"
.SH NAME
skatcalc \\- Skat scoring.
.SH SYNOPSIS
.B skatcalc
[OPTIONS] COMMAND [ARGS]...
.SH D
.nf
Usage: skatcalc ...
\\&.x \\e \\-y
.fi
.SH S
skatcalc docs
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["render_man"]


def render_man(
    version: str, summary: str, pages: Sequence[tuple[str, str]], words: Mapping[str, str]
) -> str:
    """The page: NAME (``summary``), SYNOPSIS, the root's help as the DESCRIPTION, each other
    command's help (``pages``: the command's words and its help, the root first) under
    COMMANDS, and SEE ALSO (``words["man.more"]``). ``words`` holds the section titles in the
    language in use."""
    (_, root), *commands = pages
    lines = [
        f'.TH SKATCALC 1 "" "skatcalc {version}" "skatcalc"',
        f".SH {words['man.name']}",
        f"skatcalc \\- {_escaped(summary)}",
        f".SH {words['man.synopsis']}",
        ".B skatcalc",
        "[OPTIONS] COMMAND [ARGS]...",
        f".SH {words['man.description']}",
        *_block(root),
    ]
    if commands:
        lines.append(f".SH {words['man.commands']}")
    for name, text in commands:
        lines += [f'.SS "{_escaped(name)}"', *_block(text)]
    lines += [f".SH {words['man.see_also']}", _escaped(words["man.more"])]
    return "\n".join(lines) + "\n"


def _block(text: str) -> list[str]:
    """A help text as it is laid out (no filling), each line safe for roff."""
    return [".nf", *(_line(line) for line in text.rstrip("\n").split("\n")), ".fi"]


def _line(line: str) -> str:
    """A line of text roff shows as it is: not read as a request (a dot or quote first)."""
    safe = _escaped(line)
    return "\\&" + safe if safe.startswith((".", "'")) else safe


def _escaped(text: str) -> str:
    r"""``text`` with roff's escape character, the minus sign and every sign past ASCII
    (``\[u00D7]`` for ×: groff reads it whatever the locale) written as roff reads them.

    >>> _escaped("a\\b --man 2 × 24")
    'a\\eb \\-\\-man 2 \\[u00D7] 24'
    """
    plain = text.replace("\\", "\\e").replace("-", "\\-")
    if plain.isascii():
        return plain
    return "".join(c if c.isascii() else f"\\[u{ord(c):04X}]" for c in plain)
