"""A sheet as data for other tools and people: the JSON of ``sheet show``, and exports.

Pure: text in, text out; the CLI writes it where asked. Each export takes the sheet and its
tally; :func:`export` picks one by the name in :data:`FORMATS`.

>>> from skatcalc.sheet.model import Deal, Sheet
>>> from skatcalc.spec import GameSpec
>>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal("Ben", GameSpec("grand", with_=2, points=61)))
>>> data = sheet_dict(sheet, sheet.tally())
>>> data["players"][1], data["games"][0]["totals"]
({'name': 'Ben', 'score': 72, 'won': 1, 'lost': 0, 'seeger_fabian': 122, 'bierlachs': 0}, {'Anna': 0, 'Ben': 72, 'Carl': 0})
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict
from typing import Any

from skatcalc.errors import SkatError
from skatcalc.games import GameType
from skatcalc.report import signed, summary, to_dict
from skatcalc.sheet.model import LISTS, Deal, ScoredDeal, Sheet, Tally
from skatcalc.spec import GameSpec
from skatcalc.value import Level, Scoring
from skatcalc.words import raw

__all__ = [
    "CSV_COLUMNS",
    "FORMATS",
    "deal_dict",
    "export",
    "sheet_csv",
    "sheet_dict",
    "sheet_html",
    "sheet_json",
    "sheet_markdown",
]


def deal_dict(tally: Tally, n: int) -> dict[str, Any]:
    """Deal ``n`` (from 1) as in ``sheet show --json``: number, dealer, declarer, the game's
    ``value --json`` keys, and every player's running total after it."""
    entry = tally.deals[n - 1]
    players = [p.name for p in tally.players]
    ramsch = entry.deal.ramsch
    data: dict[str, Any] = {
        "n": entry.n,
        "dealer": entry.dealer,
        "declarer": entry.deal.declarer,
        "passed": entry.deal.is_passed,
        "bock_factor": 1 << entry.bock,
    }
    if entry.scoring is not None:
        data.update(to_dict(entry.scoring))
    if entry.deal.game is not None:
        data["entered"] = entry.deal.game.to_mapping()
    if ramsch is not None:
        data["ramsch"] = {
            "points": dict(ramsch.points),
            "jungfrau": list(ramsch.jungfrau),
            "durchmarsch": ramsch.durchmarsch,
            "pushes": ramsch.pushes,
            "last_trick": ramsch.last_trick,
        }
    data["scores"] = dict(zip(players, entry.scores, strict=True))
    data["bock_triggers"] = list(entry.triggers)
    data["totals"] = dict(zip(players, entry.totals, strict=True))
    return data


def sheet_dict(
    sheet: Sheet, tally: Tally, last: int | None = None, scoring: str | None = None
) -> dict[str, Any]:
    """The object of ``sheet show --json`` (docs/json.md); ``last`` keeps the last N deals.

    Every list's totals are in it; ``list`` names the one the view follows (``scoring``, by
    default the one that decides the sheet)."""
    played = tally.deals_played
    number, place = tally.series
    return {
        "players": [
            {
                "name": p.name,
                "score": p.score,
                "won": p.won,
                "lost": p.lost,
                "seeger_fabian": p.seeger_fabian,
                "bierlachs": p.bierlachs,
            }
            for p in tally.players
        ],
        "games": [
            deal_dict(tally, n) for n in range(1, played + 1) if last is None or n > played - last
        ],
        "series": {
            "deals": played,
            "of": tally.series_length,
            "number": number,
            "deal_in_series": place,
        },
        "rules": _rules_dict(sheet),
        "bock_ahead": [1 << levels for levels in tally.bock_ahead],
        "bockramsch_ahead": tally.ramsch_ahead,
        "bierlachs": None
        if tally.decided is None
        else {"losers": list(tally.decided[0]), "deal": tally.decided[1]},
        "list": _followed(sheet, scoring),
    }


def _followed(sheet: Sheet, scoring: str | None) -> str:
    """The list a view follows: ``scoring`` when given, else the one that decides the sheet.

    >>> _followed(Sheet.new(["Anna", "Ben", "Carl"]), "pub")
    Traceback (most recent call last):
    ...
    skatcalc.errors.SkatError: unknown list 'pub': the lists are seeger-fabian, standard, bierlachs
    """
    if scoring is None:
        return sheet.rules.scoring
    if scoring not in LISTS:
        raise SkatError(raw("err.list").format(scoring=repr(scoring), lists=", ".join(LISTS)))
    return scoring


