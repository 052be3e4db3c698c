"""Writing orders (2.0-2.1), energy (5.0-5.2), speed (6.0-6.3), turning (7.0-7.1), sailing's
limits at the helm (3.2), the quarter of a move lost per load of water (10.7), and sealed orders
(1.0: secret until every side has written)."""

from __future__ import annotations

import math

import pytest

from ahoy_tui.engine import IllegalAction
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.game import Game
from ahoy_tui.engine.geometry import angle_between, unit_deg
from ahoy_tui.rules.ramming_speed import RULESET
from ahoy_tui.rules.ramming_speed.actions import SealOrders, WriteOrders
from ahoy_tui.rules.ramming_speed.helm import (
    bands_allowed,
    full_distance,
    grade,
    problem,
    radius,
    sail_speed,
    track,
)
from ahoy_tui.rules.ramming_speed.model import Band, Phase, Sail, ShipOrders, Wind
from ahoy_tui.rules.ramming_speed.movement import move_all

from .helpers import battle, crew, galley, game, orders_turn, play_turn, ship_data, write

B = Band


def refused(g: Game, action: object) -> IllegalAction:
    """Play an illegal action: it is refused naming a rule, and nothing changes."""
    state, step, record = g.state, g.step, g.record()
    with pytest.raises(IllegalAction) as info:
        g.play(action)
    assert g.state is state and g.step == step and g.record() == record
    assert info.value.rule and info.value.reason
    return info.value


def two_galleys(band: str = "slow", **more: object) -> Game:
    """Rome's galley "a" heading east mid-table, the Greeks' "b" far off, out of bowshot."""
    return game(ship_data("p1", 20, 24, "E", id="a", band=band, **more),
                ship_data("p2", 62, 42, "W", id="b"))


# --- 6.0 one band a turn --------------------------------------------------------------------

def test_one_band_a_turn_the_seeds_example() -> None:
    """6.0's example: having backed water, a galley goes stationary, then slow, then cruising,
    one band each movement phase; a bigger jump is refused by 6.0."""
    g = two_galleys("hove-to")
    assert bands_allowed(g.state, g.state.ship("a")) == (B.BACKING, B.HOVE_TO, B.SLOW)
    play_turn(g, {"a": ("backing", "S" * 9)})
    a = g.state.ship("a")
    assert a.band is B.BACKING and a.x == pytest.approx(11.0)  # backed 9" astern (west)
    assert bands_allowed(g.state, a) == (B.BACKING, B.HOVE_TO)
    for band in ("slow", "cruising"):
        n = full_distance(g.state, a, B[band.upper()])
        assert refused(g, WriteOrders("p1", "a", band, "S" * n)).rule == "6.0 Speed"
    steps = [("hove-to", ""), ("slow", "S" * 9), ("cruising", "S" * 15)]
    for band, moves in steps:
        play_turn(g, {"a": (band, moves)})
        assert g.state.ship("a").band is B[band.upper().replace("-", "_")]
    assert g.state.ship("a").x == pytest.approx(11.0 + 9 + 15)
    assert bands_allowed(g.state, g.state.ship("a")) == (B.SLOW, B.CRUISING, B.RAMMING)


# --- 5.0-5.2 energy -------------------------------------------------------------------------

def test_energy_is_spent_a_turn_at_cruising_and_ramming_speed() -> None:
    """5.1: one point a turn at cruising, two at ramming, none slower."""
    a = galley("a", x=10, heading=90, band=B.CRUISING)
    b = galley("b", "p2", x=10, y=5, heading=90, band=B.CRUISING)
    c = galley("c", "p2", x=10, y=40, heading=90, band=B.SLOW)
    state = battle(a, b, c)
    orders = {"a": ShipOrders("a", B.CRUISING, "S" * 15),
              "b": ShipOrders("b", B.RAMMING, "S" * 24),
              "c": ShipOrders("c", B.SLOW, "S" * 9)}
    after = move_all(state, orders, [])
    assert [after.ship(s).energy for s in "abc"] == [11, 10, 12]
    assert state.ship("a").energy == 12  # the state before is untouched


