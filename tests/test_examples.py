"""The examples run as they are, and the example evenings add up to the hand-kept totals."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from skatcalc.store import sheet as store
from tests.data import FOUR_TOTALS, THREE_TOTALS

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
ENV = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}


@pytest.mark.parametrize(
    ("name", "expected"),
    [("evening-three.toml", THREE_TOTALS), ("evening-four.toml", FOUR_TOTALS)],
)
def test_example_evenings(name: str, expected: list[dict[str, object]]) -> None:
    tally = store.load(EXAMPLES / name).tally()
    assert [
        {"name": p.name, "score": p.score, "won": p.won, "lost": p.lost,
         "seeger_fabian": p.seeger_fabian}
        for p in tally.players
    ] == expected  # fmt: skip
    assert tally.deals_played == tally.series_length


def test_the_old_rules_evening_adds_up_as_worked_by_hand() -> None:
    """examples/old-rules.toml: the totals its header works out by hand (Grand ouvert on base
    36: 36 x (4 + 6) = 360 and 36 x (1 + 6) = 252; lost hand games single)."""
    sheet = store.load(EXAMPLES / "old-rules.toml")
    assert (sheet.rules.grand_ouvert_base, sheet.rules.lost_hand_single) == (36, True)
    tally = sheet.tally()
    scores = [entry.scoring.score for entry in tally.deals if entry.scoring is not None]
    assert scores == [360, -48, -252, 48]
    assert [(p.name, p.score, p.seeger_fabian) for p in tally.players] == [
        ("Anna", -252, -262), ("Ben", 408, 588), ("Carl", -48, -58),
    ]  # fmt: skip


def test_score_log() -> None:
    done = subprocess.run(
        ["bash", str(EXAMPLES / "score-log.sh")], env=ENV, capture_output=True, text=True,
        check=True,
    )  # fmt: skip
    assert done.stdout.splitlines()[-1] == "totals: Anna -440, Ben -36, Carl +90"


def test_import_evening(tmp_path: Path) -> None:
    sheet = tmp_path / "imported.toml"
    done = subprocess.run(
        ["bash", str(EXAMPLES / "import-evening.sh"), str(EXAMPLES / "games.jsonl"), str(sheet)],
        env=ENV, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert "Imported 8 deals" in done.stdout
    assert [p.score for p in store.load(sheet).tally().players] == [-440, -36, 90]


def test_export_html(tmp_path: Path) -> None:
    out = tmp_path / "list.html"
    done = subprocess.run(
        ["bash", str(EXAMPLES / "export-html.sh"), str(EXAMPLES / "evening-four.toml"), str(out)],
        env=ENV, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert done.stdout == f"open {out} in a browser; print it on A4\n"
    html = out.read_text()
    assert html.startswith("<!DOCTYPE html>") and "<svg" in html and "@page" in html
