"""Setup in Man O' War (rules/man_o_war/scenario.py): a fleet bought within the points, Men O'
War, Independents and squadrons of three Ships of the Line with one flagship, the Admiral on a
Man O' War, crew counters equal to each ship's Crew Strength, deployment within 9" of one's own
edge and 9" from the north and south edges, and the wind rolled (2, 4 or 6: North)."""

from __future__ import annotations

from typing import Any

import pytest

from ahoy_tui.engine import Game
from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.events import DiceRoll, Happened
from ahoy_tui.rules.man_o_war import RULESET
from ahoy_tui.rules.man_o_war.bestiary import bestiary
from ahoy_tui.rules.man_o_war.model import COMPASS, MowState
from ahoy_tui.rules.man_o_war.scenario import BUILTIN, ScenarioError
from ahoy_tui.rules.man_o_war.spellbook import spellbook
from ahoy_tui.rules.man_o_war.tables import tables

from .test_battle import scenario, ship


def empire(*extra: dict[str, Any], points: int | None = None, deployment: bool = True,
           wind: str = "N") -> dict[str, Any]:
    """The Empire (west, 890 points): a Greatship with the Admiral, three Wolfships, three
    Wargalleys, all deployed by the rules; Bretonnia (east): a Galleon with her Admiral."""
    ships = [ship("g", "p1", "greatship", 6.5, 24, "E", admiral=True),
             *(ship(f"w{i}", "p1", "wolfship", 5, 12 + 3 * i, "E", squadron="w",
                    flagship=i == 1) for i in (1, 2, 3)),
             *(ship(f"a{i}", "p1", "wargalley", 5, 27 + 3 * i, "E", squadron="a",
                    flagship=i == 1) for i in (1, 2, 3)),
             ship("b", "p2", "galleon", 65.5, 24, "W", admiral=True), *extra]
    data = scenario(*ships, wind=wind)
    data["options"] = {"wind": wind, "deployment": deployment, "mow_cards": False,
                       **({"points": points} if points is not None else {})}
    return data


def refused(data: dict[str, Any]) -> str:
    with pytest.raises(ScenarioError) as error:
        RULESET.load_scenario(data=data)
    return str(error.value)


def change(data: dict[str, Any], ship_id: str, **fields: Any) -> dict[str, Any]:
    for entry in data["ships"]:
        if entry["id"] == ship_id:
            entry.update(fields)
            for key in [k for k, v in fields.items() if v is None]:
                del entry[key]
    return data


def test_a_fleet_set_out_by_the_rules_is_accepted() -> None:
    data = empire()
    assert RULESET.load_scenario(data=data).name == "test"
    points = sum(tables().template(s["template"]).points for s in data["ships"]
                 if s["side"] == "p1")
    assert points == 890 and tables().setup["points"] == 1000


def test_a_normal_game_is_1000_points_a_side() -> None:
    extra = [ship(f"x{i}", "p1", "wolfship", 1.9, 12 + 3 * i, "E", squadron="x",
                  flagship=i == 1) for i in (1, 2, 3)]
    assert "costs 1190 points, more than the 1000 allowed" in refused(empire(*extra))
    assert RULESET.load_scenario(data=empire(*extra, points=1200))  # a scenario may say more


def test_ships_of_the_line_come_in_squadrons_of_three_of_one_kind() -> None:
    data = empire()
    data["ships"] = [s for s in data["ships"] if s["id"] != "w3"]
    assert "squadron 'w' must be 3 Ships of the Line of one kind" in refused(data)
    mixed = change(empire(), "w3", template="wargalley")
    assert "of one kind" in refused(mixed)
    loose = change(empire(), "w3", squadron=None)
    assert "sails in a squadron" in refused(loose)


def test_each_squadron_has_one_flagship() -> None:
    assert "needs one flagship" in refused(change(empire(), "w1", flagship=False))
    assert "needs one flagship" in refused(change(empire(), "w2", flagship=True))
    assert "flagship counter" in refused(change(empire(), "g", flagship=True))


def test_only_ships_of_the_line_sail_in_squadrons() -> None:
    assert "only Ships of the Line" in refused(change(empire(), "g", squadron="w"))


def test_the_admiral_is_placed_on_a_man_o_war() -> None:
    on_a_wolf = change(change(empire(), "g", admiral=False), "w1", admiral=True)
    assert "must be a Man O' War" in refused(on_a_wolf)
    assert "exactly one Admiral" in refused(change(empire(), "g", admiral=False))


def test_a_fleet_of_another_race_is_refused() -> None:
    assert "not a ship of empire" in refused(change(empire(), "g", template="galleon"))


def test_every_ship_begins_with_crew_counters_equal_to_her_crew_strength() -> None:
    with forced(6, 1):
        game = Game.new("man-o-war", scenario_data=empire(), seed=1)
    state = game.state
    assert isinstance(state, MowState)
    for s in state.ships:
        assert s.crew == s.card.crew and s.crew > 0
    assert [s.id for s in state.ships if s.admiral] == ["g", "b"]
    assert [s.id for s in state.ships if s.flagship] == ["w1", "a1"]


