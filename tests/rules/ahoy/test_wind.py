"""Wind Direction: the opening roll, the change each game turn, a ship's point of sail against
the wind, and the Light Airs and Gales weather (fixed rates, the 4+ roll to change heading).

The wind is the compass point it blows toward (../shared/core-mechanics.md): "S" blows from the
north toward the south edge. y grows southward.
"""

from __future__ import annotations

import math

import pytest
from kit import (
    act,
    happened,
    new_game,
    pass_turn,
    rolls,
    scenario,
    ship,
    state,
    to_movement,
    until_turn_of,
)

from ahoy_tui.engine import DiceRoll, Game, IllegalAction, forced
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.wind import (
    BEATING,
    REACHING,
    RUNNING,
    into_the_wind,
    point_of_sail,
    wind_source,
)

N, NE, E, SE, S, SW, W, NW = range(8)
WEATHER = "Wind Direction (Light Airs and Gales)"
R = math.sqrt(0.5)


def quiet(**options):
    """Two anchored ships: turns pass with no ship to move and no dice but the wind's."""
    return new_game(
        ship("anchored", "p1", x=20, y=20, heading="E", speed=0, anchored=True),
        ship("hulk", "p2", x=52, y=30, heading="W", speed=0, anchored=True),
        **options,
    )


def wind_rolls(events) -> list[DiceRoll]:
    return [r for r in rolls(events) if r.rule == "Wind Direction"]


# --- the opening roll ---------------------------------------------------------------------------


@pytest.mark.parametrize(("face", "wind"), [(1, N), (2, N), (3, E), (4, S), (5, S), (6, W)])
def test_random_wind_is_rolled_at_setup_on_the_d6_table(face, wind):
    data = scenario(ship("a", "p1", x=20, y=20), ship("b", "p2", x=50, y=30), wind="random")
    with forced(face):
        game = Game.new("ahoy", scenario_data=data, seed=1)
    assert state(game).wind == wind
    events = game.events_at(0)
    (roll,) = wind_rolls(events)
    assert (roll.dice, roll.result, roll.purpose) == ("D6", face, "wind direction")
    told = happened(events, "wind")
    assert told and "blowing toward the" in told[0].text


def test_a_scenario_wind_is_not_rolled():
    game = new_game(ship("a", "p1", x=20, y=20), ship("b", "p2", x=50, y=30), wind="W")
    assert state(game).wind == W
    assert not wind_rolls(game.events_at(0))


# --- the change at the start of each game turn --------------------------------------------------


@pytest.mark.parametrize(("start", "face", "after"), [
    ("N", 1, E),   # veers 90° clockwise: from North to East (the rule's own example)
    ("N", 2, N), ("N", 3, N), ("N", 4, N), ("N", 5, N),
    ("N", 6, W),   # backs 90° anticlockwise: from North to West (the rule's own example)
    ("E", 1, S), ("S", 1, W), ("W", 1, N),
    ("E", 6, N), ("S", 6, E), ("W", 6, S),
])
def test_wind_changes_at_the_start_of_each_game_turn(start, face, after):
    game = quiet(wind=start, wind_changes=True)
    pass_turn(game)  # p1's turn 1: no wind roll in the first game turn
    assert state(game).active == "p2" and state(game).turn == 1
    assert all(not wind_rolls(game.events_at(i)) for i in range(game.step + 1))
    with forced(face):
        pass_turn(game)  # p2's turn ends: game turn 2 begins with the wind's roll
    assert state(game).turn == 2 and state(game).active == "p1"
    (roll,) = wind_rolls(game.events_at(game.step))
    assert roll.purpose == "wind change" and roll.result == face
    assert state(game).wind == after
    changed = happened(game.events_at(game.step), "wind")
    assert bool(changed) == (after != "NESW".index(start) * 2)


def test_the_wind_roll_comes_only_once_a_game_turn_and_keeps_turning():
    game = quiet(wind="N", wind_changes=True)
    pass_turn(game)
    with forced(1):
        pass_turn(game)
    assert state(game).wind == E
    pass_turn(game)  # p1's turn 2 ends: p2's turn is no new game turn, no roll
    assert not wind_rolls(game.events_at(game.step))
    with forced(1):
        pass_turn(game)
    assert state(game).turn == 3 and state(game).wind == S


