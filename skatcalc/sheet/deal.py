"""A deal as entered (a game, a Ramsch, or passed), and its checks at a sheet's table.

Pure: a deal is data; :func:`check_deal` checks one against the players, the dealer and the
rules, and returns it with the names as the sheet writes them, or raises a :class:`SheetError`
(or the game's own error) naming the field it is about.

>>> players = ("Anna", "Ben", "Carl")
>>> tie = Ramsch((("anna", 60), ("Ben", 60), ("Carl", 0)))
>>> check_ramsch(tie, players, Rules(ramsch=True), "Carl").points
(('Anna', 60), ('Ben', 60), ('Carl', 0))
>>> check_ramsch(tie, players, Rules(ramsch=True, ramsch_ties="last-trick"), "Carl")
Traceback (most recent call last):
...
skatcalc.errors.SheetError: err.ramsch.tie(tied=join.and(items=('Anna', 'Ben')))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from skatcalc.errors import SheetError, all_of, listed, say
from skatcalc.frozen import record
from skatcalc.games import GameType
from skatcalc.names import name_key, nfc
from skatcalc.sheet.rules import Rules
from skatcalc.spec import GameSpec
from skatcalc.value import Scoring, possible_points

__all__ = [
    "MAX_PUSHES",
    "NAME_LIMIT",
    "Deal",
    "Ramsch",
    "check_deal",
    "check_name",
    "check_ramsch",
    "grand_hand",
    "match_name",
    "name_key",
    "nfc",
    "player_at",
    "same_names",
    "sitting_out",
]

_UNSEEN = {"Cc", "Cf", "Cs", "Zl", "Zp"}
"""Unicode categories refused in names: controls, format characters (the bidi marks and
isolates U+061C, U+200E/F, U+202A-E, U+2066-9, zero-width ones), lone surrogates, and line
breaks: none shows as itself on a terminal."""


MAX_PUSHES = 3
"""Schieberamsch: only the three players in the deal push the skat on, each once at most: the
skat goes round the table once, so it is pushed on at most three times."""

NAME_LIMIT = 40
"""The longest player name, in characters."""


@record
class Ramsch:
    """A Ramsch deal as entered: each player's card points (as the table counted the skat),
    who took no trick (Jungfrau), who took every trick (Durchmarsch), how often the skat was
    pushed on (Schieberamsch), who took the last trick (it decides a tie under the rule
    ``ramsch_ties = "last-trick"``)."""

    points: tuple[tuple[str, int], ...]
    jungfrau: tuple[str, ...] = ()
    durchmarsch: str | None = None
    pushes: int = 0
    last_trick: str | None = None

    @classmethod
    def from_mapping(cls, raw: Mapping[str, Any]) -> Ramsch:
        """A Ramsch as a sheet file and a JSON line write it: ``ramsch`` (each player's card
        points by name), and if they apply ``jungfrau``, ``durchmarsch``, ``pushes``,
        ``last_trick``; types are checked (the sheet checks the rest).

        >>> Ramsch.from_mapping({"ramsch": {"A": 60, "B": 60, "C": 0}, "last_trick": "B"})
        Ramsch(points=(('A', 60), ('B', 60), ('C', 0)), jungfrau=(), durchmarsch=None, pushes=0, last_trick='B')
        >>> Ramsch.from_mapping({"ramsch": {"A": 60}, "pushes": "2"})
        Traceback (most recent call last):
        ...
        skatcalc.errors.SheetError: err.ramsch.pushes_type
        """
        unknown = set(raw) - {"ramsch", "jungfrau", "durchmarsch", "pushes", "last_trick"}
        if unknown:
            key = sorted(unknown)[0]
            raise SheetError("err.ramsch.unknown_key", key=key, field=key)
        points = raw["ramsch"]
        if not isinstance(points, dict) or not all(type(v) is int for v in points.values()):
            raise SheetError("err.ramsch.points_type", field="ramsch")
        jungfrau = raw.get("jungfrau", [])
        if not isinstance(jungfrau, list) or not all(isinstance(n, str) for n in jungfrau):
            raise SheetError("err.ramsch.jungfrau_type", field="jungfrau")
        durchmarsch = raw.get("durchmarsch")
        if durchmarsch is not None and not isinstance(durchmarsch, str):
            raise SheetError("err.ramsch.durchmarsch_type", field="durchmarsch")
        pushes = raw.get("pushes", 0)
        if type(pushes) is not int:
            raise SheetError("err.ramsch.pushes_type", field="pushes")
        last = raw.get("last_trick")
        if last is not None and not isinstance(last, str):
            raise SheetError("err.ramsch.last_trick_type", field="last_trick")
        return cls(tuple(points.items()), tuple(jungfrau), durchmarsch, pushes, last)

    @property
    def tied(self) -> tuple[str, ...]:
        """The players tied for the most card points (empty when one has the most)."""
        top = max(points for _, points in self.points)
        losers = tuple(name for name, points in self.points if points == top)
        return losers if len(losers) > 1 else ()

    def scores(self, rules: Rules) -> dict[str, int]:
        """Each player's score before Bock: the one with the most card points loses them.

        >>> Ramsch((("A", 60), ("B", 40), ("C", 20))).scores(Rules())
        {'A': -60, 'B': 0, 'C': 0}
        >>> Ramsch((("A", 70), ("B", 50), ("C", 0)), jungfrau=("C",), pushes=1).scores(
        ...     Rules(schieberamsch=True))
        {'A': -280, 'B': 0, 'C': 0}
        >>> Ramsch((("A", 55), ("B", 55), ("C", 10))).scores(Rules(ramsch_ties="split"))
        {'A': -28, 'B': -28, 'C': 0}
        """
        factor = 1 << self.pushes
        out = {name: 0 for name, _ in self.points}
        jungfrau = set(self.jungfrau)
        if self.durchmarsch is not None:
            if rules.ramsch_durchmarsch:
                out[self.durchmarsch] = 120 * factor
                return out
            # no Durchmarsch rule: the one with every trick loses 120, and the others, who
            # took no trick, are Jungfrauen
            jungfrau |= {name for name, _ in self.points if name != self.durchmarsch}
        top = max(points for _, points in self.points)
        losers = [name for name, points in self.points if points == top]
        ties = rules.ramsch_ties
        if len(losers) > 1 and ties == "nobody":
            return out
        if len(losers) > 1 and ties == "last-trick" and self.last_trick in losers:
            losers = [self.last_trick]
        if rules.ramsch_jungfrau:
            factor <<= len(jungfrau)
        loss = (rules.ramsch_value or top) * factor
        if len(losers) > 1 and ties == "split":
            loss = (2 * loss + len(losers)) // (2 * len(losers))  # a share, halves up
        for name in losers:
            out[name] = -loss
        return out


@record
class Deal:
    """One deal as entered: a declarer and the game, a Ramsch, or nobody (everybody passed)."""

    declarer: str | None
    game: GameSpec | None
    ramsch: Ramsch | None = None

    def __init__(
        self, declarer: str | None, game: GameSpec | None, ramsch: Ramsch | None = None
    ) -> None:
        # The fields set by their slots' own setters, not by object.__setattr__ as the frozen
        # dataclass's __init__ sets them: a sheet makes a deal for each one it reads, 3.8 k
        # instructions against 5.9 k (valgrind --tool=callgrind).
        _set_declarer(self, declarer)
        _set_game(self, game)
        _set_ramsch(self, ramsch)

    @classmethod
    def passed(cls) -> Deal:
        """A deal everybody passed ("eingepasst"): no score, the next player deals."""
        return cls(None, None)

    @classmethod
    def of_ramsch(cls, ramsch: Ramsch) -> Deal:
        """A Ramsch deal: everybody passed and Ramsch was played."""
        return cls(None, None, ramsch)

    @property
    def is_passed(self) -> bool:
        """True when everybody passed and no Ramsch was played."""
        return self.declarer is None and self.ramsch is None


_set_declarer = Deal.__dict__["declarer"].__set__
_set_game = Deal.__dict__["game"].__set__
_set_ramsch = Deal.__dict__["ramsch"].__set__


def match_name(name: str, names: Sequence[str]) -> str | None:
    """The one of ``names`` that ``name`` is: written the same, else the only one that is the
    same ignoring case and how its letters are composed (:func:`name_key`); None when there is
    none (or two differ only in that).

    >>> match_name("ben", ["Anna", "Ben"]), match_name("Bea", ["Anna", "Ben"])
    ('Ben', None)
    >>> match_name("ju\u0308rgen", ["J\u00fcrgen", "Ben"]) == "J\u00fcrgen"
    True
    """
    if name in names:
        return name
    key = name_key(name)
    matches = [n for n in names if name_key(n) == key]
    return matches[0] if len(matches) == 1 else None


def same_names(names: Sequence[str]) -> list[str] | None:
    """The first names of ``names`` that look the same (:func:`name_key`), or None.

    >>> same_names(["Anna", "Ben", "ANNA"]), same_names(["Anna", "Ben"])
    (['Anna', 'ANNA'], None)
    """
    seen: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key in seen:
            return [other for other in names if name_key(other) == key]
        seen[key] = name
    return None


def check_name(name: str) -> str:
    """Return a player's name (in its composed form, :func:`nfc`) if it can be printed as
    typed; else raise a :class:`SheetError`.

    >>> check_name('Zoë \\\\ O\\'Neil')
    "Zoë \\\\ O'Neil"
    >>> check_name("Anna\\x1b[31m")
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetError: err.name.control(name='Anna\\x1b[31m', code='001B')
    """
    import unicodedata

    name = nfc(name)  # its length as it is kept
    if not name.strip():
        raise SheetError("err.name.empty")
    if len(name) > NAME_LIMIT:
        raise SheetError("err.name.long", name=repr(name[:NAME_LIMIT] + "…"), most=NAME_LIMIT)
    if name != name.strip():
        raise SheetError("err.name.space", name=name, stripped=name.strip())
    for char in name:
        if unicodedata.category(char) in _UNSEEN:
            raise SheetError("err.name.control", name=name, code=f"{ord(char):04X}")
    return name


def player_at(players: Sequence[str], name: str, field: str | None = None) -> str:
    """The player of ``players`` called ``name`` (exact, or the one match ignoring case), else
    a :class:`SheetError` about ``field``.

    >>> player_at(("Anna", "Ben", "Carl"), "ben")
    'Ben'
    >>> player_at(("Anna", "Ben", "Carl"), "Dora", "declarer")
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetError: err.sheet.not_at_table(name="'Dora'", players=join.list(items=('Anna', 'Ben', 'Carl')))
    """
    found = match_name(name, players)
    if found is not None:
        return found
    raise SheetError(
        "err.sheet.not_at_table", name=repr(name), players=listed(players), field=field
    )


def sitting_out(players: Sequence[str], dealer: str) -> tuple[str, ...]:
    """The players who sit out the deal ``dealer`` deals: nobody at three; the dealer at four;
    at five the dealer and the player third to the dealer's left (seating order runs to the
    left), so that the two to the dealer's left and the one to the right play (ISkO).

    >>> sitting_out(("A", "B", "C"), "A"), sitting_out(("A", "B", "C", "D"), "B")
    ((), ('B',))
    >>> sitting_out(("A", "B", "C", "D", "E"), "A"), sitting_out(("A", "B", "C", "D", "E"), "D")
    (('A', 'D'), ('D', 'B'))
    >>> sitting_out(("A", "B", "C", "D", "E"), "F")
    Traceback (most recent call last):
    ...
    ValueError: tuple.index(x): x not in tuple
    """
    count = len(players)
    if count == 3:
        return ()
    if count == 4:
        return (dealer,)
    seat = tuple(players).index(dealer)
    return dealer, players[(seat + 3) % count]


def grand_hand(deal: Deal) -> bool:
    """A Grand Hand: what a player may declare instead of a Bockramsch.

    >>> grand_hand(Deal("A", GameSpec("grand", with_=1, hand=True))), grand_hand(Deal.passed())
    (True, False)
    """
    return (
        deal.game is not None
        and GameType.parse(deal.game.game) is GameType.GRAND
        and (deal.game.hand or deal.game.ouvert)
    )


def check_deal(
    deal: Deal,
    players: tuple[str, ...],
    rules: Rules,
    state: tuple[str, bool],
    score: Callable[[GameSpec], Scoring],
) -> Deal:
    """Check a deal at a table of ``players`` under ``rules``; ``state`` is its dealer and
    whether it lies in a Bockramsch round, ``score`` scores a game under the rules. Returns the
    deal with the names as the sheet writes them.

    >>> check_deal(Deal.passed(), ("A", "B", "C"), Rules(bockramsch=True, bock=True, ramsch=True),
    ...            ("A", True), GameSpec.score)
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetError: err.bockramsch.deal
    """
    dealer, ramsch_round = state
    ramsch = deal.ramsch
    if ramsch_round and not (ramsch is not None or grand_hand(deal)):
        raise SheetError("err.bockramsch.deal")
    if ramsch is not None:
        return Deal.of_ramsch(check_ramsch(ramsch, players, rules, dealer))
    # passed: is_passed, its property not called (0.8 k instructions of the 7.2 k a game's
    # check took, valgrind --tool=callgrind)
    if deal.declarer is None:
        return deal
    return _check_game(deal, players, rules, dealer, score)


def _check_game(
    deal: Deal,
    players: tuple[str, ...],
    rules: Rules,
    dealer: str,
    score: Callable[[GameSpec], Scoring],
) -> Deal:
    assert deal.declarer is not None and deal.game is not None
    declarer = deal.declarer
    if declarer not in players:  # as written: player_at's first answer, without two calls
        declarer = player_at(players, declarer, "declarer")
    out = sitting_out(players, dealer)
    if declarer in out:
        others = listed([p for p in players if p not in out])
        if len(out) == 1:
            raise SheetError("err.sheet.dealer", declarer=declarer, others=others, field="declarer")
        raise SheetError(
            "err.sheet.sits_out", declarer=declarer, dealer=dealer, other=out[1], others=others,
            field="declarer",
        )  # fmt: skip
    game = deal.game
    if (game.kontra or game.re) and not rules.kontra:
        said = "Re" if game.re else "Kontra"
        raise SheetError("err.sheet.kontra", said=said, field="re" if game.re else "kontra")
    scoring = score(game)
    if scoring.outcome is None:
        null = scoring.game is GameType.NULL
        needed = say("sheet.needs.null" if null else "sheet.needs.points")
        raise SheetError("err.sheet.result", needed=needed, field="tricks" if null else "points")
    return deal if declarer == deal.declarer else Deal(declarer, game)


def check_ramsch(ramsch: Ramsch, players: tuple[str, ...], rules: Rules, dealer: str) -> Ramsch:
    """Check a Ramsch dealt by ``dealer``: the card points of the players in the deal, who
    took no trick or every trick, the pushes and the last trick, each against the others and
    the rules. Returns it with the names as the sheet writes them, a Durchmarsch said when the
    others are all Jungfrau.

    >>> check_ramsch(Ramsch((("A", 0), ("B", 0), ("C", 120)), ("A", "B")), ("A", "B", "C"),
    ...              Rules(ramsch=True), "A")
    Ramsch(points=(('A', 0), ('B', 0), ('C', 120)), jungfrau=(), durchmarsch='C', pushes=0, last_trick=None)
    """
    if not rules.ramsch:
        raise SheetError("err.ramsch.off", field="ramsch")
    out = sitting_out(players, dealer)
    playing = tuple(p for p in players if p not in out)
    points = _card_points(ramsch, players, playing)
    jungfrau, durchmarsch = _named(ramsch, players, points, dealer)
    _took_tricks(jungfrau, durchmarsch, points)
    jungfrau, durchmarsch = _all_tricks(jungfrau, durchmarsch, playing)
    _pushes(ramsch.pushes, rules)
    last = _last_trick(ramsch, players, points, jungfrau, durchmarsch, dealer)
    ordered = tuple((name, points[name]) for name in playing)
    checked = Ramsch(ordered, jungfrau, durchmarsch, ramsch.pushes, last)
    _tie_decided(checked, rules)
    return checked


def _card_points(
    ramsch: Ramsch, players: tuple[str, ...], playing: tuple[str, ...]
) -> dict[str, int]:
    """Each player's card points by the sheet's name: one for each player in the deal, each a
    total some cards have, 120 in all."""
    points = {player_at(players, name, "ramsch"): value for name, value in ramsch.points}
    if sorted(points) != sorted(playing):
        raise SheetError(
            "err.ramsch.players", playing=listed(playing), got=listed(list(points)), field="ramsch"
        )
    if any(not 0 <= value <= 120 for value in points.values()):
        raise SheetError("err.ramsch.range", field="ramsch")
    for name, value in points.items():
        if not possible_points(value):
            raise SheetError("err.ramsch.impossible", name=name, points=value, field="ramsch")
    if sum(points.values()) != 120:
        each = listed(
            [say("ramsch.points", name=name, points=value) for name, value in points.items()]
        )
        raise SheetError("err.ramsch.sum", total=sum(points.values()), listed=each, field="ramsch")
    return points


def _named(
    ramsch: Ramsch, players: tuple[str, ...], points: Mapping[str, int], dealer: str
) -> tuple[tuple[str, ...], str | None]:
    """The Jungfrauen and the Durchmarsch by the sheet's names, each a player in the deal."""
    jungfrau = tuple(player_at(players, name, "jungfrau") for name in ramsch.jungfrau)
    for name in jungfrau:
        _in_deal(name, points, dealer, "jungfrau")
    if ramsch.durchmarsch is None:
        return jungfrau, None
    durchmarsch = player_at(players, ramsch.durchmarsch, "durchmarsch")
    _in_deal(durchmarsch, points, dealer, "durchmarsch")
    return jungfrau, durchmarsch