# --- CSV --------------------------------------------------------------------------------------


ENTERED_COLUMNS: tuple[str, ...] = tuple(name.rstrip("_") for name in GameSpec._fields)
"""The game as entered, one column per option of ``value`` (as in a sheet file's deal)."""

CSV_COLUMNS = (
    "n", "dealer", "declarer", *ENTERED_COLUMNS, "base_value", "tops", "levels", "multiplier",
    "value", "scored_value", "outcome", "bock_factor", "score", "ramsch_points", "jungfrau",
    "durchmarsch", "pushes", "last_trick",
)  # fmt: skip
"""The CSV columns before the running totals, one per player, named by the player."""


def sheet_csv(sheet: Sheet, tally: Tally, scoring: str | None = None) -> str:
    """One row per deal (passed ones too) under a header row, then the sheet's rules.

    Every field of every deal: the game as entered (the columns named as ``value``'s options;
    flags ``true``/``false``), what it scored (base value, tops, the levels counted, multiplier,
    value, the value the score rests on, outcome, Bock factor, score), a Ramsch's card points
    (``{"Anna": 60, ...}``, JSON), Jungfrau (a JSON list), Durchmarsch, pushes and who took
    the last trick, and every
    player's running total, in the list ``scoring`` (by default the one that decides the
    sheet). A cell that does not apply is empty; a passed deal has no game, a Ramsch the game
    ``ramsch``. After the deals, an empty row, a ``rule,value`` row, and one row per rule of
    the sheet (lists joined by commas), so ``sheet import`` can rebuild the sheet. Rows end in
    ``\\n``, so a text-mode write gives the platform's line ends.

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl, Jr."]).add(Deal.passed())
    >>> sheet = sheet.add(Deal("Carl, Jr.", GameSpec("spades", without=1, points=70)))
    >>> print(*sheet_csv(sheet, sheet.tally(), "standard").splitlines()[:3], sep="\\n")
    n,dealer,declarer,game,with,without,cards,skat,hand,schneider,schwarz,ouvert,points,tricks,bid,kontra,re,discards,base_value,tops,levels,multiplier,value,scored_value,outcome,bock_factor,score,ramsch_points,jungfrau,durchmarsch,pushes,last_trick,Anna,Ben,"Carl, Jr."
    1,Anna,,,,,,,,,,,,,,,,,,,,,,,,1,,,,,,,0,0,0
    2,Ben,"Carl, Jr.",spades,,1,,,false,false,false,false,70,,18,false,false,,11,without 1,game,2,22,22,won,1,22,,,,,,0,0,22
    """
    import csv  # here, not at the top: ``sheet add --json`` imports this module
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    followed = _followed(sheet, scoring)
    writer.writerow(map(_inert, (*CSV_COLUMNS, *(p.name for p in tally.players))))
    for entry in tally.deals:
        writer.writerow(map(_inert, (*_csv_cells(entry), *entry.running(followed))))
    writer.writerow(())
    writer.writerow(("rule", "value"))
    for field, value in _rules_dict(sheet).items():
        writer.writerow(map(_inert, (field, _csv_value(value))))
    return out.getvalue()


_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?")


def _inert(cell: object) -> object:
    """A cell a spreadsheet will not run as a formula (OWASP, CSV injection): text starting
    with = + - @ tab or carriage return gets a leading ', a number stays a number. Text that
    starts with ' gets one more, so ``sheet import`` takes exactly one off again.

    >>> _inert("=HYPERLINK(1)"), _inert("@SUM(A1)"), _inert(-96), _inert("-96"), _inert("Anna")
    ("'=HYPERLINK(1)", "'@SUM(A1)", -96, '-96', 'Anna')
    >>> _inert("'=x")
    "''=x"
    """
    if (
        isinstance(cell, str)
        and cell.startswith((*_FORMULA_STARTS, "'"))
        and not (_NUMBER.fullmatch(cell))
    ):
        return "'" + cell
    return cell


def _csv_value(value: object) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list | tuple):
        return ",".join(map(str, value))
    return "" if value is None else str(value)


