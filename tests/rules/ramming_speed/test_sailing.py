"""Sailing (3.1-3.4): the wind's strength and its changes every fifth turn, and the sail
raised or lowered over two moves (three without a sailor), working only while fully up and
until fully stowed. The seed's example of 3.4 is played through a whole battle."""

from __future__ import annotations

import pytest

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.game import Game
from ahoy_tui.rules.ramming_speed.actions import PhaseDone, SetSail
from ahoy_tui.rules.ramming_speed.helm import bands_allowed, full_distance, sail_works
from ahoy_tui.rules.ramming_speed.model import Band, Phase, RSState, Sail, Wind
from ahoy_tui.rules.ramming_speed.sailing import (
    header_words,
    roll_strength,
    sail_work,
    set_sail,
    wind_check,
)

from .helpers import battle, crew, cup, galley, game, orders_turn, rest_of_turn, rolls, ship_data


@pytest.mark.parametrize(("face", "strength"), [(1, "calm"), (2, "light"), (3, "light"),
                                                (4, "light"), (5, "breeze"), (6, "breeze")])
def test_wind_strength_table(face: int, strength: str) -> None:
    """3.1: 1 calm; 2, 3 or 4 a light breeze; 5 or 6 a breeze."""
    with forced(face):
        dice, _ = cup()
        assert roll_strength(dice) == strength


@pytest.mark.parametrize(("wind", "words"), [
    (Wind("light", 135.0), "light ↘ (a light breeze from the north-west)"),
    (Wind("breeze", 90.0), "breeze → (a breeze from the west)"),
    (Wind("breeze", 0.0), "breeze ↑ (a breeze from the south)"),
    (Wind("calm", 0.0), "calm"),
])
def test_the_headers_wind_is_its_strength_and_way_then_the_rules_words(
        wind: Wind, words: str) -> None:
    """The header's wind: a word and the arrow the map draws (blowing toward), the rules' words
    in the brackets the header drops at 80 columns (3.1's strengths: calm, light, breeze)."""
    assert header_words(wind) == words


def blowing(turn: int) -> RSState:
    return battle(galley("a"), men=(), wind=Wind("light", 90.0), turn=turn)


@pytest.mark.parametrize("turn", [1, 2, 3, 4, 6, 9, 11])
def test_the_wind_is_checked_only_every_fifth_turn(turn: int) -> None:
    with forced():
        dice, events = cup()
        assert wind_check(blowing(turn), dice, events).wind == Wind("light", 90.0)
    assert rolls(events) == []


@pytest.mark.parametrize("turn", [5, 10, 15])
@pytest.mark.parametrize("face", [1, 2, 3, 4])
def test_no_change_on_1_to_4(turn: int, face: int) -> None:
    with forced(face):
        dice, events = cup()
        assert wind_check(blowing(turn), dice, events).wind == Wind("light", 90.0)


def test_a_5_changes_the_strength_only() -> None:
    with forced(5, 6):  # changed; rolled again: a breeze
        dice, events = cup()
        wind = wind_check(blowing(5), dice, events).wind
    assert wind == Wind("breeze", 90.0)
    assert [r.rule for r in rolls(events)] == ["3.1 Sailing"] * 2


def test_a_6_changes_strength_and_direction() -> None:
    with forced(6, 1, 3):  # both change: calm, and from the east (the third of eight points)
        dice, events = cup()
        wind = wind_check(blowing(10), dice, events).wind
    assert wind.strength == "calm" and wind.toward == 270.0  # from the east, toward the west


# --- 3.4 raising and lowering -------------------------------------------------------------

def worked(men: str, up: bool) -> list[Sail]:
    """The sail each maintenance from the order on: set in maintenance, then the work."""
    a = galley("a", sail=Sail.STOWED if up else Sail.UP)
    aboard = crew(a) if men == "sailor" else crew(a, captain=1, marine=2)
    state = battle(a, men=aboard)
    state = set_sail(state, "a", up, [])
    seen = []
    for _ in range(4):
        state = sail_work(state, [])
        seen.append(state.ship("a").sail)
    return seen


