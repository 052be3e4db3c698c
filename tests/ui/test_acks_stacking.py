"""Vessels sharing a hex (issue 36, item 1): every vessel and monster in a hex is seen on the
hex map, both letters in their own colours (or the first and the count), at both zooms; a
click on a shared hex lists what is in it and selects each in turn, and the keyboard's cursor
(the tape's, moved with the arrows) names them all; a monster in a vessel's hex likewise."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App, ComposeResult
from textual.widgets import Static

from ahoy_tui.engine import Game
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.hexgrid import Body, facing_named
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.acks import AcksScreen
from ahoy_tui.ui.widgets.hex_map import HexMap, HexScene, HexVessel, axial


class MapApp(App[None]):
    def compose(self) -> ComposeResult:
        yield HexMap()


PRIDE = Body(axial(5, 6), facing_named("N"), 3)            # (5,6) (5,7) (5,8)
GULL = Body(axial(5, 7), facing_named("NE"), 1)            # rammed into her middle
SHRIKE = Body(axial(5, 7), facing_named("SE"), 1)          # and a second galley with her


def scene(*extra: HexVessel) -> HexScene:
    return HexScene(12, 10, (HexVessel(PRIDE.hexes, PRIDE.facing, "PA", "p1", ship="pride",
                                       name="Pride of Aura"),
                             HexVessel(GULL.hexes, GULL.facing, "Gu", "p2", ship="gull",
                                       name="Gull"), *extra))


@pytest.mark.parametrize("zoom", ["near", "far", "whole"])
async def test_two_vessels_in_a_hex_both_show_in_their_colours(zoom: str) -> None:
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        hexmap = app.query_one(HexMap)
        hexmap.action_zoom(zoom)
        hexmap.show(scene())
        await pilot.pause()
        lines = hexmap.text_lines()
        cls = {(x, y): c for y, row in enumerate(hexmap._rows) for x, (_, c) in enumerate(row)}
        x, y = hexmap.cell_of(PRIDE.hexes[1])
        # the Gull's letter; at the far zooms, where a bow is its arrow, her bow's arrow
        assert lines[y][x:x + 2] == ("PG" if zoom == "near" else "P↗")
        assert cls[x, y] == "hexmap--p1-bow" and cls[x + 1, y] == "hexmap--p2-bow"
        assert set(hexmap.stacks()) == {PRIDE.hexes[1]}


@pytest.mark.parametrize("zoom", ["near", "far", "whole"])
async def test_three_in_a_hex_show_the_first_and_the_count(zoom: str) -> None:
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        hexmap = app.query_one(HexMap)
        hexmap.action_zoom(zoom)
        hexmap.show(scene(HexVessel(SHRIKE.hexes, SHRIKE.facing, "Sh", "p2", ship="shrike",
                                    name="Shrike")))
        await pilot.pause()
        x, y = hexmap.cell_of(PRIDE.hexes[1])
        assert hexmap.text_lines()[y][x:x + 2] == "P3"
        assert [v.ship for v in hexmap.at_hex(PRIDE.hexes[1])] == ["pride", "gull", "shrike"]


async def test_a_click_on_a_shared_hex_lists_them_and_selects_each_in_turn(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))
    game = Game.new("acks", "quinquereme", seed=1)
    state = game.state
    pride = state.vessel("pride")
    middle = pride.body.hexes[1]
    gull = replace(state.vessel("gull"), body=Body(middle, facing_named("NE"), 1))
    game._states[0] = replace(state, vessels=tuple(gull if v.id == "gull" else v
                                                   for v in state.vessels))
    app = AhoyApp(session=LocalSession(game, path=tmp_path / "a.json", seats=("p1", "p2")))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AcksScreen)
        hexmap = screen.query_one(HexMap)
        hexmap.centre_on(middle)
        await pilot.pause()
        x, y = hexmap.cell_of(middle)
        assert hexmap.text_lines()[y][x:x + 2] in ("PG", "P↗")
        seen = []
        for _ in range(2):
            await pilot.click(HexMap, offset=(x - int(hexmap.scroll_x),
                                              y - int(hexmap.scroll_y)))
            await pilot.pause()
            seen.append(screen.selected)
        assert set(seen) == {"pride", "gull"}
        assert any("In this hex: " in n.message and "Pride of Aura" in n.message
                   and "Gull" in n.message for n in app._notifications)


def shared(scenario: str, mover: str, host: str, facing: str = "NE"):
    """The scenario's first state with ``mover`` put into the middle hex of ``host``."""
    game = Game.new("acks", scenario, seed=1)
    state = game.state
    middle = state.vessel(host).body.hexes[1]
    moved = state.vessel(mover)
    moved = replace(moved, body=Body(middle, facing_named(facing), moved.body.length))
    game._states[0] = replace(state, vessels=tuple(moved if v.id == mover else v
                                                   for v in state.vessels))
    return game, middle


