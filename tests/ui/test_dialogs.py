"""Dialogs wrap their words (nothing is cut off at 80×24), and no side is called "The The"."""

from __future__ import annotations

import html
import re

import pytest

from ahoy_tui.ai.captain import make_captain
from ahoy_tui.engine import Game
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.confirm import ConfirmScreen
from ahoy_tui.ui.screens.game_over import GameOverScreen


def screen_words(app: AhoyApp) -> str:
    text = re.sub(r"<[^>]+>", "", app.export_screenshot())
    text = re.sub(r"[█▀▄▌▐▔▁▊▎]", " ", html.unescape(text).replace("\xa0", " "))
    return " ".join(text.split())


def finished(ruleset: str, scenario: str | None, seed: int) -> Game:
    """A whole battle between two computer captains."""
    game = Game.new(ruleset, scenario, seed=seed)
    captains = {s: make_captain("easy", seed, think=0.0) for s in ("p1", "p2")}
    while not game.over:
        side = game.state.to_act
        game.play(captains[side].decide(game.ruleset.view(game.state, side),
                                        game.legal_actions()).action)
    return game


async def test_the_game_over_result_wraps_at_80_columns(tmp_path):
    game = finished("ahoy", "duel", 2)
    session = LocalSession(game, path=tmp_path / "b.json")
    app = AhoyApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameOverScreen(session, "A short summary."))
        await pilot.pause()
        shown = screen_words(app)
        for word in game.state.result.split():
            assert word in shown, word
        assert " ".join(game.state.result.split()[-3:]) in shown


async def test_a_long_question_wraps(tmp_path):
    question = ("Ahead 9\" takes the Harpy off the table after 4\" (Sailing Off the Table): she "
                "may come back next turn within 6\" of where she left, at half speed, or stay "
                "away and leave the battle. Go ahead?")
    app = AhoyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ConfirmScreen(question))
        await pilot.pause()
        assert "stay away and leave the battle. Go ahead?" in screen_words(app)


@pytest.mark.parametrize(("ruleset", "scenario"), [("ahoy", "duel"), ("naval-battle", None)])
def test_no_side_is_called_the_the(ruleset, scenario):
    game = finished(ruleset, scenario, 4)
    said = [e.describe() for step in range(game.step + 1) for e in game.events_at(step)]
    said += [game.ruleset.prompt(game.state_at(s)) for s in range(0, game.step + 1, 7)]
    doubled = [text for text in said if re.search(r"\bthe the\b", text, re.IGNORECASE)]
    assert not doubled, doubled[:3]


async def test_the_screenshot_goes_to_a_folder_made_for_it_and_says_where(tmp_path,
                                                                          monkeypatch):
    folder = tmp_path / "not" / "yet"
    monkeypatch.setenv("AHOY_SCREENSHOTS", str(folder))
    app = AhoyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.action_screenshot()
        await pilot.pause()
        written = list(folder.glob("*.svg"))
        assert len(written) == 1
        said = [n.message for n in app._notifications]
        assert any(str(written[0]) in message for message in said), said


async def test_the_palettes_screenshot_goes_where_the_readme_says_not_to_downloads(
        tmp_path, monkeypatch):
    """Issue 35: the command palette's Screenshot is Textual's own, which delivered the SVG to
    ~/Downloads; it lands in $AHOY_SCREENSHOTS like the game's."""
    folder = tmp_path / "shots"
    monkeypatch.setenv("AHOY_SCREENSHOTS", str(folder))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_DOWNLOAD_DIR", str(tmp_path / "home" / "Downloads"))
    app = AhoyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        command = next(c for c in app.get_system_commands(app.screen)
                       if c.title == "Screenshot")
        command.callback()
        for _ in range(20):
            await pilot.pause(0.05)
            if list(folder.glob("*.svg")):
                break
        assert len(list(folder.glob("*.svg"))) == 1
        assert not list((tmp_path / "home").rglob("*.svg"))
