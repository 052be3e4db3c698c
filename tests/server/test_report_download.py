"""In the browser door, the lobby's after-action report is a download (real headless Chromium)."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import signal
import subprocess
import time
from pathlib import Path

import pytest

from ahoy_tui.ai import make_captain
from ahoy_tui.bench.browser import CHROMIUM, PageTerminal, chromium, sign_in
from ahoy_tui.engine import Game, load_game

from .conftest import free_port
from .test_serve_command import start

pytestmark = [
    pytest.mark.skipif(importlib.util.find_spec("playwright") is None,
                       reason="the playwright package is not installed (the test extra)"),
    pytest.mark.skipif(not CHROMIUM.exists(), reason=f"no Chromium at {CHROMIUM}"),
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
]


def kept_finished_game(folder: Path, game_id: str) -> str:
    """A finished battle between two captains, kept in the server's data folder as the host
    keeps its games: its result."""
    games = folder / "games"
    games.mkdir(parents=True, mode=0o700)
    folder.chmod(0o700)
    game = Game.new("naval-battle", seed=3)
    captains = {side: make_captain("easy", 3, think=0.0) for side in ("p1", "p2")}
    while not game.over:
        side = game.to_act or "p1"
        game.play(captains[side].decide(game.view(side), game.legal_actions()).action)
    game.save(games / f"{game_id}.json")
    seat = {"occupant": "ai", "player": "", "name": "easy", "level": "easy"}
    (games / f"{game_id}.seats.json").write_text(json.dumps(
        {"seats": {"p1": seat, "p2": seat}, "created": time.time(), "creator": "",
         "finished": time.time()}))
    return str(load_game(games / f"{game_id}.json").state.result)


async def test_the_browser_door_downloads_a_finished_game_s_report(short_dir: Path,
                                                                   tmp_path: Path) -> None:
    folder = short_dir / "data"
    result = kept_finished_game(folder, "abc123")
    port, web_port = free_port(), free_port()
    server = start(folder, "--open", "--port", str(port), "--web", "--web-port", str(web_port))
    try:
        assert server.stdout is not None
        await asyncio.wait_for(asyncio.to_thread(server.stdout.readline), 30)
        async with chromium(tmp_path / "profile") as browser:
            tab = await PageTerminal.open(browser, f"http://127.0.0.1:{web_port}/")
            await tab.wait_for("Welcome aboard! What name shall other captains know")
            await tab.focus()
            await sign_in(tab, "Sam")
            await tab.wait_for("Eagle and Grudgebearer", "over", timeout=60)
            async with tab.page.expect_download(timeout=30_000) as waiting:
                await tab.press("a")
            download = await waiting.value
            saved = tmp_path / download.suggested_filename
            await download.save_as(saved)
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            await asyncio.to_thread(server.communicate, timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(10)
    assert download.suggested_filename.startswith("abc123-all-step-")
    page = saved.read_text("utf-8")
    assert page.startswith("<!DOCTYPE html>") and result in page
    # the SSH door's copy: in the data folder, under the same name
    assert (folder / "reports" / download.suggested_filename).read_text("utf-8") == page
