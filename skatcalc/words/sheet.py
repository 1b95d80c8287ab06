"""The words for a sheet: what ``sheet`` and the table mode say after each change, the rules in
words, and the settlement of an evening (the statistics' cells are in
:mod:`skatcalc.words.stats`, named here too).

Data in, lines out: the commands (:mod:`skatcalc.cli.sheet`, :mod:`skatcalc.cli.play`) pick
which lines to print and print them. The domain (:mod:`skatcalc.sheet.stats`) returns amounts
in cents and payments as data; this is where they become text, in the language in use: ``Anna
pays Ben €2.40``, ``Anna zahlt Ben 2,40 €``. Every amount, whole cents or a stake's fraction of
a cent, goes through :func:`skatcalc.words.money`: one lookup for the language's money.

>>> from skatcalc.sheet.stats import Payment
>>> from skatcalc.words import use
>>> settlement_lines([Payment("Anna", "Ben", 240)], "€")
['Anna pays Ben €2.40']
>>> use("de"); settlement_lines([Payment("Anna", "Ben", 240)], "€"); use("en")
['Anna zahlt Ben 2,40 €']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from skatcalc.sheet.deal import sitting_out
from skatcalc.sheet.rules import RULE, RULES, WHOLE_SHEET, Rules, RulesChange
from skatcalc.sheet.tally import rescored
from skatcalc.value import Outcome
from skatcalc.width import NBSP, cells, short_names
from skatcalc.words import in_command, in_file, literal, money, shown, w
from skatcalc.words.report import bock_ahead, chain, lines, ramsch_text, signed
from skatcalc.words.stats import StatsWords, legend_line, stats_cells

if TYPE_CHECKING:
    from skatcalc.errors import SkatError
    from skatcalc.sheet.cash import Cash
    from skatcalc.sheet.model import Deal, ScoredDeal, Sheet, Tally
    from skatcalc.sheet.stats import Payment, Settlement
    from skatcalc.value import Scoring

__all__ = [
    "SAYINGS",
    "StatsWords",
    "added_lines",
    "came_in",
    "change_said",
    "counted",
    "deal_lines",
    "edited_lines",
    "help_lines",
    "imported_lines",
    "next_dealer",
    "pass_note",
    "play_answer",
    "play_deal_line",
    "problem_line",
    "prompt",
    "ramsch_question",
    "removed_lines",
    "rules_changed_lines",
    "rules_lines",
    "settlement_lines",
    "settlement_text",
    "started_lines",
    "stats_cells",
    "totals_lines",
]  # fmt: skip


# --- after a change: sheet add, pass, undo, edit, import, the table mode ------------------------


def totals_lines(
    tally: Tally, scoring: str, width: int | None = None, legend: bool = True
) -> list[str]:
    """The totals in the list ``scoring`` (named), Bock rounds ahead, the Bierlachs decided,
    the Bock rounds the last deal set off.

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal("Ben", GameSpec("grand", with_=1, points=70)))
    >>> totals_lines(sheet.tally(), "standard")
    ['Totals, standard list: Anna 0, Ben +48, Carl 0']

    At a terminal ``width`` columns wide, a line that does not fit names the players by their
    short names (as ``sheet show`` does), each bound to its total by a non-breaking space, so
    a line broken to the width never parts a name from its total; with ``legend``, a line
    first says whom each short name means.

    >>> sheet = Sheet.new(["Annegret-Maximiliane", "Bärbel-Sophie", "Jörg-Friedrich", "Hans"])
    >>> for line in totals_lines(sheet.tally(), "standard", width=40):
    ...     print(line.replace("\u00a0", "_"))
    Short names: An_=_Annegret-Maximiliane, Bä_=_Bärbel-Sophie, Jö_=_Jörg-Friedrich, Ha_=_Hans
    Totals, standard list: An_0, Bä_0, Jö_0, Ha_0
    """
    name = w(f"list.name.{scoring}")
    players = [p.name for p in tally.players]
    scores = [signed(p.total(scoring)) for p in tally.players]
    listed = ", ".join(f"{n} {t}" for n, t in zip(players, scores, strict=True))
    said = [w("totals.list", name=name, list=listed)]
    if width is not None and cells(said[0]) > width:
        said = short_totals(players, scores, name, legend)
    if tally.bock_ahead:
        said.append(bock_ahead(tally.bock_ahead))
    if tally.ramsch_ahead:
        said.append(w("bockramsch.ahead", count=tally.ramsch_ahead))
    if tally.decided is not None:
        losers, n = tally.decided
        loser = w("ramsch.and").join(losers)
        said.append(w("bierlachs.decided", loser=loser, n=n))
    for entry in tally.deals[-1:]:
        if entry.triggers:
            names = ", ".join(w(f"trigger.{t}") for t in entry.triggers)
            said.append(w("bock.set_off", count=len(entry.triggers), triggers=names))
    return said


def short_totals(names: Sequence[str], scores: Sequence[str], name: str, legend: bool) -> list[str]:
    """The totals line by short names, each bound to its total; first, with ``legend``, whom
    each short name means."""
    shorts = short_names(names)
    listed = ", ".join(f"{h}{NBSP}{t}" for h, t in zip(shorts, scores, strict=True))
    said = [w("totals.list", name=name, list=listed)]
    if legend:
        said.insert(0, legend_line(names))
    return said


def schwarz_note(entry: ScoredDeal) -> list[str]:
    """A short note for a game entered with 120 (or 0) card points and no tricks: scored
    without schwarz, as it must be (a trick can be worth 0 points), and the word to add if
    one side did take no trick.

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal("Ben", GameSpec("grand", with_=1, points=120)))
    >>> schwarz_note(sheet.tally().deals[0])[0][-16:]
    'give --tricks 10'
    """
    game = entry.deal.game
    if game is None or game.game == "null" or game.tricks is not None or game.schwarz:
        return []
    if game.ouvert:  # ouvert is schwarz announced: the tricks are given
        return []  # pragma: no cover - an ouvert game without tricks is refused
    if game.points == 120:
        return [w("note.schwarz")]
    if game.points == 0:
        return [w("note.schwarz.zero")]
    return []


def deal_lines(tally: Tally, n: int, rules: Rules | None = None) -> list[str]:
    """Deal ``n`` (from 1) in full: who dealt and who played, then the game's scoring in words
    (:func:`skatcalc.words.report.lines`; its Seeger-Fabian by the ``rules`` in force at the
    deal), a Ramsch's points, or the pass."""
    entry = tally.entry(n)
    ramsch = entry.deal.ramsch
    if ramsch is not None:
        scores = dict(zip((p.name for p in tally.players), entry.scores, strict=True))
        text = ramsch_text(
            ramsch.points, ramsch.jungfrau, ramsch.durchmarsch, ramsch.pushes,
            {name: scores[name] for name, _ in ramsch.points},
        )  # fmt: skip
        bock = w("deal.bock", factor=1 << entry.bock) if entry.bock else ""
        return [w("deal.passed", n=n, dealer=entry.dealer), text + bock]
    if entry.scoring is None:
        return [w("deal.passed", n=n, dealer=entry.dealer)]
    head = w("deal.plays", n=n, dealer=entry.dealer, declarer=entry.deal.declarer)
    return [head, *lines(entry.scoring, rules)]


