"""A game as entered: the options of ``skatcalc value`` as one record.

Sheet files and JSON lines name their keys exactly as ``value``'s long options, so one record
serves the command line, the sheet store and batch input.

>>> spec = GameSpec.from_mapping({"game": "clubs", "with": 2, "hand": True, "points": 56})
>>> spec.to_mapping()
{'game': 'clubs', 'with': 2, 'hand': True, 'points': 56}
>>> spec.score().score
-96
>>> GameSpec.from_mapping({"game": "clubs", "pionts": 56})
Traceback (most recent call last):
...
skatcalc.errors.SkatError: err.spec.key(key="'pionts'", keys=join.list(items=('game', 'with', 'without', 'cards', 'skat', 'hand', 'schneider', 'schwarz', 'ouvert', 'points', 'tricks', 'bid', 'kontra', 're', 'discards')))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from skatcalc.errors import SkatError, as_written, listed, say
from skatcalc.frozen import Frozen, init
from skatcalc.option import KIND_WORDS, Option
from skatcalc.value import Scoring, score

__all__ = ["GAME_OPTION", "GAME_OPTIONS", "ISKO", "SCORING_RULES", "GameSpec", "ScoringRules",
           "options"]  # fmt: skip


class ScoringRules(Frozen):
    """The house rules that change one game's score (:data:`SCORING_RULES`, a field of each
    row, in its order), as one record: what a sheet's rules, ``value``'s options and the
    memos of scorings pass on to :meth:`GameSpec.score`. Not checked here: the rules of the
    game refuse a base they lack when the game is scored (:func:`skatcalc.value.score`).

    >>> ScoringRules(grand_base=20)
    ScoringRules(lost_hand_single=False, grand_base=20, grand_ouvert_base=24)
    >>> GameSpec("grand", with_=1, points=70).score(rules=ScoringRules(grand_base=21))
    Traceback (most recent call last):
    ...
    skatcalc.errors.GameError: err.grand_base(base=21)
    """

    __slots__ = ("lost_hand_single", "grand_base", "grand_ouvert_base")  # noqa: RUF023 - in order
    lost_hand_single: bool
    grand_base: int
    grand_ouvert_base: int

    def __init__(
        self, lost_hand_single: bool = False, grand_base: int = 24, grand_ouvert_base: int = 24
    ) -> None:
        init(self, "lost_hand_single", lost_hand_single)
        init(self, "grand_base", grand_base)
        init(self, "grand_ouvert_base", grand_ouvert_base)


ISKO = ScoringRules()
"""The scoring rules of the International Skat Order (every rule's default)."""


class GameSpec(NamedTuple):
    """The game and its options, as given; :meth:`score` applies the rules. The options are
    declared in :data:`GAME_OPTIONS` (each a field here, with its default).

    A named tuple rather than a frozen dataclass, for a measured reason: a sheet builds one per
    deal on every read, and this one builds in 0.3 µs against 1.5 µs (bench/sheet.py).
    """

    game: str
    with_: int | None = None
    without: int | None = None
    cards: str | None = None
    skat: str | None = None
    hand: bool = False
    schneider: bool = False
    schwarz: bool = False
    ouvert: bool = False
    points: int | None = None
    tricks: int | None = None
    bid: int = 18
    kontra: bool = False
    re: bool = False
    discards: str | None = None

    def score(self, *, bock: bool | int = False, rules: ScoringRules = ISKO) -> Scoring:
        """Score the game in ``bock`` Bock rounds under the scoring ``rules`` (raises a
        :class:`SkatError` when the rules reject it)."""
        # The fields in the order of score's first parameters (tests/test_option_sets.py),
        # not **self._asdict(): the dict and the keywords cost 10 k instructions of the 39 k
        # of each game scored (valgrind --tool=callgrind), of the 5,285 distinct games a cold
        # `sheet stats` over bench/fast.py's season scores. score() makes ``bock`` an int.
        return score(
            *self, bock=bock, grand_base=rules.grand_base,
            lost_hand_single=rules.lost_hand_single, grand_ouvert_base=rules.grand_ouvert_base,
        )  # fmt: skip

    def to_mapping(self) -> dict[str, Any]:
        """The game and the options that differ from their defaults, keyed as a file writes
        them."""
        out: dict[str, Any] = {"game": self.game}
        for option, value in zip(GAME_OPTIONS, self[1:], strict=True):
            if value != option.default:
                out[option.key] = value
        return out

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], skip: str | None = None) -> GameSpec:
        """Read a game from keys named as ``value``'s options; types are checked (as
        :func:`options` checks them, ``skip`` a key it ignores).

        >>> GameSpec.from_mapping({"declarer": "Anna", "game": "grand", "with": 1}, "declarer")
        GameSpec(game='grand', with_=1, without=None, cards=None, skat=None, hand=False, schneider=False, schwarz=False, ouvert=False, points=None, tricks=None, bid=18, kontra=False, re=False, discards=None)
        >>> GameSpec.from_mapping({"game": "grand", "hand": "yes"})
        Traceback (most recent call last):
        ...
        skatcalc.errors.SkatError: err.spec.type(key="'hand'", kind=kind.bool, value=literal(value='yes'))
        """
        # A sound table (every key an option's or ``skip``, every value of its option's exact
        # kind, ``game`` among them) is read into the fields in place; any other is read by
        # options(), which says what is wrong (tests/test_option_sets.py holds the two to one
        # answer). A sheet reads one a deal: 8.3 k instructions against 12.2 k by options() and
        # the keywords (valgrind --tool=callgrind, a deal of five keys).
        values = list(_UNREAD)
        for key, value in data.items():
            entry = _AT.get(key)
            if entry is None:
                if key == skip:
                    continue
                break
            at, kind = entry
            if type(value) is not kind:  # exact: JSON's true is not the number 1
                break
            values[at] = value
        else:
            if values[0] is not _UNREAD[0]:
                return _new_spec(cls, values)
        return cls(**options(data, skip=skip))


