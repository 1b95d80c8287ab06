"""Suits, ranks and cards, and every card notation skatcalc reads and writes.

The notation online servers use is a suit letter then a rank: ``CJ SA HT D7``. The parser also
takes ``C10``, suit symbols on either side (``♣J``, ``J♣``), lower case, and German or English
words (``Kreuz Bube``, ``Herz-Ass``, ``jack of clubs``). What could mean two cards is refused:
a lone ``S`` is spades in English but Schellen (diamonds) in German, so ``SU`` is an error.

>>> Card.parse("CJ")
Card.parse('CJ')
>>> str(Card.parse("♥10")), Card.parse("Kreuz Bube").symbol, str(Card.parse("♠D"))
('HT', '♣J', 'SQ')
>>> Card.parse("CX")
Traceback (most recent call last):
...
skatcalc.errors.CardError: err.card.invalid(text="'CX'")
"""

from __future__ import annotations

from enum import StrEnum
from functools import lru_cache

from skatcalc.errors import CardError, Say, say
from skatcalc.frozen import Interned
from skatcalc.pattern import later

__all__ = ["DECK", "Card", "Rank", "Suit", "parse_cards"]


class Suit(StrEnum):
    """A suit; the value is the server notation's letter, highest first.

    >>> Suit("C").symbol, Suit.SPADES.word
    ('♣', 'spades')
    """

    CLUBS = "C"
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"

    @property
    def symbol(self) -> str:
        """The French suit symbol."""
        return _SUIT_SYMBOLS[self]

    @property
    def word(self) -> str:
        """The English name, lower case."""
        return self.name.lower()


class Rank(StrEnum):
    """A rank; the value is the server notation's letter (``T`` for the ten).

    >>> Rank("T").points, Rank.JACK.points, [r.value for r in Rank]
    (10, 2, ['7', '8', '9', 'T', 'J', 'Q', 'K', 'A'])
    """

    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def points(self) -> int:
        """Card points: ace 11, ten 10, king 4, queen 3, jack 2, the rest 0."""
        return _RANK_POINTS[self]

    @property
    def label(self) -> str:
        """How the rank is shown beside a suit symbol: ``10`` for the ten."""
        return "10" if self is Rank.TEN else self.value


_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}
_RANK_POINTS = {
    Rank.SEVEN: 0,
    Rank.EIGHT: 0,
    Rank.NINE: 0,
    Rank.TEN: 10,
    Rank.JACK: 2,
    Rank.QUEEN: 3,
    Rank.KING: 4,
    Rank.ACE: 11,
}

# Names a player may write. Single letters stand only for suits in front of the rank (server
# notation); German suit letters are not taken, because S would mean two suits.
_SUIT_WORDS: dict[str, Suit] = {
    **dict.fromkeys(["clubs", "club", "kreuz", "treff", "eichel", "eicheln"], Suit.CLUBS),
    **dict.fromkeys(
        ["spades", "spade", "pik", "grün", "gruen", "grun", "blatt", "laub"], Suit.SPADES
    ),
    **dict.fromkeys(["hearts", "heart", "herz", "rot"], Suit.HEARTS),
    **dict.fromkeys(["diamonds", "diamond", "karo", "schellen", "schelle"], Suit.DIAMONDS),
}
_SUIT_SYMBOL_CHARS: dict[str, Suit] = {
    "♣": Suit.CLUBS, "♧": Suit.CLUBS,
    "♠": Suit.SPADES, "♤": Suit.SPADES,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
}  # fmt: skip
_SUIT_LETTERS = {"c": Suit.CLUBS, "s": Suit.SPADES, "h": Suit.HEARTS, "d": Suit.DIAMONDS}

