"""The battle screen with a fire ship under tow and a boat launched mid-battle."""

from __future__ import annotations

from pathlib import Path

from ahoy_tui.engine import Game, forced
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.screens.battle import BattleScreen
from ahoy_tui.ui.widgets.record_cards import ShipCard, ShipCards
from ahoy_tui.ui.widgets.sea_map import SeaMap

SCENARIO = Path(__file__).parents[1] / "ai" / "data" / "fireships.toml"


async def test_a_boat_launched_mid_battle_gets_a_card_and_a_hull_on_the_map(tmp_path):
    with forced(3):
        game = Game.new("ahoy", scenario_file=str(SCENARIO), seed=5)
    game.play(a.EndOrders())
    session = LocalSession(game, path=tmp_path / "battle.json")
    app = AhoyApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, BattleScreen)
        cards = screen.query_one(ShipCards)
        assert "inferno" in cards._cards
        screen.play(a.LaunchBoat("escort", 2))
        await pilot.pause()
        assert "escort_boat1" in cards._cards
        # In the state's order: the boat's card follows her ship's.
        assert [w.ship for w in cards.query(ShipCard)] == [s.id for s in session.state.ships]
        text = str(cards._cards["inferno"].render())
        assert "fire ship" in text and "towed by the Revenge" in text
        sea = screen.query_one(SeaMap)
        assert sea.size.width > 0


async def test_stepping_a_replay_back_and_forth_past_a_launch(tmp_path):
    with forced(3):
        game = Game.new("ahoy", scenario_file=str(SCENARIO), seed=5)
    game.play(a.EndOrders())
    session = LocalSession(game, path=tmp_path / "battle.json")
    app = AhoyApp(session=session)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        cards = screen.query_one(ShipCards)
        before = session.state
        screen.play(a.LaunchBoat("escort", 2))
        await pilot.pause()
        after = session.state
        for state in (before, after, before, after):
            cards.show(screen.session.ruleset.cards(state), None)
            await pilot.pause()
        shown = [w.ship for w in cards.query(ShipCard) if w.display]
        assert shown == [s.id for s in after.ships]
        cards.show(screen.session.ruleset.cards(before), None)
        await pilot.pause()
        assert "escort_boat1" not in [w.ship for w in cards.query(ShipCard) if w.display]
