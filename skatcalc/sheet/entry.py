"""A deal line on a sheet: the notation's words (and any options beside them) as a :class:`Deal`.

One function serves ``sheet add``, ``sheet edit`` and the table mode, so the three read a line
alike.

>>> from skatcalc.sheet.model import Sheet
>>> sheet = Sheet(("Anna", "Ben", "Carl"))
>>> deal = deal_of(parse("be kr m2 h 56", sheet.players), sheet)
>>> deal.declarer, deal.game.to_mapping()
('Ben', {'game': 'clubs', 'with': 2, 'hand': True, 'points': 56})
>>> deal_of(parse("kr m2 h 56", sheet.players), sheet)
Traceback (most recent call last):
...
skatcalc.notation.NotationError: err.notation.declarer
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from skatcalc.names import name_key
from skatcalc.notation import Kind, Line, NotationError, combine, parse, twice
from skatcalc.sheet.deal import Deal, Ramsch
from skatcalc.sheet.model import Sheet
from skatcalc.spec import GAME_OPTION, GameSpec

__all__ = ["deal_from_words", "deal_of", "parse"]

_NO_OPTIONS: Mapping[str, Any] = {}


def deal_of(
    line: Line,
    sheet: Sheet,
    options: Mapping[str, Any] = _NO_OPTIONS,
    declarer: str | None = None,
) -> Deal:
    """The deal a line records on ``sheet``, with the command's ``options`` (by the name of
    :class:`GameSpec`'s field; ``None``: not given) and ``--declarer`` beside the words. A ``won``/``lost`` beside the card points is checked against the scoring
    under the sheet's rules.

    >>> sheet = Sheet(("Anna", "Ben", "Carl"))
    >>> deal_of(parse("pass"), sheet).is_passed
    True
    >>> deal_of(parse("an kr m2 56 won", sheet.players), sheet)
    Traceback (most recent call last):
    ...
    skatcalc.notation.NotationError: err.notation.outcome(said=outcome.won, scored=outcome.lost)
    """
    given = [name for name, value in options.items() if value is not None]
    if line.kind is not Kind.GAME:
        if given or declarer is not None:
            extra = ", ".join(GAME_OPTION[name].flags for name in given) or "--declarer"
            raise NotationError("err.notation.options", kind=line.kind.value, extra=extra)
        if line.kind is Kind.PASS:
            return Deal.passed()
        assert line.ramsch is not None
        r = line.ramsch
        return Deal.of_ramsch(Ramsch(r.points, r.jungfrau, r.durchmarsch, r.pushes, r.last_trick))
    if line.bock:
        raise NotationError("err.notation.bock")
    name = line.declarer
    if declarer is not None:
        if name is not None and name_key(name) != name_key(declarer):
            raise twice(line.words["declarer"], f"--declarer {declarer}", "declarer")
        name = name or declarer
    if name is None:
        raise NotationError("err.notation.declarer")
    spec = GameSpec(**combine(line, options))
    if line.outcome is not None:
        scoring = spec.score(rules=sheet.rules_now.scoring_rules)
        line.confirm(scoring)
    return Deal(name, spec)


def deal_from_words(
    sheet: Sheet,
    words: Sequence[str] | None,
    options: Mapping[str, Any] = _NO_OPTIONS,
    declarer: str | None = None,
) -> Deal:
    """The deal that the words of a line (and the options beside them) record on ``sheet``:
    what ``sheet add``, ``sheet edit`` and the table mode record.

    >>> from skatcalc.sheet.model import Sheet
    >>> deal_from_words(Sheet(("Anna", "Ben", "Carl")), ["ca", "nu", "lost"]).declarer
    'Carl'
    """
    return deal_of(parse(words or (), sheet.players), sheet, options, declarer)
