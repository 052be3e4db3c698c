"""The Movement Phase: Speed, Changing speed, Maneuvering, Collisions, Boarding the enemy ship
and the creatures' ram, played by ahoy_tui/rules/naval_battle/movement.py with forced dice."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from ahoy_tui.engine import forced
from ahoy_tui.engine.dice import Dice
from ahoy_tui.engine.events import DiceRoll, Event, Happened
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.geometry import overlap
from ahoy_tui.engine.orders import Sealed
from ahoy_tui.rules.naval_battle import movement, scenario
from ahoy_tui.rules.naval_battle.model import (
    BOARDING,
    GUNS,
    MANEUVERS,
    PORT,
    SNIPERS,
    SPEED,
    STARBOARD,
    STEADY,
    NavalState,
    ShipOrders,
    SideOrders,
)

# --- a small kit -------------------------------------------------------------------------------


def entry(id: str, side: str, *, race: str = "human", size: int = 10, x: float = 40,
          y: float = 30, heading: str = "N", crew: dict[str, int] | None = None,
          **extra: Any) -> dict[str, Any]:
    data: dict[str, Any] = {"id": id, "name": id.title(), "side": side, "race": race,
                            "size": size, "x": x, "y": y, "heading": heading,
                            "crew": crew if crew is not None else {race: size}}
    data.update(extra)
    return data


def battle(*ships: dict[str, Any], speeds: dict[str, int] | None = None, width: int = 96,
           height: int = 60) -> NavalState:
    data = {"name": "test", "title": "Test", "table": {"width": width, "height": height},
            "sides": [{"id": "p1", "name": "Red"}, {"id": "p2", "name": "Blue"}],
            "ships": list(ships)}
    state = scenario.build(scenario.load(data=data), seed=1)
    for ship_id, speed in (speeds or {}).items():
        state = state.with_ship(replace(state.ship(ship_id), speed=speed))
    return state


def orders(ship_id: str, *maneuvers: str, assign: tuple[tuple[str, str, int], ...] = (),
           **extra: Any) -> ShipOrders:
    return ShipOrders(ship_id, assign, maneuvers, **extra)


def revealed(state: NavalState, *given: ShipOrders) -> NavalState:
    """The orders sealed and revealed: each ship's chits dealt on her boxes."""
    envelope: Sealed[SideOrders] = Sealed()
    for side, _ in state.sides:
        mine = tuple(o for o in given if state.ship(o.ship).side == side)
        envelope = envelope.seal(side, SideOrders(mine))
    state = replace(state, orders=envelope)
    for o in given:
        state = state.with_ship(replace(state.ship(o.ship), stations=o.assign))
    return state


def move(state: NavalState) -> tuple[NavalState, list[Event]]:
    events: list[Event] = []
    dice = Dice(state.rng, events)
    return movement.move_all(state, dice, events), events


def said(events: list[Event], kind: str) -> list[str]:
    return [e.text for e in events if isinstance(e, Happened) and e.kind == kind]


def rolls(events: list[Event]) -> list[DiceRoll]:
    return [e for e in events if isinstance(e, DiceRoll)]


# --- hulls and turn costs ----------------------------------------------------------------------

@pytest.mark.parametrize(("size", "length", "beam"), [
    (10, 4, 1.5), (20, 4, 1.5), (21, 6, 2), (40, 6, 2), (41, 8, 2.5), (80, 8, 2.5),
    (81, 10, 3), (200, 10, 3)])
def test_hull_grows_with_her_size(size: int, length: float, beam: float) -> None:
    state = battle(entry("a", "p1", size=size, heading="E"), entry("b", "p2", y=10))
    xs = sorted(p[0] for p in movement.hull_of(state.ship("a")))
    ys = sorted(p[1] for p in movement.hull_of(state.ship("a")))
    assert xs[-1] - xs[0] == pytest.approx(length)
    assert ys[-1] - ys[0] == pytest.approx(beam)


@pytest.mark.parametrize(("size", "cost"), [(10, 1), (11, 2), (25, 3), (30, 3), (31, 4),
                                            (100, 10)])
def test_turn_cost_is_ten_percent_of_her_size_rounded_up(size: int, cost: int) -> None:
    state = battle(entry("a", "p1", size=size), entry("b", "p2", y=10))
    assert movement.turn_cost(state.ship("a")) == cost


