"""The Boarding Phase (boarding.py): the Boarding Actions chart, marines, race modifiers, the
multi-ship melee, and the record of who won for the next round.

Dice come in the order of the ships on the table: each ship's boarders, then the saves of the
ship they hit.
"""

from __future__ import annotations

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.events import DiceRoll, Event
from ahoy_tui.rules.naval_battle import boarding
from ahoy_tui.rules.naval_battle.model import BOARDING, SPEED, NavalState, Ship

from .combat_helpers import battle, cup, lost, said, ship


def board(*ships: Ship) -> tuple[NavalState, NavalState, list[Event]]:
    state = battle(*ships)
    dice, events = cup()
    return state, boarding.resolve(state, dice, events), events


def pair(a_kw: dict[str, object], b_kw: dict[str, object]) -> tuple[Ship, Ship]:
    a = ship("anne", "p1", bound_to=("bess",), **a_kw)  # type: ignore[arg-type]
    b = ship("bess", "p2", x=5, bound_to=("anne",), **b_kw)  # type: ignore[arg-type]
    return a, b


def test_first_round_is_even_or_losing_for_both():
    """Nobody did damage in a previous round: to hit 5, the defender's save at -1."""
    a, b = pair({"stations": ((BOARDING, "human", 3),)},
                {"stations": ((BOARDING, "human", 3), (SPEED, "human", 2))})
    with forced(5, 4, 6, 5, 6, 1, 2, 3):  # Anne: 2 hits; Bess saves on 6 only (5-1 fails)
        before, after, events = board(a, b)
    assert lost(before, after, "bess") == 1
    assert lost(before, after, "anne") == 0
    assert after.ship("anne").boarding_damage == 1 and after.ship("anne").boarding_won
    assert after.ship("bess").boarding_damage == 0 and not after.ship("bess").boarding_won
    assert "Anne wins the round of boarding (1 to 0): she may cut loose" in said(events)


def test_winning_side_hits_on_4_and_saves_against_it_are_at_minus_2():
    a, b = pair({"stations": ((BOARDING, "human", 2),), "boarding_damage": 2},
                {"stations": ((BOARDING, "human", 2),), "boarding_damage": 1})
    # Anne (winning): 4, 4 both hit; armour 5 at -2 cannot be saved, no dice.
    # Bess (even or losing): 4 misses, 5 hits; Anne saves at -1 with a 6.
    with forced(4, 4, 4, 5, 6):
        before, after, events = board(a, b)
    assert lost(before, after, "bess") == 2
    assert lost(before, after, "anne") == 0
    saves = [e for e in events if isinstance(e, DiceRoll) and "armour save" in e.purpose]
    assert [s.ship for s in saves] == ["anne"]


def test_marines_roll_two_dice_each():
    a, b = pair({"stations": ((BOARDING, "marine", 2),)},
                {"stations": ((SPEED, "human", 6),), "armour": 7})
    with forced(5, 5, 5, 1):
        before, after, events = board(a, b)
    [roll] = [e for e in events if isinstance(e, DiceRoll)]
    assert roll.dice == "4D6"
    assert lost(before, after, "bess") == 3
    assert "Bess has no one on Boarding" in said(events)


def test_dwarves_minus_one_to_hit_and_plus_one_to_their_boarding_saves():
    a, b = pair({"stations": ((BOARDING, "human", 2),)},
                {"race": "dwarf", "stations": ((BOARDING, "dwarf", 2),)})
    # Anne: 5, 5 hit; the Dwarves (armour 4) save at -1 +1: a 4 saves, a 3 fails.
    # Dwarves: 5 - 1 misses, 6 - 1 hits; Anne fails her save with a 1.
    with forced(5, 5, 4, 3, 5, 6, 1):
        before, after, _ = board(a, b)
    assert lost(before, after, "bess") == 1
    assert lost(before, after, "anne") == 1
    assert not after.ship("anne").boarding_won and not after.ship("bess").boarding_won


def test_orcs_plus_one_in_boarding():
    a, b = pair({"race": "orc", "stations": ((BOARDING, "orc", 2),)},
                {"stations": ((SPEED, "human", 4),), "armour": 7})
    with forced(4, 3):
        before, after, _ = board(a, b)
    assert lost(before, after, "bess") == 1


def test_more_than_two_ships_engaged_everyone_counts_as_winning():
    a = ship("anne", "p1", bound_to=("bess", "cora"), stations=((BOARDING, "human", 3),))
    b = ship("bess", "p2", x=5, bound_to=("anne",), armour=7,
             stations=((BOARDING, "human", 1), (SPEED, "human", 3)))
    c = ship("cora", "p2", x=-5, bound_to=("anne",), armour=7,
             stations=((BOARDING, "human", 1), (SPEED, "human", 3)))
    # Anne 4, 4, 4: three hits (4+), dealt out Bess, Cora, Bess; no save for armour 7.
    # Bess 4 hits: Anne's armour 5 at -2 cannot save; Cora 3 misses.
    with forced(4, 4, 4, 4, 3):
        before, after, events = board(a, b, c)
    assert lost(before, after, "bess") == 2
    assert lost(before, after, "cora") == 1
    assert lost(before, after, "anne") == 1
    assert "everyone counts as winning" in said(events)
    assert after.ship("anne").boarding_won


def test_casualties_come_off_after_both_sides_have_rolled():
    a, b = pair({"stations": ((BOARDING, "human", 1),), "armour": 7},
                {"stations": ((BOARDING, "human", 1),), "armour": 7})
    with forced(6, 6):  # each kills the other's only boarder; both strike
        _, after, _ = board(a, b)
    assert after.ship("anne").gone and after.ship("bess").gone
    assert after.ship("anne").damage_done == 1 and after.ship("bess").damage_done == 1


def test_ships_no_longer_grappled_forget_the_last_round():
    a = ship("anne", "p1", stations=((BOARDING, "human", 2),), boarding_damage=3)
    _, after, events = board(a, ship("bess", "p2", stations=((SPEED, "human", 2),)))
    assert after.ship("anne").boarding_damage == 0
    assert [e for e in events if isinstance(e, DiceRoll)] == []
