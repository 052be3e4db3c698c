"""The deck battlemaps as drawn (issue 36, item 10): a vessel's name is never written over by a
man hanging from her hull or swimming beside her (it moves along, or to the other side, or
gives way to her two letters); a deck standing across another (a ram into her side) is drawn
upright, rails and point turned; the legend names the engines' ``#``."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.app import App, ComposeResult

from ahoy_tui.engine import Game
from ahoy_tui.engine.deckscene import DeckFigure, DeckPlan, DeckScene
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.hexgrid import Body, facing_named
from ahoy_tui.rules.acks.deck import lay_decks
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.widgets.deck_map import DeckMap


class MapApp(App[None]):
    def compose(self) -> ComposeResult:
        yield DeckMap()


PRIDE = DeckPlan("pride", "Pride of Aura", "p1", 20, 4, 2, 2, label="PA")


def name_at(lines: list[str], name: str) -> tuple[int, int] | None:
    for y, text in enumerate(lines):
        x = text.find(name)
        if x >= 0:
            return x, y
    return None


async def test_men_in_the_water_never_write_over_her_name() -> None:
    # men swimming and hanging all along the row of water above her, where her name goes
    men = tuple(DeckFigure((c, 1), "m", "p2", f"gull:m{c}", vessel="pride",
                           swimming=c % 2 == 0, hanging=c % 2 == 1) for c in range(3, 9))
    scene = DeckScene(26, 8, (PRIDE,), men)
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        deckmap = app.query_one(DeckMap)
        deckmap.show(scene)
        await pilot.pause()
        lines = deckmap.text_lines()
        for man in men:   # every man drawn at his square
            assert lines[man.square[1]][man.square[0]] == "m"
        spot = name_at(lines, "Pride of Aura")
        assert spot is not None, "her name is whole"
        x, y = spot
        assert all((c, y) not in {m.square for m in men} for c in range(x, x + 13))
        # with men in both rows beside her, the whole way along, only her letters (or
        # nothing) and never over a man
        crowd = tuple(DeckFigure((c, r), "s", "p1", f"pride:s{c}:{r}", vessel="pride",
                                 swimming=True) for c in range(0, 26) for r in (1, 6)
                      if c != 24)
        deckmap.show(DeckScene(26, 8, (PRIDE,), crowd))
        await pilot.pause()
        lines = deckmap.text_lines()
        assert name_at(lines, "Pride") is None
        for man in crowd:
            assert lines[man.square[1]][man.square[0]] == "s"


async def test_a_deck_standing_across_is_drawn_upright() -> None:
    gull = DeckPlan("gull", "Gull", "p2", 10, 3, 8, 1, upright=-1, label="Gu",
                    steering=(0, 1), artillery=((8, 1),))
    below = replace(PRIDE, row=12)
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        deckmap = app.query_one(DeckMap)
        deckmap.show(DeckScene(26, 17, (gull, below)))
        await pilot.pause()
        lines = deckmap.text_lines()
        # stern across the top (her corners), rails down her sides, the point below her
        assert lines[1][8:11] == "╭⌂╮"
        assert lines[5][8] == "│" and lines[5][10] == "│" and lines[5][9] == "·"
        assert lines[11][8:11] == "╲v╱"
        assert lines[9][9] == "#"       # the engine at her bow
        assert name_at(lines, "Gull") is not None


async def test_the_deck_legend_names_the_engines(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))
    game = Game.new("acks", "quinquereme", seed=1)
    state = game.state
    pride = state.vessel("pride")
    gull = replace(state.vessel("gull"), body=Body(pride.body.hexes[1], facing_named("NE"), 1))
    game._states[0] = lay_decks(replace(state, vessels=tuple(
        gull if v.id == "gull" else v for v in state.vessels)))
    app = AhoyApp(session=LocalSession(game, path=tmp_path / "a.json", seats=("p1", "p2")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("d")
        await pilot.pause()
        scene = app.screen.query_one(DeckMap).scene
        assert scene is not None
        assert scene.deck("gull").upright == -1    # rammed into her side: across her
        await pilot.press("L")
        await pilot.pause()
        legend = str(app.screen.query_one("#notice-text").content)
        assert "#  an engine" in legend and "⌂  her steering oars" in legend