def test_turn_cost_reads_her_original_size_not_her_losses() -> None:
    state = battle(entry("a", "p1", size=30), entry("b", "p2", y=10))
    ship = replace(state.ship("a"), crew=(("human", 4),))
    assert movement.turn_cost(ship) == 3


# --- the seed's example ------------------------------------------------------------------------

def test_the_seeds_maneuver_example() -> None:
    """Maneuver 3 at 10"/turn, 10 crew: 2 on maneuvers, 4 on speed, 2 snipers, 2 boarders;
    tokens port, steady, starboard. She speeds up to 12", each maneuver is 4", both turns are
    paid at 1 action point each."""
    state = battle(entry("elf", "p1", race="elf", size=10, x=50, y=30, heading="N"),
                   entry("far", "p2", x=80, y=50), speeds={"elf": 10})
    sheet = orders("elf", PORT, STEADY, STARBOARD, assign=(
        (MANEUVERS, "elf", 2), (SPEED, "elf", 4), (SNIPERS, "elf", 2), (BOARDING, "elf", 2)))
    state = revealed(state, sheet, orders("far", STEADY, STEADY))
    ship = state.ship("elf")
    assert ship.moving_maneuverability == 3
    assert movement.turn_cost(ship) == 1
    ship, words = movement.change_speed(ship, "up", sheet)
    assert ship.speed == 12
    assert words == 'Elf speeds up from 10" to 12"/turn (4 chits on Speed)'
    assert movement.legs(ship, sheet) == ((-1, Fraction(4)), (0, Fraction(4)),
                                          (1, Fraction(4)))
    r = 4 * 0.5 ** 0.5
    expected = [(50, 30, 0), (50 - r, 30 - r, 7), (50 - 2 * r, 30 - 2 * r, 7),
                (50 - 2 * r, 26 - 2 * r, 0)]
    poses = movement.track(ship, sheet)
    assert len(poses) == 4
    for (x, y, h), (ex, ey, eh) in zip(poses, expected, strict=True):
        assert (x, y, h) == (pytest.approx(ex, abs=1e-4), pytest.approx(ey, abs=1e-4), eh)
    moved, events = move(state.with_ship(ship))
    end = moved.ship("elf")
    assert (end.x, end.y, end.heading) == poses[-1]
    assert any("Elf sails at 12\"/turn (port, steady, starboard)" in t
               for t in said(events, "moved"))


def test_changing_speed_words_from_the_duel() -> None:
    state = scenario.build(scenario.load("duel"), seed=1)
    eagle = state.ship("eagle")
    assert eagle.speed == 18
    sheet = orders("eagle", STEADY, STEADY, STEADY, assign=((SPEED, "elf", 4),))
    eagle = replace(eagle, stations=sheet.assign)
    faster, words = movement.change_speed(eagle, "up", sheet)
    assert faster.speed == 20
    assert words == 'Eagle of Lothern speeds up from 18" to 20"/turn (4 chits on Speed)'
    slower, words = movement.change_speed(eagle, "down", sheet)
    assert slower.speed == 14
    assert "slows down from 18\" to 14\"/turn" in words
    held, words = movement.change_speed(eagle, "hold", sheet)
    assert held.speed == 18 and "holds her speed" in words


def test_an_odd_chit_speeding_up_buys_nothing() -> None:
    state = battle(entry("a", "p1"), entry("b", "p2", y=10), speeds={"a": 10})
    sheet = orders("a", STEADY, STEADY, assign=((SPEED, "human", 3), (GUNS, "human", 7)))
    ship = replace(state.ship("a"), stations=sheet.assign)
    assert movement.change_speed(ship, "up", sheet)[0].speed == 11


def test_speed_stays_between_zero_and_her_maximum() -> None:
    state = battle(entry("elf", "p1", race="elf", size=10), entry("b", "p2", y=10),
                   speeds={"elf": 35})
    sheet = orders("elf", STEADY, STEADY, STEADY, assign=((SPEED, "elf", 6),
                                                          (GUNS, "elf", 4)))
    ship = replace(state.ship("elf"), stations=sheet.assign)
    up, words = movement.change_speed(ship, "up", sheet)
    assert up.speed == 36  # Elf speed 3: 36"/turn at most
    assert "her maximum" in words
    stuck, words = movement.change_speed(up, "up", sheet)
    assert stuck.speed == 36 and "cannot speed up" in words
    down, _ = movement.change_speed(replace(ship, speed=2), "down", sheet)
    assert down.speed == 0


