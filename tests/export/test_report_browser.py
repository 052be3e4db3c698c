"""The after-action report opens in a real browser (headless Chromium) without an error in its
console, and asks nothing of any network."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path

import pytest

from ahoy_tui.bench.browser import CHROMIUM, chromium
from ahoy_tui.engine import load_game
from ahoy_tui.export.report import write_html

pytestmark = [
    pytest.mark.skipif(importlib.util.find_spec("playwright") is None,
                       reason="the playwright package is not installed (the test extra)"),
    pytest.mark.skipif(not CHROMIUM.exists(), reason=f"no Chromium at {CHROMIUM}"),
    pytest.mark.filterwarnings("ignore::DeprecationWarning"),
]


async def test_the_report_opens_in_chromium_with_no_console_errors(
        saved_battle: Callable[..., Path], tmp_path: Path) -> None:
    game = load_game(saved_battle("ahoy"))
    page_file = write_html(game, tmp_path / "report.html")
    problems: list[str] = []
    fetched: list[str] = []
    async with chromium(tmp_path / "profile") as browser:
        page = await browser.new_page()
        page.on("console", lambda m: problems.append(f"{m.type}: {m.text}")
                if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
        page.on("request", lambda r: fetched.append(r.url))
        await page.goto(page_file.as_uri(), wait_until="load")
        charts = await page.locator("figure svg").count()
        result = await page.locator("#result").inner_text()
        ships = await page.locator("#ships tr[data-ship]").count()
        moments = await page.locator("#moments li[data-step]").count()
        box = await page.locator("#chart-table svg").bounding_box()
    assert problems == []
    assert fetched == [page_file.as_uri()], "nothing but the file itself"
    assert charts == 4 and box is not None and box["width"] > 300 and box["height"] > 150
    assert result == game.state.result
    assert ships == len(game.state.ships)  # type: ignore[attr-defined]
    assert moments >= 2  # first blood, and a ship's fate