def options(
    data: Mapping[str, Any], also: tuple[str, ...] = (), skip: str | None = None
) -> dict[str, Any]:
    """Check a mapping of option names to values; return it as :func:`~skatcalc.score`'s keywords.

    ``also`` names keys the caller takes itself (for the message), ``skip`` one it ignores.

    >>> options({"game": "clubs", "with": 2})
    {'game': 'clubs', 'with_': 2}
    >>> options({"with": True})
    Traceback (most recent call last):
    ...
    skatcalc.errors.SkatError: err.spec.type(key="'with'", kind=kind.int, value=literal(value=True))
    """
    kwargs: dict[str, Any] = {}
    for key, value in data.items():
        entry = _FIELDS.get(key)
        if entry is None:
            if key == skip:
                continue
            keys = listed([*_KEYS, *also])
            raise SkatError("err.spec.key", key=repr(key), keys=keys, field=key)
        name, kind = entry
        if type(value) is not kind:  # exact: JSON's true is not the number 1
            raise wrong_kind(key, kind, value)
        kwargs[name] = value
    if "game" not in kwargs:
        raise SkatError("err.spec.game", field="game")
    return kwargs


def _option(name: str, kind: type) -> Option:
    """A game option: its flag and key are its name (``with_`` is ``--with``, ``with``), its
    help ``help.game.NAME``, its default the field's of :class:`GameSpec`."""
    key = name.rstrip("_")
    return Option(name, kind, f"--{key}", key, f"help.game.{name}", GameSpec._field_defaults[name])


GAME_OPTIONS: tuple[Option, ...] = (
    _option("with_", int),
    _option("without", int),
    _option("cards", str),
    _option("skat", str),
    _option("hand", bool),
    _option("schneider", bool),
    _option("schwarz", bool),
    _option("ouvert", bool),
    _option("points", int),
    _option("tricks", int),
    _option("bid", int),
    _option("kontra", bool),
    _option("re", bool),
    _option("discards", str),
)
"""The game's 14 options, declared once: ``value``'s, ``sheet add``'s and ``sheet edit``'s
options, the keys of a deal in a sheet file and of a JSON line, in the order of
:class:`GameSpec`'s fields (after ``game``, which the words or the key ``game`` name)."""

SCORING_RULES: tuple[Option, ...] = (
    Option.rule("lost_hand_single", bool, False),
    Option.rule("grand_base", int, 24),
    Option.rule("grand_ouvert_base", int, 24),
)
"""The house rules that change one game's score, :meth:`GameSpec.score`'s keywords: rows of the
house rules (:data:`skatcalc.sheet.rules.RULES` holds them), and ``value``'s options too.
Declared here, beside the game's options, since a plain ``value`` call reads them and nothing
of the sheet."""

GAME_OPTION = {option.name: option for option in GAME_OPTIONS}
"""Each game option by its name (the field of :class:`GameSpec`)."""

_KEYS = ("game", *(option.key for option in GAME_OPTIONS))
_FIELDS = {"game": ("game", str), **{o.key: (o.name, o.kind) for o in GAME_OPTIONS}}
"""Each key's option name and kind. The keywords :func:`options` makes are these names, not
the keys as read: a name the interpreter holds once is bound to ``score()``'s parameter at
once, a key a JSON line made anew is compared with its parameters one by one (a check of the
keys' kinds in one pass that kept the keys as read cost 3.4 % more instructions for the batch
of bench/games.py's varied games: 2,097 M against 2,028 M, valgrind --tool=callgrind)."""


_AT = {key: (at, kind) for at, (key, (_, kind)) in enumerate(_FIELDS.items())}
"""Each key's field (its place in :class:`GameSpec`) and kind."""
_UNREAD: tuple[Any, ...] = (object(), *(option.default for option in GAME_OPTIONS))
"""The fields before a table is read: each option's default, and no game."""
_new_spec = tuple.__new__  # what GameSpec._make does, less its Python frame


def wrong_kind(key: str, kind: type, value: object) -> SkatError:
    """The error of a key of a JSON line or a file whose value is not of the option's kind.

    >>> from skatcalc.words import message
    >>> print(message(wrong_kind("hand", bool, "yes")))
    'hand' must be true or false, not "yes"
    """
    return SkatError(
        "err.spec.type", key=repr(key), kind=say(KIND_WORDS[kind]), value=as_written(value),
        field=key,
    )  # fmt: skip
