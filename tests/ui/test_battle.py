"""The battle screen, driven by keys (and a click) as a player would."""

from __future__ import annotations

from pathlib import Path

import pytest

from ahoy_tui.ai.captain import RandomCaptain
from ahoy_tui.engine import Game
from ahoy_tui.engine.serialize import state_hash
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.session import STRICT, LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.battle import BattleScreen
from ahoy_tui.ui.screens.game_over import GameOverScreen
from ahoy_tui.ui.screens.title import TitleScreen
from ahoy_tui.ui.widgets.choices import ValuePicker
from ahoy_tui.ui.widgets.dice_log import DiceLog

SIZE = (120, 40)


def broadside() -> dict:
    """Two anchored ships a few inches apart, broadside to broadside, one turn to fight."""
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


def session(tmp_path: Path, data: dict | None = None, **kwargs) -> LocalSession:
    game = Game.new("ahoy", scenario_data=data or broadside(), seed=11)
    return LocalSession(game, path=tmp_path / "battle.json", **kwargs)


async def test_a_whole_battle_by_keys_alone(tmp_path):
    # What pressing "1" each time means: always the first legal choice.
    expected = Game.new("ahoy", scenario_data=broadside(), seed=11)
    while not expected.over:
        expected.play(expected.legal_actions()[0])
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        for _ in range(expected.step):
            await pilot.press("1")
            await pilot.pause()
        assert screen.session.over
        assert isinstance(app.screen, GameOverScreen)
        assert screen.session.step == expected.step
        assert state_hash(screen.session.state) == state_hash(expected.state)
        log = screen.query_one(DiceLog)
        assert any(getattr(e, "kind", "") == "game_over" for _, e in log.entries)
        await pilot.press("escape")
        assert app.screen is screen


async def test_undo_and_redo_give_the_same_dice(tmp_path):
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await pilot.press("1")  # end orders: into the shooting phase
        await pilot.press("1")  # fire the first gun at point blank: dice are rolled
        await pilot.pause()
        played = screen.session.step
        events = screen.session.events_at(played)
        hash_after = state_hash(screen.session.state)
        await pilot.press("u")
        await pilot.pause()
        assert screen.session.step == played - 1
        assert not any(e in events for _, e in screen.query_one(DiceLog).entries[-3:])
        await pilot.press("ctrl+r")
        await pilot.pause()
        assert screen.session.step == played
        assert screen.session.events_at(played) == events
        assert state_hash(screen.session.state) == hash_after


async def test_strict_undo_refuses_to_take_back_a_die(tmp_path):
    app = AhoyApp(session=session(tmp_path, policy=STRICT))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await pilot.press("1", "1")
        await pilot.pause()
        step = screen.session.step
        await pilot.press("u")
        await pilot.pause()
        assert screen.session.step == step, "a die was rolled: strict undo refuses"


async def test_save_quit_load_and_continue(tmp_path, monkeypatch):
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path))
    first = session(tmp_path)
    app = AhoyApp(session=first, saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "1")
        await pilot.pause()
        step = first.step
        await pilot.press("s")
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("l")  # load
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        battle = app.screen
        assert isinstance(battle, BattleScreen)
        assert battle.session is not first
        assert battle.session.path == first.path
        assert battle.session.step == step
        assert state_hash(battle.session.state) == state_hash(first.state)
        await pilot.press("1")
        await pilot.pause()
        assert battle.session.step == step + 1


async def test_load_and_replay_on_the_title_list_the_saves_folder_the_battle_was_given(
        tmp_path, monkeypatch):
    """`ahoy play --saves DIR`, then quit to the title: Load (and Replay) list DIR's battles,
    where the autosave went, not the default folder (they listed an empty saves/)."""
    from ahoy_tui.ui.screens.load import LoadScreen

    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "default"))
    mine = tmp_path / "mine"
    first = session(mine)
    app = AhoyApp(session=first, saves=mine)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("1", "1")
        await pilot.pause()
        await pilot.press("s")
        await pilot.press("q")
        await pilot.pause()
        for key in ("l", "r"):
            await pilot.press(key)
            await pilot.pause()
            listing = app.screen
            assert isinstance(listing, LoadScreen)
            assert listing.folder == mine and listing.paths == [first.path]
            await pilot.press("escape")
            await pilot.pause()


