"""Every test speaks English unless it says otherwise, whatever the machine's locale, and reads
no config file but the ones it writes (XDG_CONFIG_HOME points at an empty folder)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from skatcalc import words


@pytest.fixture(scope="session")
def _no_config(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(tmp_path_factory.mktemp("config-home"))


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch, _no_config: str) -> Iterator[None]:
    monkeypatch.setenv("XDG_CONFIG_HOME", _no_config)  # a user's own never counts
    monkeypatch.setenv("SKATCALC_LANG", "en")
    words.use("en")
    yield
    words.use("en")
