"""Learn to play on the screens: the title offers it and asks which rule system; each rule
system's guided first battle is played through by keys to its end against the easy captain,
the guide beside the prompt at every decision of the player's, saying what the rules' guide
says there (and nothing while the captain decides); a battle not begun as a lesson has no
guide."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from textual.pilot import Pilot

from ahoy_tui.session import LocalSession, learn_session, learnable
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.battle_basics import HURRIED, BattleBasics
from ahoy_tui.ui.screens.confirm import ConfirmScreen
from ahoy_tui.ui.screens.rules import WhichRules
from ahoy_tui.ui.widgets.guide_panel import GuidePanel

LEARN = [entry.id for entry in learnable()]
THINK = 0.01  # the easy captain's think time: the battle at the pace of the screen


@pytest.fixture(autouse=True)
def _saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))


async def decide(pilot: Pilot[None], session: LocalSession) -> bool:
    """Make the player's decision by keys, as a newcomer would: Enter on the highlighted choice
    (or the sheet as it stands), Enter again in a number's picker, 1 if that did nothing.
    Whether the battle moved on."""
    app = pilot.app
    step = session.step
    for key in ("enter", "enter", "1"):
        if session.step != step or not isinstance(app.screen, BattleBasics):
            return True
        await pilot.press(key)
        await pilot.pause()
    return session.step != step or not isinstance(app.screen, BattleBasics)


async def play_to_the_end(pilot: Pilot[None], session: LocalSession, limit: float) -> int:
    """Every decision of the player's made by keys until the battle is over; at each, the
    guide's words are those of the rules' guide there. Returns how many decisions."""
    app = pilot.app
    began = time.monotonic()
    decisions = 0
    while not session.over:
        assert time.monotonic() - began < limit, f"not over after {decisions} decisions"
        screen = app.screen
        if isinstance(screen, ConfirmScreen):
            await pilot.press("y")  # a caution asked (sailing off the table): go ahead
            continue
        if not isinstance(screen, BattleBasics):
            await pilot.press("enter")  # a reveal, a notice: read, and on
            continue
        screen.captain_delay = HURRIED
        if not session.may_act():
            await pilot.pause(0.02)
            continue
        await pilot.pause()
        panel = screen.query_one(GuidePanel)
        said = session.guide()
        assert said is not None and said.text
        assert panel.words == said.words(), f"step {session.step}: the guide is stale"
        assert await decide(pilot, session), f"step {session.step}: no key played a choice"
        decisions += 1
    return decisions


@pytest.mark.parametrize("ruleset_id", LEARN)
async def test_a_guided_first_battle_played_by_keys_to_its_end(tmp_path: Path,
                                                                ruleset_id: str) -> None:
    session = learn_session(ruleset_id, seed=2, think=THINK, folder=tmp_path)
    assert session.learning and session.captains and session.seats
    app = AhoyApp(session=session)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert app.screen.query_one(GuidePanel).border_title == "Guide"
        decisions = await play_to_the_end(pilot, session, limit=45)
        await pilot.pause()
    assert session.over and decisions >= 3


async def test_the_title_offers_learn_to_play_and_asks_which(tmp_path: Path) -> None:
    app = AhoyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.press("p")  # Learn to play
        await pilot.pause()
        assert isinstance(app.screen, WhichRules) and app.screen.learn
        assert [s.id for s in app.screen.systems] == LEARN
        await pilot.press("enter")  # the first rule system
        await pilot.pause(0.3)
        screen = app.screen
        assert isinstance(screen, BattleBasics) and screen.session.learning
        assert screen.session.ruleset.id == LEARN[0]
        assert screen.session.game.scenario.name == learnable()[0].learn
        panel = screen.query_one(GuidePanel)
        said = screen.session.guide()
        assert said is not None and said.first and panel.words == said.words()


async def test_a_battle_not_begun_as_a_lesson_has_no_guide(tmp_path: Path) -> None:
    entry = learnable()[0]
    session = LocalSession.new(entry.id, entry.learn, seed=1, folder=tmp_path)
    assert session.guide() is None
    app = AhoyApp(session=session)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert not app.screen.query(GuidePanel)


def test_no_learn_battle_for_an_unknown_rule_system(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no Learn to play battle for 'nonesuch'"):
        learn_session("nonesuch", folder=tmp_path)


# --- at 80x24, and resumed (issue 41) ------------------------------------------------------

def screen_words(app: AhoyApp) -> str:
    import html
    import re

    text = re.sub(r"<[^>]+>", "", app.export_screenshot())
    text = re.sub(r"[█▀▄▌▐▔▁▊▎▂▃▅▆▇]", " ", html.unescape(text).replace("\xa0", " "))
    return " ".join(text.split())


def words_of(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("ruleset_id", ["ahoy", "man-o-war", "acks"])
async def test_at_80x24_the_prompt_the_choices_and_the_guide_are_all_read(
        tmp_path: Path, ruleset_id: str) -> None:
    """The prompt fits whole beside the guide; the last choice is reached by the arrows; h
    shows the prompt and the guide whole, wrapped, in a dialog that scrolls to its end."""
    from textual.containers import VerticalScroll

    from ahoy_tui.ui.screens.notice import NoticeScreen
    from ahoy_tui.ui.widgets.choices import ChoiceList, PhasePrompt

    session = learn_session(ruleset_id, seed=2, think=THINK, folder=tmp_path)
    app = AhoyApp(session=session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, BattleBasics) and session.may_act()
        await pilot.pause()
        prompt = screen.query_one(PhasePrompt)
        assert words_of(session.prompt()) in words_of(str(prompt.content))
        inside = prompt.content_region
        needed = prompt.get_content_height(inside.size, app.size, inside.width)
        assert needed <= inside.height, "the prompt is cut at its last row"
        assert "h: the prompt and the guide whole" in screen_words(app)  # the way to the rest
        choices = screen.query_one(ChoiceList)
        assert choices.option_count >= 1
        await pilot.press("end")
        await pilot.pause()
        assert choices.highlighted == choices.option_count - 1
        last = str(choices.get_option_at_index(choices.option_count - 1).prompt)
        assert words_of(last)[:30] in screen_words(app)  # scrolled into view
        said = session.guide()
        assert said is not None
        await pilot.press("h")
        await pilot.pause()
        dialog = app.screen
        assert isinstance(dialog, NoticeScreen)
        assert words_of(session.prompt()) in words_of(dialog.text)
        assert words_of(said.words()) in words_of(dialog.text)
        box = dialog.query_one(VerticalScroll)
        assert box.region.width <= 80 and box.region.height <= 24
        assert words_of(said.text)[:40] in screen_words(app)
        box.scroll_end(animate=False)
        await pilot.pause()
        assert "Esc closes" in screen_words(app)
        assert said.rule in screen_words(app)  # the guide's last line, reached
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


@pytest.mark.parametrize("ruleset_id", ["ahoy", "ramming-speed"])
async def test_a_learn_battle_resumed_keeps_its_guide(tmp_path: Path, ruleset_id: str) -> None:
    """Saved as it goes, loaded again (the title's Resume, `ahoy play --load`): still the
    lesson, the guide beside the prompt and the easy captain across the table."""
    session = learn_session(ruleset_id, seed=2, think=THINK, folder=tmp_path)
    session.play(session.legal_actions().fixed[0] if session.legal_actions().fixed
                 else session.legal_actions().ranges[0].at(session.legal_actions().ranges[0].low))
    loaded = LocalSession.load(session.path)
    assert loaded.learning and loaded.step == session.step
    assert set(loaded.captains) == set(session.captains)
    app = AhoyApp(saves=tmp_path)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.open_battle(session.path)  # what Resume does with the last save
        for _ in range(40):
            await pilot.pause(0.05)
            if isinstance(app.screen, BattleBasics) and app.screen.query(GuidePanel):
                break
        screen = app.screen
        assert isinstance(screen, BattleBasics) and screen.session.learning
        screen.captain_delay = HURRIED
        for _ in range(60):
            await pilot.pause(0.05)
            if screen.session.may_act():
                break
        await pilot.pause()
        said = screen.session.guide()
        assert said is not None and screen.query_one(GuidePanel).words == said.words()
