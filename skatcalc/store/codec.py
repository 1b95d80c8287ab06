"""What the store needs of a kind of file: its pure codec, and the words that name it.

A sheet (:data:`skatcalc.store.sheet_codec.SHEET`) and a tournament
(:data:`skatcalc.store.tournament_codec.TOURNAMENT`) are two codecs of one shape; the file layer
(:mod:`skatcalc.store.files`) reads, creates and changes either through the same mechanisms:
size limit, refusing what is not a regular file, the lock, the atomic write.

>>> from skatcalc.store.sheet_codec import SHEET
>>> SHEET.missing, SHEET.read_only
('err.file.no_sheet', 'err.file.read_only')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from skatcalc.frozen import record

__all__ = ["Codec", "Edit"]

T = TypeVar("T")

Edit = Callable[[T], str | None]
"""How to write a changed value: its new text (only what changed rewritten, where the codec
can), or None when that text would not read back as the value (then nothing is written)."""


@record
class Codec(Generic[T]):
    """A kind of file: text to value and back (pure), and the word keys of its refusals."""

    parse: Callable[[str], T]
    """The value in a text; raises :class:`~skatcalc.errors.SheetFileError` at the first
    problem, naming its line."""
    render: Callable[[T], str]
    """The whole text of a new file."""
    edit: Callable[[str], tuple[T, Edit[T]]]
    """The value in a text (raising as :attr:`parse`), and how to write it changed."""
    missing: str
    """No file at the path: ``{file}``."""
    not_regular: str
    """A directory, a device, a FIFO, ...: ``{file}``, ``{kind}``."""
    too_big: str
    """Larger than :data:`~skatcalc.store.files.FILE_LIMIT`: ``{file}``, ``{limit}`` (MB)."""
    not_utf8: str
    """Not UTF-8 text: ``{file}``, ``{line}``."""
    read_only: str
    """A change refused, the file not writable: ``{file}``."""
    not_writable: str = "err.file.not_writable"
    """A change refused: another user's file that we may not write, and whose owner a new
    file of ours cannot keep: ``{file}``."""
