"""The title screen's Rules (issue 35): it asks whose rules, the rule system of the last battle
highlighted first, and opens that rule system's rules (not always Ahoy!'s)."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList

from ahoy_tui.engine import Game, get_ruleset, rulesets
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.rules import RulesScreen, WhichRules


@pytest.fixture
def saves(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.setenv("AHOY_SAVES", str(folder))
    return folder


def topics_shown(app: AhoyApp) -> list[str]:
    menu = app.screen.query_one("#topics", OptionList)
    return [str(menu.get_option_at_index(i).prompt) for i in range(menu.option_count)]


@pytest.mark.parametrize("ruleset", ["acks", "ramming-speed"])
async def test_rules_opens_the_rules_of_the_last_battle_with_enter(saves, ruleset):
    Game.new(ruleset, seed=1).save(saves / "last.json")
    app = AhoyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, WhichRules)
        menu = app.screen.query_one("#systems", OptionList)
        assert menu.highlighted == [r.id for r in app.screen.systems].index(ruleset)
        assert "(your last battle)" in str(menu.get_option_at_index(menu.highlighted).prompt)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        rules = get_ruleset(ruleset)
        assert app.screen.rules_title == rules.title
        assert topics_shown(app) == [t.title for t in rules.rule_topics()]


async def test_each_rule_system_may_be_chosen_and_escape_goes_back(saves):
    app = AhoyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        systems = app.screen.systems
        assert [r.id for r in systems] == [r.id for r in rulesets()
                                          if hasattr(r, "rule_topics")]
        assert app.screen.query_one("#systems", OptionList).highlighted == 0  # no battle yet
        await pilot.press("down", "down", "enter")  # the third: Man O' War
        await pilot.pause()
        assert app.screen.rules_title == systems[2].title
        assert topics_shown(app) == [t.title for t in systems[2].rule_topics()]
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("question_mark", "escape")
        await pilot.pause()
        assert not isinstance(app.screen, (RulesScreen, WhichRules))


def screen_words(app: AhoyApp) -> str:
    import html
    import re

    text = re.sub(r"<[^>]+>", "", app.export_screenshot())
    return html.unescape(text).replace("\xa0", " ")


@pytest.mark.parametrize("index", range(5))
async def test_rules_from_the_title_opens_each_rule_systems_own_text(saves, index):
    """All five, chosen from the title screen's Rules: the rules screen is that system's, its
    own topics listed and its own first topic's text on the page (no other system's)."""
    from textual.widgets import Markdown

    systems = [r for r in rulesets() if hasattr(r, "rule_topics")]
    assert len(systems) == 5
    chosen = systems[index]
    app = AhoyApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, WhichRules)
        await pilot.press(*["down"] * index, "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        assert screen.rules_title == chosen.title and screen.sub_title == chosen.title
        topics = chosen.rule_topics()
        assert topics_shown(app) == [t.title for t in topics]
        page = screen.query_one("#text", Markdown).source
        assert page == f"# {topics[0].title}\n\n{topics[0].text}"
        for other in systems:
            if other is not chosen:
                assert other.rule_topics()[0].text not in page
        shown = screen_words(app)
        opening = topics[0].text.split("**")[0][:20]
        assert topics[0].title in shown and opening in shown    # drawn, not only held
        await pilot.press("down")                                   # the next topic, its own
        await pilot.pause()
        assert screen.query_one("#text", Markdown).source.startswith(f"# {topics[1].title}")
