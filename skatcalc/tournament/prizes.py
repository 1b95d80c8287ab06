"""The prize pot of a Preisskat, paid out by rank.

Pure; money in whole cents. "Alle Teilnehmer entrichten ein Startgeld, das am Ende der
Veranstaltung in Form von Preisen wieder ausgeschüttet wird" (de.wikipedia, Preisskat): the pot
is the entry times the players who entered. The prizes are announced before play, by place, as
percents of the pot or as fixed amounts.

- **Ties.** Players who share a place share the prizes of the places they take, equally: two
  players level in second place share the prizes of places 2 and 3.
- **Rounding.** Every prize but the first place's is rounded *down* to the unit (a cent, or
  0.50 or 1.00 as clubs announce), and the first place gets the rest, so the prizes add up
  exactly to what the places taken are announced (to the cent below). Players level in first
  place share the rest; a cent that does not split goes to the first of them listed.
- Places nobody takes (fewer players ranked than prizes) are not paid; neither are players
  listed apart (a series not counted yet).

A pot of 13 × 10.00 = 130.00, prizes 40, 25, 15, 10 and 10 percent (52.00, 32.50, 19.50,
13.00, 13.00), two players level in second place: they share 32.50 + 19.50 = 52.00, 26.00 each.

>>> rule = PrizeRule(1000, (Prize(percent=40), Prize(percent=25), Prize(percent=15),
...                         Prize(percent=10), Prize(percent=10)))
>>> rule.pot(13)
13000
>>> paid(rule, 13, [1, 2, 2, 4, 5, 6])
(5200, 2600, 2600, 1300, 1300, 0)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from itertools import pairwise

from skatcalc.errors import Say, SheetError, say
from skatcalc.frozen import record

__all__ = ["MAX_CENTS", "Prize", "PrizeRule", "amount_said", "paid", "parse_cents", "parse_prizes"]

MAX_CENTS = 100_000_000
"""The largest amount skatcalc takes for an entry, a prize or a unit: 1,000,000.00."""

_AMOUNT = re.compile(r"[0-9]{1,9}(?:[.,][0-9]{1,2})?")


def parse_cents(text: str, field: str) -> int:
    """An amount typed in the currency, in whole cents; a decimal comma or point.

    >>> parse_cents("10.00", "entry"), parse_cents("10,5", "entry"), parse_cents("7", "entry")
    (1000, 1050, 700)
    >>> parse_cents("10.005", "entry")
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetError: err.prize.amount(text="'10.005'")
    """
    written = text.strip()
    if not _AMOUNT.fullmatch(written):
        raise SheetError("err.prize.amount", text=repr(text), field=field)
    whole, _, part = written.replace(",", ".").partition(".")
    cents = int(whole) * 100 + int(part.ljust(2, "0") or 0)
    if cents > MAX_CENTS:
        raise SheetError("err.prize.amount", text=repr(text), field=field)
    return cents


_PERCENT = re.compile(r"([0-9]{1,3}(?:[.,][0-9]{1,4})?)\s*%?")
_MONEY_SIGNS = ("€", "$", "£", "EUR")


def parse_prizes(text: str) -> tuple[Prize, ...]:
    """The prizes of places 1, 2, ... as announced: percents of the pot (``40``, ``12.5%``)
    or fixed amounts, written with a currency sign (``€50``, ``50 €``, ``EUR 50.00``); items
    separated by commas, or by semicolons where an amount has a decimal comma
    (``50,00 €; 30,00 €``). Separated by commas, a comma between two digits beside a currency
    or percent sign may be a decimal comma: refused rather than guessed
    (:func:`_decimal_comma`).

    >>> [(p.percent, p.cents) for p in parse_prizes("40,25,12.5%, €20")]
    [(Fraction(40, 1), None), (Fraction(25, 1), None), (Fraction(25, 2), None), (None, 2000)]
    >>> [p.cents for p in parse_prizes("50,00 €; 30,50 €")]
    [5000, 3050]
    >>> parse_prizes("40,abc")
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetError: err.prize.text(text="'abc'")
    >>> parse_prizes("50,00 €")
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetError: err.prize.comma(amount="'50,00 €'")
    """
    if ";" in text:
        return tuple(_prize(item) for item in text.split(";"))
    items = text.split(",")
    ambiguous = _decimal_comma(items)
    if ambiguous is not None:
        raise SheetError("err.prize.comma", amount=repr(ambiguous), field="prizes")
    return tuple(_prize(item) for item in items)


def _decimal_comma(items: Sequence[str]) -> str | None:
    """Of a text split at its commas, the first two neighbours that are one prize with a
    decimal comma as well: a comma right between two digits, a currency or percent sign on
    one side, and the two read as one prize (``50,00 €``, ``€ 50,50``, ``12,5%``); None if
    there is none. Plain numbers (``40,25``) are percents separated by commas, as documented.

    >>> _decimal_comma(["€ 50", "50"]), _decimal_comma(["40", "25", "12", "5%"])
    ('€ 50,50', '12,5%')
    >>> _decimal_comma(["40", "25", "12.5%", " €20"]) is None
    True
    """
    for before, after in pairwise(items):
        if not (before[-1:].isdigit() and after[:1].isdigit()):
            continue  # a space or a sign beside the comma: a separator
        if not any(sign in before + after for sign in (*_MONEY_SIGNS, "%")):
            continue
        joined = f"{before},{after}"
        try:
            _prize(joined)
        except SheetError:
            continue
        return joined.strip()
    return None


def _prize(item: str) -> Prize:
    """One item of the prizes: a fixed amount with its currency sign, or a percent."""
    written = item.strip()
    fixed = next((sign for sign in _MONEY_SIGNS if sign in written), None)
    if fixed is not None:
        amount = written.replace(fixed, "", 1).strip()
        return Prize(cents=parse_cents(amount, "prizes"))
    found = _PERCENT.fullmatch(written)
    if found is None or Fraction(found.group(1).replace(",", ".")) > 100:
        raise SheetError("err.prize.text", text=repr(written), field="prizes")
    return Prize(percent=Fraction(found.group(1).replace(",", ".")))


@record
class Prize:
    """One place's prize: ``percent`` of the pot, or ``cents`` fixed."""

    percent: Fraction | int | None = None
    cents: int | None = None

    def exact(self, pot: int) -> Fraction:
        """The prize in cents, a fraction of a cent kept."""
        if self.percent is not None:
            return Fraction(pot) * Fraction(self.percent) / 100
        return Fraction(self.cents or 0)


