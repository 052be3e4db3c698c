"""Resuming a battle from the title screen brings back who played each side (issue 14)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ahoy_tui.ai import make_captain
from ahoy_tui.engine import Game
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.battle import BattleScreen


@pytest.mark.asyncio
async def test_resume_brings_back_the_captain_and_the_policy(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path))
    session = LocalSession(Game.new("ahoy", "duel", seed=3), path=tmp_path / "duel-3.json",
                           policy="strict", captains={"p2": make_captain("ai:easy", think=0.2)})
    session.save()  # saved by hand (`s`): a battle with no action yet is written only so
    app = AhoyApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("down", "enter")  # the second entry: resume the last battle
        await pilot.pause()
        battle = app.screen
        assert isinstance(battle, BattleScreen)
        assert battle.session.captains["p2"].level == "easy"
        assert battle.session.policy == "strict" and battle.session.seats == {"p1"}
        said = " ".join(n.message for n in app._notifications)
        assert "The Pirates: the easy captain" in said and "Undo is strict" in said