def test_an_exhausted_crew_goes_no_faster_than_slow() -> None:
    """5.2: at 0 energy slow is the fastest band; one point left is not enough for ramming
    speed's two (the project's reading of 5.1)."""
    state = battle(galley("a", band=B.CRUISING, energy=0))
    assert bands_allowed(state, state.ship("a")) == (B.SLOW,)
    slow = battle(galley("a", band=B.SLOW, energy=0))
    assert bands_allowed(slow, slow.ship("a")) == (B.HOVE_TO, B.SLOW)
    one = battle(galley("a", band=B.CRUISING, energy=1))
    assert bands_allowed(one, one.ship("a")) == (B.SLOW, B.CRUISING)
    g = two_galleys("slow", crew_state="exhausted")
    rule = refused(g, WriteOrders("p1", "a", "cruising", "S" * 15)).rule
    assert rule == "5.2 Energy"


def test_a_cruising_galley_out_of_energy_must_slow_down() -> None:
    state = battle(galley("a", band=B.CRUISING, energy=0))
    assert B.CRUISING not in bands_allowed(state, state.ship("a"))


# --- 6.1-6.3 the speed table and the full distance ----------------------------------------

@pytest.mark.parametrize(("oars", "band", "inches"), [
    ((5, 5), B.SLOW, 9), ((5, 5), B.CRUISING, 15), ((5, 5), B.RAMMING, 24),
    ((5, 3), B.CRUISING, 6), ((2, 5), B.RAMMING, 6), ((4, 4), B.BACKING, 6),
    ((5, 2), B.SLOW, 0), ((1, 1), B.RAMMING, 3), ((0, 5), B.RAMMING, 0)])
def test_the_speed_table_by_the_side_with_fewer_oar_sections(
        oars: tuple[int, int], band: Band, inches: int) -> None:
    """6.1, 6.3: the side with fewer oar sections counts."""
    state = battle(galley("a", oars=oars))
    assert full_distance(state, state.ship("a"), band) == inches


@pytest.mark.parametrize(("oars", "start", "next_bands"), [
    ((2, 2), B.HOVE_TO, (B.HOVE_TO, B.CRUISING)),          # slow is "--": cruising is next
    ((2, 2), B.CRUISING, (B.HOVE_TO, B.CRUISING, B.RAMMING)),
    ((1, 1), B.HOVE_TO, (B.HOVE_TO, B.RAMMING)),           # only ramming speed is rowed
    ((5, 1), B.CRUISING, (B.HOVE_TO, B.RAMMING)),          # cruising lost with her oars
])
def test_a_band_her_oars_cannot_row_is_passed_over(
        oars: tuple[int, int], start: Band, next_bands: tuple[Band, ...]) -> None:
    """6.0, 6.3: with one or two oar sections the table's "--" bands cannot be rowed, so the
    next band that can is one band on (else such a galley could never get under way)."""
    state = battle(galley("a", oars=oars, band=start))
    assert bands_allowed(state, state.ship("a")) == next_bands


def test_the_full_distance_must_be_moved() -> None:
    """6.3 "You MUST move full speed": one letter an inch, every inch of the band (2.0)."""
    g = two_galleys("slow")
    for moves in ("S" * 14, "S" * 16, ""):
        rule = refused(g, WriteOrders("p1", "a", "cruising", moves)).rule
        assert rule == "6.3 Speed table"
    assert refused(g, WriteOrders("p1", "a", "cruising", "S" * 14 + "X")).rule == \
        "2.1 Writing orders"
    assert refused(g, WriteOrders("p1", "a", "flank", "S" * 15)).rule == "6.0 Speed"
    write(g, "a", "cruising", "S" * 7 + "L" * 8)  # 15 letters: written
    assert g.state.drafts == (ShipOrders("a", B.CRUISING, "S" * 7 + "L" * 8),)