def test_two_moves_with_a_sailor_three_without() -> None:
    """3.4: ordered in one maintenance, done two maintenances later with a sailor in charge
    (the seed's example: turn 5 to turn 7), three later without one."""
    assert worked("sailor", up=False) == [Sail.LOWERING, Sail.LOWERING, Sail.STOWED,
                                          Sail.STOWED]
    assert worked("landsmen", up=False) == [Sail.LOWERING, Sail.LOWERING, Sail.LOWERING,
                                            Sail.STOWED]
    assert worked("sailor", up=True) == [Sail.RAISING, Sail.RAISING, Sail.UP, Sail.UP]
    assert worked("landsmen", up=True) == [Sail.RAISING, Sail.RAISING, Sail.RAISING, Sail.UP]


def test_no_effect_until_fully_up() -> None:
    """3.4: raising, she still rows; once up she goes under sail."""
    wind = Wind("breeze", 0.0)
    rising = galley("a", band=Band.SLOW, sail=Sail.RAISING, sail_work=1)
    state = battle(rising, wind=wind)
    assert not sail_works(rising)
    assert Band.SAIL not in bands_allowed(state, rising)
    up = galley("a", band=Band.SLOW, sail=Sail.UP)
    assert bands_allowed(battle(up, wind=wind), up) == (Band.SAIL,)
    assert full_distance(battle(up, wind=wind), up, Band.SAIL) == 18


def test_two_men_are_needed() -> None:
    from ahoy_tui.rules.ramming_speed.sailing import can_set_sail

    a = galley("a")
    light = Wind("light", 90.0)
    assert can_set_sail(battle(a, men=crew(a, sailor=1, marine=1), wind=light), a)
    assert not can_set_sail(battle(a, men=crew(a, sailor=1), wind=light), a)


def test_no_sail_is_raised_in_a_calm() -> None:
    # issue 37: "raise the sail" is not offered in a calm; a sail up may still come down
    from ahoy_tui.rules.ramming_speed.sailing import can_set_sail

    a = galley("a")
    assert not can_set_sail(battle(a, men=crew(a, sailor=1, marine=1)), a)
    up = galley("a", sail=Sail.UP)
    assert can_set_sail(battle(up, men=crew(up, sailor=1, marine=1)), up)


def state_of(g: Game) -> RSState:
    assert isinstance(g.state, RSState)
    return g.state


def test_the_seeds_example_of_lowering_the_sail() -> None:
    """3.4: "A player orders his sail lowered on turn 5. The order takes effect during the
    maintenance phase of that turn. During the maintenance phase of turn 7 the sail is finally
    lowered. The ship has moved its full distance under sail during both turns 6 and 7."

    A light breeze from the north, abeam of a galley heading east: 8" a turn (3.2)."""
    g = game(ship_data("p1", 6, 6, "E", id="a", sail="up"),
             ship_data("p2", 40, 44, "W", id="b"), wind=("light", "N"))
    xs = [state_of(g).ship("a").x]
    while state_of(g).turn < 5:
        orders_turn(g)
        rest_of_turn(g)
        xs.append(state_of(g).ship("a").x)
    assert xs == pytest.approx([6, 14, 22, 30, 38])
    orders_turn(g)  # turn 5's orders: still under sail
    while not (state_of(g).phase is Phase.MAINTENANCE and g.to_act == "p1"):
        assert g.to_act is not None
        g.play(PhaseDone(g.to_act))
    g.play(SetSail("p1", "a", up=False))
    assert state_of(g).ship("a").sail is Sail.LOWERING
    with forced(1):  # turn 5's wind check (3.1): no change
        rest_of_turn(g)
    for turn in (6, 7):
        assert state_of(g).turn == turn
        a = state_of(g).ship("a")
        assert a.sail is Sail.LOWERING and bands_allowed(state_of(g), a) == (Band.SAIL,)
        before = a.x
        orders_turn(g)
        assert state_of(g).ship("a").x == pytest.approx(before + 8)  # full distance, sail
        rest_of_turn(g)
    a = state_of(g).ship("a")
    assert state_of(g).turn == 8 and a.sail is Sail.STOWED  # lowered in turn 7's maintenance
    assert Band.SAIL not in bands_allowed(state_of(g), a)