async def test_the_keyboard_cursor_on_a_shared_hex_lists_every_vessel_in_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The tape's cursor, moved with the arrows onto the hex the Gull shares with the Pride
    of Aura, names both in the line under the map, with their sides."""
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))
    game, middle = shared("quinquereme", "gull", "pride")
    app = AhoyApp(session=LocalSession(game, path=tmp_path / "a.json", seats=("p1", "p2")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.selected = "pride"
        screen.refresh_all()
        await pilot.press("t")
        await pilot.pause()
        hexmap = screen.query_one(HexMap)
        assert hexmap.cursor == game.state.vessel("pride").hexes[0]
        await pilot.press("down")                     # her bow is north: a hex astern
        await pilot.pause()
        assert hexmap.cursor == middle
        tape = str(screen.query_one("#tape", Static).content)
        assert "in this hex: Pride of Aura (Phaedra), Gull (Corsairs)" in tape
        await pilot.press("up")                       # her bow hex: only she is there
        await pilot.pause()
        assert "in this hex" not in str(screen.query_one("#tape", Static).content)


async def test_a_monster_sharing_a_vessels_hex_is_drawn_and_listed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The sea serpent in the Argo's middle hex: the hex shows her letter and the serpent's
    mark in the enemy's colour; a click lists both and selects each in turn; the tape names
    both."""
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))
    game, middle = shared("sea_serpent", "serpent", "argo", facing="S")
    app = AhoyApp(session=LocalSession(game, path=tmp_path / "s.json", seats=("p1", "p2")))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        hexmap = screen.query_one(HexMap)
        for zoom in ("near", "far"):
            hexmap.action_zoom(zoom)
            hexmap.centre_on(middle)
            await pilot.pause()
            x, y = hexmap.cell_of(middle)
            cls = {(i, j): c for j, row in enumerate(hexmap._rows)
                   for i, (_, c) in enumerate(row)}
            pair = hexmap.text_lines()[y][x:x + 2]
            assert pair[0] == "A" and pair[1] in ("≈", "↓"), (zoom, pair)
            assert cls[x, y].startswith("hexmap--p1") or cls[x, y] == "hexmap--selected"
            assert cls[x + 1, y].startswith("hexmap--p2"), zoom
        seen = []
        for _ in range(2):
            await pilot.click(HexMap, offset=(x - int(hexmap.scroll_x),
                                              y - int(hexmap.scroll_y)))
            await pilot.pause()
            seen.append(screen.selected)
        assert set(seen) == {"argo", "serpent"}
        listed = [n.message for n in app._notifications if "In this hex: " in n.message]
        assert listed and "Argo" in listed[-1] and "Sea serpent" in listed[-1]
        screen.selected = "argo"
        screen.refresh_all()
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("down")                     # her bow is north: a hex astern
        await pilot.pause()
        assert hexmap.cursor == middle
        tape = str(screen.query_one("#tape", Static).content)
        assert "in this hex: " in tape and "Sea serpent (The Deep)" in tape
