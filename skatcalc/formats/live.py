"""The live page of ``sheet serve`` and ``tournament serve``: one self-contained HTML page for a
second screen (a TV, a tablet, a phone), and the data it shows, as pure functions.

The page holds no data: it asks for it (``/data``) every second and draws it with
``textContent`` only, so a name is always text, never markup. It loads nothing from anywhere
else (no CDN: it works without internet) and fits a phone in portrait and a TV. Its words, and
the data's, are in the language in use.

>>> from skatcalc.sheet.model import Deal, Sheet
>>> from skatcalc.spec import GameSpec
>>> sheet = Sheet.new(["Anna", "Ben", "<b>Carl</b>"]).add(Deal("Ben", GameSpec("grand", with_=1, points=70)))
>>> view = sheet_view("evening", sheet, sheet.tally())
>>> view["tables"][0]["rows"]
[['Ben', '+98', '1', '0'], ['Anna', '0', '0', '0'], ['<b>Carl</b>', '0', '0', '0']]
>>> view["tables"][1]["rows"]
[['1', 'Anna', 'Ben', 'Grand, with 1 (48): won', '+48']]
>>> "<b>Carl</b>" in page("evening", "nonce")
False
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from skatcalc.formats.common import (
    factors,
    followed,
    header,
    no_game,
    paper_line,
    prize_lines,
    progress,
    row,
    status,
)
from skatcalc.formats.json import text as json_text
from skatcalc.sheet.deal import sitting_out
from skatcalc.words import current, message, w
from skatcalc.words.report import bock_ahead, signed, summary
from skatcalc.words.tournament import held_line

if TYPE_CHECKING:
    from skatcalc.errors import SkatError
    from skatcalc.sheet.model import Sheet, Tally
    from skatcalc.tournament.model import Tournament
    from skatcalc.tournament.standings import Standings

__all__ = [
    "LAST_DEALS", "POLL_MS", "address", "data", "error_view", "page", "policy", "sheet_view",
    "tournament_view",
]  # fmt: skip

LAST_DEALS = 8
"""The deals the page shows, the newest first: what a table looks back on."""

POLL_MS = 1000
"""How often the page asks for the data: a change shows within two seconds (one to ask, one
to spare for a slow phone)."""


def sheet_view(title: str, sheet: Sheet, tally: Tally) -> dict[str, Any]:
    """What the page shows of a sheet: the running totals in the list that decides it, the
    leader first (with games won and lost), the last deals, the series and what is ahead (who
    sits out at five, Bock, Bierlachs)."""
    shown = followed(sheet, None)
    ranked = sorted(tally.players, key=lambda p: -p.total(shown))  # stable: seats break ties
    totals = [[p.name, signed(p.total(shown)), str(p.won), str(p.lost)] for p in ranked]
    heads = [w("table.dealer"), w("export.col.declarer"), w("table.game"), w("table.score")]
    return {
        "title": title,
        "subtitle": w("live.decides", list=w(f"list.name.{shown}")),
        "tables": [
            {
                "caption": w("live.totals"),
                "heads": [
                    w("table.player"),
                    w(f"list.name.{shown}"),
                    w("table.won"),
                    w("table.lost"),
                ],
                "rows": totals,
                "numbers": [1, 2, 3],
                "big": True,
            },
            {
                "caption": w("live.last"),
                "heads": ["#", *heads],
                "rows": _last_deals(tally),
                "numbers": [0, 4],
                "big": False,
            },
        ],
        "notes": _ahead(sheet, tally),
        "error": None,
    }


def _last_deals(tally: Tally) -> list[list[str]]:
    """The last deals, the newest first: number, dealer, declarer, the game (its value and
    outcome; the score has a column of its own), the score."""
    names = [p.name for p in tally.players]
    deals = []
    for entry in reversed(tally.deals[-LAST_DEALS:]):
        s = entry.scoring
        if s is None:
            game, score = no_game(entry, names), ""
        else:
            game = w("join.comma").join([summary(s, scored=False), *factors(s)])
            score = "" if s.score is None else signed(s.score)
        deals.append([str(entry.n), entry.dealer, entry.deal.declarer or "", game, score])
    return deals


def _ahead(sheet: Sheet, tally: Tally) -> list[str]:
    """The series and who deals next; at five who sits out the next deal; Bock, Bierlachs.
    Only the tally's end is read, not the sheet's deals (a followed sheet holds none)."""
    dealer = sheet.players[tally.next_dealer]
    notes = [progress(sheet, tally, dealer)]
    players = len(sheet.players)
    if players == 5 and not sheet.rules.full(players, tally.deals_played):
        out = sitting_out(sheet.players, dealer)
        notes.append(w("live.out", names=w("join.and", items=list(out))))
    if tally.bock_ahead:
        notes.append(bock_ahead(tally.bock_ahead))
    if tally.decided is not None:
        losers, n = tally.decided
        notes.append(w("bierlachs.decided", loser=w("ramsch.and").join(losers), n=n))
    return notes


def tournament_view(tournament: Tournament, result: Standings) -> dict[str, Any]:
    """What the page shows of a tournament: the standings (places, Seeger-Fabian points, games
    won and lost, each series), how far the series are, and the tables not counted."""
    heads = header(result)
    rows = [row(s, "") for s in (*result.ranking, *result.apart)]
    return {
        "title": tournament.name,
        "subtitle": status(result),
        "tables": [
            {
                "caption": w("live.standings"),
                "heads": heads,
                "rows": rows,
                "numbers": [0, *range(2, len(heads))],
                "big": True,
            },
        ],
        "notes": [
            *(held_line(h, tournament) for h in result.held),
            *(paper_line(p, tournament) for p in result.paper),
            *prize_lines(result),
        ],
        "error": None,
    }


def error_view(title: str, error: SkatError) -> dict[str, Any]:
    """The file cannot be read just now (a hand edit half saved, a broken line): the page says
    why and keeps showing what it showed before."""
    return {"title": title, "error": message(error)}


def data(view: dict[str, Any]) -> str:
    """The view as the JSON text ``/data`` answers."""
    return json_text(view)


def address(host: str, port: int) -> str:
    """The page's address, as a browser takes it.

    >>> address("127.0.0.1", 8765), address("::1", 8765)
    ('http://127.0.0.1:8765/', 'http://[::1]:8765/')
    """
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def policy(nonce: str) -> str:
    """The Content-Security-Policy of the page: its own script and style (by ``nonce``), asking
    its own server, nothing else (no other script, frame, form, font or image).

    >>> policy("n0").split("; ")[:2]
    ["default-src 'none'", "script-src 'nonce-n0'"]
    """
    return (
        f"default-src 'none'; script-src 'nonce-{nonce}'; style-src 'nonce-{nonce}'; "
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    )


def page(title: str, nonce: str) -> str:
    """The page: its words and its look, no data. ``nonce`` lets its one script and its one
    stylesheet run under a Content-Security-Policy that allows nothing else."""
    said = {
        "offline": w("live.offline"),
        "waiting": w("live.waiting"),
    }
    # the words as JSON inside <script>: "<", ">" and "&" escaped, so no text ends the script
    words = json_text(said).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return _PAGE.format(
        lang=current(),
        title=html.escape(title),
        nonce=nonce,
        words=words,
        poll=POLL_MS,
        waiting=html.escape(said["waiting"]),
    )


_PAGE = """<!DOCTYPE html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<title>{title}</title>
<style nonce="{nonce}">
  :root {{ --fg: #f4f4f0; --dim: #a8a8a0; --bg: #10140f; --line: #2c3a2a; --up: #8fd18f;
          --down: #f29a8e; }}
  * {{ box-sizing: border-box; }}
  body {{ margin: 0; padding: 2vmin 3vmin; background: var(--bg); color: var(--fg);
         font: clamp(15px, 2.2vmin + 0.5vw, 40px)/1.35 system-ui, sans-serif; }}
  header h1 {{ margin: 0; font-size: 1.5em; overflow-wrap: anywhere; }}
  header p {{ margin: 0.2em 0 0.6em; color: var(--dim); }}
  main {{ display: grid; gap: 2vmin 4vmin; grid-template-columns: minmax(0, 1fr); }}
  @media (min-aspect-ratio: 4/3) {{
    main.sheet {{ grid-template-columns: minmax(0, 2fr) minmax(0, 3fr); }} }}
  section h2 {{ margin: 0.3em 0; font-size: 1em; color: var(--dim); font-weight: 600; }}
  table {{ width: 100%; border-collapse: collapse; }}
  th, td {{ padding: 0.25em 0.4em; border-bottom: 1px solid var(--line); text-align: left;
           vertical-align: top; }}
  td {{ overflow-wrap: break-word; }}
  .scroll {{ overflow-x: auto; }}
  th {{ color: var(--dim); font-weight: 600; font-size: 0.8em; white-space: nowrap; }}
  td.n {{ text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }}
  table.big td {{ font-size: 1.45em; }}
  table.big td.n:nth-child(2) {{ font-weight: 700; }}
  .plus {{ color: var(--up); }} .minus {{ color: var(--down); }}
  ul {{ margin: 0.6em 0 0; padding-left: 1.2em; color: var(--dim); }}
  #problem {{ display: none; margin: 0.5em 0; padding: 0.4em 0.6em; border: 2px solid var(--down);
             color: var(--down); }}
  #problem.shown {{ display: block; }}
  @media (max-width: 600px) {{ body {{ font-size: 16px; }} table.deals td:nth-child(2),
    table.deals th:nth-child(2) {{ display: none; }} }}