# --- paying for turns --------------------------------------------------------------------------

def test_unpaid_turns_revert_to_steady_in_token_order() -> None:
    """Size 30: a turn costs 3. Four chits pay the first turn only; the later ones go steady."""
    state = battle(entry("elf", "p1", race="elf", size=30), entry("b", "p2", y=10),
                   speeds={"elf": 12})
    sheet = orders("elf", STARBOARD, PORT, STARBOARD, assign=(
        (MANEUVERS, "elf", 4), (GUNS, "elf", 26)))
    ship = replace(state.ship("elf"), stations=sheet.assign)
    assert [t for t, _ in movement.legs(ship, sheet)] == [1, 0, 0]
    six = orders("elf", STARBOARD, PORT, STARBOARD, assign=(
        (MANEUVERS, "elf", 6), (GUNS, "elf", 24)))
    ship = replace(ship, stations=six.assign)
    assert [t for t, _ in movement.legs(ship, six)] == [1, -1, 0]
    steady_first = orders("elf", STEADY, PORT, PORT, assign=six.assign)
    assert [t for t, _ in movement.legs(ship, steady_first)] == [0, -1, -1]
    none = orders("elf", PORT, PORT, PORT, assign=((GUNS, "elf", 30),))
    ship = replace(ship, stations=none.assign)
    assert movement.track(ship, none)[-1] == (40, 18, 0)  # straight on, 12" north


def test_a_share_of_the_move_can_be_a_fraction_of_an_inch() -> None:
    state = battle(entry("elf", "p1", race="elf", size=10), entry("b", "p2", y=10),
                   speeds={"elf": 10})
    sheet = orders("elf", STEADY, STEADY, STEADY, assign=((GUNS, "elf", 10),))
    assert movement.legs(state.ship("elf"), sheet) == ((0, Fraction(10, 3)),) * 3
    assert movement.track(state.ship("elf"), sheet)[-1] == (40, 20, 0)


# --- creature ships ----------------------------------------------------------------------------

def dragon_ship(**extra: Any) -> dict[str, Any]:
    """A size 50 Dark Elf ship pulled by a sea dragon: 25 chits each, the dragon 2 3 6."""
    return entry("drake", "p1", race="dark_elf", size=50, crew={"dark_elf": 25},
                 creature={"name": "Sea Dragon"}, **extra)


def test_a_creature_ship_pays_for_speed_and_turns_from_the_creature() -> None:
    state = battle(dragon_ship(heading="E"), entry("b", "p2", y=10), speeds={"drake": 12})
    sheet = orders("drake", PORT, STARBOARD, STEADY, creature_speed=4, creature_maneuvers=3,
                   assign=((SPEED, "dark_elf", 10), (MANEUVERS, "dark_elf", 10),
                           (GUNS, "dark_elf", 5)))
    ship = replace(state.ship("drake"), stations=sheet.assign)
    assert ship.moving_maneuverability == 3  # the dragon's maneuver, not the ship's 1
    assert movement.turn_cost(ship) == 3  # 10% of the dragon's 25, not of 50
    faster, words = movement.change_speed(ship, "up", sheet)
    assert faster.speed == 14  # the dragon's 4 chits, not the crew's 10
    assert "4 of her Sea Dragon's chits" in words
    assert [t for t, _ in movement.legs(faster, sheet)] == [-1, 0, 0]  # 3 chits: one turn
    top, _ = movement.change_speed(replace(ship, speed=23), "up", sheet)
    assert top.speed == 24  # the dragon's speed 2
    assert ship.creature is not None
    dead = replace(ship, speed=20, creature=replace(ship.creature, chits=0, dead=True))
    flounders, words = movement.change_speed(dead, "hold", sheet)
    assert flounders.speed == 12 and "falls" in words  # speed 1 once the dragon is dead
    assert movement.turn_cost(dead) == 5  # now the crew pay: 10% of 50


