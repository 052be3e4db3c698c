"""The battle screen at a step as SVG: the replay viewer's picture, drawn headless.

Textual draws it (``App.export_screenshot``, the picture its own screenshots are): the step
asked for, or one picture a turn (each turn as it stood at its end). A PNG beside each where
``rsvg-convert`` is installed.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

from ahoy_tui.engine import Game
from ahoy_tui.export.cast import DEFAULT_SIZE, replay_viewer, settle
from ahoy_tui.export.report import to_png


def turn_ends(game: Game) -> list[tuple[int, int]]:
    """(turn, its last step) for every turn up to the present."""
    end = game.step
    turns = [getattr(game.state_at(s), "turn", getattr(game.state_at(s), "round", 0))
             for s in range(end + 1)]
    return [(turns[s], s) for s in range(end + 1) if s == end or turns[s + 1] != turns[s]]


async def _pictures(game: Game, steps: list[tuple[str, int]],
                    size: tuple[int, int]) -> list[tuple[str, str]]:
    pictures = []
    async with replay_viewer(game, size) as (app, screen, pilot):
        for name, step in steps:
            screen.goto(step)
            await settle(pilot)
            pictures.append((name, app.export_screenshot(
                title=f"{game.scenario.title}: step {step}")))
    return pictures


def write_svg(game: Game, out: Path, *, step: int | None = None, turns: bool = False,
              size: tuple[int, int] = DEFAULT_SIZE, png: bool = True) -> list[Path]:
    """The screen at ``step`` (the present when None) as ``out``; with ``turns``, one picture a
    turn beside it (OUT-turn-1.svg, …). The files written."""
    if step is not None and not 0 <= step <= game.step:
        raise ValueError(f"--step {step}: the battle has steps 0 to {game.step}")
    if turns:
        steps = [(f"{out.stem}-turn-{turn}", last) for turn, last in turn_ends(game)]
    else:
        steps = [(out.stem, game.step if step is None else step)]
    written: list[Path] = []
    for name, picture in asyncio.run(_pictures(game, steps, size)):
        path = out.with_name(f"{name}.svg")
        path.write_text(picture, "utf-8")
        written.append(path)
        if png and (made := to_png(path)) is not None:
            written.append(made)
    return written
