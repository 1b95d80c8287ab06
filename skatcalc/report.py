"""A scoring in words: :mod:`skatcalc.words.report`, under the name the README gives it.

The words are made by the words layer, the JSON object by :mod:`skatcalc.formats.json`
(``to_dict``, ``to_json`` here); this name stays for library users who write
``from skatcalc import report`` (README.md, "In Python").

>>> from skatcalc import report, score
>>> report.chain(score("clubs", with_=2, hand=True, points=56, bid=20))
'with 2, game 3, hand 4 × 12 = 48'
"""

from skatcalc.formats.json import scoring_dict as to_dict
from skatcalc.formats.json import scoring_json as to_json
from skatcalc.words.report import (
    bock_ahead,
    chain,
    compact,
    entry,
    game_name,
    headline,
    lines,
    ramsch_text,
    reason,
    score_text,
    signed,
    summary,
    tops_text,
)

__all__ = [
    "bock_ahead", "chain", "compact", "entry", "game_name", "headline", "lines", "ramsch_text",
    "reason", "score_text", "signed", "summary", "to_dict", "to_json", "tops_text",
]  # fmt: skip