_RANK_NAMES: dict[str, Rank] = {
    **dict.fromkeys(["7", "seven"], Rank.SEVEN),
    **dict.fromkeys(["8", "eight"], Rank.EIGHT),
    **dict.fromkeys(["9", "nine"], Rank.NINE),
    **dict.fromkeys(["t", "10", "ten"], Rank.TEN),
    **dict.fromkeys(["j", "jack"], Rank.JACK),
    **dict.fromkeys(["q", "queen"], Rank.QUEEN),
    **dict.fromkeys(["k", "king"], Rank.KING),
    **dict.fromkeys(["a", "ace"], Rank.ACE),
}
# German rank names: with the letter S in front they make the card ambiguous.
_GERMAN_RANK_NAMES: dict[str, Rank] = {
    "sieben": Rank.SEVEN,
    "acht": Rank.EIGHT,
    "neun": Rank.NINE,
    "zehn": Rank.TEN,
    **dict.fromkeys(["u", "b", "unter", "bube"], Rank.JACK),
    **dict.fromkeys(["o", "ober", "dame"], Rank.QUEEN),
    **dict.fromkeys(["könig", "koenig", "konig"], Rank.KING),
    **dict.fromkeys(["ass", "as", "daus"], Rank.ACE),
}
_GERMAN_WORDS = {
    Rank.SEVEN: "Sieben", Rank.EIGHT: "Acht", Rank.NINE: "Neun", Rank.TEN: "Zehn",
    Rank.JACK: "Unter", Rank.QUEEN: "Ober", Rank.KING: "König", Rank.ACE: "Ass",
}  # fmt: skip
_ALL_RANK_NAMES = {**_RANK_NAMES, **_GERMAN_RANK_NAMES}
_SYMBOL_RANKS = {"d": Rank.QUEEN}
_SEPARATORS = later(r"[\s\-_/.]+|\bof\b")

CARDS_LIMIT = 300
"""The longest card text read, in characters: 12 cards as words ("Schellen Unter") fit easily."""
_TOKEN_LIMIT = max(map(len, _SUIT_WORDS)) + max(map(len, _ALL_RANK_NAMES)) + 8
"""No card is longer (a suit word, a rank word and some separators): longer text is no card,
and is not searched for one, so reading cards stays linear in their length."""


class _Ambiguous(Exception):
    """A token that names a card in one language and another card in the other: ``error`` is
    the :class:`CardError` that says so."""

    def __init__(self, error: CardError) -> None:
        super().__init__(error.code)
        self.error = error