def series_note(tally: Tally) -> list[str]:
    """A line when the last deal completes a series, or the next begins one (else none)."""
    number, place = tally.series
    if place == tally.series_length:
        return [w("series.complete", place=place, number=number)]
    if place == 1 and number > 1:
        return [w("series.starts", n=tally.deals_played, number=number)]
    return []


def next_dealer(sheet: Sheet, tally: Tally) -> str:
    """Who deals the next deal (and so, at four players, sits it out; at five, with the player
    third to the dealer's left), after the deals of ``tally`` (the sheet's, or its end: the
    sheet's kept state, whose deals are not read)."""
    rules = sheet.rules
    if rules.full(len(sheet.players), tally.deals_played):  # nobody deals on this sheet
        length = rules.series_deals(len(sheet.players))
        deals = w("rules.series.deals", count=length)
        return w("short.full", count=rules.series_count, deals=deals)
    dealer = sheet.players[tally.next_dealer]
    out = sitting_out(sheet.players, dealer)
    key = _NEXT[len(out)]
    return w(key, name=dealer, other=out[-1] if out else "")


# The words by how many sit out a deal: nobody (three), the dealer (four), the dealer and the
# player third to the dealer's left (five).
_NEXT = ("short.next", "short.next.sits_out", "short.next.sits_out.five")
_PROMPT = ("play.prompt", "play.prompt.sits_out", "play.prompt.sits_out.five")
_STARTED = ("started.plays", "started.sits_out", "started.sits_out.five")


