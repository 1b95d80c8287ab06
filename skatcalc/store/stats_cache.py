"""Each sheet's part of ``sheet stats``, kept in the user's cache folder for the text it was
made from: a season's statistics read again cost the reading of its files, not their deals.

``sheet stats`` over a season reads every evening's sheet whole: parse, check and score each
deal, total the sheet, then count each player's games (:func:`skatcalc.sheet.stats.stats`).
Over 200 evenings of 36 deals that cost 1.6x reading the same files with tomllib alone
(bench/fast.py ``many``), where issue 32 item 7 asks at most 1.0x; and a season's sheets do
not change once the evening is over. The statistics are the sum of each sheet's part
(:func:`skatcalc.sheet.stats.sheet_part`, :func:`~skatcalc.sheet.stats.sum_parts`; the full
path sums them too), and a part depends on nothing but the sheet's text: so each part is kept
beside the hash of the text it came from (BLAKE2b of the text as read), in one file for each
folder of sheets (by the hash of its real path; each sheet by its name in it: :class:`Shelf`),
and served only for that exact text, by this version of skatcalc on this Python. Anything else
(no file, another text, a file not whole, of another version or another user) reads the
sheet whole, as before, and keeps its part for the next time; a sheet that cannot be read
keeps none and says why, as before. Where the cache folder cannot be used
(``SKATCALC_CACHE_DIR=""``, another's folder), every sheet is read whole and nothing is said:
only a change is slowed by a missing state (:func:`skatcalc.store.state.unusable`).

tests/sheet/test_stats_cache.py holds the kept parts to the parts of the sheets read whole,
and ``sheet stats`` with the cache to the same without it (stdout, stderr, exit code).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Sequence
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from skatcalc.errors import SheetFileError
from skatcalc.games import GameType
from skatcalc.sheet.rules import RULES, Rules
from skatcalc.sheet.tally import PlayerTotal
from skatcalc.store import files
from skatcalc.store.sheet_codec import SHEET
from skatcalc.store.toml import reading_many
from skatcalc.value import Outcome

if TYPE_CHECKING:
    from skatcalc.sheet.model import Sheet
    from skatcalc.sheet.stats import PlayerPart, SheetPart
    from skatcalc.sheet.tally import Tally
    from skatcalc.tournament.standings import TableSheet

__all__ = [
    "Kept",
    "Shelf",
    "kept_of",
    "packed",
    "parts",
    "plain_kept",
    "plain_part",
    "table_sheet",
    "unpacked",
]

_VERSION = 3
"""The kept part's own format: raise it when a part holds something new or is counted
otherwise (a part of another version is not read)."""
_MAGIC = b"skatcalc stats parts\n"
_MOST = 32 << 20
"""The largest file of a folder's records read (a sheet's is a few hundred bytes a player:
1.5 KB of bench/fast.py's season's evenings)."""


class Kept(NamedTuple):
    """What is kept of a sheet's text: what the standings take of a table's sheet (its
    number of deals, its tally's totals, its rules, whether they change among its deals:
    :func:`table_sheet`) and its part of the statistics, made only by ``sheet stats``
    (None when the standings kept it: counting each player's games cost ~25 ms of a first
    ``tournament standings`` over bench/tournament.py's 198 sheets, for nothing they show;
    ``sheet stats`` finding none reads that sheet whole and keeps it with its part)."""

    deals: int
    totals: tuple[PlayerTotal, ...]
    rules: Rules
    changed: bool
    part: SheetPart | None


def sheet_part(sheet: Sheet, tally: Tally, index: int = 0) -> SheetPart:
    """:func:`skatcalc.sheet.stats.sheet_part`, imported the first time a part is made: the
    standings make none (``Shelf.one`` without ``part``), and ``sheet.stats`` with ``fractions``
    cost a cold ``tournament standings`` ~6 ms (python -X importtime over bench/tournament.py's
    198 tables). Kept once imported: an import statement run for each sheet cost 0.76 µs
    (timeit), 0.15 ms of ``sheet stats`` over 200 sheets."""
    if not _SHEET_PART:
        from skatcalc.sheet.stats import sheet_part as made

        _SHEET_PART.append(made)
    return _SHEET_PART[0](sheet, tally, index)


_SHEET_PART: list[Callable[[Sheet, Tally, int], SheetPart]] = []
""":func:`skatcalc.sheet.stats.sheet_part`, once imported."""


def _at_once(paths: Sequence[Path]) -> Iterable[Path]:
    return paths


def parts(
    paths: Sequence[Path], each: Callable[[Sequence[Path]], Iterable[Path]] = _at_once
) -> list[SheetPart]:
    """The part of the statistics of each sheet at ``paths``, in order (``each`` walks them:
    the CLI's passes them through a progress bar): kept where a part was kept for the text
    of the file as it is now, else the sheet read whole (its error raised, as
    :func:`skatcalc.store.sheet.load` raises it) and its part kept."""
    from skatcalc.store.state import folder

    shelf = Shelf(folder())
    count = len(paths)
    found: list[SheetPart] = []
    try:
        for index, path in enumerate(each(paths)):
            kept = shelf.one(path, count, index)
            assert kept is not None and kept.part is not None  # a missing file: an error here
            found.append(kept.part)
    finally:
        shelf.write()  # the parts made before a sheet that cannot be read are kept too
    return found


class Shelf:
    """What is kept of the sheets one run reads, in the cache folder ``where`` (None: none):
    one file for each folder of sheets (by its real path), holding the record of each sheet
    in it by its name, beside the hash of the text it came from. Read at the first sheet of
    its folder, written again (:meth:`write`, at the end of the run) only when a record was
    made.

    One file for a folder, not one for each sheet: making a file cost ~140 µs on this ext4
    whatever way it was written (198 files of 1.5 KB, median of 9: a temporary file renamed
    over it 27-33 ms, without tempfile's random names 24-29 ms, written in place 28-36 ms),
    where one file of the same 300 KB took 0.2 ms: 28 ms of a first ``sheet stats`` over 200
    sheets. Two runs writing one folder's file at once: the last one's is kept, and what the
    other made is made again next time."""

    def __init__(self, where: Path | None) -> None:
        self.where = where
        self.packs: dict[str, dict[str, tuple[bytes, Any]]] = {}
        """Each folder's records by the sheet's name: the hash of its text and the record."""
        self.made: dict[str, dict[str, tuple[bytes, Any]]] = {}
        """The records made in this run, to write."""
        self.folders: dict[str, str] = {}
        """The real path of each folder of sheets met in this run, by its name as given."""

    def one(
        self,
        path: Path,
        count: int,
        index: int = 0,
        *,
        no_link: str | None = None,
        missing_ok: bool = False,
        part: bool = True,
    ) -> Kept | None:
        """What is kept of the sheet at ``path`` (the ``index``-th of ``count`` read, from
        0) for the text of the file as it is now, else the sheet read whole (its error
        raised, as :func:`skatcalc.store.files.load` raises it) and kept. With
        ``missing_ok``, None when there is no file, and ``no_link`` refuses a symbolic link
        (as :func:`skatcalc.store.files.load_if_present`). Without ``part``, what is kept
        needs no part of the statistics (the standings'), and one made has none."""
        if missing_ok:
            text = files.read_if_present(path, SHEET, no_link=no_link)
            if text is None:
                return None
        else:
            text = files.read(path, SHEET)
        kept = digest = folder = name = None
        if self.where is not None:
            # without a cache folder nothing is looked up or kept: no hash (hashlib's import,
            # 2.8-4.4 ms), no real path
            from skatcalc.store.digest import blake2b

            digest = blake2b(text.encode()).digest()
            folder, name = self._real(path)
            kept = self._kept(folder, name, digest)
        if kept is None or (part and kept.part is None):
            reading_many(count)  # the first sheet read whole: rtoml reads those after
            try:
                sheet = SHEET.parse(text)
            except SheetFileError as error:
                raise files.at_file(path, error) from None
            tally = sheet.tally()
            made = sheet_part(sheet, tally, index) if part else None
            kept = Kept(len(tally.deals), tally.players, sheet.rules, bool(sheet.changes), made)
            if folder is not None and name is not None and digest is not None:
                self.made.setdefault(folder, {})[name] = (digest, plain_kept(kept))
        return kept

    def _real(self, path: Path) -> tuple[str, str]:
        """The real folder and name of the file at ``path``: ``os.path.split`` of its
        ``os.path.realpath``, the folder's looked up once a run (a season's sheets share
        one), the file's own name taken as it is unless it is a link (one ``lstat``).
        os.path.realpath of each of 200 sheets cost 4.5 µs (``lstat`` of every part of the
        path, in Python), of the folder once and ``os.path.islink`` of each 1 µs (timeit,
        this machine)."""
        head, name = os.path.split(path)
        if name in ("", ".", "..") or os.path.islink(path):
            return os.path.split(os.path.realpath(path))
        real = self.folders.get(head)
        if real is None:
            real = self.folders[head] = os.path.realpath(head)  # "": the working folder
        return real, name

    def _kept(self, folder: str, name: str, digest: bytes) -> Kept | None:
        assert self.where is not None
        pack = self.packs.get(folder)
        if pack is None:
            data = files.read_own(_place(self.where, folder), _MOST)
            pack = self.packs[folder] = unpacked(data, folder)
        found = pack.get(name)
        if found is None or found[0] != digest:
            return None
        try:
            return kept_of(found[1])
        except Exception:  # a record that no longer makes one: read whole
            return None

    def write(self) -> None:
        """Keep what was made in this run, beside what was kept of each folder before;
        nothing is said when it cannot be written."""
        if self.where is None:
            return
        for folder, made in self.made.items():
            data = packed(folder, {**self.packs.get(folder, {}), **made})
            if len(data) > _MOST:  # a folder of very many sheets: this run's alone
                data = packed(folder, made)
            files.write_own(_place(self.where, folder), data)


def table_sheet(kept: Kept) -> TableSheet:
    """What the standings take of the table's sheet ``kept`` was kept for: what
    :func:`skatcalc.tournament.standings.table_sheet` takes of it read whole
    (tests/tournament/test_standings_cache.py)."""
    from skatcalc.tournament.standings import TableSheet  # here: `sheet stats` needs none

    players = tuple(total.name for total in kept.totals)
    return TableSheet(players, kept.rules, kept.changed, kept.deals, kept.totals)


def _place(where: Path, folder: str) -> Path:
    """The file of the records of the sheets in ``folder`` (a real path) in the cache folder."""
    from skatcalc.store.digest import blake2b

    name = blake2b(os.fsencode(folder), digest_size=16).hexdigest()
    return where / f"{name}.parts"


def packed(folder: str, records: dict[str, tuple[bytes, Any]]) -> bytes:
    """The bytes of the file of ``records`` (by a sheet's name: the hash of its text and its
    record as plain data, :func:`plain_kept`) of the sheets in ``folder``, checksummed."""
    import marshal

    from skatcalc.store.digest import blake2b

    data = marshal.dumps((_VERSION, _python(), folder, records))
    return _MAGIC + blake2b(data, digest_size=16).hexdigest().encode() + data


def unpacked(data: bytes | None, folder: str) -> dict[str, tuple[bytes, Any]]:
    """The records in ``data``, a file of the sheets in ``folder`` (:func:`packed`); none
    when there is no file, or it is not whole, not ours, of another version or folder (never
    an error: the full path is always there)."""
    import marshal

    from skatcalc.store.digest import blake2b

    head = len(_MAGIC) + 32
    if data is None or not data.startswith(_MAGIC):
        return {}
    if data[len(_MAGIC) : head] != blake2b(data[head:], digest_size=16).hexdigest().encode():
        return {}
    try:
        version, python, kept_folder, records = marshal.loads(data[head:])
    except Exception:  # not marshal's data of this Python
        return {}
    if (version, python, kept_folder) != (_VERSION, _python(), folder):
        return {}
    return records if isinstance(records, dict) else {}


def plain_kept(kept: Kept) -> tuple[Any, ...]:
    """``kept`` as plain data; :func:`kept_of` makes it again. The totals the part holds,
    the tally's, made plain once: one tuple in both, written once (marshal's references):
    6.6 M fewer instructions of a first ``sheet stats`` over bench/fast.py's season
    (bench/ir.sh), its file 216 KB, not 235."""
    totals = _plain_totals(kept.totals)
    part = None
    if kept.part is not None:
        same = kept.part.totals is kept.totals
        part = _plain_part(kept.part, totals if same else _plain_totals(kept.part.totals))
    return kept.deals, totals, _plain_rules(kept.rules), kept.changed, part


def kept_of(plain: tuple[Any, ...]) -> Kept:
    """What :func:`plain_kept` made plain, made again."""
    deals, totals, rules, changed, part = plain
    made_totals = _totals(totals)
    made = None if part is None else _part(part, made_totals if part[2] is totals else None)
    return Kept(deals, made_totals, _rules(rules), changed, made)


def _python() -> str:
    from skatcalc import __version__

    return f"{__version__} {sys.implementation.cache_tag}"


# --- a part as plain data (marshal's: ints, strings, tuples, None) ---------------------------


def plain_part(part: SheetPart) -> tuple[Any, ...]:
    """``part`` as plain data; :func:`_part` makes it again (tests/sheet/test_stats_cache.py:
    equal, for every kind of sheet).

    >>> from skatcalc.sheet.model import Deal, Sheet
    >>> from skatcalc.spec import GameSpec
    >>> sheet = Sheet.new(["Anna", "Ben", "Carl"]).add(Deal("Ben", GameSpec("grand", with_=1, points=70)))
    >>> part = sheet_part(sheet, sheet.tally())
    >>> _part(plain_part(part)) == part
    True
    """
    return _plain_part(part, _plain_totals(part.totals))


def _plain_part(part: SheetPart, totals: tuple[Any, ...]) -> tuple[Any, ...]:
    # by hand, not dataclasses.astuple (a deep copy): 29 of 80 ms of keeping 200 parts
    # (cProfile of a first `sheet stats` over bench/fast.py's season)
    players = tuple([_plain_player(player) for player in part.players])
    return part.deals, part.series_length, totals, players


def _plain_totals(totals: tuple[PlayerTotal, ...]) -> tuple[Any, ...]:
    return tuple((t.name, t.score, t.won, t.lost, t.seeger_fabian, t.bierlachs) for t in totals)


def _totals(plain: tuple[Any, ...]) -> tuple[PlayerTotal, ...]:
    return tuple(PlayerTotal(*total) for total in plain)


def _plain_player(player: PlayerPart) -> tuple[Any, ...]:
    # each enum's word looked up (_WORDS), not its .value, and lists made whole, not from
    # generators: 1.4 against 3.4 µs a player (timeit, 150 players of bench/fast.py's season)
    (name, sheets, deals, declared, won, lost, games, best, score, seeger_fabian, series,
     value_total, by_game, card_points) = player  # fmt: skip
    highest = None
    if best is not None:
        highest = (best[0], best[1], _WORDS[best[2]], _WORDS[best[3]], best[4], best[5])
    return (
        name, sheets, deals, declared, won, lost,
        tuple([(_WORDS[game], count) for game, count in games]), highest, score,
        seeger_fabian, (series.numerator, series.denominator), value_total,
        tuple([(_WORDS[game], w, lo) for game, w, lo in by_game]), tuple(card_points),
    )  # fmt: skip


_WORDS: dict[Enum, str] = {member: member.value for member in (*GameType, *Outcome)}
"""Each game's and outcome's word, by its member."""
_GAMES = {game.value: game for game in GameType}
"""Each game by its word (``GameType(word)`` is Python's enum call: ~1 µs)."""


def _part(plain: tuple[Any, ...], totals: tuple[PlayerTotal, ...] | None = None) -> SheetPart:
    """The part ``plain`` holds; ``totals``: its totals, when already made."""
    # sheet.stats and fractions imported here, not with the module: the standings read no
    # part (a cold `tournament standings` over bench/tournament.py's 198 tables imported them
    # for nothing, ~6 ms: python -X importtime); once a sheet, not once a player
    from fractions import Fraction

    from skatcalc.sheet.stats import CardPoints, HighestGame, PlayerPart, SheetPart

    def player(plain: tuple[Any, ...]) -> PlayerPart:
        # each game by its word looked up (_GAMES), not GameType(word): a warm `sheet stats`
        # over bench/fast.py's season 567.7 M instructions, against 597.5 M (bench/ir.sh)
        (name, sheets, deals, declared, won, lost, games, highest, score, seeger_fabian,
         series, value_total, by_game, card_points) = plain  # fmt: skip
        best = None
        if highest is not None:
            value, points, game, outcome, index, deal = highest
            best = HighestGame(value, points, _GAMES[game], Outcome(outcome), index, deal)
        return PlayerPart(
            name, sheets, deals, declared, won, lost,
            tuple([(_GAMES[game], count) for game, count in games]), best, score,
            seeger_fabian, Fraction(*series), value_total,
            tuple([(_GAMES[game], w, lo) for game, w, lo in by_game]), CardPoints(*card_points),
        )  # fmt: skip

    deals, length, plain_totals, players = plain
    made = _totals(plain_totals) if totals is None else totals
    return SheetPart(deals, length, made, tuple([player(p) for p in players]))


def _plain_rules(rules: Rules) -> tuple[tuple[str, Any], ...]:
    """``rules`` as plain data, by name (a choice as its word); :func:`_rules` makes them again.
    Made once for each set of rules (:data:`_PLAIN_RULES`)."""
    found = _PLAIN_RULES.get(id(rules))
    if found is None or found[0] is not rules:
        plain = tuple((option.name, _plain(getattr(rules, option.name))) for option in RULES)
        found = _PLAIN_RULES[id(rules)] = (rules, plain)
    return found[1]


_PLAIN_RULES: dict[int, tuple[Rules, tuple[tuple[str, Any], ...]]] = {}
"""The rules made plain, by the rules (a handful of sets in a run; a season's sheets share
one): 9 µs each made again, 28 M of the 136 M instructions a first ``sheet stats`` over
bench/fast.py's season cost more than one without a cache (bench/ir.sh), against a look-up
by their hash (0.3 µs); and every record holds the one tuple, written once in the file
(marshal's references). By the rules' identity (the rules kept beside, so that it stays
theirs), not their hash: a frozen dataclass's hash is made of all its fields again, 0.83 µs
a sheet, against 0.1 (timeit; the sheets read share one Rules: the codec's memo)."""


def _plain(value: object) -> object:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return tuple(_plain(item) for item in value)
    return value


_RULES: dict[tuple[tuple[str, Any], ...], Rules] = {}
"""The rules made again, by their plain data (a handful of sets in a run): a tournament's
sheets share one set, and each made again is checked whole (``Rules.__post_init__``): 19 µs
each, 4 ms over bench/tournament.py's 198 sheets (timeit, this machine)."""


def _rules(plain: tuple[tuple[str, Any], ...]) -> Rules:
    found = _RULES.get(plain)
    if found is None:
        found = _RULES[plain] = Rules(**dict(plain))
    return found
