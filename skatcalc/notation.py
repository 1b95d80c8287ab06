"""The deal notation: one short line a deal, in the words players say (docs/notation.md).

Order-free, case-insensitive, English and German, every word with a short form; a player is a
unique beginning of a name. A word that could mean two things is refused with both readings
named, never guessed.

>>> line = parse("ben kr m2 h 56", players=("Anna", "Ben", "Carl"))
>>> line.declarer, line.options
('Ben', {'game': 'clubs', 'with_': 2, 'hand': True, 'points': 56})
>>> parse("anna grand o1 d28 b48", players=("Anna", "Ben", "Carl")).options
{'game': 'grand', 'without': 1, 'points': 92, 'bid': 48}
>>> parse("carl null lost", players=("Anna", "Ben", "Carl")).options
{'game': 'null', 'tricks': 1}
>>> parse("he m1 h", players=("Heinz", "Ben", "Carl"))
Traceback (most recent call last):
...
skatcalc.notation.NotationError: err.notation.ambiguous(readings=join.or(items=(game.word.hearts, notation.player(name='Heinz'))), hint=join.or(items=(notation.spelled(word=notation.word.hearts, number=''), notation.more_of_name)), word='he')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from enum import StrEnum
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from skatcalc.errors import Say, SkatError, any_of, listed, say
from skatcalc.frozen import Frozen, init
from skatcalc.names import name_key

if TYPE_CHECKING:
    from skatcalc.value import Scoring

__all__ = [
    "MAX_LINE", "Kind", "Line", "NotationError", "Ramsch", "combine", "fold", "parse", "split",
    "twice", "vocabulary",
]  # fmt: skip

MAX_WORDS = 64
"""More words than any deal needs; a longer line is refused before it is read."""
MAX_WORD = 200
"""A word this long is not a word of the notation (cards=… of 12 cards is about 40)."""
MAX_LINE = 4096
"""Characters of a line, at most: more words than :data:`MAX_WORDS` of :data:`MAX_WORD` do not
make a deal either, and a longer line is refused before it is split (a split is not free)."""


class NotationError(SkatError):
    """A deal line that cannot be read: ``word`` is the word it is about, when there is one."""

    def __init__(
        self,
        code: str,
        /,
        *,
        word: str | None = None,
        deal: int | None = None,
        field: str | None = None,
        **params: Any,
    ) -> None:
        if word is not None:  # the word is the message's too
            params.setdefault("word", word)
        super().__init__(code, deal=deal, field=field, **params)
        self.word = word


class Kind(StrEnum):
    """What a line records."""

    GAME = "game"
    PASS = "pass"
    RAMSCH = "ramsch"


class Ramsch(Frozen):
    """A Ramsch as written: each player's card points, Jungfrau, Durchmarsch, pushes."""

    __slots__ = ("points", "jungfrau", "durchmarsch", "pushes", "last_trick")  # noqa: RUF023 - the fields in order (__init__, repr, copies)
    points: tuple[tuple[str, int], ...]
    jungfrau: tuple[str, ...]
    durchmarsch: str | None
    pushes: int
    last_trick: str | None

    def __init__(
        self,
        points: tuple[tuple[str, int], ...],
        jungfrau: tuple[str, ...] = (),
        durchmarsch: str | None = None,
        pushes: int = 0,
        last_trick: str | None = None,
    ) -> None:
        init(self, "points", points)
        init(self, "jungfrau", jungfrau)
        init(self, "durchmarsch", durchmarsch)
        init(self, "pushes", pushes)
        init(self, "last_trick", last_trick)


