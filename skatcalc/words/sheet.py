"""The words for a sheet's figures: money, and the settlement of an evening.

The domain (:mod:`skatcalc.sheet.stats`) returns amounts in cents and payments as data; this is
where they become text, in the language in use: ``Anna pays Ben €2.40``, ``Anna zahlt Ben
2,40 €``. Every amount goes through :func:`format_cents` (whole cents) or :func:`amount_text`
(a stake, which may hold a fraction of a cent): one lookup for the language's money.

>>> from skatcalc.words import use
>>> settlement_lines([Payment("Anna", "Ben", 240)], "€")
['Anna pays Ben €2.40']
>>> use("de"); settlement_lines([Payment("Anna", "Ben", 240)], "€"); use("en")
['Anna zahlt Ben 2,40 €']
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from skatcalc.sheet.stats import Payment, Settlement, currency_decimal
from skatcalc.words import w

__all__ = ["amount_text", "format_cents", "settlement_lines", "settlement_text"]


def format_cents(cents: int, currency: str = "") -> str:
    """An amount of cents in the currency's units, with two decimals and no grouping, the
    currency where the language writes it.

    >>> format_cents(435), format_cents(5, "€"), format_cents(-1250)
    ('4.35', '€0.05', '-12.50')
    >>> from skatcalc.words import use
    >>> use("de"); format_cents(85, "€"); use("en")
    '0,85 €'
    >>> format_cents(4.35)
    Traceback (most recent call last):
    ...
    TypeError: an amount is a whole number of cents, not 4.35
    """
    if isinstance(cents, bool) or not isinstance(cents, int):
        raise TypeError(w("err.cents.type", cents=cents))
    sign = "-" if cents < 0 else ""
    units, rest = divmod(abs(cents), 100)
    return sign + _with_currency(w("stats.money", units=units, cents=rest), currency)


def _with_currency(amount: str, currency: str) -> str:
    """The currency where the language writes it: ``€0.05`` in English, ``0,05 €`` in German."""
    return w("stats.money.currency", currency=currency, amount=amount) if currency else amount


def amount_text(cents: Fraction, currency: str = "") -> str:
    """An amount that may hold a fraction of a cent (a stake), in the language's decimals.

    >>> amount_text(Fraction(5), "€"), amount_text(Fraction(1, 2))
    ('€0.05', '0.005')
    >>> from skatcalc.words import use
    >>> use("de"); amount_text(Fraction(1, 2), "€"); use("en")
    '0,005 €'
    """
    if cents.denominator == 1:
        return format_cents(int(cents), currency)
    text = currency_decimal(cents).replace(".", w("number.decimal"))
    return _with_currency(text, currency)


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
    lines = [
        w("stats.settle.head", sheets=count, list=scoring, stake=amount_text(done.stake, currency))
    ]
    if done.fee:
        fee = amount_text(done.fee, currency)
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
        total = format_cents(sum(cents for _, cents in done.kitty), currency)
        each = ", ".join(f"{name} {format_cents(cents, currency)}" for name, cents in done.kitty)
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
    text = format_cents(cents, currency)
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
        w("stats.pays", payer=payer, payee=payee, amount=format_cents(cents, currency))
        for payer, payee, cents in payments
    ]