@record
class PrizeRule:
    """The entry in cents, the prizes of places 1, 2, ..., and the ``unit`` in cents that
    every prize but the first place's is rounded down to (1: to the cent)."""

    entry: int
    prizes: tuple[Prize, ...]
    unit: int = 1
    categories: tuple[tuple[str, tuple[Prize, ...]], ...] = ()
    """Categories with their own prizes (``--prizes-for NAME PRIZES``), each paid from the
    same pot by the category's own ranking."""

    def pot(self, players: int) -> int:
        """The pot: the entry times the players."""
        return self.entry * players

    def check(self, players: int) -> None:
        """Refuse prizes (the categories' too) that add up to more than the pot.

        >>> PrizeRule(1000, (Prize(percent=60), Prize(percent=50))).check(10)
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.prize.over(prizes=amount.decimal(whole='110', fraction='00'), pot=amount.decimal(whole='100', fraction='00'))
        """
        pot = self.pot(players)
        every = [*self.prizes, *(p for _, prizes in self.categories for p in prizes)]
        total = sum((p.exact(pot) for p in every), Fraction(0))
        if total > pot:
            # amounts as the organiser typed them (130.00), not cents: the words say the decimal
            raise SheetError(
                "err.prize.over", prizes=amount_said(total), pot=amount_said(pot), field="prizes"
            )


def paid(rule: PrizeRule, players: int, places: Sequence[int]) -> tuple[int, ...]:
    """Each ranked player's prize in cents, by their ``places`` (ranking order, from 1; tied
    players share a place), the pot from ``players`` entered.

    >>> rule = PrizeRule(500, (Prize(percent=50), Prize(percent=30), Prize(percent=20)), unit=50)
    >>> paid(rule, 7, [1, 2, 3, 4])  # 3500: 1750, 1050, 700 (to 0.50: 1050, 700; the rest 1750)
    (1750, 1050, 700, 0)
    >>> paid(rule, 7, [1, 2, 2, 2])  # 1050 + 700 = 1750 for three: 583 1/3 → 550 each, 1st 1850
    (1850, 550, 550, 550)
    """
    pot = rule.pot(players)
    amounts = [p.exact(pot) for p in rule.prizes][: len(places)]
    total = int(sum(amounts, Fraction(0)))  # the places taken, to the cent below
    shares: list[Fraction] = []
    start = 0
    while start < len(places):
        end = start
        while end < len(places) and places[end] == places[start]:
            end += 1
        group = sum(amounts[start:end], Fraction(0)) / (end - start)
        shares += [group] * (end - start)
        start = end
    first = sum(1 for p in places if p == places[0]) if places else 0
    rest = [int(share // rule.unit) * rule.unit for share in shares[first:]]
    left = total - sum(rest)
    top = [left // first + (1 if i < left % first else 0) for i in range(first)]
    return (*top, *rest)


def amount_said(cents: int | Fraction) -> Say:
    """An amount of ``cents`` in the currency's units as the language writes a decimal, in
    words at the edge (``0.505``, ``0,505``); a third of a cent and the like, to 4 places."""
    units = abs(Fraction(cents)) / 100
    places = 2
    while (units * 10**places).denominator != 1 and places < 4:
        places += 1
    digits = str(round(units * 10**places)).rjust(places + 1, "0")
    sign = "-" if cents < 0 else ""
    return say("amount.decimal", whole=sign + digits[:-places], fraction=digits[-places:])
