"""The sheet reader keeps the heads it made (skatcalc/store/sheet_codec.py ``_HEADS``) and the
rules of each (``_RULES_READ``): a sheet read with a head or its rules kept is the sheet read
with them made anew, and a problem in a head is found every time, whatever was read before."""

from __future__ import annotations

import pytest

from skatcalc.errors import SheetFileError
from skatcalc.sheet.model import Sheet
from skatcalc.store import sheet_codec
from skatcalc.store.sheet_codec import checked, parse

HEAD = "format = 1\nplayers = [{players}]\n[rules]\n{rules}\n"
DEAL = '[[deal]]\ndeclarer = "{who}"\ngame = "grand"\nwith = 1\npoints = 70\n'

HEADS = [
    ('"Anna", "Ben", "Carl"', "bock = true\nbock_length = 1"),
    ('"Anna", "Ben", "Carl"', "bock = true\nbock_length = true"),  # 1 and true: equal keys
    ('"Anna", "Ben", "Carl"', "bock = 1\nbock_length = 1"),
    ('"anna", "Ben", "Carl"', "bock = true\nbock_length = 1"),
    ('"Ju\u0308rgen", "Ben", "Carl"', 'scoring = "standard"'),
    ('"J\u00fcrgen", "Ben", "Carl"', 'scoring = "standard"'),
    ('"Anna", "Ben", "Carl", "Dora"', 'bock_triggers = ["lost-60", "kontra"]'),
    ('"Anna", "Ben", "Carl", "Dora"', 'bock_triggers = ["lost-60", "kontra", "nine"]'),
    ('"Anna", "Ben", "Carl"', "grand_base = 20.0"),
    ('"Anna", "Ben"', "bock = true"),
    ('"Anna", "Anna", "Carl"', "bock = true"),
]


def _forget() -> None:
    sheet_codec._HEADS.clear()
    sheet_codec._RULES_READ.clear()


def _text(players: str, rules: str) -> str:
    first = players.split(",")[1].strip().strip('"')
    return HEAD.format(players=players, rules=rules) + DEAL.format(who=first)


def _read(text: str) -> object:
    try:
        return parse(text)
    except SheetFileError as error:
        return repr(error)


@pytest.mark.parametrize("order", [1, -1])
def test_a_head_kept_reads_as_one_made_anew(order: int) -> None:
    texts = [_text(*head) for head in HEADS][::order]
    anew = []
    for text in texts:
        _forget()
        anew.append((_read(text), repr(checked(text).problems)))
    _forget()
    for _ in range(2):  # every head read after every other, then each kept
        kept = [(_read(text), repr(checked(text).problems)) for text in texts]
        assert kept == anew
    assert sheet_codec._HEADS  # the sound ones were kept
    problems = [found for found in anew if found[1] != "[]"]
    assert len(problems) == 6  # true, 1, the unknown trigger, 20.0, two players, a name twice


def test_a_sheet_read_with_its_head_kept_is_the_same_object_head() -> None:
    text = _text(*HEADS[0])
    _forget()
    first, second = parse(text), parse(text)
    assert first == second and first.rules is second.rules


@pytest.mark.parametrize("rules", [rules for _, rules in HEADS])
def test_rules_kept_for_other_players_read_as_made_anew(rules: str) -> None:
    """A tournament's tables: the same rules, each table its own players. The rules of the
    second are those of the first (when sound), and read as made anew; a problem in them is
    found at each table."""
    tables = [_text('"Anna", "Ben", "Carl"', rules), _text('"Dora", "Emil", "Fritz"', rules)]
    anew = []
    for text in tables:
        _forget()
        anew.append((_read(text), repr(checked(text).problems)))
    _forget()
    kept = [(_read(text), repr(checked(text).problems)) for text in tables]
    assert kept == anew
    first, second = kept[0][0], kept[1][0]
    if isinstance(first, Sheet):  # sound: one rules object for both tables
        assert isinstance(second, Sheet) and first.rules is second.rules
    else:
        assert isinstance(second, str) and not sheet_codec._RULES_READ