class Line(Frozen):
    """A deal line, read: ``options`` are :class:`~skatcalc.spec.GameSpec` fields (only those
    the line gave); ``outcome`` is a ``won``/``lost`` given beside the card points, a check for
    the caller to make against the scoring (:meth:`confirm`); ``words`` the word each option
    came from, for messages (``{"with_": "m2"}``: not compared)."""

    __slots__ = ("kind", "options", "declarer", "ramsch", "bock", "outcome", "words")  # noqa: RUF023 - the fields in order (__init__, repr, copies)
    _compared = ("kind", "options", "declarer", "ramsch", "bock", "outcome")
    kind: Kind
    options: dict[str, Any]
    declarer: str | None
    ramsch: Ramsch | None
    bock: bool
    outcome: Literal["won", "lost"] | None
    words: dict[str, str]

    def __init__(
        self,
        kind: Kind,
        options: dict[str, Any] | None = None,
        declarer: str | None = None,
        ramsch: Ramsch | None = None,
        bock: bool = False,
        outcome: Literal["won", "lost"] | None = None,
        words: dict[str, str] | None = None,
    ) -> None:
        init(self, "kind", kind)
        init(self, "options", {} if options is None else options)
        init(self, "declarer", declarer)
        init(self, "ramsch", ramsch)
        init(self, "bock", bock)
        init(self, "outcome", outcome)
        init(self, "words", {} if words is None else words)

    def confirm(self, scoring: Scoring) -> None:
        """Refuse a ``won``/``lost`` that the scoring contradicts (its outcome: ``won``,
        ``lost`` or ``overbid``); a Null's words point to the tricks, a game's to the points.

        >>> from skatcalc.value import score
        >>> parse("kr m2 56 won").confirm(score("clubs", with_=2, points=56))
        Traceback (most recent call last):
        ...
        skatcalc.notation.NotationError: err.notation.outcome(said=outcome.won, scored=outcome.lost)
        >>> parse("nu t1 won").confirm(score("null", tricks=1))
        Traceback (most recent call last):
        ...
        skatcalc.notation.NotationError: err.notation.outcome.null(said=outcome.won, scored=outcome.lost)
        >>> parse("kr m2 56 lost").confirm(score("clubs", with_=2, points=56))
        """
        if self.outcome is None:
            return
        outcome = scoring.outcome or ""
        said_won = self.outcome == "won"
        if said_won != (outcome == "won"):
            said, scored = say(f"outcome.{self.outcome}"), say(f"outcome.{outcome}")
            if scoring.declaration.game.is_null:
                raise NotationError("err.notation.outcome.null", said=said, scored=scored)
            raise NotationError("err.notation.outcome", said=said, scored=scored)


def combine(line: Line, options: Mapping[str, Any]) -> dict[str, Any]:
    """The game's options from a line's words and the command's options together (by the
    name of :class:`~skatcalc.spec.GameSpec`'s field; ``None``: not given). An option given
    both ways must say the same: a value typed twice differently is refused, whatever it is.

    >>> combine(parse("kr m2 56"), {"with_": None, "points": 56, "hand": True})
    {'game': 'clubs', 'with_': 2, 'points': 56, 'hand': True}
    >>> combine(parse("kr m2 56"), {"with_": 3, "points": None, "hand": None})
    Traceback (most recent call last):
    ...
    skatcalc.notation.NotationError: err.notation.twice(first='m2', second='--with 3', what=notation.what.with_, word='--with 3')
    >>> combine(parse("kr m2 b20 56"), {"bid": 18})
    Traceback (most recent call last):
    ...
    skatcalc.notation.NotationError: err.notation.twice(first='b20', second='--bid 18', what=notation.what.bid, word='--bid 18')
    """
    from skatcalc.spec import GAME_OPTION

    out = dict(line.options)
    for name, value in options.items():
        if value is None:
            continue
        if name in out and out[name] != value:
            flags = GAME_OPTION[name].flags
            option = flags if value is True else f"{flags} {value}"
            first = line.words.get(name, name)
            raise twice(first, option, name)
        out[name] = value
    return out


