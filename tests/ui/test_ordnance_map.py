"""Advanced ordnance on the battle screen: the grapeshot template and swivel arc shaded on the
map for the selected ship, a turret's facing on her record card, the shot in the choices."""

from __future__ import annotations

from pathlib import Path

from ahoy_tui.engine import Game
from ahoy_tui.session import LocalSession
from ahoy_tui.ui.app import AhoyApp
from ahoy_tui.ui.widgets.choices import ChoiceList
from ahoy_tui.ui.widgets.record_cards import render_card
from ahoy_tui.ui.widgets.sea_map import SeaMap

SIZE = (120, 40)


def close_quarters() -> dict:
    ship = {"size": "small", "heading": "E", "anchored": True, "speed": 0,
            "crew": {"sailor": 12}}
    hawk_guns = [{"weapon": "naval_cannon", "mount": "starboard"},
                 {"weapon": "swivel_gun", "mount": "port"},
                 {"weapon": "carronade", "mount": "turret", "facing": 45}]
    return {
        "name": "close", "title": "Close quarters", "description": "Grape range.",
        "options": {"wind": "S", "wind_changes": False, "turn_limit": 1},
        "sides": [{"id": "p1", "name": "Empire"}, {"id": "p2", "name": "Pirates"}],
        "ships": [{**ship, "id": "hawk", "name": "Hawk", "side": "p1", "x": 30, "y": 20,
                   "guns": hawk_guns},
                  {**ship, "id": "kite", "name": "Kite", "side": "p2", "x": 30, "y": 25,
                   "guns": [{"weapon": "naval_cannon", "mount": "port"}]}],
    }


async def test_the_map_shades_the_template_and_arc_and_the_card_shows_the_turret(tmp_path: Path):
    game = Game.new("ahoy", scenario_data=close_quarters(), seed=3)
    app = AhoyApp(session=LocalSession(game, path=tmp_path / "battle.json"))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        await pilot.press("1")  # end orders: into the shooting phase
        await pilot.pause()
        labels = [label for label, _ in screen.choices()]
        assert any("with grapeshot" in x for x in labels)
        assert any("with chainshot" in x for x in labels)
        assert any("train the turret" in x for x in labels)
        assert screen.query_one(ChoiceList).display
        screen.selected = "hawk"
        screen.refresh_all()
        await pilot.pause()
        styles = {style for row in screen.query_one(SeaMap)._rows for _, style in row}
        assert {"seamap--grape", "seamap--swivel"} <= styles
        card = next(c for c in screen.session.ruleset.cards(screen.session.state)
                    if c.ship == "hawk")
        text = render_card(card, expanded=True, selected=True).plain
        assert "facing 045°" in text
