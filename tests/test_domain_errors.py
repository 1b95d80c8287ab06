"""The game domain's errors are data: each is raised through the public API with its code, and
its words are whole in English and in German (no missing value, no placeholder left over).

The cases below raise every error code the game domain (cards, games, value, bidding, spec,
notation, sheet/entry, batch) raises; a test reads those modules' source and fails when a code
is raised there that no case here raises, so a new error cannot go unchecked.
"""

from __future__ import annotations

import ast
import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pytest

import skatcalc
from skatcalc import words
from skatcalc.batch import IMPORT_LIMIT, answer, deals, read_lines
from skatcalc.bidding import analyse
from skatcalc.cards import Card, parse_cards
from skatcalc.errors import SkatError
from skatcalc.formats.json import parse_object as parse_line
from skatcalc.games import Declaration, GameType
from skatcalc.notation import NotationError, parse
from skatcalc.sheet.entry import deal_of
from skatcalc.sheet.model import Sheet
from skatcalc.spec import GameSpec
from skatcalc.value import Play, Tops, check_bid, score
from skatcalc.words import literal

ROOT = Path(skatcalc.__file__).parent
MODULES = ("cards.py", "games.py", "value.py", "bidding.py", "spec.py", "notation.py",
           "sheet/entry.py", "batch.py", "cli/value.py")  # fmt: skip
PLAYERS = ("Anna", "Ben", "Carl")
SHEET = Sheet(PLAYERS)


class Case(NamedTuple):
    code: str
    raise_it: Callable[[], object]


