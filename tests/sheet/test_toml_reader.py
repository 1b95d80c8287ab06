"""One way to read TOML: a sheet is valid or not whatever TOML wheels are installed.

The project's reader is the standard library's tomllib (TOML 1.0); rtoml (TOML 1.1) only reads
faster. Everything tomllib refuses must be refused, and everything it reads read alike.
"""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from skatcalc.store import sheet as store
from skatcalc.store import toml
from skatcalc.words import message


@pytest.fixture(autouse=True)
def every_text_by_rtoml_where_it_may(monkeypatch: pytest.MonkeyPatch) -> None:
    """A text under 16 KB is read by tomllib alone (store/toml.py ``_SMALL``): these texts are
    short, and rtoml must be held to tomllib here too."""
    monkeypatch.setattr(toml, "_SMALL", 0)


# What TOML 1.1 added, each accepted by rtoml 0.14 and refused by tomllib.
TOML11 = [
    "a = { x = 1,\n      y = 2 }\n",
    "a = { x = 1, }\n",
    'a = "\\e"\n',
    'a = "\\x41"\n',
    "a = 07:32\n",
    "a = 1979-05-27T07:32Z\n",
    'a = { s = "}", t = {}\n, u = "{" }\n',
    "a = { x = 1 # a comment\n}\n",
]


@pytest.mark.parametrize("text", TOML11)
def test_what_tomllib_refuses_is_refused(text: str) -> None:
    with pytest.raises(tomllib.TOMLDecodeError):
        tomllib.loads(text)
    with pytest.raises(tomllib.TOMLDecodeError):
        store.loads(text)


SHEET = """\
format = 1
players = ["Anna", "Ben", "Carl"]

[rules]
ramsch = true

[[deal]]
ramsch = { Anna = 60,
           Ben = 40, Carl = 20 }
"""


def test_a_multi_line_inline_table_is_not_a_sheet() -> None:
    # rtoml read this sheet, so `sheet check` passed it; where tomllib read it, it failed.
    [problem] = store.check(SHEET)
    assert problem.line == 8
    assert message(problem.error).startswith("not valid TOML: ")
    one_line = SHEET.replace(",\n           Ben", ", Ben")
    assert store.check(one_line) == []


# Fragments that make TOML 1.1, TOML 1.0 and neither, mixed at random.
FRAGMENTS = st.sampled_from(
    [
        "a", "b", "Jö", '"x y"', "'x'", " = ", "=", "1", "07:32", ":00", "Z", "{", "}", "{ ",
        " }", "[", "]", "[[deal]]", "[rules]", ",", ", ", "\n", "\n", "# c", '"', "'", '"""',
        "'''", "\\e", "\\x41", "\\n", "true", "1979-05-27T", "-", ".", "x = {}",
    ]
)  # fmt: skip


VALUES = st.sampled_from(
    ["1", '"}"', "'{'", "{}", "{ y = 2 }", "07:32", "07:32:00", '"\\e"', "[1,\n2]"]
)
GAPS = st.sampled_from([", ", ",", ",\n", "\n, ", " # c\n, ", ", # c\n"])


@st.composite
def inline_tables(draw: st.DrawFn) -> str:
    """``a = { k0 = v, k1 = v ... }`` with gaps TOML 1.0 takes and gaps only TOML 1.1 takes."""
    pairs = [f"k{i} = {draw(VALUES)}" for i in range(draw(st.integers(0, 4)))]
    body = "".join(
        pair + (draw(GAPS) if i < len(pairs) - 1 else "") for i, pair in enumerate(pairs)
    )
    end = draw(st.sampled_from(["", ",", "\n", ", # c\n"]))
    return f"[[deal]]\na = {{ {body}{end} }}\n"


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.lists(FRAGMENTS, max_size=30).map("".join), inline_tables()))
def test_the_reader_agrees_with_tomllib(text: str) -> None:
    try:
        expected = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        with pytest.raises(ValueError):  # tomllib's error, or rtoml's for what tomllib refuses
            store.loads(text)
    else:
        assert store.loads(text) == expected
