"""Man O' War on the battle screen: the template cards (hit locations by band, boxes with
damage and Blaze markers, saves, crew, Below the Waterline), activations chosen by keys, and a
move previewed on the map; at 80×24 and larger."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

from ahoy_tui.engine import Game
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.man_o_war.model import Marks
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.widgets.template_cards import TemplateCards


@pytest.fixture(autouse=True)
def _saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))


def screen_text(app: AhoyApp) -> str:
    text = re.sub(r"<[^>]+>", "", app.export_screenshot())
    return html.unescape(text).replace("\xa0", " ")


def session(tmp_path: Path, game: Game | None = None) -> LocalSession:
    game = game or Game.new("man-o-war", "empire_bretonnia", seed=3)
    return LocalSession(game, path=tmp_path / "mow.json")


@pytest.mark.parametrize("size", [(80, 24), (130, 44)])
async def test_the_template_card_of_the_selected_ship(tmp_path: Path, size: Any) -> None:
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        assert isinstance(app.screen.query_one("#cards"), TemplateCards)
        text = screen_text(app)
        assert "Sigmar's Hammer" in text and "Greatship" in text
        assert "BTW □□□□ 4+" in text and "crew ●●●●● 5/5" in text
        assert "Fore Mast" in text and "HI" in text  # the high band, its d6 number and boxes


async def test_damage_and_blaze_markers_show_in_their_boxes(tmp_path: Path) -> None:
    game = Game.new("man-o-war", "empire_bretonnia", seed=3)
    g = game.state.ship("greatship")
    marks = (Marks(1, 0), Marks(), Marks(), Marks(0, 1), *g.marks[4:])
    state = replace(game.state, ships=tuple(replace(s, marks=marks, btw=1)
                                            if s.id == "greatship" else s
                                            for s in game.state.ships))
    game._states[0] = state  # a position set out for the card: the state itself is not played
    app = AhoyApp(session=session(tmp_path, game))
    async with app.run_test(size=(130, 44)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "■□" in text  # the Fore Mast: one damage marker of two
        assert "▲□" in text  # the Forecastle: one box ablaze
        assert "BTW ■□□□" in text
        assert "2nd hit: speed -2" in text  # what the damaged location's card says


async def test_an_activation_and_a_move_by_keys(tmp_path: Path) -> None:
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=(130, 44)) as pilot:
        await pilot.pause()
        assert "activate a Man O' War" in screen_text(app)
        await pilot.press("1")  # Activate the Sigmar's Hammer
        await pilot.pause()
        assert "set her course" in screen_text(app)
        await pilot.press("1")  # under sail
        await pilot.pause()
        game = app.screen.session
        assert game.state.move is not None and game.state.move.allowance == 6
        await pilot.press("4")  # ahead: the value picker
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert game.state.ship("greatship").x == pytest.approx(11.5)


async def test_the_tape_is_the_range_template_from_her_bow_sides_or_stern(
        tmp_path: Path) -> None:
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=(130, 44)) as pilot:
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        text = screen_text(app)
        assert "range" in text  # the band (or "beyond long range") of the template's length
        await pilot.press("o")  # from her bow
        await pilot.pause()
        text = screen_text(app)
        assert "fore arc" in text
