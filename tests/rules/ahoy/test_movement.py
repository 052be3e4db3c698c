"""Movement: the Ship Size table, the sailing movement rates, Turning, In Irons, Slowing Down,
Stationary Ships, Ships Adrift, Sailing Off the Table, Ships Moving Out of Control, and contact
with another hull.

Every position has the wind blowing toward the south ("S", from the north) unless it says
otherwise: heading N is Beating, E or W Reaching, S Running. y grows southward.
"""

from __future__ import annotations

import math

import pytest
from kit import act, happened, new_game, rolls, ship, state, to_movement, until_turn_of

from ahoy_tui.engine import Game, IllegalAction
from ahoy_tui.rules.ahoy import actions as a
from ahoy_tui.rules.ahoy.crew import in_control, sailing_crew
from ahoy_tui.rules.ahoy.model import Phase, Task

N, NE, E, SE, S, SW, W, NW = range(8)
R = math.sqrt(0.5)

RATES = {  # Movement Rates for SAILING SHIPS: (die, fixed) Beating, Reaching, Running
    "jolly_boat": (("D3", 3), ("D6", 2), ("D6", 3)),
    "small": (("D3", 4), ("D6", 4), ("D6", 6)),
    "medium": (("D3", 2), ("D6", 6), ("D6", 8)),
    "large": (("D3", 1), ("D6", 8), ("D6", 10)),
}
SIZES = {  # Ship Size: 45° turns a turn, inches before each turn, minimum crew
    "jolly_boat": (4, 1, 1),
    "small": (3, 2, 3),
    "medium": (2, 3, 5),
    "large": (1, 4, 8),
}
NAMES = {"jolly_boat": "a Jolly Boat", "small": "a Small ship", "medium": "a Medium ship",
         "large": "a Large ship"}


def hulk():
    """p2's ship, at anchor in the south-east corner, out of everyone's way."""
    return ship("hulk", "p2", x=62, y=44, heading="W", speed=0, anchored=True)


def one_ship(size="medium", heading="E", *, x=36.0, y=24.0, speed=8, wind="S",
             weather="normal", **extra) -> Game:
    """p1's Sloop against the anchored hulk (p1's anchored Tender keeps the battle going should
    the Sloop leave it)."""
    extra.setdefault("crew", {"sailor": 10})
    return new_game(ship("sloop", "p1", size=size, x=x, y=y, heading=heading, speed=speed,
                         **extra),
                    ship("tender", "p1", size="small", x=8, y=8, heading="E", speed=0,
                         anchored=True),
                    hulk(), wind=wind, weather=weather)


def paces(game: Game, ship_id: str = "sloop") -> set[str]:
    return {x.pace for x in game.legal_actions() if isinstance(x, a.StartMove)
            and x.ship == ship_id}


def sail(game: Game, inches: int) -> None:
    """Sail straight ahead and end the move (if it has not ended by itself)."""
    if inches:
        act(game, a.Advance(inches))
    if state(game).move is not None:
        act(game, a.EndMove())
    assert state(game).move is None


def next_turn(game: Game) -> None:
    """Pass the rest of p1's turn and p2's, then end p1's orders."""
    until_turn_of(game, "p1")
    to_movement(game)


# --- Movement Rates for SAILING SHIPS -------------------------------------------------------------


@pytest.mark.parametrize("size", list(RATES))
@pytest.mark.parametrize(("heading", "point", "column"),
                         [("N", "beating", 0), ("E", "reaching", 1), ("S", "running", 2)])
def test_sailing_rate_is_the_die_plus_the_fixed_amount(size, heading, point, column):
    dice, fixed = RATES[size][column]
    game = one_ship(size, heading)
    to_movement(game)
    assert paces(game) == {"full", "slow"}
    events = act(game, a.StartMove("sloop", "full"), 5)
    (roll,) = rolls(events)
    assert roll.dice == dice and roll.faces == (5,)
    assert roll.rule == "Movement Rates for Sailing Ships"
    die = 3 if dice == "D3" else 5  # a D3 is the D6 halved, rounded up
    move = state(game).move
    assert move.allowance == fixed + die
    assert state(game).ship("sloop").speed == fixed + die
    assert point in happened(events, "pace")[0].text


