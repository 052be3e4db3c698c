"""The movement phase: phased moves (8.0), rams found where the bow strikes (10.0-10.1), oar
raking (9.0-9.1), wreckage and the shore (23.1-23.2), a galley leaving the table."""

from __future__ import annotations

import math

import pytest

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.events import Event
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import unit_deg
from ahoy_tui.rules.ramming_speed.model import (
    Band,
    Contact,
    Galley,
    RSState,
    ShipOrders,
    Shore,
    Status,
    Wreck,
)
from ahoy_tui.rules.ramming_speed.movement import move_all
from ahoy_tui.rules.ramming_speed.ramming import modifier, settle_rams

from .helpers import battle, cup, galley, said

B = Band
INCHES = {B.SLOW: 9, B.CRUISING: 15, B.RAMMING: 24, B.BACKING: 9}


def move(state: RSState, **orders: tuple[Band, str] | Band) -> tuple[RSState, list[Event]]:
    """Move every galley: those named by their (band, letters) or band (straight on for the
    full distance); the others hove-to."""
    sheet = {}
    for ship in state.ships:
        order = orders.get(ship.id, B.HOVE_TO)
        band, moves = order if isinstance(order, tuple) else (
            order, "S" * INCHES.get(order, 0))
        sheet[ship.id] = ShipOrders(ship.id, band, moves)
    events: list[Event] = []
    return move_all(state, sheet, events), events


def rake(state: RSState, ship: str, band: Band) -> tuple[RSState, list[Event]]:
    sheet = {s.id: ShipOrders(s.id, B.HOVE_TO) for s in state.ships}
    sheet[ship] = ShipOrders(ship, band, "S" * INCHES[band], rake=True)
    events: list[Event] = []
    return move_all(state, sheet, events), events


def bows_gap(a: Galley, b: Galley) -> float:
    return abs((b.x - b.length / 2) - (a.x + a.length / 2))


def aimed_at(victim: Galley, along: float, across_side: int, angle: float, run: float,
             band: Band = B.CRUISING, gid: str = "r", side: str = "p1") -> Galley:
    """A rammer placed ``run`` inches short of striking ``victim`` at ``along`` inches forward
    of her centre, from her starboard (1) or port (0) side, at ``angle`` to her centre line
    (10.2), coming from astern of the beam."""
    sign = 1 if across_side else -1
    fx, fy = unit_deg(victim.heading)
    sx, sy = -fy, fx  # toward her starboard
    point = (victim.x + fx * along + sx * sign * victim.beam / 2,
             victim.y + fy * along + sy * sign * victim.beam / 2)
    heading = (victim.heading + (-sign) * angle) % 360  # turned in toward her side
    ux, uy = unit_deg(heading)
    length = 7.0
    x = point[0] - ux * (length / 2 + run)
    y = point[1] - uy * (length / 2 + run)
    return galley(gid, side, x=x, y=y, heading=heading, band=band)


# --- 8.0 phased moves -----------------------------------------------------------------------

def test_two_galleys_closing_meet_halfway() -> None:
    """8.0: moved by sixths, the sides alternating, two galleys rowing at each other meet about
    halfway, not where the first to move would have been."""
    a = galley("a", x=10, heading=90.0, band=B.SLOW)
    b = galley("b", "p2", x=45, heading=270.0, band=B.SLOW)
    after, _ = move(battle(a, b), a=B.CRUISING, b=B.CRUISING)
    a2, b2 = after.ship("a"), after.ship("b")
    assert bows_gap(a2, b2) < 0.3  # they met
    assert abs((a2.x - 10) - (45 - b2.x)) <= 2.6  # each came about halfway (a sixth apart)
    assert 12 <= a2.x - 10 <= 16 - 1 and 12 <= 45 - b2.x <= 15
    assert len(after.contacts) == 1 and after.contacts[0].angle == 0.0
    assert after.contacts[0].zone == "bow"


def test_a_galley_crossing_ahead_is_gone_when_the_other_arrives() -> None:
    """8.0: B at ramming speed crosses A's course early in the turn and is clear of it when
    A gets there; moved one after the other they would have collided."""
    a = galley("a", x=10, heading=90.0, band=B.SLOW)
    b = galley("b", "p2", x=22, y=34, heading=0.0, band=B.CRUISING)
    after, events = move(battle(a, b), a=B.CRUISING, b=B.RAMMING)
    assert after.contacts == () and not said(events, "touch")
    assert after.ship("a").x == pytest.approx(25.0)
    assert after.ship("b").y == pytest.approx(10.0)


# --- 10.0-10.1 rams -------------------------------------------------------------------------

@pytest.mark.parametrize(("along", "zone"), [(2.8, "bow"), (0.0, "oars"), (-1.5, "oars"),
                                             (-2.9, "rear")])
