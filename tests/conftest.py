"""Every test speaks English unless it says otherwise, whatever the machine's locale, reads
no config file but the ones it writes (XDG_CONFIG_HOME points at an empty folder), and keeps
skatcalc's cache (a sheet's state, skatcalc/store/state.py) in a folder of its own, never the
user's; and gives every property test the project's hypothesis settings (no deadline)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from skatcalc import words

# Property tests have no wall-clock deadline: under load an example took
# over hypothesis's default 200 ms and failed a test in tests/test_batch.py (issue 30). Speed is
# measured in bench/, side by side, never asserted here. Every @settings inherits this.
settings.register_profile("skatcalc", deadline=None)
settings.load_profile("skatcalc")


@pytest.fixture(scope="session")
def _no_config(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(tmp_path_factory.mktemp("config-home"))


@pytest.fixture(autouse=True)
def cache(monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder of skatcalc's cache for this test (new, empty, ours)."""
    from skatcalc.store import state
    from skatcalc.store.state import ENV

    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv(ENV, str(folder))
    said = str(tmp_path_factory.mktemp("said"))  # the notes told once: never the system's
    monkeypatch.setattr(state, "_said_folder", lambda: said, raising=False)
    monkeypatch.setattr(state, "_TOLD", set(), raising=False)
    return folder


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch, _no_config: str) -> Iterator[None]:
    monkeypatch.setenv("XDG_CONFIG_HOME", _no_config)  # a user's own never counts
    monkeypatch.setenv("SKATCALC_LANG", "en")
    words.use("en")
    words.working_on(None)  # the file a command worked on is ambient too: no test inherits one
    yield
    words.use("en")
    words.working_on(None)