def test_a_crewless_creature_keeps_its_last_orders() -> None:
    state = battle(dragon_ship(heading="E", x=30), entry("b", "p2", y=10),
                   speeds={"drake": 12})
    ship = replace(state.ship("drake"), crew=())
    state = state.with_ship(ship)
    sheet = orders("drake", PORT, PORT, PORT, creature_speed=6, creature_maneuvers=9)
    faster, words = movement.change_speed(ship, "up", sheet)
    assert faster.speed == 12 and "last orders" in words
    assert [t for t, _ in movement.legs(ship, sheet)] == [0, 0, 0]
    moved, _ = move(revealed(state, sheet, orders("b", STEADY, STEADY)))
    assert (moved.ship("drake").x, moved.ship("drake").y) == (42, 30)


# --- collisions --------------------------------------------------------------------------------

ALL_GUNS = ((GUNS, "human", 10),)


def test_head_on_both_strike_with_the_bow_and_take_half() -> None:
    """Bows 8" apart closing at 24"/turn: they meet a third of the way. Each takes
    (12 + 12) ÷ 6 = 4 plus an exploding die rolled by the other player, halved."""
    state = battle(entry("a", "p1", x=40, heading="E"), entry("b", "p2", x=52, heading="W"),
                   speeds={"a": 12, "b": 12})
    state = revealed(state, orders("a", STEADY, STEADY, assign=ALL_GUNS),
                     orders("b", STEADY, STEADY, assign=ALL_GUNS))
    # a's die 6 then 2 (8), b's die 3; a saves 6 points, b saves 3.
    with forced(6, 2, 3, 1, 1, 1, 1, 5, 6, 6, 6, 5):
        moved, events = move(state)
    a, b = moved.ship("a"), moved.ship("b")
    assert said(events, "collision_damage") == [
        'A takes 6 collision damage (4 for 24" combined speed + 8, halved for striking with '
        'her bow)',
        'B takes 3 collision damage (4 for 24" combined speed + 3, halved for striking with '
        'her bow)']
    damage = [r for r in rolls(events) if r.purpose.startswith("collision damage")]
    assert [(r.result, r.side, r.ship) for r in damage] == [(6, "p2", "a"), (2, "p2", "a"),
                                                            (3, "p1", "b")]
    assert a.chits == 6  # 6 points, 2 saved on 5+
    assert b.chits == 10  # 3 points, all saved
    assert a.damage_done == 0 and b.damage_done == 4
    assert a.x == pytest.approx(44, abs=0.01) and b.x == pytest.approx(48, abs=0.01)
    assert not overlap(movement.hull_of(a), movement.hull_of(b))
    assert a.bound_to == () and b.bound_to == ()  # no boarders, no grapples


def test_a_ship_struck_in_the_side_takes_full_damage() -> None:
    """b's bow strikes a's starboard side: a (not moving, speed 0) takes full, b half."""
    state = battle(entry("a", "p1", x=40, heading="N"), entry("b", "p2", x=50, heading="W"),
                   speeds={"a": 0, "b": 12})
    state = revealed(state, orders("a", STEADY, STEADY, assign=ALL_GUNS),
                     orders("b", STEADY, STEADY, assign=ALL_GUNS))
    with forced(4, 5, 1, 1, 1, 1, 1, 1, 1, 1, 1):
        moved, events = move(state)
    texts = said(events, "collision_damage")
    assert texts[0] == 'A takes 6 collision damage (2 for 12" combined speed + 4)'
    assert texts[1].startswith("B takes 3 collision damage (2 for 12\" combined speed + 5, "
                               "halved")
    assert moved.ship("a").chits == 4 and moved.ship("b").chits == 7
    assert moved.ship("b").x == pytest.approx(42.75, abs=0.01)  # stopped against a's side
    assert (moved.ship("a").x, moved.ship("a").y) == (40, 30)
    assert "struck in the side" in said(events, "collision")[0]


def test_a_ship_struck_in_the_stern_takes_full_damage() -> None:
    state = battle(entry("a", "p1", x=40, heading="E"), entry("b", "p2", x=30, heading="E"),
                   speeds={"a": 6, "b": 18})
    state = revealed(state, orders("a", STEADY, STEADY, assign=ALL_GUNS),
                     orders("b", STEADY, STEADY, assign=ALL_GUNS))
    # a: 24 ÷ 6 = 4 + 1 = 5 full; b: 4 + 1 = 5, halved to 2. Every save fails.
    with forced(1, 1, *(1,) * 7):
        moved, events = move(state)
    assert moved.ship("a").chits == 5 and moved.ship("b").chits == 8
    assert "struck on her stern" in said(events, "collision")[0]


