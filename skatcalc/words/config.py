"""The words of ``skatcalc config``: where the config file is, what it sets, and where the
language in use comes from.

>>> settings = {"lang": "de", "currency": None, "rules": {"bock_length": 4}}
>>> print("\\n".join(config_lines("c.toml", True, settings, "de", "config")))
Config file: c.toml
It sets:
  lang = "de"
  rules.bock_length = 4
Language: de (Deutsch), from the config file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from skatcalc.words import LANGUAGES, literal, w

__all__ = ["ORIGINS", "config_lines"]

ORIGINS = ("option", "environment", "config", "locale", "default")
"""Where the language in use can come from, the first that gives one winning."""


def config_lines(
    path: str, exists: bool, settings: Mapping[str, Any], language: str, origin: str
) -> Sequence[str]:
    """The lines ``skatcalc config`` prints: the file, each setting it makes (as TOML writes
    it; a rule as ``rules.NAME``), the language in use and where it came from (one of
    :data:`ORIGINS`)."""
    lines = [w("config.file" if exists else "config.file.none", file=path)]
    found = [
        (key, value) for key, value in settings.items() if key != "rules" and value is not None
    ]
    found += [(f"rules.{name}", value) for name, value in settings.get("rules", {}).items()]
    if exists:
        lines.append(w("config.sets") if found else w("config.sets.nothing"))
    for key, value in found:
        lines.append(w("config.setting", key=key, value=literal(value)))
    name = LANGUAGES.get(language, language)
    lines.append(w(f"config.language.{origin}", code=language, name=name))
    return lines