def twice(first: str, second: str, what: str) -> NotationError:
    """The error for one thing said twice, differently: the two words, and what both give
    (``what``: a field of :class:`~skatcalc.spec.GameSpec` or of a line, ``declarer``).

    >>> twice("m2", "--with 3", "with_")
    NotationError('err.notation.twice', first='m2', second='--with 3', what=Say(key='notation.what.with_', values={}), word='--with 3')
    """
    return NotationError(
        "err.notation.twice", first=first, second=second, what=say(f"notation.what.{what}"),
        word=second,
    )  # fmt: skip


# --- the vocabulary -------------------------------------------------------------------------

_GAMES = {
    "clubs": ("clubs", "club", "kreuz", "eichel", "eicheln", "treff", "cl", "kr", "ei", "♣"),
    "spades": ("spades", "spade", "pik", "grün", "gruen", "grun", "laub", "blatt", "sp", "pi", "♠"),
    "hearts": ("hearts", "heart", "herz", "rot", "he", "♥"),
    "diamonds": ("diamonds", "diamond", "karo", "schellen", "schelle", "di", "ka", "♦"),
    "grand": ("grand", "gr", "g"),
    "null": ("null", "nu", "n"),
}
_FLAGS = {
    "hand": ("hand", "h"),
    "schneider": ("schneider", "schn", "sn"),
    "schwarz": ("schwarz", "sw"),
    "ouvert": ("ouvert", "open", "offen", "ov"),
    "kontra": ("kontra", "k", "ko"),
    "re": ("re",),
    "bock": ("bock",),
}
_OUTCOMES = {
    "won": ("won", "gewonnen", "gew", "+"),
    "lost": ("lost", "verloren", "verl", "x"),
}
_KINDS = {
    Kind.PASS: ("pass", "passe", "eingepasst"),
    Kind.RAMSCH: ("ramsch", "ra"),
}
# Words that take a number: written together (``m2``) or apart (``mit 2``).
_NUMBERED = {
    "with_": ("with", "mit", "w", "m"),
    "without": ("without", "ohne", "wo", "o"),
    "tricks": ("tricks", "stiche", "t", "st"),
    "bid": ("bid", "reiz", "gereizt", "b", "r"),
    "defenders": ("defenders", "gegner", "def", "geg", "d"),
}
# Words that take a value after ``=``.
_KEYED = {
    "cards": ("cards", "karten"),
    "skat": ("skat",),
    "discards": ("discards", "gedrückt", "gedrueckt", "gedruckt", "dr"),
    "last_trick": ("last", "letzter", "lt"),
    "jungfrau": ("jungfrau", "jf"),
    "durchmarsch": ("durchmarsch", "dm"),
    "pushes": ("pushes", "push", "geschoben"),
}


def _index(table: Mapping[Any, tuple[str, ...]]) -> dict[str, Any]:
    return {word: meaning for meaning, words in table.items() for word in words}


_GAME_OF = _index(_GAMES)
_FLAG_OF = _index(_FLAGS)
_OUTCOME_OF = _index(_OUTCOMES)
_KIND_OF = _index(_KINDS)
_NUMBERED_OF = _index(_NUMBERED)
_KEYED_OF = _index(_KEYED)
_NUMBER = re.compile(r"[0-9]+")  # ASCII digits: "٣" and "²" are no numbers of the notation
_NUMBERED_WORD = re.compile(r"([^\W\d_]+)([0-9]+)")


def vocabulary() -> list[str]:
    """Every word of the notation (for completion and suggestions), full words first.

    >>> words = vocabulary()
    >>> "kreuz" in words and "m" not in words and "mit" in words
    True
    """
    out: list[str] = []
    for table in (_GAMES, _FLAGS, _OUTCOMES, _KINDS, _NUMBERED):
        for names in table.values():
            out.extend(name for name in names if len(name) > 1 or not name.isalpha())
    out.extend(f"{name}=" for names in _KEYED.values() for name in names)
    return out


# --- reading a line -------------------------------------------------------------------------


class _Reading(NamedTuple):
    """One thing a word can mean: ``what`` is the field, ``value`` its value."""

    what: str
    value: Any


