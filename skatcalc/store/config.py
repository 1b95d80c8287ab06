"""The config file: a table's or a club's defaults, written by a person, read by skatcalc (never
written by it). The third codec beside the sheet's and the tournament's (pure: text in, data
out); where the file is and its reading: :mod:`skatcalc.store.config_file`.

``config.toml`` holds ``lang``, ``currency``, ``stake``, ``preset`` and a ``[rules]`` table with
any rule of a new sheet (the rows of :data:`skatcalc.sheet.rules.RULES`, keys as a sheet file
writes them). An option on the command line beats the file; the file beats the locale
(docs/config.md).

>>> config = parse('lang = "de"\\ncurrency = "€"\\nstake = 0.05\\npreset = "pub"\\n[rules]\\nbock_length = 4\\n')
>>> config.lang, config.currency, config.stake, config.preset, dict(config.rules)
('de', '€', '0.05', 'pub', {'bock_length': 4})
>>> parse('lang = "fr"\\n')
Traceback (most recent call last):
...
skatcalc.errors.SheetFileError: err.file.line(line=1, error=err.config.lang(code="'fr'", languages=join.and(items=('en (English)', 'de (Deutsch)'))))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import TYPE_CHECKING, Any, NoReturn

from skatcalc.errors import SheetFileError, SkatError, all_of, as_written, listed, say
from skatcalc.frozen import record
from skatcalc.store.codec import Codec

if TYPE_CHECKING:  # a plain value call reads the file for its language: nothing more
    from fractions import Fraction
    from pathlib import Path

    from skatcalc.sheet.rules import Rules

__all__ = ["CONFIG", "KEYS", "Config", "parse", "rules", "stake"]

KEYS = ("lang", "currency", "stake", "preset", "rules")
"""The keys a config file may set (``rules`` is a table)."""


@record
class Config:
    """What a config file sets; None (or no rules) for what it leaves out. The stake is the text
    it was written as (a number's text), checked when a command uses it (:func:`stake`); the
    rules are checked on top of the preset (:func:`rules`)."""

    lang: str | None = None
    currency: str | None = None
    stake: str | None = None
    preset: str | None = None
    rules: Mapping[str, Any] = field(default_factory=dict)
    lines: Mapping[str, int] = field(default_factory=dict)
    """The line of each key (a rule's as ``rules.NAME``), for a problem found when it is used."""

    def settings(self) -> dict[str, Any]:
        """What the file sets, as plain data: each key (None for one it leaves out), the rules
        by name (a list of triggers as a list), as ``skatcalc config`` shows them.

        >>> parse('stake = 0.05\\n[rules]\\nbock_triggers = ["kontra"]\\n').settings()
        {'lang': None, 'currency': None, 'stake': '0.05', 'preset': None, 'rules': {'bock_triggers': ['kontra']}}
        """
        rules = {k: list(v) if isinstance(v, tuple) else v for k, v in self.rules.items()}
        return {
            "lang": self.lang, "currency": self.currency, "stake": self.stake,
            "preset": self.preset, "rules": rules,
        }  # fmt: skip


def parse(text: str) -> Config:
    """A config file's text as a :class:`Config`, checked (the stake's amount apart: it is
    checked when a command uses it); raise :class:`SheetFileError` with the first problem's
    line.

    Read with tomllib alone, and its lines found here: a config file is a few lines, and the
    sheet's reader (:mod:`skatcalc.store.sheet_codec`) imports the sheet model, 24 ms of every call
    that has a config file (``python -X importtime``).
    """
    data = _toml(text)
    lines = _Lines(text)

    def refuse(key: str, error: SkatError, where: str = "top") -> NoReturn:
        raise _at(lines.key(where, key), error)

    values = _top_values(data, refuse)
    _check_words(values, refuse)
    found = {key: lines.key("top", key) for key in data if key != "rules"}
    if "rules" in data:
        raw = data["rules"]
        if not isinstance(raw, dict):
            refuse("rules", SheetFileError("err.sheet.rules_type", field="rules"))
        values["rules"] = _rules(raw, values.get("preset"), lines)
        found.update({f"rules.{key}": lines.key("rules", key) for key in raw})
    return Config(**values, lines=found)


def _top_values(data: dict[str, Any], refuse: Any) -> dict[str, Any]:
    """The file's settings above ``[rules]``, each of its kind: a key skatcalc does not know
    is refused first, then a value of the wrong kind (the stake's is kept as its text)."""
    for key in data:
        if key not in KEYS:
            refuse(key, SheetFileError("err.config.key", key=repr(key), keys=all_of(KEYS)))
    values: dict[str, Any] = {}
    for key in ("lang", "currency", "preset"):
        if key in data:
            if not isinstance(data[key], str):
                refuse(key, _kind(key, data[key], "kind.str"))
            values[key] = data[key]
    if "stake" in data:
        amount = data["stake"]
        if isinstance(amount, bool) or not isinstance(amount, int | float | str):
            refuse("stake", _kind("stake", amount, "config.kind.amount"))
        values["stake"] = str(amount)
    return values


def language(text: str) -> str | None:
    r"""The language a config file's text asks for, if it reads as TOML and names one skatcalc
    speaks, whatever else is wrong in it: the words its problem is said in.

    >>> language('lang = "de"\nfoo = 1\n'), language("lang = 'fr'\n"), language("lang = [")
    ('de', None, None)
    """
    from skatcalc.words import LANGUAGES

    try:
        code = _toml(text).get("lang")
    except SkatError:
        return None
    return code if isinstance(code, str) and code in LANGUAGES else None


def _kind(key: str, value: object, kind: str) -> SheetFileError:
    return SheetFileError(
        "err.config.kind", key=key, kind=say(kind), value=as_written(value), field=key
    )


def _check_words(values: dict[str, Any], refuse: Any) -> None:
    """The values a config file may give ``lang``, ``currency`` and ``preset``."""
    from skatcalc.words import LANGUAGES

    code = values.get("lang")
    if code is not None and code not in LANGUAGES:
        spoken = all_of([f"{c} ({name})" for c, name in LANGUAGES.items()])
        refuse("lang", SheetFileError("err.config.lang", code=repr(code), languages=spoken))
    currency = values.get("currency")
    if currency is not None:
        from skatcalc.sheet.currency import check_currency  # light: nothing of the sheet

        try:
            check_currency(currency)
        except SkatError as wrong:
            refuse("currency", SheetFileError(wrong.code, **wrong.params))
    preset = values.get("preset")
    if preset is not None:
        from skatcalc.sheet.rules import PRESETS

        if preset not in PRESETS:
            error = SheetFileError("err.preset", preset=repr(preset), presets=listed(list(PRESETS)))
            refuse("preset", error)


def _toml(text: str) -> dict[str, Any]:
    """The TOML data, or the parser's complaint with its line (tomllib names it in its words).

    >>> _toml('a = 1\\nb = [\\n')
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetFileError: err.file.line(line=2, error=err.toml(message='Invalid value'))
    """
    import re
    import tomllib

    try:
        return tomllib.loads(text)
    except (ValueError, RecursionError) as error:  # tomllib.TOMLDecodeError is a ValueError
        message = str(error)
        found = re.search(r"\s*\((?:at line (\d+), column \d+|at end of document)\)$", message)
        line = 0
        if found:
            message = message[: found.start()]
            line = int(found.group(1)) if found.group(1) else text.rstrip().count("\n") + 1
        raise _at(line, SheetFileError("err.toml", message=message)) from None


def _at(line: int, error: SkatError) -> SheetFileError:
    """``error`` at ``line`` of the file (0: no line known)."""
    if not line:
        return SheetFileError(error.code, **error.params, field=error.field, deal=error.deal)
    return SheetFileError("err.file.line", line=line, error=error, field=error.field)


class _Lines:
    """The line of a key at the top of a config file or in its ``[rules]`` table."""

    def __init__(self, text: str) -> None:
        self.text = text

    def key(self, where: str, key: str) -> int:
        """The line of ``key = ...`` at the ``"top"`` (before the first table) or in
        ``"rules"``; 0 when not found.

        >>> _Lines('a = 1\\n[rules]\\n"b" = 2\\n').key("rules", "b")
        3
        """
        import re

        start = 0
        if where != "top":
            table = re.search(rf"^[ \t]*\[[ \t]*{where}[ \t]*\]", self.text, re.MULTILINE)
            if table is None:
                return 0
            start = table.end()
        after = re.compile(r"^[ \t]*\[", re.MULTILINE).search(self.text, start)
        end = after.start() if after else len(self.text)
        pattern = re.compile(rf"^[ \t]*[\"']?{re.escape(key)}[\"']?[ \t]*=", re.MULTILINE)
        match = pattern.search(self.text, start, end)
        return 0 if match is None else self.text.count("\n", 0, match.start()) + 1


def _rules(raw: dict[str, Any], preset: str | None, lines: Any) -> dict[str, Any]:
    """The ``[rules]`` table: each key a rule of a new sheet (a row of the rules' table), of its
    kind as a sheet file writes it, and the rules taken together with the preset's a set a
    sheet can have; by the field of ``Rules``."""
    from skatcalc.option import KIND_WORDS
    from skatcalc.sheet.rules import RULE_KINDS

    values: dict[str, Any] = {}
    for key, value in raw.items():
        kind = RULE_KINDS.get(key)
        if kind is None:
            error = SheetFileError(
                "err.rule.unknown", key=key, rules=listed(list(RULE_KINDS)), field=key
            )
            raise _at(lines.key("rules", key), error)
        if kind is tuple and isinstance(value, list) and all(isinstance(v, str) for v in value):
            values[key] = tuple(value)
        elif type(value) is not kind:
            error = SheetFileError(
                "err.rule.kind", name=key, kind=say(KIND_WORDS[kind]), value=value, field=key
            )
            raise _at(lines.key("rules", key), error)
        else:
            values[key] = value
    try:
        _on(preset, values)
    except SkatError as error:
        line = lines.key("rules", error.field) if error.field else lines.key("top", "preset")
        raise _at(line, error) from None
    return values


def _on(preset: str | None, values: Mapping[str, Any]) -> Rules:
    from dataclasses import replace

    from skatcalc.sheet.rules import PRESETS

    return replace(PRESETS[preset or "isko"], **values)


def rules(config: Config, preset: str | None = None) -> Rules:
    """The rules a new sheet starts from: the preset given on the command line as it is; else
    the file's preset (or ``isko``) with the file's ``[rules]`` on top.

    >>> config = parse('preset = "pub"\\n[rules]\\nbock_length = 4\\n')
    >>> (rules(config).bock_length, rules(config).bock), (rules(config, "isko").bock_length,)
    ((4, True), (0,))
    """
    from skatcalc.sheet.rules import PRESETS

    if preset is not None:
        return PRESETS[preset]
    return _on(config.preset, config.rules)


def stake(config: Config, path: Path) -> Fraction | None:
    """The file's stake in cents per point (``0.05``, ``"0,05"``); None when it sets none. A
    stake that is no amount is a problem of the file at ``path``, named with its line.

    >>> from pathlib import Path
    >>> stake(parse('stake = "0,05"\\n'), Path("config.toml")), stake(Config(), Path("x"))
    (Fraction(5, 1), None)
    >>> stake(parse('\\nstake = "5 ct"\\n'), Path("config.toml"))
    Traceback (most recent call last):
    ...
    skatcalc.errors.SheetFileError: err.file.at(file=PosixPath('config.toml'), error=err.file.line(line=2, error=err.config.stake(error=err.stake.text(text='5 ct'))))
    """
    if config.stake is None:
        return None
    from skatcalc.sheet.stats import parse_stake

    try:
        return parse_stake(config.stake, comma=True)
    except SkatError as error:
        problem = _at(config.lines.get("stake", 0), SheetFileError("err.config.stake", error=error))
        raise SheetFileError("err.file.at", file=path, error=problem) from None


def _never(*_: object) -> NoReturn:
    raise SheetFileError("err.config.read_only")


CONFIG: Codec[Config] = Codec(
    parse=parse,
    render=_never,  # nothing ever writes the config file: a person does
    edit=_never,
    missing="err.config.missing",
    not_regular="err.config.not_regular",
    too_big="err.config.too_big",
    not_utf8="err.config.not_utf8",
    read_only="err.config.read_only",
)
"""The config file as a kind of file for :mod:`skatcalc.store.files` (read only)."""
