"""A sheet followed while it grows: what the live page (``sheet serve``) reads each time the
file changed.

Reading a whole sheet of 100,000 deals takes seconds (parse, check, score every deal), too
long for a new deal to reach the page within its two seconds. Yet a sheet at a table changes
mostly by deals added at its end (``sheet add``, the table mode), and the page needs nothing of
the deals before but where their tally ended and the last few. So :func:`follow` keeps that,
and the hash of the text it came from: when the text read next starts with exactly that text
and what follows is only deals' tables (as :func:`skatcalc.store.state.append` writes them),
only those deals are parsed, checked and scored, carried on from the end kept. Anything else
(a hand edit, a rules change, a file that is not whole) reads the whole sheet as before, and a
problem in it is named by its line as before. tests/cli/test_serve.py compares both paths.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

from skatcalc.errors import SheetFileError, SkatError
from skatcalc.sheet.model import ScoredDeal, Sheet, Tally
from skatcalc.store import files
from skatcalc.store.digest import blake2b
from skatcalc.store.sheet_codec import SHEET, appendable, deal_of, parse
from skatcalc.store.toml import loads

__all__ = ["Followed", "follow"]


class Followed(NamedTuple):
    """A sheet as last read: its players and rules (``sheet``, without deals), the end of its
    tally with its last deals (``tally``), how many deals it holds, and the length and hash of
    its text (no hash: a text that would not take deals at its end, read whole next time)."""

    sheet: Sheet
    tally: Tally
    deals: int
    size: int
    digest: bytes | None


def follow(path: Path, before: Followed | None, last: int) -> Followed:
    """The sheet at ``path`` with the last ``last`` deals of its tally; from ``before`` (what
    the call before gave) when the file only grew by deals at its end."""
    text = files.read(path, SHEET)
    grown = None if before is None else _grown(text, before, last)
    if grown is not None:
        return grown
    try:
        sheet = parse(text)
    except SheetFileError as error:
        raise files.at_file(path, error) from None
    fits = appendable(text, len(sheet.deals))
    digest = _digest(text) if fits else None
    tally = sheet.tally()
    end = _last(tally, tally.deals, last)
    return Followed(replace(sheet, deals=()), end, len(sheet.deals), len(text), digest)


def _last(tally: Tally, deals: tuple[ScoredDeal, ...], last: int) -> Tally:
    """``tally`` (its end) holding only the last ``last`` of ``deals``, the deals before them
    counted (:attr:`Tally.first`)."""
    kept = deals[-last:] if last else ()
    return replace(tally, deals=kept, first=tally.deals_played - len(kept))


def _digest(text: str) -> bytes:
    return blake2b(text.encode()).digest()


def _grown(text: str, before: Followed, last: int) -> Followed | None:
    """``before`` carried on by the deals added at the end of ``text``; None when ``text`` is
    not ``before``'s text and deals' tables after it, or a deal there is not sound."""
    if before.digest is None or len(text) < before.size:
        return None
    if _digest(text[: before.size]) != before.digest:
        return None
    if len(text) == before.size:  # touched, or written again as it was
        return before
    try:
        data = loads(text[before.size :])
        raw = data.get("deal")
        if set(data) != {"deal"} or not isinstance(raw, list):
            return None
        deals = [deal_of(table) for table in raw]
        if not appendable(text, before.deals + len(deals)):
            return None
        _, tally = before.sheet.carry_on(before.tally, deals)
    except (SkatError, ValueError):  # not TOML (tomllib's error is a ValueError), not a deal
        return None
    end = _last(tally, (*before.tally.deals, *tally.deals), last)
    count = before.deals + len(deals)
    return Followed(before.sheet, end, count, len(text), _digest(text))
