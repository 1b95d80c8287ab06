"""Each option set is declared once, in one table: the game's 14 options
(``skatcalc.spec.GAME_OPTIONS``) and the 29 house rules (``skatcalc.sheet.rules.RULES``). Every
consumer is held to the table here: the record (GameSpec, Rules), the domain (``score``'s
keywords), the command line (the Click options of each command that takes the set), the file
codec (the keys and kinds a sheet file and a JSON line hold), and the help in both word tables.
A row added, dropped or renamed in one place and not the others fails here."""

from __future__ import annotations

import inspect
import re
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import skatcalc
from skatcalc.cli.app import command as root
from skatcalc.errors import SkatError
from skatcalc.option import Option
from skatcalc.sheet.model import Sheet
from skatcalc.sheet.rules import ALL_BOCK_TRIGGERS, RULE_KINDS, RULES, Rules
from skatcalc.spec import GAME_OPTIONS, ISKO, SCORING_RULES, GameSpec, ScoringRules, options
from skatcalc.store import sheet_codec, toml
from skatcalc.value import score
from skatcalc.words import de, en

# A value of each kind that is not the default of any option of that kind.
GIVEN: dict[type, Any] = {bool: True, int: 2, str: "D7 D8"}
WRONG: dict[type, Any] = {bool: 1, int: "2", str: 2, tuple: "lost-60"}
GAME_COMMANDS = (("value",), ("sheet", "add"), ("sheet", "edit"))
RULE_COMMANDS = (("sheet", "new"), ("sheet", "rules"))
# a tournament's rules are every table's, but for the length of a sheet: its --three and --four
RULE_NAMES = {o.name for o in RULES}
TOURNAMENT_RULES = tuple(o for o in RULES if o.name not in ("series_length", "series_count"))


def _command(path: tuple[str, ...]) -> Any:
    command: Any = root()
    for name in path:
        command = command.commands[name]
    return command


def _flags(option: Option) -> tuple[list[str], list[str]]:
    """The option's flags as Click reads its declaration: ``--x/--no-x`` is two."""
    first, _, second = option.flags.partition("/")
    return [first], [second] if second else []


def test_the_tables_hold_the_sets() -> None:
    assert len(GAME_OPTIONS) == 14
    assert len(RULES) == 29
    for table in (GAME_OPTIONS, RULES):
        assert len({o.name for o in table}) == len({o.key for o in table}) == len(table)


def test_the_records_have_a_field_for_each_row_with_its_default() -> None:
    assert GameSpec._fields == ("game", *(o.name for o in GAME_OPTIONS))
    assert all(GameSpec._field_defaults[o.name] == o.default for o in GAME_OPTIONS)
    assert [f.name for f in fields(Rules)] == [o.name for o in RULES]
    assert all(getattr(Rules(), o.name) == o.default for o in RULES)
    assert ScoringRules.__slots__ == tuple(row.name for row in SCORING_RULES)
    assert all(getattr(ISKO, row.name) == row.default for row in SCORING_RULES)
    assert ISKO == ScoringRules() == Rules().scoring_rules


def test_the_scoring_rules_travel_as_one_record_from_a_sheets_rules() -> None:
    """Each of the rules that change one game's score reaches the record a sheet scores by."""
    for row in SCORING_RULES:
        value = GIVEN[row.kind] if row.kind is bool else {"grand_base": 20}.get(row.name, 36)
        rules = Rules(**{row.name: value})
        assert getattr(rules.scoring_rules, row.name) == value
        assert Sheet.new(["Anna", "Ben", "Carl"], rules).scoring_rules == rules.scoring_rules


def test_score_takes_each_game_option_as_a_keyword() -> None:
    keywords = inspect.signature(score).parameters
    assert {o.name for o in GAME_OPTIONS} <= set(keywords)
    assert all(keywords[o.name].default == o.default for o in GAME_OPTIONS)


def test_score_takes_a_game_record_in_the_order_of_its_fields() -> None:
    """GameSpec.score passes its fields in order (score(*spec)); the rules by name only."""
    parameters = list(inspect.signature(score).parameters.values())
    in_order = [p.name for p in parameters if p.kind is p.POSITIONAL_OR_KEYWORD]
    assert in_order == list(GameSpec._fields)
    assert all(p.kind is p.KEYWORD_ONLY for p in parameters[len(in_order) :])