@pytest.mark.parametrize("side", [0, 1])
@pytest.mark.parametrize("angle", [90.0, 70.0, 45.0, 35.0])
def test_a_bow_contact_is_a_ram_with_its_angle_zone_and_side(along: float, zone: str,
                                                            side: int, angle: float) -> None:
    """10.0-10.2: the bow striking her is a ram, noted with the angle of attack to her centre
    line, where it struck (bow, among the oars, the rear: 10.1) and on which side. Both
    galleys stop; the rammer's ram is left in her."""
    victim = galley("v", "p2", heading=30.0, band=B.SLOW)
    rammer = aimed_at(victim, along, side, angle, run=5.0)
    after, events = move(battle(rammer, victim), r=B.CRUISING, v=(B.HOVE_TO, ""))
    assert len(after.contacts) == 1, said(events, "touch")
    hit = after.contacts[0]
    assert (hit.rammer, hit.victim, hit.zone, hit.side) == ("r", "v", zone, side)
    assert hit.angle == pytest.approx(angle, abs=0.2) and hit.band is B.CRUISING
    r2 = after.ship("r")
    assert r2.embedded == "v" and r2.band is B.HOVE_TO
    assert after.ship("v").band is B.HOVE_TO
    # she stopped where her bow's leading corner met the side, a quarter inch at a time
    lead = victim.beam / 2 / math.tan(math.radians(angle)) if angle < 90 else 0.0
    assert 5.0 - lead - 0.3 <= math.dist(r2.centre, rammer.centre) <= 5.0 + 0.01


def test_a_moving_victim_is_stopped_too() -> None:
    """6.0: "brought to a sudden and violent halt by ramming or being rammed"."""
    victim = galley("v", "p2", x=36, y=26, heading=0.0, band=B.SLOW)
    rammer = galley("r", x=25, y=24, heading=90.0, band=B.SLOW)
    after, _ = move(battle(rammer, victim), r=B.CRUISING, v=B.SLOW)
    assert [(c.rammer, c.victim, c.side) for c in after.contacts] == [("r", "v", 0)]
    v2 = after.ship("v")
    assert v2.band is B.HOVE_TO and 26 - 9 + 1 < v2.y < 26 - 1  # under way, short of 9"
    assert after.ship("r").embedded == "v"


def test_only_backing_water_frees_the_ram() -> None:
    """6.0: backing water draws the ram out; she backs clear with no new contact. Hove-to,
    the ram stays in."""
    victim = galley("v", "p2", heading=0.0)
    rammer = aimed_at(victim, 0.0, 1, 90.0, run=0.1)
    state = battle(replace(rammer, embedded="v", band=B.HOVE_TO), victim)
    still, _ = move(state)
    assert still.ship("r").embedded == "v" and still.ship("r").centre == state.ship("r").centre
    after, events = move(state, r=B.BACKING)
    r2 = after.ship("r")
    assert r2.embedded is None and after.contacts == ()
    assert said(events, "freed")
    assert math.dist(r2.centre, state.ship("r").centre) == pytest.approx(9.0, abs=0.01)
    assert r2.x > state.ship("r").x  # astern: away from her (she lay to the east)


def test_a_galley_backing_into_another_touches_and_stops() -> None:
    """Only the bow rams (10.0): backing water, her stern strikes first, and she stops."""
    a = galley("a", x=30, y=24, heading=270.0, band=B.HOVE_TO)  # bow west, backs east
    b = galley("b", "p2", x=40, y=24, heading=0.0)
    after, events = move(battle(a, b), a=B.BACKING)
    assert after.contacts == ()
    assert said(events, "touch") and after.ship("a").embedded is None
    assert 30 < after.ship("a").x < 40 - 0.625 - 3.5 + 0.01


def test_a_withdrawing_galley_does_not_ram() -> None:
    """22.5: she may not ram while retiring: her bow's touch stops her, no more."""
    victim = galley("v", "p2", heading=0.0)
    rammer = aimed_at(victim, 0.0, 1, 90.0, run=3.0)
    state = battle(victim, replace(rammer, withdrawing=True))
    after, events = move(state, r=B.CRUISING)
    assert after.contacts == () and said(events, "touch")


# --- 9.0-9.1 oar raking ----------------------------------------------------------------------

def raker_and_victim(angle: float = 20.0) -> RSState:
    victim = galley("v", "p2", heading=0.0)
    raker = aimed_at(victim, -2.4, 1, angle, run=3.0)
    return battle(raker, victim)


def test_an_announced_oar_rake_smashes_oars_and_sweeps_on() -> None:
    """9.0-9.1: announced, a contact with her side at 0-30° is an oar rake, not a ram: every
    section of oars the raker's bow meets on that side is smashed, and she moves her whole
    distance."""
    state = raker_and_victim(20.0)
    after, events = rake(state, "r", B.CRUISING)
    assert after.contacts == ()
    v2 = after.ship("v")
    assert v2.oars[0] == 5  # the port side was never touched
    assert v2.oars[1] <= 3  # she swept along two sections or more of the starboard oars
    assert said(events, "oar_rake")
    r0, r2 = state.ship("r"), after.ship("r")
    assert math.dist(r0.centre, r2.centre) == pytest.approx(15.0, abs=0.01)
    assert r2.embedded is None and v2.band is B.HOVE_TO
    # next turn, lying across each other, they part without a blow
    again, events = move(after, r=B.CRUISING)
    assert again.contacts == () and not said(events, "touch")
    assert math.dist(again.ship("r").centre, r2.centre) == pytest.approx(15.0, abs=0.01)


