"""The odds before you commit on Man O' War's, Ramming Speed!'s and ACKS II's battle screens
(issue 35): with a choice that rolls highlighted, the line under the choices is the ruleset's
own summary of it (its ``odds`` hook, asked with the side's view), ``b`` opens its whole
breakdown, a choice that rolls nothing shows none, and the setting off hides them.

Man O' War's broadside is played to by its own actions from a scenario; Ramming Speed!'s volley
and ACKS II's heavy ballista stand on the forced set-ups of their rules' odds tests."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from ahoy_tui.engine import Game
from ahoy_tui.engine.dice import forced
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.widgets.choices import ChoiceList
from ahoy_tui.ui.widgets.odds_line import OddsLine, OddsScreen, side_view

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

SIZE = (80, 24)


@pytest.fixture(autouse=True)
def own_settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "settings.toml"
    monkeypatch.setenv("AHOY_SETTINGS", str(path))
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))
    return path


def mow_broadside() -> Game:
    """The Empire's Greatship heading north, a Bretonnian Galleon 2" off her starboard side;
    the Empire has the initiative, activates her and ends her move: her guns to fire."""
    from ahoy_tui.rules.man_o_war.actions import Activate, EndMove

    def ship(ship_id: str, side: str, template: str, x: float) -> dict[str, Any]:
        return {"id": ship_id, "side": side, "template": template, "x": x, "y": 24,
                "heading": "N", "admiral": True}

    data = {"name": "test", "title": "A broadside", "table": {"width": 72, "height": 48},
            "options": {"wind": "N", "deployment": False, "points": 5000, "mow_cards": False},
            "sides": [{"id": "p1", "name": "The Empire", "race": "empire"},
                      {"id": "p2", "name": "Bretonnia", "race": "bretonnia"}],
            "ships": [ship("g", "p1", "greatship", 30), ship("b", "p2", "galleon", 33.6)],
            "terrain": []}
    with forced(6, 1):  # the Initiative Phase: the Empire's
        game = Game.new("man-o-war", scenario_data=data, seed=1)
    game.play(Activate("g"))
    game.play(EndMove())
    return game


def forced_game(ruleset: str, scenario: str, state: Any) -> Game:
    """A game standing at ``state`` (a forced set-up, not played to)."""
    game = Game.new(ruleset, scenario, seed=1)
    game._states[0] = state
    return game


def rs_volley() -> Game:
    from ramming_speed.test_odds import shooters  # two archers and a bolt thrower, 4" off

    return forced_game("ramming-speed", "corvus", shooters(24))


def acks_ballista() -> Game:
    from acks.test_odds import shooter_at  # a heavy ballista on her count, 3 hexes off

    return forced_game("acks", "quinquereme", shooter_at(3))


CASES = [pytest.param(mow_broadside, "Fire starboard", "close range", id="man-o-war"),
         pytest.param(rs_volley, "shoots at", "", id="ramming-speed"),
         pytest.param(acks_ballista, "shoot at", "medium range -2", id="acks")]


def rolling_rows(screen: Any) -> tuple[list[int], list[int]]:
    """The indexes of the rows whose choice rolls (the ruleset has odds for it), and of those
    that roll nothing."""
    rules = screen.session.ruleset
    view = side_view(rules, screen.session.state, screen.session.state.to_act)
    rows = screen.query_one(ChoiceList)._choices
    rolls = [i for i, row in enumerate(rows) if rules.odds(view, row) is not None]
    return rolls, [i for i in range(len(rows)) if i not in rolls]


async def highlight(pilot: Any, screen: Any, index: int) -> None:
    choices = screen.query_one(ChoiceList)
    choices.focus()
    await pilot.press("home", *["down"] * index)   # the arrows, as a player moves it
    await pilot.pause()
    assert choices.highlighted == index


@pytest.mark.parametrize(("make", "words", "band"), CASES)
async def test_the_odds_line_is_the_rulesets_summary_and_b_its_breakdown(
        tmp_path: Path, make: Any, words: str, band: str) -> None:
    app = AhoyApp(session=LocalSession(make(), path=tmp_path / "b.json"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        rules = screen.session.ruleset
        rolls, still = rolling_rows(screen)
        assert rolls and still     # a shot, and a choice that rolls nothing (hold, done)
        line = screen.query_one(OddsLine)
        await highlight(pilot, screen, still[0])
        assert not line.display and line.odds is None
        index = rolls[-1]
        await highlight(pilot, screen, index)
        row = screen.query_one(ChoiceList)._choices[index]
        assert words in screen.session.describe_action(row)
        view = side_view(rules, screen.session.state, screen.session.state.to_act)
        expected = rules.odds(view, row)
        assert expected == rules.odds(screen.session.state, row)  # the view hides no odds
        assert line.display and line.odds.summary == expected.summary
        assert expected.summary in str(line.render())
        assert line.region.y > screen.query_one(ChoiceList).region.y   # under the list
        await pilot.press("b")
        await pilot.pause()
        assert isinstance(app.screen, OddsScreen)
        shown = str(app.screen.query_one("#odds-breakdown").render())
        assert shown == "\n".join(expected.breakdown)
        assert band in shown
        assert str(app.screen.query_one("#odds-summary").render()) == expected.summary
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        app.set_show_odds(False)
        await pilot.pause()
        assert not line.display
        await pilot.press("b")
        await pilot.pause()
        assert app.screen is screen   # no breakdown of odds turned off
        app.set_show_odds(True)
        await pilot.pause()
        assert line.display and line.odds.summary == expected.summary
