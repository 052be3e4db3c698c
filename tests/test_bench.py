"""``ahoy bench --baseline``: the same figures for two checkouts, in turns, with their ratios."""

from __future__ import annotations

import argparse
import io
import json
from pathlib import Path

from ahoy_tui import bench

ROOT = Path(__file__).resolve().parents[1]


def _args(**given: object) -> argparse.Namespace:
    values = {"server": False, "ui": False, "quick": True, "json": True, "baseline": None,
              "rounds": 1}
    values.update(given)
    return argparse.Namespace(**values)


def test_a_checkout_against_itself_gives_every_figure_and_its_ratio() -> None:
    out = io.StringIO()
    assert bench.run(_args(baseline=str(ROOT)), out) == 0
    report = json.loads(out.getvalue())
    figures = report["figures"]
    assert set(figures) == {"selfplay_actions_per_second", "load_1000_ms", "verify_1000_ms",
                            "replay_1000_ms", "play_1000_ms", "save_1000_ms", "naval_turn_ms"}
    for row in figures.values():
        assert row["baseline"] > 0 and row["this"] > 0
        # the ratio is this / baseline, as the report says (its size is the machine's noise:
        # the same code both times, and a shared machine makes one quick round wander)
        assert row["ratio"] == round(row["this"] / row["baseline"], 2)
    assert report["rounds"] == 1


def test_a_folder_without_the_package_is_refused(tmp_path, capsys) -> None:
    assert bench.run(_args(baseline=str(tmp_path)), io.StringIO()) == 2
    assert "no ahoy_tui package there" in capsys.readouterr().err