CASES: dict[str, Case] = {
    # cards
    "bad card": Case("err.card.invalid", lambda: Card.parse("CX")),
    "bad card in a list": Case("err.card.invalid", lambda: parse_cards("CJ XY")),
    "ambiguous card": Case("err.card.ambiguous", lambda: Card.parse("SU")),
    "ambiguous card in a list": Case("err.card.ambiguous", lambda: parse_cards("CJ SO")),
    "long cards": Case("err.cards.long", lambda: parse_cards("CJ " * 200)),
    "card twice": Case("err.card.twice", lambda: parse_cards("CJ SA CJ")),
    # games
    "unknown game": Case("err.game.unknown", lambda: GameType.parse("trumps")),
    "schneider in Null": Case(
        "err.decl.null", lambda: Declaration.make(GameType.NULL, schneider=True)
    ),
    "schwarz without hand": Case(
        "err.decl.hand", lambda: Declaration.make(GameType.CLUBS, schwarz=True)
    ),
    # value: tops
    "tops twice": Case("err.tops.both", lambda: score("spades", with_=2, without=2)),
    "no tops": Case("err.tops.needed", lambda: score("hearts", points=70)),
    "tops in Null": Case("err.tops.null", lambda: score("null", with_=1, tricks=0)),
    "grand with 5": Case("err.tops.max", lambda: score("grand", with_=5)),
    "clubs with 12": Case("err.tops.max", lambda: score("clubs", without=12)),
    "clubs with 0": Case("err.tops.zero", lambda: score("clubs", with_=0)),
    "Null's tops from cards": Case(
        "err.tops.none", lambda: Tops.from_cards(GameType.NULL, parse_cards("CJ SJ"))
    ),
    "tops and cards": Case(
        "err.tops.cards",
        lambda: score("clubs", with_=1, cards="CJ SJ HJ DJ CA CT CK CQ C9 C8", skat="C7 SA"),
    ),
    # value: bids
    "bid too low": Case("err.bid", lambda: check_bid(17)),
    "bid too high": Case("err.bid", lambda: check_bid(300)),
    "bid between": Case("err.bid", lambda: score("clubs", with_=1, bid=19)),
    "Null below three": Case("err.null.bid", lambda: score("null", bid=30, tricks=0)),
    "Null below two": Case("err.null.bid", lambda: score("null", bid=40, tricks=0)),
    "Null below one": Case("err.null.bid", lambda: score("null", bid=48, tricks=0)),
    "Null below all": Case("err.null.bid", lambda: score("null", bid=60, tricks=0)),
    "grand base": Case("err.grand_base", lambda: score("grand", with_=1, grand_base=22)),
    "grand ouvert base": Case(
        "err.grand_ouvert_base", lambda: score("grand", ouvert=True, with_=1, grand_ouvert_base=32)
    ),
    # value: the play
    "points range": Case("err.points.range", lambda: score("clubs", with_=1, points=121)),
    "tricks range": Case("err.tricks.range", lambda: score("null", tricks=11)),
    "Null without tricks": Case("err.null.tricks", lambda: score("null", points=0)),
    "no result": Case(
        "err.points.or_tricks", lambda: Play.make(GameType.CLUBS, points=None, tricks=None)
    ),
    "1 card point": Case("err.points.none", lambda: score("clubs", with_=1, points=1)),
    "119 card points": Case("err.points.none", lambda: score("clubs", with_=1, points=119)),
    "ten tricks": Case("err.points.ten", lambda: score("clubs", with_=1, points=118, tricks=10)),
    "no trick": Case("err.points.zero", lambda: score("clubs", with_=1, points=30, tricks=0)),
    "points and tricks": Case(
        "err.points.cards", lambda: score("clubs", with_=1, points=2, tricks=9)
    ),
    "skat worth more": Case(
        "err.points.skat",
        lambda: score(
            "clubs", hand=True, cards="CJ SJ HJ DJ CK CQ C9 C8 C7 S7", skat="CA ST", points=20
        ),
    ),
    "discards worth more": Case(
        "err.points.discards", lambda: score("clubs", with_=1, discards="SA HA", points=20)
    ),
    "points needed": Case("err.points.needed", lambda: score("clubs", with_=1, tricks=5)),
    "schwarz needs tricks": Case(
        "err.schwarz.tricks", lambda: score("grand", with_=1, hand=True, schwarz=True, points=120)
    ),
    # value: cards
    "card count": Case("err.cards.count", lambda: score("clubs", cards="CJ SJ", skat="C7 C8")),
    "card in hand and skat": Case(
        "err.cards.both",
        lambda: score("clubs", cards="CJ SJ HJ DJ CA CT CK CQ C9 C8", skat="CJ C7"),
    ),
    "card twice in a sequence": Case(
        "err.card.twice", lambda: score("null", cards=[Card.parse("CJ")] * 10, skat="C7 C8")
    ),
    "discards in hand": Case(
        "err.discards.hand", lambda: score("clubs", with_=1, hand=True, discards="C7 C8")
    ),
    "three discards": Case("err.discards.count", lambda: score("clubs", with_=1, discards="C7")),
    "discard not held": Case(
        "err.discards.held",
        lambda: score(
            "clubs", cards="CJ SJ HJ DJ CA CT CK CQ C9 C8", skat="C7 SA", discards="HA C7"
        ),
    ),
    # bidding
    "short hand": Case("err.bidding.size", lambda: analyse("SJ HJ CA")),
    "hand twice": Case(
        "err.bidding.twice",
        lambda: analyse([Card.parse("CJ")] * 2 + list(parse_cards("SJ HJ CA CT CK CQ C9 SA"))),
    ),
    # spec
    "unknown key": Case("err.spec.key", lambda: GameSpec.from_mapping({"pionts": 1})),
    "wrong type": Case("err.spec.type", lambda: GameSpec.from_mapping({"hand": "yes"})),
    "whole number": Case("err.spec.type", lambda: GameSpec.from_mapping({"with": True})),
    "string": Case("err.spec.type", lambda: GameSpec.from_mapping({"game": 1})),
    "no game": Case("err.spec.game", lambda: GameSpec.from_mapping({"with": 1})),
    # notation
    "said won": Case(
        "err.notation.outcome",
        lambda: parse("kr m2 56 won").confirm(score("clubs", with_=2, points=56)),
    ),
    "said won, Null": Case(
        "err.notation.outcome.null",
        lambda: parse("nu t1 won").confirm(score("null", tricks=1)),
    ),
    "said twice": Case("err.notation.twice", lambda: parse("kr m2 m3 56")),
    "a line too long": Case("err.notation.line_long", lambda: parse("kr " * 2000)),
    "open quote": Case("err.notation.quote", lambda: parse('kr cards="CJ')),
    "ambiguous word": Case("err.notation.ambiguous", lambda: parse("he m1 h", ("Heinz", "B", "C"))),
    "needs a number": Case("err.notation.number", lambda: parse("kr mit h")),
    "close word": Case("err.notation.unknown", lambda: parse("kr kreuzz 56")),
    "card word": Case("err.notation.unknown", lambda: parse("kr CJ 56")),
    "unknown word": Case("err.notation.unknown", lambda: parse("kr qqqqqq 56")),
    "long line": Case("err.notation.long", lambda: parse("h " * 65)),
    "long word": Case("err.notation.word_long", lambda: parse("x" * 201)),
    "empty cards": Case("err.notation.empty", lambda: parse("kr cards= 56")),
    "nobody": Case("err.notation.player", lambda: parse("ra an=62 be=58 ca=0 jf=zz", PLAYERS)),
    "not a number": Case("err.notation.not_number", lambda: parse("ramsch push=-1")),
    "Ramsch word": Case("err.notation.ramsch_word", lambda: parse("kr m2 56 dm=an", PLAYERS)),
    "pass alone": Case("err.notation.pass", lambda: parse("pass kr")),
    "defenders": Case("err.notation.defenders", lambda: parse("kr m2 d121")),
    "points and defenders": Case("err.notation.twice", lambda: parse("kr m2 56 d50")),
    "no game word": Case("err.notation.game", lambda: parse("m2 56")),
    "won alone": Case("err.notation.outcome_alone", lambda: parse("kr m2 won")),
    "lost ouvert alone": Case("err.notation.lost_every_trick", lambda: parse("gr m4 ov lost")),
    "Ramsch extra": Case("err.notation.ramsch_extra", lambda: parse("ra an=62 kr", PLAYERS)),
    "Ramsch points": Case("err.notation.ramsch_points", lambda: parse("ramsch")),
    # sheet/entry
    "pass with options": Case(
        "err.notation.options", lambda: deal_of(parse("pass"), SHEET, declarer="Anna")
    ),
    "bock on a sheet": Case(
        "err.notation.bock", lambda: deal_of(parse("an kr m2 56 bock", PLAYERS), SHEET)
    ),
    "declarer twice": Case(
        "err.notation.twice",
        lambda: deal_of(parse("an kr m2 56", PLAYERS), SHEET, declarer="Ben"),
    ),
    "no declarer": Case("err.notation.declarer", lambda: deal_of(parse("kr m2 56"), SHEET)),
    # batch
    "long line of JSON": Case(
        "err.batch.long", lambda: _raise(next(read_lines(io.BytesIO(b"x" * 20), 10)))
    ),
    "not UTF-8": Case("err.batch.utf8", lambda: _raise(next(read_lines(io.BytesIO(b"\xff"))))),
    "deep JSON": Case("err.json.deep", lambda: parse_line("[" * 100_000)),
    "empty line": Case("err.batch.empty", lambda: parse_line("  ")),
    "not JSON": Case("err.json.invalid", lambda: parse_line("{game")),
    "extra data": Case("err.json.extra", lambda: parse_line('{"game": "null"} x')),
    "not an object": Case("err.json.object", lambda: parse_line("[1, 2]")),
    "passed deal": Case("err.batch.line", lambda: deals(['{"pass": true, "game": "null"}'])),
    "no declarer in JSON": Case("err.batch.line", lambda: deals(['{"game": "null"}'])),
    "passed deal, the line's error": Case(
        "err.batch.pass", lambda: _inner(lambda: deals(['{"pass": true, "game": "null"}']))
    ),
    "no declarer, the line's error": Case(
        "err.batch.declarer", lambda: _inner(lambda: deals(['{"game": "null"}']))
    ),
    "too many deals": Case(
        "err.import.many", lambda: deals(['{"pass": true}'] * (IMPORT_LIMIT + 1))
    ),
}


