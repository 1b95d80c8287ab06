"""store/layout.py reading a sheet: the plain lines read at once give the layout the step by
step reader gives (a differential test), and a deal's patch made of its places keeps every
comment and blank line outside the deals that change."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import assume, given, reject, settings
from hypothesis import strategies as st

from skatcalc.errors import SkatError
from skatcalc.sheet.model import Deal, Sheet
from skatcalc.spec import GameSpec
from skatcalc.store import layout
from skatcalc.store import sheet_codec as codec
from tests.sheet.test_round_trip import sheets

_NEVER = re.compile(r"(?!)")


@contextmanager
def step_by_step() -> Iterator[None]:
    """Every line read by the step by step reader (no plain line read at once)."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(layout, "_PLAIN_ENTRY", _NEVER)
        patch.setattr(layout, "_PLAIN_HEADER", _NEVER)
        yield


def both(text: str) -> tuple[layout.Layout | None, layout.Layout | None]:
    with step_by_step():
        slow = layout.layout(text)
    return layout.layout(text), slow


# Lines at the edge of a plain line: each is read at once or step by step, the same either way.
EDGES = [
    'a = "x"\n',
    'a = ""\n',
    'a = """x"""\n',
    "a = '''x'''\n",
    'a = "x\\"y"\n',
    "a = 'x'  # c\n",
    'a = 1"x\n',
    "a = 1979-05-27 07:32:00\n",
    "a = 1979-05-27  # a date\n",
    "a = 1979-05-27T07:32:00Z\n",
    "a = -1.5e3\n",
    "a = inf\n",
    "a = 1   \n",
    "a = 1  # c  \n",
    "a = 1",
    "a = 1  # no line break",
    "a = 1\r\n",
    "a = 1  # windows\r\nb = 2\r\n",
    "a = 1  # a\rb\n",
    "a = 1 b = 2\n",
    "a = 1 = 2\n",
    "a. b = 1\n",
    "a.b = 1\n",
    '"a" = 1\n',
    "a\t=\t1\n",
    "  a = 1\n",
    "a = # c\n1\n",
    "a = [1, 2]\n",
    "a = { b = 1 }\n",
    "[[t]]\n[[t]]\n[t2]\n",
    "[ [t]]\n",
    "[[t]\n",
    "[t]]\n",
    "[[ t ]]  # c\nb = 1\n",
    "[ t ]\nb = 1\n",
    "[t.u]\n[[t.v]]\n",
    '[["t"]]\n',
    "[[t]] x\n",
    "[[t]]\r\nb = 1\r\n",
    "[[t]]  # c\r\n",
    "\n\n# c\n\n[t]\n\n",
]


@pytest.mark.parametrize("text", EDGES)
def test_a_plain_line_reads_as_the_step_by_step_reader_reads_it(text: str) -> None:
    fast, slow = both(text)
    assert fast == slow


# A sheet as written, then laid out by a person: comments between, inside and after the deals,
# odd spacing, quoted keys, literal strings, blank lines taken out or added.
_AROUND_A_HEADER = ["[[ deal ]]", "  [[deal]]", "[[deal]]  # by hand", "# note\n[[deal]]",
                    "# two\n# lines\n[[deal]]", "\n\n[[deal]]", "\n# alone\n\n[[deal]]"]  # fmt: skip
_AROUND_A_KEY = ["{k}   =   {v}", "  {k} = {v}", "{k} = {v}  # beside", "# above\n{k} = {v}",
                 '"{k}" = {v}', "{k}\t=\t{v}", "\n{k} = {v}"]  # fmt: skip


@st.composite
def hand_laid(draw: st.DrawFn) -> tuple[Sheet, str]:
    sheet = draw(sheets())
    lines = []
    for written in codec.render(sheet).split("\n"):
        change = draw(st.integers(0, 2 * len(_AROUND_A_KEY)))
        line = written
        if written == "[[deal]]" and change < len(_AROUND_A_HEADER):
            line = _AROUND_A_HEADER[change]
        elif " = " in written and not written.startswith("#") and change < len(_AROUND_A_KEY):
            key, _, value = written.partition(" = ")
            line = _AROUND_A_KEY[change].format(k=key, v=value)
        lines.append(line)
    end = draw(st.sampled_from(["", "# the end\n", "\n# after\n# all\n", "\n\n"]))
    return sheet, "\n".join(lines) + end


@settings(max_examples=150, deadline=None)
@given(hand_laid())
def test_a_hand_laid_sheet_reads_as_the_step_by_step_reader_reads_it(
    drawn: tuple[Sheet, str],
) -> None:
    _, text = drawn
    fast, slow = both(text)
    assert fast is not None
    assert fast == slow


def the_rest(text: str, start: int) -> str:
    """The text from the comment lines just above the line at ``start`` to its end."""
    lines = text[:start].split("\n")[:-1]
    while lines and lines[-1].lstrip().startswith("#"):
        start -= len(lines.pop()) + 1
    return text[start:]


@settings(max_examples=150, deadline=None)
@given(hand_laid(), st.data())
def test_a_deal_changed_leaves_the_text_before_and_after_it(
    drawn: tuple[Sheet, str], data: st.DataObject
) -> None:
    sheet, text = drawn
    old, write = codec.edit(text)
    assert old == sheet
    deal = Deal(sheet.players[0], GameSpec("grand", with_=1, points=90))
    headers = [m.start() for m in re.finditer(r"^[ \t]*\[\[", text, re.MULTILINE)]
    assert len(headers) == len(sheet.deals)
    assume(sheet.deals)
    n = data.draw(st.integers(1, len(sheet.deals)))
    assume(old.deals[n - 1] != deal)
    try:
        new = old.edit(n, deal)
    except SkatError:  # the first player deals and sits out, or the rules take no such game
        reject()
    written = write(new)
    assert written is not None
    assert codec.parse(written) == new
    assert written.startswith(text[: headers[n - 1]].rstrip("\n") + "\n\n" + codec.deal_table(deal))
    if n < len(headers):
        assert written.endswith(codec.deal_table(deal) + "\n" + the_rest(text, headers[n]))


@pytest.mark.parametrize("text", EDGES)
def test_the_headers_found_at_once_are_the_layouts(text: str) -> None:
    found = layout.layout(text)
    assert layout.headers(text) == (None if found is None else found.headers)


@settings(max_examples=150, deadline=None)
@given(hand_laid())
def test_a_hand_laid_sheets_headers_found_at_once_are_its_layouts(
    drawn: tuple[Sheet, str],
) -> None:
    _, text = drawn
    found = layout.layout(text)
    assert found is not None
    assert layout.headers(text) == found.headers


def test_a_sheet_as_written_has_its_headers_found_at_once() -> None:
    sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(
        Deal("Ben", GameSpec("clubs", with_=2, points=70))
    )
    assert layout._ONE_LINE_TEXT.fullmatch(codec.render(sheet.add(Deal.passed()))) is not None