class Card(Interned):
    """A card: suit and rank. ``str`` gives the server notation, ``repr`` round-trips. Cards
    are ordered by suit, then rank, as their letters sort.

    There are 32 cards and each is one object: ``Card(suit, rank)`` (and so a copy, a pickle
    read back, a parsed card) is the card of :data:`DECK`, and equality and hashing are the
    object's identity, done in C. Measured (python -m timeit; cProfile of ``score()`` on the
    2,584 games told by their cards of bench/games.py ``varied(20000)``): a card's hash in
    Python (its fields' tuple) 145 ns, the identity's 21 ns; a set of 10 cards 1.53 µs, now
    0.19 µs; ``Card(suit, rank)`` 256 ns, now 140 ns. The hashes were 0.13 s of the 0.76 s
    profile; ``score()`` of such a game went from 14.6-15.4 µs to 8.8-9.6 µs (best of 9
    passes, 3 runs each).

    >>> card = Card(Suit.CLUBS, Rank.TEN)
    >>> str(card), card.symbol, card.points, card is DECK[3]
    ('CT', '♣10', 10, True)
    >>> eval(repr(card)) == card, Card(Suit.CLUBS, Rank.ACE) < card, sorted(DECK)[0]
    (True, True, Card.parse('C7'))
    >>> Card("X", Rank.TEN)
    Traceback (most recent call last):
    ...
    ValueError: 'X' is not a valid Suit
    """

    __slots__ = ("suit", "rank")  # noqa: RUF023 - the fields in order (__new__, repr, copies)
    suit: Suit
    rank: Rank

    def __new__(cls, suit: Suit, rank: Rank) -> Card:
        card = _CARDS.get((suit, rank))
        if card is None:  # not a suit and a rank: the enums say which is wrong
            return _CARDS[Suit(suit), Rank(rank)]
        return card

    def __lt__(self, other: Card) -> bool:
        return (self.suit, self.rank) < (other.suit, other.rank)

    def __le__(self, other: Card) -> bool:
        return (self.suit, self.rank) <= (other.suit, other.rank)

    def __gt__(self, other: Card) -> bool:
        return (self.suit, self.rank) > (other.suit, other.rank)

    def __ge__(self, other: Card) -> bool:
        return (self.suit, self.rank) >= (other.suit, other.rank)

    def __str__(self) -> str:
        return f"{self.suit.value}{self.rank.value}"

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def symbol(self) -> str:
        """The card with its suit symbol, as players write it: ``♣J``, ``♥10``."""
        return f"{self.suit.symbol}{self.rank.label}"

    @property
    def said(self) -> Say:
        """The card with its suit symbol as the language writes it, in words at the edge:
        ``♣J`` in English, ``♣B`` (Bube) in German; queens ``D``, kings ``K``.

        >>> Card.parse("CQ").said
        Say(key='card.symbol', values={'suit': '♣', 'rank': Say(key='card.rank.Q', values={})})
        """
        return say("card.symbol", suit=self.suit.symbol, rank=say(f"card.rank.{self.rank.label}"))

    @property
    def points(self) -> int:
        """The card's points (ace 11, ten 10, king 4, queen 3, jack 2)."""
        return self.rank.points

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read one card in any notation skatcalc knows.

        >>> [str(Card.parse(t)) for t in ["sa", "C10", "J♣", "herz-ass", "jack of clubs"]]
        ['SA', 'CT', 'CJ', 'HA', 'CJ']
        >>> Card.parse("SU")
        Traceback (most recent call last):
        ...
        skatcalc.errors.CardError: err.card.ambiguous(text="'SU'", letter='J', rank=rank.jack, german='Unter')
        """
        try:
            card = _parse_token(text)
        except _Ambiguous as ambiguous:
            raise ambiguous.error from None
        if card is None:
            quoted = text if len(text) <= _TOKEN_LIMIT else text[:_TOKEN_LIMIT] + "…"
            raise CardError("err.card.invalid", text=repr(quoted))
        return card


_CARDS: dict[tuple[Suit, Rank], Card] = {
    (suit, rank): Card.one((suit, rank)) for suit in Suit for rank in Rank
}
"""Each card by its suit and rank: the one object ``Card(suit, rank)`` returns."""

DECK: tuple[Card, ...] = tuple(_CARDS.values())
"""The 32 cards, clubs first, each suit from 7 to ace."""


@lru_cache(maxsize=1024)
def _parse_token(text: str) -> Card | None:
    """The card ``text`` names (None: none; an ambiguous one raises). Kept by its text (a
    pure function of it; an error is never kept): a batch of games with cards reads the same
    32 cards again and again, and each read tries every way a card can be written (about
    10 µs; kept, 0.1 µs). ``value --batch`` on bench/games.py's varied games: 0.5 s of its
    2 s in the profile, a sixth of the games holding cards."""
    token = text.strip().casefold()
    if not token or len(token) > _TOKEN_LIMIT:
        return None
    for char, suit in _SUIT_SYMBOL_CHARS.items():
        if token.startswith(char) or token.endswith(char):
            rest = token.replace(char, "", 1).strip(" -_")
            # beside a suit symbol a D is no suit: the Dame, as German output writes it (♣D)
            rank = _ALL_RANK_NAMES.get(rest) or _SYMBOL_RANKS.get(rest)
            return Card(suit, rank) if rank is not None else None
    parts = [part for part in _SEPARATORS.split(token) if part]
    if len(parts) == 2:
        return _pair(parts[0], parts[1], text) or _pair(parts[1], parts[0], text, words_only=True)
    if len(parts) != 1:
        return None
    found = {
        card
        for cut in range(1, len(token))
        for card in (
            _pair(token[:cut], token[cut:], text),
            _pair(token[cut:], token[:cut], text, words_only=True),
        )
        if card is not None
    }
    return found.pop() if len(found) == 1 else None


def _pair(suit_text: str, rank_text: str, original: str, words_only: bool = False) -> Card | None:
    """The card named by a suit part and a rank part; a suit letter only stands first."""
    suit = _SUIT_WORDS.get(suit_text)
    if suit is None and not words_only:
        suit = _SUIT_LETTERS.get(suit_text)
        if suit is Suit.SPADES and rank_text in _GERMAN_RANK_NAMES:
            german = _GERMAN_RANK_NAMES[rank_text]
            raise _Ambiguous(
                CardError(
                    "err.card.ambiguous",
                    text=repr(original),
                    letter=german.value,
                    rank=say(f"rank.{german.name.lower()}"),
                    german=_GERMAN_WORDS[german],
                )
            )
    rank = _ALL_RANK_NAMES.get(rank_text)
    if suit is None or rank is None:
        return None
    return Card(suit, rank)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by commas or spaces; a card written as words may span spaces.

    >>> [str(c) for c in parse_cards("CJ SA, ht d7")]
    ['CJ', 'SA', 'HT', 'D7']
    >>> [c.symbol for c in parse_cards("Kreuz Bube Pik Ass")]
    ['♣J', '♠A']
    >>> parse_cards("CJ SA CJ")
    Traceback (most recent call last):
    ...
    skatcalc.errors.CardError: err.card.twice(symbol=card.symbol(suit='♣', rank=card.rank.J), card='CJ')
    """
    if len(text) > CARDS_LIMIT:
        raise CardError("err.cards.long", length=len(text), most=CARDS_LIMIT)
    plain = _plain(text)
    return plain if plain is not None else _read_cards(text)


