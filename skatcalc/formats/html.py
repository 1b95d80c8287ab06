"""HTML: the printable pages, each one self-contained A4 document in the language in use.

The score list of a sheet (laid out like a paper tournament list, with its chart), the
tournament's standings and its table cards. One print stylesheet serves them all
(:func:`stylesheet`); the sizes that differ from page to page are its parameters
(:class:`Paper`). No script and nothing from elsewhere; every name is escaped.

>>> from skatcalc.sheet.model import Sheet
>>> from skatcalc.words import use
>>> use("de"); render_sheet(Sheet.new(["Anna", "Ben", "Carl"]), Sheet.new(["Anna", "Ben", "Carl"]).tally()).splitlines()[1]; use("en")
'<html lang="de">'
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from skatcalc.formats.common import (
    cell,
    closed_line,
    fee_total,
    followed,
    header,
    legend,
    list_note,
    no_game,
    num,
    paper_line,
    place,
    prize,
    prize_lines,
    status,
    team_header,
    team_row,
)
from skatcalc.formats.common import (
    escape as _escape,
)
from skatcalc.frozen import record
from skatcalc.games import GameType
from skatcalc.sheet.model import ScoredDeal, Sheet, Tally
from skatcalc.value import Level, Outcome, Scoring
from skatcalc.words import w
from skatcalc.words.tournament import held_line

if TYPE_CHECKING:
    from skatcalc.season import Season
    from skatcalc.tournament.model import Tournament
    from skatcalc.tournament.standings import Standing, Standings, TeamStanding

__all__ = [
    "Paper", "render_cards", "render_season", "render_sheet", "render_standings", "stylesheet",
]  # fmt: skip


# --- one stylesheet for every printed page ----------------------------------------------------


@record
class Paper:
    """The sizes in which the printed pages differ; the rest of :func:`stylesheet` is theirs
    alike. ``page`` is the element that is one sheet of paper on screen."""

    margin: str
    font: str
    width: str
    padding: str
    gap: str
    rule: str
    below: str
    title: str
    cell_border: str
    cell_padding: str
    legend: str
    legend_margin: str
    subtitle: str
    subtitle_margin: str
    page: str = "main"


SCORE_LIST = Paper(
    margin="9mm 9mm", font="7.5pt/1.1", width="192mm", padding="9mm", gap="0.5mm 6mm",
    rule="1.2pt", below="1.5mm", title="12pt", cell_border="0.4pt", cell_padding="0.1mm 0.8mm",
    legend="6.5pt", legend_margin="1mm 0 0", subtitle="9pt",
    subtitle_margin="0 0 1mm",
)  # fmt: skip
"""Small on purpose: a series (36 deals at three, 48 at four; 60 at five in
:data:`SCORE_LIST_FIVE`) with the Seeger-Fabian account
and the chart fits one A4 page, printed like the paper list (tests/sheet/test_print.py prints
it with Chromium and counts the pages); each further series starts a page of its own."""

SCORE_LIST_FIVE = replace(SCORE_LIST, font="7pt/1.05", cell_padding="0 0.6mm")
"""The score list at five players: a series of 60 deals and five running totals fit one A4 page
in a slightly smaller type and tighter lines (measured with Chromium: at 7.5pt/1.1 the page
runs about 25 mm over, and a four-digit total overflows its column)."""

STANDINGS = Paper(
    margin="10mm 12mm", font="8pt/1.15", width="186mm", padding="10mm 12mm", gap="1mm 6mm",
    rule="1.5pt", below="2mm", title="13pt", cell_border="0.5pt", cell_padding="0.1mm 1.2mm",
    legend="7pt", legend_margin="1.5mm 0 0", subtitle="10pt",
    subtitle_margin="2mm 0 1mm",
)  # fmt: skip
"""One A4 page for up to 60 players: 60 rows of under 4 mm under a short header, and below
them the fee in all, a few tables not counted or closed early, the legend."""

CARDS = Paper(
    margin="10mm 12mm", font="8pt/1.2", width="186mm", padding="10mm 12mm", gap="1mm 6mm",
    rule="1.5pt", below="2mm", title="13pt", cell_border="0.5pt", cell_padding="0 1mm",
    legend="7pt", legend_margin="1.5mm 0 0", subtitle="10pt",
    subtitle_margin="2mm 0 1mm",
    page="section.card",
)  # fmt: skip
"""A card a page: the table's players and an empty list of the series' deals to fill in."""


def stylesheet(paper: Paper) -> str:
    """The print stylesheet of every page, in the sizes of ``paper``.

    >>> print(stylesheet(STANDINGS).splitlines()[0])
    @page { size: A4; margin: 10mm 12mm; }
    """
    p = paper
    return f"""\