def test_no_wind_change_when_the_option_is_off():
    game = quiet(wind="N", wind_changes=False)
    for _ in range(4):
        pass_turn(game)
    assert state(game).turn == 3 and state(game).wind == N
    assert all(not wind_rolls(game.events_at(i)) for i in range(game.step + 1))


def test_a_wind_change_sets_the_next_turns_point_of_sail():
    game = new_game(
        ship("sloop", "p1", size="small", x=20, y=24, heading="E", speed=8),
        ship("hulk", "p2", x=60, y=40, heading="W", speed=0, anchored=True),
        wind="S", wind_changes=True,
    )
    to_movement(game)
    act(game, a.StartMove("sloop", "full"), 2)  # Reaching: D6+4
    assert state(game).move.allowance == 6
    act(game, a.Advance(6))
    act(game, a.EndMove())
    pass_turn(game)  # p1's shooting
    with forced(6):  # start of turn 2: the wind backs from South to East
        pass_turn(game)
    assert state(game).wind == E
    to_movement(game)
    # Heading east with the wind blowing toward the east: Running, D6+6.
    events = act(game, a.StartMove("sloop", "full"), 2)
    assert state(game).move.allowance == 8
    assert "running" in happened(events, "pace")[0].text


# --- point of sail ------------------------------------------------------------------------------


@pytest.mark.parametrize(("heading", "point"), [
    (N, BEATING),    # bow straight into the wind's source
    (NE, BEATING), (NW, BEATING),    # within 45° of it
    (E, REACHING), (W, REACHING),    # square to the wind
    (SE, RUNNING), (SW, RUNNING),    # wind on the quarter
    (S, RUNNING),    # wind astern
])
def test_point_of_sail_for_every_heading(heading, point):
    wind = S  # blowing from the north toward the south
    assert wind_source(wind) == N
    assert point_of_sail(heading, wind) == point
    # The same relation holds for every wind, turned with it.
    for steps in (2, 4, 6):
        assert point_of_sail((heading + steps) % 8, (wind + steps) % 8) == point


def test_head_to_wind_is_only_straight_into_it():
    assert into_the_wind(N, S)
    assert into_the_wind(E, W) and into_the_wind(S, N) and into_the_wind(W, E)
    assert not into_the_wind(NE, S) and not into_the_wind(NW, S)
    assert not into_the_wind(S, S)


@pytest.mark.parametrize(("heading", "dice", "fixed"), [
    ("N", "D3", 2), ("NE", "D3", 2), ("NW", "D3", 2),
    ("E", "D6", 6), ("W", "D6", 6),
    ("SE", "D6", 8), ("SW", "D6", 8), ("S", "D6", 8),
])
def test_point_of_sail_sets_the_rate_in_play(heading, dice, fixed):
    game = new_game(ship("brig", "p1", heading=heading, speed=8),
                    ship("hulk", "p2", x=60, y=44, heading="W", speed=0, anchored=True),
                    wind="S")
    to_movement(game)
    events = act(game, a.StartMove("brig", "full"), 6)
    (roll,) = rolls(events)
    assert roll.dice == dice
    assert state(game).move.allowance == fixed + (3 if dice == "D3" else 6)


# --- Light Airs and Gales -----------------------------------------------------------------------


def weather_game(weather: str, size: str, heading: str, speed: int = 8) -> Game:
    return new_game(ship("sloop", "p1", size=size, x=30, y=24, heading=heading, speed=speed),
                    ship("hulk", "p2", x=60, y=44, heading="W", speed=0, anchored=True),
                    wind="S", weather=weather)


@pytest.mark.parametrize(("size", "heading", "fixed", "halved"), [
    ("jolly_boat", "N", 3, 1),  # 3 halved, rounded down
    ("jolly_boat", "E", 2, 1),
    ("small", "N", 4, 2),
    ("small", "S", 6, 3),
    ("medium", "E", 6, 3),
    ("large", "N", 1, 0),       # 1 halved, rounded down: nothing
    ("large", "E", 8, 4),
])
def test_light_airs_halve_fixed_rates_rounding_down(size, heading, fixed, halved):
    game = weather_game("light_airs", size, heading)
    to_movement(game)
    events = act(game, a.StartMove("sloop", "full"), 6)
    die = 3 if rolls(events)[0].dice == "D3" else 6
    assert state(game).move.allowance == halved + die
    assert f"+{halved}" in rolls(events)[0].purpose