def split(text: str) -> list[str]:
    """A typed line as words: white space separates, quotes keep ``cards="CJ SJ"`` together.

    >>> split('ben kr m2  h 56'), split('kr cards="CJ SJ HA" skat=D7,D8')
    (['ben', 'kr', 'm2', 'h', '56'], ['kr', 'cards=CJ SJ HA', 'skat=D7,D8'])
    >>> split('kr cards="CJ')
    Traceback (most recent call last):
    ...
    skatcalc.notation.NotationError: err.notation.quote
    >>> split("kr " * 2000)
    Traceback (most recent call last):
    ...
    skatcalc.notation.NotationError: err.notation.line_long(most=4096)
    """
    if len(text) > MAX_LINE:
        raise NotationError("err.notation.line_long", most=MAX_LINE)
    if not any(char in text for char in "\"'\\"):  # the common line: no quoting to read
        return text.split()
    import shlex

    try:
        return shlex.split(text)
    except ValueError:
        raise NotationError("err.notation.quote") from None


_FOLDED = str.maketrans({"ä": "a", "ö": "o", "ü": "u", "ß": "ss"})
_SPELLED = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss"})


def fold(word: str) -> str:
    """``word`` as a keyboard without umlauts writes it: case folded, ä ö ü as a o u, ß as ss.

    >>> fold("Zurück"), fold("Straße")
    ('zuruck', 'strasse')
    """
    return word.casefold().translate(_FOLDED)


def _spellings(name: str) -> tuple[str, ...]:
    """A name as it may be typed: as it is, and without its umlauts both ways (ä as a or ae).

    >>> _spellings("Bärbel"), _spellings("Anna")
    (('bärbel', 'barbel', 'baerbel'), ('anna',))
    """
    folded = name_key(name)  # composed and case-folded, as the text it is matched with
    return tuple(dict.fromkeys((folded, folded.translate(_FOLDED), folded.translate(_SPELLED))))


def parse(words: str | Sequence[str], players: Sequence[str] = ()) -> Line:
    """Read a deal line, given as one string or as words (the command line's arguments).

    ``players`` are the names at the table; without them (``skatcalc value``) no word names a
    player.

    >>> parse("56 h m2 kr").options == parse("kreuz hand mit 2 56").options
    True
    >>> parse("pass", players=("A", "B", "C")).kind
    <Kind.PASS: 'pass'>
    >>> r = parse("ra an=62 be=58 ca=0 jf=ca", players=("Anna", "Ben", "Carl")).ramsch
    >>> r.points, r.jungfrau
    ((('Anna', 62), ('Ben', 58), ('Carl', 0)), ('Carl',))
    >>> parse("kr kreuzz 56")
    Traceback (most recent call last):
    ...
    skatcalc.notation.NotationError: err.notation.unknown(hint=err.notation.close(words=join.or(items=('kreuz'))), word='kreuzz')
    """
    tokens = _tokens(words)
    # A word with several readings is settled by the rest of the line: a reading that makes
    # the line contradict itself (two declarers, two games) is no reading. What is left must be
    # one reading, or the line is refused with the readings named. A reading that only leaves
    # something out (no declarer yet) stays: the player may have forgotten it. Readings that
    # all mean the same deal are that deal (``g g o1 h 77`` at Gisela's table: she plays grand
    # whichever 'g' names her).
    branches: list[dict[int, int]] = [{}]
    done: list[_Read] = []
    first: _Fork | None = None
    while branches and len({_meaning(d) for d in done}) < 2:
        choices = branches.pop()
        try:
            done.append(_walk(tokens, players, choices))
        except _Fork as fork:
            first = first or fork
            if len(branches) + fork.count > _MOST_BRANCHES:
                break
            branches.extend({**choices, fork.at: k} for k in range(fork.count))
        except NotationError:
            if first is None:  # no word had two readings: this is the line's one error
                raise
    if done and len({_meaning(d) for d in done}) == 1 and not branches:
        return _line(*done[0])
    assert first is not None  # without a fork the first walk returned or raised
    raise NotationError(
        "err.notation.ambiguous",
        word=first.word,
        readings=any_of([_describe(r) for r in first.readings]),
        hint=_hints(first.readings),
    )


