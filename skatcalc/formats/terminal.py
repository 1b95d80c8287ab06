"""The terminal's plain text: the score list of ``sheet show`` fitted to a width (80 columns
and less, docs/block.md), its totals, and the standings in columns. Pure: data in, lines out;
:mod:`skatcalc.cli.render` prints them (with styles only on a terminal).

Each line comes with its style (``None``, or an SGR code such as bold), so the printer decides
whether to style it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from skatcalc.formats.common import (
    closed_line,
    fee_total,
    header,
    legend,
    list_note,
    paper_line,
    prize_lines,
    progress,
    status,
    team_header,
    team_row,
)
from skatcalc.formats.common import row as standing_row
from skatcalc.sheet.model import Rules, ScoredDeal, Sheet, Tally
from skatcalc.width import NBSP, cells, short_names, wrap
from skatcalc.words import shown, w
from skatcalc.words.tournament import held_line

if TYPE_CHECKING:
    from skatcalc.season import Season
    from skatcalc.spec import GameSpec
    from skatcalc.tournament.model import Tournament
    from skatcalc.tournament.standings import Standings

__all__ = [
    "BOLD", "DIM", "Line", "block", "cells", "footer", "render_season", "render_standings",
    "rules_line", "screen_lines", "season_lines", "sheet_lines", "short_names", "standings_lines",
]  # fmt: skip

BOLD, DIM = "1", "2"
"""Styles as SGR codes: written only to a terminal, and never with NO_COLOR set to a value
(skatcalc.cli.render.styled)."""

Line = tuple[str, str | None]


def sheet_lines(
    sheet: Sheet,
    tally: Tally,
    width: int,
    last: int | None = None,
    every: bool = False,
    scoring: str | None = None,
    compact: bool = False,
) -> list[Line]:
    """The score list of ``sheet show``: deals with running totals, then the totals footer
    (``compact``: without the notes on the list and the rules below it, for a screen).

    Like a paper block, the list holds the current series (36 deals at three, 48 at four);
    ``last`` shows the last N deals instead, ``every`` all of them. One line a deal, at most
    ``width`` columns when that can be done. Plain aligned text rather than a rich table: rich
    takes seconds for thousands of rows (bench/show.py). The running totals are in the list
    ``scoring``: the one that decides the sheet unless another is asked for.
    """
    number, place = tally.series
    if every:
        rows, title = tally.deals, w("table.title.all")
    elif last is not None:
        count = min(last, len(tally.deals))
        rows, title = tally.deals[-last:], w("table.title.last", count=count)
    else:
        first = tally.deals_played - place - tally.first  # a tally may hold only the last deals
        rows, title = tally.deals[first:], w("table.title.series", number=number)
    shown = scoring or sheet.rules.scoring
    lines = [(title, BOLD), *block(sheet, rows, width, shown)]
    lines += [("", None), *footer(sheet, tally, shown, width)]
    note = [] if compact else _wrap(list_note(sheet, shown).split(" "), " ", width)
    star = [(w("block.star"), None)] if rows and not compact else []
    progress = _progress(sheet, tally)
    if compact:  # the rules line last, the empty line before the series
        progress = progress[1:-1]
    # the lines of prose (the star, the series, the rules) broken between words to the width
    prose = [(text, style) for line, style in [*star, *progress]
             for text in wrap(line, width)]  # fmt: skip
    return [*lines, *((line, None) for line in note), *prose]


def screen_lines(sheet: Sheet, tally: Tally, width: int, height: int) -> list[Line]:
    """The score list in at most ``height`` lines when that can be done: the last deals of the
    current series, as many as fit beside the totals (the table mode's ``show``).

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"])
    >>> for _ in range(30):
    ...     sheet = sheet.add(Deal("Ben", GameSpec("grand", with_=1, points=70)))
    >>> lines = screen_lines(sheet, sheet.tally(), 80, 23)
    >>> len(lines), lines[0][0], lines[2][0].split()[0]
    (23, 'Score sheet, the last 14 deals', '17')
    """
    _, place = tally.series
    most = min(place, len(tally.deals))
    lines = sheet_lines(sheet, tally, width)
    if most == place and len(lines) <= height:  # the whole series fits: as sheet show
        return lines
    for count in range(most, 0, -1):
        lines = sheet_lines(sheet, tally, width, last=count, compact=True)
        if len(lines) <= height:
            return lines
    return lines


class _Row(NamedTuple):
    n: str
    dealer: str
    game: str | None  # None: a Ramsch, written with the heads in use
    declarer: str | None
    score: str
    bock: str
    totals: tuple[str, ...]
    marked: frozenset[str]
    entry: ScoredDeal


def _rows(sheet: Sheet, rows: Sequence[ScoredDeal], followed: str) -> list[_Row]:
    from skatcalc.words import report

    seen: dict[GameSpec, str] = {}
    passed = w("short.game.passed")
    out = []
    none: frozenset[str] = frozenset()
    for entry in rows:
        deal = entry.deal
        bock = f"× {1 << entry.bock}" if entry.bock else ""
        totals = tuple(str(total) for total in entry.running(followed))
        if entry.scoring is not None:
            assert deal.game is not None and deal.declarer is not None
            game = seen.get(deal.game)
            if game is None:
                game = seen[deal.game] = report.compact(deal.game, entry.scoring)
            score = report.signed(entry.scoring.score or 0)
            marked = frozenset((deal.declarer,))
            out.append(
                _Row(str(entry.n), entry.dealer, game, deal.declarer, score, bock, totals,
                     marked, entry)
            )  # fmt: skip
        elif deal.ramsch is not None:
            hit = frozenset(p for p, s in zip(sheet.players, entry.scores, strict=True) if s)
            out.append(_Row(str(entry.n), entry.dealer, None, None, "", bock, totals, hit, entry))
        else:
            out.append(
                _Row(str(entry.n), entry.dealer, passed, None, "", bock, totals, none, entry)
            )
    return out


def _ramsch(entry: ScoredDeal, players: Sequence[str], head: dict[str, str]) -> str:
    """A Ramsch deal in a few words: ``Ramsch An -62 jf Ca``."""
    from skatcalc.words import report

    ramsch = entry.deal.ramsch
    assert ramsch is not None
    scores = dict(zip(players, entry.scores, strict=True))
    hit = [f"{head[name]} {report.signed(score)}" for name, score in scores.items() if score]
    parts = [w("short.ramsch.game", lose=" ".join(hit)) if hit else w("short.ramsch.nobody")]
    if ramsch.durchmarsch is not None:
        parts.append(w("short.ramsch.durchmarsch"))
    if ramsch.jungfrau:
        parts.append(w("short.ramsch.jungfrau", names=",".join(head[j] for j in ramsch.jungfrau)))
    if ramsch.pushes:
        parts.append(w("short.ramsch.pushed", pushes=ramsch.pushes))
    return " ".join(parts)


def block(
    sheet: Sheet, rows: Sequence[ScoredDeal], width: int, followed: str | None = None
) -> list[Line]:
    """The deals, one line each, in at most ``width`` columns when that can be done.

    The first layout that fits wins: whole names with the long column heads, two spaces apart;
    short names (a legend gives each whole) and short heads, two spaces apart, then one. A game
    too long for the narrowest layout goes to a numbered note below the list, never cut. On a
    phone further columns go, one at a time (:data:`_DROPPED`): the dealer (who dealt follows
    from the rotation), the declarer (the ``*`` marks the declarer's total), the Bock factor
    and the score (both then written after the game), the game itself (every deal's game in
    the notes, by its number); last the totals stand without a space between them (a total's
    ``*`` or blank parts it from the next). A name or a number is never cut.

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> lost = Deal("Ben", GameSpec("clubs", with_=2, hand=True, points=56, bid=20))
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(lost)
    >>> for line, _ in block(sheet, sheet.tally().deals, 80, "standard"):
    ...     print(line)
    #  Dealer  Game        Declarer  Score  Anna   Ben   Carl
    1  Anna    cl w2 h 56  Ben         -96     0   -96*     0

    The running totals follow the list that decides (ISkO: Seeger-Fabian, -96 - 50 for Ben
    and +40 for each other player):

    >>> for line, _ in block(sheet, sheet.tally().deals, 39):
    ...     print(line)
    An = Anna, Be = Ben, Ca = Carl
    # Dlr Game     Decl Score An    Be  Ca
    1 An  [1]      Be     -96 40  -146* 40
    Notes:
    [1] 1: cl w2 h 56

    Narrower, the columns go one by one; at 18 columns only the deal and the totals stay:

    >>> for line, _ in block(sheet, sheet.tally().deals, 18):
    ...     print(line)
    An = Anna, Be = Ben,
    Ca = Carl
    # An    Be  Ca
    1 40  -146* 40
    Notes:
    1: cl w2 h 56 -96
    """
    data = _rows(sheet, rows, followed or sheet.rules.scoring)
    players = sheet.players
    bock = any(rules.bock for _, rules in sheet.phases) or any(row.bock for row in data)
    long_heads = [w(f"table.{key}") for key in ("dealer", "game", "declarer", "score", "bock")]
    short_heads = [
        w(f"short.head.{key}") for key in ("dealer", "game", "declarer", "score", "bock")
    ]
    shorts = short_names(players)
    short_titles = [w("short.head.n"), *short_heads]
    narrower = [_Shape(shorts, short_titles, 1, True, frozenset(_DROPPED[:i]))
                for i in range(len(_DROPPED) + 1)]  # fmt: skip
    shapes = [
        _Shape(list(players), ["#", *long_heads], 2),
        _Shape(shorts, short_titles, 2),
        _Shape(shorts, short_titles, 1),
        *narrower,
        narrower[-1]._replace(tight=True),
        # totals of six digits at five: the deal's number goes too (the rows keep its order)
        narrower[-1]._replace(tight=True, dropped=narrower[-1].dropped | {"n"}),
    ]
    for shape in shapes:
        layout = _layout(data, players, shape, bock, width)
        if layout is not None:
            break
    else:  # nothing fits (a name wider than the terminal): the narrowest, as it comes
        shape = shapes[-1]
        layout = _layout(data, players, shape, bock, width, force=True)
        assert layout is not None
    lines: list[Line] = []
    if shape.heads != list(players):
        items = [
            w("short.legend", short=h, name=p) for h, p in zip(shape.heads, players, strict=True)
        ]
        lines += [(line, None) for line in _wrap(items, ", ", width)]
    return lines + layout


def _wrap(items: Sequence[str], sep: str, width: int) -> list[str]:
    """Items joined by ``sep`` into lines of at most ``width`` columns; an item is never split
    (one longer than a line stands alone on it).

    >>> _wrap(["A = Anna", "B = Ben", "C = Carl"], ", ", 18)
    ['A = Anna, B = Ben,', 'C = Carl']
    >>> _wrap(["[1]", "12:", "Ramsch", "Annegret-Maximiliane", "-62"], " ", 12)
    ['[1] 12:', 'Ramsch', 'Annegret-Maximiliane', '-62']
    """
    stem = sep.rstrip()
    join = sep[len(stem) :]
    pieces = [item + stem for item in items[:-1]] + list(items[-1:])
    lines: list[str] = []
    line = ""
    for piece in pieces:
        if line and cells(line) + cells(join) + cells(piece) > width:
            lines.append(line)
            line = piece
        else:
            line = f"{line}{join}{piece}" if line else piece
    lines.append(line)
    return lines


_KEYS = ("n", "dealer", "game", "declarer", "score", "bock")
"""The columns left of the totals, in their order."""
_DROPPED = ("dealer", "declarer", "bock", "score", "game")
"""The columns a narrow layout leaves out, in this order, each after those before it."""


class _Shape(NamedTuple):
    """One layout of the list: the players' heads, the column titles (:data:`_KEYS`), the
    space between columns, whether a game too long for its column goes to the notes, the
    columns left out, and whether the totals stand without a space between them."""

    heads: list[str]
    titles: list[str]
    gap: int
    notes: bool = False
    dropped: frozenset[str] = frozenset()
    tight: bool = False


def _layout(data: Sequence[_Row], players: Sequence[str], shape: _Shape, bock: bool, width: int,
            force: bool = False) -> list[Line] | None:  # fmt: skip
    """The list in one layout, or None when a line would be wider than ``width`` (unless
    ``force``). A Bock factor or a score whose column is left out is written after the game;
    with the game's column left out, every game is in the notes."""
    heads, titles, gap, notes, dropped, tight = shape
    head = dict(zip(players, heads, strict=True))
    shown = [i for i, key in enumerate(_KEYS) if key not in dropped and (key != "bock" or bock)]
    games = _games(data, players, head, dropped, bock)
    sizes = _sizes(data, titles, head, bock)
    totals = [
        max([cells(h) + 1, *(len(row.totals[i]) + 1 for row in data)]) for i, h in enumerate(heads)
    ]
    between = 0 if tight else gap
    fixed = sum(sizes[i] for i in shown) + gap * len(shown)  # each with the space after it
    fixed += sum(totals) + between * (len(totals) - 1)
    if 2 in shown:
        column = _game_column(data, games, titles[2], fixed, width, notes, force)
        if column is None:
            return None
        sizes[2], games, listed = column
    else:
        if fixed > width and not force:
            return None
        listed = [[f"{row.n}:", *game.split(" ")] for row, game in zip(data, games, strict=True)]
    out: list[Line] = [_head(titles, sizes, shown, heads, totals, gap, between)]
    out += _draw(data, games, players, head, sizes, shown, totals, gap, between)
    return out + _notes(listed, width)


def _games(data: Sequence[_Row], players: Sequence[str], head: dict[str, str],
           dropped: frozenset[str], bock: bool) -> list[str]:  # fmt: skip
    """Each deal's game as the list writes it, with its score and Bock factor after it where
    their columns are left out."""
    games = [
        row.game if row.game is not None else _ramsch(row.entry, players, head) for row in data
    ]
    if "score" in dropped or ("bock" in dropped and bock):
        for i, row in enumerate(data):
            extra = [row.score] if "score" in dropped and row.score else []
            if "bock" in dropped and row.bock:
                extra.append(row.bock.replace(" ", NBSP))
            if extra:
                games[i] = " ".join([games[i], *extra])
    return games


def _sizes(data: Sequence[_Row], titles: Sequence[str], head: dict[str, str], bock: bool
           ) -> list[int]:  # fmt: skip
    """The widths of the columns left of the totals (:data:`_KEYS`); the game's is 0 here,
    as it depends on the room left (:func:`_game_column`)."""
    return [
        max([cells(titles[0]), *(len(row.n) for row in data)]),
        max([cells(titles[1]), *(cells(head[row.dealer]) for row in data)]),
        0,  # the game: below
        max([cells(titles[3]), *(cells(head[row.declarer]) for row in data if row.declarer)]),
        max([cells(titles[4]), *(len(row.score) for row in data)]),
        max([cells(titles[5]), *(len(row.bock) for row in data)]) if bock else 0,
    ]


def _game_column(
    data: Sequence[_Row],
    games: list[str],
    title: str,
    fixed: int,
    width: int,
    notes: bool,
    force: bool,
) -> tuple[int, list[str], list[list[str]]] | None:
    """The game column beside ``fixed`` columns: its width, the games as written in it, and
    the notes (a game too long for it moves to a numbered note, when the layout has notes).
    None when the games do not fit (unless ``force``)."""
    size = max([cells(title), *(cells(game) for game in games)])
    if fixed + size <= width:
        return size, games, []
    if not notes:
        return None
    size = max(cells(title), width - fixed, len(f"[{len(games)}]"))
    if fixed + size > width and not force:
        return None
    listed: list[list[str]] = []
    marked = list(games)
    for i, game in enumerate(games):
        if cells(game) > size:
            mark = f"[{len(listed) + 1}]"
            listed.append([mark, f"{data[i].n}:", *game.split(" ")])
            marked[i] = mark
    return size, marked, listed


def _head(titles: Sequence[str], sizes: Sequence[int], shown: Sequence[int],
          heads: Sequence[str], totals: Sequence[int], gap: int, between: int) -> Line:  # fmt: skip
    """The list's head line: the titles of the columns shown, then the players' heads."""
    space = " " * gap
    right = {0, 4, 5}
    parts = []
    for i in shown:
        pad = " " * (sizes[i] - cells(titles[i]))
        parts.append(pad + titles[i] if i in right else titles[i] + pad)
    tail = (" " * between).join(
        " " * (size - cells(h) - 1) + h + " " for h, size in zip(heads, totals, strict=True)
    )
    left = space.join(parts) + space if parts else ""
    return (left + tail).rstrip(), BOLD


def _notes(listed: Sequence[list[str]], width: int) -> list[Line]:
    """The notes under the list, each broken between words to ``width``; none: no lines."""
    if not listed:
        return []
    out: list[Line] = [(w("short.notes"), None)]
    for words in listed:
        out += [(line, None) for line in _wrap(words, " ", width)]
    return out


def _draw(data: Sequence[_Row], games: Sequence[str], players: Sequence[str],
          head: dict[str, str], sizes: Sequence[int], shown: Sequence[int],
          totals: Sequence[int], gap: int, between: int) -> list[Line]:  # fmt: skip
    """The deal lines, cells padded to the column widths (``shown``: the columns drawn left
    of the totals, ``between``: the space between two totals)."""
    space, apart = " " * gap, " " * between
    even = gap == between and 0 in shown  # one join a row, as most layouts are
    out: list[Line] = []
    number, dealer, game_shown, declarer, score, bock = (i in shown for i in range(6))
    # Thousands of rows (--all): the padded cells that repeat (names, games, Bock) are padded
    # once; the numbers are ASCII, so str.rjust pads them right.
    n_size, game_width, score_size = sizes[0], sizes[2], sizes[4]
    dealers = {p: _left(head[p], sizes[1]) for p in players}
    declarers = {p: _left(head[p], sizes[3]) for p in players}
    declarers[""] = " " * sizes[3]
    padded: dict[str, str] = {}
    bocks: dict[str, str] = {}
    for row, game in zip(data, games, strict=True):
        texts = [row.n.rjust(n_size)] if number else []
        if dealer:
            texts.append(dealers[row.dealer])
        if game_shown:
            cell = padded.get(game)
            if cell is None:
                cell = padded[game] = _left(game, game_width)
            texts.append(cell)
        if declarer:
            texts.append(declarers[row.declarer or ""])
        if score:
            texts.append(row.score.rjust(score_size))
        if bock:
            mark = bocks.get(row.bock)
            if mark is None:
                mark = bocks[row.bock] = " " * (sizes[5] - cells(row.bock)) + row.bock
            texts.append(mark)
        marked = row.marked
        running = [
            (total + "*" if player in marked else total + " ").rjust(size)
            for player, total, size in zip(players, row.totals, totals, strict=True)
        ]
        if even:
            texts += running
            out.append((space.join(texts).rstrip(), None))
        else:
            left = space.join(texts) + space if texts else ""
            out.append(((left + apart.join(running)).rstrip(), None))
    return out


def _left(text: str, size: int) -> str:
    return text + " " * (size - cells(text))


def footer(
    sheet: Sheet, tally: Tally, followed: str | None = None, width: int | None = None
) -> list[Line]:
    """The totals: a line a player, names whole; in at most ``width`` columns where that can
    be done, dropping the games won and lost, then naming the players by their short names.

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> lost = Deal("Ben", GameSpec("clubs", with_=2, hand=True, points=56, bid=20))
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(lost)
    >>> for line, _ in footer(sheet, sheet.tally()):
    ...     print(line)
    Totals
    Player  Score  Won  Lost  Seeger-Fabian
    Anna        0    0     0            +40
    Ben       -96    0     1           -146
    Carl        0    0     0            +40
    """
    from skatcalc.words import report

    rules = sheet.rules
    bierlachs = "bierlachs" in (followed or rules.scoring, rules.scoring)
    titles = [w("table.player"), w("table.score"), w("table.won"), w("table.lost"), "Seeger-Fabian"]
    if bierlachs:
        titles.append(w("table.bierlachs", limit=rules.bierlachs_limit))
    rows = []
    for player in tally.players:
        row = [player.name, report.signed(player.score), str(player.won), str(player.lost),
               report.signed(player.seeger_fabian)]  # fmt: skip
        if bierlachs:
            row.append(report.signed(player.bierlachs))
        rows.append(row)
    # narrower layouts, when a width is given and the whole table does not fit it: without
    # the games won and lost, then by short names (the list above has their legend), then with
    # the lists' short heads (``SF``; the Bierlachs limit is in the rules line)
    everything = list(range(len(titles)))
    tries = [(everything, False)]
    if width is not None:
        kept = [i for i in everything if i not in (2, 3)]
        tries += [(kept, False), ([-1, *kept[1:]], False), ([-1, *kept[1:]], True)]
    for columns, short in tries:
        shorts = short_names([row[0] for row in rows]) if columns[0] == -1 else None
        heads = titles
        if short:
            heads = [*titles[:4], w("short.head.seeger_fabian"), w("short.head.bierlachs")]
        table = [[heads[0], *(heads[i] for i in columns[1:])]]
        for n, row in enumerate(rows):
            table.append([row[0] if shorts is None else shorts[n], *(row[i] for i in columns[1:])])
        said = _footer_lines(table)
        if width is None or max(cells(line) for line, _ in said) <= width:
            break
    return [(w("table.totals"), BOLD), *said]


def _footer_lines(table: list[list[str]]) -> list[Line]:
    sizes = [max(cells(text) for text in column) for column in zip(*table, strict=True)]

    def line(texts: Sequence[str]) -> str:
        first = texts[0] + " " * (sizes[0] - cells(texts[0]))
        rest = (" " * (size - cells(t)) + t for t, size in zip(texts[1:], sizes[1:], strict=True))
        return "  ".join([first, *rest]).rstrip()

    return [(line(table[0]), BOLD), *((line(row), None) for row in table[1:])]


def _progress(sheet: Sheet, tally: Tally) -> list[Line]:
    from skatcalc.words import report
    from skatcalc.words.sheet import change_said

    rules = sheet.rules
    after = sheet.dealer(tally.deals_played)
    lines: list[Line] = [("", None), (progress(sheet, tally, after), None)]
    if tally.bock_ahead:
        lines.append((report.bock_ahead(tally.bock_ahead) + ".", None))
    if tally.ramsch_ahead:
        lines.append((w("bockramsch.ahead", count=tally.ramsch_ahead) + ".", None))
    if tally.decided is not None:
        losers, n = tally.decided
        loser = w("ramsch.and").join(losers)
        lines.append((w("bierlachs.decided", loser=loser, n=n), None))
    lines.append((w("table.rules", rules=rules_line(rules)), DIM))
    lines.extend((change_said(change)[:1].upper() + change_said(change)[1:] + ".", DIM)
                 for change in sheet.changes)  # fmt: skip
    return lines


def rules_line(rules: Rules) -> str:
    """The sheet's rules in one short line, for the foot of the list."""
    parts = [w(f"short.scoring.{rules.scoring}", limit=rules.bierlachs_limit)]
    parts.append(w("short.kontra" if rules.kontra else "short.no_kontra"))
    if rules.bock:
        parts.append(w("short.bock"))
    if rules.ramsch:
        parts.append(w("short.schieberamsch" if rules.schieberamsch else "short.ramsch"))
    if rules.lost_hand_single:
        parts.append(w("short.lost_hand_single"))
    if rules.grand_base != 24:
        parts.append(w("short.grand_base", base=rules.grand_base))
    if rules.grand_ouvert_base != 24:
        parts.append(w("short.grand_ouvert_base", base=rules.grand_ouvert_base))
    return ", ".join(parts)


def _columns(rows: list[list[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return [
        "  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]


def standings_lines(
    tournament: Tournament, result: Standings, currency: str = "", width: int | None = None
) -> list[str]:
    """The standings as plain text lines in columns, for a terminal: the ranking, the players
    apart (a series not counted yet), the fees in all, the tables not counted and those closed
    early, the pairs and teams, what the marks mean. With a ``width`` (a terminal's), narrower
    layouts where the whole table does not fit it (:func:`_narrowest`); names stay whole.

    >>> from skatcalc.tournament.model import Tournament
    >>> from skatcalc.tournament.standings import standings
    >>> t = Tournament.new("Night", ["Anna", "Ben", "Carl"], planned=2).draw_next(1)
    >>> print("\\n".join(standings_lines(t, standings(t, {}))))
    Night: standings after 0 of 2 series (series 1 not yet complete)
    Place  Player  S1  Seeger-Fabian  Won  Lost
    <BLANKLINE>
    Not ranked yet (a series not counted):
    ?      Anna    ?   0              0    0
    ?      Ben     ?   0              0    0
    ?      Carl    ?   0              0    0
    <BLANKLINE>
    Not counted:
      series 1, table 1 (night-s1-t1.toml): no sheet yet
    <BLANKLINE>
    Ranked by Seeger-Fabian points, then more games won, then fewer games lost.
    ?: the player's table is not counted yet (see above): listed apart from the ranking until it is.
    """
    rows = [standing_row(s, currency) for s in (*result.ranking, *result.apart)]
    parts = _ranking(result, [header(result), *rows], width)
    lines = [f"{shown(tournament.name)}: {status(result)}", *_parts_lines(parts, result)]
    total = fee_total(result, currency)
    if total is not None:
        lines += ["", total]
    if result.prizes is not None:
        lines += ["", *prize_lines(result, currency)]
    if result.held:
        lines += ["", w("tour.held.title")]
        lines += [f"  {held_line(h, tournament)}" for h in result.held]
    if result.closed:
        lines += ["", w("tour.closed.title")]
        lines += [f"  {closed_line(c, tournament)}" for c in result.closed]
    if result.paper:
        lines += ["", w("tour.paper.title")]
        lines += [f"  {paper_line(p, tournament, marked=False)}" for p in result.paper]
    teams = (*result.team_ranking, *result.teams_apart)
    if teams:
        columns = _fitted([team_header(), *(team_row(t) for t in teams)], _TEAM_TRIES, width)
        ranked = len(result.team_ranking) + 1
        lines += ["", w("tour.teams.title"), *columns[:ranked]]
        if result.teams_apart:
            lines += ["", w("tour.apart.title"), *columns[ranked:]]
    return [*lines, "", *legend(result, currency)]


_Try = tuple[tuple[int, ...], dict[int, str]]
"""A narrower layout of a table: the columns kept (by their place in the whole table), and
the word keys of short heads by place."""

_TEAM_TRIES: list[_Try] = [
    ((0, 1, 3, 4, 5), {}),  # without the members (the teams' list says them)
    ((0, 1, 3, 4, 5), {0: "short.head.n", 3: "short.head.seeger_fabian"}),
    ((0, 1, 3), {0: "short.head.n", 3: "short.head.seeger_fabian"}),
]


def _player_tries(result: Standings) -> list[_Try]:
    """The ranking's narrower layouts, in turn: without the series' columns; with the short
    heads; without the games won and lost (the fee and the prize stay: :func:`_ranking`)."""
    total = 2 + result.drawn
    rest = (total, total + 1, total + 2, *_money(result))
    short = {0: "short.head.n", total: "short.head.seeger_fabian"}
    return [
        ((0, 1, *rest), {}),
        ((0, 1, *rest), short),
        ((0, 1, total, *rest[3:]), short),
    ]


def _money(result: Standings) -> list[int]:
    """The places of the fee's and the prize's columns in the whole ranking."""
    first = 2 + result.drawn + 3
    return [first + i for i in range((result.fee is not None) + (result.prizes is not None))]


def _ranking(result: Standings, rows: list[list[str]], width: int | None) -> list[list[str]]:
    """The ranking's table in columns, fitted to ``width`` (:func:`_fitted`); where even its
    narrowest layout does not fit, in two parts, each with the places and the names: the
    Seeger-Fabian points, then the fee and the prize. Who owes and who wins what is never
    left out."""
    tries = _player_tries(result)
    table = _fitted(rows, tries, width)
    money = _money(result)
    if width is None or not money or max(cells(line) for line in table) <= width:
        return [table]
    kept, short = tries[-1]
    return [_kept(rows, (0, 1, kept[2]), short), _kept(rows, (0, 1, *money), short)]


def _parts_lines(parts: list[list[str]], result: Standings) -> list[str]:
    """The ranking's table (or its parts, an empty line between them), and under the title of
    the players apart their rows (in parts, each part with its head)."""
    ranked = len(result.ranking) + 1
    lines: list[str] = []
    for n, part in enumerate(parts[: len(parts) if result.ranking else 1]):
        lines += [*([""] if n else []), *part[:ranked]]
    if result.apart:
        lines += ["", w("tour.apart.title")]
        for n, part in enumerate(parts):
            lines += [*([""] if n else []), *part[: 1 if len(parts) > 1 else 0], *part[ranked:]]
    return lines


def _fitted(rows: list[list[str]], tries: list[_Try], width: int | None) -> list[str]:
    """``rows`` in columns: the whole table, or with a ``width`` the first of the narrower
    ``tries`` that fits it (else the narrowest).

    >>> rows = [["Place", "Player", "S1", "Seeger-Fabian"], ["1", "Bärbel-Sophie", "+72", "+72"]]
    >>> _fitted(rows, [((0, 1, 3), {}), ((0, 1, 3), {0: "short.head.n"})], 32)
    ['#  Player         Seeger-Fabian', '1  Bärbel-Sophie  +72']
    >>> _fitted(rows, [((0, 1, 3), {})], None)[1]
    '1      Bärbel-Sophie  +72  +72'
    """
    lines = _columns(rows)
    for kept, heads in tries:
        if width is None or max(cells(line) for line in lines) <= width:
            break
        lines = _kept(rows, kept, heads)
    return lines


def _kept(rows: list[list[str]], kept: Sequence[int], heads: dict[int, str]) -> list[str]:
    """The columns ``kept`` of ``rows`` in columns, with the short heads ``heads`` by place."""
    head = [w(heads[i]) if i in heads else rows[0][i] for i in kept]
    return _columns([head, *([row[i] for i in kept] for row in rows[1:])])


def render_standings(
    tournament: Tournament, result: Standings, currency: str = "", width: int | None = None
) -> str:
    """:func:`standings_lines` as text, a line each."""
    return "\n".join(standings_lines(tournament, result, currency, width)) + "\n"


# --- the year's ranking -------------------------------------------------------------------------


def season_lines(result: Season, width: int | None = None) -> list[str]:
    """The year's ranking (``skatcalc season``) as plain text lines in columns: the title and
    the rule, the ranking, the players apart, the tables not counted, the legend. With a
    ``width`` (a terminal's), the lines of prose are broken between words and the table narrows
    where it does not fit: the short place head, then without the series counted, then without
    the series played; names stay whole.

    >>> from skatcalc.season import season
    >>> from skatcalc.sheet.model import Sheet
    >>> print("\\n".join(season_lines(season([Sheet.new(["Anna", "Ben", "Carl"])]))[:4]))
    Year's ranking over one sheet
    Every series counts.
    Place  Player  Series  SF  SF/series
    1=     Anna    0       0
    """
    from skatcalc.words.season import season_cells

    said = season_cells(result)
    rows = [said.header, *said.rows, *said.apart]
    last = len(said.header) - 1
    points, average = last - 1, last
    best = result.best is not None
    tries: list[_Try] = [
        (tuple(range(last + 1)), {0: "short.head.n"}),
        ((0, 1, 2, points, average), {0: "short.head.n"}) if best else ((0, 1, 2, 3, 4), {0: "short.head.n"}),
        ((0, 1, points, average), {0: "short.head.n"}),
        ((0, 1, points), {0: "short.head.n"}),
    ]  # fmt: skip
    table = _fitted(rows, tries, width)

    def prose(text: str) -> list[str]:
        return [text] if width is None else [p.replace(NBSP, " ") for p in wrap(text, width)]

    ranked = len(said.rows) + 1
    lines = [*prose(said.title), *prose(said.rule), *table[:ranked]]
    if said.apart:
        lines += ["", *prose(said.apart_title), *table[ranked:]]
    if said.notes:
        lines += ["", *(part for note in said.notes for part in prose(note))]
    return [*lines, "", *prose(said.legend)]


def render_season(result: Season, width: int | None = None) -> str:
    """:func:`season_lines` as text, a line each."""
    return "\n".join(season_lines(result, width)) + "\n"