def test_an_unannounced_shallow_contact_is_a_ram_at_minus_two() -> None:
    """9.1: without the announcement it is a ram, and 10.3 takes two off for 0-30°."""
    after, _ = move(raker_and_victim(20.0), r=B.CRUISING)
    assert len(after.contacts) == 1
    hit = after.contacts[0]
    assert hit.angle == pytest.approx(20.0, abs=0.2)
    assert modifier(hit) == -2
    assert after.ship("v").oars == (5, 5)


def test_an_announced_rake_at_more_than_30_degrees_is_a_ram() -> None:
    after, _ = rake(raker_and_victim(45.0), "r", B.CRUISING)
    assert len(after.contacts) == 1 and after.contacts[0].victim == "v"
    assert after.ship("r").embedded == "v"


def test_no_rake_on_a_friend() -> None:
    """9.1 speaks of an enemy ship: a friend struck is rammed (23.3)."""
    state = raker_and_victim(20.0)
    state = state.with_ship(replace(state.ship("v"), side="p1"))
    after, _ = rake(state, "r", B.CRUISING)
    assert len(after.contacts) == 1 and after.contacts[0].victim == "v"


# --- 23.1-23.2 wreckage and the shore ----------------------------------------------------------

@pytest.mark.parametrize("what", ["wreckage", "shore"])
def test_touching_wreckage_or_the_shore_is_an_accident_at_minus_two(what: str) -> None:
    """23.1-23.2: treated as if rammed: two averaging dice less two on the ramming table."""
    a = galley("a", x=30, heading=90.0, band=B.SLOW)
    if what == "wreckage":
        state = battle(a, galley("z", "p2", x=70, y=45),
                       wrecks=(Wreck(40.0, 24.0, 0.0, 5.0, 0.9),))
    else:
        state = battle(a, galley("z", "p2", x=70, y=45),
                       shores=(Shore("the rocks", ((40.0, 20.0), (44.0, 20.0), (44.0, 28.0),
                                                   (40.0, 28.0))),))
    after, events = move(state, a=B.CRUISING)
    hit = after.contacts
    assert hit == (Contact("a", None, 90.0, B.CRUISING, what, accident=True),)
    assert modifier(hit[0]) == -2
    assert after.ship("a").band is B.HOVE_TO and after.ship("a").x < 40 - 3.4
    assert said(events, "accident")
    with forced(5, 5):  # 10 - 2 = 8: two loads (10.2)
        dice, ev = cup()
        settled = settle_rams(after, dice, ev)
    assert settled.ship("a").loads == 2 and settled.ship("a").holed
    assert settled.contacts == ()


def test_wreckage_she_already_lies_in_is_worked_clear_of_without_a_blow() -> None:
    """Her ram was in a galley that sank: the wreck lies across her bow. She rows on out of it
    without a blow (23.1 strikes a galley coming into contact with it; reading R40), where she
    used to strike it every turn and never move (issue 37: "into the wreckage (-2)" four turns
    running); once clear, wreckage she meets again strikes her as any other."""
    a = galley("a", x=30, heading=90.0, band=B.SLOW)
    wreck = Wreck(33.8, 24.0, 0.0, 3.5, 0.9)   # across her bow (bow at 33.5")
    state = battle(a, galley("z", "p2", x=70, y=45), wrecks=(wreck,))
    after, events = move(state, a=B.SLOW)
    assert after.contacts == () and not said(events, "accident")
    assert after.ship("a").x == pytest.approx(39.0, abs=0.01)   # the full 9"
    # turned about and rowed back at it, clear of it now: she strikes it
    back = replace(after, ships=(replace(after.ship("a"), heading=270.0, x=42.0),
                                 after.ship("z")))
    again, events = move(back, a=B.SLOW)
    assert [c.zone for c in again.contacts] == ["wreckage"] and said(events, "accident")


# --- leaving the table ---------------------------------------------------------------------------

def test_a_galley_leaving_the_table_is_gone() -> None:
    a = galley("a", x=66, heading=90.0, band=B.SLOW)
    after, events = move(battle(a, galley("b", "p2", x=10)), a=B.CRUISING)
    assert after.ship("a").status is Status.GONE and not after.ship("a").afloat
    assert said(events, "left")
    assert after.ship("a").x == pytest.approx(72.0, abs=0.25)  # she went at the edge
    assert after.side_ships("p1") == ()