@pytest.mark.parametrize(("loads", "inches"), [(0, 15), (1, 11), (2, 7), (3, 3), (4, 0)])
def test_a_quarter_of_the_move_is_lost_per_load(loads: int, inches: int) -> None:
    """10.7: a quarter of her move lost a load of water aboard (rounded down); four loads and
    she is dead in the water, under oars or sail."""
    state = battle(galley("a", loads=loads), wind=Wind("breeze", 0.0))
    ship = state.ship("a")
    assert full_distance(state, ship, B.CRUISING) == inches
    sail = full_distance(state, replace(ship, sail=Sail.UP), B.SAIL)
    assert sail == 18 * (4 - loads) // 4


def test_a_galley_with_four_loads_is_dead_in_the_water() -> None:
    g = two_galleys("slow")  # a plugged galley with four loads aboard (10.7's example)
    state = g.state.with_ship(replace(g.state.ship("a"), loads=4))
    ship = state.ship("a")
    assert problem(state, ship, B.SLOW, "S")[0] == "6.3 Speed table"
    assert problem(state, ship, B.SLOW, "") == ("", "")
    after = move_all(state, {"a": ShipOrders("a", B.SLOW, ""),
                             "b": ShipOrders("b", B.HOVE_TO, "")}, [])
    assert after.ship("a").centre == ship.centre


# --- 7.0-7.1 turning circles ---------------------------------------------------------------

def test_turning_circles_by_band_helmsman_and_rudders() -> None:
    """7.0: A slow or backing, B cruising, C ramming, D under sail; 7.1: a grade larger with no
    sailor at the helm, two with both rudders gone (one rudder is enough)."""
    a = galley("a")
    state = battle(a)
    want = {B.BACKING: "A", B.SLOW: "A", B.CRUISING: "B", B.RAMMING: "C", B.SAIL: "D"}
    assert {b: grade(state, a, b) for b in want} == want
    landsmen = battle(a, men=crew(a, captain=1, marine=4))
    assert [grade(landsmen, a, b) for b in (B.SLOW, B.CRUISING, B.RAMMING)] == \
        ["B", "C", "D"]
    one_rudder = replace(a, rudders=(False, True))
    assert grade(battle(one_rudder), one_rudder, B.CRUISING) == "B"
    no_rudders = replace(a, rudders=(False, False))
    assert [grade(battle(no_rudders), no_rudders, b) for b in (B.SLOW, B.RAMMING)] == \
        ["C", "E"]
    both = battle(no_rudders, men=crew(a, captain=1))
    assert grade(both, no_rudders, B.CRUISING) == "E"
    # a wounded sailor cannot steer (18.7)
    hurt = battle(a, men=tuple(replace(m, wounded_until=1) if m.rank == "sailor" else m
                               for m in crew(a)))
    assert grade(hurt, a, B.CRUISING) == "C"
    assert radius(state, a, B.SLOW) < radius(state, a, B.CRUISING) < radius(state, a, B.RAMMING)