def pass_note(sheet: Sheet, tally: Tally | None = None) -> str:
    """On a sheet that plays a Ramsch when everybody passes, a bare pass is most likely a Ramsch
    entered the quick way: say how to enter it instead (the pass stays, as it was entered). The
    example names the three players in the last deal (not those who sat it out).

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> pass_note(Sheet.new(["Anna", "Ben", "Carl"]))[-30:]
    "e.g. 'ramsch an=62 be=58 ca=0'"
    >>> pass_note(Sheet.new(["Anna", "Ben", "Carl", "Dora", "Emil"]).add(Deal.passed()))[-30:]
    "e.g. 'ramsch be=62 ca=58 em=0'"
    """
    if tally is not None and tally.deals_played:  # the last deal, by the tally (or its end)
        out = sitting_out(sheet.players, tally.entry(tally.deals_played).dealer)
    else:
        out = sheet.sitting_out(max(len(sheet.deals) - 1, 0))
    playing = [name for name in sheet.players if name not in out]
    a, b, c = (name[:2].casefold() for name in playing[:3])
    return w("note.pass_ramsch", example=f"ramsch {a}=62 {b}=58 {c}=0")


def ramsch_question(sheet: Sheet, tally: Tally) -> str:
    """What the table mode asks at a terminal when everybody passed on a sheet that plays a
    Ramsch then: its card points now, or Enter for a plain pass. The example names the three
    who play the next deal.

    >>> from skatcalc.sheet.model import Sheet
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl", "Dora"])
    >>> ramsch_question(sheet, sheet.tally())[-59:]
    "(e.g. 'be=62 ca=58 do=0 jf=do'), or Enter for a plain pass:"
    """
    return w("play.ramsch.ask", example=ramsch_example(sheet, tally))


def ramsch_example(sheet: Sheet, tally: Tally) -> str:
    """A Ramsch line for the next deal, as the table mode shows it: the three who play it.

    >>> from skatcalc.sheet.model import Sheet
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"])
    >>> ramsch_example(sheet, sheet.tally())
    'an=62 be=58 ca=0 jf=ca'
    """
    out = sitting_out(sheet.players, sheet.players[tally.next_dealer])
    a, b, c = [name[:2].casefold() for name in sheet.players if name not in out][:3]
    return f"{a}=62 {b}=58 {c}=0 jf={c}"


def added_lines(sheet: Sheet, tally: Tally, n: int, width: int | None = None) -> list[str]:
    """What ``sheet add`` and ``sheet ramsch`` say: the deal (and a note on schwarz where the
    card points leave it open), the totals (fitted to ``width``: :func:`totals_lines`), any
    series note, who deals next."""
    return [
        *deal_lines(tally, n, sheet.rules_at(n - 1)), *schwarz_note(tally.entry(n)),
        *totals_lines(tally, sheet.rules.scoring, width), *series_note(tally),
        next_dealer(sheet, tally),
    ]  # fmt: skip


def removed_lines(
    old: Tally, n: int, tally: Tally, scoring: str, rules: Rules | None = None
) -> list[str]:
    """What ``sheet undo`` says: deal ``n`` of the ``old`` tally (played by ``rules``) as
    removed, the totals of the new one."""
    removed = deal_lines(old, n, rules)
    return [w("deal.removed", line=removed[0]), *removed[1:], *totals_lines(tally, scoring)]


def edited_lines(tally: Tally, n: int, scoring: str, rules: Rules | None = None) -> list[str]:
    """What ``sheet edit`` says: deal ``n`` as it is now (played by ``rules``), and the totals
    after every deal."""
    return [*deal_lines(tally, n, rules), *totals_lines(tally, scoring)]


def counted(deals: Sequence[Deal]) -> tuple[int, int, int]:
    """How many deals, passed deals and Ramsch (for :func:`imported_lines`)."""
    passed = sum(1 for deal in deals if deal.is_passed)
    return len(deals), passed, sum(1 for deal in deals if deal.ramsch is not None)


def imported_lines(
    file: object, sheet: Sheet, tally: Tally, added: tuple[int, int, int], *, more: bool = True
) -> list[str]:
    """``Imported 5 deals into FILE (deals 1 to 5): 3 games, 1 passed, 1 Ramsch``: the deals
    ``added`` at the end of ``sheet`` (whose tally is ``tally``): how many, passed deals and
    Ramsch (:func:`counted`); then the totals, and (``more``: into a sheet that goes on) any
    series note and who deals next."""
    last = tally.deals_played
    count, passed, ramsch = added
    where = w("imported.where", first=last - count + 1, last=last)
    line = w(
        "imported", count=count, file=shown(file), passed=passed,
        where=where if count else w("imported.nothing"),
        games=w("imported.games", count=count - passed - ramsch),
    )  # fmt: skip
    line += w("imported.ramsch", count=ramsch) if ramsch else ""
    said = [line, *totals_lines(tally, sheet.rules.scoring)]
    return [*said, *series_note(tally), next_dealer(sheet, tally)] if more else said