def _csv_cells(entry: ScoredDeal) -> list[object]:
    cells: dict[str, object] = {"n": entry.n, "dealer": entry.dealer}
    cells["bock_factor"] = 1 << entry.bock
    ramsch = entry.deal.ramsch
    s = entry.scoring
    game = entry.deal.game
    if ramsch is not None:
        import json

        cells["game"] = "ramsch"
        cells["ramsch_points"] = json.dumps(dict(ramsch.points), ensure_ascii=False)
        cells["jungfrau"] = json.dumps(list(ramsch.jungfrau), ensure_ascii=False)
        cells["durchmarsch"] = ramsch.durchmarsch or ""
        cells["pushes"] = ramsch.pushes
        cells["last_trick"] = ramsch.last_trick or ""
    elif s is not None and game is not None:
        cells["declarer"] = entry.deal.declarer
        cells.update(zip(ENTERED_COLUMNS, map(_csv_value, game), strict=True))
        cells["base_value"] = "" if s.tops is None else s.base_value
        cells["tops"] = "" if s.tops is None else str(s.tops)
        cells["levels"] = " ".join(level.value for level in s.levels)
        cells["multiplier"] = _blank(s.multiplier)
        cells["value"] = s.value
        cells["scored_value"] = _blank(s.scored_value)
        cells["outcome"] = "" if s.outcome is None else s.outcome.value
        cells["score"] = _blank(s.score)
    return [cells.get(column, "") for column in CSV_COLUMNS]


def _rules_dict(sheet: Sheet) -> dict[str, Any]:
    return {**asdict(sheet.rules), "bock_triggers": list(sheet.rules.bock_triggers)}


def _blank(value: int | None) -> object:
    return "" if value is None else value


def _no_game(
    entry: ScoredDeal, names: Sequence[str], shown: Mapping[str, str] | None = None
) -> str:
    """A deal without a declarer: passed, or a Ramsch with each player's card points, Jungfrau,
    Durchmarsch and pushes, and who lost (or won) how much. ``names`` are the players in
    seating order, ``shown`` how the export writes each (as written when not given).

    >>> from skatcalc.sheet.model import Ramsch, Rules, Sheet, Deal
    >>> ramsch = Ramsch((("A", 70), ("B", 50), ("C", 0)), ("C",), None, 1)
    >>> sheet = Sheet.new(["A", "B", "C"], Rules(ramsch=True, schieberamsch=True))
    >>> _no_game(sheet.add(Deal.of_ramsch(ramsch)).tally().deals[0], ["A", "B", "C"])
    'Ramsch (A 70, B 50, C 0; Jungfrau C; pushed 1×): A -280'
    """
    ramsch = entry.deal.ramsch
    if ramsch is None:
        return "passed"
    seat = dict(shown or {})
    points = ", ".join(f"{seat.get(name, name)} {value}" for name, value in ramsch.points)
    facts = [points]
    if ramsch.jungfrau:
        facts.append("Jungfrau " + ", ".join(seat.get(n, n) for n in ramsch.jungfrau))
    if ramsch.durchmarsch is not None:
        facts.append(f"Durchmarsch {seat.get(ramsch.durchmarsch, ramsch.durchmarsch)}")
    if ramsch.pushes:
        facts.append(f"pushed {ramsch.pushes}\u00d7")
    # strict=False: a ScoredDeal built by hand may leave ``scores`` empty
    pairs = zip(names, entry.scores, strict=False)
    scores = [f"{seat.get(name, name)} {signed(score)}" for name, score in pairs if score]
    head = f"Ramsch ({'; '.join(facts)})"
    return f"{head}: {', '.join(scores)}" if scores else head


def _played(deal: Deal) -> str:
    """The bid and the result as entered, and the cards when given: ``bid 20, 56 card points``."""
    game = deal.game
    if game is None:
        return ""
    words = [f"bid {game.bid}"]
    if game.points is not None:
        words.append(f"{game.points} card points")
    if game.tricks is not None:
        words.append(f"{game.tricks} trick{'' if game.tricks == 1 else 's'}")
    if game.cards:
        words.append(f"cards {game.cards}")
    if game.skat:
        words.append(f"skat {game.skat}")
    return ", ".join(words)


def _factors(s: Scoring) -> list[str]:
    """What multiplies the score beyond the value: Kontra or Re, and Bock rounds."""
    words = ["Re"] if s.re else ["Kontra"] if s.kontra else []
    if s.bock:
        words.append("Bock" if s.bock == 1 else f"Bock \u00d7 {1 << s.bock}")
    return words


# --- JSON -------------------------------------------------------------------------------------


