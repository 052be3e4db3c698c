"""The odds before you commit, on the battle screens: a line under the choices for the choice
selected, ``b`` for the whole breakdown, and a setting that turns them off; and the choice list's
keys: ``0`` ends the phase, and a tenth choice and beyond are reached by number in blocks of
nine."""

from __future__ import annotations

from pathlib import Path

import pytest

from ahoy_tui.engine import Game
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.session import LocalSession
from ahoy_tui.settings import load
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.battle import BattleScreen
from ahoy_tui.ui.widgets.choices import ChoiceList
from ahoy_tui.ui.widgets.odds_line import OddsLine, OddsScreen

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def own_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "settings.toml"
    monkeypatch.setenv("AHOY_SETTINGS", str(path))
    return path


def broadside() -> dict:
    """Two anchored ships 6" apart, broadside to broadside: every gun at point blank."""
    ship = {"size": "small", "heading": "E", "anchored": True, "speed": 0,
            "crew": {"sailor": 7}, "guns": [{"weapon": "naval_cannon", "mount": "starboard"},
                                            {"weapon": "naval_cannon", "mount": "port"}]}
    return {
        "name": "broadside", "title": "Broadside", "description": "Point blank.",
        "options": {"wind": "S", "wind_changes": False, "turn_limit": 1},
        "sides": [{"id": "p1", "name": "Empire"}, {"id": "p2", "name": "Pirates"}],
        "ships": [{**ship, "id": "hawk", "name": "Hawk", "side": "p1", "x": 30, "y": 20},
                  {**ship, "id": "kite", "name": "Kite", "side": "p2", "x": 30, "y": 26}],
    }


def session(tmp_path: Path) -> LocalSession:
    game = Game.new("ahoy", scenario_data=broadside(), seed=11)
    return LocalSession(game, path=tmp_path / "battle.json")


def highlight(screen: BattleScreen, test) -> int:
    choices = screen.query_one(ChoiceList)
    index = next(i for i, row in enumerate(choices._choices) if test(row))
    choices.highlighted = index
    return index


async def test_the_odds_line_shows_under_a_gun_selected_and_b_opens_the_breakdown(tmp_path):
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        await pilot.press("0")  # End orders, on 0: into the shooting phase
        await pilot.pause()
        line = screen.query_one(OddsLine)
        highlight(screen, lambda r: isinstance(r, a.EndShooting))
        await pilot.pause()
        assert not line.display  # End shooting rolls for nothing
        highlight(screen, lambda r: isinstance(r, a.FireGun) and r.shot == "ball")
        await pilot.pause()
        assert line.display and line.odds is not None
        gun = screen.query_one(ChoiceList)._choices[screen.query_one(ChoiceList).highlighted]
        expected = screen.session.ruleset.odds(screen.session.state, gun)
        assert line.odds.summary == expected.summary
        assert expected.summary in str(line.render())
        assert line.region.y > screen.query_one(ChoiceList).region.y  # under the list
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, OddsScreen)
        text = str(app.screen.query_one("#odds-breakdown").render())
        assert "S9 v T" in text and "misfire" in text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_the_setting_off_hides_the_odds_and_is_kept(tmp_path, own_settings):
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await pilot.press("0")
        await pilot.pause()
        highlight(screen, lambda r: isinstance(r, a.FireGun) and r.shot == "ball")
        await pilot.pause()
        assert screen.query_one(OddsLine).display
        app.set_show_odds(False)
        await pilot.pause()
        assert not screen.query_one(OddsLine).display
        assert load()["show_odds"] is False and "show_odds = false" in own_settings.read_text()
        await pilot.press("b")
        await pilot.pause()
        assert not isinstance(app.screen, OddsScreen)
    again = AhoyApp(session=session(tmp_path))
    assert again.show_odds is False  # kept for the next game


async def test_zero_ends_the_phase_wherever_it_lies(tmp_path):
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await pilot.press("0")
        await pilot.pause()
        assert screen.session.state.phase.value == "shooting"
        choices = screen.query_one(ChoiceList)
        assert isinstance(choices._choices[choices.zero], a.EndShooting)
        await pilot.press("down", "down")  # the arrows move the highlight: 0 still ends it
        step = screen.session.step
        await pilot.press("0")
        await pilot.pause()
        assert screen.session.step == step + 1
        assert isinstance(screen.session.game.action_at(step + 1), a.EndShooting)


async def test_a_tenth_choice_is_reached_by_number_in_the_next_nine(tmp_path):
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await pilot.pause()
        choices = screen.query_one(ChoiceList)
        picked: list[object] = []
        rows = [(f"choice {n}", n) for n in range(1, 13)]
        screen.play = picked.append  # what would be played, not played
        choices.show(rows, zero=None)
        await pilot.pause()
        await pilot.press("3")
        await pilot.pause()
        assert picked == [3]
        for _ in range(9):
            await pilot.press("down")  # the arrows reach the list without a Tab
        assert choices.highlighted == 9 and choices.page == 1
        await pilot.press("2")
        await pilot.pause()
        assert picked == [3, 11]  # the second of the next nine
        await pilot.press("enter")
        await pilot.pause()
        assert picked == [3, 11, 10]


