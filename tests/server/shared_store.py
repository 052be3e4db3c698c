"""Helpers for the tests of several hosts sharing one PostgreSQL store."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncpg

from ahoy_tui.engine.registry import rulesets
from ahoy_tui.server.host import GameHost
from ahoy_tui.server.store_open import open_store

from .conftest import TIMEOUT

# every built-in scenario of every rule system, as (ruleset, scenario)
SCENARIOS = [(rules.id, info.name) for rules in rulesets() for info in rules.scenarios()]
SCENARIO_IDS = [f"{ruleset}-{scenario}" for ruleset, scenario in SCENARIOS]


async def a_host(url: str, folder: Path, **options: Any) -> GameHost:
    """A host on the shared database, listening at ``folder/host.sock``."""
    folder.mkdir(parents=True, exist_ok=True)
    options.setdefault("log", lambda text: None)
    host = GameHost(await open_store(url), think=0.05, captain_delay=0.0, **options)
    host.lobby_interval = 0.01
    host.liveness_every = 0.2
    await host.start(folder / "host.sock")
    return host


async def until(check: Callable[[], Any], what: str = "", within: float = TIMEOUT) -> None:
    deadline = time.monotonic() + within
    while not check():
        assert time.monotonic() < deadline, f"timed out waiting for {what or check}"
        await asyncio.sleep(0.01)


async def actions_of(url: str, game: str) -> list[tuple[int, Any]]:
    conn = await asyncpg.connect(url)
    try:
        rows = await conn.fetch("SELECT step, action FROM actions WHERE game = $1 "
                                "ORDER BY step", game)
    finally:
        await conn.close()
    return [(row["step"], json.loads(row["action"])) for row in rows]


async def fetch_value(url: str, query: str, *args: Any) -> Any:
    """One value the database holds, read on a connection of the test's own."""
    conn = await asyncpg.connect(url)
    try:
        return await conn.fetchval(query, *args)
    finally:
        await conn.close()
