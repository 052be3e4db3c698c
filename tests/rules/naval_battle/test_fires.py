"""The End Phase (fires.py): fire stations team up on the fires, the Fire Stations chart with
race modifiers, Cabin Boys and Sailors, and Fire Damage with no armour save."""

from __future__ import annotations

import pytest

from ahoy_tui.engine.dice import forced
from ahoy_tui.engine.events import DiceRoll, Event
from ahoy_tui.engine.fast import replace
from ahoy_tui.engine.orders import Sealed
from ahoy_tui.rules.naval_battle import fires
from ahoy_tui.rules.naval_battle.model import (
    BOARDING,
    FIRE,
    MANEUVERS,
    SPEED,
    NavalState,
    ShipOrders,
    SideOrders,
)

from .combat_helpers import battle, cup, lost, said, ship


def burning(stations: tuple[tuple[str, str, int], ...], blaze: int, team: int = 1,
            race: str = "human") -> NavalState:
    """A ship on fire with these crew assignments, her sheet asking for teams of ``team``."""
    crew = (*stations, (BOARDING, race, 10))
    state = battle(ship("hulk", race=race, stations=crew, fires=blaze),
                   ship("other", "p2", x=30, stations=((BOARDING, "human", 5),)))
    orders = ShipOrders("hulk", crew, ("steady",) * 2, fire_team=team)
    return replace(state, orders=Sealed().seal("p1", SideOrders((orders,))))


def end_phase(state: NavalState) -> tuple[NavalState, list[Event]]:
    dice, events = cup()
    return fires.resolve(state, dice, events), events


def needs(events: list[Event]) -> list[str]:
    return [e.need for e in events if isinstance(e, DiceRoll)]


@pytest.mark.parametrize(("team", "need"), [(1, "6+"), (2, "5+"), (3, "4+"), (4, "3+"),
                                            (5, "2+"), (6, "1+")])
def test_fire_stations_chart_by_team_size(team, need):
    state = burning(((FIRE, "human", team),), blaze=1, team=team)
    with forced(int(need[0])):
        after, events = end_phase(state)
    assert needs(events) == [need]
    assert after.ship("hulk").fires == 0
    assert lost(state, after, "hulk") == 0


def test_a_team_that_misses_leaves_the_fire_to_do_its_damage():
    state = burning(((FIRE, "human", 3),), blaze=1, team=3)
    with forced(3):
        after, events = end_phase(state)
    assert after.ship("hulk").fires == 1  # fires burn on next turn
    assert lost(state, after, "hulk") == 1
    assert "1 still burning" in said(events)


def test_seven_or_more_chits_on_one_fire_are_still_1_plus():
    state = burning(((FIRE, "human", 8),), blaze=1, team=8)
    with forced(1):
        after, _ = end_phase(state)
    assert after.ship("hulk").fires == 0


def test_orcs_minus_one_cannot_put_out_a_fire_alone():
    state = burning(((FIRE, "orc", 2),), blaze=2, team=1, race="orc")
    with forced():
        after, events = end_phase(state)
    assert needs(events) == []
    assert "cannot put a fire out" in said(events)
    assert after.ship("hulk").fires == 2 and lost(state, after, "hulk") == 2


@pytest.mark.parametrize(("face", "out"), [(5, False), (6, True)])
def test_orcs_minus_one_in_a_team_of_two(face, out):
    state = burning(((FIRE, "orc", 2),), blaze=1, team=2, race="orc")
    with forced(face):
        after, events = end_phase(state)
    assert needs(events) == ["5+ (−1)"]
    assert after.ship("hulk").fires == (0 if out else 1)


def test_a_cabin_boy_counts_as_two_crew():
    state = burning(((FIRE, "cabin_boy", 1),), blaze=1, team=1)
    with forced(5):
        after, events = end_phase(state)
    assert needs(events) == ["5+"]
    assert after.ship("hulk").fires == 0


def test_sailors_on_speed_and_maneuvers_also_man_the_fire_stations():
    state = burning(((SPEED, "sailor", 1), (MANEUVERS, "sailor", 1)), blaze=1, team=2)
    with forced(5):
        after, events = end_phase(state)
    assert needs(events) == ["5+"]
    assert after.ship("hulk").fires == 0


def test_one_team_to_a_fire_and_the_last_team_may_be_smaller():
    state = burning(((FIRE, "human", 5),), blaze=3, team=2)
    with forced(5, 4, 6):  # teams of 2, 2 and 1: 5+, 5+, 6
        after, events = end_phase(state)
    assert needs(events) == ["5+", "5+", "6+"]
    assert after.ship("hulk").fires == 1
    assert lost(state, after, "hulk") == 1


def test_no_more_teams_than_fires():
    state = burning(((FIRE, "human", 4),), blaze=2, team=1)
    with forced(6, 6):
        after, events = end_phase(state)
    assert needs(events) == ["6+", "6+"]
    assert after.ship("hulk").fires == 0


def test_fire_damage_has_no_armour_save_and_scores_for_nobody():
    state = burning((), blaze=3)
    with forced():
        after, events = end_phase(state)
    assert [e for e in events if isinstance(e, DiceRoll)] == []
    assert lost(state, after, "hulk") == 3
    assert after.ship("hulk").fires == 3
    assert after.ship("other").damage_done == 0
    assert "Fire does 3 damage aboard Hulk (no armour save)" in said(events)


def test_a_ship_without_orders_fights_fires_one_chit_at_a_time():
    state = battle(ship("hulk", stations=((FIRE, "human", 2),), fires=1))
    with forced(6):
        after, events = end_phase(state)
    assert needs(events) == ["6+"]
    assert after.ship("hulk").fires == 0


def test_the_table_counts_one_fire_as_a_fire_and_two_as_fires():
    from ahoy_tui.rules.naval_battle.prompt import table_text

    one = burning((("s1", "Human", 4),), blaze=1)
    two = burning((("s1", "Human", 4),), blaze=2)
    assert ", 1 fire" in table_text(one) and ", 1 fires" not in table_text(one)
    assert ", 2 fires" in table_text(two)
