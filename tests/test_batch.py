"""Batch scoring: the fast JSON text equals the documented object, line errors, order."""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator

import pytest
from hypothesis import event, example, given, settings
from hypothesis import strategies as st

from skatcalc.batch import answer, run
from skatcalc.formats.json import fast_scoring_json, scoring_dict, scoring_json
from skatcalc.value import Scoring, bids, score
from skatcalc.words import speaking
from tests.strategies import DECK, games


@settings(max_examples=400)
@given(games(), st.booleans(), st.booleans(), st.booleans())
def test_the_batch_text_is_exactly_the_documented_object(
    kwargs: dict[str, object], re: bool, bock: bool, twice: bool
) -> None:
    """The batch's fast text equals json.dumps of the documented object, for any valid game."""
    game = score(**{**kwargs, "re": re, "bock": bock})  # type: ignore[arg-type]
    expected = json.dumps(scoring_dict(game), ensure_ascii=False)
    assert fast_scoring_json(game) == expected
    if twice:  # from the kept fragments
        assert fast_scoring_json(game) == expected
    assert scoring_json(game) == expected
    line = {("with" if k == "with_" else k): v for k, v in kwargs.items() if v is not None}
    line["game"] = str(line["game"])
    line.update({k: v for k, v in (("re", re), ("bock", bock)) if v})
    for _ in range(1 + twice):  # the batch, and its kept answers and fragments
        assert answer(json.dumps(line), 1) == (True, expected)


def test_null_and_cards_and_no_result() -> None:
    for game in (
        score("null", ouvert=True, tricks=2),
        score("grand", cards="CJ SJ HJ DJ CA CT SA ST HA HT", skat="D7 D8", points=92),
        score("clubs", with_=1, bid=36),
    ):
        expected = json.dumps(scoring_dict(game), ensure_ascii=False)
        assert fast_scoring_json(game) == scoring_json(game) == expected


def test_run_answers_every_line_in_order() -> None:
    lines = [
        '{"game": "clubs", "with": 2, "hand": true, "points": 56, "bid": 20}\n',
        '{"game": "grand", "with": 5}\n',
        "\n",
        '{"game": "null", "ouvert": true, "tricks": 0, "bock": true}\n',
        '{"game": "clubs", "with": "2"}\n',
        "{oops\n",
    ]
    out = io.StringIO()
    assert run(lines, out.write) == 4
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert answers[0]["score"] == -96
    assert answers[1] == {
        "line": 2,
        "error": "grand has 4 tops at most (its trumps are the four jacks): with 5 is impossible; "
        "give 1 to 4",
    }
    assert answers[2]["line"] == 3 and answers[2]["error"].startswith("an empty line")
    assert (answers[3]["score"], answers[3]["factor"]) == (92, 2)
    assert answers[4] == {"line": 5, "error": "'with' must be a whole number, not \"2\""}
    assert answers[5]["error"].startswith("not JSON: ")


def test_answer_flags_failures() -> None:
    assert answer('{"game": "null", "tricks": 0}', 1)[0] is True
    assert answer('{"game": "null", "hand": 1}', 1) == (
        False,
        '{"line": 1, "error": "\'hand\' must be true or false, not 1"}',
    )


def test_a_lone_surrogate_escape_gets_its_error_object_and_the_other_lines_theirs() -> None:
    """``"\\ud800"`` is valid JSON but no UTF-8 text can carry it: the error quoting it writes
    it as the escape it came as, so every line is answered (issue 20 point 10)."""
    import subprocess
    import sys

    from tests.cli.helpers import cli

    lines = (
        '{"game": "clubs", "with": 2, "points": 70}\n'
        '{"game": "clubs", "with": "\\ud800"}\n'
        '{"game": "grand", "with": 1, "points": 61}\n'
    )
    error = '{"line": 2, "error": "\'with\' must be a whole number, not \\"\\ud800\\""}'
    fast = subprocess.run([sys.executable, "-m", "skatcalc", "value", "--batch"],
                          input=lines.encode(), capture_output=True, check=False)  # fmt: skip
    typer = cli("--lang", "en", "value", "--batch", input=lines)
    for code, out, err in ((fast.returncode, fast.stdout.decode(), fast.stderr.decode()), typer):
        answers = out.splitlines()
        assert (code, len(answers)) == (3, 3), err
        assert answers[1] == error
        assert json.loads(answers[1])["error"].endswith('not "\ud800"')
        assert [json.loads(a)["value"] for a in (answers[0], answers[2])] == [36, 48]
        assert (
            err
            == 'error: 1 line could not be scored; each has {"line": N, "error": ...} in the output\n'
        )


