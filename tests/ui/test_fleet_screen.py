"""The fleet screen, driven by keys as a player would: build a fleet, see its checks, save it,
and start a battle with it."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Input, OptionList, Select, Static

from ahoy_tui.rules.ahoy import fleet as fleets
from ahoy_tui.rules.ahoy.fleet import Fleet, GunDesign, ShipDesign
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.battle import BattleScreen
from ahoy_tui.ui.screens.confirm import ConfirmScreen
from ahoy_tui.ui.screens.fleet import FleetScreen, GunRow
from ahoy_tui.ui.screens.new_game import NewGameScreen
from ahoy_tui.ui.screens.title import TitleScreen
from ahoy_tui.ui.widgets.record_cards import ShipCard

SIZE = (120, 40)


@pytest.fixture(autouse=True)
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("AHOY_SAVES", str(tmp_path / "saves"))
    monkeypatch.setenv("AHOY_FLEETS", str(tmp_path / "fleets"))
    return tmp_path / "fleets"


async def type_text(pilot, text: str) -> None:
    await pilot.press(*("space" if c == " " else c for c in text))


def checks(screen: FleetScreen) -> str:
    return str(screen.query_one("#checks", Static).render())


async def test_build_a_fleet_by_keys_save_it_and_fight_with_it(tmp_path, folders):
    app = AhoyApp(saves=tmp_path / "saves")
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f")  # the title's Fleets: for which rule system? Ahoy!, the first
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FleetScreen)
        # Name the fleet: the field before the ship list; typing replaces the old name.
        await pilot.press("shift+tab")
        await type_text(pilot, "Sea Dogs")
        await pilot.press("escape")  # out of the field, back to the ships
        assert app.focused is screen.query_one("#ships", OptionList)
        # The first ship: rename her and make her Small (the size list, up one, choose).
        await pilot.press("enter")
        await type_text(pilot, "Hawk")
        await pilot.press("tab", "enter", "up", "enter")
        await pilot.pause()
        assert screen.designs[0].name == "Hawk" and screen.designs[0].size == "small"
        assert "Sailors 9 · Minimum Crew 3" in checks(screen)
        # A second ship, three more guns: her busiest broadside is now short of gun crews.
        await pilot.press("escape", "a")
        await type_text(pilot, "Kite")
        await pilot.press("escape", "g", "g", "g")
        await pilot.pause()
        kite = screen.designs[1]
        assert kite.name == "Kite" and [g.mount for g in kite.guns] == [
            "port", "starboard", "port", "starboard", "port"]
        assert len(screen.query(GunRow)) == 5
        assert "! crew: 9 sailors: 11 needed to sail her and fully man her busiest " \
               "broadside (2 short; Gun Crews)" in checks(screen)
        # Too few to sail her at all: an error, marked on the field and in the list.
        await pilot.click("#crew-sailor")
        await pilot.press("end", "backspace", "backspace", "4")
        await pilot.pause()
        assert "✗ crew: 4 sailors cannot sail a Medium ship (Minimum Crew 5)" in checks(screen)
        assert screen.query_one("#crew-sailor", Input).has_class("-problem")
        ships = screen.query_one("#ships", OptionList)
        assert str(ships.get_option_at_index(1).prompt).startswith("✗ Kite")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert not (folders / "sea_dogs.json").exists(), "an unusable fleet is not saved"
        await pilot.press("backspace", "1", "1")
        await pilot.pause()
        assert "✓ She meets the rules' limits." in checks(screen)
        await pilot.press("ctrl+s")
        await pilot.pause()
        saved = fleets.load_file(folders / "sea_dogs.json")
        assert saved.name == "Sea Dogs"
        assert [(d.name, d.size, len(d.guns), d.crew["sailor"]) for d in saved.ships] == [
            ("Hawk", "small", 2, 9), ("Kite", "medium", 5, 11)]
        # Back to the title, a new game with the fleet for the pirates (p2).
        await pilot.press("escape", "escape")
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        choice = form.query_one("#fleet-p2", Select)
        choice.focus()
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        assert choice.value == str(folders / "sea_dogs.json")
        await pilot.press("ctrl+s")
        await pilot.pause()
        battle = app.screen
        assert isinstance(battle, BattleScreen)
        state = battle.session.state
        assert [(s.name, s.side) for s in state.ships] == [
            ("Harpy", "p1"), ("Hawk", "p2"), ("Kite", "p2")]
        cards = {card.ship: str(card.render()) for card in battle.query(ShipCard)}
        assert "Hawk" in cards["hawk"] and "Kite" in cards["kite"]
        assert "Small sail" in cards["hawk"]


async def test_leaving_with_unsaved_changes_asks_first():
    app = AhoyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("f")
        await pilot.pause()
        await pilot.press("enter")  # Ahoy!'s fleets
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FleetScreen)
        await pilot.press("escape")  # nothing changed: straight back
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("f")
        await pilot.pause()
        await pilot.press("enter", "a")
        await pilot.pause()
        await pilot.press("escape", "escape")  # out of the new ship's name, then leave
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        assert isinstance(app.screen, FleetScreen)
        await pilot.press("escape", "y")
        await pilot.pause()
        assert isinstance(app.screen, TitleScreen)


async def test_copy_remove_and_load(folders):
    fleets.save(Fleet("Reik Guard", (
        ShipDesign("Griffon", "large", crew={"sailor": 12},
                   guns=(GunDesign("heavy_naval_cannon", "port"),)),)))
    app = AhoyApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(FleetScreen())
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, FleetScreen)
        await pilot.press("c")  # a copy of Ship 1, after her, with a name of her own
        await pilot.pause()
        assert [d.name for d in screen.designs] == ["Ship 1", "Ship 1 2"]
        assert screen.current == 1
        await pilot.press("delete")
        await pilot.pause()
        assert [d.name for d in screen.designs] == ["Ship 1"]
        await pilot.press("ctrl+o")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.fleet_name == "Reik Guard"
        assert screen.query_one("#fleet-name", Input).value == "Reik Guard"
        assert screen.query_one("#ship-name", Input).value == "Griffon"
        assert screen.query_one("#size", Select).value == "large"
        assert [(r.gun.weapon, r.gun.mount) for r in screen.query(GunRow)] == [
            ("heavy_naval_cannon", "port")]
        assert "Sailors 12 · Minimum Crew 8" in checks(screen)
        # Take her gun off with its button; the checks follow.
        screen.query_one(".drop").focus()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.designs[0].guns == ()
        assert "Gun crews: no guns" in checks(screen)
        await pilot.press("delete")
        await pilot.pause()
        assert "No ships yet" in checks(screen)
        assert "fleet: ships: 1 to 24 ships (0 given)" in str(
            screen.query_one("#fleet-status", Static).render())


async def test_a_fleet_that_cannot_be_placed_is_said_so_on_the_new_game_screen(folders):
    armada = Fleet("Armada", tuple(ShipDesign(f"Galleon {i}", "large", crew={"sailor": 8})
                                   for i in range(24)))
    fleets.save(armada)
    app = AhoyApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        await pilot.pause()
        form = app.screen
        assert isinstance(form, NewGameScreen)
        choice = form.query_one("#fleet-p1", Select)
        choice.focus()
        await pilot.press("enter", "down", "enter")
        await pilot.pause()
        words = str(form.query_one("#description", Static).render())
        assert "Cannot use the fleet: Armada for p1: 24 ships do not fit in the " \
               "deployment zone along the west edge (half the table)" in words
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.screen is form, "the battle does not start"
