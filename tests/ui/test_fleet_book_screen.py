"""The one fleet screen, driven by keys as a player would: Man O' War's fleet bought from the
race's catalogue, its points left and what is missing shown as it is built, saved, listed by
``ahoy fleets --ruleset``, and played to the end of a battle, a captain commanding it."""

from __future__ import annotations

import argparse
import io
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from ahoy_tui.ai.captain import make_captain
from ahoy_tui.commands import list_fleets
from ahoy_tui.engine import Game, fleet_book, get_ruleset
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.fleet_book import FleetBookScreen, WhichFleets

SIZE = (140, 44)


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("AHOY_FLEETS", str(tmp_path / "fleets"))
    return tmp_path / "fleets"


def words(screen: FleetBookScreen, widget: str) -> str:
    return str(screen.query_one(widget, Static).render())


async def test_a_man_o_war_fleet_bought_by_keys_is_saved_listed_and_played(folders):
    app = AhoyApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f")  # the title's Fleets: which rule system?
        await pilot.pause()
        assert isinstance(app.screen, WhichFleets)
        await pilot.press("down", "enter")  # Man O' War, after Ahoy!
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FleetBookScreen)
        # Nothing bought yet: the Admiral's Man O' War is what is missing, the rule named.
        assert "no ships yet" in words(screen, "#book-checks")
        assert "Points left 1000" in words(screen, "#book-tally")
        # The Empire's catalogue, the Greatship first, her card as the battle draws it.
        assert "Greatship" in words(screen, "#book-card")
        assert "crew" in words(screen, "#book-card")
        await pilot.press("enter")  # buy a Greatship
        await pilot.press("down", "enter")  # and a squadron of three Wolfships
        await pilot.pause()
        assert [p.entry for p in screen.fleet.picks] == ["greatship", "wolfship"]
        assert "Points left 350" in words(screen, "#book-tally")
        # The Greatship takes an anti-flyer weapon (extra 3), 25 points from its allowance.
        await pilot.press("tab")
        assert app.focused is screen.query_one("#picks", OptionList)
        await pilot.press("up", "3")
        await pilot.pause()
        assert screen.fleet.picks[0].extras == ("anti_flyer",)
        assert "Anti-flyer weapons: 25 of 100" in words(screen, "#book-tally")
        assert "Points left 350" in words(screen, "#book-tally")
        # Two Wolfship squadrons more: more than the points, refused naming the rule, not saved.
        await pilot.press("shift+tab", "enter", "enter")
        await pilot.pause()
        assert "more than the 1000 allowed (Setup)" in words(screen, "#book-checks")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not (folders / "man-o-war").exists()
        await pilot.press("tab", "x", "x")  # take the last two lines out again
        await pilot.pause()
        assert len(screen.fleet.picks) == 2
        await pilot.press("ctrl+s")
        await pilot.pause()
        saved = folders / "man-o-war" / "new_fleet.json"
        assert saved.exists()
    # listed, as `ahoy fleets --ruleset man-o-war` lists it
    out = io.StringIO()
    assert list_fleets(argparse.Namespace(ruleset="man-o-war", dir=None), out) == 0
    assert "New fleet  (new_fleet.json, 650/1000 points" in out.getvalue()
    assert "Squadron of three Wolfships (300 pts)" in out.getvalue()
    # and played: set out by the rules' own set-up, a captain commanding each side
    ruleset = get_ruleset("man-o-war")
    fleet = fleet_book.find("man-o-war", "New fleet")
    data = ruleset.fleet_book.with_fleet(
        ruleset.load_scenario(name="empire_bretonnia").to_data(), "p1", fleet)
    game = Game.new("man-o-war", "empire_bretonnia", scenario_data=data, seed=5)
    assert sorted(s.template for s in game.state.reserve + game.state.ships
                  if s.side == "p1") == ["greatship", "wolfship", "wolfship", "wolfship"]
    captains = {"p1": make_captain("easy", 1, 0.05), "p2": make_captain("easy", 2, 0.05)}
    while not game.state.result:  # to the end of the battle, the bought fleet commanded
        assert game.last_step < 5000, "the battle never ends"
        side = game.state.to_act
        assert side is not None
        game.play(captains[side].decide(game.view(side), game.legal_actions()).action)
    assert game.state.result and game.last_step > 6, game.last_step


async def test_the_new_game_form_takes_a_bought_fleet_for_either_side(folders):
    from textual.widgets import Select

    from ahoy_tui.ui.screens.new_game import NewGameScreen

    book = get_ruleset("man-o-war").fleet_book
    fleet = fleet_book.Fleet("man-o-war", "Iron Wall", {"race": "dwarfs"},
                             (fleet_book.Pick("ironclad"), fleet_book.Pick("monitor")))
    path = fleet_book.save(book, fleet)
    app = AhoyApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        form.query_one("#ruleset", Select).focus()
        await pilot.press("enter", "down", "enter")  # Man O' War
        await pilot.pause()
        assert form.ruleset_id == "man-o-war"
        choice = form.query_one("#fleet-p2", Select)
        choice.focus()
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert choice.value == str(path)
        await pilot.press("ctrl+s")
        await pilot.pause()
        state = app.screen.session.state  # type: ignore[attr-defined]
        mine = sorted(s.template for s in (*state.reserve, *state.ships) if s.side == "p2")
        assert mine == ["ironclad", "monitor", "monitor", "monitor"]
        assert state.races[1] == "dwarfs"


async def test_a_naval_battle_ship_s_size_and_guns_chosen_on_the_same_screen(folders):
    from textual.widgets import Select

    app = AhoyApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f")
        await pilot.pause()
        menu = app.screen.query_one("#systems", OptionList)
        systems = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        await pilot.press(*["down"] * systems.index("naval-battle"), "enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FleetBookScreen) and screen.book.ruleset == "naval-battle"
        await pilot.press("down", "down", "down", "down", "enter")  # a Dwarf ship
        await pilot.pause()
        assert [p.entry for p in screen.fleet.picks] == ["dwarf"]
        assert "Action points left 60" in words(screen, "#book-tally")  # 40 of 100 action points
        await pilot.press("tab", "tab")  # the fleet, then her first choice: her size
        await pilot.pause()
        size = screen.query_one("#field-size", Select)
        assert app.focused is size
        await pilot.press("enter", "down", "enter")  # 45 action points
        await pilot.pause()
        assert screen.fleet.picks[0].options == {"size": "45"}
        assert "Action points left 55" in words(screen, "#book-tally")
        await pilot.press("ctrl+s")
        await pilot.pause()
    saved = fleet_book.find("naval-battle", "New fleet")
    assert saved.picks[0].options == {"size": "45"}