def _in_deal(name: str, points: Mapping[str, int], dealer: str, field: str) -> None:
    """A player named in a Ramsch plays in it: not the dealer (at four and five), nor the
    player third to the dealer's left (at five)."""
    if name not in points:
        key = "err.ramsch.dealer" if name == dealer else "err.ramsch.sits_out"
        raise SheetError(key, name=name, playing=listed(list(points)), field=field)


def _took_tricks(
    jungfrau: tuple[str, ...], durchmarsch: str | None, points: Mapping[str, int]
) -> None:
    """A Jungfrau (named once) holds no card point, a Durchmarsch all 120."""
    if len(set(jungfrau)) != len(jungfrau):
        raise SheetError("err.ramsch.twice", field="jungfrau")
    for name in jungfrau:
        if points[name]:
            raise SheetError(
                "err.ramsch.jungfrau", name=name, points=points[name], field="jungfrau"
            )
    if durchmarsch is not None and points[durchmarsch] != 120:
        raise SheetError(
            "err.ramsch.durchmarsch",
            name=durchmarsch,
            points=points[durchmarsch],
            field="durchmarsch",
        )


def _all_tricks(
    jungfrau: tuple[str, ...], durchmarsch: str | None, playing: tuple[str, ...]
) -> tuple[tuple[str, ...], str | None]:
    """Every player but one a Jungfrau is a Durchmarsch, which says the Jungfrauen already."""
    if len(jungfrau) == len(playing) - 1:
        # both others took no trick: the third took every trick, a Durchmarsch
        (durchmarsch,) = (name for name in playing if name not in jungfrau)
    if durchmarsch is not None:
        return (), durchmarsch  # the others took no trick: the Durchmarsch says so already
    return jungfrau, durchmarsch


