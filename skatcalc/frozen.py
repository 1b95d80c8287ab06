"""Value objects without the dataclasses machinery, for the modules every call imports.

A frozen dataclass is built by generating its methods' source and ``exec``-ing it when the
class is made: about 0.5 ms a class, and the first one imports ``dataclasses``, which without
Typer loaded pulls in ``inspect``, ``ast``, ``dis`` and ``tokenize`` (13 ms on the batch
path; docs/performance.md). The classes a plain ``value`` call builds (a card, a declaration,
tops, a play, a deal line) are made here instead: slots, read-only, equal and hashed by their
fields, a ``repr`` like a dataclass's, the same methods every time. A class names its fields
in ``__slots__`` (the order of ``__init__``'s parameters) and sets them in ``__init__`` with
:data:`init` (``object.__setattr__``, as a frozen dataclass's ``__init__`` does);
``_compared`` names those that equality, hashing and ``repr`` look at, when not all do.

The classes beyond that path stay frozen dataclasses (``dataclasses.replace``, ``fields`` and
``asdict`` serve them, and the library's users), made by :func:`record` in less time.

>>> class Point(Frozen):
...     __slots__ = ("x", "y")
...     def __init__(self, x: int, y: int) -> None:
...         init(self, "x", x)
...         init(self, "y", y)
>>> Point(1, 2), Point(1, 2) == Point(1, 2), hash(Point(1, 2)) == hash((1, 2))
(Point(x=1, y=2), True, True)
>>> class One(Frozen):
...     __slots__ = ("x",)
...     def __init__(self, x: int) -> None:
...         init(self, "x", x)
>>> One(1) == One(1), One(1) == One(2), {One(1): 1}[One(1)], One(1)
(True, False, 1, One(x=1))
>>> Point(1, 2).x = 3
Traceback (most recent call last):
...
AttributeError: cannot assign to field 'x' of a frozen Point
"""

from __future__ import annotations

from _thread import get_ident
from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, cast, dataclass_transform

__all__ = ["Frozen", "Interned", "init", "record"]

init = object.__setattr__
"""Set a field of a :class:`Frozen` object in its ``__init__`` (its own ``__setattr__``
refuses)."""


class Frozen:
    """A read-only value object with slots, compared and hashed by its fields."""

    __slots__: tuple[str, ...] = ()
    _compared: tuple[str, ...] | None = None
    """The fields equality, hashing and ``repr`` look at (None: every field)."""
    _key: Callable[[Frozen], tuple[Any, ...]]
    """The compared fields of an object, as a tuple (one C call: a card or a declaration is
    a key of the batch's caches, hashed and compared on every game)."""

    def __init_subclass__(cls) -> None:
        names = cls._compared if cls._compared is not None else cls.__slots__
        if not names:  # a base without fields of its own (Interned)
            return
        get = attrgetter(*names)
        # an attrgetter is no descriptor: called on the class, it is not bound to the object
        cls._key = get if len(names) > 1 else staticmethod(lambda obj: (get(obj),))

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key(self) == other._key(other)

    def __hash__(self) -> int:
        return hash(self._key(self))

    def __repr__(self) -> str:
        names = self._compared if self._compared is not None else type(self).__slots__
        said = ", ".join(f"{name}={getattr(self, name)!r}" for name in names)
        return f"{type(self).__name__}({said})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r} of a frozen {type(self).__name__}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r} of a frozen {type(self).__name__}")

    def __reduce__(self) -> tuple[Any, ...]:
        """Copied and pickled by its fields, as ``__init__`` takes them."""
        return (type(self), tuple(getattr(self, name) for name in type(self).__slots__))


_I = TypeVar("_I", bound="Interned")