def started_lines(file: object, sheet: Sheet) -> list[str]:
    """What ``sheet new`` says: the file and players, who deals first, the rules."""
    players = sheet.players
    seat = w(_STARTED[len(sheet.sitting_out(0))])
    return [
        w("started", file=shown(file), players=", ".join(players)),
        w("started.deals", first=players[0], count=len(players), seat=seat),
        w("started.rules", rules="; ".join(rules_lines(sheet.rules, len(players)))),
        *off_line(file, sheet.rules),
    ]


def off_line(file: object, rules: Rules) -> list[str]:
    """One line naming the common table rules a sheet has off (Kontra, Bock, Ramsch) and how
    to turn them on, on the command line and at the table; none when all are on.

    >>> from skatcalc.sheet.model import Rules
    >>> off_line("a.toml", Rules(kontra=False))[0]
    'Off (ISkO): Kontra, Bock, Ramsch; to turn them on: skatcalc sheet rules a.toml --kontra --bock --ramsch (in the table mode: rules --kontra --bock --ramsch)'
    """
    off = [name for name in ("kontra", "bock", "ramsch") if not getattr(rules, name)]
    if not off:
        return []
    named = ", ".join(w(f"started.off.{name}") for name in off)
    options = " ".join(f"--{name}" for name in off)
    return [w("started.off", rules=named, file=in_command(file), options=options)]


def problem_line(file: object, line: int, error: SkatError) -> str:
    """A problem ``sheet check`` found in ``file``, as ``FILE:LINE: message`` (the line when
    known: not 0).

    >>> from skatcalc.errors import SheetError
    >>> problem_line("a.toml", 4, SheetError("err.sheet.rules_type"))
    'a.toml:4: rules must be a [rules] table'
    """
    where = f":{line}" if line else ""
    return f"{shown(file)}{where}: {shown(in_file(error, file))}"


# --- the table mode ---------------------------------------------------------------------------


def prompt(sheet: Sheet, width: int | None = None, tally: Tally | None = None) -> str:
    """``Deal 7 · Ben deals > ``: at three everybody plays; at four the dealer sits out; at
    five the dealer and the third to the dealer's left. Short, so the line typed after it fits
    an 80-column terminal; on a narrower one (``width``) the names are the short ones, then the
    prompt leaves out who sits out, where the whole prompt leaves too little room to type. With
    ``tally`` (the sheet's, or its end: the table mode's state), the next deal after it.

    >>> from skatcalc.sheet.model import Sheet
    >>> prompt(Sheet(("Anna", "Ben", "Carl", "Dora")))
    'Deal 1 · Anna deals, sits out > '
    >>> prompt(Sheet(("Anna", "Ben", "Carl")))
    'Deal 1 · Anna deals > '
    >>> prompt(Sheet(("Anna", "Ben", "Carl", "Dora", "Emil")))
    'Deal 1 · Anna deals, Dora sits out too > '
    >>> from skatcalc.sheet.deal import Deal
    >>> from skatcalc.sheet.rules import Rules
    >>> full = Sheet.new(["Anna", "Ben", "Carl"], Rules(series_length=1, series_count=1))
    >>> prompt(full.add(Deal.passed()))
    'Sheet complete (undo, show, quit) > '
    """
    if tally is None:
        index, dealer = len(sheet.deals), sheet.dealer(len(sheet.deals))
    else:
        index, dealer = tally.deals_played, sheet.players[tally.next_dealer]
    if sheet.rules.full(len(sheet.players), index):  # no next deal to name (a tournament table)
        return w("play.prompt.full")
    out = sitting_out(sheet.players, dealer)
    other = out[-1] if out else ""
    key = _PROMPT[len(out)]
    said = w(key, n=index + 1, dealer=dealer, other=other)
    if width is not None and cells(said) > width - _ROOM:  # a phone: the short names
        short = dict(zip(sheet.players, short_names(sheet.players), strict=True))
        said = w(key, n=index + 1, dealer=short[dealer], other=short.get(other, other))
        if cells(said) > width - _ROOM:
            said = w("play.prompt", n=index + 1, dealer=short[dealer])
    return said


_ROOM = 12
"""Columns a prompt leaves for the line typed after it, at least (``an kr m2 h 56``)."""