def _meaning(read: _Read) -> tuple[object, ...]:
    """What a reading of a line says, whichever word said it."""
    found, jungfrau, points = read
    return (tuple(sorted((what, repr(value)) for what, (_, value) in found.items())),
            tuple(sorted(jungfrau)), tuple(sorted(points)))  # fmt: skip


_MOST_BRANCHES = 64
"""Readings tried for the ambiguous words of one line; more is no line a table types."""


class _Fork(Exception):
    """A word with several readings, met where no reading was chosen for it yet."""

    def __init__(self, at: int, word: str, readings: list[_Reading]) -> None:
        super().__init__(word)
        self.at, self.word, self.readings, self.count = at, word, readings, len(readings)


_Read = tuple[dict[str, tuple[str, Any]], list[str], list[tuple[str, int]]]
"""What a line's words say: each field with its word, the Jungfrauen, the Ramsch points."""


def _walk(tokens: list[str], players: Sequence[str], choices: dict[int, int]) -> _Read:
    """The words read with the reading ``choices[i]`` for each ambiguous word ``i``; a thing
    said twice, differently, is refused."""
    found: dict[str, tuple[str, Any]] = {}
    chosen: set[str] = set()  # fields set by a word with several readings
    jungfrau: list[str] = []
    ramsch_points: list[tuple[str, int]] = []
    i = 0
    while i < len(tokens):
        word = tokens[i]
        readings = _readings(word, players)
        spans = [1] * len(readings)
        folded = word.casefold()
        if folded in _NUMBERED_OF and "=" not in word:
            # ``mit 2``: the number right after such a word belongs to it
            if i + 1 < len(tokens) and _NUMBER.fullmatch(tokens[i + 1]):
                together = f"{word} {tokens[i + 1]}"
                readings.append(_Reading(_NUMBERED_OF[folded], _number(tokens[i + 1], together)))
                spans.append(2)
            elif not readings:
                raise NotationError("err.notation.number", word=word, example=_example(word))
        if not readings:
            raise NotationError("err.notation.unknown", word=word, hint=_unknown(word, players))
        pick = 0
        if len(readings) > 1:
            if i not in choices:
                raise _Fork(i, word, readings)
            pick = choices[i]
        reading, taken = readings[pick], spans[pick]
        word = " ".join(tokens[i : i + taken])
        if reading.what == "jungfrau":
            jungfrau.append(reading.value)
        elif reading.what == "ramsch_points":
            ramsch_points.append(reading.value)
        else:
            before = found.get(reading.what)
            # an ambiguous word that says again what another word says is read otherwise
            again = len(readings) > 1 or reading.what in chosen
            if before is not None and (before[1] != reading.value or again):
                raise twice(before[0], word, reading.what)
            found[reading.what] = (word, reading.value)
            if len(readings) > 1:
                chosen.add(reading.what)
        i += taken
    return found, jungfrau, ramsch_points


_EXAMPLE = {"with_": "m2", "without": "o1", "tricks": "t3", "bid": "b20", "defenders": "d35"}


def _example(word: str) -> str:
    """A word that takes a number, written with one: ``m2`` for ``mit``."""
    return _EXAMPLE[_NUMBERED_OF[word.casefold()]]


def _tokens(words: str | Sequence[str]) -> list[str]:
    if isinstance(words, str):
        words = split(words)
    out: list[str] = []
    for given in words:
        out.extend([given] if "=" in given else given.split())
    if len(out) > MAX_WORDS:
        raise NotationError("err.notation.long", count=len(out), most=MAX_WORDS)
    for word in out:
        if len(word) > MAX_WORD:
            raise NotationError(
                "err.notation.word_long", start=word[:20], most=MAX_WORD, word=word[:20]
            )
    return out