def _inner(call: Callable[[], object]) -> None:
    """Raise the error a ``line N: ...`` error wraps."""
    try:
        call()
    except SkatError as error:
        raise error.params["error"] from None


def _raise(error: object) -> None:
    assert isinstance(error, SkatError), error
    raise error


LEFT_OVER = re.compile(r"\{[A-Za-z_]\w*(![rsa])?(:[^}]*)?\}")


def _said(case: Case) -> tuple[SkatError, str, str]:
    with pytest.raises(SkatError) as caught:
        case.raise_it()
    error = caught.value
    english = words.message(error)
    words.use("de")
    try:
        german = words.message(error)
    finally:
        words.use("en")
    return error, english, german


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_error_is_a_code_and_whole_in_both_languages(name: str) -> None:
    case = CASES[name]
    error, english, german = _said(case)
    assert error.code == case.code
    for text in (english, german):
        assert text and not LEFT_OVER.search(text), text
        assert "Say(" not in text and "\n" not in text, text
    assert english != german
    quoted = re.sub(r"'[^']*'|\"[^\"]*\"|\{[^}]*\}", "", german)  # words as given, JSON
    assert not ENGLISH.findall(quoted), german


ENGLISH = re.compile(r"\b(the|is|are|and|or|give|not|must|cannot|expected|line|card|of|to)\b")
"""English words that no German message holds outside what it quotes (option names such as
``--points`` and the JSON keys stay as the user types them)."""


def test_a_wrapped_error_keeps_both_languages() -> None:
    _error, english, german = _said(CASES["passed deal"])
    assert english == 'line 1: a passed deal is just {"pass": true}'
    assert german == 'Zeile 1: ein eingepasstes Spiel ist nur {"pass": true}'