def play_answer(
    sheet: Sheet,
    tally: Tally,
    n: int,
    series: bool = True,
    width: int | None = None,
    legend: bool = True,
) -> list[str]:
    """What the table mode says for deal ``n``: its line, a note on schwarz where the card
    points leave it open, the totals after it (after a game or a Ramsch; fitted to ``width``
    as :func:`totals_lines` fits them), and (``series``) any series note."""
    entry = tally.entry(n)
    notes = series_note(tally) if series else []
    line = [play_deal_line(tally, n), *schwarz_note(entry)]
    if entry.scoring is None and entry.deal.ramsch is None:
        return [*line, *notes]
    totals = totals_lines(tally, sheet.rules.scoring, width, legend)
    return [*line, *totals, *notes]


def play_deal_line(tally: Tally, n: int) -> str:
    """One line for deal ``n``: the game and its chain, the result and the score."""
    entry = tally.entry(n)
    ramsch = entry.deal.ramsch
    bock = w("deal.bock", factor=1 << entry.bock) if entry.bock else ""
    if ramsch is not None:
        scores = dict(zip((p.name for p in tally.players), entry.scores, strict=True))
        text = ramsch_text(
            ramsch.points, ramsch.jungfrau, ramsch.durchmarsch, ramsch.pushes,
            {name: scores[name] for name, _ in ramsch.points}, short=True,
        )  # fmt: skip
        return w("play.ramsch", n=n, text=text + bock)
    s = entry.scoring
    if s is None:
        return w("deal.passed", n=n, dealer=entry.dealer)
    # the game's name, then the chain (which names the tops and every level): short enough
    # for one line at 80 columns
    name = w(f"game.{s.declaration.game.value}")
    game = chain(s) if s.tops is None else f"{name} · {chain(s)}"
    return w("play.game", n=n, declarer=entry.deal.declarer, game=game, result=_result(s) + bock)


def _result(s: Scoring) -> str:
    """``lost -96``, ``won +160 (Kontra: × 2)``."""
    if s.outcome is None or s.score is None:  # pragma: no cover - a sheet's games have a result
        return ""
    if s.outcome is Outcome.OVERBID:
        # the bid and the covering value that explain the number (issue 29)
        text = w(
            "play.overbid", bid=s.bid, value=s.value, covering=s.covering_value,
            score=signed(s.score),
        )  # fmt: skip
    else:
        text = f"{w('outcome.' + s.outcome.value)} {signed(s.score)}"
    if s.re:
        text += w("play.re")
    elif s.kontra:
        text += w("play.kontra")
    return text


def came_in(
    sheet: Sheet, tally: Tally, before: int, width: int | None = None, legend: bool = True
) -> list[str]:
    """What the table mode says when the sheet changed in another shell while it waited: each
    deal after the ``before`` it had seen, said as its own are, and the totals; or that the
    sheet holds fewer deals now. Nothing when the deals are as they were.

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal("Ben", GameSpec("grand", with_=1, points=70)))
    >>> came_in(sheet, sheet.tally(), 0)[0]
    'Came in from elsewhere: Deal 1, Ben: Grand · with 1, game 2 × 24 = 48; won +48'
    >>> came_in(sheet, sheet.tally(), 2)
    ['The sheet was changed elsewhere: it holds 1 deal now.']
    >>> came_in(sheet, sheet.tally(), 1)
    []
    """
    played = tally.deals_played
    if played < before:
        return [w("play.fewer", count=played)]
    said = [w("play.came_in", line=play_deal_line(tally, n)) for n in range(before + 1, played + 1)]
    if not said:
        return []
    return [*said, *totals_lines(tally, sheet.rules.scoring, width, legend)]


def play_removed(
    old: Tally, n: int, tally: Tally, scoring: str, width: int | None = None, legend: bool = True
) -> list[str]:
    """What the table mode's ``undo`` says: deal ``n`` of the ``old`` tally as removed, in one
    line, and the totals after."""
    removed = w("deal.removed", line=play_deal_line(old, n))
    return [removed, *totals_lines(tally, scoring, width, legend)]


def help_lines(sheet: Sheet, width: int | None = None) -> list[str]:
    """The table mode's help: a deal line, a Ramsch (where the sheet plays one), the commands,
    the keys; and, where the totals name the players by short names at ``width``, whom each
    short name means."""
    ramsch = [w("play.help.ramsch")] if sheet.rules_now.ramsch else []
    said = [w("play.help.line"), *ramsch, w("play.help.commands"), w("play.help.keys")]
    names = list(sheet.players)
    full = w("totals.list", name=w("list.name.seeger-fabian"), list=", ".join(
        f"{name} +1000" for name in names))  # fmt: skip
    if width is not None and cells(full) > width:
        said.append(legend_line(names))
    return said


# --- the rules, the statistics ------------------------------------------------------------------


