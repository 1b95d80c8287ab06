"""The word tables: every language has every message, with the same placeholders."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

import skatcalc
from skatcalc import words
from skatcalc.errors import TopsError
from skatcalc.value import score
from skatcalc.words import de, en
from tests.cli.helpers import cli
from tests.said import raises_saying


def _fields(text: str) -> list[str]:
    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name)


def test_german_has_every_message_with_the_same_placeholders() -> None:
    assert set(de.WORDS) == set(en.WORDS)
    for key, text in en.WORDS.items():
        assert _fields(de.WORDS[key]) == _fields(text), key


def test_errors_speak_the_language_in_use() -> None:
    words.use("de")
    with raises_saying(TopsError, match="Grand hat höchstens 4 Spitzen"):
        score("grand", with_=5)
    words.use("en")
    with raises_saying(TopsError, match="grand has 4 tops at most"):
        score("grand", with_=5)


def test_a_null_below_the_bid_speaks_german_too() -> None:
    from skatcalc.errors import BidError

    words.use("de")
    try:
        with pytest.raises(BidError) as caught:
            score("null", bid=36, tricks=0)
        said = words.message(
            caught.value
        )  # an error is put in words when shown, in the language then
    finally:
        words.use("en")
    assert said == (
        "Null ist 23 wert und erreicht den Reizwert 36 nicht: Null ouvert (46), Null ouvert "
        "Hand (59), oder ein Farb- oder Grandspiel mit 36 oder mehr reicht"
    )


def test_a_language_is_spoken_in_its_own_thread_only() -> None:
    """The language is a ContextVar: German in one thread is not German in another, and a
    thread that sets its own language (``use``) leaves this one's alone."""
    import threading

    seen: list[str] = []

    def other() -> None:
        seen.append(words.w("outcome.lost"))
        words.use("de")
        seen.append(words.w("outcome.lost"))

    with words.speaking("de"):
        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
        here = words.w("outcome.lost")
    assert (here, words.w("outcome.lost"), seen) == ("verloren", "lost", ["lost", "verloren"])


def test_speaking_gives_back_the_language_before_it_even_on_an_error() -> None:
    words.use("de")
    try:
        with pytest.raises(ZeroDivisionError), words.speaking("en"):
            assert words.current() == "en"
            _ = 1 / 0
        assert words.current() == "de"
    finally:
        words.use("en")


# --- every word is used ----------------------------------------------------------------------

KEY_PART = r"[^.\s{}]+"
"""What a value put into a key stands for: one segment (``f"game.{game}"`` is ``game.clubs``,
never ``game.word.clubs``)."""


def _code_uses() -> tuple[set[str], list[re.Pattern[str]], set[str]]:
    """What the code of the package says of word keys, read from its source (ast): the strings
    it holds, the keys it makes (``f"game.{...}"``, ``"err.fee." + code``: a pattern each), and
    the endings it puts on a key it holds (``f"{key}.one"``, ``key + ".last"``)."""
    strings: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    endings: set[str] = set()
    root = Path(skatcalc.__file__).parent
    for path in root.rglob("*.py"):
        if path.parent.name == "words" and path.name in ("en.py", "de.py"):
            continue  # the tables hold every key
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                strings.add(node.value)
            elif isinstance(node, ast.JoinedStr):
                parts = node.values
                if isinstance(parts[0], ast.Constant):
                    regex = "".join(
                        re.escape(str(p.value)) if isinstance(p, ast.Constant) else KEY_PART
                        for p in parts
                    )
                    patterns.append(re.compile(regex))
                elif len(parts) == 2 and isinstance(parts[1], ast.Constant):
                    endings.add(str(parts[1].value))
            elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
                left, right = node.left, node.right
                if isinstance(left, ast.Constant) and isinstance(left.value, str):
                    patterns.append(re.compile(re.escape(left.value) + KEY_PART))
                if isinstance(right, ast.Constant) and isinstance(right.value, str):
                    endings.add(right.value)
    return strings, patterns, {e for e in endings if e.startswith(".")}


class _Asked(dict[str, str]):
    """A word table that notes every key it is asked for."""

    def __init__(self, table: dict[str, str], asked: set[str]) -> None:
        super().__init__(table)
        self.asked = asked

    def __getitem__(self, key: str) -> str:
        self.asked.add(key)
        return super().__getitem__(key)


def _paths(group: object, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    """Every command's path, built one by one."""
    found = [path]
    for name in getattr(group, "commands", {}):
        found += _paths(group.commands[name], (*path, name))  # type: ignore[attr-defined]
    return found


def _help_uses() -> set[str]:
    """The help words the command line asks for (``help.*``: found by the command's path and
    the parameter's name, cli/help.py): every command built, and its --help shown, in each
    language, through a word table that notes what it is asked for."""

    from skatcalc.cli.app import command

    asked: set[str] = set()
    for code, table in (("en", en.WORDS), ("de", de.WORDS)):
        token = words._SPOKEN.set((code, _Asked(dict(table), asked)))
        try:
            for path in _paths(command()):
                assert cli(*path, "--help").code == 0, path
        finally:
            words._SPOKEN.reset(token)
    return asked


def test_every_word_is_used_by_the_code() -> None:
    """A key no code asks for is a sentence nobody sees: remove it, or use it. The help words
    (``help.*``) are the keys the command line asks for; every other key is one the code holds
    as a string, or makes from a prefix it holds, or a plural (``.one``) or other ending the
    code puts on a key it uses."""
    strings, patterns, endings = _code_uses()
    helped = _help_uses()

    def used(key: str) -> bool:
        if key in strings or key in helped:
            return True
        if not key.startswith("help.") and any(p.fullmatch(key) for p in patterns):
            return True
        return any(key.endswith(e) and used(key.removesuffix(e)) for e in endings)

    unused = sorted(key for key in en.WORDS if not used(key))
    assert not unused, unused