def test_an_ambiguous_card_names_the_rank_in_each_language() -> None:
    _, english, german = _said(CASES["ambiguous card"])
    assert english == (
        "ambiguous card 'SU': S is spades in English notation but Schellen (diamonds) in German; "
        "write 'SJ' for the jack of spades, or 'DJ' / 'Schellen Unter' for the jack of diamonds"
    )
    assert german == (
        "mehrdeutige Karte 'SU': S ist in der englischen Schreibweise Pik, in der deutschen aber "
        "Schellen (Karo); schreib 'SJ' für Pik Bube oder 'DJ' / 'Schellen Unter' für Karo Bube"
    )


def test_one_card_point_is_said_in_the_singular() -> None:
    _, english, german = _said(CASES["1 card point"])
    assert english.startswith("no set of Skat cards is worth exactly 1 card point:")
    assert german.startswith("keine Kartenmenge ist genau 1 Auge wert:")
    _, english, _ = _said(CASES["119 card points"])
    assert english.startswith("no set of Skat cards is worth exactly 119 card points:")


def test_the_tops_given_beside_cards_are_german_in_german() -> None:
    _, english, german = _said(CASES["tops and cards"])
    assert "either with 1 or the cards" in english
    assert german.startswith("Spitzen nur einmal angeben: mit 1 oder die Karten")


def test_an_ambiguous_word_names_its_readings_in_each_language() -> None:
    _, english, german = _said(CASES["ambiguous word"])
    assert (
        english == "'he' could mean hearts or the player Heinz: write 'hearts' or more of the name"
    )
    assert german == (
        "'he' kann Herz oder Heinz (Spieler am Tisch) heißen: schreib 'herz' oder mehr vom Namen"
    )


def test_a_notation_error_keeps_its_word() -> None:
    with pytest.raises(NotationError) as caught:
        parse("kr kreuzz 56")
    assert caught.value.word == "kreuzz"
    assert caught.value.params["word"] == "kreuzz"


def test_a_batch_answer_says_the_error_in_english_whatever_the_language() -> None:
    line = '{"game": "clubs", "pionts": 5}'
    words.use("de")
    try:
        said = answer(line, 3)
    finally:
        words.use("en")
    assert (
        said
        == answer(line, 3)
        == (
            False,
            '{"line": 3, "error": "unknown key \'pionts\': expected game, with, without, cards, '
            "skat, hand, schneider, schwarz, ouvert, points, tricks, bid, kontra, re, discards, "
            'bock"}',
        )
    )


@pytest.mark.parametrize(
    "value",
    [True, False, None, 0, -3, 2.5, 1e100, float("inf"), "", 'a"b\\c\n\t\x01é€', [1, "x"],
     {"a": [None, {"b": 1.0}]}, (1, 2)],
)  # fmt: skip
def test_a_literal_is_what_json_writes(value: object) -> None:
    import json

    assert literal(value) == json.dumps(value, ensure_ascii=False)


def _raised_codes(name: str) -> set[str]:
    """The word keys given as the first argument of every error this module raises."""
    classes = {"SkatError", "CardError", "GameError", "DeclarationError", "TopsError",
               "ResultError", "BidError", "NotationError"}  # fmt: skip
    codes = set()
    for node in ast.walk(ast.parse((ROOT / name).read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in classes
            and node.args
            and isinstance(node.args[0], ast.Constant)
        ):
            codes.add(str(node.args[0].value))
    return codes


def test_every_code_the_domain_raises_has_a_case_here() -> None:
    raised = set().union(*(_raised_codes(name) for name in MODULES))
    raised |= {"err.points.skat", "err.points.discards"}  # value.py picks one of them by name
    # raised by cli/value.py and pinned in both languages by tests/cli (test_value_bid_words.py)
    covered = {case.code for case in CASES.values()} | {"err.notation.value_kind", "batch.failed"}
    assert raised - covered == set()
    assert len(raised) > 60


@pytest.mark.parametrize(
    ("text", "german"),
    [
        ("{game", "erwartet ist ein Schlüssel in doppelten Anführungszeichen"),
        ('{"a" 1}', "erwartet ist ':'"),
        ('{"a": 1 "b": 2}', "erwartet ist ','"),
        ("[", "ein Wert fehlt"),
        ('"abc', "ein Text in Anführungszeichen ist nicht geschlossen"),
        ('"a\x01"', "ein Steuerzeichen steht in einem Text"),
        ('"\\u12"', "ungültiges \\uXXXX"),
    ],
)
def test_why_a_line_is_not_json_is_said_in_german_too(text: str, german: str) -> None:
    import json

    with pytest.raises(json.JSONDecodeError) as caught:  # English: what the json module says
        json.JSONDecoder().raw_decode(text)
    _, english, said = _said(Case("err.json.invalid", lambda: parse_line(text)))
    assert english == f"not JSON: {caught.value.msg}"
    assert said == f"kein JSON: {german}"
