"""What several formats say alike: the list a view follows, a deal without a declarer, how a
game was played, and the standings' rows, in the words of the language in use.

>>> from skatcalc.sheet.model import Sheet
>>> list_note(Sheet.new(["Anna", "Ben", "Carl"]), "standard")
'Running totals in the standard list; the Seeger-Fabian list decides.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from skatcalc.errors import SkatError, all_of
from skatcalc.sheet.model import LISTS, Deal, ScoredDeal, Sheet, Tally
from skatcalc.words import shown, w
from skatcalc.words.report import signed

if TYPE_CHECKING:  # the sheet's exports (and ``sheet add --json``) need no tournament
    from skatcalc.tournament.model import Tournament
    from skatcalc.tournament.standings import (
        Closed,
        Paper,
        SeriesScore,
        Standing,
        Standings,
        TeamStanding,
    )
    from skatcalc.value import Scoring

# --- the sheet --------------------------------------------------------------------------------


def followed(sheet: Sheet, scoring: str | None) -> str:
    """The list a view follows: ``scoring`` when given, else the one that decides the sheet.

    >>> followed(Sheet.new(["Anna", "Ben", "Carl"]), "pub")
    Traceback (most recent call last):
    ...
    skatcalc.errors.SkatError: err.list(scoring="'pub'", lists='seeger-fabian, standard, bierlachs')
    """
    if scoring is None:
        return sheet.rules.scoring
    if scoring not in LISTS:
        raise SkatError("err.list", scoring=repr(scoring), lists=", ".join(LISTS))
    return scoring


def list_note(sheet: Sheet, shown: str) -> str:
    """Which list the running totals are in, and which decides the sheet."""
    decides = sheet.rules.scoring
    key = "list.note.decides" if shown == decides else "list.note.other"
    return w(key, list=w("list.name." + shown), decides=w("list.name." + decides))


def num(number: int, *, sign: bool = False) -> str:
    """A number with a true minus sign (and ``+`` when ``sign``), as typeset lists print it.

    >>> num(-96), num(48, sign=True), num(0, sign=True)
    ('\u221296', '+48', '0')
    """
    text = signed(number) if sign else str(number)
    return text.replace("-", "\N{MINUS SIGN}")


def escape(text: str) -> str:
    """``text`` safe inside HTML and SVG, as typed: ``<b>`` shows as ``<b>``, never as bold."""
    from html import escape as html_escape  # here: only the HTML and SVG need it

    return html_escape(text)


def no_game(entry: ScoredDeal, names: Sequence[str], shown: Mapping[str, str] | None = None) -> str:
    """A deal without a declarer: passed, or a Ramsch with each player's card points, Jungfrau,
    Durchmarsch and pushes, and who lost (or won) how much. ``names`` are the players in
    seating order, ``shown`` how the export writes each (as written when not given).

    >>> from skatcalc.sheet.model import Ramsch, Rules, Sheet, Deal
    >>> ramsch = Ramsch((("A", 70), ("B", 50), ("C", 0)), ("C",), None, 1)
    >>> sheet = Sheet.new(["A", "B", "C"], Rules(ramsch=True, schieberamsch=True))
    >>> no_game(sheet.add(Deal.of_ramsch(ramsch)).tally().deals[0], ["A", "B", "C"])
    'Ramsch (A 70, B 50, C 0; Jungfrau C; pushed 1×): A -280'
    """
    ramsch = entry.deal.ramsch
    if ramsch is None:
        return w("table.passed")
    seat = dict(shown or {})
    points = w("join.comma").join(
        f"{seat.get(name, name)} {value}" for name, value in ramsch.points
    )
    facts = [points]
    if ramsch.jungfrau:
        jungfrau = w("join.comma").join(seat.get(n, n) for n in ramsch.jungfrau)
        facts.append(w("export.ramsch.jungfrau", names=jungfrau))
    if ramsch.durchmarsch is not None:
        name = seat.get(ramsch.durchmarsch, ramsch.durchmarsch)
        facts.append(w("export.ramsch.durchmarsch", name=name))
    if ramsch.pushes:
        facts.append(w("export.ramsch.pushed", count=ramsch.pushes))
    # strict=False: a ScoredDeal built by hand may leave ``scores`` empty
    pairs = zip(names, entry.scores, strict=False)
    scores = [f"{seat.get(name, name)} {signed(score)}" for name, score in pairs if score]
    head = w("export.ramsch", facts="; ".join(facts))
    return f"{head}: {w('join.comma').join(scores)}" if scores else head


def played(deal: Deal) -> str:
    """The bid and the result as entered, and the cards when given: ``bid 20, 56 card points``.

    >>> from skatcalc.spec import GameSpec
    >>> played(Deal("Anna", GameSpec("null", tricks=1, bid=23)))
    'bid 23, 1 trick'
    """
    game = deal.game
    if game is None:
        return ""
    words = [w("export.bid", bid=game.bid)]
    if game.points is not None:
        words.append(w("export.points", points=game.points))
    if game.tricks is not None:
        words.append(w("export.tricks", count=game.tricks))
    if game.cards:
        words.append(w("export.cards", cards=game.cards))
    if game.skat:
        words.append(w("export.skat", cards=game.skat))
    return w("join.comma").join(words)


def factors(s: Scoring) -> list[str]:
    """What multiplies the score beyond the value: Kontra or Re, and Bock rounds (the Skat
    words, the same in every language)."""
    words = ["Re"] if s.re else ["Kontra"] if s.kontra else []
    if s.bock:
        words.append("Bock" if s.bock == 1 else f"Bock \u00d7 {1 << s.bock}")
    return words


# --- the standings ----------------------------------------------------------------------------


def closed_line(closed: Closed, tournament: Tournament) -> str:
    """A table closed early, in words.

    >>> from skatcalc.tournament.model import Tournament
    >>> from skatcalc.tournament.standings import Closed
    >>> t = Tournament.new("x", ["A", "B", "C"]).draw_next(1)
    >>> closed_line(Closed(1, 1, 30, 36), t)
    'series 1, table 1 (x-s1-t1.toml): counted with 30 of 36 deals'
    """
    table = tournament.series[closed.series - 1].tables[closed.table - 1]
    return w("tour.closed.line", series=closed.series, table=closed.table, file=shown(table.sheet),
             deals=closed.deals, length=closed.length)  # fmt: skip


def paper_line(paper: Paper, tournament: Tournament, *, marked: bool = True) -> str:
    """A table counted from its paper list, in words; under the heading that says so
    (``From the paper list:``) not ``marked`` again.

    >>> from skatcalc.tournament.model import Tournament
    >>> from skatcalc.tournament.standings import Paper
    >>> t = Tournament.new("x", ["A", "B", "C"]).draw_next(1)
    >>> paper_line(Paper(1, 1), t)
    'series 1, table 1 (x-s1-t1.toml): from the paper list'
    >>> paper_line(Paper(1, 1), t, marked=False)
    'series 1, table 1 (x-s1-t1.toml)'
    """
    table = tournament.series[paper.series - 1].tables[paper.table - 1]
    where = w("tour.held.where", series=paper.series, table=paper.table, file=shown(table.sheet))
    return f"{where}: {w('tour.paper.mark')}" if marked else where


def place(s: Standing | TeamStanding) -> str:
    """A place as the list shows it: ``3=`` tied, ``?`` listed apart (not ranked yet)."""
    if s.pending:
        return "?"
    return f"{s.place}=" if s.tied else str(s.place)


def name(s: Standing) -> str:
    return s.name + (w("tour.withdrawn") if s.withdrawn else "")


def cell(score: SeriesScore | None) -> str:
    """A series' points in the standings: ``–`` sat out, ``?`` not counted."""
    if score is None:
        return "–"
    return signed(score.seeger_fabian) if score.counted else "?"