def sheet_json(sheet: Sheet, tally: Tally, scoring: str | None = None) -> str:
    """The object of ``sheet show --json`` with every deal, indented, ending in a newline.

    >>> from skatcalc.sheet.model import Sheet
    >>> sheet = Sheet.new(["Zoë", "Ben", "Carl"])
    >>> print(*sheet_json(sheet, sheet.tally()).splitlines()[:4], sep="\\n")
    {
      "players": [
        {
          "name": "Zoë",
    """
    import json

    return json.dumps(sheet_dict(sheet, tally, None, scoring), ensure_ascii=False, indent=2) + "\n"


# --- Markdown ---------------------------------------------------------------------------------

# Every ASCII punctuation character may be backslash-escaped in CommonMark; these are the ones
# that would otherwise turn a name into a cell break, emphasis, code, a link, HTML, an entity,
# strike-through or maths. Line breaks would end the table row.
_MARKDOWN_ESCAPES = str.maketrans({**{c: "\\" + c for c in "\\|`*_[]<>&~$"}, "\n": " ", "\r": " "})


def _md(text: str) -> str:
    return text.translate(_MARKDOWN_ESCAPES)


def _md_row(cells: Iterable[object]) -> str:
    return "| " + " | ".join(_md(str(cell)) for cell in cells) + " |"


def sheet_markdown(sheet: Sheet, tally: Tally, scoring: str | None = None) -> str:
    """The score list as Markdown tables for a chat: the deals, then each player's totals.

    The running totals are in the list ``scoring`` (by default the one that decides the
    sheet), named under the title. Each game says its value, result and score, Kontra, Re and
    Bock, then the bid, the card points or tricks, and the cards when they were given; a Ramsch
    says everybody's card points, Jungfrau, Durchmarsch and pushes. Names are escaped, so they
    show as typed in any CommonMark renderer with tables.

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["Anna", "Ben|Bo", "*Carl*"])
    >>> sheet = sheet.add(Deal("Ben|Bo", GameSpec("grand", with_=2, points=61))).add(Deal.passed())
    >>> print(sheet_markdown(sheet, sheet.tally(), "standard"), end="")
    **Skat score sheet**
    <BLANKLINE>
    Running totals in the standard list; the Seeger-Fabian list decides.
    <BLANKLINE>
    | # | Dealer | Declarer | Game | Score | Anna | Ben\\|Bo | \\*Carl\\* |
    |--:|---|---|---|--:|--:|--:|--:|
    | 1 | Anna | Ben\\|Bo | Grand, with 2 (72): won +72; bid 18, 61 card points | +72 | 0 | 72 | 0 |
    | 2 | Ben\\|Bo |  | passed |  | 0 | 72 | 0 |
    <BLANKLINE>
    | Player | Score | Won | Lost | Seeger-Fabian |
    |---|--:|--:|--:|--:|
    | Anna | 0 | 0 | 0 | 0 |
    | Ben\\|Bo | +72 | 1 | 0 | +122 |
    | \\*Carl\\* | 0 | 0 | 0 | 0 |
    """
    names = [p.name for p in tally.players]
    followed = _followed(sheet, scoring)
    lines = [
        "**Skat score sheet**",
        "",
        _list_note(sheet, followed),
        "",
        _md_row(["#", "Dealer", "Declarer", "Game", "Score", *names]),
        "|--:|---|---|---|--:|" + "--:|" * len(names),
    ]
    for entry in tally.deals:
        s = entry.scoring
        if s is None:
            game, score = _no_game(entry, names), ""
        else:
            game = "; ".join([", ".join([summary(s), *_factors(s)]), _played(entry.deal)])
            score = "" if s.score is None else signed(s.score)
        declarer = entry.deal.declarer or ""
        running = entry.running(followed)
        lines.append(_md_row([entry.n, entry.dealer, declarer, game, score, *running]))
    bierlachs = "bierlachs" in (followed, sheet.rules.scoring)
    lines += [
        "",
        _md_row(["Player", "Score", "Won", "Lost", "Seeger-Fabian", *["Bierlachs"] * bierlachs]),
        "|---|--:|--:|--:|--:|" + "--:|" * bierlachs,
    ]
    for p in tally.players:
        minus = [signed(p.bierlachs)] * bierlachs
        cells = [p.name, signed(p.score), p.won, p.lost, signed(p.seeger_fabian), *minus]
        lines.append(_md_row(cells))
    return "\n".join(lines) + "\n"