_KEYS_DRAWN = st.sampled_from(["game", *(o.key for o in GAME_OPTIONS), "declarer", "pionts"])
_VALUES_DRAWN = st.one_of(
    st.booleans(), st.integers(-1, 121), st.sampled_from(["grand", "clubs", "D7 D8", "Anna"]),
    st.floats(0, 2), st.none(), st.lists(st.integers(0, 1), max_size=1),
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(
    data=st.dictionaries(_KEYS_DRAWN, _VALUES_DRAWN, max_size=6),
    skip=st.sampled_from([None, "declarer", "with", "game"]),
)
@example(data={"game": "grand", "with": "Anna"}, skip="with")  # an option skipped: still one
@example(data={"declarer": 1, "game": "grand", "with": 1}, skip="declarer")  # skipped: any kind
@example(data={"declarer": "Anna", "game": "grand", "hand": 1}, skip="declarer")
def test_a_game_read_from_a_table_is_the_game_of_its_checked_options(
    data: dict[str, Any], skip: str | None
) -> None:
    """GameSpec.from_mapping takes a sound table at once: the same game as built from
    options(), and for any other table the same error."""
    try:
        expected: object = GameSpec(**options(data, skip=skip))
    except SkatError as error:
        expected = str(error)
    try:
        got: object = GameSpec.from_mapping(data, skip)
    except SkatError as error:
        got = str(error)
    assert got == expected
    if isinstance(got, GameSpec):  # each value the very one read, its type kept
        assert isinstance(expected, GameSpec)
        assert [type(value) for value in got] == [type(value) for value in expected]


def test_a_game_scores_with_each_of_its_fields_and_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """GameSpec.score passes each field and each rule as it calls score: none is left out."""
    import skatcalc.spec

    called: dict[str, Any] = {}

    def record(*args: Any, **kwargs: Any) -> None:
        called.update(inspect.signature(score).bind(*args, **kwargs).arguments)

    monkeypatch.setattr(skatcalc.spec, "score", record)
    spec = GameSpec("clubs", **{o.name: GIVEN[o.kind] for o in GAME_OPTIONS})
    rules = ScoringRules(lost_hand_single=True, grand_base=20, grand_ouvert_base=36)
    spec.score(bock=3, rules=rules)
    expected = {**spec._asdict(), **{row.name: getattr(rules, row.name) for row in SCORING_RULES}}
    assert called == {**expected, "bock": 3}


@pytest.mark.parametrize(
    ("paths", "table"),
    [
        (GAME_COMMANDS, GAME_OPTIONS),
        (RULE_COMMANDS, RULES),
        ((("tournament", "new"),), TOURNAMENT_RULES),
    ],
)
def test_each_command_of_a_set_takes_each_row_as_its_option(
    paths: tuple[tuple[str, ...], ...], table: tuple[Option, ...]
) -> None:
    for path in paths:
        params = {p.name: p for p in _command(path).params}
        if table is not GAME_OPTIONS:  # a rule command takes its rows and no other rule
            assert [n for n in params if n in RULE_NAMES] == [o.name for o in table], path
        for option in table:
            param = params[option.name]
            assert (param.opts, param.secondary_opts) == _flags(option), (path, option.name)
            assert param.is_flag == (option.kind is bool)
            assert param.help_key == option.help


def test_the_codec_reads_each_game_option_by_its_key_and_kind() -> None:
    for option in GAME_OPTIONS:
        value = GIVEN[option.kind]
        assert options({"game": "clubs", option.key: value}) == {
            "game": "clubs",
            option.name: value,
        }
        spec = GameSpec.from_mapping({"game": "clubs", option.key: value})
        assert spec.to_mapping() == {"game": "clubs", option.key: value}
        with pytest.raises(SkatError) as wrong:
            options({"game": "clubs", option.key: WRONG[option.kind]})
        assert (wrong.value.code, wrong.value.field) == ("err.spec.type", option.key)


def test_the_codec_reads_and_writes_each_rule_by_its_key_and_kind() -> None:
    assert {o.key: o.kind for o in RULES} == RULE_KINDS
    written = sheet_codec.rules_text(Rules()).splitlines()
    assert [line.split(" = ")[0] for line in written] == [o.key for o in RULES]
    assert all("  # " in line for line in written)  # each with its note
    for option in RULES:
        problems: list[toml.Problem] = []
        raw = {option.key: WRONG[option.kind]}
        sheet_codec.rules_table(raw, toml.Lines("", None), problems)
        assert [p.error.field for p in problems] == [option.key]


@pytest.mark.parametrize("table", [GAME_OPTIONS, RULES])
def test_each_row_has_its_help_in_both_word_tables(table: tuple[Option, ...]) -> None:
    for option in table:
        assert en.WORDS[option.help] and de.WORDS[option.help]
        assert en.WORDS[option.help] != de.WORDS[option.help]


HAND = "CA CT CK CQ C9 C8 C7 SA ST SK"
EVERY_OPTION = (  # between them, the four games set each of the 14 options (sound games)
    GameSpec("clubs", with_=2, hand=True, schneider=True, points=95, bid=20, kontra=True, re=True),
    GameSpec("grand", without=1, hand=True, schwarz=True, tricks=10),
    GameSpec("null", ouvert=True, tricks=0),
    GameSpec("hearts", cards=HAND, skat="D7 D8", discards="C7 C8", points=61, tricks=5),
)


@pytest.mark.parametrize("fmt", ["csv", "json"])
def test_an_export_reads_back_each_game_option_and_each_rule(fmt: str) -> None:
    from skatcalc.formats import csv, json
    from skatcalc.sheet.model import Deal, Sheet

    given = {o.name for s in EVERY_OPTION for o in GAME_OPTIONS if getattr(s, o.name) != o.default}
    assert given == {o.name for o in GAME_OPTIONS}
    rules = Rules(
        scoring="bierlachs", won_bonus=60, kontra=False, bock=True, bock_triggers=("value",),
        bock_length=4, bock_overlap="queue", bock_value=48, bock_self=True, bock_max=2,
        ramsch=True, bockramsch=True, ramsch_skat="loser", ramsch_ties="split",
        ramsch_jungfrau=False, ramsch_durchmarsch=False, schieberamsch=True, ramsch_value=10,
        bierlachs_limit=500, bierlachs_dealer=False, lost_hand_single=True, grand_base=20,
        lost_penalty=40, opponents_three=30, opponents_four=20, opponents_five=12,
        grand_ouvert_base=36, series_length=7, series_count=3,
    )  # fmt: skip
    assert all(getattr(rules, o.name) != o.default for o in RULES)
    games = Sheet.new(["Anna", "Ben", "Carl"]).extend(
        [Deal(("Anna", "Ben", "Carl")[i % 3], spec) for i, spec in enumerate(EVERY_OPTION)]
    )
    module = {"csv": csv, "json": json}[fmt]
    for sheet in (games, Sheet.new(["Anna", "Ben", "Carl"], rules)):
        text = module.render_sheet(sheet, sheet.tally())
        assert sheet_codec.from_data(module.read_export(text)) == sheet


# --- every rule reaches every consumer: `sheet rules`, the file, the docs ------------------------

EVERYTHING_ON = Rules(scoring="bierlachs", bock=True, ramsch=True, bock_triggers=ALL_BOCK_TRIGGERS)
"""Rules under which every rule is said: Bock (every trigger, `value` too) and Ramsch on, the
Bierlachs list (its limit and its dealer rule)."""


def _another(option: Option, rules: Rules) -> Rules:
    """``rules`` with ``option`` set to another value the rule takes, found from its row (its
    kind, choices and bounds) and the record's checks, not from a list kept here."""
    current = getattr(rules, option.name)
    if option.kind is bool:
        candidates: list[object] = [not current]
    elif option.choices is not None:
        candidates = [str(c) for c in option.choices]
    elif option.kind is tuple:
        candidates = [tuple(current[:1])]
    else:
        candidates = [*(option.bounds or ()), current + 1, 10, 20, 36]
    for value in candidates:
        if value == current:
            continue
        try:
            return replace(rules, **{option.name: value})
        except SkatError:
            continue
    raise AssertionError(f"no other value found for {option.name}")


@pytest.mark.parametrize("language", ["en", "de"])
@pytest.mark.parametrize("option", RULES, ids=[o.name for o in RULES])
def test_sheet_rules_says_each_rule(option: Option, language: str) -> None:
    """A rule changed changes what `sheet rules` says (and `sheet new`, which says the same), in
    both languages: a new row the words do not say fails here (issue 28)."""
    from skatcalc.words import speaking
    from skatcalc.words.sheet import rules_lines

    changed = _another(option, EVERYTHING_ON)
    with speaking(language):
        assert rules_lines(changed) != rules_lines(EVERYTHING_ON), option.name


def test_each_rule_is_said_by_one_saying_or_by_its_own_words() -> None:
    from skatcalc.words.sheet import SAYINGS

    named = [name for names, _ in SAYINGS for name in names]
    assert len(named) == len(set(named)) and set(named) <= RULE_NAMES
    for option in RULES:
        if option.name not in named:
            key = f"rules.rule.{option.name}"
            assert en.WORDS[key] and de.WORDS[key] and en.WORDS[key] != de.WORDS[key]


def test_a_rule_no_saying_names_gets_its_own_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """The line a new rule gets before anyone writes a saying for it: its words, its value as
    the file spells it."""
    from skatcalc.words import sheet

    sayings = tuple(s for s in sheet.SAYINGS if "kontra" not in s[0])
    monkeypatch.setattr(sheet, "SAYINGS", sayings)
    monkeypatch.setitem(en.WORDS, "rules.rule.kontra", "Kontra: {value}")
    lines = sheet.rules_lines(Rules(kontra=False))
    assert "Kontra: false" in lines
    assert not any(line.startswith("Kontra and Re") for line in lines)


@pytest.mark.parametrize(
    ("doc", "row"),
    [("sheet-format.md", re.compile(r"^\| (`\w+`(?:, `\w+`)*) \|", re.M)),
     ("json.md", re.compile(r"^The rules as in the file's `\[rules\]` table.*?\n\n", re.M | re.S))],
)  # fmt: skip
def test_the_docs_list_each_rule(doc: str, row: re.Pattern[str]) -> None:
    """docs/sheet-format.md's table of the `[rules]` keys, and the keys of `sheet rules --json`
    in docs/json.md, name every rule."""
    text = (Path(skatcalc.__file__).parent.parent / "docs" / doc).read_text(encoding="utf-8")
    named = {n for found in row.findall(text) for n in re.findall(r"`(\w+)`", found)}
    assert named >= RULE_NAMES, sorted(RULE_NAMES - named)