def _readings(word: str, players: Sequence[str]) -> list[_Reading]:
    """Every meaning ``word`` can have at this table."""
    text = word.casefold()
    out: list[_Reading] = []
    if "=" in text:
        return _keyed(word, players)
    if text in _GAME_OF:
        out.append(_Reading("game", _GAME_OF[text]))
    if text in _FLAG_OF:
        out.append(_Reading(_FLAG_OF[text], True))
    if text in _OUTCOME_OF:
        out.append(_Reading("outcome", _OUTCOME_OF[text]))
    if text in _KIND_OF:
        out.append(_Reading("kind", _KIND_OF[text]))
    if _NUMBER.fullmatch(text):
        out.append(_Reading("points", _number(text, word)))
    numbered = _NUMBERED_WORD.fullmatch(text)
    if numbered and numbered.group(1) in _NUMBERED_OF:
        what = _NUMBERED_OF[numbered.group(1)]
        out.append(_Reading(what, _number(numbered.group(2), word)))
    out.extend(_Reading("declarer", name) for name in _players(text, players))
    return out


def _players(text: str, players: Sequence[str]) -> list[str]:
    """The players ``text`` names: the one whose whole name it is, else all it begins; typed
    with or without umlauts (``ba`` and ``bae`` for Bärbel), so a prefix names a player as
    long as it names only one.

    >>> _players("ba", ["Bärbel", "Jörg", "Anna"]), _players("joe", ["Bärbel", "Jörg", "Anna"])
    (['Bärbel'], ['Jörg'])
    >>> _players("ba", ["Bärbel", "Barbara"])
    ['Bärbel', 'Barbara']
    """
    text = name_key(text)  # a name typed composed or not (as macOS writes it) is the same name
    exact = [name for name in players if text in _spellings(name)]
    if exact:
        return exact[:1]
    return [name for name in players if any(s.startswith(text) for s in _spellings(name))]


def _keyed(word: str, players: Sequence[str]) -> list[_Reading]:
    key, _, value = word.partition("=")
    folded = key.casefold()
    out: list[_Reading] = []
    if folded in _KEYED_OF:
        what = _KEYED_OF[folded]
        if what in ("jungfrau", "durchmarsch", "last_trick"):
            out.extend(_Reading(what, name) for name in _one_player(value, word, players))
        elif what == "pushes":
            out.append(_Reading(what, _number(value, word)))
        else:
            if not value.strip():
                raise NotationError("err.notation.empty", key=key, word=word)
            out.append(_Reading(what, value.replace(",", " ")))
    named = _players(folded, players) if folded else []
    if named:
        points = _number(value, word)
        out.extend(_Reading("ramsch_points", (name, points)) for name in named)
    elif not out and players and _NUMBER.fullmatch(value):  # NAME=POINTS of nobody here
        raise NotationError("err.notation.player", players=listed(players), word=word)
    return out


def _one_player(text: str, word: str, players: Sequence[str]) -> list[str]:
    named = _players(text.casefold(), players) if text else []
    if not named:
        raise NotationError("err.notation.player", players=listed(players), word=word)
    return named


def _number(text: str, word: str) -> int:
    # No cap on the digits here: a word has at most MAX_WORD characters (checked first), and a
    # number out of its range is refused by the field that takes it, naming the range.
    if not _NUMBER.fullmatch(text):
        raise NotationError("err.notation.not_number", word=word)
    return int(text)


