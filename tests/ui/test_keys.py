"""F1 lists the game's keys for the screen in view (ui/screens/keys.py), not Textual's."""

from __future__ import annotations

from ahoy_tui.engine import Game
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.keys import KeysScreen


async def keys_of(app: AhoyApp, pilot) -> dict[str, str]:
    await pilot.press("f1")
    await pilot.pause()
    assert isinstance(app.screen, KeysScreen)
    return {what.split(":")[0]: key for key, what in app.screen.rows}


async def test_f1_lists_the_battle_keys_hidden_ones_too_and_none_of_textuals(tmp_path):
    game = Game.new("ahoy", "duel", seed=3)
    app = AhoyApp(session=LocalSession(game, path=tmp_path / "b.json"))
    async with app.run_test(size=(100, 30)) as pilot:
        battle = app.screen
        rows = await keys_of(app, pilot)
        assert rows["Undo"] == "u" and rows["Tape"] == "t"
        assert rows["Ship ]"] == "]" and rows["Ship"] == "["  # shown and hidden alike
        assert rows["Move line"] == ":" and rows["Strike colours"] == "!"
        assert rows["Victory"] == "v"
        assert not any("scroll" in what.lower() for what in rows)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is battle


async def test_f1_on_the_naval_battle_and_the_title(tmp_path):
    game = Game.new("naval-battle", None, seed=3)
    app = AhoyApp(session=LocalSession(game, path=tmp_path / "n.json"))
    async with app.run_test(size=(100, 30)) as pilot:
        rows = await keys_of(app, pilot)
        assert rows["Seal"] == "enter" or rows["Seal"] == "⏎"
        assert "Victory" in rows and "Tape" in rows
        await pilot.press("f1")  # F1 again closes it
        await pilot.pause()
        assert not isinstance(app.screen, KeysScreen)
    app = AhoyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        rows = await keys_of(app, pilot)
        assert rows  # the title's keys


async def test_f1_lists_only_the_keys_the_rules_played_give_the_screen(tmp_path):
    """Man O' War has no move line and no keyed choice: F1 leaves out : and !, and they do
    nothing (they were listed, and : answered that these rules have none)."""
    game = Game.new("man-o-war", "empire_bretonnia", seed=3)
    app = AhoyApp(session=LocalSession(game, path=tmp_path / "m.json"))
    async with app.run_test(size=(100, 30)) as pilot:
        rows = await keys_of(app, pilot)
        assert "Move line" not in rows and "Strike colours" not in rows
        assert rows["Undo"] == "u" and rows["Tape"] == "t"
        await pilot.press("escape")
        await pilot.pause()
        before = app.screen.session.step
        await pilot.press("colon")
        await pilot.pause()
        assert not app.screen.query_one("#moveline").display
        assert app.screen.session.step == before
