"""Setup played by the rules (rules/man_o_war/setup.py): terrain rolled for each 2' section and
placed alternately from a random player, then the wind, the set-up roll (ties rolled again),
the winner choosing east or west and placing first, units placed one at a time within 9" of
their edge and 9" from north and south. Every die forced."""

from __future__ import annotations

import pytest

from ahoy_tui.engine import Game, IllegalAction
from ahoy_tui.engine.dice import forced
from ahoy_tui.rules.man_o_war.actions import ChooseEdge, Deploy, PlaceTerrain
from ahoy_tui.rules.man_o_war.model import COMPASS, Phase
from ahoy_tui.rules.man_o_war.setup import deploy_spots, reserve_units
from ahoy_tui.rules.man_o_war.table import outline, terrain_outline

# six 2' sections on a 6' by 4' table: rolls 1 3 5 6 2 4 give 0 1 2 3 0 1 features
SECTIONS = (1, 3, 5, 6, 2, 4)


def by_the_rules(*more: int) -> Game:
    with forced(*SECTIONS, *more):
        return Game.new("man-o-war", "empire_bretonnia", seed=1,
                        options={"placement": "rules", "wind": "roll"})


def test_each_section_rolls_its_features_and_a_random_player_places_first() -> None:
    game = by_the_rules(5)  # 4-6: the second player places first
    state = game.state
    assert state.phase == Phase.SETUP and state.setup_step == "terrain"
    assert state.sections == (0, 1, 2, 3, 0, 1)
    assert state.to_act == "p2" and state.ships == () and len(state.reserve) == 14
    sections = {a.section for a in game.legal_actions() if isinstance(a, PlaceTerrain)}
    assert sections == {1, 2, 3, 5}  # only where a feature is still to place


def test_players_place_terrain_in_turn_clear_of_the_fleets_waters() -> None:
    game = by_the_rules(2)
    placed = []
    while game.state.setup_step == "terrain":
        side = game.state.to_act
        placed.append(side)
        game.play(game.legal_actions()[0])
    assert placed[:4] == ["p1", "p2", "p1", "p2"]
    assert len(game.state.terrain) == 7
    for piece in game.state.terrain:
        assert all(9 <= x <= 63 for x, _ in terrain_outline(piece))


def test_the_wind_then_the_set_up_roll_a_tie_rolled_again() -> None:
    game = by_the_rules(2)
    while len(game.state.terrain) < 6:
        game.play(game.legal_actions()[0])
    with forced(4, 3, 3, 2, 5):  # the wind (4: north), the set-up roll 3-3 again, 2-5
        game.play(game.legal_actions()[0])
    state = game.state
    assert COMPASS[state.wind] == "N"
    assert state.setup_step == "edge" and state.to_act == "p2"
    assert set(game.legal_actions().fixed) == {ChooseEdge("west"), ChooseEdge("east")}


def placed_game(edge: str = "west") -> Game:
    game = by_the_rules(2)
    while game.state.setup_step == "terrain" and len(game.state.terrain) < 6:
        game.play(game.legal_actions()[0])
    with forced(1, 6, 1):  # the wind: south; the set-up roll: p1 6, p2 1
        game.play(game.legal_actions()[0])
    game.play(ChooseEdge(edge))
    return game


def test_the_winner_chooses_his_side_and_places_first_within_his_waters() -> None:
    game = placed_game("east")
    state = game.state
    assert state.edges == ("east", "west") and state.to_act == "p1"
    spots = game.legal_actions()
    assert all(isinstance(a, Deploy) for a in spots)
    game.play(Deploy("greatship", 24))
    ship = game.state.ship("greatship")
    hull = outline(ship)
    assert all(x >= 72 - 9 for x, _ in hull) and all(9 <= y <= 39 for _, y in hull)
    assert COMPASS[ship.heading] == "W"  # facing the enemy's edge
    assert game.state.to_act == "p2"  # then the other side places one


def test_a_squadron_is_placed_whole_in_column_round_its_flagship() -> None:
    game = placed_game()
    game.play(Deploy("wolves", 20))
    wolves = [game.state.ship(s) for s in ("wolf1", "wolf2", "wolf3")]
    assert sorted(s.y for s in wolves) == [17, 20, 23]
    assert game.state.ship("wolf1").y == 20  # the flagship in the middle


def test_a_unit_outside_its_waters_is_refused_with_the_rule() -> None:
    game = placed_game()
    with pytest.raises(IllegalAction) as refused:
        game.play(Deploy("greatship", 5))  # inside the 9" from the north edge
    assert refused.value.rule == "Setup"


def test_every_unit_placed_the_battle_begins_with_the_initiative() -> None:
    game = placed_game()
    while game.state.phase == Phase.SETUP:
        side = game.state.to_act
        unit = reserve_units(game.state, side)[0]
        game.play(Deploy(unit, deploy_spots(game.state, unit)[0]))
    state = game.state
    assert state.phase == Phase.BATTLE and not state.reserve and len(state.ships) == 14
    said = [e.describe() for e in game.events_at(game.step)]
    assert any("initiative" in s for s in said)
