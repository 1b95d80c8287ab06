"""The evening's cash: what the organiser takes in and pays out, and what each player pays and
gets (``sheet settle --entry --card-money --passed-fee --prize --carried``).

Pure: the sheets (each with its tally), the rule (:class:`CashRule`, whole cents) and the
lost-game fees paid into the kitty (:attr:`skatcalc.sheet.stats.Settlement.kitty`) in; the
cash out. Settling several sheets in one call carries the kitty from one evening to the next,
and ``carried`` brings what was in it before.

- ``entry``: each player at a sheet pays it once for that sheet (the evening's entry).
- ``card_money``: each player at a sheet pays it for every series begun on that sheet (the
  sheet's deals / its series length, rounded up: the cards were used for the series begun).
- ``passed``: for every deal everybody passed (no Ramsch), each player who sat in it pays it
  (at four the dealer sits out and pays nothing, at five the two sitting out).
- ``prizes``: what the organiser pays out, by player (from the command line; a tournament's
  prize pot would hand its prizes in here).

The kitty: ``carried`` + entries + card money + lost-game fees + passed-deal fees - prizes.

A player's lost-game fees into the kitty are one charge that two tables show: the settlement's
balance has already taken them off (what the player pays for the points and the fees), and the
cash lists them among what the player pays into the kitty. ``CashLine.evening`` counts them once:
the balance plus the cash's net, the fees added back (all the evening costs or brings a player).

>>> from skatcalc.sheet.model import Deal, Sheet
>>> sheet = Sheet.new(["Anna", "Ben", "Carl", "Dora"]).add(Deal.passed())  # Anna deals, sits out
>>> money = cash([(sheet, sheet.tally())], CashRule(entry=500, card_money=100, passed=20))
>>> [(p.name, p.pays) for p in money.players]  # 5.00 + 1.00 (one series begun) + 0.20
[('Anna', 600), ('Ben', 620), ('Carl', 620), ('Dora', 620)]
>>> money.came_in, money.paid_out, money.kitty
(2460, 0, 2460)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import NamedTuple

from skatcalc.errors import SheetError, listed
from skatcalc.frozen import record
from skatcalc.names import name_key
from skatcalc.sheet.deal import sitting_out
from skatcalc.sheet.model import Sheet
from skatcalc.sheet.tally import Tally

__all__ = ["Cash", "CashLine", "CashRule", "cash"]


@record
class CashRule:
    """The amounts of the evening's cash, in whole cents (see the module's docstring).

    >>> CashRule(card_money=Fraction(201, 2))
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetError: err.fee.cents(fee=amount.decimal(whole='1', fraction='005'), lower=amount.decimal(whole='1', fraction='00'), upper=amount.decimal(whole='1', fraction='01'))
    """

    entry: int | Fraction = 0
    card_money: int | Fraction = 0
    passed: int | Fraction = 0
    prizes: tuple[tuple[str, int | Fraction], ...] = ()
    carried: int | Fraction = 0

    def __post_init__(self) -> None:
        from skatcalc.tournament.standings import FeeRule  # whole cents, said as a fee's are

        for name in ("entry", "card_money", "passed", "carried"):
            object.__setattr__(self, name, FeeRule.of(getattr(self, name)).per_lost)
        prizes = tuple((who, FeeRule.of(cents).per_lost) for who, cents in self.prizes)
        object.__setattr__(self, "prizes", prizes)
        keys = [name_key(who) for who, _ in prizes]
        for who, _ in prizes:
            if keys.count(name_key(who)) > 1:
                raise SheetError("err.cash.prize_twice", name=who, field="prize")


class CashLine(NamedTuple):
    """One player's cash, in cents: what they pay (entry, card money, lost-game fees into the
    kitty, passed-deal fees) and what they get (prizes)."""

    name: str
    entry: int
    card_money: int
    lost_fees: int
    passed_fees: int
    prizes: int
    balance: int | None = None
    """The settlement's balance (its lost-game fees into the kitty already taken off), when the
    cash was made with one."""

    @property
    def pays(self) -> int:
        """Everything the player pays into the kitty."""
        return self.entry + self.card_money + self.lost_fees + self.passed_fees

    @property
    def net(self) -> int:
        """What the player gets less what they pay."""
        return self.prizes - self.pays

    @property
    def evening(self) -> int | None:
        """All the evening brings the player (negative: costs): the settlement's balance and
        the cash together, each lost-game fee once (the balance has taken it off already);
        None without a balance.

        >>> CashLine("Anna", 500, 100, 50, 0, 1000, balance=-2830).evening  # -28.30 + 4.00
        -2430
        """
        if self.balance is None:
            return None
        return self.balance + self.net + self.lost_fees


@record
class Cash:
    """The organiser's account and every player's line (in order of first appearance)."""

    rule: CashRule
    players: tuple[CashLine, ...]

    def total(self, kind: str) -> int:
        """The sum of one kind over the players: ``entry``, ``card_money``, ``lost_fees``,
        ``passed_fees`` or ``prizes``."""
        return sum(getattr(line, kind) for line in self.players)

    @property
    def came_in(self) -> int:
        """Entries, card money, lost-game fees and passed-deal fees."""
        return sum(line.pays for line in self.players)

    @property
    def paid_out(self) -> int:
        """The prizes."""
        return self.total("prizes")

    @property
    def kitty(self) -> int:
        """What the kitty holds after: carried + came in - paid out (negative: the organiser
        paid more out than came in)."""
        return int(self.rule.carried) + self.came_in - self.paid_out


def cash(
    sheets: Sequence[tuple[Sheet, Tally]],
    rule: CashRule,
    kitty_fees: Mapping[str, int] | None = None,
    balances: Mapping[str, int] | None = None,
) -> Cash:
    """The cash of these sheets under ``rule``; ``kitty_fees``: the lost-game fees each player
    paid into the kitty, by name (a settlement's ``kitty``); ``balances``: the settlement's
    balance of each player, by name (each line's ``evening`` counts them with the cash). A
    prize for a name that played on none of the sheets is refused, with the names that did."""
    lines: dict[str, list[int]] = {}
    names: dict[str, str] = {}
    for sheet, tally in sheets:
        begun = math.ceil(len(tally.deals) / tally.series_length)
        for name in sheet.players:
            key = name_key(name)
            names.setdefault(key, name)
            line = lines.setdefault(key, [0, 0, 0, 0, 0])
            line[0] += int(rule.entry)
            line[1] += int(rule.card_money) * begun
        for entry in tally.deals:
            if entry.deal.is_passed:
                out = set(sitting_out(sheet.players, entry.dealer))
                for name in sheet.players:
                    if name not in out:
                        lines[name_key(name)][3] += int(rule.passed)
    for name, fees in (kitty_fees or {}).items():
        lines[name_key(name)][2] += fees
    for name, prize in rule.prizes:
        if name_key(name) not in lines:
            known = listed(list(names.values()))
            raise SheetError("err.cash.prize_player", name=name, names=known, field="prize")
        lines[name_key(name)][4] += int(prize)
    given = {name_key(name): cents for name, cents in (balances or {}).items()}
    return Cash(
        rule,
        tuple(
            CashLine(names[key], *line)._replace(balance=given.get(key))
            for key, line in lines.items()
        ),
    )