def test_the_exploding_die_keeps_rolling_on_sixes() -> None:
    state = battle(entry("a", "p1", size=40, x=40, heading="E"),
                   entry("b", "p2", size=40, x=56, heading="W"), speeds={"a": 12, "b": 12})
    state = revealed(state, orders("a", STEADY, STEADY, assign=((GUNS, "human", 40),)),
                     orders("b", STEADY, STEADY, assign=((GUNS, "human", 40),)))
    # a: 6, 6, 1 = 13 + 4 = 17, halved 8; b: 5 + 4 = 9, halved 4; every save made.
    with forced(6, 6, 1, 5, *(6,) * 12):
        moved, events = move(state)
    assert said(events, "collision_damage")[0].startswith("A takes 8 collision damage")
    assert moved.ship("a").chits == 40


def test_armour_saves_apply_against_the_ships_armour() -> None:
    """A Dwarf (armour 4) saves on 4+; a Human (armour 5) needs 5+: the same dice differ."""
    state = battle(entry("d", "p1", race="dwarf", x=40, heading="E"),
                   entry("h", "p2", x=52, heading="W"), speeds={"d": 6, "h": 6})
    state = revealed(state, orders("d", STEADY, STEADY, assign=((GUNS, "dwarf", 10),)),
                     orders("h", STEADY, STEADY, assign=ALL_GUNS))
    # each: 12 ÷ 6 = 2 + 4 = 6, halved 3; saves 4, 4, 1 for each.
    with forced(4, 4, 4, 4, 1, 4, 4, 1):
        moved, _ = move(state)
    assert moved.ship("d").chits == 9  # two 4s saved
    assert moved.ship("h").chits == 7  # nothing saved on a 4


def test_a_creature_ramming_with_the_front() -> None:
    """The dragon's ram does D6 + its chits to the ship it strikes, a 6 setting a fire; the
    creature ship takes the ordinary collision damage, halved, on the dragon."""
    state = battle(entry("drake", "p1", race="dark_elf", size=10, crew={"dark_elf": 5},
                         creature={"name": "Sea Dragon"}, x=50, heading="W"),
                   entry("h", "p2", size=30, x=40, heading="N"), speeds={"drake": 12, "h": 0})
    state = revealed(state, orders("drake", STEADY, STEADY, STEADY,
                                   assign=((GUNS, "dark_elf", 5),)),
                     orders("h", STEADY, STEADY, assign=((GUNS, "human", 30),)))
    # drake: 12 ÷ 6 = 2 + 3 = 5, halved 2; the ram: 6 + 5 chits = 11 and a fire.
    # saves: the dragon's 2 (armour 6), then h's 11 (armour 5).
    with forced(3, 6, 1, 6, *(1,) * 11):
        moved, events = move(state)
    drake, h = moved.ship("drake"), moved.ship("h")
    assert said(events, "ram") == ["Drake's Sea Dragon rams H for 11 damage (6 + 5 chits)"]
    assert h.fires == 1
    assert h.chits == 19
    assert drake.creature is not None and drake.creature.chits == 4  # one saved on a 6
    assert drake.chits == 5  # the crew untouched
    assert drake.damage_done == 11


# --- grapples ----------------------------------------------------------------------------------

def test_ships_that_touch_are_bound_by_a_ship_with_boarders() -> None:
    state = battle(entry("a", "p1", x=40, heading="E"), entry("b", "p2", x=52, heading="W"),
                   speeds={"a": 12, "b": 12})
    state = revealed(state, orders("a", STEADY, STEADY, assign=((BOARDING, "human", 2),
                                                                (GUNS, "human", 8))),
                     orders("b", STEADY, STEADY, assign=ALL_GUNS))
    with forced(1, 1, *(6,) * 4):
        moved, events = move(state)
    assert moved.ship("a").bound_to == ("b",) and moved.ship("b").bound_to == ("a",)
    assert said(events, "grappled") == ["A throws grapples onto B: the ships are bound "
                                        "together"]