def listed(result: Standings) -> tuple[Standing, ...]:
    """Every player as the list shows them: the ranking, then the players apart."""
    return (*result.ranking, *result.apart)


def legend(result: Standings, currency: str = "") -> list[str]:
    """The lines under the list that say what its marks mean, and the fee."""
    from skatcalc.words import money

    players = listed(result)
    teams = (*result.team_ranking, *result.teams_apart)
    lines = [w("tour.legend")]
    if teams:
        lines.append(w("tour.legend.teams"))
    if any(s.tied for s in players) or any(t.tied for t in teams):
        lines.append(w("tour.legend.tied"))
    if result.apart or result.teams_apart:
        lines.append(w("tour.legend.apart"))
    if any(x is None for s in players for x in s.series):
        lines.append(w("tour.legend.out"))
    fee = result.fee
    if fee is not None:
        if fee.from_lost is None or fee.then is None:
            lines.append(w("tour.legend.fee", fee=money(fee.per_lost, currency)))
        else:
            lines.append(
                w("tour.legend.fee_from", fee=money(fee.per_lost, currency),
                  then=money(fee.then, currency), from_lost=fee.from_lost)
            )  # fmt: skip
    return lines


def fee_total(result: Standings, currency: str = "") -> str | None:
    """The fees of every player in all, in words; None without a fee."""
    from skatcalc.words import money

    if result.fee_total is None:
        return None
    return w("tour.fee.total", total=money(result.fee_total, currency))