def change_said(change: RulesChange) -> str:
    """A change of the rules where it took effect, its rules as the file writes them.

    >>> from skatcalc.sheet.rules import RulesChange
    >>> change_said(RulesChange(23, (("bock", True), ("bock_triggers", ("kontra", "lost-60")))))
    'rules from deal 23: bock = true, bock_triggers = [kontra, lost-60]'
    """
    said = ", ".join(f"{name} = {_rule_word(value)}" for name, value in change.values)
    return w("rules.from.mark", n=change.start, rules=said)


def _rule_word(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "[" + ", ".join(str(item) for item in value) + "]"
    return str(value)


def rules_changed_lines(old: Sheet, new: Sheet, start: int, width: int | None = None) -> list[str]:
    """What a change of the rules from deal ``start`` (from 1) did, after the rules now in
    force: from the next deal on, that the deals before keep their scores; from a deal
    played, every deal whose points changed in the list that decides (each player's old and
    new) and the totals before and after. Nothing on a sheet with no deals, or when only the
    rules of the whole sheet changed (the list that decides, the length: no deal's score).

    >>> from dataclasses import replace
    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal("Ben", GameSpec("grand", with_=1, points=50)))
    >>> rules_changed_lines(sheet, sheet.change_rules(lambda r: replace(r, bock=True)), 2)
    ['From deal 2 on; the deals before keep their rules and their scores.']
    >>> for line in rules_changed_lines(sheet, sheet.change_rules(
    ...         lambda r: replace(r, opponents_three=45), 1), 1):
    ...     print(line)
    From deal 1 on; each deal whose score changed, in the Seeger-Fabian list:
    Deal 1: Anna +40 → +45, Carl +40 → +45
    Before: Totals, Seeger-Fabian list: Anna +40, Ben -146, Carl +40
    After: Totals, Seeger-Fabian list: Anna +45, Ben -146, Carl +45
    """
    if not new.deals or _per_deal(new) == _per_deal(old):
        return []
    if start > len(new.deals):
        return [w("rules.from.next", n=start)]
    scoring = str(new.rules.scoring)
    changed = rescored(old.tally(), new.tally(), scoring)
    if not changed:
        return [w("rules.from.unchanged", n=start)]
    said = [w("rules.from.rescored", n=start, name=w(f"list.name.{scoring}"))]
    for n, seats in changed:
        items = ", ".join(
            w("rules.from.change", name=new.players[seat], old=signed(was), new=signed(now))
            for seat, was, now in seats
        )
        said.append(w("rules.from.deal", n=n, changes=items))
    before = totals_lines(old.tally(), scoring, width, legend=False)[0]
    after = totals_lines(new.tally(), scoring, width, legend=False)[0]
    return [*said, w("rules.from.before", totals=before), w("rules.from.after", totals=after)]


def _per_deal(sheet: Sheet) -> tuple[tuple[int, tuple[object, ...]], ...]:
    """The rules of the deals from each change on, without those of the whole sheet."""
    names = [option.name for option in RULES if option.name not in WHOLE_SHEET]
    return tuple((n, tuple(getattr(r, name) for name in names)) for n, r in sheet.phases)


def rules_lines(rules: Rules, players: int = 0) -> list[str]:
    """The rules in words, one line each (``sheet rules``; joined, what ``sheet new`` and
    ``tournament new`` say the table plays). The points for each other player at five are
    said at a table of five ``players``, or when the rule is not its default (a tournament,
    whose tables are three or four, never needs them).

    >>> from skatcalc.sheet.model import Rules
    >>> rules_lines(Rules())[2:4]
    ['Kontra and Re: allowed', 'Bock: off']
    >>> rules_lines(Rules(), 5)[1][-38:]
    '+30 at four, +24 at five per lost game'
    """
    lines = [line for _, say in SAYINGS for line in say(rules, players)]
    said = {name for names, _ in SAYINGS for name in names}
    for option in RULES:  # a rule no saying names: its own line, its own words
        if option.name not in said:
            value = getattr(rules, option.name)
            lines.append(w(f"rules.rule.{option.name}", value=literal(value)))
    return lines


def _list_said(rules: Rules, players: int) -> list[str]:
    scoring = w(f"short.scoring.{rules.scoring}", limit=rules.bierlachs_limit)
    return [w("rules.list", scoring=scoring)]


def _seeger_fabian_said(rules: Rules, players: int) -> list[str]:
    five = players == 5 or rules.opponents_five != RULE["opponents_five"].default
    return [
        w(
            "rules.seeger_fabian.five" if five else "rules.seeger_fabian",
            won=rules.won_bonus, lost=rules.lost_penalty, three=rules.opponents_three,
            four=rules.opponents_four, five=rules.opponents_five,
        )
    ]  # fmt: skip


def _kontra_said(rules: Rules, players: int) -> list[str]:
    return [w("rules.kontra.yes" if rules.kontra else "rules.kontra.no")]


def _bock_said(rules: Rules, players: int) -> list[str]:
    if not rules.bock:
        return [w("rules.bock.off")]
    length = (
        w("rules.bock.length", length=rules.bock_length)
        if rules.bock_length
        else w("rules.bock.per_player")
    )
    overlap = w("rules.bock.double" if rules.bock_overlap == "double" else "rules.bock.queue")
    named = [f"{w(f'trigger.{t}')} ({t})" for t in rules.bock_triggers]
    triggers = ", ".join(named) or w("rules.bock.none")
    lines = [w("rules.bock", triggers=triggers, length=length, overlap=overlap)]
    extras = []
    if "value" in rules.bock_triggers:
        extras.append(w("rules.bock.value", value=rules.bock_value))
    if rules.bock_self:
        extras.append(w("rules.bock.self"))
    if rules.bock_max:
        extras.append(w("rules.bock.max", max=rules.bock_max))
    if rules.bockramsch:
        extras.append(w("rules.bockramsch"))
    if extras:
        lines.append(w("rules.bock.extras", extras=", ".join(extras)))
    return lines


def _ramsch_said(rules: Rules, players: int) -> list[str]:
    if not rules.ramsch:
        return [w("rules.ramsch.off")]
    extras = [
        w("rules.ramsch.skat." + rules.ramsch_skat),
        w("rules.ramsch.ties." + rules.ramsch_ties),
        w("rules.ramsch.jungfrau" if rules.ramsch_jungfrau else "rules.ramsch.no_jungfrau"),
        w(
            "rules.ramsch.durchmarsch"
            if rules.ramsch_durchmarsch
            else "rules.ramsch.no_durchmarsch"
        ),
        w("rules.ramsch.schieben" if rules.schieberamsch else "rules.ramsch.no_schieben"),
    ]
    if rules.ramsch_value:
        extras.append(w("rules.ramsch.value", value=rules.ramsch_value))
    return [w("rules.ramsch", extras=", ".join(extras))]


def _bierlachs_dealer_said(rules: Rules, players: int) -> list[str]:
    if rules.scoring == "bierlachs" and not rules.bierlachs_dealer:
        return [w("rules.bierlachs.no_dealer")]
    return []


def _old_said(rules: Rules, players: int) -> list[str]:
    old = []
    if rules.lost_hand_single:
        old.append(w("rules.old.single"))
    if rules.grand_base != 24:
        old.append(w("rules.old.grand", base=rules.grand_base))
    if rules.grand_ouvert_base != 24:
        old.append(w("rules.old.grand_ouvert", base=rules.grand_ouvert_base))
    return [w("rules.old", rules=", ".join(old) if old else w("rules.old.none"))]


def _series_said(rules: Rules, players: int) -> list[str]:
    if not (rules.series_length or rules.series_count):  # said only when the sheet sets them
        return []
    length = (
        w("rules.series.deals", count=rules.series_length)
        if rules.series_length
        else w("rules.series.per_player")
    )
    count = (
        w("rules.series.count", count=rules.series_count)
        if rules.series_count
        else w("rules.series.no_end")
    )
    return [w("rules.series", length=length, count=count)]


SAYINGS: tuple[tuple[tuple[str, ...], Callable[[Rules, int], list[str]]], ...] = (
    (("scoring", "bierlachs_limit"), _list_said),
    (("won_bonus", "lost_penalty", "opponents_three", "opponents_four", "opponents_five"),
     _seeger_fabian_said),
    (("kontra",), _kontra_said),
    (("bock", "bock_triggers", "bock_length", "bock_overlap", "bock_value", "bock_self",
      "bock_max", "bockramsch"), _bock_said),
    (("ramsch", "ramsch_skat", "ramsch_ties", "ramsch_jungfrau", "ramsch_durchmarsch",
      "schieberamsch", "ramsch_value"), _ramsch_said),
    (("bierlachs_dealer",), _bierlachs_dealer_said),
    (("lost_hand_single", "grand_base", "grand_ouvert_base"), _old_said),
    (("series_length", "series_count"), _series_said),
)  # fmt: skip
"""The lines of ``sheet rules``, in order: each says the rules it names (a few rules read as
one line); a rule of :data:`~skatcalc.sheet.rules.RULES` that none names gets a line of its
own, its words ``rules.rule.NAME`` (``{value}`` as the file spells it). tests/test_option_sets.py
holds every rule to a line that changes with it, in both languages."""


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
        if len(done.payments) < len(done.pairs):  # --transfers fewest made it fewer
            lines.append(w("stats.settle.fewest", count=len(done.payments), pairs=len(done.pairs)))
        lines += settlement_lines(done.payments, currency)
    elif not done.stake and not done.kitty:
        lines.append(w("stats.settle.zero"))
    elif not done.kitty:
        lines.append(w("stats.level") + ".")
    return lines


def cash_lines(money: Cash, currency: str = "", width: int | None = None) -> list[str]:
    """The evening's cash in words: a row per player (what they pay, what they get, the net),
    then the organiser's account: what came in, what went out, the kitty. A table wider than
    ``width`` (a phone's 40 columns) goes in parts, each with the names (a broken row is none).

    >>> from skatcalc.sheet.cash import CashRule, cash
    >>> from skatcalc.sheet.model import Sheet
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"])
    >>> print("\\n".join(cash_lines(cash([(sheet, sheet.tally())], CashRule(entry=500, prizes=(("Anna", 1000),))), "€")))
    The cash:
      Player   Entry  Cards  Lost fees  Passed  Prizes     Net
      Anna     €5.00  €0.00      €0.00   €0.00  €10.00  +€5.00
      Ben      €5.00  €0.00      €0.00   €0.00   €0.00  -€5.00
      Carl     €5.00  €0.00      €0.00   €0.00   €0.00  -€5.00
    Came in: €15.00 (entries €15.00, card money €0.00, lost-game fees €0.00, passed deals €0.00). Paid out: prizes €10.00. In the kitty: €5.00.
    """
    keys = ("player", "entry", "card_money", "lost_fees", "passed_fees", "prizes", "net")
    evening = all(line.evening is not None for line in money.players)  # made with a settlement
    header = [w(f"cash.column.{key}") for key in keys] + ([w("cash.column.evening")] * evening)
    rows = [
        [line.name, *(money_cell(getattr(line, k), currency) for k in keys[1:-1]),
         _signed_money(line.net, currency)]
        + ([_signed_money(line.evening or 0, currency)] * evening)
        for line in money.players
    ]  # fmt: skip
    sizes = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    lines = [w("cash.title")]
    for part in _parts(sizes, width):
        for row in [header, *rows]:
            cells = [row[0].ljust(sizes[0]), *(row[i].rjust(sizes[i]) for i in part)]
            lines.append("  " + "  ".join(cells).rstrip())
    if evening:
        lines.append(w("cash.once"))
    said = {k: money_cell(money.total(k), currency) for k in keys[1:-1]}  # keys: not the evening
    account = w("cash.came_in", total=money_cell(money.came_in, currency), entries=said["entry"],
                cards=said["card_money"], lost=said["lost_fees"], passed=said["passed_fees"])  # fmt: skip
    if money.rule.carried:
        account = (
            w("cash.carried", amount=money_cell(int(money.rule.carried), currency)) + " " + account
        )
    account += " " + w("cash.paid_out", prizes=said["prizes"])
    account += " " + w("cash.kitty", amount=money_cell(money.kitty, currency))
    return [*lines, account]


def _parts(sizes: list[int], width: int | None) -> list[list[int]]:
    """The columns after the names' (their ``sizes``, the names' first) in parts that each fit
    ``width`` with the names, two spaces before each column; one part without a width.

    >>> _parts([5, 6, 6, 9, 6], 40)
    [[1, 2, 3], [4]]
    >>> _parts([5, 6, 6], None)
    [[1, 2]]
    """
    columns = list(range(1, len(sizes)))
    if width is None:
        return [columns]
    parts: list[list[int]] = [[]]
    used = 2 + sizes[0]
    for i in columns:
        if parts[-1] and used + 2 + sizes[i] > width:
            parts.append([])
            used = 2 + sizes[0]
        parts[-1].append(i)
        used += 2 + sizes[i]
    return parts


def money_cell(cents: int, currency: str) -> str:
    """An amount in a cell or a sentence: :func:`skatcalc.words.money`, whole cents."""
    return money(cents, currency)


def _signed(number: int) -> str:
    return f"{number:+d}" if number else "0"


def _signed_money(cents: int, currency: str) -> str:
    text = money(cents, currency)
    return f"+{text}" if cents > 0 else text


def settlement_lines(payments: Sequence[Payment], currency: str = "") -> list[str]:
    """The payments as sentences a player can act on, one per payment.

    >>> from skatcalc.sheet.stats import Payment
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