@page {{ size: A4; margin: {p.margin}; }}
* {{ box-sizing: border-box; }}
html {{ -webkit-print-color-adjust: exact; print-color-adjust: exact; }}
body {{ margin: 0; color: #111; font: {p.font} "DejaVu Sans", "Segoe UI", Arial, sans-serif; }}
{p.page} {{ max-width: {p.width}; margin: 0 auto; }}
@media screen {{
  body {{ background: #dfe2e6; padding: 24px 12px; }}
  {p.page} {{ max-width: 210mm; background: #fff; padding: {p.padding}; box-shadow: 0 2px 10px #0003; }}
}}
header {{ display: flex; flex-wrap: wrap; justify-content: space-between; align-items: baseline;
  gap: {p.gap}; border-bottom: {p.rule} solid #111; padding-bottom: 1mm; margin-bottom: {p.below}; }}
h1 {{ font-size: {p.title}; margin: 0; }}
h2 {{ font-size: {p.subtitle}; margin: {p.subtitle_margin}; }}
header p {{ margin: 0; }}
table {{ width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }}
th, td {{ border: {p.cell_border} solid #888; padding: {p.cell_padding}; }}
th {{ background: #eceef1; font-weight: 600; }}
tr {{ break-inside: avoid; }}
p.legend {{ color: #555; margin: {p.legend_margin}; font-size: {p.legend}; }}
"""


def _page(title: str, paper: Paper, extra: str, body: list[str]) -> str:
    """A whole HTML document: ``lang`` of the language in use, one stylesheet, ``body``."""
    return (
        "\n".join(
            [
                "<!DOCTYPE html>",
                f'<html lang="{w("html.lang")}">',
                "<head>",
                '<meta charset="utf-8">',
                '<meta name="viewport" content="width=device-width, initial-scale=1">',
                f"<title>{_escape(title)}</title>",
                f"<style>\n{stylesheet(paper)}{extra}</style>",
                "</head>",
                "<body>",
                *body,
                "</body>",
                "</html>",
            ]
        )
        + "\n"
    )


# --- the score list ---------------------------------------------------------------------------

_LEVEL_COLUMNS = (
    (Level.HAND, "export.col.hand"),
    (Level.SCHNEIDER, "export.col.schneider"),
    (Level.SCHNEIDER_ANNOUNCED, "export.col.announced"),
    (Level.SCHWARZ, "export.col.schwarz"),
    (Level.SCHWARZ_ANNOUNCED, "export.col.announced"),
    (Level.OUVERT, "export.col.ouvert"),
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

_SHEET_CSS = """\
.players > span + span::before { content: "· "; color: #888; }
.players > span { white-space: nowrap; }
.players .seat { display: inline-block; min-width: 1.4em; text-align: center; background: #111;
  color: #fff; border-radius: 0.6mm; margin-right: 0.6mm; }
section.series + section.series { break-before: page; page-break-before: always; }
table { table-layout: fixed; }
col.n { width: 8mm; } col.p { width: 17mm; } col.a { width: 5mm; } col.b { width: 15mm; } col.k { width: 4mm; }
col.l { width: 3.6mm; } col.w { width: 17mm; } col.v { width: 9.5mm; } col.s { width: 11mm; }
th { vertical-align: bottom; }
thead { display: table-header-group; }
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
"""

_FIVE_CSS = "col.p { width: 15mm; }\n"
"""At five players (in :data:`SCORE_LIST_FIVE`'s type) a name of ten characters stands in
15 mm, and the five running totals need what the names give up."""

_SHORT_NAME = 10
"""Names up to this long stand in the narrow columns; longer ones give way to seat letters."""


def render_sheet(sheet: Sheet, tally: Tally, scoring: str | None = None) -> str:
    """The score list as one self-contained HTML page laid out like a paper tournament list.

    Deals in rows: dealer, declarer, base value, tops, an ``x`` under each level that counts for
    the value, won or lost, the value, the score and every player's running total; under them
    the Seeger-Fabian account of each player, from ``sheet.rules``; under the list, a chart of
    the running totals (:func:`~skatcalc.formats.chart.svg_chart`). The running totals and the
    chart are in the list ``scoring`` (by default the one that decides the sheet), named in the
    header; on a Bierlachs sheet the footer ends with each player's Bierlachs total. A series
    (36 deals at three, 48 at four, 60 at five) prints on one A4 page, account and chart
    included; each
    further series starts a page of its own. Names up to 10 characters stand in the narrow
    columns; when one is longer, every player has a seat letter there (the chart's), and the
    head of the page names them in full. No script and nothing from elsewhere. Every name is
    escaped, so it shows as typed.

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["<b>Anna</b>", "Ben", "Carl"])
    >>> sheet = sheet.add(Deal("Ben", GameSpec("grand", with_=2, points=61)))
    >>> page = render_sheet(sheet, sheet.tally())
    >>> page.startswith('<!DOCTYPE html>\\n<html lang="en">'), "@page { size: A4;" in page
    (True, True)
    >>> "&lt;b&gt;Anna&lt;/b&gt;" in page, "<b>" in page, "<script" in page
    (True, False, False)
    >>> '<span class="seat">B</span>&lt;b&gt;Anna&lt;/b&gt;' in page  # 11 characters: letters
    True
    >>> '<figure class="chart">\\n<svg viewBox=' in page
    True
    """
    from skatcalc.formats.chart import CHART_CSS, markers, svg_chart  # here: only HTML draws

    names = [p.name for p in tally.players]
    letters = max(len(name) for name in names) > _SHORT_NAME
    shown = dict(zip(names, markers(names) if letters else names, strict=True))
    listed = followed(sheet, scoring)
    number, place = tally.series
    played = tally.deals_played
    progress = w(
        "export.progress", count=played, number=number, place=place, length=tally.series_length
    )
    notes = [w("export.legend")]
    scorings = [entry.scoring for entry in tally.deals if entry.scoring is not None]
    if any(s.kontra for s in scorings):
        notes.append(w("export.legend.kontra"))
    if any(s.bock for s in scorings):
        notes.append(w("export.legend.bock"))
    notes += _changes_ahead(sheet, played)
    # a space between the names, where the line may break (each name stays whole)
    if letters:
        players = " ".join(
            f'<span><span class="seat">{_escape(shown[n])}</span>{_escape(n)}</span>' for n in names
        )
    else:
        players = " ".join(f"<span>{_escape(n)}</span>" for n in names)
    length = tally.series_length
    # at five the list is 60 deals long: the chart gives up a little height
    height = 170 if len(names) == 5 else 200
    series = [tally.deals[i : i + length] for i in range(0, len(tally.deals), length)] or [()]
    body = [
        "<main>",
        "<header>",
        f"<h1>{_escape(w('export.title'))}</h1>",
        f'<p class="players">{players}</p>',
        f"<p>{_escape(progress)}</p>",
        f'<p class="list">{_escape(list_note(sheet, listed))}</p>',
        "</header>",
    ]
    for index, deals in enumerate(series, start=1):
        body.append('<section class="series">')
        if len(series) > 1:
            first, last = deals[0].n, deals[-1].n
            body.append(f"<h2>{_escape(w('export.series', n=index, first=first, last=last))}</h2>")
        body += [
            "<table>",
            *_html_head(names, shown, letters),
            '<tbody class="deals">',
            *(row for entry in deals for row in _html_rows(sheet, entry, names, shown, listed)),
            "</tbody>",
        ]
        if index == len(series):
            body += _html_seeger_fabian(sheet, tally, listed)
        body += ["</table>", "</section>"]
    body += [
        f'<p class="legend">{_escape(" ".join(notes))}</p>',
        # Under the list, so a printed list carries it; CHART_CSS keeps it whole on A4.
        f'<figure class="chart">\n{svg_chart(tally, 900, height, scoring=listed)}\n</figure>',
        "</main>",
    ]
    title = w("export.title.players", names=w("join.comma").join(names))
    if len(names) == 5:  # the smaller type holds a name of ten in narrower columns
        return _page(title, SCORE_LIST_FIVE, _SHEET_CSS + _FIVE_CSS + CHART_CSS, body)
    return _page(title, SCORE_LIST, _SHEET_CSS + CHART_CSS, body)


def _html_head(names: list[str], shown: dict[str, str], letters: bool) -> list[str]:
    levels = "".join(
        f'<th class="v"><span>{_escape(w(key))}</span></th>' for _, key in _LEVEL_COLUMNS
    )
    players = "".join(f'<th class="t nm">{_escape(shown[name])}</th>' for name in names)
    narrow = "a" if letters else "p"  # seat letters, or names
    # Fixed widths for the number and mark columns, like the printed form; the running totals
    # share what is left.
    columns = (
        f'<col class="n"><col span="2" class="{narrow}"><col class="b"><col span="2" class="k">'
        f'<col span="{len(_LEVEL_COLUMNS)}" class="l"><col span="2" class="v"><col class="w">'
        f'<col class="v">'
        f'<col class="s"><col span="{len(names)}">'
    )

    def head(key: str) -> str:
        # A column's own head stands on its side, as on a paper list: a word of any length
        # (Alleinspieler, Grundwert) then takes the head's height, never the narrow column's
        # width, where it would run into its neighbour (tests/sheet/test_print.py measures).
        return f'<th rowspan="2" class="v"><span>{_escape(w(key))}</span></th>'

    return [
        f"<colgroup>{columns}</colgroup>",
        "<thead>",
        f"<tr>{head('export.col.deal')}{head('table.dealer')}{head('export.col.declarer')}"
        f"{head('export.col.base')}{head('export.col.with_tops')}"
        f"{head('export.col.without_tops')}"
        f'<th colspan="{len(_LEVEL_COLUMNS)}">{_escape(w("export.col.levels"))}</th>'
        f"{head('export.col.bid')}{head('export.col.points')}{head('export.col.outcome')}"
        f"{head('export.col.value')}{head('table.score')}"
        f'<th colspan="{len(names)}">{_escape(w("export.col.running"))}</th></tr>',
        f"<tr>{levels}{players}</tr>",
        "</thead>",
    ]


def _html_rows(
    sheet: Sheet, entry: ScoredDeal, names: list[str], shown: dict[str, str], listed: str
) -> list[str]:
    """A deal's row, after a row that marks a change of the rules taking effect at it."""
    from skatcalc.words.sheet import change_said

    marks = [
        f'<tr class="rules-change"><td colspan="{_GAME_COLUMNS + len(names)}">'
        f"{_escape(change_said(change))}</td></tr>"
        for change in sheet.changes
        if change.start == entry.n
    ]
    return [*marks, _html_deal(entry, names, shown, listed)]


def _html_deal(entry: ScoredDeal, names: list[str], shown: dict[str, str], listed: str) -> str:
    cells = [f"<td>{entry.n}</td>", f'<td class="t nm">{_escape(shown[entry.dealer])}</td>']
    s = entry.scoring
    if s is None:
        text = _escape(no_game(entry, names, shown))
        cells.append(f'<td class="p" colspan="{_GAME_COLUMNS - 2}">{text}</td>')
        cells.extend(f"<td>{num(total)}</td>" for total in entry.running(listed))
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
        cells.append(f"<td>{_escape(w('export.tricks.short', count=game.tricks))}</td>")
    else:
        cells.append("<td></td>")
    outcome = "" if s.outcome is None else s.outcome.value
    factor = (" R" if s.re else " K" if s.kontra else "") + (" " + "B" * s.bock if s.bock else "")
    said = _escape(w(f"export.outcome.{outcome}")) if outcome else ""
    cells.append(f'<td class="w {outcome}">{said}{factor if outcome else ""}</td>')
    cells.append(f"<td>{s.value if s.scored_value is None else s.scored_value}</td>")
    if s.score is None:
        cells.append("<td></td>")
    else:
        red = ' class="r"' if s.score < 0 else ""
        cells.append(f"<td{red}>{num(s.score, sign=True)}</td>")
    for name, total in zip(names, entry.running(listed), strict=True):
        kind = "me" if name == entry.deal.declarer else "same"
        cells.append(f'<td class="{kind}">{num(total)}</td>')
    seen = w("join.comma").join(
        w(key, cards=cards) for key, cards in (("export.cards", game and game.cards),
        ("export.skat", game and game.skat)) if cards
    )  # fmt: skip
    title = f' title="{_escape(seen)}"' if seen else ""
    return f"<tr{title}>{''.join(cells)}</tr>"


def _base(s: Scoring) -> str:
    """The base value as the list writes it, with the suit's sign; Null has fixed values."""
    if s.game is GameType.NULL:
        return _escape(w("game.null"))
    if s.game is GameType.GRAND:
        return f"{_escape(w('game.grand'))} {s.base_value}"
    return f"{_SUITS[s.game]} {s.base_value}"


def _marked(s: Scoring) -> set[Level]:
    """The levels that count for the value; for Null, hand and ouvert, which fix its value."""
    if s.tops is None:
        decl = s.declaration
        return {level for level, on in ((Level.HAND, decl.hand), (Level.OUVERT, decl.ouvert)) if on}
    return set(s.levels)


def _changes_ahead(sheet: Sheet, played: int) -> list[str]:
    """The changes of the rules from a deal not played yet (those from a deal played mark
    its row)."""
    from skatcalc.words.sheet import change_said

    return [change_said(c) + "." for c in sheet.changes if c.start > played]


def _bonuses(sheet: Sheet, tally: Tally) -> tuple[list[int], list[int], list[int]]:
    """Each player's Seeger-Fabian bonuses for games won, for games lost and for the others'
    lost games, each deal's by the rules in force at it."""
    count = len(tally.players)
    if not sheet.changes:  # one set of rules: the counts tell
        rules, players = sheet.rules, tally.players
        lost_at_table = sum(p.lost for p in players)
        return (
            [p.won * rules.won_bonus for p in players],
            [-p.lost * rules.lost_penalty for p in players],
            [(lost_at_table - p.lost) * rules.opponents(count) for p in players],
        )
    seat = {p.name: i for i, p in enumerate(tally.players)}
    won, lost, others = [0] * count, [0] * count, [0] * count
    for entry in tally.deals:
        if entry.scoring is None or entry.deal.declarer is None:
            continue
        rules = sheet.rules_at(entry.n - 1)
        at = seat[entry.deal.declarer]
        if entry.scoring.outcome is Outcome.WON:
            won[at] += rules.won_bonus
            continue
        lost[at] -= rules.lost_penalty
        for other in range(count):
            others[other] += rules.opponents(count) if other != at else 0
    return won, lost, others


def _html_seeger_fabian(sheet: Sheet, tally: Tally, listed: str) -> list[str]:
    """The footer under the running totals: each player's Seeger-Fabian account, line by line
    (each deal's bonuses by the rules in force at it; the labels name the rules now)."""
    rules = sheet.rules_now
    players = tally.players
    opponents = rules.opponents(len(players))
    won, lost, others = _bonuses(sheet, tally)
    rows = [
        (w("table.score"), [p.score for p in players], True),
        (w("tour.card.won"), [p.won for p in players], False),
        (w("tour.card.lost"), [p.lost for p in players], False),
        (w("export.sf.won", bonus=num(rules.won_bonus, sign=True)), won, True),
        (w("export.sf.lost", penalty=num(-rules.lost_penalty, sign=True)), lost, True),
        (
            w(f"export.sf.others.{len(players)}", points=num(opponents, sign=True)),
            others,
            True,
        ),
    ]
    out = ['<tbody class="sf">']
    for label, numbers, sign in rows:
        values = "".join(f"<td>{num(n, sign=sign)}</td>" for n in numbers)
        out.append(f'<tr><th colspan="{_GAME_COLUMNS}">{_escape(label)}</th>{values}</tr>')
    totals = "".join(f"<td>{num(p.seeger_fabian, sign=True)}</td>" for p in players)
    out.append(f'<tr class="total"><th colspan="{_GAME_COLUMNS}">Seeger-Fabian</th>{totals}</tr>')
    if "bierlachs" in (listed, rules.scoring):
        minus = "".join(f"<td>{num(p.bierlachs)}</td>" for p in players)
        label = _escape(w("table.bierlachs", limit=rules.bierlachs_limit))
        out.append(f'<tr class="total"><th colspan="{_GAME_COLUMNS}">{label}</th>{minus}</tr>')
    out.append("</tbody>")
    return out


# --- the standings and the table cards ---------------------------------------------------------


def _categories(result: Standings, currency: str) -> list[str]:
    """Each category's own ranking as a small table (place, name, prize), as the list is
    drawn: lines of text lose their columns in HTML."""
    out: list[str] = []
    for own in result.categories:
        out.append(f'<p class="total">{_escape(w("tour.category.title", name=own.name))}</p>')
        out.append('<table class="category">')
        for p in own.places:
            ranked = f"{p.place}{'=' if p.tied else ''}"
            out.append(f'<tr><td>{ranked}</td><td class="nm">{_escape(p.name)}</td>'
                       f"<td>{_escape(prize(p.prize_cents, currency))}</td></tr>")  # fmt: skip
        out.append("</table>")
    return out


_STANDINGS_CSS = """\
th, td { text-align: right; white-space: nowrap; }
td.nm, th.nm { text-align: left; white-space: normal; overflow-wrap: break-word; width: 100%; }
span.nw { white-space: nowrap; }
td.sf { font-weight: 700; }
tbody tr:nth-child(even) td { background: #f5f6f8; }
.neg { color: #b00; }
td.q { color: #888; }
.out { color: #888; font-style: italic; }
tr.apart th { text-align: left; background: #fff; border-left: 0; border-right: 0; padding-top: 1mm; }
p.total { margin: 1.2mm 0 0; font-weight: 600; }
table.category { width: auto; min-width: 60mm; }
div.notes { font-size: 7pt; }
div.notes p { margin: 1.2mm 0 0; }
div.notes ul { margin: 0.3mm 0 0; padding-left: 4mm; }
ul.held { color: #b00; }
"""


def _html_number(number: int) -> str:
    neg = ' class="neg"' if number < 0 else ""
    return f"<span{neg}>{num(number, sign=True)}</span>"


def render_standings(tournament: Tournament, result: Standings, currency: str = "") -> str:
    """The standings as one self-contained HTML page that prints on one A4 page for up to 60
    players: place, name, each series' Seeger-Fabian points, the total, won and lost games
    (and the lost-game fee); the players apart (a series not counted yet) under a row of
    their own, the fees in all, the tables not counted and those closed early. No script and
    nothing from elsewhere; names are escaped."""
    heads = header(result)
    head = "".join(
        f'<th class="nm">{_escape(c)}</th>' if i == 1 else f"<th>{_escape(c)}</th>"
        for i, c in enumerate(heads)
    )
    rows = [_standing_row(s, currency) for s in result.ranking]
    if result.apart:
        rows.append(_apart_row(len(heads)))
        rows += [_standing_row(s, currency) for s in result.apart]
    notes = []
    total = fee_total(result, currency)
    if total is not None:
        notes.append(f'<p class="total">{_escape(total)}</p>')
    said = prize_lines(result, currency, categories=False)
    notes += [f'<p class="total">{_escape(line)}</p>' for line in said]
    notes += _categories(result, currency)
    # the tables not counted and those closed early in small type, as the legend: the list of
    # 60 players keeps its one page (tests/tournament/test_print.py)
    tables = []
    for kind, title, lines in (
        ("held", "tour.held.title", [held_line(h, tournament) for h in result.held]),
        ("closed", "tour.closed.title", [closed_line(c, tournament) for c in result.closed]),
        (
            "paper",
            "tour.paper.title",
            [paper_line(p, tournament, marked=False) for p in result.paper],
        ),
    ):
        if lines:
            tables += [f"<p>{_escape(w(title))}</p>", f'<ul class="{kind}">']
            tables += [*(f"<li>{_escape(line)}</li>" for line in lines), "</ul>"]
    if tables:
        notes += ['<div class="notes">', *tables, "</div>"]
    if result.team_ranking or result.teams_apart:
        team_head = "".join(
            f'<th class="nm">{_escape(c)}</th>' if i in (1, 2) else f"<th>{_escape(c)}</th>"
            for i, c in enumerate(team_header())
        )
        notes += [f"<h2>{_escape(w('tour.teams.title'))}</h2>", "<table>",
                  f"<thead><tr>{team_head}</tr></thead>", "<tbody>"]  # fmt: skip
        notes += [_team_row(t) for t in result.team_ranking]
        if result.teams_apart:
            notes.append(_apart_row(len(team_header())))
            notes += [_team_row(t) for t in result.teams_apart]
        notes += ["</tbody>", "</table>"]
    legend_text = " ".join(legend(result, currency))
    title = f"{tournament.name}: {status(result)}"
    body = [
        "<main>",
        "<header>",
        f"<h1>{_escape(tournament.name)}</h1>",
        f"<p>{_escape(status(result))}</p>",
        "</header>",
        "<table>",
        f"<thead><tr>{head}</tr></thead>",
        "<tbody>",
        *rows,
        "</tbody>",
        "</table>",
        *notes,
        f'<p class="legend">{_escape(legend_text)}</p>',
        "</main>",
    ]
    return _page(title, STANDINGS, _STANDINGS_CSS, body)


def _standing_row(s: Standing, currency: str) -> str:
    from skatcalc.words import money

    cells = [f"<td>{_escape(place(s))}</td>"]
    out = f' <span class="out">{_escape(w("tour.withdrawn").strip())}</span>' if s.withdrawn else ""
    cells.append(f'<td class="nm">{_escape(s.name)}{out}</td>')
    for x in s.series:
        if x is None or not x.counted:
            cells.append(f'<td class="q">{cell(x)}</td>')
        else:
            cells.append(f"<td>{_html_number(x.seeger_fabian)}</td>")
    cells.append(f'<td class="sf">{_html_number(s.seeger_fabian)}</td>')
    cells += [f"<td>{s.won}</td>", f"<td>{s.lost}</td>"]
    if s.fee_cents is not None:
        cells.append(f"<td>{_escape(money(s.fee_cents, currency))}</td>")
    if s.prize_cents is not None:
        cells.append(f"<td>{_escape(prize(s.prize_cents, currency))}</td>")
    return f"<tr>{''.join(cells)}</tr>"


def _team_row(t: TeamStanding) -> str:
    ranked, name, *_ = team_row(t)
    # a line breaks between the members, never inside a name (issue 29: "Bärb/el")
    comma = _escape(w("join.comma").rstrip())
    members = " ".join(
        f'<span class="nw">{_escape(m)}{comma if i < len(t.members) - 1 else ""}</span>'
        for i, m in enumerate(t.members)
    )
    return (
        f'<tr><td>{_escape(ranked)}</td><td class="nm">{_escape(name)}</td>'
        f'<td class="nm">{members}</td>'
        f'<td class="sf">{_html_number(t.seeger_fabian)}</td>'
        f"<td>{t.won}</td><td>{t.lost}</td></tr>"
    )


def _apart_row(columns: int) -> str:
    """The row that heads the players (or teams) listed apart from the ranking."""
    return f'<tr class="apart"><th colspan="{columns}">{_escape(w("tour.apart.title"))}</th></tr>'


_CARDS_CSS = """\
@media screen { section.card { margin: 0 auto 24px; } }
section.card { break-after: page; }
section.card:last-child { break-after: auto; }
ol { margin: 0; }
ol.seats { display: flex; flex-wrap: wrap; gap: 1mm 6mm; padding-left: 0; list-style-position: inside; font-size: 10pt; font-weight: 600; }
table { table-layout: fixed; margin-top: 2mm; }
th, td { height: 4.6mm; text-align: right; }
td { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
th { overflow-wrap: anywhere; }
td.d { text-align: left; color: #555; }
col.n { width: 11mm; } col.d { width: 24mm; } col.g { width: 38mm; } col.s { width: 15mm; }
tfoot th { text-align: right; }
"""


def render_cards(tournament: Tournament, number: int) -> str:
    """A printable card for each table of series ``number`` (from 1), one to a page: the
    players in seat order, the series length, and an empty list of the deals with the dealer
    of each filled in (the rotation is known), for a table that keeps paper.

    >>> from skatcalc.tournament.model import Tournament
    >>> t = Tournament.new("Night", ["Anna", "Ben", "Carl"], length_three=3).draw_next(1)
    >>> page = render_cards(t, 1)
    >>> page.count('<section class="card">'), page.count('<td class="d">')
    (1, 3)
    """
    series = tournament.series[number - 1]
    cards = []
    for t, table in enumerate(series.tables, 1):
        seats = table.players
        length = tournament.length(len(seats))
        cols = (
            '<col class="n"><col class="d"><col class="d"><col class="g"><col class="s">'
            + f'<col span="{len(seats)}">'
        )
        head = "".join(
            f"<th>{_escape(c)}</th>"
            for c in (w("tour.card.deal"), w("tour.card.dealer"), w("tour.card.declarer"),
                      w("tour.card.game"), w("tour.card.score"), *seats)
        )  # fmt: skip
        rows = [
            f'<tr><td>{n}</td><td class="d">{_escape(seats[(n - 1) % len(seats)])}</td>'
            + "<td></td>" * (3 + len(seats))
            + "</tr>"
            for n in range(1, length + 1)
        ]
        foot = "".join(
            f'<tr><th colspan="5">{_escape(w(key))}</th>' + "<td></td>" * len(seats) + "</tr>"
            for key in ("tour.card.won", "tour.card.lost", "tour.card.sf")
        )
        seat_list = "".join(f"<li>{_escape(p)}</li>" for p in seats)
        info = w("tour.card.info", count=length, first=seats[0], sheet=table.sheet)
        if table.paper is not None:  # the bottom line typed: the card says where it counts from
            info += " " + w("tour.card.paper")
        cards += [
            '<section class="card">',
            "<header>",
            f"<h1>{_escape(w('tour.card.title', name=tournament.name, series=number, table=t))}</h1>",
            f"<p>{_escape(info)}</p>",
            "</header>",
            f'<ol class="seats">{seat_list}</ol>',
            f"<table><colgroup>{cols}</colgroup>",
            f"<thead><tr>{head}</tr></thead>",
            "<tbody>",
            *rows,
            "</tbody>",
            f"<tfoot>{foot}</tfoot>",
            "</table>",
            "</section>",
        ]
    title = w("tour.card.page", name=tournament.name, series=number)
    return _page(title, CARDS, _CARDS_CSS, cards)


# --- the year's ranking -------------------------------------------------------------------------


def render_season(result: Season, width: int | None = None) -> str:
    """The year's ranking as one self-contained HTML page, printed on A4 as the standings are
    (:data:`STANDINGS`: one page for up to 60 players): place, name, series played (and
    counted), Seeger-Fabian points and the average per series; the players apart under a row of
    their own, the tournaments' tables not counted, the legend. Names are escaped.

    >>> from skatcalc.season import season
    >>> from skatcalc.sheet.model import Sheet
    >>> "<td class=\\"nm\\">&lt;b&gt;</td>" in render_season(season([Sheet.new(["<b>", "B", "C"])]))
    True
    """
    from skatcalc.words.season import season_cells

    said = season_cells(result)
    head = "".join(
        f'<th class="nm">{_escape(c)}</th>' if i == 1 else f"<th>{_escape(c)}</th>"
        for i, c in enumerate(said.header)
    )
    rows = [_season_row(row) for row in said.rows]
    if said.apart:
        columns = len(said.header)
        rows.append(
            f'<tr class="apart"><th colspan="{columns}">{_escape(said.apart_title)}</th></tr>'
        )
        rows += [_season_row(row) for row in said.apart]
    notes = [f"<p>{_escape(note)}</p>" for note in said.notes]
    body = [
        "<main>",
        "<header>",
        f"<h1>{_escape(said.title)}</h1>",
        f"<p>{_escape(said.rule)}</p>",
        "</header>",
        "<table>",
        f"<thead><tr>{head}</tr></thead>",
        "<tbody>",
        *rows,
        "</tbody>",
        "</table>",
        *(['<div class="notes">', *notes, "</div>"] if notes else []),
        f'<p class="legend">{_escape(said.legend)}</p>',
        "</main>",
    ]
    return _page(said.title, STANDINGS, _STANDINGS_CSS, body)


def _season_row(row: list[str]) -> str:
    cells = [
        f'<td class="nm">{_escape(cell)}</td>' if i == 1
        else f'<td class="sf">{_escape(cell)}</td>' if i == len(row) - 2
        else f"<td>{_escape(cell)}</td>"
        for i, cell in enumerate(row)
    ]  # fmt: skip
    return f"<tr>{''.join(cells)}</tr>"