@pytest.mark.parametrize(("side", "x", "y", "heading", "ok"), [
    ("p1", 6.5, 24, "E", True),  # her hull from 4" to 9" of the west edge
    ("p1", 7.0, 24, "E", False),  # to 9.5": beyond 9"
    ("p1", 6.5, 9.8, "E", True),  # her hull from 9" to 10.6" from the north edge
    ("p1", 6.5, 9.7, "E", False),  # within 9" of the north edge
    ("p1", 6.5, 38.2, "E", True),  # 9" from the south edge (48")
    ("p1", 6.5, 38.3, "E", False),
    ("p2", 65.5, 24, "W", True),  # within 9" of the east edge
    ("p2", 62, 24, "W", False),
])
def test_deployment_within_9_inches_of_ones_edge_and_9_from_north_and_south(
        side: str, x: float, y: float, heading: str, ok: bool) -> None:
    ship_id = "g" if side == "p1" else "b"
    data = change(empire(), ship_id, x=x, y=y, heading=heading)
    if ok:
        assert RULESET.load_scenario(data=data)
    else:
        assert "must be placed within 9\"" in refused(data)


def test_a_scenario_may_set_out_ships_without_the_deployment_rule() -> None:
    data = change(empire(deployment=False), "g", x=30)
    assert RULESET.load_scenario(data=data)


@pytest.mark.parametrize(("face", "point"), [(1, "S"), (2, "N"), (3, "S"), (4, "N"), (5, "S"),
                                             (6, "N")])
def test_the_wind_is_rolled_2_4_or_6_north_else_south(face: int, point: str) -> None:
    with forced(face, 6, 1):
        game = Game.new("man-o-war", scenario_data=empire(wind="roll"), seed=1)
    state = game.state
    assert isinstance(state, MowState) and COMPASS[state.wind] == point
    events = game.events_at(0)
    assert isinstance(events[0], DiceRoll) and events[0].rule == "Setup"
    assert any(isinstance(e, Happened) and e.text == f"The wind is blowing {point}"
               for e in events)


def test_a_scenario_may_set_the_wind() -> None:
    with forced(6, 1):
        game = Game.new("man-o-war", scenario_data=empire(wind="SW"), seed=1)
    assert isinstance(game.state, MowState) and COMPASS[game.state.wind] == "SW"
    assert [e.rule for e in game.events_at(0) if isinstance(e, DiceRoll)] == [
        "Initiative Phase"] * 2


@pytest.mark.parametrize("name", BUILTIN)
def test_the_built_in_scenarios_keep_the_setup_rules(name: str) -> None:
    loaded = RULESET.load_scenario(name)
    options = loaded.to_data().get("options", {})
    assert options.get("deployment", True)
    # 1,000 points by default; a scenario may set another value, and every fleet keeps to it
    points = options.get("points", 1000)
    assert points in (400, 1000, 1050, 1100, 1250)  # 400: Learn to play's one ship a side
    game = Game.new("man-o-war", name, seed=1)
    for side in game.state.sides:
        cost = sum(s.card.points for s in game.state.ships if s.side == side)
        wizard = game.state.wizard(side)
        if wizard is not None:  # his cost counts too
            cost += spellbook().wizard(wizard.level).cost
        cost += sum(bestiary().monster(c.kind).points for c in game.state.creatures
                    if c.side == side)  # and its sea monsters'
        assert len([c for c in game.state.creatures if c.side == side]) <= len(
            {s.squadron for s in game.state.ships if s.side == side and s.squadron})
        assert 0.5 * points < cost <= points


@pytest.mark.parametrize("scenario", ["dwarfs_orcs", "elves", "empire_bretonnia", "eyries",
                                      "leviathans", "sorcery"])
def test_no_ship_under_sail_alone_starts_any_scenario_into_the_wind(scenario: str) -> None:
    """Each scenario's wind, as it places the fleets, lets every ship that has only sails
    sail toward the enemy (the Empire's Greatship with the wind from the north-east in
    empire_bretonnia and leviathans: 45° off her bow, beside the Turning Template, reading
    M8); a rolled wind blows north or south, across the fleets' east-west courses."""
    from ahoy_tui.rules.man_o_war.table import into_the_wind

    for seed in range(3):
        state = Game.new("man-o-war", scenario, seed=seed).state
        assert COMPASS[state.wind] not in ("E", "W") or scenario in ("elves", "eyries")
        for vessel in state.ships:
            move = vessel.card.move
            if move.sail and not (move.oars or move.steam or move.magic):
                assert not into_the_wind(state, vessel.heading), (vessel.name, state.wind)


@pytest.mark.parametrize("name", BUILTIN)
def test_every_squadron_of_a_built_in_scenario_starts_in_formation(name: str) -> None:
    """A Ship of the Line more than 6" (hull to hull) from her flagship is a straggler at the
    End Phase (End Phase: stragglers): a scenario that sets one out that far makes her one at
    the end of turn 1 whatever her player does, and she may not be activated with her
    squadron (the Kinstrife's Sky Hawk and Storm Hawk were 6.1" and 9.6" from the Silver
    Hawk)."""
    from ahoy_tui.engine.geometry import distance
    from ahoy_tui.rules.man_o_war.table import outline

    limit = float(tables().setup["straggler"])
    state = Game.new("man-o-war", name, seed=1).state
    for vessel in state.ships:
        flagship = next((s for s in state.ships if s.squadron == vessel.squadron and s.flagship),
                        None) if vessel.squadron else None
        if flagship is not None and flagship is not vessel:
            assert distance(outline(vessel), outline(flagship)) <= limit, (vessel.name, name)
