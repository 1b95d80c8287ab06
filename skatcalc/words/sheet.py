"""The words for a sheet's figures: money, and the settlement of an evening.

The domain (:mod:`skatcalc.sheet.stats`) returns amounts in cents and payments as data; this is
where they become text, in the language in use: ``Anna pays Ben €2.40``, ``Anna zahlt Ben
2,40 €``. Every amount, whole cents or a stake's fraction of a cent, goes through
:func:`skatcalc.words.money`: one lookup for the language's money.

>>> from skatcalc.words import use
>>> settlement_lines([Payment("Anna", "Ben", 240)], "€")
['Anna pays Ben €2.40']
>>> use("de"); settlement_lines([Payment("Anna", "Ben", 240)], "€"); use("en")
['Anna zahlt Ben 2,40 €']
"""

from __future__ import annotations

from collections.abc import Sequence

from skatcalc.sheet.stats import Payment, Settlement
from skatcalc.words import money, w

__all__ = ["settlement_lines", "settlement_text"]


def settlement_text(done: Settlement, currency: str = "") -> list[str]:
    """The settlement in words: the list and stake and how they pay, every player's points,
    lost games and balance, the kitty, then the payments (or why there are none).

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.sheet.stats import settle_sheets
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"])
    >>> sheet = sheet.add(Deal("Anna", GameSpec("grand", with_=1, points=50)))  # -96
    >>> print("\\n".join(settlement_text(settle_sheets([(sheet, sheet.tally())], 0, scoring="standard"))))
    Settlement of one sheet by the standard list, 0.00 a point: each pair settles the difference of their points times the stake, rounded to whole cents.
      Player  Points  Lost  Balance
      Anna       -96     1     0.00
      Ben          0     0     0.00
      Carl         0     0     0.00
    Nobody pays anybody: the stake is 0.
    """
    count = w("stats.settle.sheets", count=done.sheets)
    scoring = w(f"stats.settle.list.{done.scoring}")
    lines = [w("stats.settle.head", sheets=count, list=scoring, stake=money(done.stake, currency))]
    if done.fee:
        fee = money(done.fee, currency)
        lines[0] += " " + w(f"stats.settle.fee.{done.fee_to}", fee=fee)
    header = [w(f"stats.settle.{key}") for key in ("player", "points", "lost", "balance")]
    rows = [
        [p.name, _signed(p.points), str(p.lost), _signed_money(p.balance, currency)]
        for p in done.players
    ]
    width = max(len(row[0]) for row in [header, *rows])
    numbers = [max(len(row[i]) for row in [header, *rows]) for i in (1, 2, 3)]
    for row in [header, *rows]:
        cells = [
            row[0].ljust(width),
            *(cell.rjust(size) for cell, size in zip(row[1:], numbers, strict=True)),
        ]
        lines.append("  " + "  ".join(cells).rstrip())
    if done.kitty:
        total = money(sum(cents for _, cents in done.kitty), currency)
        each = ", ".join(f"{name} {money(cents, currency)}" for name, cents in done.kitty)
        lines.append(w("stats.settle.kitty", total=total, each=each))
    if done.payments:
        lines += settlement_lines(done.payments, currency)
    elif not done.stake and not done.kitty:
        lines.append(w("stats.settle.zero"))
    elif not done.kitty:
        lines.append(w("stats.level") + ".")
    return lines


def _signed(number: int) -> str:
    return f"{number:+d}" if number else "0"


def _signed_money(cents: int, currency: str) -> str:
    text = money(cents, currency)
    return f"+{text}" if cents > 0 else text


def settlement_lines(payments: Sequence[Payment], currency: str = "") -> list[str]:
    """The payments as sentences a player can act on, one per payment.

    >>> settlement_lines([Payment("Ben", "Anna", 435)], "$")
    ['Ben pays Anna $4.35']
    >>> settlement_lines([])
    ['Nobody pays anybody: the scores are level']
    """
    if not payments:
        return [w("stats.level")]
    return [
        w("stats.pays", payer=payer, payee=payee, amount=money(cents, currency))
        for payer, payee, cents in payments
    ]
