"""Markdown: the score list and the standings as tables for a chat, in the language in use.

Names are escaped, so they show as typed in any CommonMark renderer with tables.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from skatcalc.formats.common import (
    closed_line,
    factors,
    fee_total,
    followed,
    header,
    legend,
    list_note,
    no_game,
    paper_line,
    played,
    prize_lines,
    row,
    status,
    team_header,
    team_row,
)
from skatcalc.sheet.model import Sheet, Tally
from skatcalc.words import shown, w
from skatcalc.words.report import signed, summary
from skatcalc.words.tournament import held_line

if TYPE_CHECKING:
    from skatcalc.tournament.model import Tournament
    from skatcalc.tournament.standings import Standings

__all__ = ["render_sheet", "render_standings"]

# Every ASCII punctuation character may be backslash-escaped in CommonMark; these are the ones
# that would otherwise turn a name into a cell break, emphasis, code, a link, HTML, an entity,
# strike-through or maths. Line breaks would end the table row.
_MARKDOWN_ESCAPES = str.maketrans({**{c: "\\" + c for c in "\\|`*_[]<>&~$"}, "\n": " ", "\r": " "})


def _md(text: str) -> str:
    return text.translate(_MARKDOWN_ESCAPES)


def _md_row(cells: Iterable[object]) -> str:
    return "| " + " | ".join(_md(str(cell)) for cell in cells) + " |"


def render_sheet(sheet: Sheet, tally: Tally, scoring: str | None = None) -> str:
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
    >>> print(render_sheet(sheet, sheet.tally(), "standard"), end="")
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
    from skatcalc.words.sheet import change_said

    names = [p.name for p in tally.players]
    shown = followed(sheet, scoring)
    heads = [w(key) for key in ("table.dealer", "export.col.declarer", "table.game", "table.score")]
    lines = [
        f"**{w('export.title')}**",
        "",
        list_note(sheet, shown),
        "",
        _md_row(["#", *heads, *names]),
        "|--:|---|---|---|--:|" + "--:|" * len(names),
    ]
    marks = {change.start: change_said(change) for change in sheet.changes}
    for entry in tally.deals:
        if entry.n in marks:  # a change of the rules takes effect at this deal
            lines.append(_md_row(["", "", "", marks.pop(entry.n), "", *[""] * len(names)]))
        s = entry.scoring
        if s is None:
            game, score = no_game(entry, names), ""
        else:
            game = "; ".join([w("join.comma").join([summary(s), *factors(s)]), played(entry.deal)])
            score = "" if s.score is None else signed(s.score)
        declarer = entry.deal.declarer or ""
        running = entry.running(shown)
        lines.append(_md_row([entry.n, entry.dealer, declarer, game, score, *running]))
    lines += ["", *(_md(said) for said in marks.values())] if marks else []  # from deals to come
    bierlachs = "bierlachs" in (shown, sheet.rules.scoring)
    totals = [w(f"table.{key}") for key in ("player", "score", "won", "lost")]
    minus_head = ["Bierlachs"] * bierlachs
    lines += [
        "",
        _md_row([*totals, "Seeger-Fabian", *minus_head]),
        "|---|--:|--:|--:|--:|" + "--:|" * bierlachs,
    ]
    for p in tally.players:
        minus = [signed(p.bierlachs)] * bierlachs
        cells = [p.name, signed(p.score), p.won, p.lost, signed(p.seeger_fabian), *minus]
        lines.append(_md_row(cells))
    return "\n".join(lines) + "\n"


def render_standings(tournament: Tournament, result: Standings, currency: str = "") -> str:
    """The standings as Markdown tables for a chat: the ranking, the players apart under a
    title of their own (a series not counted yet), the fees in all, the tables not counted and
    those closed early, the pairs and teams; names are escaped.

    >>> from skatcalc.tournament.model import Tournament
    >>> from skatcalc.tournament.standings import standings
    >>> t = Tournament.new("Night", ["Anna", "Ben|Bo", "*C*"], planned=1).draw_next(1)
    >>> print(render_standings(t, standings(t, {})).splitlines()[6])
    | ? | Anna | ? | 0 | 0 | 0 |
    >>> "| ? | Ben\\\\|Bo |" in render_standings(t, standings(t, {}))
    True
    """
    heads = header(result)
    align = "|--:|---|" + "--:|" * (len(heads) - 2)
    lines = [f"**{_md_row([shown(tournament.name)])[2:-2]}: {status(result)}**", ""]
    if result.ranking or not result.apart:
        lines += [_md_row(heads), align, *(_md_row(row(s, currency)) for s in result.ranking)]
        lines.append("")
    if result.apart:
        lines += [_line(w("tour.apart.title")), "", _md_row(heads), align]
        lines += [*(_md_row(row(s, currency)) for s in result.apart), ""]
    total = fee_total(result, currency)
    if total is not None:
        lines += [_line(total), ""]
    if result.prizes is not None:
        lines += [*(_line(line) for line in prize_lines(result, currency)), ""]
    lines += _tables_noted(tournament, result)
    team_align = "|--:|---|---|--:|--:|--:|"
    if result.team_ranking or result.teams_apart:
        lines += [f"**{w('tour.teams.title')}**", ""]
        if result.team_ranking:
            lines += [_md_row(team_header()), team_align]
            lines += [*(_md_row(team_row(t)) for t in result.team_ranking), ""]
        if result.teams_apart:
            lines += [_line(w("tour.apart.title")), "", _md_row(team_header()), team_align]
            lines += [*(_md_row(team_row(t)) for t in result.teams_apart), ""]
    lines += [_line(line) for line in legend(result, currency)]
    return "\n".join(lines) + "\n"


def _tables_noted(tournament: Tournament, result: Standings) -> list[str]:
    """The tables not counted, those closed early and those from paper lists, each under its
    title."""
    lines: list[str] = []
    for title, said in (
        ("tour.held.title", [held_line(h, tournament) for h in result.held]),
        ("tour.closed.title", [closed_line(c, tournament) for c in result.closed]),
        ("tour.paper.title", [paper_line(p, tournament, marked=False) for p in result.paper]),
    ):
        if said:
            lines += [w(title), *(f"- {_line(line)}" for line in said), ""]
    return lines


def _line(text: str) -> str:
    """A line of prose, escaped as a cell is (a name or a file in it shows as typed)."""
    return _md_row([text])[2:-2]
