"""The flat-table formatter (skatcalc/store/toml.py ``flat_table``, ``toml_value``) writes what
tomli_w writes, byte for byte: every deal of a sheet is written through it."""

from __future__ import annotations

import tomllib

import tomli_w
from hypothesis import given, settings
from hypothesis import strategies as st

from skatcalc.store.sheet_codec import deal_of, deal_table
from skatcalc.store.toml import flat_table, toml_key, toml_value
from tests.strategies import games

SCALARS = st.one_of(
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.text(),
    st.text(alphabet=st.characters(max_codepoint=0x9F)),  # every control character
)
KEYS = st.one_of(
    st.text(),
    st.text(alphabet="abcXYZ019_-", min_size=1),
    st.sampled_from(["declarer", "game", "with", "points", ""]),
)


@settings(max_examples=400, deadline=None)
@given(data=st.dictionaries(KEYS, SCALARS, max_size=8))
def test_a_flat_table_is_written_as_tomli_w_writes_it(data: dict[str, object]) -> None:
    assert flat_table(data) == tomli_w.dumps(data)
    assert tomllib.loads(flat_table(data)) == data


@settings(max_examples=300, deadline=None)
@given(value=SCALARS, key=KEYS)
def test_a_value_and_a_key_are_written_as_tomli_w_writes_them(value: object, key: str) -> None:
    assert toml_value(value) == tomli_w.dumps({"v": value})[4:-1]
    assert toml_key(key) == tomli_w.dumps({key: 1})[: -len(" = 1\n")]


def test_what_is_no_scalar_is_left_to_tomli_w() -> None:
    data = {"a": 1.5, "b": [1, 2]}
    assert flat_table(data) == tomli_w.dumps(data)


@settings(max_examples=200, deadline=None)
@given(game=games(), declarer=st.text(min_size=1, max_size=40))
def test_a_deal_reads_back_as_written(game: dict[str, object], declarer: str) -> None:
    from skatcalc.sheet.model import Deal
    from skatcalc.spec import GameSpec

    deal = Deal(declarer, GameSpec(**{**game, "game": game["game"].value}))  # type: ignore[attr-defined]
    text = deal_table(deal)
    assert text == "[[deal]]\n" + tomli_w.dumps({"declarer": declarer, **deal.game.to_mapping()})  # type: ignore[union-attr]
    assert deal_of(tomllib.loads(text)["deal"][0]) == deal
