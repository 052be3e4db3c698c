"""The deck battlemaps on the ACKS II battle screen: ``d`` turns the map to the decks of a
boarding (5' squares, a man a letter) with the selected man's sheet in a line, and back to the
sea battlemap; before any deck is laid it says why nothing opens. At 80×24."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from ahoy_tui.engine import Game
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.hexgrid import Body, facing_named
from ahoy_tui.rules.acks.deck import lay_decks
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.acks import NO_DECK, AcksScreen
from ahoy_tui.ui.widgets.deck_map import DeckMap
from ahoy_tui.ui.widgets.hex_map import HexMap, axial

SMALL = (80, 24)


@pytest.fixture(autouse=True)
def _saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))


def screen_text(app: AhoyApp) -> str:
    text = re.sub(r"<[^>]+>", "", app.export_screenshot())
    return html.unescape(text).replace("\xa0", " ")


def session(tmp_path: Path, game: Game) -> LocalSession:
    return LocalSession(game, path=tmp_path / "acks.json", seats=("p1", "p2"))


def boarding() -> Game:
    """The quinquereme scenario with the Gull brought beside the Pride's bow hex, heading the
    other way, and both decks laid (a position set out for the screen: not played)."""
    game = Game.new("acks", "quinquereme", seed=1)
    state = game.state
    gull = replace(state.vessel("gull"), body=Body(axial(16, 23), facing_named("S"), 1))
    state = replace(state, vessels=tuple(gull if v.id == "gull" else v
                                         for v in state.vessels))
    game._states[0] = lay_decks(state)
    return game


def sheet_text(app: AhoyApp) -> str:
    return str(app.screen.query_one("#deck-sheet").content)


async def test_before_a_boarding_d_says_the_decks_are_not_laid(tmp_path: Path) -> None:
    app = AhoyApp(session=session(tmp_path, Game.new("acks", "quinquereme", seed=1)))
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, AcksScreen)
        await pilot.press("d")
        await pilot.pause(0.1)
        # the toast at the foot of the screen, right of its edge (▌), wrapped to its width
        toast = [line.split("▌", 1)[1].rstrip("▃ ") for line in screen_text(app).splitlines()
                 if "▌" in line]
        said = " ".join(" ".join(toast).split())
        assert "No boarding yet: the decks open when an enemy vessel comes alongside" in said
        assert [n.message for n in app._notifications] == [NO_DECK]
        assert screen.query_one(HexMap).display and not screen.query_one(DeckMap).display
        assert not screen.deck_on


async def test_d_shows_the_decks_of_the_boarding_and_the_selected_mans_sheet(
        tmp_path: Path) -> None:
    game = boarding()
    state = game.state
    app = AhoyApp(session=session(tmp_path, game))
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen = app.screen
        hexmap, deckmap = screen.query_one(HexMap), screen.query_one(DeckMap)
        assert hexmap.display and not deckmap.display   # the sea battlemap first
        await pilot.press("d")
        await pilot.pause()
        assert screen.deck_on and deckmap.display and not hexmap.display
        scene = deckmap.scene
        assert {d.vessel for d in scene.decks} == {"pride", "gull"}
        # both decks and the water between fit the map at 80×24
        assert deckmap.size.height >= scene.rows and deckmap.size.width >= scene.columns
        text = screen_text(app)
        assert "Pride of Aura" in text and "Gull" in text
        lines = deckmap.text_lines()
        pride, gull = scene.deck("pride"), scene.deck("gull")
        assert lines[pride.row + 2][pride.col] == "C"           # Phaedra at the steering oars
        assert lines[pride.row + 1][pride.col + pride.length] == ">"   # her bow, right
        assert lines[gull.row + 1][gull.col - 1] == "<"         # the Gull's, heading away
        for f in state.figures:
            if f.where == "deck" and f.on == "pride":
                col, row = pride.cell(f.x, f.y)
                assert lines[row][col] == ("C" if f.role == "captain" else f.role[0])
        assert "~" in lines[0]
        # the selected man: her captain, his sheet in a line beneath the decks
        sheet = sheet_text(app)
        captain = state.vessel("pride").captain
        assert sheet.startswith(f"{captain.name}, captain")
        assert f"HP {captain.hp}/{captain.hp}" in sheet and "AC 4" in sheet
        assert f"attack {captain.attack:+d}" in sheet and "saves P" in sheet
        row = next(line for line in text.splitlines() if f"{captain.name}, captain" in line)
        assert f"HP{captain.hp}/{captain.hp}" in "".join(row.split())   # on screen
        # a click on a corsair selects him
        man = next(f for f in scene.figures if f.id == "gull:m2")
        await pilot.click(DeckMap, offset=deckmap.view_cell(man.square))
        await pilot.pause()
        assert screen.figure == "gull:m2"
        assert sheet_text(app).startswith("marine 2  HP 4/4  AC 3  attack +0  saves P")
        # on screen (the export leaves out runs of bare spaces between styles)
        assert any("".join(line.split()).startswith("marine2HP4/4AC3attack+0savesP")
                   for line in screen_text(app).splitlines())
        assert [f.id for f in deckmap.scene.figures if f.selected] == ["gull:m2"]
        # d again: the sea battlemap
        await pilot.press("d")
        await pilot.pause()
        assert not screen.deck_on and hexmap.display and not deckmap.display
        assert not screen.query_one("#deck-sheet").display
        assert "marine 2" not in screen_text(app)
        assert screen.query_one(HexMap).scene is not None