_LIST_NAMES = {
    "seeger-fabian": "the Seeger-Fabian list",
    "standard": "the standard list",
    "bierlachs": "the Bierlachs list",
}


def _list_note(sheet: Sheet, followed: str) -> str:
    """Which list the running totals are in, and which decides (exports are in English)."""
    decides = sheet.rules.scoring
    if followed == decides:
        return f"Running totals in {_LIST_NAMES[followed]}, which decides."
    return f"Running totals in {_LIST_NAMES[followed]}; {_LIST_NAMES[decides]} decides."


# --- HTML -------------------------------------------------------------------------------------

_LEVEL_COLUMNS = (
    (Level.HAND, "Hand"),
    (Level.SCHNEIDER, "Schneider"),
    (Level.SCHNEIDER_ANNOUNCED, "announced"),
    (Level.SCHWARZ, "Schwarz"),
    (Level.SCHWARZ_ANNOUNCED, "announced"),
    (Level.OUVERT, "Ouvert"),
)
_SUITS = {
    GameType.CLUBS: "♣",
    GameType.SPADES: "♠",
    GameType.HEARTS: '<span class="r">♥</span>',
    GameType.DIAMONDS: '<span class="r">♦</span>',
}
# Columns before the running totals: deal, dealer, declarer, base value, with, without, the
# levels, bid, points, won/lost, value, score.
_GAME_COLUMNS = 6 + len(_LEVEL_COLUMNS) + 5

# Small on purpose: a series (36 deals at three, 48 at four) with the Seeger-Fabian account
# and the chart fits one A4 page, printed like the paper list (tests/sheet/test_print.py prints
# it with Chromium and counts the pages); each further series starts a page of its own.
_CSS = """\
@page { size: A4; margin: 9mm 9mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; color: #111; font: 7.5pt/1.1 "DejaVu Sans", "Segoe UI", Arial, sans-serif; }
main { max-width: 192mm; margin: 0 auto; }
@media screen {
  body { background: #dfe2e6; padding: 24px 12px; }
  main { max-width: 210mm; background: #fff; padding: 9mm; box-shadow: 0 2px 10px #0003; }
}
header { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: baseline;
  gap: 0.5mm 6mm; border-bottom: 1.2pt solid #111; padding-bottom: 1mm; margin-bottom: 1.5mm; }
h1 { font-size: 12pt; margin: 0; }
h2 { font-size: 9pt; margin: 0 0 1mm; }
header p { margin: 0; }
.players span + span::before { content: " · "; color: #888; }
.players > span { white-space: nowrap; }
.players .seat { display: inline-block; min-width: 1.4em; text-align: center; background: #111;
  color: #fff; border-radius: 0.6mm; margin-right: 0.6mm; }
section.series + section.series { break-before: page; page-break-before: always; }
table { width: 100%; table-layout: fixed; border-collapse: collapse;
  font-variant-numeric: tabular-nums; }
col.n { width: 8mm; } col.p { width: 15mm; } col.a { width: 5mm; } col.b { width: 16mm; } col.k { width: 4mm; }
col.l { width: 3.6mm; } col.w { width: 15mm; } col.v { width: 9mm; } col.s { width: 11mm; }
th, td { border: 0.4pt solid #888; padding: 0.1mm 0.8mm; }
th { background: #eceef1; font-weight: 600; vertical-align: bottom; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
td { text-align: right; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.t { text-align: left; }
th.nm { white-space: normal; overflow-wrap: anywhere; }
td.x, td.w { text-align: center; padding: 0.1mm 0; }
th.v { padding: 0.6mm 0; font-size: 6.5pt; }
th.v span { writing-mode: vertical-rl; transform: rotate(180deg); font-weight: 500; }
tbody.deals tr:nth-child(even) td { background: #f5f6f8; }
.r, .lost, .overbid { color: #b00; }
td.me { font-weight: 700; }
td.same, tr.passed td { color: #888; }
td.p { text-align: left; font-style: italic; }
tbody.sf th { text-align: right; font-weight: 400; background: none; }
tbody.sf tr:first-child > * { border-top: 1.2pt solid #111; }
tbody.sf tr.total > * { font-weight: 700; border-top: 1.2pt double #111; }
p.legend { color: #555; margin: 1mm 0 0; font-size: 6.5pt; }
"""

_SHORT_NAME = 10
"""Names up to this long stand in the narrow columns; longer ones give way to seat letters."""


