"""Vessels sharing a hex (issue 36, item 1): every vessel and monster in a hex is seen on the
hex map, both letters in their own colours (or the first and the count), at both zooms; a
click on a shared hex lists what is in it and selects each in turn."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App, ComposeResult

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


@pytest.mark.parametrize("zoom", ["near", "far"])
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
        # the Gull's letter; at the far zoom, where a bow is its arrow, her bow's arrow
        assert lines[y][x:x + 2] == ("PG" if zoom == "near" else "P↗")
        assert cls[x, y] == "hexmap--p1-bow" and cls[x + 1, y] == "hexmap--p2-bow"
        assert set(hexmap.stacks()) == {PRIDE.hexes[1]}


@pytest.mark.parametrize("zoom", ["near", "far"])
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
