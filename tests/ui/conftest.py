"""Snapshots that hold on a loaded machine.

The plugin's ``snap_compare`` sends every key at once and takes the picture when the app first
goes idle; on a busy machine a screen pushed by a key, or the footer, can be drawn a few frames
after that, and the picture differs. Here each key waits for the screen to settle (two looks a
tenth of a second apart agree, the cursors of the lines typed in kept from blinking) before
the next, and the picture is taken once it has.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input


async def settle(pilot: Pilot[Any], looks: int = 100) -> None:
    """Wait until the screen is drawn and still, or give up after ``looks`` tenths of a second."""
    last = None
    for _ in range(looks):
        await pilot.pause()
        for line in pilot.app.screen.query(Input):
            line.cursor_blink = False  # a blinking cursor is never still
        text = pilot.app.export_screenshot()
        if text == last:
            return
        last = text
        await pilot.pause(0.1)


@pytest.fixture
def snap_compare(snap_compare: Callable[..., bool]) -> Callable[..., bool]:
    def compare(app: Any, press: Iterable[str] = (), terminal_size: tuple[int, int] = (80, 24),
                run_before: Callable[[Pilot[Any]], Awaitable[None] | None] | None = None) -> bool:
        keys = list(press)

        async def before(pilot: Pilot[Any]) -> None:
            await settle(pilot)
            if run_before is not None:
                result = run_before(pilot)
                if result is not None:
                    await result
                await settle(pilot)
            for key in keys:
                await pilot.press(key)
                await settle(pilot)

        return snap_compare(app, terminal_size=terminal_size, run_before=before)

    return compare
