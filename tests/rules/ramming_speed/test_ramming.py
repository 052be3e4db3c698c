"""The ramming phase (10.0-10.4), the mast brought down (3.5), rams on a friend (23.3) and the
seed's worked example of 10.6, with the averaging dice forced by the faces they show (2-5)."""

from __future__ import annotations

from itertools import product

import pytest

from ahoy_tui.engine.dice import AVERAGE_FACES, forced
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.game import Game
from ahoy_tui.rules.ramming_speed.model import Band, Contact, RSState, Sail, Status
from ahoy_tui.rules.ramming_speed.ramming import ram, settle_rams

from .helpers import (
    battle,
    crew,
    cup,
    galley,
    game,
    orders_turn,
    rest_of_turn,
    rolls,
    said,
    ship_data,
)

B = Band


def state_of(g: Game) -> RSState:
    assert isinstance(g.state, RSState)
    return g.state


def seeds_table(total: int) -> int | str:
    """10.2 as the seed prints it: 11 cut in half, 10 four loads, 9 three, 8 two, 6-7 one,
    1-5 no effect."""
    if total >= 11:
        return "cut"
    return {10: 4, 9: 3, 8: 2, 7: 1, 6: 1}.get(total, 0)


# 10.3: each modifier a ram can have, as a band and an angle of attack
MODIFIERS = {
    +1: (B.RAMMING, 90.0),   # ramming speed, 60-90°
    0: (B.CRUISING, 75.0),
    -1: (B.SLOW, 60.0),      # slow; or cruising at 30-60°
    -2: (B.CRUISING, 20.0),  # 0-30°
    -3: (B.SLOW, 20.0),      # slow and 0-30°
}


def rammed(state: RSState, contact: Contact, *faces: int) -> tuple[RSState, list]:
    with forced(*faces):
        dice, events = cup()
        after = ram(state, contact, dice, events)
    return after, events


def pair(victim_men: bool = False, **victim: object) -> RSState:
    a = galley("a", band=B.HOVE_TO, embedded="b")
    b = galley("b", "p2", x=40, **victim)
    men = crew(a) + (crew(b) if victim_men else ())
    return battle(a, b, men=men)


@pytest.mark.parametrize("mod", sorted(MODIFIERS))
@pytest.mark.parametrize("faces", sorted({tuple(sorted(p)) for p in
                                          product(AVERAGE_FACES, repeat=2)}))
def test_every_row_of_the_ramming_table_with_every_modifier(mod: int,
                                                            faces: tuple[int, int]) -> None:
    """10.2-10.4: two averaging dice plus the modifiers, read on the table; the loads are
    shipped at once and hole her."""
    band, angle = MODIFIERS[mod]
    contact = Contact("a", "b", angle, band, "bow", 1)
    after, events = rammed(pair(), contact, *faces)
    roll = rolls(events)[0]
    assert roll.dice == "2AvD" and roll.faces == faces and roll.rule == "10.2 Ramming"
    want = seeds_table(sum(faces) + mod)
    b = after.ship("b")
    if want == "cut":
        assert b.status is Status.SUNK and said(events, "cut_in_half")
        assert len(after.wrecks) == 1  # 23.0
    else:
        assert b.afloat and b.loads == want and b.holed == (want > 0)
        outcome = "no effect" if not want else f"holed, {want} load{'s' if want > 1 else ''}"
        # a modified roll says its total first: "ram: ... (+1: ramming): 2AvD 3+4 = 7: 8, ..."
        assert roll.outcome == (f"{sum(faces) + mod}, {outcome}" if mod else outcome)
        assert (f"({mod:+d}: " in roll.purpose) == bool(mod)


def test_only_ramming_speed_square_on_cuts_her_in_half() -> None:
    for mod, (band, angle) in MODIFIERS.items():
        after, _ = rammed(pair(), Contact("a", "b", angle, band, "bow", 1), 5, 5)
        assert (after.ship("b").status is Status.SUNK) == (mod == 1)


def test_the_ram_among_the_oars_destroys_a_section_on_that_side() -> None:
    """10.1: "one section is destroyed, whatever other damage is done"."""
    after, _ = rammed(pair(), Contact("a", "b", 90.0, B.CRUISING, "oars", 1), 2, 2)
    assert after.ship("b").oars == (5, 4) and after.ship("b").loads == 0
    after, events = rammed(pair(), Contact("a", "b", 90.0, B.CRUISING, "oars", 0), 4, 4)
    assert after.ship("b").oars == (4, 5) and after.ship("b").loads == 2
    assert said(events, "oars_lost")
    bare = pair(oars=(5, 0))
    after, _ = rammed(bare, Contact("a", "b", 90.0, B.CRUISING, "oars", 1), 2, 2)
    assert after.ship("b").oars == (5, 0)


def test_the_ram_in_the_rear_destroys_the_rudder_on_that_side() -> None:
    after, events = rammed(pair(), Contact("a", "b", 90.0, B.CRUISING, "rear", 0), 2, 2)
    assert after.ship("b").rudders == (False, True) and said(events, "rudder_lost")
    after, _ = rammed(after, Contact("a", "b", 90.0, B.CRUISING, "rear", 1), 2, 2)
    assert after.ship("b").rudders == (False, False)
    after, _ = rammed(pair(), Contact("a", "b", 90.0, B.CRUISING, "bow", 1), 2, 2)
    assert after.ship("b").rudders == (True, True) and after.ship("b").oars == (5, 5)