def _num(number: int, *, sign: bool = False) -> str:
    """A number with a true minus sign (and ``+`` when ``sign``), as typeset lists print it."""
    text = signed(number) if sign else str(number)
    return text.replace("-", "\N{MINUS SIGN}")


def _escape(text: str) -> str:
    from html import escape  # here, not at the top: ``sheet add --json`` imports this module

    return escape(text)


def sheet_html(sheet: Sheet, tally: Tally, scoring: str | None = None) -> str:
    """The score list as one self-contained HTML page laid out like a paper tournament list.

    Deals in rows: dealer, declarer, base value, tops, an ``x`` under each level that counts for
    the value, won or lost, the value, the score and every player's running total; under them
    the Seeger-Fabian account of each player, from ``sheet.rules``; under the list, a chart of
    the running totals (:func:`~skatcalc.sheet.chart.svg_chart`). The running totals and the
    chart are in the list ``scoring`` (by default the one that decides the sheet), named in the
    header; on a Bierlachs sheet the footer ends with each player's Bierlachs total. A series
    (36 deals at three, 48 at four) prints on one A4 page, account and chart included; each
    further series starts a page of its own. Names up to 10 characters stand in the narrow
    columns; when one is longer, every player has a seat letter there (the chart's), and the
    head of the page names them in full. No script and nothing from elsewhere. Every name is
    escaped, so it shows as typed.

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["<b>Anna</b>", "Ben", "Carl"])
    >>> sheet = sheet.add(Deal("Ben", GameSpec("grand", with_=2, points=61)))
    >>> page = sheet_html(sheet, sheet.tally())
    >>> page.startswith("<!DOCTYPE html>"), "@page { size: A4;" in page
    (True, True)
    >>> "&lt;b&gt;Anna&lt;/b&gt;" in page, "<b>" in page, "<script" in page
    (True, False, False)
    >>> '<span class="seat">B</span>&lt;b&gt;Anna&lt;/b&gt;' in page  # 11 characters: letters
    True
    >>> '<figure class="chart">\\n<svg viewBox=' in page
    True
    """
    from skatcalc.sheet.chart import CHART_CSS, markers, svg_chart  # here: only HTML draws

    names = [p.name for p in tally.players]
    letters = max(len(name) for name in names) > _SHORT_NAME
    shown = dict(zip(names, markers(names) if letters else names, strict=True))
    followed = _followed(sheet, scoring)
    number, place = tally.series
    played = tally.deals_played
    progress = (
        f"{played} deal{'' if played == 1 else 's'}; series {number}, deal {place} of "
        f"{tally.series_length}"
    )
    legend = (
        "x: the level counts in the game value. Points: the declarer\u2019s card points "
        "(tr.: the tricks, where they decide). Value: the game value; for an overbid, the "
        "lowest value of the game that reaches the bid. Bold: the declarer\u2019s running "
        "total."
    )
    scorings = [entry.scoring for entry in tally.deals if entry.scoring is not None]
    if any(s.kontra for s in scorings):
        legend += " K: Kontra, the score \u00d7 2; R: Re, \u00d7 4."
    if any(s.bock for s in scorings):
        legend += " B: Bock, the score \u00d7 2 for each Bock round."
    if letters:
        players = "".join(
            f'<span><span class="seat">{_escape(shown[n])}</span>{_escape(n)}</span>' for n in names
        )
    else:
        players = "".join(f"<span>{_escape(n)}</span>" for n in names)
    length = tally.series_length
    series = [tally.deals[i : i + length] for i in range(0, len(tally.deals), length)] or [()]
    out = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>Skat score sheet: {_escape(', '.join(names))}</title>",
        f"<style>\n{_CSS}{CHART_CSS}</style>",
        "</head>",
        "<body>",
        "<main>",
        "<header>",
        "<h1>Skat score sheet</h1>",
        f'<p class="players">{players}</p>',
        f"<p>{_escape(progress)}</p>",
        f'<p class="list">{_escape(_list_note(sheet, followed))}</p>',
        "</header>",
    ]
    for index, deals in enumerate(series, start=1):
        out.append('<section class="series">')
        if len(series) > 1:
            first, last = deals[0].n, deals[-1].n
            out.append(f"<h2>Series {index}: deals {first} to {last}</h2>")
        out += [
            "<table>",
            *_html_head(names, shown, letters),
            '<tbody class="deals">',
            *(_html_deal(entry, names, shown, followed) for entry in deals),
            "</tbody>",
        ]
        if index == len(series):
            out += _html_seeger_fabian(sheet, tally, followed)
        out += ["</table>", "</section>"]
    out += [
        f'<p class="legend">{_escape(legend)}</p>',
        # Under the list, so a printed list carries it; CHART_CSS keeps it whole on A4.
        f'<figure class="chart">\n{svg_chart(tally, 900, 200, scoring=followed)}\n</figure>',
        "</main>",
        "</body>",
        "</html>",
    ]
    return "\n".join(out) + "\n"


