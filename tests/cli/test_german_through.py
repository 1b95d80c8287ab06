"""Issue 29 point 6: German through and through. Jacks B (Bube), queens D and kings K in German
output, read back as typed; the German CSV says its cells in German and every earlier export,
English or German, still imports; ``73 %``; one form of address (du: a Skat table says du, and
the German was du already but for three lines that read as Sie); "Spiel" never both the deal's
number and the game level in one line. At 80 and 40 columns, in English and German, the table
mode through a real pseudo-terminal (the screen as pyte draws it).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skatcalc.words import de
from tests.cli.helpers import cli
from tests.terminal import answer, environment, fits, terminals

SCREENS = [(80, "en"), (40, "en"), (80, "de"), (40, "de")]
HAND = "CJ SJ CA CT CK CQ C9 HA HT S7"


# --- B, D, K --------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "line"), [
    ("de", "Blatt: ♣B ♠B ♣A ♣10 ♣K ♣D ♣9 ♥A ♥10 ♠7"),
    ("en", "Hand: ♣J ♠J ♣A ♣10 ♣K ♣Q ♣9 ♥A ♥10 ♠7"),
])  # fmt: skip
def test_the_hand_as_a_german_table_writes_it(lang: str, line: str) -> None:
    out = cli("--lang", lang, "bid", "--cards", HAND)
    assert out.code == 0, out
    assert out.stdout.splitlines()[0] == line
    # what it shows reads back as the same hand
    again = cli("--lang", lang, "bid", "--cards", line.split(": ", 1)[1])
    assert again.stdout == out.stdout


def test_a_card_twice_is_named_as_german_writes_it() -> None:
    out = cli("--lang", "de", "bid", "--cards", "CQ CQ CA CT CK CJ C9 HA HT S7")
    assert out.stderr.startswith("Fehler: ")
    assert "♣D (CQ)" in out.stderr
    assert "♣Q" not in out.stderr


def test_german_skat_cards_in_an_error() -> None:
    # the skat's cards are worth more than the declarer's points: named as German writes them
    out = cli("--lang", "de", "value", "kreuz", "hand", "--cards", HAND, "--skat", "DK HQ",
              "--points", "5")  # fmt: skip
    assert out.code != 0
    assert "(♦K ♥D)" in out.stderr, out.stderr


# --- the CSV --------------------------------------------------------------------------------


def _evening(tmp_path: Path) -> Path:
    path = tmp_path / "abend.toml"
    assert cli("sheet", "new", str(path), "Anna", "Ben", "Carl").code == 0
    for line in ("Anna kr m1 70", "Ben gr o2 hand 40", "pass"):
        assert cli("sheet", "add", str(path), *line.split()).code == 0
    return path


def test_the_german_csv_says_its_cells_in_german(tmp_path: Path) -> None:
    out = cli("--lang", "de", "sheet", "export", str(_evening(tmp_path)), "--format", "csv")
    assert out.code == 0, out
    rows = [row.split(";") for row in out.stdout.removeprefix("\ufeff").splitlines()]
    # deal 1: Anna, clubs with 1, 70: game 2 x 12 = 24 won; deal 2: Ben grand without 2 hand,
    # 40: 4 x 24 = 96 lost, -192
    assert rows[1][:5] == ["1", "Anna", "Anna", "Kreuz", "1"]
    assert rows[1][8:12] == ["FALSCH"] * 4
    assert rows[1][19:21] == ["mit 1", "Spiel"]
    assert rows[1][24] == "gewonnen"
    assert rows[2][3] == "Grand" and rows[2][8] == "WAHR"
    assert rows[2][19:21] == ["ohne 2", "Spiel, Hand"]
    assert rows[2][24] == "verloren"
    cells = {cell for row in rows[1:4] for cell in row}
    assert not cells & {"clubs", "grand", "won", "lost", "true", "false", "with 1", "game"}


def test_the_english_csv_keeps_its_cells(tmp_path: Path) -> None:
    out = cli("--lang", "en", "sheet", "export", str(_evening(tmp_path)), "--format", "csv")
    rows = [row.split(",") for row in out.stdout.splitlines()]
    assert rows[1][3] == "clubs" and rows[1][8] == "false" and rows[1][19:21] == ["with 1", "game"]
    assert rows[2][19:21] == ["without 2", "game hand"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_an_export_in_either_language_imports(tmp_path: Path, lang: str) -> None:
    sheet = _evening(tmp_path)
    export = tmp_path / "export.csv"
    assert cli("--lang", lang, "sheet", "export", str(sheet), "--format", "csv", "-o", str(export)).code == 0  # fmt: skip
    back = tmp_path / "back.toml"
    out = cli("sheet", "import", str(export), str(back))
    assert out.code == 0, out
    assert cli("sheet", "show", str(back), "--json").stdout == cli("sheet", "show", str(sheet), "--json").stdout  # fmt: skip


HEAD_DE = (
    "Nr;Geber;Alleinspieler;Spiel;mit;ohne;Karten;Skat;Hand;Schneider;Schwarz;Ouvert;Augen;"
    "Stiche;Reizwert;Kontra;Re;gedrückt;Grundwert;Spitzen;Gewinnstufen;Faktor;Spielwert;"
    "gewerteter Spielwert;Ergebnis;Bockfaktor;Punkte;Ramschaugen;Jungfrau;Durchmarsch;"
    "geschoben;letzter Stich;Anna;Ben;Carl"
)


def test_an_earlier_german_export_with_english_cells_still_imports(tmp_path: Path) -> None:
    # as skatcalc wrote it before: German heads, English cells
    earlier = tmp_path / "earlier.csv"
    earlier.write_text(
        "\ufeff" + HEAD_DE + "\n"
        "1;Anna;Anna;clubs;1;;;;false;false;false;false;70;;18;false;false;;12;with 1;game;2;24;24;won;1;24;;;;;;74;0;0\n"
        "2;Ben;Ben;grand;;2;;;true;false;false;false;40;;18;false;false;;24;without 2;game hand;4;96;96;lost;1;-192;;;;;;114;-242;40\n"
        "3;Carl;;;;;;;;;;;;;;;;;;;;;;;;1;;;;;;;114;-242;40\n",
        encoding="utf-8",
    )  # fmt: skip
    back = tmp_path / "back.toml"
    assert cli("sheet", "import", str(earlier), str(back)).code == 0
    # the same deals and totals (the rules were not written in it: the defaults)
    want = json.loads(cli("sheet", "show", str(_evening(tmp_path)), "--json").stdout)
    got = json.loads(cli("sheet", "show", str(back), "--json").stdout)
    assert {k: v for k, v in got.items() if k != "rules"} == {
        k: v for k, v in want.items() if k != "rules"
    }


def test_a_german_ramsch_imports(tmp_path: Path) -> None:
    path = tmp_path / "ramsch.toml"
    assert cli("sheet", "new", str(path), "Anna", "Ben", "Carl", "--ramsch").code == 0
    assert cli("sheet", "add", str(path), "ramsch", "an=60", "be=40", "ca=20").code == 0
    export = tmp_path / "r.csv"
    assert cli("--lang", "de", "sheet", "export", str(path), "--format", "csv", "-o", str(export)).code == 0  # fmt: skip
    assert ";Ramsch;" in export.read_text(encoding="utf-8-sig")
    back = tmp_path / "back.toml"
    assert cli("sheet", "import", str(export), str(back)).code == 0
    assert cli("sheet", "show", str(back), "--json").stdout == cli("sheet", "show", str(path), "--json").stdout  # fmt: skip


# --- 73 % -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("lang", "rate"), [("de", "67 %"), ("en", "67%")])
def test_a_rate_as_the_language_writes_it(tmp_path: Path, lang: str, rate: str) -> None:
    path = tmp_path / "abend.toml"
    assert cli("sheet", "new", str(path), "Anna", "Ben", "Carl").code == 0
    # Anna declares three times and wins two: 2 of 3 = 67 %
    for line in ("Anna kr m1 70", "Anna kr m1 70", "Anna kr m1 40"):
        assert cli("sheet", "add", str(path), *line.split()).code == 0
    out = cli("--lang", lang, "sheet", "stats", str(path))
    assert out.code == 0, out
    anna = [line for line in out.stdout.splitlines() if line.split()[:1] == ["Anna"]]
    assert anna and re.search(rf"(?<!\S){re.escape(rate)}(?!\S)", anna[0]), out.stdout


# --- du ---------------------------------------------------------------------------------------


def test_one_form_of_address_du() -> None:
    formal = re.compile(r"\b(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b")
    # and no plural "ihr" (nehmt, plant, schließt ihn ab) where one person reads it
    plural = re.compile(r"\b(nehmt|plant mehr|spielt ihn|schließt ihn|gebt|euch|eure?)\b")
    said = {
        key: text for key, text in de.WORDS.items() if formal.search(text) or plural.search(text)
    }
    assert said == {}
    assert any(re.search(r"\bdu\b", text) for text in de.WORDS.values())


# --- "Spiel" once in a line, numbers with their words -------------------------------------------


@pytest.fixture
def spawn(tmp_path: Path) -> Iterator[Any]:
    with terminals(tmp_path, lambda lang: environment(tmp_path, lang)) as start:
        yield lambda cols, lang, *args: start(args, cols=cols, lang=lang)


@pytest.mark.slow
@pytest.mark.parametrize(("cols", "lang"), SCREENS)
def test_the_table_says_the_deal_and_the_game_level_apart(
    spawn: Any, tmp_path: Path, cols: int, lang: str
) -> None:
    path = tmp_path / "abend.toml"
    assert cli("sheet", "new", str(path), "Annegret", "Bärbel", "Jörg-Dietrich").code == 0
    child = spawn(cols, lang, "sheet", "play", str(path))
    prompt = {"en": "Deal {n} · {dealer} deals", "de": "Spiel {n} · {dealer} gibt"}[lang]
    child.expect_exact(prompt.format(n=1, dealer="Annegret"))
    # clubs with 2: game 3 x 12 = 36, won +36
    said = answer(child, "an kr m2 61", prompt.format(n=2, dealer="Bärbel"))
    fits(said, cols, ("Annegret", "Bärbel", "Jörg-Dietrich"))
    joined = " ".join(" ".join(said).split())
    if lang == "de":
        assert "Nr. 1, Annegret: Kreuz · mit 2, Spiel 3 × 12 = 36" in joined
    else:
        assert "Deal 1, Annegret: Clubs · with 2, game 3 × 12 = 36" in joined
    for line in said:
        assert len(re.findall(r"\bSpiel\b", line)) <= 1, line
        # a number stays with its word: no line ends in one of these words
        assert not re.search(
            r"\b(mit|ohne|Spiel|with|without|game|Nr\.|Deal|won|gewonnen)$", line.rstrip()
        ), said
    child.enter("quit" if lang == "en" else "ende")
    child.wait_for_end()