def _pushes(pushes: int, rules: Rules) -> None:
    """Pushes only under Schieberamsch, and at most :data:`MAX_PUSHES`."""
    if pushes < 0 or (pushes and not rules.schieberamsch):
        raise SheetError("err.ramsch.pushes", field="pushes")
    if pushes > MAX_PUSHES:
        raise SheetError("err.ramsch.pushes.max", pushes=pushes, most=MAX_PUSHES, field="pushes")


def _last_trick(
    ramsch: Ramsch,
    players: tuple[str, ...],
    points: Mapping[str, int],
    jungfrau: tuple[str, ...],
    durchmarsch: str | None,
    dealer: str,
) -> str | None:
    """Who took the last trick, by the sheet's name: a player in the deal who took a trick
    (the Durchmarsch, if there is one)."""
    if ramsch.last_trick is None:
        return None
    last = player_at(players, ramsch.last_trick, "last_trick")
    _in_deal(last, points, dealer, "last_trick")
    if last in jungfrau or durchmarsch not in (None, last):
        raise SheetError("err.ramsch.last_trick", name=last, field="last_trick")
    return last


def _tie_decided(ramsch: Ramsch, rules: Rules) -> None:
    """A tie that the last trick decides (``ramsch_ties = "last-trick"``) needs its taker."""
    last_decides = rules.ramsch_ties == "last-trick" and ramsch.last_trick is None
    if ramsch.durchmarsch is None and last_decides and ramsch.tied:
        raise SheetError("err.ramsch.tie", tied=all_of(ramsch.tied), field="ramsch")