def progress(sheet: Sheet, tally: Tally, after: str) -> str:
    """Where the sheet stands in its series, and who deals next (``after``); on a sheet whose
    series are complete (``series_count``), that it is, or that it holds deals too many.

    >>> from skatcalc.sheet.model import Rules
    >>> sheet = Sheet.new(["A", "B", "C"], Rules(series_length=1, series_count=1))
    >>> progress(sheet, sheet.tally(), "A")
    'Series 1: deal 0 of 1; A deals next.'
    >>> full = sheet.add(Deal.passed())
    >>> progress(full, full.tally(), "B")
    'Series 1 is complete (1 deal); so is the sheet: it takes no further deal.'
    """
    number, place = tally.series
    length, rules, players = tally.series_length, sheet.rules, len(sheet.players)
    key = "series.done" if place == length else "series.progress"
    if rules.full(players, tally.deals_played):
        most = rules.most_deals(players)
        if tally.deals_played == most:  # the ".one" words: a series of 1 deal
            return w("series.full", number=number, length=length, count=length)
        return w("series.over", count=tally.deals_played, most=most)
    return w(key, number=number, place=place, length=length, next=after)


def status(result: Standings) -> str:
    if result.final:
        return w("tour.status.final")
    said = w("tour.status.after", counted=result.counted, planned=result.planned)
    if result.unfinished:
        open_ = result.unfinished
        said += w("tour.status.unfinished", count=len(open_), series=all_of(open_))
    return said + _later(result)


def _later(result: Standings) -> str:
    """The mark of the series drawn after those listed: being played, or left out."""
    if result.playing:
        return w("tour.status.playing", count=len(result.playing), series=all_of(result.playing))
    if result.later:
        return w("tour.status.later", count=len(result.later), series=all_of(result.later))
    return ""


def header(result: Standings) -> list[str]:
    series = [w("tour.col.series", n=n) for n in range(1, result.drawn + 1)]
    cols = [w("tour.col.place"), w("tour.col.player"), *series, w("tour.col.total")]
    cols += [w("tour.col.won"), w("tour.col.lost")]
    cols = [*cols, w("tour.col.fee")] if result.fee is not None else cols
    return [*cols, w("tour.col.prize")] if result.prizes is not None else cols


def row(s: Standing, currency: str) -> list[str]:
    from skatcalc.words import money

    cells = [place(s), name(s), *map(cell, s.series), signed(s.seeger_fabian)]
    cells += [str(s.won), str(s.lost)]
    if s.fee_cents is not None:
        cells.append(money(s.fee_cents, currency))
    if s.prize_cents is not None:
        cells.append(prize(s.prize_cents, currency))
    return cells