def test_cut_in_half_she_sinks_with_her_men_in_the_water() -> None:
    """10.2 row 11, 23.0, 12.0: she sinks, leaves wreckage, each man aboard swims on 4-6."""
    state = pair(victim_men=True)
    men = len(state.men_aboard("b"))
    swims = (4, 5, 6, 1, 2, 3, 4, 4, 4, 1)[:men]
    after, events = rammed(state, Contact("a", "b", 90.0, B.RAMMING, "oars", 1), 5, 5,
                           *swims)
    assert after.ship("b").status is Status.SUNK
    assert after.ship("a").embedded is None  # nothing left to hold her ram
    assert after.men_aboard("b") == ()
    assert sum(len(g.men) for g in after.swimmers) == sum(f >= 4 for f in swims)
    assert said(events, "in_the_water")


@pytest.mark.parametrize("who", ["victim", "rammer"])
def test_a_sail_up_comes_crashing_down_and_holes_her(who: str) -> None:
    """3.5: rams or is rammed with her sail up: sail destroyed, holed, a load at once."""
    state = pair()
    sid = "b" if who == "victim" else "a"
    state = state.with_ship(replace(state.ship(sid), sail=Sail.UP))
    after, events = rammed(state, Contact("a", "b", 90.0, B.CRUISING, "bow", 1), 2, 2)
    ship = after.ship(sid)
    assert ship.sail is Sail.LOST and ship.holed and ship.loads == 1
    assert said(events, "mast_down")
    other = after.ship("a" if sid == "b" else "b")
    assert other.loads == 0 and not other.holed


def test_a_sail_struck_on_the_shore_comes_down_too() -> None:
    """23.1-23.2: "treated as if it were rammed", so 3.5 applies to her sail."""
    a = galley("a", band=B.HOVE_TO, sail=Sail.UP)
    state = battle(a, galley("z", "p2", x=10))
    after, _ = rammed(state, Contact("a", None, 90.0, B.SAIL, "shore", accident=True), 4, 4)
    # 8 - 2 = 6: one load (10.2, 23.1), and one more as the mast comes down (3.5)
    assert after.ship("a").sail is Sail.LOST and after.ship("a").loads == 1 + 1


def test_ramming_your_own_ship_is_a_normal_ram() -> None:
    """18.5 aside, 23.3: follow normal ramming procedures."""
    state = pair()
    state = state.with_ship(replace(state.ship("b"), side="p1"))
    after, events = rammed(state, Contact("a", "b", 90.0, B.RAMMING, "oars", 1), 4, 4)
    assert after.ship("b").loads == 3 and after.ship("b").oars == (5, 4)
    assert rolls(events)[0].rule == "10.2 Ramming"


def test_rams_are_settled_in_the_order_they_struck() -> None:
    a, b, c = galley("a", embedded="c"), galley("b", "p2", x=20, embedded="c"), \
        galley("c", "p2", x=30)
    state = battle(a, b, c, men=(), contacts=(Contact("a", "c", 90.0, B.CRUISING, "bow", 1),
                                              Contact("b", "c", 90.0, B.CRUISING, "bow", 0)))
    with forced(4, 4, 3, 4):  # 8: two loads; 7: one
        dice, events = cup()
        after = settle_rams(state, dice, events)
    assert after.ship("c").loads == 3 and after.contacts == ()


# --- 10.6's worked example ----------------------------------------------------------------------

def rammed_in_a_game(plug: int) -> Game:
    """Rome's galley rams the Greek amidships at cruising speed, square on: averaging dice 4
    and 4, 8: "Victim holed and ships two loads of water"."""
    g = game(ship_data("p1", 25, 24, "E", id="a", band="slow"),
             ship_data("p2", 36, 24, "N", id="b"))
    with forced(4, 4, plug):  # the ram; the plug in maintenance (10.5: a sailor, 5-6)
        orders_turn(g, {"a": ("cruising", "S" * 15)})
        assert state_of(g).ship("a").embedded == "b"
        rest_of_turn(g)
    return g


def test_the_seeds_example_plugged_she_takes_no_more_water() -> None:
    """10.6: "A ship is rammed and takes two loads of water. During the maintenance phase the
    crew successfully plugs the hole so the ship takes no more water"."""
    g = rammed_in_a_game(5)
    b = state_of(g).ship("b")
    assert state_of(g).turn == 2 and b.loads == 2 and not b.holed
    assert b.oars == (4, 5)  # struck amidships on her port side (10.1)
    orders_turn(g)
    rest_of_turn(g)
    assert state_of(g).ship("b").loads == 2


def test_the_seeds_example_unplugged_she_begins_the_next_turn_with_three_loads() -> None:
    """10.6: "If the crew had failed to plug the hole the ship would begin the next turn with
    three loads of water"."""
    g = rammed_in_a_game(4)
    b = state_of(g).ship("b")
    assert state_of(g).turn == 2 and b.loads == 3 and b.holed
