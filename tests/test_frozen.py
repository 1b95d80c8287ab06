"""``frozen.record`` makes the dataclass ``@dataclass(frozen=True, slots=True)`` makes: the same
``__eq__``, ``__hash__`` and ``__repr__`` for every record class of skatcalc, compared with the
methods ``dataclasses`` generates for a class of the same fields."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import skatcalc
from skatcalc.frozen import record


def _records() -> list[type]:
    """Every class of skatcalc made by :func:`record`."""
    found: dict[str, type] = {}
    for info in pkgutil.walk_packages(skatcalc.__path__, "skatcalc."):
        if info.name.endswith("__main__"):
            continue
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            made_here = (
                getattr(getattr(value, "__eq__", None), "__module__", "") == "skatcalc.frozen"
            )
            if isinstance(value, type) and dataclasses.is_dataclass(value) and made_here:
                found[f"{value.__module__}.{value.__qualname__}"] = value
    return [found[name] for name in sorted(found)]


RECORDS = _records()


def _reference(cls: type) -> type:
    """A class of ``cls``'s fields made by ``dataclasses`` itself, frozen with slots."""
    fields = [
        (f.name, f.type, field(init=f.init, repr=f.repr, hash=f.hash, compare=f.compare))
        for f in dataclasses.fields(cls)
    ]
    return dataclasses.make_dataclass(cls.__qualname__, fields, frozen=True, slots=True)


def _made(cls: type, values: dict[str, Any]) -> Any:
    """An object of ``cls`` holding ``values`` (its ``__init__`` and checks passed by)."""
    made = object.__new__(cls)
    for name, value in values.items():
        object.__setattr__(made, name, value)
    return made


VALUES = st.one_of(st.none(), st.integers(-3, 3), st.sampled_from(["a", "b", "[red]"]),
                   st.tuples(st.integers(0, 2), st.text("ab", max_size=2)))  # fmt: skip


def test_the_record_classes_are_found() -> None:
    names = {cls.__qualname__ for cls in RECORDS}
    assert {"Sheet", "Rules", "Deal", "Tally", "PlayerStats", "Standings", "Codec"} <= names


@pytest.mark.parametrize("cls", RECORDS, ids=lambda cls: f"{cls.__module__}.{cls.__qualname__}")
@given(data=st.data())
def test_a_record_compares_hashes_and_shows_itself_as_its_dataclass(
    cls: type, data: st.DataObject
) -> None:
    params = cls.__dataclass_params__  # type: ignore[attr-defined]
    assert (params.frozen, hasattr(cls, "__slots__"), params.order) == (True, True, False)
    reference = _reference(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    first, second = ({n: data.draw(VALUES, label=n) for n in names} for _ in range(2))
    if data.draw(st.booleans(), label="second the same"):
        second = dict(first)
    mine, theirs = _made(cls, first), _made(reference, first)
    other, their_other = _made(cls, second), _made(reference, second)
    assert repr(mine) == repr(theirs)
    assert (mine == other) == (theirs == their_other)
    assert (mine != other) == (theirs != their_other)
    assert mine.__eq__(object()) is NotImplemented
    if mine == other:
        assert hash(mine) == hash(other)
    try:
        expected: object = hash(theirs)
    except TypeError as error:  # a field's value is no key (the drawn values all are)
        expected = type(error)
    assert hash(mine) == expected


@record
class _Shown:
    a: int
    hidden: int = field(default=0, repr=False)
    loose: int = field(default=0, compare=False)
    keyed: int = field(default=0, hash=False)
    box: list[Any] = field(default_factory=list, hash=False)


@dataclass(frozen=True, slots=True)
class _ShownByDataclasses:
    a: int
    hidden: int = field(default=0, repr=False)
    loose: int = field(default=0, compare=False)
    keyed: int = field(default=0, hash=False)
    box: list[Any] = field(default_factory=list, hash=False)


@record
class _Empty:
    pass


@dataclass(frozen=True, slots=True)
class _EmptyByDataclasses:
    pass


@given(st.integers(), st.integers(), st.integers(), st.integers())
def test_fields_left_out_of_repr_eq_or_hash_are_left_out_as_a_dataclass_leaves_them(
    a: int, hidden: int, loose: int, keyed: int
) -> None:
    mine, theirs = _Shown(a, hidden, loose, keyed), _ShownByDataclasses(a, hidden, loose, keyed)
    assert repr(mine).removeprefix("_Shown") == repr(theirs).removeprefix("_ShownByDataclasses")
    assert hash(mine) == hash(theirs)
    assert mine == _Shown(a, hidden, loose + 1, keyed)  # not compared
    for changed in ((a, hidden + 1, loose, keyed), (a, hidden, loose, keyed + 1)):
        assert mine != _Shown(*changed)
        assert theirs != _ShownByDataclasses(*changed)


def test_a_record_inside_itself_is_shown_as_a_dataclass_shows_it() -> None:
    mine, theirs = _Shown(1), _ShownByDataclasses(1)
    mine.box.append(mine)
    theirs.box.append(theirs)
    assert repr(mine) == "_Shown(a=1, loose=0, keyed=0, box=[...])"
    assert repr(theirs) == "_ShownByDataclasses(a=1, loose=0, keyed=0, box=[...])"


def test_a_record_without_fields_is_one_value() -> None:
    assert (_Empty() == _Empty(), hash(_Empty()), repr(_Empty())) == (
        _EmptyByDataclasses() == _EmptyByDataclasses(), hash(_EmptyByDataclasses()), "_Empty()",
    )  # fmt: skip


def test_a_record_is_the_frozen_dataclass() -> None:
    made = _Shown(1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.a = 2  # type: ignore[misc]
    assert dataclasses.replace(made, a=2) == _Shown(2)
    assert dataclasses.asdict(made) == {"a": 1, "hidden": 0, "loose": 0, "keyed": 0, "box": []}
    import pickle

    assert pickle.loads(pickle.dumps(made)) == made


def test_a_record_is_shown_by_its_qualified_name_as_a_dataclass_is() -> None:
    @record
    class Inner:
        a: int

    @dataclass(frozen=True, slots=True)
    class Theirs:
        a: int

    assert repr(Inner(1)) == f"{Inner.__qualname__}(a=1)"
    assert repr(Theirs(1)) == f"{Theirs.__qualname__}(a=1)"
    assert "<locals>" in Inner.__qualname__
