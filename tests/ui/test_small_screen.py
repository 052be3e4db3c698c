"""Every rule system at 80×24 (issue 35): the header shows the turn or round, the phase and the
wind; the last choice is reached by keys; the selected record card (or sheet) scrolls, by keys,
to its last line."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from ahoy_tui.ai import make_captain
from ahoy_tui.engine import Game
from ahoy_tui.engine.fast import replace
from ahoy_tui.rules.ramming_speed.model import Wind
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.battle import BattleScreen
from ahoy_tui.ui.screens.battle_basics import HURRIED, BattleBasics
from ahoy_tui.ui.widgets.choices import ChoiceList
from ahoy_tui.ui.widgets.status_bar import StatusBar, standing_of

SMALL = (80, 24)
# a battle of each rule system against a captain, as `ahoy play --ruleset ID --p2 ai:normal`
# opens it; the turn word, and whether the rules have a wind at all (Naval Battle Rules for
# Fantasy Gaming have none: its seed never names one)
SYSTEMS = [("ahoy", "squadron", "turn"), ("naval-battle", "dragon", "turn"),
           ("man-o-war", "empire_bretonnia", "turn"), ("ramming-speed", "salamis", "turn"),
           ("acks", "quinquereme", "round")]


@pytest.fixture(autouse=True)
def _saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))


def screen_text(app: AhoyApp) -> str:
    text = re.sub(r"<[^>]+>", "", app.export_screenshot())
    return html.unescape(text).replace("\xa0", " ")


def battle(tmp_path: Path, ruleset: str, scenario: str) -> AhoyApp:
    game = Game.new(ruleset, scenario, seed=5)
    session = LocalSession(game, path=tmp_path / "b.json",
                           captains={"p2": make_captain("ai:easy", 1, think=0.05)})
    return AhoyApp(session=session)


@pytest.mark.parametrize(("ruleset", "scenario", "word"), SYSTEMS)
async def test_the_header_shows_the_turn_the_phase_and_the_wind(
        tmp_path: Path, ruleset: str, scenario: str, word: str) -> None:
    app = battle(tmp_path, ruleset, scenario)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen: BattleBasics = app.screen  # type: ignore[assignment]
        state = screen.session.state
        header = str(screen.query_one(StatusBar).render()).strip()
        shown = screen_text(app)
        # the turn always; the scenario's title before it only when the whole line fits
        assert f"{word} {state.turn}/" in header, header
        assert f"{word} {state.turn}/" in shown  # on the screen, not only in the widget
        phase = getattr(state.phase, "value", state.phase)
        assert f" · {phase}" in header
        wind = getattr(screen.session.ruleset, "wind_words", None)
        if wind is not None:
            words = re.sub(r"\s*\([^)]*\)", "", wind(state))
            assert words in header and words in shown, (words, header)
        else:
            assert "view" in header  # whose eyes the screen is: no wind in these rules
        assert len(header) <= SMALL[0]


@pytest.mark.parametrize("scenario", ["corvus", "salamis", "merchantman", "learn"])
async def test_ramming_speeds_header_shows_the_points_whole(tmp_path: Path, scenario: str) -> None:
    app = battle(tmp_path, "ramming-speed", scenario)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen: BattleBasics = app.screen  # type: ignore[assignment]
        header = str(screen.query_one(StatusBar).render()).strip()
        score = standing_of(screen.session.ruleset, screen.session.state)
        assert score in header and "…" not in header, (score, header)
        assert score in screen_text(app)


async def test_ramming_speeds_header_keeps_the_wind_and_both_sides_points_at_80_columns(
        tmp_path: Path) -> None:
    """The merchantman at its longest: the Merchants to act in maintenance on the last turn,
    both sides' points in two figures, a light breeze from the north-west. The whole wind
    ("a light breeze from the north-west") cut the score to "Merchan…"; the header keeps the
    wind's word and arrow, the rules' words giving way, and the points whole."""
    app = battle(tmp_path, "ramming-speed", "merchantman")
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen: BattleBasics = app.screen  # type: ignore[assignment]
        state = screen.session.state
        wind = screen.session.ruleset.wind_words(replace(state, wind=Wind("light", 135.0)))
        bar = screen.query_one(StatusBar)
        bar.show(title=screen.session.title, turn=10, side="Merchants", phase="maintenance",
                 wind=wind, step=187, side_colour="red", turn_limit=10,
                 score="Pirates 21 · Merchants 10")
        await pilot.pause()
        header = str(bar.render()).strip()
        assert header == ("turn 10/10 ·  Merchants  · maintenance · light ↘ · "
                          "Pirates 21 · Merchants 10"), header
        assert "Pirates 21 · Merchants 10" in screen_text(app)


@pytest.mark.parametrize(("ruleset", "scenario", "word"), SYSTEMS)
async def test_the_last_choice_and_the_last_line_of_the_selected_card_are_reached_by_keys(
        tmp_path: Path, ruleset: str, scenario: str, word: str) -> None:
    app = battle(tmp_path, ruleset, scenario)
    async with app.run_test(size=SMALL) as pilot:
        await pilot.pause()
        screen: BattleBasics = app.screen  # type: ignore[assignment]
        screen.captain_delay = HURRIED
        for _ in range(100):  # the captain's first decisions, if his side begins
            if screen.session.may_act():
                break
            await pilot.pause(0.05)
        if isinstance(screen, BattleScreen):
            choices = screen.query_one(ChoiceList)
            labels = choices._labels or []
            assert labels
            await pilot.press("end")
            await pilot.pause()
            assert choices.highlighted == len(labels) - 1
            assert labels[-1][:30] in screen_text(app), "the last choice is in view"
        # the selected sheet: i gives it the keys, and it scrolls to its last line
        await pilot.press("i")
        await pilot.pause()
        panel = screen.query_one(screen.SHEETS)
        assert panel.has_focus
        target = (panel.query_one(f"#card-{screen.selected}") if isinstance(screen, BattleScreen)
                  else panel.children[-1])  # Naval Battle: the sheets, then the ships' roster
        view = panel.content_region
        for _ in range(40):
            if target.region.bottom <= view.bottom:
                break
            await pilot.press("down")
            await pilot.pause()
        assert target.region.bottom <= view.bottom, "the sheet's last line is in view"
        await pilot.press("escape")
        await pilot.pause()
        assert not panel.has_focus