async def test_a_launch_that_plays_nothing_leaves_no_save_behind(tmp_path, monkeypatch):
    """Into a new battle and straight out: no file to resume (and no question about unsaved
    changes); the title offers no Resume."""
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path))
    app = AhoyApp(session=session(tmp_path), saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("q")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)
        assert not list(tmp_path.glob("*.json"))


def sailing() -> dict:
    data = broadside()
    data["ships"][0].update(anchored=False, speed=8, x=10, y=10, guns=[])
    data["ships"][1].update(x=60, y=40)
    return data


async def test_a_distance_is_picked_with_the_arrow_keys(tmp_path):
    app = AhoyApp(session=session(tmp_path, sailing()))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await pilot.press("1")  # end orders
        await pilot.press("1")  # full speed (reaching: D6+4)
        await pilot.pause()
        move = screen.session.state.move
        assert move is not None
        await pilot.press("1")  # "ahead 1-N"…: the picker opens at the whole move
        await pilot.pause()
        picker = screen.query_one(ValuePicker)
        assert picker.display and picker.value == move.allowance
        await pilot.press("left", "left")
        assert screen.preview == move.allowance - 2, "the map previews the distance"
        await pilot.press("enter")
        await pilot.pause()
        assert screen.session.game.action_at(screen.session.step) == a.Advance(
            move.allowance - 2)
        assert not picker.display


async def test_a_refused_action_shows_the_rule(tmp_path):
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        step = screen.session.step
        screen.play(a.Advance(3))  # not offered: it is the orders phase
        await pilot.pause()
        assert screen.session.step == step
        prompt = str(screen.query_one("#prompt").render())
        assert "Refused" in prompt and "Turns and phases" in prompt


async def test_clicking_a_ship_selects_her(tmp_path):
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()  # laid out: the map has its zoom
        screen = app.screen
        sea = screen.query_one("#map")
        kite = screen.session.state.ship("kite")
        col, row = sea.table_to_cell(kite.x, kite.y)
        col, row = col - int(sea.scroll_x), row - int(sea.scroll_y)
        await pilot.click("#map", offset=(col, row))
        await pilot.pause()
        assert screen.selected == "kite"
        assert screen.query_one("#card-kite").has_class("-selected")


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_layout_fits(tmp_path, size):
    app = AhoyApp(session=session(tmp_path))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        sea = screen.query_one("#map")
        assert sea.size.width >= 30 and sea.size.height >= 10
        assert screen.query_one("#choices").size.height >= 1
        assert screen.has_class("-wide") == (size[0] >= 118)


async def test_a_computer_captain_plays_its_side(tmp_path):
    sess = session(tmp_path, captains={"p2": RandomCaptain(3)})
    app = AhoyApp(session=sess)
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        screen.captain_delay = 0.01
        for _ in range(12):
            if sess.to_act == "p2" or sess.over:
                break
            await pilot.press("1")
            await pilot.pause()
        assert sess.to_act == "p2" or sess.over
        for _ in range(200):
            if sess.over:
                break
            await pilot.pause(0.05)
        assert sess.over, "the captain played the Pirates' turn to the end of the battle"
        notes = [e for _, e in screen.query_one(DiceLog).entries
                 if getattr(e, "kind", "") == "captain"]
        assert notes and all(n.side == "p2" for n in notes)


async def test_what_happened_while_the_log_was_closed_reads_at_the_logs_width(tmp_path):
    """Events written while the dice log is hidden were wrapped at its least width (a word or
    two a line: "The / Bloodreaver's fire / is done"); opened with `e`, they are laid out again
    across the whole panel."""
    from ahoy_tui.engine.events import Happened

    app = AhoyApp(session=session(tmp_path), saves=tmp_path)
    async with app.run_test(size=(100, 32)) as pilot:
        log = app.screen.query_one(DiceLog)
        seen = False
        for _ in range(4):  # opened once (laid out at its width), then closed
            seen = seen or bool(log.region.width)
            if seen and not log.region.width:
                break
            await pilot.press("e")
            await pilot.pause()
        assert not log.region.width, "the log is closed"
        log.add([(1, Happened("note", "The Bloodreaver's fire is done: no battery still to "
                              "fire bears on an enemy in range", "Battle"))])
        await pilot.press("e")
        await pilot.pause()
        await pilot.pause()
        width = log.scrollable_content_region.width
        assert width > 30
        lines = ["".join(segment.text for segment in strip) for strip in log.lines]
        assert any("The Bloodreaver's fire" in line for line in lines), lines[-6:]
