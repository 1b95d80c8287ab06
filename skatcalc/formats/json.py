"""JSON: the sheet as ``sheet show --json`` and ``sheet export --format json`` write it, and the
standings of ``tournament standings --json``. Always English: JSON is the contract
(docs/json.md, docs/tournament.md), the same in every language.

>>> from skatcalc.sheet.model import Deal, Sheet
>>> from skatcalc.spec import GameSpec
>>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal("Ben", GameSpec("grand", with_=2, points=61)))
>>> data = sheet_dict(sheet, sheet.tally())
>>> data["players"][1], data["games"][0]["totals"]
({'name': 'Ben', 'score': 72, 'won': 1, 'lost': 0, 'seeger_fabian': 122, 'bierlachs': 0}, {'Anna': 0, 'Ben': 72, 'Carl': 0})
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from skatcalc.formats.common import followed, rules_dict
from skatcalc.sheet.model import Sheet, Tally
from skatcalc.words.report import to_dict

if TYPE_CHECKING:  # ``sheet add --json`` imports this module: no tournament for it
    from skatcalc.tournament.model import Tournament
    from skatcalc.tournament.standings import SeriesScore, Standings

__all__ = ["deal_dict", "render_sheet", "render_standings", "sheet_dict", "standings_dict"]


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
        "rules": rules_dict(sheet),
        "bock_ahead": [1 << levels for levels in tally.bock_ahead],
        "bockramsch_ahead": tally.ramsch_ahead,
        "bierlachs": None
        if tally.decided is None
        else {"losers": list(tally.decided[0]), "deal": tally.decided[1]},
        "list": followed(sheet, scoring),
    }


def render_sheet(sheet: Sheet, tally: Tally, scoring: str | None = None) -> str:
    """The object of ``sheet show --json`` with every deal, indented, ending in a newline.

    >>> from skatcalc.sheet.model import Sheet
    >>> sheet = Sheet.new(["Zoë", "Ben", "Carl"])
    >>> print(*render_sheet(sheet, sheet.tally()).splitlines()[:4], sep="\\n")
    {
      "players": [
        {
          "name": "Zoë",
    """
    import json

    return json.dumps(sheet_dict(sheet, tally, None, scoring), ensure_ascii=False, indent=2) + "\n"


def standings_dict(
    tournament: Tournament, result: Standings, fee: Fraction | None = None
) -> dict[str, Any]:
    """The object of ``tournament standings --json`` (docs/tournament.md).

    >>> from fractions import Fraction
    >>> from skatcalc.tournament.model import Tournament
    >>> from skatcalc.tournament.standings import standings
    >>> t = Tournament.new("Night", ["Anna", "Ben", "Carl"], planned=1).draw_next(1)
    >>> data = standings_dict(t, standings(t, {}), Fraction(50))
    >>> data["final"], data["not_counted"][0]["reason"], data["players"][0]["fee_cents"]
    (False, 'missing', 0)
    """

    from skatcalc.tournament.standings import fee_cents

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
                "detail": _english(h.detail),
                "deals": h.deals,
                "length": h.length,
            }
            for h in result.held
        ],
    }


def _english(detail: object) -> str:
    """A held table's detail (an error, put in words when shown) in English: JSON's language."""
    from skatcalc.errors import SkatError
    from skatcalc.words import message, speaking

    with speaking("en"):
        return message(detail) if isinstance(detail, SkatError) else str(detail)


def render_standings(
    tournament: Tournament, result: Standings, fee: Fraction | None = None, currency: str = ""
) -> str:
    """The object of :func:`standings_dict` on one line (``currency`` is for the formats that
    write amounts; JSON has whole cents)."""
    import json

    return json.dumps(standings_dict(tournament, result, fee), ensure_ascii=False) + "\n"
