"""ACKS II's sea battlemap marks what a choice does before it is taken: the hex the highlighted
step or turn leads to; the line of fire of the highlighted target, and the grapples; a vessel
aflame (issue 36, items 3 and 4)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App, ComposeResult

from ahoy_tui.engine import Game
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.hexgrid import Body, facing_named, line, neighbour
from ahoy_tui.rules.acks.actions import Ram, Step, Volley
from ahoy_tui.rules.acks.model import Actor, Fire, Phase
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.widgets.cells import Cell
from ahoy_tui.ui.widgets.choices import ChoiceList
from ahoy_tui.ui.widgets.hex_map import HexLine, HexMap, HexScene, HexVessel, axial

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


# --- item 4: lines of fire, grapples, a vessel aflame -------------------------------------------

class MapApp(App[None]):
    def compose(self) -> ComposeResult:
        yield HexMap()


PRIDE = Body(axial(5, 6), facing_named("N"), 3)     # (5,6) (5,7) (5,8)
GULL = Body(axial(6, 6), facing_named("S"), 1)      # beside her bow, to the SE
FAR = Body(axial(5, 2), facing_named("S"), 1)       # four hexes ahead of her bow


def cells(hexmap: HexMap) -> dict[tuple[int, int], Cell]:
    return {(x, y): c for y, row in enumerate(hexmap._rows) for x, c in enumerate(row)}


@pytest.mark.parametrize("zoom", ["near", "far", "whole"])
async def test_the_map_draws_a_line_of_fire_a_grapple_and_a_vessel_aflame(zoom: str) -> None:
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        hexmap = app.query_one(HexMap)
        hexmap.action_zoom(zoom)
        hexmap.show(HexScene(12, 10, (
            HexVessel(PRIDE.hexes, PRIDE.facing, "PA", "p1", ship="pride", aflame=True),
            HexVessel(GULL.hexes, GULL.facing, "Gu", "p2", ship="gull"),
            HexVessel(FAR.hexes, FAR.facing, "Sh", "p2", ship="shrike")),
            lines=(HexLine(PRIDE.bow, FAR.bow, "fire"), HexLine(PRIDE.bow, GULL.bow, "line"))))
        await pilot.pause()
        drawn = cells(hexmap)
        # the line of fire: a red dot in each hex between her bow and her target
        for h in line(PRIDE.bow, FAR.bow)[1:-1]:
            x, y = hexmap.cell_of(h)
            assert drawn[x, y] == ("•", "hexmap--fire")
        # the grapple between neighbours: the edge they share, or the cell between the dots
        grapple = [xy for xy, (_, c) in drawn.items() if c == "hexmap--line"]
        assert grapple, "the grapple is drawn"
        if zoom != "near":
            (xa, ya), (xb, yb) = hexmap.cell_of(PRIDE.bow), hexmap.cell_of(GULL.bow)
            # between the dots; at the whole zoom a hex over the other has none between:
            # beside the upper
            between = ((xa + xb) // 2 + (1 if xa == xb and zoom == "whole" else 0),
                       (ya + yb) // 2)
            assert grapple == [between] and between not in (cells_of := {(xa, ya), (xb, yb)}), \
                (grapple, cells_of)
            assert drawn[grapple[0]][0] == "~"
        # she is aflame: a * beside each of her hexes, in the fire's colours (the grapple at
        # her bow's edge drawn over it); the others not
        flames = [xy for xy, (_, c) in drawn.items() if c == "hexmap--aflame"]
        assert all(drawn[xy][0] == "*" for xy in flames)
        assert len(flames) >= len(PRIDE.hexes) - 1
        for h in PRIDE.hexes[1:]:
            x, y = hexmap.cell_of(h)
            assert (x + (1 if zoom != "near" else 2), y) in flames


def aflame_and_in_range(game: Game) -> Game:
    """The quinquereme scenario with the Gull brought four hexes ahead of the Pride's bow,
    burning pitch on the Pride's deck, and the Pride's deck crew acting on count 4 (a position
    set out for the screen: not played)."""
    state = game.state
    pride = state.vessel("pride")
    ahead = pride.body.bow
    for _ in range(4):
        ahead = neighbour(ahead, facing_named("N"))
    gull = replace(state.vessel("gull"), body=Body(ahead, facing_named("S"), 1))
    state = replace(state, vessels=tuple(gull if v.id == "gull" else v for v in state.vessels),
                    phase=Phase.COUNTS, count=4, to_act="p1",
                    actors=(Actor("pride:crew", "pride", "p1", "crew", 4, 4),),
                    fires=(Fire("f1", "pride", 2, 1, "1d6", 4),))
    game._states[0] = state
    return game


async def test_the_highlighted_volley_draws_its_line_of_fire_and_she_is_marked_aflame(
        tmp_path: Path) -> None:
    game = aflame_and_in_range(Game.new("acks", "quinquereme", seed=1))
    app = AhoyApp(session=session(tmp_path, game))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        hexmap = screen.query_one(HexMap)
        state = screen.session.state
        assert [v.ship for v in hexmap.scene.vessels if v.aflame] == ["pride"]
        choices = screen.query_one(ChoiceList)
        rows = choices._choices
        volley = next(i for i, row in enumerate(rows)
                      if isinstance(row, Volley) and row.target == "gull")
        choices.highlighted = volley
        await pilot.pause()
        fire_lines = [ln for ln in hexmap.scene.lines if ln.kind == "fire"]
        pride, gull = state.vessel("pride"), state.vessel("gull")
        assert fire_lines == [HexLine(pride.body.bow, gull.body.bow, "fire")]
        x, y = hexmap.cell_of(line(pride.body.bow, gull.body.bow)[1])
        assert hexmap._rows[y][x] == ("•", "hexmap--fire")
        # another choice (no target): no line of fire
        other = next(i for i, row in enumerate(rows) if not isinstance(row, Volley))
        choices.highlighted = other
        await pilot.pause()
        assert [ln for ln in hexmap.scene.lines if ln.kind == "fire"] == []
        # the legend says what the marks are
        await pilot.press("L")
        await pilot.pause()
        legend = str(app.screen.query_one("#notice-text").content)
        assert "aflame" in legend and "line of fire" in legend