def prize(cents: int, currency: str) -> str:
    """A player's prize in money; nothing for no prize.

    >>> prize(2600, "€"), prize(0, "€")
    ('€26.00', '')
    """
    from skatcalc.words import money

    return money(cents, currency) if cents else ""


def _percent(value: object) -> str:
    """A percent as the language writes a decimal: ``40``, ``12.5`` (``12,5``)."""
    from decimal import Decimal
    from fractions import Fraction

    exact = Fraction(str(value)) if not isinstance(value, Fraction) else value
    if exact.denominator == 1:
        return str(exact.numerator)
    text = str(Decimal(exact.numerator) / Decimal(exact.denominator)).rstrip("0")
    return text.replace(".", w("number.decimal"))


def category_lines(result: Standings, currency: str = "") -> list[str]:
    """Each category's own ranking inside the standings, with its prizes, in words.

    >>> from skatcalc.tournament.standings import Category, CategoryPlace, Standings
    >>> places = (CategoryPlace(1, False, "Dora", 2000), CategoryPlace(2, False, "Lena", 0))
    >>> for line in category_lines(Standings((), 1, 1, categories=(Category("Damen", places),)), "€"):
    ...     print(line)
    Damen:
      1  Dora  €20.00
      2  Lena
    """
    lines: list[str] = []
    for own in result.categories:
        lines.append(w("tour.category.title", name=shown(own.name)))
        for p in own.places:
            ranked = f"{p.place}{'=' if p.tied else ''}"
            paid = prize(p.prize_cents, currency)
            lines.append(f"  {ranked}  {shown(p.name)}" + (f"  {paid}" if paid else ""))
    return lines


def prize_lines(result: Standings, currency: str = "", *, categories: bool = True) -> list[str]:
    """The pot and the prizes in all, and how they were rounded, in words; none without prizes;
    then each category (:func:`category_lines`) unless not ``categories`` (HTML draws them).

    >>> from skatcalc.tournament.prizes import Prize, PrizeRule
    >>> from skatcalc.tournament.standings import Standings
    >>> rule = PrizeRule(1000, (Prize(percent=60), Prize(cents=2000)), unit=50)
    >>> for line in prize_lines(Standings((), 1, 1, prizes=rule, pot=13000), "€"): print(line)
    Pot: €130.00 (13 players × €10.00); prizes: 60% of the pot, €20.00. Prizes in all: €0.00.
    Tied places share the prizes of the places they take; every prize but first place's is rounded down to €0.50, and first place gets the rest.
    """
    from skatcalc.words import money

    rule, pot = result.prizes, result.pot
    if rule is None or pot is None:
        return []
    each = [
        w("tour.prize.percent", percent=_percent(p.percent))
        if p.percent is not None
        else money(p.cents or 0, currency)
        for p in rule.prizes
    ]
    players = pot // rule.entry if rule.entry else 0
    head = w("tour.prize.pot", pot=money(pot, currency), players=players,
             entry=money(rule.entry, currency), prizes=w("join.comma").join(each),
             total=money(result.prize_total or 0, currency))  # fmt: skip
    rounding = (
        w("tour.prize.cent") if rule.unit == 1
        else w("tour.prize.unit", unit=money(rule.unit, currency))
    )  # fmt: skip
    return [head, rounding, *(category_lines(result, currency) if categories else [])]


def team_header() -> list[str]:
    return [w("tour.col.place"), w("tour.col.team"), w("tour.col.members"), w("tour.col.total"),
            w("tour.col.won"), w("tour.col.lost")]  # fmt: skip


def team_row(t: TeamStanding) -> list[str]:
    members = w("join.comma").join(t.members)
    return [place(t), t.name, members, signed(t.seeger_fabian), str(t.won), str(t.lost)]
