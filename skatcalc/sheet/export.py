"""A sheet as data for other tools and people: the JSON of ``sheet show``, and exports.

Pure: text in, text out; the CLI writes it where asked.

>>> from skatcalc.sheet.model import Deal, Sheet
>>> from skatcalc.spec import GameSpec
>>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal("Ben", GameSpec("grand", with_=2, points=61)))
>>> data = sheet_dict(sheet, sheet.tally())
>>> data["players"][1], data["games"][0]["totals"]
({'name': 'Ben', 'score': 72, 'won': 1, 'lost': 0, 'seeger_fabian': 122}, {'Anna': 0, 'Ben': 72, 'Carl': 0})
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from skatcalc.report import to_dict
from skatcalc.sheet.model import Sheet, Tally

__all__ = ["deal_dict", "sheet_dict"]


def deal_dict(tally: Tally, n: int) -> dict[str, Any]:
    """Deal ``n`` (from 1) as in ``sheet show --json``: number, dealer, declarer, the game's
    ``value --json`` keys, and every player's running total after it."""
    entry = tally.deals[n - 1]
    data: dict[str, Any] = {
        "n": entry.n,
        "dealer": entry.dealer,
        "declarer": entry.deal.declarer,
        "passed": entry.scoring is None,
    }
    if entry.scoring is not None:
        data.update(to_dict(entry.scoring))
    players = [p.name for p in tally.players]
    data["totals"] = dict(zip(players, entry.totals, strict=True))
    return data


def sheet_dict(sheet: Sheet, tally: Tally, last: int | None = None) -> dict[str, Any]:
    """The object of ``sheet show --json`` (docs/json.md); ``last`` keeps the last N deals."""
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
        "rules": asdict(sheet.rules),
    }
