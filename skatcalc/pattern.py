"""A regular expression compiled the first time it is used, not when its module is imported.

Compiling a pattern costs 0.1-0.2 ms (Python's ``re`` compiler is written in Python). The
store's modules name fourteen patterns for the sheet file's edits, the TOML writer and the
checks of a text before it is read; a cold ``sheet stats`` or ``tournament standings`` reads
its sheets with none of them and compiled them all: 1.6 ms of each (``python -X importtime``
and each module's body timed a statement at a time, median of 7 processes). A pattern made
here is compiled at its first use and is then the compiled pattern's own methods.

>>> DIGITS = later(r"[0-9]+")
>>> DIGITS.fullmatch("2026") is not None, DIGITS.sub("#", "a1b22"), DIGITS.pattern
(True, 'a#b#', '[0-9]+')
>>> try:
...     later("(").search("x")
... except re.error as error:  # re.PatternError from Python 3.13, the same class
...     print(error)
missing ), unterminated subpattern at position 0
"""

from __future__ import annotations

import re
from typing import Any, cast

__all__ = ["later"]

_KEPT = ("search", "match", "fullmatch", "finditer", "findall", "sub", "subn", "split")
"""The compiled pattern's methods kept on the stand-in once it is compiled: each is then found
at once, as on the pattern itself."""


class _Later:
    """A stand-in for ``re.compile(pattern, flags)`` until an attribute is asked for."""

    def __init__(self, pattern: str, flags: int) -> None:
        self._given = (pattern, flags)

    def __getattr__(self, name: str) -> Any:
        compiled = re.compile(*self._given)
        for kept in _KEPT:
            setattr(self, kept, getattr(compiled, kept))
        return getattr(compiled, name)


def later(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)``, compiled at its first use; for its methods alone (it is
    no ``re.Pattern`` to ``isinstance``, nor a pattern to give to ``re.sub``)."""
    return cast("re.Pattern[str]", _Later(pattern, flags))