async def test_naval_battle_the_odds_of_the_shot_under_the_fire_plans_cursor(tmp_path):
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from test_naval_battle_ui import close_quarters, settle, to_orders
    from test_naval_battle_ui import session as naval_session

    from ahoy_tui.rules.naval_battle.model import Phase
    from ahoy_tui.ui.widgets.fire_plan import FirePlanSheet

    app = AhoyApp(session=naval_session(tmp_path, data=close_quarters()))
    async with app.run_test(size=(140, 46)) as pilot:
        screen = app.screen
        await to_orders(pilot, screen)
        await pilot.press("enter")
        await settle(pilot, lambda: app.screen is not screen)
        await pilot.press("enter")  # past the reveal
        await settle(pilot, lambda: screen.session.state.phase == Phase.SHOOTING
                     and screen.session.may_act())
        await pilot.pause()
        fire = screen.query_one(FirePlanSheet)
        line = screen.query_one(OddsLine)
        await pilot.press("h")  # hold everything: no shot, no odds
        await pilot.pause()
        assert not line.display
        index = next(i for i, row in enumerate(fire.rows) if row.targets)
        await pilot.press(*["down"] * index, "right")
        await pilot.pause()
        assert line.display and line.odds is not None
        shot = fire.shot_at_cursor()
        view = screen.session.ruleset.view(screen.session.state, "p1")
        expected = screen.session.ruleset.odds(view, shot)
        assert line.odds.summary == expected.summary
        assert expected.summary in str(line.render())
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, OddsScreen)
        assert "Damage through the armour" in str(app.screen.query_one("#odds-breakdown")
                                                  .render())
        await pilot.press("escape")
        await pilot.pause()
        app.set_show_odds(False)
        await pilot.pause()
        assert not line.display


async def test_the_new_game_form_sets_the_odds_and_the_palette_offers_them(tmp_path,
                                                                          own_settings):
    from textual.widgets import Select

    from ahoy_tui.ui.screens.new_game import NewGameScreen

    app = AhoyApp(saves=tmp_path)
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(NewGameScreen())
        await pilot.pause()
        form = app.screen
        odds = form.query_one("#odds", Select)
        assert odds.value == "shown"
        odds.value = "hidden"
        await pilot.pause()
        form.action_start()
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        assert app.show_odds is False and load()["show_odds"] is False
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Odds: show them" in titles and "Odds: the breakdown" in titles
        app.set_show_odds(True)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Odds: hide them" in titles


def across_her_bow(x: float) -> dict:
    """The Harpy heading east at (10, 20), the Revenge lying north across her bow at ``x``:
    at 19 her hull is 0.75" off (every inch of the advance meets it), at 20 1.75" (1" does
    not)."""
    ship = {"size": "medium", "speed": 8, "guns": []}
    return {
        "name": "bow", "title": "Across her bow", "description": "A collision ahead.",
        "options": {"wind": "S", "wind_changes": False, "turn_limit": 3},
        "sides": [{"id": "p1", "name": "Empire"}, {"id": "p2", "name": "Pirates"}],
        "ships": [{**ship, "id": "harpy", "name": "Harpy", "side": "p1", "x": 10, "y": 20,
                   "heading": "E", "crew": {"sailor": 12}},
                  {**ship, "id": "revenge", "name": "Revenge", "side": "p2", "x": x, "y": 20,
                   "heading": "N", "speed": 6, "crew": {"sailor": 8}}],
    }


@pytest.mark.parametrize("learning", [False, True], ids=["battle", "learn"])
@pytest.mark.parametrize("x", [19, 20])
async def test_every_distance_the_picker_offers_that_collides_shows_its_odds(
        tmp_path: Path, x: float, learning: bool) -> None:
    """Ahead 1-6" with the Revenge across her bow: at each inch the picker stands on, the odds
    line shows the collision, on the screen at 80x24, in a learn game too (the guide halves
    the bottom). At 1.75" off the inch itself meets nothing (the rules played say so), but she
    may not turn before 3" and must go on into her: its line says "then collides" (it showed
    nothing, though the whole advance's warned)."""
    from ahoy_tui.engine.events import Happened
    from ahoy_tui.engine.game import apply
    from ahoy_tui.ui.widgets.choices import NumberChoice, ValuePicker

    game = Game.new("ahoy", scenario_data=across_her_bow(x), seed=3)
    game.play(a.EndOrders())
    game.play(a.StartMove("harpy", "slow"))          # 6" straight on
    app = AhoyApp(session=LocalSession(game, path=tmp_path / "battle.json",
                                       learning=learning))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        rules, state = screen.session.ruleset, screen.session.state
        choices = screen.query_one(ChoiceList)
        row = next(i for i, r in enumerate(choices._choices) if isinstance(r, NumberChoice)
                   and isinstance(r.template, a.Advance))
        choices.highlighted = row
        await pilot.press("enter")                   # the picker, at the whole 6"
        await pilot.pause()
        picker, line = screen.query_one(ValuePicker), screen.query_one(OddsLine)
        assert picker.display and picker.value == 6
        met = []
        for inches in range(6, 0, -1):
            if inches < 6:
                await pilot.press("left")
                await pilot.pause()
            assert picker.value == inches
            _, events = apply(state, a.Advance(inches))
            met.append(any(isinstance(e, Happened) and e.kind == "collision" for e in events))
            assert line.display, inches
            assert line.odds == rules.odds(state, a.Advance(inches))
            words = "collides with the Revenge" if met[-1] else "then collides with the Revenge"
            assert line.odds.summary.startswith(words), (inches, line.odds.summary)
            assert 0 <= line.region.y < SIZE[1] - 1 and line.region.height == 1
            assert f"Odds {words}" in str(line.render())
        assert met == ([True] * 6 if x == 19 else [True] * 5 + [False])
