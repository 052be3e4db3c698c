"""A battle as an asciicast v2 recording: the replay viewer, one frame a step.

Made headless, without a terminal: the replay viewer runs under Textual's test driver
(``App.run_test``) at the size asked for, steps through the log, and each step's screen is
written as the terminal output that draws it (Textual's own renderer, through a Rich console
forced to a true-colour terminal), at ``speed`` seconds a step. The file is what the format's
spec says (https://docs.asciinema.org/manual/asciicast/v2/): a header line of JSON, then one
``[time, "o", data]`` line an event; ``asciinema play`` and asciinema-player play it.
"""

from __future__ import annotations

import asyncio
import io
import json
import re
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from rich.console import Console

from ahoy_tui.engine import Game

DEFAULT_SIZE = (100, 32)
SMALLEST = (80, 24)
LARGEST = (500, 200)
LINE = re.compile(r"(\x1b\[\d+;1H)")  # the cursor sent to the start of a line


def parse_size(text: str) -> tuple[int, int]:
    """``100x32`` as (columns, rows); ValueError in words when it is not a size."""
    try:
        columns, rows = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"--size {text!r}: give columns x rows, e.g. 100x32") from None
    if not (SMALLEST[0] <= columns <= LARGEST[0] and SMALLEST[1] <= rows <= LARGEST[1]):
        raise ValueError(f"--size {text}: from {SMALLEST[0]}x{SMALLEST[1]} to "
                         f"{LARGEST[0]}x{LARGEST[1]}")
    return columns, rows


@asynccontextmanager
async def replay_viewer(game: Game, size: tuple[int, int]) -> AsyncIterator[Any]:
    """The replay viewer of ``game``, running headless at ``size``: yields (app, screen)."""
    from ahoy_tui.ui.app import AhoyApp
    from ahoy_tui.ui.screens.replay import ReplayScreen

    app = AhoyApp()
    app.first_screens = lambda: None  # type: ignore[method-assign]  # the replay alone, no title
    async with app.run_test(size=size, notifications=False) as pilot:
        screen = ReplayScreen(game)
        await app.push_screen(screen)
        await pilot.pause()
        yield app, screen, pilot


def frame(app: Any) -> str:
    """The screen as the terminal output that draws it: each line, after the move to it."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", legacy_windows=False, safe_box=False)
    update = app.screen._compositor.render_update(full=True)
    console.print(update, end="")
    out = console.file.getvalue()  # type: ignore[attr-defined]
    return str(out)


def lines_of(drawn: str) -> dict[str, str]:
    """A frame's lines by the cursor move that starts each."""
    parts = LINE.split(drawn)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts) - 1, 2)}


async def settle(pilot: Any) -> None:
    """Let the screen draw what it was told to (its messages handled, its widgets refreshed),
    without waiting for the processor to be idle as ``pilot.pause`` does."""
    await pilot._wait_for_screen()
    pilot.app.screen._on_timer_update()
    await asyncio.sleep(0)
    await pilot._wait_for_screen()


async def _record(game: Game, size: tuple[int, int], speed: float,
                  write: Callable[[float, str], None], end: int) -> None:
    async with replay_viewer(game, size) as (app, screen, pilot):
        clock = 0.0
        write(clock, "\x1b[?25l\x1b[2J")  # hide the cursor, clear the screen
        shown: dict[str, str] = {}
        for step in range(end + 1):
            screen.goto(step)
            await settle(pilot)
            drawn = lines_of(frame(app))
            # only the lines that changed since the last frame (the first is drawn whole)
            write(clock, "".join(move + line for move, line in drawn.items()
                                 if shown.get(move) != line))
            shown = drawn
            clock += speed
        write(clock, "\x1b[?25h")  # the cursor back, as the player leaves it


def write_cast(game: Game, out: Path, *, size: tuple[int, int] = DEFAULT_SIZE,
               speed: float = 1.0, title: str | None = None) -> Path:
    """The battle as an asciicast v2 file: every step from the set-up to the present."""
    if speed <= 0:
        raise ValueError("--speed must be more than 0 seconds a step")
    columns, rows = size
    header = {"version": 2, "width": columns, "height": rows, "timestamp": int(time.time()),
              "title": title or f"{game.scenario.title} ({game.ruleset.title})",
              "env": {"TERM": "xterm-256color"}}
    lines = [json.dumps(header)]

    def write(at: float, data: str) -> None:
        lines.append(json.dumps([round(at, 6), "o", data]))

    asyncio.run(_record(game, size, speed, write, game.step))
    tmp = out.with_name(out.name + ".part")
    tmp.write_text("\n".join(lines) + "\n", "utf-8")
    tmp.replace(out)
    return out
