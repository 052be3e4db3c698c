"""The hex battlemap widget: flat-topped hexes drawn with single-width characters, a vessel
across her hexes with her bow's facing marked in her side's colour, three zooms (a 30 × 30
battlemap's columns at a glance on 80 × 24, and at the whole zoom 13 of its rows), panning."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given
from hypothesis import strategies as st
from textual.app import App, ComposeResult

from ahoy_tui.engine.hexgrid import Body, Hex, facing_named, neighbour
from ahoy_tui.ui.widgets.hex_map import ARROWS, HexMap, HexScene, HexVessel, axial, offset


class MapApp(App[None]):
    def compose(self) -> ComposeResult:
        yield HexMap()


GALLEY = Body(axial(4, 4), facing_named("NE"), 3)
RAIDER = Body(axial(8, 3), facing_named("S"), 2)
SCENE = HexScene(12, 6, (HexVessel(GALLEY.hexes, GALLEY.facing, "Ph", "p1"),
                         HexVessel(RAIDER.hexes, RAIDER.facing, "Ko", "p2", selected=True)))


@given(st.integers(-40, 40), st.integers(-40, 40))
def test_offset_and_axial_coordinates_round_trip(q, r):
    h = Hex(q, r)
    assert axial(*offset(h)) == h


def test_a_hex_to_the_north_is_a_row_up_and_the_odd_columns_sit_lower():
    h = axial(4, 4)
    assert offset(neighbour(h, facing_named("N"))) == (4, 3)
    assert offset(neighbour(h, facing_named("SE"))) == (5, 4)   # odd column: half a hex lower
    assert offset(neighbour(h, facing_named("NE"))) == (5, 3)


async def test_the_near_zoom_draws_every_hex_outline_and_each_vessel_across_her_hexes():
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        hexmap = app.query_one(HexMap)
        hexmap.show(SCENE)
        await pilot.pause()
        lines = hexmap.text_lines()
        assert lines[0] == " __    __    __    __    __    __"
        assert lines[1].startswith("/  \\__/  \\__/")
        assert all(ord(c) < 0x2190 or c in ARROWS for line in lines for c in line)  # narrow
        for vessel in SCENE.vessels:
            for i, h in enumerate(vessel.hexes):
                x, y = hexmap.cell_of(h)
                shown = lines[y][x:x + 2]
                cls = hexmap._rows[y][x][1]
                if i == 0:   # the bow: her facing's arrow, then her initial
                    assert shown == ARROWS[vessel.facing] + vessel.label[0]
                else:
                    assert shown == vessel.label
                if vessel.selected:
                    assert cls == "hexmap--selected"
                else:
                    assert cls == f"hexmap--{vessel.side}" + ("-bow" if i == 0 else "")
        # the galley facing north-east trails away to the south-west, straight
        bow_x, bow_y = hexmap.cell_of(GALLEY.bow)
        stern_x, stern_y = hexmap.cell_of(GALLEY.stern)
        assert stern_x < bow_x and stern_y > bow_y


async def test_the_far_zoom_shows_a_whole_battlemap_and_the_arrows_pan():
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        hexmap = app.query_one(HexMap)
        big = HexScene(30, 30, SCENE.vessels)
        hexmap.show(big)
        hexmap.focus()
        await pilot.press("minus")
        assert hexmap.zoom == "far"
        assert hexmap.virtual_size.width == 60 <= hexmap.size.width   # every column at once
        lines = hexmap.text_lines()
        x, y = hexmap.cell_of(GALLEY.bow)
        assert lines[y][x] == ARROWS[GALLEY.facing]
        await pilot.press("down", "down")
        assert hexmap.scroll_y > 0                      # the rest of the rows, by panning
        await pilot.press("plus")
        assert hexmap.zoom == "near" and hexmap.virtual_size.width == 91


async def test_minus_steps_out_to_the_whole_zoom_a_row_a_line_and_plus_steps_back_in():
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        hexmap = app.query_one(HexMap)
        hexmap.show(HexScene(30, 30, SCENE.vessels))
        hexmap.focus()
        await pilot.press("minus", "minus")
        assert hexmap.zoom == "whole"
        # every column and a row a line: 24 lines hold 24 rows of the 30, not the far's 12
        assert hexmap.virtual_size == (60, 30)
        lines = hexmap.text_lines()
        assert lines[0].startswith("· · ·") and lines[1].startswith("· · ·")  # no stagger
        x, y = hexmap.cell_of(GALLEY.bow)
        assert lines[y][x] == ARROWS[GALLEY.facing]
        # the galley facing NE climbs a line every other column, the way she faces
        cells = [hexmap.cell_of(h) for h in GALLEY.hexes]
        assert [bx - sx for (bx, _), (sx, _) in pairwise(cells)] == [2, 2]
        assert cells[0][1] <= cells[1][1] <= cells[2][1] and cells[0][1] < cells[2][1]
        assert all(lines[cy][cx] == "P" for cx, cy in cells[1:])
        await pilot.press("minus")
        assert hexmap.zoom == "whole"   # the farthest: no farther
        await pilot.press("plus")
        assert hexmap.zoom == "far"
        await pilot.press("plus", "plus")
        assert hexmap.zoom == "near"


@given(st.integers(0, 29), st.integers(0, 29), st.sampled_from(["near", "far", "whole"]))
def test_the_cell_of_a_hex_is_inside_that_hex(column, row, zoom):
    hexmap = HexMap()
    hexmap.set_reactive(HexMap.zoom, zoom)
    h = axial(column, row)
    x, y = hexmap.cell_of(h)
    assert hexmap.hex_at(x, y) == h
    if zoom == "near":
        assert hexmap.hex_at(x + 1, y) == h  # both characters inside it


async def test_marks_grapples_and_a_monster_are_drawn_and_a_click_names_the_vessel():
    from ahoy_tui.ui.widgets.hex_map import HexLine, HexMark

    clicked: list[HexMap.Clicked] = []

    class ClickApp(MapApp):
        def on_hex_map_clicked(self, event: HexMap.Clicked) -> None:
            clicked.append(event)

    serpent = Body(axial(6, 1), facing_named("S"), 2)
    ahead = neighbour(RAIDER.bow, RAIDER.facing)
    beside = neighbour(GALLEY.bow, facing_named("N"))
    scene = HexScene(12, 6, (
        *SCENE.vessels,
        HexVessel(serpent.hexes, serpent.facing, "SS", "p2", ship="serpent", fill="≈",
                  faded=True)),
        marks=(HexMark(ahead, ARROWS[RAIDER.facing], "step"), HexMark(GALLEY.bow, "×↗", "ram")),
        lines=(HexLine(GALLEY.bow, beside, "line"), HexLine(axial(10, 1), axial(10, 5),
                                                             "harpoon")))
    app = ClickApp()
    async with app.run_test(size=(80, 24)) as pilot:
        hexmap = app.query_one(HexMap)
        hexmap.show(scene)
        await pilot.pause()
        lines = hexmap.text_lines()
        cls = {(x, y): c for y, row in enumerate(hexmap._rows) for x, (_, c) in enumerate(row)}
        x, y = hexmap.cell_of(ahead)
        assert lines[y][x] == "↓" and cls[x, y] == "hexmap--step"
        x, y = hexmap.cell_of(GALLEY.bow)  # a ram is drawn over the hex it strikes
        assert lines[y][x:x + 2] == "×↗" and cls[x, y] == "hexmap--ram"
        x, y = hexmap.cell_of(serpent.bow)  # a creature: waves for a bow, dim submerged
        assert lines[y][x:x + 2] == "≈S" and cls[x, y] == "hexmap--p2-faded"
        x, y = hexmap.cell_of(serpent.stern)
        assert lines[y][x:x + 2] == "≈≈"
        # the grappling line: the face the galley's bow shares with the hex to her north
        x, y = hexmap.cell_of(GALLEY.bow)
        assert lines[y - 1][x:x + 2] == "══" and cls[x, y - 1] == "hexmap--line"
        # the harpoon's cable: the hexes between its ends, down the column
        between = [hexmap.cell_of(axial(10, row)) for row in (2, 3, 4)]
        assert all(lines[y][x:x + 2] == "~~" and cls[x, y] == "hexmap--harpoon"
                   for x, y in between)
        x, y = hexmap.cell_of(axial(10, 1))
        assert lines[y][x] == " "  # not in the hexes it joins
        for h, ship in ((serpent.stern, "serpent"), (axial(10, 3), None)):
            x, y = hexmap.cell_of(h)
            await pilot.click(HexMap, offset=(x + 1 - int(hexmap.scroll_x),
                                              y - int(hexmap.scroll_y)))
            await pilot.pause()
            assert clicked[-1].hex == h and clicked[-1].ship == ship
