"""Options shared by ``value``, ``sheet add`` and ``sheet edit``: one definition, the same names
everywhere. :func:`with_game_options` adds the game's options to a command's signature, so the
three can never disagree."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer

F = TypeVar("F", bound=Callable[..., Any])

Words = Annotated[
    list[str] | None,
    typer.Argument(
        help="The game in the deal notation, in any order (docs/notation.md): e.g. "
        "kreuz m2 hand 56 b20, grand o1 92, null lost; or just the game (clubs, spades, hearts, "
        "diamonds, grand, null; German: kreuz/eichel, pik/grün/laub/blatt, herz/rot, "
        "karo/schellen) with the options below.",
        show_default=False,
        metavar="WORDS...",
    ),
]
With = Annotated[int | None, typer.Option("--with", help="Tops: playing with N.")]
Without = Annotated[int | None, typer.Option("--without", help="Tops: playing without N.")]
Cards = Annotated[
    str | None,
    typer.Option(
        "--cards",
        help="The declarer's 10 hand cards (or all 12 with the skat), e.g. 'CJ SJ HA HT ...'.",
    ),
]
Skat = Annotated[
    str | None, typer.Option("--skat", help="The 2 skat cards as dealt, e.g. 'D7 S8'.")
]
Discards = Annotated[
    str | None,
    typer.Option(
        "--discards",
        help="The 2 cards put away after picking up the skat (not in a hand game); "
        "they count for the declarer.",
    ),
]
Hand = Annotated[bool, typer.Option("--hand", help="Played from hand (skat not picked up).")]
Schneider = Annotated[bool, typer.Option("--schneider", help="Schneider announced (hand only).")]
Schwarz = Annotated[
    bool, typer.Option("--schwarz", help="Schwarz announced (hand only; includes schneider).")
]
Ouvert = Annotated[
    bool,
    typer.Option("--ouvert", help="Played open; in suit and grand: hand, schneider, schwarz."),
]
Points = Annotated[
    int | None,
    typer.Option("--points", help="The declarer's card points with the skat, 0-120."),
]
Tricks = Annotated[
    int | None,
    typer.Option("--tricks", help="The declarer's tricks, 0-10 (Null: 0 wins; 10 is schwarz)."),
]
Bid = Annotated[int, typer.Option("--bid", help="The bid the declarer won with.")]
Kontra = Annotated[bool, typer.Option("--kontra", help="A defender said Kontra: score × 2.")]
Re = Annotated[bool, typer.Option("--re", help="The declarer said Re: score × 4 (implies Kontra).")]
Bock = Annotated[bool, typer.Option("--bock", help="A Bock deal: score × 2.")]
Json = Annotated[bool, typer.Option("--json", help="One JSON object on stdout (docs/json.md).")]
Batch = Annotated[
    bool,
    typer.Option(
        "--batch",
        help="Read games as JSON lines on stdin (keys as these options); "
        "write one JSON line each (docs/json.md).",
    ),
]


_GAME_OPTIONS = [
    inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=kind)
    for name, kind, default in (
        ("with_", With, None), ("without", Without, None), ("cards", Cards, None),
        ("skat", Skat, None), ("hand", Hand, False), ("schneider", Schneider, False),
        ("schwarz", Schwarz, False), ("ouvert", Ouvert, False), ("points", Points, None),
        ("tricks", Tricks, None), ("bid", Bid, 18), ("kontra", Kontra, False), ("re", Re, False),
        ("discards", Discards, None),
    )
]  # fmt: skip


def with_game_options(func: F) -> F:
    """Add every option of a game (tops, cards, declaration, result, bid, Kontra/Re) to a
    command whose function takes them as ``**game``, after its arguments."""
    signature = inspect.signature(func, eval_str=True)
    params = [p for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD]
    arguments = [p for p in params if p.kind is not p.KEYWORD_ONLY]
    keywords = [p for p in params if p.kind is p.KEYWORD_ONLY]
    replaced = signature.replace(parameters=[*arguments, *_GAME_OPTIONS, *keywords])
    func.__signature__ = replaced  # type: ignore[attr-defined]
    return func
