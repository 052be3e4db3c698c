"""The replay viewer: stepping, turns, the log, playing, selecting ships, taking over."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ahoy_tui.engine import Game, load_game, load_record
from ahoy_tui.rules.ahoy import view
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.battle import BattleScreen
from ahoy_tui.ui.screens.replay import ReplayScreen
from ahoy_tui.ui.screens.take_over import TakeOverScreen
from ahoy_tui.ui.widgets.choices import PhasePrompt
from ahoy_tui.ui.widgets.dice_log import DiceLog
from ahoy_tui.ui.widgets.record_cards import ShipCards, render_card
from ahoy_tui.ui.widgets.sea_map import SeaMap
from ahoy_tui.ui.widgets.status_bar import StatusBar

SIZE = (120, 40)
ACTIONS = 30


def played_game(seed: int = 3, choices: int = 4, actions: int = ACTIONS) -> Game:
    """A real duel: ``actions`` legal actions picked at random (seeded)."""
    game = Game.new("ahoy", "duel", seed=seed)
    rng = random.Random(choices)
    for _ in range(actions):
        legal = game.legal_actions()
        options = [*legal.fixed, *legal.ranges]
        if not options:
            break
        action = rng.choice(options)
        if hasattr(action, "at"):
            action = action.at(rng.randint(action.low, action.high))
        game.play(action)
    return game


@pytest.fixture
def saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path))
    game = played_game()
    assert game.last_step == ACTIONS and not game.over
    return game.save(tmp_path / "original.json")


def replay_screen(app: AhoyApp) -> ReplayScreen:
    screen = app.screen
    assert isinstance(screen, ReplayScreen)
    return screen


def text_of(widget: object) -> str:
    return str(widget.content)


def hull_centre(screen: ReplayScreen, ship: str) -> tuple[float, float]:
    scene = screen.query_one(SeaMap)._scene
    return next(h.centre for h in scene.hulls if h.ship == ship)


def assert_shows(screen: ReplayScreen, step: int) -> None:
    """The map, the cards, the status line and the prompt all show ``step``."""
    game = screen.game
    state = game.state_at(step)
    assert screen.step == step
    assert screen.query_one(SeaMap)._scene == view.scene(state, screen.selected)
    cards = screen.query_one(ShipCards)._cards
    for card in view.cards(state):
        chosen = card.ship == screen.selected
        assert text_of(cards[card.ship]) == str(
            render_card(card, expanded=chosen, selected=chosen))
    status = text_of(screen.query_one(StatusBar))
    assert f"step {step}" in status
    assert f"turn {state.turn}" in status
    assert f"Step {step} of {game.last_step}" in text_of(screen.query_one(PhasePrompt))


def logged(screen: ReplayScreen, step: int) -> list:
    return [(s, e) for s in range(step + 1) for e in screen.game.events_at(s)]


# --- stepping -----------------------------------------------------------------------------

def first_advance(game: Game) -> int:
    """The first step made by a ship going ahead (the played game's dice decide which)."""
    return next(step for step in range(1, game.last_step + 1)
                if type(game.action_at(step)).__name__ == "Advance")


@pytest.mark.asyncio
async def test_arrows_step_and_the_map_follows(saved: Path) -> None:
    app = AhoyApp(replay=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = replay_screen(app)
        game = screen.game
        assert_shows(screen, 0)
        step = first_advance(game)
        ship = game.state_at(step - 1).move.ship
        for _ in range(step - 1):
            await pilot.press("right")
        assert_shows(screen, step - 1)
        before = game.state_at(step - 1).ship(ship)
        assert hull_centre(screen, ship) == (before.x, before.y)
        await pilot.press("right")  # she goes ahead: the map shows her where she went
        assert_shows(screen, step)
        after = game.state_at(step).ship(ship)
        assert hull_centre(screen, ship) == (after.x, after.y) != (before.x, before.y)
        await pilot.press("left")
        assert_shows(screen, step - 1)
        assert hull_centre(screen, ship) == (before.x, before.y)


@pytest.mark.asyncio
async def test_arrows_stop_at_the_ends_and_home_end_jump(saved: Path) -> None:
    app = AhoyApp(replay=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = replay_screen(app)
        await pilot.press("left")
        assert_shows(screen, 0)
        await pilot.press("end")
        assert_shows(screen, ACTIONS)
        await pilot.press("right")
        assert_shows(screen, ACTIONS)
        await pilot.press("home")
        assert_shows(screen, 0)


@pytest.mark.asyncio
async def test_the_map_having_focus_does_not_take_the_arrows(saved: Path) -> None:
    app = AhoyApp(replay=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = replay_screen(app)
        screen.query_one(SeaMap).focus()
        await pilot.press("right", "right", "end", "home", "right")
        assert screen.step == 1


@pytest.mark.asyncio
async def test_page_keys_go_a_game_turn(saved: Path) -> None:
    app = AhoyApp(replay=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = replay_screen(app)
        game = screen.game
        await pilot.press("pagedown")
        assert game.state_at(screen.step).turn == 2
        assert game.state_at(screen.step - 1).turn == 1  # the first step of turn 2
        assert_shows(screen, screen.step)
        turn_two = screen.step
        await pilot.press("pagedown")
        assert game.state_at(screen.step).turn == 3
        assert game.state_at(screen.step - 1).turn == 2
        for _ in range(3):  # into the middle of turn 3
            await pilot.press("right")
        assert game.state_at(screen.step).turn == 3
        await pilot.press("pageup")
        assert screen.step == turn_two
        await pilot.press("pageup", "pageup")
        assert screen.step == 0
        for _ in range(10):
            await pilot.press("pagedown")
        assert screen.step == game.last_step


# --- the log ------------------------------------------------------------------------------

@pytest.mark.asyncio
async def test_the_log_holds_exactly_the_events_up_to_the_step(saved: Path) -> None:
    app = AhoyApp(replay=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = replay_screen(app)
        log = screen.query_one(DiceLog)
        assert log.entries == logged(screen, 0)
        for keys in (["right"] * 5, ["left"] * 2, ["end"], ["home"], ["pagedown"],
                     ["right"], ["left"]):
            await pilot.press(*keys)
            assert log.entries == logged(screen, screen.step)
            assert log.entries[-1][0] == screen.step or not screen.game.events_at(screen.step)
        await pilot.press("end")
        await pilot.pause()
        assert log.entries == logged(screen, ACTIONS)
        assert log.max_scroll_y > 0
        assert log.scroll_y == log.max_scroll_y  # scrolled to the newest


@pytest.mark.asyncio
async def test_the_prompt_names_the_action_that_made_the_step(saved: Path) -> None:
    app = AhoyApp(replay=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = replay_screen(app)
        game = screen.game
        step = first_advance(game)
        for _ in range(step):
            await pilot.press("right")
        before = game.state_at(step - 1)
        words = game.ruleset.describe_action(before, game.action_at(step))
        prompt = text_of(screen.query_one(PhasePrompt))
        moving = before.ship(before.move.ship).name
        assert words.startswith(f"{moving}: ahead ")  # the move's ship named
        assert f"{before.to_act}: {words}" in prompt
        other = next(s for s in range(step + 1, game.last_step + 1)
                     if game.state_at(s - 1).to_act != before.to_act)
        for _ in range(other - step):
            await pilot.press("right")
        words = game.ruleset.describe_action(game.state_at(other - 1), game.action_at(other))
        side = game.state_at(other - 1).to_act
        assert f"{side}: {words}" in text_of(screen.query_one(PhasePrompt))
        await pilot.press("home")
        assert "the set-up" in text_of(screen.query_one(PhasePrompt))
        await pilot.press("end", "right")
        assert "Step 30 of 30" in text_of(screen.query_one(PhasePrompt))
        assert "space" in prompt and "take over" in prompt


# --- the turn list ------------------------------------------------------------------------

@pytest.mark.asyncio
async def test_the_turn_list_jumps_and_follows(saved: Path) -> None:
    from textual.widgets import OptionList

    app = AhoyApp(replay=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = replay_screen(app)
        game = screen.game
        turns = screen.query_one("#turns", OptionList)
        starts = [s for s in range(game.last_step + 1) if s == 0 or (
            (game.state_at(s).turn, game.state_at(s).active)
            != (game.state_at(s - 1).turn, game.state_at(s - 1).active))]
        assert turns.option_count == len(starts)
        assert str(turns.get_option_at_index(1).prompt) == (
            f"Turn 1 · {game.state_at(starts[1]).side_name('p2')} · step {starts[1]}")
        assert turns.highlighted == 0
        turns.focus()
        await pilot.press("down", "down", "down", "enter")
        assert_shows(screen, starts[3])
        await pilot.press("end")
        assert turns.highlighted == len(starts) - 1
        await pilot.press("home", "right")
        assert turns.highlighted == 0
        await pilot.press("pagedown")
        assert turns.highlighted == 2  # turn 2, the first side


# --- playing ------------------------------------------------------------------------------

@pytest.mark.asyncio
async def test_play_advances_by_itself_and_pause_stops_it(saved: Path) -> None:
    app = AhoyApp(replay=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = replay_screen(app)
        await pilot.press("plus", "plus", "plus", "plus")
        assert screen.speed == 0.1
        await pilot.press("minus")
        assert screen.speed == 0.25
        await pilot.press("plus")
        await pilot.press("space")
        assert screen.playing
        await pilot.pause(0.8)
        moved = screen.step
        assert moved >= 3
        await pilot.press("space")
        assert not screen.playing
        stopped = screen.step
        await pilot.pause(0.4)
        assert screen.step == stopped
        assert_shows(screen, stopped)
        assert screen.query_one(DiceLog).entries == logged(screen, stopped)


@pytest.mark.asyncio
async def test_play_stops_at_the_end(saved: Path) -> None:
    app = AhoyApp(replay=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = replay_screen(app)
        await pilot.press("plus", "plus", "plus")
        await pilot.press("end", "left", "left", "space")
        await pilot.pause(0.8)
        assert screen.step == ACTIONS
        assert not screen.playing
        assert screen._timer is None


# --- ships --------------------------------------------------------------------------------

@pytest.mark.asyncio
async def test_clicking_a_card_or_a_hull_selects_the_ship(saved: Path) -> None:
    from ahoy_tui.ui.widgets.record_cards import ShipCard

    app = AhoyApp(replay=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = replay_screen(app)
        assert screen.selected == "harpy"
        # the cards scroll: the selected card is a few lines tall, the next below it
        screen.query_one("#card-revenge", ShipCard).scroll_visible(animate=False)
        await pilot.pause()
        await pilot.click("#card-revenge")
        await pilot.pause()
        assert screen.selected == "revenge"
        card = screen.query_one("#card-revenge", ShipCard)
        assert "sailing" in text_of(card) and card.has_class("-selected")
        assert "sailing" not in text_of(screen.query_one("#card-harpy", ShipCard))
        scene = screen.query_one(SeaMap)._scene
        fire = [line for line in scene.lines if line.kind == "fire"]
        revenge = screen.state.ship("revenge")
        assert len(fire) == len(revenge.guns)
        # Click the Harpy's hull on the map.
        sea = screen.query_one(SeaMap)
        harpy = screen.state.ship("harpy")
        sea.centre_on(harpy.x, harpy.y)  # clicking the Revenge's card centred on her
        await pilot.pause()
        col, row = sea.table_to_cell(harpy.x, harpy.y)
        col, row = col - int(sea.scroll_x), row - int(sea.scroll_y)
        assert 0 <= col < sea.size.width and 0 <= row < sea.size.height
        await pilot.click(SeaMap, offset=(col, row))
        await pilot.pause()
        assert screen.selected == "harpy"
        assert "sailing" in text_of(screen.query_one("#card-harpy", ShipCard))
        # The selection stays as the replay moves on.
        await pilot.press("right")
        assert screen.selected == "harpy"
        assert_shows(screen, 1)


# --- taking over --------------------------------------------------------------------------

@pytest.mark.asyncio
async def test_take_over_starts_a_new_saved_battle_from_the_step(saved: Path) -> None:
    original = saved.read_bytes()
    folder = saved.parent
    app = AhoyApp(replay=saved)
    told: list[str] = []  # every notice, kept: on a loaded machine one may expire before it is read
    notify = app.notify
    app.notify = lambda message, **kw: (told.append(str(message)), notify(message, **kw))[1]
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = replay_screen(app)
        step = 12
        for _ in range(step):
            await pilot.press("right")
        expected = screen.game.state_hash(step)
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, TakeOverScreen)  # who plays from here? as it was
        await pilot.press("ctrl+s")
        await pilot.pause()
        battle = app.screen
        assert isinstance(battle, BattleScreen)
        assert battle.session.step == step
        assert battle.session.last_step == step
        assert battle.session.game.state_hash() == expected
        assert ReplayScreen not in [type(s) for s in app.screen_stack]
        new = [p for p in folder.glob("*.json") if p != saved]
        assert len(new) == 1
        assert battle.session.path == new[0]
        assert any(new[0].name in message for message in told)
    assert saved.read_bytes() == original
    record = load_record(new[0])
    assert len(record.actions) == step
    assert record.cursor == step
    assert load_game(new[0]).state_hash() == expected


@pytest.mark.asyncio
async def test_take_over_at_the_start_and_escape_closes(saved: Path) -> None:
    app = AhoyApp(replay=saved)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        replay_screen(app)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, ReplayScreen)
        app.open_replay(saved)
        await pilot.pause()
        replay_screen(app)
        await pilot.press("t")
        await pilot.pause()
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, BattleScreen)
        assert app.screen.session.step == 0
        # taken over before anything is played: written with its first action, not before
        assert not app.screen.session.path.exists()
        await pilot.press("1")
        await pilot.pause()
        assert len(load_record(app.screen.session.path).actions) >= 1


@pytest.mark.asyncio
async def test_take_over_starts_as_the_battle_was_played_and_may_change_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 14: the save remembers who played each side and the undo policy; taking over
    offers them, and the player may change them."""
    from textual.widgets import Select

    from ahoy_tui.ai import make_captain
    from ahoy_tui.session import LocalSession

    monkeypatch.setenv("AHOY_SAVES", str(tmp_path))
    original = tmp_path / "original.json"
    session = LocalSession(played_game(), path=original, policy="strict",
                           captains={"p2": make_captain("ai:normal", think=0.3)})
    assert session.game.record().players["p2"] == {"player": "ai", "level": "normal",
                                                   "think": 0.3}
    app = AhoyApp(replay=original)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("right", "right", "t")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, TakeOverScreen)
        assert dialog.query_one("#who-p1", Select).value == "human"
        assert dialog.query_one("#who-p2", Select).value == "normal"
        assert dialog.query_one("#policy", Select).value == "strict"
        dialog.query_one("#who-p2", Select).value = "hard"
        await pilot.press("ctrl+s")
        await pilot.pause()
        battle = app.screen
        assert isinstance(battle, BattleScreen)
        assert battle.session.policy == "strict"
        assert battle.session.captains["p2"].level == "hard"
        assert battle.session.captains["p2"].think == 0.3  # its think time, as saved
        assert "p1" in battle.session.seats and "p2" not in battle.session.seats
    taken = load_record(battle.session.path)
    assert taken.policy == "strict" and taken.players["p2"]["level"] == "hard"