def _line(
    found: dict[str, tuple[str, Any]], jungfrau: list[str], ramsch_points: list[tuple[str, int]]
) -> Line:
    values = {what: value for what, (_, value) in found.items()}
    kind = values.pop("kind", Kind.GAME)
    if kind is not Kind.RAMSCH and (ramsch_points or jungfrau or _RAMSCH_ONLY & values.keys()):
        word = next((found[k][0] for k in _RAMSCH_ONLY if k in found), None)
        shown = word or (f"{ramsch_points[0][0]}=…" if ramsch_points else f"jf={jungfrau[0]}")
        raise NotationError("err.notation.ramsch_word", word=shown)
    if kind is Kind.PASS:
        extra = " ".join(word for what, (word, _) in found.items() if what != "kind")
        if extra:
            raise NotationError("err.notation.pass", extra=extra)
        return Line(Kind.PASS)
    if kind is Kind.RAMSCH:
        return _ramsch(found, values, jungfrau, ramsch_points)
    declarer = values.pop("declarer", None)
    bock = bool(values.pop("bock", False))
    outcome = values.pop("outcome", None)
    defenders = values.pop("defenders", None)
    if defenders is not None:
        if not 0 <= defenders <= 120:
            raise NotationError("err.notation.defenders", points=defenders)
        points = 120 - defenders
        if "points" in values and values["points"] != points:
            raise twice(found["points"][0], found["defenders"][0], "points")
        values["points"] = points
    game = values.get("game")
    if game is None:
        raise NotationError("err.notation.game")
    if outcome is not None and "points" not in values and "tricks" not in values:
        values["tricks"] = _tricks_of(game, outcome, values)
        outcome = None
    from skatcalc.spec import GAME_OPTIONS  # the options' order, as declared

    order = ("game", *(option.name for option in GAME_OPTIONS))
    options = {name: values[name] for name in order if name in values}
    said = {what: word for what, (word, _) in found.items()}
    if "defenders" in said:
        said["points"] = said.pop("defenders")
    return Line(Kind.GAME, options, declarer, bock=bock, outcome=outcome, words=said)


def _tricks_of(game: str, outcome: str, values: dict[str, Any]) -> int:
    """The tricks a bare ``won``/``lost`` stands for: Null is won with no trick and lost with
    the first; a suit or grand game only when every trick decides (ouvert, schwarz announced)."""
    if game == "null":
        return 0 if outcome == "won" else 1
    every = values.get("ouvert") or values.get("schwarz")
    if outcome == "won" and every:
        return 10
    if every:  # lost with any fewer tricks: which, the line must say
        raise NotationError("err.notation.lost_every_trick")
    raise NotationError("err.notation.outcome_alone", outcome=say(f"outcome.{outcome}"))


def _ramsch(
    found: dict[str, tuple[str, Any]],
    values: dict[str, Any],
    jungfrau: list[str],
    ramsch_points: list[tuple[str, int]],
) -> Line:
    extra = [word for what, (word, _) in found.items() if what not in _RAMSCH_ONLY | {"kind"}]
    if extra:
        raise NotationError("err.notation.ramsch_extra", extra=" ".join(extra))
    if not ramsch_points:
        raise NotationError("err.notation.ramsch_points")
    ramsch = Ramsch(
        tuple(ramsch_points),
        tuple(jungfrau),
        values.get("durchmarsch"),
        values.get("pushes", 0),
        values.get("last_trick"),
    )
    said = {what: word for what, (word, _) in found.items() if what in _RAMSCH_ONLY}
    return Line(Kind.RAMSCH, ramsch=ramsch, words=said)