def test_the_seeds_order_ssssssssrrrrsss() -> None:
    """2.1's example at cruising speed: 8" straight, 4" along circle B's circumference to the
    right, then 3" straight on the new heading. Checked inch by inch against the geometry."""
    a = galley("a", x=30, y=40, heading=0.0, band=B.SLOW)
    state = battle(a)
    r = radius(state, a, B.CRUISING)
    assert grade(state, a, B.CRUISING) == "B"
    poses = track(a, B.CRUISING, "SSSSSSSSRRRRSSS", r)
    assert len(poses) == 15 * 4 + 1
    inch = poses[::4]
    for n in range(9):  # straight north (y grows southward)
        assert inch[n][:2] == pytest.approx((30.0, 40.0 - n), abs=1e-3)
        assert inch[n][2] == pytest.approx(0.0)
    cx, cy = 30.0 + r, 32.0  # the circle's centre: to starboard of where the turn begins
    for n in range(9, 13):
        x, y, h = inch[n]
        assert math.hypot(x - cx, y - cy) == pytest.approx(r, abs=0.01)  # on the circle
        assert h == pytest.approx(math.degrees((n - 8) / r), abs=0.01)  # an inch of arc each
    theta = 4 / r
    turned = (cx - r * math.cos(theta), cy - r * math.sin(theta))
    assert inch[12][:2] == pytest.approx(turned, abs=0.01)
    ux, uy = unit_deg(math.degrees(theta))
    for k, n in enumerate(range(12, 16)):  # 3" straight on along the new heading
        assert inch[n][:2] == pytest.approx((turned[0] + ux * k, turned[1] + uy * k),
                                            abs=0.01)
        assert inch[n][2] == pytest.approx(math.degrees(theta), abs=0.01)
    # the same order written and played: she ends where the geometry says
    g = game(ship_data("p1", 30, 40, "N", id="a", band="slow"),
             ship_data("p2", 62, 6, "W", id="b"))
    orders_turn(g, {"a": ("cruising", "SSSSSSSSRRRRSSS")})
    end = g.state.ship("a")
    assert (end.x, end.y) == pytest.approx(inch[15][:2], abs=0.01)
    assert end.heading == pytest.approx(math.degrees(theta), abs=0.01)


def test_left_turns_mirror_right_turns() -> None:
    a = galley("a", x=30, y=30, heading=0.0)
    right = track(a, B.SLOW, "RRRRRRRRR", 4.0)[-1]
    left = track(a, B.SLOW, "LLLLLLLLL", 4.0)[-1]
    assert left[0] - 30 == pytest.approx(-(right[0] - 30), abs=1e-3)
    assert left[1] == pytest.approx(right[1], abs=1e-3)
    assert left[2] == pytest.approx(360 - right[2], abs=1e-3)
    back = track(a, B.BACKING, "SSS", 4.0)[-1]
    assert back == pytest.approx((30.0, 33.0, 0.0))  # backing water: astern, bow unchanged


# --- 3.2 the helm under sail ------------------------------------------------------------------

def test_under_sail_never_closer_than_90_degrees_to_the_wind() -> None:
    """3.2: a galley under sail may not turn closer than 90° to the wind. The wind from the
    north blows toward the south; heading east she has it on the beam (8" in a light breeze)."""
    g = game(ship_data("p1", 20, 24, "E", id="a", sail="up"),
             ship_data("p2", 62, 42, "W", id="b"), wind=("light", "N"))
    a = g.state.ship("a")
    assert bands_allowed(g.state, a) == (B.SAIL,)
    assert sail_speed(g.state, a) == 8
    assert refused(g, WriteOrders("p1", "a", "sail", "L" * 8)).rule == "3.2 Sailing"
    assert refused(g, WriteOrders("p1", "a", "slow", "S" * 9)).rule == "3.2 Sailing"
    write(g, "a", "sail", "RRRRSSSS")  # away from the wind: allowed
    write(g, "a", "sail", "S" * 8)
    g.play(SealOrders("p1"))
    g.play(SealOrders("p2"))
    assert g.state.ship("a").x == pytest.approx(28.0)
    # with the wind astern she makes the breeze's astern speed; turned into it, none
    state = replace(g.state, wind=Wind("breeze", 90.0))
    assert sail_speed(state, replace(a, heading=90.0)) == 18
    assert sail_speed(state, replace(a, heading=45.0)) == 18
    assert sail_speed(state, replace(a, heading=0.0)) == 12
    assert sail_speed(state, replace(a, heading=315.0)) == 0
    assert sail_speed(replace(state, wind=Wind("calm", 90.0)), a) == 0


