"""Snapshots of the screens (pytest-textual-snapshot; Textual and the plugin are pinned, since
the pictures change with them). Update with ``pytest tests/ui/test_snapshots.py
--snapshot-update`` after a deliberate change, and look at the pictures before committing."""

from __future__ import annotations

from pathlib import Path

import pytest

from ahoy_tui.engine import Game
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp


@pytest.fixture(autouse=True)
def empty_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.setenv("AHOY_SAVES", str(folder))
    monkeypatch.setenv("AHOY_FLEETS", str(tmp_path / "fleets"))  # no saved fleets
    return folder


def battle(tmp_path: Path, scenario: str = "duel", seed: int = 7) -> AhoyApp:
    game = Game.new("ahoy", scenario, seed=seed)
    return AhoyApp(session=LocalSession(game, path=tmp_path / "battle.json"))


def test_title(snap_compare):
    assert snap_compare(AhoyApp(), terminal_size=(80, 24))


def test_new_game(snap_compare):
    assert snap_compare(AhoyApp(), terminal_size=(120, 40), press=["n"])


def test_fleet_compact(snap_compare):
    # the title's Fleets asks for which rule system: Ahoy!'s design form, the first
    assert snap_compare(AhoyApp(), terminal_size=(80, 24), press=["f", "enter"])


def test_fleet_wide_with_a_problem(snap_compare):
    # Ship 1 with three more guns: her port broadside is short of gun crews, a warning in place.
    assert snap_compare(AhoyApp(), terminal_size=(120, 40), press=["f", "enter", "g", "g", "g"])


def test_battle_compact(snap_compare, tmp_path):
    assert snap_compare(battle(tmp_path), terminal_size=(80, 24))


def test_battle_wide_moving(snap_compare, tmp_path):
    # End orders, full speed, open the distance picker, two inches less: the planned move is
    # drawn, the chosen distance picked out.
    assert snap_compare(battle(tmp_path, "squadron"), terminal_size=(120, 40),
                        press=["1", "1", "1", "left", "left"])


def test_record_card_of_another_ship(snap_compare, tmp_path):
    assert snap_compare(battle(tmp_path), terminal_size=(120, 40), press=["right_square_bracket"])


def test_rules_help(snap_compare, tmp_path):
    assert snap_compare(battle(tmp_path), terminal_size=(100, 30), press=["question_mark"])


def test_replay_viewer(snap_compare, tmp_path):
    game = Game.new("ahoy", "duel", seed=5)
    for _ in range(12):
        game.play(game.legal_actions()[0])
    path = game.save(tmp_path / "log.json")
    assert snap_compare(AhoyApp(replay=path), terminal_size=(120, 40),
                        press=["right", "right", "right", "right"])


def test_battle_among_terrain(snap_compare, tmp_path):
    # Land, moles, jetties, rocks and a sandbank, each in its own fill; ships made fast to the
    # jetties, with "docked" and their boats on the record card.
    assert snap_compare(battle(tmp_path, "harbour_raid"), terminal_size=(120, 40))


def test_ramming_speed_orders_typed_at_80_by_24(snap_compare, tmp_path):
    # Ramming Speed!: the move line open on Victoria, "c 8s 4r 3s" typed: her course drawn
    # inch by inch, her log sheet beside the map.
    game = Game.new("ramming-speed", "corvus", seed=7)
    app = AhoyApp(session=LocalSession(game, path=tmp_path / "battle.json"))
    assert snap_compare(app, terminal_size=(80, 24), press=["w", *"c 8s 4r 3s"])