def combine_ramsch(
    line: Line, players: Sequence[str], given: Mapping[str, tuple[str, object]]
) -> Ramsch:
    """A Ramsch line's words and the command's options together. ``given`` holds the options
    given (``None`` is not given, never in here), by the field of :class:`Ramsch`, each with the
    option as typed, for messages: ``{"pushes": ("--pushes 1", 1)}``; a name may be any beginning
    of one, as in the line. A thing given both ways must say the same, whatever it is; the
    Jungfrauen of both count.

    >>> players = ("Anna", "Ben", "Carl")
    >>> line = parse("ra an=62 be=58 ca=0 push=2", players)
    >>> combine_ramsch(line, players, {"durchmarsch": ("--durchmarsch ca", "ca")}).durchmarsch
    'Carl'
    >>> combine_ramsch(line, players, {"pushes": ("--pushes 2", 2)}).pushes
    2
    >>> combine_ramsch(line, players, {"pushes": ("--pushes 1", 1)})
    Traceback (most recent call last):
    ...
    skatcalc.notation.NotationError: err.notation.twice(first='push=2', second='--pushes 1', what=notation.what.pushes, word='--pushes 1')
    """
    assert line.ramsch is not None
    read = line.ramsch
    values: dict[str, Any] = {
        "durchmarsch": read.durchmarsch, "pushes": read.pushes, "last_trick": read.last_trick,
    }  # fmt: skip
    jungfrau = list(read.jungfrau)
    for name, (typed, value) in given.items():
        if name == "jungfrau":
            for text in value:  # type: ignore[attr-defined]
                jungfrau.extend(_one_player(text, f"{typed} {text}", players)[:1])
            continue
        meant = value if name == "pushes" else _one_player(str(value), typed, players)[0]
        first = line.words.get(name)
        if first is not None and values[name] != meant:
            raise twice(first, typed, name)
        values[name] = meant
    return Ramsch(
        read.points, tuple(dict.fromkeys(jungfrau)), values["durchmarsch"], values["pushes"],
        values["last_trick"],
    )  # fmt: skip


_RAMSCH_ONLY = frozenset({"durchmarsch", "pushes", "last_trick"})
_MEANING = {
    "hand": "decl.hand",
    "schneider": "decl.schneider",
    "schwarz": "decl.schwarz",
    "ouvert": "decl.ouvert",
}


def _describe(reading: _Reading) -> Say:
    """A reading, to be put in words for a message: ``hearts``, ``the player Heinz``."""
    what, value = reading.what, reading.value
    if what == "declarer":
        return say("notation.player", name=value)
    if what == "game":
        return say(f"game.word.{value}")
    if what in ("with_", "without"):
        return say(f"tops.{what.rstrip('_')}", count=value)
    if what == "ramsch_points":
        return say("notation.ramsch_points", name=value[0], points=value[1])
    if what in _MEANING:
        return say(_MEANING[what])
    if what == "outcome":
        return say(f"outcome.{value}")
    if what == "kind":
        return say(f"notation.kind.{value}")
    return say(f"notation.{what}", value=value)


def _hints(readings: Iterable[_Reading]) -> Say:
    """How to write each reading of an ambiguous word so that it has only that one."""
    readings = list(readings)
    hints: list[object] = []
    for reading in readings:
        hint = _whole(reading) if reading.what != "declarer" else None
        if hint is not None and hint not in hints:
            hints.append(hint)
    if any(r.what == "declarer" for r in readings):
        hints.append(say("notation.more_of_name"))
    return any_of(hints)


def _whole(reading: _Reading) -> Say:
    """The reading written out in full, in the words of the language in use: ``'hearts'``
    (``'herz'``), ``'hand'``, ``'bid 20'`` (``'reiz 20'``)."""
    what, value = reading.what, reading.value
    if what == "game":
        word, number = _GAMES[value][0], ""
    elif what in _NUMBERED:
        word, number = _NUMBERED[what][0], f" {value}"
    elif what == "outcome":
        word, number = _OUTCOMES[value][0], ""
    elif what == "kind":
        word, number = _KINDS[value][0], ""
    elif what in _FLAGS:
        word, number = _FLAGS[what][0], ""
    else:
        return say("notation.quoted", reading=_describe(reading))
    return say("notation.spelled", word=say(f"notation.word.{word}"), number=number)


def _unknown(word: str, players: Sequence[str]) -> Say | str:
    """The hint of the unknown-word message: the close words, or that it is a card."""
    import difflib

    choices = [*vocabulary(), *(p.casefold() for p in players)]
    close = difflib.get_close_matches(word.casefold(), choices, n=3, cutoff=0.75)
    if close:
        return say("err.notation.close", words=any_of(close))
    from skatcalc.cards import Card

    try:
        Card.parse(word)
    except SkatError:
        return ""
    return say("err.notation.card", word=word)
