"""The sea map a wargamer reads at a glance (issue 14): square inches, a zoom that keeps the ship
where she is and one that fits the table, following the action, a tape measure, a labels a ship
each, where a planned move ends and where the last shots fell."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Static

from ahoy_tui.engine import Game
from ahoy_tui.rules.scene import short_labels
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.widgets.sea_map import ASPECT, SeaMap


@pytest.fixture(autouse=True)
def _saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))


def ship(id_: str, name: str, side: str, x: float, y: float, heading: str,
         **extra: Any) -> dict[str, Any]:
    return {"id": id_, "name": name, "side": side, "x": x, "y": y, "heading": heading,
            "size": "small", "speed": 0, "anchored": True, "crew": {"sailor": 7},
            "guns": [{"weapon": "naval_cannon", "mount": "starboard"},
                     {"weapon": "naval_cannon", "mount": "port"}], **extra}


def scenario(*ships: dict[str, Any]) -> dict[str, Any]:
    return {"name": "chart", "title": "Chart", "description": "A test of the map.",
            "options": {"wind": "S", "wind_changes": False, "turn_limit": 2},
            "sides": [{"id": "p1", "name": "Empire"}, {"id": "p2", "name": "Pirates"}],
            "ships": list(ships)}


def app_for(tmp_path: Path, data: dict[str, Any]) -> AhoyApp:
    game = Game.new("ahoy", scenario_data=data, seed=2)
    return AhoyApp(session=LocalSession(game, path=tmp_path / "battle.json"))


def cells_of(sea: SeaMap, style: str) -> list[tuple[int, int]]:
    return [(c, r) for r, row in enumerate(sea._rows) for c, cell in enumerate(row)
            if cell[1] == style]


async def test_an_inch_is_square_so_a_ship_heading_south_east_lies_at_45_degrees(tmp_path):
    data = scenario(ship("hawk", "Hawk", "p1", 30, 20, "SE"),
                    ship("kite", "Kite", "p2", 50, 30, "E"))
    app = app_for(tmp_path, data)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        sea = app.screen.query_one(SeaMap)
        assert sea.scale == 1.0  # the default zoom on a big terminal: two columns an inch
        assert sea.table_to_cell(30, 20) == (61, 21)
        assert sea.table_to_cell(33, 23) == (67, 24)  # 3" across is 6 columns, 3" down 3 rows
        hull = cells_of(sea, "seamap--selected")
        cols = [c for c, _ in hull]
        rows = [r for _, r in hull]
        # her length runs corner to corner: as many columns wide as twice the rows tall
        assert abs((max(cols) - min(cols)) - ASPECT * (max(rows) - min(rows))) <= 2
        bow = next((c, r) for r, row in enumerate(sea._rows) for c, cell in enumerate(row)
                   if cell[0] == "↘")
        label = next((c, r) for r, row in enumerate(sea._rows) for c, cell in enumerate(row)
                     if cell[0] == "H" and cell[1] == "seamap--selected")
        assert bow[0] - label[0] == pytest.approx(ASPECT * (bow[1] - label[1]), abs=1)


async def test_the_widest_zoom_fits_the_whole_table_in_the_room_there_is(tmp_path):
    data = scenario(ship("hawk", "Hawk", "p1", 30, 20, "E"),
                    ship("kite", "Kite", "p2", 50, 30, "E"))
    app = app_for(tmp_path, data)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        sea = app.screen.query_one(SeaMap)
        # a small terminal opens zoomed out enough to see the table
        width, height = sea.size
        cols, rows = sea.virtual_size
        assert cols <= width and rows <= height
        assert cols >= width - 3 or rows >= height - 3  # using the room, not a corner of it
        await pilot.press("m", "plus", "plus")
        assert sea.scale < sea.fit_scale()
        await pilot.press("minus", "minus", "minus")
        assert sea.fit and sea.virtual_size.width <= sea.size.width


async def test_zooming_keeps_the_selected_ship_where_she_is_on_the_screen(tmp_path):
    data = scenario(ship("hawk", "Hawk", "p1", 20, 14, "E"),
                    ship("kite", "Kite", "p2", 50, 30, "E"))
    app = app_for(tmp_path, data)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        sea = screen.query_one(SeaMap)
        hawk = screen.session.state.ship("hawk")

        def on_screen() -> tuple[float, float]:
            col, row = sea.table_to_cell(hawk.x, hawk.y)
            return col - sea.scroll_x, row - sea.scroll_y

        before = on_screen()
        await pilot.press("m", "plus")
        await pilot.pause()
        assert sea.scale == 0.5  # closer: she stays where she was on the screen
        after = on_screen()
        assert abs(after[0] - before[0]) <= 2 and abs(after[1] - before[1]) <= 1
        await pilot.press("minus")
        await pilot.pause()
        assert sea.scale == 1.0
        again = on_screen()
        assert abs(again[0] - before[0]) <= 2 and abs(again[1] - before[1]) <= 1
        await pilot.press("minus")  # the widest zoom: the whole table, wherever she is on it
        await pilot.pause()
        assert sea.scale == sea.fit_scale() and sea.in_view(hawk.x, hawk.y, margin=0)


async def test_the_map_recentres_on_the_selected_ship_when_the_terminal_is_resized(tmp_path):
    data = scenario(ship("hawk", "Hawk", "p1", 66, 42, "E"),
                    ship("kite", "Kite", "p2", 10, 8, "E"))
    app = app_for(tmp_path, data)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.selected = "hawk"
        screen.refresh_all()
        sea = screen.query_one(SeaMap)
        sea.centre_on(10, 8)  # looking elsewhere
        await pilot.resize_terminal(140, 44)
        await pilot.pause()
        await pilot.pause()
        assert sea.in_view(66, 42)


async def test_ships_get_labels_a_reader_can_tell_apart(tmp_path):
    labels = short_labels([("s", "Scourge"), ("w", "Sigmar's Wrath"), ("v", "Sea Wolf"),
                           ("h", "Harpy"), ("k", "Hawk"), ("x", "Scourge")])
    assert len(set(labels.values())) == 6
    assert labels["s"] == "Sc" and labels["w"] == "SW" and labels["h"] == "Ha"
    data = scenario(ship("s", "Scourge", "p1", 20, 20, "E"),
                    ship("w", "Sigmar's Wrath", "p2", 50, 30, "E"))
    app = app_for(tmp_path, data)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        sea = app.screen.query_one(SeaMap)
        text = "\n".join("".join(cell[0] for cell in row) for row in sea._rows)
        assert "Sc" in text and "SW" in text
        card = str(app.screen.query_one("#card-w").render())
        assert "SW Sigmar's Wrath" in card


async def test_the_tape_measures_from_the_ship_or_a_gun_to_the_cursor(tmp_path):
    data = scenario(ship("hawk", "Hawk", "p1", 30, 20, "E"),
                    ship("kite", "Kite", "p2", 30, 26, "E"))
    app = app_for(tmp_path, data)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        screen.selected = "hawk"
        screen.refresh_all()
        await pilot.press("t")
        sea = screen.query_one(SeaMap)
        assert screen.tape_on and sea.has_focus and sea.cursor == (30, 20)
        for _ in range(round(6 / sea.sy)):  # 6" down: onto the Kite
            await pilot.press("down")
        await pilot.pause()
        tape = str(screen.query_one("#tape", Static).render())
        assert '3.5" hull to hull to the Kite' in tape
        await pilot.press("o")  # from her first gun: the port cannon, which looks away
        tape = str(screen.query_one("#tape", Static).render())
        assert "port naval cannon" in tape and "off its line of fire" in tape
        await pilot.press("o")  # the starboard cannon: the Kite is on its line
        tape = str(screen.query_one("#tape", Static).render())
        assert '3.5" along its line to the Kite: in range' in tape
        assert any(line.kind == "tape" for line in sea._scene.lines)
        await pilot.press("escape")
        assert not screen.tape_on and sea.cursor is None
        assert not screen.query_one("#tape", Static).display
        assert not any(line.kind == "tape" for line in sea._scene.lines)


async def test_a_shot_leaves_a_splash_on_the_map_until_its_side_plays_again(tmp_path):
    data = scenario(ship("hawk", "Hawk", "p1", 30, 20, "E"),
                    ship("kite", "Kite", "p2", 30, 26, "E"))
    app = app_for(tmp_path, data)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        session = screen.session
        while not any(getattr(e, "at", None) for e in session.events_at(session.step)):
            legal = session.legal_actions()
            fire = next((x for x in legal.fixed if type(x).__name__ == "FireGun"), None)
            screen.play(fire if fire is not None else legal[0])
            await pilot.pause()
        where = next(e.at for e in session.events_at(session.step) if getattr(e, "at", None))
        sea = screen.query_one(SeaMap)
        col, row = sea.table_to_cell(*where)
        assert sea._rows[row][col][0] == "×"
        assert where in screen.splashes()
        # it stays through the other side's turn, and goes when the Empire's next one begins
        side = next(e.side for e in session.events_at(session.step) if getattr(e, "at", None))
        while not session.over and where in screen.splashes():
            screen.play(session.legal_actions()[0])
            await pilot.pause()
        turns = [e for s in range(session.step + 1) for e in session.events_at(s)
                 if getattr(e, "kind", "") == "turn"]
        assert session.over or turns[-1].side == side


def test_a_planned_move_shows_where_she_ends_and_what_she_could_hit_from_there():
    from ahoy_tui.rules.ahoy import view

    data = scenario(ship("hawk", "Hawk", "p1", 30, 20, "E", anchored=False, speed=6),
                    ship("kite", "Kite", "p2", 38, 26, "E"))
    game = Game.new("ahoy", scenario_data=data, seed=2)
    while game.state.move is None:
        legal = game.legal_actions()
        game.play(next((x for x in legal if type(x).__name__ == "StartMove"), legal[0]))
    state = game.state
    scene = view.scene(state, "hawk", preview=6)
    ghost = next(h for h in scene.hulls if h.ghost)
    assert ghost.ship == "hawk" and ghost.centre == (36.0, 20.0)
    starboard = next(line for line in scene.lines if line.kind == "fire" and line.gun == "g2")
    assert starboard.start[0] == pytest.approx(36.0, abs=0.01)  # from where she will be
    assert any(mark.label == "×" for mark in starboard.marks)  # the Kite is on that line
    threats = [line for line in scene.lines if line.kind == "threat"]
    assert threats and all(line.ship == "kite" for line in threats)  # the Kite's guns on her
    plain = view.scene(state, "hawk")
    assert not any(h.ghost for h in plain.hulls)
