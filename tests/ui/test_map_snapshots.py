"""Snapshots of the square-inch map (issue 14) at 80×24 and 160×50, for both rule systems.
Update with ``pytest tests/ui/test_map_snapshots.py --snapshot-update`` after a deliberate
change, and look at the pictures (rsvg-convert makes PNGs of them) before committing."""

from __future__ import annotations

from pathlib import Path

import pytest

from ahoy_tui.engine import Game
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp


@pytest.fixture(autouse=True)
def _saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("AHOY_FLEETS", str(tmp_path / "fleets"))


def battle(tmp_path: Path, ruleset: str, scenario: str) -> AhoyApp:
    game = Game.new(ruleset, scenario, seed=3)
    return AhoyApp(session=LocalSession(game, path=tmp_path / "battle.json"))


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
def test_ahoy_squadron_map(snap_compare, tmp_path, size):
    assert snap_compare(battle(tmp_path, "ahoy", "squadron"), terminal_size=size)


@pytest.mark.parametrize("size", [(80, 24), (160, 50)])
def test_naval_battle_dragon_map(snap_compare, tmp_path, size):
    assert snap_compare(battle(tmp_path, "naval-battle", "dragon"), terminal_size=size)


def test_ahoy_tape_measure(snap_compare, tmp_path):
    """The tape from the Griffon's hull to a point off her bow, with its line of words."""
    assert snap_compare(battle(tmp_path, "ahoy", "squadron"), terminal_size=(160, 50),
                        press=["t", *["right"] * 10, *["down"] * 4])