class Interned(Frozen):
    """A :class:`Frozen` value of which there is one object per value: its class's ``__new__``
    returns the object made before for the same fields (:meth:`one`), so equality and hashing
    are the object's identity, done in C (a frozen value's hash is its fields' tuple, made in
    Python: a card's 145 ns against 21, python -m timeit), and a copy is the object itself. For
    values of a small domain that a batch hashes on every game (cards, tops, declarations).

    >>> class Coin(Interned):
    ...     __slots__ = ("side",)
    ...     def __new__(cls, side: str) -> "Coin":
    ...         return cls.one((side,))
    >>> Coin("heads") is Coin("heads"), Coin("heads") == Coin("tails"), Coin("tails")
    (True, False, Coin(side='tails'))
    >>> import copy
    >>> copy.deepcopy(Coin("heads")) is copy.copy(Coin("heads")) is Coin("heads")
    True
    """

    __slots__ = ()
    _objects: dict[tuple[Any, ...], Any]
    """Each value's object, by its fields in the order of ``__slots__``."""

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        cls._objects = {}

    @classmethod
    def one(cls: type[_I], fields: tuple[Any, ...]) -> _I:
        """The object of the value ``fields`` (in the order of ``__slots__``), made the first
        time it is asked for."""
        found = cls._objects.get(fields)
        if found is None:
            found = object.__new__(cls)
            names: tuple[str, ...] = cls.__slots__
            for name, value in zip(names, fields, strict=True):
                init(found, name, value)
            cls._objects[fields] = found
        return found

    __eq__ = object.__eq__
    __ne__ = object.__ne__
    __hash__ = object.__hash__

    def __copy__(self) -> Any:
        return self

    def __deepcopy__(self, memo: object) -> Any:
        return self


_C = TypeVar("_C", bound=type)


@dataclass_transform(frozen_default=True)
def record(cls: _C) -> _C:
    """``cls`` made a frozen dataclass with slots, as ``@dataclass(frozen=True, slots=True)``
    makes it (its fields, ``__init__``, ``replace``, ``asdict``, pickling, read-only fields),
    in less time: its ``__eq__``, ``__hash__`` and ``__repr__`` are those a dataclass makes
    (the compared fields' tuples, the hashed fields' tuple, the class's qualified name and
    the shown fields, ``...`` for itself inside itself), made as closures here where
    ``dataclasses`` writes each one's source and ``exec``-s it: 0.65 ms a class against
    0.45 (ten int fields, best of 5 x 100, ``time.process_time``), some 0.2 ms of each of the
    15 classes a cold ``sheet stats`` makes and the 27 of a ``tournament standings``
    (tests/test_frozen.py holds each method to the dataclass's for every such class).

    >>> @record
    ... class Pair:
    ...     a: int
    ...     b: str = "x"
    >>> Pair(1), Pair(1) == Pair(1, "x"), Pair(1) == Pair(2), hash(Pair(1)) == hash((1, "x"))
    (Pair(a=1, b='x'), True, False, True)
    >>> Pair(1).a = 2
    Traceback (most recent call last):
    ...
    dataclasses.FrozenInstanceError: cannot assign to field 'a'
    """
    from dataclasses import dataclass, fields

    made = cast(_C, dataclass(frozen=True, slots=True, eq=False, repr=False)(cls))
    every = fields(made)
    compared = _fields_of(tuple(f.name for f in every if f.compare))
    hashed = _fields_of(tuple(f.name for f in every if (f.compare if f.hash is None else f.hash)))
    shown = tuple(f.name for f in every if f.repr)

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is self.__class__:
            return compared(self) == compared(other)
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(hashed(self))

    def __repr__(self: Any) -> str:
        key = id(self), get_ident()
        if key in _REPR_RUNNING:
            return "..."
        _REPR_RUNNING.add(key)
        try:
            said = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        finally:
            _REPR_RUNNING.discard(key)
        return f"{self.__class__.__qualname__}({said})"

    for method in (__eq__, __hash__, __repr__):
        method.__qualname__ = f"{made.__qualname__}.{method.__name__}"
        setattr(made, method.__name__, method)
    return made


_REPR_RUNNING: set[tuple[int, int]] = set()
"""The records being written by ``repr`` now, by object and thread (as a dataclass's)."""


def _fields_of(names: tuple[str, ...]) -> Callable[[object], tuple[Any, ...]]:
    """The values of the fields ``names`` of an object, as a tuple (one C call)."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        get = attrgetter(names[0])
        return lambda obj: (get(obj),)
    return lambda obj: ()
