"""An option of a set that is declared once: the game's options (:data:`skatcalc.spec.GAME`)
and the house rules (:data:`skatcalc.sheet.rules.RULES`).

A set is one table of :class:`Option` rows. The record it fills (:class:`~skatcalc.spec.GameSpec`,
:class:`~skatcalc.sheet.rules.Rules`) has a field of each name and checks it by the row; the
command line builds its options from the rows (``skatcalc/cli/options.py``); the file codec
reads each key by its kind (``skatcalc/spec.py``, ``skatcalc/store/sheet_codec.py``); ``--help`` says
the words of each row's ``help`` key. A new option is one row, one field and its words
(tests/test_option_sets.py holds every consumer to the table).

>>> Option("hand", bool, "--hand", "hand", "help.game.hand", False).switch
True
"""

from __future__ import annotations

from enum import StrEnum
from typing import NamedTuple

__all__ = ["KIND_WORDS", "Option"]

KIND_WORDS = {bool: "kind.bool", int: "kind.int", str: "kind.str", tuple: "kind.list"}
"""The word key of each kind an option's value has, for a message about a wrong one."""


class Option(NamedTuple):
    """One option: ``name`` is the record's field and the keyword; ``kind`` what a file and a
    JSON line hold (``bool``, ``int``, ``str``; ``tuple`` a list of words, written with commas
    on the command line); ``flags`` its Click declaration (``--with``, ``--bock/--no-bock``);
    ``key`` its key in a sheet file, a JSON line and an export; ``help`` the word key of its
    ``--help`` text; ``default`` the record's value when it is not given. A rule may name its
    ``choices`` (the words it takes) or its ``bounds`` (the lowest and highest number).

    "Not given" is ``None`` wherever options are gathered (the command line's values, a line's
    words): never "equal to the default", so a value typed twice is seen whatever it is.
    """

    name: str
    kind: type
    flags: str
    key: str
    help: str
    default: object
    choices: type[StrEnum] | None = None
    bounds: tuple[int, int] | None = None

    @property
    def switch(self) -> bool:
        """An on/off option (a flag on the command line)."""
        return self.kind is bool

    @classmethod
    def rule(
        cls,
        name: str,
        kind: type,
        default: object,
        *,
        choices: type[StrEnum] | None = None,
        bounds: tuple[int, int] | None = None,
    ) -> Option:
        """A house rule: its key in a sheet file is its name, its option the name with dashes
        (a switch also takes ``--no-``), its help ``help.rule.NAME``.

        >>> Option.rule("lost_hand_single", bool, False).flags
        '--lost-hand-single/--no-lost-hand-single'
        """
        flag = "--" + name.replace("_", "-")
        flags = f"{flag}/--no-{flag[2:]}" if kind is bool else flag
        return cls(name, kind, flags, name, f"help.rule.{name}", default, choices, bounds)

    @property
    def flag(self) -> str:
        """The option's first flag (``--grand-base``, ``--lost-hand-single``)."""
        return self.flags.split("/")[0]