def test_the_fast_paths_summary_speaks_the_environments_language() -> None:
    """`value --batch` alone on the line skips Typer; its summary was English under
    SKATCALC_LANG=de (a reviewer's finding), where Typer's path says it in German."""
    import os
    import subprocess
    import sys

    from tests.cli.helpers import cli

    lines = '{"game": "grand", "with": 9}\n'
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LC_MESSAGES")}
    fast = subprocess.run([sys.executable, "-m", "skatcalc", "value", "--batch"],
                          input=lines.encode(), capture_output=True, check=False,
                          env={**env, "SKATCALC_LANG": "de"})  # fmt: skip
    typer = cli("value", "--batch", "--lang", "de", input=lines)
    said = 'Fehler: 1 Zeile ließ sich nicht werten; sie steht als {"line": N, "error": ...} in der Ausgabe\n'
    assert (fast.returncode, fast.stderr.decode()) == (3, said)
    assert (typer.code, typer.stderr) == (3, said)
    assert fast.stdout.decode() == typer.stdout


@settings(max_examples=200)
@given(games(), st.sampled_from(["en", "de"]))
def test_a_reason_kept_is_the_reason_said_anew(kwargs: dict[str, object], language: str) -> None:
    """The words of a game's reason are kept by what they depend on (words/report.py): kept or
    said anew, the same words, in either language (overbid games too: the bids are drawn)."""
    from skatcalc.words import report, speaking

    game = score(**kwargs)  # type: ignore[arg-type]
    with speaking(language):
        kept = [report.reason(game), report.reason(game)]
        report._REASON_WORDS.clear()
        anew = report.reason(game)
    assert kept == [anew, anew]
    event(str(game.outcome))


@settings(max_examples=100)
@given(st.lists(games(), min_size=2, max_size=12), st.sampled_from(["en", "de"]))
def test_a_reason_kept_for_one_game_is_never_said_for_another(
    many: list[dict[str, object]], language: str
) -> None:
    """The kept words are keyed by what a reason depends on: a key that leaves out a part (the
    bid of an overbid game, say) gives a later game the words of an earlier one. Each game's
    reason said after all the others (their words kept) equals its reason said with nothing
    kept."""
    from skatcalc.words import report

    report._REASON_WORDS.clear()
    warm, cold = _warm_and_cold(many, language, report.reason, report._REASON_WORDS.clear)
    assert warm == cold


@settings(max_examples=100)
@given(st.lists(games(), min_size=1, max_size=8), st.sampled_from(["en", "de"]))
def test_a_chain_kept_is_the_chain_said_anew(many: list[dict[str, object]], language: str) -> None:
    """The steps of a chain are kept by the tops, the levels and the language (words/report.py):
    kept (by the games before, in either language) or said anew, the same words."""
    from skatcalc.words import report

    warm, cold = _warm_and_cold(many, language, report.chain, report._steps.cache_clear)
    assert warm == cold


def _warm_and_cold(
    many: list[dict[str, object]],
    language: str,
    say: Callable[[Scoring], str],
    forget: Callable[[], None],
) -> tuple[list[str], list[str]]:
    """What ``say`` says of each game scored from ``many`` in ``language``: each after the games
    before (their words kept), and each with nothing kept (``forget`` before it)."""
    scored = [score(**kwargs) for kwargs in many]  # type: ignore[arg-type]
    with speaking(language):
        warm = [say(game) for game in scored]
        cold = []
        for game in scored:
            forget()
            cold.append(say(game))
    return warm, cold


def test_a_reason_kept_names_its_own_bid() -> None:
    """Two overbid games apart only in the bid: each reason names its own bid."""
    from skatcalc.words import report

    report._REASON_WORDS.clear()
    said = [report.reason(score("clubs", with_=1, hand=True, points=74, bid=bid))
            for bid in (46, 40)]  # fmt: skip
    assert [
        s is not None and f"the bid {bid}" in s for s, bid in zip(said, (46, 40), strict=True)
    ] == [True, True]