def _html_head(names: list[str], shown: dict[str, str], letters: bool) -> list[str]:
    levels = "".join(
        f'<th class="v"><span>{_escape(label)}</span></th>' for _, label in _LEVEL_COLUMNS
    )
    players = "".join(f'<th class="t nm">{_escape(shown[name])}</th>' for name in names)
    narrow = "a" if letters else "p"  # seat letters, or names
    # over a column of seat letters, the head stands on its side like the levels
    seat = (
        '<th rowspan="2" class="v"><span>{}</span></th>'
        if letters
        else ('<th rowspan="2" class="t">{}</th>')
    )
    # Fixed widths for the number and mark columns, like the printed form; the running totals
    # share what is left.
    columns = (
        f'<col class="n"><col span="2" class="{narrow}"><col class="b"><col span="2" class="k">'
        f'<col span="{len(_LEVEL_COLUMNS)}" class="l"><col span="2" class="v"><col class="w">'
        f'<col class="v">'
        f'<col class="s"><col span="{len(names)}">'
    )
    return [
        f"<colgroup>{columns}</colgroup>",
        "<thead>",
        f'<tr><th rowspan="2">Deal</th>{seat.format("Dealer")}{seat.format("Declarer")}'
        '<th rowspan="2">Base value</th>'
        f'<th colspan="2">Tops</th><th colspan="{len(_LEVEL_COLUMNS)}">Levels</th>'
        '<th rowspan="2">Bid</th><th rowspan="2">Points</th><th rowspan="2">Won / lost</th>'
        '<th rowspan="2">Value</th><th rowspan="2">Score</th>'
        f'<th colspan="{len(names)}">Running totals</th></tr>',
        f'<tr><th class="v"><span>with</span></th><th class="v"><span>without</span></th>'
        f"{levels}{players}</tr>",
        "</thead>",
    ]


def _html_deal(entry: ScoredDeal, names: list[str], shown: dict[str, str], followed: str) -> str:
    cells = [f"<td>{entry.n}</td>", f'<td class="t nm">{_escape(shown[entry.dealer])}</td>']
    s = entry.scoring
    if s is None:
        text = _escape(_no_game(entry, names, shown))
        cells.append(f'<td class="p" colspan="{_GAME_COLUMNS - 2}">{text}</td>')
        cells.extend(f"<td>{_num(total)}</td>" for total in entry.running(followed))
        kind = "passed" if entry.deal.ramsch is None else "ramsch"
        return f'<tr class="{kind}">{"".join(cells)}</tr>'
    cells.append(f'<td class="t nm">{_escape(shown[entry.deal.declarer or ""])}</td>')
    cells.append(f"<td>{_base(s)}</td>")
    if s.tops is None:
        cells.append("<td></td><td></td>")
    elif s.tops.with_:
        cells.append(f"<td>{s.tops.count}</td><td></td>")
    else:
        cells.append(f"<td></td><td>{s.tops.count}</td>")
    marked = _marked(s)
    cells.extend(
        f'<td class="x">{"x" if level in marked else ""}</td>' for level, _ in _LEVEL_COLUMNS
    )
    game = entry.deal.game
    cells.append(f"<td>{s.bid}</td>")
    if game is not None and game.points is not None:
        cells.append(f"<td>{game.points}</td>")
    elif game is not None and game.tricks is not None:
        cells.append(f"<td>{game.tricks} tr.</td>")
    else:
        cells.append("<td></td>")
    outcome = "" if s.outcome is None else s.outcome.value
    factor = (" R" if s.re else " K" if s.kontra else "") + (" " + "B" * s.bock if s.bock else "")
    cells.append(f'<td class="w {outcome}">{outcome}{factor if outcome else ""}</td>')
    cells.append(f"<td>{s.value if s.scored_value is None else s.scored_value}</td>")
    if s.score is None:
        cells.append("<td></td>")
    else:
        red = ' class="r"' if s.score < 0 else ""
        cells.append(f"<td{red}>{_num(s.score, sign=True)}</td>")
    for name, total in zip(names, entry.running(followed), strict=True):
        kind = "me" if name == entry.deal.declarer else "same"
        cells.append(f'<td class="{kind}">{_num(total)}</td>')
    seen = ", ".join(
        f"{what} {cards}" for what, cards in (("cards", game and game.cards), ("skat", game and
        game.skat)) if cards
    )  # fmt: skip
    title = f' title="{_escape(seen)}"' if seen else ""
    return f"<tr{title}>{''.join(cells)}</tr>"


