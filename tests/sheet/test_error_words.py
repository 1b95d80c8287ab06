"""The sheet, store and tournament layers raise errors as data: a word key, its values, the field
and deal. Every key they use is in both word tables and renders whole in English and German, and
a German reader gets German through the whole message, the file's line included."""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

import skatcalc
from skatcalc import words
from skatcalc.errors import SkatError
from skatcalc.sheet.model import Deal, Rules, Sheet, check_name
from skatcalc.sheet.stats import parse_stake, settle, stats
from skatcalc.spec import GameSpec
from skatcalc.store import sheet_codec as codec
from skatcalc.store import tournament as tournament_store
from skatcalc.tournament.draw import table_sizes
from skatcalc.tournament.model import Tournament
from skatcalc.words import de, en, message
from tests.data import SHEET_TWO_PROBLEMS

ROOT = Path(skatcalc.__file__).parent
MODULES = (
    "sheet/model.py", "sheet/rules.py", "sheet/deal.py", "sheet/tally.py", "sheet/stats.py",
    "sheet/currency.py", "store/sheet.py",
    "store/toml.py", "store/sheet_codec.py", "store/files.py",
    "tournament/model.py", "tournament/draw.py", "tournament/standings.py",
    "store/tournament_codec.py", "store/tournament.py", "words/sheet.py",
)  # fmt: skip
_KEY = re.compile(r"(err|stats|type|kind|sheet\.needs|number)(\.[\w-]+)+")


