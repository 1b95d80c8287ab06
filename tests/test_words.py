"""The word tables: every language has every message, with the same placeholders."""

from __future__ import annotations

import string

import pytest

from skatcalc import words
from skatcalc.errors import TopsError
from skatcalc.value import score
from skatcalc.words import de, en
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
