"""Undo against a computer captain on the battle screens (issue 35): ``u`` takes back the
player's own last decision and the captain's answer after it, once, and the captain does not
play again; the same choices are offered; ctrl+r gives back the captain's answer, the same dice.
For each rule system's screen."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from ahoy_tui.ai import make_captain
from ahoy_tui.engine import Game
from ahoy_tui.engine.events import DiceRoll
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.battle import BattleScreen
from ahoy_tui.ui.screens.battle_basics import HURRIED, BattleBasics
from ahoy_tui.ui.screens.confirm import ConfirmScreen
from ahoy_tui.ui.widgets.choices import ChoiceList

BATTLES = [("ahoy", "duel"), ("naval-battle", "dragon"), ("man-o-war", "dwarfs_orcs"),
           ("ramming-speed", "salamis"), ("acks", "longship_raid")]


@pytest.fixture(autouse=True)
def _saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))


def answer(session: LocalSession) -> None:
    while session.captain_to_act() is not None:
        session.play_decision(*session.captain_decides())


def at_an_exchange(tmp_path: Path, ruleset: str, scenario: str) -> tuple[LocalSession, object]:
    """A battle against a captain at a decision of the player's whose answer rolls dice, and
    the player's action there."""
    game = Game.new(ruleset, scenario, seed=3)
    session = LocalSession(game, path=tmp_path / "battle.json",
                           captains={"p2": make_captain("ai:easy", 1, think=0.05)})
    chooser = random.Random(0)
    for _ in range(400):
        answer(session)
        actions = list(session.legal_actions())
        action = actions[chooser.randrange(len(actions))]
        session.play(action)
        decided = session.step
        answer(session)
        if any(isinstance(e, DiceRoll) for step in range(decided + 1, session.step + 1)
               for e in session.events_at(step)):
            session.undo()
            return session, action
    raise AssertionError("no exchange found")


async def until(pilot, test, tries: int = 200) -> None:
    for _ in range(tries):
        await pilot.pause(0.02)
        if test():
            return
    raise AssertionError(f"waited in vain: {pilot.app.screen_stack}")


def battle(app: AhoyApp) -> BattleBasics:
    """The battle screen, once any reveal or hand-over in front of it is put away."""
    screen = next(s for s in app.screen_stack if isinstance(s, BattleBasics))
    return screen


def shown_choices(screen: BattleBasics) -> list[str]:
    if isinstance(screen, BattleScreen):
        return list(screen.query_one(ChoiceList)._labels or [])
    return [repr(a) for a in screen.session.legal_actions()]  # the sheets: the same form


@pytest.mark.parametrize(("ruleset", "scenario"), BATTLES)
async def test_u_takes_back_the_players_decision_and_the_captains_answer(
        tmp_path: Path, ruleset: str, scenario: str) -> None:
    session, action = at_an_exchange(tmp_path, ruleset, scenario)
    before = session.step
    app = AhoyApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = battle(app)
        screen.captain_delay = HURRIED
        offered = shown_choices(screen)
        assert offered
        screen.play(action)  # the player's decision, as a choice made on the screen
        await pilot.pause()
        if isinstance(app.screen, ConfirmScreen):  # sure to row her off the table? yes
            await pilot.press("y")
        await until(pilot, lambda: session.step > before + 1 and session.may_act()
                    and not screen._captain_busy)
        answered = session.step
        recorded = [(session.game.state_hash(s), session.events_at(s))
                    for s in range(before + 1, answered + 1)]
        while app.screen is not screen:  # a reveal, a hand-over: to the table
            await pilot.press("enter")
            await pilot.pause()

        await pilot.press("u")
        await pilot.pause(0.3)  # time for a captain to play again, were he let
        assert session.step == before, "one u: back before the player's own decision"
        assert session.captain_to_act() is None and not screen._captain_busy
        assert shown_choices(screen) == offered  # the same choices, offered again
        assert any("Taken back" in n.message for n in app._notifications)

        await pilot.press("ctrl+r")
        await pilot.pause()
        assert session.step == answered
        assert [(session.game.state_hash(s), session.events_at(s))
                for s in range(before + 1, answered + 1)] == recorded