def _keys_used() -> set[str]:
    """Every word key these modules name: string constants shaped like a key, and the keys an
    f-string key (``f"err.tournament.count.{what}"``) can reach."""
    keys: set[str] = set()
    for name in MODULES:
        tree = ast.parse((ROOT / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if _KEY.fullmatch(node.value):
                    keys.add(node.value)
            elif isinstance(node, ast.JoinedStr) and isinstance(node.values[0], ast.Constant):
                prefix = str(node.values[0].value)
                if re.match(r"(err|stats)\.", prefix) and prefix.endswith("."):
                    reached = {k for k in en.WORDS if k.startswith(prefix)}
                    assert reached, f"{name}: no key starts with {prefix!r}"
                    keys |= reached
    return keys


KEYS = sorted(_keys_used())


def test_the_modules_use_keys_at_all() -> None:
    # the harvest finds what it should: a broken harvest would make the tests below vacuous
    assert {"err.sheet.players", "err.file.line", "err.tfile.table_at", "stats.pays"} <= set(KEYS)
    assert len(KEYS) > 100


def _sample(text: str) -> dict[str, object]:
    """A value for each placeholder: a number where the placeholder formats one."""
    return {
        name: 7 if spec else "X"
        for _, name, spec, _ in string.Formatter().parse(text)
        if name is not None
    }


@pytest.mark.parametrize("key", KEYS)
@pytest.mark.parametrize("language", ["en", "de"])
def test_every_key_renders_whole_in_both_languages(key: str, language: str) -> None:
    assert key in en.WORDS and key in de.WORDS, f"{key} is missing from a word table"
    words.use(language)
    said = words.w(key, **_sample(en.WORDS[key]))
    assert said.strip(), key
    literal_braces = "{{" in en.WORDS[key]  # a TOML inline table in an example, written {{ }}
    assert literal_braces or ("{" not in said and "}" not in said), said
    assert not re.search(r"\{\w*(![rs])?\}", said), said


UNTRANSLATED = {"err.file.at"}
"""``FILE: message``: the same in every language."""


@pytest.mark.parametrize("key", [k for k in KEYS if k.startswith("err.")])
def test_every_error_is_translated(key: str) -> None:
    if key in UNTRANSLATED:
        assert en.WORDS[key] == de.WORDS[key]
        return
    assert en.WORDS[key] != de.WORDS[key], f"{key} is English in the German table"


# --- real errors, in German -------------------------------------------------------------------

THREE = ("Anna", "Ben", "Carl")


def _kontra_sheet() -> Sheet:
    return Sheet.new(THREE).add(Deal("Ben", GameSpec("clubs", with_=2, points=70, kontra=True)))


TOURNAMENT_HEAD = 'format = 1\nname = "x"\nplayers = ["A", "B", "C"]\n'
TOURNAMENT_BAD_TABLE = (
    TOURNAMENT_HEAD
    + 'planned = 1\n\n[[series]]\nseed = 1\n\n[[series.table]]\nplayers = ["A", "B", "Zoe"]\n'
    'sheet = "s1-t1.toml"\n'
)

GERMAN: list[tuple[str, Callable[[], object], str]] = [
    ("players", lambda: Sheet.new(["Anna", "Ben"]), "eine Liste hat drei, vier oder fünf Spieler, nicht 2"),
    ("choice", lambda: Rules(bock_overlap="triple"),  # type: ignore[arg-type]
     "die Regel bock_overlap ist 'triple': erlaubt sind double oder queue"),
    ("choice of four", lambda: Rules(ramsch_ties="x"),  # type: ignore[arg-type]
     "die Regel ramsch_ties ist 'x': erlaubt sind all-lose, split, last-trick oder nobody"),
    ("rule type", lambda: Rules(kontra=1),  # type: ignore[arg-type]
     "die Regel 'kontra' muss true oder false sein, nicht 1"),
    ("name", lambda: check_name(" Anna"),
     "der Spielername ' Anna' beginnt oder endet mit einem Leerzeichen: schreib 'Anna'"),
    ("same name", lambda: Sheet.new(["Anna", "anna", "Ben"]),
     "'Anna' und 'anna' bezeichnen denselben Spieler (Groß- und Kleinschreibung zählen bei "
     "Namen nicht, und auch nicht, wie ihre Buchstaben zusammengesetzt sind: ü als ein Zeichen "
     "oder als u und ¨): gib jedem Spieler einen eigenen Namen"),
    ("unknown player", lambda: Sheet.new(THREE).add(Deal("Dora", GameSpec("grand", with_=1, points=70))),
     "Spiel 1: 'Dora' sitzt nicht am Tisch: die Spieler sind Anna, Ben, Carl"),
    ("no deal", lambda: Sheet.new(THREE).add(Deal.passed()).edit(3, Deal.passed()),
     "es gibt kein Spiel 3: die Liste hat das Spiel 1"),
    ("misfit", lambda: _kontra_sheet().with_rules(Rules(kontra=False)),
     "die Spiele der Liste passen nicht zu diesen Regeln, darum bleibt sie, wie sie war: Spiel 1: "
     "die Regeln dieser Liste erlauben weder Kontra noch Re (ISkO), aber das Spiel hat Kontra: "
     "lass es weg, oder erlaube es mit skatcalc sheet rules DATEI --kontra"),
    ("stats player", lambda: stats([(Sheet.new(THREE), Sheet.new(THREE).tally())]).player("Dora"),
     "'Dora' hat auf keiner dieser Listen gespielt; gespielt haben Anna, Ben, Carl"),
    ("stake", lambda: parse_stake("5ct"),
     "ungültiger Einsatz '5ct': erwartet ist ein Betrag je Punkt in der Währung, z. B. '0,05' "
     "(5 Cent je Punkt) oder '1/200' (ein halber Cent)"),
    ("stake negative", lambda: settle([("A", 1), ("B", 0)], Fraction(-1, 2)),
     "ein Einsatz kann nicht negativ sein: -1/2 Cent je Punkt"),
    ("field", lambda: Tournament.new("x", ["A", "B", "C"]).player("Bea"),
     "'Bea' ist nicht im Teilnehmerfeld: die Spieler sind A, B, C"),
    ("five", lambda: table_sizes(5),
     "5 Spieler lassen sich nicht an Dreier- und Vierertische setzen: nimm einen Spieler dazu "
     "(6 = 3 + 3) oder einen heraus (4)"),
    ("sheet text", lambda: codec.parse('format = 1\nplayers = ["A", "B"]\n'),
     "Zeile 2: eine Liste hat drei, vier oder fünf Spieler, nicht 2"),
    ("two problems", lambda: codec.parse(SHEET_TWO_PROBLEMS),
     "Zeile 5: die Regel 'won_bonus' muss eine ganze Zahl sein, nicht 'x' "
     "(und 1 weiteres Problem: skatcalc sheet check)"),
    ("newer", lambda: codec.parse('format = 2\nplayers = ["A", "B", "C"]\n'),
     "Zeile 1: diese Liste hat das Format 2, geschrieben von einem neueren skatcalc; dieses liest "
     "Format 1 und lässt die Datei, wie sie ist: aktualisiere skatcalc"),
    ("toml", lambda: codec.parse('format = 1\nplayers = ["A", "B", "C"\n'),
     "Zeile 2: kein gültiges TOML: Unclosed array; die Datei bleibt, wie sie ist"),
    ("tournament count", lambda: tournament_store.parse(TOURNAMENT_HEAD + "planned = 0\n"),
     "Zeile 4: planned muss eine ganze Zahl ab 1 sein, nicht 0"),
    ("tournament table", lambda: tournament_store.parse(TOURNAMENT_BAD_TABLE),
     "Zeile 6: Serie 1, Tisch 1: 'Zoe' ist nicht im Teilnehmerfeld: ergänze den Namen unter "
     "players"),
    ("tournament player", lambda: tournament_store.parse(
        'format = 1\nname = "x"\nplayers = ["A", "a", "C"]\n'),
     "Zeile 3: 'A' und 'a' bezeichnen denselben Spieler (Groß- und Kleinschreibung zählen bei "
     "Namen nicht, und auch nicht, wie ihre Buchstaben zusammengesetzt sind: ü als ein Zeichen "
     "oder als u und ¨): gib jedem Spieler einen eigenen Namen"),
]  # fmt: skip


@pytest.mark.parametrize(("case", "make", "german"), GERMAN, ids=[c[0] for c in GERMAN])
def test_a_german_reader_gets_german_throughout(
    case: str, make: Callable[[], object], german: str
) -> None:
    with pytest.raises(SkatError) as caught:
        make()
    error = caught.value
    english = message(error)
    words.use("de")
    assert message(error) == german
    words.use("en")
    assert message(error) == english  # put in words when shown, not when raised


def test_a_deal_error_keeps_its_deal_and_field() -> None:
    with pytest.raises(SkatError) as caught:
        Sheet.new(THREE).add(Deal.passed()).add(Deal("Dora", GameSpec("grand", with_=1, points=70)))
    assert (caught.value.code, caught.value.deal, caught.value.field) == (
        "err.sheet.deal",
        2,
        "declarer",
    )
    with pytest.raises(SkatError) as caught:
        tournament_store.parse(TOURNAMENT_HEAD + "planned = 0\n")
    assert (caught.value.code, caught.value.field) == ("err.file.line", "planned")


def test_a_problem_has_the_same_line_in_every_language() -> None:
    english = [(p.line, message(p.error)) for p in codec.check(SHEET_TWO_PROBLEMS)]
    words.use("de")
    german = [(p.line, message(p.error)) for p in codec.check(SHEET_TWO_PROBLEMS)]
    assert [line for line, _ in english] == [line for line, _ in german] == [5, 14]
    assert german[1][1] == "Spiel 2: 'Dora' sitzt nicht am Tisch: die Spieler sind Anna, Ben, Carl"
    assert english[1][1] == "deal 2: 'Dora' is not at the table: the players are Anna, Ben, Carl"