def _base(s: Scoring) -> str:
    """The base value as the list writes it, with the suit's sign; Null has fixed values."""
    if s.game is GameType.NULL:
        return "Null"
    if s.game is GameType.GRAND:
        return f"Grand {s.base_value}"
    return f"{_SUITS[s.game]} {s.base_value}"


def _marked(s: Scoring) -> set[Level]:
    """The levels that count for the value; for Null, hand and ouvert, which fix its value."""
    if s.tops is None:
        decl = s.declaration
        return {level for level, on in ((Level.HAND, decl.hand), (Level.OUVERT, decl.ouvert)) if on}
    return set(s.levels)


def _html_seeger_fabian(sheet: Sheet, tally: Tally, followed: str) -> list[str]:
    """The footer under the running totals: each player's Seeger-Fabian account, line by line."""
    rules = sheet.rules
    players = tally.players
    three = len(players) == 3
    opponents = rules.opponents_three if three else rules.opponents_four
    lost_at_table = sum(p.lost for p in players)
    rows = [
        ("Score", [p.score for p in players]),
        ("Games won", [p.won for p in players]),
        ("Games lost", [p.lost for p in players]),
        (f"+{rules.won_bonus} per game won", [p.won * rules.won_bonus for p in players]),
        (
            f"{_num(-rules.lost_penalty)} per game lost",
            [-p.lost * rules.lost_penalty for p in players],
        ),
        (
            f"+{opponents} per game lost by another player ({'three' if three else 'four'} "
            "players)",
            [(lost_at_table - p.lost) * opponents for p in players],
        ),
    ]
    out = ['<tbody class="sf">']
    for label, numbers in rows:
        counts = label.startswith("Games")
        values = "".join(f"<td>{_num(n, sign=not counts)}</td>" for n in numbers)
        out.append(f'<tr><th colspan="{_GAME_COLUMNS}">{_escape(label)}</th>{values}</tr>')
    totals = "".join(f"<td>{_num(p.seeger_fabian, sign=True)}</td>" for p in players)
    out.append(f'<tr class="total"><th colspan="{_GAME_COLUMNS}">Seeger-Fabian</th>{totals}</tr>')
    if "bierlachs" in (followed, rules.scoring):
        minus = "".join(f"<td>{_num(p.bierlachs)}</td>" for p in players)
        label = f"Bierlachs (to {rules.bierlachs_limit})"
        out.append(f'<tr class="total"><th colspan="{_GAME_COLUMNS}">{label}</th>{minus}</tr>')
    out.append("</tbody>")
    return out


# --- the formats by name ----------------------------------------------------------------------

_EXPORTS: dict[str, Callable[[Sheet, Tally, str | None], str]] = {
    "csv": sheet_csv,
    "json": sheet_json,
    "markdown": sheet_markdown,
    "html": sheet_html,
}
FORMATS = tuple(_EXPORTS)
"""The export formats by name: csv, json, markdown, html."""


def export(sheet: Sheet, tally: Tally, fmt: str, scoring: str | None = None) -> str:
    """The sheet in format ``fmt``, one of :data:`FORMATS`, its running totals in the list
    ``scoring`` (by default the one that decides the sheet).

    >>> from skatcalc.sheet.model import Sheet
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"])
    >>> export(sheet, sheet.tally(), "csv").splitlines()[0].endswith("last_trick,Anna,Ben,Carl")
    True
    >>> export(sheet, sheet.tally(), "pdf")
    Traceback (most recent call last):
    ...
    skatcalc.errors.SkatError: unknown export format 'pdf': expected csv, json, markdown or html
    """
    exporter = _EXPORTS.get(fmt)
    if exporter is None:
        raise SkatError(
            f"unknown export format {fmt!r}: expected {', '.join(FORMATS[:-1])} or {FORMATS[-1]}"
        )
    return exporter(sheet, tally, scoring)
