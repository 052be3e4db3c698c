"""``x`` shares a battle: in the replay viewer and on the game-over screen, a recording, a
picture or an after-action report, written beside the battle's log."""

from __future__ import annotations

import asyncio
from pathlib import Path

from ahoy_tui.ai import make_captain
from ahoy_tui.engine import Game
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.export import ExportScreen
from ahoy_tui.ui.screens.game_over import GameOverScreen
from ahoy_tui.ui.screens.replay import ReplayScreen


def finished(seed: int = 2) -> Game:
    game = Game.new("naval-battle", seed=seed)
    captains = {s: make_captain("easy", seed, think=0.0) for s in ("p1", "p2")}
    while not game.over:
        side = game.state.to_act or "p1"
        game.play(captains[side].decide(game.view(side), game.legal_actions()).action)
    return game


async def wait_for(path: Path, pilot: object) -> None:
    for _ in range(200):
        if path.exists():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{path} never written")


async def test_x_in_the_replay_viewer_writes_the_report_beside_the_log(tmp_path: Path) -> None:
    game = finished()
    log = game.save(tmp_path / "fight.json")
    app = AhoyApp(replay=log)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ExportScreen)
        assert str(tmp_path) in str(app.screen.query_one("Label").content)
        await pilot.press("down", "down", "enter")  # the third: the report (HTML)
        await wait_for(tmp_path / "fight.html", pilot)
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
    page = (tmp_path / "fight.html").read_text("utf-8")
    assert game.state.result in page


async def test_x_on_the_game_over_screen_writes_the_markdown_report(tmp_path: Path) -> None:
    game = finished()
    session = LocalSession(game, path=tmp_path / "b.json")
    app = AhoyApp(session=session)
    async with app.run_test(size=(100, 32)) as pilot:
        app.push_screen(GameOverScreen(session, "A short summary."))
        await pilot.pause()
        await pilot.press("x")
        await pilot.pause()
        assert isinstance(app.screen, ExportScreen)
        await pilot.press("end", "enter")  # the last: the report for a forum (Markdown)
        await wait_for(tmp_path / "b.md", pilot)
        await asyncio.sleep(0.2)
    assert (tmp_path / "b_files" / "points.svg").exists()
    assert game.state.result in (tmp_path / "b.md").read_text("utf-8")
