"""The currency a settlement's amounts are shown in: a symbol or a code such as € or EUR.

Light on purpose (nothing of the sheet): the config file's ``currency`` is checked by it on
every call that reads the config file, ``sheet settle --currency`` by
:func:`skatcalc.sheet.stats.check_terms`.
"""

from __future__ import annotations

from skatcalc.errors import SkatError

__all__ = ["CURRENCY_CHARS", "check_currency"]

CURRENCY_CHARS = 8
"""The longest currency: a symbol or a code such as € or EUR."""


def check_currency(currency: str) -> None:
    """Refuse a currency longer than :data:`CURRENCY_CHARS` or holding a character a terminal
    does not show as it is (the error quotes its first characters).

    >>> check_currency("€"), check_currency("EUR"), check_currency("")
    (None, None, None)
    >>> check_currency("euros and cents")
    Traceback (most recent call last):
    ...
    skatcalc.errors.SkatError: err.currency(text="'euros an'", most=8)
    """
    if len(currency) > CURRENCY_CHARS or not currency.isprintable():
        shown = repr(currency[:CURRENCY_CHARS])
        raise SkatError("err.currency", text=shown, most=CURRENCY_CHARS, field="currency")
