"""The standings and the table cards on paper and for other tools: text, JSON, CSV,
Markdown and printable HTML. Pure functions from data and words to text.

>>> from skatcalc.tournament.model import Tournament
>>> from skatcalc.tournament.standings import standings
>>> t = Tournament.new("Club <night>", ["Anna", "Ben", "Carl"], planned=1).draw_next(1)
>>> result = standings(t, {})
>>> print(standings_csv(t, result), end="")
place,tied,player,withdrawn,seeger_fabian,won,lost,series_1
1,true,Anna,false,0,0,0,
1,true,Ben,false,0,0,0,
1,true,Carl,false,0,0,0,
>>> page = standings_html(t, result)
>>> "Club &lt;night&gt;" in page, "<night>" in page
(True, False)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from skatcalc.report import signed
from skatcalc.sheet.export import _escape, _md_row, _num
from skatcalc.tournament.model import Tournament
from skatcalc.tournament.standings import (
    Held,
    SeriesScore,
    Standing,
    Standings,
    TeamStanding,
    fee_cents,
)
from skatcalc.words import w
from skatcalc.words.sheet import format_cents

__all__ = [
    "cards_html",
    "held_line",
    "standings_csv",
    "standings_dict",
    "standings_html",
    "standings_lines",
    "standings_markdown",
]


def held_line(held: Held, tournament: Tournament) -> str:
    """Why a table is not counted, in words.

    >>> from skatcalc.tournament.model import Tournament
    >>> t = Tournament.new("x", ["A", "B", "C"]).draw_next(1)
    >>> held_line(Held(1, 1, "incomplete", deals=30, length=36), t)
    'series 1, table 1 (x-s1-t1.toml): 30 of 36 deals played'
    """
    table = tournament.series[held.series - 1].tables[held.table - 1]
    where = w("tour.held.where", series=held.series, table=held.table, file=table.sheet)
    text = w(
        f"tour.held.{held.reason}",
        detail=held.detail,
        deals=held.deals,
        length=held.length,
        seats=", ".join(table.players),
    )
    return f"{where}: {text}"


def _place(s: Standing) -> str:
    return f"{s.place}=" if s.tied else str(s.place)


def _name(s: Standing) -> str:
    return s.name + (w("tour.withdrawn") if s.withdrawn else "")


def _cell(score: SeriesScore | None) -> str:
    if score is None:
        return "–"
    return signed(score.seeger_fabian) if score.counted else "?"


def _legend(result: Standings, fee: Fraction | None) -> list[str]:
    lines = [w("tour.legend")]
    if result.teams:
        lines.append(w("tour.legend.teams"))
    if any(s.tied for s in result.players) or any(t.tied for t in result.teams):
        lines.append(w("tour.legend.tied"))
    if any(not x.counted for s in result.players for x in s.series if x is not None):
        lines.append(w("tour.legend.held"))
    if any(x is None for s in result.players for x in s.series):
        lines.append(w("tour.legend.out"))
    if fee is not None:
        lines.append(w("tour.legend.fee", fee=format_cents(fee_cents(1, fee))))
    return lines


def _status(tournament: Tournament, result: Standings) -> str:
    if result.final:
        return w("tour.status.final")
    return w("tour.status.after", drawn=result.drawn, planned=result.planned)


def _header(result: Standings, fee: Fraction | None) -> list[str]:
    series = [w("tour.col.series", n=n) for n in range(1, result.drawn + 1)]
    cols = [w("tour.col.place"), w("tour.col.player"), *series, w("tour.col.total")]
    cols += [w("tour.col.won"), w("tour.col.lost")]
    return [*cols, w("tour.col.fee")] if fee is not None else cols


def _row(s: Standing, fee: Fraction | None, currency: str) -> list[str]:
    cells = [_place(s), _name(s), *map(_cell, s.series), signed(s.seeger_fabian)]
    cells += [str(s.won), str(s.lost)]
    if fee is not None:
        cells.append(format_cents(fee_cents(s.lost, fee), currency))
    return cells


def _team_header() -> list[str]:
    return [w("tour.col.place"), w("tour.col.team"), w("tour.col.members"), w("tour.col.total"),
            w("tour.col.won"), w("tour.col.lost")]  # fmt: skip


def _team_row(t: TeamStanding) -> list[str]:
    place = f"{t.place}=" if t.tied else str(t.place)
    members = ", ".join(t.members)
    return [place, t.name, members, signed(t.seeger_fabian), str(t.won), str(t.lost)]


def _columns(rows: list[list[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]


def standings_lines(
    tournament: Tournament, result: Standings, fee: Fraction | None = None, currency: str = ""
) -> list[str]:
    """The standings as plain text lines in columns, for a terminal.

    >>> from skatcalc.tournament.standings import standings
    >>> t = Tournament.new("Night", ["Anna", "Ben", "Carl"], planned=2).draw_next(1)
    >>> print("\\n".join(standings_lines(t, standings(t, {}))))
    Night: standings after 1 of 2 series
    Place  Player  S1  Seeger-Fabian  Won  Lost
    1=     Anna    ?   0              0    0
    1=     Ben     ?   0              0    0
    1=     Carl    ?   0              0    0
    <BLANKLINE>
    Not counted:
      series 1, table 1 (night-s1-t1.toml): no sheet yet
    <BLANKLINE>
    Ranked by Seeger-Fabian points, then more games won, then fewer games lost.
    =: tied on all three; the organiser draws lots.
    ?: the player's table is not counted (see above).
    """
    rows = [_header(result, fee), *(_row(s, fee, currency) for s in result.players)]
    lines = [f"{tournament.name}: {_status(tournament, result)}", *_columns(rows)]
    if result.held:
        lines += ["", w("tour.held.title")]
        lines += [f"  {held_line(h, tournament)}" for h in result.held]
    if result.teams:
        lines += ["", w("tour.teams.title")]
        lines += _columns([_team_header(), *(_team_row(t) for t in result.teams)])
    return [*lines, "", *_legend(result, fee)]


def standings_dict(
    tournament: Tournament, result: Standings, fee: Fraction | None = None
) -> dict[str, Any]:
    """The object of ``tournament standings --json`` (docs/tournament.md).

    >>> from fractions import Fraction
    >>> from skatcalc.tournament.standings import standings
    >>> t = Tournament.new("Night", ["Anna", "Ben", "Carl"], planned=1).draw_next(1)
    >>> data = standings_dict(t, standings(t, {}), Fraction(50))
    >>> data["final"], data["not_counted"][0]["reason"], data["players"][0]["fee_cents"]
    (False, 'missing', 0)
    """

    def series(score: SeriesScore | None) -> dict[str, Any] | None:
        if score is None:
            return None
        return {
            "table": score.table,
            "counted": score.counted,
            "seeger_fabian": score.seeger_fabian,
            "won": score.won,
            "lost": score.lost,
        }

    players = []
    for s in result.players:
        entry: dict[str, Any] = {
            "place": s.place,
            "tied": s.tied,
            "name": s.name,
            "withdrawn": s.withdrawn,
            "seeger_fabian": s.seeger_fabian,
            "won": s.won,
            "lost": s.lost,
            "series": [series(x) for x in s.series],
        }
        if fee is not None:
            entry["fee_cents"] = fee_cents(s.lost, fee)
        players.append(entry)
    return {
        "name": tournament.name,
        "series_drawn": result.drawn,
        "series_planned": result.planned,
        "final": result.final,
        "players": players,
        "teams": [
            {
                "place": t.place,
                "tied": t.tied,
                "name": t.name,
                "members": list(t.members),
                "seeger_fabian": t.seeger_fabian,
                "won": t.won,
                "lost": t.lost,
            }
            for t in result.teams
        ],
        "not_counted": [
            {
                "series": h.series,
                "table": h.table,
                "sheet": tournament.series[h.series - 1].tables[h.table - 1].sheet,
                "reason": h.reason,
                "detail": str(h.detail),
                "deals": h.deals,
                "length": h.length,
            }
            for h in result.held
        ],
    }


def standings_csv(tournament: Tournament, result: Standings, fee: Fraction | None = None) -> str:
    """One row per player for a spreadsheet (English column names, as JSON keys); a series the
    player sat out, or whose table is not counted, is empty."""
    import csv
    import io

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    series = [f"series_{n}" for n in range(1, result.drawn + 1)]
    head = ["place", "tied", "player", "withdrawn", "seeger_fabian", "won", "lost", *series]
    writer.writerow([*head, "fee_cents"] if fee is not None else head)
    for s in result.players:
        cells: list[object] = [
            s.place, str(s.tied).lower(), s.name, str(s.withdrawn).lower(),
            s.seeger_fabian, s.won, s.lost,
            *("" if x is None or not x.counted else x.seeger_fabian for x in s.series),
        ]  # fmt: skip
        if fee is not None:
            cells.append(fee_cents(s.lost, fee))
        writer.writerow(cells)
    return out.getvalue()


def standings_markdown(
    tournament: Tournament, result: Standings, fee: Fraction | None = None, currency: str = ""
) -> str:
    """The standings as a Markdown table for a chat; names are escaped.

    >>> from skatcalc.tournament.standings import standings
    >>> t = Tournament.new("Night", ["Anna", "Ben|Bo", "*C*"], planned=1).draw_next(1)
    >>> print(standings_markdown(t, standings(t, {})).splitlines()[4])
    | 1= | Anna | ? | 0 | 0 | 0 |
    >>> "| 1= | Ben\\\\|Bo |" in standings_markdown(t, standings(t, {}))
    True
    """
    header = _header(result, fee)
    align = "|--:|---|" + "--:|" * (len(header) - 2)
    lines = [
        f"**{_md_row([tournament.name])[2:-2]}: {_status(tournament, result)}**",
        "",
        _md_row(header),
        align,
        *(_md_row(_row(s, fee, currency)) for s in result.players),
    ]
    if result.held:
        lines += ["", w("tour.held.title")]
        lines += [f"- {_md_row([held_line(h, tournament)])[2:-2]}" for h in result.held]
    if result.teams:
        lines += ["", f"**{w('tour.teams.title')}**", "", _md_row(_team_header())]
        lines += ["|--:|---|---|--:|--:|--:|", *(_md_row(_team_row(t)) for t in result.teams)]
    lines += ["", *(_md_row([line])[2:-2] for line in _legend(result, fee))]
    return "\n".join(lines) + "\n"


# --- HTML ------------------------------------------------------------------------------------

# One A4 page for up to 60 players: 60 rows of 4 mm under a short header.
_CSS = """\
@page { size: A4; margin: 10mm 12mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; color: #111; font: 8pt/1.2 "DejaVu Sans", "Segoe UI", Arial, sans-serif; }
main { max-width: 186mm; margin: 0 auto; }
@media screen {
  body { background: #dfe2e6; padding: 24px 12px; }
  main { max-width: 210mm; background: #fff; padding: 10mm 12mm; box-shadow: 0 2px 10px #0003; }
}
header { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: baseline;
  gap: 1mm 6mm; border-bottom: 1.5pt solid #111; padding-bottom: 1mm; margin-bottom: 2mm; }
h1 { font-size: 13pt; margin: 0; }
header p { margin: 0; }
table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
th, td { border: 0.5pt solid #888; padding: 0.2mm 1.2mm; text-align: right; white-space: nowrap; }
th { background: #eceef1; font-weight: 600; }
td.nm, th.nm { text-align: left; white-space: normal; overflow-wrap: anywhere; width: 100%; }
td.sf { font-weight: 700; }
tbody tr:nth-child(even) td { background: #f5f6f8; }
tr { break-inside: avoid; }
.neg { color: #b00; }
td.q { color: #888; }
.out { color: #888; font-style: italic; }
h2 { font-size: 10pt; margin: 2mm 0 1mm; }
ul.held { margin: 1.5mm 0 0; padding-left: 4mm; color: #b00; }
p.legend { color: #555; margin: 1.5mm 0 0; font-size: 7pt; }
"""


def _page(title: str, css: str, body: list[str]) -> str:
    lang = w("tour.html.lang")
    return (
        "\n".join(
            [
                "<!DOCTYPE html>",
                f'<html lang="{lang}">',
                "<head>",
                '<meta charset="utf-8">',
                '<meta name="viewport" content="width=device-width, initial-scale=1">',
                f"<title>{_escape(title)}</title>",
                f"<style>\n{css}</style>",
                "</head>",
                "<body>",
                *body,
                "</body>",
                "</html>",
            ]
        )
        + "\n"
    )


def _html_number(number: int) -> str:
    neg = ' class="neg"' if number < 0 else ""
    return f"<span{neg}>{_num(number, sign=True)}</span>"


def standings_html(
    tournament: Tournament, result: Standings, fee: Fraction | None = None, currency: str = ""
) -> str:
    """The standings as one self-contained HTML page that prints on one A4 page for up to 60
    players: place, name, each series' Seeger-Fabian points, the total, won and lost games
    (and the lost-game fee). No script and nothing from elsewhere; names are escaped."""
    header = _header(result, fee)
    head = "".join(
        f'<th class="nm">{_escape(c)}</th>' if i == 1 else f"<th>{_escape(c)}</th>"
        for i, c in enumerate(header)
    )
    rows = []
    for s in result.players:
        cells = [f"<td>{_escape(_place(s))}</td>"]
        out = (
            f' <span class="out">{_escape(w("tour.withdrawn").strip())}</span>'
            if s.withdrawn
            else ""
        )
        cells.append(f'<td class="nm">{_escape(s.name)}{out}</td>')
        for x in s.series:
            if x is None or not x.counted:
                cells.append(f'<td class="q">{_cell(x)}</td>')
            else:
                cells.append(f"<td>{_html_number(x.seeger_fabian)}</td>")
        cells.append(f'<td class="sf">{_html_number(s.seeger_fabian)}</td>')
        cells += [f"<td>{s.won}</td>", f"<td>{s.lost}</td>"]
        if fee is not None:
            cells.append(f"<td>{_escape(format_cents(fee_cents(s.lost, fee), currency))}</td>")
        rows.append(f"<tr>{''.join(cells)}</tr>")
    held = []
    if result.held:
        held = [f"<p>{_escape(w('tour.held.title'))}</p>", '<ul class="held">']
        held += [f"<li>{_escape(held_line(h, tournament))}</li>" for h in result.held]
        held.append("</ul>")
    if result.teams:
        team_head = "".join(
            f'<th class="nm">{_escape(c)}</th>' if i in (1, 2) else f"<th>{_escape(c)}</th>"
            for i, c in enumerate(_team_header())
        )
        held += [f"<h2>{_escape(w('tour.teams.title'))}</h2>", "<table>",
                 f"<thead><tr>{team_head}</tr></thead>", "<tbody>"]  # fmt: skip
        for t in result.teams:
            place, name, members, *_ = _team_row(t)
            held.append(
                f'<tr><td>{_escape(place)}</td><td class="nm">{_escape(name)}</td>'
                f'<td class="nm">{_escape(members)}</td>'
                f'<td class="sf">{_html_number(t.seeger_fabian)}</td>'
                f"<td>{t.won}</td><td>{t.lost}</td></tr>"
            )
        held += ["</tbody>", "</table>"]
    legend = " ".join(_legend(result, fee))
    title = f"{tournament.name}: {_status(tournament, result)}"
    body = [
        "<main>",
        "<header>",
        f"<h1>{_escape(tournament.name)}</h1>",
        f"<p>{_escape(_status(tournament, result))}</p>",
        "</header>",
        "<table>",
        f"<thead><tr>{head}</tr></thead>",
        "<tbody>",
        *rows,
        "</tbody>",
        "</table>",
        *held,
        f'<p class="legend">{_escape(legend)}</p>',
        "</main>",
    ]
    return _page(title, _CSS, body)


# A card a page: the table's players and an empty list of the series' deals to fill in.
_CARD_CSS = """\
@page { size: A4; margin: 10mm 12mm; }
* { box-sizing: border-box; }
html { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
body { margin: 0; color: #111; font: 8pt/1.2 "DejaVu Sans", "Segoe UI", Arial, sans-serif; }
section.card { break-after: page; }
section.card:last-child { break-after: auto; }
@media screen {
  body { background: #dfe2e6; padding: 24px 12px; }
  section.card { max-width: 210mm; margin: 0 auto 24px; background: #fff; padding: 10mm 12mm;
    box-shadow: 0 2px 10px #0003; }
}
header { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: baseline;
  gap: 1mm 6mm; border-bottom: 1.5pt solid #111; padding-bottom: 1mm; margin-bottom: 2mm; }
h1 { font-size: 13pt; margin: 0; }
header p, ol { margin: 0; }
ol.seats { display: flex; flex-wrap: wrap; gap: 1mm 6mm; padding-left: 0; list-style-position: inside; font-size: 10pt; font-weight: 600; }
table { width: 100%; border-collapse: collapse; table-layout: fixed; margin-top: 2mm; }
th, td { border: 0.5pt solid #888; padding: 0 1mm; height: 4.6mm; text-align: right; }
td { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
th { background: #eceef1; font-weight: 600; overflow-wrap: anywhere; }
td.d { text-align: left; color: #555; }
col.n { width: 11mm; } col.d { width: 24mm; } col.g { width: 38mm; } col.s { width: 15mm; }
tfoot th { text-align: right; }
"""


def cards_html(tournament: Tournament, number: int) -> str:
    """A printable card for each table of series ``number`` (from 1), one to a page: the
    players in seat order, the series length, and an empty list of the deals with the dealer
    of each filled in (the rotation is known), for a table that keeps paper.

    >>> from skatcalc.tournament.model import Tournament
    >>> t = Tournament.new("Night", ["Anna", "Ben", "Carl"], length_three=3).draw_next(1)
    >>> page = cards_html(t, 1)
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
        info = w("tour.card.info", length=length, first=seats[0], sheet=table.sheet)
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
    return _page(title, _CARD_CSS, cards)