def test_every_heading_of_a_sailing_track_is_checked() -> None:
    """Turning toward the wind an inch at a time: the order is refused as soon as any inch
    takes her closer than 90° (circle D)."""
    a = galley("a", heading=90.0, sail=Sail.UP, band=B.SAIL)
    state = battle(a, wind=Wind("light", 180.0))
    assert problem(state, a, B.SAIL, "SSSSSSSL")[0] == "3.2 Sailing"
    poses = track(a, B.SAIL, "SSSSSSSR", radius(state, a, B.SAIL))
    assert all(angle_between(h, 180.0) <= 90.0 + 1e-6 for _, _, h in poses)
    assert problem(state, a, B.SAIL, "SSSSSSSR") == ("", "")


# --- refusals -------------------------------------------------------------------------------

def test_refusals_name_the_rule_and_change_nothing() -> None:
    g = two_galleys("slow")
    checks = [
        (WriteOrders("p1", "b", "slow", "S" * 9), "2.0 Writing orders"),  # not hers
        (WriteOrders("p1", "zz", "slow", "S" * 9), "2.0 Writing orders"),
        (WriteOrders("p2", "b", "slow", "S" * 9), "1.0 Sequence of play"),  # not her turn
        (WriteOrders("p1", "a", "ramming", "S" * 24), "6.0 Speed"),  # slow → ramming
    ]
    for action, rule in checks:
        assert refused(g, action).rule == rule, action


def test_a_rammer_must_back_water_to_free_her_ram() -> None:
    """6.0: backing water is "required to remove a ram from a ship"; a galley with a ram in
    her goes nowhere either (10.0)."""
    a = galley("a", embedded="b")
    b = galley("b", "p2", x=40)
    state = battle(a, b)
    assert bands_allowed(state, a) == (B.HOVE_TO, B.BACKING)
    assert problem(state, a, B.SLOW, "S" * 9)[0] == "6.0 Speed"
    assert bands_allowed(state, b) == (B.HOVE_TO,)
    assert problem(state, b, B.SLOW, "S" * 9)[0] == "10.0 Ramming"


# --- sealed orders ------------------------------------------------------------------------------

def test_orders_are_secret_until_both_sides_have_sealed() -> None:
    g = two_galleys("slow")
    write(g, "a", "cruising", "S" * 15)
    assert g.state.drafts  # Rome's sheet so far
    assert RULESET.view(g.state, "p2").drafts == ()  # the Greeks see none of it
    assert RULESET.view(g.state, "p1").drafts == g.state.drafts
    g.play(SealOrders("p1"))
    assert g.to_act == "p2" and g.state.phase is Phase.ORDERS
    theirs = RULESET.view(g.state, "p2").orders
    assert theirs.has_sealed("p1") and theirs.get("p1") is None  # sealed, not shown
    mine = RULESET.view(g.state, "p1").orders.get("p1")
    assert mine is not None and mine.of("a") == ShipOrders("a", B.CRUISING, "S" * 15)
    assert RULESET.view(g.state, "p2").rng.seed == 0  # no dice to come
    assert RULESET.secret_action(WriteOrders("p1", "a", "slow", "S" * 9))
    assert not RULESET.secret_action(SealOrders("p1"))
    g.play(SealOrders("p2"))  # revealed together; the galleys move
    assert g.state.phase is not Phase.ORDERS or g.state.turn == 2
    assert dict(g.state.written)["p1"].of("a") == ShipOrders("a", B.CRUISING, "S" * 15)
    assert g.state.ship("a").x == pytest.approx(35.0)


def test_a_galley_without_orders_carries_on() -> None:
    g = two_galleys("slow")
    orders_turn(g)
    assert g.state.ship("a").x == pytest.approx(29.0)  # slow, straight on: 9"
    assert g.state.ship("b").x == pytest.approx(62.0)  # hove-to stays
