"""`value` and `bid` say what is wrong in the language asked for: German with --lang de, the
same English as ever without it; the exit codes stay those of docs/exit-codes.md."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import cli, new_sheet

HAND = "SJ HJ CA CT CK CQ C9 SA ST H7"
CASES = {
    "Null below the bid": (
        ["value", "null", "--bid", "36"],
        3,
        "Null is worth 23 and does not reach the bid 36: Null ouvert (46), Null ouvert hand (59), "
        "or a suit or grand game worth 36 or more would",
        "Null ist 23 wert und erreicht den Reizwert 36 nicht: Null ouvert (46), Null ouvert Hand "
        "(59), oder ein Farb- oder Grandspiel mit 36 oder mehr reicht",
    ),
    "a bad card": (
        ["value", "grand", "--cards", "CJ SJ HJ DJ CA CT SA ST HA XX", "--skat", "D7 D8"],
        3,
        "invalid card 'XX': expected a suit C S H D and a rank 7 8 9 T J Q K A, e.g. 'CJ' "
        "(also '♣J', 'C10', 'Kreuz Bube')",
        "ungültige Karte 'XX': erwartet ist eine Farbe C S H D und ein Wert 7 8 9 T J Q K A, "
        "z. B. 'CJ' (auch '♣J', 'C10', 'Kreuz Bube')",
    ),
    "an unknown word": (
        ["value", "kr", "m2", "kreuzz", "56"],
        3,
        "unknown word 'kreuzz' (did you mean kreuz?): a deal line holds the declarer (on a "
        "sheet), a game (kr pi he ka gr nu), tops (m2 o1), hand, the card points (56), the bid "
        "(b20); every word is in skatcalc docs notation",
        "unbekanntes Wort 'kreuzz' (gemeint: kreuz?): eine Spielzeile hat den Alleinspieler (auf "
        "einer Liste), ein Spiel (kr pi he ka gr nu), Spitzen (m2 o1), Hand, die Augen (56), den "
        "Reizwert (r20); alle Wörter stehen in skatcalc docs notation",
    ),
    "tops beside the cards": (
        ["value", "clubs", "--with", "2", "--cards", HAND, "--skat", "D7 D8", "--points", "70"],
        3,
        "give tops once: either with 2 or the cards, not both (the cards decide the tops)",
        "Spitzen nur einmal angeben: mit 2 oder die Karten, nicht beides (die Karten bestimmen "
        "die Spitzen)",
    ),
    "a pass line": (
        ["value", "pass"],
        3,
        "pass belongs on a sheet (skatcalc sheet add FILE pass): value scores one game",
        None,
    ),
    "no game": (
        ["value", "--points", "56"],
        2,
        "the game is missing: give the game and what happened, e.g. kreuz m2 hand 56 "
        "(skatcalc docs notation), or a game (clubs, spades, hearts, diamonds, grand, null) and the "
        "options",
        "das Spiel fehlt: gib das Spiel an und wie es ausging, z. B. kreuz m2 hand 56 "
        "(skatcalc docs notation), oder ein Spiel (clubs, spades, hearts, diamonds, grand, null) und "
        "die Optionen",
    ),
    "batch with words": (
        ["value", "kr", "--batch"],
        2,
        "--batch reads the games from stdin as JSON lines, each with its own options: drop the "
        "game's words and the other options",
        "--batch liest die Spiele als JSON-Zeilen von stdin, jede mit ihren eigenen Optionen: "
        "die Wörter des Spiels und die anderen Optionen weglassen",
    ),
    "a short hand": (
        ["bid", "--cards", "SJ HJ CA"],
        3,
        "a hand has 10 cards, got 3: give the 10 cards you hold (the skat stays unseen)",
        "ein Blatt hat 10 Karten, angegeben sind 3: gib die 10 Karten auf deiner Hand an (der "
        "Skat bleibt verdeckt)",
    ),
    "an ambiguous card": (
        ["bid", "--cards", "SU HJ CA CT CK CQ C9 SA ST H7"],
        3,
        "ambiguous card 'SU': S is spades in English notation but Schellen (diamonds) in German; "
        "write 'SJ' for the jack of spades, or 'DJ' / 'Schellen Unter' for the jack of diamonds",
        "mehrdeutige Karte 'SU': S ist in der englischen Schreibweise Pik, in der deutschen aber "
        "Schellen (Karo); schreib 'SJ' für Pik Bube oder 'DJ' / 'Schellen Unter' für Karo Bube",
    ),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_an_error_is_english_by_default_and_german_with_lang_de(name: str) -> None:
    args, code, english, german = CASES[name]
    said = cli(*args)
    assert (said.code, said.stderr, said.stdout) == (code, f"error: {english}\n", "")
    if german is None:
        return
    said = cli(*args, "--lang", "de")
    assert (said.code, said.stderr, said.stdout) == (code, f"Fehler: {german}\n", "")


def test_a_pass_line_in_german_names_the_line_kind() -> None:
    said = cli("value", "pass", "--lang", "de")
    assert said.code == 3
    assert said.stderr.startswith("Fehler: pass gehört auf eine Liste")


def _batch(*args: str, lines: str) -> tuple[int, str, str]:
    result = cli(*args, "value", "--batch", input=lines)
    return result.code, result.stdout, result.stderr


def test_a_batch_writes_its_json_in_english_and_its_summary_in_the_language_in_use() -> None:
    lines = '{"game": "clubs", "pionts": 5}\n{"game": "null", "tricks": 0}\n'
    code, out, err = _batch(lines=lines)
    assert code == 3
    assert out.splitlines()[0] == (
        '{"line": 1, "error": "unknown key \'pionts\': expected game, with, without, cards, skat, '
        'hand, schneider, schwarz, ouvert, points, tricks, bid, kontra, re, discards, bock"}'
    )
    assert '"reason": "won: the declarer took no trick"' in out.splitlines()[1]
    assert err == (
        'error: 1 line could not be scored; each has {"line": N, "error": ...} in the output\n'
    )
    code, german, err = _batch("--lang", "de", lines=lines + "{game\n")
    assert code == 3
    assert german.splitlines()[:2] == out.splitlines()  # JSON text is English (docs/json.md)
    assert german.splitlines()[2] == (
        '{"line": 3, "error": "not JSON: Expecting property name enclosed in double quotes"}'
    )
    assert err == (
        'Fehler: 2 Zeilen ließen sich nicht werten; jede steht als {"line": N, "error": ...} in '
        "der Ausgabe\n"
    )


def test_bid_json_is_english_whatever_the_language() -> None:
    english = cli("bid", "--cards", HAND, "--json")
    german = cli("bid", "--cards", HAND, "--json", "--lang", "de")
    assert english.code == german.code == 0
    assert german.stdout == english.stdout
    assert '"explanations": ["♣J in the skat, but not ♦J, would make it with 3' in german.stdout


def test_a_bad_key_in_an_import_is_german_with_lang_de(tmp_path: Path) -> None:
    path = new_sheet(tmp_path)
    line = '{"declarer": "Anna", "game": "clubs", "pionts": 5}\n'
    keys = "game, with, without, cards, skat, hand, schneider, schwarz, ouvert, points, tricks"
    english = cli("sheet", "add", str(path), "--batch", input=line)
    german = cli("sheet", "add", str(path), "--batch", "--lang", "de", input=line)
    assert english.code == german.code == 3
    assert english.stderr.startswith(f"error: line 1: unknown key 'pionts': expected {keys}, ")
    assert german.stderr.startswith(
        f"Fehler: Zeile 1: unbekannter Schlüssel 'pionts': erwartet ist {keys}, "
    )