</style>
</head>
<body>
<header><h1 id="title">{title}</h1><p id="subtitle">{waiting}</p></header>
<div id="problem" role="alert"></div>
<main id="main"></main>
<ul id="notes"></ul>
<script nonce="{nonce}">
"use strict";
const WORDS = {words};
let last = "";
function el(tag, text, cls) {{
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (cls) node.className = cls;
  return node;
}}
function sign(cell) {{
  return /^\\+\\d/.test(cell) ? "plus" : /^-\\d/.test(cell) ? "minus" : "";
}}
function table(t) {{
  const section = el("section");
  section.append(el("h2", t.caption));
  const grid = el("table", undefined, t.big ? "big" : "deals");
  const head = el("tr");
  t.heads.forEach(h => head.append(el("th", h)));
  const thead = el("thead");
  thead.append(head);
  grid.append(thead);
  const body = el("tbody");
  t.rows.forEach(r => {{
    const line = el("tr");
    r.forEach((cell, i) => line.append(el("td", cell,
      t.numbers.includes(i) ? ("n " + sign(cell)).trim() : "")));
    body.append(line);
  }});
  grid.append(body);
  const scroll = el("div", undefined, "scroll");  // a name longer than the screen scrolls here
  scroll.append(grid);
  section.append(scroll);
  return section;
}}
function draw(view) {{
  const problem = document.getElementById("problem");
  if (view.error) {{
    problem.textContent = view.error;
    problem.className = "shown";
    return;
  }}
  problem.className = "";
  document.getElementById("title").textContent = view.title;
  document.title = view.title;
  document.getElementById("subtitle").textContent = view.subtitle;
  const main = document.getElementById("main");
  main.className = view.tables.length > 1 ? "sheet" : "";
  main.replaceChildren(...view.tables.map(table));
  document.getElementById("notes").replaceChildren(...view.notes.map(n => el("li", n)));
}}
async function poll() {{
  try {{
    const answer = await fetch("/data", {{cache: "no-store"}});
    const text = await answer.text();
    if (text !== last) {{
      last = text;
      draw(JSON.parse(text));
    }} else if (document.getElementById("problem").textContent === WORDS.offline) {{
      document.getElementById("problem").className = "";
    }}
  }} catch (error) {{  // no answer (skatcalc stopped, the network gone): say so, keep the list
    const problem = document.getElementById("problem");
    problem.textContent = WORDS.offline;
    problem.className = "shown";
    last = "";
  }}
  setTimeout(poll, {poll});
}}
poll();
</script>
</body>
</html>
"""