@pytest.mark.parametrize(("size", "heading", "fixed", "raised"), [
    ("jolly_boat", "N", 3, 5),  # +half of 3, rounded up: +2
    ("jolly_boat", "E", 2, 3),
    ("small", "E", 4, 6),
    ("small", "S", 6, 9),
    ("medium", "N", 2, 3),
    ("medium", "S", 8, 12),
    ("large", "N", 1, 2),       # +half of 1, rounded up: +1
    ("large", "S", 10, 15),
])
def test_gales_add_half_the_fixed_rate_rounding_up(size, heading, fixed, raised):
    game = weather_game("gales", size, heading)
    to_movement(game)
    events = act(game, a.StartMove("sloop", "full"), 6)
    die = 3 if rolls(events)[0].dice == "D3" else 6
    assert state(game).move.allowance == raised + die


def test_weather_changes_the_fixed_part_of_slowing_down_too():
    game = weather_game("gales", "medium", "E")
    to_movement(game)
    events = act(game, a.StartMove("sloop", "slow"))
    assert not rolls(events)
    assert state(game).move.allowance == 9  # 6 + 3


@pytest.mark.parametrize("weather", ["light_airs", "gales"])
@pytest.mark.parametrize("face", [4, 5, 6])
def test_in_rough_weather_a_4_or_more_lets_her_change_heading(weather, face):
    game = weather_game(weather, "medium", "S")  # running
    to_movement(game)
    act(game, a.StartMove("sloop", "full"), 6)
    act(game, a.Advance(3))
    events = act(game, a.Turn("port"), face)
    (roll,) = rolls(events)
    assert roll.rule == WEATHER and roll.need == "4+" and roll.outcome == "may turn"
    assert state(game).ship("sloop").heading == SE
    # One roll serves her whole move: her next turn needs no roll.
    act(game, a.Advance(3))
    events = act(game, a.Turn("port"))
    assert not rolls(events)
    assert state(game).ship("sloop").heading == E


@pytest.mark.parametrize("weather", ["light_airs", "gales"])
@pytest.mark.parametrize("face", [1, 2, 3])
def test_in_rough_weather_a_failed_roll_holds_her_heading(weather, face):
    game = weather_game(weather, "medium", "S")
    to_movement(game)
    act(game, a.StartMove("sloop", "full"), 6)
    allowance = state(game).move.allowance
    act(game, a.Advance(3))
    events = act(game, a.Turn("starboard"), face)
    (roll,) = rolls(events)
    assert roll.rule == WEATHER and roll.outcome == "holds her heading"
    sloop = state(game).ship("sloop")
    assert sloop.heading == S and (sloop.x, sloop.y) == (30, 27)
    move = state(game).move
    assert move.steer_ok is False and move.turns_made == 0
    # No further turn this move, in either direction, even after moving on.
    act(game, a.Advance(3))
    for direction in ("port", "starboard"):
        assert a.Turn(direction) not in game.legal_actions()
        with pytest.raises(IllegalAction, match="Light Airs and Gales") as refused:
            game.play(a.Turn(direction))
        assert "failed the roll" in refused.value.reason
    # She still has to use her whole move.
    with pytest.raises(IllegalAction, match="whole move must be used"):
        game.play(a.EndMove())
    act(game, a.Advance(allowance - 6))
    # Her move used and no turn open to her, it ends by itself.
    assert state(game).move is None
    assert state(game).ship("sloop").y == 24 + allowance


def test_in_rough_weather_the_roll_comes_again_next_turn():
    game = weather_game("gales", "medium", "S")
    to_movement(game)
    act(game, a.StartMove("sloop", "full"), 1)  # 1 + 12 = 13"
    act(game, a.Advance(3))
    act(game, a.Turn("port"), 2)  # fails
    act(game, a.Advance(10))
    assert state(game).move is None
    until_turn_of(game, "p1")
    to_movement(game)
    act(game, a.StartMove("sloop", "slow"))  # 12"
    act(game, a.Advance(3))
    events = act(game, a.Turn("port"), 6)
    assert rolls(events)[0].rule == WEATHER
    assert state(game).ship("sloop").heading == SE


def test_in_normal_weather_turning_rolls_nothing():
    game = weather_game("normal", "medium", "S")
    to_movement(game)
    act(game, a.StartMove("sloop", "full"), 6)
    act(game, a.Advance(3))
    events = act(game, a.Turn("starboard"))
    assert not rolls(events)
    assert state(game).ship("sloop").heading == SW
    assert state(game).move.steer_ok is None