def test_no_grapple_without_boarders_who_want_one() -> None:
    state = battle(entry("a", "p1", x=40, heading="E"), entry("b", "p2", x=52, heading="W"),
                   speeds={"a": 12, "b": 12})
    state = revealed(state, orders("a", STEADY, STEADY, grapple=False,
                                   assign=((BOARDING, "human", 2), (GUNS, "human", 8))),
                     orders("b", STEADY, STEADY, assign=ALL_GUNS))
    with forced(1, 1, *(6,) * 4):
        moved, events = move(state)
    assert moved.ship("a").bound_to == () and not said(events, "grappled")


def test_friends_collide_but_neither_grapples_nor_scores() -> None:
    state = battle(entry("a", "p1", x=40, heading="E"), entry("b", "p1", x=52, heading="W"),
                   entry("enemy", "p2", y=10), speeds={"a": 12, "b": 12})
    boarders = ((BOARDING, "human", 2), (GUNS, "human", 8))
    state = revealed(state, orders("a", STEADY, STEADY, assign=boarders),
                     orders("b", STEADY, STEADY, assign=boarders),
                     orders("enemy", STEADY, STEADY, assign=ALL_GUNS))
    with forced(1, 1, 1, 1, 1, 1):  # each (4 + 1) halved = 2, no saves
        moved, events = move(state)
    a, b = moved.ship("a"), moved.ship("b")
    assert a.chits == 8 and b.chits == 8
    assert a.bound_to == () and not said(events, "grappled")
    assert a.damage_done == 0 and b.damage_done == 0


def bound(state: NavalState) -> NavalState:
    state = state.with_ship(replace(state.ship("a"), bound_to=("b",)))
    return state.with_ship(replace(state.ship("b"), bound_to=("a",)))


def test_bound_ships_do_not_move() -> None:
    state = bound(battle(entry("a", "p1", x=40, heading="N"),
                         entry("b", "p2", x=42.5, heading="N"), speeds={"a": 12, "b": 12}))
    state = revealed(state, orders("a", PORT, STEADY, assign=ALL_GUNS),
                     orders("b", STEADY, STEADY, assign=ALL_GUNS))
    moved, events = move(state)
    assert (moved.ship("a").x, moved.ship("a").y, moved.ship("a").heading) == (40, 30, 0)
    assert (moved.ship("b").x, moved.ship("b").y) == (42.5, 30)
    assert said(events, "held") == ["A is grappled to B and does not move",
                                    "B is grappled to A and does not move"]
    assert not rolls(events)


def test_cutting_loose_needs_a_won_round() -> None:
    state = bound(battle(entry("a", "p1", x=40, heading="N"),
                         entry("b", "p2", x=42.5, heading="N"), speeds={"a": 12, "b": 0}))
    sheets = (orders("a", STEADY, STEADY, cut_loose=True, assign=ALL_GUNS),
              orders("b", STEADY, STEADY, assign=ALL_GUNS))
    refused, events = move(revealed(state, *sheets))
    assert refused.ship("a").bound_to == ("b",) and refused.ship("a").y == 30
    assert said(events, "cut_loose_refused")
    won = state.with_ship(replace(state.ship("a"), boarding_won=True))
    free, events = move(revealed(won, *sheets))
    assert free.ship("a").bound_to == () and free.ship("b").bound_to == ()
    assert free.ship("a").y == 18
    assert said(events, "cut_loose") == ["A cuts loose from B"]


# --- the table's edge --------------------------------------------------------------------------

def test_a_ship_wholly_off_the_table_has_left_it() -> None:
    state = battle(entry("a", "p1", x=86, y=20, heading="E"),
                   entry("b", "p2", x=85, y=40, heading="E"), speeds={"a": 12, "b": 10})
    state = revealed(state, orders("a", STEADY, STEADY, assign=ALL_GUNS),
                     orders("b", STEADY, STEADY, assign=ALL_GUNS))
    moved, events = move(state)
    assert moved.ship("a").gone == "left the table"
    assert moved.ship("b").gone == ""  # her stern still at 93", on the table
    assert said(events, "left") == ["A has left the table"]
    assert any(e.big for e in events if isinstance(e, Happened) and e.kind == "left")


# --- simultaneous movement ---------------------------------------------------------------------

