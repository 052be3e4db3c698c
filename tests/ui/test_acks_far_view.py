"""The far view of ACKS II's sea battlemap staggered as the hexes lie, and the zoom that keeps
the vessel deciding and the enemy she deals with in view together at 80×24 (issue 36, item 2):
the whole zoom, a row a line, when they do not fit at the far (the Boarding Bridge's opening)."""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path

import pytest
from textual.app import App, ComposeResult

from ahoy_tui.engine import Game
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.hexgrid import Body, facing_named
from ahoy_tui.rules.acks.actions import Step
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.widgets.choices import ChoiceList
from ahoy_tui.ui.widgets.hex_map import ARROWS, HexMap, HexScene, HexVessel, axial, offset

SMALL = (80, 24)


class MapApp(App[None]):
    def compose(self) -> ComposeResult:
        yield HexMap()


@pytest.mark.parametrize(("facing", "step"), [("NE", (2, -1)), ("SE", (2, 1)), ("N", (0, -2)),
                                              ("NW", (-2, -1))])
async def test_the_far_zoom_lies_a_galley_the_way_she_faces(facing: str,
                                                            step: tuple[int, int]) -> None:
    """Each hex of a galley lies a dot's step from the next the way she faces: two columns
    across and one line up for NE (the odd columns a line lower), two lines up for N; never
    level for a galley facing NE."""
    for bow in (axial(6, 6), axial(7, 6)):   # an even column's bow and an odd one's
        galley = Body(bow, facing_named(facing), 3)
        app = MapApp()
        async with app.run_test(size=SMALL) as pilot:
            hexmap = app.query_one(HexMap)
            hexmap.action_zoom("far")
            hexmap.show(HexScene(14, 12, (HexVessel(galley.hexes, galley.facing, "PA", "p1",
                                                    ship="pride"),)))
            await pilot.pause()
            cells = [hexmap.cell_of(h) for h in galley.hexes]
            for (x1, y1), (x2, y2) in pairwise(cells):
                assert (x1 - x2, y1 - y2) == step   # bow ahead of the hex behind her
            lines = hexmap.text_lines()
            assert lines[cells[0][1]][cells[0][0]] == ARROWS[galley.facing]
            assert all(lines[y][x] == "P" for x, y in cells[1:])
            # the dots: an odd column's a line below its even neighbours'
            assert hexmap.cell_of(axial(1, 0)) == (2, 1) and hexmap.cell_of(axial(2, 0)) \
                == (4, 0)
            assert lines[0][0] == "·" and lines[1][2] == "·" and lines[0][2] == " "


def apart(columns: int) -> Game:
    """The quinquereme scenario with the Gull ``columns`` east of the Pride's bow (west, below
    0), the Shrike far off (a position set out for the screen)."""
    game = Game.new("acks", "quinquereme", seed=1)
    state = game.state
    col, row = offset(state.vessel("pride").body.bow)
    gull = replace(state.vessel("gull"), body=Body(axial(col + columns, row + 1),
                                                   facing_named("S"), 1))
    game._states[0] = replace(state, vessels=tuple(gull if v.id == "gull" else v
                                                   for v in state.vessels))
    return game


@pytest.mark.parametrize(("columns", "zoom"), [(4, "near"), (-13, "far")])
async def test_at_80x24_the_zoom_holds_her_and_the_enemy_she_deals_with(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, columns: int, zoom: str) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))
    game = apart(columns)
    app = AhoyApp(session=LocalSession(game, path=tmp_path / "a.json", seats=("p1", "p2")))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        hexmap = screen.query_one(HexMap)
        state = screen.session.state
        assert screen.selected == "pride"
        # the nearest zoom that holds them both, and both in view
        assert hexmap.zoom == zoom
        for h in (*state.vessel("pride").hexes, *state.vessel("gull").hexes):
            assert hexmap.in_view(h, margin=0), h
        # she declares and moves: the map follows her and the Gull still
        await pilot.press("1", "enter")     # oar 120'
        await pilot.pause()
        await pilot.press("end", "enter")   # the Corsairs hold course
        await pilot.pause()
        for _ in range(6):   # her engines may shoot first on her count: then ahead, a hex
            rows = screen.query_one(ChoiceList)._choices
            ahead = next((i for i, row in enumerate(rows)
                          if isinstance(row, Step) and row.how == "ahead"), None)
            if ahead is not None:
                break
            await pilot.press("end", "enter")
            await pilot.pause()
        assert ahead is not None
        screen.query_one(ChoiceList).highlighted = ahead
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        state = screen.session.state
        assert state.vessel("pride").moved == 1
        for h in (*state.vessel("pride").hexes, *state.vessel("gull").hexes):
            assert hexmap.in_view(h, margin=0), h


async def test_at_80x24_the_boarding_bridge_opens_with_both_vessels_in_view(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The Harpe at row 20 and the Golden Fleece at rows 11-12: eight rows apart, more than the
    far zoom's six at 80x24 (the merchantman was out of view); the whole zoom holds both."""
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))
    game = Game.new("acks", "boarding_bridge", seed=3)
    app = AhoyApp(session=LocalSession(game, path=tmp_path / "a.json", seats=("p1", "p2")))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        hexmap = screen.query_one(HexMap)
        state = screen.session.state
        assert not hexmap.fits([*state.vessel("harpe").hexes, *state.vessel("fleece").hexes],
                               "far")
        assert hexmap.zoom == "whole"
        for vessel in state.vessels:
            for h in vessel.hexes:
                assert hexmap.in_view(h, margin=0), (vessel.id, h)
        # and drawn there: the Harpe's bow arrow and the Fleece's letter on the screen
        lines = hexmap.text_lines()
        for vessel, char in (("harpe", ARROWS[state.vessel("harpe").body.facing]),
                             ("fleece", "G")):
            cells = [hexmap.cell_of(h) for h in state.vessel(vessel).hexes]
            assert any(lines[y][x] == char for x, y in cells), vessel


async def test_a_zoom_chosen_by_the_player_stays(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))
    app = AhoyApp(session=LocalSession(apart(4), path=tmp_path / "a.json",
                                       seats=("p1", "p2")))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        hexmap = app.screen.query_one(HexMap)
        assert hexmap.zoom == "near"
        await pilot.press("minus")
        await pilot.pause()
        app.screen._follow("pride")
        await pilot.pause()
        assert hexmap.zoom == "far"