def test_a_chunk_whose_write_fails_is_not_written_again() -> None:
    """A write that fails (a full disk) after it got part of 64 answers out is not made again:
    no answer is written twice."""
    out: list[str] = []
    calls = [0]

    def write(text: str) -> None:
        calls[0] += 1
        if calls[0] == 1:
            out.append(text[: len(text) // 2])
            raise OSError(28, "No space left on device")
        out.append(text)

    with pytest.raises(OSError):
        run(['{"game": "grand", "with": 9}'] * 100, write, gathered=True)
    assert "".join(out).count('"line": 1,') == 1
    assert calls[0] == 1


def test_gathered_answers_are_the_answers_one_by_one_and_none_is_lost() -> None:
    """Written 64 at a time (an output that buffers anyway), the answers are the same text;
    and when the input breaks off (Ctrl-C while reading), every answer given is written."""
    lines = [json.dumps({"game": "grand", "with": 1 + n % 4, "points": 61 + n % 58})
             for n in range(150)] + ['{"game": "grand", "with": 9}']  # fmt: skip
    one, gathered = io.StringIO(), io.StringIO()
    assert run(lines, one.write) == run(lines, gathered.write, gathered=True) == 1
    assert gathered.getvalue() == one.getvalue()
    assert len(one.getvalue().splitlines()) == 151

    def broken_off() -> Iterator[str]:
        yield from lines[:70]
        raise KeyboardInterrupt

    out = io.StringIO()
    with pytest.raises(KeyboardInterrupt):
        run(broken_off(), out.write, gathered=True)
    assert out.getvalue() == "".join(one.getvalue().splitlines(True)[:70])


@pytest.mark.parametrize("line", ['{"game": "clubs",}', '{"game": "clubs", "cards": [1,]}'])
def test_a_trailing_comma_is_said_in_german_on_every_python(line: str) -> None:
    # Python 3.13's json names a trailing comma itself ("Illegal trailing comma before end of
    # object"); 3.11 and 3.12 say "Expecting ...". Whichever it says, a German reader reads
    # German: the reason is one of our word keys, never the module's English.
    from skatcalc.errors import SkatError
    from skatcalc.formats.json import parse_object
    from skatcalc.words import message, speaking

    with pytest.raises(SkatError) as caught:
        parse_object(line)
    with speaking("de"):
        said = message(caught.value)
    assert "Expecting" not in said and "Illegal" not in said, said


@st.composite
def told_by_cards(draw: st.DrawFn) -> dict[str, object]:
    """A valid game told by its cards: ten in hand and the skat, sometimes the discards, its
    result (a Null's tricks; the declarer's points: the cards owned and three a trick taken
    from the rest)."""
    game = draw(st.sampled_from(["clubs", "spades", "hearts", "diamonds", "grand", "null"]))
    dealt = draw(st.permutations(DECK))
    hand = draw(st.booleans())
    kwargs: dict[str, object] = {"game": game, "cards": " ".join(map(str, dealt[:10]))}
    kwargs["hand"], kwargs["skat"] = hand, " ".join(map(str, dealt[10:12]))
    owned = list(dealt[10:12])
    if not hand and draw(st.booleans()):
        owned = draw(st.permutations(dealt[:12]))[:2]
        kwargs["discards"] = " ".join(map(str, owned))
    tricks = draw(st.integers(0, 10))
    if game == "null":
        kwargs["tricks"] = min(tricks, 1)
    else:
        rest = [card for card in DECK if card not in owned]
        kwargs["points"] = sum(c.points for c in owned + rest[: 3 * tricks])
    return kwargs


@settings(max_examples=300)
@given(told_by_cards())
def test_a_game_told_by_its_cards_is_the_documented_object(kwargs: dict[str, object]) -> None:
    """A game told by its cards (its skat and discards written apart from the kept fragment)
    gives json.dumps of the documented object, the first time and from what was kept."""
    for _ in range(2):  # scored, then from the kept fragment
        scored = score(**kwargs)  # type: ignore[arg-type]
        assert fast_scoring_json(scored) == json.dumps(scoring_dict(scored), ensure_ascii=False)


NULL_VALUE = {(False, False): 23, (True, False): 35, (False, True): 46, (True, True): 59}
"""Null's values by hand and ouvert (skat-scoring.md)."""


@st.composite
def any_game(draw: st.DrawFn) -> tuple[dict[str, object], dict[str, object]]:
    """A valid game of any kind and the house rules it is scored by: a suit or grand game by
    its tops, a Null, or a game told by its cards; any result (won, lost, overbid, on the
    cards or by the bid), Kontra, Re, Bock, and the old rules (grand base 20, Grand ouvert
    base 36, a lost hand game single) with the bids they allow."""
    rules: dict[str, object] = {
        "grand_base": draw(st.sampled_from([24, 20])),
        "grand_ouvert_base": draw(st.sampled_from([24, 36])),
        "lost_hand_single": draw(st.booleans()),
    }
    ladder = bids(rules["grand_base"], rules["grand_ouvert_base"])  # type: ignore[arg-type]
    kind = draw(st.sampled_from(["tops", "null", "cards"]))
    if kind == "tops":
        kwargs = {k: v for k, v in draw(games()).items() if v is not None}
        kwargs["game"] = str(kwargs["game"])
    elif kind == "null":
        hand, ouvert = draw(st.booleans()), draw(st.booleans())
        kwargs = {"game": "null", "hand": hand, "ouvert": ouvert, "tricks": draw(st.integers(0, 3))}
        ladder = tuple(b for b in ladder if b <= NULL_VALUE[hand, ouvert])
    else:
        kwargs = draw(told_by_cards())
        if kwargs["game"] == "null":
            ladder = (18, 20, 22, 23)
    kwargs["bid"] = draw(st.sampled_from(ladder))
    kwargs["kontra"] = draw(st.booleans())
    kwargs["re"] = kwargs["kontra"] and draw(st.booleans())
    kwargs["bock"] = draw(st.booleans())
    return kwargs, rules


def _forget() -> None:
    """Drop every text the fast JSON keeps (formats/json.py) and the reasons' words."""
    import skatcalc.formats.json as made
    from skatcalc.words import report

    for kept in (
        made._GAMES,
        made._AROUND,
        made._DEALT,
        made._BIDS,
        made._PLAYED,
        made._SCORED,
        made._PARTS,
    ):
        kept.clear()
    report._REASON_WORDS.clear()


OVERBID_120 = {"game": "grand", "hand": True, "schneider": True, "points": 95, "bid": 132}
"""Grand hand, schneider announced, worth 120 with 1 (base 24) and with 2 (base 20, the old
rule), overbid at 132: the lowest value that covers it is 144 and 140."""
ISKO = {"grand_base": 24, "grand_ouvert_base": 24, "lost_hand_single": False}


@settings(max_examples=300)
@given(st.lists(any_game(), min_size=1, max_size=10), st.sampled_from(["en", "de"]), st.booleans())
@example(
    [
        ({**OVERBID_120, "with_": 1}, ISKO),
        ({**OVERBID_120, "with_": 2}, {**ISKO, "grand_base": 20}),
    ],
    "en",
    True,
)
def test_each_game_gets_the_parts_of_its_own_text(
    many: list[tuple[dict[str, object], dict[str, object]]], language: str, forget: bool
) -> None:
    """The fast text is made of parts, each kept by what it reads: a key that leaves out a
    field (the base value of an old rule, Bock, the bid of an overbid game) gives a later game
    a part of an earlier one. Each game's text, its parts made or kept (by the games before,
    in this example and the ones before it, in either language), is json.dumps of its own
    documented object, in English while German is in use; a batch's answer (a line of the
    game's options, kept by them) too."""
    if forget:
        _forget()
    scored = [score(**kwargs, **rules) for kwargs, rules in many]  # type: ignore[arg-type]
    expected = [json.dumps(scoring_dict(s), ensure_ascii=False) for s in scored]
    with speaking(language):
        assert [fast_scoring_json(s) for s in scored] == expected
        for (kwargs, rules), text in zip(many, expected, strict=True):
            if rules == ISKO:
                line = {("with" if k == "with_" else k): v for k, v in kwargs.items()}
                assert answer(json.dumps(line), 1) == (True, text)
    event("forget" if forget else "kept before")


@pytest.mark.parametrize(
    ("game", "rules"),
    [
        ({"game": "grand", "with_": 1, "points": 70, "bid": 40}, {"grand_base": 20}),
        ({"game": "grand", "with_": 1, "points": 70, "bid": 50}, {"grand_base": 20}),
        ({"game": "grand", "without": 2, "ouvert": True, "tricks": 10}, {"grand_ouvert_base": 36}),
        ({"game": "grand", "without": 2, "ouvert": True, "tricks": 9}, {"grand_ouvert_base": 36}),
        ({"game": "clubs", "with_": 2, "hand": True, "points": 56}, {"lost_hand_single": True}),
        ({"game": "grand", "with_": 1, "points": 70, "bock": 2, "kontra": True, "re": True}, {}),
    ],
)
def test_an_old_rule_gets_its_own_text_beside_the_game_under_the_new(
    game: dict[str, object], rules: dict[str, object]
) -> None:
    """The same game scored by an old rule and by the ISkO's, one after the other, either
    first: each text is its own documented object (the base value, the bids and the score
    differ; a key without the base value would give the second the first's)."""
    for first in (rules, {}):
        _forget()
        for said in (first, {} if first else rules) * 2:
            s = score(**game, **said)  # type: ignore[arg-type]
            assert fast_scoring_json(s) == json.dumps(scoring_dict(s), ensure_ascii=False)


def test_a_batch_answers_in_english_while_german_is_in_use() -> None:
    """JSON is English in every language: the fast text's words (the name, the chain, the
    reason) made while German is in use, and those kept, are the English ones."""
    _forget()
    line = '{"game": "clubs", "with": 2, "hand": true, "points": 56, "bid": 20}'
    with speaking("de"):
        made = answer(line, 1)
        kept = answer(line.replace(" ", ""), 1)  # another line of the same game
    assert made == kept == answer(line, 1)
    said = json.loads(made[1])
    assert (said["name"], said["chain"], said["reason"]) == (
        "Clubs hand",
        "with 2, game 3, hand 4 × 12 = 48",
        "lost: 56 card points, the declarer needs 61",
    )


_JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(alphabet='ab[]{}"\\ ', max_size=6),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    ),
    max_leaves=12,
)