def _read_cards(text: str) -> tuple[Card, ...]:
    """:func:`parse_cards` for any text (the full reader): a token at a time, the notation's
    from :data:`_NOTATION`, any other through :func:`_parse_run`."""
    cards: list[Card] = []
    # a set to find a card given twice: `card in cards` compared each card with those before
    # it, 45 comparisons in Python for 10 cards (0.08 s of 3.0 s in the profile of the batch on
    # bench/games.py `varied`), where the set hashes each card once (it grows, or had the card)
    seen: set[Card] = set()
    for group in text.split(","):
        tokens = group.split()
        index = 0
        while index < len(tokens):
            written = _NOTATION.get(tokens[index])
            card, width = (written, 1) if written is not None else _parse_run(tokens, index)
            before = len(seen)
            seen.add(card)
            if len(seen) == before:
                raise CardError("err.card.twice", symbol=card.said, card=str(card))
            cards.append(card)
            index += width
    return tuple(cards)


_NOTATION = {str(card): card for card in DECK}
"""The cards as the notation writes them (``CJ``), as :func:`_parse_run` reads them alone: the
card of a log's usual text without joining tokens and trying spans (``value --batch`` on
bench/games.py's varied games: parse_cards took 0.195 s of 2.0 s in the profile, 0.087 s of
1.13 s with it; a game told by its cards 30-44 µs to score before, 16-18 µs with it).
tests/test_cards.py checks the table against the full reader."""


def _plain(text: str) -> tuple[Card, ...] | None:
    """The cards of ``text`` if it is written in the notation alone, no card twice (``CJ SA
    HT``: what logs and bench/games.py write); None for any other text, which the full reader
    then reads (and refuses with the same words). Each token looked up at once in C, the
    duplicates found by one set (a card's hash is its identity): the cards of such a text are
    those the full reader finds, which takes a card written so from the same table, a token
    at a time. Measured with bench/card_games.py (before and after side by side, 3 rounds): a
    hand of 10 cards 1.96-2.10 µs through the full reader, 1.22-1.25 µs with this first (the
    skat's two cards alike, 0.60 µs); ``score()`` of a game told by its cards 9.5-10.4 µs,
    now 8.6-9.3 µs. Looking each token up with ``dict.get`` and the set finding None is as
    fast as ``__getitem__`` and a KeyError (0.88-0.96 µs against 0.90 µs, timeit), and needs
    no exception; ``None in`` the tuple compares None with each card (1.76-2.02 µs). A text
    whose first token is no card of the notation is given up at once: tried in full, the
    German words, the symbols of bench/card_games.py's other texts took 0.2-0.4 µs longer
    than before this path (3.25-3.57 µs against 2.82-3.14); given up so, 2.76-2.91 µs."""
    tokens = text.split()
    if tokens and tokens[0] not in _NOTATION:  # words, symbols, lower case: refused at once
        return None
    cards = tuple(map(_NOTATION.get, tokens))
    held = set(cards)
    if None in held or len(held) != len(cards):
        return None
    return cards  # type: ignore[return-value]  # None is not among them: checked above


def _parse_run(tokens: list[str], index: int) -> tuple[Card, int]:
    """The card starting at ``tokens[index]`` and how many tokens it spans (1 to 3)."""
    for width in range(1, min(3, len(tokens) - index) + 1):
        try:
            card = _parse_token(" ".join(tokens[index : index + width]))
        except _Ambiguous as ambiguous:
            raise ambiguous.error from None
        if card is not None:
            return card, width
    raise CardError("err.card.invalid", text=repr(tokens[index]))
