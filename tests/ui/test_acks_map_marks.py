"""ACKS II's sea battlemap marks what a choice does before it is taken: the hex the highlighted
step or turn leads to; the line of fire of the highlighted target, and the grapples; a vessel
aflame (issue 36, items 3 and 4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from ahoy_tui.engine import Game
from ahoy_tui.engine.hexgrid import facing_named, neighbour
from ahoy_tui.rules.acks.actions import Ram, Step
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.widgets.choices import ChoiceList
from ahoy_tui.ui.widgets.hex_map import HexMap

SMALL = (80, 24)


@pytest.fixture(autouse=True)
def _saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))


def session(tmp_path: Path, game: Game) -> LocalSession:
    return LocalSession(game, path=tmp_path / "acks.json", seats=("p1", "p2"))


def chosen(app: AhoyApp) -> list[tuple[object, str]]:
    scene = app.screen.query_one(HexMap).scene
    assert scene is not None
    return [(m.hex, m.char) for m in scene.marks if m.kind == "chosen"]


async def test_the_map_marks_the_hex_the_highlighted_step_leads_to(tmp_path: Path) -> None:
    game = Game.new("acks", "quinquereme", seed=1)
    app = AhoyApp(session=session(tmp_path, game))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        bow = screen.session.state.vessel("pride").body.bow
        await pilot.press("1", "enter")     # oar at 120'
        await pilot.pause()
        await pilot.press("end", "enter")   # the Corsairs hold course
        await pilot.pause()
        state = screen.session.state
        assert state.phase.value == "counts" and state.to_act == "p1"
        choices = screen.query_one(ChoiceList)
        rows = choices._choices
        steps = [i for i, row in enumerate(rows) if isinstance(row, (Step, Ram))]
        assert steps, "her count offers her steps"
        seen = {}
        for index in steps:
            choices.highlighted = index
            await pilot.pause()
            marks = chosen(app)
            assert len(marks) == 1, "one hex marked: where the highlighted choice leads"
            seen[rows[index].how] = marks[0]
        north = facing_named("N")
        assert seen["ahead"] == (neighbour(bow, north), "↑")
        assert seen["port"] == (neighbour(bow, facing_named("NW")), "↖")
        assert seen["starboard"] == (neighbour(bow, facing_named("NE")), "↗")
        # drawn on the map in its own colour, over whatever lies there
        hexmap = screen.query_one(HexMap)
        x, y = hexmap.cell_of(seen["starboard"][0])
        assert hexmap._rows[y][x] == ("↗", "hexmap--chosen")
        # a choice that goes nowhere (none here is a step) marks nothing
        others = [i for i, row in enumerate(rows) if not isinstance(row, (Step, Ram))]
        if others:
            choices.highlighted = others[0]
            await pilot.pause()
            assert chosen(app) == []