@settings(max_examples=500)
@given(
    st.dictionaries(st.text(alphabet="ab[{", max_size=3), _JSON_VALUES, max_size=4), st.booleans()
)
@example({"a": [[[[[]]]]]}, False)
@example({"a": {"b": {"c": {"d": {"e": {}}}}}}, False)  # objects alone, no "["
@example({"a": {"b": {"c": {"d": {}}}}}, True)
@example({"a": "[{[{[{"}, True)
def test_a_line_too_deep_is_found_however_it_is_written(
    data: dict[str, object], indent: bool
) -> None:
    """parse_object looks for nesting in the text before it walks the object (a "[" or a
    second "{", in C): it refuses exactly the lines the full walk refuses, brackets in strings
    and keys, spaces and indents or not."""
    from skatcalc.errors import SkatError
    from skatcalc.formats.json import LINE_DEPTH, deeper, parse_object

    line = json.dumps(data, indent=1 if indent else None).replace("\n", " ") + "\n"
    event("deep" if deeper(data, LINE_DEPTH) else "flat or shallow")
    try:
        assert parse_object(line) == data
        refused = False
    except SkatError as error:
        assert error.code == "err.json.deep"
        refused = True
    assert refused == deeper(data, LINE_DEPTH)


_BAD_VALUES = (
    st.none()
    | st.booleans()
    | st.integers(-2, 130)
    | st.sampled_from(
        ["clubs", "null", "grand", "CJ SJ", "x", "", "D7 D8 D9 DT DJ DQ DK DA C7 C8 C9 CT"]
    )
)
_BAD_LINES = st.dictionaries(
    st.sampled_from(["game", "with", "without", "cards", "skat", "hand", "schneider", "schwarz",
                     "ouvert", "points", "tricks", "bid", "kontra", "re", "bock", "spades"]),
    _BAD_VALUES, max_size=5,
).map(json.dumps)  # fmt: skip


@settings(max_examples=200)
@given(st.lists(_BAD_LINES, min_size=1, max_size=12), st.sampled_from(["en", "de"]))
def test_a_refusal_kept_is_the_refusal_said_anew(lines: list[str], language: str) -> None:
    """A refused line's message is kept by the error as data (batch._ERRORS): said after
    others were kept, in any language in use, it is the message said with nothing kept."""
    from skatcalc import batch

    refused = 0
    with speaking(language):
        for n, line in enumerate(lines, 1):
            ok, kept = answer(line, n)
            batch._ERRORS.clear()
            assert answer(line, n) == (ok, kept)
            refused += not ok
            if not ok:
                assert json.loads(kept)["line"] == n
    event(f"{refused} of {len(lines)} refused")