@pytest.mark.parametrize(("face", "d3"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_a_d3_rate_halves_the_d6_rounding_up(face, d3):
    game = one_ship("small", "N")  # beating: D3+4
    to_movement(game)
    events = act(game, a.StartMove("sloop", "full"), face)
    assert rolls(events)[0].result == d3
    assert state(game).move.allowance == 4 + d3


def test_the_whole_move_must_be_used():
    game = one_ship("medium", "E")
    to_movement(game)
    act(game, a.StartMove("sloop", "full"), 3)  # D6+6: 9"
    legal = game.legal_actions()
    assert a.Advance(9) in legal and a.Advance(10) not in legal
    assert a.EndMove() not in legal
    with pytest.raises(IllegalAction, match="whole move must be used: 9\"") as refused:
        game.play(a.EndMove())
    assert refused.value.rule == "Movement Rates for Sailing Ships"
    act(game, a.Advance(4))
    with pytest.raises(IllegalAction, match="only 5\" of her move left") as refused:
        game.play(a.Advance(6))
    assert refused.value.rule == "Movement Rates for Sailing Ships"
    with pytest.raises(IllegalAction, match="whole move must be used: 5\""):
        game.play(a.EndMove())
    act(game, a.Advance(5))
    # All used: she may still turn (she has moved 3" since starting), or end her move.
    legal = game.legal_actions()
    assert a.EndMove() in legal and a.Turn("port") in legal
    assert not any(isinstance(x, a.Advance) for x in legal)
    act(game, a.EndMove())
    sloop = state(game).ship("sloop")
    assert (sloop.x, sloop.y, sloop.moved, sloop.moved_last) == (45, 24, True, 9)


def test_a_ship_on_the_table_may_not_withdraw_or_return():
    game = one_ship()
    to_movement(game)
    for action in (a.Withdraw("sloop"), a.ReturnToTable("sloop", 0, N)):
        with pytest.raises(IllegalAction, match="the Sloop is on the table") as refused:
            game.play(action)
        assert refused.value.rule == "Sailing Off the Table"


def test_one_ship_moves_at_a_time_and_every_ship_must_move():
    game = new_game(ship("one", "p1", x=20, y=10), ship("two", "p1", x=20, y=30), hulk(),
                    wind="S")
    to_movement(game)
    with pytest.raises(IllegalAction, match="every ship must move first") as refused:
        game.play(a.EndMovement())
    assert refused.value.rule == "Movement"
    act(game, a.StartMove("one", "slow"))
    with pytest.raises(IllegalAction, match="finish moving the One first"):
        game.play(a.StartMove("two", "slow"))
    sail(game, 6)
    with pytest.raises(IllegalAction, match="already moved this turn"):
        game.play(a.StartMove("one", "slow"))
    assert a.EndMovement() not in game.legal_actions()
    act(game, a.StartMove("two", "slow"))
    sail(game, 6)
    assert state(game).phase == Phase.MOVEMENT  # both at 6": may still drop anchor
    assert a.EndMovement() in game.legal_actions()


# --- Ship Size and Turning ------------------------------------------------------------------------


@pytest.mark.parametrize("size", list(SIZES))
def test_turns_a_turn_by_size(size):
    turns, before, _ = SIZES[size]
    game = one_ship(size, "S", x=36, y=12)  # running: room for every turn
    to_movement(game)
    act(game, a.StartMove("sloop", "full"), 6)
    heading = S
    for _ in range(turns):
        act(game, a.Advance(before))
        act(game, a.Turn("port"))
        heading = (heading - 1) % 8
        assert state(game).ship("sloop").heading == heading
    act(game, a.Advance(before))
    assert state(game).move.turns_made == turns
    for direction in ("port", "starboard"):
        assert a.Turn(direction) not in game.legal_actions()
        with pytest.raises(IllegalAction) as refused:
            game.play(a.Turn(direction))
        assert refused.value.rule == "Turning"
        assert refused.value.reason == f"{NAMES[size]} may make only {turns} turns a turn"


@pytest.mark.parametrize("size", list(SIZES))
def test_distance_before_each_turn_by_size(size):
    turns, before, _ = SIZES[size]
    game = one_ship(size, "S", x=36, y=12)
    to_movement(game)
    act(game, a.StartMove("sloop", "full"), 6)
    # "Sailing ships must first move forward in order to be able to make a turn"
    if before > 1:
        act(game, a.Advance(before - 1))
    with pytest.raises(IllegalAction, match=f"must move {before}\" before each turn") as refused:
        game.play(a.Turn("starboard"))
    assert refused.value.rule == "Turning"
    assert a.Turn("starboard") not in game.legal_actions()
    act(game, a.Advance(1))
    assert a.Turn("starboard") in game.legal_actions()
    x, y = state(game).ship("sloop").x, state(game).ship("sloop").y
    act(game, a.Turn("starboard"))
    sloop = state(game).ship("sloop")
    # Turns are measured about the centre of the ship.
    assert (sloop.x, sloop.y, sloop.heading) == (x, y, SW)
    if turns > 1:
        # "A ship must move the minimum distance between each turn"
        with pytest.raises(IllegalAction, match=r"\(0\" so far\)"):
            game.play(a.Turn("starboard"))
        act(game, a.Advance(before))
        act(game, a.Turn("starboard"))
        assert state(game).ship("sloop").heading == W


def test_a_medium_ship_beating_under_six_inches_makes_only_one_turn():
    # "if the ship's movement in a turn is less than 6" then it will only be able to make one turn"
    game = one_ship("medium", "N")
    to_movement(game)
    act(game, a.StartMove("sloop", "full"), 6)  # D3+2: 5"
    act(game, a.Advance(3))
    act(game, a.Turn("starboard"))
    act(game, a.Advance(2))
    assert state(game).move is None, "no turn left within reach: her move ends"
    sloop = state(game).ship("sloop")
    assert sloop.heading == NE and sloop.moved_last == 5
    assert sloop.x == pytest.approx(36 + 2 * R, abs=1e-3)
    assert sloop.y == pytest.approx(24 - 3 - 2 * R, abs=1e-3)


def test_no_room_to_turn_into_another_hull():
    game = new_game(ship("sloop", "p1", x=30, y=24, heading="E"),
                    ship("consort", "p1", x=44, y=28.5, heading="E", anchored=True, speed=0),
                    hulk(), wind="S")
    to_movement(game)
    act(game, a.StartMove("sloop", "full"), 1)
    act(game, a.Advance(3))
    with pytest.raises(IllegalAction, match="no room to turn: the Consort is in the way"):
        game.play(a.Turn("starboard"))
    assert "; starboard: no room to turn: the Consort is in the way." in game.prompt()
    act(game, a.Turn("port"))
    assert state(game).ship("sloop").heading == NE



def test_when_neither_turn_has_room_the_prompt_says_why_no_turn_is_offered():
    # The Friend lies off her port bow: turning about her centre either way swings a hull
    # into hers (the bow to port, the stern to port as she turns to starboard).
    game = new_game(ship("sloop", "p1", x=20, y=20, heading="E"),
                    ship("friend", "p1", x=30, y=16.5, heading="E", anchored=True, speed=0),
                    hulk(), wind="S")
    to_movement(game)
    act(game, a.StartMove("sloop", "full"), 1)
    act(game, a.Advance(3))
    assert not any(isinstance(x, a.Turn) for x in game.legal_actions())
    assert game.prompt().endswith("2 turns left; no room to turn: the Friend is in the way.")

# --- In Irons -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("heading", "face", "distance"),
                         [("N", 1, 2), ("N", 2, 2), ("N", 3, 3), ("NE", 3, 3), ("NW", 1, 2)])
def test_a_large_ship_beating_on_a_low_roll_is_in_irons(heading, face, distance):
    game = one_ship("large", heading)
    to_movement(game)
    events = act(game, a.StartMove("sloop", "full"), face)  # D3+1
    move = state(game).move
    assert move.in_irons and move.allowance == distance
    assert state(game).ship("sloop").in_irons
    assert happened(events, "in_irons")[0].rule == "In Irons"
    # She moves straight into the wind the whole distance before she may try to turn.
    with pytest.raises(IllegalAction, match="must first move her whole distance") as refused:
        game.play(a.Turn("port"))
    assert refused.value.rule == "In Irons"
    act(game, a.Advance(distance))
    legal = game.legal_actions()
    assert a.Turn("port") in legal and a.Turn("starboard") in legal
    assert a.EndMove() in legal, "she need not try to turn"


@pytest.mark.parametrize("face", [1, 2, 3])
def test_in_irons_a_failed_turn_roll_ends_her_move(face):
    game = one_ship("large", "N")
    to_movement(game)
    act(game, a.StartMove("sloop", "full"), 3)
    act(game, a.Advance(3))
    events = act(game, a.Turn("starboard"), face)
    (roll,) = rolls(events)
    assert roll.rule == "In Irons" and roll.need == "4+" and roll.outcome == "remains In Irons"
    sloop = state(game).ship("sloop")
    assert state(game).move is None and sloop.moved
    assert sloop.heading == N and sloop.in_irons
    assert (sloop.x, sloop.y) == (36, 21)


@pytest.mark.parametrize(("face", "direction", "heading"),
                         [(4, "port", NW), (5, "starboard", NE), (6, "port", NW)])
def test_in_irons_a_good_turn_roll_makes_one_turn(face, direction, heading):
    game = one_ship("large", "N")
    to_movement(game)
    act(game, a.StartMove("sloop", "full"), 1)
    act(game, a.Advance(2))
    events = act(game, a.Turn(direction), face)
    assert rolls(events)[0].outcome == "turns"
    sloop = state(game).ship("sloop")
    assert sloop.heading == heading and not sloop.in_irons
    # One turn only: her move is over.
    assert state(game).move is None and sloop.moved


def test_in_irons_after_a_slow_move_too():
    # Slowing down rolls no D6, so there is no 4+ to let her manoeuvre normally.
    game = one_ship("large", "N")
    to_movement(game)
    events = act(game, a.StartMove("sloop", "slow"))
    assert not rolls(events)
    assert state(game).move.in_irons and state(game).move.allowance == 1
    act(game, a.Advance(1))
    act(game, a.Turn("port"), 4)
    assert state(game).ship("sloop").heading == NW


def test_in_irons_in_light_airs_she_rolls_to_steer_then_to_turn():
    game = one_ship("large", "N", weather="light_airs")  # beating: D3+0
    to_movement(game)
    act(game, a.StartMove("sloop", "full"), 3)
    assert state(game).move.in_irons and state(game).move.allowance == 2
    act(game, a.Advance(2))
    events = act(game, a.Turn("port"), 5, 4)
    assert [r.rule for r in rolls(events)] == ["Wind Direction (Light Airs and Gales)",
                                               "In Irons"]
    assert state(game).ship("sloop").heading == NW


def test_in_irons_in_light_airs_a_failed_steering_roll_means_no_turn():
    game = one_ship("large", "N", weather="light_airs")
    to_movement(game)
    act(game, a.StartMove("sloop", "full"), 1)
    act(game, a.Advance(1))
    events = act(game, a.Turn("port"), 2)
    assert [r.rule for r in rolls(events)] == ["Wind Direction (Light Airs and Gales)"]
    assert state(game).move is None, "no turn open to her: her move ends"
    assert state(game).ship("sloop").heading == N


@pytest.mark.parametrize(("face", "distance"), [(4, 3), (5, 4), (6, 4)])
def test_a_large_ship_beating_on_4_or_more_manoeuvres_normally(face, distance):
    game = one_ship("large", "N")
    to_movement(game)
    events = act(game, a.StartMove("sloop", "full"), face)
    assert not happened(events, "in_irons")
    move = state(game).move
    assert not move.in_irons and move.allowance == distance and move.turns_left == 1
    assert not state(game).ship("sloop").in_irons
    if distance < 4:
        act(game, a.Advance(distance))
        assert state(game).move is None, "3\" is short of the 4\" a Large ship needs to turn"
        return
    act(game, a.Advance(4))
    events = act(game, a.Turn("port"))
    assert not rolls(events), "no In Irons roll"
    assert state(game).ship("sloop").heading == NW


@pytest.mark.parametrize(("size", "heading"), [("large", "E"), ("large", "S"), ("medium", "N"),
                                               ("small", "N"), ("jolly_boat", "N")])
def test_only_large_ships_beating_go_in_irons(size, heading):
    game = one_ship(size, heading)
    to_movement(game)
    events = act(game, a.StartMove("sloop", "full"), 1)
    assert not state(game).move.in_irons and not happened(events, "in_irons")


# --- Slowing Down ---------------------------------------------------------------------------------


def test_slowing_down_fixed_then_half_fixed_rounded_up():
    game = one_ship("jolly_boat", "N", y=40)  # beating: D3+3
    to_movement(game)
    assert paces(game) == {"full", "slow"}, "making 8\": she may not halt"
    events = act(game, a.StartMove("sloop", "slow"))
    assert not rolls(events), "the first turn of slowing: no D6"
    assert state(game).move.allowance == 3
    assert happened(events, "pace")[0].rule == "Slowing Down"
    sail(game, 3)
    assert state(game).ship("sloop").slowing == 1
    next_turn(game)
    events = act(game, a.StartMove("sloop", "slow"))
    assert not rolls(events)
    assert state(game).move.allowance == 2, "half of 3, rounded up"
    sail(game, 2)
    assert state(game).ship("sloop").slowing == 2
    next_turn(game)
    # Making 2": she may now come to a halt.
    assert paces(game) == {"full", "slow", "halt"}
    act(game, a.StartMove("sloop", "slow"))
    assert state(game).move.allowance == 2


def test_sailing_at_full_speed_ends_the_slowing():
    game = one_ship("small", "E")  # reaching: D6+4
    to_movement(game)
    act(game, a.StartMove("sloop", "slow"))
    assert state(game).move.allowance == 4
    sail(game, 4)
    next_turn(game)
    act(game, a.StartMove("sloop", "full"), 2)
    assert state(game).ship("sloop").slowing == 0
    sail(game, 6)
    next_turn(game)
    act(game, a.StartMove("sloop", "slow"))
    assert state(game).move.allowance == 4, "a first turn of slowing again: the fixed amount"


@pytest.mark.parametrize(("speed", "may_halt"), [(8, False), (5, False), (4, True), (1, True)])
def test_only_a_ship_making_4_inches_or_less_may_halt(speed, may_halt):
    game = one_ship("medium", "E", speed=speed)
    to_movement(game)
    assert ("halt" in paces(game)) == may_halt
    if may_halt:
        return
    with pytest.raises(IllegalAction, match=f"4\" or less may come to a halt; the Sloop made "
                                            f"{speed}\"") as refused:
        game.play(a.StartMove("sloop", "halt"))
    assert refused.value.rule == "Slowing Down"


@pytest.mark.parametrize(("wind", "face", "where"), [
    ("S", 4, (36, 28)), ("N", 2, (36, 22)), ("E", 6, (42, 24)), ("W", 1, (35, 24)),
])
def test_a_halted_ship_drifts_d6_downwind(wind, face, where):
    game = one_ship("medium", "E", speed=4, wind=wind)
    to_movement(game)
    events = act(game, a.StartMove("sloop", "halt"), face)
    (roll,) = rolls(events)
    assert roll.rule == "Ships Adrift" and roll.dice == "D6"
    sloop = state(game).ship("sloop")
    assert (sloop.x, sloop.y) == where
    assert sloop.heading == E, "drifting does not turn her"
    assert sloop.speed == 0 and sloop.under_way == 0 and sloop.moved
    assert state(game).move is None
    assert happened(events, "drift")[0].rule == "Ships Adrift"
    # Next turn she starts again from a standstill.
    next_turn(game)
    assert paces(game) == {"under_way", "halt"}


def test_a_ship_drifting_off_the_table_is_lost():
    game = one_ship("medium", "E", speed=2, y=45)
    to_movement(game)
    events = act(game, a.StartMove("sloop", "halt"), 5)
    sloop = state(game).ship("sloop")
    assert sloop.off_table and sloop.withdrawn and sloop.y == 48
    assert happened(events, "lost")


# --- Stationary Ships -----------------------------------------------------------------------------


def test_from_a_standstill_half_fixed_then_fixed_then_full():
    game = one_ship("small", "E", speed=0)  # reaching: D6+4
    to_movement(game)
    assert paces(game) == {"under_way", "halt"}
    with pytest.raises(IllegalAction, match="from a standstill") as refused:
        game.play(a.StartMove("sloop", "full"))
    assert refused.value.rule == "Stationary Ships"
    events = act(game, a.StartMove("sloop", "under_way"))
    assert not rolls(events)
    assert state(game).move.allowance == 2, "half the fixed 4\""
    assert happened(events, "pace")[0].rule == "Stationary Ships"
    sail(game, 2)
    next_turn(game)
    assert paces(game) == {"fixed", "halt"}
    with pytest.raises(IllegalAction, match="Stationary Ships"):
        game.play(a.StartMove("sloop", "full"))
    events = act(game, a.StartMove("sloop", "fixed"))
    assert not rolls(events)
    assert state(game).move.allowance == 4
    sail(game, 4)
    next_turn(game)
    # "it is not until the third turn that she can move at full speed"
    assert paces(game) == {"full", "slow", "halt"}
    events = act(game, a.StartMove("sloop", "full"), 6)
    assert state(game).move.allowance == 10


def test_from_a_standstill_half_fixed_rounds_up():
    game = one_ship("medium", "N", speed=0, weather="gales")  # beating in a gale: fixed 2+1
    to_movement(game)
    act(game, a.StartMove("sloop", "under_way"))
    assert state(game).move.allowance == 2, "half of 3, rounded up"


def test_a_jolly_boat_gets_under_way_at_her_fixed_rate_then_full():
    game = one_ship("jolly_boat", "E", speed=0)  # reaching: D6+2
    to_movement(game)
    assert paces(game) == {"under_way", "halt"}
    events = act(game, a.StartMove("sloop", "under_way"))
    assert not rolls(events)
    assert state(game).move.allowance == 2, "her full fixed rate"
    sail(game, 2)
    next_turn(game)
    assert paces(game) == {"full", "slow", "halt"}
    events = act(game, a.StartMove("sloop", "full"), 4)
    assert rolls(events)[0].dice == "D6"
    assert state(game).move.allowance == 6


# --- Sailing Off the Table ------------------------------------------------------------------------


def off_south(face: int = 6) -> Game:
    """A Small ship running south 8" from the south edge, sailing off it this turn."""
    game = one_ship("small", "S", x=36, y=40)
    to_movement(game)
    act(game, a.StartMove("sloop", "full"), face)  # D6+6
    act(game, a.Advance(5))
    sloop = state(game).ship("sloop")
    assert sloop.on_table and sloop.y == 45, "her bow is over the edge, her centre is not"
    act(game, a.Advance(face + 1))  # the rest of her D6+6
    return game


def test_a_ship_whose_centre_crosses_the_edge_sails_off():
    game = off_south()
    sloop = state(game).ship("sloop")
    assert sloop.off_table and not sloop.withdrawn and not sloop.on_table
    assert (sloop.exit_x, sloop.exit_y) == (36, 48)
    assert sloop.moved_last == 8 and sloop.speed == 12
    assert state(game).move is None
    assert any(e.kind == "off_table" for _, e in game.events_since(game.step - 1)
               if hasattr(e, "kind"))


def test_next_turn_she_returns_within_6_inches_not_heading_back_off():
    game = off_south()
    next_turn(game)
    legal = game.legal_actions()
    assert not any(isinstance(x, a.StartMove) for x in legal)
    assert a.EndMovement() not in legal
    assert a.Withdraw("sloop") in legal
    with pytest.raises(IllegalAction, match="off the table: she may return") as refused:
        game.play(a.StartMove("sloop", "full"))
    assert refused.value.rule == "Sailing Off the Table"
    returns = {(x.offset, x.heading) for x in legal if isinstance(x, a.ReturnToTable)}
    assert {off for off, _ in returns} == set(range(-6, 7))
    assert {head for _, head in returns} == {N, NE, E, W, NW}
    with pytest.raises(IllegalAction, match="only within 6\"") as refused:
        game.play(a.ReturnToTable("sloop", 7, N))
    assert refused.value.rule == "Sailing Off the Table"
    with pytest.raises(IllegalAction, match="heading south: that heads back off") as refused:
        game.play(a.ReturnToTable("sloop", 0, S))
    assert refused.value.rule == "Sailing Off the Table"
    events = act(game, a.ReturnToTable("sloop", 3, NW))
    assert not rolls(events)
    sloop = state(game).ship("sloop")
    assert sloop.on_table and (sloop.x, sloop.y, sloop.heading) == (39, 48, NW)
    assert sloop.speed == 6 and state(game).move.allowance == 6, "half the 12\" she left at"
    act(game, a.Advance(6))
    sloop = state(game).ship("sloop")
    assert sloop.x == pytest.approx(39 - 6 * R, abs=1e-3)
    assert sloop.y == pytest.approx(48 - 6 * R, abs=1e-3)


def test_she_returns_at_half_speed_rounded_up():
    game = off_south(face=5)  # she left at 11"
    next_turn(game)
    act(game, a.ReturnToTable("sloop", -6, N))
    sloop = state(game).ship("sloop")
    assert (sloop.x, sloop.y) == (30, 48)
    assert state(game).move.allowance == 6


def test_she_may_withdraw_instead():
    game = off_south()
    next_turn(game)
    events = act(game, a.Withdraw("sloop"))
    assert happened(events, "withdrawn")
    sloop = state(game).ship("sloop")
    assert sloop.withdrawn and not sloop.on_table
    until_turn_of(game, "p1")
    act(game, a.RaiseAnchor("tender"))  # so that p1's movement phase waits for her
    to_movement(game)
    assert paces(game, "tender")
    assert not any(isinstance(x, (a.ReturnToTable, a.Withdraw)) for x in game.legal_actions())
    with pytest.raises(IllegalAction, match="has left the battle") as refused:
        game.play(a.ReturnToTable("sloop", 0, N))
    assert refused.value.rule == "Sailing Off the Table"


def test_leaving_by_the_west_edge_she_may_not_return_heading_west():
    game = one_ship("medium", "W", x=5, y=24)
    to_movement(game)
    act(game, a.StartMove("sloop", "full"), 1)  # reaching, 7"
    act(game, a.Advance(7))
    assert state(game).ship("sloop").off_table
    next_turn(game)
    returns = {x.heading for x in game.legal_actions() if isinstance(x, a.ReturnToTable)}
    assert returns == {N, NE, E, SE, S}
    act(game, a.ReturnToTable("sloop", 0, E))
    assert (state(game).ship("sloop").x, state(game).ship("sloop").y) == (0, 24)
    assert state(game).move.allowance == 4, "half of 7, rounded up"


# --- Ships Moving Out of Control ------------------------------------------------------------------


def out_of_control_game(heading="E", *, sailing=4, y=24.0, **extra) -> Game:
    game = one_ship("medium", heading, y=y, **extra)
    act(game, a.AssignCrew("sloop", sailing=sailing))
    return game


@pytest.mark.parametrize(("face", "heading", "where"), [
    (1, NE, (36 + 6 * R, 24 - 6 * R)), (2, NE, (36 + 6 * R, 24 - 6 * R)),
    (3, E, (42, 24)), (4, E, (42, 24)),
    (5, SE, (36 + 6 * R, 24 + 6 * R)), (6, SE, (36 + 6 * R, 24 + 6 * R)),
])
def test_out_of_control_she_swings_on_the_d6_and_runs_her_fixed_speed(face, heading, where):
    game = out_of_control_game("E")  # reaching: fixed 6"
    sloop = state(game).ship("sloop")
    assert sailing_crew(state(game), sloop) == 4 and not in_control(state(game), sloop)
    events = to_movement(game, face)
    (roll,) = rolls(events)  # the table only: no D6 for speed
    assert roll.rule == "Ships Moving Out of Control" and roll.result == face
    sloop = state(game).ship("sloop")
    assert sloop.heading == heading and sloop.moved and sloop.speed == 6
    assert (sloop.x, sloop.y) == pytest.approx(where, abs=1e-3)
    assert not any(isinstance(x, a.StartMove) for x in game.legal_actions())


def test_out_of_control_in_light_airs_runs_at_the_halved_fixed_speed():
    game = out_of_control_game("S", weather="light_airs")  # running: fixed 8, halved
    to_movement(game, 3)
    assert (state(game).ship("sloop").y, state(game).ship("sloop").speed) == (28, 4)


def test_with_the_minimum_crew_sailing_she_is_under_control():
    game = one_ship("medium", "E")
    assert state(game).ship("sloop").plan.sailing == 5
    to_movement(game)
    assert in_control(state(game), state(game).ship("sloop"))
    assert paces(game) == {"full", "slow"}


def test_crew_at_the_guns_do_not_sail_her():
    game = new_game(
        ship("sloop", "p1", heading="E", crew={"sailor": 6},
             guns=[("naval_cannon", "port"), ("naval_cannon", "starboard")]),
        hulk(), wind="S")
    assert in_control(state(game), state(game).ship("sloop"))
    act(game, a.AssignCrew("sloop", sailing=4, guns_first="port"))
    men = [c for c in state(game).crew if c.aboard == "sloop"]
    assert sum(c.task == Task.GUN for c in men) == 2
    assert sum(c.task == Task.SAILING for c in men) == 4
    assert not in_control(state(game), state(game).ship("sloop"))
    events = to_movement(game, 3)
    assert rolls(events)[0].rule == "Ships Moving Out of Control"
    assert state(game).ship("sloop").x == 42


def test_crew_fighting_fires_do_not_sail_her():
    game = new_game(ship("sloop", "p1", heading="E", crew={"sailor": 6}, fires=1), hulk(),
                    wind="S")
    act(game, a.AssignCrew("sloop", sailing=4, fires=2))
    # The marker: 5 + 2 men = 7, put out. Then the out-of-control table: 4, straight on.
    events = to_movement(game, 5, 4)
    assert [r.rule for r in rolls(events)] == ["Fire Aboard Ships", "Ships Moving Out of Control"]
    sloop = state(game).ship("sloop")
    assert sloop.fires == 0 and sloop.x == 42


@pytest.mark.parametrize(("heading", "face"), [("NE", 1), ("NW", 6), ("N", 3)])
def test_out_of_control_head_to_wind_she_stops_and_then_drifts(heading, face):
    game = out_of_control_game(heading)
    events = to_movement(game, face)
    sloop = state(game).ship("sloop")
    assert sloop.heading == N, "head to wind"
    assert (sloop.x, sloop.y) == (36, 24), "she does not move"
    assert sloop.speed == 0 and sloop.ooc_stopped and sloop.moved
    assert happened(events, "ooc")[0].rule == "Ships Moving Out of Control"
    # Her next turn: still short-handed, she drifts D6" downwind and does not swing.
    until_turn_of(game, "p1")
    events = to_movement(game, 4)
    (roll,) = rolls(events)
    assert roll.rule == "Ships Adrift"
    sloop = state(game).ship("sloop")
    assert (sloop.x, sloop.y, sloop.heading) == (36, 28, N)
    assert sloop.ooc_stopped and sloop.moved


def test_brought_under_control_she_starts_from_a_standstill():
    game = out_of_control_game("N")
    to_movement(game, 3)
    assert state(game).ship("sloop").ooc_stopped
    until_turn_of(game, "p1")
    act(game, a.AssignCrew("sloop", sailing=5))
    events = to_movement(game)
    assert not rolls(events)
    assert happened(events, "under_control")
    sloop = state(game).ship("sloop")
    assert not sloop.ooc_stopped and not sloop.moved
    assert paces(game) == {"under_way", "halt"}
    act(game, a.StartMove("sloop", "under_way"))
    assert state(game).move.allowance == 1, "half the beating 2\""


def test_out_of_control_off_the_table_she_cannot_return():
    game = out_of_control_game("S", y=42)  # running: fixed 8
    events = to_movement(game, 4)
    sloop = state(game).ship("sloop")
    assert sloop.off_table and sloop.withdrawn and sloop.y == 48
    lost = happened(events, "lost")
    assert lost and lost[0].rule == "Ships Moving Out of Control"
    until_turn_of(game, "p1")
    act(game, a.RaiseAnchor("tender"))
    to_movement(game)
    assert paces(game, "tender")
    assert not any(isinstance(x, (a.ReturnToTable, a.Withdraw)) for x in game.legal_actions())
    with pytest.raises(IllegalAction, match="cannot return") as refused:
        game.play(a.ReturnToTable("sloop", 0, N))
    assert refused.value.rule == "Sailing Off the Table"


# --- Contact with another hull --------------------------------------------------------------------


def test_a_ship_that_meets_another_hull_stops_there():
    game = new_game(
        ship("sloop", "p1", x=20, y=24, heading="E"),
        ship("cutter", "p2", size="small", x=36, y=24, heading="N", crew={"sailor": 6}),
        wind="S")
    to_movement(game)
    act(game, a.StartMove("sloop", "full"), 6)  # reaching: 12"
    events = act(game, a.Advance(12))
    # Her bow (6.5" ahead of her centre) meets the Cutter's side (1.25" west of hers) at 8.25".
    sloop = state(game).ship("sloop")
    assert sloop.x == pytest.approx(28.25) and sloop.y == 24
    assert state(game).move.moved == pytest.approx(8.25)
    assert happened(events, "collision")
    pending = state(game).pending
    assert (pending.kind, pending.side, pending.ship, pending.other, pending.impact) == (
        "avoid", "p2", "cutter", "sloop", "collision")
    assert game.to_act == "p2"
    assert set(game.legal_actions()) == {a.Avoid(True), a.Avoid(False)}