def test_ships_crossing_paths_collide_where_they_meet() -> None:
    """a sails north up x = 27.5, b east along y = 30, both at 12"/turn. a's bow reaches b's
    line after 10.25"; b has sailed 10.25" too, and a's bow strikes b's starboard side."""
    state = battle(entry("a", "p1", x=27.5, y=43, heading="N"),
                   entry("b", "p2", x=18, y=30, heading="E"), speeds={"a": 12, "b": 12})
    state = revealed(state, orders("a", STEADY, STEADY, assign=ALL_GUNS),
                     orders("b", STEADY, STEADY, assign=ALL_GUNS))
    with forced(1, 1, *(6,) * 7):  # a: (4 + 1) halved = 2, b: 4 + 1 = 5; all saved
        moved, events = move(state)
    a, b = moved.ship("a"), moved.ship("b")
    assert a.y == pytest.approx(32.75, abs=0.01)
    assert b.x == pytest.approx(28.25, abs=0.01)
    assert said(events, "collision") == [
        "A and B collide (A strikes with her bow, B is struck in the side)"]


def test_a_ship_that_sails_out_of_the_way_in_time_is_not_hit() -> None:
    """a lies across b's course, 9.25" ahead of b's bow: at 12"/turn she is well clear by the
    time b gets there; at 1"/turn she is not."""
    ships = (entry("a", "p1", x=30, y=30, heading="N"),
             entry("b", "p2", x=18, y=30, heading="E"))
    sheets = (orders("a", STEADY, STEADY, assign=ALL_GUNS),
              orders("b", STEADY, STEADY, assign=ALL_GUNS))
    clear, events = move(revealed(battle(*ships, speeds={"a": 12, "b": 12}), *sheets))
    assert not said(events, "collision") and not rolls(events)
    assert (clear.ship("a").y, clear.ship("b").x) == (18, 30)
    slow = revealed(battle(*ships, speeds={"a": 1, "b": 12}), *sheets)
    with forced(1, 1, *(6,) * 4):
        hit, events = move(slow)
    assert said(events, "collision")
    assert hit.ship("b").x < 30


def test_a_turn_comes_before_its_share_of_the_move() -> None:
    """Reading A27: the turn first, then the share on the new heading. Heading north and
    turning to starboard first, she sails both 6" shares north-east."""
    state = battle(entry("a", "p1", x=40, y=30, heading="N"), entry("b", "p2", y=10),
                   speeds={"a": 12})
    sheet = orders("a", STARBOARD, STEADY, assign=((MANEUVERS, "human", 1),
                                                    (GUNS, "human", 9)))
    ship = replace(state.ship("a"), stations=sheet.assign)
    r = 0.5 ** 0.5
    expected = ((40, 30, 0), (40 + 6 * r, 30 - 6 * r, 1), (40 + 12 * r, 30 - 12 * r, 1))
    assert movement.track(ship, sheet) == tuple(
        (pytest.approx(x, abs=1e-4), pytest.approx(y, abs=1e-4), h) for x, y, h in expected)


def test_ships_clear_of_each_other_and_the_edges_end_where_the_steps_would_take_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Moving Together: the shortcut for ships that cannot meet (``_all_clear``) leaves every
    ship, event and die exactly as stepping the move would, over random battles."""
    import random

    from ahoy_tui.engine import Game, apply, legal_actions

    real, taken = movement._all_clear, []

    def counted(*args: Any) -> bool:
        taken.append(real(*args))
        return taken[-1]

    monkeypatch.setattr(movement, "_all_clear", counted)
    for seed in range(6):
        game = Game.new("naval-battle", ("duel", "dragon", "doomdivers")[seed % 3], seed=seed)
        state, chooser = game.state, random.Random(seed)
        while not state.over and state.turn <= 6:
            legal = legal_actions(state)
            action = legal[chooser.randrange(len(legal))]
            fast, fast_events = apply(state, action, legal=legal)
            with monkeypatch.context() as m:
                m.setattr(movement, "_all_clear", lambda *_: False)
                stepped, stepped_events = apply(state, action, legal=legal)
            assert fast == stepped
            assert [e.describe() for e in fast_events] == [e.describe() for e in stepped_events]
            state = fast
    assert True in taken and False in taken  # both ways were compared
