"""Issue 36, item 15: quitting a battle taken over from a replay goes back to where the player
came from (the title), not to the first battle's game-over map — whatever its rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ahoy_tui.ai.captain import make_captain
from ahoy_tui.engine import Game
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.routing import is_battle_screen
from ahoy_tui.ui.screens.game_over import GameOverScreen
from ahoy_tui.ui.screens.replay import ReplayScreen
from ahoy_tui.ui.screens.take_over import TakeOverScreen
from ahoy_tui.ui.screens.title import TitleScreen

SIZE = (80, 24)
RULE_SYSTEMS = [("ahoy", "duel"), ("naval-battle", None), ("man-o-war", None),
                ("ramming-speed", None), ("acks", None)]


def finished(ruleset: str, scenario: str | None, seed: int = 2) -> Game:
    """A whole battle between two easy captains (under a second for each rule system)."""
    game = Game.new(ruleset, scenario, seed=seed)
    captains = {s: make_captain("easy", seed, think=0.0) for s in game.ruleset.sides}
    while not game.over:
        side = game.state.to_act
        game.play(captains[side].decide(game.ruleset.view(game.state, side),
                                        game.legal_actions()).action)
    return game


async def game_over(pilot: Any) -> None:
    """The battle's game over, as its last action brings it (the battle is over already)."""
    for _ in range(50):
        await pilot.pause(0.05)
        if is_battle_screen(pilot.app.screen):
            break
    pilot.app.screen.game_over()
    await wait_for(pilot, GameOverScreen)


async def wait_for(pilot: Any, kind: type, looks: int = 50) -> Any:
    for _ in range(looks):
        await pilot.pause(0.05)
        if isinstance(pilot.app.screen, kind):
            return pilot.app.screen
    raise AssertionError(f"{kind.__name__} never came: {pilot.app.screen!r}")


def session_of(game: Game, path: Path) -> LocalSession:
    """The player plays the first side, the easy captain the other (so a battle of sealed
    orders needs no handing over)."""
    other = game.ruleset.sides[1]
    return LocalSession(game, path=path, captains={other: make_captain("ai:easy", think=0.0)})


async def take_over_and_quit(pilot: Any, app: AhoyApp, first: Game) -> None:
    """From the replay in view: a few steps on, take over, then quit the new battle."""
    await pilot.press("right", "right", "t")
    await wait_for(pilot, TakeOverScreen)
    await pilot.press("ctrl+s")
    for _ in range(50):
        await pilot.pause(0.05)
        if is_battle_screen(app.screen):
            break
    battle = app.screen
    assert is_battle_screen(battle), battle
    assert battle.session.game is not first and battle.session.step >= 2  # a captain may play on
    assert not battle.session.over
    battle.captain_delay = 0.01
    await pilot.pause()
    battle.action_leave()  # what q does (autosaved: no question)
    await pilot.pause()


@pytest.mark.parametrize(("ruleset", "scenario"), RULE_SYSTEMS)
async def test_quitting_a_battle_taken_over_after_game_over_goes_to_the_title(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ruleset: str,
        scenario: str | None) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path))
    first = finished(ruleset, scenario)
    app = AhoyApp(session=session_of(first, tmp_path / "first.json"), saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await game_over(pilot)
        await pilot.press("r")  # the game over's Replay
        replay = await wait_for(pilot, ReplayScreen)
        assert replay.game is first
        await take_over_and_quit(pilot, app, first)
        assert isinstance(app.screen, TitleScreen), app.screen_stack
        assert not any(is_battle_screen(s) or isinstance(s, ReplayScreen)
                       for s in app.screen_stack)


async def test_quitting_a_battle_taken_over_from_the_titles_replay_goes_to_the_title(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path))
    first = finished("ahoy", "duel")
    path = first.save(tmp_path / "first.json")
    app = AhoyApp(saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, TitleScreen)
        app.open_replay(path)  # the title's Replay a log, its file chosen
        replay = await wait_for(pilot, ReplayScreen)
        await take_over_and_quit(pilot, app, replay.game)
        assert isinstance(app.screen, TitleScreen), app.screen_stack


async def test_a_finished_battle_with_unsaved_changes_is_kept_under_the_new_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Not saved as it went (``--no-autosave``): quitting the battle taken over goes back to it,
    and leaving that still asks about its unsaved changes."""
    from ahoy_tui.ui.screens.confirm import ConfirmScreen

    monkeypatch.setenv("AHOY_SAVES", str(tmp_path))
    first = finished("ahoy", "duel")
    session = LocalSession(first, path=tmp_path / "first.json", autosave=False)
    session.dirty = True
    app = AhoyApp(session=session, saves=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await game_over(pilot)
        await pilot.press("r")
        await wait_for(pilot, ReplayScreen)
        await take_over_and_quit(pilot, app, first)
        assert is_battle_screen(app.screen) and app.screen.session is session
        app.screen.action_leave()
        await wait_for(pilot, ConfirmScreen)
